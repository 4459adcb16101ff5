"""The ways into the features of the later archive (`more`), and what the page asks of
them before they are fetched.

Fruits de mer's table (``fdm_*``), the score calculator (``calc``), the replay
(``replay``) and the coach (``coach``) come in the later archive: no module imports
one of them at its top. A way into one awaits `more.need` first (`fetch`, `need`,
`then`), then imports it (`module`); a failure (offline before the archive was ever
cached) is told to the player in the presenter's words (``message("more-missing")``).
What every click, key or drawing asks is answered here without importing them:
whether the calculator or the replay is on screen (``<body data-phase>``: only they
set it to ``calc`` or ``replay``), and the coach's corners while the coach is off.
"""

from __future__ import annotations

import asyncio
import importlib
import sys
import traceback
from collections.abc import Callable
from types import ModuleType
from typing import Any

from pyscript import document, window

from seasalt.web.messages import message

from . import more, prefs
from .dom import byid, fail, found, render, show
from .state import ui


def module(name: str) -> ModuleType:
    """``page.<name>``, a module of the later archive (`more.need` has returned)."""
    return importlib.import_module(f"{__package__}.{name}")


def _phase() -> str:
    return str(document.body.getAttribute("data-phase"))


def calc_on() -> bool:
    """Whether the score calculator is on screen (it alone sets the phase ``calc``)."""
    return _phase() == "calc"


def replay_on() -> bool:
    """Whether the replay is on screen (it alone sets the phase ``replay``)."""
    return _phase() == "replay" and bool(module("replay").active())


async def fetch() -> str:
    """Await `more.need`. Returns '' once the later archive's modules can be imported,
    else the sentence that says why not (the error reaches the console)."""
    try:
        await more.need()
    except Exception:  # noqa: BLE001 - offline, or the archive unreadable: told, not raised
        window.console.error(traceback.format_exc())
        return message("more-missing")
    return ""


_handlers: dict[str, Callable[..., None]] = {}
"""What the page does above this module, set once at start (`set_handlers`)."""


def set_handlers(tell: Callable[[str], None], redraw: Callable[[], None]) -> None:
    """What `boot` hands this module at start: how to ``tell`` the player a sentence
    (over the table in play, else as the setup screen's notice: ``flow.tell``), and how
    to ``redraw`` the table in play once the archive came (``flow.update``)."""
    _handlers["tell"] = tell
    _handlers["redraw"] = redraw


def tell(text: str) -> None:
    """Show ``text`` over the table in play, else as the setup screen's notice (the
    handler `set_handlers` was given)."""
    _handlers["tell"](text)


async def need() -> bool:
    """`fetch`, telling a failure (`tell`). Returns whether the modules can be imported."""
    text = await fetch()
    if text:
        tell(text)
    return not text


def then(action: Callable[[], Any], otherwise: Callable[[], Any] | None = None) -> None:
    """Do ``action`` once the later archive's modules can be imported: now when they
    can, else after `need` (``otherwise`` instead when it fails)."""
    if more.ready():
        action()
        return
    asyncio.ensure_future(_then(action, otherwise))


async def _then(action: Callable[[], Any], otherwise: Callable[[], Any] | None) -> None:
    try:
        if await need():
            action()
        elif otherwise is not None:
            otherwise()
    except Exception:
        fail(traceback.format_exc())
        raise


_waiting: set[str] = set()
"""The drawings waiting for the later archive (`_redraw_later`), each asked once."""


def _redraw_later(what: str) -> None:
    """Fetch the later archive, then draw what is on screen again (the ``redraw``
    handler: ``flow.update``)."""
    if what in _waiting:
        return
    _waiting.add(what)

    def redraw() -> None:
        _waiting.discard(what)
        if ui.table is not None:
            _handlers["redraw"]()

    then(redraw, lambda: _waiting.discard(what))


def _coach_wanted() -> bool:
    """Whether the coach's module draws its corners: the coach is on, or was (it clears
    what it drew); else they stay empty and hidden without it."""
    return prefs.coach_on() or f"{__package__}.coach" in sys.modules


def _hide(node_id: str) -> None:
    node = byid(node_id)
    if found(node):
        render(node)
        show(node, False)


def coach_corner(v: dict[str, Any]) -> None:
    """The coach's corner under the prompt for the view ``v`` (``coach.draw``): hidden
    while the coach is off; with it on, drawn once its module is fetched."""
    if not _coach_wanted():
        _hide("coach")
    elif more.ready():
        module("coach").draw(v)
    else:
        _hide("coach")
        _redraw_later("coach")


def coach_review(node_id: str) -> None:
    """The coach's review on a round's or the game's end in ``#node_id``
    (``coach.review``): hidden while the coach is off; with it on, once fetched."""
    if not _coach_wanted():
        _hide(node_id)
    elif more.ready():
        module("coach").review(node_id)
    else:
        _hide(node_id)
        _redraw_later(node_id)
