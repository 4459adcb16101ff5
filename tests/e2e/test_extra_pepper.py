"""The Extra Pepper events in Chromium: the switch, the table event and the hand-out
with bots playing a whole game, and a person's Angelfish and Water Rodeo choices by
clicks (moments set up by a saved game the engine plays by a short script, as in
``test_extra_salt.py``)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from playwright.sync_api import expect

from seasalt.core.record import GameRecord
from seasalt.ssp.game import GAME

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

PEPPER = {"double_target": False, "extra_salt": False, "extra_pepper": True}
SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"


def scripted_save(seed: int, until: Callable[[Any], bool], stop_first: bool = False) -> str:
    """A saved 2-player Extra Pepper game (you and a medium bot), played by a script
    until ``until(public view)``: it takes every Extra Pepper choice and every duo
    that names a seat first, else draws, keeps, picks and ends the turn (with
    ``stop_first``, seat 0 calls STOP whenever it may, to lead the scores)."""
    state = GAME.new_game(2, seed, PEPPER)
    actions: list[str] = []
    while not until(GAME.view(state, None)):
        assert GAME.outcome(state) is None and len(actions) < 600, f"seed {seed}: no such moment"
        legal = [str(a) for a in GAME.legal_actions(state)]
        pepper = [c for c in legal if c.startswith(("keep-event", "angelfish", "swap"))
                  or (c.startswith("duo:") and "seat=" in c)]
        simple = [c for c in legal if c.startswith(("draw", "keep", "pick", "end"))]
        stop = ["stop"] if stop_first and "stop" in legal and GAME.current_player(
            state) == 0 else []
        code = (stop or pepper or simple or legal)[0]
        state = GAME.apply(state, GAME.parse_action(code))
        actions.append(code)
    record = GameRecord(GAME.info.name, seed, 2, ["You", "Medium bot"], dict(PEPPER), actions)
    return json.dumps({"format": "seasalt-save", "version": 1, "kinds": ["human", "medium"],
                       "speed": "instant", "record": record.to_dict()})


def open_save(app: App, tmp_path: Path, save: str) -> None:
    """Open the page and load ``save`` through the setup screen's file button."""
    path = tmp_path / "game.json"
    path.write_text(save, encoding="utf-8")
    app.open()
    app.wait_for_phase("setup")
    app.page.set_input_files("#import-file", path)
    app.wait_for_phase("playing")


def mine(phase: str) -> Callable[[Any], bool]:
    return lambda v: v.current == 0 and v.phase == phase


