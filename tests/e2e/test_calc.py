"""The score calculator in the browser (issue 16): ``?calc`` and the setup screen's
button open it without a game; a phone picks cards by touch (44 px targets, 12 px
text, no sideways scroll); the deck's limits refuse a 5th Mermaid and a 2nd Captain in
words; undo and clear; a reload keeps the table and a corrupt one is replaced with a
sentence; a three-round table with LAST CHANCE won and lost ends on the target; the
page's figures, entered through its own controls, equal ``seasalt score``'s for a
sample of random legal tables; French words; four players' totals fit a phone.
Screenshots in ``tests/e2e/screens/``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from seasalt.calc import Calculator
from tests.calc_tables import Table, cli_figures, random_table
from tests.e2e.conftest import App, sized_page
from tools.census.measure import LAYOUT_JS

SCREENS = Path(__file__).parent / "screens"
CALC_KEY = "seasalt.calc"
DAMAGED_KEY = "seasalt.calc.damaged"
MEASURE = LAYOUT_JS
#: Random tables entered tap by tap (the page's scoring call checks 300 in CPython).
SAMPLE = 4


def open_calc(app: App, query: str = "?calc") -> Page:
    app.open(query)
    app.wait_for_phase("calc")
    return app.page


def tab(page: Page, screen: str) -> None:
    page.click(f'#calc [data-calc-screen="{screen}"]')
    expect(page.locator(f'#calc [data-calc-screen="{screen}"]')).to_have_attribute(
        "aria-current", "true")


def add(page: Page, player: int, card: str, zone: str = "hand", *, tap: bool = False,
        spent: bool = False) -> None:
    """Tap a card of the picker (``spent``: one with no copy left, ``aria-disabled``,
    which a person may still tap: Playwright is told to)."""
    node = page.locator(f'#calc [data-calc="add:{player}:{zone}:{card}"]')
    node.tap(force=spent) if tap else node.click(force=spent)


def hand(page: Page) -> list[str]:
    """The cards shown in the player's hand, by their accessible names."""
    return page.eval_on_selector_all(".calc-hand .calc-mine-card [role=img]",
                                     "els => els.map(e => e.getAttribute('aria-label'))")


def choose(page: Page, code: str, value: str) -> None:
    page.select_option(f'#calc select[data-calc="{code}"]', value)


@pytest.fixture()
def phone(browser: Browser, site_url: str) -> Iterator[App]:
    """A phone (390 × 844, touch)."""
    yield from sized_page(browser, site_url, 390, 844, touch=True)


class TestOpening:
    def test_the_link_opens_it_without_a_game(self, app: App) -> None:
        page = open_calc(app)
        expect(page.locator("#calc-title")).to_be_focused()
        expect(page.locator("#calc-tabs [data-calc-screen]")).to_have_count(4)
        assert page.evaluate(f"localStorage.getItem('{CALC_KEY}')") is None  # nothing yet
        assert page.evaluate("localStorage.getItem('seasalt.save')") is None  # no game
        app.assert_clean()

    def test_the_setup_screen_opens_and_closes_it(self, app: App) -> None:
        app.open()
        app.wait_for_phase("setup")
        page = app.page
        page.click("#calc-open")
        app.wait_for_phase("calc")
        assert page.evaluate("location.search") == "?calc"
        page.click('#calc [data-action="calc-close"]')
        app.wait_for_phase("setup")
        assert page.evaluate("location.search") == ""
        app.assert_clean()


