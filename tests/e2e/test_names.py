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
from tools.census.measure import measure
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


def figures_state(page: Page) -> dict[str, Any]:
    """The game-over figures' tables: for each, whether its columns are headed by
    short names, the headings' shown text and whole names, the key's shown lines; and
    how far the round table's region scrolls sideways."""
    result: dict[str, Any] = page.evaluate("""() => {
        const shown = (e) => e.checkVisibility() && e.getClientRects().length > 0;
        const tables = {};
        for (const id of ['rounds-table', 'stats-table']) {
            const t = document.getElementById(id);
            const key = t.closest('section').querySelector('.name-key');
            tables[id] = {
                short: t.classList.contains('short'),
                heads: [...t.querySelectorAll('thead th')].slice(id === 'rounds-table' ? 1 : 0)
                    .map((th) => {
                        const short = th.querySelector('.col-short');
                        const name = th.querySelector('.col-name');
                        return shown(short) ? short.textContent
                            : name.getBoundingClientRect().width > 1 ? name.textContent
                            : '';
                    }),
                names: [...t.querySelectorAll('thead .col-name')].map(
                    (n) => n.textContent.replace(/[\u2068\u2069]/g, '')),
                key: shown(key) ? [...key.querySelectorAll('li')].map(
                    (li) => li.innerText.replace(/\\s+/g, ' ').trim()) : []};
        }
        const scroll = document.querySelector('#game-figures .table-scroll');
        return {tables, scroll: scroll.scrollWidth - scroll.clientWidth};
    }""")
    return result


@pytest.mark.parametrize(("size", "names"), [("phone", LEGAL), ("small", LEGAL),
                                             ("desktop", WIDE)])
def test_the_figures_head_their_columns_with_short_names_when_names_do_not_fit(
        request: pytest.FixtureRequest, size: str, names: list[str]) -> None:
    """Issue 41: 21-22-character names at 360 and 320 px, 24 wide glyphs at 1280 px:
    the round table no longer scrolls sideways and no name breaks inside a word; the
    figures' columns are headed P1..P4 with a key naming each player under the table,
    and each heading keeps the whole name for screen readers."""
    app: App = request.getfixturevalue(size)
    open_save(app, named(save_at("game-over", players=4), names), "game-over")
    page = app.page
    expect(page.locator("#stats-table")).to_be_visible()
    state = figures_state(page)
    shorts = ["P1", "P2", "P3", "P4"]
    for table in state["tables"].values():
        assert table["short"] and table["heads"] == shorts, state
        assert table["names"] == names, state
        assert [line.split(" ", 1)[0] for line in table["key"]] == shorts, state
    assert state["scroll"] <= 1, state
    found = [f.line() for f in measure(page) if f.kind == "page-scroll" or any(
        where in f.where for where in ("#game-figures", "#rounds-table", "#stats-table"))]
    assert found == [], found
    app.assert_clean()


def test_names_that_fit_head_the_figures_and_a_turned_phone_fits_them_again(
        desktop: App) -> None:
    """Short names head the figures' columns as they are, with no key; the window
    narrowed to a phone's width, the columns take short names and the key; widened
    again, the names come back (the tables are fitted again when the size changes)."""
    names = ["Annemarie", "Bartholomew"]
    open_save(desktop, named(save_at("game-over", players=2), names), "game-over")
    page = desktop.page
    expect(page.locator("#stats-table")).to_be_visible()
    wide = figures_state(page)["tables"]["rounds-table"]
    assert not wide["short"] and wide["heads"] == names and wide["key"] == [], wide
    page.set_viewport_size({"width": 300, "height": 800})
    expect(page.locator("#rounds-table.short")).to_have_count(1)
    narrow = figures_state(page)
    assert narrow["tables"]["rounds-table"]["heads"] == ["P1", "P2"], narrow
    assert narrow["scroll"] <= 1, narrow
    page.set_viewport_size({"width": 1280, "height": 800})
    expect(page.locator("#rounds-table.short")).to_have_count(0)
    assert figures_state(page)["tables"]["rounds-table"]["heads"] == names
    desktop.assert_clean()
