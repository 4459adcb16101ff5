"""Which screen the page shows next: a pure choice over plain data, tested in CPython.

After every change (an action, a bot's move, Continue, a game put in play) the page
asks `next_screen` what to show: the setup screen (no game in play), the game-over
screen, the round-over screen (Sea Salt & Paper: a round ended whose end the player
has not seen), or the table, drawn for one seat, perhaps behind the hot-seat hand-off
("pass the device to ..."). The page's ``flow.show_next`` reads the game's state into
a `Situation`, draws what the `Screen` says and keeps its ``shown`` and ``ack_round``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

ScreenName = Literal["setup", "game-over", "round-over", "table"]
"""The screens `next_screen` chooses among."""


@dataclass(frozen=True)
class Situation:
    """What the choice of the next screen depends on.

    Attributes:
        in_play: whether a game is on the table (False: the setup screen).
        round_screen: whether the game stops between rounds on a round-over screen
            (Sea Salt & Paper; Fruits de mer shows each round's end on its table).
        over: whether the game is over.
        round: the round in play (1 first), or the last one once over.
        ack_round: the last round whose end the player has seen.
        viewer: the human seat whose decision it is (None: a bot's turn, or nobody's).
        humans: the seats people play, in seat order.
        shown: hot seat: the human whose hand was shown last (None: nobody yet).
    """

    in_play: bool
    round_screen: bool = True
    over: bool = False
    round: int = 1
    ack_round: int = 1
    viewer: int | None = None
    humans: Sequence[int] = ()
    shown: int | None = None


@dataclass(frozen=True)
class Screen:
    """The screen to show, and what the page remembers for the next choice.

    Attributes:
        name: the screen (`ScreenName`).
        ack_round: the last round whose end the player has seen, after this screen
            (a game without round screens has seen every round's end on its table).
        handoff: the human waiting behind the "pass the device" screen (None: no
            hand-off; always None off the table).
        seat: the seat whose hand the table shows (None: nobody's, face down).
        shown: the human whose hand was shown last, after this screen.
        focus: the seat the table is drawn around (the seat shown, else the last one
            shown, else the first human; None: bots only).
    """

    name: ScreenName
    ack_round: int
    handoff: int | None = None
    seat: int | None = None
    shown: int | None = None
    focus: int | None = None


def next_screen(s: Situation) -> Screen:
    """The screen to show now for the situation ``s``.

    No game: the setup screen. A game that stops between rounds: game over once it
    is over, else the round-over screen while a round ended unseen
    (``round > ack_round``). A game without round screens acknowledges every round
    and shows its own game-over screen once over. Otherwise the table: for the
    viewer's seat, or, when several people share the device and the viewer is not
    the one shown last, behind a hand-off to the viewer with no hand shown.
    """
    if not s.in_play:
        return Screen("setup", s.ack_round, shown=s.shown)
    ack_round = s.ack_round if s.round_screen else s.round
    if s.over:
        return Screen("game-over", ack_round, shown=s.shown)
    if s.round_screen and s.round > ack_round:
        return Screen("round-over", ack_round, shown=s.shown)
    handoff = (s.viewer if s.viewer is not None and len(s.humans) > 1
               and s.shown != s.viewer else None)
    seat = s.viewer if handoff is None else None
    shown = seat if seat is not None else s.shown
    focus = shown if shown is not None else (s.humans[0] if s.humans else None)
    return Screen("table", ack_round, handoff=handoff, seat=seat, shown=shown, focus=focus)
