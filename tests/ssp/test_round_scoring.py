"""The engine's pure round scorer and R10.2's functions: what the game's round end and
the score calculator both ask (docs/rules.md R2, R4.3, R6.1, R6.2, R7.1, R10.1, R10.2;
docs/rules-expansions.md B.3.6-B.3.9)."""

from __future__ import annotations

import random

import pytest

from seasalt.ssp.cards import BASE_DECK, Event, parse_cards
from seasalt.ssp.outcome import target_reached, target_winners, tie_break_step
from seasalt.ssp.pepper import end_threshold, ends_allowed, mermaids_to_win
from seasalt.ssp.round_end import score_round
from seasalt.ssp.scoring import breakdown, event_mask, score_round_cards
from seasalt.ssp.setup import target_for
from seasalt.ssp.state import Call
from tests.ssp.conftest import make_state

#: R7.1's LAST CHANCE example: caller 9 card points (bonus 3), A 9 (bonus 4), B 5 (2).
CALLER = ["octopus:light-blue", "octopus:yellow", "octopus:green", "shell:dark-blue",
          "shell:black", "crab:dark-blue", "crab:dark-blue"]
A9 = ["shell:light-blue", "shell:yellow", "shell:green", "shell:grey", "boat:black",
      "boat:black", "fish:light-blue", "fish:yellow", "crab:light-blue", "crab:light-blue"]
A10 = [*A9, "penguin:purple"]
B5 = ["sailor:pink", "sailor:orange", "crab:yellow", "boat:yellow"]


def hands_of(*hands: list[str]) -> list[list[int]]:
    ids = iter(parse_cards([c for h in hands for c in h]))
    return [[next(ids) for _c in h] for h in hands]


class TestR7_1WorkedExamples:
    def test_the_hands_are_as_the_example_says(self) -> None:
        caller, a9, b5 = (breakdown(h) for h in hands_of(CALLER, A9, B5))
        a10 = breakdown(hands_of(A10)[0])
        assert (caller.card_points, caller.colour_bonus) == (9, 3)
        assert (a9.card_points, a9.colour_bonus) == (9, 4)
        assert (a10.card_points, a10.colour_bonus) == (10, 4)
        assert (b5.card_points, b5.colour_bonus) == (5, 2)

    def test_r6_2_a_tie_wins_the_bet_12_4_2(self) -> None:
        hands = hands_of(CALLER, A9, B5)
        r = score_round_cards(hands, [[], [], []], "last-chance", 0)
        assert r.bet_won is True
        assert r.round_scores == (12, 4, 2)
        assert r.scores_cards == (True, False, False)
        assert r.scores_bonus == (True, True, True)

    def test_r6_2_a_better_opponent_loses_the_bet_3_10_5(self) -> None:
        hands = hands_of(CALLER, A10, B5)
        r = score_round_cards(hands, [[], [], []], "last-chance", 0)
        assert r.bet_won is False
        assert r.round_scores == (3, 10, 5)
        assert r.scores_cards == (False, True, True)
        assert r.scores_bonus == (True, False, False)

    def test_r6_1_stop_scores_card_points_without_bonus(self) -> None:
        r = score_round_cards(hands_of(CALLER, A10, B5), [[], [], []], "stop", 2)
        assert r.bet_won is None and r.caller == 2
        assert r.round_scores == (9, 10, 5)
        assert r.scores_bonus == (False, False, False)

    def test_the_caller_may_sit_anywhere(self) -> None:
        hands = hands_of(B5, A10, CALLER)
        r = score_round_cards(hands, [[], [], []], "last-chance", 1)
        assert r.bet_won is True and r.round_scores == (2, 14, 3)


