"""Fruits de mer's replay payloads (seasalt.web.fdm_replay): one step per round, each
the table as everyone saw it just after that round's reveal (every seat's card, the
steps, the summary), no hand, read only, the replay bar's shape."""

from __future__ import annotations

import pytest

from seasalt.core.errors import InvalidRecordError
from seasalt.core.record import GameRecord
from seasalt.fdm.present import page as fdm_page
from seasalt.web.fdm_replay import SPECTATOR, FdmReplayTable
from seasalt.web.replay import ReplayTable
from seasalt.web.settings import Settings
from seasalt.web.table import Table


def finished(seed: int = 7, seats: tuple[str, ...] = ("human", "medium", "easy")) -> Table:
    """A Fruits de mer game played to its end (the person plays the first legal card)."""
    t = Table.new(Settings(seats=list(seats), seed=seed, game="fruits-de-mer"))
    while not t.over:
        if t.is_bot_turn():
            t.bot_step(1.0)
        else:
            t.submit(t.current, t.ply, t.view(t.current)["legal"][0])
    return t


@pytest.fixture(scope="module")
def table() -> Table:
    return finished()


def test_a_step_per_round_each_its_reveal(table: Table) -> None:
    r = FdmReplayTable.of_table(table)
    rounds = table.view(None)["table"]["rows"]
    assert r.over and r.plies == len(rounds) >= 1
    assert r.payload(0)["last"] is None  # the start: nothing revealed yet
    for step in range(1, r.plies + 1):
        v = r.payload(step)
        last = v["last"]
        assert last["round"] == step
        # every seat's card face up, as the reveal showed it to everyone
        assert sorted(int(p["seat"]) for p in last["plays"] if p) == [0, 1, 2]
        assert last["steps"] and v["prompt"]["text"] == last["summary"]
        # the table as it was then: the scores after that round
        assert [int(s["score"]) for s in v["seats"]] == rounds[step - 1]["totals"]
        assert v["legal"] == [] and v["hand"] == [] and v["seat"] is None
        # nobody is choosing in a replay: the chips say no state
        assert {(s["status"], s["status_text"]) for s in v["seats"]} == {("done", "")}
        assert all("hoos" not in s["aria"] for s in v["seats"])


def test_each_step_is_the_spectators_table_at_that_round(table: Table) -> None:
    r = FdmReplayTable.of_table(table)
    for step in range(r.plies + 1):
        state_view = r.replay.view(r.steps[step], None)
        v = fdm_page.payload(state_view, r.names, r.kinds, "normal")
        shown = r.payload(step)
        assert shown["last"] == v["last"] and shown["table"] == v["table"]
        assert shown["log_lines"] == v["log_lines"]


def test_the_bar_steps_rounds_without_marks(table: Table) -> None:
    r = FdmReplayTable.of_table(table)
    rep = r.payload(2)["replay"]
    assert rep["ply"] == 2 and rep["plies"] == r.plies and rep["over"]
    assert [x["ply"] for x in rep["rounds"]] == list(range(r.plies + 1))  # the start too
    assert rep["marks"] == [] and rep["mark"] is None and rep["next_mark"] is None
    assert rep["by_round"] is True  # the bar hides its mark button and view menu
    assert [m["value"] for m in rep["modes"]] == [SPECTATOR] == [r.mode_of("seat:0")]
    # the log's lines of the round shown start where the step before ended
    assert rep["current"] == len(r.payload(1)["log_lines"])
    assert r.payload(99)["replay"]["ply"] == r.plies  # clamped
    assert r.payload(-3)["replay"]["ply"] == 0


def test_other_games_are_refused() -> None:
    ssp = GameRecord("sea-salt-and-paper", 3, 2, ["A", "B"], {}, [])
    with pytest.raises(InvalidRecordError):
        FdmReplayTable(ssp, ["A", "B"], ["human", "easy"])
    with pytest.raises(InvalidRecordError):  # and Sea Salt & Paper's replay refuses this one
        ReplayTable(GameRecord("fruits-de-mer", 3, 3, [], {}, []), ["human", "easy", "easy"])
