"""The bots' web worker's Python (``seasalt.web.worker``) in CPython, and the table's side of
it (``Table.think_request`` / ``Table.play_thought``): the worker decides exactly as the
main thread does, from the seat's view as JSON; stale or illegal answers are refused."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from seasalt.bots import BOT_MAKER
from seasalt.bots.expert import DEFAULT_ITERATIONS, ExpertBot
from seasalt.core.errors import IllegalActionError, InvalidActionError, Reason
from seasalt.core.table import HUMAN, Table, bot_spec, decision_seed, fixed_bots
from seasalt.web import settings as web_settings
from seasalt.web import table as web_table
from seasalt.web import worker as web_worker
from seasalt.web.worker import BadMessageError, BadRequestError, answer, read_message, think

SSP = "sea-salt-and-paper"
FDM = "fruits-de-mer"
QUICK = "expert:iterations=40"
"""A searching bot with a small budget: the same search as Hard, faster to test."""


def over_json(request: dict[str, Any]) -> dict[str, Any]:
    """What the worker receives: the request after a trip through JSON text."""
    data: dict[str, Any] = json.loads(json.dumps(request))
    return data


def decisions(game: str, kinds: list[str], seed: int, count: int,
              options: dict[str, Any] | None = None) -> list[tuple[dict[str, Any], str]]:
    """``count`` bot decisions along games of bots (random moves between them; a new
    game when one ends): each the table's request and the code of the action the
    table's own bot chose, thinking on the "main thread" in small slices."""
    rng = random.Random(seed)
    out: list[tuple[dict[str, Any], str]] = []
    while len(out) < count:
        t = Table.new(game, seed + len(out), kinds, options=options, bots=BOT_MAKER)
        while len(out) < count and not t.over:
            request = t.think_request()
            if request is not None and rng.random() < 0.5:
                while not t.bot_step(0.002):
                    pass
                assert t.last_decision is not None
                out.append((request, t.game.action_to_str(t.last_decision.action)))
            else:
                t.play(rng.choice(t.legal()))
    return out


@pytest.mark.parametrize(("game", "players", "options"), [
    (SSP, 2, {}),
    (SSP, 3, {"extra_salt": True}),
    (SSP, 4, {"extra_pepper": True, "extra_salt": True, "double_target": True}),
    (FDM, 2, {}),
    (FDM, 5, {}),
])
def test_the_worker_decides_as_the_main_thread(game: str, players: int,
                                               options: dict[str, Any]) -> None:
    for request, chosen in decisions(game, [QUICK] * players, players * 7, 14, options):
        got = think(over_json(request))
        assert got["action"] == chosen, request["ply"]
        assert (got["seat"], got["ply"]) == (request["seat"], request["ply"])
        assert got["seconds"] > 0


@pytest.mark.parametrize("game", [SSP, FDM])
def test_hard_decides_the_same_in_the_worker(game: str) -> None:
    # the level itself (its full budget), a few decisions, through the JSON handler
    for request, chosen in decisions(game, ["hard", "hard"], seed=5, count=3):
        assert request["spec"] == "hard"
        reply = json.loads(answer(json.dumps({**request, "id": 9})))
        assert reply["action"] == chosen and reply["id"] == 9


def test_a_request_is_the_seats_view_only() -> None:
    t = Table.new(SSP, 4, ["hard", HUMAN], bots=BOT_MAKER)
    request = t.think_request()
    assert request is not None
    assert set(request) == set(web_worker.REQUEST_KEYS)
    assert request["seat"] == 0 and request["ply"] == 0 and request["spec"] == "hard"
    assert request["seed"] == decision_seed(4, 0, 0)
    assert request["view"] == t.game.view_to_dict(t.view(0, log=False))
    assert request["view"]["seat"] == 0 and request["view"]["log"] == []
    assert request["legal"] == [t.game.action_to_str(a) for a in t.legal()]
    text = json.dumps(request)
    assert '"seed": 4,' not in text  # the game's seed stays on the table


