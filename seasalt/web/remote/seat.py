"""A friend's device's table as the page draws it: :class:`RemoteSeat`.

The page draws a game from a :class:`seasalt.web.table.Table` (its payload, its round,
whether it is over, whose eyes the table shows, the action a click sends). On a friend's
device the game runs on the host's device; :class:`RemoteSeat` answers the page's
questions from the last view the host sent (:class:`~seasalt.web.remote.guest.GuestTable`)
so that the very same screens draw it, and turns the page's clicks into messages for
the host (:attr:`RemoteSeat.outbox`), which the page sends over its data channel. It
holds no other seat's hidden card: only what the host sent for this seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from seasalt.core.errors import IllegalActionError, Reason
from seasalt.web.away import mark_away
from seasalt.web.games import page_game
from seasalt.web.remote.guest import GuestError, GuestTable


class RemoteSeat:
    """The page's table on a friend's device (the questions the page asks a
    :class:`seasalt.web.table.Table`, answered from the host's last view).

    Args:
        guest: the device's side of the connection (seated or not yet).

    Attributes:
        guest: that side.
        outbox: texts for the host, in order (the page sends and empties it).
        ack_round: the last round whose end this device has shown.
    """

    remote_guest = True  # the page saves nothing of a game it does not hold

    def __init__(self, guest: GuestTable) -> None:
        self.guest = guest
        self.outbox: list[str] = []
        self.ack_round = 0

    # ------------------------------------------------------------------ queries

    @property
    def ready(self) -> bool:
        """Whether the host sent this seat a view (the table can be drawn)."""
        return self.guest.seen is not None and self.guest.game is not None

    def _facts(self) -> dict[str, Any]:
        p = self.guest.payload()
        if p is None:
            raise IllegalActionError("no view yet", reason=Reason.STALE)
        return p

    @property
    def game(self) -> str:
        """The game's canonical name."""
        return str(self.guest.game)

    @property
    def seat(self) -> int:
        """This device's seat."""
        return int(self.guest.seat or 0)

    @property
    def names(self) -> list[str]:
        """The seats' names, as the host sent them."""
        return list(self.guest.seen.names) if self.guest.seen else []

    @property
    def kinds(self) -> list[str]:
        """The seats' kinds, as the host sent them."""
        return list(self.guest.seen.kinds) if self.guest.seen else []

    @property
    def speed(self) -> str:
        """The host's bots' pace."""
        return self.guest.seen.speed if self.guest.seen else "normal"

    @property
    def ply(self) -> int:
        """The ply of the host's last view."""
        return self.guest.ply

    @property
    def current(self) -> int:
        """The seat to move in the last view (-2 once the game is over)."""
        return -2 if self.over else int(self._facts()["current"])

    @property
    def over(self) -> bool:
        """Whether the game has ended, as the last view says."""
        p = self._facts()
        return bool(p["over"]) if "over" in p else p.get("outcome") is not None

    @property
    def round(self) -> int:
        """The round in play in the last view."""
        return int(self._facts()["round"])

    @property
    def round_screen(self) -> bool:
        """Whether the page stops between rounds (as a local table of this game)."""
        return page_game(self.game).round_screen

    def humans(self) -> list[int]:
        """The people's seats this device shows: its own."""
        return [self.seat]

    def viewer(self) -> int:
        """The seat whose eyes the table shows: always this device's."""
        return self.seat

    def is_bot_turn(self) -> bool:
        """Never: the host's device plays the bots."""
        return False

    def can_suggest(self) -> bool:
        """No coach on a friend's device (it would need the host's whole game)."""
        return False

    def notes(self) -> list[dict[str, Any]]:
        """No coach's notes on a friend's device."""
        return []

    def secret(self) -> bool:
        """A friend's device holds no record to keep out of sight."""
        return False

    def view(self, seat: int | None, selection: Sequence[int] = ()) -> dict[str, Any]:
        """This seat's payload (whatever ``seat`` asks: the device sees only its own),
        worded in the language in use for ``selection``, the other friends' seats the
        host says are away marked so (:func:`~seasalt.web.away.mark_away`).

        Raises:
            IllegalActionError: no view came yet (``Reason.STALE``).
        """
        p = self.guest.payload(selection)
        if p is None:
            raise IllegalActionError("no view yet", reason=Reason.STALE)
        return mark_away(p, self.guest.away - {self.guest.seat})  # the others away

    # ------------------------------------------------------------------ acting

    def submit(self, seat: int, ply: int, code: str) -> None:
        """The page's click: the ``act`` message for the host, put in :attr:`outbox`.

        Raises:
            IllegalActionError: not this seat, a view already answered or no longer
                current (``Reason.STALE``), or an action the view does not offer
                (``Reason.NOT_AVAILABLE``); nothing is sent.
        """
        if seat != self.seat or ply != self.guest.ply:
            raise IllegalActionError("the table moved on", reason=Reason.STALE)
        try:
            self.outbox.append(self.guest.act(code))
        except GuestError as e:
            reason = Reason.NOT_AVAILABLE if e.reason == "illegal" else Reason.STALE
            raise IllegalActionError(str(e), reason=reason) from None

    @property
    def sent(self) -> bool:
        """Whether this seat's decision was sent and the host's answer is awaited (a
        second click then sends nothing)."""
        return self.guest.answered

    def can_undo(self) -> bool:
        """Whether the host's last view offers this seat Undo."""
        return self.guest.can_undo()

    def undo_code(self) -> str | None:
        """The decision Undo would take back (the host says), or ``None``."""
        return self.guest.seen.undo if self.can_undo() and self.guest.seen else None

    def undo(self) -> None:
        """The ``undo`` message for the host, put in :attr:`outbox`.

        Raises:
            IllegalActionError: nothing to take back now; nothing is sent.
        """
        try:
            self.outbox.append(self.guest.undo())
        except GuestError as e:
            raise IllegalActionError(str(e)) from None

    def set_speed(self, speed: str) -> None:
        """The host sets the bots' pace; a friend's device changes nothing."""

    def take(self) -> list[str]:
        """The texts waiting for the host, emptied (the page sends them in order)."""
        out, self.outbox = self.outbox, []
        return out


def is_remote(table: object) -> bool:
    """Whether the page's ``table`` is a friend's device's (:class:`RemoteSeat`)."""
    return bool(getattr(table, "remote_guest", False))

