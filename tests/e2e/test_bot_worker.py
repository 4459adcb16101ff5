"""Hard's search in the bots' web worker (``web/bots-worker.js``, ``web/page/thinker.py``).

The page marks each bot decision (``seasalt-decision``, its detail's ``by``: ``worker``
or ``page``) and shows the worker's state as ``<body data-bot-worker>``. These tests
check that the worker starts only when a Hard bot is wanted, plays Hard's decisions as
the engine would in CPython, that an answer for a decision no longer current is
dropped, and that without a usable worker the page plays on by itself.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Page, Route, expect

from seasalt.bots import BOT_MAKER
from seasalt.core.table import Table
from seasalt.ssp.game import GAME
from seasalt.ssp.strategy.heuristics import HEURISTICS
from seasalt.web import table as web_table
from seasalt.web.settings import HARD_PAGE_SECONDS
from tests.e2e.positions import saved_game

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

READY_TIMEOUT_S = 90
"""The worker's start-up: a second Pyodide (about 3 s on 2 quiet cores; far more under load)."""
HARD_GAME = "?players=hard,hard&seed=11&speed=fast"


def decisions(page: Page) -> list[dict[str, Any]]:
    """The ``seasalt-decision`` marks' details so far (``by``, ``seat``, ``ply``, times)."""
    return page.evaluate(
        "performance.getEntriesByName('seasalt-decision').map((m) => m.detail)")


def worker_state(page: Page) -> str | None:
    return page.get_attribute("body", "data-bot-worker")


def saved_ply(page: Page) -> int:
    """The ply of the game the page saved last (after every action)."""
    return len(json.loads(saved_game(page) or "{}")["record"]["actions"])


def wait_until(app: App, what: str, test: Any, timeout_s: float = READY_TIMEOUT_S) -> Any:
    """Poll ``test()`` until it is truthy (returned); fail on a page error or timeout."""
    deadline = time.monotonic() + timeout_s
    while not (value := test()):
        assert not app.errors, app.errors
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        app.page.wait_for_timeout(50)
    return value


def worker_decisions(app: App, count: int) -> list[dict[str, Any]]:
    """Wait until the worker has thought ``count`` decisions; all the marks so far."""
    return wait_until(app, f"{count} decisions by the worker", lambda: (
        (d := decisions(app.page)) and sum(x["by"] == "worker" for x in d) >= count and d))


class TestTheWorkerPlaysHard:
    def test_hard_is_thought_in_the_worker_as_in_cpython(self, app: App) -> None:
        app.open(HARD_GAME)
        app.wait_for_game(60)
        wait_until(app, "the worker", lambda: worker_state(app.page) == "ready")
        ready = app.page.evaluate(
            "performance.getEntriesByName('seasalt-worker-ready')[0].detail")
        assert 0 < ready["boot"] <= ready["wall"]
        # no cross-origin isolation (GitHub Pages sends no such header): strings only
        assert not app.page.evaluate("crossOriginIsolated")
        marks = worker_decisions(app, 4)
        assert {m["by"] for m in marks} <= {"page", "worker"}
        # the same game in CPython, Hard without the page's time cap: each decision,
        # whoever thought it, is the engine's, unless the page's search was stopped by
        # the cap (HARD_PAGE_SECONDS times the decision's weight), as it may be under load
        save = saved_game(app.page)
        played = web_table.Table.load(save).record.actions
        by_ply = {m["ply"]: m for m in marks}
        last = max(m["ply"] for m in marks if m["by"] == "worker")
        replay = Table.new(GAME, 11, ["hard", "hard"], bots=BOT_MAKER)
        for ply, code in enumerate(played[: last + 1]):
            seat, legal = replay.current, replay.legal()
            view = replay.view(seat, log=False)
            chosen = replay.bots(seat, ply).act(view, legal) if len(legal) > 1 else legal[0]
            if GAME.action_to_str(chosen) != code:
                cap = HARD_PAGE_SECONDS * HEURISTICS.budget_weight(view, legal)
                assert by_ply[ply]["think"] >= 0.9 * cap * 1000, (ply, by_ply[ply])
            replay.play(GAME.parse_action(code))
        app.assert_clean()

    def test_the_worker_waits_for_a_hard_bot(self, app: App) -> None:
        app.open()
        app.wait_for_phase("setup")
        app.page.wait_for_timeout(1500)  # the bots are loaded meanwhile
        assert worker_state(app.page) is None  # You and Medium: no worker
        app.page.select_option('[name="kind-1"]', "hard")
        wait_until(app, "the worker", lambda: worker_state(app.page) == "ready")
        app.page.select_option('[name="kind-0"]', "easy")
        app.page.select_option("#speed", "instant")
        app.page.click("#start")
        app.wait_for_game(60)
        worker_decisions(app, 2)
        app.assert_clean()


