"""The bot levels' mixed strategies in Fruits de mer, as functions of public facts.

Every level draws its card from a distribution over ``PLAYER_KINDS`` computed from
what every seat knows (the bait, the round, the baits revealed, the hands, which
are public: all start equal and every removal is revealed, and the scores), never
from another seat's pending choice. So a level is never one fixed card for one
situation, and its policy can be written down (the benchmarks' best responses
read it from here).

* **Easy** (:func:`easy_policy`): a quantal response, each card with weight
  ``exp(value / EASY_TEMPERATURE)`` of its :func:`~seasalt.fdm.strategy.values.card_values`
  against others choosing at random, mixed with ``noise`` of uniform chance.
* **Medium** (:func:`medium_policy`): the round's equilibrium after a few steps
  of regret matching (:data:`MEDIUM_ITERATIONS`), the others weighed alike,
  averaged with a soft best answer to it (:data:`MEDIUM_TEMPERATURE`): sensible
  and mixed, but not converged, so a player who reads it can gain on it.
* **Hard** (:func:`hard_policy`): heads-up, the solved game
  (:func:`seasalt.fdm.strategy.duel.equilibrium`); with 3-5 seats, the round's
  equilibrium on each seat's chance to win after the round
  (:func:`seasalt.fdm.strategy.win_round.win_equilibrium`).

**The round's equilibrium at 3-5 seats** (:func:`round_equilibrium`): the round
as a simultaneous game where each seat's payoff is its point less the worth of
the card it may lose (:func:`~seasalt.fdm.strategy.values.card_values`, what F5
depends on being the set of kinds the others play), solved by regret matching+
in self-play (linear averaging; Hart & Mas-Colell 2000, Tammelin 2014). With 3 or
more seats regret matching approaches a coarse correlated equilibrium, not a Nash
one, and a seat that deviates alone keeps a small gain. ``alternate`` (updating
the seats in turn, and the exact :func:`symmetric_equilibrium` when the seats are
alike) leaves a lone deviator about half that gain on this payoff, but more on its
chance to win (the payoff is that chance to first order only): Medium keeps the
simultaneous updates (``benchmarks/fdm_nash.py``). The payoff is a race: the
seat's own gain less the others' (:func:`relative_values`), their mean, or
weighed by their chance to win (``standing``,
:func:`~seasalt.fdm.strategy.values.win_chances`: the first-order change of the
seat's own chance to win; Hard's payoff until it played
:mod:`seasalt.fdm.strategy.win_round`, the chance to win itself).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from seasalt.fdm.cards import PLAYER_KINDS, Kind
from seasalt.fdm.strategy import win_round
from seasalt.fdm.strategy.matrix import solve
from seasalt.fdm.strategy.values import (
    OUTCOMES,
    card_costs,
    card_values,
    softmax,
    uniform,
)

_N = len(PLAYER_KINDS)

#: Easy's softness (points): a card with weight ``exp(value / EASY_TEMPERATURE)``.
EASY_TEMPERATURE: float = 0.15
#: Regret-matching steps of the converged first-order round equilibrium (3-4 seats;
#: Hard's before :mod:`seasalt.fdm.strategy.win_round`, kept for the benchmarks).
HARD_ITERATIONS: int = 200
#: The same with 5 seats.
HARD_ITERATIONS_FIVE: int = 120
#: Regret-matching steps of Medium's (unconverged) round equilibrium.
MEDIUM_ITERATIONS: int = 50
#: Medium's softness: its card with weight ``exp(value / MEDIUM_TEMPERATURE)`` of its
#: value against the others' unconverged equilibrium, averaged with that equilibrium.
MEDIUM_TEMPERATURE: float = 0.2

_CACHE: dict[tuple[Any, ...], tuple[tuple[float, ...], ...]] = {}


def _gains(bait: Kind, round_no: int) -> list[list[float]]:
    """``G[c][mask]``: a seat's point less the worth of its card if removed
    (:func:`~seasalt.fdm.strategy.values.card_costs`), when it plays kind ``c``
    and the others play exactly the kinds of ``mask`` (F5, :data:`OUTCOMES`)."""
    costs = card_costs(round_no)
    table = OUTCOMES[bait]
    return [[point - costs[c] if gone else float(point) for point, gone in table[c]]
            for c in range(_N)]


def relative_values(bait: Kind, hands: Sequence[tuple[int, ...]], seat: int,
                    dists: Sequence[Sequence[float]], round_no: int,
                    standing: Sequence[float] | None = None) -> list[float]:
    """Each kind's value to ``seat`` in the race (``PLAYER_KINDS`` order, ``-inf``
    for a kind it does not hold): its expected point less the worth of a lost
    card, less the mean of the same for the other seats holding cards, the others
    playing ``dists`` (independently).

    Args:
        bait, hands, round_no: the round; seat: the seat valued; dists: every
            seat's chances (``seat``'s own is not read); standing: per seat, the
            weight of its gains (the others' weighted mean instead of their mean).
    """
    active = [j for j, h in enumerate(hands) if any(h) or j == seat]
    return _race_values(_gains(bait, round_no), hands, dists, active, [seat],
                        standing)[seat]


def _presence(dists: Sequence[Sequence[float]]) -> list[tuple[int, float]]:
    """:func:`~seasalt.fdm.strategy.values.presence` as ``(mask, chance)`` pairs."""
    out = {0: 1.0}
    for dist in dists:
        nxt: dict[int, float] = {}
        support = [(1 << c, q) for c, q in enumerate(dist) if q > 0]
        for mask, p in out.items():
            for bit, q in support:
                m = mask | bit
                nxt[m] = nxt.get(m, 0.0) + p * q
        out = nxt
    return list(out.items())


def _race_values(gains: list[list[float]], hands: Sequence[tuple[int, ...]],
                 dists: Sequence[Sequence[float]], active: list[int],
                 seats: list[int], standing: Sequence[float] | None = None
                 ) -> dict[int, list[float]]:
    """:func:`relative_values` for each of ``seats`` at once (``active``: the seats
    holding cards), sharing what they have in common: each seat's expected gain by
    the kinds the others play, and the chances of the kinds played by every group
    of the other seats. With ``standing`` (per seat, a weight such as its chance to
    win), the others' gains are weighed by it instead of alike."""
    expected = {}  # j -> j's expected gain when the seats but j play the kinds of m
    for j in active:
        support = [(gains[c], q) for c, q in enumerate(dists[j]) if q > 0]
        expected[j] = [sum(q * row[m] for row, q in support) for m in range(1 << _N)]
    groups: dict[frozenset[int], list[tuple[int, float]]] = {}

    def without(seats_out: frozenset[int]) -> list[tuple[int, float]]:
        sets = groups.get(seats_out)
        if sets is None:
            sets = _presence([dists[k] for k in active if k not in seats_out])
            groups[seats_out] = sets
        return sets

    out: dict[int, list[float]] = {}
    for i in seats:
        held = hands[i]
        kinds = [a for a in range(_N) if held[a]]
        others = [j for j in active if j != i]
        values = [-math.inf] * _N
        own = without(frozenset((i,)))
        for a in kinds:
            row = gains[a]
            values[a] = sum(p * row[m] for m, p in own)
        if others:
            if standing is None:
                shares = {j: 1.0 / len(others) for j in others}
            else:
                total = sum(standing[j] for j in others)
                shares = {j: (standing[j] / total if total > 0 else 1.0 / len(others))
                          for j in others}
            for j in others:
                share = shares[j]
                h = expected[j]
                rest = without(frozenset((i, j)))
                for a in kinds:
                    bit = 1 << a
                    values[a] -= share * sum(p * h[m | bit] for m, p in rest)
        out[i] = values
    return out


#: Newton steps of :func:`symmetric_equilibrium` at most.
SYMMETRIC_STEPS: int = 30
#: A symmetric solution whose lone deviator gains more than this (points) is not
#: used: :func:`round_equilibrium` falls back to regret matching.
SYMMETRIC_TOLERANCE: float = 1e-4


def symmetric_equilibrium(gains: list[list[float]], hands: Sequence[tuple[int, ...]],
                          active: list[int], standing: Sequence[float] | None = None,
                          steps: int = SYMMETRIC_STEPS) -> tuple[list[float], float]:
    """A symmetric equilibrium of the round when every seat of ``active`` has the
    same hand (and standing): one strategy ``s`` that no seat beats by deviating
    alone while the others play it.

    Newton's method on the deviator's gain: at ``s``, each card's value against
    others playing ``s`` is linearized in the others' strategy (one other seat
    switching to card ``i``, times the number of others, less the double count), the
    zero-sum matrix game "a deviator picks its card, the field its new strategy"
    is solved exactly (:func:`seasalt.fdm.strategy.matrix.solve`), and ``s`` moves
    to the field's answer, halving the step until the deviator's gain falls.

    Args:
        gains: :func:`_gains` of the round; hands: every seat's hand; active: the
            seats holding cards (at least 2, all alike); standing: per seat, as in
            :func:`relative_values`; steps: Newton steps at most.

    Returns:
        ``(s, gain)``: the strategy over ``PLAYER_KINDS`` and what a lone deviator
        still gains on it (points; 0 at an exact equilibrium).
    """
    n = len(hands)
    me, other = active[0], active[1]
    held = [i for i in range(_N) if hands[me][i]]
    strat = list(uniform(hands[me]))

    def values(dists: list[Sequence[float]]) -> list[float]:
        return _race_values(gains, hands, dists, active, [me], standing)[me]

    def deviation(s: list[float]) -> tuple[float, list[float]]:
        base = values([s] * n)
        return max(base[a] for a in held) - sum(s[a] * base[a] for a in held), base

    error, base = deviation(strat)
    others = len(active) - 1
    for _ in range(steps):
        if error < 1e-9:
            break
        answers = []
        for i in held:
            dists: list[Sequence[float]] = [strat] * n
            dists[other] = [1.0 if k == i else 0.0 for k in range(_N)]
            answers.append(values(dists))
        matrix = [[others * col[a] - (others - 1) * base[a] for col in answers]
                  for a in held]
        _, _, field = solve(matrix)
        target = [0.0] * _N
        for c, i in enumerate(held):
            target[i] = field[c]
        step = 1.0
        while step > 1e-3:
            trial = [(1 - step) * p + step * q for p, q in zip(strat, target, strict=True)]
            trial_error, trial_base = deviation(trial)
            if trial_error < error:
                strat, error, base = trial, trial_error, trial_base
                break
            step /= 2
        else:
            break
    return strat, error


def round_equilibrium(bait: Kind, hands: Sequence[tuple[int, ...]], round_no: int,
                      iterations: int = HARD_ITERATIONS,
                      standing: Sequence[float] | None = None,
                      alternate: bool = False) -> tuple[tuple[float, ...], ...]:
    """Each seat's strategy in the round's equilibrium (see the module docstring).

    Args:
        bait: the round's bait; hands: every seat's public hand (``PLAYER_KINDS``
            counts; a seat with none plays nothing); round_no: 1-9; iterations:
            regret-matching steps; standing: per seat, the weight of its gains in
            the others' payoffs (``None``: alike; Hard: its chance to win);
            alternate: a nearer equilibrium of this payoff (not used by the levels,
            see the module docstring). When every seat holding cards has the same
            hand and standing, the exact symmetric equilibrium
            (:func:`symmetric_equilibrium`); otherwise every seat on its own,
            updated one after the other within a step, each answering the others'
            latest strategies, instead of all at once from the same ones (and
            alike seats together). On 30 sampled 4-seat positions a lone
            deviator's gain on the payoff is then 0.014 points a round after 100
            steps, against 0.029 after 200 simultaneous ones (5 seats, 80 steps:
            0.010 against 0.042 after 120; ``benchmarks/fdm_nash.py``).

    Returns:
        Per seat, its chances over ``PLAYER_KINDS`` (all 0 for a seat with no card).
    """
    key = (bait, round_no, tuple(hands), iterations, alternate,
           None if standing is None else tuple(round(w, 4) for w in standing))
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    n = len(hands)
    gains = _gains(bait, round_no)
    active = [j for j in range(n) if any(hands[j])]
    if alternate and len(active) > 1 and len(
            {(tuple(hands[j]), None if standing is None else standing[j])
             for j in active}) == 1:
        sym, error = symmetric_equilibrium(gains, hands, active, standing)
        if error <= SYMMETRIC_TOLERANCE:
            result = tuple(tuple(sym) if j in active else (0.0,) * _N for j in range(n))
            _CACHE[key] = result
            return result
    # seats with the same hand (and standing) play alike: solve each kind once
    def alike(j: int) -> tuple[Any, ...]:
        if alternate:
            return (j,)
        return (tuple(hands[j]), None if standing is None else standing[j])

    first: dict[tuple[Any, ...], int] = {}
    for j in active:
        first.setdefault(alike(j), j)
    reps = list(first.values())
    if alternate:  # every seat on its own: alike seats may settle apart
        first = {(j,): j for j in active}
        reps = list(active)
    strat = [list(uniform(h)) for h in hands]
    regret = [[0.0] * _N for _ in range(n)]
    total = [[0.0] * _N for _ in range(n)]
    # simultaneous updates (every seat from the same strategies) or, alternating,
    # one group of alike seats after the other, each answering the others' latest
    groups = [[k] for k in reps] if alternate else [reps]
    for t in range(1, iterations + 1):
        for group in groups:
            values = _race_values(gains, hands, strat, active, group, standing)
            for j in group:
                v, s, r, held = values[j], strat[j], regret[j], hands[j]
                ev = sum(s[i] * v[i] for i in range(_N) if held[i])
                for i in range(_N):
                    if held[i]:
                        r[i] = max(0.0, r[i] + v[i] - ev)
                    total[j][i] += t * s[i]
            for j in group:
                r, held = regret[j], hands[j]
                z = sum(r)
                strat[j] = [x / z for x in r] if z > 0 else list(uniform(held))
            for j in active:
                if j not in values:
                    strat[j] = strat[first[alike(j)]]
    out = []
    for j in range(n):
        src = total[first[alike(j)]] if j in active else [0.0] * _N
        z = sum(src)
        out.append(tuple(x / z for x in src) if z > 0 else (0.0,) * _N)
    result = tuple(out)
    if len(_CACHE) > 20_000:
        _CACHE.clear()
    _CACHE[key] = result
    return result


def easy_policy(bait: Kind, hands: Sequence[tuple[int, ...]], seat: int, round_no: int,
                noise: float = 0.0) -> list[float]:
    """Easy's (and greedy's) chances over ``PLAYER_KINDS``: a quantal response to
    others choosing at random (:data:`EASY_TEMPERATURE`), mixed with ``noise`` (0-1)
    of uniform chance over the kinds held."""
    others = [uniform(h) for j, h in enumerate(hands) if j != seat and any(h)]
    soft = softmax(card_values(bait, hands[seat], others, round_no), EASY_TEMPERATURE)
    flat = uniform(hands[seat])
    return [(1 - noise) * p + noise * q for p, q in zip(soft, flat, strict=True)]


def medium_policy(bait: Kind, hands: Sequence[tuple[int, ...]], seat: int,
                  round_no: int) -> list[float]:
    """Medium's chances over ``PLAYER_KINDS`` (see the module docstring)."""
    eq = round_equilibrium(bait, hands, round_no, MEDIUM_ITERATIONS)
    soft = softmax(relative_values(bait, hands, seat, eq, round_no), MEDIUM_TEMPERATURE)
    return [(p + q) / 2 for p, q in zip(soft, eq[seat], strict=True)]


def hard_policy(bait: Kind, hands: Sequence[tuple[int, ...]], seat: int, round_no: int,
                scores: Sequence[int] | None = None) -> list[float]:
    """Hard's chances over ``PLAYER_KINDS`` with 3-5 seats: its share of the round's
    equilibrium on the chance to win after the round, from ``scores`` (per seat;
    ``None``: all equal) and the hands
    (:func:`~seasalt.fdm.strategy.win_round.win_equilibrium`). Heads-up, Hard plays
    the solved game instead."""
    if scores is None:
        scores = [0] * len(hands)
    return list(win_round.win_equilibrium(bait, hands, scores, round_no)[seat])

