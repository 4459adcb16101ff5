"""Fruits de mer's Hard at 3-5 seats on the chance to win: the race from the totals
(:mod:`seasalt.fdm.strategy.race`) on hand-made totals and against every outcome of
the model, the round's payoffs (:mod:`seasalt.fdm.strategy.win_round`) against the
race after F5, and the equilibrium where a leader is near the end."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from seasalt.fdm.cards import BAIT_KINDS, PLAYER_KINDS, ROUNDS, Kind
from seasalt.fdm.resolve import resolve
from seasalt.fdm.strategy import policies, race, win_round
from seasalt.fdm.strategy.values import win_chances

FULL = (2, 1, 1, 1, 1, 1)
ONE_EACH = (1, 1, 1, 1, 1, 1)
WARDEN = PLAYER_KINDS.index(Kind.WARDEN)


def _enumerated(scores: list[int], rates: list[float], left: int) -> list[float]:
    """The model's win shares by every outcome of every round left (F6: ties share)."""
    n = len(scores)
    shares = [0.0] * n
    for outcome in itertools.product((0, 1), repeat=n * left):
        p = 1.0
        final = list(scores)
        for k, x in enumerate(outcome):
            j = k % n
            p *= rates[j] if x else 1 - rates[j]
            final[j] += x
        top = max(final)
        winners = [j for j in range(n) if final[j] == top]
        for j in winners:
            shares[j] += p / len(winners)
    return shares


class TestRace:
    def test_no_round_left_is_the_rule(self) -> None:
        assert race.race_values([2, 2, 1], [0.3] * 3, 0) == (0.5, 0.5, 0.0)
        assert race.race_values([3, 1, 0, 3], [0.3] * 4, 0) == (0.5, 0.0, 0.0, 0.5)

    def test_one_round_left_by_hand(self) -> None:
        # seat 0 one point ahead, every seat scores with chance 1/2: seat 0 wins
        # when it scores (1/2), else alone (1/8), tied with one seat (2/8 at 1/2)
        # or with both (1/8 at 1/3)
        values = race.race_values([1, 0, 0], [0.5] * 3, 1)
        assert values[0] == pytest.approx(0.5 + (1 + 0.5 + 0.5 + 1 / 3) / 8)
        assert values[1] == pytest.approx((0.5 + 1 / 3) / 8)
        assert values[2] == pytest.approx(values[1])

    def test_matches_every_outcome_of_the_model(self) -> None:
        rng = random.Random(4)
        for _ in range(25):
            n = rng.randint(2, 4)
            left = rng.randint(1, 3)
            scores = [rng.randint(0, 3) for _ in range(n)]
            rates = [rng.choice([0.0, 0.1, 0.265, 0.6]) for _ in range(n)]
            assert race.race_values(scores, rates, left) == pytest.approx(
                _enumerated(scores, rates, left), abs=1e-12)

    def test_only_the_differences_matter_and_shares_sum_to_one(self) -> None:
        a = race.race_values([5, 3, 2, 2], [0.2, 0.3, 0.25, 0.1], 4)
        b = race.race_values([3, 1, 0, 0], [0.2, 0.3, 0.25, 0.1], 4)
        assert a == b and sum(a) == pytest.approx(1)

    def test_a_seat_out_of_reach_cannot_win(self) -> None:
        assert race.race_values([5, 2, 0], [0.3] * 3, 2)[2] == 0.0
        assert race.race_values([5, 2, 0], [0.3] * 3, 2)[0] > 0.9

    def test_rates(self) -> None:
        assert race.seat_rate(FULL) == pytest.approx(0.265)
        assert race.seat_rate((0,) * 6) == 0.0
        assert race.seat_rate((0, 0, 0, 0, 1, 0)) < race.seat_rate((0, 0, 0, 0, 1, 1))

    def test_bad_arguments_are_refused(self) -> None:
        with pytest.raises(ValueError):
            race.race_values([1, 2], [0.2], 3)
        with pytest.raises(ValueError):
            race.race_values([1, 2], [0.2, 0.2], -1)


def _after(bait: Kind, hands: list[tuple[int, ...]], scores: list[int],
           plays: list[int]) -> tuple[list[int], list[float]]:
    """Scores and rates after the round, by the engine's own F5."""
    res = resolve(bait, [PLAYER_KINDS[c] for c in plays])
    new = [s + (j in res.scorers) for j, s in enumerate(scores)]
    left = [list(h) for h in hands]
    for seat, kind in res.removed:
        left[seat][PLAYER_KINDS.index(kind)] -= 1
    return new, [race.seat_rate(h) for h in left]