class TestPhone:
    def test_picking_cards_by_touch(self, phone: App) -> None:
        page = open_calc(phone)
        assert page.evaluate("matchMedia('(pointer: coarse)').matches")
        page.locator('#calc [data-calc="players:3"]').tap()
        page.locator('#calc [data-calc-screen="seat:0"]').tap()
        for card in ("mermaid:white", "crab:dark-blue", "crab:light-blue", "shell:black"):
            add(page, 0, card, tap=True)
        assert hand(page) == ["Mermaid, white", "Crab, dark blue",
                              "Crab, light blue", "Shell, black"]
        page.locator('#calc [data-calc-zone="front"]').tap()
        add(page, 0, "boat:black", "front", tap=True)
        add(page, 0, "boat:yellow", "front", tap=True)
        expect(page.locator(".calc-mine .duo .calc-mine-card")).to_have_count(2)
        # the Mermaid counts black (2), the Crab pair in hand 1, the Boat duo 1; black 2
        expect(page.locator("#calc-summary")).to_have_text("4 card points · colour bonus 2")
        expect(page.locator('[data-calc-screen="seat:0"] .calc-tab-sub')).to_have_text("4 pts")
        expect(page.locator('#calc [data-calc="add:1:hand:crab:dark-blue"]')).to_have_count(0)
        picked = page.locator('#calc [data-calc="add:0:front:crab:dark-blue"]')
        expect(picked).to_have_attribute("aria-description", "1 left")
        expect(picked).to_have_accessible_name("Crab, dark blue")
        SCREENS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENS / "calc-390x844-seat.png"))
        result = page.evaluate(MEASURE, [True, False, 44, 12, 0.5])
        assert result["problems"] == []
        page.locator('#calc [data-calc-screen="scores"]').tap()
        page.locator('#calc [data-calc="end:stop"]').tap()
        choose(page, "caller", "0")
        expect(page.locator(".calc-headline")).to_have_text("Player 1 called STOP")
        page.screenshot(path=str(SCREENS / "calc-390x844-scores.png"), full_page=True)
        result = page.evaluate(MEASURE, [True, False, 44, 12, 0.5])
        assert result["problems"] == []
        phone.assert_clean()

    def test_four_players_totals_fit_the_width(self, phone: App) -> None:
        """Three rounds of four players, a long name among them: the totals line and the
        round-by-round table fit 390 px (no sideways scroll, not even the table's)."""
        calc = Calculator(4, ["Ann", "Bob", "Chloé-Marguerite", "Deniz"])
        rng = random.Random(3)
        for number in range(3):
            for p in range(4):  # a few cards each, all different
                calc.add(p, "hand", "octopus", ["yellow", "green", "grey", "purple"][p])
                calc.add(p, "hand", "shell", ["black", "grey", "yellow", "green"][p])
            calc.set_end(rng.choice(["stop", "last-chance"]))
            calc.set_caller(number)
            calc.score_round()
        page = open_calc(phone)
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [CALC_KEY, calc.dumps()])
        page.reload()
        phone.wait_for_phase("calc")
        page.locator('#calc [data-calc-screen="scores"]').tap()
        expect(page.locator("#calc-totals")).to_contain_text("Chloé-Marguerite")
        expect(page.locator("#rounds-table tbody tr")).to_have_count(3)
        wide = page.evaluate("""[...document.querySelectorAll('#calc .table-scroll')]
            .map((e) => e.scrollWidth - e.clientWidth)""")
        assert wide == [0]
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        phone.assert_clean()


class TestRefusals:
    def test_the_5th_mermaid_and_the_2nd_captain(self, app: App) -> None:
        page = open_calc(app)
        tab(page, "seat:0")
        for _ in range(3):
            add(page, 0, "mermaid:white")
        add(page, 0, "captain:light-orange")
        tab(page, "seat:1")
        add(page, 1, "mermaid:white")
        last = page.locator('#calc [data-calc="add:1:hand:mermaid:white"]')
        expect(last).to_have_attribute("aria-disabled", "true")
        last.click(force=True)  # aria-disabled: a person may still tap it
        notice = page.locator("#calc-notice")
        expect(notice).to_be_visible()
        expect(notice).to_have_text("No Mermaid (white) left: the deck holds 4, all already "
                                    "entered (Player 1 ×3, Player 2).")
        add(page, 1, "captain:light-orange", spent=True)
        expect(notice).to_have_text("No Captain (light orange) left: the deck holds 1, "
                                    "already entered (Player 1).")
        assert hand(page) == ["Mermaid, white"]  # nothing more was entered
        page.click('#calc [data-calc-zone="front"]')
        expect(page.locator('#calc [data-calc="add:1:front:shell:black"]')).to_have_count(0)
        add(page, 1, "crab:black", "front")
        add(page, 1, "boat:black", "front")
        expect(notice).to_have_text("Crab and Boat make no duo: a duo in front is two cards "
                                    "played together.")
        add(page, 1, "crab:grey", "front")
        expect(notice).to_be_hidden()  # done: the refusal goes
        app.assert_clean()


