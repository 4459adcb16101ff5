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

Nothing here touches the browser, so it is tested in plain CPython.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from typing import Any

from seasalt.core.errors import SeasaltError
from seasalt.core.fields import Fields
from seasalt.core.registry import load_game

#: The keys of a request besides ``id`` (see the module docstring).
REQUEST_KEYS: tuple[str, ...] = ("game", "spec", "seed", "seat", "ply", "view", "legal")


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
