"""What Fruits de mer's cards are worth to the bots, for
:mod:`seasalt.fdm.strategy.heuristics`.

Everything rests on one table, :data:`OUTCOMES`: for each bait, each card a
player may play and each **set of kinds the other players play** (what F5
depends on: who played what only matters by kind), the player's point and
whether its card is removed from the game, computed once with the engine's own
:func:`seasalt.fdm.resolve.resolve`. A model of the others (a probability for
each card of each other seat, :func:`presence`) gives the chance of each set,
hence each card's expected point and risk (:func:`card_values`).

On it: the model of the others as the expert sees them (:func:`model`), the
heads-up round's equilibrium (:func:`duel_equilibrium`) and each seat's chance to
win from points and hands (:func:`win_chances`).
"""

from __future__ import annotations

import math
import operator
from collections.abc import Mapping, Sequence
from typing import Any

from seasalt.fdm.cards import BAIT_KINDS, HAND, PLAYER_KINDS, ROUNDS, Kind
from seasalt.fdm.resolve import resolve

_N = len(PLAYER_KINDS)
_BIT: dict[Kind, int] = {k: 1 << i for i, k in enumerate(PLAYER_KINDS)}
_INDEX: dict[Kind, int] = {k: i for i, k in enumerate(PLAYER_KINDS)}
_HAND = tuple(HAND[k] for k in PLAYER_KINDS)


def _outcomes() -> dict[Kind, tuple[tuple[tuple[int, bool], ...], ...]]:
    """``{bait: [my card index][others' kinds mask] -> (point, removed)}`` from F5."""
    table = {}
    for bait in BAIT_KINDS:
        rows = []
        for mine in PLAYER_KINDS:
            row = []
            for mask in range(1 << _N):
                others = [k for k in PLAYER_KINDS if mask & _BIT[k]]
                res = resolve(bait, [mine, *others])
                row.append((int(0 in res.scorers), any(s == 0 for s, _ in res.removed)))
            rows.append(tuple(row))
        table[bait] = tuple(rows)
    return table


#: F5 for one player: ``OUTCOMES[bait][i][mask] = (point, removed)`` when the
#: player plays ``PLAYER_KINDS[i]`` and the other players play exactly the kinds
#: of ``mask`` (bit ``j`` for ``PLAYER_KINDS[j]``), however many of each.
OUTCOMES: dict[Kind, tuple[tuple[tuple[int, bool], ...], ...]] = _outcomes()

#: What losing a card costs, in points, with the whole game still to come
#: (scaled down as the rounds run out, :func:`card_costs`); a Warden is never
#: removed. Tuned in matches against the greedy bot (benchmarks/fdm_strength.py).
CARD_WORTH: dict[Kind, float] = {
    Kind.SHRIMP: 0.25, Kind.MACKEREL: 0.35, Kind.TUNA: 0.4, Kind.SHARK: 0.45,
    Kind.FISHER: 0.5, Kind.WARDEN: 0.0}
#: Softness of the model of the others (points): a card is chosen with weight
#: ``exp(greedy value / MODEL_TEMPERATURE)``.
MODEL_TEMPERATURE: float = 0.12
#: Points a card in hand is expected to bring over the rest of a game, per round
#: left, for :func:`win_chances` (the hand's worth, :data:`HOLD_WORTH`).
HOLD_WORTH: dict[Kind, float] = {
    Kind.SHRIMP: 0.03, Kind.MACKEREL: 0.035, Kind.TUNA: 0.04, Kind.SHARK: 0.05,
    Kind.FISHER: 0.05, Kind.WARDEN: 0.03}
#: Spread of the final score difference per round left (points), for :func:`win_chances`.
ROUND_SPREAD: float = 0.55


_BY_KIND = operator.itemgetter(*PLAYER_KINDS)


def public_hand(removed: Mapping[Any, int]) -> tuple[int, ...]:
    """A seat's hand as every seat sees it, counts in ``PLAYER_KINDS`` order: the 7
    cards of a colour less those removed from the game (a card chosen this round
    and not yet revealed still counts: nobody else knows which it is)."""
    gone = _BY_KIND(removed)
    return (_HAND[0] - gone[0], _HAND[1] - gone[1], _HAND[2] - gone[2],
            _HAND[3] - gone[3], _HAND[4] - gone[4], _HAND[5] - gone[5])


