"""The page's listeners: clicks on action codes, page buttons (`actions.page_action`)
and hand cards; form changes.

The ways into the later archive's features (Fruits de mer chosen, the calculator, the
replay, the coach's Suggest, the other game's help) go through `later`, which fetches
it first (``more.need``)."""

from __future__ import annotations

import asyncio
import traceback
from typing import Any

from pyscript import document

from seasalt.core.errors import IllegalActionError, InvalidActionError
from seasalt.ssp.present.prompt import toggle
from seasalt.web.messages import message

from . import cards, dialogs, flow, keys, later, prefs, prompt
from .actions import page_action, pick_game
from .dom import fail, found
from .games import import_game, start_from_form
from .setup import (
    fill_setup_words,
    show_notice,
    show_setup,
    update_seat_rows,
)
from .state import ui
from .tabs import persist


def submit(code: str) -> None:
    """Send a clicked action code with the ply it was offered at."""
    t = ui.table
    seat = t.viewer() if t is not None else None
    if t is None or seat is None or getattr(t, "sent", False):
        return  # (a friend's device: its decision went to the host, the answer is awaited)
    try:
        t.submit(seat, ui.view_ply, code)
    except (IllegalActionError, InvalidActionError) as exc:
        ui.message = message("not-possible", error=exc)
    else:
        ui.message = ""
        ui.selection = []
        persist()
    flow.update()


def toggle_card(cid: int) -> None:
    """Select or unselect a hand card for a duo, a trio or a swap, or a drawn card to
    keep (then the discard piles take the other: ``pile_actions``)."""
    t = ui.table
    if t is None or t.viewer() is None:
        return
    selection = toggle(t.view(t.viewer()), ui.selection, cid)
    if selection == ui.selection:  # nothing to select now, or not a hand card
        return
    ui.selection = selection
    flow.update()


async def replay_file(file: Any) -> None:
    """Open a game file chosen on the setup screen in the replay (or say why not)."""
    if await later.need():
        show_notice(await later.module("replay").open_file(file), bring=True)


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
        if flow.fdm_on_screen() and flow.fdm_module().on_click(target, submit):
            return  # Fruits de mer's hand: a tap selects a card, a second one plays it
        if later.calc_on() and later.module("calc").on_click(target):
            return  # the score calculator's tabs, switch and controls
        node = target.closest("[data-code]")
        if found(node) and not later.replay_on():
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
        if found(node) and node.getAttribute("role") == "button" and not later.replay_on():
            toggle_card(int(node.getAttribute("data-card")))  # for a duo; a card to keep
            return
        node = target.closest("#playing [data-card][role=img]")
        if found(node) and not found(node.closest("button")):  # not a control: its rule
            dialogs.show_card_info(int(node.getAttribute("data-card")))
    except Exception:
        fail(traceback.format_exc())
        raise


def on_key(event: Any) -> None:
    """Keys: Fruits de mer's table first (``fdm_table.on_key``); Enter or Space on a
    focused card acts like a click; shortcuts (`keys.on_keydown`)."""
    try:
        if later.replay_on() and later.module("replay").on_key(event):
            return  # the replay's keys; the game's shortcuts do not act in it
        if flow.fdm_on_screen() and flow.fdm_module().on_key(event, submit):
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
    if later.replay_on():
        later.module("replay").draw()
    elif later.calc_on():
        later.module("calc").draw()
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
        if later.calc_on() and later.module("calc").on_change(target):
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
            pick_game(str(target.value))
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
