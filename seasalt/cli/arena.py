"""Bots against bots over many games, with seat rotation and per-bot statistics.

:func:`run_arena` plays ``games`` games between the bots named by specs
(:func:`seasalt.bots.make_bot`), one participant per seat. Game ``g`` deals
from a seed derived from ``(seed, g // P)`` and rotates the seats by ``g % P``
(``P`` participants): each block of ``P`` consecutive games plays one deal with
every participant in every seat, so when ``games`` is a multiple of ``P`` every
bot sits in every seat equally often. Each bot's seed is derived from
``(seed, g, participant)``. Results are therefore a function of the arguments
alone, whatever the number of processes (``jobs``); only decision times vary.

Printing is for the command line (:mod:`seasalt.cli.commands.arena`).
"""

from __future__ import annotations

import math
import multiprocessing
import random
import signal
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from seasalt.bots import BOT_MAKER, make_bot
from seasalt.core.registry import load_game
from seasalt.core.seats import check_kind, fixed_bots
from seasalt.core.table import Table

#: The game the arena plays unless told otherwise.
DEFAULT_GAME: str = "sea-salt-and-paper"
#: A game longer than this many actions is a bug (the arena raises).
MAX_ACTIONS: int = 100_000


@dataclass(frozen=True, slots=True)
class GameResult:
    """One arena game, per participant (the order of the specs, not of seats).

    Attributes:
        index: the game's index ``g`` from 0.
        seats: ``seats[k]`` is participant k's seat in this game.
        shares: participant k's share of the victory (1, 1/w for a w-way
            shared victory, or 0).
        scores: participant k's final total (points).
        times: participant k's decision times (seconds), one per decision with
            more than one legal action (forced moves are played without asking).
        rounds: rounds played (the final spectator view's ``round``; 0 for a game
            without rounds).
    """

    index: int
    seats: tuple[int, ...]
    shares: tuple[float, ...]
    scores: tuple[int, ...]
    times: tuple[tuple[float, ...], ...]
    rounds: int


@dataclass(frozen=True, slots=True)
class SeatStats:
    """One participant's totals over an arena run.

    Attributes:
        bot: its spec as given, e.g. ``"expert:time=0.05"``.
        wins: victories, a shared one counting 1/w.
        win_rate: ``wins / games``.
        ci_low, ci_high: Wilson 95 % interval of the win rate.
        mean_score: mean final game total (points).
        mean_decision_ms: mean time per decision (milliseconds).
        decisions: decisions timed (moves with more than one legal action).
    """

    bot: str
    wins: float
    win_rate: float
    ci_low: float
    ci_high: float
    mean_score: float
    mean_decision_ms: float
    decisions: int


@dataclass(frozen=True, slots=True)
class ArenaResult:
    """An arena run.

    Attributes:
        games: games played.
        seed: the run's seed.
        seats: per participant (spec order), its :class:`SeatStats`.
        mean_rounds: mean rounds per game.
    """

    games: int
    seed: int
    seats: tuple[SeatStats, ...]
    mean_rounds: float

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"games": N, "seed": S, "mean_rounds": R, "seats": [{"bot": ...,
        "wins": ..., "win_rate": ..., "ci_low": ..., "ci_high": ..., "mean_score": ...,
        "mean_decision_ms": ..., "decisions": ...}, ...]}``."""
        return {"games": self.games, "seed": self.seed, "mean_rounds": self.mean_rounds,
                "seats": [asdict(s) for s in self.seats]}


def wilson_interval(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion (95 % for ``z = 1.96``).

    Args:
        successes: successes (may be fractional, e.g. shared wins); n: trials (> 0).

    Returns:
        ``(low, high)`` within ``[0, 1]``.

    Raises:
        ValueError: ``n < 1``.
    """
    if n < 1:
        raise ValueError("n must be at least 1")
    p = successes / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def derive_seed(*parts: int) -> int:
    """A 63-bit seed from ints, the same on every machine and process."""
    return random.Random(":".join(str(p) for p in parts)).getrandbits(63)


