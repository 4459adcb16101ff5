"""The coach in Chromium: off by default (no Suggest button); switched on in the menu
(and remembered), Suggest thinks, then shows the Hard bot's choice and three moves in
words with their chance to win; a finished round's review shows on the round-over
screen and its marks are saved in the game's record; once in French. In a hot-seat
game the round-over screen only counts each person's marks, and each person's review
shows behind their own hand-off: nothing one person saw alone reaches the page while
another person's screen (or the shared one) is shown.

The coach's real budgets run here (a few seconds of thinking in Pyodide).
"""

from __future__ import annotations

import functools
import json
import random
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Page, expect

from seasalt.ssp.cards import CARDS
from seasalt.ssp.present.actions import action_label
from seasalt.ssp.present.cards import card_name
from seasalt.web import coach as web_coach
from seasalt.web.settings import Settings
from seasalt.web.table import Table
from tests.e2e.conftest import sized_page
from tests.e2e.positions import SAVE_KEY, UI_KEY, open_at, saved_game

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
        ply = len(json.loads(saved_game(page))
                  ["record"]["actions"])
        page.locator(f'#piles [data-code="{words[shown[0][0]]}"]').click()
        expect(page.locator("#coach .coach-choice")).to_have_count(0)
        saved = json.loads(saved_game(page))
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
        # while it reviews the heading is the coach's alone; once done, it names the round
        expect(box.locator("h3")).to_have_text(
            re.compile(r"^The coach's review( of round \d+)?$"))
        expect(box).to_have_attribute("data-state", "done", timeout=THINK_MS)
        expect(box.locator("h3")).to_have_text(re.compile(r"^The coach's review of round \d+$"))
        marks = box.locator(".coach-mark")
        saved = json.loads(saved_game(page))
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
        t = Table.load(save)
        review = web_coach.review(t)
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
        saved = json.loads(saved_game(page))
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
        # the result comes first: standings, chart and rounds, the last round, then
        # the review (a phone showed six marks before the chart)
        tops = page.evaluate("""ids => ids.map(i => document.getElementById(i)
            .getBoundingClientRect().top)""", ["standings", "game-figures", "final-round",
                                               "game-coach"])
        assert tops == sorted(tops), tops
        app.assert_clean()


# ---- hot seat ---------------------------------------------------------------------------

HOT_SEAT_SEED = 8
"""A two-person game whose first round ends on an empty draw pile (no hand is shown)
after which the coach marks decisions of both people."""
NAMES = ("Ann", "Bob")


def play_round(seed: int) -> Table:
    """Ann and Bob (hot seat) play round 1 by random moves, rarely ending it by a call."""
    t = Table.new(Settings(seats=["human", "human"], names=list(NAMES), seed=seed,
                                   speed="instant"))
    rng = random.Random(seed)
    while t.round == 1 and not t.over:
        codes = [a["code"] for a in t.view(t.current)["legal"]]
        calls = [c for c in codes if c in ("stop", "last-chance")]
        rest = [c for c in codes if c not in calls]
        code = (rng.choice(calls) if calls and (not rest or rng.random() < 0.03)
                else rng.choice(rest))
        t.submit(t.current, t.ply, code)
    return t


def public_names(t: Table, seat: int) -> set[str]:
    """The cards ``seat`` (or a spectator) may know now, by the presenter's names: its
    hand and what it knows of the others', the piles, the cards in front, the round's
    revealed hands and every card its log names."""
    words: list[str] = []
    for who in (None, seat):
        v = t.view(who)
        words += [line["text"] for line in v["log_lines"]]
        ids: list[int] = list(v["hand"] or ())
        for pile in v["piles"]:
            ids += [pile["top"], *(pile.get("candidates") or ())]
        for cards in (*v["fronts"], *v["known"]):
            ids += list(cards)
        for p in (v["last_round"] or {}).get("players", ()):
            ids += list(p.get("hand") or ()) + list(p.get("front") or ())
        words += [card_name(i) for i in ids if isinstance(i, int)]
    text = "\n".join(words)
    return {card_name(c.id) for c in CARDS if card_name(c.id) in text}


def secrets(t: Table, review: Any, seat: int) -> set[str]:
    """What only ``seat`` may read now: the words of its own review that name a card
    the other person cannot know, or its card points then."""
    names = {card_name(c.id) for c in CARDS} - public_names(t, 1 - seat)
    out: set[str] = set()
    for item in review.words(seat)["items"]:
        out |= {w for w in (item["played"], item["better"]) if any(n in w for n in names)}
        if item["when"]:
            out.add(item["when"])
    return out


@functools.cache
def hot_seat_round_over() -> tuple[str, dict[int, set[str]]]:
    """The save of round 1's end (before any review) and, per person, the words of
    their review (as the page's coach finds it) that the other must never see."""
    t = play_round(HOT_SEAT_SEED)
    save = t.save()
    t = Table.load(save)
    review = web_coach.review(t)
    assert review is not None
    review.step(None)
    review.finish()
    private = {s: secrets(t, review, s) for s in (0, 1)}
    assert t.view(None)["last_round"]["end"] == "empty-draw-pile"
    assert all(any("card point" in w for w in private[s]) for s in (0, 1)), private
    return save, private


def hidden_cards(t: Table, seat: int) -> set[int]:
    """The cards in ``seat``'s hand now that the other person does not know."""
    other = t.view(1 - seat)
    return set(t.view(seat)["hand"]) - set(other["known"][seat])


def drawn(page: Page, cards: set[int]) -> list[int]:
    """Which of ``cards`` the page draws anywhere (a card element, face up)."""
    shown = page.eval_on_selector_all("[data-card]", "els => els.map(e => +e.dataset.card)")
    return sorted(cards & set(shown))


