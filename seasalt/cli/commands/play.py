"""``seasalt play``: a whole game in the terminal, against bots or friends.

``seasalt play [--game NAME] --players you,expert[,...] [--seed S] [--extra-salt]
[--extra-pepper]``: ``--game`` is any registered game that has terminal screens
(default ``sea-salt-and-paper``; ``fruits-de-mer`` or ``fdm``); the expansions are
Sea Salt & Paper's. Each ``you`` is a person at this terminal (several take turns
at the same keyboard); the others are bots or levels (``easy``, ``medium``,
``hard``, ``random``, ``greedy``, ``expert[:settings]``). The game runs through the
one table driver (:class:`seasalt.core.table.Table`) and one loop for every game;
every text comes from the game's presenter through its
:class:`seasalt.cli.terminal.Terminal` (:func:`seasalt.cli.terminal.terminal_for`). Before each of
a person's decisions the table is shown from their seat and the legal actions
numbered; they answer with a number or an action code (``take:1``, ``tuna``);
anything else asks again. Every move is told in words (a bot's hidden cards stay
hidden). In a game of secret choices (Fruits de mer) with several people, the
keyboard is handed over before each person's choice and the screen cleared after
it. A move that is the only legal one is played without asking. End of input
abandons the game (status 1); a closed standard input (``0<&-``) with a person at
the table is refused before the game starts (status 2). Sea Salt & Paper's rounds
end with the breakdown of every player's score; Fruits de mer's reveal each round's
cards and its resolution step by step.
"""

from __future__ import annotations

import argparse
import random
from typing import TextIO

from seasalt.cli.main import IO, MAX_SEED, UsageError, input_closed, whole_number
from seasalt.cli.players import HUMAN_NAMES, levels_epilog, split_players
from seasalt.i18n import N_

