"""The score calculator: a mode of its own (``<body data-phase="calc">``), opened from
the setup screen's button or by a link (``?calc``), for people playing with real cards.

Everything it shows comes from ``seasalt.web.calc.CalcSession.payload``; a tap on a
control sends the control's code (``data-calc``) to ``CalcSession.submit``, which
answers in words: a refusal (a card the deck has no copy left of, a card that is
never played in front...) shows over the screen (``#calc-notice``), what was done is
said to screen readers (``#calc-status``). The table is kept in localStorage after
every change (`CALC_KEY`); a saved table that cannot be read (however long, deep or
odd: ``CalcSession.load`` reads it within the limits games' saves have) is replaced by a
new one, and a sentence says so; its text is kept (`DAMAGED_KEY`, or where it was when
it cannot be copied, and then the new table is not saved over it) until the player
exports it (``#calc-damaged``). The screen shown and the hand / front switch are the page's
own state (`state`), not the table's. `calc_view` draws.
"""

from __future__ import annotations

from contextlib import suppress
from typing import Any

from pyscript import document, window

from seasalt.web import calc as calc_api
from seasalt.web.saves import export_name

from . import calc_view, dialogs
from .dom import byid, el, found, render, set_phase, show
from .fit import fit_names, fit_tables
from .focus import usable
from .setup import show_setup

#: localStorage key of the calculator's table (``CalcSession.save`` text).
CALC_KEY = "seasalt.calc"
#: localStorage key where a saved table that could not be read is kept, to export.
DAMAGED_KEY = "seasalt.calc.damaged"
#: The page's own state: the session (None until opened), the screen shown, where the
#: picker adds cards, the last refusal; ``damaged``: where an unreadable table is kept
#: (a key, or None).
state: dict[str, Any] = {"session": None, "screen": "table", "zone": "hand", "notice": "",
                         "damaged": None}


def active() -> bool:
    """Whether the calculator is on screen."""
    return str(document.body.getAttribute("data-phase")) == "calc"


def session() -> Any:
    """The calculator's session, read from localStorage the first time (a table that
    cannot be read gives a new one and a notice)."""
    if state["session"] is None:
        try:
            text = window.localStorage.getItem(CALC_KEY)
        except Exception:  # storage switched off: the table lives until the page closes
            text = None
        s, notice = calc_api.CalcSession.load(text if isinstance(text, str) else None)
        state["session"], state["notice"] = s, notice
        if notice:
            _keep_damaged(str(text))
    return state["session"]


def _keep_damaged(text: str) -> None:
    """Keep an unreadable table's text to export: under `DAMAGED_KEY`, and the new
    table is saved; if it cannot be copied, where it is, and the new table is not saved
    over it until it is exported."""
    try:
        window.localStorage.setItem(DAMAGED_KEY, text)
    except Exception:  # no room for a copy: it stays under CALC_KEY
        state["damaged"] = CALC_KEY
        return
    state["damaged"] = DAMAGED_KEY
    state["notice"] = calc_api.calc_text("saved-kept")
    persist()


def _damaged_text() -> str | None:
    """The unreadable table kept, or None."""
    key = state["damaged"]
    try:
        text = window.localStorage.getItem(key) if key else None
    except Exception:
        text = None
    return text if isinstance(text, str) else None


def export_damaged() -> None:
    """Download the unreadable table as it was; then it is no longer kept in the browser
    (a copy is removed, the new table is saved where it was)."""
    from .saves import download
    from .store import stamp

    text = _damaged_text()
    if text is not None:
        download(text, export_name("calc", stamp(), unreadable=True))
        if state["damaged"] == DAMAGED_KEY:
            with suppress(Exception):  # storage switched off meanwhile
                window.localStorage.removeItem(DAMAGED_KEY)
    state["damaged"] = None
    persist()
    draw()


def persist() -> None:
    """Keep the table in localStorage (after every change; not over an unreadable table
    that could not be copied)."""
    if state["damaged"] == CALC_KEY:
        return
    try:
        window.localStorage.setItem(CALC_KEY, state["session"].save())
    except Exception as exc:  # quota, private mode: go on, but say so
        state["notice"] = calc_api.calc_text("not-saved", error=exc)


