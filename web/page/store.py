"""What the page remembers: the `ui` singleton and the saves in localStorage."""

from __future__ import annotations

import json
from typing import Any

from pyscript import window

from seasalt import web_api as api

"""Every value `set_phase` accepts; each has a ``<section id=...>`` in index.html."""
SAVE_KEY = "seasalt.save"
"""localStorage key of the game in progress (``Table.save()`` text)."""
UI_KEY = "seasalt.ui"


class UI:
    """What the page remembers besides the game (module-level singleton `ui`).

    Attributes:
        table: the game (``web_api.Table``) or None.
        ack_round: the last round whose end the player has seen; a higher
            ``table.round`` means the round-over screen is due.
        shown: hot-seat: the human whose hand was shown last (None: nobody yet).
        handoff: hot-seat: the human waiting behind the "pass the device" screen.
        selection: hand cards selected for a duo.
        view_ply: the ply of the view on screen (sent with every action).
        bot_token: the active bot loop's token (None: no loop runs).
        last_draw: when the table was last drawn (``time.monotonic()``).
        saved, saved_ack: a game found in localStorage (offered on the setup screen)
            and its acknowledged round.
        log_key, log_count: what the log panel holds (viewer, lines).
        message: a one-line note shown over the table.
        seat_rows: seats shown in the setup form (2 to the chosen game's most).
        game: the game chosen on the setup screen (``api.GAMES``).
        warm: the games whose bots `warm_up` has loaded.
    """

    def __init__(self) -> None:
        self.table: Any = None
        self.ack_round = 0
        self.shown: int | None = None
        self.handoff: int | None = None
        self.selection: list[int] = []
        self.view_ply = -1
        self.bot_token: object | None = None
        self.last_draw = 0.0
        self.saved: Any = None
        self.saved_ack = 0
        self.log_key: Any = None
        self.log_count = 0
        self.message = ""
        self.seat_rows = 2
        self.game: str = api.SSP
        self.warm: set[str] = set()


ui = UI()


def storage() -> Any:
    """``window.localStorage``."""
    return window.localStorage


def persist() -> None:
    """Save the game and the page state in localStorage (after every action)."""
    t = ui.table
    if t is None:
        return
    try:
        storage().setItem(SAVE_KEY, t.save())
        storage().setItem(UI_KEY, json.dumps({"ack_round": ui.ack_round, "ply": t.ply}))
    except Exception as exc:  # quota, private mode: play on, but say so
        ui.message = api.message("not-saved", error=exc)


def read_ack_round(table: Any) -> int:
    """The acknowledged round stored with a save (the current round if unknown)."""
    try:
        text = storage().getItem(UI_KEY)
        data = json.loads(text if isinstance(text, str) else "{}")
        ack = int(data["ack_round"])
        if data.get("ply") == table.ply and 1 <= ack <= table.round:
            return ack
    except (ValueError, KeyError, TypeError):
        pass
    return int(table.round)


def load_saved() -> str:
    """Look for a saved game; keep it in ``ui.saved``. Returns a notice ('' if fine)."""
    try:
        text = storage().getItem(SAVE_KEY)
    except Exception as exc:  # storage switched off: play without saves
        return api.message("no-storage", error=exc)
    if not isinstance(text, str):  # null: nothing saved
        return ""
    try:
        ui.saved = api.Table.load(text)
    except Exception as exc:  # a corrupt or foreign save must never stop the page
        storage().removeItem(SAVE_KEY)
        storage().removeItem(UI_KEY)
        ui.saved = None
        return api.message("save-discarded", error=exc)
    ui.saved_ack = read_ack_round(ui.saved)
    return ""
