"""Keyboard play in Chromium: whole turns by shortcut keys only, the focus never lost to
the page's body, shortcuts silent while typing or with a modifier, ``?`` for the help.

The keys are the presenter's (``data-key`` on the controls): ``d`` draw, ``1``-``9``
numbered choices (the card to keep), ``1``/``2`` the discard piles, ``e`` end the turn,
``c`` continue after a round, ``?`` help.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

TURN_TIMEOUT_S = 60


def offered(page: Page) -> list[str]:
    """The action codes the table offers now (empty when it is not a person's turn)."""
    return page.eval_on_selector_all(
        "#playing [data-code]", "els => els.map(e => e.dataset.code)")


def wait_for_my_turn(app: App) -> None:
    """Wait until the table offers the person an action, going past round ends by key."""
    deadline = time.monotonic() + TURN_TIMEOUT_S
    while not offered(app.page) or app.phase() != "playing":
        if app.phase() == "round-over":
            app.page.keyboard.press("c")
        assert app.phase() in ("playing", "round-over") and time.monotonic() < deadline, (
            app.phase(), app.errors)
        app.page.wait_for_timeout(30)


def focus_in(page: Page, selector: str) -> bool:
    """Whether the focused element is inside ``selector`` (and not the body)."""
    return page.evaluate(
        """sel => { const a = document.activeElement;
                    return !!a && a !== document.body && !!a.closest(sel); }""", selector)


def hand(page: Page) -> list[str]:
    return page.eval_on_selector_all(".my-hand [data-card]", "els => els.map(e => e.dataset.card)")


class TestTurnsByKeys:
    def test_three_turns_by_shortcuts_only(self, app: App) -> None:
        app.open("?players=you,easy&seed=3&speed=instant")
        app.wait_for_phase("playing")
        page = app.page
        log_lines = 0
        for _turn in range(3):
            wait_for_my_turn(app)
            assert focus_in(page, "#playing"), "the focus is on the table when a turn starts"
            codes = offered(page)
            size = len(hand(page))
            if "take:1" in codes and _turn == 1:
                page.keyboard.press("1")
                expect(page.locator(".my-hand [data-card]")).to_have_count(size + 1)
            else:
                assert "draw" in codes, codes
                page.keyboard.press("d")
                keep = page.locator("[data-code^='keep:']")
                expect(keep.first).to_be_visible()
                assert focus_in(page, "#prompt"), "after drawing, the focus is on a choice"
                assert page.get_attribute("[data-code^='keep:'] >> nth=0", "data-key") == "1"
                page.keyboard.press("1")
                expect(page.locator(".my-hand [data-card]")).to_have_count(size + 1)
            expect(page.locator('[data-code="end"]')).to_be_visible()
            assert focus_in(page, "#playing"), "after keeping a card the focus stays on the table"
            page.keyboard.press("e")
            expect(page.locator('[data-code="end"]')).to_have_count(0)
            assert focus_in(page, "#playing"), "the focus is not lost to the body"
            lines = page.locator("#log li").count()
            assert lines > log_lines
            log_lines = lines
        app.assert_clean()

    def test_a_duo_by_tab_and_space(self, app: App) -> None:
        app.open("?players=you,easy&seed=3&speed=instant")
        app.wait_for_phase("playing")
        page = app.page
        for _ in range(12):  # turns, until a duo can be played
            wait_for_my_turn(app)
            if "draw" in offered(page):
                page.keyboard.press("d")
                page.keyboard.press("1")
            expect(page.locator('[data-code="end"]')).to_be_visible()
            if page.locator(".my-hand .card.can-play").count() >= 2:
                break
            page.keyboard.press("e")
        else:
            raise AssertionError("no duo in twelve turns")
        first = page.locator(".my-hand .card.can-play").first
        first.focus()
        page.keyboard.press("i")  # the focused card's rule, then back to the card
        expect(page.locator("#card-info")).to_be_visible()
        page.keyboard.press("Escape")
        expect(page.locator("#card-info")).to_be_hidden()
        expect(first).to_be_focused()
        page.keyboard.press("Space")
        expect(page.locator(".my-hand .card.selected")).to_have_count(1)
        # the focus stays on the card that was selected, now marked as such
        assert page.evaluate("document.activeElement.getAttribute('aria-pressed')") == "true"
        page.locator(".my-hand .card.can-play:not(.selected)").first.focus()
        page.keyboard.press("Enter")
        expect(page.locator(".my-hand .card.selected")).to_have_count(2)
        duo = page.locator(".duo-options [data-code]").first
        expect(duo).to_be_visible()
        key = duo.get_attribute("data-key")
        assert key, "the duo's option has a shortcut"
        before = len(hand(page))
        page.keyboard.press(key)
        deadline = time.monotonic() + TURN_TIMEOUT_S
        while len(hand(page)) >= before and app.phase() == "playing":
            assert time.monotonic() < deadline
            page.wait_for_timeout(30)
        assert page.locator(".my-front [data-card]").count() >= 2
        assert not page.evaluate("document.activeElement === document.body")
        app.assert_clean()


class TestShortcutsStayQuiet:
    def test_no_shortcut_while_typing_or_with_a_modifier(self, app: App) -> None:
        app.open()
        app.wait_for_phase("setup")
        page = app.page
        page.focus("#seed")
        page.keyboard.type("d?")
        expect(page.locator("#help")).not_to_have_attribute("open", "")
        assert page.input_value("#seed") == "d?"
        page.fill('[name="name-0"]', "")
        page.focus('[name="name-0"]')
        page.keyboard.type("Sec?")
        assert page.input_value('[name="name-0"]') == "Sec?"
        assert page.locator("dialog[open]").count() == 0
        app.assert_clean()

    def test_modifiers_and_open_dialogs_block_shortcuts(self, app: App) -> None:
        app.open("?players=you,easy&seed=3&speed=instant")
        app.wait_for_phase("playing")
        wait_for_my_turn(app)
        page = app.page
        page.keyboard.press("Control+d")
        page.keyboard.press("Alt+d")
        page.wait_for_timeout(200)
        assert "draw" in offered(page)  # nothing happened
        page.keyboard.press("?")
        expect(page.locator("#help")).to_be_visible()
        page.keyboard.press("d")  # the help is open: no draw behind it
        page.wait_for_timeout(200)
        page.keyboard.press("Escape")
        expect(page.locator("#help")).to_be_hidden()
        assert "draw" in offered(page)
        app.assert_clean()

    def test_shortcuts_are_on_the_controls(self, app: App) -> None:
        app.open("?players=you,easy&seed=3&speed=instant")
        app.wait_for_phase("playing")
        wait_for_my_turn(app)
        page = app.page
        draw = page.locator('#playing [data-code="draw"]').first
        expect(draw).to_have_attribute("data-key", "d")
        expect(draw).to_have_attribute("aria-keyshortcuts", "D")
        expect(page.locator("#continue")).to_have_attribute("aria-keyshortcuts", "C")
        app.assert_clean()


def keep_making_a_duo() -> tuple[str, int, str]:
    """A keep step (at slow speed: the kept card flies into the hand) where keeping one
    card makes a duo playable: (the save, the card to keep, the pile code)."""
    from seasalt.web.table import Table
    from tests.e2e.positions import save_at

    for start in range(1, 400, 7):
        save = save_at("keep", speed="slow", seed_range=range(start, 400))
        t = Table.load(save)
        for code in [str(a) for a in t.driver.legal()]:
            after = Table.load(save)
            after.submit(0, after.ply, code)
            if any(str(a).startswith("duo:") for a in after.driver.legal()):
                return save, int(code.split(":")[1]), code
    raise LookupError("no keep step that makes a duo")


class TestFocusAfterActions:
    def test_the_focus_never_falls_to_the_body_after_a_keep(self, app: App) -> None:
        """Issue 39, item 10: Enter on a discard pile in the keep step, the kept card
        flying into the hand (hidden until it lands): the focus goes to a control that
        is shown, never to the body, while it flies and after."""
        from tests.e2e.positions import open_save

        app.page.set_viewport_size({"width": 1280, "height": 800})
        save, kept, code = keep_making_a_duo()
        page = app.page
        open_save(app, save)
        page.locator(f'.keep-card[data-card="{kept}"]').focus()
        page.keyboard.press("Enter")
        pile = page.locator(f'#piles .pile[data-code="{code}"]')
        expect(pile).to_be_visible()
        pile.focus()
        page.keyboard.press("Enter")
        expect(page.locator(".keep-card")).to_have_count(0)
        for _ in range(8):  # while the card flies, and after it landed
            assert focus_in(page, "#playing"), page.evaluate(
                "() => document.activeElement && document.activeElement.outerHTML")
            assert page.evaluate("""() => getComputedStyle(document.activeElement)
                                      .visibility === 'visible'""")
            page.wait_for_timeout(150)
        app.assert_clean()
