"""A friend's device: :class:`GuestTable`, its side of a table the host runs.

It holds what the device knows: its seat and seat token (to rejoin after a reload; the
page keeps them with :meth:`GuestTable.keep` and gives them back to a new
:class:`GuestTable`), the table's id and game, the last view the host sent (what that
seat may know, read field by field with ``Game.view_from_dict``), who is away, and the
last refusal. :meth:`GuestTable.payload` words that view into the very payload a local
:class:`seasalt.web.table.Table` gives for that seat (:meth:`~seasalt.web.table.Table.view`),
in the device's own language and for the cards selected on it, so the page draws a
guest's table as a local one. It builds the messages the device sends, numbered, and
refuses to send an action on a view that is no longer current (already answered, or an
action that view does not offer).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from seasalt import i18n
from seasalt.core import safejson
from seasalt.core.errors import InvalidViewError
from seasalt.core.fields import Fields
from seasalt.ssp.present import log_lines, seat_names
from seasalt.web.games import SettingsError, canonical_game, page_game
from seasalt.web.remote import messages as m
from seasalt.web.settings import SPEEDS
from seasalt.web.table import ROUND_EVENTS


class GuestError(ValueError):
    """An action the device must not send: ``reason`` is ``not-seated``, ``stale`` (the
    view was answered already, or is not this seat's decision), ``illegal`` (not an
    action of the view), ``no-undo``, or ``malformed`` (a kept seat that does not read)."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason


@dataclass(frozen=True)
class Kept:
    """What a guest's device keeps to rejoin its seat: the table's id, the seat, the
    token and the game (JSON text through :meth:`to_text` and :func:`read_kept`)."""

    table: str
    seat: int
    token: str
    game: str

    def to_text(self) -> str:
        """The kept seat as JSON text."""
        return m.encode_plain({"table": self.table, "seat": self.seat, "token": self.token,
                               "game": self.game})


def read_kept(text: object) -> Kept:
    """A kept seat (:meth:`Kept.to_text`), every field checked.

    Raises:
        GuestError: ``malformed``.
    """
    try:
        f = Fields(safejson.loads(text, max_chars=1_000, max_depth=1, error=GuestError),
                   "kept", GuestError)
        kept = Kept(f.text("table"), f.integer("seat", low=0, high=15), f.text("token"),
                    f.text("game"))
    except GuestError as e:
        raise GuestError("malformed", str(e)) from None
    for value in (kept.table, kept.token):
        if not 0 < len(value) <= m.MAX_TOKEN or not set(value) <= m.TOKEN_CHARS:
            raise GuestError("malformed", "kept.token or kept.table is not a token")
    return kept


