"""The page loads offline: Pyodide starts from vendored files and the setup phase shows.

Also checks the built ``dist/`` folder itself: relative URLs only, no outside address
in our own files, only the needed runtime files vendored.
"""

from __future__ import annotations

import json
import re
import time
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.e2e.archives import patched_archive, python_archive

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

ROOT: Path = Path(__file__).resolve().parents[2]
"""The repository root."""
URL_RE = re.compile(r"\b(?:https?|wss?)://[a-z0-9][^\s\"'<>)\\]*", re.IGNORECASE)
"""An absolute web address."""
XML_NAMESPACES: frozenset[str] = frozenset({"http://www.w3.org/2000/svg"})
"""Identifiers that look like addresses but are never fetched (the favicon's SVG)."""
VENDORED_DIRS: tuple[str, ...] = ("pyodide", "pyscript", "qr")
VENDORED_HOSTS: frozenset[str] = frozenset(
    {
        # Defaults, links and docs inside PyScript/Pyodide code. None is fetched (the
        # browser tests block and report every request that leaves 127.0.0.1); a new
        # host here after an upgrade deserves a look before it is added.
        "cdn.jsdelivr.net",
        "www.jsdelivr.com",
        "packages.pyscript.net",
        "pyscript.github.io",
        "docs.pyscript.net",
        "micropython.org",
        "github.com",
        "raw.githubusercontent.com",
        "developer.mozilla.org",
        "www.w3.org",
        "0.0.0.0",
        # in the QR code libraries' comments and licence (dist/qr/)
        "www.d-project.com",
        "www.denso-wave.com",
        "www.opensource.org",
        "stackoverflow.com",
        "en.wikipedia.org",
    }
)
TEXT_SUFFIXES: frozenset[str] = frozenset(
    {".html", ".css", ".js", ".mjs", ".json", ".py", ".toml", ".txt", ".svg", ".webmanifest", ""}
)
BINARY_SUFFIXES: frozenset[str] = frozenset({".png", ".pyc", ".gz"})
"""Files with no text to read: the icons (drawn by build.py), compiled Python, compiled
catalogs (gzipped)."""
ARCHIVE_SUFFIXES: frozenset[str] = frozenset({".zst"})
"""Archives of ours (the page's Python, the build's START_ARCHIVE and MORE_ARCHIVE):
their text members are read."""


def own_text_files(dist: Path) -> dict[str, str]:
    """Map name to text for every file of ours in ``dist``, archive members included."""
    files: dict[str, str] = {}
    for path in sorted(dist.rglob("*")):
        rel = path.relative_to(dist)
        if not path.is_file() or rel.parts[0] in VENDORED_DIRS or path.suffix in BINARY_SUFFIXES:
            continue
        if path.suffix in ARCHIVE_SUFFIXES:
            with python_archive(path) as archive:
                for name in archive.namelist():
                    if not name.endswith(".pyc"):
                        files[f"{rel}!{name}"] = archive.read(name).decode("utf-8")
        elif path.suffix in TEXT_SUFFIXES:
            files[str(rel)] = path.read_text(encoding="utf-8")
        else:
            pytest.fail(f"unexpected file type in dist/: {rel}")
    return files


