"""What Sea Salt & Paper's cards and totals are worth to the bots: a hand's card points
and promise (:func:`hand_value`, :func:`card_gains`), the Extra Pepper events that
apply to a seat (:func:`view_effects`) and each seat's chance to win from the game
totals (:func:`win_chances`).

Shared by the greedy policy (:mod:`seasalt.ssp.strategy.greedy`), the planner
(:mod:`seasalt.ssp.strategy.planner`) and the expert's rollouts
(:mod:`seasalt.ssp.strategy.heuristics`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from seasalt.ssp.cards import COLOUR_OF, KIND_OF, N_COLOURS, N_KINDS, Kind, parse_event
from seasalt.ssp.scoring import (
    OCTOPUS_POINTS,
    PENGUIN_POINTS,
    SAILOR_POINTS,
    SHELL_POINTS,
    event_mask,
)
from seasalt.ssp.view import View

# plain ints: indexing a list with an IntEnum member is about twice as slow
_CRAB, _BOAT, _FISH, _SWIMMER, _SHARK, _MERMAID = (
    int(k) for k in (Kind.CRAB, Kind.BOAT, Kind.FISH, Kind.SWIMMER, Kind.SHARK, Kind.MERMAID))
_SHELL, _OCTOPUS, _PENGUIN, _SAILOR = (
    int(k) for k in (Kind.SHELL, Kind.OCTOPUS, Kind.PENGUIN, Kind.SAILOR))
_LIGHTHOUSE, _SHOAL, _COLONY, _CAPTAIN = (
    int(k) for k in (Kind.LIGHTHOUSE, Kind.SHOAL_OF_FISH, Kind.PENGUIN_COLONY, Kind.CAPTAIN))

#: Expected points a round adds to a player's total, for :func:`win_chances` (points).
ROUND_POINTS: float = 7.0
#: Spread of one round's score difference, for :func:`win_chances` (points).
ROUND_SPREAD: float = 8.0
#: Weight of a card's promise against its card points when choosing a card in
#: rollouts (:func:`card_gains`). Racing to 7 card points matters most: tuned
#: against the greedy bot, weights 0.05-0.15 did best, 0.3 and more much worse.
PROMISE_WEIGHT: float = 0.1


def _counts(hand: Sequence[int], front: Sequence[int]) -> tuple[list[int], list[int], list[int]]:
    """(kinds in hand, kinds in hand and front, colours in hand and front)."""
    hk = [0] * N_KINDS
    col = [0] * N_COLOURS
    for c in hand:
        hk[KIND_OF[c]] += 1
        col[COLOUR_OF[c]] += 1
    ak = hk[:]
    for c in front:
        ak[KIND_OF[c]] += 1
        col[COLOUR_OF[c]] += 1
    return hk, ak, col


def _value(hk: list[int], ak: list[int], col: list[int], front_duos: int) -> tuple[int, float]:
    """(card points, promise) from counts (see :func:`_counts`): the card points
    are R7.1 exactly as :func:`seasalt.ssp.scoring.card_points` computes them; the
    promise is the bonus part of :func:`hand_value`."""
    swimmers, sharks = hk[_SWIMMER], hk[_SHARK]
    points = (front_duos + hk[_CRAB] // 2 + hk[_BOAT] // 2 + hk[_FISH] // 2
              + (swimmers if swimmers < sharks else sharks))
    m = ak[_MERMAID]
    if m:
        points += sum(sorted(col, reverse=True)[:m])
    shells, octopuses, penguins, sailors = ak[_SHELL], ak[_OCTOPUS], ak[_PENGUIN], ak[_SAILOR]
    if shells:
        points += SHELL_POINTS[shells if shells < 6 else 6]
    if octopuses:
        points += OCTOPUS_POINTS[octopuses if octopuses < 5 else 5]
    if penguins:
        points += PENGUIN_POINTS[penguins if penguins < 3 else 3]
        if ak[_COLONY]:
            points += ak[_COLONY] * 2 * penguins
    if sailors:
        points += SAILOR_POINTS[sailors if sailors < 2 else 2]
        if ak[_CAPTAIN]:
            points += ak[_CAPTAIN] * 3 * sailors
    if ak[_LIGHTHOUSE]:
        points += ak[_LIGHTHOUSE] * ak[_BOAT]
    if ak[_SHOAL]:
        points += ak[_SHOAL] * ak[_FISH]
    pot = 0.4 * ((hk[_CRAB] & 1) + (hk[_BOAT] & 1) + (hk[_FISH] & 1)
                 + (hk[_SWIMMER] != hk[_SHARK]))
    if ak[_SHELL] == 1:
        pot += 0.8
    if ak[_OCTOPUS] == 1:
        pot += 1.0
    if ak[_SAILOR] == 1:
        pot += 2.0 if ak[_CAPTAIN] else 1.2
    if ak[_LIGHTHOUSE] and not ak[_BOAT]:
        pot += 0.5
    if ak[_SHOAL] and not ak[_FISH]:
        pot += 0.5
    if ak[_COLONY] and not ak[_PENGUIN]:
        pot += 0.8
    if ak[_CAPTAIN] and not ak[_SAILOR]:
        pot += 0.8
    return points, pot + 0.5 * m + 0.2 * max(col)


def hand_value(hand: Sequence[int], front: Sequence[int]) -> float:
    """Card points plus the promise of unfinished sets, for comparing cards.

    Args:
        hand: card ids in hand; front: card ids in front (duos as pairs).

    Returns:
        R7.1 card points plus small bonuses (points, fractional) for a lone duo
        card or an odd Swimmer/Shark, a first Shell, Octopus or Sailor, a
        multiplier with nothing to multiply yet, each Mermaid (worth more as
        colours grow) and the largest colour (the R6.4 bonus of LAST CHANCE).
    """
    points, promise = _value(*_counts(hand, front), len(front) // 2)
    return points + promise


def card_gains(hand: Sequence[int], front: Sequence[int], cards: Sequence[int],
               promise_weight: float = PROMISE_WEIGHT) -> list[float]:
    """How much each of ``cards`` would add to ``hand``, for choosing a card.

    Args:
        hand, front: the player's cards (ids); cards: candidates (ids).
        promise_weight: weight of the promise part of :func:`hand_value`
            against card points (1.0 gives exactly the :func:`hand_value` gain).

    Returns:
        One float per card, same order: card points gained (R7.1) plus
        ``promise_weight`` times the promise gained. Counts the hand once.
    """
    hk, ak, col = _counts(hand, front)
    fd = len(front) // 2
    base_p, base_q = _value(hk, ak, col, fd)
    out = []
    for c in cards:
        k, co = KIND_OF[c], COLOUR_OF[c]
        hk[k] += 1
        ak[k] += 1
        col[co] += 1
        p, q = _value(hk, ak, col, fd)
        out.append(p - base_p + promise_weight * (q - base_q))
        hk[k] -= 1
        ak[k] -= 1
        col[co] -= 1
    return out


def view_effects(view: View) -> int:
    """The Extra Pepper events that apply to the view's seat (table event and
    held events, B.1) as an event mask; 0 without Extra Pepper."""
    if view.seat is None or view.table_event is None:
        return 0
    names = [view.table_event, *(view.held_events[view.seat] if view.held_events else ())]
    return event_mask(parse_event(n) for n in names)


def win_chances(scores: Sequence[int], target: int) -> list[float]:
    """Estimated chance of each seat to win the game from these totals.

    A softmax of the totals whose temperature shrinks as the leader nears the
    target: ``ROUND_SPREAD * sqrt(rounds left)`` with rounds left estimated as
    ``(target - best) / ROUND_POINTS`` (at least 0.25).

    Args:
        scores: game totals, seat order (points).
        target: the game's target (points, R2).

    Returns:
        One probability per seat, summing to 1.
    """
    best = max(scores)
    rounds = max(0.25, (target - best) / ROUND_POINTS)
    temp = ROUND_SPREAD * math.sqrt(rounds)
    ex = [math.exp((x - best) / temp) for x in scores]
    total = sum(ex)
    return [e / total for e in ex]
