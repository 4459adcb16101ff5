"""The coach in Chromium: off by default (no Suggest button); switched on in the menu
(and remembered), Suggest thinks, then shows the Hard bot's choice and three moves in
words with their chance to win; a finished round's review shows on the round-over
screen and its marks are saved in the game's record; once in French.

The coach's real budgets run here (a few seconds of thinking in Pyodide).
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

from seasalt import web_api as api
from seasalt.ssp.present.actions import action_label
from tests.e2e.positions import SAVE_KEY, open_at

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

LINK = "?players=you,hard&seed=42&speed=instant"
THINK_MS = 90_000
PERCENT = re.compile(r"^\d{1,3}\s?%$|^%\d{1,3}$")


def my_turn(app: App, lang: str = "") -> None:
    app.open(LINK + (f"&lang={lang}" if lang else ""))
    app.wait_for_phase("playing")
    expect(app.page.locator("#piles [data-code]").first).to_be_visible(timeout=30_000)


def switch_coach(page: Page, on: bool = True) -> None:
    page.click("#table-menu > summary")
    box = page.locator("#coach-switch")
    expect(box).to_be_visible()
    box.set_checked(on)
    page.click("#table-menu > summary")


def ask(page: Page) -> list[tuple[str, str]]:
    """Press Suggest, see it think, and return the choices shown (words, percentage)."""
    button = page.locator("#coach .coach-suggest")
    expect(button).to_be_visible()
    button.click()
    choices = page.locator("#coach .coach-choice")
    expect(choices).to_have_count(3, timeout=THINK_MS)
    expect(page.locator("#coach")).to_have_attribute("data-state", "shown")
    return [(choices.nth(i).locator(".coach-move").inner_text(),
             choices.nth(i).locator(".coach-chance").inner_text()) for i in range(3)]


def legal_words(page: Page) -> dict[str, str]:
    """The words of each action the table offers now, by code (the presenter's)."""
    codes = page.eval_on_selector_all("#playing [data-code]",
                                      "els => els.map(e => e.dataset.code)")
    return {action_label(c): c for c in codes}


class TestSuggest:
    def test_off_by_default(self, app: App) -> None:
        my_turn(app)
        page = app.page
        expect(page.locator("#prompt .prompt-title")).to_be_visible()
        expect(page.locator(".coach-suggest")).to_have_count(0)
        page.click("#table-menu > summary")
        expect(page.locator("#coach-switch")).not_to_be_checked()
        expect(page.locator("label.coach-switch")).to_contain_text("Coach")
        app.assert_clean()

    def test_switched_on_it_suggests_three_moves_with_their_chances(self, app: App) -> None:
        my_turn(app)
        page = app.page
        words = legal_words(page)
        switch_coach(page)
        # the corner is ready, thinks when asked (the page still answers), then shows
        page.locator("#coach .coach-suggest").click()
        expect(page.locator("#coach")).to_have_attribute("data-state", "thinking")
        expect(page.locator("#coach .coach-busy")).to_have_text(
            "The coach is thinking…")
        assert page.evaluate("1 + 1") == 2
        choices = page.locator("#coach .coach-choice")
        expect(choices).to_have_count(3, timeout=THINK_MS)
        shown = [(choices.nth(i).locator(".coach-move").inner_text(),
                  choices.nth(i).locator(".coach-chance").inner_text()) for i in range(3)]
        for label, chance in shown:
            assert label in words, (label, list(words))
            assert PERCENT.match(chance), chance
        values = [int(re.sub(r"\D", "", c)) for _label, c in shown]
        assert values == sorted(values, reverse=True)
        title = page.locator("#coach .coach-title").inner_text()
        assert title.startswith("The coach would play: ")
        assert title.removeprefix("The coach would play: ") in words
        # remembered: after a reload the coach is still on (and the switch shows it)
        page.reload(wait_until="domcontentloaded")
        app.wait_for_phase("setup")
        page.click("[data-action=resume]")
        app.wait_for_phase("playing")
        expect(page.locator("#coach .coach-suggest")).to_be_visible()
        # the suggestion is back at once (kept for this decision); playing the move
        # asked about leaves a note of it in the saved record
        expect(page.locator("#coach .coach-choice")).to_have_count(0)
        page.locator("#coach .coach-suggest").click()
        expect(choices).to_have_count(3, timeout=THINK_MS)
        ply = len(json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
                  ["record"]["actions"])
        page.locator(f'#piles [data-code="{words[shown[0][0]]}"]').click()
        expect(page.locator("#coach .coach-choice")).to_have_count(0)
        saved = json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
        assert {"ply": ply, "seat": 0, "kind": "suggest"} in saved["record"]["notes"]
        app.assert_clean()

    def test_in_french(self, app: App) -> None:
        my_turn(app, "fr")
        page = app.page
        switch_coach(page)
        expect(page.locator("#coach .coach-suggest")).to_have_text("Suggérer")
        shown = ask(page)
        assert all(re.match(r"^\d{1,3}\u00a0%$", c) for _label, c in shown), shown
        assert page.locator("#coach .coach-title").inner_text().startswith(
            "Le coach jouerait")
        assert any(label.startswith(("Piocher", "Prendre")) for label, _c in shown), shown
        # a language switch words the suggestion on screen anew
        page.click("#table-menu > summary")
        page.select_option("#table-lang", "en")
        expect(page.locator("#coach .coach-title")).to_contain_text("The coach would play",
                                                                    timeout=20_000)
        expect(page.locator("#coach .coach-choice")).to_have_count(3)
        app.assert_clean()


class TestReview:
    def test_the_round_is_reviewed_on_the_round_over_screen(self, app: App) -> None:
        app.open()
        app.wait_for_phase("setup")
        app.page.evaluate("localStorage.setItem('seasalt.coach', '1')")
        save = open_at(app, "round-over")
        page = app.page
        box = page.locator("#round-coach")
        expect(box).to_be_visible()
        expect(box.locator("h3")).to_have_text("The coach's review")
        expect(box).to_have_attribute("data-state", "done", timeout=THINK_MS)
        marks = box.locator(".coach-mark")
        saved = json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
        notes = [n for n in saved["record"].get("notes", []) if n["kind"] == "review"]
        assert json.loads(save)["record"].get("notes") is None  # none before the review
        expect(marks).to_have_count(len(notes))
        if notes:
            for i, n in enumerate(notes):
                assert set(n) == {"ply", "seat", "kind", "grade", "chosen", "best", "loss"}
                mark = marks.nth(i)
                expect(mark).to_have_attribute("data-grade", n["grade"])
                expect(mark.locator(".coach-grade")).to_contain_text(
                    {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}[n["grade"]])
                expect(mark).to_contain_text(action_label(n["chosen"]))
                expect(mark).to_contain_text(action_label(n["best"]))
        else:
            expect(box.locator(".coach-clean")).to_have_text("No mistakes found.")
        # the page's marks are the ones the engine finds for that round
        t = api.Table.load(save)
        review = t.review()
        assert review is not None
        review.step(None)
        expected = review.finish()
        assert len(expected["items"]) == len(notes)
        app.assert_clean()

    def test_off_no_review(self, app: App) -> None:
        open_at(app, "round-over")
        expect(app.page.locator("#round-coach")).to_be_hidden()
        app.assert_clean()

    def test_game_over_reviews_the_last_round_and_counts_the_marks(self, app: App) -> None:
        app.open()
        app.wait_for_phase("setup")
        app.page.evaluate("localStorage.setItem('seasalt.coach', '1')")
        open_at(app, "game-over")
        page = app.page
        box = page.locator("#game-coach")
        expect(box).to_have_attribute("data-state", "done", timeout=THINK_MS)
        saved = json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
        notes = saved["record"].get("notes", [])
        rows = page.locator("#stats-table tbody tr")
        for key, grade in (("coach-inaccuracy", "inaccuracy"), ("coach-mistake", "mistake"),
                           ("coach-blunder", "blunder")):
            cells = page.locator(f'#stats-table tr[data-key="{key}"] td')
            expect(cells).to_have_count(2)
            count = sum(1 for n in notes if n.get("grade") == grade and n["seat"] == 0)
            expect(cells.nth(0)).to_have_text(str(count))
            expect(cells.nth(1)).to_have_text("–")  # a bot's seat
        expect(page.locator('#stats-table tr[data-key="coach-suggest"] td').nth(0)
               ).to_have_text("0")
        assert rows.count() >= 8
        app.assert_clean()