def page_text(page: Page) -> str:
    """Everything the page holds: its HTML (attributes, hidden parts) and its text."""
    return str(page.evaluate("document.documentElement.outerHTML + document.body.innerText"))


def leaks(page: Page, words: set[str]) -> list[str]:
    text = page_text(page)
    return sorted(w for w in words if w in text)


class TestHotSeat:
    def test_each_persons_review_shows_behind_their_own_hand_off(self, app: App) -> None:
        save, private = hot_seat_round_over()
        page = app.page
        app.open()
        app.wait_for_phase("setup")
        t = Table.load(save)
        page.evaluate("([k, s, u, v]) => { localStorage.setItem(k, s); "
                      "localStorage.setItem(u, v); localStorage.setItem('seasalt.coach', '1'); }",
                      [SAVE_KEY, save, UI_KEY, json.dumps({"ack_round": 1, "ply": t.ply})])
        page.reload(wait_until="domcontentloaded")
        app.wait_for_phase("setup")
        page.click("[data-action=resume]")
        app.wait_for_phase("round-over")
        # the shared screen: each person's count of marks, no move, no card, no points
        box = page.locator("#round-coach")
        expect(box).to_have_attribute("data-state", "done", timeout=THINK_MS)
        assert leaks(page, private[0] | private[1]) == []
        counts = box.locator(".coach-count")
        expect(counts).to_have_count(2)
        for seat, name in enumerate(NAMES):
            expect(counts.nth(seat)).to_contain_text(f"{name}: ")
        expect(box.locator(".coach-mark")).to_have_count(0)
        assert "record" in json.loads(saved_game(page) or "")  # sealed: a hot-seat game
        notes = Table.load(saved_game(page)).record.notes
        marked = {n["seat"] for n in notes if n["kind"] == "review"}
        assert marked == {0, 1}  # both people's marks are in the record
        page.click("#continue")
        handoff = page.locator("#handoff")
        for turn in range(2):  # each person's first turn of round 2
            expect(handoff).to_be_visible()
            # behind the hand-off, nothing of either person
            t = Table.load(saved_game(page))
            seat = t.current
            assert leaks(page, private[0] | private[1]) == [], turn
            page.click("#handoff-ready")
            expect(handoff).to_be_hidden()
            own = page.locator("#coach .coach-past")
            expect(own).to_be_visible()
            expect(own).to_have_attribute("open", "")
            expect(own.locator("summary")).to_contain_text("round 1")
            expect(own.locator(".coach-mark")).to_have_count(
                sum(1 for n in notes if n["kind"] == "review" and n["seat"] == seat))
            # this person's own words are there; the other's never
            text = page_text(page)
            assert any(w in text for w in private[seat] if "card point" in w), turn
            assert leaks(page, private[1 - seat] - private[seat]) == [], turn
            # the cards in the other's hand now (none in a new round's first turn, one
            # after the other kept a card) are drawn nowhere
            assert drawn(page, hidden_cards(t, 1 - seat)) == [], turn
            control = page.locator('#playing [data-code="draw"]:visible').first
            control.click()
            keep = page.locator("#playing [data-code^='keep:']:visible").first
            expect(keep).to_be_visible()
            keep.click()
            page.locator('#playing [data-code="end"]:visible').first.click()
        expect(handoff).to_be_visible()
        t = Table.load(saved_game(page))
        hands = hidden_cards(t, 0) | hidden_cards(t, 1)
        assert len(hands) == 2  # each kept a card the other did not see
        assert drawn(page, hands) == []
        assert leaks(page, private[0] | private[1]) == []
        app.assert_clean()


def test_on_a_phone_the_suggestion_wraps_uncut(browser: Any, site_url: str) -> None:
    """Issue 39, item 6: on a phone the headline ("Le coach jouerait : Piocher deux
    cartes de la pioche") and each choice wrap; none is cut."""
    phone = next(gen := sized_page(browser, site_url, 390, 844))
    try:
        my_turn(phone, "fr")
        page = phone.page
        switch_coach(page)
        ask(page)
        cut = page.eval_on_selector_all(
            "#coach .coach-title, #coach .coach-move",
            """els => els.filter(e => e.scrollWidth > e.clientWidth + 1
                                 || e.scrollHeight > e.clientHeight + 1)
                         .map(e => e.textContent)""")
        assert cut == []
        title = page.locator("#coach .coach-title")
        box = title.bounding_box()
        assert box is not None and box["x"] + box["width"] <= 390
        phone.assert_clean()
    finally:
        gen.close()


def test_on_a_phone_game_over_shows_the_result_before_the_review(
        browser: Any, site_url: str) -> None:
    """Issue 39: a phone's game over began with the coach's long review above the chart
    and the rounds; the standings, the chart, the rounds and the last round come first,
    then the review."""
    phone = next(gen := sized_page(browser, site_url, 390, 844))
    try:
        phone.open()
        phone.wait_for_phase("setup")
        phone.page.evaluate("""() => { localStorage.setItem('seasalt.coach', '1');
                                      localStorage.setItem('seasalt.lang', 'fr'); }""")
        open_at(phone, "game-over")
        page = phone.page
        expect(page.locator("#game-coach")).to_have_attribute("data-state", "done",
                                                              timeout=THINK_MS)
        tops = page.evaluate("""ids => ids.map(i => document.getElementById(i)
            .getBoundingClientRect().top)""", ["standings", "game-figures",
                                               "rounds-table", "game-coach"])
        assert tops == sorted(tops), tops
        screens = Path(__file__).parent / "screens"
        screens.mkdir(exist_ok=True)
        page.screenshot(path=str(screens / "coach-game-over-390-fr.png"), full_page=True)
        phone.assert_clean()
    finally:
        gen.close()
