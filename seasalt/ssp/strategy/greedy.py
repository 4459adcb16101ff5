"""Sea Salt & Paper's greedy policy for the bots: one step from a seat's view.

:func:`choose` takes the card that raises card points most (R7.1), plays every duo
whose effect can happen (R4.2) and announces STOP as soon as allowed (R4.3, R6.1). It
is the ``greedy`` bot (and Easy, with slips), and the planner
(:mod:`seasalt.ssp.strategy.planner`) leaves to it what it does not decide itself.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from seasalt.ssp.actions import STOP, Action, ActionKind
from seasalt.ssp.cards import KIND_OF, Kind
from seasalt.ssp.scoring import card_points
from seasalt.ssp.strategy.values import hand_value, view_effects
from seasalt.ssp.view import View

# plain ints: indexing a list with an IntEnum member is about twice as slow
_CRAB, _BOAT, _FISH = int(Kind.CRAB), int(Kind.BOAT), int(Kind.FISH)
_DRAW, _TAKE, _KEEP, _DUO, _PICK = (
    ActionKind.DRAW, ActionKind.TAKE, ActionKind.KEEP, ActionKind.DUO, ActionKind.PICK)


def _top(view: View, pile: int) -> int:
    """The top card of discard pile ``pile`` (1|2), which the caller knows is not empty."""
    top = view.piles[pile - 1].top
    assert top is not None
    return top


def _gain(hand: Sequence[int], front: Sequence[int], card: int,
          fx: int = 0) -> tuple[int, float]:
    """(card points gained, hand value gained) by adding ``card`` to ``hand``.

    ``fx``: the Extra Pepper events that apply to the player (an
    :func:`~seasalt.ssp.scoring.event_mask`), so that Kraken, Dance of the
    Shells, Tornado and Water Rodeo change what a card is worth (B.3).
    """
    more = [*hand, card]
    return (card_points(more, front, fx) - card_points(hand, front, fx),
            hand_value(more, front) - hand_value(hand, front))


def duo_rank(a: Action, draw_size: int, piles_nonempty: bool) -> int:
    """Preference rank of a duo whose effect can happen (lower first), or -1.

    Fish first (a card, maybe a new duo), then Crab, then Swimmer + Shark, then
    Boat last since it ends the turn (R4.2).
    """
    kind = KIND_OF[a.a]
    if kind == _FISH:
        return 0 if draw_size else -1
    if kind == _CRAB:
        return 1 if a.c > 0 else -1
    if kind == _BOAT:
        return 3 if (draw_size or piles_nonempty) else -1
    return 2 if a.c >= 0 else -1


def choose(view: View, legal: Sequence[Action], rng: random.Random, *,
           noise: float = 0.0) -> Action:
    """The greedy policy: one step, from the seat's view only.

    Draw step (R4.1): take the discard top that raises card points most if it
    raises them at all, else draw two; keep the better of two cards and
    cover the pile whose top is worth less to itself. Duos (R4.2): play
    every duo whose effect can happen (Fish, Crab, Swimmer + Shark, then
    Boat); a Crab searches the pile with the best known card and picks the
    best card; Swimmer + Shark robs the fullest hand. End (R4.3): STOP as
    soon as allowed; never LAST CHANCE.

    Args:
        view: the acting seat's view; legal: its legal actions (non-empty);
        rng: random source; noise: chance of a uniformly random action.

    Returns:
        One of ``legal``.

    Raises:
        ValueError: ``legal`` is empty.
    """
    if not legal:
        raise ValueError("no legal action to choose from")
    if len(legal) == 1:
        return legal[0]
    if noise and rng.random() < noise:
        return rng.choice(legal)
    seat = view.seat
    assert seat is not None
    hand, front = view.hand, view.fronts[seat]
    fx = view_effects(view)
    kind = legal[0].kind
    if view.phase == "draw":
        takes = [a for a in legal if a.kind == _TAKE]
        best = max(takes, key=lambda a: _gain(hand, front, _top(view, a.a), fx),
                   default=None)
        if best is not None and (_gain(hand, front, _top(view, best.a), fx)[0] > 0
                                 or legal[0].kind != _DRAW):
            return best
        return legal[0]
    if kind == _KEEP:
        card = max({a.a for a in legal}, key=lambda c: (_gain(hand, front, c, fx), -c))
        dests = [a for a in legal if a.a == card]
        if len(dests) == 1:
            return dests[0]
        # cover the pile whose top is worth less to this seat
        return min(dests, key=lambda a: _gain(hand, front, _top(view, a.b), fx))
    if kind == _PICK:
        return max(legal, key=lambda a: (_gain(hand, front, a.a, fx), -a.a))
    # play step
    nonempty = view.piles[0].size > 0 or view.piles[1].size > 0
    duos = [(r, a) for a in legal if a.kind == _DUO
            and (r := duo_rank(a, view.draw_size, nonempty)) >= 0]
    if duos:
        rank = min(r for r, _ in duos)
        options = [a for r, a in duos if r == rank]
        if rank == 1:  # Crab: the pile with the best card this seat can see
            return max(options, key=lambda a: max(
                (_gain(hand, front, c, fx) for c in view.piles[a.c - 1].candidates[-1:]),
                default=(0, 0.0)))
        if rank == 2:  # Swimmer + Shark: the fullest hand
            return max(options, key=lambda a: (view.hand_sizes[a.c], -a.c))
        return options[0]
    if STOP in legal:
        return STOP
    return legal[-1]
