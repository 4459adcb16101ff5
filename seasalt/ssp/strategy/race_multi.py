"""The race to the target at 3 and 4 seats: each seat's chance to win from the totals.

A game is won by the first total to reach the target (R2: 35 points at 3 players, 30
at 4; R10.2: the highest total if several do in the same round). The search values
the end of a round with this chance
(:meth:`~seasalt.ssp.strategy.heuristics.SspHeuristics.evaluate`): a seat 3 points
from the target is likely to win the game next round whatever the card points of the
others, which a softmax of the totals (:func:`~seasalt.ssp.strategy.values.win_chances`)
does not see.

The model: each seat's points in a round are an independent draw from
:data:`ROUND_POINTS_BY_SEATS` (the rounds of games between Medium bots at that many
seats). A seat's number of rounds to reach the target then has a law computed once
per target (:func:`reach_table`), and a seat wins in the round it reaches the target
if no other seat did before; seats reaching it in the same round share the win
equally (the tie-break on the totals, R10.2, is not followed). On 200 games between
Medium bots at each table size (seeds 90000 on, not those of the data), it predicted
the winner from the totals at the start of each round better than the softmax: mean
Brier score 0.530 against 0.542 over the 1,115 round starts at 3 seats, 0.608 against
0.628 over 1,000 at 4 (``python benchmarks/round_points.py 0 --players N --check
200``).

Heads-up, :mod:`seasalt.ssp.strategy.race` keeps its exact table of the two seats'
joint round points.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

#: One seat's points in one round, ``(points, rounds)``, at 3 and 4 seats: the rounds of
#: 250 games between Medium bots (the planner of issue 40) at each table size (``python
#: benchmarks/round_points.py 250 --players N``; points seen at least 3 times;
#: ``--verify`` checks this table against it).
ROUND_POINTS_BY_SEATS: dict[int, tuple[tuple[int, int], ...]] = {
    3: ((0, 11), (1, 224), (2, 1187), (3, 604), (4, 255), (5, 194), (6, 222), (7, 239),
        (8, 231), (9, 284), (10, 312), (11, 213), (12, 97), (13, 56), (14, 23), (15, 6),
        (16, 4)),
    4: ((0, 19), (1, 369), (2, 1466), (3, 745), (4, 376), (5, 320), (6, 363), (7, 316),
        (8, 236), (9, 237), (10, 255), (11, 149), (12, 104), (13, 39), (14, 22), (15, 7),
        (16, 4)),
}

#: Rounds followed at most; a seat not at the target after them is taken to never reach
#: it (the chance left is far below 1e-6 with these laws).
MAX_ROUNDS: int = 40
#: A race is followed round by round until every seat has reached the target with at
#: least this chance.
SURE: float = 1.0 - 1e-6


@lru_cache(maxsize=16)
def reach_table(seats: int, target: int) -> tuple[tuple[float, ...], ...]:
    """For each total, the chance to have reached the target within t rounds.

    Args:
        seats: the number of players, a key of :data:`ROUND_POINTS_BY_SEATS`.
        target: the game's target (points, R2; 35 or 30, doubled with R11).

    Returns:
        ``table[a][t]``: the chance that a seat at ``a`` points (0 <= a < target)
        reaches ``target`` within ``t`` rounds (0 <= t <= :data:`MAX_ROUNDS`),
        under the model of the module docstring; ``table[a][0] == 0``.

    Raises:
        ValueError: ``seats`` has no round law, or ``target`` below 1.
    """
    if seats not in ROUND_POINTS_BY_SEATS:
        raise ValueError(f"no round law for {seats} seats")
    if target < 1:
        raise ValueError(f"target must be at least 1, not {target}")
    law = ROUND_POINTS_BY_SEATS[seats]
    total = sum(n for _, n in law)
    dist = [(x, n / total) for x, n in law]
    prev = [0.0] * target
    columns = [prev]
    for _ in range(MAX_ROUNDS):
        cur = [0.0] * target
        for a in range(target):
            v = 0.0
            for x, p in dist:
                b = a + x
                v += p if b >= target else p * prev[b]
            cur[a] = v
        columns.append(cur)
        prev = cur
    return tuple(tuple(col[a] for col in columns) for a in range(target))


def _share(q: Sequence[float], r: Sequence[float]) -> float:
    """E[1 / (1 + K)] over the other seats, each not at the target yet (chance ``q``)
    or reaching it this round too (``r``, sharing the win), times the chance that none
    reached it before: the coefficients of ``prod(q + r z)``, weighed."""
    if len(q) == 2:
        (qa, qb), (ra, rb) = q, r
        return qa * qb + (ra * qb + qa * rb) / 2 + ra * rb / 3
    if len(q) == 3:
        (qa, qb, qc), (ra, rb, rc) = q, r
        return (qa * qb * qc + (ra * qb * qc + qa * rb * qc + qa * qb * rc) / 2
                + (ra * rb * qc + ra * qb * rc + qa * rb * rc) / 3 + ra * rb * rc / 4)
    poly = [1.0]
    for qj, rj in zip(q, r, strict=True):
        nxt = [c * qj for c in poly]
        nxt.append(0.0)
        for k, c in enumerate(poly):
            nxt[k + 1] += c * rj
        poly = nxt
    return sum(c / (k + 1) for k, c in enumerate(poly))


@lru_cache(maxsize=1 << 15)
def _chances(scores: tuple[int, ...], target: int) -> tuple[float, ...]:
    """:func:`race_chances` below the target (cached: a search meets the same totals
    many times)."""
    n = len(scores)
    table = reach_table(n, target)
    rows = [table[a] for a in scores]
    out = [0.0] * n
    seats = range(n)
    before = [0.0] * n
    for t in range(1, MAX_ROUNDS + 1):
        now = [row[t] for row in rows]
        q = [1.0 - x for x in now]
        r = [x - y for x, y in zip(now, before, strict=True)]
        for i in seats:
            if r[i] > 0.0:
                out[i] += r[i] * _share(q[:i] + q[i + 1:], r[:i] + r[i + 1:])
        if min(now) >= SURE:
            break
        before = now
    total = sum(out)
    return tuple(x / total for x in out)


def race_chances(scores: Sequence[int], target: int) -> list[float]:
    """Each seat's chance to win the game from the totals, between rounds (R2, R10.2),
    at 3 or 4 seats.

    Args:
        scores: the game totals, seat order (points, 3 or 4 seats).
        target: the game's target (points).

    Returns:
        One probability per seat, summing to 1: once a total reached the target, the
        highest total wins (equal ones share); else the race of the module docstring.

    Raises:
        ValueError: a number of seats without a round law, or ``target`` below 1.
    """
    top = max(scores)
    if top >= target:
        best = [x == top for x in scores]
        share = 1.0 / sum(best)
        return [share if b else 0.0 for b in best]
    # the seats are alike: the chances of the sorted totals, read back in seat order
    order = sorted(range(len(scores)), key=scores.__getitem__)
    ranked = _chances(tuple(scores[i] for i in order), target)
    out = [0.0] * len(scores)
    for rank, i in enumerate(order):
        out[i] = ranked[rank]
    return out
