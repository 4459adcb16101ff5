"""One tab plays a game: a second tab that opens it says so and offers to take it over.

A tab that puts a game on its table holds the browser's lock named after it (Web Locks,
``navigator.locks``: ``seasalt.game.<id>``) until it leaves the game or closes, and
writes its own id into ``seasalt.owner.<id>`` (`OWNER_PREFIX`). Another tab asking for
the same game (Continue on its list) finds the lock held (`claim` answers False): its
list says the game is open elsewhere and offers to play it here. Taking over steals
the lock and writes the owner anew; the first tab learns it twice over (its lock's
promise rejects with ``AbortError``, and a ``storage`` event names the new owner), stops
playing that game and says so (`lost`, through the handler `boot` sets). Since the
first tab saved after each of its actions, and checks the owner before each save
(`owns`), the second tab reads the game as it stands: nothing is lost, and the two can
never write over each other. A browser without Web Locks relies on the owner entry
alone (cleared when a tab leaves the game or the page). `persist` saves the game on the
table after every action, while this tab owns it.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy, to_js
from pyscript import window

from seasalt.web.bank import SUMMARY_PREFIX
from seasalt.web.saves import new_game_id

from .dom import found
from .room import refused, save_game
from .state import ui
from .store import GAME_PREFIX, now_ms, storage

OWNER_PREFIX = "seasalt.owner."
"""``seasalt.owner.<id>``: the id of the tab that plays game ``<id>``."""
LOCK_PREFIX = "seasalt.game."
"""The Web Lock of game ``<id>`` is ``seasalt.game.<id>``."""
TAB: str = new_game_id()
"""This tab's id."""

#: game id -> the function that releases this tab's lock on it.
_held: dict[str, Any] = {}
#: Proxies handed to JavaScript, kept alive while it may call them.
_proxies: list[Any] = []
#: What to do when another tab takes a game over (`set_lost_handler`).
_handlers: dict[str, Callable[[str], None]] = {}
#: Called when another tab saves a game while this one shows the list.
_list_handlers: dict[str, Callable[[str], None]] = {}


def set_handlers(lost_game: Callable[[str], None],
                 list_changed: Callable[[str], None]) -> None:
    """What to do when another tab takes over the game on this tab's table
    (``lost_game(id)``), and when another tab changes a saved game
    (``list_changed(id)``)."""
    _handlers["lost"] = lost_game
    _list_handlers["changed"] = list_changed


def _locks() -> Any:
    """``navigator.locks``, or None when the browser has no Web Locks."""
    locks = getattr(window.navigator, "locks", None)
    return locks if found(locks) else None


def _proxy(fn: Callable[..., Any]) -> Any:
    proxy = create_proxy(fn)
    _proxies.append(proxy)
    return proxy


def _mark_owner(game_id: str) -> None:
    with contextlib.suppress(Exception):  # no storage: no saves, nothing to guard
        storage().setItem(OWNER_PREFIX + game_id, TAB)


def owner(game_id: str) -> str | None:
    """The id of the tab that plays ``game_id`` (None: nobody says so)."""
    try:
        value = storage().getItem(OWNER_PREFIX + game_id)
    except Exception:  # noqa: BLE001 - no storage
        return None
    return value if isinstance(value, str) else None


