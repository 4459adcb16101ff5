"""Undo, the LAST CHANCE bet's confirmation and the hand's order in Chromium (issue 12).

Undo: keep a card, take it back (the toolbar's button, ``u``, Ctrl+Z), keep the other;
the saved game holds only what stands; the button is hidden after a draw, once a bot
moved and in a hot-seat game once the device is passed. LAST CHANCE: the confirmation
shows the caller's card points and each opponent's known cards; "Don't ask again" is
remembered and the table menu turns it back on. The hand by kind or by colour,
remembered over a reload; a card new in hand is ringed until the next decision.
"""

from __future__ import annotations

import json
import re
import time
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Locator, Page, expect

from seasalt.ssp.present.controls import hand_order
from seasalt.web.table import Table
from tests.e2e.positions import open_at, save_at, saved_game

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

TURN_TIMEOUT_S = 60


def offered(page: Page) -> list[str]:
    """The action codes the table offers now (empty when it is not a person's turn)."""
    return page.eval_on_selector_all(
        "#playing [data-code]", "els => els.map(e => e.dataset.code)")


def hand(page: Page) -> list[int]:
    return [int(x) for x in page.eval_on_selector_all(
        ".my-hand [data-card]", "els => els.map(e => e.dataset.card)")]


def control(page: Page, code: str) -> Locator:
    """The first visible control carrying action ``code``."""
    return page.locator(f'#playing [data-code="{code}"]:visible').first


def saved(page: Page) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(saved_game(page) or "")
    return data


def wait_for_codes(app: App, predicate: Any, what: str) -> list[str]:
    """Wait until the offered codes satisfy ``predicate`` (past round ends)."""
    deadline = time.monotonic() + TURN_TIMEOUT_S
    while True:
        codes = offered(app.page)
        if app.phase() == "playing" and codes and predicate(codes):
            return codes
        if app.phase() == "round-over":
            app.page.click("#continue")
        assert time.monotonic() < deadline and not app.errors, (what, app.phase(), app.errors)
        app.page.wait_for_timeout(30)


def round_end(app: App) -> None:
    """Wait for the round's (or the game's) end: the bots have nothing left to play, so
    nothing overwrites the save the next `open_at` puts in place."""
    deadline = time.monotonic() + TURN_TIMEOUT_S
    while app.phase() not in ("round-over", "game-over"):
        assert time.monotonic() < deadline and not app.errors, (app.phase(), app.errors)
        app.page.wait_for_timeout(30)


def keeps(codes: list[str]) -> list[str]:
    return [c for c in codes if c.startswith("keep:")]


