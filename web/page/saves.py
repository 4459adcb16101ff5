"""The saved games' list on the setup screen, and what its buttons do.

The list (``#saved``, `draw_saves`) shows every saved game of ``store.ui.saves``, the
last played first: its game, players, round and scores, when it was last played, and
Continue, Export, Delete; one found open in another tab (``ui.busy``) says so and
offers to play it here (`resume` with ``take_over``); one that cannot be read says why,
with its size, and offers to export it as it is or delete it. An imported file is one
more game (`import_game`); the export's file name says the game and when, never the
seed. Loading a game leaves a ``seasalt-load`` performance mark (its actions and
milliseconds) and, for a long one, says the time over the table (`loaded`).
"""

from __future__ import annotations

import traceback
from typing import Any

from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from seasalt import i18n
from seasalt.ssp.present.page import page_text
from seasalt.web import messages as web_messages
from seasalt.web.saves import MAX_SAVE_CHARS, SaveError, export_name
from seasalt.web.settings import FDM, SSP
from seasalt.web.table import Table
from seasalt.web.words import resume_game, resume_summary

from . import dialogs, flow, later, setup, store, tabs
from .dom import button, el, fail, found, render, show
from .store import Saved, ui

#: A game of more actions than this says how long loading it took when continued.
LONG_GAME = 5000


def when_text(ms: float) -> str:
    """A save's time in the page's language (``2 Dec 2026, 14:05``), '' if unknown."""
    if ms <= 0:
        return ""
    options = to_js({"dateStyle": "medium", "timeStyle": "short"},
                    dict_converter=window.Object.fromEntries)
    return str(window.Date.new(ms).toLocaleString(i18n.language(), options))


def _saved_item(saved: Saved) -> Any:
    """One entry of the saved games' list."""
    gid = saved.id
    words_id = f"saved-{gid}"
    if saved.table is None:
        size = str(window.Number.new(saved.size).toLocaleString(i18n.language()))
        words = el("div", el("p", web_messages.message("unreadable", reason=saved.problem),
                             class_="saved-problem", id=f"{words_id}-problem"),
                   el("p", web_messages.message("unreadable-size", size=size), class_="saved-when"),
                   class_="saved-words")
        buttons = el("div", button(web_messages.message("export-raw"), action="export-raw",
                                   cls="btn quiet small", data_id=gid,
                                   aria_describedby=f"{words_id}-problem"),
                     button(web_messages.message("delete-save"), action="delete-save",
                            cls="btn quiet small", data_id=gid, aria_haspopup="dialog",
                            aria_describedby=f"{words_id}-problem"),
                     class_="saved-buttons")
        return el("li", words, buttons, class_="saved-game unreadable", data_id=gid)
    t = saved.table
    v = t.resume_view()  # Fruits de mer's words without its presenter (fetched later)
    when = when_text(saved.saved_at)
    words = el("div", el("p", resume_game(v), class_="saved-name", id=f"{words_id}-game"),
               el("p", resume_summary(v, t.over), class_="saved-summary",
                  id=f"{words_id}-summary"),
               el("p", web_messages.message("last-played", when=when), class_="saved-when")
               if when else None,
               class_="saved-words")
    described = f"{words_id}-game {words_id}-summary"
    busy = None
    first = button(page_text("continue"), action="resume",
                   cls="btn primary small", data_id=gid, aria_describedby=described)
    if ui.busy == gid:
        busy = el("p", web_messages.message("in-other-tab"), class_="saved-busy", role="status")
        first = button(web_messages.message("take-over"), action="take-over",
                       cls="btn primary small", data_id=gid, aria_describedby=described)
    # a finished Sea Salt & Paper game can be stepped through (the replay draws that game)
    replay = button(page_text("replay-game"), action="replay-saved", cls="btn quiet small",
                    data_id=gid, aria_describedby=described) if (
                        t.over and t.game == SSP) else None
    buttons = el("div", first, replay,
                 button(web_messages.message("export-save"), action="export-save",
                        cls="btn quiet small", data_id=gid, aria_describedby=described),
                 button(web_messages.message("delete-save"), action="delete-save",
                        cls="btn quiet small", data_id=gid, aria_haspopup="dialog",
                        aria_describedby=described),
                 class_="saved-buttons")
    return el("li", words, busy, buttons, class_="saved-game" + (" over" if t.over else ""),
              data_id=gid)


