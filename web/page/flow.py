"""What the page shows next: a game put in play, and `update` after every change.

Two games share this flow; the payload's ``game`` picks the table drawn. Sea Salt &
Paper: `table.draw_table` (with `motion`), the round-over screen between rounds and
the game-over screen at the end. Fruits de mer: ``fdm_table.draw`` (imported when
first needed) draws its own table (``#fdm-board``, ``#playing[data-game]``), each
round's reveal and scores included, so the page never stops between its nine short
rounds (``Table.round_screen`` is false); ``fdm_table.draw_game_over`` fills the
game-over screen.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from pyscript import document

from seasalt.web.games import FDM
from seasalt.web.saves import new_game_id
from seasalt.web.screens import Situation, next_screen

from . import bots, dialogs, focus, motion, setup, store, tabs, thinker
from .dom import byid, set_phase
from .ends import show_game_over, show_round_over
from .saves import draw_alert, draw_saves
from .state import ui
from .table import draw_table
from .tabs import persist

#: Called with ``(table, game_id)`` when a game is put in play, before it is drawn
#: (``remote.table_starting``: a game with friends' seats gets its room).
STARTING: list[Callable[[Any, str], None]] = []
#: Called after every `update` (``remote.pump``: the friends' devices sent their views).
UPDATED: list[Callable[[], None]] = []
#: Called when the game on the table is left for the setup screen (``remote.left``).
LEAVING: list[Callable[[], None]] = []


def start_table(table: Any, ack_round: int | None = None, game_id: str | None = None,
                notice: str = "") -> None:
    """Put ``table`` in play and draw it: a saved game ``game_id`` that this tab has
    claimed (`tabs.claim`), or, without one, a new game (a new, linked, imported or
    rematch game), saved as one more entry of the list when the storage keeps it
    (`tabs.persist`: never in place of another game). ``notice``: a line to show over
    the table."""
    ui.bot_token = None
    bots.watch.reset()  # a new table is watched unpaused (H4)
    if ui.game_id is not None and ui.game_id != game_id:
        tabs.release(ui.game_id)  # the game left stays in the list
    ui.kept = game_id is not None  # a new game is claimed once stored (`tabs.persist`)
    if game_id is None:
        game_id = new_game_id()
    ui.table = table
    ui.game_id = game_id
    for hook in STARTING:
        hook(table, game_id)
    ui.busy = None
    ui.ack_round = int(table.round) if ack_round is None else ack_round
    ui.shown = None
    ui.handoff = None
    ui.selection = []
    ui.log_key = None
    ui.message = ""
    byid("table-speed").value = table.speed
    persist()
    if notice:
        ui.message = " ".join(filter(None, [notice, ui.message]))
    update()
    thinker.wanted(table.kinds, table.game)  # a Hard bot: its search in the web worker


def leave_table(notice: str = "") -> None:
    """Leave the game on the table for the setup screen: its save stays in the list
    (brought up to date), and other tabs may play it."""
    t, game_id = ui.table, ui.game_id
    for hook in LEAVING:
        hook()
    ui.bot_token = None
    ui.table = None
    ui.game_id = None
    if game_id is not None:
        tabs.release(game_id)
        store.refresh(game_id)
    if t is not None:  # the chooser offers the game just played
        setup.choose_game(t.game)
    setup.show_setup(notice)
    store.fill_next(draw_saves)  # saves still without a summary: read one by one


def fdm_module() -> Any:
    """``page.fdm_table``, Fruits de mer's table (imported when first needed)."""
    from . import fdm_table

    return fdm_table


def fdm_on_screen() -> bool:
    """Whether Fruits de mer's table is the one in play."""
    return ui.table is not None and ui.table.game == FDM


def tell(text: str) -> None:
    """Show ``text`` over the table in play, else as the setup screen's notice."""
    if ui.table is not None and phase() == "playing":
        ui.message = text
        update()
    else:
        setup.show_notice(text, bring=True)


def situation(t: Any) -> Situation:
    """What ``screens.next_screen`` chooses from: the game ``t`` (None: no game) and
    what the page remembers."""
    if t is None:
        return Situation(in_play=False, ack_round=ui.ack_round, shown=ui.shown)
    return Situation(in_play=True, round_screen=bool(t.round_screen), over=bool(t.over),
                     round=int(t.round), ack_round=ui.ack_round, viewer=t.viewer(),
                     humans=tuple(t.humans()), shown=ui.shown)


def phase() -> str:
    """The phase on screen (``<body data-phase>``)."""
    return str(document.body.getAttribute("data-phase"))


def update() -> None:
    """Show whatever the game needs now: the table, a hand-off, round over or game over;
    then put the focus where it makes sense (`focus.settle`)."""
    mark = focus.remember()
    before = phase()
    ply = ui.view_ply
    show_next()
    draw_alert()  # a game storage could not keep: said until dismissed
    if phase() != "playing":
        ui.handoff = None
        dialogs.show_handoff(None)
    now = phase()
    focus.settle(mark, same_decision=ui.view_ply == ply,
                 phase_shown=now if now != before else "")
    for hook in UPDATED:
        hook()


def show_next() -> None:
    """Draw the screen the game needs now (see `update`), as ``screens.next_screen``
    chooses it."""
    t = ui.table
    nxt = next_screen(situation(t))
    ui.ack_round, ui.shown = nxt.ack_round, nxt.shown
    if t is None or nxt.name == "setup":
        setup.show_setup()
        return
    document.body.setAttribute("data-game", t.game)
    byid("replay-open").hidden = False  # both games replay (Fruits de mer by rounds)
    setup.show_title(t.game)
    if nxt.name == "game-over":
        if t.round_screen:
            show_game_over(t)
        else:  # Fruits de mer: its own game-over screen
            fdm_module().draw_game_over(t.view(t.viewer()))
        return
    if nxt.name == "round-over":
        show_round_over(t)
        bots.watch_round_end(update)  # no person at the table: on after the watch pause
        return
    ui.handoff, seat, focus = nxt.handoff, nxt.seat, nxt.focus
    v = t.view(seat, ui.selection)  # worded for the selection (its hand, piles, prompt)
    fdm = v["game"] == FDM
    if v["ply"] != ui.view_ply:
        ui.view_ply = v["ply"]
        kept = [c for c in ui.selection if c in v["hand"]] if v["legal"] and not fdm else []
        if kept != ui.selection:
            ui.selection = kept
            v = t.view(seat, kept)
    shown = document.body.getAttribute("data-phase") == "playing"
    if fdm:
        fdm_module().draw(v, focus)
        bots.table_watch_bar()  # watching bots: Pause / Step / Resume (H4)
        set_phase("playing")
    else:
        byid("playing").removeAttribute("data-game")  # Sea Salt & Paper's board
        flight = motion.before(v, focus)  # where moving cards are now (H5)
        draw_table(v, focus)
        bots.table_watch_bar()  # watching bots: Pause / Step / Resume in the toolbar (H4)
        set_phase("playing")
        motion.after(flight, v, focus)  # fly them to where they are drawn; highlights
    if not shown:  # the log was hidden while drawn: scroll it to its last line now
        log = byid("log-region")
        log.scrollTop = log.scrollHeight
    dialogs.show_handoff(v["names"][ui.handoff] if ui.handoff is not None else None)
    ui.last_draw = time.monotonic()
    if t.is_bot_turn() and ui.bot_token is None and not t.over:
        ui.bot_token = token = object()
        asyncio.ensure_future(bots.bot_loop(token, update))
