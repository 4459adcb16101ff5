"""``seasalt play``: a whole game in the terminal, against bots or friends.

``seasalt play --players you,expert[,...] [--seed S] [--extra-salt] [--extra-pepper]``:
each ``you`` is a person at this terminal (several take turns at the same
keyboard); the others are bots or levels (``easy``, ``medium``, ``hard``,
``random``, ``greedy``, ``expert[:settings]``). The game runs through the one table
driver (:class:`seasalt.core.table.Table`); every text comes from the presenter
(:mod:`seasalt.ssp.present`, :mod:`seasalt.term`). Before each of a person's
decisions the table is shown from their seat (with its card points as the engine
counts them, the round's events included) and the legal actions numbered; they
answer with a number or an action code (``take:1``); anything else asks again.
Every move is told in words (a bot's hidden cards stay hidden), and each round ends
with the breakdown of every player's score. A move that is the only legal one is
played without asking. End of input abandons the game (status 1).
"""

from __future__ import annotations

import argparse
import random

from seasalt.cli import IO, UsageError
from seasalt.i18n import N_

HELP = N_("play a game in the terminal against bots or friends")
#: Names that mean a person at the keyboard in ``--players``.
HUMAN_NAMES: frozenset[str] = frozenset({"you", "human", "me"})
#: The levels' sentences for players (``seasalt.bots.BOT_LEVELS``), to translate.
LEVEL_DESCRIPTIONS: dict[str, str] = {
    "easy": N_("Plays for points but makes plenty of slips: a relaxed game."),
    "medium": N_("Grabs the best card it sees, plays every duo and stops as soon as it can."),
    "hard": N_("Thinks ahead over the cards it cannot see and picks its moment to end the "
               "round."),
}


def levels_epilog() -> str:
    """``levels:`` then one line per level (key, name, bot spec, what it does), in the
    language in use; for the help of ``play`` and ``arena``."""
    from seasalt.bots import BOT_LEVELS
    from seasalt.i18n import _
    from seasalt.ssp.present import bot_name

    return _("levels:") + "\n" + "\n".join(
        f"  {lv.key:<7} {bot_name(lv.key)} ({lv.spec}): "
        + (_(LEVEL_DESCRIPTIONS[lv.key]) if lv.key in LEVEL_DESCRIPTIONS else lv.description)
        for lv in BOT_LEVELS)


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the ``play`` arguments (the epilog lists the levels for players)."""
    from seasalt.i18n import _

    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = levels_epilog()
    parser.add_argument("--players", required=True, metavar="you,BOT[,...]",
                        help=_("one per seat: 'you' for a person, or a bot: easy, medium, "
                               "hard, random, greedy, expert[:iterations=N|time=S]"))
    parser.add_argument("--seed", type=int, default=None, metavar="S",
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
    for i, name in enumerate(names):
        if names.count(name) > 1:
            names[i] = _("{name} {number}").format(name=name, number=i + 1)
    return names


def run(args: argparse.Namespace, io: IO) -> int:
    """Play the game through the table driver; 0 when it ends, 1 if the input ends first."""
    from seasalt.arena import check_specs, derive_seed
    from seasalt.bots import make_bot
    from seasalt.commands.arena import split_players
    from seasalt.core.registry import load_game
    from seasalt.core.table import HUMAN, Table, fixed_bots
    from seasalt.i18n import _
    from seasalt.ssp import present as P
    from seasalt.term import parse_choice, render_choices, render_round_result, render_table

    try:
        specs = split_players(args.players)
        humans = [i for i, s in enumerate(specs) if s.lower() in HUMAN_NAMES]
        check_specs(["random" if i in humans else s for i, s in enumerate(specs)])
    except ValueError as e:
        raise UsageError(_("seasalt play: error: {error}").format(error=e)) from None
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    game = load_game("sea-salt-and-paper")
    names = _names(specs)
    kinds = [HUMAN if i in humans else s for i, s in enumerate(specs)]
    bots = [None if i in humans else make_bot(s, game, derive_seed(seed, i))
            for i, s in enumerate(specs)]
    options = {k: True for k in ("extra_salt", "extra_pepper") if getattr(args, k, False)}
    table = Table.new(game, seed, kinds, names, options, bots=fixed_bots(bots), auto=True)
    viewer = humans[0] if len(humans) == 1 else None
    out = io.stdout
    print(_("Sea Salt & Paper, seed {seed}: {names}. Target {points} points.").format(
        seed=seed, names=", ".join(names), points=table.view(None).target)
        + "".join(f" {P.expansion_name(k)}." for k in options), file=out)
    printed = 0
    while True:
        log = table.view(viewer).log
        for event in log[printed:]:
            if event["type"] == "round-end":
                print(render_round_result(event["result"], names, viewer), file=out)
            else:
                print(P.log_line(event, names, viewer), file=out)
        printed = len(log)
        if table.over:
            break
        if table.advance(max_actions=1):  # a bot's move, or the only legal one
            continue
        seat = table.current
        v = table.view(seat)
        print("", file=out)
        print(render_table(v, names, table.kinds), file=out)
        print(_("{name}, choose:").format(name=P.seat_name(seat, names)), file=out)
        print(render_choices(v, names), file=out)
        while True:
            print(_("Your choice (1-{count} or a code): ").format(count=len(v.legal)),
                  end="", file=out)
            out.flush()
            line = io.stdin.readline()
            if not line:
                print("", file=out)
                print(_("seasalt play: end of input; the game is abandoned"), file=io.stderr)
                return 1
            code = parse_choice(line, v, game.parse_action)
            if code is not None:
                break
            print(_("{text!r} is not one of the choices: type a number from 1 to {count} or "
                    "an action code shown in brackets.").format(text=line.strip(),
                                                               count=len(v.legal)), file=out)
        table.submit(seat, v.ply, code)
    outcome = table.outcome
    assert outcome is not None
    print(P.final_scores_text(outcome.scores, names) + ".", file=out)
    return 0