class TestStaleAnswers:
    @pytest.mark.parametrize("action", ["watch-pause", "new-game"])
    def test_an_answer_for_a_decision_gone_is_dropped(self, app: App, action: str) -> None:
        app.open("?players=hard,hard&seed=3&speed=slow")
        app.wait_for_game(60)
        wait_until(app, "the worker", lambda: worker_state(app.page) == "ready")
        # the moment the worker starts thinking, the decision goes away
        app.page.evaluate("""(action) => new Promise((done) => {
            const body = document.body;
            const go = () => {
                if (body.dataset.botThinking !== "worker") return false;
                document.querySelector(`[data-action="${action}"]`).click();
                done();
                return true;
            };
            if (!go()) {
                const watch = new MutationObserver(() => { if (go()) watch.disconnect(); });
                watch.observe(body, {attributes: true, attributeFilter: ["data-bot-thinking"]});
            }
        })""", action)
        ply = saved_ply(app.page)
        dropped = wait_until(app, "the dropped answer", lambda: app.page.evaluate(
            "performance.getEntriesByName('seasalt-worker-dropped').map((m) => m.detail)"))
        assert dropped[0]["ply"] == ply
        app.page.wait_for_timeout(1500)
        assert saved_ply(app.page) == ply  # nothing was played
        if action == "new-game":
            assert app.phase() == "setup"
            app.page.click('[data-action="resume"]')
            app.wait_for_game(30)
        else:
            assert "paused" in (app.page.get_attribute("#table-watch", "data-state") or "")
            app.page.click('[data-action="watch-resume"]')
        # the same decision asked again: played, by the worker, and the game goes on
        wait_until(app, "the game to go on", lambda: saved_ply(app.page) > ply, 60)
        assert any(m["ply"] == ply and m["by"] == "worker" for m in decisions(app.page))
        app.assert_clean()


class TestFallback:
    """Without a usable worker the bots think on the page, with no error shown."""

    STUB = """postMessage(JSON.stringify({type: "ready", ms: 1}));
self.addEventListener("message", (event) => {
  const r = JSON.parse(event.data);
  postMessage(JSON.stringify({id: r.id, seat: r.seat, ply: r.ply, action: "fly:9"}));
});
"""
    """A worker that answers an action that does not exist."""

    @pytest.mark.parametrize("broken", ["missing", "wrong-answers", "no-archive"])
    def test_the_page_thinks_itself(self, app: App, broken: str) -> None:
        def route(r: Route) -> None:
            if broken == "missing":
                r.fulfill(status=404, body="")
            else:
                r.fulfill(body=self.STUB, content_type="text/javascript")

        if broken == "no-archive":  # the worker's Python cannot start
            app.page.route("**/bots-worker.js*", lambda r: r.continue_())
        else:
            app.page.route("**/bots-worker.js*", route)
        app.open()
        app.wait_for_phase("setup")
        if broken == "no-archive":  # the page has its later archive: only the worker's fails
            wait_until(app, "the page's later archive", lambda: app.page.evaluate(
                "performance.getEntriesByType('resource')"
                ".some((e) => e.name.endsWith('/seasalt-more.zip.zst') && e.responseEnd > 0)"))
            app.page.route("**/seasalt-more.zip.zst*", lambda r: r.fulfill(status=404, body=""))
        app.page.select_option('[name="kind-0"]', "hard")
        app.page.select_option('[name="kind-1"]', "hard")
        app.page.select_option("#speed", "instant")
        expected = "ready" if broken == "wrong-answers" else "failed"
        wait_until(app, f"the worker {expected}", lambda: worker_state(app.page) == expected)
        app.page.click("#start")
        app.wait_for_game(60)
        wait_until(app, "decisions", lambda: len(decisions(app.page)) >= 6, 120)
        assert {m["by"] for m in decisions(app.page)} == {"page"}
        expect(app.page.locator("#error")).to_be_hidden()
        app.errors = [e for e in app.errors if not (
            broken == "missing" and "404" in e)]  # the browser reports the missing file
        app.assert_clean()



class TestStuckWorker:
    """Issue 41, item 5: a worker that goes silent, or says what is none of its
    messages, never stalls the game: its decision is thought on the page after
    ``thinker.ANSWER_SECONDS`` (2.5 s, was 60 s), a new worker is started (three times
    at most), and the table says so."""

    SILENT = """postMessage(JSON.stringify({type: "ready", ms: 1}));
self.addEventListener("message", () => {});
"""
    """A worker that says it is ready, then never answers."""
    GARBAGE = """for (const m of ["[1,2,3]", "null", "{}", '{"id": "x"}', 7]) postMessage(m);
postMessage(JSON.stringify({type: "ready", ms: 1}));
self.addEventListener("message", (event) => {
  const r = JSON.parse(event.data);
  for (const m of ["[1,2,3]", "null", "{}", JSON.stringify({id: r.id, seat: "x"})]) {
    postMessage(m);
  }
});
"""
    """A worker whose every message but ready is none of its messages."""

    @pytest.mark.parametrize("stub", ["silent", "garbage"])
    def test_the_page_takes_over_and_the_game_goes_on(self, app: App, stub: str) -> None:
        script = self.SILENT if stub == "silent" else self.GARBAGE
        app.page.route("**/bots-worker.js*", lambda r: r.fulfill(
            body=script, content_type="text/javascript"))
        app.open("?players=hard,hard&seed=5&speed=instant")
        app.wait_for_game(60)
        stuck = wait_until(app, "a stuck worker", lambda: app.page.evaluate(
            "performance.getEntriesByName('seasalt-worker-stuck').map((m) => m.detail)"))
        assert stuck[0]["waited"] == 2500 and stuck[0]["restart"]
        first = wait_until(app, "a decision", lambda: decisions(app.page))[0]
        waited = first["wall"] - first["think"]
        print(f"the page took over {waited:.0f} ms after asking the worker")
        assert first["by"] == "page" and waited < 10_000  # was 60 s
        expect(app.page.locator("#table-message")).to_contain_text(
            "The bots' helper stopped answering and was restarted")
        # three new workers, as silent: then the bots think on the page for good
        wait_until(app, "the worker given up", lambda: worker_state(app.page) == "failed", 90)
        expect(app.page.locator("#table-message")).to_contain_text("from now on")
        count = len(decisions(app.page))
        wait_until(app, "the game to go on", lambda: len(decisions(app.page)) >= count + 6, 60)
        assert {m["by"] for m in decisions(app.page)} == {"page"}
        expect(app.page.locator("#error")).to_be_hidden()
        app.assert_clean()
