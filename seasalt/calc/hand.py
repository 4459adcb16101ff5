"""One player's cards scored from their names, the calculator's shortest way in: what
``seasalt score`` and the public ``seasalt.score`` do with cards written as on the
table (R1 notation, ``"crab:dark-blue"``), by the engine's one scorer
(:func:`seasalt.ssp.scoring.breakdown`). A whole game's score table is
:class:`seasalt.calc.Calculator`.
"""

from __future__ import annotations

from collections.abc import Iterable

from seasalt.ssp.cards import ALL_CARDS, parse_cards, parse_event
from seasalt.ssp.scoring import Breakdown, breakdown


def score(hand: Iterable[str], front: Iterable[str] = (), *,
          events: Iterable[str] = ()) -> Breakdown:
    """Score one player's cards at a round's end.

    Args:
        hand: the cards in hand, each ``"type:colour"`` (``"mermaid:white"``,
            ``"Shoal of Fish:grey"``; case, spaces and underscores as
            :func:`~seasalt.ssp.cards.parse_notation` reads them); a pair in hand
            scores as a duo (R7.1), so in the base game every card may be given here.
        front: the cards played in front, duos as consecutive pairs, a trio's
            Starfish right after its pair (Extra Salt, A.6).
        events: the Extra Pepper events that apply to the player (the table's and
            those held), by name (``"kraken"``, ``"dance-of-the-shells"``, B.3).

    Returns:
        The :class:`~seasalt.ssp.scoring.Breakdown`: ``duos``, ``mermaids``,
        ``collectors``, ``multipliers``, their sum ``card_points`` (R7.1) and the
        ``colour_bonus`` (R6.4).

    Raises:
        InvalidCardError: a card that is not ``type:colour`` or that no card of the
            deck (Extra Salt's included, A.1) is, more copies of a card than the deck
            holds (hand and front counted together), or an unknown event.
    """
    hand, front = list(hand), list(front)
    ids = parse_cards([*hand, *front], ALL_CARDS)
    return breakdown(ids[: len(hand)], ids[len(hand):], [parse_event(e) for e in events])
