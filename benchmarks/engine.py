"""Engine speed: random-policy rounds per second and full games per second.

Run: ``python benchmarks/engine.py [--games N] [--seed S]``. Plays games with a
uniformly random policy in one CPython process and prints:

* rounds/s and games/s on the search path (``apply_in_place``, no event log),
  which is what bots' rollouts use;
* the same on the public, checked path (``apply``: validates each action,
  copies the state and keeps the event log), which is what the page and the
  CLI use.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

# Run from a clone without installing: the repository's root first on the path.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from seasalt.ssp import state as st  # noqa: E402


def play_fast(seed: int, players: int, rng: random.Random) -> tuple[int, int]:
    """One game on the unchecked path; returns (rounds, actions)."""
    s = st.new_game(players, seed, log=False)
    n = 0
    while s.result is None:
        st.apply_in_place(s, rng.choice(st.legal_actions(s)))
        n += 1
    return s.round, n


def play_checked(seed: int, players: int, rng: random.Random) -> tuple[int, int]:
    """One game through the checked, copying ``apply`` with the log on."""
    s = st.new_game(players, seed)
    n = 0
    while s.result is None:
        s = st.apply(s, rng.choice(st.legal_actions(s)))
        n += 1
    return s.round, n


def bench(fn, games: int, seed: int) -> None:  # noqa: ANN001
    """Time ``games`` games of 2, 3 and 4 players in turn and print the rates."""
    rng = random.Random(seed)
    rounds = actions = 0
    t0 = time.perf_counter()
    for g in range(games):
        r, a = fn(seed + g, 2 + g % 3, rng)
        rounds += r
        actions += a
    dt = time.perf_counter() - t0
    print(f"{fn.__name__:13s} {games} games, {rounds} rounds, {actions} actions in {dt:.2f} s: "
          f"{rounds / dt:,.0f} rounds/s, {games / dt:,.1f} games/s, {actions / dt:,.0f} actions/s")


def main() -> None:
    """Parse arguments and run both benchmarks."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=600)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    bench(play_fast, a.games, a.seed)
    bench(play_checked, max(1, a.games // 3), a.seed)


if __name__ == "__main__":
    main()
