"""What a Sea Salt & Paper seat has not seen, and guesses of hidden hands as players
keep cards, for the bots.

:func:`unseen_cards` is a seat's card memory (R5); :func:`keep_better` adds to a hand
the better of two unseen cards, passing over a card that would pair one in it (a
player keeps the better card of a draw two, R4.1, and plays its duos, R4.2). The
planner (:mod:`seasalt.ssp.strategy.planner`) guesses the opponents' hands with it
for its end decision, the expert's deals (:mod:`seasalt.ssp.strategy.deals`) for its
search.
"""

from __future__ import annotations

from collections.abc import Sequence

from seasalt.ssp.cards import KIND_OF, N_KINDS, Kind, deck_for
from seasalt.ssp.scoring import card_points
from seasalt.ssp.view import View

#: Card kinds that pair with a kind in a duo (R4.2).
_PARTNERS: dict[int, tuple[int, ...]] = {
    Kind.CRAB: (Kind.CRAB,), Kind.BOAT: (Kind.BOAT,), Kind.FISH: (Kind.FISH,),
    Kind.SWIMMER: (Kind.SHARK,), Kind.SHARK: (Kind.SWIMMER,)}


def unseen_cards(view: View) -> list[int]:
    """The cards the view's seat has not seen (R5): in the draw pile or hidden in a hand.

    Args:
        view: a seated view.

    Returns:
        Card ids, ascending: the deck of the game's options less the seat's hand,
        every card in front, every card known in a hand (``known``, ``in_hands``),
        every card that may be in a discard pile (``candidates``) and a pending
        draw's cards.
    """
    seen = set(view.hand)
    for front in view.fronts:
        seen.update(front)
    for known in view.known:
        seen.update(known)
    seen.update(view.in_hands)
    for pile in view.piles:
        seen.update(pile.candidates)
    seen.update(view.drawn)
    return [c for c in deck_for(view.options) if c not in seen]


def kind_counts(cards: Sequence[int]) -> list[int]:
    """How many of ``cards`` are of each kind (index: :class:`~seasalt.ssp.cards.Kind`)."""
    counts = [0] * N_KINDS
    for c in cards:
        counts[KIND_OF[c]] += 1
    return counts


def pairs_with(hand: Sequence[int], card: int) -> bool:
    """Whether ``card`` makes a duo pair with a card of ``hand`` (R4.2)."""
    partners = _PARTNERS.get(KIND_OF[card], ())
    return any(KIND_OF[c] in partners for c in hand)


def keep_better(hand: list[int], front: Sequence[int], pool: list[int]) -> None:
    """Add to ``hand`` the better of the next two cards of ``pool`` (a draw two, R4.1),
    as a player keeps them.

    A card that would pair one of the hand is passed over while another will do (a
    player plays its duos, R4.2); the card not kept goes to the bottom of ``pool``.

    Args:
        hand: card ids, extended in place by one card (none if ``pool`` is empty).
        front: the player's cards in front (ids), for card points.
        pool: the cards to draw from, drawn from its end; changed in place.
    """
    picks: list[int] = []
    tries = 0
    while len(picks) < 2 and pool and tries < 6:
        c = pool.pop()
        tries += 1
        if pairs_with(hand, c) and tries < 6:
            pool.insert(0, c)
            continue
        picks.append(c)
    if not picks:
        return
    keep = picks[0]
    if len(picks) == 2:
        a, b = picks
        keep, back = (a, b) if (card_points([*hand, a], front)
                                >= card_points([*hand, b], front)) else (b, a)
        pool.insert(0, back)
    hand.append(keep)
