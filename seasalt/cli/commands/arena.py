"""``seasalt arena``: bots against bots over many games (see :mod:`seasalt.cli.arena`).

``seasalt arena --players expert,greedy[,...] --games N --seed S [--jobs K] [--json]``
``[--game NAME] [--option KEY=VALUE ...]`` plays N games of a registered game
(default Sea Salt & Paper; ``--extra-salt`` and ``--extra-pepper`` are its
options' shorthands) rotating the seats and prints, per participant: wins (a shared
victory splits), the win rate with its 95 % (Wilson) interval, the mean final
score and the mean decision time. A bot may carry settings after a colon:
``expert:time=0.05,iterations=300``; a comma-separated item with ``=`` and no
colon continues the previous bot's settings.

``--round-robin`` plays every pair of the listed bots heads-up instead, N games a
pair (:mod:`seasalt.cli.ladder`), and prints an Elo-style rating per bot with its 95 %
(bootstrap) interval, its share of its games, and each pair's scores.

Bad arguments (unknown game, bot, setting or option, a player count the game
does not allow, N < 1, K < 1) print one line on standard error and return 2.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import TYPE_CHECKING, TextIO

from seasalt.cli.main import IO, MAX_SEED, UsageError, clip, whole_number
from seasalt.cli.players import levels_epilog, split_players
from seasalt.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from seasalt.cli.ladder import Ladder

HELP = N_("pit bots against each other over many games")
#: The most games a run plays, and the most worker processes.
MAX_GAMES: int = 1_000_000
MAX_JOBS: int = 256
#: Seconds before the progress line appears on standard error.
PROGRESS_AFTER: float = 3.0


def parse_option(text: str) -> tuple[str, object]:
    """One ``--option KEY=VALUE``: ``true``/``false`` become booleans, whole
    numbers ints, anything else stays text.

    Raises:
        ValueError: no ``=`` or an empty key.
    """
    key, eq, value = text.partition("=")
    if not eq or not key.strip():
        raise ValueError(f"--option takes KEY=VALUE, not {clip(text)!r}")
    value = value.strip()
    parsed: object = value
    if value.lower() in ("true", "false"):
        parsed = value.lower() == "true"
    elif (digits := value.removeprefix("-")).isascii() and digits.isdigit() and (
            len(digits) <= 18):
        parsed = int(value)
    return key.strip().replace("-", "_"), parsed


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the ``arena`` arguments (the epilog lists the levels for players)."""
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = levels_epilog()
    parser.add_argument("--players", required=True, metavar="BOT,BOT[,...]",
                        help=_("bots, one per seat: random, greedy, heuristic, expert, or a "
                               "level (easy, medium, hard); settings after a colon, e.g. "
                               "expert:iterations=300 or expert:time=0.05"))
    parser.add_argument("--games", type=whole_number(-MAX_SEED, MAX_SEED), default=100,
                        metavar="N",
                        help=_("games to play (default 100)"))
    parser.add_argument("--seed", type=whole_number(-MAX_SEED, MAX_SEED), default=0,
                        metavar="S",
                        help=_("seed of the run (default 0); same seed, same results"))
    parser.add_argument("--jobs", type=whole_number(-MAX_SEED, MAX_SEED), default=1,
                        metavar="K",
                        help=_("worker processes (default 1); results do not depend on it"))
    parser.add_argument("--game", default=None, metavar="NAME",
                        help=_("the registered game to play (default: sea-salt-and-paper)"))
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help=_("a game option, e.g. double_target=true (repeatable)"))
    parser.add_argument("--extra-salt", action="store_true",
                        help=_("play with the Extra Salt expansion (66 cards)"))
    parser.add_argument("--extra-pepper", action="store_true",
                        help=_("play with the Extra Pepper expansion (event cards)"))
    parser.add_argument("--round-robin", action="store_true",
                        help=_("play every pair of the listed bots heads-up (--games games "
                               "a pair) and print a rating per bot with its interval"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.add_argument("--no-progress", action="store_true",
                        help=_("no progress line on standard error"))


class Progress:
    """A one-line progress bar on a stream, shown once a run lasts a few seconds.

    Args:
        stream: where to draw (standard error).
        after: seconds before the first draw.
    """

    def __init__(self, stream: TextIO, after: float = PROGRESS_AFTER) -> None:
        self.stream = stream
        self.after = after
        self.start = time.perf_counter()
        self.shown = False
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        """Report ``done`` of ``total`` games finished."""
        now = time.perf_counter()
        elapsed = now - self.start
        if elapsed < self.after or (now - self.last < 0.5 and done < total):
            return
        self.last = now
        width = 30
        fill = width * done // total
        eta = elapsed / done * (total - done)
        self.stream.write(f"\r[{'#' * fill}{'.' * (width - fill)}] " + ngettext(
            "{done}/{total} game, {elapsed} s, about {eta} s left",
            "{done}/{total} games, {elapsed} s, about {eta} s left", total).format(
            done=done, total=total, elapsed=f"{elapsed:.0f}", eta=f"{eta:.0f}") + " ")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        """End the line if anything was drawn."""
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()


def run(args: argparse.Namespace, io: IO) -> int:
    """Play the arena run and print the table or the JSON object."""
    from seasalt.cli.arena import DEFAULT_GAME, check_specs, run_arena
    from seasalt.core.registry import load_game

    game_name = args.game or DEFAULT_GAME
    options: dict[str, object] = {}
    if args.extra_salt:
        options["extra_salt"] = True
    if args.extra_pepper:
        options["extra_pepper"] = True
    try:
        game_name = load_game(game_name).info.name
        options.update(parse_option(o) for o in args.option)
        specs = split_players(args.players)
        if args.games < 1:
            raise ValueError(_("{option} must be at least 1, not {value}").format(
                option="--games", value=args.games))
        if args.jobs < 1:
            raise ValueError(_("{option} must be at least 1, not {value}").format(
                option="--jobs", value=args.jobs))
        for option, value, most in (("--games", args.games, MAX_GAMES),
                                    ("--jobs", args.jobs, MAX_JOBS)):
            if value > most:
                raise ValueError(_("{option} must be at most {most}, not {value}").format(
                    option=option, most=most, value=value))
        if args.round_robin:
            if len(specs) < 2:
                raise ValueError(_("--round-robin needs at least two bots"))
            check_specs(specs[:2], game_name)
            for spec in specs[2:]:
                check_specs([specs[0], spec], game_name)
            load_game(game_name).new_game(2, args.seed, options)  # bad options
        else:
            check_specs(specs, game_name)
            load_game(game_name).new_game(len(specs), args.seed, options)  # bad options
    except ValueError as e:
        raise UsageError(_("seasalt arena: error: {error}").format(error=e)) from None
    progress = None if args.no_progress else Progress(io.stderr)
    try:
        if args.round_robin:
            from seasalt.cli.ladder import round_robin

            ladder = round_robin(specs, args.games, args.seed, jobs=args.jobs,
                                 game_name=game_name, options=options or None,
                                 progress=progress)
        else:
            result = run_arena(specs, args.games, args.seed, jobs=args.jobs,
                               game_name=game_name, options=options or None,
                               progress=progress)
    finally:
        if progress is not None:
            progress.close()
    if args.json:
        out = ladder.to_dict() if args.round_robin else result.to_dict()
        print(json.dumps(out), file=io.stdout)
        return 0
    if args.round_robin:
        print_ladder(ladder, specs, io)
        return 0
    n = len(specs)
    print(ngettext("{games} game, {players} players, seed {seed}, seats rotated; {rounds} "
                   "rounds per game",
                   "{games} games, {players} players, seed {seed}, seats rotated; {rounds} "
                   "rounds per game", result.games).format(
        games=result.games, players=n, seed=result.seed, rounds=f"{result.mean_rounds:.1f}"),
        file=io.stdout)
    heads = [_("bot"), _("wins"), _("win rate"), _("95% interval"), _("mean score"),
             _("ms/decision")]
    widths = [max(10, *(len(s) for s in specs), len(heads[0])),
              *(max(len(h), w) for h, w in zip(heads[1:], (7, 8, 15, 10, 11), strict=True))]
    print("  ".join([heads[0].ljust(widths[0]),
                     *(h.rjust(w) for h, w in zip(heads[1:], widths[1:], strict=True))]),
          file=io.stdout)
    for s in result.seats:
        cells = [f"{s.wins:g}", f"{100 * s.win_rate:.1f}%",
                 f"{100 * s.ci_low:.1f}-{100 * s.ci_high:.1f}%", f"{s.mean_score:.1f}",
                 f"{s.mean_decision_ms:.1f}"]
        print("  ".join([s.bot.ljust(widths[0]),
                         *(c.rjust(w) for c, w in zip(cells, widths[1:], strict=True))]),
              file=io.stdout)
    return 0


def print_ladder(result: Ladder, specs: list[str], io: IO) -> None:
    """``--round-robin``'s table: the ratings, best first, and each pair's scores."""
    print(ngettext("Round robin: {bots} bots, {games} game a pair, seed {seed}, seats rotated",
                   "Round robin: {bots} bots, {games} games a pair, seed {seed}, seats rotated",
                   result.games).format(bots=len(specs), games=result.games, seed=result.seed),
          file=io.stdout)
    width = max(10, *(len(s) for s in specs))
    heads = [_("rating"), _("95% interval"), _("score"), _("games")]
    cols = [max(len(h), w) for h, w in zip(heads, (6, 11, 6, 5), strict=True)]
    print("  ".join([_("bot").ljust(width), *(h.rjust(w) for h, w in zip(heads, cols,
                                                                        strict=True))]),
          file=io.stdout)
    for r in result.ratings:
        cells = [f"{r.rating:.0f}", f"{r.low:.0f}-{r.high:.0f}", f"{100 * r.score:.1f}%",
                 str(r.games)]
        print("  ".join([r.bot.ljust(width), *(c.rjust(w) for c, w in zip(cells, cols,
                                                                         strict=True))]),
              file=io.stdout)
    print(_("Each row's share of its games against each column:"), file=io.stdout)
    order = [r.index for r in result.ratings]  # best first, as the ratings
    cell = max(7, *(len(specs[j]) for j in order))
    print(" " * width + "".join(specs[j].rjust(cell + 2) for j in order), file=io.stdout)
    for i in order:
        row = ["-" if i == j else f"{100 * result.score_of(i, j):.1f}%" for j in order]
        print(specs[i].ljust(width) + "".join(c.rjust(cell + 2) for c in row), file=io.stdout)
