"""Sea Salt & Paper's Hard against the pool: the table of issue 40's figures.

Run: ``python benchmarks/hard.py [--games N] [--seed S] [--jobs K] [--hard SPEC]
[--old SPEC] [--skip PARTS]``.

Every table is an arena run (:func:`seasalt.cli.arena.run_arena`: seats rotated, win
shares with 95 % Wilson intervals), ``--games`` games each:

* ``2p``: Hard vs Medium, heads-up (goal: 80 %);
* ``3p``: Hard with two Medium bots (goal: 55 % of the wins, fair share 33 %);
* ``4p``: Hard with three Medium bots (goal: 40 %, fair share 25 %);
* ``pool`` (``--pool-games`` games each): Hard heads-up against greedy and Easy
  (``greedy:noise=0.3``), and at 3 and 4 seats against ``--old`` (the Hard of before
  the race at 3 and 4 seats, ``expert:anchor=0.02,value=softmax``) and Medium bots
  (Hard, old Hard, Medium; Hard, old Hard, two Medium). Heads-up the two Hards play
  alike, and Hard against itself wins its fair share by symmetry: neither is played.

Then Hard's decision time: wall-clock p50 and p95 over every decision with a choice in
the tables above, and (part ``cpu``, true on a busy machine too) CPU time p50 and p95
of Hard's decisions at every fourth position with a choice of two games between Medium
bots at 2, 3 and 4 seats (CPython on this machine: the page's worker under Pyodide is
about 1.5 to 2 times slower); and its rollouts a second of CPU at 2 and 4 seats
(:func:`bots.rollout_speed`). ``--skip`` takes a comma list of ``2p``, ``3p``, ``4p``,
``pool``, ``cpu``, ``rollouts``. The 400-game runs take hours on a shared machine: run under
``nice``, and say which counts you ran next to the numbers.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

# Run from a clone without installing: the repository's root first on the path, and
# this directory, for bots.py's helpers.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(1, str(Path(__file__).resolve().parent))

from bots import percentile, rollout_speed  # noqa: E402

from seasalt.bots import make_bot  # noqa: E402
from seasalt.cli.arena import DEFAULT_GAME, GameResult, run_arena  # noqa: E402
from seasalt.core.registry import load_game  # noqa: E402

#: The Hard of before the race at 3 and 4 seats (the level's spec until then).
OLD_HARD: str = "expert:anchor=0.02,value=softmax"


def tables(hard: str, old: str, skip: set[str]) -> list[tuple[str, str, list[str]]]:
    """The arena runs of the table: ``(part, label, specs)``, Hard's spec first."""
    out: list[tuple[str, str, list[str]]] = []
    if "2p" not in skip:
        out.append(("2p", "Hard vs Medium", [hard, "medium"]))
    if "3p" not in skip:
        out.append(("3p", "Hard + 2 Medium", [hard, "medium", "medium"]))
    if "4p" not in skip:
        out.append(("4p", "Hard + 3 Medium", [hard, "medium", "medium", "medium"]))
    if "pool" not in skip:
        out += [("pool", "Hard vs greedy", [hard, "greedy"]),
                ("pool", "Hard vs Easy", [hard, "greedy:noise=0.3"]),
                ("pool", "Hard, old, Medium", [hard, old, "medium"]),
                ("pool", "Hard, old, 2 Medium", [hard, old, "medium", "medium"])]
    return out


def decision_cpu(spec: str, players: int, seed: int, games: int = 2) -> list[float]:
    """Hard's CPU time (milliseconds) at every fourth position with a choice of
    ``games`` games between Medium bots at ``players`` seats (seeds from ``seed``), a
    fresh bot of ``spec`` per decision."""
    game = load_game(DEFAULT_GAME)
    positions = []
    for g in range(games):
        s = game.new_game(players, seed + g)
        bots = [make_bot("medium", game, seed + 10 * g + i) for i in range(players)]
        while game.current_player(s) >= 0:
            seat, legal = game.current_player(s), game.legal_actions(s)
            view = game.view(s, seat)
            if len(legal) > 1:
                positions.append((view, legal))
            s = game.apply(s, bots[seat].act(view, legal) if len(legal) > 1 else legal[0])
    out = []
    for k, (view, legal) in enumerate(positions[::4]):
        bot = make_bot(spec, game, seed + k)
        t0 = time.process_time()
        bot.act(view, legal)
        out.append(1000 * (time.process_time() - t0))
    return out


def main() -> None:
    """Parse arguments, play the tables and print them."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=400, help="games per table")
    p.add_argument("--pool-games", type=int, default=None,
                   help="games per table of the pool (default: --games)")
    p.add_argument("--seed", type=int, default=4040, help="the arena's seed (not a "
                   "seed used for tuning)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--hard", default="hard", help="Hard's spec")
    p.add_argument("--old", default=OLD_HARD, help="the older Hard of the pool")
    p.add_argument("--skip", default="", help="comma list: 2p,3p,4p,pool,rollouts")
    a = p.parse_args()
    skip = set(filter(None, a.skip.split(",")))
    times: list[float] = []
    rows: list[str] = []
    pool_games = a.games if a.pool_games is None else a.pool_games
    print(f"Hard ({a.hard}) against the pool: {a.games} games a table ({pool_games} in "
          f"the pool), seed {a.seed}, seats rotated", flush=True)
    for part, label, specs in tables(a.hard, a.old, skip):
        kept: list[GameResult] = []
        t0 = time.perf_counter()
        games = pool_games if part == "pool" else a.games
        r = run_arena(specs, games, a.seed, jobs=a.jobs, keep=kept)
        for g in kept:
            times.extend(g.times[0])
        hard = r.seats[0]
        row = (f"{label:<18} {r.games:>5}  {100 * hard.win_rate:5.1f}%  "
               f"[{100 * hard.ci_low:4.1f}-{100 * hard.ci_high:4.1f}]  "
               f"{100 / len(specs):5.1f}%  {hard.mean_score:5.1f}  "
               f"{hard.mean_decision_ms:6.1f}  {time.perf_counter() - t0:6.0f}")
        rows.append(row)
        print(row, flush=True)
    if rows:
        print()
        print(f"{'table':<18} {'games':>5}  {'Hard':>6}  {'95% interval':<11}  {'fair':>6}"
              f"  {'score':>5}  {'ms/dec':>6}  {'s':>6}")
        print("\n".join(rows))
    if times:
        ms = [1000 * t for t in times]
        print(f"Hard's decision time: p50 {percentile(ms, 0.5):.0f} ms, p95 "
              f"{percentile(ms, 0.95):.0f} ms over {len(ms)} decisions (CPython here)")
    if "cpu" not in skip:
        for players in (2, 3, 4):
            ms = decision_cpu(a.hard, players, a.seed)
            print(f"Hard's CPU time a decision, {players} seats: p50 {percentile(ms, 0.5):.0f} "
                  f"ms, p95 {percentile(ms, 0.95):.0f} ms over {len(ms)} decisions", flush=True)
    if "rollouts" not in skip:
        for players in (2, 4):
            rollout_speed(3, a.seed, players=players, spec=a.hard)


if __name__ == "__main__":
    main()
