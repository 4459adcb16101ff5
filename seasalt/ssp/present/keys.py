"""Keyboard shortcuts: the key of each kind of control, and their list for the help.

A key is a single lowercase character (``d``) that the page puts on the control
(``data-key="d"``, ``aria-keyshortcuts="D"``); pressing it clicks the visible, enabled
control that carries it. Fixed meanings (the same in every language): ``d`` draw,
``1`` / ``2`` take from discard pile 1 / 2, ``e`` end the turn, ``s`` STOP, ``l``
LAST CHANCE, ``c`` continue after a round, ``?`` help, ``i`` the focused card's
rule, ``u`` undo (Ctrl+Z too, issue 12). A
decision with several choices of one kind (keep one of two cards, the options of the
selected duo, the cards to pick from, the events to keep) numbers them ``1`` to ``9``
in order: the piles are no action then, so the digits are free.

:func:`shortcuts` lists them for the help, as a person reads them (``D``).
"""

from __future__ import annotations

from seasalt.i18n import N_, _

#: The key of each action kind (``ActionInfo.kind``) that has a fixed key, and of the
#: page's own controls (``clear-selection``, ``continue``, ``help``).
ACTION_KEYS: dict[str, str] = {
    "draw": "d", "forced-draw": "d", "end": "e", "stop": "s", "last-chance": "l",
    "pass": "p", "reef": "r", "clear-selection": "x", "continue": "c", "help": "?",
    "undo": "u",
}
#: The keys of discard piles 1 and 2 (taking their top card, R4.1).
PILE_KEYS: dict[int, str] = {0: "d", 1: "1", 2: "2"}
#: Undo (issue 12): take back the last decision (the page also takes Ctrl+Z).
UNDO_KEY = "u"
#: On a focused card: open its rule (the keyboard's long press; a card, not a control key).
INFO_KEY = "i"
#: Numbered choices: the first nine choices of a list get ``1`` to ``9``.
CHOICE_KEYS = "123456789"

#: The help's list: (key as shown, English text), in reading order.
SHORTCUTS: tuple[tuple[str, str], ...] = (
    ("D", N_("Draw two cards (or your forced draw)")),
    ("1", N_("Take the top card of discard pile 1")),
    ("2", N_("Take the top card of discard pile 2")),
    ("1–9", N_("Choose among numbered choices: the card to keep, the duo's options, the "
               "card to take, the event to keep")),
    ("E", N_("End the turn")),
    ("S", N_("Announce STOP")),
    ("L", N_("Announce LAST CHANCE")),
    ("P", N_("Pass")),
    ("R", N_("Place a Shell face down (Coral Reef)")),
    ("X", N_("Clear the selection")),
    ("U", N_("Undo: take back your last decision (also Ctrl+Z), until a draw, a look or "
             "a steal")),
    ("C", N_("Continue after the round")),
    ("I", N_("Show the rule of the focused card (on a touch screen: hold a finger on "
             "the card)")),
    ("?", N_("Open the help")),
    ("Esc", N_("Close a dialog")),
    ("Tab", N_("Move between cards and buttons; Enter or Space selects a card or presses "
               "a button")),
)


def action_key(kind: str) -> str | None:
    """The fixed key of an action kind or page control (:data:`ACTION_KEYS`), else
    ``None``."""
    return ACTION_KEYS.get(kind)


def choice_key(index: int) -> str | None:
    """``1`` to ``9`` for the first nine choices of a list (``index`` from 0), else
    ``None``."""
    return CHOICE_KEYS[index] if 0 <= index < len(CHOICE_KEYS) else None


def pile_key(pile: int) -> str:
    """The key of a pile: ``d`` for the draw pile (0), ``1`` and ``2`` for the discard
    piles."""
    return PILE_KEYS[pile]


def shortcuts() -> list[dict[str, str]]:
    """The keyboard shortcuts for the help: ``[{"key": "D", "text": "Draw two cards
    (or your forced draw)"}, ...]``, in the language in use (keys as printed on a
    keyboard, not translated)."""
    return [{"key": key, "text": _(text)} for key, text in SHORTCUTS]


def all_keys() -> frozenset[str]:
    """Every key a control may carry (for tests and the page's key handler)."""
    return frozenset(ACTION_KEYS.values()) | frozenset(PILE_KEYS.values()) | frozenset(
        CHOICE_KEYS)
