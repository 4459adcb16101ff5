"""The ``seasalt`` command line: ``score``, ``arena`` and ``play`` subcommands.

Subcommands live in :mod:`seasalt.commands`, one module each, imported only
when used (so ``score`` never loads the search bots). Each module provides
``HELP`` (one line), ``configure(parser)`` and ``run(args, io) -> int``.

Language (issue 11): ``--lang CODE`` anywhere on the line (before or after the
subcommand; ``en``, ``fr``, ``nl``, ``tr``), else the environment (``LANGUAGE``,
``LC_ALL``, ``LC_MESSAGES``, ``LANG``: :func:`seasalt.i18n.language_from_env`). It is
read before the parser is built, so the help is in that language too; an unknown code
is a usage error naming the languages. Every line the commands print goes through
:mod:`seasalt.i18n`; the language in use before :func:`main` is put back after it.

Exit status: 0 success, 1 failure at run time, 2 bad usage or bad input
(one line on standard error, never a traceback).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from enum import IntEnum
from typing import NoReturn, TextIO

from seasalt import __version__, i18n
from seasalt.i18n import N_, _

#: subcommand -> module implementing it.
COMMANDS: dict[str, str] = {
    "score": "seasalt.commands.score",
    "arena": "seasalt.commands.arena",
    "play": "seasalt.commands.play",
}
_HELP: dict[str, str] = {
    "score": N_("score a set of cards (hand and cards in front), as a score calculator"),
    "arena": N_("pit bots against each other over many games"),
    "play": N_("play a game in the terminal against bots or friends"),
}
#: The global option that picks the language.
LANG_OPTION = "--lang"
#: argparse's own words that the help and its errors show (its ``gettext`` domain is
#: not ours): translated through ours while :func:`main` runs.
ARGPARSE_WORDS: frozenset[str] = frozenset({
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
})


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
        raise UsageError(_("{prog}: error: {message}").format(prog=self.prog, message=message))


def languages_text() -> str:
    """``en (English), fr (Français), nl (Nederlands), tr (Türkçe)``."""
    return ", ".join(f"{code} ({i18n.LANGUAGE_NAMES[code]})" for code in i18n.LANGUAGES)


def split_lang(args: list[str]) -> tuple[str | None, list[str]]:
    """Take ``--lang CODE`` / ``--lang=CODE`` out of ``args`` (before any ``--``).

    Returns:
        (the last code given or ``None``, the other arguments in order).

    Raises:
        UsageError: ``--lang`` without a value, or a code the game does not speak.
    """
    code: str | None = None
    rest: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            rest += args[i:]
            break
        if arg == LANG_OPTION or arg.startswith(LANG_OPTION + "="):
            if arg == LANG_OPTION:
                if i + 1 >= len(args):
                    raise UsageError(_("seasalt: error: {option} needs a language: "
                                       "{languages}").format(option=LANG_OPTION,
                                                             languages=languages_text()))
                value, i = args[i + 1], i + 2
            else:
                value, i = arg.partition("=")[2], i + 1
            if i18n.language_code(value) is None:
                raise UsageError(_("seasalt: error: unknown language {code!r}; languages: "
                                   "{languages}").format(code=value,
                                                         languages=languages_text()))
            code = i18n.language_code(value)
            continue
        rest.append(arg)
        i += 1
    return code, rest


def _argparse_gettext(message: str) -> str:
    return _(message) if message in ARGPARSE_WORDS else message


@contextmanager
def _speaking(code: str) -> Iterator[None]:
    """Use language ``code`` (and argparse's words in it) inside the block only."""
    with i18n.temporary_language():
        i18n.set_language(code)
        saved: Callable[[str], str] = argparse._  # type: ignore[attr-defined]
        argparse._ = _argparse_gettext  # type: ignore[attr-defined]
        try:
            yield
        finally:
            argparse._ = saved  # type: ignore[attr-defined]


def _add_lang(parser: argparse.ArgumentParser) -> None:
    """Show ``--lang`` in a help (:func:`split_lang` reads it before parsing)."""
    parser.add_argument(LANG_OPTION, metavar="CODE",
                        help=_("language: {languages} (default: from LANGUAGE, LC_ALL, "
                               "LC_MESSAGES or LANG)").format(languages=", ".join(
                                   i18n.LANGUAGES)))


def main(argv: list[str] | None = None, *, stdin: TextIO | None = None,
         stdout: TextIO | None = None, stderr: TextIO | None = None,
         environ: Mapping[str, str] | None = None) -> int:
    """Run the command line.

    Args:
        argv: arguments without the program name (default ``sys.argv[1:]``).
        stdin, stdout, stderr: streams (default the process's).
        environ: the environment that names the language when ``--lang`` does not
            (default ``os.environ``).

    Returns:
        An :class:`ExitStatus` value.
    """
    io = IO(stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr)
    args_list = sys.argv[1:] if argv is None else list(argv)
    default = i18n.language_from_env(environ)
    with _speaking(default):
        try:
            code, args_list = split_lang(args_list)
        except UsageError as e:
            print(e, file=io.stderr)
            return ExitStatus.USAGE
    with _speaking(code or default):
        return _main(args_list, io)


def _main(args_list: list[str], io: IO) -> int:
    parser = _Parser(prog="seasalt", description=_("Sea Salt & Paper: engine, bots, CLI."))
    parser.add_argument("--version", action="version", version=f"seasalt {__version__}",
                        help=_("show program's version number and exit"))  # 3.11: untranslated
    _add_lang(parser)
    subs = parser.add_subparsers(dest="command", metavar=_("COMMAND"), parser_class=_Parser)
    # only the chosen subcommand's module is imported
    chosen = next((a for a in args_list if not a.startswith("-")), None)
    for name, module in COMMANDS.items():
        sub = subs.add_parser(name, help=_(_HELP[name]), description=_(_HELP[name]))
        sub.set_defaults(_module=module)
        _add_lang(sub)
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
        print(_("interrupted"), file=io.stderr)
        return 130
