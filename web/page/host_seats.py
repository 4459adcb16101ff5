"""The host frees a friend's seat from its join card (issue 42; see `remote_host`,
whose cards and room it uses): "Free this seat", asked first, gives the seat to another
phone (``HostRoom.release``), its old phone told, a fresh link on the card."""

from __future__ import annotations

from pyscript import document

from seasalt.web.messages import message

from . import flow, remote_host
from .dom import found


def ask_free(number: int, asking: bool = True) -> None:
    """"Free this seat" on card ``number``: the card asks to confirm (``asking``
    False: Cancel, the question gone)."""
    found_card = remote_host.card_numbered(number)
    if found_card is None:
        return
    host, card = found_card
    card.asking = asking
    remote_host.draw_cards(host)
    target = document.getElementById(f"remote-free-{'no' if asking else 'open'}-{number}")
    if found(target):
        target.focus()


def free(number: int) -> None:
    """Confirmed: the seat card ``number`` shows is freed (``HostRoom.release``): its
    phone's token opens it no more, that phone (if connected) is told, the card shows a
    fresh link for another phone, and the room is saved so (a reload keeps it freed).
    The game is unchanged: the seat keeps its cards."""
    found_card = remote_host.card_numbered(number)
    if found_card is None:
        return
    host, card = found_card
    seat = host.room.shown([c.seat for c in host.cards])[host.cards.index(card)]
    card.asking = False
    if seat is None:
        remote_host.draw_cards(host)
        return
    remote_host.send(host, host.room.release(seat))
    for other in host.cards:
        if other.seat == seat:
            other.seat = None
    remote_host.retire(host, card)
    card.notice = message("remote-freed-host", name=host.room.table.names[seat])
    remote_host.keep_room(host)  # (a reload of the host's page keeps it freed)
    remote_host.draw_cards(host)
    flow.update()
