"""The host's camera reading a friend's answer code on its join card (issue 42; see
`remote_host`, whose cards and connection it uses): "Scan the answer" and "Stop the
camera"."""

from __future__ import annotations

from pyodide.ffi import to_js
from pyscript import document, window

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
            remote_host.connect_code(host, card, text)
        else:
            remote_host.draw_cards(host)
    spawn(read())


def stop_scan(number: int) -> None:
    """"Stop the camera" on card ``number``: its scan ends, the camera stopped."""
    found_card = remote_host.card_numbered(number)
    if found_card is not None and found_card[1].scan is not None:
        found_card[1].scan.stop()
