"""Cards that move: what the page animates after an action, and what stays highlighted.

Everything here is read from ONE seat's redacted event log (``View.log``,
:func:`seasalt.ssp.log.events_for`): the public fields of each event plus that
seat's own private fields. A card's identity therefore reaches a move only when
the event gives it to that seat (docs/rules.md R5): a bot's draw two moves two backs,
a stolen card is face up only for the thief and the robbed, a Crab pick below
the top is face up only for the picker. Nothing here decides a rule; the moves
say where the engine's events put cards.

A move is ``{"card": id or None, "from": zone, "to": zone, "seat": acting seat}``.
Zones:

- ``"draw"``: the draw pile; ``"pile-1"``, ``"pile-2"``: the discard piles;
- ``"hand-<seat>"``, ``"front-<seat>"`` (cards played in front), ``"reef-<seat>"``
  (Extra Pepper's face-down Shell, B.3.12);
- ``"drawn"``: the two cards of a pending draw two (R4.1a);
- ``"search"``: the discard pile a Crab duo searches (R4.2; the move also has
  ``"pile"``: 1 or 2), ``"looked"``: the cards a Lobster duo shows (A.4).

Functions: :func:`moves` (since a ply), :func:`round_moves` (the round's, each with
its ply), :func:`touched` (what other seats touched
since the seat's own last decision), :func:`motion_ms` (an animation's length).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

Move = dict[str, Any]
"""``{"card": int | None, "from": str, "to": str, "seat": int}`` (and ``"pile"``
for a ``"search"`` source)."""

#: Length of one card's flight in milliseconds, by bot speed (``seasalt.web.settings.SPEEDS`` keys):
#: at most 300 ms at the normal speed, none at instant speed.
MOTION_MS: dict[str, int] = {"slow": 450, "normal": 300, "fast": 180, "instant": 0}
#: The length for a speed this table does not know.
DEFAULT_MOTION_MS = 300

#: Event types written by a seat's own decision (or by what its decision set off at once):
#: the seat's last one ends the highlight of what others touched (:func:`touched`).
DECISIONS: frozenset[str] = frozenset({
    "draw-two", "draw-last", "forced-draw", "take", "keep", "duo", "trio", "crab-pick",
    "lobster-pick", "end-turn", "stop", "last-chance", "angelfish", "angelfish-pass",
    "angelfish-offer", "reef", "swap", "swap-pass", "steal-pair", "event-kept",
    "dolphins", "hermit-crab",
})
#: Zones a highlight may name as a whole (the table's places, not the prompt's).
_TABLE_PREFIXES = ("pile-", "hand-", "front-", "reef-")


def motion_ms(speed: str, pause_ms: int | None = None) -> int:
    """How long a card's flight lasts at bot speed ``speed`` (0: no animation).

    Args:
        speed: a key of ``seasalt.web.settings.SPEEDS`` (``"slow"``, ``"normal"``, ``"fast"``,
            ``"instant"``); another key gets :data:`DEFAULT_MOTION_MS`.
        pause_ms: the bots' pause between two moves at that speed, when known: a
            flight lasts at most 80 % of it, so a bot's move has landed (and is seen)
            before the next one is drawn.
    """
    ms = MOTION_MS.get(speed, DEFAULT_MOTION_MS)
    if pause_ms is not None:
        ms = min(ms, int(pause_ms * 0.8))
    return max(ms, 0)


def _card(e: Mapping[str, Any], key: str = "card") -> int | None:
    """The card id of field ``key`` when this copy of the event has it (else None)."""
    c = e.get(key)
    return c if isinstance(c, int) and not isinstance(c, bool) else None


def _mv(card: int | None, src: str, dst: str, seat: int, **extra: Any) -> Move:
    return {"card": card, "from": src, "to": dst, "seat": seat, **extra}


def event_moves(e: Mapping[str, Any]) -> list[Move]:
    """The moves of one event, as the seat whose copy ``e`` is may see them.

    Args:
        e: one event of a seat's redacted log (``{"type", "seat", ...}``, private
            fields merged for that seat only).

    Returns:
        The moves, in the order the cards went; ``[]`` for an event that moves no
        card (an announcement, a reveal, a round's start or end, an Extra Pepper
        event card...).
    """
    kind = e.get("type")
    s = int(e.get("seat", -1))
    hand, front = f"hand-{s}", f"front-{s}"
    if kind == "draw-two":  # R4.1a: two cards to look at, private to the drawer
        cards = list(e.get("cards") or [None, None])
        return [_mv(c, "draw", "drawn", s) for c in cards]
    if kind in ("draw-last", "dolphins") or (kind == "forced-draw" and not e.get("empty")):
        return [_mv(_card(e), "draw", hand, s)]
    if kind in ("take", "angelfish"):  # R4.1b, B.3.10: a discard top, public
        return [_mv(_card(e), f"pile-{e['pile']}", hand, s)]
    if kind == "keep":  # R4.1a: the kept card is private, the other one public
        return [_mv(_card(e), "drawn", hand, s),
                _mv(_card(e, "discarded"), "drawn", f"pile-{e['pile']}", s)]
    if kind in ("duo", "trio"):
        out = [_mv(c, hand, front, s) for c in e.get("cards", ())]
        return out + _effect_moves(e, s) if kind == "duo" else out
    if kind == "crab-pick":  # R4.2: public when it was the top, else the picker's only
        p = int(e["pile"])
        return [_mv(_card(e), "search", hand, s, pile=p)]
    if kind == "lobster-pick":  # A.4: the kept card is the looker's secret
        return [_mv(_card(e), "looked", hand, s)]
    if kind == "reef":  # B.3.12: a Shell goes face down
        return [_mv(_card(e), hand, f"reef-{s}", s)]
    if kind == "swap":  # B.3.3: "gave" leaves this copy's reader, "got" reaches it
        t = int(e["target"])
        gave, got = _card(e, "gave"), _card(e, "got")
        if gave is None and got is None:
            return [_mv(None, hand, f"hand-{t}", s), _mv(None, f"hand-{t}", hand, s)]
        if gave is not None and got is not None and _gave_is_seats(e):
            return [_mv(gave, hand, f"hand-{t}", s), _mv(got, f"hand-{t}", hand, s)]
        return [_mv(got, hand, f"hand-{t}", s), _mv(gave, f"hand-{t}", hand, s)]
    if kind == "steal-pair":  # B.3.3: a placed duo changes fronts, public
        t = int(e["target"])
        return [_mv(c, f"front-{t}", front, s) for c in e.get("cards", ())]
    return []


def _gave_is_seats(e: Mapping[str, Any]) -> bool:
    """A swap's copy: whether its reader is the acting seat (its ``gave`` left the
    acting seat's hand) rather than the target. The copy does not say whose it is, so
    the page passes it in as ``reader`` (see :func:`moves`); without it, assume the
    acting seat."""
    reader = e.get("reader")
    return reader is None or reader == e.get("seat")


def _effect_moves(e: Mapping[str, Any], s: int) -> list[Move]:
    """The cards a duo's effect moves at once (R4.2, A.4)."""
    effect = e.get("effect")
    if e.get("skipped"):
        return []
    if effect == "fish":  # one card (two with Sunfish, B.3.2), private to the drawer
        if e.get("sunfish"):
            got = list(e.get("got") or [None] * int(e.get("count", 0)))
            return [_mv(c, "draw", f"hand-{s}", s) for c in got]
        return [_mv(_card(e), "draw", f"hand-{s}", s)]
    if effect == "steal":  # R4.2, R5: face up for the thief and the robbed only
        return [_mv(_card(e), f"hand-{e['target']}", f"hand-{s}", s)]
    if effect == "lobster":  # A.4: up to five cards to look at, private to the looker
        looked = list(e.get("looked") or [None] * int(e.get("count", 0)))
        return [_mv(c, "draw", "looked", s) for c in looked]
    return []


