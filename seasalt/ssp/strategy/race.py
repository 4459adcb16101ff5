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
#: rounds)``: the rounds of 1,500 games between two Medium bots (``python
#: benchmarks/round_points.py 1500``, 8,627 rounds; the 60 pairs seen at least 3 times,
#: 8,606 rounds). A round is drawn as ``(fewer, more)`` or ``(more, fewer)``, each half
#: the time.
ROUND_OUTCOMES: tuple[tuple[int, int, int], ...] = (
    (0, 0, 10), (0, 7, 5), (1, 7, 22), (1, 8, 54), (1, 9, 118), (1, 10, 122),
    (1, 11, 69), (1, 12, 42), (1, 13, 12), (1, 14, 4), (2, 7, 72), (2, 8, 331),
    (2, 9, 979), (2, 10, 1107), (2, 11, 752), (2, 12, 438), (2, 13, 176), (2, 14, 71),
    (2, 15, 31), (2, 16, 22), (2, 17, 4), (3, 7, 95), (3, 8, 196), (3, 9, 472),
    (3, 10, 634), (3, 11, 476), (3, 12, 239), (3, 13, 121), (3, 14, 56), (3, 15, 15),
    (3, 16, 13), (3, 17, 4), (4, 7, 130), (4, 8, 111), (4, 9, 112), (4, 10, 92),
    (4, 11, 83), (4, 12, 67), (4, 13, 29), (4, 14, 11), (5, 7, 237), (5, 8, 133),
    (5, 9, 47), (5, 10, 23), (5, 11, 6), (5, 12, 6), (5, 13, 5), (6, 7, 302),
    (6, 8, 181), (6, 9, 67), (6, 10, 19), (6, 11, 5), (7, 7, 67), (7, 8, 57),
    (7, 9, 19), (7, 10, 10), (8, 8, 11), (8, 9, 8), (8, 10, 3), (9, 9, 3),
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
