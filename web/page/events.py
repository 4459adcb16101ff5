"""The page's listeners: clicks on action codes, page buttons and hand cards; form changes."""

from __future__ import annotations

import asyncio
import traceback
from typing import Any

from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from seasalt import web_api as api

from . import bots, calc, cards, coach, dialogs, flow, keys, prefs, prompt, replay
from .dom import el, fail, found, show
from .setup import (
    choose_game,
    fill_setup_words,
    most_rows,
    remove_seat,
    show_notice,
    show_setup,
    start_from_form,
    update_seat_rows,
)
from .store import SAVE_KEY, UI_KEY, persist, storage, ui


def submit(code: str) -> None:
    """Send a clicked action code with the ply it was offered at."""
    t = ui.table
    seat = t.viewer() if t is not None else None
    if t is None or seat is None:
        return
    try:
        t.submit(seat, ui.view_ply, code)
    except (api.IllegalActionError, api.InvalidActionError) as exc:
        ui.message = api.message("not-possible", error=exc)
    else:
        ui.message = ""
        ui.selection = []
        persist()
    flow.update()


def toggle_card(cid: int) -> None:
    """Select or unselect a hand card for a duo, a trio or a swap, or a drawn card to
    keep (then the discard piles take the other: ``api.pile_actions``)."""
    t = ui.table
    if t is None or t.viewer() is None:
        return
    selection = api.toggle(t.view(t.viewer()), ui.selection, cid)
    if selection == ui.selection:  # nothing to select now, or not a hand card
        return
    ui.selection = selection
    flow.update()


