"""The saved games in localStorage: listed from their summaries, read when opened,
forgotten only by the player (the page state: `state`).

The logic is ``seasalt.web.bank``'s (pure Python, tested against a small quota); this
module hands it ``localStorage`` (`LocalStore`). Every game is saved after every action,
each in its own entry, ``seasalt.game.<id>``: the text of ``Table.save()``, with its
summary beside it (``seasalt.summary.<id>``: what the list shows). The setup screen
lists them from the summaries alone (`read_saves`); a game is replayed only when it is
opened (`open_save`, or `reading` in slices, so the page draws meanwhile), and a save
without a summary (written by an earlier version) is listed as not read yet and read
later, one at a time after the list is drawn, in slices too (`fill_next`). A new game,
a link's or an imported one, is one more entry and never replaces another.

A save the browser refuses (its storage full) changes nothing stored: no game is ever
removed to make room (``tabs.persist`` keeps the game in memory and says so, with its
export). A save that cannot be read is kept as it is, listed with the reason, to export
as it is or delete. A save whose reading stopped the page is offered again once
("try again"); only a second stop lists it as unreadable, its text kept. The single
save of earlier versions (``seasalt.save`` with ``seasalt.ui``) becomes one entry of
the list (`migrate_legacy`).

Which tab plays a game is `tabs`' business: its `persist` writes only the game this tab
owns.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from typing import Any

from pyodide.ffi import create_once_callable
from pyscript import window

from seasalt.web import bank
from seasalt.web.bank import GAME_PREFIX, StorageRefused, Summary
from seasalt.web.messages import message
from seasalt.web.saves import SaveError, load_text, new_game_id, save_problem
from seasalt.web.table import Table

from .state import Saved, ui

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


class LocalStore:
    """``localStorage`` as ``seasalt.web.bank.KeyValue``: a refused write raises
    ``StorageRefused`` (``full`` for the quota)."""

    def get(self, key: str) -> str | None:
        """The text under ``key`` (None: none)."""
        text = storage().getItem(key)
        return text if isinstance(text, str) else None

    def set(self, key: str, value: str) -> None:
        """Store ``value``; a refusal raises ``StorageRefused``, nothing changed."""
        try:
            storage().setItem(key, value)
        except Exception as exc:  # noqa: BLE001 - the quota, or storage switched off
            full = "quota" in f"{getattr(exc, 'name', '')} {exc}".lower()
            raise StorageRefused(str(exc), full=full) from None

    def remove(self, key: str) -> None:
        """Remove ``key``."""
        storage().removeItem(key)

    def names(self) -> list[str]:
        """Every key."""
        store = storage()
        return [k for k in (store.key(i) for i in range(int(store.length)))
                if isinstance(k, str)]


KV = LocalStore()
"""The saved games' store."""


def game_ids() -> list[str]:
    """The ids of every saved game in localStorage."""
    return bank.game_ids(KV)


def raw_text(game_id: str) -> str | None:
    """A saved game's text as stored (None: no such game)."""
    return KV.get(GAME_PREFIX + game_id)


def open_save(game_id: str) -> tuple[Any, Saved | None]:
    """Replay a saved game read from localStorage now, in one go (within limits; the
    reading mark set while it is read), its entry of the list put up to date.

    Returns:
        ``(table, entry)``: the ``Table`` (None when it cannot be read) and its entry
        (None: no such game).
    """
    table, saved = bank.read(KV, game_id, Table.load)
    _put(game_id, saved)
    return table, saved


def reading(game_id: str, *, shown: bool = True
            ) -> Generator[tuple[int, int], None, tuple[Any, Saved | None]]:
    """`open_save` in slices (``bank.reading`` with ``Table.loading``): ``(done,
    total)`` actions between two, then ``(table, entry)``, its entry put up to date.
    ``shown``: the game goes on the table (its first view prepared in the last slices;
    false: read for its summary only). Closed before its end, it forgets its reading
    mark and changes nothing."""
    table, saved = yield from bank.reading(
        KV, game_id, lambda text: Table.loading(text, warm=shown))
    _put(game_id, saved)
    return table, saved


