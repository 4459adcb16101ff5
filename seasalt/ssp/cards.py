"""The cards of Sea Salt & Paper as data (docs/rules.md R1).

Every physical card has a unique integer id (``0..57`` for the base game), a
:class:`Kind`, a :class:`Category` and a :class:`Colour`. The text notation is
``type:colour`` in lower case with hyphens, e.g. ``crab:dark-blue``; two copies
of the same type and colour share a notation but not an id.

Rules: R1 (card list, colours), R6.4 (Mermaids are white).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from seasalt.core.errors import InvalidCardError


class Kind(IntEnum):
    """Card types (R1), in the order of the rulebook's table."""

    CRAB = 0
    BOAT = 1
    FISH = 2
    SWIMMER = 3
    SHARK = 4
    MERMAID = 5
    SHELL = 6
    OCTOPUS = 7
    PENGUIN = 8
    SAILOR = 9
    LIGHTHOUSE = 10
    SHOAL_OF_FISH = 11
    PENGUIN_COLONY = 12
    CAPTAIN = 13
    # Extra Salt (docs/rules-expansions.md A.1)
    JELLYFISH = 14
    LOBSTER = 15
    CAST_OF_CRABS = 16
    STARFISH = 17
    SEAHORSE = 18

    @property
    def slug(self) -> str:
        """Notation form, e.g. ``shoal-of-fish``."""
        return self.name.lower().replace("_", "-")

    @property
    def title(self) -> str:
        """English display name, e.g. ``Shoal of Fish``."""
        return KIND_TITLES[self]


class Colour(IntEnum):
    """The 11 card colours (R1)."""

    DARK_BLUE = 0
    LIGHT_BLUE = 1
    BLACK = 2
    YELLOW = 3
    GREEN = 4
    WHITE = 5
    PURPLE = 6
    GREY = 7
    LIGHT_ORANGE = 8
    PINK = 9
    ORANGE = 10

    @property
    def slug(self) -> str:
        """Notation form, e.g. ``light-orange``."""
        return self.name.lower().replace("_", "-")

    @property
    def title(self) -> str:
        """English display name, e.g. ``light orange``."""
        return self.name.lower().replace("_", " ")


class Category(IntEnum):
    """Card categories (R1)."""

    DUO = 0
    MERMAID = 1
    COLLECTOR = 2
    MULTIPLIER = 3
    SPECIAL = 4
    """Starfish and Seahorse (Extra Salt, A.6, A.7)."""


KIND_TITLES: dict[Kind, str] = {
    Kind.CRAB: "Crab",
    Kind.BOAT: "Boat",
    Kind.FISH: "Fish",
    Kind.SWIMMER: "Swimmer",
    Kind.SHARK: "Shark",
    Kind.MERMAID: "Mermaid",
    Kind.SHELL: "Shell",
    Kind.OCTOPUS: "Octopus",
    Kind.PENGUIN: "Penguin",
    Kind.SAILOR: "Sailor",
    Kind.LIGHTHOUSE: "Lighthouse",
    Kind.SHOAL_OF_FISH: "Shoal of Fish",
    Kind.PENGUIN_COLONY: "Penguin Colony",
    Kind.CAPTAIN: "Captain",
    Kind.JELLYFISH: "Jellyfish",
    Kind.LOBSTER: "Lobster",
    Kind.CAST_OF_CRABS: "Cast of Crabs",
    Kind.STARFISH: "Starfish",
    Kind.SEAHORSE: "Seahorse",
}

CATEGORY_OF_KIND: dict[Kind, Category] = {
    Kind.CRAB: Category.DUO,
    Kind.BOAT: Category.DUO,
    Kind.FISH: Category.DUO,
    Kind.SWIMMER: Category.DUO,
    Kind.SHARK: Category.DUO,
    Kind.MERMAID: Category.MERMAID,
    Kind.SHELL: Category.COLLECTOR,
    Kind.OCTOPUS: Category.COLLECTOR,
    Kind.PENGUIN: Category.COLLECTOR,
    Kind.SAILOR: Category.COLLECTOR,
    Kind.LIGHTHOUSE: Category.MULTIPLIER,
    Kind.SHOAL_OF_FISH: Category.MULTIPLIER,
    Kind.PENGUIN_COLONY: Category.MULTIPLIER,
    Kind.CAPTAIN: Category.MULTIPLIER,
    Kind.JELLYFISH: Category.DUO,
    Kind.LOBSTER: Category.DUO,
    Kind.CAST_OF_CRABS: Category.MULTIPLIER,
    Kind.STARFISH: Category.SPECIAL,
    Kind.SEAHORSE: Category.SPECIAL,
}