class TestUndoClearReload:
    def test_undo_clear_and_reload(self, app: App) -> None:
        page = open_calc(app)
        tab(page, "seat:1")
        for card in ("octopus:yellow", "octopus:green", "shell:grey"):
            add(page, 1, card)
        page.click('#calc [data-calc="undo:1"]')
        assert hand(page) == ["Octopus, yellow", "Octopus, green"]
        page.keyboard.press("u")  # the Undo button's key
        assert hand(page) == ["Octopus, yellow"]
        page.click('#calc .calc-hand .calc-mine-card:has([aria-label="Octopus, yellow"])')
        assert hand(page) == []
        expect(page.locator('#calc [data-calc="undo:1"]')).to_be_disabled()
        add(page, 1, "sailor:pink")
        add(page, 1, "sailor:orange")
        page.reload()
        app.wait_for_phase("calc")
        tab(page, "seat:1")
        assert hand(page) == ["Sailor, pink", "Sailor, orange"]
        expect(page.locator("#calc-summary")).to_have_text("5 card points · colour bonus 1")
        page.click('#calc [data-calc="clear:1"]')
        assert hand(page) == []
        app.assert_clean()

    def test_a_corrupt_table_is_replaced_with_a_sentence(self, app: App) -> None:
        open_calc(app)
        page = app.page
        page.evaluate(f"localStorage.setItem('{CALC_KEY}', '{{\"format\": 1')")
        page.reload()
        app.wait_for_phase("calc")
        expect(page.locator("#calc-notice")).to_contain_text(
            "The saved score table could not be read")
        tab(page, "seat:0")
        add(page, 0, "crab:black")
        assert json.loads(page.evaluate(f"localStorage.getItem('{CALC_KEY}')"))["format"] == (
            "seasalt-calculator")
        app.assert_clean()


    @pytest.mark.parametrize("damaged", ["[" * 20_000 + "]" * 20_000, "9" * 5_000],
                             ids=["bracket-nest", "digits"])
    def test_a_hostile_table_is_kept_to_export_and_python_goes_on(self, app: App,
                                                                   damaged: str) -> None:
        """Issue 41, item 3: a 20 KB bracket nest or a 5,000-digit number in the
        calculator's key: a sentence, the text kept (and exported as it was), a new
        table saved, and the page's Python plays a game's first move after."""
        open_calc(app)
        page = app.page
        page.evaluate("([key, text]) => localStorage.setItem(key, text)", [CALC_KEY, damaged])
        page.reload()
        app.wait_for_phase("calc")
        expect(page.locator("#calc-notice")).to_have_text(
            "The saved score table could not be read, so a new one was started. The damaged "
            "table is kept in this browser: you can export it.")
        assert page.evaluate(f"localStorage.getItem('{DAMAGED_KEY}')") == damaged
        assert json.loads(page.evaluate(f"localStorage.getItem('{CALC_KEY}')"))["format"] == (
            "seasalt-calculator")
        tab(page, "seat:0")
        add(page, 0, "crab:black")
        expect(page.locator("#calc-damaged")).to_contain_text("could not be read is kept")
        with page.expect_download() as info:
            page.click("#calc-damaged button")
        assert info.value.path().read_text(encoding="utf-8") == damaged
        assert info.value.suggested_filename.startswith("seasalt-unreadable-")
        expect(page.locator("#calc-damaged")).to_be_hidden()
        assert page.evaluate(f"localStorage.getItem('{DAMAGED_KEY}')") is None
        page.click('#calc [data-action="calc-close"]')
        app.wait_for_phase("setup")
        page.fill("#seed", "3")
        page.select_option("#speed", "instant")
        page.click("#start")
        app.wait_for_phase("playing")
        page.click('[data-code="draw"]')
        page.locator("[data-code^='keep:']").first.click()
        expect(page.locator('[data-code="end"]')).to_be_visible()
        app.assert_clean()


