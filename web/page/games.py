"""Games put in play or dropped from the setup screen, and what other tabs change.

The form's new game (`start_from_form`), Continue on the saved games' list (`resume`,
taking over a game open in another tab), a game file imported (`import_game`: one more
game in the list, never in place of another), a save deleted (`discard_save`); another
tab taking over the game on this table (`lost_game`) or changing the list
(`list_changed`), through the handlers `boot` gives `tabs`. A game of the later archive
(Fruits de mer) is put in play once that archive came (``later.need``).
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Generator
from typing import Any

from pyscript import document, window

from seasalt.web import messages as web_messages
from seasalt.web.games import FDM, SettingsError
from seasalt.web.saves import MAX_SAVE_CHARS, SaveError
from seasalt.web.settings import Settings
from seasalt.web.table import Table

from . import dialogs, flow, later, remote, setup, store, tabs
from .dom import byid, fail, found
from .prefs import remember_form
from .saves import draw_saves, loaded
from .state import ui

#: A game of more actions than this says how long loading it took when continued.
LONG_GAME = 5000
#: A reading that takes longer than this (milliseconds) says how far it is.
PROGRESS_MS = 250


async def read_in_slices(steps: Generator[tuple[int, int], None, Any], began: float
                         ) -> Any:
    """Drive a game's reading slice by slice (``Table.loading``, `store.reading`), the
    browser free to draw and answer between two (``asyncio.sleep(0)``), and the list and
    the form locked meanwhile (nothing else can be read or started); once it takes
    longer than `PROGRESS_MS`, a line says how far it is. Returns what ``steps``
    returns; its errors are the caller's."""
    ui.reading = True
    setup.lock_setup(True)
    try:
        while True:
            try:
                done, total = next(steps)
            except StopIteration as end:
                await asyncio.sleep(0)  # its last slice's work and the first draw apart
                return end.value
            if float(window.performance.now()) - began > PROGRESS_MS:
                setup.show_progress(web_messages.reading_text(done, total))
            await asyncio.sleep(0)
    finally:
        steps.close()
        ui.reading = False
        setup.lock_setup(False)
        setup.show_progress("")


def _imported(text: str) -> Generator[tuple[int, int], None, Table]:
    """A game file's reading in slices (``Table.loading``), then its table."""
    loading = Table.loading(text)
    yield from loading
    return loading.table


def start_from_form() -> None:
    """Read the form and start the game, or say what is wrong (nothing while a game
    is read)."""
    if ui.reading:
        return
    values = setup.seat_values()
    target = document.querySelector('input[name="target"]:checked').value
    speed = byid("speed").value
    salt, pepper = bool(byid("extra-salt").checked), bool(byid("extra-pepper").checked)
    try:
        settings = Settings.from_form([k for k, _ in values], [n for _, n in values],
                                          byid("seed").value, target, speed, salt, pepper,
                                          game=ui.game)
        table = Table.new(settings)
    except SettingsError as exc:
        setup.show_notice(web_messages.message("cannot-start", error=exc))
        return
    remember_form({"seats": [list(v) for v in values], "speed": speed, "target": target,
                   "extra_salt": salt, "extra_pepper": pepper})
    if table.game == FDM or table.remote:  # its table, or the friends' phones' room,
        later.then(lambda: flow.start_table(table))  # comes with the later archive
    else:
        flow.start_table(table)


async def import_game(file: Any) -> None:
    """Load a game file chosen on the setup screen: one more game in the list (never in
    place of another), or a sentence saying why not. A file too large for a save is
    refused before it is read. A long one is read in slices (`read_in_slices`): the page
    draws meanwhile, says how far it is, and nothing else can be read or started."""
    if ui.reading:
        return
    if float(file.size) > MAX_SAVE_CHARS * 4:  # bytes: a character takes 1 to 4
        setup.show_notice(web_messages.message("bad-file", error=SaveError(
            "damaged", "the file is too large").args[0]), bring=True)
        return
    text = await file.text()
    began = float(window.performance.now())
    store.stop_filling()  # one reading at a time
    try:
        table = await read_in_slices(_imported(text), began)
    except Exception as exc:  # noqa: BLE001 - a foreign file is a message, not a crash
        setup.show_notice(web_messages.message("bad-file", error=exc), bring=True)
        return
    notice = loaded(table, began)
    if table.game == FDM and not await later.need():  # its table comes later
        return
    flow.start_table(table, notice=notice)


async def resume(game_id: str, *, take_over: bool = False) -> None:
    """Continue a saved game of the list, read (replayed) from localStorage now (another
    tab may have played it since; a save not read yet, or whose reading was
    interrupted, is tried again here): first this tab must play it (`tabs.claim`); when another tab
    does, the list says so and offers to take it over. A long game is read in slices
    (`read_in_slices`)."""
    if ui.reading:
        return
    try:
        if not await tabs.claim(game_id, take_over=take_over):
            ui.busy = game_id
            draw_saves()
            node = document.querySelector(f'[data-action="take-over"][data-id="{game_id}"]')
            if found(node):
                node.focus()
            return
        began = float(window.performance.now())
        store.stop_filling()  # one reading at a time
        table, _entry = await read_in_slices(store.reading(game_id), began)  # now
        if table is None:
            tabs.release(game_id)
            setup.show_setup()
            return
        message = loaded(table, began) if len(table.record.actions) > LONG_GAME else ""
        if ((table.game == FDM or remote.has_room(game_id))  # its table, or its room,
                and not await later.need()):  # comes later
            tabs.release(game_id)
            return
        flow.start_table(table, table.ack_round, game_id, notice=message)
    except Exception:
        fail(traceback.format_exc())
        raise


def lost_game(game_id: str) -> None:
    """Another tab took over the game on this table: stop it here, say so."""
    if ui.game_id != game_id:
        return
    dialogs.close_dialog("handoff")
    ui.handoff = None
    flow.leave_table(web_messages.message("taken-over"))


def list_changed(game_id: str) -> None:
    """Another tab saved or deleted a game: the list shows it as it is now (only while
    the setup screen shows, and not the game on this table)."""
    if ui.table is not None or game_id == ui.game_id:
        return
    if str(document.body.getAttribute("data-phase")) != "setup":
        return
    store.refresh(game_id)
    draw_saves()


def discard_save(game_id: str) -> None:
    """Delete a saved game of the list (after the player confirmed)."""
    store.delete_save(game_id)
    if ui.busy == game_id:
        ui.busy = None
    draw_saves()
    heading = document.getElementById("setup-title")
    if found(heading):
        heading.focus()
