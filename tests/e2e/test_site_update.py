"""A site update: a page open when a new version is deployed keeps its own version's
files until the player reloads (issue 41, item 6).

Build v1 is ``dist/``; v2 is a copy with one file changed and ``sw.js`` filled in again
by the build's own `write_service_worker` (a new version, stamped into ``boot.js`` and
``bots-worker.js``), served at the same address once v1's server is stopped. Service
workers are allowed here (the other tests block them), so the pages are only watched
(`observe`), as in ``test_offline.py``.
"""

from __future__ import annotations

import os
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from playwright.sync_api import Browser, Page, expect

from tests.e2e.positions import saved_games, wait_for_table
from tests.e2e.test_offline import (
    GAME_TIMEOUT_S,
    serve,
    start_from_the_form,
    wait_for_worker,
    worker_files,
)
from tools.build.paths import WEB
from tools.build.site_files import STAMPED, write_service_worker
from tools.build.stylesheet import STYLESHEET

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

MARK = "\n/* the next deploy */\n"
"""What v2's stylesheet ends with."""


def next_deploy(dist: Path, folder: Path) -> str:
    """Copy ``dist`` into ``folder`` as the next version: the stylesheet changed, then
    ``sw.js`` filled in again (which stamps the new version everywhere).

    Returns:
        The new version.
    """
    shutil.copytree(dist, folder)
    with (folder / STYLESHEET).open("a", encoding="utf-8") as css:
        css.write(MARK)
    shutil.copyfile(WEB / "sw.js", folder / "sw.js")
    version = write_service_worker(folder)
    # the server's Last-Modified counts seconds: the changed files say they are newer
    later = (dist / "sw.js").stat().st_mtime + 10
    for name in (STYLESHEET, "sw.js", *STAMPED):
        os.utime(folder / name, (later, later))
    return version


def look_for_update(page: Page) -> None:
    """What the browser does on a navigation or an hour later: fetch ``sw.js`` again."""
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")


def bots_worker_version(page: Page) -> tuple[str, str]:
    """The bots' worker's URL and the build it says it is, once it is ready."""
    expect(page.locator("body")).to_have_attribute(
        "data-bot-worker", "ready", timeout=GAME_TIMEOUT_S * 1000)
    (worker,) = [w for w in page.workers if "bots-worker.js" in w.url]
    return worker.url, worker.evaluate("self.seasaltVersion")


