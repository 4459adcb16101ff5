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
from seasalt.ssp.actions import LAST_CHANCE, STOP, Action, ActionKind
from seasalt.ssp.cards import BASE_DECK
from seasalt.ssp.state import Phase
from seasalt.ssp.strategy import greedy, hidden, planner
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


def both_choices(s: st.State) -> tuple[Action, Action]:
    """(the planner's choice, the greedy policy's) at ``s``, for the seat to move."""
    legal = st.legal_actions(s)
    v = view(s, s.current)
    return planner.plan(v, legal, random.Random(0)), greedy.choose(v, legal, random.Random(0))


class TestTheDescription:
    """One constructed position per point of Medium's description (docs/bots.md), each
    one the greedy policy gets wrong (checked, so that the position tells)."""

    def test_memory_a_buried_card_is_remembered(self) -> None:
        # Shell or Octopus, both worth nothing yet: with the other four Octopuses
        # unseen the Octopus promises more (3 points a step); once they went onto
        # discard pile 1 (buried under a Crab, out of sight now) it promises nothing
        shell, octopus = ids("shell:black", "octopus:grey")
        others = ids("octopus:light-blue", "octopus:yellow", "octopus:green", "octopus:purple")
        for seen, expected in ((False, octopus), (True, shell)):
            s = make_state(piles=([*(others if seen else []), *ids("crab:black")],
                                  ids("crab:green")),
                           drawn=[shell, octopus], phase=Phase.KEEP)
            assert set(others) & set(hidden.unseen_cards(view(s, 0))) == (
                set() if seen else set(others))
            mine, naive = both_choices(s)
            assert mine.kind == ActionKind.KEEP and mine.a == expected, seen
        assert naive.a == octopus  # greedy keeps the Octopus whatever it has seen

    def test_potential_a_duo_card_over_an_empty_multiplier(self) -> None:
        # neither scores now; a lone Crab has eight partners still to come, each a
        # duo's point and a pick from a discard pile, the Lighthouse only Boats' +1
        crab, lighthouse = ids("crab:grey", "lighthouse:purple")
        s = make_state(piles=(ids("crab:black"), ids("fish:green")),
                       drawn=[crab, lighthouse], phase=Phase.KEEP)
        mine, naive = both_choices(s)
        assert mine.kind == ActionKind.KEEP and mine.a == crab
        assert naive.a == lighthouse

    def test_denial_keeps_the_sailor_the_next_seat_would_take(self) -> None:
        # a Penguin is a point now, but the Sailor would be the next seat's second
        # Sailor (5 points): close enough to keep it from them
        theirs = ids("sailor:pink")
        penguin, sailor = ids("penguin:purple", "sailor:orange")
        s = make_state(hands=[[], theirs], piles=(ids("shell:grey"), ids("crab:grey")),
                       drawn=[penguin, sailor], phase=Phase.KEEP)
        s.known[0][1] = list(theirs)
        mine, naive = both_choices(s)
        assert mine.kind == ActionKind.KEEP and mine.a == sailor
        assert naive.a == penguin

    def test_final_turn_draws_for_the_points_that_beat_the_caller(self) -> None:
        # the opponent called LAST CHANCE with 8 card points (three Octopuses, two duos
        # in front); this seat has 7 and either top makes 8, a tie that the caller
        # wins (R6.2): only a draw two can beat the bet
        caller = ids("octopus:light-blue", "octopus:yellow", "octopus:green")
        s = make_state(hands=[ids("mermaid:white", "shell:dark-blue", "shell:black",
                                  "shell:yellow", "shell:green"), caller],
                       fronts=[[], ids("fish:black", "fish:dark-blue", "boat:black",
                                       "boat:dark-blue")],
                       piles=(ids("penguin:purple"), ids("lighthouse:purple")),
                       call=st.Call.LAST_CHANCE, caller=1, revealed=[False, True])
        v = view(s, 0)
        assert (v.points, planner.final_target(v)) == (7, 8)
        mine, naive = both_choices(s)
        assert mine.kind == ActionKind.DRAW
        assert naive.kind == ActionKind.TAKE

    def test_no_final_target_outside_an_opponents_last_chance(self) -> None:
        s = make_state(call=st.Call.LAST_CHANCE, caller=0, revealed=[True, False])
        assert planner.final_target(view(s, 0)) is None
        assert planner.final_target(view(make_state(), 0)) is None

    def test_the_bet_last_chance_when_ahead_stop_or_go_on_when_not(self) -> None:
        # 11 card points against six hidden cards (a round well on): LAST CHANCE
        # (greedy STOPs); 9 against a visible 15: never LAST CHANCE (TestTheBet has
        # the values)
        six = ids("shell:grey", "crab:grey", "fish:green", "boat:black", "octopus:grey",
                  "penguin:purple")
        ahead = make_state(hands=[ids(*CAPTAIN_HAND), six], phase=Phase.PLAY)
        mine, naive = both_choices(ahead)
        assert (mine.kind, naive.kind) == (ActionKind.LAST_CHANCE, ActionKind.STOP)
        theirs = ids(*CAPTAIN_HAND)
        front = ids("fish:black", "fish:black", "crab:black", "crab:green",
                    "boat:yellow", "boat:yellow", "fish:yellow", "fish:green")
        behind = make_state(hands=[ids(*MERMAID_HAND), theirs], fronts=[[], front],
                            phase=Phase.PLAY)
        behind.known[0][1] = list(theirs)
        mine, _ = both_choices(behind)
        assert mine.kind in (ActionKind.STOP, ActionKind.END)

    def test_memory_a_crab_searches_the_pile_with_the_buried_card(self) -> None:
        # a Crab duo (R4.2): pile 1 shows a Penguin (a point), pile 2 a Lighthouse, but
        # the other Sailor went onto pile 2 earlier (5 points with the one in hand)
        s = make_state(hands=[ids("crab:dark-blue", "crab:light-blue", "sailor:pink"), []],
                       piles=(ids("penguin:purple"), ids("sailor:orange", "lighthouse:purple")),
                       phase=Phase.PLAY)
        mine, naive = both_choices(s)
        assert mine.kind == ActionKind.DUO and mine.c == 2
        assert naive.kind == ActionKind.DUO and naive.c == 1