class TestUndo:
    def test_keep_then_undo_then_keep_the_other(self, app: App) -> None:
        save = open_at(app, "keep")
        page = app.page
        undo = page.locator("#undo")
        expect(undo).to_be_hidden()  # the draw two showed two cards: it stands
        codes = keeps(offered(page))
        kept = sorted({int(c.split(":")[1]) for c in codes})
        assert len(kept) == 2
        before = hand(page)
        plies = len(json.loads(save)["record"]["actions"])
        first = next(c for c in codes if int(c.split(":")[1]) == kept[0])
        control(page, first).click()
        wait_for_codes(app, lambda c: not keeps(c), "the play step")
        assert sorted(hand(page)) == sorted([*before, kept[0]])
        # the kept card is ringed where it landed
        assert page.eval_on_selector_all(".my-hand .new-card",
                                         "els => els.map(e => +e.dataset.card)") == [kept[0]]
        expect(undo).to_be_visible()
        expect(undo).to_have_attribute("title", re.compile(r"^Take back: Keep "))
        assert saved(page)["record"]["actions"][-1] == first
        undo.click()
        codes = wait_for_codes(app, keeps, "the keep step again")
        assert sorted(hand(page)) == sorted(before)
        expect(undo).to_be_hidden()
        # the focus left the hidden button for the table, never the page's body
        assert page.evaluate("""() => document.activeElement !== document.body
            && !!document.activeElement.closest('#playing')""")
        assert len(saved(page)["record"]["actions"]) == plies  # only what stands
        assert page.locator(".my-hand .new-card").count() == 0
        second = next(c for c in codes if int(c.split(":")[1]) == kept[1])
        control(page, second).click()
        wait_for_codes(app, lambda c: not keeps(c), "the play step")
        assert sorted(hand(page)) == sorted([*before, kept[1]])
        record = saved(page)["record"]
        assert record["actions"][plies:] == [second]
        # the save replays to the same state: a reload shows the same hand
        page.reload(wait_until="domcontentloaded")
        app.wait_for_phase("setup")
        page.click("[data-action=resume]")
        app.wait_for_phase("playing")
        assert sorted(hand(page)) == sorted([*before, kept[1]])
        app.assert_clean()

    def test_u_and_ctrl_z_take_a_keep_back(self, app: App) -> None:
        open_at(app, "keep")
        page = app.page
        for key in ("u", "Control+z"):
            codes = wait_for_codes(app, keeps, "the keep step")
            before = hand(page)
            control(page, codes[0]).click()
            wait_for_codes(app, lambda c: not keeps(c), "the play step")
            assert len(hand(page)) == len(before) + 1
            page.locator("#prompt-title").focus()
            page.keyboard.press(key)
            wait_for_codes(app, keeps, f"the keep step after {key}")
            assert sorted(hand(page)) == sorted(before), key
        # nothing left to take back: the keys do nothing
        plies = len(saved(page)["record"]["actions"])
        page.keyboard.press("Control+z")
        page.keyboard.press("u")
        page.wait_for_timeout(200)
        assert keeps(offered(page)) and len(saved(page)["record"]["actions"]) == plies
        app.assert_clean()

    def test_hidden_once_a_bot_moved(self, app: App) -> None:
        open_at(app, "keep")
        page = app.page
        control(page, keeps(offered(page))[0]).click()
        codes = wait_for_codes(app, lambda c: "end" in c, "the play step")
        assert "end" in codes
        expect(page.locator("#undo")).to_be_visible()
        plies = len(saved(page)["record"]["actions"])
        control(page, "end").click()
        # the bot plays its turn (instant speed); then it is the person's turn again
        wait_for_codes(app, lambda c: "draw" in c or any(x.startswith("take:") for x in c),
                       "the next turn")
        record = saved(page)["record"]["actions"]
        assert len(record) > plies + 1  # the bot moved
        expect(page.locator("#undo")).to_be_hidden()
        app.assert_clean()

    def test_hot_seat_no_undo_once_the_device_is_passed(self, app: App) -> None:
        app.open("?players=you,human&names=Ann,Bob&seed=5&speed=instant")
        app.wait_for_phase("playing")
        page = app.page
        undo = page.locator("#undo")
        for _turn in range(2):  # Ann's turn, then Bob's
            if page.locator("#handoff").is_visible():
                page.click("#handoff-ready")
            codes = wait_for_codes(app, lambda c: "draw" in c, "a draw step")
            expect(undo).to_be_hidden()  # the other person's move (or nothing) came last
            control(page, "draw").click()
            codes = wait_for_codes(app, keeps, "the keep step")
            expect(undo).to_be_hidden()  # the draw stands
            control(page, codes[0]).click()
            wait_for_codes(app, lambda c: "end" in c, "the play step")
            expect(undo).to_be_visible()  # the keep of one's own turn may be taken back
            control(page, "end").click()
            expect(page.locator("#handoff")).to_be_visible()  # the device is passed
            expect(undo).to_be_hidden()
        app.assert_clean()


class TestLastChance:
    def test_the_brief_and_dont_ask_again(self, app: App) -> None:
        save = open_at(app, "call", players=3)
        page = app.page
        wait_for_codes(app, lambda c: "last-chance" in c, "a call")
        v = Table.load(save).view(0)
        control(page, "last-chance").click()
        dialog = page.locator("#confirm")
        expect(dialog).to_be_visible()
        expect(page.locator("#confirm-last-chance")).to_be_visible()
        brief = page.locator("#last-chance-brief")
        expect(brief.locator(".bet-you")).to_contain_text(str(v["points"]))
        seats = brief.locator(".bet-opponents > li")
        expect(seats).to_have_count(2)
        assert [seats.nth(i).get_attribute("data-seat") for i in range(2)] == ["1", "2"]
        for i, s in enumerate((1, 2)):
            text = seats.nth(i).inner_text()
            assert v["names"][s] in text
            assert f"{v['hand_sizes'][s]} card" in text
        # Cancel: nothing happens and the question stays on
        page.click("#confirm-no")
        expect(dialog).to_be_hidden()
        assert "last-chance" in offered(page)
        # Confirm with "Don't ask again": the bet is made and the choice remembered
        control(page, "last-chance").click()
        page.check("#last-chance-dont-ask")
        page.click("#confirm-yes")
        expect(dialog).to_be_hidden()
        round_end(app)  # the bots' final turns (instant), then the round's scores
        assert "last-chance" in saved(page)["record"]["actions"]
        assert page.evaluate("() => localStorage.getItem('seasalt.ask-last-chance')") == "0"
        # the next bet is made at once, without the dialog
        open_at(app, "call", players=3)
        wait_for_codes(app, lambda c: "last-chance" in c, "a call")
        assert not page.locator("#ask-last-chance").is_checked()
        control(page, "last-chance").click()
        expect(dialog).to_be_hidden()
        round_end(app)
        assert "last-chance" in saved(page)["record"]["actions"]
        # the table menu turns the question back on
        open_at(app, "call", players=3)
        wait_for_codes(app, lambda c: "last-chance" in c, "a call")
        page.click("#table-menu > summary")
        page.check("#ask-last-chance")
        assert page.evaluate("() => localStorage.getItem('seasalt.ask-last-chance')") == "1"
        page.keyboard.press("Escape")
        control(page, "last-chance").click()
        expect(dialog).to_be_visible()
        page.click("#confirm-no")
        app.assert_clean()


