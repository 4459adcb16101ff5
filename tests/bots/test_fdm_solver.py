"""Fruits de mer's solved game and mixed levels: the matrix-game solver on known
games, the heads-up backward induction on a position solved by hand and against its
shipped table, the levels' mixed strategies at 3-5 seats, and bots that read only
public facts, are deterministic given a seed and mix their cards."""

from __future__ import annotations

import collections
import itertools
import random

import pytest

from seasalt.bots import make_bot
from seasalt.core.registry import load_game
from seasalt.fdm import state as st
from seasalt.fdm.cards import BAIT_KINDS, PLAYER_KINDS, Kind
from seasalt.fdm.resolve import resolve
from seasalt.fdm.strategy import duel, duel_table, policies
from seasalt.fdm.strategy.heuristics import HEURISTICS, duel_policy
from seasalt.fdm.strategy.matrix import guarantee, saddle, solve
from seasalt.fdm.strategy.values import card_costs
from seasalt.fdm.view import view

GAME = load_game("fruits-de-mer")
SEAWEED = BAIT_KINDS.index(Kind.SEAWEED)
#: Hands in PLAYER_KINDS order (Shrimp, Mackerel, Tuna, Shark, Fisher, Warden).
SHRIMP_WARDEN = (1, 0, 0, 0, 0, 1)
FISHER_WARDEN = (0, 0, 0, 0, 1, 1)


class TestMatrixGames:
    def test_matching_pennies(self) -> None:
        value, row, col = solve([[1, -1], [-1, 1]])
        assert value == pytest.approx(0)
        assert row == pytest.approx([0.5, 0.5]) and col == pytest.approx([0.5, 0.5])

    def test_rock_paper_scissors(self) -> None:
        value, row, col = solve([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])
        assert value == pytest.approx(0)
        assert row == pytest.approx([1 / 3] * 3) and col == pytest.approx([1 / 3] * 3)

    def test_a_dominated_strategy_is_never_played(self) -> None:
        # row 2 is worse than row 0 against every column
        matrix = [[3, -1], [-2, 1], [2, -2]]
        value, row, col = solve(matrix)
        assert row[2] == pytest.approx(0)
        assert value == pytest.approx(1 / 7)
        assert row[:2] == pytest.approx([3 / 7, 4 / 7]) and col == pytest.approx([2 / 7, 5 / 7])

    def test_saddle_point_is_pure(self) -> None:
        assert saddle([[1, 2], [0, 0]]) == (0, 0)
        assert solve([[1, 2], [0, 0]]) == (1, [1.0, 0.0], [1.0, 0.0])
        assert saddle([[1, -1], [-1, 1]]) is None

    def test_random_games_are_solved_exactly(self) -> None:
        rng = random.Random(1)
        for _ in range(300):
            m, n = rng.randint(1, 6), rng.randint(1, 6)
            matrix = [[rng.choice([0.0, 0.5, 1.0, rng.random()]) for _ in range(n)]
                      for _ in range(m)]
            value, row, col = solve(matrix)
            assert guarantee(matrix, row, col) < 1e-9
            assert sum(row) == pytest.approx(1) and sum(col) == pytest.approx(1)

    def test_bad_matrices_are_refused(self) -> None:
        with pytest.raises(ValueError):
            solve([])
        with pytest.raises(ValueError):
            solve([[1, 2], [3]])


