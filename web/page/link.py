"""The data channel between the host's device and a friend's: `Link`.

One `Link` is one ``RTCPeerConnection`` with one data channel (named ``table``): the
host makes one per friend's seat (`Link.offer`, then `Link.accept` with the friend's
answer code), a friend's device one for the host (`Link.answer`). Signalling is by
hand, through ``seasalt.web.remote.signal``: the offer and the answer become short
codes (a link's base64url, or a QR code's text) that the players carry between the two
screens. No STUN or TURN server is configured: only host candidates are gathered (the
same Wi-Fi, or a phone's hotspot), so the page sends nothing outside the room.

Texts received go to ``on_text``; a closed or failed connection calls ``on_close``
once (the host marks the seat away, the guest offers to rejoin). A connection cannot be
resumed without new codes: rejoining is a new `Link` and new codes, and the guest's seat
token (``seasalt.web.remote.guest``) brings back its seat.

Storage-and-services layer: browser objects only, no screen drawn here. The codec
comes with the later archive: a `Link` is made once `later.need` has returned.
"""

from __future__ import annotations

import asyncio
import contextlib
import traceback
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy, to_js
from pyscript import window

from .dom import fail

#: The longest wait for the browser to gather its candidates, in seconds (on a device
#: without a network it ends at once; the codes then carry none and cannot connect).
GATHER_SECONDS = 5.0
#: The data channel's name.
CHANNEL = "table"


class Link:
    """One device's connection to another over a data channel.

    Args:
        on_text: called with each text received.
        on_close: called once when the connection closes or fails.

    Attributes:
        state: ``new``, ``offered`` (host: waiting for the answer), ``answered``
            (guest: waiting for the channel), ``open`` or ``closed``.
        tag: the host's offer's tag (``signal.offer_tag``), once offered: the answers
            it accepts name it.
    """

    def __init__(self, on_text: Callable[[str], None], on_close: Callable[[], None]) -> None:
        self.on_text, self.on_close = on_text, on_close
        self.state = "new"
        self.tag = b""
        self._proxies: list[tuple[Any, str, Any]] = []
        self.pc = window.RTCPeerConnection.new(to_js({"iceServers": []},
                                                     dict_converter=window.Object.fromEntries))
        self.channel: Any = None
        self.opened: asyncio.Future[None] = asyncio.get_event_loop().create_future()
        self._on(self.pc, "connectionstatechange", self._state_changed)

    def _on(self, target: Any, kind: str, handler: Callable[[Any], None]) -> None:
        proxy = create_proxy(handler)
        self._proxies.append((target, kind, proxy))
        target.addEventListener(kind, proxy)

    def _adopt(self, channel: Any) -> None:
        self.channel = channel
        self._on(channel, "open", lambda _e: self._opened())
        self._on(channel, "message", lambda e: self.on_text(str(e.data)))
        self._on(channel, "close", lambda _e: self._closed())

    def _opened(self) -> None:
        self.state = "open"
        if not self.opened.done():
            self.opened.set_result(None)

    def _state_changed(self, _event: Any) -> None:
        if str(self.pc.connectionState) in ("failed", "closed"):
            self._closed()

    def _closed(self) -> None:
        if self.state == "closed":
            return
        self.state = "closed"
        self.on_close()

    async def _gathered(self) -> str:
        """The local description once its candidates are gathered (or the wait ended)."""
        done = asyncio.get_event_loop().create_future()

        def check(_event: Any = None) -> None:
            if str(self.pc.iceGatheringState) == "complete" and not done.done():
                done.set_result(None)

        self._on(self.pc, "icegatheringstatechange", check)
        check()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(done, GATHER_SECONDS)
        return str(self.pc.localDescription.sdp)

    # ------------------------------------------------------------------ the host

    async def offer(self) -> str:
        """Host: open the channel and make the offer; its code for a link
        (``signal.encode_link``).

        Raises:
            SignalError: the browser's offer cannot be put in a code.
        """
        from seasalt.web.remote import signal

        self._adopt(self.pc.createDataChannel(CHANNEL))
        await self.pc.setLocalDescription(await self.pc.createOffer())
        sdp = await self._gathered()
        code = signal.encode_link(sdp, answer=False)
        self.tag = signal.sdp_tag(sdp)
        if self.state == "new":
            self.state = "offered"
        return code

    async def accept(self, code: str) -> None:
        """Host: the friend's answer code (a link, its code or a QR code's text).

        Raises:
            SignalError: it does not read, is not an answer, or answers another offer
                than this one (``stale``: an older link's, another seat's); nothing
                changes.
        """
        from seasalt.web.remote import signal

        sdp = signal.read_code(code, answer=True, offer=self.tag)
        if self.state != "offered":
            raise signal.SignalError("answered", "this seat's offer was answered already")
        self.state = "answered"  # (the channel may open before this coroutine goes on)
        await self.pc.setRemoteDescription(to_js({"type": "answer", "sdp": sdp},
                                                 dict_converter=window.Object.fromEntries))

    # ------------------------------------------------------------------ a guest

    async def answer(self, code: str) -> str:
        """A friend's device: the host's offer code in, the answer's code out (for a
        link: ``signal.encode_link``), naming the offer it answers.

        Raises:
            SignalError: the code does not read, or is not an offer.
        """
        from seasalt.web.remote import signal

        sdp = signal.read_code(code, answer=False)
        tag = signal.sdp_tag(sdp)
        self._on(self.pc, "datachannel", lambda e: self._adopt(e.channel))
        await self.pc.setRemoteDescription(to_js({"type": "offer", "sdp": sdp},
                                                 dict_converter=window.Object.fromEntries))
        await self.pc.setLocalDescription(await self.pc.createAnswer())
        sdp = await self._gathered()
        if self.state == "new":  # the channel may be open already
            self.state = "answered"
        return signal.encode_link(sdp, answer=True, offer=tag)

    # ------------------------------------------------------------------ both

    def send(self, text: str) -> bool:
        """Send ``text`` when the channel is open (else nothing: ``False``)."""
        if self.channel is None or str(self.channel.readyState) != "open":
            return False
        try:
            self.channel.send(text)
        except Exception:  # noqa: BLE001 - closing under our feet: the close follows
            return False
        return True

    def close(self) -> None:
        """Close the connection (no ``on_close`` call: the page chose it)."""
        self.state = "closed"
        with contextlib.suppress(Exception):  # already closed
            self.pc.close()
        for target, kind, proxy in self._proxies:  # (a close event may come after it)
            with contextlib.suppress(Exception):
                target.removeEventListener(kind, proxy)
            proxy.destroy()
        self._proxies.clear()


#: The links' fragments (``seasalt.web.remote.signal.JOIN`` and ``ANSWER``, here too:
#: that package comes with the later archive).
JOIN, ANSWER = "join=", "answer="


def now() -> float:
    """The page's clock, in milliseconds (``performance.now()``)."""
    return float(window.performance.now())


def site() -> str:
    """The site's address without query or fragment (the links' start)."""
    return str(window.location.origin) + str(window.location.pathname)


def measure(name: str, start: float) -> None:
    """A ``performance.measure`` named ``name`` from ``start`` (`now`) to now, for the
    tests (the action's round trip, the time from Join to seated)."""
    options = window.Object.new()
    options.start = start
    options.end = now()
    window.performance.measure(name, options)


def spawn(job: Any) -> None:
    """Run the coroutine ``job``; an error shows the error screen."""
    async def run() -> None:
        try:
            await job
        except Exception:
            fail(traceback.format_exc())
            raise
    asyncio.ensure_future(run())