class TestHandOrder:
    def test_by_colour_is_remembered_over_a_reload(self, app: App) -> None:
        save = save_at("play-duo", min_hand=5)
        open_at(app, "play-duo", min_hand=5)
        page = app.page
        cards = hand(page)
        assert cards == hand_order(cards, "kind")  # the default: by kind
        page.click("#table-menu > summary")
        page.select_option("#table-hand-order", "colour")
        expect(page.locator(".my-hand [data-card]").first).to_be_visible()
        by_colour = hand_order(cards, "colour")
        deadline = time.monotonic() + 10
        while hand(page) != by_colour:
            assert time.monotonic() < deadline, (hand(page), by_colour)
            page.wait_for_timeout(30)
        page.reload(wait_until="domcontentloaded")
        app.wait_for_phase("setup")
        page.click("[data-action=resume]")
        app.wait_for_phase("playing")
        assert hand(page) == by_colour
        assert page.locator("#table-hand-order").input_value() == "colour"
        assert sorted(hand(page)) == sorted(Table.load(save).view(0)["hand"])
        app.assert_clean()


@pytest.mark.parametrize("lang", ["nl", "fr", "tr"])
def test_on_a_phone_undo_says_its_word_and_the_toolbar_keeps_one_row(
        browser: Any, site_url: str, lang: str) -> None:
    """Issue 39, item 11: on a phone Undo is no bare arrow: it says its short word (the
    presenter's), and the toolbar's buttons (Undo, the log, Help, the menu) stay on one
    row in every language, each named by the word it shows; so do the five of a host
    with friends' phones (Phones too: "Annuler Journal Téléphones Aide Menu" took two
    rows in French; the real host's: test_remote_page.py)."""
    from seasalt.i18n import pgettext, set_language, temporary_language
    from tests.e2e.conftest import sized_page

    gen = sized_page(browser, site_url, 390, 844)
    app = next(gen)
    try:
        app.open()
        app.wait_for_phase("setup")
        app.page.evaluate(f"() => localStorage.setItem('seasalt.lang', '{lang}')")
        open_at(app, "keep")
        page = app.page
        control(page, keeps(offered(page))[0]).tap()
        wait_for_codes(app, lambda c: "end" in c, "the play step")
        undo = page.locator("#undo")
        expect(undo).to_be_visible()
        with temporary_language():
            set_language(lang)
            word = pgettext("a phone's toolbar: one short word", "Undo")
        expect(undo).to_have_text(word, use_inner_text=True)  # the shown word, its name
        expect(undo).to_have_accessible_name(word)
        tops = page.eval_on_selector_all(
            "#playing .toolbar-buttons > :is(button, details):not([hidden])",
            "els => els.map(e => Math.round(e.getBoundingClientRect().top))")
        assert len(tops) == 4 and len(set(tops)) == 1, tops
        # a host with friends' phones shows Phones too: five buttons, still one row
        page.evaluate("document.getElementById('remote-open').hidden = false")
        buttons = page.eval_on_selector_all(
            "#playing .toolbar-buttons > :is(button, details):not([hidden])",
            "els => els.map(e => [e.textContent.trim(), e.getBoundingClientRect().top,"
            " e.getBoundingClientRect().right])")
        assert len(buttons) == 5 and len({round(top) for _w, top, _r in buttons}) == 1, buttons
        assert max(right for _w, _t, right in buttons) <= 390, buttons
        app.assert_clean()
    finally:
        gen.close()
