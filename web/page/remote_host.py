"""The host's side of a table on several phones (issue 42; see `remote`): the room
(``seasalt.web.remote.host.HostRoom``, new or saved beside the game), a join card and a
`link.Link` per friend's seat, every friend's text through the room, each friend sent
its own seat's view after every change (`pump`), a seat away when its channel closes
(a new link on its card). The host ending the game (`end`, after its confirmation)
tells each connected friend and frees their seats; a reload ends nothing."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from pyscript import document, window

from seasalt.web.bank import ROOM_PREFIX
from seasalt.web.messages import message

from . import dialogs, flow
from .dom import byid, found, listen
from .link import JOIN, Link, site, spawn
from .remote_view import draw_host, draw_status
from .state import ui
from .store import KV
from .tabs import persist


def has_room(game_id: str) -> bool:
    """Whether a saved game was played on several phones (its room saved beside it)."""
    return KV.get(ROOM_PREFIX + game_id) is not None


@dataclass
class _Card:
    """One friend's seat's join card on the host's device."""

    number: int
    link: Link | None = None
    peer: str = ""
    state: str = "making"
    url: str = ""
    qr: str = ""  # the link as the QR code's text (its code in base36)
    seat: int | None = None
    error: str = ""
    notice: str = ""  # a sentence that is not an error (its seat freed)
    scan: Any = None  # page.qr_scan.Scan, while the camera reads the friend's answer
    asking: bool = False  # "Free this seat" asks to confirm


@dataclass
class _Host:
    room: Any  # seasalt.web.remote.host.HostRoom
    game_id: str
    cards: list[_Card] = field(default_factory=list)
    peers: int = 0
    saved: str = ""  # the room's save last written (its seats' tokens, its held picks)


_state: dict[str, Any] = {"host": None, "listening": False}


def start(table: Any, game_id: str) -> None:
    """A game is put in play (before it is drawn): with friends' seats, its room (the
    one saved beside it, or a new one) and a join card for each friend's seat."""
    stop()
    if not (table.remote or has_room(game_id)):
        return
    from seasalt.web.remote.host import HostRoom, read_room, write_room

    room = read_room(KV, game_id, table)
    if room is not None:
        table.remote = frozenset(room.remote)
    elif table.remote:
        room = HostRoom(table, table.remote)
    else:
        return
    write_room(KV, game_id, room)
    if not _state["listening"]:  # the join cards closed: no camera left on
        listen(byid("remote"), "close", lambda _event: stop_scans())
        _state["listening"] = True
    host = _Host(room, game_id, saved=room.save())
    host.cards = [_Card(i + 1) for i in range(len(room.remote))]
    _state["host"] = host
    document.body.setAttribute("data-remote", "host")
    byid("remote-open").hidden = False
    for card in host.cards:
        offer(host, card)
    draw_cards(host)
    dialogs.open_dialog("remote")  # its join cards first (after a reload: every friend away)


def offer(host: _Host, card: _Card) -> None:
    """A fresh link for ``card`` (a new connection and its offer)."""
    host.peers += 1
    peer = f"p{host.peers}"
    link = Link(lambda text: _host_text(peer, text), lambda: _host_closed(peer))
    card.link, card.peer, card.state, card.url, card.error = link, peer, "making", "", ""
    card.qr, card.notice, card.asking = "", "", False
    from seasalt.web.remote.signal import SignalError, qr_link

    async def make() -> None:
        try:
            code = await link.offer()
        except SignalError:
            card.error = message("remote-no-network")
            card.state = "waiting"
        else:
            card.url, card.qr = f"{site()}#{JOIN}{code}", qr_link(site(), code)
            card.state = "away" if card.seat is not None else "waiting"
        draw_cards(host)
    spawn(make())


def _card_of(host: _Host, peer: str) -> _Card | None:
    return next((c for c in host.cards if c.peer == peer), None)


def send(host: _Host, outs: list[tuple[str, str]]) -> None:
    """Each ``(peer, text)`` of ``outs`` sent over its card's link."""
    for peer, text in outs:
        card = _card_of(host, peer)
        if card is not None and card.link is not None:
            card.link.send(text)


def _host_text(peer: str, text: str) -> None:
    """A text from a friend's device: through the room; the game redrawn if it moved."""
    host = _state["host"]
    if host is None or _card_of(host, peer) is None:
        return
    t = host.room.table
    mark = (t.ply, len(t.record.actions), tuple(t.typed_names()))  # (a friend's name)
    refused = sum(host.room.refusals.values())
    outs = host.room.receive(peer, text)
    send(host, outs)
    card = _card_of(host, peer)
    seat = host.room.seat_of(peer)
    if card is not None and seat is not None and card.state != "connected":
        for other in host.cards:  # (a phone back through another card's link)
            if other.seat == seat:
                other.seat = None
        card.seat, card.state, card.error, card.notice = seat, "connected", "", ""
        draw_cards(host)
    elif card is not None and seat is None and sum(host.room.refusals.values()) > refused:
        _refused(host, card, host.room.log[-1][2])
    keep_room(host)  # a friend joined, a pick held or taken back
    if (t.ply, len(t.record.actions), tuple(t.typed_names())) != mark:
        persist()
    flow.update()