C = Colour
#: R1's table: for each type, its colours with repetition, in a fixed order.
BASE_DECK_TABLE: tuple[tuple[Kind, tuple[Colour, ...]], ...] = (
    (Kind.CRAB, (C.DARK_BLUE, C.DARK_BLUE, C.LIGHT_BLUE, C.LIGHT_BLUE, C.YELLOW, C.YELLOW,
                 C.BLACK, C.GREEN, C.GREY)),
    (Kind.BOAT, (C.DARK_BLUE, C.DARK_BLUE, C.LIGHT_BLUE, C.LIGHT_BLUE, C.BLACK, C.BLACK,
                 C.YELLOW, C.YELLOW)),
    (Kind.FISH, (C.DARK_BLUE, C.DARK_BLUE, C.BLACK, C.BLACK, C.LIGHT_BLUE, C.YELLOW, C.GREEN)),
    (Kind.SWIMMER, (C.DARK_BLUE, C.LIGHT_BLUE, C.BLACK, C.YELLOW, C.LIGHT_ORANGE)),
    (Kind.SHARK, (C.DARK_BLUE, C.LIGHT_BLUE, C.BLACK, C.GREEN, C.PURPLE)),
    (Kind.MERMAID, (C.WHITE, C.WHITE, C.WHITE, C.WHITE)),
    (Kind.SHELL, (C.DARK_BLUE, C.LIGHT_BLUE, C.BLACK, C.YELLOW, C.GREEN, C.GREY)),
    (Kind.OCTOPUS, (C.LIGHT_BLUE, C.YELLOW, C.GREEN, C.PURPLE, C.GREY)),
    (Kind.PENGUIN, (C.PURPLE, C.LIGHT_ORANGE, C.PINK)),
    (Kind.SAILOR, (C.PINK, C.ORANGE)),
    (Kind.LIGHTHOUSE, (C.PURPLE,)),
    (Kind.SHOAL_OF_FISH, (C.GREY,)),
    (Kind.PENGUIN_COLONY, (C.GREEN,)),
    (Kind.CAPTAIN, (C.LIGHT_ORANGE,)),
)
#: docs/rules-expansions.md A.1: the 8 Extra Salt cards (ids 58..65).
EXTRA_SALT_TABLE: tuple[tuple[Kind, tuple[Colour, ...]], ...] = (
    (Kind.JELLYFISH, (C.PURPLE, C.PINK)),
    (Kind.LOBSTER, (C.BLACK,)),
    (Kind.CAST_OF_CRABS, (C.GREEN,)),
    (Kind.STARFISH, (C.DARK_BLUE, C.LIGHT_BLUE, C.YELLOW)),
    (Kind.SEAHORSE, (C.WHITE,)),
)
del C


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One physical card.

    Attributes:
        id: unique integer id: ``0..57`` for the base game (R1 table order),
            ``58..65`` for Extra Salt (A.1 table order).
        kind: the card's type.
        colour: the card's colour (Mermaids are white, R6.4).
    """

    id: int
    kind: Kind
    colour: Colour

    @property
    def category(self) -> Category:
        """Duo, mermaid, collector, multiplier or special (R1, A.1)."""
        return CATEGORY_OF_KIND[self.kind]

    @property
    def notation(self) -> str:
        """``type:colour``, e.g. ``crab:dark-blue`` (R1)."""
        return f"{self.kind.slug}:{self.colour.slug}"

    @property
    def title(self) -> str:
        """Human name, e.g. ``Crab (dark blue)``."""
        return f"{self.kind.title} ({self.colour.title})"

    def __str__(self) -> str:
        return self.notation


def _build_cards() -> tuple[Card, ...]:
    cards: list[Card] = []
    for kind, colours in BASE_DECK_TABLE + EXTRA_SALT_TABLE:
        for colour in colours:
            cards.append(Card(len(cards), kind, colour))
    return tuple(cards)


#: Every card, indexed by id.
CARDS: tuple[Card, ...] = _build_cards()
#: Ids of the 58 base-game cards.
BASE_DECK: tuple[int, ...] = tuple(range(58))
#: Ids of the 8 Extra Salt cards (A.1).
EXTRA_SALT_CARDS: tuple[int, ...] = tuple(range(58, 66))
#: Every card id of the base game and Extra Salt (what the score calculator accepts).
ALL_CARDS: tuple[int, ...] = BASE_DECK + EXTRA_SALT_CARDS
#: Fast lookup tables for the engine: kind and colour (as ints) of each card id.
KIND_OF: tuple[int, ...] = tuple(int(c.kind) for c in CARDS)
COLOUR_OF: tuple[int, ...] = tuple(int(c.colour) for c in CARDS)
N_KINDS: int = len(Kind)
N_COLOURS: int = len(Colour)

_KIND_BY_SLUG: dict[str, Kind] = {k.slug: k for k in Kind}
_COLOUR_BY_SLUG: dict[str, Colour] = {c.slug: c for c in Colour}


def parse_notation(text: str) -> tuple[Kind, Colour]:
    """Parse ``type:colour`` (R1 notation) into a kind and a colour.

    Case and surrounding spaces are ignored; spaces or underscores inside a
    name are read as hyphens (``"Shoal of Fish:grey"`` works).

    Args:
        text: e.g. ``"crab:dark-blue"``.

    Returns:
        ``(kind, colour)``.

    Raises:
        InvalidCardError: not of the form ``type:colour``, an unknown type or
            colour, or a type/colour pair that no card of the deck has.
    """
    norm = text.strip().lower().replace("_", "-").replace(" ", "-")
    kind_s, sep, colour_s = norm.partition(":")
    if not sep:
        raise InvalidCardError(f"bad card {text!r}: expected type:colour, e.g. crab:dark-blue")
    kind = _KIND_BY_SLUG.get(kind_s)
    if kind is None:
        raise InvalidCardError(f"bad card {text!r}: unknown type {kind_s!r}")
    colour = _COLOUR_BY_SLUG.get(colour_s)
    if colour is None:
        raise InvalidCardError(f"bad card {text!r}: unknown colour {colour_s!r}")
    if not any(c.kind == kind and c.colour == colour for c in CARDS):
        raise InvalidCardError(f"bad card {text!r}: no {kind.slug} card is {colour.slug}")
    return kind, colour


def parse_cards(texts: Iterable[str], deck: Iterable[int] = BASE_DECK) -> list[int]:
    """Turn notations into distinct card ids, one physical card per notation.

    Args:
        texts: notations such as ``["crab:dark-blue", "crab:dark-blue"]``.
        deck: the ids available (default: the base deck, R1).

    Returns:
        Card ids, in input order; repeated notations take successive copies.

    Raises:
        InvalidCardError: an unknown card, or more copies of a card than the
            deck holds (the message names the card).
    """
    free: dict[tuple[Kind, Colour], list[int]] = {}
    for cid in deck:
        card = CARDS[cid]
        free.setdefault((card.kind, card.colour), []).append(cid)
    for ids in free.values():
        ids.reverse()
    out: list[int] = []
    for text in texts:
        key = parse_notation(text)
        left = free.get(key)
        if not left:
            total = sum(1 for c in deck if (CARDS[c].kind, CARDS[c].colour) == key)
            raise InvalidCardError(
                f"too many {key[0].slug}:{key[1].slug}: the deck holds {total}"
            )
        out.append(left.pop())
    return out


def deck_for(options: Mapping[str, Any] | None) -> tuple[int, ...]:
    """The card ids a game uses: the base deck, plus Extra Salt's 8 cards when
    ``options["extra_salt"]`` is true (66 cards, A.1)."""
    if options and options.get("extra_salt"):
        return ALL_CARDS
    return BASE_DECK


def card(cid: int) -> Card:
    """The :class:`Card` with id ``cid``.

    Raises:
        InvalidCardError: no card has that id.
    """
    if not 0 <= cid < len(CARDS):
        raise InvalidCardError(f"no card has id {cid}")
    return CARDS[cid]


# --------------------------------------------------------------------------- duos in front

#: Valid duos (R4.2, Extra Salt A.2) as unordered kind pairs -> effect name.
DUO_EFFECTS: dict[frozenset[int], str] = {
    frozenset((Kind.CRAB,)): "crab",
    frozenset((Kind.BOAT,)): "boat",
    frozenset((Kind.FISH,)): "fish",
    frozenset((Kind.SWIMMER, Kind.SHARK)): "steal",
    frozenset((Kind.CRAB, Kind.LOBSTER)): "lobster",
    frozenset((Kind.SWIMMER, Kind.JELLYFISH)): "jellyfish",
}
#: Extra Pepper B.3.3 Water Rodeo: two more duos for a player with the effect.
RODEO_EFFECTS: dict[frozenset[int], str] = {
    frozenset((Kind.SWIMMER,)): "swap",
    frozenset((Kind.SHARK,)): "steal-pair",
}


def duo_effect(a: int, b: int) -> str | None:
    """The effect name of cards ``a`` and ``b`` played as a duo (R4.2, A.2, B.3.3):
    ``crab boat fish steal lobster jellyfish swap steal-pair``, or ``None`` when the
    two cards make no duo."""
    pair = frozenset((KIND_OF[a], KIND_OF[b]))
    return DUO_EFFECTS.get(pair) or RODEO_EFFECTS.get(pair)


def front_groups(front: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Cards in front as the groups they were played in (R4.2, Extra Salt A.6).

    Args:
        front: a seat's cards in front, in the order placed: each duo as two
            consecutive ids, a trio's Starfish right after its pair.

    Returns:
        One tuple per duo (2 ids) or trio (3 ids, the Starfish last), in the
        order placed, e.g. ``((0, 1), (20, 31, 60))``. This is the one reading
        of a front: the state (stealable duos), the view, the page and the
        terminal all use it.
    """
    groups: list[tuple[int, ...]] = []
    i, m = 0, len(front)
    while i < m:
        if i + 2 < m and KIND_OF[front[i + 2]] == Kind.STARFISH:
            groups.append(tuple(front[i:i + 3]))
            i += 3
        else:
            groups.append(tuple(front[i:i + 2]))
            i += 2
    return tuple(groups)


