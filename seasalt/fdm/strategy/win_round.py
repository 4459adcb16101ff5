"""Hard's round at 3-5 seats valued by the chance to win (not to first order).

Each seat's payoff for a combination of the cards played is its chance to win the
game after the round (:func:`~seasalt.fdm.strategy.race.race_values`): the scores
after F5's outcome (:data:`~seasalt.fdm.strategy.values.OUTCOMES`), the hands less
the cards removed (a lost card lowers the seat's rate,
:func:`~seasalt.fdm.strategy.race.seat_rate`), and the rounds left. A seat two
points ahead before the last round cares only about the seats that could catch
it; a seat far behind gambles. The linear payoff of
:func:`~seasalt.fdm.strategy.policies.relative_values` (a seat's gain less the
others' weighed by their chance to win) is that chance to first order only, and a
player maximizing its chance to win gained on it (``docs/bots.md``).

The round is a game of ``n`` seats, each choosing among the kinds it holds (at
most 6, so at most ``6 ** n`` combinations: 1,296 at 4 seats, 7,776 at 5). Every
combination's payoffs are computed once (each distinct outcome's race value once),
then regret matching+ in self-play with linear averaging (Tammelin 2014), the seats
updated one after the other (each answering the others' latest strategies): at each
step, a seat's value of each kind is a dot product of its payoffs with the chances
of the others' combinations (those with a chance only: regret matching+ keeps the
strategies sparse). Seats with the same hand and score play alike and are solved
once. Public facts only: the bait, the round, the hands and the scores.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from typing import Any

from seasalt.fdm.cards import PLAYER_KINDS, ROUNDS, Kind
from seasalt.fdm.strategy.race import race_values, seat_rate
from seasalt.fdm.strategy.values import HOLD_WORTH, OUTCOMES

_N = len(PLAYER_KINDS)
_MUL = operator.mul

#: Regret-matching steps at 3-4 seats.
ITERATIONS: int = 150
#: The same at 5 seats (each step costs six times more; see ``docs/bots.md``).
ITERATIONS_FIVE: int = 60

_CACHE: dict[tuple[Any, ...], tuple[tuple[float, ...], ...]] = {}


def _by_mask(bait: Kind) -> tuple[tuple[int, int], ...]:
    """Per set of kinds played (bitmask over ``PLAYER_KINDS``): the kinds whose
    players score and the kinds whose played cards are removed (bitmasks). F5
    resolves by kind, so a seat's outcome is its kind's in the set
    (:data:`~seasalt.fdm.strategy.values.OUTCOMES`)."""
    table = OUTCOMES[bait]
    out = []
    for mask in range(1 << _N):
        scoring = removed = 0
        for c in range(_N):
            if mask >> c & 1:
                point, gone = table[c][mask]
                scoring |= point << c
                removed |= int(gone) << c
        out.append((scoring, removed))
    return tuple(out)


_BY_MASK: dict[Kind, tuple[tuple[int, int], ...]] = {b: _by_mask(b) for b in OUTCOMES}
_WORTH = tuple(HOLD_WORTH[k] for k in PLAYER_KINDS)
#: The step of the rate (a round's scoring chance) over which the change of the race
#: values per lost card is taken (about what losing one card costs a rate).
RATE_STEP: float = 0.04


class RoundPayoffs:
    """The seats' chances to win after one round, by its outcome.

    A round's outcome is who scores and who loses which card. The points are
    followed exactly (:func:`~seasalt.fdm.strategy.race.race_values` of the scores
    after the round); a lost card of kind ``k`` lowers its seat's rate by
    ``HOLD_WORTH[k]`` (:func:`~seasalt.fdm.strategy.race.seat_rate`), taken to
    first order at the scores after the round (the change of every seat's race
    value when that seat's rate falls by :data:`RATE_STEP`, per unit of rate; the
    race value is linear in each seat's law, so one loss is near exact, and two
    losses in one round miss only their cross term). A round costs one race value
    per points outcome (at most ``2 ** n``), and one per seat that may lose a card
    in it, not one per combination of losses.

    Args:
        hands: every seat's public hand; scores: every seat's points before the
            round; round_no: 1-9.
    """

    def __init__(self, hands: Sequence[tuple[int, ...]], scores: Sequence[int],
                 round_no: int) -> None:
        self.scores = tuple(scores)
        self.rates = [seat_rate(h) for h in hands]
        self.left = ROUNDS - round_no
        self._points: dict[tuple[int, ...], tuple[float, ...]] = {}
        self._losses: dict[tuple[tuple[int, ...], int], list[list[float]]] = {}

    def race(self, points: Sequence[int]) -> tuple[float, ...]:
        """Every seat's race value after ``points`` (per seat, 1 if it scores this
        round, else 0), no card lost."""
        key = tuple(points)
        got = self._points.get(key)
        if got is None:
            scores = [s + p for s, p in zip(self.scores, key, strict=True)]
            got = race_values(scores, self.rates, self.left)
            self._points[key] = got
        return got

    def loss(self, points: Sequence[int], j: int) -> list[list[float]]:
        """``table[i][c]``: what seat ``j`` losing a card of kind ``c`` (index in
        ``PLAYER_KINDS``) takes from seat ``i``'s chance to win after ``points``
        (negative: ``i`` gains)."""
        key = (tuple(points), j)
        got = self._losses.get(key)
        if got is None:
            rate = self.rates[j]
            n = len(self.rates)
            if rate <= 0 or self.left == 0:
                got = [[0.0] * _N for _ in range(n)]
            else:
                base = self.race(points)
                step = min(RATE_STEP, rate)
                lower = list(self.rates)
                lower[j] = rate - step
                scores = [s + p for s, p in zip(self.scores, key[0], strict=True)]
                down = race_values(scores, lower, self.left)
                got = [[min(w, rate) * (b - d) / step for w in _WORTH]
                       for b, d in zip(base, down, strict=True)]
            self._losses[key] = got
        return got

    def values(self, points: Sequence[int], lost: Sequence[int]) -> list[float]:
        """Every seat's chance to win after the round.

        Args:
            points: per seat, 1 if it scores this round, else 0; lost: per seat,
                the index in ``PLAYER_KINDS`` of the card it loses, -1 for none.
        """
        out = list(self.race(points))
        for j, c in enumerate(lost):
            if c >= 0:
                table = self.loss(points, j)
                for i in range(len(out)):
                    out[i] -= table[i][c]
        return out


def payoffs(bait: Kind, hands: Sequence[tuple[int, ...]], scores: Sequence[int],
            round_no: int, plays: Sequence[int | None]) -> list[float]:
    """Every seat's payoff in Hard's round when the seats play ``plays``: its chance
    to win after the round (:class:`RoundPayoffs`).

    Args:
        bait: the round's bait; hands: every seat's public hand (counts in
            ``PLAYER_KINDS`` order); scores: every seat's points before the round;
            round_no: 1-9; plays: per seat, the index in ``PLAYER_KINDS`` of the
            kind it plays (``None``: it plays nothing, its hand is empty).
    """
    mask = 0
    for c in plays:
        if c is not None:
            mask |= 1 << c
    scoring, removed = _BY_MASK[bait][mask]
    points = [0 if c is None else scoring >> c & 1 for c in plays]
    lost = [-1 if c is None or not removed >> c & 1 else c for c in plays]
    return RoundPayoffs(hands, scores, round_no).values(points, lost)


def payoff_rows(bait: Kind, hands: Sequence[tuple[int, ...]], scores: Sequence[int],
                round_no: int, seats: Sequence[int]) -> dict[int, list[list[float]]]:
    """Each of ``seats``' payoffs (:func:`payoffs`) in every combination of the cards
    played, as regret matching reads them.

    Args:
        bait, hands, scores, round_no: the round, as for :func:`payoffs`; seats:
            the seats wanted (each holding cards).

    Returns:
        ``{i: rows}``: ``rows[a][k]`` is seat ``i``'s payoff when it plays the
        ``a``-th kind it holds (``PLAYER_KINDS`` order) and the other seats holding
        cards the ``k``-th combination of theirs (kinds held, in seat order, the
        last seat varying fastest).
    """
    n = len(hands)
    active = [j for j in range(n) if any(hands[j])]
    kinds = {j: [c for c in range(_N) if hands[j][c]] for j in active}
    # every combination of the active seats' kinds, in seat order, the last varying
    # fastest (built a seat at a time, list by list): the set of kinds played,
    # then per seat its kind, whether it scores and whether its card is removed
    table = RoundPayoffs(hands, scores, round_no)
    by_mask = _BY_MASK[bait]
    sizes = [len(kinds[j]) for j in active]
    count = math.prod(sizes)
    masks = [0]
    for j in active:
        held = [1 << c for c in kinds[j]]
        masks = [m | b for m in masks for b in held]
    scoring = [by_mask[m][0] for m in masks]
    removed = [by_mask[m][1] for m in masks]
    columns = []  # per active seat, its kind in each combination
    for p, j in enumerate(active):
        inner = math.prod(sizes[p + 1:])
        columns.append([c for _ in range(count // (inner * sizes[p])) for c in kinds[j]
                        for _ in range(inner)])
    points = [0] * count  # bit p: the active seat p scores
    for p, col in enumerate(columns):
        points = [x | (sc >> c & 1) << p for x, sc, c in zip(points, scoring, col,
                                                              strict=True)]
    won: dict[int, list[int]] = {}  # points pattern (bit p: active seat p) -> per seat 0/1
    for bits in set(points):
        row = [0] * n
        for p, j in enumerate(active):
            row[j] = bits >> p & 1
        won[bits] = row
    # what a lost card takes, per points pattern, for each active seat that may lose
    losers = []
    for p, j in enumerate(active):
        patterns = {bits for bits, rm, c in zip(points, removed, columns[p], strict=True)
                    if rm >> c & 1}
        if patterns:
            losers.append((p, {bits: table.loss(won[bits], j) for bits in patterns}))
    # pay[i][a]: seat i's payoffs when it plays kinds[i][a], one per combination of
    # the others' kinds (in seat order, the last varying fastest)
    pay: dict[int, list[list[float]]] = {}
    for i in seats:
        race = {bits: table.race(row)[i] for bits, row in won.items()}
        mine = [race[bits] for bits in points]
        for p, tables in losers:
            lose = {bits: t[i] for bits, t in tables.items()}
            mine = [x - lose[bits][c] if rm >> c & 1 else x for x, bits, rm, c in
                    zip(mine, points, removed, columns[p], strict=True)]
        p = active.index(i)
        inner = math.prod(sizes[p + 1:])
        size = sizes[p]
        outer = count // (inner * size)
        pay[i] = [[mine[(o * size + a) * inner + r] for o in range(outer)
                   for r in range(inner)] for a in range(size)]
    return pay


def win_equilibrium(bait: Kind, hands: Sequence[tuple[int, ...]], scores: Sequence[int],
                    round_no: int, iterations: int | None = None,
                    alternate: bool = True) -> tuple[tuple[float, ...], ...]:
    """Each seat's strategy in the round's equilibrium on the chance to win.

    Args:
        bait: the round's bait; hands: every seat's public hand (a seat with none
            plays nothing); scores: every seat's points; round_no: 1-9;
            iterations: regret-matching steps (default :data:`ITERATIONS`, or
            :data:`ITERATIONS_FIVE` with 5 seats holding cards); alternate: the
            seats (a group of alike seats at a time) updated one after the other,
            each answering the others' latest strategies (Hard's, the default), or
            all at once from the same ones (``False``). On 30 positions of 4-seat
            games, a seat deviating alone gains 0.0030 of a win a round on average
            (the seat that gains most) after 150 alternating steps, 0.0069 after
            150 simultaneous ones (``benchmarks/fdm_win_nash.py``).

    Returns:
        Per seat, its chances over ``PLAYER_KINDS`` (all 0 for a seat with no
        card). Remembered by the arguments (the scores less the lowest).
    """
    n = len(hands)
    active = [j for j in range(n) if any(hands[j])]
    if iterations is None:
        iterations = ITERATIONS if len(active) <= 4 else ITERATIONS_FIVE
    low = min(scores)
    rel = tuple(s - low for s in scores)
    key = (bait, round_no, tuple(hands), rel, iterations, alternate)
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    kinds = {j: [c for c in range(_N) if hands[j][c]] for j in active}
    # seats with the same hand and score are interchangeable: one strategy each
    first: dict[tuple[Any, ...], int] = {}
    for j in active:
        first.setdefault((hands[j], rel[j]), j)
    rep_of = {j: first[(hands[j], rel[j])] for j in active}
    reps = list(first.values())
    pay = payoff_rows(bait, hands, rel, round_no, reps)
    strat = {j: [1.0 / len(kinds[j])] * len(kinds[j]) for j in active}
    regret = {i: [0.0] * len(kinds[i]) for i in reps}
    total = {i: [0.0] * len(kinds[i]) for i in reps}
    for t in range(1, iterations + 1):
        new = {}
        for i in reps:
            # the others' combinations with a chance (their current strategies
            # are sparse: regret matching+ drops the kinds without regret)
            probs = [1.0]
            index = [0]
            for j in active:
                if j != i:
                    s = strat[rep_of[j]]
                    support = [(b, q) for b, q in enumerate(s) if q > 0.0]
                    size = len(s)
                    probs = [p * q for p in probs for _, q in support]
                    index = [x * size + b for x in index for b, _ in support]
            if len(index) == 1:
                v = [probs[0] * row[index[0]] for row in pay[i]]
            else:
                pick = operator.itemgetter(*index)
                v = [sum(map(_MUL, probs, pick(row))) for row in pay[i]]
            s = strat[i]
            ev = sum(map(_MUL, s, v))
            r = regret[i]
            for a in range(len(r)):
                x = r[a] + v[a] - ev
                r[a] = x if x > 0.0 else 0.0
            acc = total[i]
            for a in range(len(acc)):
                acc[a] += t * s[a]
            z = sum(r)
            new[i] = [x / z for x in r] if z > 0 else [1.0 / len(r)] * len(r)
            if alternate:
                strat[i] = new[i]
        strat.update(new)
    out = []
    for j in range(n):
        dist = [0.0] * _N
        if j in rep_of:
            acc = total[rep_of[j]]
            z = sum(acc)
            for a, c in enumerate(kinds[j]):
                dist[c] = acc[a] / z
        out.append(tuple(dist))
    result = tuple(out)
    if len(_CACHE) > 5_000:
        _CACHE.clear()
    _CACHE[key] = result
    return result
