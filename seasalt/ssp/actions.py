"""Actions of Sea Salt & Paper as small immutable values (docs/rules.md R4, R6).

An :class:`Action` is a named tuple ``(kind, a, b, c)`` of ints, so actions are
hashable, sortable and cheap. Each has a short string form, parsed back by
:func:`parse_action`:

=================  =====================================================
``draw``           R4.1(a) draw two (or the last card of the draw pile)
``take:P``         R4.1(b) take the top card of discard pile P (1 or 2)
``keep:K:P``       after a draw two: keep card K, put the other on pile P
``duo:A+B``        R4.2 play cards A and B as a duo (Boat, Fish, or any
                   duo whose effect cannot happen)
``duo:A+B:pile=P`` a Crab duo that searches discard pile P
``duo:A+B:seat=S`` a Swimmer + Shark duo that robs seat S
``pick:K``         the Crab duo's pick: take card K from the chosen pile
                   (or, Extra Salt, the Lobster's pick among the cards seen)
``trio:A+B+S``     Extra Salt A.6: play duo A+B with Starfish S (no effect)
``stop``           R6.1 announce STOP
``last-chance``    R6.2 announce LAST CHANCE
``end``            end the turn (R4.3 "otherwise play passes")
``keep-event:E``   Extra Pepper B.4 step 5: keep held event E (a slug such
                   as ``kraken``) and discard the others
``angelfish:P``    Extra Pepper B.3.10 (Decision 5): at the end of the turn,
                   take the top card of discard pile P
``reef:K``         Extra Pepper B.3.12 Coral Reef: place Shell K face down
``swap:K:L``       Extra Pepper B.3.3 Water Rodeo SWAP: give your card K for
                   the looked-at opponent's card L
``pass``           decline an optional Extra Pepper choice (Angelfish, SWAP)
=================  =====================================================

A, B and K are card ids (:mod:`seasalt.ssp.cards`); S is a seat from 0; E is an
event (:class:`seasalt.ssp.cards.Event`), held in the action as its int value.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any, NamedTuple

from seasalt.core.errors import InvalidActionError
from seasalt.ssp.cards import Event, duo_effect


class ActionKind(IntEnum):
    """The kinds of action, in sort order."""

    DRAW = 0
    TAKE = 1
    KEEP = 2
    DUO = 3
    TRIO = 4
    PICK = 5
    STOP = 6
    LAST_CHANCE = 7
    END = 8
    KEEP_EVENT = 9
    PASS = 10
    ANGELFISH = 11
    REEF = 12
    SWAP = 13


class Action(NamedTuple):
    """One decision. Unused fields are -1.

    Attributes:
        kind: the :class:`ActionKind`.
        a: TAKE: pile (1|2); KEEP/PICK: card id; DUO: first card id (lower);
            KEEP_EVENT: the event's int value; ANGELFISH: the pile (1|2);
            REEF: the Shell's id; SWAP: the mover's card (``b``: the other's).
        b: KEEP: pile (1|2) for the other card; DUO: second card id.
        c: DUO: the Crab pile (1|2) or the Swimmer + Shark target seat; TRIO:
            the Starfish's id; else -1.
    """

    kind: ActionKind
    a: int = -1
    b: int = -1
    c: int = -1

    def __str__(self) -> str:
        return action_to_str(self)


DRAW = Action(ActionKind.DRAW)
STOP = Action(ActionKind.STOP)
LAST_CHANCE = Action(ActionKind.LAST_CHANCE)
END = Action(ActionKind.END)
PASS = Action(ActionKind.PASS)


def take(pile: int) -> Action:
    """Take the top of discard pile ``pile`` (1 or 2)."""
    return Action(ActionKind.TAKE, pile)


def keep(card: int, pile: int) -> Action:
    """Keep ``card`` from a draw two; the other goes on ``pile`` (1 or 2)."""
    return Action(ActionKind.KEEP, card, pile)


def duo(a: int, b: int, arg: int = -1) -> Action:
    """Play cards ``a`` and ``b`` as a duo; ``arg`` is the Crab pile or the robbed seat."""
    lo, hi = (a, b) if a < b else (b, a)
    return Action(ActionKind.DUO, lo, hi, arg)


def trio(a: int, b: int, starfish: int) -> Action:
    """Play duo ``a`` + ``b`` with ``starfish`` as a trio (Extra Salt A.6)."""
    lo, hi = (a, b) if a < b else (b, a)
    return Action(ActionKind.TRIO, lo, hi, starfish)


def pick(card: int) -> Action:
    """Take ``card`` from the pile a Crab duo searches."""
    return Action(ActionKind.PICK, card)


def angelfish(pile: int) -> Action:
    """Take the top of discard pile ``pile`` with the Angelfish (B.3.10)."""
    return Action(ActionKind.ANGELFISH, pile)


def reef(shell: int) -> Action:
    """Place ``shell`` face down with the Coral Reef (B.3.12)."""
    return Action(ActionKind.REEF, shell)


def swap(mine: int, theirs: int) -> Action:
    """Water Rodeo SWAP (B.3.3): give ``mine``, take ``theirs``."""
    return Action(ActionKind.SWAP, mine, theirs)


def keep_event(event: int) -> Action:
    """Keep held event ``event`` and discard the others (Extra Pepper B.4 step 5)."""
    return Action(ActionKind.KEEP_EVENT, int(event))


_SIMPLE = {"draw": DRAW, "stop": STOP, "last-chance": LAST_CHANCE, "end": END, "pass": PASS}
_SIMPLE_STR = {v.kind: k for k, v in _SIMPLE.items()}


def action_to_str(action: Action) -> str:
    """The short code of ``action`` (see the module table).

    Needs only the action; the duo's argument is written ``pile=`` or ``seat=``
    from the cards' types, so the text is unambiguous on its own.
    """
    kind = action.kind
    if kind in _SIMPLE_STR:
        return _SIMPLE_STR[kind]
    if kind == ActionKind.TAKE:
        return f"take:{action.a}"
    if kind == ActionKind.KEEP:
        return f"keep:{action.a}:{action.b}"
    if kind == ActionKind.PICK:
        return f"pick:{action.a}"
    if kind == ActionKind.TRIO:
        return f"trio:{action.a}+{action.b}+{action.c}"
    if kind == ActionKind.ANGELFISH:
        return f"angelfish:{action.a}"
    if kind == ActionKind.REEF:
        return f"reef:{action.a}"
    if kind == ActionKind.SWAP:
        return f"swap:{action.a}:{action.b}"
    if kind == ActionKind.KEEP_EVENT:
        from seasalt.ssp.cards import Event

        try:
            return f"keep-event:{Event(action.a).slug}"
        except ValueError:
            return f"keep-event:{action.a}"
    # DUO
    from seasalt.ssp.cards import KIND_OF, Kind

    text = f"duo:{action.a}+{action.b}"
    if action.c >= 0:
        is_crab = 0 <= action.a < len(KIND_OF) and KIND_OF[action.a] == Kind.CRAB
        label = "pile" if is_crab else "seat"
        text += f":{label}={action.c}"
    return text


def _int(text: str, whole: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise InvalidActionError(f"bad action {whole!r}: {text!r} is not a number")
    return int(text)


def parse_action(text: str) -> Action:
    """Parse a short code back into an :class:`Action`.

    Args:
        text: e.g. ``"take:1"``, ``"keep:12:2"``, ``"duo:3+4:pile=1"``.

    Returns:
        The action (whether it is legal is for the state to say).

    Raises:
        InvalidActionError: the text has no meaning as an action.
    """
    t = text.strip().lower()
    if t in _SIMPLE:
        return _SIMPLE[t]
    head, _, rest = t.partition(":")
    parts = rest.split(":") if rest else []
    if head == "take" and len(parts) == 1:
        return take(_int(parts[0], text))
    if head == "keep" and len(parts) == 2:
        return keep(_int(parts[0], text), _int(parts[1], text))
    if head == "pick" and len(parts) == 1:
        return pick(_int(parts[0], text))
    if head == "angelfish" and len(parts) == 1:
        return angelfish(_int(parts[0], text))
    if head == "reef" and len(parts) == 1:
        return reef(_int(parts[0], text))
    if head == "swap" and len(parts) == 2:
        return swap(_int(parts[0], text), _int(parts[1], text))
    if head == "keep-event" and len(parts) == 1:
        from seasalt.ssp.cards import parse_event

        try:
            return keep_event(parse_event(parts[0]))
        except ValueError:
            raise InvalidActionError(f"bad action {text!r}: unknown event {parts[0]!r}") from None
    if head == "trio" and len(parts) == 1:
        cards = parts[0].split("+")
        if len(cards) != 3:
            raise InvalidActionError(f"bad action {text!r}: a trio is written trio:A+B+S")
        return trio(_int(cards[0], text), _int(cards[1], text), _int(cards[2], text))
    if head == "duo" and 1 <= len(parts) <= 2:
        a, plus, b = parts[0].partition("+")
        if not plus:
            raise InvalidActionError(f"bad action {text!r}: a duo is written duo:A+B")
        arg = -1
        if len(parts) == 2:
            label, eq, value = parts[1].partition("=")
            if label not in ("pile", "seat") or not eq:
                raise InvalidActionError(f"bad action {text!r}: expected pile=P or seat=S")
            arg = _int(value, text)
        return duo(_int(a, text), _int(b, text), arg)
    raise InvalidActionError(
        f"bad action {text!r}: expected draw, take:P, keep:K:P, duo:A+B[:pile=P|:seat=S], "
        "trio:A+B+S, pick:K, keep-event:E, angelfish:P, reef:K, swap:K:L, pass, stop, "
        "last-chance or end"
    )


#: The ``kind`` word of :class:`ActionInfo` per :class:`ActionKind`.
KIND_NAMES: dict[ActionKind, str] = {
    ActionKind.DRAW: "draw", ActionKind.TAKE: "take", ActionKind.KEEP: "keep",
    ActionKind.DUO: "duo", ActionKind.TRIO: "trio", ActionKind.PICK: "pick",
    ActionKind.STOP: "stop", ActionKind.LAST_CHANCE: "last-chance", ActionKind.END: "end",
    ActionKind.KEEP_EVENT: "keep-event", ActionKind.PASS: "pass",
    ActionKind.ANGELFISH: "angelfish", ActionKind.REEF: "reef", ActionKind.SWAP: "swap",
}


@dataclass(frozen=True, slots=True)
class ActionInfo:
    """An action as a structured record, for front ends that lay out controls
    (they never parse or build the code themselves).

    Attributes:
        code: the action's short code (:func:`action_to_str`), what a front end submits.
        kind: ``draw take keep duo trio pick stop last-chance end keep-event pass
            angelfish reef swap``.
        cards: card ids the action names: keep ``(kept,)``; duo ``(a, b)``; trio
            ``(a, b, starfish)``; pick ``(card,)`` (for a Water Rodeo STEAL_PAIR, the
            duo's first card); reef ``(shell,)``; swap ``(mine, theirs)``; else ``()``.
        pile: discard pile 1 or 2: take; keep (where the OTHER card goes); a Crab
            duo's pile; angelfish. Else ``None``.
        seat: the target seat of a Swimmer + Shark steal or a Water Rodeo SWAP /
            STEAL_PAIR duo, else ``None``.
        event: keep-event: the event's slug (``kraken``), else ``None``.
        effect: duo: ``crab boat fish steal lobster jellyfish swap steal-pair``;
            trio: ``"trio"``; else ``None``.
    """

    code: str
    kind: str
    cards: tuple[int, ...] = ()
    pile: int | None = None
    seat: int | None = None
    event: str | None = None
    effect: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of every field (``cards`` as a list)."""
        return {"code": self.code, "kind": self.kind, "cards": list(self.cards),
                "pile": self.pile, "seat": self.seat, "event": self.event,
                "effect": self.effect}


def action_info(action: Action) -> ActionInfo:
    """The :class:`ActionInfo` record of ``action`` (see its attributes).

    Args:
        action: any well-formed action (legal or not; a duo's cards must make a
            valid duo for ``effect`` to be set).

    Returns:
        The record; ``info.code == action_to_str(action)``.
    """
    kind = action.kind
    code = action_to_str(action)
    name = KIND_NAMES[kind]
    if kind == ActionKind.TAKE or kind == ActionKind.ANGELFISH:
        return ActionInfo(code, name, pile=action.a)
    if kind == ActionKind.KEEP:
        return ActionInfo(code, name, (action.a,), pile=action.b)
    if kind == ActionKind.PICK or kind == ActionKind.REEF:
        return ActionInfo(code, name, (action.a,))
    if kind == ActionKind.SWAP:
        return ActionInfo(code, name, (action.a, action.b))
    if kind == ActionKind.TRIO:
        return ActionInfo(code, name, (action.a, action.b, action.c), effect="trio")
    if kind == ActionKind.KEEP_EVENT:
        try:
            slug: str | None = Event(action.a).slug
        except ValueError:
            slug = None
        return ActionInfo(code, name, event=slug)
    if kind == ActionKind.DUO:
        effect = duo_effect(action.a, action.b)
        arg = action.c if action.c >= 0 else None
        if effect == "crab":
            return ActionInfo(code, name, (action.a, action.b), pile=arg, effect=effect)
        return ActionInfo(code, name, (action.a, action.b), seat=arg, effect=effect)
    return ActionInfo(code, name)
