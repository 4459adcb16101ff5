"""Page benchmark: start-up over a real network, and main-thread responsiveness, in Chromium.

Usage::

    python benchmarks/page.py [--runs N] [--throttle MBIT:RTT_MS] [--no-gzip]
                              [--link QUERY] [--seconds S] [--players BOTS]
                              [--speed PACE] [--no-build] [--dist DIR]

Builds the site (``python build.py``; ``--no-build`` reuses ``dist/``; ``--dist DIR``
measures another built site, e.g. an older build kept for a before/after), serves it
on 127.0.0.1 under ``/seasalt/`` as GitHub Pages would (``benchmarks/host.py``: gzip by
content type, ETags, ``max-age=600``; ``--no-gzip`` sends every file as it is), and
drives Debian's ``/usr/bin/chromium`` headless through Playwright, each first visit in
a fresh browser profile on disk (as a player's), once the just-launched browser has
settled (`SETTLE_S`: a player's browser is running already). ``--throttle 10:40``
puts Chromium's network conditions (DevTools protocol) on the page: 10 Mbit/s each
way and 40 ms of round trip. No address but 127.0.0.1 resolves; a request to any
other is reported. It prints the machine's load average and a CPU check (a fixed
loop's time: on a shared machine the CPU's speed varies, and the start-up times with
it), then (medians over ``--runs``, with the range):

- **bytes on the wire** by file type on a first visit: to the setup screen (what the
  page asked for before it showed it, not the later archive fetched from then on nor
  the offline copy), and once the service worker holds the whole site;
- **first paint**: the page's first contentful paint (the frame and the loading bar);
- **setup form**: until the setup form can be filled in (``seasalt-setup-form`` mark,
  while Python may still be loading), then **setup**: until ``<body data-phase="setup">``
  (Python ready), cold (first visit), warm (a second visit from the browser's cache,
  the service worker kept out) and offline (a reload served by the service worker with
  the network cut);
- **linked table**: a first visit to ``--link`` (default ``?players=you,hard``) until
  ``<body data-phase="playing">``;

then, with ``--seconds`` above 0 (default 20), main-thread responsiveness while bots
play:

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
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(ROOT))
from host import HostServer, Sent  # noqa: E402 - this folder's module

from tools.census.browse import BASE_PATH, CHROMIUM, CHROMIUM_ARGS  # noqa: E402 - the root's

WAIT_FOR_WORKER = """async () => {
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise((done) => navigator.serviceWorker.addEventListener("controllerchange", done));
  }
}"""
#: Seconds a just-launched browser is left alone before a first visit: Chromium's own
#: start-up work (its GPU and network processes, caches) would otherwise share the CPU
#: with the page's.
SETTLE_S = 1.5
#: The CPU check: a fixed amount of pure-Python work, timed (see `cpu_check`).
CPU_CHECK_N = 10**7
#: Notes when each ``data-phase`` is first reached, in ms since navigation started.
PHASES = """
window.__phases = {};
new MutationObserver(() => {
  const phase = document.body && document.body.dataset.phase;
  if (phase && !(phase in window.__phases)) window.__phases[phase] = performance.now();
}).observe(document, {subtree: true, childList: true, attributes: true,
                      attributeFilter: ["data-phase"]});
