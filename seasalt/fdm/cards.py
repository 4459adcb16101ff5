"""The cards of Fruits de mer (docs/fruits-de-mer.md F1, F3) and the action codes.

A card is only its :class:`Kind`: the player cards of one colour are all alike,
so hands are counts by kind. An action is the :class:`Kind` a seat chooses to
play (F4); its code is the kind's value (``"tuna"``).

Kinds order themselves by the food chain, then Fisher, then Warden (``SEAWEED <
SHRIMP < ... < SHARK < FISHER < WARDEN``), not alphabetically: so ``sorted`` of
legal actions follows :data:`PLAYER_KINDS`, the hand order used everywhere.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from seasalt.core.errors import InvalidActionError


class Kind(StrEnum):
    """A card's kind (F1). The chain kinds first, in food-chain order (F3)."""

    SEAWEED = "seaweed"
    SHRIMP = "shrimp"
    MACKEREL = "mackerel"
    TUNA = "tuna"
    SHARK = "shark"
    FISHER = "fisher"
    WARDEN = "warden"

    @property
    def rank(self) -> int:
        """Position in ``SEAWEED, SHRIMP, MACKEREL, TUNA, SHARK, FISHER, WARDEN``."""
        return _RANK[self]

    # Kinds sort by rank (chain order, then Fisher, Warden), not as strings.
    def __lt__(self, other: Any) -> bool:
        if isinstance(other, Kind):
            return _RANK[self] < _RANK[other]
        return str.__lt__(self, other)

    def __le__(self, other: Any) -> bool:
        if isinstance(other, Kind):
            return _RANK[self] <= _RANK[other]
        return str.__le__(self, other)

    def __gt__(self, other: Any) -> bool:
        if isinstance(other, Kind):
            return _RANK[self] > _RANK[other]
        return str.__gt__(self, other)

    def __ge__(self, other: Any) -> bool:
        if isinstance(other, Kind):
            return _RANK[self] >= _RANK[other]
        return str.__ge__(self, other)


_RANK: dict[Kind, int] = {k: i for i, k in enumerate(Kind)}

#: F3: the food chain, prey first; each is eaten only by the next one.
CHAIN: tuple[Kind, ...] = (Kind.SEAWEED, Kind.SHRIMP, Kind.MACKEREL, Kind.TUNA, Kind.SHARK)

#: The kinds of a player's hand, in hand order (everywhere: hands, views, legal actions).
PLAYER_KINDS: tuple[Kind, ...] = (Kind.SHRIMP, Kind.MACKEREL, Kind.TUNA, Kind.SHARK,
                                  Kind.FISHER, Kind.WARDEN)

#: F1: the 7 cards of one colour, by kind (PLAYER_KINDS order).
HAND: Mapping[Kind, int] = {Kind.SHRIMP: 2, Kind.MACKEREL: 1, Kind.TUNA: 1, Kind.SHARK: 1,
                            Kind.FISHER: 1, Kind.WARDEN: 1}

#: Cards in a full hand (7).
HAND_SIZE: int = sum(HAND.values())

#: F1: the 12 bait cards (black).
BAIT_DECK: tuple[Kind, ...] = (Kind.SEAWEED,) * 4 + (Kind.SHRIMP,) * 4 + (Kind.MACKEREL,) * 4

#: The bait kinds, and their multiset as a Counter.
BAIT_KINDS: tuple[Kind, ...] = (Kind.SEAWEED, Kind.SHRIMP, Kind.MACKEREL)
BAIT_COUNTS: Counter[Kind] = Counter(BAIT_DECK)

#: F2: the rounds of a game: 9 bait cards are dealt, 3 are put away unseen.
ROUNDS: int = 9
UNUSED: int = len(BAIT_DECK) - ROUNDS

#: F1: the player colours; seat ``i`` plays colour ``COLOURS[i]``.
COLOURS: tuple[str, ...] = ("red", "yellow", "cyan", "green", "magenta")

#: 2-5 players (F2).
MIN_PLAYERS: int = 2
MAX_PLAYERS: int = len(COLOURS)

_PREDATOR: dict[Kind, Kind] = {CHAIN[i]: CHAIN[i + 1] for i in range(len(CHAIN) - 1)}


def predator(kind: Kind) -> Kind | None:
    """F3: the kind that eats ``kind`` (the next one in the chain), or ``None``
    for the Shark (eaten by nothing) and for Fisher and Warden (not in the chain)."""
    return _PREDATOR.get(kind)


def full_hand() -> dict[Kind, int]:
    """A new dict holding the 7 cards of one colour (F2), all :data:`PLAYER_KINDS` keys."""
    return dict(HAND)


def empty_counts() -> dict[Kind, int]:
    """A new dict of zero counts over :data:`PLAYER_KINDS`."""
    return dict.fromkeys(PLAYER_KINDS, 0)


def action_to_str(kind: Kind) -> str:
    """The action's code: the kind's value (``"tuna"``)."""
    return kind.value


def parse_action(text: str) -> Kind:
    """The player kind whose code is ``text`` exactly (``"tuna"``).

    Raises:
        InvalidActionError: ``text`` names no player card (Seaweed is bait only).
    """
    if not isinstance(text, str):
        raise InvalidActionError(f"an action is a card name, not {text!r}")
    try:
        kind = Kind(text)
    except ValueError:
        raise InvalidActionError(
            f"unknown action {text!r}: play one of "
            f"{', '.join(k.value for k in PLAYER_KINDS)}") from None
    if kind not in HAND:
        raise InvalidActionError(f"{text!r} is a bait card, not a player card (F1)")
    return kind
