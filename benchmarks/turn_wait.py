"""How long a person waits between two of their turns against two bots, per speed.

Run: ``python benchmarks/turn_wait.py [--games N] [--seats you,medium,hard]
[--pyodide F] [--paces MS ...]``.

The page (``web/page/bots.py``) lets a bot think (``Table.bot_step``) and shows its
move once the table's pace (``seasalt.web.settings.SPEEDS[speed]`` ms) has passed since the previous
move was shown. So the wait from the person's last action of a turn to their next
decision is the sum, over the bot actions in between, of the longer of the pace and the
thinking time. (The old loop waited the pace, then thought: pace plus thinking; printed
too, for comparison.)

This script plays whole games in CPython through ``seasalt.web.table.Table`` (the person plays
random legal actions and never calls an end), times each bot action's thinking in CPU
time of this process (a busy machine does not inflate it; the bots' search is bounded
by iterations, not by a clock), scales it by ``--pyodide`` (Pyodide runs this code about
1.9 times slower than CPython on this project's test machine, measured) and sums every wait
between the person's turns. Waits cut by a round end (a screen the person dismisses)
are left out.

Prints, per speed (and per ``--paces`` tried): the median, the 90th percentile and the
mean wait in seconds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from seasalt.web.settings import SPEEDS, Settings
from seasalt.web.table import Table


def percentile(xs: list[float], q: float) -> float:
    """The ``q`` quantile (0-1) of ``xs`` by linear interpolation."""
    s = sorted(xs)
    if len(s) == 1:
        return s[0]
    k = (len(s) - 1) * q
    lo = int(k)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def waits(games: int, seats: list[str], seed0: int) -> list[list[float]]:
    """Per wait between two of seat 0's turns: the bots' thinking time of each action
    (seconds, CPython)."""
    out: list[list[float]] = []
    for g in range(games):
        t = Table.new(Settings(seats=seats, seed=seed0 + g, speed="instant"))
        rng = random.Random(seed0 + g)
        current: list[float] | None = None
        rnd = t.round
        while not t.over:
            if t.round != rnd:  # a round end: the person dismisses a screen; cut off
                rnd = t.round
                current = None
            if t.is_bot_turn():
                start = time.process_time()  # CPU time: other programs' load left out
                while not t.bot_step(max_seconds=10.0):
                    pass
                if current is not None:
                    current.append(time.process_time() - start)
                continue
            legal = [str(a) for a in t.driver.legal()]
            calm = [c for c in legal if c not in ("stop", "last-chance")] or legal
            if current:
                out.append(current)
            current = None
            t.submit(t.current, t.ply, rng.choice(calm))
            if not t.over and t.current != 0:
                current = []  # the person's turn is over: the wait starts
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=4)
    p.add_argument("--seats", default="you,medium,hard")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--pyodide", type=float, default=1.9,
                   help="Pyodide's slowdown over CPython for the thinking time")
    p.add_argument("--paces", type=int, nargs="*", default=[],
                   help="more paces (ms) to try besides SPEEDS")
    a = p.parse_args()
    seats = a.seats.split(",")
    found = waits(a.games, seats, a.seed)
    actions = [len(w) for w in found]
    think = [sum(w) * a.pyodide for w in found]
    print(f"{len(found)} waits between seat 0's turns, seats {seats}, {a.games} games")
    print(f"bot actions per wait: median {statistics.median(actions):.0f}, "
          f"p90 {percentile([float(x) for x in actions], 0.9):.0f}")
    print(f"thinking per wait (x{a.pyodide} for Pyodide): median "
          f"{statistics.median(think):.2f} s, p90 {percentile(think, 0.9):.2f} s")
    print("wait = sum over the bot actions of max(pace, thinking): the page thinks first "
          "and shows the move once the pace since the last one has passed")
    print(f"{'speed':<8} {'pace ms':>8} {'median s':>9} {'p90 s':>7} {'mean s':>7}"
          f"   (pace + thinking, the old loop: median, p90)")
    rows = [(k, ms) for k, ms in SPEEDS.items()]
    rows += [(f"try {ms}", ms) for ms in a.paces]
    for speed, ms in rows:
        total = [sum(max(ms / 1000, x * a.pyodide) for x in w) for w in found]
        old = [len(w) * ms / 1000 + sum(w) * a.pyodide for w in found]
        print(f"{speed:<8} {ms:>8} {statistics.median(total):>9.2f} "
              f"{percentile(total, 0.9):>7.2f} {statistics.mean(total):>7.2f}"
              f"   ({statistics.median(old):.2f}, {percentile(old, 0.9):.2f})")

if __name__ == "__main__":
    main()
