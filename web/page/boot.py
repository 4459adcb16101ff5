"""Start-up: import the engine, load the language ``boot.js`` chose (its catalog), put
the page's fixed words in place, apply the theme, choose the game (a link's ``?game=``,
else the one chosen last), build the setup form, listen, open the linked or saved
game."""

from __future__ import annotations

import asyncio
import traceback

from pyscript import document, window

from seasalt import web_api as api
from seasalt.web_calc import query_calc

from . import calc, flow, keys, prefs, thinker
from .bots import warm_up
from .dialogs import setup_dialogs
from .dom import byid, fail, listen
from .early import adopt_form, take_form
from .events import on_change, on_click, on_key, on_submit
from .setup import build_setup_form, show_setup, shown_kinds
from .store import load_saved, ui


def start() -> None:
    """Start the page: the language's catalog is fetched first (`begin`)."""
    asyncio.ensure_future(begin())


async def begin() -> None:
    """Load the language, then open the game the URL asks for, or the setup screen;
    an error shows the error screen (and reaches the console)."""
    try:
        code = await prefs.load_language(prefs.page_language())
        open_page(code)
    except Exception:
        detail = traceback.format_exc()
        fail(detail)
        window.console.error(detail)


def open_page(code: str) -> None:
    """Open the game the URL asks for, or the setup screen (the catalog is loaded)."""
    entered = take_form()  # the form filled in while Python loaded (setup-early.js)
    prefs.apply_theme(prefs.stored_theme(), store=False)
    prefs.apply_language(code)
    # the game a link names (?game=fruits-de-mer), else the one chosen last time
    ui.game = api.query_game(str(window.location.search)) or prefs.stored_game()
    build_setup_form()
    setup_dialogs()
    listen(document, "click", on_click)
    listen(document, "keydown", on_key)
    listen(document, "change", on_change)
    listen(document, "pointerdown", keys.on_pointerdown)
    listen(document, "pointermove", keys.on_pointermove)
    listen(document, "pointerup", keys.on_pointerup)
    listen(document, "pointercancel", keys.on_pointerup)
    listen(document, "contextmenu", keys.on_contextmenu)
    listen(byid("setup-form"), "submit", on_submit)
    notice = load_saved()
    try:
        settings = api.parse_query(window.location.search)
    except api.SettingsError as exc:
        settings = None
        notice = api.message("bad-link", error=exc)
    if settings is not None:
        # the game is saved from now on: a reload offers to continue it instead
        window.history.replaceState(None, "", window.location.pathname)
        flow.start_table(api.Table.new(settings))
    elif query_calc(str(window.location.search)):  # ?calc: the score calculator
        show_setup(notice)
        calc.open_calc()
    else:
        show_setup(notice)
        adopt_form(entered)
    if settings is None:
        asyncio.ensure_future(get_ready())


async def get_ready() -> None:
    """While the setup screen waits: load the bots, then start the bots' web worker if
    the form or the saved game has a Hard bot (`thinker.wanted`; a later change of a
    seat starts it too)."""
    try:
        await warm_up()
        thinker.wanted(shown_kinds(), ui.game)
        if ui.saved is not None:
            thinker.wanted(ui.saved.kinds, ui.saved.game)
    except Exception:
        fail(traceback.format_exc())
        raise
