"""A friend's phone whose answer code has not connected (issue 42): when another phone
answered the same link first, or the host's page is gone, no connection ever opens and
only the host's join card can say why. After a while (``seasalt.web.remote.words``:
``NOT_CONNECTED_AFTER``, ``guest_waiting``) the friend's join screen says it is not
connected yet and what to do; the connection is still taken if it comes.

Storage-and-services layer (a timer, like `link`): the sentence goes to a callback, the
control layer (`remote_guest`) draws it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from seasalt.web.messages import message

from .link import Link, now


async def watch(link: Link, say: Callable[[str], None]) -> None:
    """Wait from now (the answer shown) and, if ``link`` has not opened by then, call
    ``say`` with the sentence (the caller checks that its join screen still shows that
    answer)."""
    from seasalt.web.remote.words import NOT_CONNECTED_AFTER, guest_waiting

    shown = now()
    await asyncio.sleep(NOT_CONNECTED_AFTER)
    key = guest_waiting((now() - shown) / 1000, opened=link.opened.done())
    if key:
        say(message(key))


def closed() -> str:
    """The sentence for a connection to the host that closed before it ever opened (the
    host's page gone, or the link taken by another phone): ask for a new link."""
    from seasalt.web.remote.words import guest_waiting

    return message(guest_waiting(0, opened=False, closed=True) or "remote-lost")