class _UrlCollector(HTMLParser):
    """Collects every URL-valued attribute of an HTML page."""

    URL_ATTRS = frozenset({"src", "href", "action", "config", "poster", "data", "srcset"})

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.configs: list[dict[str, Any]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "config" and value and value.startswith("{"):  # the config itself
                config = json.loads(value)
                self.configs.append(config)
                self.urls += [config["interpreter"], *config.get("files", {}).values()]
            elif name in self.URL_ATTRS and value:
                self.urls.append(value)


def page_config(dist: Path) -> dict[str, Any]:
    """The PyScript config that ``dist/index.html`` holds in its script's attribute."""
    collector = _UrlCollector()
    collector.feed((dist / "index.html").read_text(encoding="utf-8"))
    (config,) = collector.configs
    return config


class TestPageLoad:
    """In Chromium, offline: the loading screen, then the setup phase."""

    def test_reaches_setup_cleanly(self, app: App, record_property: pytest.RecordProperty) -> None:
        start = app.open()
        app.wait_for_phase("setup")
        elapsed = time.perf_counter() - start
        record_property("seconds_to_setup", round(elapsed, 2))
        print(f"data-phase=setup {elapsed:.2f} s after navigation (cold)")

        expect(app.page.locator("#setup")).to_be_visible()
        expect(app.page.locator("#setup h2")).to_have_text("New game")
        expect(app.page.locator("#loading")).to_be_hidden()
        expect(app.page.locator("#error")).to_be_hidden()
        app.assert_clean()

    def test_loading_screen_shows_while_python_starts(self, app: App) -> None:
        app.hold("/pyodide/pyodide.asm.wasm")  # Python cannot start before release()
        app.open()
        assert app.phase() == "loading"
        expect(app.page.locator("#loading")).to_be_visible()
        expect(app.page.locator("#loading .progress-bar")).to_be_visible()
        # the setup form shows under the loading bar, to be filled in meanwhile
        expect(app.page.locator("body")).to_have_attribute("data-early", "setup")
        expect(app.page.locator("#setup")).to_be_visible()
        # painted before Pyodide has arrived, with a bar that follows the downloads
        app.page.wait_for_function(
            "performance.getEntriesByName('first-contentful-paint').length > 0")
        progress = app.page.locator("#loading .progress.determinate")
        expect(progress).to_have_attribute("aria-valuenow", re.compile(r"^[1-7]\d$"))
        app.release()
        app.wait_for_phase("setup")
        app.assert_clean()

    def test_python_files_are_preloaded_and_each_fetched_once(self, app: App) -> None:
        requested: list[str] = []
        app.page.on("request", lambda request: requested.append(request.url))
        app.open()
        app.wait_for_phase("setup")
        assert requested, "no request seen"
        assert sorted(u for u in set(requested) if requested.count(u) > 1) == []
        initiators = dict(app.page.evaluate(
            "performance.getEntriesByType('resource').map(e => [e.name, e.initiatorType])"))
        for name in ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "main.py",
                     "unpack.py", "seasalt-start.zip.zst"):
            assert initiators.get(app.url + name) == "link", (name, initiators)
        python = {u: kind for u, kind in initiators.items()
                  if u.endswith((".py", ".zip", ".zst")) and "seasalt-more" not in u}
        assert set(python.values()) == {"link"}, python  # all of the page's Python
        assert not [u for u in initiators if "/page/" in u]  # one archive, no module alone
        # every module loaded on the way is preloaded: none waits for the one importing it
        modules = {u for u in initiators if u.endswith((".js", ".mjs"))}
        preloaded = set(app.page.eval_on_selector_all(
            'link[rel="modulepreload"]', "links => links.map(l => l.href)"))
        tags = {app.url + "boot.js", app.url + "setup-early.js",
                app.url + "pyscript/core.js"}  # the page's <script>s
        assert modules - tags - preloaded == set()
        assert {app.url + "pyodide/pyodide.asm.mjs", app.url + "pyscript/core.js"} <= modules
        app.assert_clean()

    def test_shows_the_engine_version(self, app: App) -> None:
        import seasalt

        app.open()
        app.wait_for_phase("setup")
        version = getattr(seasalt, "__version__", None)
        expect(app.page.locator("#version")).to_have_text(f"engine {version}" if version else "")
        # in the footer, not under the title (it meant nothing to a player there)
        expect(app.page.locator("footer #version")).to_have_count(1)
        expect(app.page.locator("header #version")).to_have_count(0)
        app.assert_clean()


def test_a_request_leaving_the_machine_is_aborted_and_recorded(app: App) -> None:
    """The `app` fixture's guard: a request to an outside address never leaves (its
    navigation fails) and is recorded; the site's own requests are not recorded."""
    app.open()
    app.wait_for_phase("setup")
    assert app.blocked == []
    outside = "http://198.51.100.7/seasalt/index.html"  # TEST-NET-2, never routable
    with pytest.raises(PlaywrightError):
        app.page.goto(outside)
    assert app.blocked == [outside]
    app.blocked.clear()  # the teardown's check would fail on it


