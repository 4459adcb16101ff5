"""The page state: what the page remembers besides the game's own state (`PageState`).

The page's layers (see the package's docstring) import only downward, and this module
is at the bottom: it imports nothing of the browser (it runs in CPython as it is).
One `PageState`, `ui`, is made here; the controllers (``flow``, ``events``, ``bots``,
``games``, ...) and the storage modules (``store``, ``tabs``) change it, and the drawing
modules read what they draw from it. A saved game as the setup screen lists it is a
`Saved`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from seasalt.web.bank import Entry
from seasalt.web.games import SSP
from seasalt.web.table import Table

Saved = Entry
"""A saved game as the setup screen lists it (``seasalt.web.bank.Entry``: its id, status,
summary, problem, size, when)."""


@dataclass
class PageState:
    """What the page remembers besides the game.

    Attributes:
        table: the game in play, or None.
        game_id: the saved game's id of ``table`` (None: no game on the table).
        ack_round: the last round whose end the player has seen; a higher
            ``table.round`` means the round-over screen is due.
        shown: hot-seat: the human whose hand was shown last (None: nobody yet).
        handoff: hot-seat: the human waiting behind the "pass the device" screen.
        selection: hand cards selected for a duo.
        view_ply: the ply of the view on screen (sent with every action).
        bot_token: the active bot loop's token (None: no loop runs).
        last_draw: when the table was last drawn (``time.monotonic()``).
        saves: the saved games the setup screen lists (``store.read_saves``).
        busy: the id of a listed game found open in another tab (it offers to take
            it over), or None.
        log_key, log_count: what the log panel holds (viewer, lines).
        message: a one-line note shown over the table.
        alert: a sentence about storage that stays until dismissed ('' none): a game
            the browser's storage could not keep.
        unkept: the game that sentence offers to export (kept in memory), or None.
        kept: whether the game on the table has a save in storage (a new game the
            storage refused has none: nothing of it is stored).
        seat_rows: seats shown in the setup form (2 to the chosen game's most).
        game: the game chosen on the setup screen (``GAMES``).
        warm: the games whose bots ``bots.warm_up`` has loaded.
        reading: a game is being read in slices for the player (imported or
            continued: ``games``); the list and the form wait until it is read.
    """

    table: Table | None = None
    game_id: str | None = None
    ack_round: int = 0
    shown: int | None = None
    handoff: int | None = None
    selection: list[int] = field(default_factory=list)
    view_ply: int = -1
    bot_token: object | None = None
    last_draw: float = 0.0
    saves: list[Saved] = field(default_factory=list)
    busy: str | None = None
    log_key: object | None = None
    log_count: int = 0
    message: str = ""
    alert: str = ""
    unkept: Table | None = None
    kept: bool = False
    seat_rows: int = 2
    game: str = SSP
    warm: set[str] = field(default_factory=set)
    reading: bool = False


ui = PageState()
"""The page's state (the one `PageState`)."""
