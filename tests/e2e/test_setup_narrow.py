"""The setup screen on the narrowest phone (320x568, touch) in every language: nothing
makes the page wider than the screen (a phone's browser would widen its layout to the
content and scroll sideways; the visual viewport keeps the screen's width).

Every page blocks requests that leave 127.0.0.1 (`sized_page`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Browser

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
