"""Sampling hidden cards the way players keep them, for the expert's search.

:func:`deal` is Sea Salt & Paper's :class:`~seasalt.core.heuristics.DealModel`: a
full state consistent with a seat's view, like
:func:`seasalt.ssp.view.determinize`, but with each opponent's unknown hand
cards drawn as a player would have kept them rather than uniformly:

* each unknown card is the better of two unseen cards (R4.1: a draw two keeps one
  and discards the other), a card that would make a duo pair with the hand being
  passed over (R4.2: a player plays its duos, so an unplayed pair is unlikely)
  (:func:`seasalt.ssp.planner.keep_better`);
* while no round end has been called, a guess that gives an opponent 7 card points
  or more is drawn again with chance :data:`REDRAW_CHANCE` (up to
  :data:`REDRAWS` times): such a hand could have ended the round (R4.3) and did not.

Only cards the seat has never seen move: cards known to be in a hand (taken from a
discard pile, R5), the piles, the fronts and a pending draw stay as the view
says, so ``view(deal(v), v.seat) == v``. Uniform deals gave an opponent 1.27
card points less than the truth at Hard's end decisions; guessing as players keep
cards, about half that.
"""

from __future__ import annotations

import random

from seasalt.ssp.gamestate import Call, State
from seasalt.ssp.planner import keep_better, unseen_cards
from seasalt.ssp.scoring import card_points
from seasalt.ssp.view import View, determinize

#: Chance that a guessed hand of 7 card points or more is drawn again while the round
#: goes on (its holder would usually have ended the round).
REDRAW_CHANCE: float = 0.7
#: At most this many new draws of one opponent's hand.
REDRAWS: int = 2


def deal(view: View, rng: random.Random) -> State:
    """A full state consistent with ``view``, hidden hand cards guessed as kept.

    Args:
        view: a seat's view (not a spectator's).
        rng: the random source (the only one used).

    Returns:
        A new state the caller owns (no log), with ``view(state, view.seat)`` equal
        to ``view``.

    Raises:
        ValueError: ``view`` is a spectator's view or is inconsistent (as
            :func:`~seasalt.ssp.view.determinize`).
    """
    s = determinize(view, rng)
    seat = view.seat
    assert seat is not None
    free = set(unseen_cards(view))
    pool = list(s.draw)
    redraw: list[tuple[int, int]] = []  # (opponent, unknown cards in its hand)
    for h in range(view.n_players):
        if h == seat or view.revealed[h]:
            continue
        unknown = [c for c in s.hands[h] if c in free]
        if unknown:
            s.hands[h] = [c for c in s.hands[h] if c not in free]
            pool.extend(unknown)
            redraw.append((h, len(unknown)))
    if not redraw:
        return s
    rng.shuffle(pool)
    open_round = s.call == Call.NONE
    rng.shuffle(redraw)
    for h, count in redraw:
        front = s.fronts[h]
        for attempt in range(REDRAWS + 1):
            hand, trial = list(s.hands[h]), pool[:]
            for _ in range(count):
                keep_better(hand, front, trial)
            if (open_round and attempt < REDRAWS and card_points(hand, front) >= 7
                    and rng.random() < REDRAW_CHANCE):
                rng.shuffle(pool)
                continue
            break
        s.hands[h], pool = hand, trial
    rng.shuffle(pool)
    s.draw = pool
    return s
