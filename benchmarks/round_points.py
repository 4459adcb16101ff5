"""The points of a round between Medium bots: the data of
:data:`seasalt.ssp.strategy.race.ROUND_OUTCOMES` (heads-up) and
:data:`seasalt.ssp.strategy.race_multi.ROUND_POINTS_BY_SEATS` (3 and 4 seats).

Run: ``python benchmarks/round_points.py [GAMES] [--players N] [--check GAMES]``
(default 1500 games, 2 players; about 2 s per 10 games on CPython). Plays ``GAMES``
games of the base game between Medium bots (the planner,
:meth:`seasalt.ssp.strategy.heuristics.SspHeuristics.plan`), seeds 1000, 1001, ..., and
prints, ready to paste, heads-up every round's points as ``(fewer, more, rounds)``, at 3
and 4 seats one seat's points in a round as ``(points, rounds)``, for those seen at
least 3 times; heads-up, then the chance of the race table at a few totals next to the
old softmax estimate. With ``--check G`` (3 and 4 seats), it plays ``G`` more games
(seeds 90000, 90001, ...: not those of the data) and prints how well the race
(:func:`~seasalt.ssp.strategy.race_multi.race_chances`, from the package's table) and
the softmax (:func:`~seasalt.ssp.strategy.values.win_chances`) predicted the winner from
the totals at the start of each round (mean Brier score and log loss; lower is better).
With ``--verify``, it checks instead that the package's table for that many players is
what ``GAMES`` games give (exit status 1 and the differences if not): ``python
benchmarks/round_points.py 1500 --verify``, ``250 --players 3 --verify``, ``250
--players 4 --verify``.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

# Run from a clone without installing: the repository's root first on the path.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from seasalt.ssp.game import GAME  # noqa: E402
from seasalt.ssp.strategy.heuristics import HEURISTICS  # noqa: E402
from seasalt.ssp.strategy.race import ROUND_OUTCOMES, race_chance  # noqa: E402
from seasalt.ssp.strategy.race_multi import ROUND_POINTS_BY_SEATS, race_chances  # noqa: E402
from seasalt.ssp.strategy.values import win_chances  # noqa: E402

MIN_COUNT = 3


#: The first game seed of the data: heads-up, and at 3 and 4 seats.
FIRST_SEED: dict[int, int] = {2: 1000, 3: 5000, 4: 5000}
#: The first game seed of ``--check``'s games.
CHECK_SEED: int = 90000


def play(players: int, seed: int, g: int,
         on_round: Callable[[list[int], list[int]], None]) -> list[float]:
    """Play one game of Medium bots (seed ``seed``, the bots' numbers from ``g``),
    calling ``on_round(totals_before, points)`` at each round's end; returns the
    seats' shares of the win (``Game.returns``)."""
    s = GAME.new_game(players, seed, {})
    rng = random.Random(g)
    before, rnd = list(s.scores), s.round
    while GAME.current_player(s) >= 0:
        seat = GAME.current_player(s)
        legal = GAME.legal_actions(s)
        action = (legal[0] if len(legal) == 1
                  else HEURISTICS.plan(GAME.view(s, seat), legal, rng))
        GAME.apply_in_place(s, action)
        if s.round != rnd or GAME.current_player(s) < 0:
            on_round(before, [s.scores[i] - before[i] for i in range(players)])
            before, rnd = list(s.scores), s.round
    return list(GAME.returns(s))


def round_points(games: int, players: int = 2) -> Counter[tuple[int, ...]]:
    """Over ``games`` games of Medium bots at ``players`` seats: heads-up ``(fewer,
    more) -> rounds``, else ``(points,) -> seat-rounds``."""
    counts: Counter[tuple[int, ...]] = Counter()

    def count(_: list[int], points: list[int]) -> None:
        if players == 2:
            counts[(min(points), max(points))] += 1
        else:
            for x in points:
                counts[(x,)] += 1

    for g in range(games):
        play(players, FIRST_SEED[players] + g, g, count)
    return counts


def check(games: int, players: int) -> None:
    """Print how well the race and the softmax predict the winner from the totals at
    the start of each round, over ``games`` games of Medium bots (seeds from
    :data:`CHECK_SEED`)."""
    starts: list[tuple[list[int], list[float]]] = []
    for g in range(games):
        totals: list[list[int]] = [[0] * players]

        def note(before: list[int], points: list[int], totals: list[list[int]] = totals,
                 ) -> None:
            totals.append([b + x for b, x in zip(before, points, strict=True)])

        shares = play(players, CHECK_SEED + g, g, note)
        starts += [(t, shares) for t in totals[:-1]]
    target = GAME.new_game(players, 1, {}).target
    models: dict[str, Callable[[Sequence[int], int], Sequence[float]]] = {
        "race": race_chances, "softmax": win_chances}
    print(f"{games} games, {len(starts)} round starts: predicting the winner")
    for name, model in models.items():
        brier = loss = 0.0
        for totals_, shares in starts:
            p = model(totals_, target)
            brier += sum((pi - si) ** 2 for pi, si in zip(p, shares, strict=True))
            loss -= sum(si * math.log(max(pi, 1e-9)) for pi, si in zip(p, shares,
                                                                        strict=True))
        print(f"  {name:<8} Brier {brier / len(starts):.4f}  log loss "
              f"{loss / len(starts):.4f}")


def shipped(players: int) -> list[tuple[tuple[int, ...], int]]:
    """The package's table for ``players`` seats as ``(key, rounds)``, sorted, the keys
    as :func:`round_points` counts them."""
    if players == 2:
        return sorted(((a, b), n) for a, b, n in ROUND_OUTCOMES)
    return sorted(((x,), n) for x, n in ROUND_POINTS_BY_SEATS[players])


def main() -> None:
    """Parse the arguments, play and print."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("games", type=int, nargs="?", default=1500)
    p.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    p.add_argument("--check", type=int, default=0, help="games of the check (3, 4 seats)")
    p.add_argument("--verify", action="store_true",
                   help="check the package's table against GAMES games")
    a = p.parse_args()
    pairs = round_points(a.games, a.players) if a.games else Counter()
    kept = sorted((k, n) for k, n in pairs.items() if n >= MIN_COUNT)
    if a.verify:
        table = shipped(a.players)
        if kept == table:
            print(f"the table of {a.players} players is that of {a.games} games")
            return
        print(f"the table of {a.players} players differs from {a.games} games: "
              f"only in the table {sorted(set(table) - set(kept))}, only in the games "
              f"{sorted(set(kept) - set(table))}")
        sys.exit(1)
    print(f"{a.games} games, {a.players} players, {sum(pairs.values())} counted; "
          f"{len(kept)} seen at least {MIN_COUNT} times ({sum(n for _, n in kept)}):")
    line = "   "
    for k, n in kept:
        item = f" ({', '.join(map(str, k))}, {n}),"
        if len(line) + len(item) > 88:
            print(line)
            line = "   "
        line += item
    print(line)
    if a.players == 2:
        print("totals    race   softmax (target 40)")
        for x, y in ((5, 0), (20, 10), (30, 20), (35, 30), (33, 29), (15, 5), (0, 30)):
            print(f"{x:>2} - {y:<2}  {race_chance(x, y, 40):.3f}  "
                  f"{win_chances([x, y], 40)[0]:.3f}")
    elif a.check:
        check(a.check, a.players)


if __name__ == "__main__":
    main()
