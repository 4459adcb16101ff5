"""The race to the target, heads-up: each seat's chance to win the game from the totals.

A game is won by the first total to reach the target (R2, R10.2: the higher total if
both do in the same round). Between rounds, what matters is not the gap in points but
the race: 30 against 20 with 40 to reach is a surer win than 15 against 5. The search
values the end of a round with this chance
(:meth:`~seasalt.ssp.strategy.heuristics.SspHeuristics.evaluate`).

The chance is computed exactly for a model of the rounds: each round's points for the
two seats are an independent draw from :data:`ROUND_OUTCOMES`, the rounds of heads-up
games between two Medium bots (both orders, as the seats are alike). A round where
both reach the target goes to the higher total, an equal one half and half (the
tie-break needs who ended the round, R10.2, which the model does not follow).
"""

from __future__ import annotations

from functools import lru_cache

#: Points scored in one round by the two seats of a heads-up game, ``(fewer, more,
#: rounds)``: the rounds of 1,500 games between two Medium bots, the planner of issue 40
#: (``python benchmarks/round_points.py 1500``, 8,559 rounds; the 62 pairs seen at least
#: 3 times, 8,536 rounds; ``--verify`` checks this table against it). A round is drawn
#: as ``(fewer, more)`` or ``(more, fewer)``, each half the time.
ROUND_OUTCOMES: tuple[tuple[int, int, int], ...] = (
    (0, 0, 11), (0, 7, 6), (1, 7, 23), (1, 8, 48), (1, 9, 138), (1, 10, 146),
    (1, 11, 94), (1, 12, 51), (1, 13, 28), (1, 14, 7), (1, 15, 3), (2, 7, 60),
    (2, 8, 269), (2, 9, 898), (2, 10, 1091), (2, 11, 833), (2, 12, 447), (2, 13, 226),
    (2, 14, 104), (2, 15, 40), (2, 16, 16), (2, 17, 7), (3, 7, 96), (3, 8, 193),
    (3, 9, 453), (3, 10, 582), (3, 11, 435), (3, 12, 233), (3, 13, 140), (3, 14, 41),
    (3, 15, 27), (3, 16, 7), (4, 7, 153), (4, 8, 104), (4, 9, 107), (4, 10, 110),
    (4, 11, 85), (4, 12, 55), (4, 13, 30), (4, 14, 10), (5, 7, 209), (5, 8, 97),
    (5, 9, 50), (5, 10, 21), (5, 11, 14), (5, 13, 4), (6, 7, 296), (6, 8, 169),
    (6, 9, 68), (6, 10, 23), (6, 11, 6), (6, 12, 5), (7, 7, 56), (7, 8, 49), (7, 9, 17),
    (7, 10, 5), (7, 11, 3), (8, 8, 15), (8, 9, 13), (8, 10, 3), (8, 11, 3), (9, 10, 3),
)


def _rounds() -> list[tuple[int, int, float]]:
    """:data:`ROUND_OUTCOMES` as ``(points of seat A, points of seat B, probability)``."""
    total = sum(n for _, _, n in ROUND_OUTCOMES)
    out: list[tuple[int, int, float]] = []
    for x, y, n in ROUND_OUTCOMES:
        if x == y:
            out.append((x, y, n / total))
        else:
            out.append((x, y, n / total / 2))
            out.append((y, x, n / total / 2))
    return out


@lru_cache(maxsize=8)
def race_table(target: int) -> tuple[tuple[float, ...], ...]:
    """Seat A's chance to win the race, for every pair of totals below ``target``.

    Args:
        target: the game's target (points, R2; 40 heads-up, 80 with double target).

    Returns:
        ``table[a][b]``: the chance that seat A, with ``a`` points, wins against seat
        B with ``b`` (0 <= a, b < target), under the model of :data:`ROUND_OUTCOMES`.

    Raises:
        ValueError: ``target`` below 1.
    """
    if target < 1:
        raise ValueError(f"target must be at least 1, not {target}")
    rounds = _rounds()
    stay = sum(p for x, y, p in rounds if x == 0 and y == 0)
    moves = [(x, y, p) for x, y, p in rounds if x or y]
    table = [[0.0] * target for _ in range(target)]
    # every round that scores moves to a larger a + b: fill from the largest sums down
    for total in range(2 * target - 2, -1, -1):
        for a in range(max(0, total - target + 1), min(total, target - 1) + 1):
            b = total - a
            value = 0.0
            for x, y, p in moves:
                na, nb = a + x, b + y
                if na >= target or nb >= target:
                    value += p * (1.0 if na > nb else 0.5 if na == nb else 0.0)
                else:
                    value += p * table[na][nb]
            table[a][b] = value / (1.0 - stay)
    return tuple(tuple(row) for row in table)


def race_chance(mine: int, theirs: int, target: int) -> float:
    """The chance to win a heads-up game from the totals, between rounds (R2, R10.2).

    Args:
        mine, theirs: the two seats' game totals (points); target: the game's target.

    Returns:
        A probability: 1 (0) when only ``mine`` (``theirs``) reached the target, 0.5
        when both did with equal totals, else :func:`race_table`'s entry.
    """
    if mine >= target or theirs >= target:
        return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    return race_table(target)[mine][theirs]
