"""The Extra Salt expansion in Chromium: the switch, a game by clicks, trios, the
Lobster's pick, Jellyfish forced turns, and bots playing a whole game.

As in ``test_table.py``, the page is driven only as a player would: clicks on elements
whose ``data-code`` the page offers, on hand cards (``data-card``) and on the page's
own buttons. Moments that bots might not reach by themselves (a forced turn for the
person, a bot looking at five cards) are set up by a saved game: the engine plays a
short script (no bot), the page loads the save through *Load a game file*.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Page, expect

from seasalt.core.record import GameRecord
from seasalt.ssp.cards import KIND_OF, Kind
from seasalt.ssp.game import GAME

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

ROUND_TIMEOUT_S = 120
"""Longest a round may take in these tests (bots at instant speed)."""
SALT = {"double_target": False, "extra_salt": True}


def offered(page: Page) -> list[str]:
    """The action codes the table offers now (empty when it is not a person's turn)."""
    return page.eval_on_selector_all(
        "#playing [data-code]", "els => els.map(e => e.dataset.code)")


def duo_options(page: Page) -> list[str]:
    """The codes offered for the selected hand cards."""
    return page.eval_on_selector_all(
        ".duo-options [data-code]", "els => els.map(e => e.dataset.code)")


def selected(page: Page) -> list[int]:
    """The selected hand cards, sorted."""
    return sorted(int(x) for x in page.eval_on_selector_all(
        ".my-hand .card.selected", "els => els.map(e => e.dataset.card)"))


def code_cards(code: str) -> list[int]:
    """The cards of a ``duo:``/``trio:`` code, sorted."""
    return sorted(int(x) for x in code.split(":")[1].split("+"))


def scripted_save(seed: int, until: Callable[[Any], bool],
                  kinds: tuple[str, str] = ("human", "medium"), speed: str = "instant") -> str:
    """A saved 2-player Extra Salt game, played by a script until ``until(state)``.

    The script draws two, keeps the first card offered, plays every Crab + Lobster and
    Swimmer + Jellyfish duo it can, takes the first card of a pick and ends the turn.
    """
    state = GAME.new_game(2, seed, SALT)
    actions: list[str] = []
    while not until(state):
        assert GAME.outcome(state) is None and len(actions) < 400, f"seed {seed}: no such moment"
        legal = [str(a) for a in GAME.legal_actions(state)]
        salt = [c for c in legal if c.startswith("duo:") and any(
            KIND_OF[x] in (Kind.LOBSTER, Kind.JELLYFISH) for x in code_cards(c))]
        simple = [c for c in legal if c.startswith(("draw", "keep", "pick", "end"))]
        code = (salt or simple or legal)[0]
        state = GAME.apply(state, GAME.parse_action(code))
        actions.append(code)
    record = GameRecord(GAME.info.name, seed, 2, ["You", "Medium bot"], dict(SALT), actions)
    return json.dumps({"format": "seasalt-save", "version": 1, "kinds": list(kinds),
                       "speed": speed, "record": record.to_dict()})


def open_save(app: App, tmp_path: Path, save: str) -> None:
    """Open the page and load ``save`` through the setup screen's file button."""
    path = tmp_path / "game.json"
    path.write_text(save, encoding="utf-8")
    app.open()
    app.wait_for_phase("setup")
    app.page.set_input_files("#import-file", path)
    app.wait_for_phase("playing")


def public(state: Any) -> Any:
    return GAME.view(state, None)


class ExtraSaltPlayer:
    """Plays the person's seat by clicks: draws two, keeps the first card offered,
    plays a trio when it can (Starfish first), else a Lobster or Jellyfish duo, else
    any duo, takes the first card of a pick, calls STOP when it may, takes a forced
    draw when it must. ``done`` names what it did: ``trio``, ``lobster`` (the pick),
    ``jellyfish``, ``duo``, ``forced``, ``stop``."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.done: list[str] = []

    def select(self, kind: str | None = None) -> None:
        """Click a hand card that can still join the selection (of ``kind`` if given)."""
        page = self.page
        before = len(selected(page))
        cards = page.locator(".my-hand .card.can-play:not(.selected):not(.dim)"
                             + (f'[data-kind="{kind}"]' if kind else ""))
        cards.first.click()
        expect(page.locator(".my-hand .card.selected")).to_have_count(before + 1)

    def play_turn_step(self) -> bool:
        """Make one decision if the table offers any. Returns whether it clicked."""
        page = self.page
        codes = offered(page)
        if not codes:
            return False
        hand = page.locator(".my-hand .card.can-play")
        if page.locator(".forced-draw").count():
            assert codes == ["draw"], codes
            self.done.append("forced")
            page.click(".forced-draw")
        elif "draw" in codes:
            page.click('#piles [data-code="draw"]')
        elif keeps := sorted(c for c in codes if c.startswith("keep:")):
            page.click(f'[data-code="{keeps[0]}"]')
        elif picks := sorted(c for c in codes if c.startswith("pick:")):
            if "Lobster" in page.locator("#prompt .instruction").text_content():
                assert 1 <= len(picks) <= 5
                expect(page.locator(".pick-cards .card")).to_have_count(len(picks))
                self.done.append("lobster")
            page.click(f'[data-code="{picks[0]}"]')
        elif hand.count():
            if hand.and_(page.locator('[data-kind="starfish"]')).count():
                self.select("starfish")
                self.select()
                self.select()
                options = duo_options(page)
                assert options and all(c.startswith("trio:") for c in options), options
                assert all(code_cards(c) == selected(page) for c in options)
                self.done.append("trio")
            else:
                for kind in ("lobster", "jellyfish", None):
                    if kind is None or hand.and_(
                            page.locator(f'[data-kind="{kind}"]')).count():
                        self.select(kind)
                        self.select()
                        self.done.append("duo" if kind in (None, "lobster") else kind)
                        break
                options = duo_options(page)
                assert options and all(c.startswith("duo:") for c in options), options
            page.locator(".duo-options [data-code]").first.click()
        elif "stop" in codes:
            self.done.append("stop")
            page.click('[data-code="stop"]')
        else:
            page.click('[data-code="end"]')
        return True


class TestAGameWithExtraSalt:
    def test_a_round_by_clicks_with_a_lobster_and_a_trio(self, app: App) -> None:
        # seed 1523: you start; a Crab + Lobster comes on your third turn, a trio later
        app.open("?players=you,medium&seed=1523&speed=instant&extra-salt=1")
        app.wait_for_phase("playing")
        page = app.page
        expect(page.locator("#round-info")).to_contain_text("Extra Salt: 66 cards")
        expect(page.locator('.pile[data-pile="draw"] .pile-count')).to_have_text("64 cards")
        player = ExtraSaltPlayer(page)
        deadline = time.monotonic() + ROUND_TIMEOUT_S
        while (phase := app.phase()) == "playing":
            assert not app.errors, app.errors
            if not player.play_turn_step():
                page.wait_for_timeout(30)
            assert time.monotonic() < deadline, f"the round took too long: {player.done}"
        assert phase == "round-over", (phase, app.errors)
        # the bot's moves shape the rest of the round; your first turns are dealt only
        assert {"lobster", "trio"} & set(player.done), player.done
        expect(page.locator("#round-table tbody tr")).to_have_count(2)
        page.click("#continue")
        app.wait_for_phase("playing")
        expect(page.locator("#round-info")).to_contain_text("Round 2")
        app.assert_clean()


class TestExtraSaltMoments:
    def test_two_cards_offer_duos_and_a_starfish_makes_them_a_trio(
            self, app: App, tmp_path: Path) -> None:
        # seed 20: your hand holds three Fish, a Starfish, a Crab and a Shark
        open_save(app, tmp_path, scripted_save(20, lambda s: public(s).current == 0 and any(
            a.kind.name == "TRIO" for a in GAME.legal_actions(s))))
        page = app.page
        expect(page.locator("#prompt")).to_contain_text("trio (a duo and a Starfish")
        fish = page.locator('.my-hand [data-kind="fish"]')
        fish.nth(0).click()
        fish.nth(1).click()
        # the page redraws after each click: wait for it before reading the options
        expect(page.locator(".my-hand .card.selected")).to_have_count(2)
        expect(page.locator("#prompt")).to_contain_text("Or add a Starfish")
        duos = duo_options(page)
        assert duos and all(c.startswith("duo:") and code_cards(c) == selected(page)
                            for c in duos), duos
        page.locator('.my-hand [data-kind="starfish"]').click()
        expect(page.locator(".my-hand .card.selected")).to_have_count(3)
        expect(page.locator('.duo-options [data-code^="trio:"]').first).to_be_visible()
        trios = duo_options(page)
        assert len(trios) == 1 and trios[0].startswith("trio:"), trios
        assert code_cards(trios[0]) == selected(page)
        page.click(f'[data-code="{trios[0]}"]')
        trio = page.locator(".my-front .duo.trio .card")
        expect(trio).to_have_count(3)
        expect(trio.nth(2)).to_have_attribute("data-kind", "starfish")
        expect(page.locator("#log li").last).to_contain_text("You played a trio")
        app.assert_clean()

    def test_a_forced_turn_offers_only_a_forced_draw(self, app: App, tmp_path: Path) -> None:
        # seed 41: the bot played Swimmer + Jellyfish; your turn is forced
        open_save(app, tmp_path, scripted_save(41, lambda s: (
            public(s).phase == "draw" and public(s).current == 0 and public(s).forced[0])))
        page = app.page
        expect(page.locator("#me .badge.forced")).to_have_text("Jellyfish: forced draw")
        assert offered(page) == ["draw"]
        button = page.locator(".forced-draw")
        expect(button).to_have_text("Forced draw")
        assert page.locator("#piles [data-code]").count() == 0
        size = page.locator(".my-hand [data-card]").count()
        button.click()
        expect(page.locator(".my-hand [data-card]")).to_have_count(size + 1)
        expect(page.locator("#me .badge.forced")).to_have_count(0)
        expect(page.locator("#log")).to_contain_text("You play a forced turn (Jellyfish).")
        app.assert_clean()

    def test_a_bot_under_your_jellyfish_shows_a_badge_and_plays_a_forced_turn(
            self, app: App, tmp_path: Path) -> None:
        # seed 44: you have just played Swimmer + Jellyfish
        open_save(app, tmp_path, scripted_save(44, lambda s: (
            public(s).phase == "play" and public(s).current == 0 and public(s).forced[1])))
        page = app.page
        expect(page.locator('.seat[data-seat="1"] .badge.forced')).to_be_visible()
        expect(page.locator("#me .badge.forced")).to_have_count(0)
        page.click('[data-code="end"]')
        expect(page.locator("#log")).to_contain_text(
            "Medium bot plays a forced turn (Jellyfish).")
        expect(page.locator('.seat[data-seat="1"] .badge.forced')).to_have_count(0)
        app.assert_clean()

    def test_the_others_see_a_bot_looking_at_five_cards(
            self, app: App, tmp_path: Path) -> None:
        # seed 7: the bot has just played Crab + Lobster; slow bots leave time to look
        open_save(app, tmp_path, scripted_save(7, lambda s: (
            public(s).phase == "lobster-pick" and public(s).current == 1), speed="slow"))
        page = app.page
        expect(page.locator("#prompt .looking")).to_have_text(
            "Medium bot is looking at 5 cards from the draw pile (Lobster) and keeps one.")
        assert page.locator("#prompt .card[data-card]").count() == 0  # backs only
        expect(page.locator("#prompt .looking")).to_have_count(0, timeout=15_000)
        app.assert_clean()


class TestBotsOnlyWithExtraSalt:
    def test_the_switch_on_the_form_and_two_bots_to_game_over(self, app: App) -> None:
        app.open()
        app.wait_for_phase("setup")
        page = app.page
        page.select_option('[name="kind-0"]', "easy")
        page.select_option('[name="kind-1"]', "medium")
        page.check("#extra-salt")
        page.fill("#seed", "4")  # both Jellyfish get played
        page.select_option("#speed", "instant")
        page.click("#start")
        start = time.monotonic()
        app.wait_for_game(180)
        expect(page.locator("#round-info")).to_contain_text("Extra Salt: 66 cards")
        rounds = app.play_to_game_over(180 - (time.monotonic() - start))
        assert rounds >= 1
        expect(page.locator("#standings li")).to_have_count(2)
        expect(page.locator("#winner-title")).to_contain_text("win")
        app.assert_clean()