class TestRoundPayoffs:
    def test_last_round_is_the_win_share_of_the_final_scores(self) -> None:
        hands = [ONE_EACH] * 4
        scores = [3, 2, 2, 0]
        for plays in itertools.product(range(6), repeat=4):
            new, _ = _after(Kind.SHRIMP, hands, scores, list(plays))
            got = win_round.payoffs(Kind.SHRIMP, hands, scores, ROUNDS, list(plays))
            top = max(new)
            winners = [j for j in range(4) if new[j] == top]
            assert got == pytest.approx([1 / len(winners) if j in winners else 0.0
                                         for j in range(4)])

    def test_payoff_is_the_race_value_after_the_round(self) -> None:
        # no card lost: exactly the race from the new totals; one card lost: the
        # race with that seat's lower rate, to first order
        hands = [FULL, ONE_EACH, (1, 0, 1, 1, 1, 1)]
        scores = [2, 1, 0]
        worst = 0.0
        for bait in BAIT_KINDS:
            for plays in itertools.product(range(6), repeat=3):
                if not hands[2][plays[2]]:
                    continue
                new, rates = _after(bait, hands, scores, list(plays))
                exact = race.race_values(new, rates, ROUNDS - 6)
                got = win_round.payoffs(bait, hands, scores, 6, list(plays))
                lost = resolve(bait, [PLAYER_KINDS[c] for c in plays]).removed
                if not lost:
                    assert got == pytest.approx(exact, abs=1e-12)
                elif len({seat for seat, _ in lost}) == 1:
                    worst = max(worst, max(abs(a - b) for a, b in zip(got, exact,
                                                                       strict=True)))
        assert worst < 2e-3

    def test_rows_are_the_payoffs_of_every_combination(self) -> None:
        hands = [FULL, (1, 1, 0, 1, 1, 1), (0,) * 6, (1, 0, 1, 0, 1, 1)]
        scores = [1, 3, 0, 2]
        rows = win_round.payoff_rows(Kind.MACKEREL, hands, scores, 5, [0, 1, 3])
        kinds = {j: [c for c in range(6) if hands[j][c]] for j in (0, 1, 3)}
        for i in (0, 1, 3):
            others = [j for j in (0, 1, 3) if j != i]
            for a, mine in enumerate(kinds[i]):
                combos = list(itertools.product(*(kinds[j] for j in others)))
                assert len(rows[i][a]) == len(combos)
                for k, combo in enumerate(combos):
                    plays: list[int | None] = [None] * 4
                    plays[i] = mine
                    for j, c in zip(others, combo, strict=True):
                        plays[j] = c
                    got = win_round.payoffs(Kind.MACKEREL, hands, scores, 5, plays)
                    assert rows[i][a][k] == pytest.approx(got[i], abs=1e-12)


class TestWinEquilibrium:
    def test_distributions_over_the_hands(self) -> None:
        hands = [FULL, (1, 1, 0, 1, 1, 1), (2, 0, 1, 1, 0, 1), (0,) * 6, (0, 0, 0, 0, 0, 1)]
        eq = win_round.win_equilibrium(Kind.SHRIMP, hands, [2, 0, 1, 3, 1], 4, 30)
        for h, dist in zip(hands, eq, strict=True):
            if any(h):
                assert sum(dist) == pytest.approx(1)
            assert all(p == 0 for p, c in zip(dist, h, strict=True) if not c)
        assert eq[3] == (0.0,) * 6
        assert eq[4][WARDEN] == pytest.approx(1)

    def test_no_seat_gains_much_on_its_chance_to_win(self) -> None:
        hands = [FULL, (1, 1, 0, 1, 1, 1), (2, 0, 1, 1, 0, 1), (1, 1, 1, 0, 1, 1)]
        scores = [2, 3, 1, 2]
        eq = win_round.win_equilibrium(Kind.MACKEREL, hands, scores, 6)
        rows = win_round.payoff_rows(Kind.MACKEREL, hands, scores, 6, [0, 1, 2, 3])
        for i in range(4):
            others = [j for j in range(4) if j != i]
            probs = [math.prod(eq[j][c] for j, c in zip(others, combo, strict=True))
                     for combo in itertools.product(*([c for c in range(6) if hands[j][c]]
                                                      for j in others))]
            kinds = [c for c in range(6) if hands[i][c]]
            values = [sum(p * x for p, x in zip(probs, row, strict=True))
                      for row in rows[i]]
            played = sum(eq[i][c] * v for c, v in zip(kinds, values, strict=True))
            assert max(values) - played < 0.01

    def test_the_leader_guards_the_last_round(self) -> None:
        # before the last round, one point ahead of the only seat that can still
        # catch it: the leader loses only if that seat scores and it does not, so
        # its own point matters only then. It spawns less (a spawned card is
        # eaten) and plays the Warden more (never removed, it arrests the Fishers)
        # than in the first-order equilibrium, where its point was worth 1 whatever
        # the others scored; the seat behind it does not
        hands = [ONE_EACH] * 4
        scores = [4, 3, 1, 1]
        for bait in (Kind.SHRIMP, Kind.MACKEREL):
            spawn = PLAYER_KINDS.index(bait)
            new = win_round.win_equilibrium(bait, hands, scores, ROUNDS)
            standing = [round(w, 4) for w in win_chances(scores, hands, 1)]
            first = policies.round_equilibrium(bait, hands, ROUNDS,
                                               policies.HARD_ITERATIONS, standing)
            assert new[0][WARDEN] > first[0][WARDEN] + 0.1
            assert new[0][spawn] < first[0][spawn] - 0.1
            assert new[1][WARDEN] < new[0][WARDEN] - 0.1
            assert new[1][spawn] > new[0][spawn] + 0.1

    def test_hard_plays_it(self) -> None:
        hands = [FULL, ONE_EACH, (1, 0, 1, 1, 1, 1)]
        got = policies.hard_policy(Kind.SHRIMP, hands, 1, 3, [1, 2, 0])
        assert got == list(win_round.win_equilibrium(Kind.SHRIMP, hands, [1, 2, 0], 3)[1])
        assert policies.hard_policy(Kind.SHRIMP, hands, 1, 3) == list(
            win_round.win_equilibrium(Kind.SHRIMP, hands, [0, 0, 0], 3)[1])

    def test_deterministic(self) -> None:
        hands = [FULL, ONE_EACH, (1, 0, 1, 1, 1, 1), FULL]
        win_round._CACHE.clear()
        a = win_round.win_equilibrium(Kind.SEAWEED, hands, [0, 1, 2, 1], 5)
        win_round._CACHE.clear()
        assert win_round.win_equilibrium(Kind.SEAWEED, hands, [0, 1, 2, 1], 5) == a
