"""Saves that survive anything, in the browser: the five ways a hostile or unlucky
visit used to lose or break games, each now handled.

1. A 20 KB save of nested brackets: the page starts, lists it as unreadable with the
   reason, exports it as it is, deletes it; importing it is a message; a save that
   stopped the page while it was read is offered again once, then said unreadable.
2. A link or an import adds a game to the list and never replaces one; no game is
   removed to make room, and a full storage is said until dismissed, the game kept in
   memory with its export (issue 41).
3. Seeds no page can use (``²``, 4,301 digits) are refused with a plain message, from a
   link and from the form; an error screen caused by a link offers to start without it.
4. Two tabs: the second one to open a game says it is open elsewhere and offers to play
   it here; taking over stops the first tab, and no move of either is lost.
5. Unreadable saves are kept with their reason (a later version, a refused move, an
   option of the wrong type, a name over 24 characters), not deleted.

And the linear replay: a 60,000-action record loads in the page in a few seconds (its
``seasalt-load`` mark gives the time; printed with ``-s``).
"""

from __future__ import annotations

import importlib.util
import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, FilePayload, Page, expect

from seasalt.web.saves import MAX_SAVE_CHARS
from seasalt.web.settings import Settings
from seasalt.web.table import Table
from tests.e2e.positions import saved_game, saved_games

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

ROOT = Path(__file__).resolve().parents[2]
BRACKETS = "[" * 10_000 + "]" * 10_000
TIMEOUT_S = 60
LISTED = 20  # saved games planted to show that none is removed for a new one


def file_payload(text: str, name: str = "game.json") -> FilePayload:
    return {"name": name, "mimeType": "application/json", "buffer": text.encode()}


def plant(page: Page, game_id: str, text: str) -> None:
    """Put a saved game's text under its id, as the page keeps it."""
    page.evaluate("([k, s]) => localStorage.setItem(k, s)", [f"seasalt.game.{game_id}", text])


def finished_save(seed: int, saved_at: float) -> str:
    """A finished game of two easy bots, saved at ``saved_at``."""
    t = Table.new(Settings(seats=["easy", "easy"], seed=seed, speed="instant"))
    while not t.over:
        t.bot_step(60.0)
    return t.save(saved_at=saved_at)


def offered(page: Page) -> list[str]:
    return page.eval_on_selector_all("#playing [data-code]", "els => els.map(e => e.dataset.code)")


def wait_for_my_turn(app: App) -> list[str]:
    deadline = time.monotonic() + TIMEOUT_S
    while not offered(app.page) or app.phase() != "playing":
        if app.phase() == "round-over":
            app.page.click("#continue")
        assert time.monotonic() < deadline and not app.errors, (app.phase(), app.errors)
        app.page.wait_for_timeout(30)
    return offered(app.page)


def play_a_move(app: App) -> None:
    codes = wait_for_my_turn(app)
    app.page.locator(f'#playing [data-code="{codes[0]}"]:visible').first.click()