class TestTheGameUsesTheSameScorer:
    @pytest.mark.parametrize("call", [Call.STOP, Call.LAST_CHANCE])
    def test_random_rounds_score_as_the_pure_function(self, call: Call) -> None:
        rng = random.Random(5)
        for _ in range(60):
            deck = list(BASE_DECK)
            rng.shuffle(deck)
            n = rng.randrange(2, 5)
            hands = [[deck.pop() for _k in range(rng.randrange(0, 9))] for _p in range(n)]
            s = make_state(n, hands=hands, call=call, current=0)
            s.caller = rng.randrange(n)
            hands, fronts = [list(h) for h in s.hands], [list(f) for f in s.fronts]
            expected = score_round_cards(hands, fronts,
                                         "stop" if call == Call.STOP else "last-chance",
                                         s.caller)
            score_round(s)
            assert [p["round_score"] for p in s.last_round["players"]] == list(
                expected.round_scores)
            assert s.last_round["bet_won"] == expected.bet_won
            assert s.last_round == expected.result(1, hands, fronts, s.scores,
                                                   [[] for _p in range(n)])


class TestRefusals:
    def test_bad_arguments_are_refused(self) -> None:
        with pytest.raises(ValueError):
            score_round_cards([[]], [[]], "stop", 0)
        with pytest.raises(ValueError):
            score_round_cards([[], []], [[]], "stop", 0)
        with pytest.raises(ValueError):
            score_round_cards([[], []], [[], []], "empty-draw-pile", 0)
        with pytest.raises(ValueError):
            score_round_cards([[], []], [[], []], "stop", 2)
        with pytest.raises(ValueError):
            score_round_cards([[], []], [[], []], "stop", True)  # type: ignore[arg-type]


class TestExtraPepperEvents:
    def test_b3_6_tornado_applies_per_seat(self) -> None:
        hands = hands_of(["mermaid:white", "crab:black"], ["mermaid:white", "crab:grey"])
        r = score_round_cards(hands, [[], []], "stop", 0,
                              [[Event.TORNADO], []])
        assert r.round_scores == (0, 1)


class TestR10_2:
    def test_r2_target_for(self) -> None:
        assert [target_for(n) for n in (2, 3, 4)] == [40, 35, 30]
        assert [target_for(n, True) for n in (2, 3, 4)] == [80, 70, 60]
        for bad in (1, 5, True):
            with pytest.raises(ValueError):
                target_for(bad)

    def test_target_reached(self) -> None:
        assert target_reached([40, 3], 40) and not target_reached([39, 38], 40)

    @pytest.mark.parametrize(("totals", "ender", "last", "winners", "how"), [
        ([41, 30], 1, [5, 5], (0,), None),
        ([40, 40], 1, [3, 9], (1,), "ender"),
        ([40, 40, 10], 2, [3, 9, 1], (1,), "last-round"),
        ([40, 40, 10], 2, [7, 7, 1], (0, 1), "shared"),
    ])
    def test_r10_2_tie_break(self, totals, ender, last, winners, how) -> None:
        assert target_winners(totals, ender, last) == winners
        assert tie_break_step(totals, ender, winners) == how

    def test_mismatched_lengths_are_refused(self) -> None:
        with pytest.raises(ValueError):
            target_winners([40, 40], 0, [1])


class TestCallsAndMermaids:
    def test_r4_3_and_b3_8_b3_9_ends_allowed(self) -> None:
        treasure = event_mask([Event.TREASURE_CHEST])
        diodon = event_mask([Event.DIODON_FISH])
        assert end_threshold(0) == 7 and end_threshold(treasure) == 10
        assert ends_allowed(6) == () and ends_allowed(7) == ("stop", "last-chance")
        assert ends_allowed(9, treasure) == () and ends_allowed(10, treasure) != ()
        assert ends_allowed(12, diodon) == ("last-chance",)

    def test_r10_1_and_b3_7_mermaids_to_win(self) -> None:
        assert mermaids_to_win(0) == 4
        assert mermaids_to_win(event_mask([Event.DANCE_OF_THE_MERMAIDS])) == 3