# --------------------------------------------------------------------------- Extra Pepper


class Event(IntEnum):
    """The 12 Extra Pepper event cards (docs/rules-expansions.md B.2), in the table's order."""

    HERMIT_CRAB = 0
    SUNFISH = 1
    WATER_RODEO = 2
    DANCE_OF_THE_SHELLS = 3
    KRAKEN = 4
    TORNADO = 5
    DANCE_OF_THE_MERMAIDS = 6
    TREASURE_CHEST = 7
    DIODON_FISH = 8
    ANGELFISH = 9
    DOLPHINS = 10
    CORAL_REEF = 11

    @property
    def slug(self) -> str:
        """Notation form, e.g. ``dance-of-the-shells``."""
        return self.name.lower().replace("_", "-")

    @property
    def title(self) -> str:
        """English display name, e.g. ``Dance of the Shells``."""
        return EVENT_INFO[self][1]

    @property
    def most(self) -> bool:
        """B.2: handed to the player with the most points (else the fewest)."""
        return EVENT_INFO[self][0]

    @property
    def text(self) -> str:
        """The rule in one or two English sentences (B.3)."""
        return EVENT_INFO[self][2]


#: B.2/B.3: per event, (goes to the most points?, title, rule text).
EVENT_INFO: dict[Event, tuple[bool, str, str]] = {
    Event.HERMIT_CRAB: (False, "Hermit Crab",
                        "A Crab + Crab duo takes one card from each discard pile "
                        "(pile 1, then pile 2) instead of one."),
    Event.SUNFISH: (False, "Sunfish",
                    "A Fish + Fish duo adds the top two cards of the draw pile to your "
                    "hand instead of one."),
    Event.WATER_RODEO: (False, "Water Rodeo",
                        "Swimmer + Swimmer (swap a card with an opponent after looking at "
                        "their hand) and Shark + Shark (steal a placed duo) are duos; such "
                        "pairs in hand score 1 point each."),
    Event.DANCE_OF_THE_SHELLS: (False, "Dance of the Shells", "Each Shell is worth 2 points."),
    Event.KRAKEN: (True, "Kraken", "Each Octopus is worth 1 point."),
    Event.TORNADO: (True, "Tornado",
                    "Mermaids score 0 points (they still count as white cards and "
                    "still win the game)."),
    Event.DANCE_OF_THE_MERMAIDS: (False, "Dance of the Mermaids",
                                  "3 Mermaids are enough to win the game at once."),
    Event.TREASURE_CHEST: (True, "Treasure Chest",
                           "You need 10 card points to announce STOP or LAST CHANCE."),
    Event.DIODON_FISH: (True, "Diodon Fish",
                        "You may not announce STOP (LAST CHANCE is still allowed)."),
    Event.ANGELFISH: (False, "Angelfish",
                      "At the end of your turn, if both discard tops have the same colour, "
                      "you may take one of them."),
    Event.DOLPHINS: (False, "Dolphins",
                     "When the card you discard after drawing two is a collector or the "
                     "Seahorse, add the top card of the draw pile to your hand."),
    Event.CORAL_REEF: (False, "Coral Reef",
                       "Once per round, place a Shell from your hand face down: you are "
                       "protected from attacks until the end of the round."),
}

#: Events the engine implements; only these are shuffled into the event deck.
IMPLEMENTED_EVENTS: tuple[Event, ...] = tuple(Event)

_EVENT_BY_SLUG: dict[str, Event] = {e.slug: e for e in Event}


def parse_event(text: str) -> Event:
    """The :class:`Event` named by its slug (``kraken``, ``dance-of-the-shells``).

    Raises:
        InvalidCardError: no event has that name.
    """
    norm = text.strip().lower().replace("_", "-").replace(" ", "-")
    e = _EVENT_BY_SLUG.get(norm)
    if e is None:
        raise InvalidCardError(f"unknown event {text!r}")
    return e


def events_for(options: Mapping[str, Any] | None) -> tuple[Event, ...]:
    """The event cards of a game: none unless ``options["extra_pepper"]`` (B.1)."""
    if options and options.get("extra_pepper"):
        return IMPLEMENTED_EVENTS
    return ()