class TestBackwardInduction:
    def test_last_round_solved_by_hand(self) -> None:
        # Seaweed bait, last round, level: A holds Shrimp and Warden, B Fisher and
        # Warden. Shrimp v Fisher: the Fisher catches the Shrimp (B wins); Shrimp v
        # Warden: the Shrimp eats the bait (A wins); Warden v Fisher: arrest (A
        # wins); Warden v Warden: nothing (tie). [[0, 1], [1, 1/2]]: A plays the
        # Shrimp 1/3, B the Fisher 1/3, A's win share 2/3.
        value, a, b = duel.equilibrium(9, (1, 1, 1), SEAWEED, SHRIMP_WARDEN, FISHER_WARDEN, 0)
        assert value == pytest.approx(2 / 3)
        assert a == pytest.approx([1 / 3, 0, 0, 0, 0, 2 / 3])
        assert b == pytest.approx([0, 0, 0, 0, 1 / 3, 2 / 3])
        # one round earlier with the same hands and the same outcomes each round,
        # and a Seaweed bait certain (no other bait unseen)
        two = duel.round_value(8, (1, 0, 0), SEAWEED, SHRIMP_WARDEN, FISHER_WARDEN, 0)
        assert 0.5 < two < 1

    def test_a_lead_larger_than_the_rounds_left_is_decided(self) -> None:
        assert duel.start_value(8, (2, 1, 1), FISHER_WARDEN, duel.FULL, 3) == 1.0
        assert duel.start_value(8, (2, 1, 1), FISHER_WARDEN, duel.FULL, -3) == 0.0
        assert duel.start_value(10, (1, 1, 1), duel.FULL, duel.FULL, 0) == 0.5

    def test_mirror_positions_and_the_even_start(self) -> None:
        assert duel.round_value(1, (3, 4, 4), SEAWEED, duel.FULL, duel.FULL, 0) \
            == pytest.approx(0.5)
        a, b = (1, 1, 0, 1, 1, 1), (2, 0, 1, 1, 1, 1)
        x = duel.start_value(7, (1, 2, 3), a, b, 1)
        assert duel.start_value(7, (1, 2, 3), b, a, -1) == pytest.approx(1 - x)

    def test_table_matches_the_solver(self) -> None:
        table = duel.table()
        assert len(table) == duel_table.ENTRIES
        rng = random.Random(3)
        late = sorted(k for k in table if k[0] == duel.TABLE_ROUNDS)
        for key in rng.sample(late, 12):
            assert canonical_pack(key)
            duel.clear_memo()
            assert duel.start_value(*key, table=False) == pytest.approx(table[key], abs=1e-8)
        duel.clear_memo()

    def test_keys_pack_and_unpack(self) -> None:
        key = (5, (2, 3, 2), (1, 0, 1, 1, 0, 1), (2, 1, 0, 1, 1, 1), -3)
        assert duel.unpack_key(duel.pack_key(key)) == key


def canonical_pack(key: tuple) -> bool:  # type: ignore[type-arg]
    """A stored key is canonical and survives packing."""
    return duel.canonical(key) and duel.unpack_key(duel.pack_key(key)) == key


def last_round_state() -> st.State:
    """Heads-up, round 9, Seaweed bait, level: seat 0 holds Shrimp and Warden, seat 1
    Fisher and Warden (as in ``test_last_round_solved_by_hand``)."""
    s = st.new_game(2, 0, log=False)
    keep = ({Kind.SHRIMP: 1, Kind.WARDEN: 1}, {Kind.FISHER: 1, Kind.WARDEN: 1})
    for seat in range(2):
        for k in PLAYER_KINDS:
            held = keep[seat].get(k, 0)
            s.hands[seat][k] = held
            s.removed[seat][k] = (2 if k == Kind.SHRIMP else 1) - held
    s.round = 9
    s.pile = []
    s.bait = Kind.SEAWEED
    s.unused = [Kind.SEAWEED, Kind.SHRIMP, Kind.MACKEREL]
    return s


