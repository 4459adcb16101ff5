"""Each seat's chance to win Fruits de mer from the totals and the rounds left.

After the 9th round the most points win, tied leaders sharing the victory (F6).
Hard's payoff at 3-5 seats (:mod:`seasalt.fdm.strategy.win_round`) values the
outcome of a round by this chance, as the heads-up solution values positions by
the chance to win (:mod:`seasalt.fdm.strategy.duel`) and as Sea Salt & Paper's
:mod:`seasalt.ssp.strategy.race_multi` does at 3-4 seats.

The model: a seat scores at most 1 a round (F5), so its points over the ``L``
rounds left are taken as binomial, ``L`` independent rounds each scored with its
rate (:func:`seat_rate`: :data:`~seasalt.fdm.strategy.values.HOLD_WORTH` summed
over its hand, 0.265 a round for a full hand; in games of Medium bots a seat
scores 0.26-0.29 a round at 3-5 seats, whatever its hand's size), the seats
independent. A seat's win share is then exact under the model: for each of its
final totals ``y``, the chance that no other seat ends above ``y``, a tie with
``k`` others counting ``1 / (k + 1)`` (the integral over ``t`` in [0, 1] of the
product over the other seats of ``P(below y) + t P(at y)``).

With no round left it is the rule itself (F6): the leaders share the win.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from seasalt.fdm.cards import PLAYER_KINDS
from seasalt.fdm.strategy.values import HOLD_WORTH

_WORTH = tuple(HOLD_WORTH[k] for k in PLAYER_KINDS)
#: A seat's rate is capped below 1 (a seat never scores every round for sure).
MAX_RATE: float = 0.95

_CACHE: dict[tuple[int, tuple[int, ...], tuple[float, ...]], tuple[float, ...]] = {}


def seat_rate(hand: Sequence[int]) -> float:
    """A seat's chance to score in one round, from its public hand (counts in
    ``PLAYER_KINDS`` order): :data:`~seasalt.fdm.strategy.values.HOLD_WORTH` summed
    over the cards, rounded to 4 decimals, at most :data:`MAX_RATE`; 0 for an
    empty hand (it plays nothing, F4)."""
    return round(min(MAX_RATE, sum(w * c for w, c in zip(_WORTH, hand, strict=True))), 4)


@lru_cache(maxsize=4096)
def _binomial(n: int, p: float) -> tuple[float, ...]:
    return tuple(math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1))


def race_values(scores: Sequence[int], rates: Sequence[float],
                rounds_left: int) -> tuple[float, ...]:
    """Each seat's win share at the end of the game (they sum to 1).

    Args:
        scores: per seat, its points now; rates: per seat, its chance to score in
            a round (0-1, :func:`seat_rate`); rounds_left: rounds still to play
            (0-9).

    Returns:
        Per seat, its chance to win, a shared victory of ``k`` seats counting
        ``1 / k`` (F6), under the model of the module docstring. Remembered by
        the scores less the lowest, the rates and the rounds left.

    Raises:
        ValueError: ``scores`` and ``rates`` differ in length, or ``rounds_left``
            is negative.
    """
    if len(scores) != len(rates) or rounds_left < 0:
        raise ValueError("one rate per seat and no negative rounds left")
    low = min(scores)
    key = (rounds_left, tuple(s - low for s in scores), tuple(rates))
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    rel = key[1]
    n = len(rel)
    if rounds_left == 0:
        top = max(rel)
        winners = sum(1 for s in rel if s == top)
        out = tuple(1.0 / winners if s == top else 0.0 for s in rel)
    else:
        top = max(rel) + rounds_left
        # pmf[j][y]: the chance that seat j ends on y points (y 0..top)
        pmf = []
        below = []  # below[j][y]: the chance that seat j ends under y
        for s, p in zip(rel, rates, strict=True):
            law = [0.0] * (top + 2)
            for k, q in enumerate(_binomial(rounds_left, p)):
                law[s + k] += q
            pmf.append(law)
            acc, cum = 0.0, []
            for q in law:
                cum.append(acc)
                acc += q
            below.append(cum)
        shares = []
        for i in range(n):
            total = 0.0
            for y in range(rel[i], rel[i] + rounds_left + 1):
                q = pmf[i][y]
                if q == 0.0:
                    continue
                poly = [1.0]  # coefficients in t of the product over the others
                for j in range(n):
                    if j == i:
                        continue
                    a, b = below[j][y], pmf[j][y]
                    nxt = [0.0] * (len(poly) + 1)
                    for k, c in enumerate(poly):
                        nxt[k] += c * a
                        nxt[k + 1] += c * b
                    poly = nxt
                total += q * sum(c / (k + 1) for k, c in enumerate(poly))
            shares.append(total)
        z = sum(shares)
        out = tuple(x / z for x in shares)
    if len(_CACHE) > 50_000:
        _CACHE.clear()
    _CACHE[key] = out
    return out