class TestUnreadable:
    def test_the_bracket_save_is_listed_exported_and_deleted(self, app: App) -> None:
        """Problem 1: the page starts, says why, and the player decides."""
        app.open()
        app.wait_for_phase("setup")
        app.page.evaluate("s => localStorage.setItem('seasalt.save', s)", BRACKETS)
        app.page.reload()
        app.wait_for_phase("setup")
        entry = app.page.locator("#saved .saved-game.unreadable")
        expect(entry).to_have_count(1)
        expect(entry).to_contain_text("cannot be opened: it is damaged")
        expect(entry).to_contain_text("20,000 characters")
        with app.page.expect_download() as info:
            entry.locator('[data-action="export-raw"]').click()
        assert Path(info.value.path()).read_text(encoding="utf-8") == BRACKETS
        assert info.value.suggested_filename.startswith("seasalt-unreadable-")
        app.page.reload()  # kept: still there after a reload
        app.wait_for_phase("setup")
        entry.locator('[data-action="delete-save"]').click()
        app.page.click("#confirm-yes")
        expect(app.page.locator("#saved")).to_be_hidden()
        assert saved_games(app.page) == {}
        # importing the same text is a message, and the page goes on
        app.page.set_input_files("#import-file", files=[file_payload(BRACKETS)])
        expect(app.page.locator("#notice")).to_contain_text("not a game this page can load")
        app.page.click("#start")
        app.wait_for_phase("playing")
        app.assert_clean()

    def test_a_save_that_stopped_the_page_is_offered_again_once(self, app: App) -> None:
        """Issue 41, item 2: an interrupted read is never condemned at once."""
        app.open()
        app.wait_for_phase("setup")
        good = Table.new(Settings(seats=["you", "easy"], seed=5)).save(saved_at=1)
        plant(app.page, "a1", good)
        app.page.evaluate("localStorage.setItem('seasalt.reading', 'a1')")
        app.page.reload()
        app.wait_for_phase("setup")
        entry = app.page.locator('#saved .saved-game[data-id="a1"]')
        expect(entry).to_contain_text("Reading this game was interrupted last time")
        assert app.page.evaluate("localStorage.getItem('seasalt.reading')") is None
        # stopped again while trying: now said unreadable, its text kept
        app.page.evaluate("localStorage.setItem('seasalt.reading', 'a1')")
        app.page.reload()
        app.wait_for_phase("setup")
        expect(app.page.locator("#saved .unreadable")).to_contain_text(
            "the page stopped while reading it")
        assert saved_games(app.page) == {"a1": good}
        # never condemned for good: the player may still try, and it opens
        app.page.click('#saved .unreadable [data-action="resume"][data-id="a1"]')
        app.wait_for_phase("playing")
        assert app.page.evaluate("localStorage.getItem('seasalt.aside.a1')") is None
        app.assert_clean()

    def test_try_again_opens_an_interrupted_save(self, app: App) -> None:
        app.open()
        app.wait_for_phase("setup")
        good = Table.new(Settings(seats=["you", "easy"], seed=5)).save(saved_at=1)
        plant(app.page, "a1", good)
        app.page.evaluate("localStorage.setItem('seasalt.aside.a1', 'crashed')")  # old mark
        app.page.reload()
        app.wait_for_phase("setup")
        app.page.click('#saved [data-action="resume"][data-id="a1"]')
        app.wait_for_phase("playing")
        assert app.page.evaluate("localStorage.getItem('seasalt.aside.a1')") is None
        assert app.page.evaluate("localStorage.getItem('seasalt.summary.a1')") is not None
        app.assert_clean()

    @pytest.mark.parametrize(("change", "reason"), [
        ({"version": 3}, "saved by a newer version of the page (save version 3"),
        ({"record.actions": ["draw", "stop"]}, "move 2 of its game is not possible"),
        ({"record.options": {"double_target": False, "extra_salt": False,
                             "extra_pepper": "false"}}, "must be true or false"),
        ({"record.seats": ["x" * 25, "Bob"]}, "longer than 24 characters"),
    ])
    def test_unreadable_saves_are_kept_with_their_reason(
            self, app: App, change: dict[str, Any], reason: str) -> None:
        """Problem 5: nothing is deleted; the list says why."""
        data = json.loads(Table.new(Settings(seats=["you", "easy"], seed=5)).save(
            saved_at=1))
        for key, value in change.items():
            if key.startswith("record."):
                data["record"][key[7:]] = value
            else:
                data[key] = value
        text = json.dumps(data)
        app.open()
        app.wait_for_phase("setup")
        plant(app.page, "b2", text)
        for _ in range(2):  # and again after a reload: kept
            app.page.reload()
            app.wait_for_phase("setup")
            expect(app.page.locator("#saved .unreadable .saved-problem")).to_contain_text(reason)
            assert saved_games(app.page) == {"b2": text}
        app.assert_clean()

    def test_oversized_imports_are_refused_quickly(self, app: App) -> None:
        app.open()
        app.wait_for_phase("setup")
        record = {"format": "seasalt-record", "version": 1, "game": "sea-salt-and-paper",
                  "seed": 3, "players": 2, "seats": ["x" * 1_000_000, "Bob"], "options": {},
                  "actions": []}
        began = time.monotonic()
        app.page.set_input_files("#import-file", files=[file_payload(json.dumps(record))])
        expect(app.page.locator("#notice")).to_contain_text("longer than 24 characters")
        assert time.monotonic() - began < 10
        huge = '{"a": "' + "x" * (MAX_SAVE_CHARS * 4) + '"}'
        app.page.set_input_files("#import-file", files=[file_payload(huge)])
        expect(app.page.locator("#notice")).to_contain_text("too large")
        assert app.phase() == "setup" and saved_games(app.page) == {}
        app.assert_clean()