"""
#: The times of a visit: first contentful paint, the setup form ready, each phase.
TIMES = """() => ({
  paint: (performance.getEntriesByName("first-contentful-paint")[0] || {}).startTime,
  form: (performance.getEntriesByName("seasalt-setup-form")[0] || {}).startTime,
  ...window.__phases,
})"""
#: Waits until a plain start's snapshot of Pyodide's start-up is kept or failed
#: (web/pyodide/start.mjs; 30 s at most), as it is long before a player's next visit;
#: "restored" or "none" (a site without snapshots) at once.
SNAPSHOT_SETTLED = """() => new Promise((resolve) => {
  const seen = (name) => performance.getEntriesByName(name).length > 0;
  if (seen("seasalt-pyodide-restored")) return resolve("restored");
  if (!seen("seasalt-pyodide-started")) return resolve("none");
  const began = performance.now();
  const poll = () => {
    const outcome = ["kept", "failed"].find((o) => seen(`seasalt-snapshot-${o}`));
    if (outcome || performance.now() - began > 30000) resolve(outcome || "timeout");
    else setTimeout(poll, 100);
  };
  poll();
})"""
#: Whether this visit's Pyodide started from the snapshot.
RESTORED = """performance.getEntriesByName("seasalt-pyodide-restored").length > 0"""
#: The page's ``seasalt-decision`` marks (web/page/bots.py): one per
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


def wait_phase(page: Page, phase: str, timeout: float = 180) -> None:
    """Poll ``body[data-phase]`` until it is ``phase``."""
    deadline = time.monotonic() + timeout
    while page.get_attribute("body", "data-phase") != phase:
        if time.monotonic() > deadline:
            now = page.get_attribute("body", "data-phase")
            raise SystemExit(f"timed out waiting for data-phase={phase} (now {now})")
        page.wait_for_timeout(10)


def parse_throttle(text: str) -> tuple[float, float]:
    """``"10:40"`` -> (10.0 Mbit/s, 40.0 ms).

    Raises:
        argparse.ArgumentTypeError: If the text is not two positive numbers.
    """
    try:
        mbit, rtt = (float(x) for x in text.split(":"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected MBIT:RTT_MS, e.g. 10:40, not {text!r}"
                                         ) from None
    if mbit <= 0 or rtt < 0:
        raise argparse.ArgumentTypeError(f"expected a positive rate and delay: {text!r}")
    return mbit, rtt


def file_type(path: str) -> str:
    """A URL path's file type for the byte table: its suffix (``.wasm``), the page for
    the folder itself, ``.png/.svg`` for icons."""
    name = path.rsplit("/", 1)[-1]
    if not name or name == "index.html":
        return ".html"
    suffix = "." + name.rsplit(".", 1)[-1] if "." in name else name
    return ".png/.svg" if suffix in (".png", ".svg") else suffix


class Visits:
    """Fresh browser profiles on disk for first visits, throttled if asked.

    Attributes:
        playwright: The driver.
        throttle: (Mbit/s, round trip in ms) or None.
        outside: Requests to addresses other than 127.0.0.1 (reported at the end).
    """

    def __init__(self, playwright: Playwright, throttle: tuple[float, float] | None) -> None:
        self.playwright = playwright
        self.throttle = throttle
        self.outside: list[str] = []
        self._folders: list[tempfile.TemporaryDirectory[str]] = []

    def open(self, *, service_workers: bool) -> tuple[BrowserContext, Page]:
        """A new profile (its own empty cache) and its page, with the phase recorder
        and the network conditions in place."""
        folder = tempfile.TemporaryDirectory(prefix="seasalt-bench-")
        self._folders.append(folder)
        context = self.playwright.chromium.launch_persistent_context(
            folder.name, executable_path=CHROMIUM, args=CHROMIUM_ARGS,
            service_workers="allow" if service_workers else "block")
        context.add_init_script(PHASES)
        page = context.pages[0] if context.pages else context.new_page()
        # a player's browser is running already: its own start-up is not the page's
        page.wait_for_timeout(SETTLE_S * 1000)
        page.on("request", self._watch)
        if self.throttle is not None:
            mbit, rtt = self.throttle
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", {
                "offline": False, "latency": rtt,
                "downloadThroughput": mbit * 1e6 / 8, "uploadThroughput": mbit * 1e6 / 8})
        return context, page

    def _watch(self, request: Any) -> None:
        if urlsplit(request.url).hostname not in (None, "127.0.0.1"):
            self.outside.append(request.url)

    def close(self) -> None:
        """Delete the profiles."""
        for folder in self._folders:
            folder.cleanup()


#: The URL paths the page asked for before it was at ``data-phase=setup``: the page
#: itself and every resource started before (not what it fetches from then on, such as
#: the later archive, nor what the service worker fetches for the offline copy).
ASKED_BEFORE_SETUP = """() => [
  new URL(location.href).pathname,
  ...performance.getEntriesByType("resource")
    .filter((e) => e.startTime < window.__phases.setup)
    .map((e) => new URL(e.name).pathname),
]"""


def only(sent: list[Sent], paths: list[str]) -> list[Sent]:
    """The first answers in ``sent`` for ``paths`` (as many for a path as it is named)."""
    left = Counter(paths)
    kept: list[Sent] = []
    for answer in sent:
        if left[answer.path] > 0:
            left[answer.path] -= 1
            kept.append(answer)
    return kept


def by_type(sent: list[Sent]) -> dict[str, int]:
    """Bytes of the answers' bodies by `file_type`."""
    total: dict[str, int] = defaultdict(int)
    for answer in sent:
        total[file_type(answer.path)] += answer.size
    return dict(total)