class TestThreeRounds:
    ROUNDS = [  # Ann's cards, Bob's, the end (Ann calls every time)
        (["captain:light-orange", "sailor:pink", "sailor:orange", "octopus:grey"],
         ["shell:black", "shell:grey"], "last-chance"),  # won: Ann 12, Bob his bonus 1
        (["crab:black", "crab:grey"],
         ["octopus:yellow", "octopus:green", "octopus:grey", "octopus:purple"],
         "last-chance"),  # lost: Ann her bonus 1, Bob 9
        (["captain:light-orange", "sailor:pink", "sailor:orange", "penguin:pink",
          "penguin:purple", "penguin:light-orange", "penguin-colony:green",
          "octopus:yellow", "octopus:green", "octopus:grey", "octopus:purple"],
         ["shell:black"], "stop"),  # 31: Ann 44, past the target of 40
    ]

    def test_last_chance_won_and_lost_then_the_target(self, app: App) -> None:
        page = open_calc(app)
        page.fill('#calc input[data-calc="name:0"]', "Ann")
        page.fill('#calc input[data-calc="name:1"]', "Bob")
        page.press('#calc input[data-calc="name:1"]', "Tab")
        expect(page.locator('[data-calc-screen="seat:1"] .calc-tab-name')).to_have_text("Bob")
        for number, (ann, bob, end) in enumerate(self.ROUNDS, start=1):
            tab(page, "seat:0")
            for card in ann:
                add(page, 0, card)
            tab(page, "seat:1")
            for card in bob:
                add(page, 1, card)
            tab(page, "scores")
            page.click(f'#calc [data-calc="end:{end}"]')
            choose(page, "caller", "0")
            button = page.locator('#calc [data-calc="score"]')
            expect(button).to_have_text(f"Score round {number}")
            if number == 1:
                expect(page.locator(".calc-bet")).to_have_text(
                    "Ann bet with 11 card points; the best opponent had 2 (Bob): the bet is "
                    "won.")
            if number == 2:
                expect(page.locator(".calc-headline")).to_have_text(
                    "Ann called LAST CHANCE and lost the bet")
            button.click()
            if number < 3:  # the running totals, above the tabs
                expect(page.locator("#calc-totals")).to_have_text(
                    ["Totals: Ann 12 · Bob 1", "Totals: Ann 13 · Bob 10"][number - 1])
        expect(page.locator("#calc-winner")).to_have_text("Ann wins!")
        expect(page.locator("#calc-totals")).to_be_hidden()  # the standings say it
        expect(page.locator("#calc-round")).to_have_text("Game over · target 40 points")
        cells = page.eval_on_selector_all(
            "#rounds-table tbody tr", "rows => rows.map(r => [...r.querySelectorAll('td')]"
            ".map(td => td.querySelector('.cell-line').textContent))")
        assert cells == [["+12 → 12", "+1 → 1"], ["+1 → 13", "+9 → 10"],
                         ["+31 → 44", "+0 → 10"]]
        SCREENS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENS / "calc-1280-game-over.png"), full_page=True)
        page.click('#calc-outcome [data-calc="reopen"]')  # take the last round back
        expect(page.locator("#calc-outcome")).to_be_hidden()
        expect(page.locator("#calc-round")).to_have_text("Round 3 · target 40 points")
        app.assert_clean()


def enter_table(page: Page, table: Table) -> None:
    """Enter ``table`` through the page's own controls."""
    tab(page, "table")
    page.click(f'#calc [data-calc="players:{table.players}"]')
    for name, on in (("extra_salt", table.extra_salt), ("extra_pepper", table.extra_pepper)):
        box = page.locator(f'#calc input[data-calc="option:{name}"]')
        if box.is_checked() != on:
            box.click()
    if table.extra_pepper:
        tab(page, "scores")
        choose(page, "event", table.event or "")
    zone = "hand"
    for p, taps in enumerate(table.entries):
        tab(page, f"seat:{p}")
        if table.held[p]:
            choose(page, f"held:{p}", table.held[p] or "")
        for z, kind, colour in taps:
            if z != zone:
                page.click(f'#calc [data-calc-zone="{z}"]')
                zone = z
            add(page, p, f"{kind}:{colour}", z)
        expect(page.locator("#calc-notice")).to_be_hidden()


def shown_figures(page: Page) -> dict[str, Any]:
    """The player's figures as the page shows them (the block under the picker)."""
    def points(selector: str) -> int:
        node = page.locator(f"#calc .calc-block {selector}")
        return int(node.first.text_content() or 0) if node.count() else 0

    return {"card_points": points(".line.card-points .pts"),
            "colour_bonus": points(".colour-bonus .pts"),
            "breakdown": {k: points(f".part-{k} .part-head .pts")
                          for k in ("duos", "mermaids", "collectors", "multipliers")}}


