"""Labels for legal actions: what a button, a menu line or a tooltip says (R4, R6;
A.3-A.6; B.3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from seasalt.i18n import N_, _
from seasalt.ssp.actions import Action, ActionKind, parse_action
from seasalt.ssp.cards import KIND_OF, Event, Kind, duo_effect
from seasalt.ssp.present.cards import card_name, event_title, kind_name
from seasalt.ssp.present.words import seat_name

#: What an announcement means (R6.1, R6.2), shown next to its button, by action kind.
ANNOUNCE_HINTS: dict[str, str] = {
    "stop": N_("The round ends now; everyone scores their card points."),
    "last-chance": N_("Each opponent plays one last turn. Keep the most points to score them "
                      "plus your colour bonus; otherwise you score only your colour bonus."),
}


def as_action(action: Action | Any) -> Action:
    """The engine :class:`Action` behind an action, an ``ActionInfo`` (its ``code``),
    a dict with a ``code`` key, or a code string."""
    if isinstance(action, Action):
        return action
    if isinstance(action, str):
        return parse_action(action)
    if isinstance(action, Mapping):
        return parse_action(str(action["code"]))
    return parse_action(str(action.code))


def action_label(action: Action | Any, names: Sequence[str] | None = None) -> str:
    """A short imperative phrase for a legal action, for menus and buttons.

    Args:
        action: an :class:`Action`, an ``ActionInfo`` or its dict, or a code.
        names: seat display names (targets of steals and swaps).

    Returns:
        e.g. ``Play Crab (dark blue) + Crab (light blue): search discard pile 1``
        for ``duo:3+4:pile=1``.

    Raises:
        InvalidActionError: a code that is no action.
    """
    a = as_action(action)
    k = a.kind
    if k == ActionKind.DRAW:
        return _("Draw two cards from the draw pile")
    if k == ActionKind.TAKE:
        return _("Take the top card of discard pile {pile}").format(pile=a.a)
    if k == ActionKind.KEEP:
        return _("Keep {card}, discard the other on pile {pile}").format(
            card=card_name(a.a), pile=a.b)
    if k == ActionKind.PICK:
        return _("Take {card}").format(card=card_name(a.a))
    if k == ActionKind.STOP:
        return _("Announce STOP")
    if k == ActionKind.LAST_CHANCE:
        return _("Announce LAST CHANCE")
    if k == ActionKind.END:
        return _("End the turn")
    if k == ActionKind.KEEP_EVENT:
        return _("Keep the event {event} (discard the other)").format(
            event=event_title(Event(a.a)))
    if k == ActionKind.PASS:
        return _("Pass")
    if k == ActionKind.ANGELFISH:
        return _("Angelfish: take the top card of discard pile {pile}").format(pile=a.a)
    if k == ActionKind.REEF:
        return _("Place {card} face down (Coral Reef: protected this round)").format(
            card=card_name(a.a))
    if k == ActionKind.SWAP:
        return _("Give {mine} and take {theirs} (Water Rodeo)").format(
            mine=card_name(a.a), theirs=card_name(a.b))
    if k == ActionKind.TRIO:
        return _("Play {a} + {b} + {starfish} as a trio (no effect, +2)").format(
            a=card_name(a.a), b=card_name(a.b), starfish=card_name(a.c))
    return _duo_label(a, names)


def _duo_label(a: Action, names: Sequence[str] | None) -> str:
    cards = {"a": card_name(a.a), "b": card_name(a.b)}
    kinds = {KIND_OF[a.a], KIND_OF[a.b]}
    kind = KIND_OF[a.a]
    if kinds == {Kind.SWIMMER}:
        if a.c >= 0:
            return _("Play {a} + {b}: look at {name}'s hand and maybe swap a card").format(
                name=seat_name(a.c, names), **cards)
        return _("Play {a} + {b}: nobody to swap with").format(**cards)
    if kinds == {Kind.SHARK}:
        if a.c >= 0:
            return _("Play {a} + {b}: take a placed duo from {name}").format(
                name=seat_name(a.c, names), **cards)
        return _("Play {a} + {b}: no duo to take").format(**cards)
    if Kind.LOBSTER in kinds:
        return _("Play {a} + {b}: look at the top 5 cards of the draw pile and keep one"
                 ).format(**cards)
    if Kind.JELLYFISH in kinds:
        return _("Play {a} + {b}: every opponent's next turn is a forced draw").format(**cards)
    if kind == Kind.CRAB:
        if a.c > 0:
            return _("Play {a} + {b}: search discard pile {pile}").format(pile=a.c, **cards)
        return _("Play {a} + {b}: no discard pile to search").format(**cards)
    if kind == Kind.BOAT:
        return _("Play {a} + {b}: extra turn").format(**cards)
    if kind == Kind.FISH:
        return _("Play {a} + {b}: draw the top card").format(**cards)
    if a.c >= 0:
        return _("Play {a} + {b}: steal a card from {name}").format(
            name=seat_name(a.c, names), **cards)
    return _("Play {a} + {b}: nobody to steal from").format(**cards)


def angelfish_label(card: int, pile: int) -> str:
    """The Angelfish's button, naming the card it takes (B.3.11): ``Angelfish: take the
    Shark (black) from discard pile 1``.

    Args:
        card: the card on top of the pile (its id).
        pile: the discard pile, 1 or 2.
    """
    return _("Angelfish: take {card} from discard pile {pile}").format(
        card=card_name(card), pile=pile)


def announce_hint(action: Action | Any) -> str:
    """What announcing STOP or LAST CHANCE means (R6.1, R6.2); '' for other actions."""
    a = as_action(action)
    if a.kind == ActionKind.STOP:
        return _(ANNOUNCE_HINTS["stop"])
    if a.kind == ActionKind.LAST_CHANCE:
        return _(ANNOUNCE_HINTS["last-chance"])
    return ""


def forced_draw_label() -> str:
    """The single button of a Jellyfish forced turn (A.3): ``Forced draw``."""
    return _("Forced draw")


def forced_draw_hint() -> str:
    """What a Jellyfish forced turn is (A.3), next to its button."""
    return _("A Jellyfish forces this turn: you take the top card of the draw pile "
             "and your turn ends.")


def steal_pair_label(group: Sequence[int], target: int,
                     names: Sequence[str] | None = None) -> str:
    """A Water Rodeo STEAL_PAIR choice (B.3.3): ``Take Crab (black) + Crab (green) from
    Bob`` (``group``: the placed duo, ``View.groups[target]`` entry)."""
    return _("Take {cards} from {name}").format(
        cards=" + ".join(card_name(c) for c in group), name=seat_name(target, names))


# --------------------------------------------------------------------------- buttons
# The prompt's buttons say what happens when pressed, in the words of the decision
# (issue 12); :func:`action_label` stays the longer description (tooltips, the CLI).

#: Card types named first in a duo of two types (Swimmer + Shark, Crab + Lobster).
_FIRST_KINDS = (Kind.CRAB, Kind.SWIMMER)


def duo_name(a: int, b: int) -> str:
    """What a duo of cards ``a`` and ``b`` is called on a button: ``Crab duo`` (two
    cards of one type), ``Swimmer + Shark`` (two types; R4.2, A.2, B.3.3)."""
    ka, kb = KIND_OF[a], KIND_OF[b]
    if ka == kb:
        return _("{kind} duo").format(kind=kind_name(ka))
    if kb in _FIRST_KINDS and ka not in _FIRST_KINDS:
        ka, kb = kb, ka
    return _("{first} + {second}").format(first=kind_name(ka), second=kind_name(kb))


def play_label(action: Action | Any, names: Sequence[str] | None = None) -> str:
    """The button that plays a duo or a trio whose cards are selected: the duo's name
    and what happens (R4.2; Extra Salt A.2-A.6; Extra Pepper B.3.3).

    Args:
        action: a duo or trio (an :class:`Action`, an ``ActionInfo`` or its dict, or a
            code); any other action gets its :func:`action_label`.
        names: seat display names (targets of steals and swaps).

    Returns:
        e.g. ``Play Crab duo: pick a card from discard pile 1`` for ``duo:3+4:pile=1``,
        ``Play Swimmer + Shark: steal a random card from Bob``.

    Raises:
        InvalidActionError: a code that is no action.
    """
    a = as_action(action)
    if a.kind == ActionKind.TRIO:
        return _("Play {duo} + Starfish as a trio: no effect, 2 more points").format(
            duo=duo_name(a.a, a.b))
    if a.kind != ActionKind.DUO:
        return action_label(a, names)
    duo = duo_name(a.a, a.b)
    effect = duo_effect(a.a, a.b)
    name = seat_name(a.c, names) if a.c >= 0 else ""
    if effect == "crab":
        if a.c > 0:
            return _("Play {duo}: pick a card from discard pile {pile}").format(duo=duo,
                                                                               pile=a.c)
        return _("Play {duo}: no discard pile to search, no effect").format(duo=duo)
    if effect == "boat":
        return _("Play {duo}: take another turn").format(duo=duo)
    if effect == "fish":
        return _("Play {duo}: draw one card from the draw pile").format(duo=duo)
    if effect == "lobster":
        return _("Play {duo}: look at the top 5 cards of the draw pile, keep one").format(
            duo=duo)
    if effect == "jellyfish":
        return _("Play {duo}: every opponent's next turn is a forced draw").format(duo=duo)
    if effect == "swap":
        if name:
            return _("Play {duo}: see {name}'s hand, maybe swap a card").format(duo=duo,
                                                                               name=name)
        return _("Play {duo}: nobody to swap with, no effect").format(duo=duo)
    if effect == "steal-pair":
        if name:
            return _("Play {duo}: take a placed duo from {name}").format(duo=duo, name=name)
        return _("Play {duo}: no duo to take, no effect").format(duo=duo)
    if name:
        return _("Play {duo}: steal a random card from {name}").format(duo=duo, name=name)
    return _("Play {duo}: nobody to steal from, no effect").format(duo=duo)


def keep_label(kept: str, other: str, pile: int) -> str:
    """A keep button (R4.1): ``Keep Boat · discard Shoal of Fish on pile 1`` (``kept``,
    ``other``: the two drawn cards' names)."""
    return _("Keep {card} · discard {other} on pile {pile}").format(card=kept, other=other,
                                                                   pile=pile)


def discard_here(card: str) -> str:
    """A discard pile's words while it takes the card not kept (R4.1):
    ``Discard Shoal of Fish here``."""
    return _("Discard {card} here").format(card=card)


def keep_event_label(event: str, other: str | None) -> str:
    """An Extra Pepper keep-event button (B.4): ``Keep Kraken · discard Sunfish``
    (event titles; ``other`` None: only ``Keep Kraken``)."""
    if other is None:
        return _("Keep {event}").format(event=event)
    return _("Keep {event} · discard {other}").format(event=event, other=other)


def pass_label(phase: str) -> str:
    """The pass button of an Extra Pepper choice (B.3.11 Angelfish, B.3.3 Water Rodeo
    SWAP): what passing means there; ``Pass`` elsewhere."""
    if phase == "angelfish":
        return _("Pass: take neither card")
    if phase == "swap":
        return _("Pass: swap no card")
    return _("Pass")


def announce_label(action: Action | Any) -> str:
    """An announcement's button (R6.1, R6.2): ``STOP: end the round now``, ``LAST
    CHANCE: bet that nobody beats your points``; other actions get their
    :func:`action_label`."""
    a = as_action(action)
    if a.kind == ActionKind.STOP:
        return _("STOP: end the round now")
    if a.kind == ActionKind.LAST_CHANCE:
        return _("LAST CHANCE: bet that nobody beats your points")
    return action_label(a)


def end_label(final: bool) -> str:
    """The end of the turn's button: ``End the turn``; in a final turn after LAST
    CHANCE (R6.0, R6.2) ``End your final turn and reveal your hand``."""
    if final:
        return _("End your final turn and reveal your hand")
    return _("End the turn")