class GuestTable:
    """A guest's device at the host's table.

    Args:
        kept: the seat this device held before (to rejoin it), or ``None`` (a new guest).

    Attributes:
        seat, token, table, game: once welcomed (``None`` before).
        seen: the last view the host sent (``None`` before the first).
        ply: that view's ply (-1 before).
        away: the seats the host says are away.
        refused: the reason of the last refusal the host sent (``None``: none yet).
        ended: whether the host ended the game (``ended``): its token is forgotten.
        pongs: the ``seq`` of each ping answered, in order.
    """

    def __init__(self, kept: Kept | None = None) -> None:
        self.seat: int | None = kept.seat if kept else None
        self.token: str | None = kept.token if kept else None
        self.table: str | None = kept.table if kept else None
        self.game: str | None = kept.game if kept else None
        self.seen: m.View | None = None
        self._view: Any = None  # the engine's view, read from seen.view
        self._lines: list[dict[str, Any]] = []  # the log in words, and its events
        self._events: list[Any] = []
        self._lines_language: tuple[str, ...] = ()  # the language and names worded in
        self.ply = -1
        self.away: set[int] = set()
        self.refused: str | None = None
        self.ended = False
        self.pongs: list[int] = []
        self._seq = 0
        self._last_in = 0
        self._answered = False  # an action or undo was sent on the current view

    # ------------------------------------------------------------------ sending

    def _next(self) -> int:
        self._seq += 1
        return self._seq

    def hello(self, name: str | None = None) -> str:
        """The first message of a connection: a new guest, or this device's token, with
        the ``name`` its friend chose (``None``: none)."""
        return m.encode(m.Hello(self._next(), self.token, name=name))

    @property
    def answered(self) -> bool:
        """Whether this seat's action or undo on the current view was sent and the host
        has not answered yet (a new view, or a refusal that lets the player choose
        again)."""
        return self._answered

    def ping(self) -> str:
        """A ping (the host answers ``pong`` with its ``seq``)."""
        return m.encode(m.Ping(self._next()))

    def codes(self) -> list[str]:
        """The action codes the current view offers this seat (none when it is not its
        decision, or the view was answered already)."""
        v = self.seen
        if v is None or self._answered or v.view.get("current") != self.seat:
            return []
        return [x["code"] if isinstance(x, dict) else x for x in v.view.get("legal") or []]

    def act(self, code: str) -> str:
        """The message that plays ``code`` on the current view.

        Raises:
            GuestError: ``not-seated``; ``stale`` (not this seat's decision, or already
                answered: wait for the next view); ``illegal`` (not offered).
        """
        self._ready()
        if code not in self.codes():
            raise GuestError("illegal", safejson.shown(code))
        self._answered = True
        return m.encode(m.Act(self._next(), self.ply, code))

    def can_undo(self) -> bool:
        """Whether the current view offers Undo (this seat's own last decision, before
        the next seat acts, or its pick held before its turn when every seat picks at
        once: the host's undo policy, which sends ``undo`` only then)."""
        return bool(self.seat is not None and self.seen and self.seen.undo
                    and not self._answered)

    def undo(self) -> str:
        """The message that takes back this seat's last decision.

        Raises:
            GuestError: ``not-seated``, ``stale``, ``no-undo``.
        """
        if self.seat is None or self.seen is None:
            raise GuestError("not-seated")
        if not self.can_undo():
            raise GuestError("no-undo")
        self._answered = True
        return m.encode(m.Undo(self._next(), self.ply))

    def _ready(self) -> None:
        if self.seat is None or self.seen is None:
            raise GuestError("not-seated")
        if self._answered or self.seen.view.get("current") != self.seat:
            raise GuestError("stale", f"ply {self.ply}")

    # ------------------------------------------------------------------ receiving

    def receive(self, text: object) -> m.HostMessage:
        """Read one text from the host and keep what it says.

        Returns:
            The message read (the page redraws on a ``view``, shows ``away``/``back``,
            words a ``refused`` reason, says an ``ended`` game ended).

        Raises:
            MessageError: it does not read (:func:`seasalt.web.remote.messages.read_host`),
                its ``seq`` is not above the last (``replayed``), a welcome to a game
                this page does not play, or a view that is not this seat's or does not
                read as one of its game (``malformed``); nothing kept changes.
        """
        message = m.read_host(text)
        if message.seq <= self._last_in:
            raise m.MessageError("replayed", str(message.seq))
        engine_view = None
        if isinstance(message, m.Welcome):
            try:
                canonical_game(message.game)
            except SettingsError:
                raise m.MessageError("malformed", "not a game of this page") from None
        elif isinstance(message, m.View):
            engine_view = self._read_view(message)
        self._last_in = message.seq
        if isinstance(message, m.Welcome):
            self.seat, self.token = message.seat, message.token
            self.table, self.game = message.table, canonical_game(message.game)
        elif isinstance(message, m.View):
            self.seen, self._view, self.ply = message, engine_view, message.ply
            self._answered = False
        elif isinstance(message, m.Refused):
            self.refused = message.reason
            self._answered = False  # the view stands: the player may choose again
        elif isinstance(message, m.Away):
            self.away.add(message.seat)
        elif isinstance(message, m.Back):
            self.away.discard(message.seat)
        elif isinstance(message, m.Ended):
            self.ended, self.token = True, None  # the seat is gone: nothing to keep
        else:
            self.pongs.append(message.ref)
        return message

    def _read_view(self, message: m.View) -> Any:
        """The engine's view in ``message``, checked: this seat's, of this game."""
        if self.game is None or message.seat != self.seat:
            raise m.MessageError("malformed", "a view of another seat")
        if len(message.names) > page_game(self.game).load().info.max_players:
            raise m.MessageError("malformed", "more seats than the game has")
        try:
            view = page_game(self.game).load().view_from_dict(message.view)
        except (InvalidViewError, ValueError, TypeError, KeyError) as e:
            raise m.MessageError("malformed", safejson.shown(str(e), 80)) from None
        if (getattr(view, "seat", None) != self.seat or getattr(view, "ply", None) != message.ply
                or len(message.names) != _players(view)):
            raise m.MessageError("malformed", "a view that is not this seat's now")
        return view

    def payload(self, selection: Sequence[int] = ()) -> dict[str, Any] | None:
        """The page's payload of this seat, as a local table gives it
        (:meth:`seasalt.web.table.Table.view`), in the language in use and for the
        cards ``selection`` selected on this device; ``None`` before the first view."""
        v, seen = self._view, self.seen
        if v is None or seen is None or self.game is None:
            return None
        names = seat_names(seen.names, seen.kinds)  # a default one in this device's words

        def lines() -> list[dict[str, Any]]:
            """The log in words: the lines of events worded before are kept while the
            log only grows (an undo, another language, a seat renamed: worded anew)."""
            done, language = len(self._lines), (i18n.language(), *seen.names)
            if (self._lines_language != language or done > len(v.log)
                    or list(v.log[:done]) != self._events):
                self._lines, self._events, self._lines_language = [], [], language
            new = list(v.log[len(self._lines):])
            self._lines += [{"text": line, "round": e["type"] in ROUND_EVENTS}
                            for e, line in zip(new, log_lines(new, names, self.seat),
                                               strict=True)]
            self._events += new
            return list(self._lines)

        return page_game(self.game).payload(
            v, names, list(seen.kinds), seen.speed, selection=selection,
            lines=lines, undo=lambda: seen.undo, pause_ms=SPEEDS.get(seen.speed),
            shared=False)  # a device of its own

    def unseated(self) -> GuestTable:
        """A new guest's table on this same connection (its numbering goes on, as the
        host's room expects): this device's seat was refused (``bad-token``) or freed,
        and it asks for a seat anew, or waits for a new link."""
        fresh = GuestTable()
        fresh._seq, fresh._last_in = self._seq, self._last_in
        return fresh

    def connection_lost(self) -> None:
        """The data channel closed: the next connection starts with :meth:`hello` and
        its own numbering (the host numbers each connection anew)."""
        self._last_in = 0
        self._answered = False

    def keep(self) -> Kept | None:
        """What the device keeps to rejoin its seat (``None`` before a welcome)."""
        if self.seat is None or self.token is None or self.table is None or self.game is None:
            return None
        return Kept(self.table, self.seat, self.token, self.game)


def _players(view: Any) -> int:
    """How many seats an engine view counts (each game names it its own way)."""
    for name in ("n_players", "players"):
        value = getattr(view, name, None)
        if isinstance(value, int):
            return value
    return len(getattr(view, "hand_sizes", ()))