def check_specs(specs: Sequence[str], game_name: str = DEFAULT_GAME) -> None:
    """Refuse a bad line-up before playing.

    Raises:
        ValueError: a player count the game does not allow, or a bad spec
            (message names it), a number in it out of bounds
            (:func:`seasalt.core.seats.check_kind`) included.
    """
    game = load_game(game_name)
    info = game.info
    if not info.min_players <= len(specs) <= info.max_players:
        raise ValueError(f"{info.title} is for {info.min_players} to {info.max_players} "
                         f"players, not {len(specs)}")
    for spec in specs:
        check_kind(spec, BOT_MAKER)  # every number bounded (``time=inf`` never returns)
        make_bot(spec, game, 0)


def play_game(specs: Sequence[str], seed: int, index: int,
              game_name: str = DEFAULT_GAME,
              options: Mapping[str, Any] | None = None) -> GameResult:
    """Play arena game ``index`` of a run (see the module docstring for seeds and seats).

    The game runs through the table driver (:class:`seasalt.core.table.Table`,
    one bot per seat for the whole game, ``auto``: an only-legal action is
    played without asking); the table is the referee: each bot gets its
    seat's view and the legal actions, and its answer must be one of them.

    Args:
        specs: bot specs, one per participant; seed: the run's seed; index: ``g``.
        game_name: the registered game.
        options: the game's options (e.g. ``{"extra_salt": True}``).

    Returns:
        The :class:`GameResult`.

    Raises:
        RuntimeError: a bot answered an illegal action (the message names its
            seat and spec), or the game ran past :data:`MAX_ACTIONS`.
    """
    game = load_game(game_name)
    n = len(specs)
    rot = index % n
    # seat i is played by participant (i + rot) % n
    by_seat = [(i + rot) % n for i in range(n)]
    seats = tuple((k - rot) % n for k in range(n))
    bots = [make_bot(specs[by_seat[i]], game, derive_seed(seed, index, by_seat[i]))
            for i in range(n)]
    table = Table.new(game, derive_seed(seed, index // n), [specs[p] for p in by_seat],
                      options=options, bots=fixed_bots(bots), auto=True)
    times: list[list[float]] = [[] for _ in range(n)]
    while not table.over:
        table.bot_act()  # raises RuntimeError on an illegal answer
        decision = table.last_decision
        assert decision is not None
        if decision.asked:
            times[by_seat[decision.seat]].append(decision.seconds)
        if table.ply > MAX_ACTIONS:
            raise RuntimeError(f"game {index} ran past {MAX_ACTIONS} actions")
    outcome = table.outcome
    assert outcome is not None
    shares = [0.0] * n
    for w in outcome.winners:
        shares[by_seat[w]] = 1.0 / len(outcome.winners)
    scores = [0] * n
    for s, total in enumerate(outcome.scores):
        scores[by_seat[s]] = total
    rounds = getattr(table.view(None, log=False), "round", 0)
    return GameResult(index, seats, tuple(shares), tuple(scores),
                      tuple(tuple(t) for t in times), rounds)


def _play_star(args: tuple[tuple[str, ...], int, int, str, dict[str, Any] | None]) -> GameResult:
    return play_game(*args)


def iter_games(specs: Sequence[str], games: int, seed: int, *, jobs: int = 1,
               game_name: str = DEFAULT_GAME,
               options: Mapping[str, Any] | None = None) -> Iterator[GameResult]:
    """Play the games, yielding each result as it finishes (any order with ``jobs > 1``).

    Raises:
        ValueError: ``games < 1`` or ``jobs < 1``.
    """
    if games < 1:
        raise ValueError(f"the number of games must be at least 1, not {games}")
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    opts = dict(options) if options else None
    tasks = [(tuple(specs), seed, g, game_name, opts) for g in range(games)]
    if jobs == 1 or games == 1:
        for t in tasks:
            yield _play_star(t)
        return
    # fork where the platform has it: no re-import of ``__main__`` (``python -m seasalt``)
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    # Ctrl-C reaches every process of the terminal's group: the workers ignore it
    # (from birth: SIGINT is held back while they fork, then ignored) and the parent,
    # interrupted, leaves the ``with`` block, which terminates them. A Ctrl-C while the
    # pool starts is held back too, never lost: it interrupts once the block is entered.
    held = _hold_sigint()
    try:
        pool = multiprocessing.get_context(method).Pool(min(jobs, games),
                                                        initializer=_ignore_sigint)
    except BaseException:
        _release_sigint(held)
        raise
    with pool:
        _release_sigint(held)
        yield from pool.imap_unordered(_play_star, tasks)


def _ignore_sigint() -> None:
    """A worker process's start: Ctrl-C is the parent's to handle (ignored, then no
    longer held back: one sent meanwhile is dropped)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _hold_sigint() -> object:
    """Hold SIGINT back (blocked: it waits, pending, until :func:`_release_sigint`)
    where the platform can, else ignore it; returns what to restore. Only the main
    thread handles signals: elsewhere nothing changes (``None``)."""
    if threading.current_thread() is not threading.main_thread():
        return None
    if hasattr(signal, "pthread_sigmask"):
        return ("mask", signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}))
    return ("handler", signal.signal(signal.SIGINT, signal.SIG_IGN))


def _release_sigint(held: object) -> None:
    """Undo :func:`_hold_sigint` (a Ctrl-C held back meanwhile is raised now)."""
    if not isinstance(held, tuple):
        return
    kind, saved = held
    if kind == "mask":
        signal.pthread_sigmask(signal.SIG_SETMASK, saved)
    else:
        signal.signal(signal.SIGINT, saved)


def summarize(specs: Sequence[str], seed: int, results: Sequence[GameResult]) -> ArenaResult:
    """Per-participant statistics of finished games (order-independent).

    Raises:
        ValueError: no results.
    """
    if not results:
        raise ValueError("no games to summarize")
    results = sorted(results, key=lambda r: r.index)
    n_games = len(results)
    seats = []
    for k, spec in enumerate(specs):
        wins = sum(r.shares[k] for r in results)
        low, high = wilson_interval(wins, n_games)
        times = [t for r in results for t in r.times[k]]
        seats.append(SeatStats(
            bot=spec,
            wins=round(wins, 6),
            win_rate=round(wins / n_games, 6),
            ci_low=round(low, 6),
            ci_high=round(high, 6),
            mean_score=round(sum(r.scores[k] for r in results) / n_games, 6),
            mean_decision_ms=round(1000 * sum(times) / len(times), 3) if times else 0.0,
            decisions=len(times),
        ))
    return ArenaResult(n_games, seed, tuple(seats),
                       round(sum(r.rounds for r in results) / n_games, 6))


def run_arena(specs: Sequence[str], games: int, seed: int, *, jobs: int = 1,
              game_name: str = DEFAULT_GAME,
              options: Mapping[str, Any] | None = None,
              progress: Callable[[int, int], None] | None = None,
              keep: list[GameResult] | None = None) -> ArenaResult:
    """Play an arena run and summarize it.

    Args:
        specs: bot specs, one per seat (2 to 4 for Sea Salt & Paper).
        games: number of games (>= 1).
        seed: the run's seed (int).
        jobs: worker processes (results do not depend on it).
        game_name: the registered game.
        options: the game's options (e.g. ``{"extra_salt": True}``); checked
            by a first ``new_game``.
        progress: called as ``progress(done, games)`` after each game.
        keep: if given, each :class:`GameResult` is appended to it (index order).

    Returns:
        The :class:`ArenaResult`.

    Raises:
        ValueError: bad specs, player count, ``games`` or ``jobs``.
    """
    check_specs(specs, game_name)
    load_game(game_name).new_game(len(specs), seed, options)  # refuses bad options early
    results: list[GameResult] = []
    for r in iter_games(specs, games, seed, jobs=jobs, game_name=game_name, options=options):
        results.append(r)
        if progress is not None:
            progress(len(results), games)
    if keep is not None:
        keep.extend(sorted(results, key=lambda r: r.index))
    return summarize(specs, seed, results)
