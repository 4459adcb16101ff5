"""Bot pacing: a Hard bot's search runs in the web worker (`thinker`); until it is ready,
or without it, bots think in short slices between browser tasks, so the page stays
responsive."""

from __future__ import annotations

import asyncio
import time
import traceback
from collections.abc import Callable
from typing import Any

from pyodide.ffi import to_js
from pyscript import document, window

from seasalt.ssp.present import card_catalogue
from seasalt.ssp.present.stats import watch_texts
from seasalt.web import settings as web_settings
from seasalt.web.games import SSP

from . import cards, thinker
from .dom import byid, el, fail, found, render
from .state import ui
from .tabs import persist

"""localStorage key of page state that is not part of the game (the acknowledged round)."""
SLICE_SECONDS = 0.03
"""How long a bot may think in one browser task."""
YIELD_SECONDS = 0.004
"""Pause between two thinking slices: a real timer (Pyodide runs shorter sleeps as
immediate messages, which leave the browser no idle time to paint a frame)."""
INSTANT_REDRAW_SECONDS = 0.25
"""At instant speed, redraw the table at most this often while bots play on."""


async def bot_loop(token: object, update: Callable[[], None]) -> None:
    """Let bots play while it is their turn, one short slice per browser task.

    A searching bot's decision goes to the web worker (`thinker.decide`) while the page
    waits for its answer; otherwise (no worker yet, or it failed; another bot) the bot
    thinks at once, in slices of `SLICE_SECONDS` with a yield to the browser between
    them. Its move is shown (the table redrawn) once the table's pace
    (``web_settings.SPEEDS``) has passed since the previous move was shown, so the pace and the
    thinking overlap (at instant speed, redrawn at most every
    `INSTANT_REDRAW_SECONDS` while bots play on). While watching bots (`watch`),
    Pause stops before the next move and Step lets one move through. The loop stops
    as soon as ``ui.bot_token`` is no longer ``token`` (new game, setup screen, ...).
    A move is shown by ``update`` (``flow.update``, which starts the next loop).
    """
    try:
        t = ui.table
        await warm_up(t.game if t is not None else None)
        while ui.bot_token is token:
            t = ui.table
            if (t is None or t.over or (t.round_screen and t.round > ui.ack_round)
                    or not t.is_bot_turn()):
                return
            if watch.paused and not watch.step:
                return
            stepping, watch.step = watch.step, False
            shown = ui.last_draw
            round_before = t.round
            began = time.monotonic()
            by = await thinker.decide(t, lambda: ui.bot_token is token)
            if ui.bot_token is not token:
                return
            if by == "dropped":  # another table or decision now: show what is current
                ui.bot_token = None
                update()
                return
            if not by:
                by = "page"
                while not t.bot_step(max_seconds=SLICE_SECONDS):
                    await asyncio.sleep(YIELD_SECONDS)
                    if ui.bot_token is not token:
                        return
            measure(t, began, by)
            persist()
            # the move shows once the pace since the previous one has passed: the
            # thinking counts in it (a Step shows it at once)
            pace = web_settings.SPEEDS[t.speed] / 1000
            rest = 0.0 if stepping else pace - (time.monotonic() - shown)
            await asyncio.sleep(max(0.0, rest))
            if ui.bot_token is not token:
                return
            quiet = (t.speed == "instant" and t.is_bot_turn() and t.round == round_before
                     and time.monotonic() - ui.last_draw < INSTANT_REDRAW_SECONDS)
            if not quiet:
                ui.bot_token = None  # update() starts a new loop if bots play on
                update()
                return
    except Exception:
        fail(traceback.format_exc())
        raise
    finally:
        if ui.bot_token is token:
            ui.bot_token = None


def measure(t: Any, began: float, by: str) -> None:
    """Leave a ``seasalt-decision`` performance mark for a bot's decision (the User
    Timing API; ``benchmarks/page.py`` reads them), its detail: ``think``, the thinking
    time (inside the slices, or inside the worker), ``wall``, the time the page waited
    for the move (yields or the worker's round trip included), in milliseconds;
    ``seat`` and ``ply``; ``by``: who thought, ``page`` or ``worker``."""
    d = t.driver.last_decision
    if d is None or not d.asked:
        return
    detail = {"think": d.seconds * 1000, "wall": (time.monotonic() - began) * 1000,
              "seat": d.seat, "ply": d.ply, "by": by}
    window.performance.mark("seasalt-decision", to_js(
        {"detail": detail}, dict_converter=window.Object.fromEntries))


