"""Start-up with many long saved games: the time from the page's address to a setup
screen listing them all (issue 41, item 2).

Run: ``python benchmarks/saves_startup.py [--saves 20] [--actions 100000] [--dist DIR]
[--no-summary] [--port 8590] [--visits 3] [--watch SECONDS]``. Builds one save of
``--actions`` actions
(``long_record.py``'s game) and puts it under ``--saves`` ids; since twenty saves of
100,000 actions (about 18 MB) are beyond a browser's localStorage quota, the page's
``localStorage`` is replaced, before its scripts run, by an in-memory store of the same
interface holding them (the page cannot tell). With the summaries the page writes
beside each save (the default) or without (``--no-summary``: saves of an earlier
version, read one at a time after the list shows). Prints the seconds to the setup
screen with every entry listed, on each visit (the first fills the browser's caches;
later ones are what a player sees every day), and how many saves were replayed by then (each replay
writes ``seasalt.reading``). ``--dist`` serves another build (e.g. an older one, for
the figure before). ``--watch``: after the last visit lists them, the longest gap
between two frames over that many seconds, while the saves without a summary are read
in the background, and how many were read by then.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import json
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.long_record import long_record  # noqa: E402
from seasalt.web.bank import Summary  # noqa: E402
from seasalt.web.table import Table  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

SHIM = """(() => {
  const text = %(text)s, summary = %(summary)s, count = %(count)d;
  const m = new Map();
  for (let i = 0; i < count; i++) {
    m.set("seasalt.game.long-" + i, text);
    if (summary) m.set("seasalt.summary.long-" + i, summary);
  }
  window.__reads = 0;
  const P = Storage.prototype;
  P.getItem = function (k) { return m.has(k) ? m.get(k) : null; };
  P.setItem = function (k, v) {
    if (k === "seasalt.reading") window.__reads += 1;
    m.set(k, String(v));
  };
  P.removeItem = function (k) { m.delete(k); };
  P.key = function (i) { const ks = [...m.keys()]; return i < ks.length ? ks[i] : null; };
  P.clear = function () { m.clear(); };
  Object.defineProperty(P, "length", { get() { return m.size; }, configurable: true });
})();"""

#: The longest gap between two frames over ``ms`` milliseconds.
GAPS = """(ms) => new Promise((done) => {
  let last = null, gap = 0;
  const began = performance.now();
  const tick = (t) => {
    if (last !== null) gap = Math.max(gap, t - last);
    last = t;
    if (t - began < ms) requestAnimationFrame(tick); else done(gap);
  };
  requestAnimationFrame(tick);
})"""

LISTED = """(n) => document.body.dataset.phase === "setup"
    && document.querySelectorAll("#saved .saved-game").length === n"""


@contextlib.contextmanager
def serve(folder: Path, port: int) -> Iterator[str]:
    """``folder`` served at ``http://127.0.0.1:port/seasalt/``."""
    class Handler(http.server.SimpleHTTPRequestHandler):
        def translate_path(self, path: str) -> str:
            path = path.split("?", 1)[0]
            if path.startswith("/seasalt/"):
                path = path[len("/seasalt"):]
            return str(folder / path.lstrip("/")) if path != "/" else str(folder)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", port),
                                             functools.partial(Handler))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{port}/seasalt/"
    finally:
        server.shutdown()


def main(argv: list[str] | None = None) -> int:
    """Measure and print; returns 0."""
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=20)
    parser.add_argument("--actions", type=int, default=100_000)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--no-summary", action="store_true")
    parser.add_argument("--port", type=int, default=8590)
    parser.add_argument("--visits", type=int, default=3)
    parser.add_argument("--watch", type=float, default=0.0)
    args = parser.parse_args(argv)
    table = Table.load(long_record(args.actions).dumps())
    text = table.save(saved_at=1_700_000_000_000)
    summary = None if args.no_summary else Summary.of(table, len(text)).to_text()
    shim = SHIM % {"text": json.dumps(text), "summary": json.dumps(summary),
                   "count": args.saves}
    with serve(args.dist.resolve(), args.port) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                    args=["--no-sandbox"])
        context = browser.new_context()
        context.add_init_script(shim)
        page = context.new_page()
        times = []
        for _visit in range(args.visits):  # the first visit fills the caches
            began = time.monotonic()
            page.goto(url)
            page.wait_for_function(LISTED, arg=args.saves, timeout=600_000, polling=50)
            times.append(time.monotonic() - began)
            reads = page.evaluate("window.__reads")
        watched = ""
        if args.watch > 0:
            gap = page.evaluate(GAPS, args.watch * 1000)
            watched = (f"; then over {args.watch:g} s the longest frame gap was {gap:.0f} ms, "
                       f"{page.evaluate('window.__reads')} saves replayed by its end")
        browser.close()
    shown = ", ".join(f"{t:.2f}" for t in times)
    print(f"{args.saves} saves of {len(text):,} characters ({args.actions:,} actions), "
          f"{'no summaries' if args.no_summary else 'with summaries'}: setup screen "
          f"listing them in {shown} s (visit 1, 2, ...); saves replayed by then on the "
          f"last: {reads}{watched}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
