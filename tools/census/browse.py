"""The census's browser: the built site served on 127.0.0.1, Chromium headless, one page
per size and language (:class:`Visit`), every request that leaves 127.0.0.1 aborted.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tools.build.serve import make_server

from .sizes import Size

#: Debian's Chromium (``playwright install`` cannot download browsers here).
CHROMIUM = "/usr/bin/chromium"
#: Flags that let Chromium run as root, headless, without calling home (the browser
#: tests launch it with these too).
CHROMIUM_ARGS: list[str] = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
    # No host name but 127.0.0.1 resolves: a request that leaves the machine fails
    # even where a request cannot be routed (a page controlled by a service worker).
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
#: Every URL that leaves the machine: anything but ``http(s)://127.0.0.1`` and ``data:`` or
#: ``blob:`` URLs. Pages route only these (to abort and record them): a route that matches
#: every URL sends each of the site's own requests through the test's process and back.
OUTSIDE = re.compile(r"^(?!(?:https?://127\.0\.0\.1[:/]|data:|blob:))")
#: The URL path the site is served under, as on a project's GitHub Pages.
BASE_PATH = "/seasalt/"
#: How long to wait for a phase, in seconds (Pyodide's cold start is about 3 s).
PHASE_TIMEOUT_S = 60.0
NO_SNAPSHOT = "globalThis.seasaltNoSnapshot = true;"
LANG_SCRIPT = "localStorage.getItem('seasalt.lang') || localStorage.setItem('seasalt.lang', %r);"


@contextmanager
def serve(dist: Path) -> Iterator[str]:
    """Serve ``dist`` on 127.0.0.1 (a free port) under ``/seasalt/``; yields its URL."""
    server = make_server(dist, port=0, base_path=BASE_PATH, quiet=True)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    try:
        yield f"http://{host!s}:{port}{BASE_PATH}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@dataclass
class Visit:
    """A page on the site at one size, in one language, with what went wrong on it.

    Attributes:
        page: the Playwright page.
        url: the site's URL (ends with ``/``).
        size: its size.
        lang: its language (``localStorage["seasalt.lang"]`` before the first load).
        blocked: requests aborted because they left 127.0.0.1.
        errors: console errors and uncaught page errors.
    """

    page: Any
    url: str
    size: Size
    lang: str
    blocked: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def phase(self) -> str | None:
        """``<body data-phase>``."""
        return self.page.get_attribute("body", "data-phase")

    def wait_for(self, check: Any, what: str, timeout_s: float = PHASE_TIMEOUT_S) -> Any:
        """Poll ``check()`` until it is truthy.

        Raises:
            AssertionError: an error on the page, or ``timeout_s`` seconds passed.
        """
        deadline = time.monotonic() + timeout_s
        while not (value := check()):
            if self.errors:
                raise AssertionError(f"waiting for {what}: {self.errors[-1][:300]}")
            if time.monotonic() > deadline:
                raise AssertionError(f"waiting for {what}: timed out (phase {self.phase()})")
            self.page.wait_for_timeout(40)
        return value

    def wait_for_phase(self, phase: str, timeout_s: float = PHASE_TIMEOUT_S) -> None:
        """Wait for ``<body data-phase=phase>`` (see :meth:`wait_for`)."""
        self.wait_for(lambda: self.phase() == phase, f"data-phase={phase}", timeout_s)

    def click(self, selector: str) -> None:
        """Click the first visible element of ``selector`` (a tap on touch sizes)."""
        node = self.page.locator(selector).locator("visible=true").first
        if self.size.touch:
            node.tap()
        else:
            node.click()

    def js_click(self, selector: str) -> bool:
        """Send a click to the first element of ``selector``, shown or not (a menu's
        button); False when there is none."""
        return bool(self.page.evaluate(
            "s => { const e = document.querySelector(s); if (e) e.click(); return !!e; }",
            selector))

    def _refuse(self, route: Any) -> None:
        """Abort and record a request that leaves the machine (routed by `OUTSIDE`)."""
        self.blocked.append(route.request.url)
        route.abort("blockedbyclient")


@contextmanager
def launch() -> Iterator[Any]:
    """Chromium headless through Playwright (``/usr/bin/chromium``)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def visit(browser: Any, url: str, size: Size, lang: str) -> Iterator[Visit]:
    """A fresh page (its own storage) at ``size`` in ``lang``, routed so that every
    request leaving 127.0.0.1 is aborted and recorded; closed after."""
    context = browser.new_context(viewport={"width": size.width, "height": size.height},
                                  has_touch=size.touch, is_mobile=size.touch,
                                  service_workers="block", reduced_motion="reduce")
    page = context.new_page()
    v = Visit(page=page, url=url, size=size, lang=lang)
    page.add_init_script(NO_SNAPSHOT)
    page.add_init_script(LANG_SCRIPT % lang)
    page.on("console", lambda m: v.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: v.errors.append(f"pageerror: {e}"))
    context.route(OUTSIDE, v._refuse)
    try:
        yield v
    finally:
        context.close()
