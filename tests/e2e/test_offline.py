"""Hosting and offline play: service worker, manifest, sub-paths, Content-Security-Policy.

The offline tests run the site on a server of their own, which they shut down, and
let the service worker serve the page: Playwright's routing (the `app` fixture) would
bypass it, so these pages are only watched (`observe`), and the launch flags keep any
outside address from resolving.
"""

from __future__ import annotations

import json
import re
import shutil
import struct
import subprocess
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, BrowserType, Page, expect

from tests.e2e.positions import wait_for_table, wait_for_worker_decisions
from tools.build.serve import make_server
from tools.build.site_files import STAMPED, site_version, unstamp

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

GAME_TIMEOUT_S = 120
"""Longest a game of two easy bots at instant speed may take (a few seconds here)."""
PAYLOAD = "<img src=x onerror=alert(1)>"
"""A player name that would run script if the page ever parsed names as HTML."""

@dataclass
class Site:
    """``dist/`` served on 127.0.0.1 by a server of the test's own, which it may stop."""

    server: Any
    url: str
    thread: threading.Thread

    @property
    def requests(self) -> list[tuple[int, str]]:
        """(status, path) of every request answered so far."""
        return self.server.requests

    def stop(self) -> None:
        """Shut the server down and close its port: nothing can be fetched after this."""
        if self.thread.is_alive():
            self.server.shutdown()
            self.thread.join(timeout=10)
        self.server.server_close()


def serve(dist: Path, base_path: str, port: int = 0) -> Site:
    """Serve ``dist`` under ``base_path`` with the build's server, in a thread."""
    server = make_server(dist, port=port, base_path=base_path, quiet=True)
    thread = threading.Thread(target=server.serve_forever, name="own-site", daemon=True)
    thread.start()
    return Site(server, f"http://127.0.0.1:{server.server_address[1]}{base_path}", thread)


@pytest.fixture()
def site(dist_dir: Path) -> Iterator[Site]:
    """The site on its own server under ``/seasalt/``, stopped at the end at the latest."""
    own = serve(dist_dir, "/seasalt/")
    yield own
    own.stop()


def worker_files(dist: Path) -> tuple[str, list[str]]:
    """The version and the file list written into ``dist/sw.js`` by build.py."""
    text = (dist / "sw.js").read_text(encoding="utf-8")
    version = re.search(r'^const VERSION = "([0-9a-f]+)";$', text, re.MULTILINE)
    files = re.search(r"^const FILES = (\[.*?\]);$", text, re.MULTILINE | re.DOTALL)
    assert version and files, "sw.js was not filled in by build.py"
    return version.group(1), json.loads(files.group(1))


def cached_then_offline(app: App, site: Site, context: BrowserContext) -> int:
    """Open the setup screen, wait until the service worker holds the site, then stop
    the server and cut the network.

    Returns:
        How many requests the server had answered (none may come after).
    """
    app.open()
    app.wait_for_phase("setup")
    wait_for_worker(app.page)
    site.stop()
    context.set_offline(True)
    return len(site.requests)


def wait_for_worker(page: Page) -> dict[str, Any]:
    """Wait until the service worker is active and controls ``page``.

    Returns:
        Its scope and the URLs in its cache.
    """
    return page.evaluate("""async () => {
        const registration = await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller) {
            await new Promise((done) =>
                navigator.serviceWorker.addEventListener("controllerchange", done));
        }
        const names = await caches.keys();
        const cached = [];
        for (const name of names) {
            const cache = await caches.open(name);
            cached.push(...(await cache.keys()).map((r) => r.url));
        }
        return {scope: registration.scope, caches: names, cached};
    }""")


def start_from_the_form(page: Page, first_name: str = "") -> None:
    """On the setup screen: two easy bots at instant speed, then Start."""
    page.select_option('[name="kind-0"]', "easy")
    page.select_option('[name="kind-1"]', "easy")
    if first_name:
        page.fill('[name="name-0"]', first_name)
    page.select_option("#speed", "instant")
    page.click("#start")




