"""Hard's search in a web worker, so the page keeps painting while a bot thinks.

The worker (``bots-worker.js``: the vendored Pyodide and the ``seasalt`` wheel) starts
once, lazily (`wanted`): never before the setup screen is ready, and only for a setup
or a game with a searching bot. Requests and answers are JSON text
(:mod:`seasalt.web.worker`), so nothing needs SharedArrayBuffer or special headers.
`decide` sends the decision of the bot to move (``Table.think_request``: the seat's
view, the bot's spec and seed; in Fruits de mer on phones, a bot's pick ahead of its
turn) and plays the answer (``Table.play_thought``) if that decision is still to make
(``Table.deciding``); an answer for a decision that is gone (Pause, a new
game, the setup screen, a loaded game...) is dropped. Until the worker is ready, or
once it failed, the bot thinks on the page in slices (`bots.bot_loop`); a searching
bot's decision first waits for a starting worker, a few seconds at most in all
(`READY_SECONDS`).

Every message from the worker is read by ``seasalt.web.worker.read_message``: one that
is none of its messages (``[1,2,3]``, ``null``, a wrong shape) is refused and logged,
never raised. A worker that does not answer a request within `ANSWER_SECONDS` is taken
as stuck: that decision is thought on the page at once, the worker is ended and a new
one started (at most `RESTARTS` times, then the bots think on the page for good), and
the table says so (``ui.message``).

For tests and tools: ``<body data-bot-worker>`` is ``starting``, ``ready`` or
``failed``; ``<body data-bot-thinking>`` is ``worker`` while the worker thinks (its
request sent) and ``starting`` while a decision waits for the worker to start;
performance marks ``seasalt-worker-ready`` (detail: ``boot``, Python's start-up inside
the worker, and ``wall``, from `start` to ready, in ms; ``restored``, whether its Pyodide
started from the browser's snapshot), ``seasalt-worker-dropped`` (an answer dropped,
detail ``seat`` and ``ply``) and ``seasalt-worker-stuck`` (no answer in time: detail
``ply``, ``waited`` in ms and ``restart``, whether a new worker was started).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Sequence
from typing import Any

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from seasalt.core.errors import IllegalActionError, InvalidActionError
from seasalt.web.messages import message
from seasalt.web.settings import searches
from seasalt.web.worker import BadMessageError, read_message

from .more import versioned
from .state import ui

WORKER_URL = "./bots-worker.js"
"""The worker's script, beside the page."""
READY_SECONDS = 5.0
"""How long a searching bot's decision waits for a starting worker, once: the worker
starts in about a second here, and thinking on the page meanwhile, while the worker's
start-up keeps the other core busy, left the page without a frame for over 100 ms.
Past it, bots think on the page until the worker is ready."""
READY_POLL_SECONDS = 0.05
"""How often that wait looks at the worker's state (a real timer)."""
ANSWER_SECONDS = 2.5
"""How long to wait for an answer before taking the worker as stuck: the page's Hard
stops searching at ``HARD_PAGE_SECONDS`` times the decision's weight (about a second at
most), and the worker imports the bots before it says it is ready, so a silence of
2.5 s means it is stuck; the page then thinks the decision itself (issue 41: within
3 s, was 60 s)."""
RESTARTS = 3
"""How many times a stuck worker is replaced by a new one before the bots think on the
page for good."""


class Thinker:
    """The one worker and what is asked of it (module-level singleton `thinker`).

    Attributes:
        state: ``off`` (not started), ``starting``, ``ready`` or ``failed``.
        worker: the ``Worker`` (None before `start` and once failed).
        pending: answers awaited, by request id.
        last: the last request sent (its JSON without the id) and its answer's future:
            the same decision asked again (Pause, then Resume) waits for that answer
            instead of searching twice.
        patience: seconds left of `READY_SECONDS`, the wait for a starting worker.
    """

    def __init__(self) -> None:
        self.state = "off"
        self.worker: Any = None
        self.pending: dict[int, asyncio.Future[Any]] = {}
        self.next_id = 0
        self.began = 0.0
        self.last: tuple[str, asyncio.Future[Any]] | None = None
        self.listeners: list[Any] = []
        self.patience = READY_SECONDS
        self.restarts = 0


thinker = Thinker()


def set_state(state: str) -> None:
    """Note the worker's state (also as ``<body data-bot-worker>``)."""
    thinker.state = state
    document.body.setAttribute("data-bot-worker", state)


def mark(name: str, detail: dict[str, Any]) -> None:
    """Leave a performance mark ``name`` with ``detail`` (the User Timing API)."""
    window.performance.mark(name, to_js({"detail": detail},
                                        dict_converter=window.Object.fromEntries))


def wanted(kinds: Sequence[str], game: str) -> None:
    """Start the worker if ``kinds`` (seat kinds of ``game``) has a searching bot, the
    page is past its loading screen and the worker is not started yet."""
    if thinker.state != "off" or document.body.getAttribute("data-phase") == "loading":
        return
    if searches(kinds, game):
        start()


def start() -> None:
    """Create the worker (once); it says when it is ready. Never raises: a worker that
    cannot be created leaves the bots on the page."""
    if thinker.state != "off":
        return
    try:
        options = to_js({"type": "module", "name": "seasalt-bots"},
                        dict_converter=window.Object.fromEntries)
        worker = window.Worker.new(versioned(WORKER_URL), options)
        for kind, handler in (("message", on_message), ("error", on_error),
                              ("messageerror", on_error)):
            proxy = create_proxy(handler)
            thinker.listeners.append(proxy)
            worker.addEventListener(kind, proxy)
    except Exception as exc:  # no workers here: the page plays on
        give_up(f"cannot start: {exc}")
        return
    thinker.worker = worker
    thinker.began = float(window.performance.now())
    set_state("starting")


