"""Importing a long game file: the longest the page goes without drawing a frame, and
the whole import's time (issue 41, item 4: no frame gap over 200 ms).

Run: ``python benchmarks/import_frames.py [--actions 60000] [--dist DIR] [--port 8591]
[--runs 2]``. Builds ``long_record.py``'s record of ``--actions`` actions, serves
``--dist`` (the built site; another build gives the figure before a change), opens the
setup screen in headless Chromium and imports the record as a file, with a
``requestAnimationFrame`` loop in the page noting every frame. Prints, for each run,
the longest gap between two frames from the file's choice until the game's table shows
(``data-phase`` becomes ``playing``), the number of frames drawn meanwhile and the
import's total time; and, for comparison, the longest gap of the same page idle for two
seconds just before (what the machine's other work costs the page). The first run also
fills the browser's caches.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.long_record import long_record  # noqa: E402
from benchmarks.saves_startup import serve  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

#: Notes every frame, and when the body's ``data-phase`` becomes ``playing``.
WATCH = """() => {
  const w = window;
  w.__frames = []; w.__playing = null;
  const tick = (t) => {
    w.__frames.push(t);
    if (w.__playing === null) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  new MutationObserver(() => {
    if (document.body.dataset.phase === "playing" && w.__playing === null)
      w.__playing = performance.now();
  }).observe(document.body, {attributes: true, attributeFilter: ["data-phase"]});
  return performance.now();
}"""

#: The longest gap between two frames of the page left idle for two seconds.
IDLE = """() => new Promise((done) => {
  let last = null, gap = 0;
  const began = performance.now();
  const tick = (t) => {
    if (last !== null) gap = Math.max(gap, t - last);
    last = t;
    if (t - began < 2000) requestAnimationFrame(tick); else done(gap);
  };
  requestAnimationFrame(tick);
})"""

#: The longest gap between frames from ``began`` to the table, frames, the total time.
GAPS = """(began) => {
  const f = window.__frames.filter((t) => t >= began - 50 && t <= window.__playing + 50);
  let gap = 0;
  for (let i = 1; i < f.length; i++) gap = Math.max(gap, f[i] - f[i - 1]);
  if (f.length) gap = Math.max(gap, f[0] - began, window.__playing - f[f.length - 1]);
  else gap = window.__playing - began;
  return [gap, f.length, window.__playing - began];
}"""


def main(argv: list[str] | None = None) -> int:
    """Measure and print; returns 0."""
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=60_000)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--port", type=int, default=8591)
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args(argv)
    text = long_record(args.actions).dumps().encode()
    with serve(args.dist.resolve(), args.port) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                    args=["--no-sandbox"])
        for run in range(1, args.runs + 1):
            page = browser.new_page()
            page.goto(url)
            page.wait_for_function("document.body.dataset.phase === 'setup'",
                                   timeout=120_000, polling=50)
            page.wait_for_timeout(500)
            idle = page.evaluate(IDLE)
            began = page.evaluate(WATCH)
            page.set_input_files("#import-file", files=[{
                "name": "long.json", "mimeType": "application/json", "buffer": text}])
            page.wait_for_function("window.__playing !== null", timeout=300_000,
                                   polling=100)
            gap, frames, total = page.evaluate(GAPS, began)
            print(f"run {run}: {args.actions:,} actions imported in {total / 1000:.2f} s; "
                  f"longest frame gap {gap:.0f} ms; {frames} frames drawn meanwhile "
                  f"(idle page: longest gap {idle:.0f} ms over 2 s)", flush=True)
            page.close()
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
