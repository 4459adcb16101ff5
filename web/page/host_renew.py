"""The host's join card is never stuck (issue 42; see `remote_host`, whose cards and
room it uses): an answer applied that has not connected after a while
(``seasalt.web.remote.words.host_waiting``, on the room's clock) is given up, said in
words, and a fresh link shown (`watch`); a card whose link was used ("Connecting…", or
answered by another phone) gets a new link on request ("New link", `renew`), with no
reload of the page."""

from __future__ import annotations

import asyncio
from typing import Any

from pyscript import window

from seasalt.web.messages import message

from . import remote_host
from .link import spawn

#: How often the page looks at a card that is connecting (seconds).
LOOK_EVERY = 1.0


def watch(host: Any, card: Any, link: Any) -> None:
    """``card`` has applied a friend's answer to ``link``: while the card says
    "Connecting…", the room's clock is looked at every :data:`LOOK_EVERY` seconds; once
    ``host_waiting`` gives up, the card says what to check and shows a fresh link
    (``remote_host.retire``). Nothing happens once the friend is seated, the card's
    link changed, or the game is left."""
    from seasalt.web.remote.words import host_waiting

    applied = host.room.clock()

    async def wait() -> None:
        while True:
            await asyncio.sleep(LOOK_EVERY)
            if (remote_host.hosting() is not host or card.link is not link
                    or card.state != "connecting"):
                return
            said = host_waiting(applied, host.room.clock(), opened=link.state == "open")
            if said is not None:
                window.console.warn(f"seasalt: card {card.number}'s answer did not connect")
                remote_host.retire(host, card, message(said))
                remote_host.draw_cards(host)
                return
    spawn(wait())


def renewable(card: Any) -> bool:
    """Whether ``card`` offers "New link" (``words.offers_new_link``)."""
    from seasalt.web.remote.words import offers_new_link

    return card.link is not None and offers_new_link(card.state, card.link.state)


def renew(number: int) -> None:
    """"New link" on card ``number``: its link let go, a fresh one shown (the seat it
    holds, if any, kept); nothing for a card whose phone is seated there."""
    found_card = remote_host.card_numbered(number)
    if found_card is None or not renewable(found_card[1]):
        return
    host, card = found_card
    remote_host.retire(host, card)
    remote_host.draw_cards(host)
