"""The ``seasalt`` command line: ``score``, ``arena`` and ``play`` subcommands.

Subcommands live in :mod:`seasalt.cli.commands`, one module each, imported only
when used (so ``score`` never loads the search bots). Each module provides
``HELP`` (one line), ``configure(parser)`` and ``run(args, io) -> int``.

Language (issue 11): ``--lang CODE`` anywhere on the line (before or after the
subcommand; ``en``, ``fr``, ``nl``, ``tr``), else the environment (``LANGUAGE``,
``LC_ALL``, ``LC_MESSAGES``, ``LANG``: :func:`seasalt.i18n.language_from_env`). It is
read before the parser is built, so the help is in that language too; an unknown code
is a usage error naming the languages. Every line the commands print goes through
:mod:`seasalt.i18n`; the language in use before :func:`main` is put back after it.

Exit status: 0 success, 1 failure at run time, 2 bad usage or bad input
(one line on standard error, never a traceback). Every message is one line of at
most :data:`MAX_LINE` characters, a value it repeats cut short (:func:`one_line`);
numbers are whole numbers of ASCII digits within bounds (:func:`whole_number`: a
seed of at most 18 digits, ``²`` or ``٣`` are not numbers here). Standard input
that is not text in its encoding is bad input (2), and so is a closed standard input
(``0<&-``) for a command that reads it (:class:`ClosedInput`). Output that cannot be written
ends the run with one line and status 1 (a full disk: ``> /dev/full``); a reader
that goes away (``| head -1``) ends it quietly, status 1.
"""

from __future__ import annotations

import argparse
import errno
import importlib
import io as _io
import os
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
    "score": "seasalt.cli.commands.score",
    "arena": "seasalt.cli.commands.arena",
    "play": "seasalt.cli.commands.play",
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


class ClosedInput(_io.StringIO):
    """Standard input when the process has none (started with ``0<&-``: Python's
    ``sys.stdin`` is ``None``): reads as empty, and commands that need input say it is
    closed (:func:`input_closed`)."""


def input_closed(stream: TextIO) -> bool:
    """Whether ``stream`` stands for a closed standard input (:class:`ClosedInput`)."""
    return isinstance(stream, ClosedInput)


class UsageError(Exception):
    """Raised by the parser instead of exiting; carries the one-line message."""


#: The longest line of an error message (a value it repeats is cut to fit).
MAX_LINE: int = 300
#: The longest value repeated in a message.
MAX_ECHO: int = 60
#: Seeds: whole numbers of at most 18 digits, either sign.
MAX_SEED: int = 10**18 - 1


def one_line(message: object, limit: int = MAX_LINE) -> str:
    """``message`` as one line of at most ``limit`` characters (line breaks become
    spaces; a longer one ends with ``...``)."""
    text = " ".join(str(message).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def clip(text: object, limit: int = MAX_ECHO) -> str:
    """``str(text)`` cut to ``limit`` characters (``...`` at the end), for a message
    that repeats what was typed."""
    value = str(text)
    return value if len(value) <= limit else value[: limit - 3] + "..."


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse ``type``: a whole number of ASCII digits (an optional ``-``) from
    ``low`` to ``high``; anything else (``²``, ``1e3``, 5,000 digits) is refused with
    a short message."""
    def parse(text: str) -> int:
        body = text.strip()
        digits = body[1:] if body.startswith("-") else body
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 18:
            raise argparse.ArgumentTypeError(_(
                "{value!r} is not a whole number (digits only, at most 18)").format(
                    value=clip(text)))
        value = int(body)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(_(
                "{value} is not from {low} to {high}").format(value=value, low=low, high=high))
        return value

    parse.__name__ = "whole number"
    return parse


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(one_line(_("{prog}: error: {message}").format(
            prog=self.prog, message=_cut_values(message))))


def _cut_values(message: str) -> str:
    """argparse's message with the values it quotes cut to :data:`MAX_ECHO`
    (``invalid choice: 'xxxx...'``)."""
    import re

    return re.sub(rf"'([^']{{{MAX_ECHO + 1},}})'",
                  lambda m: repr(clip(m.group(1))), message)


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
                                   "{languages}").format(code=clip(value),
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
    io = IO(stdin or sys.stdin or ClosedInput(), stdout or sys.stdout, stderr or sys.stderr)
    args_list = sys.argv[1:] if argv is None else list(argv)
    default = i18n.language_from_env(environ)
    with _speaking(default):
        try:
            code, args_list = split_lang(args_list)
        except UsageError as e:
            _say(io, e)
            return ExitStatus.USAGE
    with _speaking(code or default):
        try:
            status = _main(args_list, io)
            io.stdout.flush()
            return status
        except BrokenPipeError:  # the reader went away (``| head -1``): end quietly
            _silence(io.stdout)
            return ExitStatus.ERROR
        except UnicodeDecodeError as e:  # standard input that is not text
            _say(io, _("seasalt: error: standard input is not text in {encoding} "
                       "(byte {byte} at {position})").format(
                           encoding=e.encoding, byte=hex(e.object[e.start]), position=e.start))
            return ExitStatus.USAGE
        except OSError as e:  # the output cannot be written (a full disk)
            _silence(io.stdout)
            _say(io, _("seasalt: error: cannot write the output: {error}").format(
                error=os.strerror(e.errno) if e.errno else e))
            return ExitStatus.ERROR


def _say(io: IO, message: object) -> None:
    """One line on standard error (cut to :data:`MAX_LINE`); nothing if it cannot be
    written either."""
    try:
        print(one_line(message), file=io.stderr)
        io.stderr.flush()
    except (OSError, ValueError):
        pass


def _silence(stream: TextIO) -> None:
    """Point ``stream`` at the null device when it is the process's standard output,
    so that Python's last flush at exit finds nothing to report (Python's advice for
    broken pipes); its unwritten text is dropped."""
    try:
        fd = stream.fileno()
    except (OSError, ValueError, AttributeError):
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)
        os.close(null)
    except OSError as e:
        if e.errno != errno.EBADF:
            raise


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
        _say(io, e)
        return ExitStatus.USAGE
    except SystemExit as e:  # --help / --version
        return int(e.code or 0)
    if args.command is None:
        parser.print_help(io.stdout)
        return ExitStatus.USAGE
    try:
        return int(importlib.import_module(args._module).run(args, io))
    except UsageError as e:
        _say(io, e)
        return ExitStatus.USAGE
    except KeyboardInterrupt:
        _say(io, _("interrupted"))
        return 130
