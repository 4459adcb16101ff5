"""Fixtures for the browser tests: build the site, serve it, drive Debian's Chromium.

Once per session, `dist_dir` runs ``python build.py`` (set ``SEASALT_SKIP_BUILD=1`` to
reuse an existing ``dist/``) and `site_url` serves it from a background thread on
127.0.0.1, under the sub-path ``/seasalt/`` as GitHub Pages would, so an absolute URL
in the site breaks the tests. pytest-playwright launches ``/usr/bin/chromium``
headless (``playwright install`` cannot download browsers here).

Each test takes `app`: a fresh page that aborts and records every request not to
127.0.0.1 and collects console errors and uncaught page errors. A test asserts
``app.assert_clean()``; teardown asserts it again, so no test leaks an error, and
asserts ``app.assert_imports()``: the standard-library modules the page and its
workers imported in whatever the test played are all in the shipped archive.

Every test in this folder gets the ``e2e`` marker: ``pytest -m "not e2e"`` skips them.
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import time
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Request, Route

from tests.e2e.relaunch import CRASHED, Relaunching
from tests.e2e.site_build import SiteBuild, shared_folder
from tools.census.browse import CHROMIUM, CHROMIUM_ARGS, OUTSIDE, serve

ROOT: Path = Path(__file__).resolve().parents[2]
"""The repository root."""
DIST: Path = Path(os.environ.get("SEASALT_DIST") or ROOT / "dist").resolve()
"""The folder the tests build the site into: ``dist/``, or ``$SEASALT_DIST`` (so that
several test runs on one checkout do not rebuild each other's site)."""
CSP_LISTENER: str = """
document.addEventListener("securitypolicyviolation", (e) => {
  console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"}`);
});
"""
"""An init script: every Content-Security-Policy violation becomes a console error."""
PHASE_TIMEOUT_MS: float = 60_000
"""How long to wait for a phase. Pyodide's cold start is about 3 s on 2 cores."""
BUILD_TIMEOUT_S: float = 600
FULL_STDLIB: Path = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
"""Pyodide's whole standard library (sources), as npm installs it for the build."""


def archive_modules(archive: Path) -> frozenset[str]:
    """The dotted names of the Python modules (``.py`` or ``.pyc``) in a zip archive."""
    with zipfile.ZipFile(archive) as zf:
        names = zf.namelist()
    modules = set()
    for name in names:
        stem = name.removesuffix("c") if name.endswith(".pyc") else name
        if stem.endswith(".py"):
            modules.add(stem[:-3].replace("/", ".").removesuffix(".__init__"))
    return frozenset(modules)


@functools.cache
def standard_library() -> frozenset[str]:
    """Every module of Pyodide's standard library (empty when npm has not installed it)."""
    return archive_modules(FULL_STDLIB) if FULL_STDLIB.is_file() else frozenset()


def import_problems(record: dict[str, list[str]], shipped: frozenset[str]) -> list[str]:
    """What is wrong in a page's (or worker's) import record (``seasalt.web.imports``),
    against the standard-library modules the site ships.

    Returns:
        One line per standard-library module imported from elsewhere than the shipped
        archive (and not frozen into the interpreter), and per module looked for in
        vain; empty when all is well.
    """
    library = standard_library()
    imported = set(record["modules"]) & library
    problems = [f"imported, not shipped: {m}"
                for m in sorted(imported - set(record["frozen"]) - shipped)]
    problems += [f"missing from the shipped standard library: {m}"
                 for m in record["missed"] if m in library]
    return problems


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test in this folder ``e2e``."""
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.e2e)


def _missing(what: str) -> None:
    """Fail under CI (where the test command installs everything), else skip."""
    if os.environ.get("CI"):
        pytest.fail(f"{what} (the README's test command installs it)", pytrace=False)
    pytest.skip(what)


def _site_build(config: pytest.Config) -> SiteBuild | None:
    """The run's build of the site (None: ``SEASALT_SKIP_BUILD=1`` and a build is there)."""
    if os.environ.get("SEASALT_SKIP_BUILD") == "1" and (DIST / "index.html").is_file():
        return None
    return SiteBuild(shared_folder(config), DIST)


def pytest_collection_finish(session: pytest.Session) -> None:
    """Start building the site in the background when browser tests are to run, so that
    the tests collected before them run meanwhile (`site_build`)."""
    here = Path(__file__).parent
    if any(here in item.path.parents for item in session.items):
        build = _site_build(session.config)
        if build is not None and _can_build():
            build.start()


def _can_build() -> bool:
    return shutil.which("npm") is not None or (ROOT / "node_modules").is_dir()


@pytest.fixture(scope="session")
def dist_dir(pytestconfig: pytest.Config) -> Path:
    """The built site: ``python build.py`` once per test run, started in the background
    once the tests are collected (`site_build`), awaited here.

    With ``SEASALT_SKIP_BUILD=1`` and an existing build, the build is skipped; with
    ``SEASALT_DIST=DIR`` the site is built into ``DIR`` (`DIST`).
    """
    build = _site_build(pytestconfig)
    if build is None:
        return DIST
    if not _can_build():
        _missing("npm is not installed, so the site cannot be built")
    try:
        return build.wait(BUILD_TIMEOUT_S)
    except RuntimeError as error:
        pytest.fail(str(error), pytrace=False)


@pytest.fixture(scope="session")
def site_url(dist_dir: Path) -> Iterator[str]:
    """URL of the site, served on 127.0.0.1 (free port) under `BASE_PATH`."""
    with serve(dist_dir) as url:
        yield url


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright's context (`app`'s): service workers blocked. Routing does not
    see what a service worker answers from its cache, so once ``sw.js`` took control a
    held or blocked request could be served anyway (tests of offline play make their
    own contexts with ``service_workers="allow"``)."""
    return {**browser_context_args, "service_workers": "block"}


@pytest.fixture(scope="session")
def base_url(site_url: str) -> str:
    """pytest-playwright's base URL: relative ``page.goto()`` targets resolve on the site."""
    return site_url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's Chromium instead of a Playwright-downloaded browser."""
    if not os.path.exists(CHROMIUM):
        _missing(f"{CHROMIUM} is missing (apt-get install -y chromium)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser(launch_browser: Callable[[], Browser]) -> Iterator[Browser]:
    """pytest-playwright's session browser, as a `Relaunching` one."""
    current = Relaunching(launch_browser)
    yield cast(Browser, current)
    current.close()


@pytest.fixture(autouse=True)
def _relaunch_after_a_crash(request: pytest.FixtureRequest) -> None:
    """Before a test, launch the browser again if an earlier test's page crashed."""
    if request.config.stash.get(CRASHED, False):
        request.config.stash[CRASHED] = False
        current = request.getfixturevalue("browser")
        if isinstance(current, Relaunching):
            current.relaunch()


@dataclass
class App:
    """A browser page on the site, with what went wrong on it.

    Attributes:
        page: The Playwright page.
        url: The site's URL (ends with ``/``).
        blocked: URLs of requests aborted because they left 127.0.0.1.
        errors: Console errors and uncaught page errors, as text.
        allow_errors: Set by a test that provokes errors, to skip the teardown check.
    """

    page: Page
    url: str
    blocked: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    allow_errors: bool = False
    _hold: list[str] = field(default_factory=list)
    _held: list[Route] = field(default_factory=list)
    _context: BrowserContext | None = None

    def guard(self, context: BrowserContext) -> None:
        """Route ``context``'s requests that leave the machine (`OUTSIDE`): each is aborted
        and recorded in `blocked`. The site's own requests are not routed (no round trip
        through the test's process), except those `hold` keeps."""
        self._context = context
        context.route(OUTSIDE, self._refuse)

    def open(self, path: str = "") -> float:
        """Go to ``path`` (relative to the site) and wait for the HTML to load.

        Returns:
            The time of navigation start, from ``time.perf_counter()``.
        """
        start = time.perf_counter()
        self.page.goto(self.url + path, wait_until="domcontentloaded")
        return start

    def wait_for_phase(
        self, phase: str, timeout_ms: float = PHASE_TIMEOUT_MS, *, fail_fast: bool = True
    ) -> None:
        """Wait until ``<body data-phase=phase>``.

        Args:
            phase: The awaited phase.
            timeout_ms: How long to wait.
            fail_fast: Stop waiting as soon as an error is logged or a request blocked
                (a page that went wrong would otherwise hang until the timeout).

        Raises:
            AssertionError: On timeout or early failure, with what was seen.
        """
        deadline = time.monotonic() + timeout_ms / 1000
        while (current := self.phase()) != phase:
            if fail_fast and (self.errors or self.blocked):
                problem = "went wrong"
            elif time.monotonic() > deadline:
                problem = f"timed out after {timeout_ms / 1000:.0f} s"
            else:
                self.page.wait_for_timeout(50)  # lets Playwright deliver page events
                continue
            raise AssertionError(
                f"waiting for data-phase={phase!r}: {problem} (now {current!r})\n"
                f"blocked: {self.blocked}\nerrors: {self.errors}"
            )

    def phase(self) -> str | None:
        """The current ``data-phase`` of ``<body>``."""
        return self.page.get_attribute("body", "data-phase")

    def wait_for_game(self, timeout_s: float) -> None:
        """Wait until a game is on: at instant speed a round may be over already.

        Raises:
            AssertionError: an error on the page, or ``timeout_s`` seconds passed.
        """
        deadline = time.monotonic() + timeout_s
        while self.phase() not in ("playing", "round-over"):
            assert not self.errors and time.monotonic() < deadline, (self.phase(), self.errors)
            self.page.wait_for_timeout(30)

    def play_to_game_over(self, timeout_s: float,
                          on_round_over: Callable[[], None] | None = None) -> int:
        """Watch a game of bots to its end, clicking Continue at each round end seen.

        A table with no person continues past round ends by itself (after a pause that
        follows the speed; none at instant speed), so a round end may go by unseen.

        Args:
            timeout_s: the longest the game may take, in seconds.
            on_round_over: called on each round-over screen seen, before Continue.

        Returns:
            The number of rounds played: the game-over screen's round-by-round table
            (at least the round-over screens seen).

        Raises:
            AssertionError: another phase, an error on the page, or a timeout.
        """
        deadline = time.monotonic() + timeout_s
        rounds = 0
        while (phase := self.phase()) != "game-over":
            assert phase in ("playing", "round-over"), (phase, self.errors)
            assert not self.errors, self.errors
            if phase == "round-over":
                rounds += 1
                if on_round_over is not None:
                    on_round_over()
                if self.phase() == "round-over":
                    # the round may go on by itself meanwhile: no long wait for the button
                    self.page.evaluate("document.getElementById('continue').click()")
            self.page.wait_for_timeout(30)
            assert time.monotonic() < deadline, "the game took too long"
        return max(rounds, self.page.locator("#rounds-table tbody tr").count())

    def hold(self, url_suffix: str) -> None:
        """Keep requests whose URL ends with ``url_suffix`` waiting until `release`
        (after `guard`)."""
        assert self._context is not None, "hold() needs a guarded context"
        self._hold.append(url_suffix)
        self._context.route(_ending(url_suffix), self._keep)

    def release(self) -> None:
        """Let the requests kept by `hold` go through, and stop holding."""
        if self._context is not None:
            for suffix in self._hold:
                self._context.unroute(_ending(suffix))
        self._hold.clear()
        held, self._held = self._held, []
        for route in held:
            route.continue_()

    def assert_clean(self) -> None:
        """Assert that no request left the machine and nothing logged an error."""
        assert self.blocked == [], f"requests to outside addresses: {self.blocked}"
        assert self.errors == [], "errors on the page:\n" + "\n---\n".join(self.errors)

    def import_records(self) -> dict[str, dict[str, list[str]]]:
        """What the page's Python and its web workers' imported so far
        (``seasalt.web.imports``), by where: ``page``, then each worker's URL; a page
        or worker that keeps no record (not started, or gone) is left out."""
        records: dict[str, dict[str, list[str]]] = {}
        script = "() => self.seasaltImports ? String(self.seasaltImports()) : null"
        targets: list[tuple[str, Any]] = [("page", self.page)]
        targets += [(worker.url, worker) for worker in self.page.workers]
        for where, target in targets:
            try:
                text = target.evaluate(script)
            except Exception:  # closed, navigating, or a worker that ended
                continue
            if text:
                records[where] = json.loads(text)
        return records

    def assert_imports(self, *, required: bool = False) -> dict[str, dict[str, list[str]]]:
        """Assert that every standard-library module the page and its workers imported
        is in the shipped ``python_stdlib.zip`` and none was looked for in vain.

        Args:
            required: Fail when the page keeps no record (Python not started).

        Returns:
            The records checked (`import_records`).
        """
        records = self.import_records()
        if required:
            assert "page" in records, "the page keeps no import record"
        if records and standard_library():
            shipped = archive_modules(DIST / "pyodide" / "python_stdlib.zip")
            problems = {where: found for where, record in records.items()
                        if (found := import_problems(record, shipped))}
            assert problems == {}, problems
        return records

    def _on_request(self, request: Request) -> None:
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname != "127.0.0.1":
            self.blocked.append(request.url)

    def _refuse(self, route: Route) -> None:
        self.blocked.append(route.request.url)
        route.abort("blockedbyclient")

    def _keep(self, route: Route) -> None:
        self._held.append(route)

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console.error: {message.text}")


def _ending(suffix: str) -> re.Pattern[str]:
    """The URLs that end with ``suffix`` (a query string after it or not)."""
    return re.compile(re.escape(suffix) + r"(?:\?.*)?$")


_CALL_FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Remember whether the test itself failed, for `app`'s teardown check, and whether
    a page crashed (`Relaunching`)."""
    report = yield
    if report.when == "call":
        item.stash[_CALL_FAILED] = report.failed
    if report.failed and "Target crashed" in str(report.longrepr):
        item.config.stash[CRASHED] = True
    return report


NO_SNAPSHOT = "globalThis.seasaltNoSnapshot = true;"
"""Keeps web/pyodide/start.mjs from making a snapshot of Pyodide's start-up in a worker
after a plain start: a second Pyodide's start-up for every test would only cost CPU."""


def observe(page: Page, url: str, *, watch_requests: bool = True,
            snapshots: bool = False) -> App:
    """Watch ``page`` without routing its requests: errors, CSP violations, and any
    request to an outside address (recorded in ``blocked``; the launch flags make it
    fail). For pages a service worker serves, which routing would bypass.

    Args:
        page: A new page, not yet navigated.
        url: The site's URL (ends with ``/``).
        watch_requests: Record outside requests (off when a route records them).
        snapshots: Let the page make and keep its snapshot of Pyodide's start-up
            (`NO_SNAPSHOT` otherwise).
    """
    state = App(page=page, url=url)
    page.add_init_script(CSP_LISTENER)
    if not snapshots:
        page.add_init_script(NO_SNAPSHOT)
    page.on("console", state._on_console)
    page.on("pageerror", lambda error: state.errors.append(f"pageerror: {error}"))
    if watch_requests:
        page.on("request", state._on_request)
    return state


def sized_page(browser: Browser, site_url: str, width: int, height: int, *,
               touch: bool = True) -> Iterator[App]:
    """A page on the site at ``width``×``height`` pixels (with ``touch``: a touch screen,
    as a phone or tablet: taps and touch drags), routed and watched as `app`'s; the
    browser context is closed after. Use as ``yield from sized_page(...)`` in a fixture.
    """
    context = browser.new_context(viewport={"width": width, "height": height},
                                  has_touch=touch, is_mobile=touch)
    page = context.new_page()
    state = observe(page, site_url, watch_requests=False)
    state.guard(context)
    try:
        yield state
    finally:
        context.close()


@pytest.fixture()
def stdlib_problems() -> Callable[[dict[str, list[str]]], list[str]]:
    """`import_problems` against the built site's ``python_stdlib.zip``."""
    shipped = archive_modules(DIST / "pyodide" / "python_stdlib.zip")
    return lambda record: import_problems(record, shipped)


@pytest.fixture()
def observer() -> Callable[..., App]:
    """`observe`, for tests that make their own pages."""
    return observe


@pytest.fixture()
def app(request: pytest.FixtureRequest, context: BrowserContext, site_url: str) -> Iterator[App]:
    """A fresh page on the site (not yet navigated: call ``app.open()``).

    Every request is routed: outside ones are aborted and recorded; service workers
    are blocked (`browser_context_args`); see `observe` for pages one serves. Teardown
    asserts `App.assert_clean` unless the test failed already or set ``allow_errors``.
    """
    page = context.new_page()
    state = observe(page, site_url, watch_requests=False)
    state.guard(context)
    yield state
    state.release()
    if not state.allow_errors and not request.node.stash.get(_CALL_FAILED, True):
        state.assert_clean()
        state.assert_imports()  # every mode a test plays: nothing missing from the library