def read_saves() -> str:
    """List every saved game in ``ui.saves`` from the summaries alone (no game is
    replayed; a save that stopped the page when it was last read counts one
    interruption). Returns a notice ('' if none): storage that cannot be used."""
    try:
        bank.start(KV)
        unreadable: dict[str, Saved] = {}
        notice = migrate_legacy(unreadable)
        ui.saves = bank.order([unreadable.get(s.id, s) for s in bank.listing(KV)])
    except Exception as exc:  # noqa: BLE001 - storage switched off: play without saves
        ui.saves = []
        return message("no-storage", error=exc)
    return notice


_filling: list[object] = []
"""The chain of `fill_next` scheduled, if any (one at a time)."""
_under_way: list[Generator[tuple[int, int], None, tuple[Any, Saved | None]]] = []
"""The reading `fill_next` has under way (at most one)."""


def fill_next(drawn: Callable[[], None], pause_ms: int = 30) -> None:
    """Read the saves of the list that have no summary yet, one after the other, each in
    slices (`reading`: the page draws between two), calling ``drawn`` after each save.
    Stops while a game is on the table or read for the player (the save under way is
    left as it was, read again from its start next time); one chain at a time."""
    if _filling:
        return
    chain = object()
    _filling.append(chain)
    steps = _under_way

    def step() -> None:
        if chain not in _filling:  # stopped (`stop_filling`)
            return
        if ui.table is not None or ui.reading:
            stop_filling()
            return
        if not steps:
            waiting = [s for s in ui.saves if s.status == bank.UNREAD]
            if not waiting:
                stop_filling()
                return
            steps.append(reading(waiting[0].id, shown=False))
        try:
            next(steps[0])
        except StopIteration:  # read: its entry is up to date
            steps.clear()
            drawn()
        except Exception:  # noqa: BLE001 - storage switched off: leave them unread
            stop_filling()
            return
        window.setTimeout(create_once_callable(step), 0 if steps else pause_ms)

    window.setTimeout(create_once_callable(step), pause_ms)


def stop_filling() -> None:
    """Stop `fill_next`'s chain now (a game is read for the player): the save it was
    reading forgets its reading mark and stays as it was (no interruption)."""
    for under_way in _under_way:
        under_way.close()
    _under_way.clear()
    _filling.clear()


def _put(game_id: str, saved: Saved | None) -> None:
    rest = [s for s in ui.saves if s.id != game_id]
    ui.saves = bank.order(rest + ([saved] if saved is not None else []))


def refresh(game_id: str) -> None:
    """Put one game's entry of ``ui.saves`` up to date from what is stored (its
    summary; gone or never stored: dropped from the list). The list shows what is
    kept, never a game's moves the storage refused."""
    _put(game_id, bank.entry(KV, game_id))


def migrate_legacy(unreadable: dict[str, Saved] | None = None) -> str:
    """Move the single save of earlier versions (``seasalt.save``) into the list, with
    the round its page state says was shown; an unreadable one is moved as it is (and
    its entry, saying why, put in ``unreadable`` by id: it was just read). Returns a
    notice ('' if fine)."""
    text = storage().getItem(LEGACY_SAVE_KEY)
    if not isinstance(text, str):
        return ""
    game_id = new_game_id()
    moved, summary, problem = text, None, ""
    try:
        table = Table.load(text)
        table.ack_round = _legacy_ack(table)
        moved = table.save(saved_at=now_ms())
        summary = Summary.of(table, len(moved))
    except Exception as exc:  # noqa: BLE001 - kept as it is; the list says why
        problem = save_problem(exc)
    if bank.write(KV, game_id, moved, summary) is not None:  # storage full: left where it is
        return message("not-saved", error="QuotaExceededError")
    if problem and unreadable is not None:
        unreadable[game_id] = Saved(game_id, bank.UNREADABLE, problem=problem,
                                    size=len(moved))
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
    """Forget a saved game (its summary and marks too); the list drops it."""
    bank.delete(KV, game_id)
    ui.saves = [s for s in ui.saves if s.id != game_id]


def stamp(ms: float | None = None) -> str:
    """``20261202-1405``: the local time ``ms`` (default now), for a file's name."""
    when = (now_ms() if ms is None or ms <= 0 else ms) / 1000
    return time.strftime("%Y%m%d-%H%M", time.localtime(when))
