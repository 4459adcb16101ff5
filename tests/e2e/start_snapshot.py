"""Pages that start Python from a snapshot of Pyodide's start-up, for the browser tests.

A page's plain start (Pyodide's bootstrap, then the engine's archive unpacked and
imported) is most of what a browser test waits for, and there are hundreds of them.
The site itself keeps a snapshot of that start-up in Cache Storage after a first visit
(``web/pyodide/start.mjs``); a test's browser context is new and holds none. So each
test worker makes the snapshot once, when a test first opens a context, the way a
visitor's browser does (`make`); the site's test server serves its bytes on the site's
origin (`PATH`); and every context the worker opens is given `init_script`
(`StartSnapshot`). A page's ``window.seasaltSnapshot`` (where ``boot.js`` would put
the snapshot it read from Cache Storage) then fetches them, and once the page has them
they are put in the context's Cache Storage too, under this build's URL, for the bots'
web worker. A page that cannot fetch them (offline, say) starts plainly, as a first
visit does.

The tests that look at a plain start (``tests/e2e/test_snapshot.py``, the standard
library's record, a first visit offline) are marked ``plain_start``.
"""

from __future__ import annotations

import base64
import gzip
import json
import re
import time
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext

CACHE = "seasalt.pyodide-snapshot"
"""start.mjs's ``SNAPSHOT_CACHE``."""
PATH = "/test/start-snapshot.bin"
"""Where the site's test server serves the snapshot (outside the site's base path)."""
MAKE_TIMEOUT_S = 90.0
"""Longest a page may take to start, then to make and keep its snapshot in a worker."""


def snapshot_url(dist: Path, site_url: str) -> str:
    """The URL at which ``start.mjs`` of the build in ``dist`` looks for its snapshot.

    Raises:
        ValueError: If ``start.mjs`` holds no snapshot key (not a build).
    """
    text = (dist / "pyodide" / "start.mjs").read_text(encoding="utf-8")
    key = re.search(r'^const KEY = "([0-9a-f]{16})";$', text, re.MULTILINE)
    if key is None:
        raise ValueError(f"{dist}/pyodide/start.mjs holds no snapshot key")
    return f"{site_url}pyodide/snapshot-{key.group(1)}.bin"


def make(browser: Browser, site_url: str, dist: Path) -> bytes:
    """Open the site in a new context of ``browser`` as a first visit: its plain start
    makes a snapshot in a worker and keeps it in Cache Storage; return its bytes.

    Raises:
        RuntimeError: If no snapshot was kept within `MAKE_TIMEOUT_S`.
    """
    url = snapshot_url(dist, site_url)
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(site_url, wait_until="domcontentloaded")
        deadline = time.monotonic() + MAKE_TIMEOUT_S
        marks: list[str] = []
        while "seasalt-snapshot-kept" not in marks:
            if "seasalt-snapshot-failed" in marks or time.monotonic() > deadline:
                raise RuntimeError(f"the page kept no snapshot of its start-up: {marks}")
            page.wait_for_timeout(250)
            marks = page.evaluate("""() => performance.getEntriesByType("mark")
                .map((m) => m.name)""")
        text = page.evaluate("""async ([cache, url]) => {
            const kept = await (await caches.open(cache)).match(url);
            const bytes = new Uint8Array(await kept.arrayBuffer());
            let text = "";
            for (let i = 0; i < bytes.length; i += 0x8000) {
                text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
            }
            return btoa(text);
        }""", [CACHE, url])
    finally:
        context.close()
    return base64.b64decode(text)


def init_script(source: str, url: str, page_path: str) -> str:
    """The script that gives a page the snapshot at ``source`` as this build's (``url``,
    `snapshot_url`): ``window.seasaltSnapshot``, read by ``start.mjs`` (``boot.js``'s
    own assignment is ignored), and the same bytes put in Cache Storage for the bots'
    worker. The fetch starts at once in a document at ``page_path`` (the site's page),
    when first read in any other."""
    settings = json.dumps({"source": source, "url": url, "cache": CACHE, "page": page_path})
    return """(() => {
  const { source, url, cache, page } = SETTINGS;
  let early = null;
  const fetchSnapshot = () => {
    early ??= fetch(source).then((response) => {
      if (!response.ok) return null;
      const bytes = response.arrayBuffer();
      // copied (new Response) before start.mjs hands the buffer to Pyodide
      bytes.then((buffer) => {
        const copy = new Response(buffer);
        return caches.open(cache).then((kept) => kept.put(url, copy));
      }).catch(() => {});
      return { url, bytes };
    }).catch(() => null);
    return early;
  };
  Object.defineProperty(globalThis, "seasaltSnapshot", {
    configurable: true,
    set(_ignored) {},
    get: fetchSnapshot,
  });
  if (location.pathname === page) fetchSnapshot();
})();""".replace("SETTINGS", settings)


class StartSnapshot:
    """One test worker's snapshot: made when `give` is first called, then served on the
    site's origin (the page's content security policy lets it fetch nothing from
    another) at `PATH`, which the site's test server asks `bytes` for."""

    def __init__(self) -> None:
        self.data = b""
        self.gzipped = b""
        self.dist: Path | None = None
        self.site_url = ""
        self._script = ""

    def site(self, dist: Path, site_url: str) -> None:
        """Say where the site is: built in ``dist``, served at ``site_url`` (ends with
        ``/``), with `PATH` on the same origin."""
        self.dist, self.site_url = dist, site_url
        origin = site_url[: site_url.index("/", len("http://"))]
        self._script = init_script(origin + PATH, snapshot_url(dist, site_url),
                                   site_url[len(origin):])

    def bytes(self) -> bytes:
        """The snapshot's bytes compressed by gzip (fast: a fifth of the size), as the
        server sends them (empty before `give` made them)."""
        return self.gzipped

    def give(self, context: BrowserContext, browser: Browser) -> None:
        """Let ``context``'s pages start from the snapshot; make it first with a context of
        ``browser`` if this worker has none yet.

        Raises:
            RuntimeError: If `site` was not called, or no snapshot could be made (`make`).
        """
        if self.dist is None:
            raise RuntimeError("StartSnapshot.site was not called")
        if not self.data:
            self.data = make(browser, self.site_url, self.dist)
            self.gzipped = gzip.compress(self.data, compresslevel=1)
        context.add_init_script(self._script)
