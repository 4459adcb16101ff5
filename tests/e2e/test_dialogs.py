"""Dialogs, focus and settings in Chromium: the hot-seat hand-off (modal, not closed by
Escape), the confirmations, the help, a card's rule (right-click, long press), round-over
focus, the language switch mid-game (the game kept) and ``?lang=fr``, the theme switch.
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

from tests.e2e.positions import saved_games

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

TURN_TIMEOUT_S = 60


def offered(page: Page) -> list[str]:
    return page.eval_on_selector_all(
        "#playing [data-code]", "els => els.map(e => e.dataset.code)")


def wait_for_my_turn(app: App) -> None:
    deadline = time.monotonic() + TURN_TIMEOUT_S
    while not offered(app.page) or app.phase() != "playing":
        if app.phase() == "round-over":
            app.page.click("#continue")
        assert app.phase() in ("playing", "round-over") and time.monotonic() < deadline, (
            app.phase(), app.errors)
        app.page.wait_for_timeout(30)


def active(page: Page) -> str:
    """The focused element, described (``BUTTON#id.class`` or ``BODY``)."""
    return page.evaluate("""() => { const a = document.activeElement;
        return a ? a.tagName + (a.id ? '#' + a.id : '') : 'none'; }""")


def focus_in(page: Page, selector: str) -> bool:
    return page.evaluate(
        """sel => { const a = document.activeElement;
                    return !!a && a !== document.body && !!a.closest(sel); }""", selector)


def table_state(page: Page) -> dict[str, object]:
    return page.evaluate("""() => {
        const ids = (sel) => [...document.querySelectorAll(sel)].map(e => e.dataset.card);
        return {hand: ids(".my-hand [data-card]"), front: ids(".my-front [data-card]"),
                piles: ids(".pile [data-card]"), log: document.querySelectorAll("#log li").length};
    }""")


class TestHandOff:
    def test_the_hand_off_is_modal_and_not_closed_by_escape(self, app: App) -> None:
        app.open("?players=you,human,easy&names=Ann,Bob&seed=2&speed=instant")
        app.wait_for_phase("playing")
        page = app.page
        dialog = page.locator("#handoff")
        expect(dialog).to_be_visible()
        assert page.evaluate("document.getElementById('handoff').matches(':modal')")
        assert focus_in(page, "#handoff")
        for _ in range(4):  # Tab never reaches the table behind
            page.keyboard.press("Tab")
            assert not focus_in(page, "#playing"), active(page)
        page.keyboard.press("Escape")
        page.keyboard.press("Escape")  # twice: the browser may force a close, it reopens
        page.wait_for_timeout(100)
        expect(dialog).to_be_visible()
        assert offered(page) == []
        page.click("#handoff-ready")
        expect(dialog).to_be_hidden()
        assert "draw" in offered(page)
        assert focus_in(page, "#playing"), active(page)
        app.assert_clean()


class TestConfirmations:
    def test_discarding_a_save_asks_first(self, app: App) -> None:
        app.open("?players=you,easy&seed=5&speed=instant")
        app.wait_for_phase("playing")
        wait_for_my_turn(app)
        app.page.reload()
        app.wait_for_phase("setup")
        page = app.page
        discard = page.locator('[data-action="delete-save"]')
        expect(discard).to_be_visible()
        discard.click()
        expect(page.locator("#confirm")).to_be_visible()
        expect(page.locator("#confirm-discard")).to_be_visible()
        expect(page.locator("#confirm-last-chance")).to_be_hidden()
        assert active(page) == "BUTTON#confirm-no"  # the safe choice has the focus
        page.keyboard.press("Escape")
        expect(page.locator("#confirm")).to_be_hidden()
        expect(page.locator("#saved")).to_be_visible()
        assert page.evaluate("document.activeElement.dataset.action") == "delete-save"
        assert len(saved_games(page)) == 1
        discard.click()
        page.click("#confirm-yes")
        expect(page.locator("#saved")).to_be_hidden()
        assert saved_games(page) == {}
        assert not page.evaluate("document.activeElement === document.body")
        app.assert_clean()


def a_card_in_hand(app: App) -> None:
    """Wait for the person's turn and draw, keeping the first card (hands start empty)."""
    wait_for_my_turn(app)
    app.page.click('[data-code="draw"]')
    app.page.locator("[data-code^='keep:']").first.click()
    expect(app.page.locator(".my-hand [data-card]")).not_to_have_count(0)


class TestHelpAndCardRules:
    def test_help_opens_from_the_table_and_escape_brings_the_focus_back(
            self, app: App) -> None:
        app.open("?players=you,easy&seed=3&speed=instant")
        app.wait_for_phase("playing")
        wait_for_my_turn(app)
        page = app.page
        before = table_state(page)
        button = page.locator('#playing [data-action="help"]')
        button.click()
        help_ = page.locator("#help")
        expect(help_).to_be_visible()
        expect(page.locator("#help-body h3")).not_to_have_count(0)
        # the card list is a table with column and row headers
        expect(page.locator("#help-body table th[scope=col]").first).to_be_visible()
        assert page.locator("#help-body table th[scope=row]").count() >= 14
        levels = page.eval_on_selector_all(
            "#help h2, #help h3, #help h4", "els => els.map(e => +e.tagName[1])")
        assert levels[0] == 2 and all(b - a <= 1 for a, b in zip(levels, levels[1:], strict=False))
        page.keyboard.press("Escape")
        expect(help_).to_be_hidden()
        assert page.evaluate("document.activeElement.dataset.action") == "help"
        assert table_state(page) == before  # the game is untouched
        app.assert_clean()

    def test_a_cards_rule_by_right_click_and_by_long_press(self, app: App) -> None:
        app.open("?players=you,easy&seed=3&speed=instant")
        app.wait_for_phase("playing")
        a_card_in_hand(app)
        page = app.page
        card = page.locator(".my-hand [data-card]").first
        card.click(button="right")
        info = page.locator("#card-info")
        expect(info).to_be_visible()
        expect(page.locator("#card-info-title")).not_to_be_empty()
        expect(page.locator("#card-info-rule")).not_to_be_empty()
        page.keyboard.press("Escape")
        expect(info).to_be_hidden()
        # a touch held on a card: its rule, and the tap that ends it selects nothing
        box = card.bounding_box()
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        init = {"pointerType": "touch", "clientX": x, "clientY": y, "bubbles": True,
                "isPrimary": True}
        card.dispatch_event("pointerdown", init)
        page.wait_for_timeout(700)
        card.dispatch_event("pointerup", init)
        expect(info).to_be_visible()
        page.click("#card-info .dialog-actions button")
        expect(info).to_be_hidden()
        # a short tap is no long press
        card.dispatch_event("pointerdown", init)
        page.wait_for_timeout(100)
        card.dispatch_event("pointerup", init)
        page.wait_for_timeout(700)
        expect(info).to_be_hidden()
        app.assert_clean()

    def test_cards_have_spoken_names_and_colour_symbols(self, app: App) -> None:
        app.open("?players=you,easy&seed=3&speed=instant")
        app.wait_for_phase("playing")
        a_card_in_hand(app)
        page = app.page
        for card in page.locator("#playing .card[data-card]").all():
            name = card.locator(".colour-name").text_content() or ""
            title = card.locator(".card-title").text_content() or ""
            assert name and title
            expect(card.locator("svg.colour-symbol use")).to_have_count(1)
            if card.get_attribute("role") == "img":  # a card says "Crab, dark blue"
                expect(card).to_have_accessible_name(re.compile(
                    rf"^{re.escape(title)}\W+{re.escape(name)}"))
            else:  # a control: named by what it shows (a speech user says what they see)
                assert card.get_attribute("role") == "button"
                expect(card).to_have_accessible_name(re.compile(
                    rf"^{re.escape(title)}\b.*{re.escape(name)}"))
        expect(page.locator('.pile[data-pile="draw"]')).to_have_accessible_name(
            re.compile(r"Draw pile \d+ cards"))
        expect(page.locator(".colour-panel li")).not_to_have_count(0)
        log = page.locator("#log-region")
        expect(log).to_have_attribute("role", "log")
        expect(log).to_have_attribute("tabindex", "0")
        app.assert_clean()


class TestRoundOverFocus:
    def test_the_round_over_heading_takes_the_focus(self, app: App) -> None:
        app.open("?players=you,easy&seed=3&speed=instant")
        app.wait_for_phase("playing")
        page = app.page
        deadline = time.monotonic() + 120
        while (phase := app.phase()) != "round-over":
            assert time.monotonic() < deadline and phase == "playing", app.errors
            codes = offered(page)
            if "stop" in codes:
                page.click('[data-code="stop"]')
            elif "draw" in codes:
                page.click('[data-code="draw"]')
            elif keeps := [c for c in codes if c.startswith("keep:")]:
                page.click(f'[data-code="{keeps[0]}"]')
            elif "end" in codes:
                page.click('[data-code="end"]')
            elif codes:
                page.click(f'[data-code="{codes[0]}"]')
            else:
                page.wait_for_timeout(30)
        expect(page.locator("#round-title")).to_be_focused()
        page.keyboard.press("c")
        app.wait_for_phase("playing")
        assert not page.evaluate("document.activeElement === document.body")
        app.assert_clean()


class TestSettings:
    def test_switching_language_mid_game_keeps_the_game(self, app: App) -> None:
        app.open("?players=you,easy&seed=3&speed=instant")
        app.wait_for_phase("playing")
        wait_for_my_turn(app)
        page = app.page
        before = table_state(page)
        english = page.locator('#playing [data-action="help"]').text_content()
        page.click("#table-menu summary")  # the menu: Escape closes it, back on its button
        expect(page.locator("#table-lang")).to_be_visible()
        page.keyboard.press("Escape")
        expect(page.locator("#table-lang")).to_be_hidden()
        expect(page.locator("#table-menu summary")).to_be_focused()
        page.click("#table-menu summary")
        options = page.eval_on_selector_all("#table-lang option", "els => els.map(e => e.text)")
        assert options == ["English", "Français", "Nederlands", "Türkçe"]
        page.select_option("#table-lang", "fr")
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        expect(page.locator('#playing [data-action="help"]')).not_to_have_text(english)
        assert table_state(page) == before
        assert page.evaluate("localStorage.getItem('seasalt.lang')") == "fr"
        assert "draw" in offered(page)  # and play on
        page.click('[data-code="draw"]')
        expect(page.locator("[data-code^='keep:']").first).to_be_visible()
        page.click("#table-menu summary")  # the click on the table closed the menu
        page.select_option("#table-lang", "en")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        expect(page.locator('#playing [data-action="help"]')).to_have_text(english)
        app.assert_clean()

    def test_a_link_in_french(self, app: App) -> None:
        app.open("?lang=fr")
        app.wait_for_phase("setup")
        page = app.page
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        expect(page.locator("#setup-lang")).to_have_value("fr")
        expect(page.locator("#start")).to_have_text("Lancer la partie")
        app.assert_clean()

    def test_the_theme_switch_is_remembered(self, app: App) -> None:
        app.open()
        app.wait_for_phase("setup")
        page = app.page
        expect(page.locator("#setup-theme")).to_have_value("auto")
        page.select_option("#setup-theme", "dark")
        expect(page.locator("html")).to_have_attribute("data-theme", "dark")
        page.reload()
        app.wait_for_phase("setup")
        expect(page.locator("html")).to_have_attribute("data-theme", "dark")
        expect(page.locator("#setup-theme")).to_have_value("dark")
        page.select_option("#setup-theme", "auto")
        assert page.get_attribute("html", "data-theme") is None
        app.assert_clean()
