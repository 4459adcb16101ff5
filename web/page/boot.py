"""Start-up: import the engine, put the page's fixed words in place (the presenter's, in
the language in use), build the setup form, listen, open the linked or saved game."""

from __future__ import annotations

import asyncio

from pyscript import document, window

import seasalt
from seasalt import web_api as api

from . import flow
from .bots import warm_up
from .dom import byid, fill_texts, listen, render
from .events import on_change, on_click, on_key, on_submit
from .setup import build_setup_form, show_setup
from .store import load_saved


def start() -> None:
    """Open the game the URL asks for, or the setup screen (the engine is imported)."""
    fill_texts(api.page_texts())
    version = getattr(seasalt, "__version__", None)
    render("version", api.message("engine", version=version) if version else "")
    build_setup_form()
    listen(document, "click", on_click)
    listen(document, "keydown", on_key)
    listen(document, "change", on_change)
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
    else:
        show_setup(notice)
    if settings is None:
        asyncio.ensure_future(warm_up())