class TestOffline:
    def test_plays_a_bots_game_with_the_network_cut(
        self, browser: Browser, site: Site, dist_dir: Path, observer: Callable[..., App]
    ) -> None:
        version, files = worker_files(dist_dir)
        context = browser.new_context(service_workers="allow")
        try:
            app = observer(context.new_page(), site.url)
            requested: list[str] = []
            app.page.on("request", lambda r: requested.append(r.url))
            app.open()
            app.wait_for_phase("setup")
            worker = wait_for_worker(app.page)
            assert worker["scope"] == site.url  # relative: the sub-path it was served from
            assert worker["caches"] == [f"seasalt-{version}"]
            cached = set(worker["cached"])
            assert cached == {site.url + f.removeprefix("./") for f in files}
            # the cache list covers every file the page asked for
            own = {u.split("?")[0] for u in requested if u.startswith(site.url)}
            assert own, "no request seen"
            assert own - {site.url} - cached == set()

            site.stop()
            context.set_offline(True)
            answered = len(site.requests)
            app.page.reload()
            app.wait_for_phase("setup")
            assert app.page.evaluate("navigator.serviceWorker.controller !== null")
            start_from_the_form(app.page)
            wait_for_table(app, GAME_TIMEOUT_S)
            assert app.play_to_game_over(GAME_TIMEOUT_S) >= 1
            expect(app.page.locator("#standings li")).to_have_count(2)
            app.open("?players=easy,medium&speed=instant")  # a link works offline too
            wait_for_table(app, GAME_TIMEOUT_S)
            assert len(site.requests) == answered
            app.assert_clean()
        finally:
            context.close()

    def test_hard_thinks_in_the_bots_worker_offline(
        self, browser: Browser, site: Site, observer: Callable[..., App]
    ) -> None:
        context = browser.new_context(service_workers="allow")
        try:
            app = observer(context.new_page(), site.url)
            answered = cached_then_offline(app, site, context)
            app.open("?players=hard,easy&seed=2&speed=instant")
            wait_for_table(app, GAME_TIMEOUT_S)
            # the web worker loads Pyodide and the archives from the service worker's copy
            wait_for_worker_decisions(app, 2, GAME_TIMEOUT_S)
            assert len(site.requests) == answered
            app.assert_clean()
        finally:
            context.close()

    def test_the_score_calculator_works_with_the_network_cut(
        self, browser: Browser, site: Site, observer: Callable[..., App]
    ) -> None:
        context = browser.new_context(service_workers="allow")
        try:
            app = observer(context.new_page(), site.url)
            answered = cached_then_offline(app, site, context)
            app.open("?calc")  # the link, from the service worker's copy
            app.wait_for_phase("calc")
            page = app.page
            page.click('#calc [data-calc-screen="seat:0"]')
            for card in ("captain:light-orange", "sailor:pink", "sailor:orange"):
                page.click(f'#calc [data-calc="add:0:hand:{card}"]')
            expect(page.locator("#calc-summary")).to_have_text(
                "11 card points · colour bonus 1")
            page.reload()
            app.wait_for_phase("calc")
            page.click('#calc [data-calc-screen="seat:0"]')
            expect(page.locator("#calc-summary")).to_have_text(
                "11 card points · colour bonus 1")
            assert len(site.requests) == answered
            app.assert_clean()
        finally:
            context.close()

    def test_first_visit_downloads_each_file_once(
        self,
        browser_type: BrowserType,
        browser_type_launch_args: dict[str, Any],
        site: Site,
        tmp_path: Path,
        observer: Callable[..., App],
    ) -> None:
        # a browser profile on disk, as a player's: the service worker's copy of the
        # site comes from the HTTP cache the page filled (revalidated, 304)
        context = browser_type.launch_persistent_context(
            tmp_path / "profile", **browser_type_launch_args, service_workers="allow")
        try:
            app = observer(context.new_page(), site.url)
            app.open()
            app.wait_for_phase("setup")
            wait_for_worker(app.page)
            # one download a file, whatever its query (?v=: boot.js's seasaltBoot.url)
            downloads = Counter(path.split("?")[0]
                                for status, path in site.requests if status == 200)
            assert downloads, site.requests
            assert {path: n for path, n in downloads.items() if n > 1} == {}
            assert {status for status, _ in site.requests} <= {200, 304}
            app.assert_clean()
        finally:
            context.close()


