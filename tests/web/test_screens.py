"""The choice of the page's next screen (``seasalt.web.screens``), case by case."""

from __future__ import annotations

import pytest

from seasalt.web.screens import Screen, Situation, next_screen

SSP = {"round_screen": True}
FDM = {"round_screen": False}

CASES: list[tuple[str, Situation, Screen]] = [
    ("no game: setup",
     Situation(in_play=False, ack_round=3, shown=1),
     Screen("setup", 3, shown=1)),
    ("one person's turn: the table, their hand",
     Situation(True, **SSP, round=2, ack_round=2, viewer=0, humans=(0,)),
     Screen("table", 2, seat=0, shown=0, focus=0)),
    ("a bot's turn, one person: the table around the person, no hand shown",
     Situation(True, **SSP, round=1, ack_round=1, viewer=None, humans=(2,)),
     Screen("table", 1, focus=2)),
    ("bots only: nobody's hand, no seat to draw around",
     Situation(True, **SSP, viewer=None, humans=()),
     Screen("table", 1)),
    ("a round ended unseen: round over",
     Situation(True, **SSP, round=3, ack_round=2, viewer=0, humans=(0, 1), shown=0),
     Screen("round-over", 2, shown=0)),
    ("game over before the round's end is seen: game over",
     Situation(True, **SSP, over=True, round=4, ack_round=3, viewer=None, humans=(0,)),
     Screen("game-over", 3)),
    ("hot seat, the next person: hand-off, no hand shown",
     Situation(True, **SSP, viewer=1, humans=(0, 1), shown=0),
     Screen("table", 1, handoff=1, shown=0, focus=0)),
    ("hot seat, the first person ever: hand-off",
     Situation(True, **SSP, viewer=0, humans=(0, 1), shown=None),
     Screen("table", 1, handoff=0, focus=0)),
    ("hot seat, the same person again: their hand, no hand-off",
     Situation(True, **SSP, viewer=1, humans=(0, 1), shown=1),
     Screen("table", 1, seat=1, shown=1, focus=1)),
    ("hot seat, a bot's turn: the last person shown stays in focus",
     Situation(True, **SSP, viewer=None, humans=(0, 1), shown=1),
     Screen("table", 1, shown=1, focus=1)),
    ("Fruits de mer: a round's end is on its table (acknowledged)",
     Situation(True, **FDM, round=5, ack_round=4, viewer=0, humans=(0,)),
     Screen("table", 5, seat=0, shown=0, focus=0)),
    ("Fruits de mer over: its game over, every round acknowledged",
     Situation(True, **FDM, over=True, round=9, ack_round=8, humans=(0,), shown=0),
     Screen("game-over", 9, shown=0)),
    ("Fruits de mer, hot seat: hand-off as in Sea Salt & Paper",
     Situation(True, **FDM, round=2, ack_round=2, viewer=2, humans=(0, 2), shown=0),
     Screen("table", 2, handoff=2, shown=0, focus=0)),
]


@pytest.mark.parametrize(("situation", "screen"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_next_screen(situation: Situation, screen: Screen) -> None:
    assert next_screen(situation) == screen
