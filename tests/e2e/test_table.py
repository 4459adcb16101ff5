"""The game table in Chromium: whole rounds and games by clicks, saves, links, hot seat.

Every test drives the page only as a player would: it clicks elements whose
``data-code`` the page offers (the legal actions), hand cards (``data-card``) and the
page's own buttons (``data-action``). Bots are easy or medium, at instant speed, so a
round takes seconds.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.positions import saved_games

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

ROUND_TIMEOUT_S = 120
"""Longest a round may take in these tests (bots at instant speed)."""


def offered(page: Page) -> list[str]:
    """The action codes the table offers now (empty when it is not a person's turn)."""
    return page.eval_on_selector_all(
        "#playing [data-code]", "els => els.map(e => e.dataset.code)")


def table_state(page: Page) -> dict[str, object]:
    """What the table shows: cards by place, scores, log; for before/after comparisons."""
    return page.evaluate("""() => {
        const ids = (sel) => [...document.querySelectorAll(sel)].map(e => e.dataset.card);
        const text = (sel) => [...document.querySelectorAll(sel)].map(e => e.textContent);
        return {hand: ids(".my-hand [data-card]"), front: ids(".my-front [data-card]"),
                piles: text(".pile"), seats: text(".seat"), log: text("#log li"),
                round: document.getElementById("round-info").textContent};
    }""")


class HumanPlayer:
    """Plays the human seat by clicks: take a discard once, else draw two; play every
    duo it can; end the round with STOP as soon as it may (LAST CHANCE if asked)."""

    def __init__(self, page: Page, call: str = "stop") -> None:
        self.page = page
        self.call = call
        self.done: set[str] = set()

    def play_turn_step(self) -> bool:
        """Make one decision if the table offers any. Returns whether it clicked."""
        page = self.page
        codes = offered(page)
        if not codes:
            return False
        if self.call in codes:
            self.done.add(self.call)
            page.click(f'[data-code="{self.call}"]')
            if self.call == "last-chance":  # the bet is confirmed in a dialog
                expect(page.locator("#confirm")).to_be_visible()
                page.click("#confirm-yes")
        elif "take:1" in codes and "take" not in self.done:
            self.done.add("take")
            page.click('[data-code="take:1"]')
        elif "draw" in codes:
            self.done.add("draw")
            page.click('[data-code="draw"]')
        elif keeps := [c for c in codes if c.startswith("keep:")]:
            page.click(f'[data-code="{keeps[0]}"]')
        elif picks := [c for c in codes if c.startswith("pick:")]:
            page.click(f'[data-code="{picks[0]}"]')
        elif page.locator(".my-hand .card.can-play").count():
            page.locator(".my-hand .card.can-play").first.click()
            expect(page.locator(".my-hand .card.selected")).to_have_count(1)
            page.locator(".my-hand .card.can-play:not(.selected)").first.click()
            expect(page.locator(".my-hand .card.selected")).to_have_count(2)
            page.locator(".duo-options [data-code]").first.click()
            self.done.add("duo")
        elif "end" in codes:
            page.click('[data-code="end"]')
        else:
            pytest.fail(f"the player is stuck with {codes}")
        return True


def step(app: App, player: HumanPlayer) -> None:
    """Wait for the player's next decision and make it, going past round ends."""
    deadline = time.monotonic() + ROUND_TIMEOUT_S
    while True:
        phase = app.phase()
        assert phase in ("playing", "round-over"), (phase, app.errors)
        if phase == "round-over":
            app.page.click("#continue")
            app.wait_for_phase("playing")
        elif player.play_turn_step():
            return
        else:
            app.page.wait_for_timeout(30)
        assert time.monotonic() < deadline, "no decision came"


def wait_for_my_turn(app: App) -> None:
    """Wait until the table offers the person an action (bots have moved)."""
    deadline = time.monotonic() + ROUND_TIMEOUT_S
    while not offered(app.page):
        assert app.phase() == "playing" and time.monotonic() < deadline, app.errors
        app.page.wait_for_timeout(30)


def play_until(app: App, player: HumanPlayer, phases: set[str]) -> str:
    """Let ``player`` act until the page reaches one of ``phases``; return it."""
    deadline = time.monotonic() + ROUND_TIMEOUT_S
    while (phase := app.phase()) not in phases:
        assert phase == "playing", f"unexpected phase {phase!r}: {app.errors}"
        assert not app.errors, app.errors
        if not player.play_turn_step():
            app.page.wait_for_timeout(30)
        assert time.monotonic() < deadline, "the round took too long"
    return phase


class TestHumanAgainstBot:
    def test_a_round_by_clicks_through_draw_take_duo_and_stop(self, app: App) -> None:
        app.open("?players=you,easy&seed=3&speed=instant")
        app.wait_for_phase("playing")
        expect(app.page.locator(".seat")).to_have_count(1)  # the bot; you sit below
        player = HumanPlayer(app.page)
        for _ in range(6):  # rounds; a bot may end one before the player could
            play_until(app, player, {"round-over", "game-over"})
            if player.call in player.done:
                break
            app.page.click("#continue")
            app.wait_for_phase("playing")
        assert player.done >= {"take", "draw", "duo", "stop"}, player.done
        assert app.phase() == "round-over"
        expect(app.page.locator("#round-title")).to_have_text("You called STOP")
        expect(app.page.locator("#round-table tbody tr")).to_have_count(2)
        expect(app.page.locator('#round-table tr[data-seat="0"] .badge')).to_have_text("STOP")
        app.page.click("#continue")
        app.wait_for_phase("playing")
        assert app.page.locator("#round-info").text_content().startswith("Round ")
        app.assert_clean()

    def test_last_chance_and_the_bets_outcome(self, app: App) -> None:
        app.open("?players=you,easy&seed=8&speed=instant")
        app.wait_for_phase("playing")
        player = HumanPlayer(app.page, call="last-chance")
        for _ in range(6):
            phase = play_until(app, player, {"round-over", "game-over"})
            if "last-chance" in player.done or phase == "game-over":
                break
            app.page.click("#continue")
            app.wait_for_phase("playing")
        assert "last-chance" in player.done
        expect(app.page.locator("#round-title")).to_contain_text("You called LAST CHANCE")
        expect(app.page.locator('#round-table tr[data-seat="0"] .badge')).to_contain_text(
            "LAST CHANCE")
        app.assert_clean()

    def test_opponents_hidden_cards_never_reach_the_page(self, app: App) -> None:
        app.open("?players=you,medium&seed=4&speed=instant")
        app.wait_for_phase("playing")
        player = HumanPlayer(app.page, call="none")
        for _ in range(12):
            step(app, player)
            # the bot's hand: backs, plus only the cards everyone saw it take
            hidden = app.page.locator(".seat .other-hand [data-card]:not(.known)")
            assert hidden.count() == 0
        app.assert_clean()


class TestBotsOnly:
    def test_four_bots_at_instant_speed_reach_game_over(self, app: App) -> None:
        app.open("?players=easy,medium,easy,medium&seed=11&speed=instant")
        app.wait_for_phase("playing")
        expect(app.page.locator(".seat")).to_have_count(4)
        expect(app.page.locator("#me")).to_be_hidden()
        rounds = app.play_to_game_over(180)
        assert rounds >= 1
        expect(app.page.locator("#standings li")).to_have_count(4)
        expect(app.page.locator("#winner-title")).to_contain_text("win")
        expect(app.page.locator("#standings li.winner")).not_to_have_count(0)
        app.page.click("#rematch")  # a new game; at instant speed its first round may end at once
        deadline = time.monotonic() + 30
        while app.phase() not in ("playing", "round-over"):
            assert time.monotonic() < deadline, app.phase()
            app.page.wait_for_timeout(30)
        app.assert_clean()


class TestSaves:
    def test_reload_mid_game_resumes_the_same_state(self, app: App) -> None:
        app.open("?players=you,medium&seed=5&speed=instant")
        app.wait_for_phase("playing")
        assert app.page.evaluate("location.search") == ""  # a reload must not restart
        player = HumanPlayer(app.page, call="none")
        for _ in range(7):
            step(app, player)
        wait_for_my_turn(app)  # the bot has finished its turn
        before = table_state(app.page)
        assert before["hand"]
        app.page.reload()
        app.wait_for_phase("setup")
        expect(app.page.locator("#saved")).to_be_visible()
        expect(app.page.locator("#saved .saved-summary")).to_contain_text("round")
        app.page.click('[data-action="resume"]')
        app.wait_for_phase("playing")
        assert table_state(app.page) == before
        player.play_turn_step()  # and play on
        app.assert_clean()

    def test_a_corrupt_save_is_kept_with_its_reason_and_a_new_game_starts(
            self, app: App) -> None:
        illegal = {"format": "seasalt-save", "version": 1, "kinds": ["human", "easy"],
                   "speed": "fast", "record": {
                       "format": "seasalt-record", "version": 1,
                       "game": "sea-salt-and-paper", "seed": 1, "players": 2,
                       "seats": ["A", "B"], "options": {}, "actions": ["stop"]}}
        saves = {"truncated": '{"format": "seasalt-save", "version": 1, "record": ',
                 "foreign": '{"some": "other site"}', "illegal action": json.dumps(illegal)}
        reasons = {"truncated": "damaged", "foreign": "holds no game",
                   "illegal action": "move 1 of its game is not possible"}
        app.open()
        app.wait_for_phase("setup")
        for what, save in saves.items():
            app.page.evaluate("s => localStorage.setItem('seasalt.save', s)", save)
            app.page.reload()
            app.wait_for_phase("setup")
            problem = app.page.locator("#saved .unreadable .saved-problem").first
            expect(problem, what).to_contain_text("cannot be opened")
            assert app.page.evaluate("localStorage.getItem('seasalt.save')") is None, what
            assert save in saved_games(app.page).values(), what  # kept as it was
        # saves moved in at an earlier start are read after the list shows (issue 41)
        expect(app.page.locator("#saved .unreadable")).to_have_count(3)
        text = app.page.locator("#saved").inner_text()
        assert all(reason in text for reason in reasons.values()), text
        app.page.click("#start")
        app.wait_for_phase("playing")
        assert len(saved_games(app.page)) == 4
        app.assert_clean()

    def test_export_then_import_gives_the_same_game(self, app: App) -> None:
        app.open("?players=you,easy&seed=9&speed=instant")
        app.wait_for_phase("playing")
        player = HumanPlayer(app.page, call="none")
        for _ in range(4):
            step(app, player)
        wait_for_my_turn(app)
        before = table_state(app.page)
        app.page.click("#table-menu summary")
        with app.page.expect_download() as info:
            app.page.click('#playing [data-action="export"]')
        path = info.value.path()
        record = json.loads(path.read_text(encoding="utf-8"))
        assert record["record"]["seed"] == 9 and record["record"]["actions"]
        assert "seed" not in info.value.suggested_filename
        assert "-9" not in info.value.suggested_filename
        app.page.click('#playing [data-action="new-game"]')
        app.wait_for_phase("setup")
        app.page.set_input_files("#import-file", path)
        app.wait_for_phase("playing")
        assert table_state(app.page) == before
        assert len(saved_games(app.page)) == 2  # one more game, none replaced
        app.assert_clean()


class TestLinksAndSetup:
    def test_a_bad_link_explains_itself_on_the_setup_screen(self, app: App) -> None:
        app.open("?players=you,dragon&seed=1")
        app.wait_for_phase("setup")
        expect(app.page.locator("#notice")).to_contain_text("unknown seat 'dragon'")
        app.assert_clean()

    def test_names_are_shown_as_text(self, app: App) -> None:
        dialogs: list[str] = []
        app.page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        app.open("?players=you,easy&names=You,<b>Bob</b><img src=x onerror=alert(1)>"
                 "&speed=instant")
        app.wait_for_phase("playing")
        expect(app.page.locator('.seat[data-seat="1"] .seat-name')).to_have_text(
            "<b>Bob</b><img src=x one")  # names are cut at 24 characters
        assert app.page.locator("#playing img, #playing .seat-name b").count() == 0
        assert dialogs == []
        app.assert_clean()

    def test_hot_seat_from_the_form_hides_each_hand_until_its_owner_is_ready(
            self, app: App) -> None:
        app.open()
        app.wait_for_phase("setup")
        page = app.page
        page.select_option('[name="kind-0"]', "you")
        page.fill('[name="name-0"]', "Ann")
        page.select_option('[name="kind-1"]', "human")
        page.fill('[name="name-1"]', "Bob")
        page.click("#add-seat")
        page.select_option('[name="kind-2"]', "easy")
        page.fill("#seed", "2")
        page.select_option("#speed", "instant")
        page.click("#start")
        app.wait_for_phase("playing")
        expect(page.locator(".seat, #me")).to_have_count(3)
        seen: list[str] = []
        for _ in range(3):  # three hand-overs
            expect(page.locator("#handoff")).to_be_visible()
            title = page.locator("#handoff-title").text_content()
            assert title in ("Pass the device to Ann", "Pass the device to Bob")
            seen.append(title)
            assert page.locator(".my-hand [data-card]").count() == 0
            assert offered(page) == []
            page.click("#handoff-ready")
            expect(page.locator("#handoff")).to_be_hidden()
            codes = offered(page)
            assert "draw" in codes
            page.click('[data-code="draw"]')
            page.locator("[data-code^='keep:']").first.click()
            expect(page.locator(".my-hand [data-card]")).not_to_have_count(0)
            page.click('[data-code="end"]')
        assert len(set(seen)) == 2  # both people had their turn
        app.assert_clean()
