"""``seasalt play``: a whole game in the terminal, against bots or friends.

``seasalt play --players you,expert[,...] [--seed S]``: each ``you`` is a
person at this terminal (several take turns at the same keyboard); the others
are bots or levels (``easy``, ``medium``, ``hard``, ``random``, ``greedy``,
``expert[:settings]``). Before each of a person's decisions the table is shown
from their seat with the legal actions numbered; they answer with a number or
an action code (``take:1``); anything else asks again. Every move is told in
words (a bot's hidden cards stay hidden), and each round ends with the
breakdown of every player's score. A move that is the only legal one is played
without asking. End of input abandons the game (status 1).
"""

from __future__ import annotations

import argparse
import random

from seasalt.cli import IO, UsageError

HELP = "play a game in the terminal against bots or friends"
#: Names that mean a person at the keyboard in ``--players``.
HUMAN_NAMES: frozenset[str] = frozenset({"you", "human", "me"})


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the ``play`` arguments (the epilog lists the levels for players)."""
    from seasalt.bots import BOT_LEVELS

    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = "levels:\n" + "\n".join(
        f"  {lv.key:<7} {lv.title} ({lv.spec}): {lv.description}" for lv in BOT_LEVELS)
    parser.add_argument("--players", required=True, metavar="you,BOT[,...]",
                        help="one per seat: 'you' for a person, or a bot: easy, medium, "
                             "hard, random, greedy, expert[:iterations=N|time=S]")
    parser.add_argument("--seed", type=int, default=None, metavar="S",
                        help="seed of the game (default: a random one, printed)")


def _names(specs: list[str]) -> list[str]:
    """Display names: ``You`` (or ``You 1``, ``You 2``) and ``Hard bot``-style names."""
    from seasalt.bots import BOT_LEVELS

    titles = {lv.key: lv.title for lv in BOT_LEVELS}
    humans = [i for i, s in enumerate(specs) if s.lower() in HUMAN_NAMES]
    names = []
    for i, spec in enumerate(specs):
        key = spec.lower().split(":")[0]
        if key in HUMAN_NAMES:
            names.append("You" if len(humans) == 1 else f"You {humans.index(i) + 1}")
        else:
            names.append(f"{titles.get(key, key.capitalize())} bot")
    for i, name in enumerate(names):
        if names.count(name) > 1:
            names[i] = f"{name} {i + 1}"
    return names


def run(args: argparse.Namespace, io: IO) -> int:
    """Play the game; 0 when it ends, 1 if the input ends first."""
    from seasalt.arena import check_specs, derive_seed
    from seasalt.bots import make_bot
    from seasalt.commands.arena import split_players
    from seasalt.core.registry import load_game
    from seasalt.ssp.text import describe_event, events_for, seat_name
    from seasalt.term import parse_choice, render_choices, render_round_result, render_table

    try:
        specs = split_players(args.players)
        humans = [i for i, s in enumerate(specs) if s.lower() in HUMAN_NAMES]
        check_specs(["random" if i in humans else s for i, s in enumerate(specs)])
    except ValueError as e:
        raise UsageError(f"seasalt play: error: {e}") from None
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    game = load_game("sea-salt-and-paper")
    names = _names(specs)
    bots = {i: make_bot(s, game, derive_seed(seed, i)) for i, s in enumerate(specs)
            if i not in humans}
    viewer = humans[0] if len(humans) == 1 else None
    out = io.stdout
    state = game.new_game(len(specs), seed)
    print(f"Sea Salt & Paper, seed {seed}: {', '.join(names)}. Target {state.target} points.",
          file=out)
    printed = 0
    while True:
        for e in events_for(state.log[printed:], viewer):
            if e["type"] == "round-end":
                print(render_round_result(e["result"], names), file=out)
            else:
                print(describe_event(e, names, viewer), file=out)
        printed = len(state.log)
        seat = game.current_player(state)
        if seat < 0:
            break
        legal = game.legal_actions(state)
        if len(legal) == 1:  # nothing to choose: play it and say so through the log
            action = legal[0]
        elif seat in bots:
            action = bots[seat].act(game.view(state, seat), legal)
        else:
            print("", file=out)
            print(render_table(game.view(state, seat), names), file=out)
            print(f"{seat_name(seat, names)}, choose:", file=out)
            print(render_choices(legal, names), file=out)
            while True:
                print(f"Your choice (1-{len(legal)} or a code): ", end="", file=out)
                out.flush()
                line = io.stdin.readline()
                if not line:
                    print("", file=out)
                    print("seasalt play: end of input; the game is abandoned", file=io.stderr)
                    return 1
                action = parse_choice(line, legal)
                if action is not None:
                    break
                print(f"{line.strip()!r} is not one of the choices: type a number from 1 to "
                      f"{len(legal)} or an action code shown in brackets.", file=out)
        state = game.apply(state, action)
    outcome = game.outcome(state)
    assert outcome is not None
    print("Final scores: " + ", ".join(f"{names[i]} {s}" for i, s in enumerate(outcome.scores)),
          file=out)
    return 0
