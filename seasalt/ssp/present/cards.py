"""Names of cards, colours and Extra Pepper events, the cards' rule hints (docs/rules.md R1,
R4.2, R7.1; docs/rules-expansions.md A, B.3), in the language in use.

The English words are the engine's own (:attr:`Kind.title`, :attr:`Colour.title`,
:attr:`Event.title`, :attr:`Event.text`); here they are marked for translation
(tests check both stay equal).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from seasalt.i18n import N_, _, pgettext
from seasalt.ssp.cards import CARDS, Category, Colour, Event, Kind, parse_event
from seasalt.ssp.present.words import join_list
from seasalt.ssp.scoring import OCTOPUS_POINTS, PENGUIN_POINTS, SAILOR_POINTS, SHELL_POINTS

#: Card type names (R1, A.1), English source.
KIND_NAMES: dict[Kind, str] = {
    Kind.CRAB: N_("Crab"), Kind.BOAT: N_("Boat"), Kind.FISH: N_("Fish"),
    Kind.SWIMMER: N_("Swimmer"), Kind.SHARK: N_("Shark"), Kind.MERMAID: N_("Mermaid"),
    Kind.SHELL: N_("Shell"), Kind.OCTOPUS: N_("Octopus"), Kind.PENGUIN: N_("Penguin"),
    Kind.SAILOR: N_("Sailor"), Kind.LIGHTHOUSE: N_("Lighthouse"),
    Kind.SHOAL_OF_FISH: N_("Shoal of Fish"), Kind.PENGUIN_COLONY: N_("Penguin Colony"),
    Kind.CAPTAIN: N_("Captain"), Kind.JELLYFISH: N_("Jellyfish"), Kind.LOBSTER: N_("Lobster"),
    Kind.CAST_OF_CRABS: N_("Cast of Crabs"), Kind.STARFISH: N_("Starfish"),
    Kind.SEAHORSE: N_("Seahorse"),
}
#: Colour names (R1), lower case as they read inside a sentence.
COLOUR_NAMES: dict[Colour, str] = {
    Colour.DARK_BLUE: N_("dark blue"), Colour.LIGHT_BLUE: N_("light blue"),
    Colour.BLACK: N_("black"), Colour.YELLOW: N_("yellow"), Colour.GREEN: N_("green"),
    Colour.WHITE: N_("white"), Colour.PURPLE: N_("purple"), Colour.GREY: N_("grey"),
    Colour.LIGHT_ORANGE: N_("light orange"), Colour.PINK: N_("pink"),
    Colour.ORANGE: N_("orange"),
}
#: Short points/effect reminders printed on the cards (R4.2, R7.1; A.3-A.7), by type.
CARD_HINTS: dict[Kind, str] = {
    Kind.CRAB: N_("Duo: search a discard pile"),
    Kind.BOAT: N_("Duo: extra turn"),
    Kind.FISH: N_("Duo: draw a card"),
    Kind.SWIMMER: N_("Duo with a Shark: steal"),
    Kind.SHARK: N_("Duo with a Swimmer: steal"),
    Kind.MERMAID: N_("1 pt per card of your best colour"),
    Kind.SHELL: "0 2 4 6 8 10",
    Kind.OCTOPUS: "0 3 6 9 12",
    Kind.PENGUIN: "1 3 5",
    Kind.SAILOR: "0 5",
    Kind.LIGHTHOUSE: N_("+1 per Boat"),
    Kind.SHOAL_OF_FISH: N_("+1 per Fish"),
    Kind.PENGUIN_COLONY: N_("+2 per Penguin"),
    Kind.CAPTAIN: N_("+3 per Sailor"),
    Kind.JELLYFISH: N_("Duo with a Swimmer: forced draws"),
    Kind.LOBSTER: N_("Duo with a Crab: top 5"),
    Kind.CAST_OF_CRABS: N_("+1 per Crab"),
    Kind.STARFISH: N_("+2 in a trio"),
    Kind.SEAHORSE: N_("+1 collector"),
}
#: Each card type's whole rule (R4.2, R6.4, R7.1, R10.1; A.3-A.7), for the card's info
#: dialog and the help's card list. Collectors' ``{most}`` and ``{points}`` are filled
#: from the engine's tables (:func:`kind_rule`).
CARD_RULES: dict[Kind, str] = {
    Kind.CRAB: N_("Duo card. Play two Crabs: choose a discard pile, look through it and "
                  "take any one card into your hand. A duo scores 1 point, played or still "
                  "in your hand."),
    Kind.BOAT: N_("Duo card. Play two Boats: your turn ends and you take another whole "
                  "turn at once. A duo scores 1 point, played or still in your hand."),
    Kind.FISH: N_("Duo card. Play two Fish: add the top card of the draw pile to your "
                  "hand. A duo scores 1 point, played or still in your hand."),
    Kind.SWIMMER: N_("Duo card. Play a Swimmer with a Shark: take a random card from the "
                     "hand of an opponent (not a revealed hand). A duo scores 1 point, played "
                     "or still in your hand."),
    Kind.SHARK: N_("Duo card. Play a Shark with a Swimmer: take a random card from the "
                   "hand of an opponent (not a revealed hand). A duo scores 1 point, played "
                   "or still in your hand."),
    Kind.MERMAID: N_("Never played. Your first Mermaid scores 1 point per card of your most "
                     "common colour, the second per card of your next colour, and so on "
                     "(Mermaids are white cards). Whoever holds all 4 Mermaids wins the "
                     "game at once."),
    Kind.SHELL: N_("Collector, never played. Points for 1 to {most} Shells: {points}."),
    Kind.OCTOPUS: N_("Collector, never played. Points for 1 to {most} Octopuses: {points}."),
    Kind.PENGUIN: N_("Collector, never played. Points for 1 to {most} Penguins: {points}."),
    Kind.SAILOR: N_("Collector, never played. Points for 1 to {most} Sailors: {points}."),
    Kind.LIGHTHOUSE: N_("Multiplier, never played: 1 point per Boat you have, in hand and "
                        "in front. Alone it scores nothing."),
    Kind.SHOAL_OF_FISH: N_("Multiplier, never played: 1 point per Fish you have, in hand "
                           "and in front. Alone it scores nothing."),
    Kind.PENGUIN_COLONY: N_("Multiplier, never played: 2 points per Penguin you have, in "
                            "hand and in front. Alone it scores nothing."),
    Kind.CAPTAIN: N_("Multiplier, never played: 3 points per Sailor you have, in hand and "
                     "in front. Alone it scores nothing."),
    Kind.JELLYFISH: N_("Duo card (Extra Salt). Play it with a Swimmer: each opponent's next "
                       "turn is a forced draw (they take the top card of the draw pile and "
                       "their turn ends). Two Jellyfish make no duo."),
    Kind.LOBSTER: N_("Duo card (Extra Salt). Play it with a Crab: look at the top 5 cards "
                     "of the draw pile and keep one; the others go back and the draw pile "
                     "is shuffled. It is not a Crab."),
    Kind.CAST_OF_CRABS: N_("Multiplier (Extra Salt), never played: 1 point per Crab you "
                           "have, in hand and in front (the Lobster is not a Crab)."),
    Kind.STARFISH: N_("Special card (Extra Salt). Play it with a duo as a trio: the duo's "
                      "effect does not happen and the Starfish scores 2 points. In your "
                      "hand it scores 2 points only with a duo in your hand for it (one "
                      "Starfish per duo)."),
    Kind.SEAHORSE: N_("Special card (Extra Salt), white, never played. In your hand it "
                      "counts as one more card of a collector you already have (below its "
                      "maximum), the one where it scores most; not for multipliers."),
}
#: Collector point tables of the engine (R7.1), by card type.
COLLECTOR_POINTS: dict[Kind, tuple[int, ...]] = {
    Kind.SHELL: SHELL_POINTS, Kind.OCTOPUS: OCTOPUS_POINTS, Kind.PENGUIN: PENGUIN_POINTS,
    Kind.SAILOR: SAILOR_POINTS,
}
#: Extra Pepper events (B.2, B.3): (title, rule text), English source.
EVENT_TEXTS: dict[Event, tuple[str, str]] = {
    Event.HERMIT_CRAB: (N_("Hermit Crab"),
                        N_("A Crab + Crab duo takes one card from each discard pile "
                           "(pile 1, then pile 2) instead of one.")),
    Event.SUNFISH: (N_("Sunfish"),
                    N_("A Fish + Fish duo adds the top two cards of the draw pile to your "
                       "hand instead of one.")),
    Event.WATER_RODEO: (N_("Water Rodeo"),
                        N_("Swimmer + Swimmer (swap a card with an opponent after looking at "
                           "their hand) and Shark + Shark (steal a placed duo) are duos; such "
                           "pairs in hand score 1 point each.")),
    Event.DANCE_OF_THE_SHELLS: (N_("Dance of the Shells"), N_("Each Shell is worth 2 points.")),
    Event.KRAKEN: (N_("Kraken"), N_("Each Octopus is worth 1 point.")),
    Event.TORNADO: (N_("Tornado"),
                    N_("Mermaids score 0 points (they still count as white cards and "
                       "still win the game).")),
    Event.DANCE_OF_THE_MERMAIDS: (N_("Dance of the Mermaids"),
                                  N_("3 Mermaids are enough to win the game at once.")),
    Event.TREASURE_CHEST: (N_("Treasure Chest"),
                           N_("You need 10 card points to announce STOP or LAST CHANCE.")),
    Event.DIODON_FISH: (N_("Diodon Fish"),
                        N_("You may not announce STOP (LAST CHANCE is still allowed).")),
    Event.ANGELFISH: (N_("Angelfish"),
                      N_("At the end of your turn, if both discard tops have the same colour, "
                         "you may take one of them.")),
    Event.DOLPHINS: (N_("Dolphins"),
                     N_("When the card you discard after drawing two is a collector or the "
                        "Seahorse, add the top card of the draw pile to your hand.")),
    Event.CORAL_REEF: (N_("Coral Reef"),
                       N_("Once per round, place a Shell from your hand face down: you are "
                          "protected from attacks until the end of the round.")),
}
#: Duo effects as the log names them (``duo`` events' ``effect``; R4.2, A.3, A.4, B.3.3).
EFFECT_NAMES: dict[str, str] = {
    "crab": N_("Crab duo"), "boat": N_("Boat duo"), "fish": N_("Fish duo"),
    "steal": N_("Swimmer + Shark duo"), "lobster": N_("Crab + Lobster duo"),
    "jellyfish": N_("Swimmer + Jellyfish duo"), "swap": N_("Swimmer + Swimmer duo"),
    "steal-pair": N_("Shark + Shark duo"),
}
#: Card categories (R1, A.1).
CATEGORY_NAMES: dict[Category, str] = {
    Category.DUO: N_("duo card"), Category.MERMAID: N_("Mermaid"),
    Category.COLLECTOR: N_("collector"), Category.MULTIPLIER: N_("multiplier"),
    Category.SPECIAL: N_("special card"),
}


def kind_name(kind: Kind | int) -> str:
    """``Crab``: a card type's name."""
    return _(KIND_NAMES[Kind(kind)])