def open_calc(screen: str | None = None) -> None:
    """Show the calculator (on ``screen``, else the one shown last); the address
    becomes ``?calc`` so that a reload comes back to it."""
    session()
    if screen is not None:
        state["screen"] = screen
    search = str(window.location.search)
    if not calc_api.query_calc(search):  # a reload comes back here (other keys kept)
        window.history.replaceState(None, "", str(window.location.pathname)
                                    + calc_api.calc_query(search, True))
    draw()
    set_phase("calc")
    byid("calc-title").focus()


def close() -> None:
    """Back to the setup screen (the table stays saved)."""
    window.history.replaceState(None, "", str(window.location.pathname)
                                + calc_api.calc_query(str(window.location.search), False))
    render("calc-status", "")
    show_setup()


def _mark() -> tuple[str, str] | None:
    """What has the focus, to find it again after a redraw."""
    node = document.activeElement
    if not found(node):
        return None
    for attribute in ("data-calc", "data-calc-screen", "data-calc-zone"):
        value = node.getAttribute(attribute)
        if isinstance(value, str):
            return attribute, value
    return None


def _refocus(mark: tuple[str, str] | None) -> None:
    if mark is None:
        return
    for node in document.querySelectorAll(f'#calc [{mark[0]}="{mark[1]}"]'):
        if usable(node):
            node.focus()
            return
    byid("calc-title").focus()


def draw(body: bool = True) -> None:
    """Draw the screen shown, keeping the focus on the same control (``body`` false:
    only the tabs and what is above them)."""
    mark = _mark()
    s = session()
    payload = s.payload(state["screen"])
    state["screen"] = payload["screen"]
    calc_view.draw(payload, state["zone"], state["notice"], body)
    damaged = state["damaged"] is not None
    render("calc-damaged", *((el("span", calc_api.calc_text("damaged-kept")), " ",
                              el("button", calc_api.calc_text("export-damaged"),
                                 type="button", class_="btn quiet small",
                                 data_calc_export="damaged"))
                             if damaged else ()))
    show("calc-damaged", damaged)
    fit_names(byid("calc"))
    fit_tables(byid("calc"))
    if active():
        _refocus(mark)


def submit(code: str, value: str = "", body: bool = True) -> None:
    """Send a control's code (and value) to the calculator; keep and redraw (``body``
    false: only the tabs, for a name typed)."""
    answer = session().submit(code, value)
    state["notice"] = "" if answer["ok"] else answer["message"]
    if answer["ok"]:
        persist()
    render("calc-status", answer["message"])
    draw(body or not answer["ok"])


def go(screen: str) -> None:
    """Show another screen (a tab); the page scrolls back to the tabs."""
    state["screen"], state["notice"] = screen, ""
    draw()
    node = byid("calc-tabs")
    if found(node):
        node.scrollIntoView()


def on_click(target: Any) -> bool:
    """A click in the calculator: a tab, the hand / front switch, a control's code
    (New game is confirmed first). Returns whether it was the calculator's."""
    node = target.closest("#calc [data-calc-screen], #calc [data-calc-zone], #calc [data-calc],"
                          " #calc [data-calc-export]")
    if not found(node) or node.matches(":disabled"):
        return found(node)
    if node.hasAttribute("data-calc-export"):
        export_damaged()
        return True
    if node.tagName in ("INPUT", "SELECT"):
        return True  # their change event sends them
    if node.hasAttribute("data-calc-screen"):
        go(str(node.getAttribute("data-calc-screen")))
    elif node.hasAttribute("data-calc-zone"):
        state["zone"] = str(node.getAttribute("data-calc-zone"))
        draw()
    elif node.getAttribute("data-calc") == "new-game":
        dialogs.ask("confirm-calc-new", lambda: submit("new-game"), node)
    else:
        submit(str(node.getAttribute("data-calc")))
    return True


def on_change(target: Any) -> bool:
    """A field or menu of the calculator changed: send its code with its value (a
    checkbox: ``on`` or ``off``). Returns whether it was the calculator's."""
    if not found(target.closest("#calc")) or not target.hasAttribute("data-calc"):
        return False
    code = str(target.getAttribute("data-calc"))
    if target.type == "checkbox":
        submit(code, "on" if target.checked else "off")
    elif target.type == "radio":
        submit(code)
    else:  # a name changes the tabs only: the next field keeps what it holds
        submit(code, str(target.value), body=not code.startswith("name:"))
    return True


def redraw() -> None:
    """After a language switch: the calculator's words anew."""
    if active():
        draw()