def presence(dists: Sequence[Sequence[float]]) -> dict[int, float]:
    """The chance of each set of kinds the given seats play together.

    Args:
        dists: per seat, the chance of each kind (``PLAYER_KINDS`` order); seats
            are independent.

    Returns:
        ``{mask: probability}`` over the sets (bit ``j``: ``PLAYER_KINDS[j]`` played
        by at least one of them).
    """
    out = {0: 1.0}
    for dist in dists:
        nxt: dict[int, float] = {}
        for mask, p in out.items():
            for j, q in enumerate(dist):
                if q:
                    m = mask | (1 << j)
                    nxt[m] = nxt.get(m, 0.0) + p * q
        out = nxt
    return out


def uniform(hand: Sequence[int]) -> list[float]:
    """A uniformly random player's chances: each kind held alike."""
    held = sum(1 for c in hand if c > 0)
    return [1.0 / held if c > 0 else 0.0 for c in hand] if held else [0.0] * _N


def card_costs(round_no: int) -> list[float]:
    """What losing each kind costs in round ``round_no`` (``PLAYER_KINDS`` order):
    :data:`CARD_WORTH` times the share of the game still to come after it."""
    left = (ROUNDS - round_no) / (ROUNDS - 1)
    return [CARD_WORTH[k] * left for k in PLAYER_KINDS]


def card_values(bait: Kind, hand: Sequence[int], others: Sequence[Sequence[float]],
                round_no: int) -> list[float]:
    """Each kind's greedy value for a seat (``PLAYER_KINDS`` order; ``-inf`` for a
    kind it does not hold): expected point minus the card's cost
    (:func:`card_costs`) times its chance of being removed.

    Args:
        bait: the round's bait; hand: the seat's counts; others: each other seat's
            chances (see :func:`presence`); round_no: 1-9.
    """
    sets = presence(others)
    costs = card_costs(round_no)
    table = OUTCOMES[bait]
    values = []
    for i, c in enumerate(hand):
        if c <= 0:
            values.append(-math.inf)
            continue
        row = table[i]
        v = 0.0
        for mask, p in sets.items():
            point, gone = row[mask]
            v += p * (point - costs[i] if gone else point)
        values.append(v)
    return values


def softmax(values: Sequence[float], temperature: float) -> list[float]:
    """Weights ``exp(value / temperature)`` normalized (``-inf``: weight 0)."""
    top = max(values)
    ex = [math.exp((v - top) / temperature) if v > -math.inf else 0.0 for v in values]
    total = sum(ex)
    return [e / total for e in ex]


def level_one(bait: Kind, hands: Sequence[tuple[int, ...]], seat: int,
              round_no: int) -> tuple[float, ...]:
    """``seat`` playing like greedy with doubt: each kind with weight ``exp(value /
    MODEL_TEMPERATURE)`` of its :func:`card_values` against uniformly random others."""
    key = (bait, round_no, tuple(hands), seat)
    cached = _LEVEL_ONE_CACHE.get(key)
    if cached is not None:
        return cached
    others = [uniform(h) for j, h in enumerate(hands) if j != seat and any(h)]
    out = tuple(softmax(card_values(bait, hands[seat], others, round_no), MODEL_TEMPERATURE))
    if len(_LEVEL_ONE_CACHE) > 20_000:
        _LEVEL_ONE_CACHE.clear()
    _LEVEL_ONE_CACHE[key] = out
    return out


_LEVEL_ONE_CACHE: dict[tuple[Any, ...], tuple[float, ...]] = {}


def model(bait: Kind, hands: Sequence[tuple[int, ...]], seat: int,
          round_no: int) -> tuple[float, ...]:
    """How the expert expects ``seat`` to choose this round, from public facts
    only: :func:`level_one`, a greedy player with doubt.

    Returns:
        The chance of each kind, ``PLAYER_KINDS`` order.
    """
    return level_one(bait, hands, seat, round_no)


#: Regret-matching iterations for :func:`duel_equilibrium`.
DUEL_ITERATIONS: int = 300

