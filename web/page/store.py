"""The saved games in localStorage: read, listed, forgotten (the page state: `state`).

Every game is saved after every action, each in its own entry,
``seasalt.game.<id>`` (`GAME_PREFIX`): the text of ``Table.save()`` (the save
format's version 2: kinds, speed, the round whose end was shown, when, whether it is
over, the record; sealed in a hot-seat game, ``seasalt.web.api``). The setup screen
lists them (`read_saves`, drawn by ``setup.draw_saves``): a new game, a link's or an
imported one, is one more entry and never replaces another. At most
``MAX_SAVED_GAMES`` are kept: a new game makes room by dropping the oldest
finished ones (``room.make_room``; never an unfinished one), and a save the browser
refuses (its storage full) first drops those too, then says so (``room.write``):
nothing goes silently.

A save that cannot be read is kept as it is, listed with the reason, to export as it
is or delete; nothing is ever deleted but by the player or to make room. Every save
is read within limits (``Table.load``), and before reading one its id goes to
``seasalt.reading`` (`READING_KEY`): should reading it ever stop the page, the next
start finds the mark and keeps that save aside (``seasalt.aside.<id>``) unread.
The single save of earlier versions (``seasalt.save`` with ``seasalt.ui``) becomes
one entry of the list (`migrate_legacy`).

Which tab plays a game is `tabs`' business: its `persist` writes only the game this tab
owns.
"""

from __future__ import annotations

import contextlib
import time
from typing import Any

from pyscript import window

from seasalt.web.messages import message
from seasalt.web.saves import SaveError, load_text, new_game_id, save_problem
from seasalt.web.table import Table

from .state import Saved, ui

GAME_PREFIX = "seasalt.game."
"""localStorage key prefix of a saved game (``seasalt.game.<id>``: its save's text)."""
ASIDE_PREFIX = "seasalt.aside."
"""``seasalt.aside.<id>``: a save that stopped the page while it was read, kept unread."""
READING_KEY = "seasalt.reading"
"""The id of the save being read (removed once read)."""
LEGACY_SAVE_KEY = "seasalt.save"
"""The single saved game of earlier versions (moved into the list at start)."""
LEGACY_UI_KEY = "seasalt.ui"
"""Its page state (``{"ack_round", "ply"}``)."""


def storage() -> Any:
    """``window.localStorage``."""
    return window.localStorage


def now_ms() -> float:
    """The time in milliseconds since 1970 (``Date.now()``)."""
    return float(window.Date.now())


def game_ids() -> list[str]:
    """The ids of every saved game in localStorage."""
    store = storage()
    keys = [store.key(i) for i in range(int(store.length))]
    return sorted(k[len(GAME_PREFIX):] for k in keys
                  if isinstance(k, str) and k.startswith(GAME_PREFIX))


def raw_text(game_id: str) -> str | None:
    """A saved game's text as stored (None: no such game)."""
    text = storage().getItem(GAME_PREFIX + game_id)
    return text if isinstance(text, str) else None


def _summary(game_id: str, table: Any, size: int) -> Saved:
    return Saved(game_id, table, "", size, float(table.saved_at), bool(table.over))


def read_save(game_id: str) -> Saved | None:
    """One saved game, read from localStorage now (within limits; the reading mark set
    while it is read). None when there is no such game."""
    text = raw_text(game_id)
    if text is None:
        return None
    aside = storage().getItem(ASIDE_PREFIX + game_id)
    if isinstance(aside, str):
        return Saved(game_id, None, save_problem(SaveError("crashed")), len(text),
                     0, False)
    with contextlib.suppress(Exception):  # storage full: read it all the same
        storage().setItem(READING_KEY, game_id)
    try:
        table = Table.load(text)
    except Exception as exc:  # noqa: BLE001 - an unreadable save is listed, never a crash
        return Saved(game_id, None, save_problem(exc), len(text), 0, False)
    finally:
        storage().removeItem(READING_KEY)
    return _summary(game_id, table, len(text))


def _order(saves: list[Saved]) -> list[Saved]:
    """Readable games first, the last played first; then the unreadable ones."""
    return sorted(saves, key=lambda s: (s.table is None, -s.saved_at, s.id))


def read_saves() -> str:
    """Read every saved game into ``ui.saves`` (a save that stopped the page when it was
    last read is put aside first). Returns a notice ('' if none): storage that cannot
    be used."""
    try:
        stopped = storage().getItem(READING_KEY)
        if isinstance(stopped, str):  # reading it stopped the page: never again
            storage().setItem(ASIDE_PREFIX + stopped, "crashed")
            storage().removeItem(READING_KEY)
        notice = migrate_legacy()
        saves = [s for s in (read_save(i) for i in game_ids()) if s is not None]
    except Exception as exc:  # noqa: BLE001 - storage switched off: play without saves
        ui.saves = []
        return message("no-storage", error=exc)
    ui.saves = _order(saves)
    return notice


def refresh(game_id: str, table: Any = None) -> None:
    """Put one game's entry of ``ui.saves`` up to date: ``table`` when given (the game
    just left), else read again from localStorage (gone: dropped from the list)."""
    saved = (_summary(game_id, table, len(raw_text(game_id) or ""))
             if table is not None else read_save(game_id))
    rest = [s for s in ui.saves if s.id != game_id]
    ui.saves = _order(rest + ([saved] if saved is not None else []))


def migrate_legacy() -> str:
    """Move the single save of earlier versions (``seasalt.save``) into the list, with
    the round its page state says was shown; an unreadable one is moved as it is.
    Returns a notice ('' if fine)."""
    text = storage().getItem(LEGACY_SAVE_KEY)
    if not isinstance(text, str):
        return ""
    game_id = new_game_id()
    moved = text
    try:
        table = Table.load(text)
        table.ack_round = _legacy_ack(table)
        moved = table.save(saved_at=now_ms())
    except Exception:  # noqa: BLE001 - kept as it is; the list says why it is unreadable
        pass
    try:
        storage().setItem(GAME_PREFIX + game_id, moved)
    except Exception as exc:  # noqa: BLE001 - storage full: leave it where it is
        return message("not-saved", error=exc)
    storage().removeItem(LEGACY_SAVE_KEY)
    storage().removeItem(LEGACY_UI_KEY)
    return ""


def _legacy_ack(table: Any) -> int:
    """The acknowledged round of the earlier page state (the current round if unknown)."""
    try:
        data = load_text(storage().getItem(LEGACY_UI_KEY) or "{}")
        ack = data["ack_round"]
        if (isinstance(ack, int) and data.get("ply") == table.ply
                and 1 <= ack <= table.round):
            return ack
    except (SaveError, KeyError, TypeError):
        pass
    return int(table.round)


def delete_save(game_id: str) -> None:
    """Forget a saved game (and its marks); the list drops it."""
    for prefix in (GAME_PREFIX, ASIDE_PREFIX):
        storage().removeItem(prefix + game_id)
    ui.saves = [s for s in ui.saves if s.id != game_id]


def stamp(ms: float | None = None) -> str:
    """``20261202-1405``: the local time ``ms`` (default now), for a file's name."""
    when = (now_ms() if ms is None or ms <= 0 else ms) / 1000
    return time.strftime("%Y%m%d-%H%M", time.localtime(when))
