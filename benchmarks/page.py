"""Page benchmark: start-up time and main-thread responsiveness in Chromium.

Usage::

    python benchmarks/page.py [--runs N] [--seconds S] [--players BOTS] [--no-build]
                              [--dist DIR] [--speed PACE]

Builds the site (``python build.py``; ``--no-build`` reuses ``dist/``; ``--dist DIR``
measures another built site, e.g. an older build kept for a before/after), serves it
on 127.0.0.1 under ``/seasalt/`` like the browser tests, and drives Debian's
``/usr/bin/chromium`` headless through Playwright. Every request that leaves
127.0.0.1 is aborted and reported. It prints:

- **cold**: seconds from navigation to ``<body data-phase="setup">`` in a fresh
  browser context (empty cache), median and range over ``--runs``;
- **warm**: the same after a reload in that context (files revalidated, cached);
  both with every request routed, which bypasses the service worker;
- **offline**: the same after a reload served by the service worker with the network
  cut (a first visit in a fresh context installs it; nothing is routed);
- **bot decision times in the page**: the ``seasalt-decision`` marks the page
  leaves for each bot decision, apart by who thought (``by``: ``worker``, the bots'
  web worker, or ``page``, in slices on the main thread): the thinking time (inside the
  worker, or inside the slices) and the wall time the page waited for the move (the
  worker's round trip, or the yields to the browser): count, mean, median, p95, max;
- **the bots' web worker's start-up**: the ``seasalt-worker-ready`` mark (Python's
  start-up inside the worker, and the wall time from its creation to ready);
- **longest main-thread task while a hard bot plays**: a game of three hard
  bots (``--players`` picks others, e.g. ``hard,medium``) at instant speed
  (``--speed`` picks another pace) runs
  for ``--seconds`` (Continue is clicked at each round end); a ``PerformanceObserver`` for
  ``longtask`` entries (tasks of 50 ms or more) installed before the page's
  scripts records every long task after the table first appears, and a
  ``requestAnimationFrame`` chain records the time between frames (what a player
  would see as a stutter): the longest overall, and the longest while a bot thought,
  within a decision's wall time or overlapping it (a redraw of the previous move may
  straddle the start of the next decision). The page's target: never more than 100 ms
  between two frames while a bot thinks.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Page, Route, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
WAIT_FOR_WORKER = """async () => {
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise((done) => navigator.serviceWorker.addEventListener("controllerchange", done));
  }
}"""
BASE_PATH = "/seasalt/"
#: The page's ``seasalt-decision`` performance marks (web/page/bots.py): one per
#: searched bot decision, with its thinking and wall times in milliseconds.
DECISIONS = """performance.getEntriesByName("seasalt-decision").map(
  (m) => Object.assign({end: m.startTime}, m.detail))"""
#: The bots' web worker's ``seasalt-worker-ready`` mark (web/page/thinker.py), if any.
READY = """performance.getEntriesByName("seasalt-worker-ready").map(
  (m) => Object.assign({at: m.startTime}, m.detail))"""
HARD_GAME = "?players=hard,hard,hard&seed=7&speed=instant"
LONGTASK_OBSERVER = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    window.__longtasks.push({start: e.startTime, duration: e.duration});
  }
}).observe({type: "longtask", buffered: true});
window.__gap = {last: 0, max: 0, on: false, long: []};
function __frame(now) {
  if (window.__gap.on && window.__gap.last) {
    const gap = now - window.__gap.last;
    window.__gap.max = Math.max(window.__gap.max, gap);
    if (gap > 25) window.__gap.long.push({start: window.__gap.last, gap: gap});
  }
  window.__gap.last = now;
  requestAnimationFrame(__frame);
}
requestAnimationFrame(__frame);
"""


