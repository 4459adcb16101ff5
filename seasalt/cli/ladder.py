"""A round robin of bots, heads-up, and an Elo-style rating for each.

:func:`round_robin` plays every pair of the listed bots against each other in
two-seat games through :func:`seasalt.cli.arena.run_arena` (seats rotated, one seed
per pair derived from the run's seed), and :func:`ratings` fits one rating per
bot to the pairs' results: the Bradley-Terry model, in which bot ``i`` beats bot
``j`` with probability ``1 / (1 + 10 ** ((R_j - R_i) / 400))``, the scale of Elo
ratings. A shared victory counts half a win to each. Each pair also counts one
virtual draw, a weak prior that keeps the rating of a bot that never (or always)
won finite. Ratings are anchored so that their mean is :data:`MEAN_RATING`.

The 95 % interval of each rating comes from a bootstrap: the games of each pair
are drawn again with replacement (from a seeded generator), the model fitted
again, and the 2.5th and 97.5th percentiles of each bot's ratings kept.

Everything is a function of the arguments: the same specs, games and seed give
the same table (decision times aside), whatever the number of processes.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from seasalt.cli.arena import DEFAULT_GAME, ArenaResult, GameResult, derive_seed, run_arena

#: The mean of the ratings (Elo points).
MEAN_RATING: float = 1500.0
#: Bootstrap resamples for the intervals.
BOOTSTRAP: int = 400
#: Iterations of the model's fit (minorization-maximization; converges well before).
FIT_ITERATIONS: int = 2000


@dataclass(frozen=True, slots=True)
class PairResult:
    """The games of one pair.

    Attributes:
        a, b: indices of the two bots in the run's spec list (``a < b``).
        scores: ``a``'s score in each game, index order (1 a win, 0 a loss, 0.5 a
            shared victory).
        arena: the pair's :class:`~seasalt.cli.arena.ArenaResult` (``a`` first).
    """

    a: int
    b: int
    scores: tuple[float, ...]
    arena: ArenaResult

    @property
    def score(self) -> float:
        """``a``'s share of the pair's games, in ``[0, 1]``."""
        return sum(self.scores) / len(self.scores)


@dataclass(frozen=True, slots=True)
class Rating:
    """One bot's place on the ladder.

    Attributes:
        bot: its spec.
        index: its place in the run's spec list.
        rating: Elo-style rating (points; the run's mean is :data:`MEAN_RATING`).
        low, high: the rating's 95 % bootstrap interval.
        score: its share of all its games, in ``[0, 1]``.
        games: games it played.
    """

    bot: str
    index: int
    rating: float
    low: float
    high: float
    score: float
    games: int


@dataclass(frozen=True, slots=True)
class Ladder:
    """A round-robin run.

    Attributes:
        specs: the bots, in the order given.
        games: games per pair.
        seed: the run's seed.
        pairs: every pair's :class:`PairResult`, ``(0, 1), (0, 2), ..., (1, 2), ...``.
        ratings: one :class:`Rating` per bot, best first.
    """

    specs: tuple[str, ...]
    games: int
    seed: int
    pairs: tuple[PairResult, ...]
    ratings: tuple[Rating, ...]

    def score_of(self, i: int, j: int) -> float:
        """Bot ``i``'s share of its games against bot ``j`` (``i != j``)."""
        for p in self.pairs:
            if (p.a, p.b) == (i, j):
                return p.score
            if (p.a, p.b) == (j, i):
                return 1.0 - p.score
        raise ValueError(f"no pair {i}, {j}")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"specs", "games", "seed", "ratings": [{"bot", "rating", "low",
        "high", "score", "games"}], "pairs": [{"a", "b", "score", "arena"}]}``."""
        return {
            "specs": list(self.specs), "games": self.games, "seed": self.seed,
            "ratings": [{"bot": r.bot, "rating": round(r.rating, 1), "low": round(r.low, 1),
                         "high": round(r.high, 1), "score": round(r.score, 6),
                         "games": r.games} for r in self.ratings],
            "pairs": [{"a": self.specs[p.a], "b": self.specs[p.b], "score": round(p.score, 6),
                       "arena": p.arena.to_dict()} for p in self.pairs],
        }


def fit(n: int, results: Sequence[tuple[int, int, float, int]]) -> list[float]:
    """Bradley-Terry ratings (Elo scale) from pairwise results.

    Args:
        n: number of bots (>= 2).
        results: ``(i, j, wins of i, games)`` per pair (``wins`` may be fractional);
            each pair also gets one virtual draw (half a win each).

    Returns:
        One rating per bot (points), their mean :data:`MEAN_RATING`.

    Raises:
        ValueError: fewer than two bots, a bot index out of range, or no games.
    """
    if n < 2:
        raise ValueError("a ladder needs at least two bots")
    wins = [0.0] * n
    games: dict[tuple[int, int], float] = {}
    for i, j, w, g in results:
        if not (0 <= i < n and 0 <= j < n) or i == j:
            raise ValueError(f"bad pair {i}, {j}")
        if g < 1:
            raise ValueError(f"pair {i}, {j} has no games")
        wins[i] += w + 0.5
        wins[j] += g - w + 0.5
        key = (min(i, j), max(i, j))
        games[key] = games.get(key, 0.0) + g + 1
    gamma = [1.0] * n
    for _ in range(FIT_ITERATIONS):
        new = []
        for i in range(n):
            denom = sum(g / (gamma[i] + gamma[b if a == i else a])
                        for (a, b), g in games.items() if i in (a, b))
            new.append(wins[i] / denom if denom else gamma[i])
        mean_log = sum(math.log(x) for x in new) / n
        new = [x / math.exp(mean_log) for x in new]
        done = max(abs(x - y) for x, y in zip(new, gamma, strict=True)) < 1e-12
        gamma = new
        if done:
            break
    return [MEAN_RATING + 400.0 * math.log10(x) for x in gamma]


def ratings(specs: Sequence[str], pairs: Sequence[PairResult], seed: int,
            bootstrap: int = BOOTSTRAP) -> tuple[Rating, ...]:
    """The ladder's ratings with their bootstrap intervals, best first.

    Args:
        specs: the bots; pairs: their games; seed: seeds the bootstrap.
        bootstrap: resamples (0: intervals equal to the rating).

    Returns:
        One :class:`Rating` per bot.
    """
    n = len(specs)
    base = fit(n, [(p.a, p.b, sum(p.scores), len(p.scores)) for p in pairs])
    rng = random.Random(derive_seed(seed, 7))
    draws: list[list[float]] = [[] for _ in range(n)]
    for _ in range(bootstrap):
        again = []
        for p in pairs:
            k = len(p.scores)
            again.append((p.a, p.b, sum(p.scores[rng.randrange(k)] for _ in range(k)), k))
        for i, r in enumerate(fit(n, again)):
            draws[i].append(r)
    out = []
    for i, spec in enumerate(specs):
        mine = [(p.score if p.a == i else 1 - p.score, len(p.scores)) for p in pairs
                if i in (p.a, p.b)]
        played = sum(g for _s, g in mine)
        score = sum(s * g for s, g in mine) / played if played else 0.0
        low, high = _percentiles(draws[i], base[i])
        out.append(Rating(spec, i, base[i], low, high, score, played))
    return tuple(sorted(out, key=lambda r: -r.rating))


def _percentiles(values: list[float], default: float) -> tuple[float, float]:
    """The 2.5th and 97.5th percentiles of ``values`` (``default`` twice if none)."""
    if not values:
        return default, default
    v = sorted(values)
    return v[int(0.025 * (len(v) - 1))], v[math.ceil(0.975 * (len(v) - 1))]


def round_robin(specs: Sequence[str], games: int, seed: int, *, jobs: int = 1,
                game_name: str = DEFAULT_GAME, options: Mapping[str, Any] | None = None,
                progress: Callable[[int, int], None] | None = None,
                bootstrap: int = BOOTSTRAP) -> Ladder:
    """Play every pair of ``specs`` heads-up and rate the bots.

    Args:
        specs: two bots or more (specs as :func:`seasalt.bots.make_bot` takes them;
            the same spec twice is two bots).
        games: games per pair (>= 1; even, every bot sits in both seats equally often).
        seed: the run's seed; pair ``(i, j)`` plays with ``derive_seed(seed, i, j)``.
        jobs: worker processes (results do not depend on it).
        game_name, options: the game and its options, as for the arena.
        progress: called as ``progress(done, total)`` after each game of the run.
        bootstrap: resamples for the intervals.

    Returns:
        The :class:`Ladder`.

    Raises:
        ValueError: fewer than two bots, bad specs, ``games`` or ``jobs``, or a game
            that has no two-seat version.
    """
    if len(specs) < 2:
        raise ValueError("a round robin needs at least two bots")
    pairs_ij = [(i, j) for i in range(len(specs)) for j in range(i + 1, len(specs))]
    total = games * len(pairs_ij)
    done = 0
    pairs = []
    for i, j in pairs_ij:
        kept: list[GameResult] = []

        def tick(k: int, _n: int, before: int = done) -> None:
            if progress is not None:
                progress(before + k, total)

        arena = run_arena([specs[i], specs[j]], games, derive_seed(seed, i, j), jobs=jobs,
                          game_name=game_name, options=options, progress=tick, keep=kept)
        done += games
        pairs.append(PairResult(i, j, tuple(r.shares[0] for r in kept), arena))
    return Ladder(tuple(specs), games, seed, tuple(pairs),
                  ratings(specs, pairs, seed, bootstrap))
