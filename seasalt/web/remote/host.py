"""The host's side of a table played on many devices: :class:`HostRoom`.

The host's device runs the game as today (a :class:`seasalt.web.table.Table`, bots
included) and holds the whole of it, as a dealer does. Some of its people's seats are
*a friend's device*: a guest connected over a data channel (a *peer*, named by the page
with any string). The room reads every text a peer sends (:meth:`HostRoom.receive`),
trusts none of it, and answers with the texts to send back: a guest may act only for
the seat it was given, only on the current decision, only with a legal action; anything
else is refused with a reason code, the game unchanged, and counted
(:attr:`HostRoom.refusals`). After every change of the game (a guest's, a bot's or the
host's own move) :meth:`HostRoom.updates` gives each connected guest what its own seat
may know (:meth:`seasalt.web.table.Table.seat_view`, with the names, kinds, speed and
its Undo), and nothing else of the game; the guest's device words it in its own
language (:meth:`seasalt.web.remote.guest.GuestTable.payload`).

Fruits de mer (simultaneous choices, F4): the room sets the table's friends' seats, so
that every seat picks as soon as the round opens (``Table.choices``,
:mod:`seasalt.web.choices`): a guest's pick before its turn is held on this device and
played on its turn, taken back by its Undo until then; a pick from a view of this
round is good (a pick from an earlier round, or a second pick, is ``stale``); each
guest's view says which seats have picked, and only its own pick.

Seat tokens: a guest's first ``hello`` gets a free friend's seat and a fresh random
token (:func:`secrets.token_urlsafe`); the token, kept on the guest's device, rejoins
that seat and no other. The room keeps only each token's SHA-256 digest, and saves
them (:meth:`HostRoom.save`) beside the game in the bank, under
``seasalt.room.<id>`` (:data:`seasalt.web.bank.ROOM_PREFIX`; :func:`write_room`,
:func:`read_room`), so that after the host's page reloads the guests rejoin their seats.
The people's picks held before their turn (the friends' and the host's own) are saved
there too, with the round they belong to, and played on their turns after the reload
(nobody picks again); they are never in anything a guest receives. A bot's pick held
ahead of its turn is not saved: its bot picks it again, the same (``Table.choices``).

A friend's own name: its ``hello`` may carry the name its friend chose; the room keeps
it (:func:`seasalt.web.remote.names.friend_name`: trimmed, 1-20 characters, no control
character) in the game's record, in place of the seat's default name only (a name the
host typed in the new game's form stays), and not when another seat has that name; a
refused name leaves the seat's name as it was. The names friends chose are saved in the
room too (:attr:`HostRoom.names`), so that a friend who rejoins may change its own.

The host ending the game (:meth:`HostRoom.end`): each connected guest is told
(``ended``) and every friend's seat is freed: the tokens open nothing any more. A host
whose page merely reloads ends nothing: the guests rejoin.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from seasalt.core import safejson
from seasalt.core.errors import IllegalActionError, InvalidActionError, Reason
from seasalt.core.fields import Fields
from seasalt.web.bank import ROOM_PREFIX, KeyValue, StorageRefused
from seasalt.web.remote import messages as m
from seasalt.web.remote.names import friend_name
from seasalt.web.settings import HUMAN
from seasalt.web.table import Table

#: The room's save format and version (:meth:`HostRoom.save`; version 1 had no held
#: picks, version 2 no friends' names; both still load).
ROOM_FORMAT, ROOM_VERSION = "seasalt-room", 3
#: A peer may send a burst of :data:`BURST` messages, then :data:`RATE` a second.
BURST, RATE = 20, 10.0
#: How many refusals :attr:`HostRoom.log` keeps (the oldest go first).
LOG_SIZE = 200
#: The table's refusals, by the reason codes of :mod:`seasalt.web.remote.messages`.
_DRIVER_REASONS = {Reason.STALE: "stale", Reason.NOT_YOUR_TURN: "not-your-turn",
                   Reason.GAME_OVER: "game-over", Reason.NOT_AVAILABLE: "illegal"}


class RoomError(ValueError):
    """A room that cannot be set up or restored (bad seats, a save that does not read)."""


@dataclass
class _Peer:
    """What the room knows of one connection."""

    seat: int | None = None
    last_seq: int = 0       # the last sequence number received
    sent_seq: int = 0       # the last sequence number sent
    sent_view: tuple[int, int] | None = None  # the game's mark when its view was last sent
    allowance: float = BURST
    checked_at: float = 0.0
    flooding: bool = False  # refused for flooding since its last message let through


def digest(token: str) -> str:
    """A seat token's SHA-256 digest (hex): what the room keeps and saves."""
    return hashlib.sha256(token.encode()).hexdigest()