async def claim(game_id: str, *, take_over: bool = False) -> bool:
    """Ask to play ``game_id`` in this tab.

    Args:
        game_id: the saved game's id.
        take_over: take it even when another tab plays it (that tab stops).

    Returns:
        True when this tab now plays it; False when another tab does (only without
        ``take_over``).
    """
    if game_id in _held:
        _mark_owner(game_id)
        return True
    locks = _locks()
    if locks is None:  # no Web Locks: the owner entry alone
        other = owner(game_id)
        if other is not None and other != TAB and not take_over:
            return False
        _mark_owner(game_id)
        return True
    answer: asyncio.Future[bool] = asyncio.get_event_loop().create_future()

    def granted(lock: Any) -> Any:
        if not found(lock):
            if not answer.done():
                answer.set_result(False)
            return None

        def hold(resolve: Any, _reject: Any) -> None:
            _held[game_id] = resolve

        promise = window.Promise.new(_proxy(hold))
        if not answer.done():
            answer.set_result(True)
        return promise

    options = {"steal": True} if take_over else {"ifAvailable": True}
    request = locks.request(LOCK_PREFIX + game_id,
                            to_js(options, dict_converter=window.Object.fromEntries),
                            _proxy(granted))
    request.then(_proxy(lambda _value: None), _proxy(lambda _error: _stolen(game_id)))
    ok = await answer
    if ok:
        _mark_owner(game_id)
    return ok


def claim_new(game_id: str) -> None:
    """Play a new game (nobody else can have it): owned at once, locked soon after."""
    _mark_owner(game_id)
    asyncio.ensure_future(claim(game_id))


def _stolen(game_id: str) -> None:
    """This tab's lock on ``game_id`` ended without its release: taken over."""
    if _held.pop(game_id, None) is not None:
        lost(game_id)


def owns(game_id: str) -> bool:
    """Whether this tab may still save ``game_id`` (no other tab took it over)."""
    other = owner(game_id)
    if other is None:
        _mark_owner(game_id)
        return True
    return other == TAB


def lost(game_id: str) -> None:
    """Another tab plays ``game_id`` now: stop playing it here (if it is on the table)."""
    release(game_id, keep_owner=True)
    handler = _handlers.get("lost")
    if handler is not None and ui.game_id == game_id:
        handler(game_id)


def release(game_id: str | None, *, keep_owner: bool = False) -> None:
    """This tab no longer plays ``game_id``: its lock released, its owner entry removed
    (unless ``keep_owner``: another tab's)."""
    if game_id is None:
        return
    resolve = _held.pop(game_id, None)
    if resolve is not None:
        resolve()
    if not keep_owner and owner(game_id) == TAB:
        with contextlib.suppress(Exception):  # no storage
            storage().removeItem(OWNER_PREFIX + game_id)


def on_storage(event: Any) -> None:
    """Another tab changed localStorage: a new owner of the game on this table stops
    it here; a saved game changed refreshes the list."""
    key = event.key
    if not isinstance(key, str):
        return
    if key.startswith(OWNER_PREFIX):
        game_id = key[len(OWNER_PREFIX):]
        if game_id == ui.game_id and event.newValue != TAB and isinstance(
                event.newValue, str):
            lost(game_id)
    elif key.startswith((GAME_PREFIX, SUMMARY_PREFIX)):  # a save or its summary
        handler = _list_handlers.get("changed")
        if handler is not None:
            handler(key.split(".", 2)[2])


def on_pagehide(_event: Any) -> None:
    """The page goes away: its games are nobody's (the locks go with the page)."""
    for game_id in list(_held):
        release(game_id)
    if ui.game_id is not None:
        release(ui.game_id)


def persist() -> None:
    """Save the game on the table (after every action), if this tab still plays it
    (`owns`; else the game stops here, taken over). A new game is claimed once its
    first save is stored (`claim_new`): until then nothing of it is stored. A save the
    browser refuses changes nothing stored; the game goes on in memory and a sentence
    says so until dismissed (``ui.alert``, with its export: ``ui.unkept``); a later
    save that is kept clears it."""
    t = ui.table
    if t is None or ui.game_id is None:
        return
    if ui.kept and not owns(ui.game_id):
        lost(ui.game_id)
        return
    refusal = save_game(ui.game_id, t, t.save(ack_round=ui.ack_round, saved_at=now_ms()))
    if refusal is None:
        if not ui.kept:
            ui.kept = True
            claim_new(ui.game_id)
        if ui.unkept is t:
            ui.alert, ui.unkept = "", None
    elif ui.unkept is not t:  # said once per game (dismissed: not again)
        ui.alert, ui.unkept = refused(refusal), t