HELP = N_("play a game in the terminal against bots or friends")


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the ``play`` arguments (the epilog lists the levels for players)."""
    from seasalt.i18n import _

    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = levels_epilog()
    parser.add_argument("--players", required=True, metavar="you,BOT[,...]",
                        help=_("one per seat: 'you' for a person, or a bot: easy, medium, "
                               "hard, random, greedy, expert[:iterations=N|time=S]"))
    parser.add_argument("--game", default=None, metavar="NAME",
                        help=_("the game to play: sea-salt-and-paper (the default) or "
                               "fruits-de-mer"))
    parser.add_argument("--seed", type=whole_number(-MAX_SEED, MAX_SEED), default=None,
                        metavar="S",
                        help=_("seed of the game (default: a random one, printed)"))
    parser.add_argument("--extra-salt", action="store_true",
                        help=_("play with the Extra Salt expansion (66 cards)"))
    parser.add_argument("--extra-pepper", action="store_true",
                        help=_("play with the Extra Pepper events"))


def _names(specs: list[str]) -> list[str]:
    """Display names: ``You`` (or ``You 1``, ``You 2``) and ``Hard bot``-style names."""
    from seasalt.i18n import _
    from seasalt.ssp.present import bot_name

    humans = [i for i, s in enumerate(specs) if s.lower() in HUMAN_NAMES]
    names = []
    for i, spec in enumerate(specs):
        if i in humans:
            names.append(_("You") if len(humans) == 1 else
                         _("You {number}").format(number=humans.index(i) + 1))
        else:
            names.append(bot_name(spec))
    twice = {name for name in names if names.count(name) > 1}
    return [_("{name} {number}").format(name=name, number=i + 1) if name in twice else name
            for i, name in enumerate(names)]


def _game_name(args: argparse.Namespace) -> str:
    return getattr(args, "game", None) or "sea-salt-and-paper"


def run(args: argparse.Namespace, io: IO) -> int:
    """Play the game through the table driver; 0 when it ends, 1 if the input ends first."""
    from seasalt.bots import make_bot
    from seasalt.cli.arena import check_specs, derive_seed
    from seasalt.cli.terminal import choose_code, terminal_for
    from seasalt.core.registry import load_game
    from seasalt.core.seats import HUMAN, fixed_bots
    from seasalt.core.table import Table
    from seasalt.i18n import _

    try:
        game = load_game(_game_name(args))
        term = terminal_for(game)
        options = {k: True for k in ("extra_salt", "extra_pepper") if getattr(args, k, False)}
        if options and not set(options) <= set(game.info.options):
            raise ValueError(_("{game} has no option {options}").format(
                game=game.info.title, options=", ".join("--" + k.replace("_", "-")
                                                        for k in options)))
        specs = split_players(args.players)
        humans = [i for i, s in enumerate(specs) if s.lower() in HUMAN_NAMES]
        check_specs(["random" if i in humans else s for i, s in enumerate(specs)],
                    game.info.name)
    except ValueError as e:
        raise UsageError(_("seasalt play: error: {error}").format(error=e)) from None
    if humans and input_closed(io.stdin):
        raise UsageError(_("seasalt play: error: standard input is closed, so nobody can "
                           "answer: play at a terminal, or give --players bots only"))
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    names = _names(specs)
    kinds = [HUMAN if i in humans else s for i, s in enumerate(specs)]
    bots = [None if i in humans else make_bot(s, game, derive_seed(seed, i))
            for i, s in enumerate(specs)]
    table = Table.new(game, seed, kinds, names, options, bots=fixed_bots(bots), auto=True)
    viewer = humans[0] if len(humans) == 1 else None
    hand_over = term.hidden_choices and len(humans) > 1
    out = io.stdout
    print(term.intro(table, seed, names), file=out)
    printed = 0
    while True:
        log = table.view(viewer).log
        for line in term.event_lines(log[printed:], names, viewer):
            print(line, file=out)
        printed = len(log)
        if table.over:
            break
        if table.advance(max_actions=1):  # a bot's move, or the only legal one
            continue
        seat = table.current
        if hand_over and not _handed_over(io, names[seat]):
            return 1
        v = table.view(seat)
        codes = term.codes(v)
        print("", file=out)
        print(term.screen(v, names, table.kinds), file=out)
        print(term.ask(v, seat, names), file=out)
        print(term.choices(v, names), file=out)
        while True:
            print(_("Your choice (1-{count} or a code): ").format(count=len(codes)),
                  end="", file=out)
            out.flush()
            line = io.stdin.readline()
            if not line:
                print("", file=out)
                print(_("seasalt play: end of input; the game is abandoned"), file=io.stderr)
                return 1
            code = choose_code(line, codes, term.parse)
            if code is not None:
                break
            typed = line.strip()  # repeated in the refusal: cut to a readable length
            print(term.refusal(typed if len(typed) <= 40 else typed[:37] + "...", v),
                  file=out)
        table.submit(seat, v.ply, code)
        if hand_over:
            _clear(out)
    outcome = table.outcome
    assert outcome is not None
    print(term.final(outcome, names), file=out)
    return 0


def _clear(out: TextIO) -> None:
    """Hide the screen from the next person: the terminal is cleared when it is one,
    else a rule is drawn (the output is a file or a pipe)."""
    if out.isatty():
        print("\033[2J\033[H", end="", file=out)
    else:
        print("\n" + "-" * 40, file=out)


def _handed_over(io: IO, name: str) -> bool:
    """Ask the people at a shared keyboard to pass it to ``name`` (a secret choice is
    next); False if the input ends."""
    from seasalt.i18n import _

    out = io.stdout
    print(_("Pass the keyboard to {name}, then press Enter (the others look away).").format(
        name=name), end="", file=out)
    out.flush()
    if not io.stdin.readline():
        print("", file=out)
        print(_("seasalt play: end of input; the game is abandoned"), file=io.stderr)
        return False
    print("", file=out)
    return True
