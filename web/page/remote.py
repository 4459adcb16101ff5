"""One table, many phones (issue 42): the page's side, over ``seasalt.web.remote``.

The host (`remote_host`): a game with friends' seats (``Settings.friends``,
``Table.remote``) gets a ``HostRoom`` when it is put in play (a new one, or the one
saved beside a continued game) and one `link.Link` per friend's seat, whose offer is
shown as a link on the seat's join card; the friend's answer code pasted there, or read
by the host's camera ("Scan the answer", ``page.qr_scan``), connects it. Every text a
friend's device sends goes through ``HostRoom.receive`` (checked,
refused with the game unchanged); after every change of the game (`pump`, which
`flow.update` calls) each connected friend gets its own seat's view. A closed channel
marks the seat away (the game waits on it) and its card offers a new link.

A friend's device (`remote_guest`): "Join a friend's table" on the setup screen (or a
link ``#join=CODE``) takes the host's code, answers it and shows the answer code; once
the channel opens, ``hello`` (with the seat token this device kept, to rejoin its
seat), and the table is drawn from the host's views by the usual screens; its clicks
become messages to the host. A lost channel offers to paste a new code: the kept token
brings the seat back.

``seasalt.web.remote`` comes with the later archive: it is imported once `later.need`
has returned (a game with friends' seats is put in play after it).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from pyscript import document, window

from . import dialogs, guest_keep, host_renew, host_scan, host_seats, remote_guest, remote_host
from .dom import found
from .link import JOIN
from .remote_view import draw_status

has_room = remote_host.has_room


def is_remote(table: object) -> bool:
    """Whether ``table`` is a friend's device's (``seasalt.web.remote.seat.RemoteSeat``)."""
    return bool(getattr(table, "remote_guest", False))


def table_starting(table: Any, game_id: str) -> None:
    """A game is put in play (before it is drawn): with friends' seats, its room and
    join cards (`remote_host.start`); a friend's table joined before is left."""
    if is_remote(table):
        return
    remote_guest.stop()
    remote_host.start(table, game_id)


def pump() -> None:
    """After every change drawn (`flow.update`): the host sends each friend its new
    view and says whom the game waits for; a friend's device sends its clicks."""
    draw_status("")
    remote_host.pump()
    remote_guest.pump()


def action(name: str, node: Any) -> None:
    """The ``remote-...`` buttons: open the cards or the join screen, connect, join,
    copy a code, free a seat (asked first)."""
    if name == "remote-open":
        remote_host.open_cards(node)
    elif name == "remote-join-open":
        remote_guest.open_join()
    elif name == "remote-connect":
        host_scan.connect(int(node.getAttribute("data-card")))
    elif name == "remote-renew":
        host_renew.renew(int(node.getAttribute("data-card")))
    elif name == "remote-scan":
        host_scan.scan(int(node.getAttribute("data-card")))
    elif name == "remote-scan-stop":
        host_scan.stop_scan(int(node.getAttribute("data-card")))
    elif name in ("remote-free", "remote-free-no"):
        host_seats.ask_free(int(node.getAttribute("data-card")), name == "remote-free")
    elif name == "remote-free-yes":
        host_seats.free(int(node.getAttribute("data-card")))
    elif name == "remote-join":
        remote_guest.join_pasted()
    elif name == "remote-leave":  # a friend's "game ended" screen: its new-game screen
        dialogs.close_dialog("remote")
    elif name == "remote-copy":
        box = document.getElementById(str(node.getAttribute("data-target")))
        if found(box):
            box.select()
            with contextlib.suppress(Exception):  # no clipboard here: the text is selected
                window.navigator.clipboard.writeText(box.value)


def end_then(then: Callable[[], None], opener: Any = None) -> None:
    """The host leaves its table (a new game, a rematch): ``then`` at once when no
    friend has a seat; else, while the game is not over, asked first ("End the game for
    everyone?"); then each connected friend's device is told the game ended
    (`remote_host.end`) before ``then``. A reload of the page ends nothing."""
    host = remote_host.hosting()
    if host is None or not host.room.joined():
        then()
        return

    def end() -> None:
        remote_host.end()
        then()
    if host.room.table.over:
        end()
    else:
        dialogs.ask("confirm-end-remote", end, opener)


def rematch(table: Any) -> Any:
    """``table.rematch()`` with the same friends' seats (new links on their join cards),
    without the names friends chose at ``table`` (the new game's friends choose theirs:
    a name the host typed stays)."""
    host = remote_host.hosting()
    if host is not None and host.room.table is table:
        return host.room.rematch()
    return table.rematch()


def from_link() -> bool:
    """A ``#join=CODE`` link opened: the join screen, answered at once (the fragment
    is taken off the address, so that a reload does not answer it again)."""
    fragment = str(window.location.hash)
    if JOIN not in fragment:
        return False
    window.history.replaceState(None, "", str(window.location.pathname))
    remote_guest.open_join(fragment.split(JOIN, 1)[1])
    return True


def after_reload() -> None:
    """A tab reloaded while seated at a friend's table (a locked phone's tab restored):
    the join screen again, whose words say how to get the seat back."""
    if guest_keep.reloaded_while_seated():
        remote_guest.open_join()


def left() -> None:
    """The game on the table is left for the setup screen: its connections closed (a
    friend's device joining a table keeps its own)."""
    playing = remote_guest.playing()
    remote_host.stop()
    if playing:
        remote_guest.stop()
