"""The points of a heads-up round between two Medium bots: the data of
:data:`seasalt.ssp.strategy.race.ROUND_OUTCOMES`.

Run: ``python benchmarks/round_points.py [GAMES]`` (default 1500; about 2 s per
10 games on CPython). Plays ``GAMES`` heads-up games of the base game between two
Medium bots (the planner, :meth:`seasalt.ssp.strategy.heuristics.SspHeuristics.plan`), seeds
1000, 1001, ..., and prints every round's points as ``(fewer, more, rounds)`` for the
pairs seen at least 3 times, ready to paste, then the chance of the race table at a few
totals next to the old softmax estimate.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

# Run from a clone without installing: the repository's root first on the path.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from seasalt.ssp.game import GAME  # noqa: E402
from seasalt.ssp.strategy.heuristics import HEURISTICS
from seasalt.ssp.strategy.race import race_chance  # noqa: E402
from seasalt.ssp.strategy.values import win_chances  # noqa: E402

MIN_COUNT = 3


def round_points(games: int) -> Counter[tuple[int, int]]:
    """``(fewer, more) -> rounds`` over ``games`` heads-up games of two Medium bots."""
    pairs: Counter[tuple[int, int]] = Counter()
    for g in range(games):
        s = GAME.new_game(2, 1000 + g, {})
        rng = random.Random(g)
        before, rnd = list(s.scores), s.round
        while GAME.current_player(s) >= 0:
            seat = GAME.current_player(s)
            legal = GAME.legal_actions(s)
            action = (legal[0] if len(legal) == 1
                      else HEURISTICS.plan(GAME.view(s, seat), legal, rng))
            GAME.apply_in_place(s, action)
            if s.round != rnd or GAME.current_player(s) < 0:
                x, y = s.scores[0] - before[0], s.scores[1] - before[1]
                pairs[(min(x, y), max(x, y))] += 1
                before, rnd = list(s.scores), s.round
    return pairs


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1500
    pairs = round_points(games)
    kept = sorted((k, n) for k, n in pairs.items() if n >= MIN_COUNT)
    print(f"{games} games, {sum(pairs.values())} rounds; {len(kept)} pairs seen at least "
          f"{MIN_COUNT} times ({sum(n for _, n in kept)} rounds):")
    line = "   "
    for (x, y), n in kept:
        item = f" ({x}, {y}, {n}),"
        if len(line) + len(item) > 88:
            print(line)
            line = "   "
        line += item
    print(line)
    print("totals    race   softmax (target 40)")
    for a, b in ((5, 0), (20, 10), (30, 20), (35, 30), (33, 29), (15, 5), (0, 30)):
        print(f"{a:>2} - {b:<2}  {race_chance(a, b, 40):.3f}  {win_chances([a, b], 40)[0]:.3f}")


if __name__ == "__main__":
    main()
