"""The wire format between the host's device and a friend's device: one JSON object per
data-channel message, read within limits and field by field.

Every message is an object with ``type`` and ``seq`` (the sender's sequence number,
from 1, strictly increasing over one connection)::

    guest -> host
      {"type": "hello", "seq": 1, "protocol": 1, "token": null, "name": "Zoé"}
      {"type": "act",   "seq": 2, "ply": 14, "code": "take:1"}
      {"type": "undo",  "seq": 3, "ply": 15}
      {"type": "ping",  "seq": 4}

    host -> guest
      {"type": "welcome", "seq": 1, "protocol": 1, "seat": 1, "token": "...",
       "table": "3f9c0a...", "game": "sea-salt-and-paper"}
      {"type": "view",    "seq": 2, "seat": 1, "ply": 14, "view": {...},
       "names": ["Ann", "Bob"], "kinds": ["human", "human"], "speed": "normal",
       "undo": null}
      {"type": "refused", "seq": 3, "reason": "stale", "ref": 2}
      {"type": "away",    "seq": 4, "seat": 2}
      {"type": "back",    "seq": 5, "seat": 2}
      {"type": "pong",    "seq": 6, "ref": 4}
      {"type": "ended",   "seq": 7}

``view`` carries the engine's view of that seat as plain data
(:meth:`seasalt.web.table.Table.seat_view`: ``Game.view_to_dict``, what the seat may know
and nothing else) with the table's facts its payload needs (names, kinds, the bots'
speed, the code Undo would take back when that seat is to move); the guest's device
builds from it the very payload :meth:`seasalt.web.table.Table.view` gives for that
seat, in its own language and for the cards selected on it
(:meth:`seasalt.web.remote.guest.GuestTable.payload`). ``name`` in a ``hello`` is the
name its friend chose (``null``: none), read here as any short text and checked by the
host (:func:`seasalt.web.remote.names.friend_name`). ``ended``: the host ended the game
for everyone (its device left the table): the guest forgets its seat. ``refused``
carries a reason code of :data:`REASONS`, never a sentence: the page words it in the
device's own language.
Anything that does not read raises :class:`MessageError` (a ``ValueError``) with one of
those codes, never a ``KeyError`` or ``TypeError``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from typing import Any

from seasalt.core import safejson
from seasalt.core.fields import Fields

#: The protocol's version; a ``hello`` or ``welcome`` of another is refused.
PROTOCOL = 1
#: The longest text a guest may send (an ``act`` is under 100 characters).
MAX_GUEST_CHARS = 1_000
#: The longest text a guest reads from the host (a view with a long log is ~60,000).
MAX_HOST_CHARS = 2_000_000
#: The deepest nesting read: a guest's message is flat, a view's payload nests ~6 deep.
MAX_GUEST_DEPTH, MAX_HOST_DEPTH = 2, 32
#: The longest seat token, table id and action code read.
MAX_TOKEN, MAX_CODE = 64, 64
#: The longest name a ``hello`` may carry (the host keeps at most 20 characters of it:
#: :data:`seasalt.web.remote.names.MAX_NAME`; a longer one is read, then refused there).
MAX_HELLO_NAME = 200
#: The most seats a table has (a seat number is below it).
MAX_SEATS = 16
#: The largest sequence number and ply read (JavaScript's safe integers).
MAX_SEQ = 2**53 - 1

#: Why a message was refused or could not be read (``refused``'s ``reason``).
REASONS = (
    "too-big",        # longer than MAX_GUEST_CHARS
    "malformed",      # not JSON, nested too deep, a field missing or of the wrong type
    "unknown-type",   # a type this side does not take
    "protocol",       # another protocol version
    "replayed",       # a sequence number not above the last one of this connection
    "flood",          # too many messages too fast
    "not-seated",     # acting before a welcome
    "seated",         # a second hello on one connection
    "bad-token",      # a token that opens no seat
    "full",           # no friend's seat left to take
    "stale",          # the ply is not the table's: the table moved on
    "not-your-turn",  # the seat is not the one to decide now
    "illegal",        # the rules do not allow that action now, or it is not an action
    "game-over",      # the game has ended
    "no-undo",        # nothing of this seat's to take back now
    "freed",          # (host -> a seated guest) the host freed this seat for another phone
)
GUEST_TYPES = ("hello", "act", "undo", "ping")
HOST_TYPES = ("welcome", "view", "refused", "away", "back", "pong", "ended")
#: The characters of a seat token and a table id (what :func:`secrets.token_urlsafe` gives).
TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


class MessageError(ValueError):
    """A message that cannot be read or is refused; ``reason`` is one of :data:`REASONS`."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


