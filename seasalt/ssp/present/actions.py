"""Labels for legal actions: what a button, a menu line or a tooltip says (R4, R6;
A.3-A.6; B.3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from seasalt.i18n import N_, _
from seasalt.ssp.actions import Action, ActionKind, parse_action
from seasalt.ssp.cards import KIND_OF, Event, Kind
from seasalt.ssp.present.cards import card_name, event_title
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
        return _("Take the top card of discard pile {pile} (Angelfish)").format(pile=a.a)
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
