"""A friend's answer code on the host's join card (issue 42; see `remote_host`, whose
cards and connection it uses): pasted ("Connect"), or read by the host's camera ("Scan
the answer" and "Stop the camera"); a code not taken said in words."""

from __future__ import annotations

from typing import Any

from pyodide.ffi import to_js
from pyscript import document, window

from seasalt.web.messages import message

from . import later, remote_host
from .dom import found
from .link import spawn


def scan(number: int) -> None:
    """"Scan the answer" on card ``number``: the camera reads the friend's answer code
    in the card (``page.qr_scan``, from the later archive), which then connects as a
    pasted one. One camera at a time: another card's scan stops. A camera that cannot
    be used is said on the card (its paste field stays); the camera is stopped whenever
    the scan ends: a code read, "Stop the camera", the join cards closed, the game left,
    the page hidden."""
    found_card = remote_host.card_numbered(number)
    if found_card is None or found_card[1].scan is not None:
        return
    host, card = found_card
    remote_host.stop_scans()

    async def read() -> None:
        if not await later.need():
            return
        from .qr_scan import CameraError, Scan

        if remote_host.hosting() is not host or card.scan is not None:
            return
        card.scan = Scan(None)
        card.error = ""
        remote_host.draw_cards(host)  # the card's camera holder and its Stop button
        holder = document.getElementById(f"remote-scan-{number}")
        if not found(holder):
            card.scan = None
            return
        card.scan.holder = holder
        holder.parentElement.scrollIntoView(to_js({"block": "nearest"},
                                                  dict_converter=window.Object.fromEntries))
        text: str | None = None
        try:
            text = await card.scan.read()
        except CameraError as e:
            card.error = str(e)
        finally:
            card.scan = None
        if remote_host.hosting() is not host:
            return
        if text:
            connect_code(host, card, text)
        else:
            remote_host.draw_cards(host)
    spawn(read())


def stop_scan(number: int) -> None:
    """"Stop the camera" on card ``number``: its scan ends, the camera stopped."""
    found_card = remote_host.card_numbered(number)
    if found_card is not None and found_card[1].scan is not None:
        found_card[1].scan.stop()


def connect(number: int) -> None:
    """The host pasted a friend's answer on card ``number``."""
    found_card = remote_host.card_numbered(number)
    if found_card is None:
        return
    box = document.getElementById(f"remote-answer-{number}")
    connect_code(*found_card, str(box.value) if found(box) else "")


def connect_code(host: Any, card: Any, code: str) -> None:
    """The friend's answer ``code`` (pasted or scanned) given to card ``card``'s link; a
    code that does not read is said on the card, nothing else changes."""
    if card.link is None:
        return
    link = card.link
    from seasalt.web.remote.signal import SignalError

    async def connect() -> None:
        from seasalt.web.remote.words import code_refusal

        try:
            await link.accept(code)
        except SignalError as e:
            window.console.warn(f"seasalt: a friend's answer code was not taken: {e}")
            card.error = message(code_refusal(e.reason, answer=True))
        else:  # (the friend may be seated already: this coroutine goes on late)
            if card.link is link and card.state in ("waiting", "away"):
                card.state, card.error = "connecting", ""
                from .host_renew import watch
                watch(host, card, link)  # (it gives up after a while: a new link)
        remote_host.draw_cards(host)
    spawn(connect())