class TestHard:
    def test_heads_up_hard_plays_the_equilibrium(self) -> None:
        s = last_round_state()
        v = view(s, 0)
        assert duel_policy(v) == pytest.approx([1 / 3, 0, 0, 0, 0, 2 / 3])
        picks = collections.Counter(make_bot("hard", GAME, seed).act(v, st.legal_actions(s))
                                    for seed in range(60))
        assert set(picks) == {Kind.SHRIMP, Kind.WARDEN}
        assert picks[Kind.WARDEN] > picks[Kind.SHRIMP]

    def test_same_seed_same_choice_and_no_hidden_information(self) -> None:
        s = st.new_game(2, 5, log=False)
        st.apply_in_place(s, Kind.SHRIMP)  # seat 0 chose; seat 1 to move
        other = s.copy(keep_log=False)
        other.pile.reverse()  # another bait pile, another secret choice
        other.hands[0][Kind.SHRIMP] += 1
        other.hands[0][Kind.WARDEN] -= 1
        other.pending[0] = Kind.WARDEN
        assert view(s, 1) == view(other, 1)
        for spec in ("hard", "medium", "easy"):
            for seed in range(6):
                a = make_bot(spec, GAME, seed).act(view(s, 1), st.legal_actions(s))
                b = make_bot(spec, GAME, seed).act(view(other, 1), st.legal_actions(other))
                assert a == b

    @pytest.mark.parametrize("spec", ["hard", "medium"])
    @pytest.mark.parametrize("players", [2, 4])
    def test_choices_are_mixed(self, spec: str, players: int) -> None:
        # the first round on a Shrimp bait: the equilibrium mixes
        seed = next(i for i in range(100)
                    if st.new_game(players, i, log=False).bait == Kind.SHRIMP)
        s = st.new_game(players, seed, log=False)
        v, legal = view(s, 0), st.legal_actions(s)
        picks = collections.Counter(make_bot(spec, GAME, i).act(v, legal) for i in range(40))
        assert len(picks) >= 2
        assert max(picks.values()) < 36  # no card by habit

    def test_hard_offers_its_policy_medium_plans(self) -> None:
        s = st.new_game(4, 2, log=False)
        v, legal = view(s, 0), st.legal_actions(s)
        weights = HEURISTICS.mixed_policy(v, legal)
        assert weights is not None and sum(weights) == pytest.approx(1)
        assert HEURISTICS.plan(v, legal, random.Random(1)) in legal


class TestRoundEquilibrium:
    FULL = (2, 1, 1, 1, 1, 1)

    def test_distributions_over_the_hands(self) -> None:
        hands = [self.FULL, (1, 1, 0, 1, 1, 1), (2, 0, 1, 1, 0, 1), (0,) * 6]
        eq = policies.round_equilibrium(Kind.MACKEREL, hands, 4, 60)
        for h, dist in zip(hands[:3], eq[:3], strict=True):
            assert sum(dist) == pytest.approx(1)
            assert all(p == 0 for p, c in zip(dist, h, strict=True) if not c)
        assert eq[3] == (0.0,) * 6

    def test_the_race_punishes_following_the_crowd(self) -> None:
        # everyone else spawns on a Shrimp bait: eating them all is worth more than
        # spawning with them (each Shrimp scores, but the others score too)
        hands = [self.FULL] * 4
        shrimp = [1.0, 0, 0, 0, 0, 0]
        values = policies.relative_values(Kind.SHRIMP, hands, 0, [shrimp] * 4, 2)
        assert values[1] > values[0]

    def test_no_seat_gains_much_by_deviating(self) -> None:
        hands = [self.FULL] * 4
        eq = policies.round_equilibrium(Kind.SEAWEED, hands, 3)
        values = policies.relative_values(Kind.SEAWEED, hands, 0, eq, 3)
        played = sum(p * x for p, x in zip(eq[0], values, strict=True) if p > 0)
        assert max(values) - played < 0.01

    @pytest.mark.parametrize("standing", [None, (0.1, 0.6, 0.1, 0.2)])
    def test_race_values_match_every_combination(self, standing: tuple | None) -> None:
        rng = random.Random(2)
        hands = [self.FULL, (1, 1, 0, 1, 1, 1), (2, 0, 1, 1, 0, 1), (1, 0, 1, 0, 1, 1)]
        dists = []
        for h in hands:
            w = [rng.random() if c else 0.0 for c in h]
            dists.append([x / sum(w) for x in w])
        bait, round_no = Kind.SHRIMP, 4
        costs = card_costs(round_no)
        values = policies.relative_values(bait, hands, 0, dists, round_no, standing)
        weights = [1 / 3] * 3 if standing is None else [w / 0.9 for w in standing[1:]]
        for a in range(6):
            total = 0.0
            for profile in itertools.product(range(6), repeat=3):
                p = dists[1][profile[0]] * dists[2][profile[1]] * dists[3][profile[2]]
                if not p:
                    continue
                res = resolve(bait, [PLAYER_KINDS[c] for c in (a, *profile)])
                gain = [float(seat in res.scorers) for seat in range(4)]
                for seat, kind in res.removed:
                    gain[seat] -= costs[PLAYER_KINDS.index(kind)]
                total += p * (gain[0] - sum(w * g for w, g in zip(weights, gain[1:],
                                                                  strict=True)))
            assert values[a] == pytest.approx(total)

    def test_hard_weighs_the_others_by_their_chance_to_win(self) -> None:
        hands = [self.FULL] * 4
        level = policies.hard_policy(Kind.SHRIMP, hands, 0, 6, [2, 2, 2, 2])
        assert level == pytest.approx(policies.hard_policy(Kind.SHRIMP, hands, 0, 6))
        # another leader, another play (it denies the leader first)
        hands = [self.FULL, (1, 1, 0, 1, 1, 1), (2, 0, 1, 1, 0, 1), (1, 1, 1, 0, 1, 1)]
        one = policies.hard_policy(Kind.SHRIMP, hands, 0, 6, [2, 4, 2, 2])
        three = policies.hard_policy(Kind.SHRIMP, hands, 0, 6, [2, 2, 2, 4])
        assert sum(one) == pytest.approx(1) and sum(three) == pytest.approx(1)
        assert max(abs(a - b) for a, b in zip(one, three, strict=True)) > 0.05


