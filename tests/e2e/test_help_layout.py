"""The help's card list as a player reads it (issue 39): on a phone each card type is a
block of labelled lines (no sideways scroll, no colour name broken, nothing cut at the
dialog's edge), in French, Dutch and Turkish, for both games; on a laptop it stays a
table with its column headers.

Every page blocks requests that leave 127.0.0.1 (`sized_page`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import sized_page

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

MEASURE = """() => {
  const out = {scroll: [], broken: [], cut: [], rows: 0};
  const box = document.querySelector('dialog#help').getBoundingClientRect();
  for (const s of document.querySelectorAll('#help-body .help-cards'))
    if (s.scrollWidth > s.clientWidth + 1) out.scroll.push(s.scrollWidth - s.clientWidth);
  const texts = '#help-body :is(.colour-name, .help-kind-name, td[data-label] > span)';
  for (const n of document.querySelectorAll(texts)) {
    const r = document.createRange();
    r.selectNodeContents(n);
    const lines = new Set([...r.getClientRects()].map(x => Math.round(x.top)));
    if (lines.size > n.textContent.trim().split(/\\s+/).length) out.broken.push(n.textContent);
    const b = n.getBoundingClientRect();
    if (b.right > box.right + 0.5 || b.left < box.left - 0.5) out.cut.push(n.textContent);
  }
  for (const n of document.querySelectorAll('#help-body .colour-name'))
    if (n.getClientRects().length !== 1 || n.getBoundingClientRect().height > 24)
      out.broken.push(n.textContent);
  const dialog = document.querySelector('dialog#help');
  if (dialog.scrollWidth > dialog.clientWidth + 1)
    out.scroll.push(`the dialog: ${dialog.scrollWidth - dialog.clientWidth}`);
  out.rows = document.querySelectorAll('#help-body tr.help-card').length;
  return out;
}"""


@pytest.fixture()
def small_phone(browser: Browser, site_url: str) -> Iterator[App]:
    """The smallest phone the table is made for: 320×568, touch."""
    yield from sized_page(browser, site_url, 320, 568)


def measure(page: Page) -> dict[str, Any]:
    """The card list's sideways scroll, broken words and cut texts, after a layout."""
    page.wait_for_timeout(50)
    return dict(page.evaluate(MEASURE))


def open_help(page: Page) -> None:
    page.locator('[data-action="help"]:visible').first.click()
    expect(page.locator("dialog#help")).to_have_attribute("open", "")
    expect(page.locator("#help-body .help-table").first).to_be_attached()


def show_game(page: Page, game: str) -> None:
    button = page.locator(f'#help-body [data-action="help-game"][data-game="{game}"]')
    button.click()
    expect(page.locator(f'#help-body [data-game="{game}"][aria-pressed="true"]')).to_have_count(1)


@pytest.mark.parametrize("lang", ["fr", "nl", "tr"])
def test_a_phone_reads_the_card_list_without_sideways_scroll(small_phone: App,
                                                              lang: str) -> None:
    app, page = small_phone, small_phone.page
    app.open(f"?lang={lang}")
    app.wait_for_phase("setup")
    open_help(page)
    for game in ("sea-salt-and-paper", "fruits-de-mer"):
        show_game(page, game)
        found = measure(page)
        assert found["rows"] >= 5, found
        assert (found["scroll"], found["broken"], found["cut"]) == ([], [], []), (game, found)
        # a block per card type: its column names are said beside its lines
        head = page.locator("#help-body .help-table thead").first
        assert head.evaluate("e => e.getBoundingClientRect().height") <= 1
        label = page.locator("#help-body td[data-label]").first
        assert label.evaluate("e => getComputedStyle(e, '::before').content") not in (
            "none", "normal", '""')
        # every card type has its picture beside its name
        assert page.locator("#help-body tr.help-card th .help-icon").count() == found["rows"]
    page.set_viewport_size({"width": 1280, "height": 800})
    found = measure(page)
    assert (found["scroll"], found["broken"], found["cut"]) == ([], [], []), found
    expect(page.locator("#help-body .help-table thead th").first).to_be_visible()
    app.assert_clean()
