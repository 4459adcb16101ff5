"""The page's buttons that drive the page rather than the game (``data-action``):
setup, saved games, dialogs, undo, the hand-off, the menu's actions, the coach, the
replay, the help and the calculator (`page_action`), and the game chooser (`pick_game`).

The ways into the later archive's features (Fruits de mer chosen, the calculator, the
replay, the coach's Suggest, the other game's help) go through `later`, which fetches
it first (``more.need``)."""

from __future__ import annotations

import asyncio
from typing import Any

from pyscript import document

from seasalt.web.games import FDM, SSP

from . import bots, dialogs, flow, keys, later, prefs, remote
from .games import discard_save, resume, start_from_form
from .help import show_section
from .saves import draw_alert, export_game, export_saved
from .setup import choose_game, most_rows, remove_seat, update_seat_rows
from .state import ui
from .tabs import persist


def pick_game(game: str) -> None:
    """The setup screen's game chooser: Fruits de mer's words (its bot levels) come with
    the later archive; when it cannot be fetched, Sea Salt & Paper stays chosen."""
    if game == FDM:
        later.then(lambda: choose_game(game), lambda: choose_game(SSP))
    else:
        choose_game(game)


def help_of(game: str) -> None:
    """The help's other game's rules (Fruits de mer's come with the later archive)."""
    if game == FDM:
        later.then(lambda: dialogs.show_help_of(game))
    else:
        dialogs.show_help_of(game)


def show_help(node: Any) -> None:
    """The help dialog, on the game in play or chosen (Fruits de mer's: fetched first)."""
    game = ui.table.game if ui.table is not None else ui.game
    if game == FDM:
        later.then(lambda: dialogs.show_help(node))
    else:
        dialogs.show_help(node)


def page_action(name: str, node: Any) -> None:
    """Buttons that drive the page rather than the game (``data-action``)."""
    t = ui.table
    if name.startswith("remote-"):  # a table on several phones
        remote.action(name, node)
    elif name == "start":
        start_from_form()
    elif name == "add-seat":
        ui.seat_rows = min(most_rows(), ui.seat_rows + 1)
        update_seat_rows()
    elif name == "remove-seat":
        remove_seat(int(node.getAttribute("data-row")))
    elif name in ("resume", "take-over"):
        asyncio.ensure_future(resume(str(node.getAttribute("data-id")),
                                     take_over=name == "take-over"))
    elif name == "export-save":
        export_saved(str(node.getAttribute("data-id")))
    elif name == "export-unkept":  # the game the storage could not keep
        export_game(ui.unkept)
    elif name == "dismiss-alert":
        ui.alert = ""
        draw_alert()
        document.getElementById("main").focus()
    elif name == "export-raw":
        export_saved(str(node.getAttribute("data-id")), raw=True)
    elif name == "delete-save":
        game_id = str(node.getAttribute("data-id"))
        dialogs.ask("confirm-discard", lambda: discard_save(game_id), node)
    elif name == "confirm-yes":
        dialogs.confirmed()
    elif name == "close-dialog":
        dialogs.close_top()
    elif name == "card-tip":  # the tip on a card's rule: learnt
        prefs.card_tip_seen()
        if t is not None:
            flow.update()
    elif name == "help":
        keys.close_menu(keep_focus=True)
        show_help(node)
    elif name == "continue" and t is not None:
        ui.ack_round = t.round
        persist()
        flow.update()
    elif name == "handoff-ready" and t is not None:
        ui.shown = ui.handoff
        ui.handoff = None
        dialogs.close_dialog("handoff")
        flow.update()
    elif name == "undo" and t is not None and t.can_undo():  # issue 12 (H3)
        t.undo()
        ui.selection, ui.message = [], ""
        persist()
        flow.update()
    elif name == "clear-selection":
        ui.selection = []
        flow.update()
    elif name == "export":
        export_game()
    elif name == "new-game":
        document.getElementById("table-menu").open = False
        remote.end_then(flow.leave_table, node)  # friends seated: asked, then told
    elif name == "rematch" and t is not None and remote.is_remote(t):  # the host's to start
        flow.leave_table()
    elif name == "rematch" and t is not None:
        remote.end_then(lambda: flow.start_table(remote.rematch(t)), node)
    elif name == "coach-suggest":
        later.then(lambda: later.module("coach").ask())
    elif name.startswith("watch-"):  # watching bots: pause, resume, step (H4)
        bots.watch_action(name, flow.update)
    elif name == "replay-open":
        later.then(lambda: later.module("replay").open_current())
    elif name == "replay-saved":  # a finished game of the saved list
        game_id = str(node.getAttribute("data-id"))
        later.then(lambda: later.module("replay").open_saved(game_id))
    elif name.startswith("replay-") and later.replay_on():  # the replay's buttons
        later.module("replay").action(name, node)
    elif name == "help-game":  # the help's other game's rules
        help_of(str(node.getAttribute("data-game")))
    elif name == "help-to":  # a link of the help's contents
        show_section(str(node.getAttribute("data-section")))
    elif name == "calc-open":  # the score calculator (issue 16)
        later.then(lambda: later.module("calc").open_calc())
    elif name == "calc-close" and later.calc_on():
        later.module("calc").close()