class _FieldError(Exception):
    """What :class:`Fields` raises here, turned into ``MessageError("malformed")``."""


# ------------------------------------------------------------------ the messages


@dataclass(frozen=True)
class Hello:
    """A guest's first message: a new guest (``token`` None) or a seat token to rejoin,
    and the ``name`` its friend chose (``None``: none; the host checks it)."""

    seq: int
    token: str | None = None
    protocol: int = PROTOCOL
    name: str | None = None
    type: str = field(default="hello", init=False)


@dataclass(frozen=True)
class Act:
    """A guest's decision: the action ``code`` chosen from the view of ``ply``."""

    seq: int
    ply: int
    code: str
    type: str = field(default="act", init=False)


@dataclass(frozen=True)
class Undo:
    """Take back the guest's last decision, asked from the view of ``ply``."""

    seq: int
    ply: int
    type: str = field(default="undo", init=False)


@dataclass(frozen=True)
class Ping:
    """Are you there? (answered by :class:`Pong`; the round trip the page measures)."""

    seq: int
    type: str = field(default="ping", init=False)


@dataclass(frozen=True)
class Welcome:
    """The host seats a guest: its ``seat``, the ``token`` to rejoin it, the ``table``'s id
    and the ``game`` (canonical name)."""

    seq: int
    seat: int
    token: str
    table: str
    game: str
    protocol: int = PROTOCOL
    type: str = field(default="welcome", init=False)


@dataclass(frozen=True)
class View:
    """What the guest's own ``seat`` may know at ``ply``: the engine's ``view`` as plain
    data, the seats' ``names`` as typed (``""``: a default name, which the guest words in
    its own language) and ``kinds``, the bots' ``speed``, and ``undo``: the code of the
    decision Undo would take back (only when that seat is to move), or ``None``."""

    seq: int
    seat: int
    ply: int
    view: dict[str, Any]
    names: list[str]
    kinds: list[str]
    speed: str
    undo: str | None = None
    type: str = field(default="view", init=False)


@dataclass(frozen=True)
class Refused:
    """A guest's message refused: ``reason`` of :data:`REASONS`; ``ref``: its ``seq``
    (``None`` when it had none that could be read)."""

    seq: int
    reason: str
    ref: int | None = None
    type: str = field(default="refused", init=False)


@dataclass(frozen=True)
class Away:
    """``seat``'s device is gone (the game waits on its decisions)."""

    seq: int
    seat: int
    type: str = field(default="away", init=False)


@dataclass(frozen=True)
class Back:
    """``seat``'s device is back."""

    seq: int
    seat: int
    type: str = field(default="back", init=False)


@dataclass(frozen=True)
class Pong:
    """The answer to the :class:`Ping` whose ``seq`` is ``ref``."""

    seq: int
    ref: int
    type: str = field(default="pong", init=False)


@dataclass(frozen=True)
class Ended:
    """The host ended the game for everyone (it left the table, or started another):
    the guest's seat is gone, its token opens nothing any more."""

    seq: int
    type: str = field(default="ended", init=False)


GuestMessage = Hello | Act | Undo | Ping
HostMessage = Welcome | View | Refused | Away | Back | Pong | Ended


def encode(message: GuestMessage | HostMessage) -> str:
    """The message as compact JSON text (its fields, ``type`` included)."""
    return encode_plain({f.name: getattr(message, f.name) for f in fields(message)})


