"""The page ships only the standard-library modules it imports: each mode, played in
Chromium, imports nothing that is missing, online and with the network cut.

``build.py`` finds the modules in the page's sources (``tools/build/stdlib_imports.py``); the
page and the bots' web worker record what they import and what they looked for in vain
(``seasalt/web/imports.py``), and `App.assert_imports` fails on a standard-library
module missing from ``dist/pyodide/python_stdlib.zip``. Every browser test checks it
at its end; the tests here play each mode on purpose: both games, every option, the
coach, the replay, the bots' worker, every language, the error screen.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e import positions
from tests.e2e.archives import patched_archive
from tests.e2e.positions import wait_for_table
from tools.build.serve import make_server

START = "seasalt-start.zip.zst"
"""the build's START_ARCHIVE: the package and the page, compiled."""

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

GAME_TIMEOUT_S = 180
THINK_MS = 90_000
LANGUAGES = ("fr", "nl", "tr", "en")
SSP_EVERYTHING = ("?players=easy,medium,hard&seed=5&speed=instant"
                  "&extra-salt=1&extra-pepper=1")
FDM_FIVE = "?game=fdm&players=easy,medium,hard,easy,medium&seed=3&speed=instant"
COACH = "?players=you,hard&seed=42&speed=instant"




def wait_for_worker_decisions(app: App, count: int = 1) -> None:
    """Wait until the bots' web worker has thought ``count`` decisions."""
    positions.wait_for_worker_decisions(app, count, GAME_TIMEOUT_S)


def play_sea_salt_and_paper(app: App) -> None:
    """Sea Salt & Paper with both expansions and every bot level (Hard in the worker) to
    the end, then its replay, stepped to the end."""
    app.open(SSP_EVERYTHING)
    wait_for_table(app, GAME_TIMEOUT_S)
    wait_for_worker_decisions(app)
    assert app.play_to_game_over(GAME_TIMEOUT_S) >= 1
    app.page.click("#replay-open")
    app.wait_for_phase("replay")
    app.page.keyboard.press("ArrowRight")
    app.page.keyboard.press("End")
    app.page.click('[data-action="replay-back"]')


def play_fruits_de_mer(app: App) -> None:
    """Fruits de mer, five bots, to the end."""
    app.open(FDM_FIVE)
    wait_for_table(app, GAME_TIMEOUT_S)
    app.play_to_game_over(GAME_TIMEOUT_S)
    expect(app.page.locator("#standings li")).to_have_count(5)


def ask_the_coach(app: App) -> None:
    """The coach switched on, then Suggest: the Hard bot's search on the page."""
    app.open(COACH)
    app.wait_for_phase("playing")
    page = app.page
    expect(page.locator("#piles [data-code]").first).to_be_visible(timeout=30_000)
    page.click("#table-menu > summary")
    page.locator("#coach-switch").set_checked(True)
    page.click("#table-menu > summary")
    page.locator("#coach .coach-suggest").click()
    expect(page.locator("#coach .coach-choice")).to_have_count(3, timeout=THINK_MS)


def every_language(app: App) -> None:
    """The setup screen and both games' help in every language (each catalog loaded)."""
    app.open("?lang=fr")
    app.wait_for_phase("setup")
    page = app.page
    for code in LANGUAGES:
        page.select_option("#setup-lang", code)
        expect(page.locator("html")).to_have_attribute("lang", code)
        for game in ("fruits-de-mer", "sea-salt-and-paper"):
            page.click(f'.game-card[data-game="{game}"]')
            page.click('#setup [data-action="help"]')
            expect(page.locator("#help")).to_be_visible()
            page.click('#help [data-action="close-dialog"]')


MODES: dict[str, Callable[[App], None]] = {
    "sea-salt-and-paper": play_sea_salt_and_paper,
    "fruits-de-mer": play_fruits_de_mer,
    "coach": ask_the_coach,
    "languages": every_language,
}
"""Each mode of the page, played from a fresh page."""


@pytest.mark.parametrize("mode", list(MODES))
def test_each_mode_imports_only_what_is_shipped(app: App, mode: str) -> None:
    MODES[mode](app)
    records = app.assert_imports(required=True)
    if mode == "sea-salt-and-paper":
        assert len(records) == 2, list(records)  # the page and the bots' worker
    app.assert_clean()


def test_the_error_screen_imports_only_what_is_shipped(app: App, dist_dir: Path) -> None:
    # the page's start-up raises a NameError: its traceback (suggestions included) is
    # formatted for the error screen
    broken = patched_archive(dist_dir / START, {
        "page/boot.py": "from . import dom\n\ndef start():\n    strat()\n"})
    app.page.route(f"**/{START}", lambda route: route.fulfill(
        body=broken, content_type="application/zstd"))
    app.allow_errors = True
    app.open()
    app.wait_for_phase("error", fail_fast=False)
    expect(app.page.locator("#error-detail")).to_contain_text("NameError")
    app.assert_imports(required=True)


def test_a_guarded_import_of_a_module_not_shipped_is_caught(
        app: App, dist_dir: Path,
        stdlib_problems: Callable[[dict[str, list[str]]], list[str]]) -> None:
    # an import that fails silently (caught) is still recorded: the check has teeth
    source = ("try:\n    import difflib\nexcept ImportError:\n    difflib = None\n"
              "from .boot_real import start\n")
    patched = patched_archive(
        dist_dir / START, {"page/boot.py": source},
        rename=lambda name: "page/boot_real.pyc" if name == "page/boot.pyc" else name)
    app.page.route(f"**/{START}", lambda route: route.fulfill(
        body=patched, content_type="application/zstd"))
    app.open()
    app.wait_for_phase("setup")
    record = app.import_records()["page"]
    assert "difflib" in record["missed"]
    assert stdlib_problems(record) == ["missing from the shipped standard library: difflib"]
    app.assert_clean()
    app.page.unroute(f"**/{START}")
    app.open()  # what the real page imports, for the fixture's check at teardown
    app.wait_for_phase("setup")


@pytest.fixture()
def offline_app(browser: Browser, dist_dir: Path,
                observer: Callable[..., App]) -> Iterator[App]:
    """A page served by the service worker's copy of the site, with the network cut and
    the site's own server stopped (pages a service worker serves cannot be routed)."""
    server = make_server(dist_dir, port=0, base_path="/seasalt/", quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    context = browser.new_context(service_workers="allow")
    try:
        app = observer(context.new_page(), f"http://127.0.0.1:{server.server_address[1]}/seasalt/")
        app.open()
        app.wait_for_phase("setup")
        controlled(app.page)
        server.shutdown()
        server.server_close()
        context.set_offline(True)
        yield app
    finally:
        context.close()
        server.shutdown()


def controlled(page: Page) -> Any:
    """Wait until the service worker controls ``page`` (its copy is complete)."""
    return page.evaluate("""async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller) {
            await new Promise((done) =>
                navigator.serviceWorker.addEventListener("controllerchange", done));
        }
    }""")


def test_every_mode_plays_offline(offline_app: App) -> None:
    app = offline_app
    for mode, play in MODES.items():
        play(app)
        assert app.errors == [], (mode, app.errors)
    app.assert_imports(required=True)
    app.assert_clean()