class HostRoom:
    """The host's table shared with friends' devices.

    Args:
        table: the game (its friends' seats must be people's seats, ``human``).
        remote: the seats played on friends' devices.
        table_id: the table's id, sent in ``welcome`` (default: a fresh random one).
        clock: seconds, for the rate limit (default :func:`time.monotonic`).

    Attributes:
        table: the game.
        remote: the friends' seats, sorted.
        table_id: the table's id.
        refusals: how many messages were refused, by reason code.
        log: the last refusals, ``(peer, seat or None, reason)``.
        names: the names friends chose, by seat (in the game's record too).

    Raises:
        RoomError: a remote seat that is not a person's seat of the table.
    """

    def __init__(self, table: Table, remote: Iterable[int], *, table_id: str | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.table = table
        self.remote = sorted(set(remote))
        if any(not 0 <= s < len(table.kinds) or table.kinds[s] != HUMAN for s in self.remote):
            raise RoomError(f"friends' seats must be people's seats: {self.remote}")
        table.remote = frozenset(self.remote)  # (their choices then made at once)
        table.away_seats = self.away  # (its payloads mark them away)
        self.table_id = table_id or secrets.token_urlsafe(12)
        self.clock = clock
        self.refusals: Counter[str] = Counter()
        self.log: deque[tuple[str, int | None, str]] = deque(maxlen=LOG_SIZE)
        self._digests: dict[int, str] = {}
        self._peers: dict[str, _Peer] = {}
        self.names: dict[int, str] = {}

    # ------------------------------------------------------------------ queries

    def seat_of(self, peer: str) -> int | None:
        """The seat ``peer`` plays (``None``: not seated, or unknown)."""
        p = self._peers.get(peer)
        return p.seat if p else None

    def joined(self) -> list[int]:
        """The friends' seats given to a device so far (its token issued)."""
        return sorted(self._digests)

    def shown(self, seats: Sequence[int | None]) -> list[int | None]:
        """The friend's seat each of the host's join cards shows, given the seat each
        card's phone took (``None``: none yet): that seat while it is given to a phone;
        a card without one shows the next seat given to a phone that no card shows
        (after the host's page reloads, its cards are new and every friend away)."""
        joined = self.joined()
        spare = [s for s in joined if s not in seats]
        return [s if s in joined else (spare.pop(0) if spare else None) for s in seats]

    def named(self, shown: Sequence[int | None]) -> list[int | None]:
        """The seat each of the host's join cards names in its heading, given
        :meth:`shown`'s: the seat it shows; the one card without a seat names the one
        friend's seat no phone holds (its link can give no other). With two such cards
        or more, none is named: a phone answering either link takes the first free seat.
        """
        free = [s for s in sorted(self.remote) if s not in self._digests]
        if len(free) == 1 and list(shown).count(None) == 1:
            return [free[0] if s is None else s for s in shown]
        return list(shown)

    def connected(self) -> list[int]:
        """The friends' seats whose device is connected now."""
        return sorted({p.seat for p in self._peers.values() if p.seat is not None})

    def away(self) -> list[int]:
        """The friends' seats given to a device that is not connected now: the table
        shows them away, and the game waits on their decisions."""
        return sorted(set(self._digests) - set(self.connected()))

    def waiting_on(self) -> int | None:
        """The seat the game waits for when it is a friend's seat (connected or away),
        else ``None`` (the host's own seat, a bot's, or the game is over; or every seat
        picks at once, ``Table.choices``: the table's seats then say who is still
        choosing)."""
        c = self.table.current
        return c if c in self.remote and self.table.choices is None else None

    # ------------------------------------------------------------------ messages

    def receive(self, peer: str, text: object) -> list[tuple[str, str]]:
        """Read one text ``peer`` sent and act on it.

        Checked in this order, the first failure refused (``refused`` with its reason
        sent back to ``peer``, counted in :attr:`refusals`, the game unchanged): the
        size (``too-big``), the rate (``flood``: a burst of :data:`BURST`, then
        :data:`RATE` a second; answered once per flood), the reading
        (:func:`seasalt.web.remote.messages.read_guest`), the sequence number
        (``replayed`` unless above the connection's last), then the message's own
        checks: ``hello`` (``seated``, ``bad-token``, ``full``), ``act`` and ``undo``
        (``not-seated``, ``game-over``, ``stale``, ``not-your-turn``, ``illegal``,
        ``no-undo``).

        Returns:
            ``[(peer, text)]`` to send, in order: after an accepted action, each
            connected guest's new view (:meth:`updates`).
        """
        p = self._peers.setdefault(peer, _Peer(checked_at=self.clock()))
        if isinstance(text, str) and len(text) > m.MAX_GUEST_CHARS:
            return self._refuse(peer, p, "too-big", None)
        if not self._allowed(p):
            return self._refuse(peer, p, "flood", None, answer=not p.flooding, flood=True)
        p.flooding = False
        try:
            message = m.read_guest(text)
        except m.MessageError as e:
            return self._refuse(peer, p, e.reason, None)
        if message.seq <= p.last_seq:
            return self._refuse(peer, p, "replayed", message.seq)
        p.last_seq = message.seq
        if isinstance(message, m.Hello):
            return self._hello(peer, p, message)
        if isinstance(message, m.Ping):
            return [self._send(peer, p, m.Pong(0, message.seq))]
        if p.seat is None:
            return self._refuse(peer, p, "not-seated", message.seq)
        if self.table.over:
            return self._refuse(peer, p, "game-over", message.seq)
        if message.ply != self.table.ply and self.table.choices is None:
            return self._refuse(peer, p, "stale", message.seq)  # (picks at once: see _act)
        if isinstance(message, m.Act):
            return self._act(peer, p, message)
        return self._undo(peer, p, message)

    def drop(self, peer: str) -> list[tuple[str, str]]:
        """``peer``'s connection is closed: forget it; when it held a seat, tell the
        other guests that seat is away (the game waits on it)."""
        p = self._peers.pop(peer, None)
        if p is None or p.seat is None or p.seat in self.connected():
            return []
        return self._to_others(peer, lambda: m.Away(0, p.seat))  # type: ignore[arg-type]

    def release(self, seat: int) -> list[tuple[str, str]]:
        """The host frees a friend's seat (its phone lost, or another phone is to play
        it): its token no longer opens it, its device (if connected) is unseated and
        told so (``refused`` with reason ``freed``), and the next new guest may take it;
        a pick its friend made before its turn is dropped (the next one picks anew). The
        game is unchanged: the seat's cards stay with the seat. Saved by :meth:`save`
        (the seat's token is no longer there).

        Args:
            seat: a friend's seat (any other: nothing happens).

        Returns:
            ``[(peer, text)]`` to send: the ``refused`` for the device that played it.
        """
        if seat not in self.remote:
            return []
        self._digests.pop(seat, None)
        if self.table.choices is not None:
            self.table.choices.held.pop(seat, None)
        out = []
        for peer, p in self._peers.items():
            if p.seat == seat:
                p.seat = None
                out.append(self._send(peer, p, m.Refused(0, "freed", None)))
        return out

    def updates(self) -> list[tuple[str, str]]:
        """Each connected guest's own seat's view, when the game changed since it was
        last sent (call after any move: a bot's, the host's own, an undo)."""
        mark = self._mark()
        out = []
        for peer, p in self._peers.items():
            if p.seat is not None and p.sent_view != mark:
                out.append(self._view(peer, p, mark))
        return out

    # ------------------------------------------------------------------ the checks

    def _hello(self, peer: str, p: _Peer, hello: m.Hello) -> list[tuple[str, str]]:
        if p.seat is not None:
            return self._refuse(peer, p, "seated", hello.seq)
        if hello.token is not None:
            wanted = digest(hello.token)
            seat = next((s for s, d in self._digests.items()
                         if hmac.compare_digest(d, wanted)), None)
            if seat is None:
                return self._refuse(peer, p, "bad-token", hello.seq)
            token = hello.token
            for other in self._peers.values():  # its old connection (a reload): replaced
                if other.seat == seat:
                    other.seat = None
        else:
            free = [s for s in self.remote if s not in self._digests]
            if not free:
                return self._refuse(peer, p, "full", hello.seq)
            seat, token = free[0], secrets.token_urlsafe(16)
            self._digests[seat] = digest(token)
        was_away = seat in self.away()
        p.seat, p.sent_view = seat, None
        renamed = self.rename(seat, hello.name)
        out = [self._send(peer, p, m.Welcome(0, seat, token, self.table_id, self.table.game))]
        out += [self._send(peer, p, m.Away(0, s)) for s in self.away()]
        out.append(self._view(peer, p, self._mark()))
        if was_away:
            out += self._to_others(peer, lambda: m.Back(0, seat))
        if renamed:  # the others' tables name that seat anew
            out += [self._view(q, o, self._mark()) for q, o in self._peers.items()
                    if q != peer and o.seat is not None]
        return out

    def rename(self, seat: int, wanted: str | None) -> bool:
        """Name friend's seat ``seat`` ``wanted`` (what its friend chose), when
        :func:`~seasalt.web.remote.names.friend_name` reads it, the seat's name is a
        default one or one a friend chose, and no other seat is named so (case aside).

        Returns:
            Whether the seat's name changed (each guest's table should be sent again).
        """
        name = friend_name(wanted)
        typed = self.table.typed_names()
        if name is None or seat not in self.remote or (typed[seat] and seat not in self.names):
            return False
        if any(other.casefold() == name.casefold()
               for s, other in enumerate(self.table.names) if s != seat):
            return False
        self.names[seat] = name
        if typed[seat] == name:
            return False
        seats = self.table.record.seats
        seats += [""] * (len(typed) - len(seats))
        seats[seat] = name
        return True

    def rematch(self) -> Table:
        """A new game of this table's (:meth:`seasalt.web.table.Table.rematch`) with the
        same friends' seats (a new room gives them new links), without the names
        friends chose here (the new game's friends choose theirs; a name the host typed
        stays)."""
        new = self.table.rematch()
        new.remote = frozenset(self.remote)
        seats = new.record.seats
        for seat in self.names:
            if seat < len(seats):
                seats[seat] = ""
        return new

    def end(self, joining: Iterable[str] = ()) -> list[tuple[str, str]]:
        """The host ends the game for everyone: each connected guest is told
        (``ended``), seated or still joining; every friend's seat is freed (its token
        opens nothing any more, a pick its friend held is dropped) and every device
        unseated. The names friends chose stay in the game's record.

        Args:
            joining: the page's connections that are open, including those whose
                ``hello`` has not come yet (the room knows only those it heard from).

        Returns:
            ``[(peer, text)]``: the ``ended`` message for each connection the room
            heard from and each of ``joining``, once.
        """
        for peer in joining:
            self._peers.setdefault(peer, _Peer(checked_at=self.clock()))
        out = [self._send(q, p, m.Ended(0)) for q, p in self._peers.items()]
        if self.table.choices is not None:
            for seat in self.remote:
                self.table.choices.held.pop(seat, None)
        self._digests.clear()
        for p in self._peers.values():
            p.seat = None
        return out

    def _act(self, peer: str, p: _Peer, act: m.Act) -> list[tuple[str, str]]:
        assert p.seat is not None
        try:
            self.table.submit(p.seat, act.ply, act.code)
        except IllegalActionError as e:
            return self._refuse(peer, p, _DRIVER_REASONS.get(e.reason, "illegal"), act.seq)
        except (InvalidActionError, ValueError):
            return self._refuse(peer, p, "illegal", act.seq)
        return self.updates()

    def _undo(self, peer: str, p: _Peer, undo: m.Undo) -> list[tuple[str, str]]:
        seat = p.seat
        assert seat is not None
        t = self.table
        if t.choices is not None and seat in t.choices.held:
            if undo.ply < t.choices.opened():  # (a view of this round)
                return self._refuse(peer, p, "stale", undo.seq)
        elif undo.ply != t.ply:
            return self._refuse(peer, p, "stale", undo.seq)
        if not t.can_undo(seat):
            return self._refuse(peer, p, "no-undo", undo.seq)
        try:
            self.table.undo(seat)
        except IllegalActionError:
            return self._refuse(peer, p, "no-undo", undo.seq)
        return self.updates()

    def _allowed(self, p: _Peer) -> bool:
        """A token bucket: :data:`BURST` messages, refilled at :data:`RATE` a second."""
        now = self.clock()
        p.allowance = min(float(BURST), p.allowance + max(0.0, now - p.checked_at) * RATE)
        p.checked_at = now
        if p.allowance < 1:
            return False
        p.allowance -= 1
        return True

    # ------------------------------------------------------------------ sending

    def _mark(self) -> tuple[int, int]:
        """What identifies the game's position: its ply and its actions (an undo then
        another move comes back to the same ply with other actions), and the seats
        holding a pick ahead of their turn."""
        choices = self.table.choices
        held = hash(choices.mark()) if choices is not None else 0
        return self.table.ply, hash((tuple(self.table.record.actions), held))

    def _view(self, peer: str, p: _Peer, mark: tuple[int, int]) -> tuple[str, str]:
        seat, t = p.seat, self.table
        assert seat is not None
        p.sent_view = mark
        undo = t.undo_code(seat) if t.can_undo(seat) else None
        return self._send(peer, p, m.View(0, seat, t.ply, t.seat_view(seat), t.typed_names(),
                                          list(t.kinds), t.speed, undo))

    def _send(self, peer: str, p: _Peer, message: Any) -> tuple[str, str]:
        """``message`` (built with ``seq`` 0) numbered for ``peer`` and encoded."""
        p.sent_seq += 1
        return peer, m.encode(replace(message, seq=p.sent_seq))

    def _to_others(self, peer: str, build: Callable[[], Any]) -> list[tuple[str, str]]:
        return [self._send(q, p, build()) for q, p in self._peers.items()
                if q != peer and p.seat is not None]

    def _refuse(self, peer: str, p: _Peer, reason: str, ref: int | None, *,
                answer: bool = True, flood: bool = False) -> list[tuple[str, str]]:
        self.refusals[reason] += 1
        self.log.append((peer, p.seat, reason))
        p.flooding = p.flooding or flood
        return [self._send(peer, p, m.Refused(0, reason, ref))] if answer else []

    # ------------------------------------------------------------------ saves

    def save(self) -> str:
        """The room as JSON text, kept beside the game's save (:func:`write_room`)::

            {"format": "seasalt-room", "version": 3, "table": "...",
             "remote": [1, 2], "tokens": {"1": "<sha-256 hex>"},
             "names": {"1": "Zoé"}, "held": {"2": "tuna"}, "opened": 8}

        Only the tokens' digests: the save opens no seat by itself. ``held``: the
        people's picks held before their turn (F4, :mod:`seasalt.web.choices`), the
        friends' and the host's own, and ``opened``, the ply at which their round
        opened; both only when a person's pick is held (a bot's is not saved: its bot
        picks it again, the same).
        ``names``: the names friends chose (:meth:`rename`), only when one did.
        """
        data: dict[str, Any] = {"format": ROOM_FORMAT, "version": ROOM_VERSION,
                                "table": self.table_id, "remote": self.remote,
                                "tokens": {str(s): d for s, d in sorted(self._digests.items())}}
        if self.names:
            data["names"] = {str(s): name for s, name in sorted(self.names.items())}
        choices = self.table.choices
        kinds = self.table.kinds
        held = {str(s): code for s, code in sorted(choices.held.items())
                if kinds[s] == HUMAN} if choices is not None else {}
        if choices is not None and held:
            data["held"], data["opened"] = held, choices.opened()
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def load(cls, table: Table, text: object, *,
             clock: Callable[[], float] = time.monotonic) -> HostRoom:
        """The room saved by :meth:`save` (version 1, 2 or 3), over its game reloaded:
        every guest away until it rejoins with its token. The people's held picks of
        the table's round (the friends' and the host's own) are held again, played on
        their turns; one of another round, of a seat that is no longer a person's,
        whose turn has come, or that its seat can no longer pick (played already) is
        dropped: its person picks anew.

        Raises:
            RoomError: the text is not a room's save, or its seats do not fit the game.
        """
        f = Fields(safejson.loads(text, max_chars=10_000, max_depth=3, error=RoomError,
                                  what="the room"), "room", RoomError)
        f.text("format", {ROOM_FORMAT})
        f.integer("version", low=1, high=ROOM_VERSION)
        table_id = f.text("table")
        if not 0 < len(table_id) <= m.MAX_TOKEN or not set(table_id) <= m.TOKEN_CHARS:
            raise RoomError("room.table is not a table id")
        room = cls(table, f.integers("remote"), table_id=table_id, clock=clock)
        tokens = f.plain("tokens")
        for key, value in tokens.items():
            if not (key.isdigit() and int(key) in room.remote and isinstance(value, str)
                    and len(value) == 64 and set(value) <= set("0123456789abcdef")):
                raise RoomError(f"room.tokens has a bad entry: {safejson.shown(key)}")
            room._digests[int(key)] = value
        names = (f.opt_plain("names") if "names" in f.data else None) or {}  # (3 only)
        for key, value in names.items():
            if not (key.isdigit() and int(key) in room.remote
                    and friend_name(value) == value):
                raise RoomError(f"room.names has a bad entry: {safejson.shown(key)}")
            room.names[int(key)] = value
        held = (f.opt_plain("held") if "held" in f.data else None) or {}  # (version 1: none)
        opened = f.opt_integer("opened", low=0) if "opened" in f.data else None
        for key, value in held.items():
            if not (key.isdigit() and len(key) <= 3 and isinstance(value, str)
                    and 0 < len(value) <= m.MAX_CODE):
                raise RoomError(f"room.held has a bad entry: {safejson.shown(key)}")
        room._hold_again({int(k): v for k, v in held.items()}, opened)
        return room

    def _hold_again(self, held: dict[int, str], opened: int | None) -> None:
        """Hold the saved picks ``held`` (seat -> code, of the round opened at ply
        ``opened``) again where they still fit the game: a person's seat (a friend's or
        the host's own) whose turn has not come (the game saved after its pick was
        played: it has none to make; saved before, a rare refusal of the storage: its
        person picks again, played at once) and that may still pick that card."""
        choices = self.table.choices
        if choices is None or not held or opened != choices.opened():
            return
        for seat, code in sorted(held.items()):
            if (0 <= seat < len(self.table.kinds) and self.table.kinds[seat] == HUMAN
                    and seat != self.table.current and code in choices.legal(seat)):
                choices.held[seat] = code


def write_room(kv: KeyValue, game_id: str, room: HostRoom) -> StorageRefused | None:
    """Save ``room`` beside its game (``seasalt.room.<id>``).

    Returns:
        None when saved; the store's refusal otherwise (nothing else changed: the
        guests then cannot rejoin after a reload of the host's page, and the host
        may release their seats).
    """
    try:
        kv.set(ROOM_PREFIX + game_id, room.save())
    except StorageRefused as refused:
        return refused
    return None


def read_room(kv: KeyValue, game_id: str, table: Table, *,
              clock: Callable[[], float] = time.monotonic) -> HostRoom | None:
    """The room saved beside game ``game_id`` over its reloaded ``table``, or ``None``
    when there is none or it does not read (the game is then played on one device)."""
    text = kv.get(ROOM_PREFIX + game_id)
    if text is None:
        return None
    try:
        return HostRoom.load(table, text, clock=clock)
    except RoomError:
        return None

