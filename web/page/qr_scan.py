"""Reading a QR code with the camera (the table across devices: a host's or a guest's
code scanned by the other device).

A `Scan` opens the rear camera (``getUserMedia``, ``facingMode: "environment"``),
shows its video in a given element (``<video class="qr-camera">``, muted, inline, with
the translated ``camera-view`` name), and looks for a code in it every `SCAN_SECONDS`:
with the browser's ``BarcodeDetector`` where it reads QR codes (Android, ChromeOS,
macOS), else with the vendored decoder (``jsQR``, `qr_libs.DECODER`) on the frame drawn
small (`MAX_SIDE`). `Scan.read` returns the first text read, exactly as it was coded.
The camera is stopped (every track of its stream, the video emptied) when a text is
read, when `Scan.stop` is called (the caller's Cancel, or its screen left), when the
page is hidden (another app, the phone locked) or left, and when anything fails.

What goes wrong (no camera API on an insecure origin, no camera, permission refused,
a camera that cannot start, the decoder not loaded) never raises anything but
`CameraError`, whose ``str()`` is a translated sentence (`problem_key`); the holder shows
that sentence (``role="alert"``), and the caller keeps its link or text to paste in view.

For tests and styles: the holder's ``data-camera`` is ``opening``, ``on``, ``off``
(stopped or done) or ``failed``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from seasalt.web.messages import message

from .dom import el, found, render
from .qr_libs import DECODER, QrLibraryError, library

SCAN_SECONDS = 0.25
"""How often a frame is searched for a code (a few times a second: the decoder's work
on the page's thread stays a small share of it)."""
MAX_SIDE = 720
"""The longest side of the frame handed to the vendored decoder, in pixels."""
CAMERA: dict[str, Any] = {
    "audio": False,
    "video": {"facingMode": "environment", "width": {"ideal": 1280},
              "height": {"ideal": 720}},
}
"""What is asked of ``getUserMedia``: the rear camera where there is one (any other
camera otherwise), at up to 1280×720."""

_PROBLEMS: dict[str, str] = {
    "NotAllowedError": "camera-refused",
    "PermissionDeniedError": "camera-refused",
    "SecurityError": "camera-refused",
    "NotFoundError": "camera-missing",
    "DevicesNotFoundError": "camera-missing",
    "OverconstrainedError": "camera-missing",
    "NotReadableError": "camera-busy",
    "TrackStartError": "camera-busy",
    "AbortError": "camera-busy",
}


def problem_key(error_name: str | None, *, secure: bool = True) -> str:
    """The message key saying why the camera cannot be used.

    Args:
        error_name: The name of the ``DOMException`` that ``getUserMedia`` rejected
            with (``"NotAllowedError"``...), or None when the browser offers no
            ``getUserMedia`` at all.
        secure: Whether the page is a secure context (https, or this device itself):
            browsers offer the camera to no other.

    Returns:
        ``camera-insecure``, ``camera-refused``, ``camera-missing``, ``camera-busy`` or
        ``camera-failed`` (a key of ``seasalt.web.messages``).
    """
    if error_name is None:
        return "camera-missing" if secure else "camera-insecure"
    return _PROBLEMS.get(error_name, "camera-failed")


class CameraError(Exception):
    """The camera cannot be used to read a code; ``str()`` is the translated sentence
    (shown in the holder too), ``key`` its message key."""

    def __init__(self, key: str) -> None:
        super().__init__(message(key))
        self.key = key


def _error_name(exc: BaseException) -> str:
    """The JavaScript error's name (``"NotAllowedError"``) of an exception from a
    rejected promise."""
    for source in (getattr(exc, "js_error", None), exc):
        name = getattr(source, "name", None)
        if isinstance(name, str) and name:
            return name
    return str(exc).split(":", 1)[0].strip()


def _js(value: Any) -> Any:
    """A Python dict or list as plain JavaScript objects and arrays."""
    return to_js(value, dict_converter=window.Object.fromEntries)


class Scan:
    """One reading of a QR code with the camera, shown in ``holder``.

    Args:
        holder: The element the camera's video is shown in (its content replaced).
        interval: Seconds between two looks for a code (`SCAN_SECONDS`).
    """

    def __init__(self, holder: Any, *, interval: float = SCAN_SECONDS) -> None:
        self.holder = holder
        self.interval = interval
        self._stopped = False
        self._done = False  # a text read, or failed
        self._stream: Any = None
        self._video: Any = None
        self._canvas: Any = None
        self._listeners: list[tuple[Any, str, Any]] = []

    @property
    def stopped(self) -> bool:
        """Whether `stop` was called (or the page hidden) before a text was read."""
        return self._stopped

    def _mark(self, state: str) -> None:
        self.holder.setAttribute("data-camera", state)

    def _fail(self, key: str) -> CameraError:
        """Stop the camera, show the sentence of ``key`` and return the error to raise."""
        self._close()
        self._done = True
        self._mark("failed")
        error = CameraError(key)
        render(self.holder, el("p", str(error), class_="qr-problem", role="alert"))
        return error

    def _listen(self, target: Any, kind: str, handler: Callable[[Any], None]) -> None:
        proxy = create_proxy(handler)
        target.addEventListener(kind, proxy)
        self._listeners.append((target, kind, proxy))

    def _on_hidden(self, _event: Any) -> None:
        if document.visibilityState == "hidden":
            self.stop()

    def stop(self) -> None:
        """Stop reading: the camera is stopped at once and `read` returns None. Nothing
        changes once a text was read or the scan failed."""
        if self._done:
            return
        self._stopped = True
        self._close()
        self._mark("off")

    def _close(self) -> None:
        """Stop every track of the camera's stream, empty the video, drop the listeners."""
        stream, self._stream = self._stream, None
        if stream is not None:
            for track in stream.getTracks():
                track.stop()
        if self._video is not None:
            self._video.pause()
            self._video.srcObject = None
        for target, kind, proxy in self._listeners:
            target.removeEventListener(kind, proxy)
            proxy.destroy()
        self._listeners = []

    async def _open(self) -> Any:
        """The camera's stream, or None when stopped meanwhile.

        Raises:
            CameraError: No camera API, no camera, permission refused, a camera that
                cannot start.
        """
        devices: Any = getattr(window.navigator, "mediaDevices", None)
        if not found(devices) or not found(getattr(devices, "getUserMedia", None)):
            raise self._fail(problem_key(None, secure=bool(window.isSecureContext)))
        try:
            stream = await devices.getUserMedia(_js(CAMERA))
        except Exception as exc:  # a rejected promise: its DOMException's name
            raise self._fail(problem_key(_error_name(exc))) from None
        if self._stopped:  # Cancel while the browser asked for permission
            for track in stream.getTracks():
                track.stop()
            return None
        return stream

    async def _reader(self) -> Callable[[], Awaitable[str | None]]:
        """How a frame is read: the browser's ``BarcodeDetector`` when it reads QR
        codes, else the vendored decoder.

        Raises:
            CameraError: Neither can be used (the decoder's script not loaded).
        """
        detector_class: Any = getattr(window, "BarcodeDetector", None)
        if found(detector_class):
            try:
                formats = (await detector_class.getSupportedFormats()).to_py()
                if "qr_code" in formats:
                    detector = detector_class.new(_js({"formats": ["qr_code"]}))
                    return lambda: self._detect(detector)
            except Exception:  # a detector that cannot start: the vendored decoder
                pass
        try:
            decoder = await library(DECODER)
        except QrLibraryError:
            raise self._fail("qr-unavailable") from None
        return lambda: self._decode(decoder)

    async def _detect(self, detector: Any) -> str | None:
        codes = await detector.detect(self._video)
        return str(codes[0].rawValue) if codes.length else None

    async def _decode(self, decoder: Any) -> str | None:
        video = self._video
        width, height = int(video.videoWidth), int(video.videoHeight)
        if not width or not height:
            return None
        scale = min(1.0, MAX_SIDE / max(width, height))
        width, height = max(1, round(width * scale)), max(1, round(height * scale))
        if self._canvas is None:
            self._canvas = document.createElement("canvas")
        canvas = self._canvas
        canvas.width, canvas.height = width, height
        context = canvas.getContext("2d", _js({"willReadFrequently": True}))
        context.drawImage(video, 0, 0, width, height)
        pixels = context.getImageData(0, 0, width, height)
        result = decoder(pixels.data, width, height, _js({"inversionAttempts": "attemptBoth"}))
        return str(result.data) if found(result) else None

    async def read(self) -> str | None:
        """Open the camera, show it, and read codes until one gives a text.

        Returns:
            The first text read (the camera then stopped), or None when `stop` was
            called or the page hidden first.

        Raises:
            CameraError: The camera cannot be used; the holder shows the sentence and
                the camera is stopped.
        """
        if self._stopped:  # stopped before it began: the camera is never asked for
            return None
        self._mark("opening")
        self._listen(document, "visibilitychange", self._on_hidden)
        self._listen(window, "pagehide", lambda _event: self.stop())
        stream = await self._open()
        if stream is None:
            return None
        self._stream = stream
        video = el("video", class_="qr-camera", aria_label=message("camera-view"),
                   playsinline="", muted="")
        video.muted = True
        video.srcObject = stream
        self._video = video
        render(self.holder, video)
        self._mark("on")
        try:
            await video.play()
        except Exception:  # stopped meanwhile (play() interrupted), or no frames
            if self._stopped:
                return None
            raise self._fail("camera-failed") from None
        reader = await self._reader()
        while not self._stopped:
            try:
                text = await reader()
            except Exception:  # a detector that gave up on this frame: try the next
                text = None
            if text and not self._stopped:
                self._done = True
                self._close()
                self._mark("off")
                return text
            await asyncio.sleep(self.interval)
        return None
