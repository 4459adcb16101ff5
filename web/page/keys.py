"""Keyboard shortcuts and the long press that opens a card's rule.

Every control the presenter gives a ``key`` carries ``data-key`` (and
``aria-keyshortcuts``); a key press clicks the visible, enabled control with that
key, unless a modifier (Ctrl, Alt, Meta) is held, the focus is in a field, or a
dialog is open. ``?`` opens the help; Escape closes the table's menu. Enter or Space
on a focused card acts like a click; ``i`` on it opens its rule. Touch: holding a
card `HOLD_MS` opens its rule (as does a right-click).

A press outside an open drawer (the log, the colour panel, Fruits de mer's scores on a
small screen: popovers the browser closes on a press elsewhere) only closes it
(`guard_popovers`): a tap on the table that closes the log must not also draw a card.

Undo (issue 12): the toolbar's Undo button carries ``u``; Ctrl+Z (Cmd+Z) clicks it
too. `refresh_undo` shows it only while the person to move can take a decision back
(``Table.can_undo``: the payload's ``undo``).
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_once_callable
from pyscript import document, window

from seasalt.ssp.present import keys as ssp_keys
from seasalt.ssp.present.controls import undo_button

from . import focus
from .dialogs import show_card_info, show_help
from .dom import found, listen_capture
from .hand import note_decision

#: Elements in which a key is typing, not a shortcut.
FIELDS: frozenset[str] = frozenset({"INPUT", "SELECT", "TEXTAREA"})
INFO_KEY: str = ssp_keys.INFO_KEY
"""On a focused card: its rule (the keyboard's long press; the presenter's key)."""
UNDO_KEY: str = undo_button()["key"]
"""The Undo button's key (the presenter's); Ctrl+Z presses it too."""
HOLD_MS = 500
"""How long a press on a card lasts before its rule opens."""
MOVE_PX = 10
"""A press that moves farther is a scroll, not a hold."""

SWALLOW_MS = 1500
"""A click on a card this soon after its press opened the rule ends that press."""

_hold: dict[str, Any] = {"timer": None, "x": 0.0, "y": 0.0, "fired": 0.0}


def typing(target: Any) -> bool:
    """Whether a key press on ``target`` is text being typed."""
    return found(target) and (target.tagName in FIELDS or bool(target.isContentEditable))


def mark(node: Any, key: str | None) -> Any:
    """Give ``node`` the shortcut ``key`` (``data-key``, ``aria-keyshortcuts``)."""
    if key:
        node.setAttribute("data-key", key)
        node.setAttribute("aria-keyshortcuts", "Shift+?" if key == "?" else key.upper())
    return node


def shortcut(key: str) -> bool:
    """Click the visible, enabled control for ``key``. Returns whether one was found."""
    if key == "?":
        close_menu(keep_focus=True)
        show_help()
        return True
    for node in document.querySelectorAll(f'[data-key="{key}"]'):
        if focus.usable(node):
            node.click()
            return True
    return False


def close_menu(keep_focus: bool = False) -> bool:
    """Close the table's menu if it is open (Escape, a click elsewhere); the focus goes
    back to its button unless ``keep_focus``. Returns whether it was open."""
    menu = document.getElementById("table-menu")
    if not found(menu) or not menu.open:
        return False
    menu.open = False
    if not keep_focus:
        menu.querySelector("summary").focus()
    return True


def on_keydown(event: Any, click: Any) -> None:
    """The page's keyboard: Enter/Space on a card button, then the shortcuts.

    Args:
        event: the ``keydown`` event.
        click: the page's click handler (for Enter or Space on a card).
    """
    target = event.target
    if event.key in ("Enter", " ") and found(target) and target.getAttribute(
            "role") == "button" and target.tagName != "BUTTON":
        event.preventDefault()
        click(event)
        return
    if event.key == "Escape" and not focus.dialog_open() and close_menu():
        return
    if (str(event.key).lower() == "z" and (event.ctrlKey or event.metaKey)
            and not (event.altKey or event.shiftKey or event.repeat or typing(target)
                     or focus.dialog_open())):
        if shortcut(UNDO_KEY):  # Ctrl+Z: the Undo button, when it can be pressed
            event.preventDefault()
        return
    if (event.ctrlKey or event.altKey or event.metaKey or event.repeat
            or typing(target) or focus.dialog_open()):
        return
    key = event.key
    if len(key) != 1:
        return
    if key.lower() == INFO_KEY and found(target) and target.hasAttribute("data-card"):
        event.preventDefault()  # a focused card's rule
        show_card_info(int(target.getAttribute("data-card")), target)
        return
    if shortcut(key.lower()):
        event.preventDefault()


def _card_under(event: Any) -> int | None:
    node: Any = event.target.closest("[data-card]") if found(event.target) else None
    if not found(node):
        return None
    return int(node.getAttribute("data-card"))


def _cancel_hold(*_args: Any) -> None:
    if _hold["timer"] is not None:
        window.clearTimeout(_hold["timer"])
        _hold["timer"] = None


def on_pointerdown(event: Any) -> None:
    """Start timing a press on a card (touch and pen; a mouse right-clicks instead)."""
    _cancel_hold()
    cid = _card_under(event)
    if cid is None or event.pointerType == "mouse":
        return
    _hold["x"], _hold["y"] = event.clientX, event.clientY
    opener = event.target.closest("[data-card]")

    def fire() -> None:
        _hold["timer"] = None
        _hold["fired"] = float(window.performance.now())
        show_card_info(cid, opener if opener.getAttribute("tabindex") is not None else None)

    _hold["timer"] = window.setTimeout(create_once_callable(fire), HOLD_MS)


def on_pointermove(event: Any) -> None:
    """A press that moves is a scroll: no rule."""
    if _hold["timer"] is not None and (abs(event.clientX - _hold["x"]) > MOVE_PX
                                       or abs(event.clientY - _hold["y"]) > MOVE_PX):
        _cancel_hold()


def on_pointerup(event: Any) -> None:
    """The press ended before `HOLD_MS`: an ordinary tap."""
    _cancel_hold()


def held(event: Any) -> bool:
    """Whether this click on a card ends a press that opened the card's rule (then it
    is not a click on the card): true once, soon after the rule opened."""
    fired = _hold["fired"]
    _hold["fired"] = 0.0
    return bool(fired) and _card_under(event) is not None and (
        float(window.performance.now()) - fired < SWALLOW_MS)


def on_contextmenu(event: Any) -> None:
    """A right-click (or a long press the browser reports so) on a card: its rule."""
    cid = _card_under(event)
    if cid is None:
        return
    event.preventDefault()
    _cancel_hold()
    show_card_info(cid)


#: Whether the press under way began outside an open drawer (`guard_popovers`).
_outside: list[bool] = [False]
#: The events of a press, from its start to its click.
PRESS_EVENTS: tuple[str, ...] = ("pointerdown", "pointermove", "pointerup", "click",
                                 "dblclick", "contextmenu")


def _outside_a_drawer(target: Any) -> bool:
    """Whether a press on ``target`` is outside every open popover (and not on the button
    that toggles one): the browser closes them, and the press is only that."""
    drawers = list(document.querySelectorAll("[popover]:popover-open"))
    if not drawers or not found(target) or not hasattr(target, "closest"):
        return False
    if found(target.closest("[popovertarget]")):
        return False  # the drawer's own button toggles it
    return not any(drawer.contains(target) for drawer in drawers)


def _on_press(event: Any) -> None:
    if event.type == "pointerdown":
        _outside[0] = _outside_a_drawer(event.target)
    if not _outside[0]:
        return
    if event.type == "click":  # the press ends with its click
        _outside[0] = False
    if event.type in ("click", "dblclick", "contextmenu"):
        event.preventDefault()
    event.stopPropagation()


def _on_key(_event: Any) -> None:
    _outside[0] = False  # a press without a click (a drag) leaves keys alone


def guard_popovers() -> None:
    """Make a press outside an open drawer only close it (issue 39, item 5).

    The drawers are ``popover="auto"``: the browser closes them on a press elsewhere
    and still hands that press on, so a tap on the draw pile that closed the log also
    drew. The page's own listeners are on ``document``; these, on ``window`` in the
    capture phase, run first and stop every event of such a press, from its
    ``pointerdown`` to its ``click`` (Escape and the drawer's buttons are unchanged).
    """
    for kind in PRESS_EVENTS:
        listen_capture(window, kind, _on_press)
    listen_capture(window, "keydown", _on_key)


def refresh_undo(v: Any) -> None:
    """Show the toolbar's Undo button only while the seat on screen is to move and can
    take its last decision back (the payload's ``undo``); hidden otherwise (a bot's or
    another person's turn, a hand-off, after a draw, a look or a steal). Called at
    every drawing of the table, it also notes the hand at each decision
    (`hand.note_decision`), even an empty one."""
    note_decision(v)  # the hand at each decision, for the cards new in it
    node = document.getElementById("undo")
    if not found(node):
        return
    undo = v.get("undo")  # the payload's Undo: None when nothing can be taken back
    node.hidden = undo is None
    if undo is not None:  # says what it takes back
        node.title = undo["title"]
