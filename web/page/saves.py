"""The saved games' list on the setup screen, and the files its buttons export.

The list (``#saved``, `draw_saves`) shows every saved game of ``state.ui.saves``, the
last played first, from its summary alone (no game is replayed to list it): its game,
players, round and scores, when it was last played, and Continue, Export, Delete (a save
not read yet says so; one whose reading was interrupted offers to try again); one
found open in another tab (``ui.busy``) says so and
offers to play it here (``games.resume`` with ``take_over``); one that cannot be read
says why, with its size, and offers to export it as it is or delete it. The export's
file name says the game and when, never the seed. Loading a game leaves a
``seasalt-load`` performance mark (its actions and milliseconds) and, for a long one,
says the time over the table (`loaded`). Over every screen, `draw_alert` shows the
sentence about a game the storage could not keep, until dismissed, with its export.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from seasalt import i18n
from seasalt.ssp.present.page import page_text
from seasalt.web import bank
from seasalt.web.games import SSP
from seasalt.web.messages import loaded_text, message
from seasalt.web.saves import export_name

from . import store
from .dom import button, el, found, render, show
from .state import Saved, ui


def when_text(ms: float) -> str:
    """A save's time in the page's language (``2 Dec 2026, 14:05``), '' if unknown."""
    if ms <= 0:
        return ""
    options = to_js({"dateStyle": "medium", "timeStyle": "short"},
                    dict_converter=window.Object.fromEntries)
    return str(window.Date.new(ms).toLocaleString(i18n.language(), options))


def _unreadable_item(saved: Saved) -> Any:
    """A save that cannot be read: why, its size, Export as is, Delete (and Try again
    when its reading was only interrupted)."""
    gid, words_id = saved.id, f"saved-{saved.id}"
    size = str(window.Number.new(saved.size).toLocaleString(i18n.language()))
    words = el("div", el("p", message("unreadable", reason=saved.problem),
                         class_="saved-problem", id=f"{words_id}-problem"),
               el("p", message("unreadable-size", size=size), class_="saved-when"),
               class_="saved-words")
    retry = (button(message("try-again"), action="resume", cls="btn quiet small",
                    data_id=gid, aria_describedby=f"{words_id}-problem")
             if saved.retry else None)  # interrupted twice: still the player's to try
    buttons = el("div", retry, button(message("export-raw"), action="export-raw",
                                      cls="btn quiet small", data_id=gid,
                                      aria_describedby=f"{words_id}-problem"),
                 button(message("delete-save"), action="delete-save",
                        cls="btn quiet small", data_id=gid, aria_haspopup="dialog",
                        aria_describedby=f"{words_id}-problem"),
                 class_="saved-buttons")
    return el("li", words, buttons, class_="saved-game unreadable", data_id=gid)


def _words(saved: Saved, words_id: str) -> tuple[Any, str]:
    """An entry's words (from its summary only: no game is replayed to list it) and the
    ids that describe its buttons."""
    info = saved.summary
    when = when_text(saved.saved_at)
    if info is not None:
        game, line = info.title(), info.line()
    else:  # not read yet: its date, read later (`store.fill_next`) or when opened
        game, line = message("saved-game"), message("not-read-yet")
    extra = (el("p", message("reading-interrupted"), class_="saved-problem",
                id=f"{words_id}-note")
             if saved.status == bank.INTERRUPTED else None)
    words = el("div", el("p", game, class_="saved-name", id=f"{words_id}-game"),
               el("p", line, class_="saved-summary", id=f"{words_id}-summary"), extra,
               el("p", message("last-played", when=when), class_="saved-when")
               if when else None,
               class_="saved-words")
    described = f"{words_id}-game {words_id}-summary" + (
        f" {words_id}-note" if extra is not None else "")
    return words, described


def _saved_item(saved: Saved) -> Any:
    """One entry of the saved games' list."""
    if saved.status == bank.UNREADABLE:
        return _unreadable_item(saved)
    gid = saved.id
    words, described = _words(saved, f"saved-{gid}")
    over = saved.over
    busy = None
    # a finished game's Continue opens its results: it says so (issue 39); a save whose
    # reading was interrupted is tried again
    label = (message("try-again") if saved.status == bank.INTERRUPTED
             else page_text("results" if over else "continue"))
    first = button(label, action="resume", cls="btn primary small", data_id=gid,
                   aria_describedby=described)
    if ui.busy == gid:
        busy = el("p", message("in-other-tab"), class_="saved-busy", role="status")
        first = button(message("take-over"), action="take-over", cls="btn primary small",
                       data_id=gid, aria_describedby=described)
    # a finished game can be stepped through (Fruits de mer's round by round)
    replay = button(page_text("replay-game"), action="replay-saved", cls="btn quiet small",
                    data_id=gid, aria_describedby=described) if over else None
    buttons = el("div", first, replay,
                 button(message("export-save"), action="export-save",
                        cls="btn quiet small", data_id=gid, aria_describedby=described),
                 button(message("delete-save"), action="delete-save",
                        cls="btn quiet small", data_id=gid, aria_haspopup="dialog",
                        aria_describedby=described),
                 class_="saved-buttons")
    return el("li", words, busy, buttons, class_="saved-game" + (" over" if over else ""),
              data_id=gid, data_status=saved.status)