def summary(xs: list[float], unit: str = "s") -> str:
    """Median and range, e.g. ``1.52 s (1.40-1.77)``."""
    if not xs:
        return "-"
    return f"{statistics.median(xs):.2f} {unit} ({min(xs):.2f}-{max(xs):.2f})"


def cpu_check() -> str:
    """How fast this machine runs now: the seconds ``sum(range(CPU_CHECK_N))`` takes in
    this process, best and worst of 5, e.g. ``0.15-0.24 s``. On a shared machine the
    CPU's speed varies with its neighbours' load, which the load average does not see;
    start-up times move with it."""
    times = []
    for _ in range(5):
        start = time.perf_counter()
        sum(range(CPU_CHECK_N))
        times.append(time.perf_counter() - start)
    return f"{min(times):.2f}-{max(times):.2f} s"


def load() -> str:
    """The machine's load average (1, 5, 15 minutes), as ``uptime`` prints it."""
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def measure_startup(visits: Visits, server: HostServer, runs: int, link: str
                    ) -> dict[str, Any]:
    """First visits (cold, then warm), service-worker visits (the offline copy's bytes,
    then offline) and linked-game visits, ``runs`` times each.

    Returns:
        Lists of seconds by measure, and bytes by file type per run (``to_setup``,
        ``with_copy``).
    """
    found: dict[str, Any] = defaultdict(list)
    url = server.url
    for _ in range(runs):
        # a first visit and a second one from the cache, the service worker kept out
        context, page = visits.open(service_workers=False)
        page.goto(url, wait_until="commit")
        wait_phase(page, "setup")
        times = page.evaluate(TIMES)
        found["paint"].append(times["paint"] / 1000)
        if times.get("form") is not None:
            found["form"].append(times["form"] / 1000)
        found["cold"].append(times["setup"] / 1000)
        found["snapshot"].append(page.evaluate(SNAPSHOT_SETTLED))
        page.reload(wait_until="commit")
        wait_phase(page, "setup")
        found["warm"].append(page.evaluate(TIMES)["setup"] / 1000)
        found["warm_restored"].append(page.evaluate(RESTORED))
        context.close()
        # a first visit until the service worker holds the site, then offline
        context, page = visits.open(service_workers=True)
        begin = len(server.sent)
        page.goto(url, wait_until="commit")
        wait_phase(page, "setup")
        asked = page.evaluate(ASKED_BEFORE_SETUP)
        found["to_setup"].append(by_type(only(server.sent[begin:], asked)))
        page.evaluate(WAIT_FOR_WORKER)
        page.wait_for_timeout(500)  # the last answers of the install
        found["with_copy"].append(by_type(server.sent[begin:]))
        page.evaluate(SNAPSHOT_SETTLED)
        context.set_offline(True)
        page.reload(wait_until="commit")
        wait_phase(page, "setup")
        found["offline"].append(page.evaluate(TIMES)["setup"] / 1000)
        found["offline_restored"].append(page.evaluate(RESTORED))
        context.close()
        # a link that opens a game at once
        context, page = visits.open(service_workers=False)
        page.goto(url + link, wait_until="commit")
        wait_phase(page, "playing")
        found["table"].append(page.evaluate(TIMES)["playing"] / 1000)
        context.close()
    return found


