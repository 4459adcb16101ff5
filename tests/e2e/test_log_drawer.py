"""The log drawer on a phone (issue 39, item 5): a tap outside it only closes it (a draw
cannot be undone, so a tap that closes the drawer must not also draw), it has a close
button a thumb can hit, and Escape closes it and gives the focus back.

Positions come from :mod:`tests.e2e.positions`; the action count is read from the
save the page writes after each decision.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Browser, Page, expect

from seasalt.i18n import set_language, temporary_language
from seasalt.ssp.present.page import page_text
from tests.e2e.conftest import sized_page
from tests.e2e.positions import open_at, saved_game

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App


@pytest.fixture()
def phone(browser: Browser, site_url: str) -> Iterator[App]:
    """A phone: 390×844, touch."""
    yield from sized_page(browser, site_url, 390, 844)


def actions(page: Page) -> int:
    """The number of actions in the game's record, as the page saved it last."""
    text = saved_game(page)
    assert text is not None
    return len(json.loads(text)["record"]["actions"])


def centre(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def open_drawer(page: Page) -> None:
    page.locator("#playing .log-toggle").tap()
    expect(page.locator("#log-panel")).to_be_visible()


@pytest.mark.parametrize("target", ['[data-pile="draw"]', '[data-pile="1"]'])
def test_a_tap_outside_the_drawer_only_closes_it(phone: App, target: str) -> None:
    """Done when of item 5: with the drawer open, a tap on the draw pile (or on a discard
    pile) closes the drawer and takes nothing; the next tap takes."""
    open_at(phone, "draw")
    page = phone.page
    before = actions(page)
    expect(page.locator(target).first).to_be_visible()
    open_drawer(page)
    x, y = centre(page, target)
    page.touchscreen.tap(x, y)
    expect(page.locator("#log-panel")).to_be_hidden()
    page.wait_for_timeout(300)  # a draw, had it gone through, shows by then
    expect(page.locator(".keep-card")).to_have_count(0)
    assert actions(page) == before
    # the drawer closed, the same tap now takes
    page.touchscreen.tap(*centre(page, target))
    for _ in range(100):
        if actions(page) > before:
            break
        page.wait_for_timeout(50)
    assert actions(page) == before + 1
    phone.assert_clean()


def test_the_drawer_has_a_close_button(phone: App) -> None:
    """A labelled, translated close button of at least 44×44 px on touch."""
    phone.open()
    phone.wait_for_phase("setup")
    phone.page.evaluate("() => localStorage.setItem('seasalt.lang', 'nl')")
    open_at(phone, "draw")
    page = phone.page
    open_drawer(page)
    close = page.locator("#log-panel .log-close")
    expect(close).to_be_visible()
    with temporary_language():
        set_language("nl")
        word = page_text("close")
    assert word != "Close"
    expect(close).to_have_text(word)
    box = close.bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44, box
    before = actions(page)
    close.tap()
    expect(page.locator("#log-panel")).to_be_hidden()
    assert actions(page) == before
    phone.assert_clean()


def test_escape_closes_the_drawer_and_gives_the_focus_back(phone: App) -> None:
    open_at(phone, "draw")
    page = phone.page
    toggle = page.locator("#playing .log-toggle")
    toggle.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#log-panel")).to_be_visible()
    expect(page.locator("#log-panel .log-close")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#log-panel")).to_be_hidden()
    expect(toggle).to_be_focused()
    phone.assert_clean()
