"""A long game's log on the table: the payload words its last ``LOG_LINES`` events
only (a game of tens of thousands of moves draws at once), the same words as the whole
log's end, kept up to date move after move; the saves' list reads a view without the
log."""

from __future__ import annotations

from seasalt.ssp.present import log_lines
from seasalt.web import table as table_module
from seasalt.web.table import LOG_LINES, Table
from tests.core.test_slices import endless


def long_table(actions: int) -> Table:
    return Table(endless(actions), ["human", "easy"])


def test_the_payload_words_the_last_lines_of_a_long_log() -> None:
    t = long_table(3 * LOG_LINES)
    v = t.view(t.viewer())
    events = v["log"]
    assert len(events) > LOG_LINES == len(v["log_lines"])
    words = log_lines(events[-LOG_LINES:], t.names, 0)
    assert [line["text"] for line in v["log_lines"]] == words


def test_the_lines_follow_the_moves_and_an_undo(monkeypatch) -> None:
    monkeypatch.setattr(table_module, "LOG_LINES", 50)
    t = long_table(400)
    before = t.view(0)
    for _ in range(6):  # a turn or two: draw, keep, end
        t.submit(t.current, t.ply, t.view(t.current)["legal"][0]["code"])
    v = t.view(t.current if t.current >= 0 else 0)
    assert len(v["log_lines"]) == 50
    assert [x["text"] for x in v["log_lines"]] == log_lines(v["log"][-50:], t.names,
                                                            v["seat"])
    assert v["log_lines"] != before["log_lines"]


def test_a_short_game_shows_its_whole_log() -> None:
    t = long_table(120)
    v = t.view(0)
    assert len(v["log_lines"]) == len(v["log"]) > 0


def test_the_list_reads_no_log(monkeypatch) -> None:
    t = long_table(300)
    asked: list[bool] = []
    real = t.driver.view
    monkeypatch.setattr(t.driver, "view", lambda seat, *, log=True: asked.append(log)
                        or real(seat, log=log))
    facts = t.resume_view()
    assert asked and not any(asked) and facts["round"] >= 1