def export_game() -> None:
    """Download the game (its save, which holds the record) as a JSON file."""
    t = ui.table
    if t is None:
        return
    blob = window.Blob.new(to_js([t.save()]), to_js({"type": "application/json"},
                                                    dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    prefix = "seasalt-game" if t.game == api.SSP else f"seasalt-{t.game}"
    link = el("a", href=url, download=f"{prefix}-{t.record.seed}.json")
    document.body.append(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)


async def import_game(file: Any) -> None:
    """Load a game file chosen on the setup screen."""
    text = await file.text()
    try:
        table = api.Table.load(text)
    except Exception as exc:  # a foreign file is a message, not a crash
        show_notice(api.message("bad-file", error=exc), bring=True)
        return
    flow.start_table(table)


async def replay_file(file: Any) -> None:
    """Open a game file chosen on the setup screen in the replay (or say why not)."""
    show_notice(await replay.open_file(file), bring=True)


def page_action(name: str, node: Any) -> None:
    """Buttons that drive the page rather than the game (``data-action``)."""
    t = ui.table
    if name == "start":
        start_from_form()
    elif name == "add-seat":
        ui.seat_rows = min(most_rows(), ui.seat_rows + 1)
        update_seat_rows()
    elif name == "remove-seat":
        remove_seat(int(node.getAttribute("data-row")))
    elif name == "resume" and ui.saved is not None:
        flow.start_table(ui.saved, ui.saved_ack)
    elif name == "discard-save":
        dialogs.ask("confirm-discard", discard_save, node)
    elif name == "confirm-yes":
        dialogs.confirmed()
    elif name == "close-dialog":
        dialogs.close_top()
    elif name == "help":
        keys.close_menu(keep_focus=True)
        dialogs.show_help(node)
    elif name == "continue" and t is not None:
        ui.ack_round = t.round
        persist()
        flow.update()
    elif name == "handoff-ready" and t is not None:
        ui.shown = ui.handoff
        ui.handoff = None
        dialogs.close_dialog("handoff")
        flow.update()
    elif name == "undo" and t is not None and t.can_undo():  # issue 12 (H3)
        t.undo()
        ui.selection, ui.message = [], ""
        persist()
        flow.update()
    elif name == "clear-selection":
        ui.selection = []
        flow.update()
    elif name == "export":
        export_game()
    elif name == "new-game":
        document.getElementById("table-menu").open = False
        ui.bot_token = None
        if t is not None and not t.over:
            ui.saved, ui.saved_ack = t, ui.ack_round
        ui.table = None
        if t is not None:  # the chooser offers the game just played
            choose_game(t.game)
        show_setup()
    elif name == "rematch" and t is not None:
        flow.start_table(t.rematch())
    elif name == "coach-suggest":
        coach.ask()
    elif name.startswith("watch-"):  # watching bots: pause, resume, step (H4)
        bots.watch_action(name)
    elif name == "replay-open":
        replay.open_current()
    elif name.startswith("replay-"):  # the replay's buttons
        replay.action(name, node)
    elif name == "help-game":  # the help's other game's rules
        dialogs.show_help_of(str(node.getAttribute("data-game")))
    elif name == "calc-open":  # the score calculator (issue 16)
        calc.open_calc()
    elif name == "calc-close":
        calc.close()



def discard_save() -> None:
    """Forget the saved game (after the player confirmed)."""
    storage().removeItem(SAVE_KEY)
    storage().removeItem(UI_KEY)
    ui.saved = None
    show("resume", False)


def on_click(event: Any) -> None:
    """One listener for the whole page: action codes (some confirmed first), page
    buttons, hand cards. The click that ends a long press on a card is not a click."""
    try:
        target = event.target
        if event.isTrusted and not found(target.closest("#table-menu")):
            keys.close_menu(keep_focus=True)  # a person's click elsewhere closes the menu
        if keys.held(event) or prompt.dragged():  # a long press or a drag: no click
            event.preventDefault()
            return
        if flow.fdm_on_screen() and flow.fdm_module().on_click(target):
            return  # Fruits de mer's hand: a tap selects a card, a second one plays it
        if calc.active() and calc.on_click(target):
            return  # the score calculator's tabs, switch and controls
        node = target.closest("[data-code]")
        if found(node) and not replay.active():
            if not node.matches(":disabled"):
                code = node.getAttribute("data-code")
                which = node.getAttribute("data-confirm")
                if isinstance(which, str):
                    dialogs.ask(which, lambda: submit(code), node)
                else:
                    submit(code)
            return
        node = target.closest("[data-action]")
        if found(node):
            event.preventDefault()
            page_action(node.getAttribute("data-action"), node)
            return
        node = target.closest(".my-hand [data-card], .keep-choice [data-card]")
        if found(node) and not replay.active():  # a card for a duo; a drawn card to keep
            toggle_card(int(node.getAttribute("data-card")))
    except Exception:
        fail(traceback.format_exc())
        raise


def on_key(event: Any) -> None:
    """Keys: Fruits de mer's table first (``fdm_table.on_key``); Enter or Space on a
    focused card acts like a click; shortcuts (`keys.on_keydown`)."""
    try:
        if replay.active() and replay.on_key(event):
            return  # the replay's keys; the game's shortcuts do not act in it
        if flow.fdm_on_screen() and flow.fdm_module().on_key(event):
            return  # Fruits de mer's table: 1-6, arrows, Enter on its hand
        keys.on_keydown(event, on_click)
    except Exception:
        fail(traceback.format_exc())
        raise


def redraw() -> None:
    """Redraw whatever is on screen (after a language switch): the table's words, the
    log anew, the setup form's menus, an open dialog."""
    cards.forget()
    fill_setup_words()
    ui.log_key = None
    if replay.active():
        replay.draw()
    elif calc.active():
        calc.draw()
    elif ui.table is not None:
        flow.update()  # the table words its log anew in the new language
    elif document.body.getAttribute("data-phase") == "setup":
        show_setup()
    dialogs.redraw_open()


async def change_language(code: str) -> None:
    """Switch the language (a menu's choice), keeping the game."""
    try:
        await prefs.switch_language(code, redraw)
    except Exception:
        fail(traceback.format_exc())
        raise


def on_change(event: Any) -> None:
    """Form menus: seat kinds (name placeholders), the table's speed, a file to import."""
    try:
        target = event.target
        pref = target.getAttribute("data-pref")
        if calc.active() and calc.on_change(target):
            return
        if pref == "lang":
            asyncio.ensure_future(change_language(target.value))
        elif pref == "theme":
            prefs.apply_theme(target.value)
        elif pref == "hand-order":  # issue 12 (H3): remembered, the hand redrawn
            prefs.set_hand_order(target.value)
            if ui.table is not None:
                flow.update()
        elif pref == "ask-last-chance":
            prefs.set_ask_last_chance(bool(target.checked))
        elif pref == "coach":  # the Suggest button and the round reviews
            prefs.set_coach(bool(target.checked))
            if ui.table is not None:
                flow.update()
        elif target.id == "table-speed" and ui.table is not None:
            ui.table.set_speed(target.value)
            persist()
        elif target.getAttribute("name") == "game" and target.checked:
            choose_game(str(target.value))
        elif target.id == "replay-file":
            files = target.files
            if files.length:
                asyncio.ensure_future(replay_file(files.item(0)))
            target.value = ""
        elif target.id == "import-file":
            files = target.files
            if files.length:
                asyncio.ensure_future(import_game(files.item(0)))
            target.value = ""
        elif target.hasAttribute("data-row"):
            update_seat_rows()
    except Exception:
        fail(traceback.format_exc())
        raise


def on_submit(event: Any) -> None:
    """The setup form (Enter in a field, or the Start button)."""
    event.preventDefault()
    try:
        start_from_form()
    except Exception:
        fail(traceback.format_exc())
        raise