_DUEL_CACHE: dict[tuple[Any, ...], tuple[tuple[float, ...], tuple[float, ...]]] = {}


def duel_equilibrium(bait: Kind, mine: Sequence[int], theirs: Sequence[int],
                     round_no: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """An equilibrium of the round between two seats as a zero-sum game: each
    seat's point less what its lost card costs (:func:`card_costs`), minus the
    same for the other seat (regret matching+, :data:`DUEL_ITERATIONS` rounds,
    the averaged strategies).

    Args:
        bait: the round's bait; mine, theirs: the two public hands; round_no: 1-9.

    Returns:
        (my chances, their chances), each over ``PLAYER_KINDS``.
    """
    key = (bait, round_no, tuple(mine), tuple(theirs))
    cached = _DUEL_CACHE.get(key)
    if cached is not None:
        return cached
    costs = card_costs(round_no)
    table = OUTCOMES[bait]
    rows = [i for i in range(_N) if mine[i] > 0]
    cols = [j for j in range(_N) if theirs[j] > 0]

    def gain(i: int, j: int) -> float:
        point, gone = table[i][1 << j]
        return point - (costs[i] if gone else 0.0)

    pay = [[gain(i, j) - gain(j, i) for j in cols] for i in rows]
    reg_r, reg_c = [0.0] * len(rows), [0.0] * len(cols)
    avg_r, avg_c = [0.0] * len(rows), [0.0] * len(cols)
    for t in range(1, DUEL_ITERATIONS + 1):
        pr = _regret_policy(reg_r)
        pc = _regret_policy(reg_c)
        vr = [sum(u * q for u, q in zip(row, pc, strict=True)) for row in pay]
        vc = [-sum(pay[a][b] * pr[a] for a in range(len(rows))) for b in range(len(cols))]
        er = sum(p * v for p, v in zip(pr, vr, strict=True))
        ec = sum(p * v for p, v in zip(pc, vc, strict=True))
        reg_r = [max(r + v - er, 0.0) for r, v in zip(reg_r, vr, strict=True)]
        reg_c = [max(r + v - ec, 0.0) for r, v in zip(reg_c, vc, strict=True)]
        avg_r = [a + t * p for a, p in zip(avg_r, pr, strict=True)]
        avg_c = [a + t * p for a, p in zip(avg_c, pc, strict=True)]
    out_r, out_c = [0.0] * _N, [0.0] * _N
    zr, zc = sum(avg_r), sum(avg_c)
    for k, i in enumerate(rows):
        out_r[i] = avg_r[k] / zr
    for k, j in enumerate(cols):
        out_c[j] = avg_c[k] / zc
    result = (tuple(out_r), tuple(out_c))
    if len(_DUEL_CACHE) > 5_000:
        _DUEL_CACHE.clear()
    _DUEL_CACHE[key] = result
    return result


def _regret_policy(regrets: Sequence[float]) -> list[float]:
    total = sum(regrets)
    if total <= 0:
        return [1.0 / len(regrets)] * len(regrets)
    return [r / total for r in regrets]


def win_chances(scores: Sequence[float], hands: Sequence[Sequence[int]],
                rounds_left: int) -> list[float]:
    """Estimated chance of each seat to win from here (they sum to 1).

    Each seat's expected final score is its points plus what its hand may still
    bring (:data:`HOLD_WORTH` per card and round left); the chances are a softmax
    of those with a spread growing as the square root of the rounds left
    (:data:`ROUND_SPREAD`); with no round left, the leaders share.
    """
    if rounds_left <= 0:
        top = max(scores)
        winners = [1.0 if s == top else 0.0 for s in scores]
        n = sum(winners)
        return [w / n for w in winners]
    w0, w1, w2, w3, w4, w5 = (HOLD_WORTH[k] for k in PLAYER_KINDS)
    expected = [s + rounds_left * (w0 * h[0] + w1 * h[1] + w2 * h[2] + w3 * h[3]
                                   + w4 * h[4] + w5 * h[5])
                for s, h in zip(scores, hands, strict=True)]
    return softmax(expected, ROUND_SPREAD * math.sqrt(rounds_left))