def test_no_request_without_a_search_to_send() -> None:
    t = Table.new(SSP, 4, ["medium", "hard"], bots=BOT_MAKER)
    assert t.think_request() is None  # Medium decides at once, on the page
    while t.current == 0:
        t.bot_act()
    # game 4: Hard's first turn comes at ply 3 with a choice of 3 actions: it is sent
    assert (t.current, t.ply, len(t.legal())) == (1, 3, 3)
    request = t.think_request()
    assert request is not None and (request["seat"], request["ply"]) == (1, 3)
    person = Table.new(SSP, 4, [HUMAN, "hard"], bots=BOT_MAKER)
    assert person.think_request() is None  # a person is to move
    arena = Table.new(SSP, 4, ["hard", "hard"], bots=fixed_bots([None, None]))
    assert arena.think_request() is None  # the seeds would not be the bots'
    rng = random.Random(1)
    t = Table.new(FDM, 4, ["hard", "hard"], bots=BOT_MAKER)
    while not t.over:  # a lone legal action is not sent either
        if len(t.legal()) < 2:
            assert t.think_request() is None
        t.play(rng.choice(t.legal()))
    assert t.think_request() is None


def test_the_answer_is_played_as_the_bots_decision() -> None:
    t = Table.new(SSP, 6, ["hard", "easy"], bots=BOT_MAKER)
    request = t.think_request()
    assert request is not None
    reply = think(over_json(request))
    t.play_thought(request["seat"], request["ply"], reply["action"], reply["seconds"])
    assert t.ply == 1 and t.record.actions == [reply["action"]]
    d = t.last_decision
    assert d is not None and d.asked and d.seat == 0 and d.ply == 0
    assert d.seconds == reply["seconds"]


def test_stale_or_wrong_answers_are_refused_and_nothing_changes() -> None:
    t = Table.new(SSP, 6, ["hard", "hard"], bots=BOT_MAKER)
    request = t.think_request()
    assert request is not None
    code = think(over_json(request))["action"]
    t.bot_act()  # the table moved on meanwhile (here: thought on the main thread)
    before = list(t.record.actions)
    with pytest.raises(IllegalActionError) as err:
        t.play_thought(request["seat"], request["ply"], code)
    assert err.value.reason == Reason.STALE
    while (again := t.think_request()) is None:
        t.bot_act()
    before = list(t.record.actions)
    seat, ply = again["seat"], again["ply"]
    with pytest.raises(IllegalActionError) as err:  # the right ply, another seat
        t.play_thought(1 - seat, ply, again["legal"][0])
    assert err.value.reason == Reason.NOT_YOUR_TURN
    elsewhere = next(c for c in request["legal"] if c not in again["legal"])
    with pytest.raises(IllegalActionError) as err:  # not legal now
        t.play_thought(seat, ply, elsewhere)
    assert err.value.reason == Reason.NOT_AVAILABLE
    with pytest.raises(InvalidActionError):
        t.play_thought(seat, ply, "fly:9")
    assert t.record.actions == before
    person = Table.new(SSP, 6, [HUMAN, "hard"], bots=BOT_MAKER)
    with pytest.raises(IllegalActionError) as err:
        person.play_thought(0, 0, person.game.action_to_str(person.legal()[0]))
    assert err.value.reason == Reason.NOT_YOUR_TURN


def test_the_pages_table_passes_them_on() -> None:
    t = web_table.Table.new(web_settings.Settings(seats=["hard", "you"], seed=3))
    request = t.think_request()
    assert request is not None
    t.play_thought(0, 0, think(over_json(request))["action"], 0.5)
    assert t.ply == 1 and t.driver.last_decision is not None
    with pytest.raises(IllegalActionError):
        t.play_thought(0, 0, request["legal"][0])
    assert web_settings.searches(["you", "hard"])
    assert web_settings.searches(["hard"], FDM)
    assert not web_settings.searches(["human", "easy", "medium"], FDM)


def test_a_seat_kind_takes_extra_settings() -> None:
    assert bot_spec("hard") == "hard" and bot_spec("hard", {"easy": "noise=1"}) == "hard"
    assert bot_spec("hard", {"hard": "time=0.25"}) == "hard:time=0.25"
    assert bot_spec("expert:iterations=50", {"expert:iterations=50": "time=1"}) == (
        "expert:iterations=50,time=1")
    plain = Table.new(SSP, 2, ["hard", HUMAN], bots=BOT_MAKER)
    t = Table(plain.game, plain.record, plain.kinds, bots=BOT_MAKER,
              bot_settings={"hard": "iterations=30,time=0.5"})
    request = t.think_request()
    assert request is not None and request["spec"] == "hard:iterations=30,time=0.5"
    bot = t.bots(0, t.ply)
    assert (bot.iterations, bot.time) == (30, 0.5)  # type: ignore[attr-defined]
    assert think(over_json(request))["action"] in request["legal"]


