"""The snapshot of Pyodide's start-up (web/pyodide/start.mjs): made in a worker after a
plain start, kept in Cache Storage under the build's key, used by later visits (online,
offline, and the bots' web worker), and dropped when damaged or from another build.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from tests.e2e.positions import wait_for_table, wait_for_worker_decisions
from tests.e2e.test_offline import Site, serve, wait_for_worker

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

GAME_TIMEOUT_S = 120
SNAPSHOT_TIMEOUT_S = 60
"""Longest the worker may take to start a second Pyodide and keep its memory."""
CACHE = "seasalt.pyodide-snapshot"

MARKS = """() => performance.getEntriesByType("mark").map((m) => m.name)
    .filter((name) => /^seasalt-(pyodide|snapshot)-/.test(name))"""
SNAPSHOTS = f"""async () => {{
    if (!(await caches.keys()).includes("{CACHE}")) return [];
    const cache = await caches.open("{CACHE}");
    return (await cache.keys()).map((r) => r.url);
}}"""


def snapshot_url(dist: Path, site_url: str) -> str:
    """The URL build.py's key gives this build's snapshot."""
    text = (dist / "pyodide" / "start.mjs").read_text(encoding="utf-8")
    key = re.search(r'^const KEY = "([0-9a-f]{16})";$', text, re.MULTILINE)
    assert key, "start.mjs has no key"
    return f"{site_url}pyodide/snapshot-{key.group(1)}.bin"


def settled(app: App) -> str:
    """Wait for the page's snapshot to be kept or to fail; the outcome's mark."""
    deadline = time.monotonic() + SNAPSHOT_TIMEOUT_S
    while True:
        marks = app.page.evaluate(MARKS)
        for outcome in ("seasalt-snapshot-kept", "seasalt-snapshot-failed"):
            if outcome in marks:
                return outcome
        assert time.monotonic() < deadline, marks
        app.page.wait_for_timeout(200)


@pytest.fixture()
def own_site(dist_dir: Path) -> Iterator[Site]:
    """The site on a server of the test's own, which the offline test stops."""
    site = serve(dist_dir, "/seasalt/")
    yield site
    site.stop()


@pytest.fixture()
def snapshot_app(browser: Browser, site_url: str, observer: Callable[..., App]
                 ) -> Iterator[App]:
    """A routed page as `app`'s, that makes and keeps snapshots."""
    context = browser.new_context()
    app = observer(context.new_page(), site_url, watch_requests=False, snapshots=True)
    app.guard(context)
    try:
        yield app
    finally:
        context.close()


def test_a_plain_start_keeps_a_snapshot_the_next_visit_starts_from(
    snapshot_app: App, dist_dir: Path, site_url: str
) -> None:
    app = snapshot_app
    app.open()
    app.wait_for_phase("setup")
    assert "seasalt-pyodide-started" in app.page.evaluate(MARKS)
    assert settled(app) == "seasalt-snapshot-kept"
    assert app.page.evaluate(SNAPSHOTS) == [snapshot_url(dist_dir, site_url)]
    # the next visit: a bots' game from a link, played to its end
    app.open("?players=easy,medium&seed=5&speed=instant")
    wait_for_table(app, GAME_TIMEOUT_S)
    marks = app.page.evaluate(MARKS)
    assert "seasalt-pyodide-restored" in marks and "seasalt-pyodide-started" not in marks
    assert app.play_to_game_over(GAME_TIMEOUT_S) >= 1
    expect(app.page.locator("#standings li")).to_have_count(2)
    app.assert_clean()
    app.assert_imports(required=True)


def test_hard_thinks_in_a_bots_worker_started_from_the_snapshot(snapshot_app: App) -> None:
    app = snapshot_app
    app.open()
    app.wait_for_phase("setup")
    assert settled(app) == "seasalt-snapshot-kept"
    app.open("?players=hard,easy&seed=2&speed=instant")
    wait_for_table(app, GAME_TIMEOUT_S)
    wait_for_worker_decisions(app, 2, GAME_TIMEOUT_S)
    ready = app.page.evaluate("""performance.getEntriesByName("seasalt-worker-ready")
        .map((m) => m.detail)""")
    assert [r["restored"] for r in ready] == [True]
    app.assert_clean()


def test_a_damaged_snapshot_is_dropped_and_made_again(
    snapshot_app: App, dist_dir: Path, site_url: str
) -> None:
    app = snapshot_app
    url = snapshot_url(dist_dir, site_url)
    app.open()
    app.wait_for_phase("setup")
    warnings: list[str] = []
    app.page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    put = """async ([name, url, size]) => (await caches.open(name))
        .put(url, new Response(new Uint8Array(size).fill(7)))"""
    app.page.evaluate(put, [CACHE, url, 4096])  # damaged
    app.page.reload()
    app.wait_for_phase("setup")
    marks = app.page.evaluate(MARKS)
    assert "seasalt-pyodide-started" in marks and "seasalt-pyodide-restored" not in marks
    assert any("saved start-up could not be used" in w for w in warnings), warnings
    # one of an earlier build, before this visit's worker keeps its own
    app.page.evaluate(put, [CACHE, site_url + "pyodide/snapshot-0123456789abcdef.bin", 16])
    assert settled(app) == "seasalt-snapshot-kept"
    assert app.page.evaluate(SNAPSHOTS) == [url]  # the earlier build's is gone
    size = app.page.evaluate("""async ([name, url]) =>
        (await (await (await caches.open(name)).match(url)).arrayBuffer()).byteLength""",
                             [CACHE, url])
    assert size > 1_000_000  # a whole memory, not the damaged bytes
    app.page.reload()
    app.wait_for_phase("setup")
    assert "seasalt-pyodide-restored" in app.page.evaluate(MARKS)
    app.assert_clean()


def test_an_offline_visit_starts_from_the_snapshot(
    browser: Browser, own_site: Site, observer: Callable[..., App]
) -> None:
    context: BrowserContext = browser.new_context(service_workers="allow")
    try:
        app = observer(context.new_page(), own_site.url, snapshots=True)
        app.open()
        app.wait_for_phase("setup")
        wait_for_worker(app.page)
        assert settled(app) == "seasalt-snapshot-kept"
        wait_for_worker(app.page)  # activated: it deleted other "seasalt-" caches, not this
        assert app.page.evaluate(SNAPSHOTS) != []
        own_site.stop()
        context.set_offline(True)
        answered = len(own_site.requests)
        app.open("?players=easy,easy&seed=8&speed=instant")
        wait_for_table(app, GAME_TIMEOUT_S)
        assert "seasalt-pyodide-restored" in app.page.evaluate(MARKS)
        assert app.play_to_game_over(GAME_TIMEOUT_S) >= 1
        assert len(own_site.requests) == answered
        app.assert_clean()
    finally:
        context.close()
