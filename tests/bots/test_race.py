"""The race to the target heads-up (seasalt.ssp.strategy.race), the search's value of a
round's end."""

from __future__ import annotations

import pytest

from seasalt.ssp import state as st
from seasalt.ssp.strategy.heuristics import HEURISTICS
from seasalt.ssp.strategy.race import ROUND_OUTCOMES, race_chance, race_table

TARGET = 40


class TestRaceTable:
    def test_the_seats_chances_add_up_to_one(self) -> None:
        table = race_table(TARGET)
        for a in range(0, TARGET, 3):
            for b in range(0, TARGET, 3):
                assert table[a][b] + table[b][a] == pytest.approx(1.0)

    def test_equal_totals_are_even(self) -> None:
        table = race_table(TARGET)
        for a in range(TARGET):
            assert table[a][a] == pytest.approx(0.5)

    def test_more_points_never_hurt(self) -> None:
        table = race_table(TARGET)
        for a in range(TARGET - 1):
            for b in range(TARGET):
                assert table[a + 1][b] >= table[a][b] - 1e-12
                assert table[b][a + 1] <= table[b][a] + 1e-12

    def test_the_same_lead_is_surer_near_the_target(self) -> None:
        table = race_table(TARGET)
        assert table[30][20] > table[15][5] > 0.5
        assert table[39][0] > 0.99

    def test_a_double_target_has_its_own_table(self) -> None:
        assert len(race_table(80)) == 80
        assert race_table(80)[60][40] < race_table(TARGET)[30][10]

    def test_a_target_below_one_is_refused(self) -> None:
        with pytest.raises(ValueError, match="target must be at least 1"):
            race_table(0)

    def test_the_outcomes_are_heads_up_rounds(self) -> None:
        for fewer, more, rounds in ROUND_OUTCOMES:
            assert 0 <= fewer <= more and rounds >= 3


class TestRaceChance:
    def test_a_reached_target_decides(self) -> None:
        assert race_chance(41, 30, TARGET) == 1.0
        assert race_chance(30, 41, TARGET) == 0.0
        assert race_chance(42, 42, TARGET) == 0.5
        assert race_chance(45, 42, TARGET) == 1.0

    def test_below_the_target_it_is_the_table(self) -> None:
        assert race_chance(25, 12, TARGET) == race_table(TARGET)[25][12]


class TestEvaluate:
    def test_heads_up_it_is_the_race(self) -> None:
        s = st.new_game(2, 1, log=False)
        s.scores[:] = [25, 12]
        values = HEURISTICS.evaluate(s)
        assert values == pytest.approx([race_chance(25, 12, s.target),
                                        1.0 - race_chance(25, 12, s.target)])

    def test_with_more_seats_the_chances_still_add_up(self) -> None:
        s = st.new_game(3, 1, log=False)
        s.scores[:] = [25, 12, 20]
        values = HEURISTICS.evaluate(s)
        assert sum(values) == pytest.approx(1.0) and values[0] > values[2] > values[1]