def encode_plain(data: dict[str, Any]) -> str:
    """Plain data as compact JSON text."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


# ------------------------------------------------------------------ reading


def _fields(text: object, max_chars: int, max_depth: int) -> Fields:
    if isinstance(text, str) and len(text) > max_chars:
        raise MessageError("too-big", f"{len(text)} characters")
    try:
        data = safejson.loads(text, max_chars=max_chars, max_depth=max_depth,
                              error=_FieldError, what="the message")
        return Fields(data, "message", _FieldError)
    except _FieldError as e:
        raise MessageError("malformed", str(e)) from None


def _token(f: Fields, key: str, *, optional: bool = False) -> str | None:
    value = f.opt_text(key) if optional else f.text(key)
    if value is not None and not (0 < len(value) <= MAX_TOKEN and set(value) <= TOKEN_CHARS):
        raise _FieldError(f"message.{key} is not a token")
    return value


def read_guest(text: object) -> GuestMessage:
    """A guest's message, read within :data:`MAX_GUEST_CHARS` and every field checked
    (no other field is allowed).

    Raises:
        MessageError: ``too-big``, ``malformed``, ``unknown-type`` or ``protocol``.
    """
    f = _fields(text, MAX_GUEST_CHARS, MAX_GUEST_DEPTH)
    try:
        kind = f.text("type")
        if kind not in GUEST_TYPES:
            raise MessageError("unknown-type", safejson.shown(kind))
        seq = f.integer("seq", low=1, high=MAX_SEQ)
        message: GuestMessage
        if kind == "hello":
            if f.integer("protocol", low=0, high=MAX_SEQ) != PROTOCOL:
                raise MessageError("protocol", str(f.data["protocol"]))
            name = f.opt_text("name") if "name" in f.data else None
            if name is not None and len(name) > MAX_HELLO_NAME:
                raise _FieldError("message.name is too long")
            message = Hello(seq, _token(f, "token", optional=True), name=name)
        elif kind == "act":
            code = f.text("code")
            if not 0 < len(code) <= MAX_CODE or not code.isprintable():
                raise _FieldError("message.code is not an action code")
            message = Act(seq, f.integer("ply", low=0, high=MAX_SEQ), code)
        elif kind == "undo":
            message = Undo(seq, f.integer("ply", low=0, high=MAX_SEQ))
        else:
            message = Ping(seq)
        _exact(f, message)
        return message
    except _FieldError as e:
        raise MessageError("malformed", str(e)) from None


def read_host(text: object) -> HostMessage:
    """A message from the host, read within :data:`MAX_HOST_CHARS` and every field
    checked (no other field is allowed; a view's ``payload`` must be an object).

    Raises:
        MessageError: ``too-big``, ``malformed``, ``unknown-type`` or ``protocol``.
    """
    f = _fields(text, MAX_HOST_CHARS, MAX_HOST_DEPTH)
    try:
        kind = f.text("type")
        if kind not in HOST_TYPES:
            raise MessageError("unknown-type", safejson.shown(kind))
        seq = f.integer("seq", low=1, high=MAX_SEQ)
        message: HostMessage
        if kind == "welcome":
            if f.integer("protocol", low=0, high=MAX_SEQ) != PROTOCOL:
                raise MessageError("protocol", str(f.data["protocol"]))
            message = Welcome(seq, f.integer("seat", low=0, high=MAX_SEATS - 1),
                              str(_token(f, "token")), str(_token(f, "table")),
                              f.text("game"))
        elif kind == "view":
            view = f.value("view")  # plain data already (json.loads made it); the guest
            if not isinstance(view, dict):  # reads its fields (Game.view_from_dict)
                raise _FieldError("message.view must be a JSON object")
            names, kinds = list(f.texts("names")), list(f.texts("kinds"))
            if not 0 < len(names) == len(kinds) <= MAX_SEATS:
                raise _FieldError("message.names and kinds must be one per seat")
            message = View(seq, f.integer("seat", low=0, high=MAX_SEATS - 1),
                           f.integer("ply", low=0, high=MAX_SEQ), view, names, kinds,
                           f.text("speed"), f.opt_text("undo"))
        elif kind == "refused":
            message = Refused(seq, f.text("reason", REASONS),
                              f.opt_integer("ref", low=1, high=MAX_SEQ))
        elif kind == "pong":
            message = Pong(seq, f.integer("ref", low=1, high=MAX_SEQ))
        elif kind == "ended":
            message = Ended(seq)
        else:
            seat = f.integer("seat", low=0, high=MAX_SEATS - 1)
            message = Away(seq, seat) if kind == "away" else Back(seq, seat)
        _exact(f, message)
        return message
    except _FieldError as e:
        raise MessageError("malformed", str(e)) from None


def _exact(f: Fields, message: GuestMessage | HostMessage) -> None:
    """Refuse a field the message does not have (``malformed``)."""
    extra = set(f.data) - {x.name for x in fields(message)}
    if extra:
        raise _FieldError(f"message has unknown fields: {safejson.shown(sorted(extra))}")
