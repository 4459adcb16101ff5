"""The setup screen on the narrowest phone (320x568, touch) in every language: nothing
makes the page wider than the screen (a phone's browser would widen its layout to the
content and scroll sideways; the visual viewport keeps the screen's width). Each seat's
choice reads whole, whichever option is chosen ("Le téléphone d'un ami" was cut to "Le
téléphone d'u" at 390 px and at 1280 px), with a Remove button beside each seat.

Every page blocks requests that leave 127.0.0.1 (`sized_page`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import sized_page

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

WIDE = """() => [...document.querySelectorAll('#setup *')]
  .filter(e => e.getClientRects().length && e.getBoundingClientRect().right > 320.5)
  .map(e => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`)"""


@pytest.fixture()
def small_phone(browser: Browser, site_url: str) -> Iterator[App]:
    """320x568, touch."""
    yield from sized_page(browser, site_url, 320, 568)


def test_the_setup_fits_the_narrowest_phone(small_phone: App) -> None:
    app, page = small_phone, small_phone.page
    for lang in ("en", "fr", "nl", "tr"):
        app.open(f"?lang={lang}")
        app.wait_for_phase("setup")
        page.wait_for_timeout(100)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 320, (lang, width, page.evaluate(WIDE)[:4])
    app.assert_clean()


#: Each seat's menu: its width and the width its longest option needs (its max-content
#: width: a closed menu shows its chosen option on one line, cut where it is narrower).
SEAT_MENUS = """() => [...document.querySelectorAll('#setup .seat-row:not([hidden]) select')]
  .map(s => {
    const width = s.getBoundingClientRect().width;
    const before = s.style.cssText;
    s.style.width = 'max-content';
    s.style.maxWidth = 'none';
    const needed = s.getBoundingClientRect().width;
    s.style.cssText = before;
    return {width, needed, options: [...s.options].map(o => o.text)};
  })"""


@pytest.mark.parametrize("size", [(390, 844), (320, 568), (1280, 800)],
                         ids=["390x844", "320x568", "1280x800"])
def test_every_seat_choice_reads_whole(browser: Browser, site_url: str,
                                       size: tuple[int, int]) -> None:
    touch = size[0] < 600
    for app in sized_page(browser, site_url, *size, touch=touch):
        page = app.page
        for lang in ("fr", "nl", "tr"):
            app.open(f"?lang={lang}")
            app.wait_for_phase("setup")
            page.click("#add-seat")  # three seats: each shows its Remove button
            expect(page.locator('#setup [data-action="remove-seat"]:visible')).to_have_count(3)
            page.select_option("#setup .seat-row[data-row='1'] select", "friend")
            menus = page.evaluate(SEAT_MENUS)
            assert len(menus) == 3
            for menu in menus:
                assert menu["width"] >= menu["needed"] - 0.5, (lang, menu)
            assert page.evaluate("document.documentElement.scrollWidth") <= size[0], lang
        app.assert_clean()