def on_message(event: Any) -> None:
    """The worker's messages: ready or failed, then answers by request id; anything
    else is refused and logged (an answer awaited then comes too late: the page thinks
    it, `ask`)."""
    data = event.data
    try:
        msg = read_message(data if isinstance(data, str) else None)
    except BadMessageError as exc:
        window.console.warn(f"seasalt: a message from the bots' worker was refused: {exc}")
        return
    kind = msg["type"]
    if kind == "ready":
        set_state("ready")
        mark("seasalt-worker-ready", {"boot": msg["ms"],
                                      "wall": window.performance.now() - thinker.began,
                                      "restored": msg["restored"]})
    elif kind == "failed":
        give_up(msg["error"])
    else:
        future = thinker.pending.pop(msg["id"], None)
        if future is not None and not future.done():
            future.set_result(msg)


def on_error(event: Any) -> None:
    """The worker's script failed (it could not load, or raised): give it up quietly."""
    event.preventDefault()
    give_up(str(getattr(event, "message", "") or "error"))


def give_up(reason: str) -> None:
    """Stop using the worker: the bots think on the page from now on."""
    window.console.warn(f"seasalt: the bots' worker is not used ({reason}); "
                        "bots think on the page")
    _end_worker()
    set_state("failed")


def _end_worker() -> None:
    """Terminate the worker; the answers awaited are None (thought on the page)."""
    if thinker.worker is not None:
        thinker.worker.terminate()
        thinker.worker = None
    thinker.last = None
    pending, thinker.pending = thinker.pending, {}
    for future in pending.values():
        if not future.done():
            future.set_result(None)


def stuck(ply: int) -> None:
    """No answer in `ANSWER_SECONDS`: end the worker and start a new one (the bots think
    on the page meanwhile, without waiting for it), or, after `RESTARTS`, give it up;
    the table says so."""
    restart = thinker.restarts < RESTARTS
    mark("seasalt-worker-stuck", {"ply": ply, "waited": ANSWER_SECONDS * 1000,
                                  "restart": restart})
    if not restart:
        give_up(f"no answer in {ANSWER_SECONDS} s, {RESTARTS} times")
        ui.message = message("worker-stopped")
        return
    window.console.warn(f"seasalt: the bots' worker gave no answer in {ANSWER_SECONDS} s; "
                        "a new one is started")
    thinker.restarts += 1
    _end_worker()
    thinker.state, thinker.patience = "off", 0.0  # no decision waits for the new one
    start()
    ui.message = message("worker-restarted")


async def ask(request: dict[str, Any]) -> dict[str, Any] | None:
    """The worker's answer to ``request`` (``Table.think_request``), or None: not
    ready, failed, no answer in time, or an error answered."""
    if thinker.state != "ready":
        return None
    key = json.dumps(request, sort_keys=True)
    if thinker.last is not None and thinker.last[0] == key:
        future = thinker.last[1]  # the same decision again: its answer, not a new search
    else:
        thinker.next_id += 1
        future = asyncio.get_event_loop().create_future()
        thinker.pending[thinker.next_id] = future
        thinker.last = (key, future)
        thinker.worker.postMessage(json.dumps({**request, "id": thinker.next_id}))
    try:
        answer = await asyncio.wait_for(asyncio.shield(future), ANSWER_SECONDS)
    except TimeoutError:
        if thinker.last is not None and thinker.last[1] is future:
            stuck(int(request.get("ply", 0)))
        return None
    if not isinstance(answer, dict) or answer.get("type") != "answer":
        if isinstance(answer, dict):
            window.console.warn(f"seasalt: the bots' worker failed: {answer.get('error')}")
        return None
    return answer


async def until_ready() -> None:
    """Wait while the worker starts, at most what is left of its `READY_SECONDS`."""
    while thinker.state == "starting" and thinker.patience > 0:
        await asyncio.sleep(READY_POLL_SECONDS)
        thinker.patience -= READY_POLL_SECONDS


async def decide(t: Any, current: Callable[[], bool]) -> str:
    """Let the worker think the decision of the bot to move on ``t``.

    Args:
        t: the page's table (``seasalt.web.table.Table``).
        current: whether the bot loop asking is still the running one.

    Returns:
        ``"worker"``: its answer was played on ``t``; ``"dropped"``: the decision is no
        longer current (the answer, if any, was dropped); ``""``: think on the page
        (no worker, not a searching bot, or no usable answer).
    """
    body = document.body
    if thinker.state == "starting" and thinker.patience > 0 and t.think_request() is not None:
        body.setAttribute("data-bot-thinking", "starting")
        try:
            await until_ready()
        finally:
            body.removeAttribute("data-bot-thinking")
        if not current():
            return "dropped"
    if thinker.state != "ready":
        return ""
    request = t.think_request()
    if request is None:
        return ""
    seat, ply = request["seat"], request["ply"]
    body.setAttribute("data-bot-thinking", "worker")
    try:
        answer = await ask(request)
    finally:
        body.removeAttribute("data-bot-thinking")
    if not (current() and ui.table is t and t.deciding(seat, ply)):
        if answer is not None:
            mark("seasalt-worker-dropped", {"seat": seat, "ply": ply})
        return "dropped"
    if answer is None:
        return ""
    try:
        t.play_thought(seat, ply, answer["action"], answer["seconds"])
    except (IllegalActionError, InvalidActionError) as exc:
        window.console.warn(f"seasalt: the bots' worker answered {answer!r}: {exc}")
        return ""
    return "worker"