def test_an_open_page_keeps_its_version_until_reloaded(
    browser: Browser, dist_dir: Path, tmp_path: Path, observer: Callable[..., App]
) -> None:
    old_version, _ = worker_files(dist_dir)
    new_version = next_deploy(dist_dir, tmp_path / "v2")
    assert new_version != old_version
    assert f'"{new_version}"' in (tmp_path / "v2" / "bots-worker.js").read_text()

    old_site = serve(dist_dir, "/seasalt/")
    port = old_site.server.server_address[1]
    context = browser.new_context(service_workers="allow")
    try:
        app = observer(context.new_page(), old_site.url)
        page = app.page
        app.open()
        app.wait_for_phase("setup")
        assert wait_for_worker(page)["caches"] == [f"seasalt-{old_version}"]
        assert page.evaluate("seasaltBoot.version") == old_version
        expect(page.locator("#update-notice")).to_be_hidden()
        # a game played to its end: a saved game
        start_from_the_form(page, "Anna")
        wait_for_table(app, GAME_TIMEOUT_S)
        app.play_to_game_over(GAME_TIMEOUT_S)
        saves = saved_games(page)
        assert len(saves) == 1

        page.evaluate("""() => { window.swapped = false;
            navigator.serviceWorker.addEventListener("controllerchange",
                () => { window.swapped = true; }); }""")
        # v2 is deployed at the same address while v1's page is open
        old_site.stop()
        new_site = serve(tmp_path / "v2", "/seasalt/", port=port)
        try:
            look_for_update(page)
            notice = page.locator("#update-notice")
            expect(notice).to_be_visible(timeout=60_000)
            expect(notice).to_contain_text("A new version is ready: reload when you like.")
            installed = new_site.requests[:]  # v2's service worker fetched its files
            # nothing taken over: v1's page plays on with v1's files
            assert page.evaluate("navigator.serviceWorker.controller.state") == "activated"
            assert not page.evaluate(f"fetch('./{STYLESHEET}').then((r) => r.text())"
                                     ).endswith(MARK)
            # the bots' worker, started after the deploy, is v1's, with v1's archives
            page.click("#game-over [data-action=new-game]")
            app.wait_for_phase("setup")
            page.select_option('[name="kind-1"]', "hard")
            url, version = bots_worker_version(page)
            assert url.endswith(f"bots-worker.js?v={old_version}")
            assert version == old_version
            assert page.evaluate("seasaltBoot.version") == old_version
            # the Fruits de mer archive too (fetched by the page when first needed)
            more = page.evaluate("""fetch(seasaltBoot.url('./seasalt-more.zip.zst'))
                .then((r) => r.arrayBuffer()).then((b) => b.byteLength)""")
            assert more == (dist_dir / "seasalt-more.zip.zst").stat().st_size
            # v2 still waits (it never took the page over), and says so
            assert not page.evaluate("window.swapped")
            assert page.evaluate(
                "navigator.serviceWorker.getRegistration().then((r) => r.waiting !== null)")
            assert not page.evaluate(f"fetch('./{STYLESHEET}').then((r) => r.text())"
                                     ).endswith(MARK)
            expect(notice).to_be_visible()
            # v1's files came from v1's cache: v2's server saw none of its requests
            assert new_site.requests[len(installed):] == []
            downloads = Counter(p for status, p in installed if status == 200)
            assert {p: n for p, n in downloads.items() if n > 1} == {}
            assert not any("?v=" in p for _status, p in installed)

            # the player reloads when they like: v2 runs, the saves are intact
            notice.get_by_role("button", name="Reload").click()
            page.wait_for_function(f"window.seasaltBoot?.version === {new_version!r}")
            app.wait_for_phase("setup")
            expect(page.locator("#update-notice")).to_be_hidden()
            assert page.evaluate(f"fetch('./{STYLESHEET}').then((r) => r.text())"
                                 ).endswith(MARK)
            assert saved_games(page) == saves
            expect(page.locator("#saved .saved-game")).to_have_count(1)
            # v1's cache is kept (a v1 page in another tab still gets its own files),
            # an unknown version's files are refused rather than mixed
            keys = set(page.evaluate("caches.keys()"))
            assert {f"seasalt-{old_version}", f"seasalt-{new_version}"} <= keys
            text = page.evaluate(
                f"fetch('./bots-worker.js?v={old_version}').then((r) => r.text())")
            assert f'const SITE_VERSION = "{old_version}";' in text
            app.assert_clean()
            refused = page.evaluate("""fetch('./bots-worker.js?v=0000000000000000')
                .then(() => false, () => true)""")
            assert refused  # (the browser logs the failed request)
        finally:
            new_site.stop()
    finally:
        context.close()


def test_a_third_deploy_drops_the_first_version_cache(
    browser: Browser, dist_dir: Path, tmp_path: Path, observer: Callable[..., App]
) -> None:
    """Two generations are kept: the one in use and the one before, no more."""
    versions = [worker_files(dist_dir)[0]]
    folders = [dist_dir]
    for n in (2, 3):
        folder = tmp_path / f"v{n}"
        versions.append(next_deploy(folders[-1], folder))  # one more mark each time
        folders.append(folder)
    assert len(set(versions)) == 3

    site = serve(dist_dir, "/seasalt/")
    port = site.server.server_address[1]
    context = browser.new_context(service_workers="allow")
    try:
        app = observer(context.new_page(), site.url)
        page = app.page
        app.open()
        app.wait_for_phase("setup")
        wait_for_worker(page)
        for folder, version in zip(folders[1:], versions[1:], strict=True):
            site.stop()
            site = serve(folder, "/seasalt/", port=port)
            look_for_update(page)
            button = page.locator("#update-notice button")
            expect(button).to_be_visible(timeout=60_000)
            button.click()
            page.wait_for_function(f"window.seasaltBoot?.version === {version!r}")
            app.wait_for_phase("setup")
        keys = set(page.evaluate("caches.keys()"))
        assert {k for k in keys if k.startswith("seasalt-")} == {
            f"seasalt-{versions[1]}", f"seasalt-{versions[2]}"}
        app.assert_clean()
    finally:
        site.stop()
        context.close()
