"""The page's dialogs: hot-seat hand-off, confirmations, help, a card's rule.

Each is a ``<dialog>`` of ``index.html`` opened with ``showModal()`` (the page behind
is inert, the focus stays inside). Escape closes every one but the hand-off, whose
``cancel`` is refused (and which opens again should the browser close it anyway).
When a dialog closes, the focus goes back to the control that opened it, or to the
next sensible one (`focus.settle`).

The LAST CHANCE bet (R6.2) is confirmed with a brief of what the caller knows (the
payload's ``last_chance``: their card points, each opponent's cards in
front and their points, known hand cards, hand size) and a "Don't ask again" box
(remembered, `prefs.set_ask_last_chance`; the table menu turns it back on).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document

from seasalt.ssp.present import handoff_texts

from . import focus, prefs
from .cards import card, card_info
from .dom import byid, el, found, listen, render
from .help import render_help, shown
from .state import ui

DIALOGS: tuple[str, ...] = ("handoff", "confirm", "help", "card-info", "remote")
#: Confirmations, by the id of their block in ``#confirm``.
CONFIRMS: tuple[str, ...] = ("confirm-discard", "confirm-last-chance", "confirm-calc-new",
                              "confirm-end-remote")

_state: dict[str, Any] = {"return": {}, "confirm": None, "card": None}


def is_open(name: str) -> bool:
    """Whether dialog ``name`` is open."""
    return bool(byid(name).open)


def open_dialog(name: str, opener: Any = None) -> None:
    """Open dialog ``name`` as a modal; the focus comes back to ``opener`` (default:
    what has it now) when it closes."""
    node = byid(name)
    if node.open:
        return
    back = opener if opener is not None else document.activeElement
    _state["return"][name] = back if found(back) else None
    node.showModal()


def close_dialog(name: str) -> None:
    """Close dialog ``name`` (its ``close`` listener puts the focus back)."""
    node = byid(name)
    if node.open:
        node.close()


def close_top() -> None:
    """Close the open dialog a ``data-action="close-dialog"`` button belongs to."""
    for name in DIALOGS:
        if name != "handoff" and is_open(name):
            close_dialog(name)


def _on_cancel(event: Any) -> None:
    if event.target.id == "handoff":  # Escape must not reveal the table to the wrong person
        event.preventDefault()


def _on_close(event: Any) -> None:
    name = event.target.id
    if name == "handoff" and ui.handoff is not None:  # closed by the browser, not by Ready
        byid("handoff").showModal()
        return
    if name == "confirm":
        _state["confirm"] = None
    if name == "card-info":
        _state["card"] = None
    back = _state["return"].pop(name, None)
    if name == "handoff":  # Ready: the new person's first choice, not what the last one had
        target = focus.sensible()
        if target is not None:
            target.focus()
            return
    if back is not None and back.isConnected and focus.usable(back):
        back.focus()
    else:
        focus.settle(None, same_decision=False)


def setup_dialogs() -> None:
    """Listen to the dialogs' ``cancel`` and ``close`` events (once, at start)."""
    for name in DIALOGS:
        listen(byid(name), "cancel", _on_cancel)
        listen(byid(name), "close", _on_close)


def show_handoff(name: str | None) -> None:
    """Hot seat: the "pass the device" dialog for ``name``, or closed (None)."""
    if name is None:
        close_dialog("handoff")
        return
    words = handoff_texts(name)
    render("handoff-title", words["title"])
    render("handoff-ready", words["ready"])
    open_dialog("handoff")


def fill_bet_brief() -> None:
    """Put what the caller knows into the LAST CHANCE confirmation (the payload's
    ``last_chance`` for the seat to move)."""
    t = ui.table
    seat = t.viewer() if t is not None else None
    box = byid("last-chance-brief")
    brief = t.view(seat)["last_chance"] if t is not None and seat is not None else None
    if brief is None:
        render(box)
        return
    render(box, el("p", brief["you"]["text"], class_="bet-you"),
           el("ul", *(el("li", el("b", o["name"], class_="bet-name"),
                            el("ul", *(el("li", line) for line in o["lines"])),
                            data_seat=str(o["seat"]))
                      for o in brief["opponents"]), class_="bet-opponents"),
           *([el("p", brief["note"], class_="muted bet-note")] if brief["note"] else []))
    byid("last-chance-dont-ask").checked = False


def ask(which: str, on_yes: Callable[[], None], opener: Any = None) -> None:
    """Ask to confirm (``which`` in `CONFIRMS`); ``on_yes`` runs after Confirm. A LAST
    CHANCE bet the player asked not to confirm any more runs at once."""
    if which == "confirm-last-chance":
        if not prefs.ask_last_chance():
            on_yes()
            return
        fill_bet_brief()
    for block in CONFIRMS:
        byid(block).hidden = block != which
    byid("confirm").setAttribute("aria-labelledby", f"{which}-title")
    byid("confirm").setAttribute("aria-describedby", which)
    _state["confirm"] = on_yes
    open_dialog("confirm", opener)


def confirmed() -> None:
    """Confirm clicked: close, then do what was asked."""
    action = _state["confirm"]
    _state["confirm"] = None
    if not byid("confirm-last-chance").hidden and byid("last-chance-dont-ask").checked:
        prefs.set_ask_last_chance(False)  # "Don't ask again" (the menu turns it back on)
    close_dialog("confirm")
    if action is not None:
        action()


def show_help(opener: Any = None) -> None:
    """The help dialog, drawn in the language in use, on the rules of the game in play
    (or chosen on the setup screen)."""
    shown["game"] = None
    render_help(byid("help-body"))
    open_dialog("help", opener)
    byid("help").scrollTop = 0


def show_help_of(game: str) -> None:
    """The open help shows ``game``'s rules instead (its button keeps the focus)."""
    render_help(byid("help-body"), game)
    byid("help").scrollTop = 0
    node = document.querySelector(f'#help-body [data-action="help-game"][data-game="{game}"]')
    if found(node):
        node.focus()


def fill_card_info(cid: int) -> None:
    """Put card ``cid``'s name, face and rule in the card-info dialog."""
    c = card_info(cid)
    render("card-info-title", c.get("label") or c["name"])
    render("card-info-card", card(cid, "big"))
    render("card-info-rule", c.get("rule") or c["hint"])


def show_card_info(cid: int, opener: Any = None) -> None:
    """The card-info dialog: card ``cid``'s rule (touch: a long press; any: right-click;
    a tap on a face-up card that is not a control). The table's tip on it is learnt."""
    if is_open("card-info"):
        return
    _state["card"] = cid
    fill_card_info(cid)
    open_dialog("card-info", opener)
    if prefs.card_tip_due():  # the tip under the hand is learnt: gone at the next draw
        prefs.card_tip_seen()


def redraw_open() -> None:
    """After a language switch: redraw the open help or card-info dialog's words."""
    if is_open("help"):
        render_help(byid("help-body"))
    if is_open("card-info") and _state["card"] is not None:
        fill_card_info(_state["card"])