def colour_name(colour: Colour | int) -> str:
    """``dark blue``: a colour's name."""
    return _(COLOUR_NAMES[Colour(colour)])


#: Where a word of a colour's name on a card may break (a translation's ``|``): a
#: soft hyphen, drawn as a hyphen at the end of the line only when the word breaks.
SOFT_HYPHEN = "\u00ad"


def colour_on_card(colour: Colour | int) -> str:
    """A colour's name as a card prints it: :func:`colour_name`, with a soft hyphen
    (:data:`SOFT_HYPHEN`) where a long word may break on a small card, as each
    language's catalog marks it with ``|`` (``donker|blauw``: "donker-" / "blauw" on
    two lines rather than one squeezed word). The same letters as :func:`colour_name`
    otherwise."""
    c = Colour(colour)
    words = {  # one literal call each, for the catalogs' extraction
        Colour.DARK_BLUE: lambda: pgettext("card colour; | marks a break", "dark blue"),
        Colour.LIGHT_BLUE: lambda: pgettext("card colour; | marks a break", "light blue"),
        Colour.BLACK: lambda: pgettext("card colour; | marks a break", "black"),
        Colour.YELLOW: lambda: pgettext("card colour; | marks a break", "yellow"),
        Colour.GREEN: lambda: pgettext("card colour; | marks a break", "green"),
        Colour.WHITE: lambda: pgettext("card colour; | marks a break", "white"),
        Colour.PURPLE: lambda: pgettext("card colour; | marks a break", "purple"),
        Colour.GREY: lambda: pgettext("card colour; | marks a break", "grey"),
        Colour.LIGHT_ORANGE: lambda: pgettext("card colour; | marks a break",
                                              "light orange"),
        Colour.PINK: lambda: pgettext("card colour; | marks a break", "pink"),
        Colour.ORANGE: lambda: pgettext("card colour; | marks a break", "orange"),
    }
    return words[c]().replace("|", SOFT_HYPHEN)