class TestAlternatingEquilibrium:
    """Hard's solver at 3-5 seats: regret matching+ with the seats updated in turn."""

    HANDS = [(2, 1, 1, 1, 1, 1), (1, 1, 0, 1, 1, 1), (2, 0, 1, 1, 0, 1), (1, 1, 1, 0, 1, 1)]
    STANDING = (0.2, 0.4, 0.1, 0.3)

    @staticmethod
    def _worst_gain(hands: list, eq: tuple, standing: tuple | None) -> float:
        worst = 0.0
        for j in range(len(hands)):
            v = policies.relative_values(Kind.MACKEREL, hands, j, eq, 5, standing)
            played = sum(p * x for p, x in zip(eq[j], v, strict=True) if p > 0)
            worst = max(worst, max(v) - played)
        return worst

    def test_a_lone_deviator_gains_little(self) -> None:
        # same budget of regret-matching steps: alternating is nearer a Nash equilibrium
        policies._CACHE.clear()
        alt = policies.round_equilibrium(Kind.MACKEREL, self.HANDS, 5, 100, self.STANDING,
                                         alternate=True)
        sim = policies.round_equilibrium(Kind.MACKEREL, self.HANDS, 5, 100, self.STANDING)
        gain = self._worst_gain(self.HANDS, alt, self.STANDING)
        assert gain < 0.02
        assert gain < self._worst_gain(self.HANDS, sim, self.STANDING)

    @pytest.mark.parametrize("seats", [3, 4, 5])
    @pytest.mark.parametrize("bait", BAIT_KINDS)
    def test_symmetric_game_exact_symmetric_equilibrium(self, seats: int,
                                                        bait: Kind) -> None:
        # alike seats of a symmetric round: one strategy, every card it plays
        # worth the same against it and none worth more (Newton's method)
        hands = [(2, 1, 1, 1, 1, 1)] * seats
        policies._CACHE.clear()
        eq = policies.round_equilibrium(bait, hands, 2, 100, alternate=True)
        assert all(dist == eq[0] for dist in eq)
        assert sum(eq[0]) == pytest.approx(1)
        v = policies.relative_values(bait, hands, 0, eq, 2)
        played = sum(p * x for p, x in zip(eq[0], v, strict=True) if p > 0)
        assert max(v) - played < 1e-6
        assert all(abs(x - played) < 1e-6 for p, x in zip(eq[0], v, strict=True)
                   if p > 1e-9)

    def test_symmetric_solver_reports_its_error(self) -> None:
        hands = [(2, 1, 1, 1, 1, 1)] * 4
        gains = policies._gains(Kind.SHRIMP, 2)
        rough, rough_error = policies.symmetric_equilibrium(gains, hands, [0, 1, 2, 3],
                                                            steps=0)
        exact, error = policies.symmetric_equilibrium(gains, hands, [0, 1, 2, 3])
        assert rough == pytest.approx([1 / 6] * 6) and rough_error > 0.01
        assert error < 1e-9

    def test_deterministic(self) -> None:
        policies._CACHE.clear()
        first = policies.round_equilibrium(Kind.MACKEREL, self.HANDS, 5, 100,
                                           self.STANDING, alternate=True)
        policies._CACHE.clear()
        again = policies.round_equilibrium(Kind.MACKEREL, self.HANDS, 5, 100,
                                           self.STANDING, alternate=True)
        assert first == again
