"""The bots' search off the page's main thread: what the web worker runs.

The page (``web/page/thinker.py``) starts a web worker (``web/bots-worker.js``: the
vendored Pyodide with the ``seasalt`` wheel, nothing else) and hands it each decision
of a searching bot (Hard) as plain data, the table's
:meth:`~seasalt.core.table.Table.think_request`; the worker calls :func:`answer` with
it and posts back the action's code. Stateless: every request builds the bot the
table would build (the seat's spec, seeded by the decision's seed), on the seat's view
only, so the worker and the main thread make the same choice; the page applies it
with :meth:`~seasalt.core.table.Table.play_thought`, which refuses an answer for a
decision that is no longer current.

Messages are JSON text both ways (nothing but strings crosses the worker's boundary,
so no SharedArrayBuffer or special HTTP header is needed)::

    request: {"id": 7, "game": "sea-salt-and-paper", "spec": "hard", "seed": 123,
              "seat": 1, "ply": 40, "view": {...}, "legal": ["draw", "take:1"]}
    answer:  {"id": 7, "seat": 1, "ply": 40, "action": "take:1", "seconds": 0.21}
    failure: {"id": 7, "error": "InvalidViewError: view.hand must be ..."}

The worker also says ``{"type": "ready", "ms": 812.5, "restored": false}`` once its
Python is up (after :func:`warm_up`) or ``{"type": "failed", "error": "..."}``. The page
reads every message through :func:`read_message`, which refuses anything else (a
list, ``null``, a wrong type or a missing field) with :class:`BadMessageError`.

Nothing here touches the browser, so it is tested in plain CPython.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from typing import Any

from seasalt.core import safejson
from seasalt.core.errors import SeasaltError
from seasalt.core.fields import Fields
from seasalt.core.registry import load_game

#: The keys of a request besides ``id`` (see the module docstring).
REQUEST_KEYS: tuple[str, ...] = ("game", "spec", "seed", "seat", "ply", "view", "legal")


#: The longest message from the worker read (an answer is under 200 characters).
MAX_MESSAGE_CHARS: int = 20_000
#: The longest action code or error text kept from a message.
MAX_MESSAGE_TEXT: int = 2_000


class BadMessageError(SeasaltError, ValueError):
    """A message from the worker that is none of its messages (see the module
    docstring); the message says what is wrong."""


def _number(value: Any) -> bool:
    return (isinstance(value, int | float) and not isinstance(value, bool)
            and value == value and abs(value) < 1e15)


def read_message(text: object) -> dict[str, Any]:
    """A message from the worker, checked.

    Args:
        text: the message's data (JSON text).

    Returns:
        ``{"type": "ready", "ms": float, "restored": bool}``,
        ``{"type": "failed", "error": str}``, ``{"type": "answer", "id": int, "seat",
        "ply", "action": str, "seconds": float}`` or ``{"type": "error", "id": int or
        None, "error": str}``.

    Raises:
        BadMessageError: not text, not JSON within limits, not an object, an unknown
            ``type``, a missing field or one of the wrong type.
    """
    data = safejson.loads(text, max_chars=MAX_MESSAGE_CHARS, max_depth=4,
                          error=BadMessageError, what="the message")
    if not isinstance(data, dict):
        raise BadMessageError(f"the message is not an object: {safejson.shown(data)}")
    kind = data.get("type")
    if kind == "ready":
        ms = data.get("ms", 0)
        return {"type": "ready", "ms": float(ms) if _number(ms) else 0.0,
                "restored": data.get("restored") is True}
    if kind == "failed":
        return {"type": "failed", "error": str(data.get("error"))[:MAX_MESSAGE_TEXT]}
    if kind is not None:
        raise BadMessageError(f"unknown message type {safejson.shown(kind)}")
    ident = data.get("id")
    if "error" in data:
        if ident is not None and not _whole(ident):
            raise BadMessageError(f"message.id is not a request's: {safejson.shown(ident)}")
        return {"type": "error", "id": ident, "error": str(data["error"])[:MAX_MESSAGE_TEXT]}
    for key in ("id", "seat", "ply"):
        if not _whole(data.get(key)):
            raise BadMessageError(f"message.{key} is not a whole number: "
                                  f"{safejson.shown(data.get(key))}")
    action, seconds = data.get("action"), data.get("seconds", 0)
    if not isinstance(action, str) or not 0 < len(action) <= MAX_MESSAGE_TEXT:
        raise BadMessageError(f"message.action is not an action's code: "
                              f"{safejson.shown(action)}")
    if not _number(seconds) or seconds < 0:
        raise BadMessageError(f"message.seconds is not a time: {safejson.shown(seconds)}")
    return {"type": "answer", "id": data["id"], "seat": data["seat"], "ply": data["ply"],
            "action": action, "seconds": float(seconds)}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**53


def warm_up() -> None:
    """Import what a search needs (the bots, each game's rules), so that the first
    request is answered as fast as the others: the page waits only a few seconds for an
    answer (``web/page/thinker.py``)."""
    from seasalt.bots.registry import make_bot
    from seasalt.core.registry import game_names

    for name in game_names():
        make_bot("hard", load_game(name), 0)


class BadRequestError(SeasaltError, ValueError):
    """A request the worker cannot answer: malformed, an unknown game or bot, a view
    that does not read back; the message says which."""


def think(request: Mapping[str, Any]) -> dict[str, Any]:
    """Answer one decision: build the seat's bot and search to the end.

    Args:
        request: ``{"game", "spec", "seed", "seat", "ply", "view", "legal"}`` as
            :meth:`seasalt.core.table.Table.think_request` gives it (``id``, if any,
            is returned as it is).

    Returns:
        ``{"id", "seat", "ply", "action": the chosen action's code, "seconds": the
        thinking time in this process (building the bot and the view included)}``.

    Raises:
        BadRequestError: a malformed request, an unknown game or bot spec, a view of
            another seat, no legal action, or an action code the game cannot read.
    """
    f = Fields(request, "request", BadRequestError)
    name = f.text("game")
    spec = f.text("spec")
    seed = f.integer("seed", low=0)
    seat = f.integer("seat", low=0)
    ply = f.integer("ply", low=0)
    codes = f.texts("legal")
    view_data = f.value("view")
    if not codes:
        raise BadRequestError("request.legal is empty: there is nothing to decide")
    began = time.perf_counter()
    try:
        game = load_game(name)
    except ValueError as e:
        raise BadRequestError(f"request.game: {e}") from None
    from seasalt.bots.registry import make_bot

    try:
        bot = make_bot(spec, game, seed)
    except ValueError as e:
        raise BadRequestError(f"request.spec: {e}") from None
    try:
        view = game.view_from_dict(view_data)
        legal = [game.parse_action(c) for c in codes]
    except (SeasaltError, ValueError) as e:
        raise BadRequestError(f"{type(e).__name__}: {e}") from None
    if getattr(view, "seat", seat) != seat:
        raise BadRequestError(f"request.view is seat {view.seat}'s, not seat {seat}'s")
    action = bot.act(view, legal)
    if action not in legal:  # a bug in the bot
        raise RuntimeError(f"the bot {spec!r} chose {action!r}, which is not legal")
    return {"id": request.get("id"), "seat": seat, "ply": ply,
            "action": game.action_to_str(action), "seconds": time.perf_counter() - began}


def answer(text: str) -> str:
    """The worker's message handler: a request as JSON text in, the answer as JSON text
    out (see the module docstring). Never raises: a failure, whatever it is, answers
    ``{"id", "error"}`` (the page then thinks on its main thread)."""
    ident: Any = None
    try:
        request = json.loads(text)
        if isinstance(request, Mapping):
            ident = request.get("id")
        return json.dumps(think(request))
    except Exception as e:  # noqa: BLE001 - reported to the page, which plays on
        return json.dumps({"id": ident if isinstance(ident, int | str) else None,
                           "error": f"{type(e).__name__}: {e}"})
