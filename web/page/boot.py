"""Start-up: import the engine, load the language ``boot.js`` chose (its catalog), put
the page's fixed words in place, apply the theme, choose the game (a link's ``?game=``,
else the one chosen last), build the setup form, listen, read the saved games, open the
linked game (one more game in the list) or the setup screen. An error while a link is
being opened shows the error screen with a way to start without the link.

Fruits de mer (chosen last, linked, or chosen in the early form) and ``?calc`` need the
later archive (`later`): it is fetched first; once the setup screen or the linked
table is shown, `more.prefetch` fetches it in the background for what may come."""

from __future__ import annotations

import asyncio
import traceback

from pyscript import document, window

from seasalt.web.games import FDM, SSP, SettingsError
from seasalt.web.messages import message
from seasalt.web.settings import parse_query, query_calc, query_game
from seasalt.web.table import Table

from . import flow, keys, later, more, prefs, remote, store, tabs, thinker
from .bots import warm_up
from .dialogs import setup_dialogs
from .dom import byid, fail, listen
from .early import adopt_form, take_form
from .events import on_change, on_click, on_key, on_submit, submit
from .games import list_changed, lost_game
from .prompt import listen_drags
from .saves import draw_saves
from .setup import build_setup_form, show_setup, shown_kinds
from .state import ui
from .store import read_saves


def start() -> None:
    """Start the page: the language's catalog is fetched first (`begin`)."""
    asyncio.ensure_future(begin())


async def begin() -> None:
    """Load the language, then open the game the URL asks for, or the setup screen;
    an error shows the error screen (and reaches the console)."""
    try:
        code = await prefs.load_language(prefs.page_language())
        await open_page(code)
    except Exception:
        detail = traceback.format_exc()
        fail(detail, link=bool(str(window.location.search).strip("?")))
        window.console.error(detail)


async def open_page(code: str) -> None:
    """Open the game the URL asks for, or the setup screen (the catalog is loaded)."""
    entered = take_form()  # the form filled in while Python loaded (setup-early.js)
    prefs.apply_theme(prefs.stored_theme(), store=False)
    prefs.apply_language(code)
    # the game a link names (?game=fruits-de-mer), else the one chosen last time
    ui.game = query_game(str(window.location.search)) or prefs.stored_game()
    missing = ""  # why the later archive could not be fetched ('' if it was not needed)
    if FDM in (ui.game, (entered or {}).get("game")):  # its words come later
        missing = await later.fetch()
        if missing:
            ui.game = SSP
            if entered:
                entered["game"] = SSP
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
    keys.guard_popovers()  # a tap that closes a drawer does nothing else
    listen_drags(submit, flow.tell)  # a card dropped on a pile: its action, or why not
    listen(byid("setup-form"), "submit", on_submit)
    tabs.set_handlers(lost_game, list_changed)
    later.set_handlers(flow.tell, flow.update)
    flow.STARTING.append(remote.table_starting)  # a table on several phones (issue 42)
    flow.UPDATED.append(remote.pump)
    flow.LEAVING.append(remote.left)
    listen(window, "storage", tabs.on_storage)
    listen(window, "pagehide", tabs.on_pagehide)
    # a #join= link opened on this page already (a camera app may reuse the site's tab)
    listen(window, "hashchange", lambda _event: remote.from_link())
    notice = " ".join(filter(None, [read_saves(), missing]))
    table = None
    try:
        settings = parse_query(window.location.search)
        if settings is not None:
            table = Table.new(settings)
    except SettingsError as exc:
        notice = message("bad-link", error=exc)
    # Fruits de mer's table, and a table on several phones, come with the later archive
    if (table is not None and (table.game == FDM or table.remote)
            and (missing or (missing := await later.fetch()))):
        table, notice = None, " ".join(filter(None, [notice, missing]))
    # ?calc: the score calculator, which comes with the later archive too
    calc_asked = table is None and not missing and query_calc(str(window.location.search))
    if calc_asked:
        missing = await later.fetch()
        if missing:
            notice, calc_asked = " ".join(filter(None, [notice, missing])), False
    if table is not None:
        # one more game in the list; a reload offers to continue it instead
        window.history.replaceState(None, "", window.location.pathname)
        flow.start_table(table, notice=notice)
    elif calc_asked:  # ?calc: the score calculator
        show_setup(notice)
        later.module("calc").open_calc()
    else:
        show_setup(notice)
        # the form as the player left it before Python ran, else as the last game
        # started from it (setup-early.js put that in its form already)
        adopt_form(entered or prefs.stored_form())
        if not remote.from_link():  # #join=CODE: a friend's table, joined at once
            remote.after_reload()  # else a friend's seat this tab had: how to get it back
    more.prefetch()  # the later archive, in the background, for what may come
    if table is None:
        asyncio.ensure_future(get_ready())
        store.fill_next(draw_saves)  # saves without a summary: read one by one, later


async def get_ready() -> None:
    """While the setup screen waits: load the bots, then start the bots' web worker if
    the form or the game last played has a Hard bot (`thinker.wanted`; a later change of a
    seat starts it too)."""
    try:
        await warm_up()
        thinker.wanted(shown_kinds(), ui.game)
        for saved in ui.saves[:1]:  # the game last played, likely to be continued
            if saved.summary is not None:  # its summary says which game and seats
                info = saved.summary
                if info.game != SSP and await later.fetch():
                    continue  # its bots' heuristics are in the later archive, not here
                thinker.wanted(list(info.kinds), info.game)
    except Exception:
        fail(traceback.format_exc())
        raise