def draw_saves() -> None:
    """The saved games' list (hidden when there is none)."""
    render("saved-list", *(_saved_item(s) for s in ui.saves))
    show("saved", bool(ui.saves))


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


def export_game() -> None:
    """Download the game on the table (its save, which holds the record: sealed while a
    hot-seat game is not over); the file's name says the game and when, not its seed."""
    t = ui.table
    if t is None:
        return
    download(t.save(ack_round=ui.ack_round), export_name(t.game, store.stamp()))


def export_saved(game_id: str, *, raw: bool = False) -> None:
    """Download a saved game of the list as it is stored (``raw``: one that cannot be
    read, as it is)."""
    text = store.raw_text(game_id)
    if text is None:
        return
    saved = next((s for s in ui.saves if s.id == game_id), None)
    game = saved.table.game if saved is not None and saved.table is not None else SSP
    when = saved.saved_at if saved is not None else 0
    download(text, export_name(game, store.stamp(when), unreadable=raw))


def loaded(table: Any, began: float) -> str:
    """Mark how long loading ``table`` took (a ``seasalt-load`` performance mark with
    its actions and milliseconds) and say it in a sentence."""
    ms = float(window.performance.now()) - began
    detail = {"actions": len(table.record.actions), "ms": round(ms, 1)}
    window.performance.mark("seasalt-load", to_js(
        {"detail": detail}, dict_converter=window.Object.fromEntries))
    return web_messages.loaded_text(len(table.record.actions), ms / 1000)


async def import_game(file: Any) -> None:
    """Load a game file chosen on the setup screen: one more game in the list (never in
    place of another), or a sentence saying why not. A file too large for a save is
    refused before it is read."""
    if float(file.size) > MAX_SAVE_CHARS * 4:  # bytes: a character takes 1 to 4
        setup.show_notice(web_messages.message("bad-file", error=SaveError(
            "damaged", "the file is too large").args[0]), bring=True)
        return
    text = await file.text()
    began = float(window.performance.now())
    try:
        table = Table.load(text)
    except Exception as exc:  # noqa: BLE001 - a foreign file is a message, not a crash
        setup.show_notice(web_messages.message("bad-file", error=exc), bring=True)
        return
    notice = loaded(table, began)
    if table.game == FDM and not await later.need():  # its table comes later
        return
    flow.start_table(table, notice=notice)


async def resume(game_id: str, *, take_over: bool = False) -> None:
    """Continue a saved game of the list, read again from localStorage (another tab may
    have played it since): first this tab must play it (`tabs.claim`); when another tab
    does, the list says so and offers to take it over."""
    try:
        if not await tabs.claim(game_id, take_over=take_over):
            ui.busy = game_id
            draw_saves()
            node = document.querySelector(f'[data-action="take-over"][data-id="{game_id}"]')
            if found(node):
                node.focus()
            return
        began = float(window.performance.now())
        saved = store.read_save(game_id)
        if saved is None or saved.table is None:
            tabs.release(game_id)
            store.refresh(game_id)
            setup.show_setup()
            return
        message = loaded(saved.table, began) if len(saved.table.record.actions) > LONG_GAME else ""
        if saved.table.game == FDM and not await later.need():  # its table comes later
            tabs.release(game_id)
            return
        flow.start_table(saved.table, saved.table.ack_round, game_id, notice=message)
    except Exception:
        fail(traceback.format_exc())
        raise


def lost_game(game_id: str) -> None:
    """Another tab took over the game on this table: stop it here, say so."""
    if ui.game_id != game_id:
        return
    dialogs.close_dialog("handoff")
    ui.handoff = None
    flow.leave_table(web_messages.message("taken-over"))


def list_changed(game_id: str) -> None:
    """Another tab saved or deleted a game: the list shows it as it is now (only while
    the setup screen shows, and not the game on this table)."""
    if ui.table is not None or game_id == ui.game_id:
        return
    if str(document.body.getAttribute("data-phase")) != "setup":
        return
    store.refresh(game_id)
    draw_saves()


def discard_save(game_id: str) -> None:
    """Delete a saved game of the list (after the player confirmed)."""
    store.delete_save(game_id)
    if ui.busy == game_id:
        ui.busy = None
    draw_saves()
    heading = document.getElementById("setup-title")
    if found(heading):
        heading.focus()
