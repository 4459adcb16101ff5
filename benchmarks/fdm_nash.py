"""Fruits de mer at 3-5 seats: how far Hard's round equilibrium is from a Nash one.

Run: ``python benchmarks/fdm_nash.py [--positions N] [--seed S]``.

Positions (bait, public hands, round, scores) are sampled from games of Medium
against itself (seat 0's turns, three in ten). At each, the round's equilibrium is
solved with Hard's weights (each other seat's gains weighed by its chance to win,
:func:`seasalt.fdm.strategy.values.win_chances`), by simultaneous and by
alternating regret matching+ (:func:`seasalt.fdm.strategy.policies.round_equilibrium`);
printed per solver: the gain (points a round, on that payoff) of the seat that gains
most by deviating alone to its best card, the same summed over the seats (NashConv)
per seat, and the solve time (CPython here, mean and p95).

Seeds: the default 778 is not the one the steps were chosen on (777).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from fdm_policies import GAME  # noqa: E402

from seasalt.bots import make_bot  # noqa: E402
from seasalt.core.interface import TERMINAL  # noqa: E402
from seasalt.fdm import state as st  # noqa: E402
from seasalt.fdm.cards import ROUNDS, Kind  # noqa: E402
from seasalt.fdm.strategy import policies  # noqa: E402
from seasalt.fdm.strategy.values import public_hand, win_chances  # noqa: E402
from seasalt.fdm.view import view  # noqa: E402

Position = tuple[Kind, list[tuple[int, ...]], int, list[int]]


def positions(count: int, players: int, seed: int) -> list[Position]:
    """``count`` positions from Medium self-play games of ``players`` seats."""
    out: list[Position] = []
    rng = random.Random(seed)
    index = 0
    while len(out) < count:
        s = st.new_game(players, seed * 1000 + index, log=False)
        index += 1
        bots = [make_bot("medium", GAME, rng.getrandbits(32)) for _ in range(players)]
        while st.current_player(s) != TERMINAL:
            seat = st.current_player(s)
            v = view(s, seat)
            if seat == 0 and rng.random() < 0.3:
                assert v.bait is not None
                out.append((Kind(v.bait), [public_hand(r) for r in v.removed], v.round,
                            list(v.scores)))
            st.apply_in_place(s, bots[seat].act(v, st.legal_actions(s)))
    return out[:count]


def deviation_gains(pos: Position, strat: Sequence[Sequence[float]],
                    standing: Sequence[float] | None) -> list[float]:
    """Per seat holding cards, what it gains by deviating alone to its best card."""
    bait, hands, round_no, _ = pos
    out = []
    for j, h in enumerate(hands):
        if any(h):
            v = policies.relative_values(bait, hands, j, strat, round_no, standing)
            played = sum(p * x for p, x in zip(strat[j], v, strict=True) if p > 0)
            out.append(max(v) - played)
    return out


def main() -> None:
    """Parse arguments and print the table."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--positions", type=int, default=40)
    p.add_argument("--seed", type=int, default=778)
    a = p.parse_args()
    print(f"{a.positions} positions a line, seed {a.seed}; gains in points a round")
    for players in (3, 4, 5):
        sample = positions(a.positions, players, a.seed)
        hard = policies.HARD_ITERATIONS if players <= 4 else policies.HARD_ITERATIONS_FIVE
        for steps, alternate in ((200 if players <= 4 else 120, False), (800, False),
                                 (hard, True), (4 * hard, True)):
            worst = conv = 0.0
            times = []
            for pos in sample:
                standing = [round(w, 4) for w in
                            win_chances(pos[3], pos[1], ROUNDS - pos[2] + 1)]
                policies._CACHE.clear()
                t0 = time.perf_counter()
                eq = policies.round_equilibrium(pos[0], pos[1], pos[2], steps, standing,
                                                alternate=alternate)
                times.append(time.perf_counter() - t0)
                gains = deviation_gains(pos, eq, standing)
                worst += max(gains)
                conv += sum(gains) / len(gains)
            times.sort()
            n = len(sample)
            how = "alternating " if alternate else "simultaneous"
            print(f"  {players} seats, {how} {steps:4d} steps: lone deviator "
                  f"{worst / n:.4f}  NashConv/seat {conv / n:.4f}  "
                  f"{1000 * sum(times) / n:6.1f} ms mean  "
                  f"{1000 * times[int(0.95 * (n - 1))]:6.1f} ms p95", flush=True)


if __name__ == "__main__":
    main()