def shot(app: App, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    app.page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


class TestExtraPepperByClicks:
    def test_the_angelfish_takes_a_discard_top(self, app: App, tmp_path: Path) -> None:
        open_save(app, tmp_path, scripted_save(1, mine("angelfish")))  # seed 1: 15 moves
        page = app.page
        expect(page.locator("#table-event .event-title")).to_have_text("Angelfish")
        expect(page.locator("#table-event .event-text")).to_contain_text("discard")
        buttons = page.locator(".angelfish [data-code]")
        codes = [buttons.nth(i).get_attribute("data-code") for i in range(buttons.count())]
        assert "pass" in codes and any(c.startswith("angelfish:") for c in codes), codes
        shot(app, "pepper-angelfish")
        size = page.locator(".my-hand [data-card]").count()
        page.locator('.angelfish [data-code^="angelfish:"]').first.click()
        expect(page.locator(".my-hand [data-card]")).to_have_count(size + 1)
        expect(page.locator(".angelfish")).to_have_count(0)
        expect(page.locator("#log")).to_contain_text("Angelfish")
        app.assert_clean()

    def test_the_water_rodeo_swap(self, app: App, tmp_path: Path) -> None:
        open_save(app, tmp_path, scripted_save(7, mine("swap")))  # seed 7: 86 moves
        page = app.page
        expect(page.locator("#table-event .event-title")).to_have_text("Water Rodeo")
        theirs = page.locator(".swap-their-hand [data-card]")
        assert theirs.count() >= 1
        assert page.locator(".swap-their-hand [data-code]").count() == 0  # pick yours first
        expect(page.locator('#prompt [data-code="pass"]')).to_be_visible()
        page.locator(".my-hand .card.can-play").first.click()
        target = page.locator(".swap-their-hand [data-code]").first
        expect(target).to_be_visible()
        shot(app, "pepper-swap")
        code = target.get_attribute("data-code") or ""
        mine_card, their_card = (int(x) for x in code.split(":")[1:])
        target.click()
        expect(page.locator(".swap-their-hand")).to_have_count(0)
        expect(page.locator(f'.my-hand [data-card="{their_card}"]')).to_have_count(1)
        expect(page.locator(f'.my-hand [data-card="{mine_card}"]')).to_have_count(0)
        app.assert_clean()


    def test_keeping_one_of_two_events(self, app: App, tmp_path: Path) -> None:
        # seed 0, STOP first: you receive a second event after 308 moves
        open_save(app, tmp_path, scripted_save(0, mine("keep-event"), stop_first=True))
        page = app.page
        choices = page.locator(".event-choice [data-code]")
        expect(choices).to_have_count(2)
        shot(app, "pepper-keep-event")
        code = choices.first.get_attribute("data-code") or ""
        slug = code.partition(":")[2]
        choices.first.click()
        app.wait_for_phase("round-over")
        expect(page.locator("#round-handout")).to_contain_text("You kept the event")
        page.click("#continue")
        app.wait_for_phase("playing")
        expect(page.locator(f'#me .badge.event[data-event="{slug}"]')).to_have_count(1)
        expect(page.locator("#me .badge.event")).to_have_count(1)
        app.assert_clean()


class TestBotsOnlyWithExtraPepper:
    def test_the_switch_on_the_form_and_two_bots_to_game_over(self, app: App) -> None:
        app.open()
        app.wait_for_phase("setup")
        page = app.page
        page.select_option('[name="kind-0"]', "easy")
        page.select_option('[name="kind-1"]', "medium")
        page.check("#extra-pepper")
        page.fill("#seed", "3")
        # fast, not instant: a table with no person goes past round ends by itself, at
        # instant speed at once; at fast speed its round ends stay a moment (the handout)
        page.select_option("#speed", "fast")
        page.click("#start")
        start = time.monotonic()
        app.wait_for_game(240)
        expect(page.locator("#round-info")).to_contain_text("Extra Pepper")
        expect(page.locator("#table-event .event-title")).not_to_be_empty()
        handouts = 0

        def look_at_the_handout() -> None:
            nonlocal handouts
            if page.locator("#round-handout").is_visible():
                handouts += 1
                if handouts == 1:
                    expect(page.locator("#round-handout")).to_contain_text("Next round's event")
                    shot(app, "pepper-round-over")

        app.play_to_game_over(240 - (time.monotonic() - start), look_at_the_handout)
        assert handouts >= 1
        expect(page.locator("#winner-title")).to_contain_text("win")
        app.assert_clean()

    def test_a_link_switches_it_on_and_shows_held_events(self, app: App) -> None:
        app.open("?players=easy,medium&seed=3&speed=fast&extra-pepper=1")  # rounds last seconds
        page = app.page
        deadline = time.monotonic() + 240
        badges = page.locator("#playing .badge.event")
        while not (app.phase() == "playing" and badges.count() and badges.first.is_visible()):
            assert time.monotonic() < deadline and app.phase() != "game-over", app.errors
            if app.phase() == "round-over":
                page.click("#continue")
            page.wait_for_timeout(30)
        badge = badges.first
        assert (badge.get_attribute("title") or "").count(":") >= 1
        assert badge.get_attribute("data-event") in (badge.get_attribute("title") or "").lower(
        ).replace(" ", "-")
        shot(app, "pepper-held-badge")
        app.assert_clean()


class TestCardPoints:
    def test_the_page_counts_the_kraken_as_the_engine_does(self, app: App,
                                                            tmp_path: Path) -> None:
        """Issue 10: with Kraken on the table the page said 0 card points where the
        engine counts 1 (seed 1, after 173 scripted moves: seat 0's play step)."""
        from seasalt.ssp.scoring import card_points

        save = scripted_save(1, lambda v: v.ply == 173)
        record = GameRecord.from_dict(json.loads(save)["record"])
        mine = GAME.view(record.replay(), 0)
        assert mine.current == 0 and mine.phase == "play" and mine.table_event == "kraken"
        assert (mine.points, card_points(list(mine.hand), list(mine.fronts[0]))) == (1, 0)
        open_save(app, tmp_path, save)
        page = app.page
        expect(page.locator("#table-event .event-title")).to_have_text("Kraken")
        expect(page.locator("#me .points-total b")).to_have_text("1")
        if mine.calls:
            expect(page.locator("#prompt")).to_contain_text("You have 1 card point")
        app.assert_clean()
