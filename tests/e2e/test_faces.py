"""Card faces at the table's smallest sizes, and the ways to read a card's rule.

Every face-up card (not an opponent's chip) keeps its kind's icon whole and clear of its
name and of its colour's chip, on a phone upright or on its side and in languages with
long names ("Pinguïnkolonie", "Penguen Kolonisi"); a narrow card shows its colour by
the colour's symbol. A card's rule opens at a tap on a card that is not a control, and
the first screen (an empty hand) teaches it once, until the player says "Got it".
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import sized_page
from tests.e2e.positions import open_at

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

PHONES = ((390, 844), (844, 390), (320, 568))
ICON_SHARE = 0.3
"""The least an icon's height may be, as a share of its card's width."""

FACES_JS = """() => {
    const out = [];
    const box = (e) => e.getBoundingClientRect();
    const meet = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
        && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
    const words = (e) => { const r = document.createRange(); r.selectNodeContents(e);
                           return r.getBoundingClientRect(); };
    for (const card of document.querySelectorAll("#playing .card:not(.back)")) {
        if (!card.checkVisibility() || getComputedStyle(card).containerType !== "inline-size")
            continue;  // chips (an opponent's cards, a phone's cards in front) size to words
        const c = box(card), icon = card.querySelector(".card-icon");
        const title = card.querySelector(".card-title");
        const colour = card.querySelector(".card-colour");
        const symbol = card.querySelector(".colour-symbol");
        const name = card.querySelector(".colour-name");
        const i = box(icon);
        out.push({card: card.dataset.card, width: c.width, icon: i.height,
                  iconInside: i.left >= c.left - 1 && i.right <= c.right + 1
                              && i.top >= c.top - 1 && i.bottom <= c.bottom + 1,
                  coveredByTitle: meet(i, words(title)),
                  coveredByColour: meet(i, box(colour)),
                  colourShown: symbol.checkVisibility() && box(symbol).width >= 10
                               || name.checkVisibility() && box(name).width > 0});
    }
    return out;
}"""


@pytest.fixture(params=PHONES, ids=[f"{w}x{h}" for w, h in PHONES])
def phone(request: pytest.FixtureRequest, browser: Browser, site_url: str) -> Iterator[App]:
    """A touch page at a phone's size."""
    width, height = request.param
    yield from sized_page(browser, site_url, width, height, touch=True)


@pytest.mark.parametrize("lang", ["tr", "nl", "fr"])
def test_every_card_keeps_its_icon_whole_on_a_phone(phone: App, lang: str) -> None:
    app = phone
    app.open()
    app.wait_for_phase("setup")
    app.page.evaluate("l => localStorage.setItem('seasalt.lang', l)", lang)
    open_at(app, "keep", players=3, min_hand=6, holding=("penguin-colony",))
    app.page.wait_for_timeout(150)  # fonts and the fitted names settle
    faces = app.page.evaluate(FACES_JS)
    assert len(faces) >= 8  # the hand, the piles' tops, the two drawn cards
    for f in faces:
        assert f["iconInside"] and f["icon"] >= ICON_SHARE * f["width"], f
        assert not f["coveredByTitle"] and not f["coveredByColour"], f
        assert f["colourShown"], f
    app.assert_clean()


def test_a_tap_reads_a_cards_rule_and_the_first_screen_teaches_it_once(
        browser: Browser, site_url: str) -> None:
    for app in sized_page(browser, site_url, 390, 844, touch=True):
        page = app.page
        app.open("?players=you,easy&seed=3&speed=instant&lang=fr")
        app.wait_for_phase("playing")
        tip = page.locator("#card-tip")
        expect(tip).to_be_visible()  # the first screen: an empty hand
        tip.locator("[data-action=card-tip]").click()
        expect(tip).to_have_count(0)
        app.open("?players=you,easy&seed=4&speed=instant&lang=fr")
        app.wait_for_phase("playing")
        expect(page.locator(".my-hand")).to_be_visible()
        expect(page.locator("#card-tip")).to_have_count(0)  # learnt: remembered
        # a card that is not a control (the hand at the draw step): a tap shows its rule
        open_at(app, "draw", min_hand=2)
        card = page.locator(".my-hand [data-card][role=img]").first
        name = card.get_attribute("aria-label")
        card.tap()
        info = page.locator("#card-info")
        expect(info).to_be_visible()
        expect(page.locator("#card-info-title")).to_have_text(str(name))
        page.click("#card-info .dialog-actions button")
        expect(info).to_be_hidden()
        # a card that is a control (a drawn card to keep) is chosen, not explained
        open_at(app, "keep", min_hand=2)
        keep = page.locator(".keep-choice [data-card][role=button]").first
        keep.tap()
        expect(keep).to_have_attribute("aria-pressed", "true")
        expect(info).to_be_hidden()
        app.assert_clean()