def keep_room(host: _Host) -> None:
    """The room saved beside the game when it changed since last saved (a friend's seat
    given, a pick held or taken back: a friend's or the host's own)."""
    text = host.room.save()
    if text != host.saved:
        from seasalt.web.remote.host import write_room

        host.saved = text
        write_room(KV, host.game_id, host.room)


def _refused(host: _Host, card: _Card, reason: str) -> None:
    """The room refused the phone on ``card`` before seating it: said in words (its
    reason in the log), a new link (not ``bad-token``: that phone asks anew at once)."""
    if reason != "bad-token":
        from seasalt.web.remote.words import host_refusal
        window.console.warn(f"seasalt: the phone on card {card.number} was refused: {reason}")
        retire(host, card, message(host_refusal(reason)))
        draw_cards(host)


def retire(host: _Host, card: _Card, error: str = "") -> None:
    """``card``'s link closed once sent out (`_linger`), a new one, ``error`` said."""
    host.room.drop(card.peer)
    if card.link is not None:
        spawn(_linger(card.link))
    offer(host, card)
    card.error = error


def _host_closed(peer: str) -> None:
    """A friend's channel closed: its seat away (the game waits), a new link offered
    (said so when an answer applied never connected: ``remote-host-no-connection``)."""
    host = _state["host"]
    if host is None:
        return
    card = _card_of(host, peer)
    send(host, host.room.drop(peer))
    if card is None:
        return
    never = card.state == "connecting"
    offer(host, card)
    card.error = message("remote-host-no-connection") if never else ""
    draw_cards(host)
    flow.update()


def draw_cards(host: _Host) -> None:
    """The host's join cards drawn again (`remote_view.draw_host`), with their seats."""
    names, seats = host.room.table.names, host.room.shown([c.seat for c in host.cards])
    draw_host([{"number": c.number, "count": len(host.cards), "state": c.state,
                "name": names[s] if s is not None else "", "seated": s is not None,
                "link": c.url, "qr": c.qr, "error": c.error, "scanning": c.scan is not None,
                "notice": c.notice, "asking": c.asking, "seat_name": "" if h is None else names[h],
                "link_state": c.link.state if c.link is not None else ""}
               for c, s, h in zip(host.cards, seats, host.room.named(seats), strict=True)])


def card_numbered(number: int) -> tuple[_Host, _Card] | None:
    """The host and its join card numbered ``number`` (from 1), or ``None``."""
    host = _state["host"]
    card = next((c for c in host.cards if c.number == number), None) if host else None
    return (host, card) if card is not None else None


def hosting() -> Any:
    """The host's state on this page (``None`` when no table with friends is in play)."""
    return _state["host"]


def stop_scans() -> None:
    """Every card's scan ended, the camera stopped (`host_scan`)."""
    host = _state["host"]
    for card in host.cards if host is not None else []:
        if card.scan is not None:
            card.scan.stop()


# ---------------------------------------------------------------------- a guest


def pump() -> None:
    """After every change drawn: each friend's new view sent, the room saved if it
    changed (`keep_room`); whom the game waits for said over the table."""
    host = _state["host"]
    if host is None or ui.table is not host.room.table:
        return
    send(host, host.room.updates())
    keep_room(host)  # the host's own pick held or taken back
    room, t = host.room, host.room.table
    seat = None if t.over else room.waiting_on()
    text = message("remote-waits-for", name=t.names[seat]) if seat is not None else ""
    draw_status(" ".join([text, *(message("remote-away-status", name=t.names[s])
                                  for s in room.away())]).strip())


def end() -> None:
    """The host ends the game for everyone (``HostRoom.end``): each connected friend's
    device is told (seated or still joining), every seat freed (the room saved so: a
    continued game seats new friends); each connection closed once its last text is out
    (`_linger`), the cards' links let go (`stop` then closes nothing of them)."""
    host = _state["host"]
    if host is None:
        return
    send(host, host.room.end(c.peer for c in host.cards if c.link and c.link.state == "open"))
    keep_room(host)
    for card in host.cards:
        if card.link is not None:
            card.link.on_text = lambda _text: None  # (its peer's name may come again)
            card.link.on_close = lambda: None
            spawn(_linger(card.link))
            card.link = None


async def _linger(link: Link) -> None:
    """Close ``link`` once its channel has sent what it holds (at most ~2 s)."""
    for _ in range(30):
        channel = link.channel
        if (channel is None or str(channel.readyState) != "open"
                or int(channel.bufferedAmount) == 0):
            break
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.5)  # (the friend's device closes its side on reading it)
    link.close()


def open_cards(opener: Any) -> None:
    """The host's join cards, opened from the table's Phones button."""
    host = _state["host"]
    if host is not None:
        draw_cards(host)
        dialogs.open_dialog("remote", opener)


def stop() -> None:
    """Every friend's connection closed, the cards gone."""
    stop_scans()
    host = _state["host"]
    for card in host.cards if host is not None else []:
        if card.link is not None:
            card.link.close()
    _state["host"] = None
    if found(document.getElementById("remote-open")):
        byid("remote-open").hidden = True
    if document.body.getAttribute("data-remote") == "host":
        document.body.removeAttribute("data-remote")
    draw_status("")


