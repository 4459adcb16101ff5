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

import contextlib
from dataclasses import dataclass
from typing import Any

from pyscript import document, window

from seasalt.web.games import FDM
from seasalt.web.messages import message

from . import dialogs, flow, later
from .dom import byid, found, listen
from .link import ANSWER, Link, measure, now, site, spawn
from .remote_view import draw_guest
from .state import ui
from .store import KV

#: Where a friend's device keeps its seat (``seasalt.web.remote.guest.Kept``).
KEPT_KEY = "seasalt.guest-seat"
#: Set in this tab's ``sessionStorage`` while it is seated at a friend's table: a reload
#: (a locked phone's tab restored, a pull to refresh) opens the join screen again, with
#: the words that say how to get the seat back; a new visit does not.
SEATED_KEY = "seasalt.guest-seated"
#: Where a friend's device keeps the name its friend chose (offered again next time).
NAME_KEY = "seasalt.guest-name"


def _seated(yes: bool) -> None:
    with contextlib.suppress(Exception):  # storage switched off: the setup screen, as before
        if yes:
            window.sessionStorage.setItem(SEATED_KEY, "1")
        else:
            window.sessionStorage.removeItem(SEATED_KEY)


def reloaded_while_seated() -> bool:
    """Whether this tab was seated at a friend's table when it was reloaded (and still
    keeps that seat): the page then opens the join screen (`open_join`)."""
    try:
        seated = window.sessionStorage.getItem(SEATED_KEY) is not None
    except Exception:  # noqa: BLE001 - storage switched off
        return False
    return seated and KV.get(KEPT_KEY) is not None  # (read once the later archive came)


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


_state: dict[str, Any] = {"guest": None, "listening": False}


def _kept() -> Any:
    from seasalt.web.remote.guest import GuestError, read_kept

    try:
        text = KV.get(KEPT_KEY)
        return read_kept(text) if text is not None else None
    except (GuestError, Exception):  # noqa: BLE001 - a kept seat that does not read: none
        return None


def open_join(code: str = "") -> None:
    """The guest's join screen (from the setup screen, or a ``#join=`` link with
    ``code``: answered at once), once the later archive came."""
    spawn(_open_join(code))


async def _open_join(code: str) -> None:
    if not await later.need():
        return
    from seasalt.web.remote.guest import GuestTable
    from seasalt.web.remote.seat import RemoteSeat

    stop()
    guest = _Guest(RemoteSeat(GuestTable(_kept())))
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
    draw_guest(guest.stage, answer=guest.answer, answer_qr=guest.answer_qr,
               error=guest.error,
               rejoin=guest.table.guest.token is not None, name=_name_typed())


def _name_typed() -> str:
    """The name in the join screen's field, else the one this device kept ('')."""
    box = document.getElementById("remote-name")
    if found(box):
        return str(box.value)
    with contextlib.suppress(Exception):  # storage switched off: no name kept
        return str(KV.get(NAME_KEY) or "")
    return ""


def _hello(guest: _Guest) -> str:
    """The ``hello`` for the host, with the friend's name when it reads
    (``seasalt.web.remote.names.friend_name``; kept on this device for next time)."""
    from seasalt.web.remote.names import friend_name

    name = friend_name(_name_typed())
    with contextlib.suppress(Exception):  # storage switched off: the name is sent anyway
        if name is not None:
            KV.set(NAME_KEY, name)
    return str(guest.table.guest.hello(name))


def _join(guest: _Guest, code: str) -> None:
    """Answer the host's ``code``; once the channel opens, say hello."""
    guest.join_at = now()
    if guest.link is not None:
        guest.link.close()
    link = guest.link = Link(lambda text: _guest_text(guest, text),
                             lambda: _guest_closed(guest, link))
    from seasalt.web.remote.signal import SignalError, qr_code

    async def join() -> None:
        try:
            answer = await link.answer(code)
        except SignalError as e:
            guest.error = message("remote-bad-code", error=e)
            _draw_guest(guest)
            return
        guest.stage, guest.error = "answer", ""
        guest.answer = f"{site()}#{ANSWER}{answer}"
        guest.answer_qr = qr_code(answer)  # the host's camera reads it: no link needed
        _draw_guest(guest)
        await link.opened
        link.send(_hello(guest))
    spawn(join())


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
            with contextlib.suppress(Exception):  # storage refused: the seat is kept in memory
                KV.set(KEPT_KEY, kept.to_text())
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
    from seasalt.web.remote.guest import GuestTable
    from seasalt.web.remote.seat import RemoteSeat

    g = guest.table.guest
    if reason == "bad-token" and g.seen is None and guest.link is not None:
        with contextlib.suppress(Exception):  # storage switched off
            KV.remove(KEPT_KEY)
        guest.table = RemoteSeat(GuestTable())
        guest.link.send(_hello(guest))
        return
    if reason == "full":
        guest.error = message("remote-full")
        _draw_guest(guest)
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
    ui.shown = ui.handoff = None
    ui.selection, ui.log_key, ui.message = [], None, ""
    document.body.setAttribute("data-remote", "guest")
    _seated(True)
    flow.update()
    if guest.join_at >= 0:
        measure("seasalt-remote-join", guest.join_at)
        guest.join_at = -1.0


def _forget(guest: _Guest) -> None:
    """The seat is gone (the host ended the game, or left it over): its token
    forgotten, the connection closed."""
    with contextlib.suppress(Exception):  # storage switched off
        KV.remove(KEPT_KEY)
    _seated(False)
    if guest.link is not None:  # closed once this text's handler has returned
        link = guest.link

        async def close() -> None:
            link.close()
        spawn(close())
    guest.link, guest.stage = None, "ended"
    _mark_sent(False)


def _over(guest: _Guest) -> bool:
    return bool(guest.table.ready and guest.table.over)


def _ended(guest: _Guest) -> None:
    """The host ended the game for everyone: said over the table, with this device's
    own new-game screen as the way on (a game over keeps its final scores on screen)."""
    over = _over(guest)
    _forget(guest)
    if over:
        return
    ui.message = message("remote-ended")
    if ui.table is guest.table:
        flow.update()
    _draw_guest(guest)
    dialogs.open_dialog("remote")


def _ended_closed() -> None:
    """The "game ended" screen closed (its button, Close or Escape): this device's own
    new-game screen."""
    guest = _state["guest"]
    if guest is not None and guest.stage == "ended" and not _over(guest):
        flow.leave_table()


def _guest_closed(guest: _Guest, link: Link) -> None:
    """The channel to the host closed: this seat waits for a new code (a game over is
    forgotten: nothing is left to play)."""
    if _state["guest"] is not guest or guest.link is not link:
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
    _mark_sent(guest.table.sent)


def _mark_sent(sent: bool) -> None:
    """The table says a decision was sent and the host's answer is awaited
    (``aria-busy`` on ``#playing``: its buttons dimmed after a moment, a second click
    ignored; the next view clears it)."""
    region = document.getElementById("playing")
    if found(region):
        region.setAttribute("aria-busy", "true" if sent else "false")


def playing() -> bool:
    """Whether the table on this page is a friend's table joined from here."""
    guest = _state["guest"]
    return guest is not None and ui.table is guest.table


def stop() -> None:
    """The connection to the host closed, this device's join state gone (a game over
    left: its seat forgotten)."""
    guest = _state["guest"]
    if guest is not None and _over(guest):
        _forget(guest)
    if guest is not None and guest.link is not None:
        guest.link.close()
    _state["guest"] = None
    _mark_sent(False)
    _seated(False)
    if document.body.getAttribute("data-remote") == "guest":
        document.body.removeAttribute("data-remote")