def test_opening_a_rule_teaches_the_tip(browser: Browser, site_url: str) -> None:
    """Whoever opens a card's rule before pressing "Got it" has learnt it: the tip
    shows no more."""
    for app in sized_page(browser, site_url, 390, 844, touch=True):
        page = app.page
        app.open("?players=you,easy&seed=3&speed=instant&lang=nl")
        app.wait_for_phase("playing")
        expect(page.locator("#card-tip")).to_be_visible()
        page.locator(".pile[data-pile='1'] [data-card]").click(button="right")
        expect(page.locator("#card-info")).to_be_visible()
        page.keyboard.press("Escape")
        app.open("?players=you,easy&seed=4&speed=instant&lang=nl")
        app.wait_for_phase("playing")
        expect(page.locator(".my-hand")).to_be_visible()
        expect(page.locator("#card-tip")).to_have_count(0)
        app.assert_clean()


def tip_words(lang: str, key: str) -> str:
    """The table's text ``key`` in ``lang``, as the presenter words it."""
    from seasalt.i18n import set_language, temporary_language
    from seasalt.ssp.present.table import ui_text

    with temporary_language():
        set_language(lang)
        return ui_text(key)


@pytest.mark.parametrize(("size", "touch", "key"), [
    ((390, 844), True, "card-tip-touch"), ((1280, 800), False, "card-tip")],
    ids=["phone", "mouse"])
def test_the_tip_speaks_of_the_devices_own_pointer(
        browser: Browser, site_url: str, size: tuple[int, int], touch: bool, key: str) -> None:
    """A touch screen is told to hold a finger on a card (it has no right-click), a
    computer with a mouse to right-click it (a friend's phone: test_remote_page.py)."""
    for app in sized_page(browser, site_url, *size, touch=touch):
        page = app.page
        app.open("?players=you,easy&seed=3&speed=instant&lang=nl")
        app.wait_for_phase("playing")
        expect(page.locator("#card-tip > span")).to_have_text(tip_words("nl", key))
        app.assert_clean()


#: The corner marks of two neighbouring hand cards, as rectangles: the first card's
#: selection tick (its ``::after``) and the second's "new" star (its ``::before``).
MARKS_JS = """([a, b]) => {
    const mark = (card, which) => {
        const box = card.getBoundingClientRect(), s = getComputedStyle(card, which);
        const w = parseFloat(s.width), h = parseFloat(s.height);
        const left = s.left !== "auto" ? box.left + parseFloat(s.left)
                                       : box.right - parseFloat(s.right) - w;
        const top = s.top !== "auto" ? box.top + parseFloat(s.top)
                                     : box.bottom - parseFloat(s.bottom) - h;
        return {content: s.content, rect: [left, top, left + w, top + h]};
    };
    return {tick: mark(a, "::after"), star: mark(b, "::before")};
}"""


@pytest.mark.parametrize("size", [(390, 844), (320, 568)], ids=["390x844", "320x568"])
def test_a_new_cards_star_leaves_its_neighbours_tick_clear(
        size: tuple[int, int], browser: Browser, site_url: str) -> None:
    for app in sized_page(browser, site_url, *size, touch=True):
        page = app.page
        open_at(app, "play-duo", min_hand=6)
        cards = page.locator("#me .my-hand .card")
        assert cards.count() >= 2
        first, second = cards.nth(0), cards.nth(1)
        first.evaluate("c => c.classList.add('selected')")  # as the page marks them
        second.evaluate("c => c.classList.add('new-card')")
        marks = page.evaluate(MARKS_JS, [first.element_handle(), second.element_handle()])
        assert marks["tick"]["content"] == '"✓"' and marks["star"]["content"] == '"✦"'
        (al, at, ar, ab), (bl, bt, br, bb) = marks["tick"]["rect"], marks["star"]["rect"]
        overlap = min(ar, br) - max(al, bl) > 0 and min(ab, bb) - max(at, bt) > 0
        assert not overlap, marks
        app.assert_clean()
