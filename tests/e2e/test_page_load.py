"""The page loads offline: Pyodide starts from vendored files and the setup phase shows.

Also checks the built ``dist/`` folder itself: relative URLs only, no outside address
in our own files, only the needed runtime files vendored.
"""

from __future__ import annotations

import io
import json
import re
import time
import tomllib
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

ROOT: Path = Path(__file__).resolve().parents[2]
"""The repository root."""
URL_RE = re.compile(r"\b(?:https?|wss?)://[a-z0-9][^\s\"'<>)\\]*", re.IGNORECASE)
"""An absolute web address."""
XML_NAMESPACES: frozenset[str] = frozenset({"http://www.w3.org/2000/svg"})
"""Identifiers that look like addresses but are never fetched (the favicon's SVG)."""
VENDORED_DIRS: tuple[str, ...] = ("pyodide", "pyscript")
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
    }
)
PYODIDE_FILES: frozenset[str] = frozenset(
    {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"}
)
TEXT_SUFFIXES: frozenset[str] = frozenset(
    {".html", ".css", ".js", ".mjs", ".json", ".py", ".toml", ".txt", ".svg", ".webmanifest", ""}
)
BINARY_SUFFIXES: frozenset[str] = frozenset({".png", ".pyc", ".gz"})
"""Files with no text to read: the icons (drawn by build.py), compiled Python, compiled
catalogs (gzipped)."""
ARCHIVE_SUFFIXES: frozenset[str] = frozenset({".whl", ".zip"})
"""Archives of ours (the wheel, the page's modules): their text members are read."""


def own_text_files(dist: Path) -> dict[str, str]:
    """Map name to text for every file of ours in ``dist``, wheel members included."""
    files: dict[str, str] = {}
    for path in sorted(dist.rglob("*")):
        rel = path.relative_to(dist)
        if not path.is_file() or rel.parts[0] in VENDORED_DIRS or path.suffix in BINARY_SUFFIXES:
            continue
        if path.suffix in ARCHIVE_SUFFIXES:
            with zipfile.ZipFile(path) as wheel:
                for name in wheel.namelist():
                    if not name.endswith(".pyc"):
                        files[f"{rel}!{name}"] = wheel.read(name).decode("utf-8")
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

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.urls += [value for name, value in attrs if name in self.URL_ATTRS and value]


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
                     "page.zip"):
            assert initiators.get(app.url + name) == "link", (name, initiators)
        python = {u: kind for u, kind in initiators.items()
                  if u.endswith((".py", ".zip", ".whl"))}
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
        app.assert_clean()


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

    def test_config_uses_the_vendored_runtime_and_wheel(self, dist_dir: Path) -> None:
        config = tomllib.loads((dist_dir / "pyscript.toml").read_text(encoding="utf-8"))
        assert config["interpreter"] == "./pyodide/pyodide.mjs"
        assert (dist_dir / "pyodide" / "pyodide.mjs").is_file()
        assert "packages" not in config, "packages need micropip, which is not vendored"
        wheels = sorted(dist_dir.glob("seasalt-*-py3-none-any.whl"))
        files = config.get("files", {})
        # the wheel and the page's own modules (web/page/, compiled), both unpacked
        assert files == {f"./{wheels[0].name}": "./*", "./page.zip": "./*"}
        assert not (dist_dir / "page").exists()
        with zipfile.ZipFile(dist_dir / "page.zip") as zf:
            names = set(zf.namelist())
        on_disk = {p.relative_to(ROOT / "web").as_posix() + "c"
                   for p in (ROOT / "web" / "page").glob("*.py")}
        assert names == on_disk, names ^ on_disk  # every module, as bytecode only

    def test_wheel_holds_the_package_only(self, dist_dir: Path) -> None:
        (wheel,) = dist_dir.glob("seasalt-*-py3-none-any.whl")
        version = wheel.name.split("-")[1]
        with zipfile.ZipFile(wheel) as zf:
            names = zf.namelist()
            record = zf.read(f"seasalt-{version}.dist-info/RECORD").decode()
            methods = {info.compress_type for info in zf.infolist()}
        assert methods == {zipfile.ZIP_DEFLATED}  # hosts do not gzip archives
        for name in names:
            assert name.startswith(("seasalt/", f"seasalt-{version}.dist-info/")), name
            assert name in record, name
            if name.startswith("seasalt/"):
                assert name.endswith(".pyc"), name  # bytecode only, where the .py was
        # every module the page may run, none that only the command line runs
        package = ROOT / "seasalt"
        expected = {p.relative_to(ROOT).as_posix() + "c" for p in package.rglob("*.py")}
        expected = {n for n in expected if "/commands/" not in n
                    and not n.endswith(("/present/term.pyc", "/cli.pyc", "/term.pyc",
                                        "/arena.pyc", "/ladder.pyc", "/__main__.pyc"))}
        assert {n for n in names if n.startswith("seasalt/")} == expected

    def test_standard_library_ships_as_bytecode(self, dist_dir: Path) -> None:
        with zipfile.ZipFile(dist_dir / "pyodide" / "python_stdlib.zip") as zf:
            names = zf.namelist()
            header = zf.read("json/__init__.pyc")[:16]
            methods = {info.compress_type for info in zf.infolist()}
        assert "json/__init__.pyc" in names and "asyncio/__init__.pyc" in names
        assert not [n for n in names if not n.endswith(".pyc")]
        assert methods == {zipfile.ZIP_DEFLATED}
        # only what the page imports: no test runner, no mail, no XML
        assert not [n for n in names if n.startswith(("unittest/", "email/", "xml/"))]
        # PEP 552 flags: hash-based and unchecked, so no source is ever looked for
        assert int.from_bytes(header[4:8], "little") == 0b01

    def test_only_runtime_files_are_vendored(self, dist_dir: Path) -> None:
        assert {p.name for p in (dist_dir / "pyodide").iterdir()} == PYODIDE_FILES
        lock = json.loads((dist_dir / "pyodide" / "pyodide-lock.json").read_text("utf-8"))
        assert lock["packages"] == {}
        assert (dist_dir / "pyscript" / "core.js").is_file()
        assert list(dist_dir.rglob("*.map")) == []
        # PyScript's editor and terminal (CodeMirror, xterm.js) are never loaded here
        shipped = {p.name.split("-")[0] for p in (dist_dir / "pyscript").iterdir()}
        assert not shipped & {"codemirror", "xterm", "zip", "pyodide_graph", "index"}


class TestStartupFailure:
    """A Python error during start-up shows the error phase instead of hanging."""

    def test_broken_engine_shows_the_error_phase(self, app: App) -> None:
        broken = io.BytesIO()
        with zipfile.ZipFile(broken, "w") as zf:
            zf.writestr("seasalt/__init__.py", 'raise ImportError("engine exploded")\n')
        app.page.route(
            "**/seasalt-*-py3-none-any.whl",
            lambda route: route.fulfill(body=broken.getvalue(), content_type="application/zip"),
        )
        app.allow_errors = True
        app.open()
        app.wait_for_phase("error", fail_fast=False)
        expect(app.page.locator("#error")).to_be_visible()
        expect(app.page.locator("#error-detail")).to_contain_text("engine exploded")
        assert any("engine exploded" in error for error in app.errors)
        assert app.blocked == []