def test_the_page_caps_hards_thinking_time() -> None:
    t = web_table.Table.new(web_settings.Settings(seats=["hard", "medium", "you"], seed=3))
    request = t.think_request()
    assert request is not None
    seconds = web_settings.HARD_PAGE_SECONDS
    assert request["spec"] == f"hard:iterations={DEFAULT_ITERATIONS},time={seconds}"
    bot = t.driver.bots(0, t.ply)
    assert (bot.iterations, bot.time) == (DEFAULT_ITERATIONS,  # type: ignore[attr-defined]
                                          web_settings.HARD_PAGE_SECONDS)
    assert not isinstance(t.driver.bots(1, t.ply), ExpertBot)
    assert t.kinds == ["hard", "medium", "human"]


@pytest.mark.parametrize(("change", "message"), [
    (lambda r: r.pop("view"), "request lacks the field 'view'"),
    (lambda r: r.update(game="chess"), "request.game: "),
    (lambda r: r.update(spec="grandmaster"), "request.spec: "),
    (lambda r: r.update(seed=-1), "request.seed must be a whole number of at least 0"),
    (lambda r: r.update(legal=[]), "request.legal is empty"),
    (lambda r: r.update(legal=["fly:9"]), "InvalidActionError"),
    (lambda r: r["view"].update(hand="none"), "InvalidViewError: view.hand must be"),
    (lambda r: r.update(seat=1), "request.view is seat 0's, not seat 1's"),
])
def test_bad_requests_are_refused(change: Any, message: str) -> None:
    t = Table.new(SSP, 2, ["hard", "hard"], bots=BOT_MAKER)
    request = over_json(t.think_request() or {})
    change(request)
    with pytest.raises(BadRequestError, match=message.replace("(", r"\(")):
        think(request)


@pytest.mark.parametrize(("text", "ident", "error"), [
    ("not json", None, "JSONDecodeError"),
    ("[1, 2]", None, "request must be a JSON object"),
    ('{"id": 4, "game": "sea-salt-and-paper"}', 4, "request lacks the field 'spec'"),
    ('{"id": [4]}', None, "request lacks"),
])
def test_the_handler_never_raises(text: str, ident: Any, error: str) -> None:
    reply = json.loads(answer(text))
    assert reply["id"] == ident and error in reply["error"]
    assert "action" not in reply


def test_the_worker_module_needs_no_browser() -> None:
    import ast
    from pathlib import Path

    tree = ast.parse(Path(web_worker.__file__).read_text(encoding="utf-8"))
    imported = {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert not {m for m in imported if m.split(".")[0] in ("js", "pyodide", "pyscript")}


@pytest.mark.parametrize("text", [
    "[1,2,3]", "null", "{}", "1", '"ready"', "", "not json", None, 7, "[" * 20_000,
    '{"id": 1}', '{"id": "1", "seat": 0, "ply": 2, "action": "draw"}',
    '{"id": 1, "seat": 0, "ply": 2}', '{"id": 1, "seat": 0, "ply": 2, "action": ""}',
    '{"id": 1, "seat": 0, "ply": 2, "action": "draw", "seconds": "x"}',
    '{"id": 1, "seat": 0, "ply": 2, "action": ["draw"]}', '{"id": true, "seat": 0}',
    '{"type": "hello"}', '{"id": [1], "error": "x"}', '{"id": 1, "seat": 0, "ply": '
    + "9" * 5_000 + ', "action": "draw"}',
])
def test_a_message_that_is_none_of_the_workers_is_refused(text: Any) -> None:
    """Issue 41, item 5: the page reads every message through ``read_message``, which
    refuses anything but the worker's messages with its own error."""
    with pytest.raises(BadMessageError):
        read_message(text)


def test_the_workers_messages_are_read() -> None:
    assert read_message('{"type": "ready", "ms": 812.5, "restored": true}') == {
        "type": "ready", "ms": 812.5, "restored": True}
    assert read_message('{"type": "failed", "error": "no archive"}') == {
        "type": "failed", "error": "no archive"}
    assert read_message('{"id": 7, "error": "InvalidViewError: x"}') == {
        "type": "error", "id": 7, "error": "InvalidViewError: x"}
    t = Table.new(SSP, 2, ["hard", "hard"], bots=BOT_MAKER)
    request = over_json(t.think_request() or {})
    msg = read_message(answer(json.dumps({**request, "id": 7})))
    assert msg["type"] == "answer" and msg["id"] == 7 and msg["action"] in request["legal"]
    assert read_message(answer("[1, 2]"))["type"] == "error"
