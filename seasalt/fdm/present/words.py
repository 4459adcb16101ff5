"""Fruits de mer's words: card names, colours, the cards' rule lines, who owns a card,
who scores (docs/fruits-de-mer.md F1, F3, F5), in the language in use.

Nothing here decides a rule: the food chain's order comes from the engine
(:data:`~seasalt.fdm.cards.CHAIN`, :func:`~seasalt.fdm.cards.predator`). Seat names,
"you" and lists are the shared words of :mod:`seasalt.ssp.present.words`.

The game's English terms: Seaweed, Shrimp, Mackerel, Tuna, Shark, Fisher, Warden;
"bait", "bait pile", "centre", "removed from the game"; the colours red, yellow,
cyan, green, magenta (seat ``i`` plays colour ``i``) and black (the bait cards).
"""

from __future__ import annotations

from collections.abc import Sequence

from seasalt.fdm.cards import COLOURS, PLAYER_KINDS, Kind
from seasalt.i18n import N_, _
from seasalt.ssp.present.setup import kind_label
from seasalt.ssp.present.words import is_you, join_and, join_list, seat_name

__all__ = [
    "colour_name", "hand_text", "is_you", "join_and", "join_list", "kind_name", "kind_rule",
    "kind_rule_long", "level_descriptions", "owned", "owned_list", "scorers_sentence",
    "seat_colour", "seat_name", "sentence", "who_label",
]

#: Card names (F1), English source, by kind value.
KIND_NAMES: dict[str, str] = {
    Kind.SEAWEED: N_("Seaweed"), Kind.SHRIMP: N_("Shrimp"), Kind.MACKEREL: N_("Mackerel"),
    Kind.TUNA: N_("Tuna"), Kind.SHARK: N_("Shark"), Kind.FISHER: N_("Fisher"),
    Kind.WARDEN: N_("Warden"),
}
#: Colour names (F1), lower case as they read inside a sentence; ``black``: the bait.
COLOUR_NAMES: dict[str, str] = {
    "red": N_("red"), "yellow": N_("yellow"), "cyan": N_("cyan"), "green": N_("green"),
    "magenta": N_("magenta"), "black": N_("black"),
}
#: One short line per card (F3, F5), for the hand's cards and the seats' chips.
KIND_RULES: dict[str, str] = {
    Kind.SEAWEED: N_("Bait only. Eaten by a Shrimp."),
    Kind.SHRIMP: N_("Eats Seaweed. Eaten by a Mackerel."),
    Kind.MACKEREL: N_("Eats Shrimp. Eaten by a Tuna."),
    Kind.TUNA: N_("Eats Mackerel. Eaten by a Shark."),
    Kind.SHARK: N_("Eats Tuna. Nothing eats it."),
    Kind.FISHER: N_("Catches the cards in the centre and scores. Caught by a Warden."),
    Kind.WARDEN: N_("Catches every Fisher played and scores."),
}
#: Each card's whole rule (F3, F5), for the help's card list.
KIND_RULES_LONG: dict[str, str] = {
    Kind.SEAWEED: N_("A bait card, never in a hand. When the bait is Seaweed, a played "
                     "Shrimp eats it and goes to the centre."),
    Kind.SHRIMP: N_("A bait card and a player card. When the bait is Shrimp, every played "
                    "Shrimp spawns: it goes to the centre. A Shrimp eats Seaweed; a Mackerel "
                    "eats it."),
    Kind.MACKEREL: N_("A bait card and a player card. When the bait is Mackerel, every "
                      "played Mackerel spawns: it goes to the centre. A Mackerel eats "
                      "Shrimp; a Tuna eats it."),
    Kind.TUNA: N_("Eats Mackerel; a Shark eats it. It never eats Shrimp or Seaweed: no "
                  "link of the chain is skipped."),
    Kind.SHARK: N_("The top of the food chain: eats Tuna, and nothing eats it. It never "
                   "eats Mackerel, Shrimp or Seaweed."),
    Kind.FISHER: N_("Never goes to the centre. If cards moved to the centre, every Fisher "
                    "played catches them (they are removed from the game) and scores 1. A "
                    "Warden arrests it: an arrested Fisher is removed from the game."),
    Kind.WARDEN: N_("Never goes to the centre. If a Fisher was played too, every Warden "
                    "played scores 1, every Fisher played is removed from the game and the "
                    "round ends at once."),
}