def card_name(cid: int) -> str:
    """``Crab (dark blue)``: a card by id, as log lines and menus name it."""
    c = CARDS[cid]
    return _("{kind} ({colour})").format(kind=kind_name(c.kind), colour=colour_name(c.colour))


def card_label(cid: int) -> str:
    """``Crab, dark blue``: a card's name as a person says it (screen readers)."""
    c = CARDS[cid]
    return _("{kind}, {colour}").format(kind=kind_name(c.kind), colour=colour_name(c.colour))


def card_aria(cid: int, *, selected: bool = False, playable: bool = False) -> str:
    """A card's accessible name: ``Crab, dark blue``, plus its state (``Crab, dark blue,
    selected``; ``…, playable``: it can join a duo or trio now)."""
    words = card_label(cid)
    if selected:
        words = _("{card}, selected").format(card=words)
    if playable:
        words = _("{card}, playable").format(card=words)
    return words


def collector_points(kind: Kind | int) -> str:
    """A collector's points for 1, 2, … cards from the engine's table (R7.1):
    ``0, 2, 4, 6, 8, 10`` for the Shell; '' for another type."""
    table = COLLECTOR_POINTS.get(Kind(kind))
    return _(", ").join(str(p) for p in table[1:]) if table else ""


def kind_rule(kind: Kind | int) -> str:
    """A card type's whole rule in one to three sentences (:data:`CARD_RULES`)."""
    k = Kind(kind)
    table = COLLECTOR_POINTS.get(k, ())
    return _(CARD_RULES[k]).format(points=collector_points(k), most=max(len(table) - 1, 0))