def draw_saves() -> None:
    """The saved games' list (hidden when there is none), drawn from the summaries; the
    button that had the focus keeps it."""
    active = document.activeElement
    keep = None
    if found(active) and found(active.closest("#saved-list")):
        keep = (active.getAttribute("data-action"), active.getAttribute("data-id"))
    render("saved-list", *(_saved_item(s) for s in ui.saves))
    show("saved", bool(ui.saves))
    if keep is not None and keep[0] and keep[1]:
        node = document.querySelector(
            f'#saved-list [data-action="{keep[0]}"][data-id="{keep[1]}"]')
        if found(node):
            node.focus()


_ALERT: dict[str, str] = {}
"""What `draw_alert` drew last (an alert is drawn again only when it changes, so a
screen reader announces it once, not after every move)."""


def draw_alert() -> None:
    """The sentence about storage that stays until dismissed (``ui.alert``), with the
    export of the game it could not keep (``ui.unkept``) and a Close button."""
    text = ui.alert
    drawn = f"{text}\n{ui.unkept is not None}"
    if _ALERT.get("drawn") == drawn:
        return
    _ALERT["drawn"] = drawn
    if not text:
        render("storage-alert")
        show("storage-alert", False)
        return
    export = (button(message("export-unkept"), action="export-unkept",
                     cls="btn primary small") if ui.unkept is not None else None)
    render("storage-alert", el("p", text, class_="storage-alert-text"),
           el("div", export, button(page_text("close"), action="dismiss-alert",
                                    cls="btn quiet small"), class_="saved-buttons"))
    show("storage-alert", True)


def download(text: str, name: str) -> None:
    """Let the browser save ``text`` as a JSON file called ``name``."""
    blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"},
                                                dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    link = el("a", href=url, download=name)
    document.body.append(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)


def export_game(table: Any = None) -> None:
    """Download the game on the table, or ``table`` (the one storage could not keep):
    its save, which holds the record (sealed while a hot-seat game is not over); the
    file's name says the game and when, not its seed."""
    t = table if table is not None else ui.table
    if t is None or getattr(t, "remote_guest", False):  # a friend's device holds no record
        return
    ack = ui.ack_round if t is ui.table else None
    download(t.save(ack_round=ack), export_name(t.game, store.stamp()))


def export_saved(game_id: str, *, raw: bool = False) -> None:
    """Download a saved game of the list as it is stored (``raw``: one that cannot be
    read, as it is)."""
    text = store.raw_text(game_id)
    if text is None:
        return
    saved = next((s for s in ui.saves if s.id == game_id), None)
    game = saved.summary.game if saved is not None and saved.summary is not None else SSP
    when = saved.saved_at if saved is not None else 0
    download(text, export_name(game, store.stamp(when), unreadable=raw))


def loaded(table: Any, began: float) -> str:
    """Mark how long loading ``table`` took (a ``seasalt-load`` performance mark with
    its actions and milliseconds) and say it in a sentence."""
    ms = float(window.performance.now()) - began
    detail = {"actions": len(table.record.actions), "ms": round(ms, 1)}
    window.performance.mark("seasalt-load", to_js(
        {"detail": detail}, dict_converter=window.Object.fromEntries))
    return loaded_text(len(table.record.actions), ms / 1000)