def kind_name(kind: str) -> str:
    """``Tuna``: a card's name (a :class:`Kind` or its value)."""
    return _(KIND_NAMES[str(kind)])


def kind_rule(kind: str) -> str:
    """``Eats Mackerel. Eaten by a Shark.``: a card's short rule line."""
    return _(KIND_RULES[str(kind)])


def kind_rule_long(kind: str) -> str:
    """A card's whole rule, for the help."""
    return _(KIND_RULES_LONG[str(kind)])


def colour_name(colour: str) -> str:
    """``red``: a colour's name (an unknown slug comes back as it is)."""
    name = COLOUR_NAMES.get(colour)
    return _(name) if name else colour


def seat_colour(seat: int) -> str:
    """The colour slug of seat ``seat`` (seat ``i`` plays colour ``i``, F1)."""
    return COLOURS[seat % len(COLOURS)]


def level_descriptions() -> dict[str, str]:
    """What each bot level does, for players of Fruits de mer, in the language in use:
    ``{"easy": ..., "medium": ..., "hard": ...}`` (the bots' own sentences,
    :func:`seasalt.bots.bot_levels`; no duos, no STOP here)."""
    from seasalt.bots import bot_levels

    return {lv.key: _(lv.description) for lv in bot_levels("fruits-de-mer")}


def who_label(kind: str) -> str:
    """A seat's kind in words: ``Human``, ``Hard bot``."""
    return kind_label(kind)


def sentence(text: str) -> str:
    """``text`` with its first letter in capitals (a sentence that starts with "your")."""
    return text[:1].upper() + text[1:]


def owned(seat: int, kind: str, names: Sequence[str] | None, viewer: int | None) -> str:
    """``Ann's Shrimp``, or ``your Shrimp`` when ``seat`` is the reader's."""
    card = kind_name(kind)
    if is_you(seat, names, viewer):
        # TRANSLATORS: the reader's card, inside a sentence: "your Shrimp"
        return _("your {card}").format(card=card)
    # TRANSLATORS: a card and its owner: "Ann's Shrimp"
    return _("{name}'s {card}").format(name=seat_name(seat, names), card=card)


def owned_list(cards: Sequence[Sequence[object]], names: Sequence[str] | None,
               viewer: int | None) -> str:
    """``Ann's Shrimp and Bob's Shrimp``: ``[seat, kind]`` pairs in words."""
    return join_and([owned(int(str(s)), str(k), names, viewer) for s, k in cards])


def scorers_sentence(seats: Sequence[int], names: Sequence[str] | None,
                     viewer: int | None) -> str:
    """``Ann scores 1.``, ``You score 1.``, ``Ann and Bob score 1 each.``, or ``Nobody
    scores.``"""
    if not seats:
        return _("Nobody scores.")
    if len(seats) == 1:
        if is_you(seats[0], names, viewer):
            return _("You score 1.")
        return _("{name} scores 1.").format(name=seat_name(seats[0], names))
    listed = join_and([_("you") if is_you(s, names, viewer) else seat_name(s, names)
                       for s in seats])
    return sentence(_("{names} score 1 each.").format(names=listed))


def hand_text(counts: dict[str, int]) -> str:
    """``Shrimp ×2, Tuna, Fisher``: a hand by kind in hand order (``no cards``)."""
    parts = []
    for k in PLAYER_KINDS:
        n = int(counts.get(k, 0) or counts.get(k.value, 0))
        if n == 1:
            parts.append(kind_name(k))
        elif n > 1:
            parts.append(_("{card} ×{count}").format(card=kind_name(k), count=n))
    return _(", ").join(parts) if parts else _("no cards")
