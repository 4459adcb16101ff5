"""The setup form filled in before Python ran (``setup-early.js``), taken over.

While the engine downloads, ``setup-early.js`` shows the setup form and lets it be
filled in: the game, the seats, the options, even Start (or Continue, or a game file).
When Python is ready, `take_form` asks it for what was entered (which also empties the parts
it drew, for `setup.build_setup_form` to build), and once the setup screen is built,
`adopt_form` puts the values back where the player left them (the focus too) and does what
was asked: the game starts at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from pyscript import document, window

from seasalt.web.games import GAMES
from seasalt.web.settings import SEAT_KINDS, SPEEDS

from . import actions, events
from .dom import byid, found
from .setup import choose_game, most_rows, update_seat_rows
from .state import ui


def take_form() -> dict[str, Any] | None:
    """What ``setup-early.js`` holds (``{"game", "seats": [[kind, name]], "speed",
    "seed", "target", "extra_salt", "extra_pepper", "lang", "focus", "action"}``), or
    None when it did not run (a link that opens a game, an unbuilt page) or was taken
    already. The form's early parts are removed."""
    early = getattr(window, "seasaltEarly", None)
    if early is None or not found(early):
        return None
    text = early.take()
    if not text:
        return None
    state: dict[str, Any] = json.loads(str(text))
    state["file"] = early.file if found(early.file) else None
    return state


def adopt_form(state: dict[str, Any] | None) -> None:
    """Put the early form's values into the setup screen Python built, then do what the
    player asked before Python was ready (start, continue the saved game, open a file).

    Args:
        state: From `take_form` (None: nothing to do). Values the form does not offer (an
            unknown game, kind or speed) are left as Python set them.
    """
    if not state:
        return
    if state.get("game") in GAMES and state["game"] != ui.game:
        choose_game(state["game"])
    seats = [s for s in state.get("seats", []) if isinstance(s, list) and len(s) == 2]
    ui.seat_rows = max(2, min(len(seats) or ui.seat_rows, most_rows()))
    for i, (kind, name) in enumerate(seats[: ui.seat_rows]):
        select = document.querySelector(f'[name="kind-{i}"]')
        if kind in SEAT_KINDS:
            select.value = kind
        document.querySelector(f'[name="name-{i}"]').value = str(name)[:24]
    if state.get("speed") in SPEEDS:
        byid("speed").value = state["speed"]
    byid("seed").value = str(state.get("seed", ""))
    target = document.querySelector(f'input[name="target"][value="{state.get("target")}"]')
    if found(target):
        target.checked = True
    byid("extra-salt").checked = bool(state.get("extra_salt"))
    byid("extra-pepper").checked = bool(state.get("extra_pepper"))
    update_seat_rows()
    refocus(state.get("focus"))
    act(state)


def refocus(focus: dict[str, Any] | None) -> None:
    """Give the focus back to the field that had it (its caret or selection too)."""
    if not focus:
        return
    node = (document.querySelector(f'#setup [name="{focus["name"]}"]') if focus.get("name")
            else byid(focus["id"]) if focus.get("id") else None)
    if node is None or not found(node):
        return
    node.focus()
    if focus.get("start") is not None:
        with contextlib.suppress(Exception):  # a field without a caret: the focus is enough
            node.setSelectionRange(focus["start"], focus["end"])


def act(state: dict[str, Any]) -> None:
    """Do what the player asked before Python was ready (`adopt_form`)."""
    action = state.get("action")
    if state.get("lang") and state["lang"] != document.documentElement.lang:
        asyncio.ensure_future(events.change_language(state["lang"]))
    if action == "start":
        actions.page_action("start", None)
    elif action == "import" and state.get("file") is not None:
        asyncio.ensure_future(events.import_game(state["file"]))
    elif action == "replay" and state.get("file") is not None:
        asyncio.ensure_future(events.replay_file(state["file"]))
