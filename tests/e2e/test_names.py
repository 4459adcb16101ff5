"""Players' names on the page (issue 41, item 7): a name is laid out on its own (an
unclosed right-to-left override in it reverses nothing after it), a name of one long
word wraps in the hot-seat dialog on a 360 px phone, and the game-over tables never
make the page scroll sideways, with wide glyphs at 1280 px or 21-22-character names at
360 and 320 px."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import App, sized_page
from tests.e2e.positions import open_save
from tools.census.positions import hot_seat, save_at

#: A name of 24 letters without a space (the longest a seat's name may be).
LONG = "Wolfeschlegelsteinhausen"
#: Names of 21 and 22 characters, as a person may type them.
LEGAL = ["Maximiliana Rosalinde", "Bartholomew Montgomery", "Konstantinopolitanisc",
         "Wolfeschlegelsteinhaus"]
#: 24 wide glyphs without a space: wide capitals, an Arabic ligature, fullwidth letters
#: (with an unclosed override).
WIDE = ["W" * 24, "Ж" * 24, "\ufdfd" * 24, "Ｍ" * 23 + "\u202e"]


def named(save: str, names: list[str]) -> str:
    """``save`` with its seats named ``names``."""
    data = json.loads(save)
    data["record"]["seats"] = names
    return json.dumps(data)


@pytest.fixture()
def phone(browser: Browser, site_url: str) -> Iterator[App]:
    """A 360 × 640 phone (touch)."""
    yield from sized_page(browser, site_url, 360, 640, touch=True)


@pytest.fixture()
def small(browser: Browser, site_url: str) -> Iterator[App]:
    """A 320 × 568 phone (touch), the narrowest the page is made for."""
    yield from sized_page(browser, site_url, 320, 568, touch=True)


@pytest.fixture()
def desktop(browser: Browser, site_url: str) -> Iterator[App]:
    """A 1280 × 800 screen."""
    yield from sized_page(browser, site_url, 1280, 800, touch=False)


def page_width(page: Page) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth"))


def lefts(page: Page, selector: str, word: str) -> list[float]:
    """The left edge of each letter of ``word`` as drawn in ``selector``'s text."""
    result: list[float] = page.evaluate("""([selector, word]) => {
        const node = document.querySelector(selector);
        const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
        for (let t = walker.nextNode(); t; t = walker.nextNode()) {
            const at = t.data.indexOf(word);
            if (at < 0) continue;
            return [...word].map((_, i) => {
                const r = document.createRange();
                r.setStart(t, at + i);
                r.setEnd(t, at + i + 1);
                return r.getBoundingClientRect().left;
            });
        }
        return [];
    }""", [selector, word])
    return result


class TestHotSeat:
    def test_an_unclosed_override_in_a_name_reverses_nothing_after_it(self, phone: App
                                                                      ) -> None:
        open_save(phone, named(hot_seat(save_at("draw")), ["Ann\u202e", "Bob\u202e"]))
        page = phone.page
        expect(page.locator("#handoff")).to_be_visible()
        for selector in ("#handoff-ready", "#handoff-title"):
            word = "show" if selector == "#handoff-ready" else "device"
            xs = lefts(page, selector, word)
            assert len(xs) == len(word) and xs == sorted(xs), (selector, xs)
        page.click("#handoff-ready")
        expect(page.locator("#handoff")).to_be_hidden()
        xs = lefts(page, "#round-info", "Round")
        assert xs == sorted(xs), xs
        phone.assert_clean()

    def test_a_name_of_one_long_word_wraps_in_the_dialog(self, phone: App) -> None:
        open_save(phone, named(hot_seat(save_at("draw")), [LONG, "Bob"]))
        page = phone.page
        expect(page.locator("#handoff")).to_be_visible()
        box = page.evaluate("""() => {
            const d = document.getElementById('handoff');
            const r = d.getBoundingClientRect();
            const b = document.getElementById('handoff-ready').getBoundingClientRect();
            return {scroll: d.scrollWidth, client: d.clientWidth, right: r.right,
                    button: b.right, width: innerWidth};
        }""")
        assert box["scroll"] <= box["client"] and box["button"] <= box["right"], box
        assert box["right"] <= box["width"] and page_width(page) <= 360, box
        expect(page.locator("#handoff-title")).to_contain_text(LONG)
        phone.assert_clean()


@pytest.mark.parametrize(("size", "names"), [("phone", LEGAL), ("small", LEGAL),
                                             ("desktop", WIDE)])
def test_the_game_over_tables_never_scroll_the_page(request: pytest.FixtureRequest,
                                                    size: str, names: list[str]) -> None:
    app: App = request.getfixturevalue(size)
    open_save(app, named(save_at("game-over", players=4), names), "game-over")
    page = app.page
    width = {"phone": 360, "small": 320, "desktop": 1280}[size]
    expect(page.locator("#stats-table")).to_be_visible()
    wide: list[Any] = page.evaluate("""(width) => [...document.querySelectorAll(
        '#game-over *')].filter((e) => !e.closest('.table-scroll')
        && e.getBoundingClientRect().right > width + 1).map((e) => e.tagName + '.'
        + e.className)""", width)
    assert page_width(page) <= width and wide == [], (page_width(page), wide)
    app.assert_clean()
