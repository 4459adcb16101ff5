"""On the narrowest phone the page is made for (320 × 568, touch), in French (longer
words than English): the update notice ("a new version is ready", shown as boot.js
shows it) and a hot-seat dialog naming a 24-letter name fit the window, wrap rather
than scroll, and keep their buttons whole."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import sized_page
from tests.e2e.positions import open_save
from tests.e2e.test_names import LONG, named
from tools.census.positions import hot_seat, save_at

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

#: A box and its button: whether they fit the window and nothing scrolls sideways.
FITS = """([box, button]) => {
    const d = document.querySelector(box), b = document.querySelector(button);
    const r = d.getBoundingClientRect(), k = b.getBoundingClientRect();
    return {left: r.left, right: r.right, scroll: d.scrollWidth, client: d.clientWidth,
            buttonLeft: k.left, buttonRight: k.right, buttonHeight: k.height,
            page: document.documentElement.scrollWidth, width: innerWidth};
}"""


@pytest.fixture()
def small(browser: Browser, site_url: str) -> Iterator[App]:
    """A 320 × 568 phone (touch)."""
    yield from sized_page(browser, site_url, 320, 568, touch=True)


def assert_fits(page: Page, box: str, button: str) -> None:
    m = page.evaluate(FITS, [box, button])
    assert m["left"] >= 0 and m["right"] <= m["width"] == 320, m
    assert m["scroll"] <= m["client"], m  # wraps, never scrolls sideways
    assert m["left"] <= m["buttonLeft"] and m["buttonRight"] <= m["right"], m
    assert m["buttonHeight"] >= 24 and m["page"] <= 320, m


def test_the_update_notice_and_a_long_name_fit_a_320_px_phone(small: App) -> None:
    page = small.page
    small.open("?lang=fr")
    small.wait_for_phase("setup")
    page.evaluate("document.getElementById('update-notice').hidden = false")
    notice = page.locator("#update-notice")
    expect(notice).to_contain_text("nouvelle version")
    expect(notice.locator("button")).to_be_visible()
    assert_fits(page, "#update-notice", "#update-notice button")
    page.evaluate("document.getElementById('update-notice').hidden = true")
    open_save(small, named(hot_seat(save_at("draw")), [LONG, "Zoë"]))
    expect(page.locator("#handoff")).to_be_visible()
    expect(page.locator("#handoff-title")).to_contain_text(LONG)
    assert_fits(page, "#handoff", "#handoff-ready")
    small.assert_clean()
