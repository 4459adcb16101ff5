"""The race to the target at 3 and 4 seats (seasalt.ssp.strategy.race_multi), the
search's value of a round's end there, and the older valuation kept as a value model."""

from __future__ import annotations

import itertools
import math

import pytest

from seasalt.bots import make_bot
from seasalt.bots.expert import ExpertBot
from seasalt.ssp import state as st
from seasalt.ssp.game import GAME
from seasalt.ssp.strategy.heuristics import HEURISTICS
from seasalt.ssp.strategy.race_multi import (
    MAX_ROUNDS,
    ROUND_POINTS_BY_SEATS,
    race_chances,
    reach_table,
)
from seasalt.ssp.strategy.values import win_chances


class TestReachTable:
    def test_it_grows_with_the_rounds_and_the_total(self) -> None:
        for seats, target in ((3, 35), (4, 30)):
            table = reach_table(seats, target)
            assert len(table) == target and len(table[0]) == MAX_ROUNDS + 1
            for a in range(target):
                assert table[a][0] == 0.0
                assert all(x <= y + 1e-12 for x, y in zip(table[a], table[a][1:], strict=False))
                assert table[a][-1] == pytest.approx(1.0)
            for a in range(target - 1):
                assert table[a + 1][2] >= table[a][2] - 1e-12

    def test_refusals(self) -> None:
        with pytest.raises(ValueError, match="no round law for 5 seats"):
            reach_table(5, 30)
        with pytest.raises(ValueError, match="target must be at least 1"):
            reach_table(4, 0)

    def test_the_laws_are_round_points(self) -> None:
        for law in ROUND_POINTS_BY_SEATS.values():
            assert law and all(x >= 0 and n >= 3 for x, n in law)


class TestRaceChances:
    def test_equal_totals_are_even_and_the_chances_add_up(self) -> None:
        assert race_chances([10, 10, 10], 35) == pytest.approx([1 / 3] * 3)
        assert race_chances([5, 5, 5, 5], 30) == pytest.approx([0.25] * 4)
        p = race_chances([20, 5, 12, 27], 30)
        assert sum(p) == pytest.approx(1.0)
        assert p[3] > p[0] > p[2] > p[1]

    def test_a_reached_target_decides(self) -> None:
        assert race_chances([31, 28, 35, 2], 30) == [0.0, 0.0, 1.0, 0.0]
        assert race_chances([36, 36, 20], 35) == [0.5, 0.5, 0.0]

    def test_a_leader_about_to_win_is_ranked_above_a_larger_field(self) -> None:
        # 27 of 30 wins the next round or the one after most of the time: the
        # others' chances are far below what the softmax of the totals gives them
        race = race_chances([27, 15, 15, 15], 30)
        soft = win_chances([27, 15, 15, 15], 30)
        assert race[0] > 0.9 > 0.8 > soft[0]
        assert race_chances([27, 22, 22, 22], 30)[0] > win_chances([27, 22, 22, 22], 30)[0]
        # the same lead matters more near the target
        assert race_chances([27, 17, 17], 35)[0] > race_chances([15, 5, 5], 35)[0]

    def test_it_is_the_race_of_independent_seats(self) -> None:
        # brute force: each seat's round of arrival drawn from reach_table, every
        # combination of arrivals in the first 10 rounds enumerated (a later one is a
        # few thousandths), simultaneous arrivals sharing the win
        for scores, target in (([20, 12, 17], 35), ([20, 12, 17, 9], 30)):
            table = reach_table(len(scores), target)
            arrive = [[table[a][t] - table[a][t - 1] for t in range(1, 11)]
                      for a in scores]
            want = [0.0] * len(scores)
            for rounds in itertools.product(range(10), repeat=len(scores)):
                p = math.prod(arrive[i][t] for i, t in enumerate(rounds))
                first = [i for i, t in enumerate(rounds) if t == min(rounds)]
                for i in first:
                    want[i] += p / len(first)
            total = sum(want)
            assert race_chances(scores, target) == pytest.approx(
                [w / total for w in want], abs=2e-3)

    def test_the_seats_are_alike(self) -> None:
        p = race_chances([20, 12, 17, 9], 30)
        assert race_chances([9, 20, 17, 12], 30) == pytest.approx([p[3], p[0], p[2], p[1]])
        assert race_chances([12, 12, 30 - 1], 35)[:2] == pytest.approx(
            [race_chances([12, 12, 29], 35)[1]] * 2)

    def test_more_points_never_hurt(self) -> None:
        for a in range(0, 29, 4):
            assert (race_chances([a + 1, 12, 20, 8], 30)[0]
                    >= race_chances([a, 12, 20, 8], 30)[0] - 1e-12)


class TestEvaluate:
    def test_at_three_and_four_seats_it_is_the_race(self) -> None:
        for n, scores in ((3, [25, 12, 20]), (4, [27, 22, 22, 22])):
            s = st.new_game(n, 1, log=False)
            s.scores[:] = scores
            assert HEURISTICS.evaluate(s) == pytest.approx(race_chances(scores, s.target))

    def test_softmax_is_the_older_valuation(self) -> None:
        s = st.new_game(4, 1, log=False)
        s.scores[:] = [27, 22, 22, 22]
        assert HEURISTICS.value_models["softmax"](s) == pytest.approx(
            win_chances(s.scores, s.target))
        s2 = st.new_game(2, 1, log=False)
        s2.scores[:] = [25, 12]
        assert HEURISTICS.evaluate_softmax(s2) == HEURISTICS.evaluate(s2)


class TestValueSetting:
    def test_the_expert_values_with_the_model_asked_for(self) -> None:
        bot = make_bot("expert:value=softmax", GAME, 1)
        assert isinstance(bot, ExpertBot) and bot.value == "softmax"
        s = st.new_game(4, 3, log=False)
        view = GAME.view(s, s.current)
        search = bot.start(view, GAME.legal_actions(s))
        assert search._evaluate == HEURISTICS.evaluate_softmax

    def test_an_unknown_model_is_refused(self) -> None:
        with pytest.raises(ValueError, match="unknown value 'nope'"):
            make_bot("expert:value=nope", GAME, 1)
