"""Sea Salt & Paper's heuristic bot (seasalt.ssp.strategy.planner): what it counts as
unseen (R5, seasalt.ssp.strategy.hidden), its LAST CHANCE bet (R6.2) on constructed
rounds, its draw and keep steps (R4.1), legal play with both expansions, and its edge
over the greedy policy."""

from __future__ import annotations

import random

import pytest

from seasalt.bots import HeuristicBot, make_bot
from seasalt.cli.arena import run_arena
from seasalt.core.registry import load_game
from seasalt.ssp import state as st
from seasalt.ssp.actions import LAST_CHANCE, STOP, ActionKind
from seasalt.ssp.cards import BASE_DECK
from seasalt.ssp.state import Phase
from seasalt.ssp.strategy import hidden, planner
from seasalt.ssp.view import view
from tests.ssp.conftest import ids, make_state

GAME = load_game("sea-salt-and-paper")
CAPTAIN_HAND = ("captain:light-orange", "sailor:pink", "sailor:orange")  # 5 + 6 = 11 points


def end_choice(s: st.State, seed: int = 0) -> ActionKind:
    legal = st.legal_actions(s)
    assert STOP in legal and LAST_CHANCE in legal
    return planner.plan(view(s, s.current), legal, random.Random(seed)).kind


class TestUnseen:
    def test_what_the_seat_saw_is_not_unseen(self) -> None:
        hand = ids("crab:dark-blue", "shell:black")
        front = ids("fish:black", "fish:dark-blue")
        pile = ids("octopus:green", "penguin:pink")
        s = make_state(hands=[hand, []], fronts=[[], front], piles=(pile, ()))
        unseen = hidden.unseen_cards(view(s, 0))
        assert not set(unseen) & {*hand, *front, *pile}
        assert len(unseen) == len(BASE_DECK) - 6
        assert hidden.kind_counts(unseen)[0] == 8  # nine Crabs, one in hand

    def test_a_card_known_in_an_opponents_hand_is_not_unseen(self) -> None:
        taken = ids("mermaid:white")
        s = make_state(hands=[[], taken])
        s.known[0][1] = list(taken)
        assert taken[0] not in hidden.unseen_cards(view(s, 0))


def values(s: st.State, seed: int = 0) -> dict[str, float]:
    return planner._Reader(view(s, s.current), random.Random(seed)).end_values()


#: Nine card points and no pair in hand: two Mermaids (white 2, then a colour of 1),
#: two Shells, two Octopuses, a Penguin.
MERMAID_HAND = ("mermaid:white", "mermaid:white", "shell:dark-blue", "shell:black",
                "octopus:yellow", "octopus:green", "penguin:purple")


class TestTheBet:
    def test_the_bet_beats_stop_with_a_big_lead_over_hidden_hands(self) -> None:
        # 11 card points against two hidden cards and nothing in front
        s = make_state(hands=[ids(*CAPTAIN_HAND), ids("shell:grey", "crab:grey")],
                       phase=Phase.PLAY)
        for seed in range(3):
            v = values(s, seed)
            assert v["last"] > v["stop"], v

    def test_near_the_target_it_ends_the_round(self) -> None:
        s = make_state(hands=[ids(*CAPTAIN_HAND), ids("shell:grey", "crab:grey")],
                       phase=Phase.PLAY, scores=[33, 0])
        assert end_choice(s) in (ActionKind.STOP, ActionKind.LAST_CHANCE)

    def test_no_last_chance_against_visibly_more_points(self) -> None:
        # the opponent shows 4 duos in front and holds a Captain and two Sailors it
        # took from the discard piles: 4 + 11 = 15 card points against 9
        theirs = ids(*CAPTAIN_HAND)
        front = ids("fish:black", "fish:black", "crab:black", "crab:green",
                    "boat:yellow", "boat:yellow", "fish:yellow", "fish:green")
        s = make_state(hands=[ids(*MERMAID_HAND), theirs], fronts=[[], front],
                       phase=Phase.PLAY)
        s.known[0][1] = list(theirs)
        assert view(s, 0).points == 9
        for seed in range(3):
            v = values(s, seed)
            assert v["last"] < v["stop"], v
            assert end_choice(s, seed) != ActionKind.LAST_CHANCE


class TestCards:
    def test_takes_a_discard_that_makes_points(self) -> None:
        s = make_state(hands=[ids("sailor:pink"), []], piles=(ids("sailor:orange"), ()))
        a = planner.plan(view(s, 0), st.legal_actions(s), random.Random(0))
        assert (a.kind, a.a) == (ActionKind.TAKE, 1)

    def test_keeps_the_better_card_and_covers_the_top_the_next_seat_wants(self) -> None:
        # the next seat took a Sailor: the other Sailor on top of pile 2 is theirs to
        # take unless covered
        theirs = ids("sailor:pink")
        s = make_state(hands=[ids("octopus:green"), theirs],
                       piles=(ids("shell:grey"), ids("sailor:orange")),
                       drawn=ids("octopus:yellow", "penguin:purple"), phase=Phase.KEEP)
        s.known[0][1] = list(theirs)
        a = planner.plan(view(s, 0), st.legal_actions(s), random.Random(0))
        assert a.kind == ActionKind.KEEP and a.a == ids("octopus:yellow")[0] and a.b == 2


class TestPlay:
    @pytest.mark.parametrize("options", [None, {"extra_salt": True, "extra_pepper": True}])
    def test_whole_games_with_both_expansions(self, options: dict | None) -> None:
        result = run_arena(["heuristic", "greedy", "expert:iterations=4"], 3, seed=5,
                           options=options)
        assert sum(s.wins for s in result.seats) == pytest.approx(3)

    def test_the_bot_and_its_spec(self) -> None:
        bot = make_bot("heuristic", GAME, 3)
        assert isinstance(bot, HeuristicBot)
        # Fruits de mer has a planner too: its Medium's mixed strategy
        assert isinstance(make_bot("heuristic", load_game("fruits-de-mer"), 3), HeuristicBot)
        assert isinstance(make_bot("medium", GAME, 3), HeuristicBot)

    def test_beats_greedy_over_a_fixed_run(self) -> None:
        # deterministic (seeded games and bots); about 80 % over 1000 games
        result = run_arena(["heuristic", "greedy"], 60, seed=1)
        assert result.seats[0].wins > result.seats[1].wins