class TestTheList:
    def test_links_and_imports_add_games(self, app: App) -> None:
        """Problem 2: a saved game stays when a link or an import brings another."""
        app.open("?players=you,hard&seed=42&speed=instant")
        app.wait_for_phase("playing")
        play_a_move(app)
        first = saved_game(app.page)
        app.open("?players=you,easy,medium&seed=43&speed=instant")
        app.wait_for_phase("playing")
        assert len(saved_games(app.page)) == 2 and first in saved_games(app.page).values()
        record = Table.new(Settings(seats=["you", "easy"], names=["Ann", "Eve"],
                                    seed=44)).record.dumps()  # its second seat: a hard bot
        app.page.click("#table-menu summary")
        app.page.click('#playing [data-action="new-game"]')
        app.wait_for_phase("setup")
        app.page.set_input_files("#import-file", files=[file_payload(record)])
        app.wait_for_phase("playing")
        app.page.click("#table-menu summary")
        app.page.click('#playing [data-action="new-game"]')
        app.wait_for_phase("setup")
        expect(app.page.locator("#saved .saved-game")).to_have_count(3)
        summaries = app.page.locator("#saved .saved-summary").all_inner_texts()
        assert any("Hard bot" in s for s in summaries), summaries
        expect(app.page.locator("#saved .saved-when").first).to_contain_text("last played")
        # the first game plays on where it was
        entry = app.page.locator("#saved .saved-game", has_text="Hard bot")
        entry.locator('[data-action="resume"]').click()
        app.wait_for_phase("playing")
        assert saved_game(app.page) is not None
        app.assert_clean()

    def test_no_game_is_removed_to_make_room(self, app: App) -> None:
        """Issue 41, item 1: a new game never drops a finished one."""
        app.open()
        app.wait_for_phase("setup")
        done = finished_save(1, 0)
        for i in range(LISTED):
            data = json.loads(done) | {"saved_at": 1000 + i}
            plant(app.page, f"done-{i:02}", json.dumps(data))
        app.page.reload()
        app.wait_for_phase("setup")
        expect(app.page.locator("#saved .saved-game")).to_have_count(LISTED)
        app.page.click("#start")
        app.wait_for_phase("playing")
        games = saved_games(app.page)
        assert len(games) == LISTED + 1 and "done-00" in games
        app.assert_clean()

    def test_a_full_storage_removes_nothing_and_says_so_until_dismissed(
            self, app: App) -> None:
        """Issue 41, item 1: the game plays on in memory, with its export."""
        app.open()
        app.wait_for_phase("setup")
        plant(app.page, "done-a", finished_save(3, 5))
        # a storage that refuses to grow beyond window.room characters
        app.page.evaluate("""() => {
            window.used = () => Object.keys(localStorage).reduce(
                (n, k) => n + k.length + localStorage.getItem(k).length, 0);
            window.room = window.used() + 100;
            const setItem = Storage.prototype.setItem;
            Storage.prototype.setItem = function (key, value) {
                const old = this.getItem(key);
                const after = window.used() - (old ? old.length : 0) + key.length
                    + value.length;
                if (after > window.room) {
                    throw new DOMException("the quota", "QuotaExceededError");
                }
                return setItem.call(this, key, value);
            };
        }""")
        before = saved_games(app.page)
        app.page.click("#start")  # its save does not fit: nothing is removed
        app.wait_for_game(TIMEOUT_S)
        alert = app.page.locator("#storage-alert")
        expect(alert).to_contain_text("storage for this site is full. Export it to keep it")
        assert saved_games(app.page) == before
        alert.locator("p").evaluate("(node) => { node.dataset.seen = 'yes'; }")
        play_a_move(app)
        play_a_move(app)
        expect(alert).to_be_visible()  # not a toast: it stays
        # not drawn again after each move, so a screen reader says it once
        assert alert.locator("p").get_attribute("data-seen") == "yes"
        with app.page.expect_download() as info:
            alert.locator('[data-action="export-unkept"]').click()
        exported = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
        assert len(exported["record"]["actions"]) >= 2
        alert.locator('[data-action="dismiss-alert"]').click()
        expect(alert).to_be_hidden()
        play_a_move(app)
        expect(alert).to_be_hidden()  # said once for this game
        assert saved_games(app.page) == before
        app.assert_clean()


