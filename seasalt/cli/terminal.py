"""The terminal for any registered game: what a game's screens provide, and the answer
a person types.

``seasalt play`` (:mod:`seasalt.cli.commands.play`) runs one loop for every game; each
game's presenter prints its own screens through a :class:`Terminal`, the module
attribute ``TERMINAL`` of ``seasalt.<game package>.present.term``
(:func:`terminal_for` finds it: Sea Salt & Paper's in :mod:`seasalt.ssp.present.term`,
Fruits de mer's in :mod:`seasalt.fdm.present.term`). A terminal holds no rule: what
is legal comes from the seat's view, every sentence from the game's presenter.

Sea Salt & Paper's rendering functions (:func:`render_table`, :func:`render_choices`,
:func:`parse_choice`, :func:`render_round_result`, :func:`cards_text`,
:func:`groups_text`) are re-exported here from :mod:`seasalt.ssp.present.term`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from seasalt.ssp.present.term import (
    cards_text,
    groups_text,
    parse_choice,
    render_choices,
    render_round_result,
    render_table,
)

__all__ = [
    "Terminal", "cards_text", "choose_code", "groups_text", "parse_choice", "render_choices",
    "render_round_result", "render_table", "terminal_for",
]


class Terminal(Protocol):
    """A game's screens for ``seasalt play``: every method returns text to print.

    Attributes:
        hidden_choices: a person's decision must stay unseen by the next person at the
            same keyboard (simultaneous secret choices): the loop hands the keyboard
            over between people and shows each only their own screen.
    """

    hidden_choices: bool

    def intro(self, table: Any, seed: int, names: Sequence[str]) -> str:
        """The first line: the game, its seed, the players."""
        ...

    def event_lines(self, events: Sequence[Mapping[str, Any]], names: Sequence[str],
                    viewer: int | None) -> list[str]:
        """New log events (redacted for ``viewer``) in words, one or more lines each."""
        ...

    def screen(self, v: Any, names: Sequence[str], kinds: Sequence[str]) -> str:
        """The table as the seat to decide sees it."""
        ...

    def ask(self, v: Any, seat: int, names: Sequence[str]) -> str:
        """The line that asks ``seat`` to choose."""
        ...

    def choices(self, v: Any, names: Sequence[str]) -> str:
        """The legal actions, numbered from 1, with their codes."""
        ...

    def codes(self, v: Any) -> list[str]:
        """The legal actions' codes, in the order :meth:`choices` numbers them."""
        ...

    def parse(self, text: str) -> str:
        """The action code ``text`` means in the game's own spelling (a code, or
        another way of writing it); raises ``ValueError`` if it means none."""
        ...

    def refusal(self, text: str, v: Any) -> str:
        """The message for an answer that names no legal action."""
        ...

    def final(self, outcome: Any, names: Sequence[str]) -> str:
        """The last line: the final scores."""
        ...


def terminal_for(game: Any) -> Terminal:
    """The screens of ``game`` (a game object): ``TERMINAL`` of its package's
    ``present.term`` module.

    Raises:
        ValueError: the game has no terminal screens.
    """
    package = type(game).__module__.rpartition(".")[0]
    try:
        module = importlib.import_module(f"{package}.present.term")
        terminal: Terminal = module.TERMINAL
    except (ImportError, AttributeError):
        raise ValueError(f"{game.info.title} cannot be played in the terminal") from None
    return terminal


def choose_code(text: str, codes: Sequence[str],
                parse: Callable[[str], Any] | None = None) -> str | None:
    """The code of the action a person typed: its number in ``codes`` (from 1) or its
    code (in any spelling ``parse``, the game's ``parse_action``, accepts).

    Returns:
        One of ``codes``, or ``None`` if ``text`` names none of them (a number out of
        range, of other digits than ASCII's, or of more than 6 of them).
    """
    t = text.strip()
    if t.isdigit():  # a number of ASCII digits only (``²`` and ``٣`` are digits too)
        if not t.isascii() or len(t) > 6:
            return None
        i = int(t)
        return codes[i - 1] if 1 <= i <= len(codes) else None
    if t in codes:
        return t
    if parse is not None and t:
        try:
            code = str(parse(t))
        except ValueError:
            return None
        return code if code in codes else None
    return None