async def warm_up(game: str | None = None) -> None:
    """Get ready for play in small tasks: load the bots of ``game`` (default: the one
    chosen on the setup screen), prepare Sea Salt & Paper's cards' elements.

    Runs once per game, while the player reads the setup screen, or before a linked
    game's first bot move; each step is a browser task of its own.
    """
    game = game or ui.game
    if game in ui.warm:
        return
    ui.warm.add(game)
    await asyncio.sleep(0)
    web_settings.warm_up(game)
    if game != SSP:
        return
    ids = [c["id"] for c in card_catalogue()]
    for i in range(0, len(ids), 8):
        await asyncio.sleep(0)
        for cid in ids[i:i + 8]:
            cards.prepare(cid)


class Watch:
    """Watching bots (a table with no person): the pause between moves and round ends.

    Attributes:
        paused: bots wait and round ends stay on screen until Resume or Step.
        step: one bot move (or one round end) may go on while paused.
        token: the pending automatic Continue of a round end (None: none).
    """

    def __init__(self) -> None:
        self.paused = False
        self.step = False
        self.token: object | None = None

    def reset(self) -> None:
        """A new table: watched unpaused, no round end pending."""
        self.__init__()  # type: ignore[misc]


watch = Watch()


def watching() -> bool:
    """Whether the table has no person: only bots play, someone watches."""
    t = ui.table
    return t is not None and not t.humans()


def watch_bar(node: Any) -> None:
    """Fill ``node`` with the watch controls (Pause or Resume, Step) and show it only
    while watching bots; the words come from the presenter (``watch_texts``)."""
    if not watching():
        node.hidden = True
        return
    w = watch_texts()
    state = ("paused " if watch.paused else "running ") + w["label"]  # a language too
    if node.getAttribute("data-state") == state and not node.hidden:
        return  # the same buttons stay under the pointer (no redraw while bots play)
    node.setAttribute("data-state", state)
    toggle = (el("button", w["resume"], type="button", class_="btn primary small",
                 data_action="watch-resume")
              if watch.paused else
              el("button", w["pause"], type="button", class_="btn quiet small",
                 data_action="watch-pause"))
    render(node, el("span", w["paused"] if watch.paused else w["label"], class_="watch-state",
                    role="status"),
           toggle, el("button", w["step"], type="button", class_="btn quiet small",
                      data_action="watch-step"))
    node.setAttribute("role", "group")
    node.setAttribute("aria-label", w["label"])
    node.hidden = False


def table_watch_bar() -> None:
    """The watch bar in the table's toolbar (made once, first of its buttons)."""
    node = document.getElementById("table-watch")
    if not found(node):
        speed = document.getElementById("table-speed")
        holder: Any = speed.closest(".toolbar-buttons") if found(speed) else None
        if not found(holder):
            return
        node = el("div", class_="watch-bar", id="table-watch")
        holder.prepend(node)
    watch_bar(node)


def watch_round_end(update: Callable[[], None]) -> None:
    """On the round-over screen: with no person at the table, the next round starts by
    itself after the speed's round pause (``web_settings.ROUND_PAUSES``; instant: none), unless
    paused; then ``update`` (``flow.update``) shows the next round."""
    node = byid("round-watch")
    watch_bar(node)
    if not watching():
        return
    t = ui.table
    if t is None:
        return
    if watch.paused and not watch.step:
        watch.token = None
        return
    watch.step = False
    watch.token = token = object()
    asyncio.ensure_future(continue_round(token, web_settings.ROUND_PAUSES[t.speed] / 1000, update))


async def continue_round(token: object, seconds: float, update: Callable[[], None]) -> None:
    """Continue past the round end after ``seconds`` if nothing changed meanwhile
    (``update`` shows the next round)."""
    try:
        await asyncio.sleep(seconds)
        t = ui.table
        if (watch.token is not token or t is None or watch.paused
                or document.body.getAttribute("data-phase") != "round-over"):
            return
        watch.token = None
        ui.ack_round = t.round
        persist()
        update()
    except Exception:
        fail(traceback.format_exc())
        raise


def watch_action(name: str, update: Callable[[], None]) -> None:
    """The watch bar's buttons: ``watch-pause``, ``watch-resume``, ``watch-step``; then
    ``update`` (``flow.update``) shows the table."""
    t = ui.table
    if t is None:
        return
    if name == "watch-pause":
        watch.paused = True
        watch.token = None
        ui.bot_token = None  # the running loop stops before its next move
    elif name == "watch-resume":
        watch.paused = False
    elif name == "watch-step":
        watch.paused = True
        watch.step = True
        ui.bot_token = None
        if t.round > ui.ack_round and not t.over:
            watch.step = False
            ui.ack_round = t.round
            persist()
    update()
