"""Fruits de mer's reveal on a phone: the "+1" of a seat that scored is drawn at its own
place, never where it reads as another seat's (390x844, French, long names that stack
the places one under the other).

During a reveal a scorer's card often stands in the centre while it scores, its place
empty: the "+1" then sits just above the seat's own name, not at the top of the empty
place, right under the name of the seat above. Every page blocks requests that leave
127.0.0.1 (`sized_page`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Browser

from tests.e2e.conftest import sized_page
from tests.e2e.test_fdm import open_game, playable, score_rows, wait_until

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

GAME = ("?game=fruits-de-mer&players=you,medium,medium&names=Joueur%201,Bram%20NL,"
        "Bot%20moyen&seed=21&speed=instant&lang=fr")
ROUNDS = 6
SLACK = 0.5

BADGES = """(centre) => [...document.querySelectorAll('#fdm-reveal .fdm-slot.scored')]
  .map(slot => {
  const spot = slot.querySelector('.fdm-spot');
  const card = spot.querySelector('.fdm-mini.played');
  // the reveal's middle: the scorer's card in the centre (as a spawn or eat step moves it)
  if (centre && card) document.querySelector('#fdm-reveal .fdm-centre-cards').append(card);
  const r = spot.getBoundingClientRect(), cs = getComputedStyle(spot, '::after');
  const w = parseFloat(cs.width), h = parseFloat(cs.height);
  const right = r.right - parseFloat(cs.right);
  const top = cs.top === 'auto' ? r.bottom - parseFloat(cs.bottom) - h : r.top + parseFloat(cs.top);
  const b = {left: right - w, top: top, right: right, bottom: top + h};
  const x = (b.left + b.right) / 2, y = (b.top + b.bottom) / 2;
  const names = [...document.querySelectorAll('#fdm-reveal .fdm-slot')].map(o => {
    const n = o.querySelector('.fdm-owner').getBoundingClientRect();
    return [o.dataset.seat, Math.hypot(x - (n.left + n.right) / 2, y - (n.top + n.bottom) / 2)];
  }).sort((p, q) => p[1] - q[1]);
  const c = spot.querySelector('.fdm-mini.played'), cr = c && c.getBoundingClientRect();
  const onCard = !!cr && x >= cr.left && x <= cr.right && y >= cr.top && y <= cr.bottom;
  const s = slot.getBoundingClientRect();
  if (centre && card) spot.append(card);  // back where the reveal left it
  return {seat: slot.dataset.seat, badge: b, slot: {left: s.left, top: s.top, right: s.right,
          bottom: s.bottom}, nearest: names[0][0], onCard: onCard, content: cs.content};
})"""


@pytest.fixture()
def phone(browser: Browser, site_url: str) -> Iterator[App]:
    """A page at 390x844 with touch."""
    yield from sized_page(browser, site_url, 390, 844, touch=True)


def misplaced(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The badges not at their own seat's place: outside its column, or neither on its
    card nor nearer its own name than any other."""
    out = []
    for f in found:
        b, s = f["badge"], f["slot"]
        inside = (s["left"] - SLACK <= (b["left"] + b["right"]) / 2 <= s["right"] + SLACK
                  and s["top"] - SLACK <= (b["top"] + b["bottom"]) / 2 <= s["bottom"] + SLACK)
        if f["content"] != '"+1"' or not inside or not (f["onCard"] or f["nearest"] == f["seat"]):
            out.append(f)
    return out


def test_the_plus_one_stays_at_its_seats_place_on_a_phone(phone: App) -> None:
    app, page = phone, phone.page
    open_game(app, GAME)
    checked = stacked = 0
    for rnd in range(1, ROUNDS + 1):
        wait_until(app, lambda: bool(playable(page)), "my hand")
        page.locator("#fdm-hand .fdm-card.playable").first.click()
        page.click("#fdm-play")
        wait_until(app, lambda r=rnd: score_rows(page) == r, "the round's reveal")
        page.wait_for_timeout(100)
        for centre in (False, True):
            found = page.evaluate(BADGES, centre)
            assert not misplaced(found), (rnd, centre, found)
            checked += len(found)
            stacked += sum(f["slot"]["left"] < 40 and f["seat"] != "0" for f in found)
    assert checked >= 4 and stacked >= 1, (checked, stacked)  # places stacked: the case
    app.assert_clean()
