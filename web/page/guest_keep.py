"""What a friend's device keeps (issue 42; see `remote_guest`): its seat at a host's
table (``seasalt.web.remote.guest.Kept``, in the site's storage, to rejoin it), whether
this tab is seated (in its ``sessionStorage``: a reload opens the join screen again),
and the name its friend chose (sent with each ``hello``). With storage switched off
nothing is kept and nothing is raised (the seat then lives in memory only).
"""

from __future__ import annotations

import contextlib
from typing import Any

from pyscript import document, window

from .dom import found
from .store import KV

#: Where a friend's device keeps its seat (``seasalt.web.remote.guest.Kept``).
KEPT_KEY = "seasalt.guest-seat"
#: Set in this tab's ``sessionStorage`` while it is seated at a friend's table: a reload
#: (a locked phone's tab restored, a pull to refresh) opens the join screen again, with
#: the words that say how to get the seat back; a new visit does not.
SEATED_KEY = "seasalt.guest-seated"
#: Where a friend's device keeps the name its friend chose (offered again next time).
NAME_KEY = "seasalt.guest-name"


def seated(yes: bool) -> None:
    """This tab is seated at a friend's table (``yes``), or no longer."""
    with contextlib.suppress(Exception):  # storage switched off: the setup screen, as before
        if yes:
            window.sessionStorage.setItem(SEATED_KEY, "1")
        else:
            window.sessionStorage.removeItem(SEATED_KEY)


def reloaded_while_seated() -> bool:
    """Whether this tab was seated at a friend's table when it was reloaded (and still
    keeps that seat): the page then opens the join screen (``remote_guest.open_join``)."""
    try:
        here = window.sessionStorage.getItem(SEATED_KEY) is not None
    except Exception:  # noqa: BLE001 - storage switched off
        return False
    return here and KV.get(KEPT_KEY) is not None  # (read once the later archive came)


def kept() -> Any:
    """The seat this device keeps (``seasalt.web.remote.guest.Kept``), or ``None``
    (none, or one that does not read)."""
    from seasalt.web.remote.guest import GuestError, read_kept

    try:
        text = KV.get(KEPT_KEY)
        return read_kept(text) if text is not None else None
    except (GuestError, Exception):  # noqa: BLE001 - a kept seat that does not read: none
        return None


def keep_seat(seat: Any) -> None:
    """Keep ``seat`` (a ``Kept``, the host's welcome) to rejoin it."""
    with contextlib.suppress(Exception):  # storage refused: the seat is kept in memory
        KV.set(KEPT_KEY, seat.to_text())


def forget_seat() -> None:
    """This device keeps no seat any more (its token opens none, or the game ended)."""
    with contextlib.suppress(Exception):  # storage switched off
        KV.remove(KEPT_KEY)
    seated(False)


def kept_name() -> str:
    """The name this device's friend chose before ('' none)."""
    with contextlib.suppress(Exception):  # storage switched off: no name kept
        return str(KV.get(NAME_KEY) or "")
    return ""


def keep_name(name: str) -> None:
    """Keep the name the friend chose, offered again next time."""
    with contextlib.suppress(Exception):  # storage switched off: the name is sent anyway
        KV.set(NAME_KEY, name)


def typed_name() -> str:
    """The name in the join screen's field, else the one this device kept ('')."""
    box = document.getElementById("remote-name")
    if found(box):
        return str(box.value)
    return kept_name()


def hello(table: Any) -> str:
    """The ``hello`` of ``table`` (a ``GuestTable``) for the host, with the friend's
    name when it reads (``seasalt.web.remote.names.friend_name``; kept on this device
    for next time)."""
    from seasalt.web.remote.names import friend_name

    name = friend_name(typed_name())
    if name is not None:
        keep_name(name)
    return str(table.hello(name))
