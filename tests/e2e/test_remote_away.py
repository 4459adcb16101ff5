"""An away friend's seat on the host's table and on the other friends' phones, at
390x844 (issue 42): a small tag in each device's language on that seat only, inside its
tile, the tile no wider and its name still on one line, in both games.

Three devices in Chromium inside ``unshare -n`` (the shared ``isolated`` fixture of
``test_remote_link``): the host in French, two friends in Dutch; the second friend's
page goes away. Photographed for a look (``test_remote_page.SHOTS``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.test_remote_link import isolated  # noqa: F401 - the fixture
from tests.e2e.test_remote_page import SHOTS, Phone, join

TILES = """() => [...document.querySelectorAll('#playing .badge.away')].map(tag => {
  const tile = tag.closest('.seat, .fdm-chip'), t = tile.getBoundingClientRect();
  const r = tag.getBoundingClientRect();
  const name = tile.querySelector('.seat-name, .fdm-chip-name');
  const lines = name.getBoundingClientRect().height / parseFloat(getComputedStyle(name).lineHeight);
  return {text: tag.textContent, seat: tile.dataset.seat, inside: r.left >= t.left - 0.5
          && r.right <= t.right + 0.5 && r.top >= t.top - 0.5 && r.bottom <= t.bottom + 0.5,
          lines: lines, width: t.width};
})"""


@pytest.mark.parametrize("game", ["sea-salt-and-paper", "fruits-de-mer"])
def test_an_away_friend_is_marked_on_the_host_and_the_other_phone(
        isolated: Browser, dist_dir: Path, game: str) -> None:  # noqa: F811 - the fixture
    refused: list[str] = []
    host = Phone(isolated, dist_dir, "fr-FR", refused, phone=True)
    a = Phone(isolated, dist_dir, "nl-NL", refused, phone=True)
    b = Phone(isolated, dist_dir, "nl-NL", refused, phone=True)
    try:
        host.open(f"?game={game}&players=you,friend,friend&names=,Anke%20NL,Bram%20NL"
                  "&seed=4&speed=normal")
        join(host, a, 1)
        join(host, b, 2)
        host.page.click('#remote [data-action="close-dialog"]')
        for page in (host.page, a.page):
            expect(page.locator("#playing .badge.away")).to_have_count(0)
        widths = {id(p): p.evaluate("""() => [...document.querySelectorAll(
            '#playing .seat[data-seat="2"], #fdm-seats .fdm-chip[data-seat="2"]')]
            .map(e => e.getBoundingClientRect().width)""") for p in (host.page, a.page)}
        b.page.goto("about:blank")  # the second friend's page goes away
        SHOTS.mkdir(parents=True, exist_ok=True)
        for phone, words, lang in ((host, "hors ligne", "fr"), (a, "niet verbonden", "nl")):
            page = phone.page
            expect(page.locator("#playing .badge.away")).to_have_count(1, timeout=30_000)
            tags = page.evaluate(TILES)
            assert [(t["text"], t["seat"], t["inside"]) for t in tags] == [(words, "2", True)]
            assert tags[0]["lines"] < 1.6, tags  # its name keeps its room
            assert [tags[0]["width"]] == widths[id(page)], (tags, widths)  # no wider
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
            page.screenshot(path=str(SHOTS / f"away-{game}-{lang}-390.png"))
        assert refused == [] and host.errors == [] and a.errors == []
    finally:
        for phone in (host, a, b):
            phone.context.close()
