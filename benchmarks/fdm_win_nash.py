"""Fruits de mer at 3-5 seats: how far Hard's round equilibrium on the chance to win
is from a Nash one, by solver settings.

Run: ``python benchmarks/fdm_win_nash.py [--positions N] [--players P] [--seed S]
[--settings 150:1,150:0,...]``.

Positions (bait, public hands, round, scores) are sampled from games of Medium
against itself, as in ``fdm_nash.py``. At each, the round's equilibrium on each
seat's chance to win after the round
(:func:`seasalt.fdm.strategy.win_round.win_equilibrium`) is solved with each
setting ``iterations:alternate``; printed per setting: what a seat deviating alone
to its best card gains on that payoff (a share of a win, a round), for the seat
that gains most (mean and max over the positions) and on average over the seats,
and the solve time (CPython here, mean and p95).

Seeds: the default 9101 is not a seed of the reported game tables.
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from fdm_nash import positions  # noqa: E402

from seasalt.fdm.cards import Kind  # noqa: E402
from seasalt.fdm.strategy import win_round  # noqa: E402


def deviation_gains(bait: Kind, hands: Sequence[tuple[int, ...]], scores: Sequence[int],
                    round_no: int, eq: Sequence[Sequence[float]]) -> list[float]:
    """Per seat holding cards, what it gains on its payoff by playing its best card
    while the others keep ``eq`` (0 at a Nash equilibrium)."""
    active = [j for j in range(len(hands)) if any(hands[j])]
    rows = win_round.payoff_rows(bait, hands, scores, round_no, active)
    out = []
    for i in active:
        others = [j for j in active if j != i]
        held = [[c for c in range(6) if hands[j][c]] for j in others]
        probs = [math.prod(eq[j][c] for j, c in zip(others, combo, strict=True))
                 for combo in itertools.product(*held)]
        kinds = [c for c in range(6) if hands[i][c]]
        values = [sum(p * x for p, x in zip(probs, row, strict=True)) for row in rows[i]]
        played = sum(eq[i][c] * v for c, v in zip(kinds, values, strict=True))
        out.append(max(values) - played)
    return out


def main() -> None:
    """Parse arguments and print one line per solver setting."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--positions", type=int, default=30)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=9101)
    p.add_argument("--settings", default="150:1,150:0,60:1,60:0",
                   help="comma list of iterations:alternate (1 or 0)")
    a = p.parse_args()
    pos = positions(a.positions, a.players, a.seed)
    print(f"{a.positions} positions of {a.players}-seat Medium games, seed {a.seed}; "
          "a lone deviator's gain (share of a win a round):")
    for setting in a.settings.split(","):
        steps, alternate = (int(x) for x in setting.split(":"))
        worst, mean, times = [], [], []
        for bait, hands, round_no, scores in pos:
            win_round._CACHE.clear()
            t0 = time.perf_counter()
            eq = win_round.win_equilibrium(bait, hands, scores, round_no, steps,
                                           bool(alternate))
            times.append(time.perf_counter() - t0)
            gains = deviation_gains(bait, hands, scores, round_no, eq)
            worst.append(max(gains))
            mean.append(sum(gains) / len(gains))
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        print(f"  {steps:>4} steps, {'alternating ' if alternate else 'simultaneous'}: "
              f"most-gaining seat {sum(worst) / len(worst):.4f} (max {max(worst):.4f}), "
              f"mean seat {sum(mean) / len(mean):.4f}; solve {1000 * sum(times) / len(times):.0f}"
              f" ms mean, {1000 * p95:.0f} ms p95")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
