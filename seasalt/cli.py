"""The ``seasalt`` command line: ``score``, ``arena`` and ``play`` subcommands.

Subcommands live in :mod:`seasalt.commands`, one module each, imported only
when used (so ``score`` never loads the search bots). Each module provides
``HELP`` (one line), ``configure(parser)`` and ``run(args, io) -> int``.

Exit status: 0 success, 1 failure at run time, 2 bad usage or bad input
(one line on standard error, never a traceback).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from dataclasses import dataclass
from enum import IntEnum
from typing import NoReturn, TextIO

from seasalt import __version__

#: subcommand -> module implementing it.
COMMANDS: dict[str, str] = {
    "score": "seasalt.commands.score",
    "arena": "seasalt.commands.arena",
    "play": "seasalt.commands.play",
}
_HELP: dict[str, str] = {
    "score": "score a set of cards (hand and cards in front), as a score calculator",
    "arena": "pit bots against each other over many games",
    "play": "play a game in the terminal against bots or friends",
}


class ExitStatus(IntEnum):
    """Process exit codes."""

    OK = 0
    ERROR = 1
    USAGE = 2


@dataclass
class IO:
    """The streams a command reads and writes (injected by tests)."""

    stdin: TextIO
    stdout: TextIO
    stderr: TextIO


class UsageError(Exception):
    """Raised by the parser instead of exiting; carries the one-line message."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: error: {message}")


def main(argv: list[str] | None = None, *, stdin: TextIO | None = None,
         stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    """Run the command line.

    Args:
        argv: arguments without the program name (default ``sys.argv[1:]``).
        stdin, stdout, stderr: streams (default the process's).

    Returns:
        An :class:`ExitStatus` value.
    """
    io = IO(stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr)
    args_list = sys.argv[1:] if argv is None else list(argv)
    parser = _Parser(prog="seasalt", description="Sea Salt & Paper: engine, bots, CLI.")
    parser.add_argument("--version", action="version", version=f"seasalt {__version__}")
    subs = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    # only the chosen subcommand's module is imported
    chosen = next((a for a in args_list if not a.startswith("-")), None)
    for name, module in COMMANDS.items():
        sub = subs.add_parser(name, help=_HELP[name], description=_HELP[name])
        sub.set_defaults(_module=module)
        if name == chosen:
            importlib.import_module(module).configure(sub)
    try:
        old_out, old_err = sys.stdout, sys.stderr
        sys.stdout, sys.stderr = io.stdout, io.stderr  # argparse prints help/version there
        try:
            args = parser.parse_args(args_list)
        finally:
            sys.stdout, sys.stderr = old_out, old_err
    except UsageError as e:
        print(e, file=io.stderr)
        return ExitStatus.USAGE
    except SystemExit as e:  # --help / --version
        return int(e.code or 0)
    if args.command is None:
        parser.print_help(io.stdout)
        return ExitStatus.USAGE
    try:
        return int(importlib.import_module(args._module).run(args, io))
    except UsageError as e:
        print(e, file=io.stderr)
        return ExitStatus.USAGE
    except KeyboardInterrupt:
        print("interrupted", file=io.stderr)
        return 130