def load_build() -> Any:
    """The repository's ``build.py`` as a module (for its server)."""
    spec = importlib.util.spec_from_file_location("seasalt_build", ROOT / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def wait_phase(page: Page, phase: str, timeout: float = 90) -> None:
    """Poll ``body[data-phase]`` until it is ``phase``."""
    deadline = time.monotonic() + timeout
    while page.get_attribute("body", "data-phase") != phase:
        if time.monotonic() > deadline:
            now = page.get_attribute("body", "data-phase")
            raise SystemExit(f"timed out waiting for data-phase={phase} (now {now})")
        page.wait_for_timeout(10)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="cold/warm runs (default 3)")
    parser.add_argument("--seconds", type=float, default=20,
                        help="how long the hard bots play (default 20)")
    parser.add_argument("--players", default="hard,hard,hard",
                        help="the bots of the timed game (default hard,hard,hard)")
    parser.add_argument("--speed", default="instant", choices=("slow", "normal", "fast", "instant"),
                        help="the bots' pace in the timed game (default instant)")
    parser.add_argument("--no-build", action="store_true", help="reuse dist/")
    parser.add_argument("--dist", type=Path, default=None,
                        help="measure this built site instead (implies --no-build)")
    args = parser.parse_args(argv)

    dist = args.dist or ROOT / "dist"
    if not args.no_build and args.dist is None:
        subprocess.run([sys.executable, str(ROOT / "build.py")], check=True,
                       stdout=subprocess.DEVNULL)
    server = load_build().make_server(dist, port=0, base_path=BASE_PATH, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}{BASE_PATH}"
    blocked: list[str] = []

    def route(r: Route) -> None:
        host = urlsplit(r.request.url).hostname
        if r.request.url.startswith(("data:", "blob:")) or host == "127.0.0.1":
            r.continue_()
        else:
            blocked.append(r.request.url)
            r.abort("blockedbyclient")

    def watch(r: Any) -> None:  # pages a service worker serves cannot be routed
        if urlsplit(r.url).hostname not in (None, "127.0.0.1"):
            blocked.append(r.url)

    cold: list[float] = []
    warm: list[float] = []
    offline: list[float] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(args.runs):
            context = browser.new_context()
            context.route("**/*", route)
            page = context.new_page()
            start = time.perf_counter()
            page.goto(url, wait_until="commit")
            wait_phase(page, "setup")
            cold.append(time.perf_counter() - start)
            start = time.perf_counter()
            page.reload(wait_until="commit")
            wait_phase(page, "setup")
            warm.append(time.perf_counter() - start)
            context.close()

        has_worker = (dist / "sw.js").is_file()
        for _ in range(args.runs if has_worker else 0):
            context = browser.new_context(service_workers="allow")
            page = context.new_page()
            page.on("request", watch)
            page.goto(url, wait_until="commit")
            wait_phase(page, "setup")
            page.evaluate(WAIT_FOR_WORKER)
            context.set_offline(True)
            start = time.perf_counter()
            page.reload(wait_until="commit")
            wait_phase(page, "setup")
            offline.append(time.perf_counter() - start)
            context.close()

        context = browser.new_context()
        context.route("**/*", route)
        context.add_init_script(LONGTASK_OBSERVER)
        page = context.new_page()
        game = HARD_GAME.replace("hard,hard,hard", args.players).replace(
            "speed=instant", f"speed={args.speed}")
        page.goto(url + game, wait_until="commit")
        wait_phase(page, "playing")
        since = page.evaluate("window.__gap.on = true; performance.now()")
        lines = page.locator("#log li").count()
        rounds = 0
        end = time.monotonic() + args.seconds
        while time.monotonic() < end:  # go on past round ends, as a spectator would
            if (page.get_attribute("body", "data-phase") == "round-over"
                    and page.locator("#continue").is_visible()):
                rounds += 1  # (a table of bots alone also goes on by itself)
                page.click("#continue", timeout=2000)
            page.wait_for_timeout(100)
        lines = page.locator("#log li").count() - lines
        tasks = page.evaluate("window.__longtasks")
        decisions = page.evaluate(DECISIONS)
        gap = page.evaluate("window.__gap.max")
        long_gaps = page.evaluate("window.__gap.long")
        ready = page.evaluate(READY)
        phase = page.get_attribute("body", "data-phase")
        context.close()
        browser.close()
    server.shutdown()

    during = [t["duration"] for t in tasks if t["start"] >= since]
    startup = [t["duration"] for t in tasks if t["start"] < since]

    def summary(xs: list[float]) -> str:
        return f"{statistics.median(xs):.2f} s (min {min(xs):.2f}, max {max(xs):.2f})"

    print(f"time to data-phase=setup, cold: {summary(cold)} over {args.runs} runs")
    print(f"time to data-phase=setup, warm: {summary(warm)} over {args.runs} runs")
    if offline:
        print(f"time to data-phase=setup, offline from the service worker: {summary(offline)} "
              f"over {args.runs} runs")
    print(f"hard bots played for {args.seconds:g} s: {lines} lines of game log, "
          f"{rounds} round ends, now {phase!r}")
    if during:
        print(f"longest main-thread task while the hard bots played: {max(during):.0f} ms "
              f"({len(during)} tasks of 50 ms or more; "
              f"{sum(d > 100 for d in during)} over 100 ms)")
    else:
        print("longest main-thread task while the hard bots played: under 50 ms "
              "(no long task reported)")
    print(f"longest time between two animation frames while they played: {gap:.0f} ms")
    if ready:
        print(f"bots' web worker ready {ready[0]['wall']:.0f} ms after it was created "
              f"(Python's start-up inside it: {ready[0]['boot']:.0f} ms)")
    else:
        print("bots' web worker: none ready (an older build, or it failed)")

    def overlaps(g: dict[str, float], a: float, b: float) -> bool:
        return g["start"] < b and g["start"] + g["gap"] > a

    def within(g: dict[str, float], a: float, b: float) -> bool:
        return a <= g["start"] and g["start"] + g["gap"] <= b

    for who in ("page", "worker", None):
        chosen = [d for d in decisions if who is None or d.get("by", "page") == who]
        spans = [(d["end"] - d["wall"], d["end"]) for d in chosen]
        label = "a bot" if who is None else f"the {who}"
        for how, test in (("within", within), ("overlapping", overlaps)):
            found = [g for g in long_gaps if any(test(g, a, b) for a, b in spans)]
            if chosen:
                print(f"longest time between two frames {how} a decision thought by {label}: "
                      f"{max((g['gap'] for g in found), default=0):.0f} ms "
                      f"({sum(g['gap'] > 100 for g in found)} gaps over 100 ms)")
    print(f"gaps of over 100 ms between frames: {sum(g['gap'] > 100 for g in long_gaps)}")
    levels = args.players.split(",")
    for level in dict.fromkeys(levels):
        seats = {i for i, name in enumerate(levels) if name == level}
        for who in ("page", "worker"):
            for key, what in (("think", f"thinking in the {who}"),
                              ("wall", "wall time the page waited" + (
                                  ", yields included" if who == "page" else
                                  ", the round trip included"))):
                xs = sorted(d[key] for d in decisions
                            if d["seat"] in seats and d.get("by", "page") == who)
                if xs:
                    p95 = xs[min(len(xs) - 1, int(0.95 * len(xs)))]
                    print(f"{level} decisions by the {who} ({what}): {len(xs)}, mean "
                          f"{statistics.mean(xs):.0f} ms, median {statistics.median(xs):.0f}, "
                          f"p95 {p95:.0f}, max {xs[-1]:.0f}")
    if startup:
        print(f"(start-up, before the table: longest task {max(startup):.0f} ms)")
    if blocked:
        print(f"BLOCKED outside requests: {blocked}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
