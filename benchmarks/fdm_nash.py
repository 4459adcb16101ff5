"""Fruits de mer at 3-5 seats: how far Hard's round equilibrium is from a Nash one.

Run: ``python benchmarks/fdm_nash.py [--positions N] [--seed S]``.

Positions (bait, public hands, round, scores) are sampled from games of Medium
against itself (seat 0's turns, three in ten). At each, the round's equilibrium is
solved with Hard's weights (each other seat's gains weighed by its chance to win,
:func:`seasalt.fdm.strategy.values.win_chances`), by simultaneous and by
alternating regret matching+ (:func:`seasalt.fdm.strategy.policies.round_equilibrium`);
printed per solver: the gain (points a round, on that payoff) of the seat that gains
most by deviating alone to its best card, the same summed over the seats (NashConv)
per seat, and the solve time (CPython here, mean and p95); then, at 4 seats, what a
lone deviator gains on its **chance to win** (:func:`win_chances` after the round,
every combination of the others' cards: what the benchmarks' ``best-response-win``
maximizes), a mean over the seats, by solver.

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

import itertools  # noqa: E402

from fdm_policies import GAME  # noqa: E402

from seasalt.bots import make_bot  # noqa: E402
from seasalt.core.interface import TERMINAL  # noqa: E402
from seasalt.fdm import state as st  # noqa: E402
from seasalt.fdm.cards import ROUNDS, Kind  # noqa: E402
from seasalt.fdm.strategy import policies  # noqa: E402
from seasalt.fdm.strategy.values import OUTCOMES, public_hand, win_chances  # noqa: E402
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


def win_after(pos: Position, me: int, dists: Sequence[Sequence[float]],
              mine: int) -> float:
    """``me``'s expected chance to win after the round (:func:`win_chances`) when it
    plays kind ``mine`` and the others play ``dists``."""
    bait, hands, round_no, scores = pos
    n = len(hands)
    others = [j for j in range(n) if j != me]
    choices = [[(c, q) for c, q in enumerate(dists[j]) if q > 0] for j in others]
    total = 0.0
    for combo in itertools.product(*choices):
        p = 1.0
        plays = [0] * n
        plays[me] = mine
        for j, (c, q) in zip(others, combo, strict=True):
            plays[j] = c
            p *= q
        after = list(scores)
        held = [list(h) for h in hands]
        for j in range(n):
            mask = 0
            for k in range(n):
                if k != j:
                    mask |= 1 << plays[k]
            point, gone = OUTCOMES[bait][plays[j]][mask]
            after[j] += point
            if gone:
                held[j][plays[j]] -= 1
        total += p * win_chances(after, held, ROUNDS - round_no)[me]
    return total


def win_gains(sample: list[Position], steps: int, alternate: bool) -> dict[int, float]:
    """Per round, the mean over positions and seats of a lone deviator's gain on its
    chance to win against Hard's round equilibrium (``steps``, ``alternate``)."""
    by_round: dict[int, list[float]] = {}
    for pos in sample:
        bait, hands, round_no, scores = pos
        standing = [round(w, 4) for w in win_chances(scores, hands, ROUNDS - round_no + 1)]
        eq = policies.round_equilibrium(bait, hands, round_no, steps, standing,
                                        alternate=alternate)
        for me, h in enumerate(hands):
            if any(h):
                w = [win_after(pos, me, eq, a) if h[a] else -1.0 for a in range(6)]
                played = sum(p * x for p, x in zip(eq[me], w, strict=True) if p > 0)
                by_round.setdefault(round_no, []).append(max(w) - played)
    return {r: sum(v) / len(v) for r, v in sorted(by_round.items())}


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
        alt = 100 if players <= 4 else 80
        for steps, alternate in ((hard, False), (800, False), (alt, True),
                                 (4 * alt, True)):
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
    sample = positions(2 * a.positions, 4, a.seed + 3)
    print(f"4 seats, {len(sample)} positions (seed {a.seed + 3}): a lone deviator's gain "
          "on its chance to win, by round")
    for steps, alternate in ((policies.HARD_ITERATIONS, False), (100, True)):
        gains = win_gains(sample, steps, alternate)
        how = "alternating " if alternate else "simultaneous"
        mean = sum(gains.values()) / len(gains)
        print(f"  {how} {steps:4d} steps: mean of rounds {mean:.4f}  " + "  ".join(
            f"r{r} {g:.4f}" for r, g in gains.items()), flush=True)


if __name__ == "__main__":
    main()