def _round_events(events: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The events of the round in play (after its ``round-start``)."""
    start = 0
    for i in range(len(events) - 1, -1, -1):
        if events[i].get("type") == "round-start":
            start = i + 1
            break
    return list(events[start:])


def moves(events: Sequence[Mapping[str, Any]], since: int,
          reader: int | None = None) -> list[Move]:
    """The moves of the events after ply ``since``, in the round in play.

    Args:
        events: one seat's redacted log (``view["log"]``), oldest first; each event
            has the ``ply`` of the action that wrote it.
        since: the ply of the view on screen before (its moves are already shown);
            events of plies ``> since`` count. A negative value means "nothing shown
            yet": no move (a fresh page does not replay the past).
        reader: the seat whose log it is (``None``: the public log); a swap's copy
            needs it to say which way each card went.

    Returns:
        The moves, oldest first; a new deal (a ``round-start`` after ``since``)
        moves nothing before it.
    """
    if since < 0:
        return []
    return [{k: x for k, x in m.items() if k != "ply"}
            for m in round_moves(events, reader) if m["ply"] > since]


def round_moves(events: Sequence[Mapping[str, Any]], reader: int | None = None
                ) -> list[Move]:
    """Every move of the round in play, each with the ``ply`` of the event that made it
    (what :func:`moves` keeps after a ply; the page's payload carries them so the page
    picks those after the ply it drew last).

    Args:
        events: one seat's redacted log (``view["log"]``), oldest first.
        reader: the seat whose log it is (``None``: the public log).

    Returns:
        The moves as :func:`moves` gives them, oldest first, each with ``"ply"`` (-1
        for an event without one).
    """
    out: list[Move] = []
    for e in _round_events(events):
        ply = int(e.get("ply", -1))
        if e.get("type") == "swap":
            e = {**e, "reader": reader}
        out += [{**m, "ply": ply} for m in event_moves(e)]
    return out


def _decided(e: Mapping[str, Any], seat: int) -> bool:
    return e.get("seat") == seat and e.get("type") in DECISIONS


def touched(events: Sequence[Mapping[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """What the other seats touched since ``seat``'s own last decision this round: the
    pile a card was taken from or discarded to, the draw pile, the cards played in
    front, a hand that received or lost a card. The page highlights them
    (class ``touched``) until the seat decides again.

    Args:
        events: ``seat``'s redacted log (``view["log"]``).
        seat: the reader; ``None`` (a spectator): what the last seat to act touched
            in its latest run of decisions.

    Returns:
        ``[{"zone": zone, "card": id or None}]`` without repeats, oldest first: a
        card id only where the reader may see it at that place (a card that
        reached a hand face down is only the hand, ``card`` None).
    """
    evs = _round_events(events)
    if seat is None:
        last = next((e.get("seat") for e in reversed(evs) if e.get("type") in DECISIONS),
                    None)
        if last is None:
            return []
        start = 0
        for i in range(len(evs) - 1, -1, -1):
            e = evs[i]
            if e.get("type") in DECISIONS and e.get("seat") != last:
                start = i + 1
                break
        after: Iterable[Mapping[str, Any]] = evs[start:]
    else:
        start = 0
        for i in range(len(evs) - 1, -1, -1):
            if _decided(evs[i], seat):
                start = i + 1
                break
        after = (e for e in evs[start:] if e.get("seat") != seat)
    out: list[dict[str, Any]] = []
    for e in after:
        if e.get("type") == "swap":
            e = {**e, "reader": seat}
        for m in event_moves(e):
            for item in _touch(m):
                if item not in out:
                    out.append(item)
    return out


def _touch(m: Move) -> list[dict[str, Any]]:
    """The highlights of one move: a pile or the draw pile as a whole, where a card went
    (the card when face up, else the whole place)."""
    out: list[dict[str, Any]] = []
    src, dst, card = m["from"], m["to"], m["card"]
    if src == "search":
        src = f"pile-{m['pile']}"
    if src == "draw" or src.startswith("pile-"):
        out.append({"zone": src, "card": None})
    if dst == "draw" or dst.startswith(_TABLE_PREFIXES):
        if dst.startswith("reef-") or dst == "draw":
            card = None
        out.append({"zone": dst, "card": card})
    return out