class TestBuiltSite:
    """The files in ``dist/``: relative, offline and trimmed."""

    def test_own_files_name_no_outside_address(self, dist_dir: Path) -> None:
        found = {
            name: urls
            for name, text in own_text_files(dist_dir).items()
            if (urls := sorted(set(URL_RE.findall(text)) - XML_NAMESPACES))
        }
        assert found == {}

    def test_vendored_files_name_only_known_hosts(self, dist_dir: Path) -> None:
        hosts: dict[str, set[str]] = {}
        for folder in VENDORED_DIRS:
            for path in (dist_dir / folder).rglob("*"):
                if path.suffix in {".js", ".mjs", ".css", ".json"}:
                    for url in URL_RE.findall(path.read_text(encoding="utf-8")):
                        host = urlsplit(url).hostname or url
                        hosts.setdefault(host, set()).add(path.name)
        unknown = {host: files for host, files in hosts.items() if host not in VENDORED_HOSTS}
        assert unknown == {}

    def test_page_urls_are_relative(self, dist_dir: Path) -> None:
        collector = _UrlCollector()
        collector.feed((dist_dir / "index.html").read_text(encoding="utf-8"))
        assert collector.urls, "no URL found in index.html"
        for url in collector.urls:
            if url.startswith(("data:", "#")):  # inline, or a place on the page itself
                continue
            assert url.startswith("./"), f"index.html: {url!r} is not relative to the page"
        css = (dist_dir / "seasalt.css").read_text(encoding="utf-8")
        assert "url(" not in css and "@import" not in css

    def test_config_uses_the_vendored_runtime_and_the_start_archive(self, dist_dir: Path
                                                                     ) -> None:
        config = page_config(dist_dir)  # in the page: no fetch that could fail
        assert not (dist_dir / "pyscript.toml").exists()
        assert config["interpreter"] == "./pyodide/start.mjs"
        start = (dist_dir / "pyodide" / "start.mjs").read_text(encoding="utf-8")
        assert 'from "./pyodide.mjs"' in start  # the vendored Pyodide, beside it
        assert (dist_dir / "pyodide" / "pyodide.mjs").is_file()
        assert "packages" not in config, "packages need micropip, which is not vendored"
        # the module that unpacks, and the start archive (package and page, compiled)
        assert config.get("files", {}) == {"./unpack.py": "./unpack.py",
                                           "./seasalt-start.zip.zst": "./seasalt-start.zip.zst"}
        assert not (dist_dir / "page").exists()
        assert not list(dist_dir.glob("*.whl")) and not (dist_dir / "page.zip").exists()

    def test_the_archives_hold_every_module_once_as_bytecode(self, dist_dir: Path) -> None:
        names = {}
        for archive in ("seasalt-start.zip.zst", "seasalt-more.zip.zst"):
            with python_archive(dist_dir / archive) as zf:
                names[archive] = set(zf.namelist())
                methods = {info.compress_type for info in zf.infolist()}
            assert methods == {zipfile.ZIP_STORED}  # compressed whole, not member by member
        start, later = names.values()
        assert not start & later
        on_disk = {p.relative_to(ROOT / "web").as_posix() + "c"
                   for p in (ROOT / "web" / "page").glob("*.py")}
        package = {p.relative_to(ROOT).as_posix() + "c" for p in (ROOT / "seasalt").rglob("*.py")}
        assert on_disk <= start | later, on_disk - (start | later)  # every page module
        shipped = {n for n in start | later if n.startswith("seasalt/")}
        assert shipped <= package and all(n.endswith(".pyc") for n in start | later)
        assert "seasalt/cli/main.pyc" not in shipped  # what only the command line runs stays out
        assert {"page/calc.pyc", "page/fdm_table.pyc", "seasalt/web/coach.pyc"} <= later
        assert {"page/boot.pyc", "seasalt/web/table.pyc", "seasalt/fdm/game.pyc"} <= start

    def test_only_the_startup_files_of_pyscript_ship(self, dist_dir: Path) -> None:
        # PyScript's editor and terminal (CodeMirror, xterm.js) are never loaded here
        shipped = {p.name.split("-")[0] for p in (dist_dir / "pyscript").iterdir()}
        assert not shipped & {"codemirror", "xterm", "zip", "pyodide_graph", "index"}


class TestStartupFailure:
    """A Python error during start-up shows the error phase instead of hanging."""

    def test_broken_engine_shows_the_error_phase(self, app: App, dist_dir: Path) -> None:
        # the real start archive, with a package source that raises
        body = patched_archive(dist_dir / "seasalt-start.zip.zst",
                               {"seasalt/__init__.py": 'raise ImportError("engine exploded")\n'})
        app.page.route("**/seasalt-start.zip.zst",
                       lambda route: route.fulfill(body=body, content_type="application/zstd"))
        app.allow_errors = True
        app.open()
        app.wait_for_phase("error", fail_fast=False)
        expect(app.page.locator("#error")).to_be_visible()
        expect(app.page.locator("#error-detail")).to_contain_text("engine exploded")
        assert any("engine exploded" in error for error in app.errors)
        assert app.blocked == []

    def test_a_damaged_start_archive_shows_the_error_phase(self, app: App) -> None:
        app.page.route("**/seasalt-start.zip.zst",
                       lambda route: route.fulfill(body=b"not an archive",
                                                   content_type="application/zstd"))
        app.allow_errors = True
        app.open()
        app.wait_for_phase("error", fail_fast=False)
        expect(app.page.locator("#error")).to_be_visible()
        expect(app.page.locator("#error-detail")).to_contain_text("unpack")