class TestSeeds:
    @pytest.mark.parametrize("seed", ["%C2%B2", "1" * 4301, "-3"])
    def test_a_links_bad_seed_is_a_plain_message(self, app: App, seed: str) -> None:
        """Problem 3: refused, and a reload does not repeat any error."""
        app.open(f"?players=you,hard&seed={seed}")
        app.wait_for_phase("setup")
        expect(app.page.locator("#notice")).to_contain_text(
            "the seed must be a whole number of at most 18 digits")
        assert len(app.page.locator("#notice").inner_text()) < 250
        app.assert_clean()

    def test_the_forms_bad_seed_likewise(self, app: App) -> None:
        app.open()
        app.wait_for_phase("setup")
        for seed in ("²", "9" * 5000):
            app.page.fill("#seed", seed)
            app.page.click("#start")
            expect(app.page.locator("#notice")).to_contain_text("at most 18 digits")
            assert app.phase() == "setup"
        app.assert_clean()

    def test_an_error_from_a_link_offers_to_start_without_it(
            self, app: App, context: BrowserContext) -> None:
        app.allow_errors = True  # the error is provoked
        context.add_init_script("history.replaceState = () => { throw new Error('no'); };")
        app.open("?players=you,easy&seed=1")
        app.wait_for_phase("error", fail_fast=False)
        without = app.page.locator("#error-without-link")
        expect(without).to_be_visible()
        expect(app.page.locator("#error-reload")).to_be_hidden()
        expect(app.page.locator("#error-link-hint")).to_be_visible()
        href = without.evaluate("a => a.href")
        assert urlsplit(href).query == "" and href.startswith(app.url)
        without.click()
        app.wait_for_phase("setup", fail_fast=False)
        assert app.page.evaluate("location.search") == ""


class TestTwoTabs:
    def test_the_second_tab_takes_over_and_nothing_is_lost(
            self, app: App, context: BrowserContext, observer: Any) -> None:
        """Problem 4: one tab plays a game; taking over stops the other."""
        app.open("?players=you,easy&seed=21&speed=instant")
        app.wait_for_phase("playing")
        play_a_move(app)
        other = observer(context.new_page(), app.url, watch_requests=False)
        other.open()
        other.wait_for_phase("setup")
        other.page.click('[data-action="resume"]')
        expect(other.page.locator("#saved .saved-busy")).to_have_text(
            "This game is open in another tab.")
        assert other.phase() == "setup"
        for _ in range(3):  # the first tab plays on meanwhile
            play_a_move(app)
        wait_for_my_turn(app)
        plies = len(json.loads(saved_game(app.page) or "")["record"]["actions"])
        other.page.click('[data-action="take-over"]')
        other.wait_for_phase("playing")
        app.wait_for_phase("setup")
        expect(app.page.locator("#notice")).to_contain_text("now played in another tab")
        after = json.loads(saved_game(other.page) or "")["record"]["actions"]
        assert len(after) >= plies  # every move of the first tab is there
        play_a_move(other)
        wait_for_my_turn(other)
        final = json.loads(saved_game(other.page) or "")["record"]["actions"]
        assert final[:len(after)] == after and len(final) > len(after)
        assert len(saved_games(app.page)) == 1
        other.assert_clean()
        app.assert_clean()


def test_a_60000_action_record_loads_in_seconds(app: App, tmp_path: Path) -> None:
    """Linear replay: the page imports a record of 60,000 actions (the figure printed)."""
    spec = importlib.util.spec_from_file_location(
        "long_record", ROOT / "benchmarks" / "long_record.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    record = module.long_record(60_000)
    app.open()
    app.wait_for_phase("setup")
    app.page.set_input_files("#import-file", files=[file_payload(record.dumps())])
    app.wait_for_phase("playing", 120_000)
    detail = app.page.evaluate(
        "performance.getEntriesByName('seasalt-load').at(-1).detail")
    print(f"\n60,000-action record loaded in the page in {detail['ms'] / 1000:.2f} s")
    assert detail["actions"] == 60_000 and detail["ms"] < 15_000
    expect(app.page.locator("body")).to_contain_text("60,000 moves replayed in")
    app.assert_clean()
