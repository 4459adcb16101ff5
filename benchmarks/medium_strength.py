"""Sea Salt & Paper's Medium against a pool: today's Medium frozen, greedy, Easy, at
2, 3 and 4 seats, with and without the expansions, and its decision time.

Run: ``python benchmarks/medium_strength.py [--games N] [--seed S] [--parts P,...]
[--jobs K]``. Parts:

* ``duel``: Medium (``medium``, :mod:`seasalt.ssp.strategy.planner`) against the
  Medium of main before issue 40 (``legacy-medium``,
  :mod:`benchmarks.legacy_medium`), heads-up, ``--games`` games, seats rotated;
* ``greedy``: Medium heads-up against ``greedy`` and ``easy``; ``seats``: at 3 seats
  with two ``legacy-medium`` and at 4 with three (its share of the wins against the
  fair share 1/3, 1/4); ``expansions``: heads-up against ``legacy-medium`` with Extra
  Salt, with Extra Pepper and with both; ``--games`` games each (``pool``: the three);
* ``speed``: Medium's time a decision (mean, p50, p95, max; milliseconds of CPython)
  over every decision with a choice of the ``duel`` games (or of 100 games).

Every line is an arena run (:func:`seasalt.cli.arena.run_arena`): seats rotated, 95 %
Wilson intervals. The spec ``legacy-medium`` exists only here: this script teaches the
arena to build it (:func:`install`). Tune on seeds of your own; the reported figures
of docs/bots.md are seed 4040.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

# Run from a clone without installing: the repository's root first on the path.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import seasalt.cli.arena as arena  # noqa: E402
from benchmarks.legacy_medium import LegacyPlanner  # noqa: E402
from seasalt.bots import HeuristicBot, make_bot  # noqa: E402
from seasalt.cli.arena import GameResult, run_arena  # noqa: E402

#: The spec of the frozen Medium.
LEGACY = "legacy-medium"


def _make_bot(spec: str, game: Any, seed: int) -> Any:
    """:func:`seasalt.bots.make_bot`, knowing :data:`LEGACY` too."""
    if spec == LEGACY:
        return HeuristicBot(LegacyPlanner(), seed)
    return make_bot(spec, game, seed)


def _check_specs(specs: Sequence[str], game_name: str = arena.DEFAULT_GAME) -> None:
    arena_check(tuple(s if s != LEGACY else "medium" for s in specs), game_name)


arena_check = arena.check_specs


def install() -> None:
    """Let the arena (in this process and the ones it forks) build :data:`LEGACY`."""
    arena.make_bot = _make_bot  # type: ignore[assignment]
    arena.check_specs = _check_specs  # type: ignore[assignment]


def line(label: str, specs: Sequence[str], games: int, seed: int, jobs: int,
         options: Mapping[str, Any] | None = None,
         keep: list[GameResult] | None = None) -> None:
    """Play one arena run and print the first participant's share of the wins."""
    start = time.perf_counter()
    r = run_arena(specs, games, seed, jobs=jobs, options=options, keep=keep)
    s = r.seats[0]
    fair = 1 / len(specs)
    others = "  ".join(f"{o.bot} {100 * o.win_rate:.1f}%" for o in r.seats[1:])
    print(f"{label:<34} {100 * s.win_rate:5.1f} % [{100 * s.ci_low:.1f}-{100 * s.ci_high:.1f}]"
          f" (fair {100 * fair:.0f} %)  score {s.mean_score:.1f}  |  {others}  "
          f"[{games} games, seed {seed}, {time.perf_counter() - start:.0f} s]", flush=True)


def speed(kept: list[GameResult], seat: int = 0) -> None:
    """Print the mean, p50, p95 and max decision time of participant ``seat``."""
    ms = sorted(1000 * t for r in kept for t in r.times[seat])
    q = statistics.quantiles(ms, n=100, method="inclusive")
    print(f"Medium a decision: mean {statistics.fmean(ms):.2f} ms, p50 {q[49]:.2f} ms, "
          f"p95 {q[94]:.2f} ms, max {ms[-1]:.1f} ms over {len(ms)} decisions (CPython)",
          flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--games", type=int, default=400)
    p.add_argument("--seed", type=int, default=4040)
    p.add_argument("--parts", default="duel,speed,pool")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--medium", default="medium", help="the spec measured (default medium)")
    args = p.parse_args(argv)
    install()
    parts = set(args.parts.split(","))
    if "pool" in parts:
        parts |= {"greedy", "seats", "expansions"}
    me, n, seed, jobs = args.medium, args.games, args.seed, args.jobs
    kept: list[GameResult] = []
    if "duel" in parts:
        line("vs today's Medium, heads-up", [me, LEGACY], n, seed, jobs, keep=kept)
    if "speed" in parts:
        if not kept:
            run_arena([me, LEGACY], min(n, 100), seed, keep=kept)
        speed(kept)
    if "greedy" in parts:
        line("vs greedy, heads-up", [me, "greedy"], n, seed, jobs)
        line("vs Easy (greedy:noise=0.3)", [me, "easy"], n, seed, jobs)
    if "seats" in parts:
        line("3 seats, two of today's Medium", [me, LEGACY, LEGACY], n, seed, jobs)
        line("4 seats, three of today's Medium", [me, LEGACY, LEGACY, LEGACY], n, seed, jobs)
    if "expansions" in parts:
        for label, opts in (("Extra Salt", {"extra_salt": True}),
                            ("Extra Pepper", {"extra_pepper": True}),
                            ("both", {"extra_salt": True, "extra_pepper": True})):
            line(f"vs today's Medium, {label}", [me, LEGACY], n, seed, jobs, options=opts)


if __name__ == "__main__":
    main()
