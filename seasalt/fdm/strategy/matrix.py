"""Exact solution of small two-player zero-sum matrix games, in pure Python.

:func:`solve` finds the value of a matrix game and an optimal (maximin) mixed
strategy for each player by the simplex method, in the pivoting form for
matrix games (T. S. Ferguson, *Game Theory*, part II, section 4.5): the matrix
is shifted to be positive, then the linear program "minimize the sum of ``u``
such that ``A^T u >= 1``, ``u >= 0``" is solved by pivoting a tableau, with
Bland's rule (the lowest column whose bottom entry is negative, the lowest
row label on ties of the ratio test) so that it cannot cycle. A saddle point
(a pure equilibrium) is found first, without pivoting. The result is exact up
to floating-point rounding (about 1e-12 on payoffs near 1).

Used by :mod:`seasalt.fdm.strategy.duel` for each round of the heads-up game.
"""

from __future__ import annotations

from collections.abc import Sequence

#: Entries within this of zero count as zero in the pivoting.
EPS: float = 1e-12


def saddle(matrix: Sequence[Sequence[float]]) -> tuple[int, int] | None:
    """A pure equilibrium (row ``i``, column ``j``) of the game, if it has one:
    an entry that is the least of its row and the greatest of its column.

    Args:
        matrix: the row player's payoffs, ``m`` rows of ``n`` entries (m, n >= 1).
    """
    mins = [min(row) for row in matrix]
    maxs = [max(col) for col in zip(*matrix, strict=True)]
    low = max(mins)
    high = min(maxs)
    if high - low > EPS:
        return None
    i = mins.index(low)
    j = maxs.index(high)
    return i, j


def solve(matrix: Sequence[Sequence[float]]) -> tuple[float, list[float], list[float]]:
    """Value and optimal mixed strategies of a zero-sum matrix game.

    The row player receives ``matrix[i][j]`` from the column player when it plays
    row ``i`` and the column player column ``j``; the row player maximizes.

    Args:
        matrix: ``m`` rows of ``n`` finite floats (m, n >= 1).

    Returns:
        ``(value, row strategy, column strategy)``: the game's value and, for each
        player, a probability per row (per column) that guarantees it (the row
        strategy gets at least ``value`` against every column, the column
        strategy gives away at most ``value`` against every row).

    Raises:
        ValueError: an empty matrix or rows of different lengths.
    """
    m = len(matrix)
    if m == 0 or not matrix[0]:
        raise ValueError("a matrix game needs at least one row and one column")
    n = len(matrix[0])
    if any(len(row) != n for row in matrix):
        raise ValueError("the rows of a matrix game must have the same length")
    pure = saddle(matrix)
    if pure is not None:
        i, j = pure
        row = [0.0] * m
        col = [0.0] * n
        row[i] = 1.0
        col[j] = 1.0
        return matrix[i][j], row, col
    low = min(min(r) for r in matrix)
    shift = 1.0 - low  # every entry at least 1: the game's value is positive
    # tableau: m rows (labels: row strategies x_i, or columns y_j once pivoted in),
    # n columns (labels: y_j, or x_i), the last column the right-hand side, the
    # last row the objective
    t = [[float(v) + shift for v in r] + [1.0] for r in matrix]
    t.append([-1.0] * n + [0.0])
    rows = [("x", i) for i in range(m)]   # the basis: label of each tableau row
    cols = [("y", j) for j in range(n)]   # label of each tableau column
    for _ in range(1000):
        bottom = t[m]
        q = -1
        for c in range(n):  # Bland: the lowest-labelled column with a negative entry
            if bottom[c] < -EPS and (q < 0 or cols[c] < cols[q]):
                q = c
        if q < 0:
            break
        p = -1
        best = 0.0
        for r in range(m):
            a = t[r][q]
            if a > EPS:
                ratio = t[r][n] / a
                if p < 0 or ratio < best - EPS or (abs(ratio - best) <= EPS
                                                   and rows[r] < rows[p]):
                    p, best = r, ratio
        if p < 0:  # unbounded: impossible with a positive matrix
            raise ArithmeticError("the simplex found no pivot row")
        _pivot(t, p, q)
        rows[p], cols[q] = cols[q], rows[p]
    else:  # pragma: no cover - Bland's rule terminates
        raise ArithmeticError("the simplex did not terminate")
    corner = t[m][n]
    value = 1.0 / corner - shift
    row = [0.0] * m
    col = [0.0] * n
    for c, (kind, k) in enumerate(cols):
        if kind == "x":
            row[k] = max(0.0, t[m][c] / corner)
    for r, (kind, k) in enumerate(rows):
        if kind == "y":
            col[k] = max(0.0, t[r][n] / corner)
    zr, zc = sum(row), sum(col)
    return value, [x / zr for x in row], [y / zc for y in col]


def _pivot(t: list[list[float]], p: int, q: int) -> None:
    """Pivot the tableau ``t`` in place on row ``p``, column ``q``."""
    piv = t[p][q]
    prow = t[p]
    width = len(prow)
    for r, row in enumerate(t):
        if r == p:
            continue
        f = row[q] / piv
        if f:
            for c in range(width):
                if c != q:
                    row[c] -= f * prow[c]
        row[q] = -f
    for c in range(width):
        if c != q:
            prow[c] /= piv
    prow[q] = 1.0 / piv


def guarantee(matrix: Sequence[Sequence[float]], row: Sequence[float],
              col: Sequence[float]) -> float:
    """How far a pair of strategies is from an equilibrium: the most either player
    gains by switching to its best pure answer (0 for an exact equilibrium).

    Args:
        matrix: the row player's payoffs; row, col: the two mixed strategies.
    """
    n = len(matrix[0])
    col_values = [sum(row[i] * matrix[i][j] for i in range(len(matrix))) for j in range(n)]
    row_values = [sum(col[j] * r[j] for j in range(n)) for r in matrix]
    played = sum(row[i] * row_values[i] for i in range(len(matrix)))
    return max(max(row_values) - played, played - min(col_values))