def card_rule(cid: int) -> str:
    """The whole rule of card ``cid``'s type (:func:`kind_rule`)."""
    return kind_rule(CARDS[cid].kind)


def card_hint(cid: int) -> str:
    """The card's short points or effect reminder (``Duo: extra turn``), or ''."""
    hint = CARD_HINTS.get(CARDS[cid].kind, "")
    return _(hint) if hint else ""


def cards_text(cards: Sequence[int]) -> str:
    """``Crab (dark blue), Shell (black)``, or ``none``."""
    return join_list([card_name(c) for c in cards])


def group_text(group: Sequence[int]) -> str:
    """A duo or trio in front: ``Boat (black) + Boat (yellow)``."""
    return " + ".join(card_name(c) for c in group)


def card_catalogue() -> list[dict[str, Any]]:
    """Every card's display data, in id order.

    Keys: ``id``, ``kind`` (type slug), ``title`` (type name), ``colour`` (slug),
    ``colour_name``, ``colour_card`` (as the card prints it, :func:`colour_on_card`),
    ``name`` (``Crab (dark blue)``), ``label`` (``Crab, dark blue``),
    ``category`` (slug), ``category_name``, ``notation``, ``hint`` ('' when none),
    ``rule`` (the type's whole rule, :func:`kind_rule`: for the card's info dialog).
    """
    return [{"id": c.id, "kind": c.kind.slug, "title": kind_name(c.kind),
             "colour": c.colour.slug, "colour_name": colour_name(c.colour),
             "colour_card": colour_on_card(c.colour),
             "name": card_name(c.id), "label": card_label(c.id),
             "category": Category(c.category).name.lower(),
             "category_name": _(CATEGORY_NAMES[Category(c.category)]),
             "notation": c.notation, "hint": card_hint(c.id),
             "rule": kind_rule(c.kind)} for c in CARDS]


def _event(event: str | int | Event) -> Event:
    return parse_event(event) if isinstance(event, str) else Event(event)


def event_title(event: str | int | Event) -> str:
    """``Dance of the Shells``: an Extra Pepper event by slug (or :class:`Event`)."""
    return _(EVENT_TEXTS[_event(event)][0])


def event_text(event: str | int | Event) -> str:
    """The event's rule in one or two sentences (B.3)."""
    return _(EVENT_TEXTS[_event(event)][1])


def event_goes_to(event: str | int | Event) -> str:
    """Who receives the event at round end (B.2): ``At round end: to the most points``."""
    if _event(event).most:
        return _("At round end: to the most points")
    return _("At round end: to the fewest points")


def event_info(event: str | int | Event) -> dict[str, str]:
    """An event's display data: ``slug``, ``title``, ``text`` (its rule), ``goes_to``
    (``most`` or ``fewest`` points at round end) and ``goes_to_text``."""
    e = _event(event)
    return {"slug": e.slug, "title": event_title(e), "text": event_text(e),
            "goes_to": "most" if e.most else "fewest", "goes_to_text": event_goes_to(e)}


def effect_name(effect: str) -> str:
    """``Crab duo``: a duo by its effect (a ``duo`` event's ``effect``), or ``duo``."""
    name = EFFECT_NAMES.get(effect)
    return _(name) if name else _("duo")
