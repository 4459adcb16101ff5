"""A paired screen of two settings of Sea Salt & Paper's Hard against the pool.

Run: ``python benchmarks/hard_screen.py --b SPEC [--a SPEC] [--set MODULE:NAME=VALUE
...] [--tables T,...] [--games N] [--seed S] [--jobs K] [--out FILE] [--a-from FILE]
[--b-from FILE]``.

Hard ``A`` (``--a``, default ``hard``) and Hard ``B`` (``--b``; ``--set`` patches a
module constant for ``B`` only, e.g. ``--set
seasalt.ssp.strategy.heuristics:OPPONENT_LAST_CHANCE_LEAD=1.0``) each play the same
arena runs (:func:`seasalt.cli.arena.iter_games`: the same deals, seats rotated, the
same bots' seeds), Hard in the first seat of the specs. Tables (``--tables``, a comma
list; default ``2p,3p,4p``):

* ``2p``: against Medium heads-up; ``3p``: with two Medium bots; ``4p``: with three;
* ``greedy``, ``easy`` (``greedy:noise=0.3``): heads-up;
* ``old``: with the Hard of before the race at 3 and 4 seats
  (``expert:anchor=0.02,value=softmax``) and a Medium bot, at 3 seats.

Game ``g`` of a table is the same deal for ``A`` and ``B``, so the difference of their
shares game by game (:func:`paired`) cancels much of the deals' luck: it prints each
one's share with its 95 % Wilson interval and the paired difference ``B - A`` with a
95 % interval (normal, from the games' differences). ``--out`` appends every game's
result as a JSON line (a stopped run keeps what it played); ``--a-from`` and
``--b-from`` read a side's games from such a file (its lines of the table and seed)
instead of playing them, so that one run of ``A`` serves several candidates and stopped
runs still compare, game by game, over the games both sides have. Screens are for choosing:
use tuning seeds (the default 7000; never the seeds of the reported figures, 4040 and
5151, which it refuses), a few hundred games, ``nice`` and ``--jobs 1`` on a shared
machine, and confirm a choice on a second seed.
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import importlib
import json
import math
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

# Run from a clone without installing: the repository's root first on the path.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from seasalt.cli.arena import iter_games, wilson_interval  # noqa: E402

#: The Hard of before the race at 3 and 4 seats.
OLD_HARD: str = "expert:anchor=0.02,value=softmax"
#: The opponents of each table, after Hard's seat.
TABLES: dict[str, tuple[str, ...]] = {
    "2p": ("medium",), "3p": ("medium", "medium"), "4p": ("medium", "medium", "medium"),
    "greedy": ("greedy",), "easy": ("greedy:noise=0.3",), "old": (OLD_HARD, "medium"),
}
#: The seeds of the reported figures (docs/bots.md), never screened on.
REPORT_SEEDS: frozenset[int] = frozenset({4040, 5151})


def paired(a: Mapping[int, float], b: Mapping[int, float]) -> tuple[float, float, float]:
    """The mean of ``b[g] - a[g]`` over the games ``g`` both played and its 95 %
    interval (mean plus or minus 1.96 standard errors of the differences, within -1 to
    1; the mean itself when fewer than two games), as ``(mean, low, high)``.

    Raises:
        ValueError: no game in common.
    """
    diffs = [b[g] - a[g] for g in sorted(a.keys() & b.keys())]
    n = len(diffs)
    if not n:
        raise ValueError("no game in common")
    mean = sum(diffs) / n
    if n < 2:
        return mean, mean, mean
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, max(-1.0, mean - half), min(1.0, mean + half)


@contextmanager
def patched(settings: Sequence[str]) -> Iterator[None]:
    """Module constants set for the duration (``MODULE:NAME=VALUE``, the value a Python
    literal), then restored. Games forked inside (``--jobs`` above 1) inherit them.

    Raises:
        ValueError: a setting not of that form or naming no existing constant.
    """
    saved: list[tuple[Any, str, Any]] = []
    try:
        for item in settings:
            module, sep, rest = item.partition(":")
            name, eq, value = rest.partition("=")
            if not (sep and eq and module and name):
                raise ValueError(f"not MODULE:NAME=VALUE: {item!r}")
            mod = importlib.import_module(module)
            if not hasattr(mod, name):
                raise ValueError(f"{module} has no {name}")
            saved.append((mod, name, getattr(mod, name)))
            setattr(mod, name, ast.literal_eval(value))
        yield
    finally:
        for mod, name, old in reversed(saved):
            setattr(mod, name, old)


def play(spec: str, table: str, games: int, seed: int, jobs: int,
         out: Path | None, label: str, settings: Sequence[str] = ()) -> dict[int, float]:
    """Hard ``spec``'s share of the win in each game of ``table``, by game index
    (``settings``: the ``--set`` patches in force, written to ``out`` with each game)."""
    specs = [spec, *TABLES[table]]
    shares: dict[int, float] = {}
    for r in iter_games(specs, games, seed, jobs=jobs):
        shares[r.index] = r.shares[0]
        if out is not None:
            with out.open("a", encoding="utf-8") as f:
                f.write(json.dumps({"label": label, "table": table, "seed": seed,
                                    "spec": spec, "set": list(settings),
                                    **dataclasses.asdict(r)}) + "\n")
    return shares


def recorded(path: Path, table: str, seed: int, games: int) -> dict[int, float]:
    """The first seat's share by game index of ``path``'s games (``--out`` lines) of
    ``table`` and ``seed`` with an index below ``games`` (the last line of a game
    counts)."""
    shares: dict[int, float] = {}
    with path.open(encoding="utf-8") as f:
        for text in f:
            if not text.strip():
                continue
            row = json.loads(text)
            if row["table"] == table and row["seed"] == seed and row["index"] < games:
                shares[row["index"]] = row["shares"][0]
    return shares


def line(table: str, a: Mapping[int, float], b: Mapping[int, float]) -> str:
    """One table's row over the games both sides played: both shares with their
    Wilson intervals, the paired gap."""
    common = sorted(a.keys() & b.keys())
    n = len(common)
    cells = []
    for side in (a, b):
        won = sum(side[g] for g in common)
        lo, hi = wilson_interval(won, n)
        cells.append(f"{100 * won / n:5.1f}% [{100 * lo:4.1f}-{100 * hi:4.1f}]")
    mean, lo, hi = paired(a, b)
    return (f"{table:<7} {n:>5}  {cells[0]}  {cells[1]}  {100 * mean:+5.1f} "
            f"[{100 * lo:+5.1f} {100 * hi:+5.1f}]  fair {100 / (1 + len(TABLES[table])):.0f}%")


def main() -> None:
    """Parse the arguments, play both settings on each table and print the rows."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--a", default="hard", help="Hard A's spec (default: hard)")
    p.add_argument("--b", default=None, help="Hard B's spec (needed unless --b-from)")
    p.add_argument("--set", action="append", default=[], metavar="MODULE:NAME=VALUE",
                   help="a module constant for B only (repeatable)")
    p.add_argument("--tables", default="2p,3p,4p", help=f"comma list of {', '.join(TABLES)}")
    p.add_argument("--games", type=int, default=200, help="games a table and setting")
    p.add_argument("--seed", type=int, default=7000, help="a tuning seed")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--out", type=Path, default=None, help="JSON lines of every game")
    p.add_argument("--a-from", type=Path, default=None, metavar="FILE",
                   help="A's games from an earlier --out file instead of playing them")
    p.add_argument("--b-from", type=Path, default=None, metavar="FILE",
                   help="B's games from an earlier --out file instead of playing them")
    a = p.parse_args()
    if a.b is None and a.b_from is None:
        p.error("give --b SPEC or --b-from FILE")
    if a.seed in REPORT_SEEDS:
        p.error(f"seed {a.seed} is a seed of the reported figures: screen on another")
    tables = [t for t in a.tables.split(",") if t]
    unknown = [t for t in tables if t not in TABLES]
    if unknown:
        p.error(f"unknown tables {unknown}; known: {', '.join(TABLES)}")
    names = [f"{spec} {' '.join(sets)}".strip() if path is None else f"{path}'s games"
             for spec, sets, path in ((a.a, [], a.a_from), (a.b, a.set, a.b_from))]
    print(f"A = {names[0]}; B = {names[1]}; {a.games} games a table, seed "
          f"{a.seed}, seats rotated", flush=True)
    print(f"{'table':<7} {'games':>5}  {'A':<20}  {'B':<20}  B - A [95%]", flush=True)
    for table in tables:
        sa = (recorded(a.a_from, table, a.seed, a.games) if a.a_from is not None
              else play(a.a, table, a.games, a.seed, a.jobs, a.out, "A"))
        if a.b_from is not None:
            sb = recorded(a.b_from, table, a.seed, a.games)
        else:
            with patched(a.set):
                sb = play(a.b, table, a.games, a.seed, a.jobs, a.out, "B", a.set)
        if not sa.keys() & sb.keys():
            print(f"{table:<7} no game in common", flush=True)
            continue
        print(line(table, sa, sb), flush=True)


if __name__ == "__main__":
    main()

