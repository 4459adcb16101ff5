"""Bot pacing: bots think in short slices between browser tasks, so the page stays responsive."""

from __future__ import annotations

import asyncio
import time
import traceback

from seasalt import web_api as api

from . import cards, flow
from .dom import fail
from .store import persist, ui

"""localStorage key of page state that is not part of the game (the acknowledged round)."""
SLICE_SECONDS = 0.03
"""How long a bot may think in one browser task."""
YIELD_SECONDS = 0.004
"""Pause between two thinking slices: a real timer (Pyodide runs shorter sleeps as
immediate messages, which leave the browser no idle time to paint a frame)."""
INSTANT_REDRAW_SECONDS = 0.25
"""At instant speed, redraw the table at most this often while bots play on."""


async def bot_loop(token: object) -> None:
    """Let bots play while it is their turn, one short slice per browser task.

    Each move waits for the table's pace first; thinking runs in slices of
    `SLICE_SECONDS` with a yield to the browser between them; the table is
    redrawn in a task of its own after each move (at instant speed, at most every
    `INSTANT_REDRAW_SECONDS` while bots play on). The loop stops as soon as
    ``ui.bot_token`` is no longer ``token`` (new game, setup screen, ...).
    """
    try:
        await warm_up()
        while ui.bot_token is token:
            t = ui.table
            if t is None or t.over or t.round > ui.ack_round or not t.is_bot_turn():
                return
            await asyncio.sleep(api.SPEEDS[t.speed] / 1000)
            if ui.bot_token is not token or not t.is_bot_turn():
                return
            round_before = t.round
            while not t.bot_step(max_seconds=SLICE_SECONDS):
                await asyncio.sleep(YIELD_SECONDS)
                if ui.bot_token is not token:
                    return
            persist()
            await asyncio.sleep(0)
            if ui.bot_token is not token:
                return
            quiet = (t.speed == "instant" and t.is_bot_turn() and t.round == round_before
                     and time.monotonic() - ui.last_draw < INSTANT_REDRAW_SECONDS)
            if not quiet:
                ui.bot_token = None  # flow.update() starts a new loop if bots play on
                flow.update()
                return
    except Exception:
        fail(traceback.format_exc())
        raise
    finally:
        if ui.bot_token is token:
            ui.bot_token = None


async def warm_up() -> None:
    """Get ready for play in small tasks: load the bots, prepare the cards' elements.

    Runs once, while the player reads the setup screen, or before a linked game's
    first bot move; each step is a browser task of its own.
    """
    if ui.warm:
        return
    ui.warm = True
    await asyncio.sleep(0)
    api.warm_up()
    ids = [c["id"] for c in api.card_catalogue()]
    for i in range(0, len(ids), 8):
        await asyncio.sleep(0)
        for cid in ids[i:i + 8]:
            cards.prepare(cid)