def print_startup(found: dict[str, Any], link: str) -> None:
    """The byte table and the times of `measure_startup`."""
    kinds = sorted({k for run in found["with_copy"] for k in run},
                   key=lambda k: -statistics.median(r.get(k, 0) for r in found["with_copy"]))
    print("bytes on the wire, first visit (median of the runs):")
    print(f"  {'type':<13}{'to setup':>14}{'with the offline copy':>24}")
    for kind in kinds:
        to_setup = statistics.median(r.get(kind, 0) for r in found["to_setup"])
        copy = statistics.median(r.get(kind, 0) for r in found["with_copy"])
        print(f"  {kind:<13}{to_setup:>14,.0f}{copy:>24,.0f}")
    to_setup = statistics.median(sum(r.values()) for r in found["to_setup"])
    copy = statistics.median(sum(r.values()) for r in found["with_copy"])
    print(f"  {'total':<13}{to_setup:>14,.0f}{copy:>24,.0f}")
    print(f"time to the first paint (frame and loading bar): {summary(found['paint'])}")
    if found["form"]:
        print(f"time to the setup form (can be filled in): {summary(found['form'])}")
    print(f"time to data-phase=setup, cold: {summary(found['cold'])}")
    snapshots = Counter(found["snapshot"])
    print("the first visit's snapshot of Pyodide's start-up: "
          + ", ".join(f"{n} {outcome}" for outcome, n in snapshots.most_common()))
    warm_from = sum(found["warm_restored"])
    offline_from = sum(found["offline_restored"])
    print(f"time to data-phase=setup, warm (browser cache): {summary(found['warm'])}"
          f" ({warm_from} of {len(found['warm'])} from the snapshot)")
    print(f"time to data-phase=setup, offline from the service worker: "
          f"{summary(found['offline'])} ({offline_from} of {len(found['offline'])} from "
          "the snapshot)")
    print(f"time to the table of {link}, cold: {summary(found['table'])}")


def measure_bots(playwright: Playwright, url: str, args: argparse.Namespace,
                 outside: list[str]) -> None:
    """Play the timed game of bots and print the decision times and frame gaps."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        context = browser.new_context()
        context.add_init_script(LONGTASK_OBSERVER)
        page = context.new_page()

        def watch(request: Any) -> None:
            if urlsplit(request.url).hostname not in (None, "127.0.0.1"):
                outside.append(request.url)

        page.on("request", watch)
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
    finally:
        browser.close()

    during = [t["duration"] for t in tasks if t["start"] >= since]
    startup = [t["duration"] for t in tasks if t["start"] < since]

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


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; the exit status is 1 if a request left 127.0.0.1."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5,
                        help="visits of each kind (default 5; medians are printed)")
    parser.add_argument("--throttle", type=parse_throttle, default=None, metavar="MBIT:RTT_MS",
                        help="Chromium's network conditions, e.g. 10:40 (10 Mbit/s, 40 ms)")
    parser.add_argument("--no-gzip", action="store_true",
                        help="serve every file as it is (as build.py --serve does)")
    parser.add_argument("--link", default="?players=you,hard",
                        help="the linked game whose table is timed (default ?players=you,hard)")
    parser.add_argument("--seconds", type=float, default=20,
                        help="how long the bots play (default 20; 0: no game)")
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
    server = HostServer(dist, base=BASE_PATH, gzip=not args.no_gzip)
    if server.gzip:
        server.warm()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    size = sum(p.stat().st_size for p in dist.rglob("*") if p.is_file())
    network = ("no throttling" if args.throttle is None
               else f"throttled to {args.throttle[0]:g} Mbit/s, {args.throttle[1]:g} ms")
    print(f"site: {dist} ({size / 1e6:.1f} MB on disk), served like GitHub Pages "
          f"({'no gzip' if args.no_gzip else 'gzip by content type'}), {network}")
    print(f"load average before: {load()}; CPU check (sum(range(10**7))): {cpu_check()}")
    with sync_playwright() as playwright:
        visits = Visits(playwright, args.throttle)
        try:
            found = measure_startup(visits, server, args.runs, args.link)
        finally:
            visits.close()
        print_startup(found, args.link)
        print(f"load average after the visits: {load()}; CPU check: {cpu_check()}")
        outside = visits.outside
        if args.seconds > 0:
            measure_bots(playwright, server.url, args, outside)
    server.shutdown()
    if outside:
        print(f"OUTSIDE REQUESTS: {sorted(set(outside))}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
