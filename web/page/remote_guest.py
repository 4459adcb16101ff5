"""A friend's device at a host's table (issue 42; see `remote`): the join screen (the
host's code answered, the answer shown), the seat kept to rejoin it, the table drawn
from the host's views through a ``seasalt.web.remote.seat.RemoteSeat`` as ``ui.table``,
its clicks sent to the host (`pump`), a lost channel that asks for a new code. The
friend's own name (typed on the join screen, kept on this device) goes with each
``hello``. When the host ends the game (``ended``) the seat is forgotten and the screen
says so, with a way to this device's own new-game screen; a game over whose host leaves
is forgotten quietly (its final scores stay on screen).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from pyscript import document, window

from seasalt.web.games import FDM
from seasalt.web.messages import message

from . import dialogs, flow, guest_keep, guest_wait, later
from .dom import byid, found, listen
from .link import ANSWER, Link, measure, now, site, spawn
from .remote_view import draw_guest, mark_sent
from .state import ui


@dataclass
class _Guest:
    table: Any  # seasalt.web.remote.seat.RemoteSeat
    link: Link | None = None
    stage: str = "paste"
    answer: str = ""
    answer_qr: str = ""
    error: str = ""
    join_at: float = -1.0
    sent_at: float = -1.0
    refused: bool = False  # the host refused or freed this phone's seat: said on screen
    lost_seat: bool = False  # its kept seat's token was refused (the host freed it)
    late: str = ""  # its answer shown long ago and not connected: what to do, said


_state: dict[str, Any] = {"guest": None, "listening": False}


def open_join(code: str = "") -> None:
    """The join screen (setup screen, or a ``#join=`` link's ``code``: answered at once)."""
    spawn(_open_join(code))


async def _open_join(code: str) -> None:
    if not await later.need():
        return
    from seasalt.web.remote.guest import GuestTable
    from seasalt.web.remote.seat import RemoteSeat

    stop()
    guest = _Guest(RemoteSeat(GuestTable(guest_keep.kept())))
    _state["guest"] = guest
    if not _state["listening"]:  # the "game ended" screen closed: this device's own
        listen(byid("remote"), "close", lambda _event: _ended_closed())
        _state["listening"] = True
    _draw_guest(guest)
    dialogs.open_dialog("remote")
    if code:
        box = document.getElementById("remote-offer")
        if found(box):
            box.value = code
        _join(guest, code)


def _draw_guest(guest: _Guest) -> None:
    draw_guest(guest.stage, answer=guest.answer, answer_qr=guest.answer_qr, error=guest.error,
               rejoin=guest.table.guest.token is not None, name=guest_keep.typed_name(),
               late=guest.late)


def _join(guest: _Guest, code: str) -> None:
    """Answer the host's ``code``; once the channel opens, say hello."""
    guest.join_at = now()
    guest.refused, guest.error = False, ""
    if guest.link is not None:
        guest.link.close()
    link = guest.link = Link(lambda text: _guest_text(guest, text),
                             lambda: _guest_closed(guest, link))
    from seasalt.web.remote.signal import SignalError, qr_code

    async def join() -> None:
        try:
            answer = await link.answer(code)
        except SignalError as e:
            from seasalt.web.remote.words import code_refusal

            window.console.warn(f"seasalt: the host's code was not taken: {e}")
            guest.error = message(code_refusal(e.reason, answer=False))
            _draw_guest(guest)
            return
        guest.stage, guest.error, guest.late = "answer", "", ""
        guest.answer = f"{site()}#{ANSWER}{answer}"
        guest.answer_qr = qr_code(answer)  # the host's camera reads it: no link needed
        _draw_guest(guest)
        spawn(guest_wait.watch(link, lambda text: _late(guest, link, text)))
        await link.opened
        link.send(guest_keep.hello(guest.table.guest))
    spawn(join())


def _late(guest: _Guest, link: Link, text: str) -> None:
    """Its answer not connected after a while (`guest_wait`): said, if still shown."""
    if _state["guest"] is guest and guest.link is link and guest.stage == "answer":
        guest.late = text
        _draw_guest(guest)


def _guest_text(guest: _Guest, text: str) -> None:
    """A text from the host: kept, the table drawn, a refusal said."""
    if _state["guest"] is not guest:
        return
    from seasalt.web.remote import messages as m

    g = guest.table.guest
    try:
        msg = g.receive(text)
    except m.MessageError as e:
        window.console.warn(f"seasalt: a message from the host was not read: {e}")
        return
    if isinstance(msg, m.Welcome):
        kept = g.keep()
        if kept is not None:
            guest_keep.keep_seat(kept)
    elif isinstance(msg, m.Refused):
        _refused(guest, msg.reason)
    elif isinstance(msg, m.Ended):
        _ended(guest)
        return
    elif isinstance(msg, m.View):
        if guest.sent_at >= 0:
            measure("seasalt-remote-act", guest.sent_at)
            guest.sent_at = -1.0
        if ui.table is not guest.table:
            spawn(_seat(guest))
            return
        if guest.stage != "playing":  # back at the table after a lost connection
            guest.stage, guest.answer = "playing", ""
            dialogs.close_dialog("remote")
            ui.message = ""
    if ui.table is guest.table:
        flow.update()


def _refused(guest: _Guest, reason: str) -> None:
    """The host refused a message: while joining, said on the join screen in words
    (`seasalt.web.remote.words`); its seat freed by the host, the table left and that
    said; a kept seat's token refused, a new seat asked for at once; a move refused,
    said over the table."""
    from seasalt.web.remote.seat import RemoteSeat
    from seasalt.web.remote.words import guest_refusal

    joining, at_table = guest.stage != "playing", ui.table is guest.table
    if reason == "freed" or (reason == "bad-token" and joining):
        guest_keep.forget_seat()
        guest.table = RemoteSeat(guest.table.guest.unseated())
    if reason == "bad-token" and joining and guest.link is not None:
        guest.lost_seat = True
        guest.link.send(guest_keep.hello(guest.table.guest))
        return
    if reason == "freed" or joining:
        key = "remote-freed" if reason == "full" and guest.lost_seat else guest_refusal(reason)
        guest.refused, guest.stage, guest.answer = True, "paste", ""
        guest.error = message(key)
        if at_table and reason == "freed":
            flow.leave_table()
        _draw_guest(guest)
        dialogs.open_dialog("remote")
        return
    if ui.table is guest.table:
        ui.message = message("remote-refused")


async def _seat(guest: _Guest) -> None:
    """The first view came: the table in play on this device."""
    t = guest.table
    if t.game == FDM and not await later.need():
        return
    dialogs.close_dialog("remote")
    guest.stage = "playing"
    ui.bot_token = None
    if ui.table is not None and ui.table is not t:
        flow.leave_table()
    ui.table, ui.game_id, ui.kept = t, None, False
    ui.ack_round = t.round
    ui.selection, ui.message, ui.shown, ui.handoff, ui.log_key = [], "", None, None, None
    document.body.setAttribute("data-remote", "guest")
    guest_keep.seated(True)
    flow.update()
    if guest.join_at >= 0:
        measure("seasalt-remote-join", guest.join_at)
        guest.join_at = -1.0


def _forget(guest: _Guest) -> None:
    """The seat is gone (the host ended the game, or left it over): its token
    forgotten, the connection closed."""
    guest_keep.forget_seat()
    if guest.link is not None:  # closed once this text's handler has returned
        asyncio.get_event_loop().call_soon(guest.link.close)
    guest.link, guest.stage = None, "ended"
    mark_sent(False)


def _over(guest: _Guest) -> bool:
    return bool(guest.table.ready and guest.table.over)


def _ended(guest: _Guest) -> None:
    """The host ended the game for everyone (this phone seated, or connected and still
    joining): said, with this device's own new-game screen as the way on (a game over
    keeps its final scores on screen)."""
    over = _over(guest)
    _forget(guest)
    if over:
        return
    if ui.table is guest.table:  # (a phone still joining: its join screen says it)
        ui.message = message("remote-ended")
        flow.update()
    _draw_guest(guest)
    dialogs.open_dialog("remote")


def _ended_closed() -> None:
    """The "game ended" screen closed (its button, Close or Escape): the new-game screen."""
    guest = _state["guest"]
    if guest is not None and guest.stage == "ended" and not _over(guest):
        flow.leave_table()


def _guest_closed(guest: _Guest, link: Link) -> None:
    """The channel to the host closed: this seat waits for a new code (a game over is
    forgotten: nothing is left to play); never opened, that said (`guest_wait`)."""
    if _state["guest"] is not guest or guest.link is not link or guest.refused:
        return  # (refused: the screen says why; the host closed its end)
    if guest.stage == "answer" and not link.opened.done():  # never connected: the
        guest.stage, guest.answer = "paste", ""  # host's page gone, or the link taken
        guest.error = guest_wait.closed()
        _draw_guest(guest)
        return
    if _over(guest):
        _forget(guest)
        return
    guest.table.guest.connection_lost()
    guest.stage, guest.error, guest.answer = "lost", "", ""
    if ui.table is guest.table:
        ui.message = message("remote-lost")
        flow.update()
    _draw_guest(guest)
    dialogs.open_dialog("remote")


def join_pasted() -> None:
    """The Join button: the code pasted in the join screen answered."""
    guest = _state["guest"]
    box = document.getElementById("remote-offer")
    if guest is not None and found(box):
        guest.stage = "paste"
        _join(guest, str(box.value))


def pump() -> None:
    """After every change drawn: this device's clicks sent to the host."""
    guest = _state["guest"]
    if guest is None or ui.table is not guest.table:
        return
    if guest.link is not None:
        for text in guest.table.take():
            if '"type":"act"' in text or '"type":"undo"' in text:  # its answer measured
                guest.sent_at = now()
            guest.link.send(text)
    mark_sent(guest.table.sent)


def playing() -> bool:
    """Whether the table on this page is a friend's table joined from here."""
    guest = _state["guest"]
    return guest is not None and ui.table is guest.table


def stop() -> None:
    """The connection to the host closed, the join state gone (a game over: seat forgotten)."""
    guest = _state["guest"]
    if guest is not None and _over(guest):
        _forget(guest)
    if guest is not None and guest.link is not None:
        guest.link.close()
    _state["guest"] = None
    mark_sent(False)
    guest_keep.seated(False)
    if document.body.getAttribute("data-remote") == "guest":
        document.body.removeAttribute("data-remote")