class TestSubPath:
    def test_plays_a_game_under_a_deeper_sub_path(
        self,
        browser: Browser,
        dist_dir: Path,
        observer: Callable[..., App],
    ) -> None:
        own = serve(dist_dir, "/octocat/sea-salt-and-paper/")
        context = browser.new_context(service_workers="block")
        try:
            app = observer(context.new_page(), own.url)
            app.open("?players=easy,medium&speed=instant")
            wait_for_table(app, GAME_TIMEOUT_S)
            assert app.play_to_game_over(GAME_TIMEOUT_S) >= 1
            app.open()
            app.wait_for_phase("setup")
            paths = {path for _, path in own.requests}
            assert all(p.startswith("/octocat/sea-salt-and-paper/") for p in paths), paths
            assert {status for status, _ in own.requests} <= {200, 304}
            app.assert_clean()
        finally:
            context.close()
            own.stop()


class _HeadParser(HTMLParser):
    """The ``<meta>`` and ``<link>`` tags of a page, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("meta", "link", "script"):
            self.tags.append((tag, {k: v or "" for k, v in attrs}))


def head_tags(dist: Path) -> list[tuple[str, dict[str, str]]]:
    parser = _HeadParser()
    parser.feed((dist / "index.html").read_text(encoding="utf-8"))
    return parser.tags


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


class TestManifestAndWorker:
    def test_manifest_is_valid_and_linked(self, dist_dir: Path) -> None:
        tags = head_tags(dist_dir)
        links = {a.get("rel"): a.get("href") for tag, a in tags if tag == "link"}
        assert links["manifest"] == "./manifest.webmanifest"
        manifest = json.loads((dist_dir / "manifest.webmanifest").read_text("utf-8"))
        assert manifest["name"] == "Sea Salt & Paper" and manifest["short_name"]
        assert manifest["start_url"] == manifest["scope"] == manifest["id"] == "./"
        assert manifest["display"] == "standalone"
        theme = [a["content"] for tag, a in tags if a.get("name") == "theme-color"]
        assert theme == [manifest["theme_color"]]
        assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
        sizes: dict[str, set[str]] = {}
        for icon in manifest["icons"]:
            assert icon["src"].startswith("./"), icon
            data = (dist_dir / icon["src"].removeprefix("./")).read_bytes()
            if icon["type"] == "image/png":
                width, height = png_size(data)
                assert icon["sizes"] == f"{width}x{height}", icon
            else:
                assert icon["type"] == "image/svg+xml" and data.startswith(b"<svg"), icon
            sizes.setdefault(icon["purpose"], set()).add(icon["sizes"])
        # what browsers ask of an installable app: 192 and 512 pixel icons, one maskable
        assert {"192x192", "512x512"} <= sizes["any"]
        assert "512x512" in sizes["maskable"]
        assert links["icon"] == "./icon.svg"

    def test_worker_lists_every_file_and_their_hash(
        self, dist_dir: Path, tmp_path: Path
    ) -> None:
        version, files = worker_files(dist_dir)
        on_disk = sorted(
            "./" + p.relative_to(dist_dir).as_posix()
            for p in dist_dir.rglob("*") if p.is_file() and p.name not in ("sw.js", ".nojekyll")
        )
        assert files == on_disk
        assert "./index.html" in files and "./pyodide/pyodide.asm.wasm" in files
        # the hash of the files as built, before the version was written into some
        unstamped = tmp_path / "site"
        shutil.copytree(dist_dir, unstamped)
        unstamp(unstamped)
        assert version == site_version(unstamped, files)
        for name in STAMPED:
            text = (dist_dir / name).read_text(encoding="utf-8")
            assert f'\nconst SITE_VERSION = "{version}";\n' in text

    def test_a_changed_file_changes_the_version(
        self, tmp_path: Path
    ) -> None:
        (tmp_path / "a.css").write_text("a {}", encoding="utf-8")
        (tmp_path / "b.js").write_text("", encoding="utf-8")
        files = ["./a.css", "./b.js"]
        before = site_version(tmp_path, files)
        assert site_version(tmp_path, files) == before
        (tmp_path / "a.css").write_text("a { }", encoding="utf-8")
        assert site_version(tmp_path, files) != before

    def test_scripts_parse(self, dist_dir: Path, tmp_path: Path) -> None:
        node = shutil.which("node")
        if node is None:
            pytest.skip("node is not installed")
        for name in ("sw.js", "boot.js"):
            result = subprocess.run([node, "--check", str(dist_dir / name)],
                                    capture_output=True, text=True, check=False)
            assert result.returncode == 0, result.stderr
        module = tmp_path / "bots-worker.mjs"  # a module worker: parsed as a module
        shutil.copyfile(dist_dir / "bots-worker.js", module)
        result = subprocess.run([node, "--check", str(module)],
                                capture_output=True, text=True, check=False)
        assert result.returncode == 0, result.stderr


class TestSecurity:
    def test_content_security_policy_allows_only_the_site(self, dist_dir: Path) -> None:
        tags = head_tags(dist_dir)
        policies = [a["content"] for tag, a in tags
                    if a.get("http-equiv", "").lower() == "content-security-policy"]
        assert len(policies) == 1
        # before anything it governs
        assert tags[1] == ("meta", {"http-equiv": "Content-Security-Policy",
                                    "content": policies[0]})
        directives = {
            name: set(sources)
            for name, *sources in (part.split() for part in policies[0].split(";") if part.strip())
        }
        assert directives["default-src"] == {"'self'"}
        assert directives["script-src"] == {"'self'", "'unsafe-eval'", "'wasm-unsafe-eval'"}
        assert directives["connect-src"] == directives["worker-src"] == {"'self'"}
        assert directives["object-src"] == {"'none'"}
        for name, sources in directives.items():
            for source in sources:
                assert source in ("'self'", "'none'", "'unsafe-eval'", "'wasm-unsafe-eval'"), (
                    name, source)

    def test_crafted_names_show_as_text(self, app: App) -> None:
        dialogs: list[str] = []
        app.page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        # typed in the setup form: names are kept to 24 characters
        app.open()
        app.wait_for_phase("setup")
        start_from_the_form(app.page, first_name=PAYLOAD)
        wait_for_table(app, GAME_TIMEOUT_S)
        expect(app.page.locator(".seat").first).to_contain_text(PAYLOAD[:24])
        # from a link
        app.open(f"?players=easy,easy&speed=instant&names=Ann,{quote(PAYLOAD)}")
        wait_for_table(app, GAME_TIMEOUT_S)
        expect(app.page.locator(".seat").nth(1)).to_contain_text(PAYLOAD[:24])
        # from an imported game file: a name longer than 24 characters is refused; one
        # of 24, in the log and the standings too
        record = {"format": "seasalt-record", "version": 1, "game": "sea-salt-and-paper",
                  "seed": 3, "players": 2, "seats": [PAYLOAD, "Bob"], "options": {},
                  "actions": []}
        save = {"format": "seasalt-save", "version": 1, "kinds": ["easy", "easy"],
                "speed": "instant", "record": record}
        app.open()  # the setup screen (it lists the linked game)
        app.wait_for_phase("setup")
        app.page.set_input_files("#import-file", files=[{
            "name": "crafted.json", "mimeType": "application/json",
            "buffer": json.dumps(save).encode()}])
        expect(app.page.locator("#notice")).to_contain_text("longer than 24 characters")
        record["seats"] = [PAYLOAD[:24], "Bob"]
        app.page.set_input_files("#import-file", files=[{
            "name": "crafted.json", "mimeType": "application/json",
            "buffer": json.dumps(save).encode()}])
        wait_for_table(app, GAME_TIMEOUT_S)
        expect(app.page.locator(".seat").first).to_contain_text(PAYLOAD[:24])
        app.play_to_game_over(GAME_TIMEOUT_S)
        expect(app.page.locator("#standings")).to_contain_text(PAYLOAD[:24])
        assert app.page.locator("img").count() == 0
        assert dialogs == []
        assert not [u for u in app.page.evaluate(
            "performance.getEntriesByType('resource').map(e => e.name)")
            if urlsplit(u).path.endswith("/x")]
        app.assert_clean()
