"""The vendored QR code libraries, loaded into the page when first needed.

The build copies two scripts into ``dist/qr/`` (``tools/build/vendor.py``'s
``QR_FILES``, pinned in ``package.json``): the encoder of npm ``qrcode-generator``
(global ``qrcode``) and the decoder of npm ``jsqr`` (global ``jsQR``). Neither is
loaded before a code is shown or read: `library` adds its ``<script>`` once, with the
build's version (`more.versioned`, so the service worker answers from this build's
cache, offline too), and hands back the global. A script that fails to load (offline
before the service worker ever held it) raises `QrLibraryError`, and the next call
tries again.
"""

from __future__ import annotations

import asyncio
from typing import Any

from pyodide.ffi import create_proxy, jsnull
from pyscript import document, window

from .more import versioned

ENCODER: tuple[str, str] = ("./qr/qrcode.js", "qrcode")
"""The encoder's script (relative to the page) and the global it defines."""
DECODER: tuple[str, str] = ("./qr/jsQR.js", "jsQR")
"""The decoder's script and its global."""


class QrLibraryError(Exception):
    """A QR code library could not be loaded; ``str()`` gives the script (technical)."""


_loading: dict[str, asyncio.Future[None]] = {}


def _global(name: str) -> Any | None:
    """``window[name]`` when the script defined it, else None."""
    try:
        value = getattr(window, name)
    except AttributeError:
        return None
    return None if value is None or value is jsnull else value


async def _add_script(url: str) -> None:
    """Add a ``<script src=url>`` to the page and wait for it to run.

    Raises:
        QrLibraryError: The script could not be loaded.
    """
    future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    script = document.createElement("script")

    def settle(_event: Any, ok: bool) -> None:
        if not future.done():
            if ok:
                future.set_result(None)
            else:
                future.set_exception(QrLibraryError(url))

    on_load = create_proxy(lambda event: settle(event, True))
    on_error = create_proxy(lambda event: settle(event, False))
    script.addEventListener("load", on_load)
    script.addEventListener("error", on_error)
    script.src = versioned(url)
    document.head.append(script)
    try:
        await future
    except QrLibraryError:
        script.remove()  # the next call adds a new one
        raise
    finally:
        script.removeEventListener("load", on_load)
        script.removeEventListener("error", on_error)
        on_load.destroy()
        on_error.destroy()


async def library(which: tuple[str, str]) -> Any:
    """The global of a QR code library (`ENCODER` or `DECODER`), its script loaded first
    if need be (once: callers meanwhile wait for the same load).

    Raises:
        QrLibraryError: The script could not be loaded, or defined no such global.
    """
    url, name = which
    found = _global(name)
    if found is not None:
        return found
    pending = _loading.get(url)
    if pending is None or (pending.done() and pending.exception() is not None):
        pending = asyncio.ensure_future(_add_script(url))
        pending.add_done_callback(lambda t: t.cancelled() or t.exception())
        _loading[url] = pending
    await asyncio.shield(pending)
    found = _global(name)
    if found is None:
        raise QrLibraryError(f"{url} defined no {name}")
    return found