def test_random_tables_through_the_controls_equal_the_command_line(app: App) -> None:
    page = open_calc(app)
    rng = random.Random(2016)
    for _ in range(SAMPLE):
        table = random_table(rng)
        page.evaluate(f"localStorage.removeItem('{CALC_KEY}')")
        page.reload()
        app.wait_for_phase("calc")
        enter_table(page, table)
        for p, taps in enumerate(table.entries):
            tab(page, f"seat:{p}")
            expected = cli_figures([f"{k}:{c}" for z, k, c in taps if z == "hand"],
                                   [f"{k}:{c}" for z, k, c in taps if z == "front"],
                                   table.events(p))
            assert shown_figures(page) == expected, (table, p)
    app.assert_clean()


def test_french(app: App) -> None:
    page = open_calc(app, "?calc&lang=fr")
    expect(page.locator("#calc-title")).to_have_text("Calculette de score")
    tab(page, "scores")
    expect(page.locator('#calc [data-calc="end:last-chance"]')).to_have_text(
        "DERNIÈRE CHANCE")
    tab(page, "seat:0")
    add(page, 0, "captain:light-orange")
    add(page, 0, "captain:light-orange", spent=True)
    expect(page.locator("#calc-notice")).to_have_text(
        "Plus aucun exemplaire de Capitaine (orange clair) : le paquet en a 1, déjà saisi "
        "(Joueur 1).")
    SCREENS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENS / "calc-1280-fr-seat.png"))
    app.assert_clean()


@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_unnamed_seats_tabs_read_whole_on_a_phone(browser: Browser, site_url: str,
                                                  lang: str) -> None:
    """At 390 and 320 px, two unnamed seats' tabs (a row of four) read whole and apart
    (French read ``Joueu… 0 pts`` on both seats)."""
    for width, height in ((390, 844), (320, 568)):
        for app in sized_page(browser, site_url, width, height, touch=True):
            page = open_calc(app, f"?calc&lang={lang}")
            names = page.locator("#calc-tabs .calc-tab-name")
            expect(names).to_have_count(4)  # two players: one row of four tabs
            seats = names.all_inner_texts()[1:3]
            assert len(set(seats)) == 2, seats
            cut = page.eval_on_selector_all(
                "#calc-tabs .calc-tab-name", "els => els.filter(e => e.scrollWidth > "
                "e.clientWidth + 0.5).map(e => e.textContent)")
            assert cut == [], cut
            SCREENS.mkdir(exist_ok=True)
            page.screenshot(path=str(SCREENS / f"calc_tabs_{width}_{lang}.png"))
            app.assert_clean()


def test_the_keyboard(app: App) -> None:
    """Every control is a button, a field or a menu: Tab reaches the picker's cards and
    Enter enters one; Space on a player's card takes it back."""
    page = open_calc(app)
    tab(page, "seat:0")
    page.focus('#calc [data-calc="add:0:hand:shell:black"]')
    page.keyboard.press("Enter")
    expect(page.locator('#calc [data-calc="add:0:hand:shell:black"]')).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator('#calc [data-calc="add:0:hand:shell:yellow"]')).to_be_focused()
    page.keyboard.press("Enter")
    assert hand(page) == ["Shell, black", "Shell, yellow"]
    page.focus("#calc .calc-hand .calc-mine-card")
    page.keyboard.press(" ")
    assert hand(page) == ["Shell, yellow"]
    page.focus('#calc [data-calc-screen="scores"]')
    page.keyboard.press("Enter")
    expect(page.locator('#calc [data-calc-screen="scores"]')).to_have_attribute(
        "aria-current", "true")
    app.assert_clean()


class TestNameThenTab:
    @pytest.mark.parametrize("how", ["tap", "click"])
    def test_the_first_tap_on_a_tab_after_typing_a_name_is_not_lost(
            self, request: pytest.FixtureRequest, how: str) -> None:
        """Issue 39, item 12: a name typed, then a tap (or a click) straight on a tab:
        the name's change redraws the tabs' words, and the tab pressed still opens
        (it was lost when the tabs were drawn anew under the finger)."""
        app: App = request.getfixturevalue("phone" if how == "tap" else "app")
        page = open_calc(app)
        field = page.locator('#calc input[data-calc="name:1"]')
        field.click()
        page.keyboard.type("Bob")  # the focus stays in the field: no change event yet
        target = page.locator('#calc [data-calc-screen="seat:1"]')
        target.tap() if how == "tap" else target.click()
        expect(target).to_have_attribute("aria-current", "true")
        expect(target.locator(".calc-tab-name")).to_have_text("Bob")
        expect(page.locator('#calc input[data-calc="name:1"]')).to_have_count(0)  # seat screen
        app.assert_clean()
