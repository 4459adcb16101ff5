"""Opponents' seats on a phone: a revealed hand (docs/rules.md R6.0) and the cards known
in a hand are on screen as chips, readable without a tap, and no other card of a hand
reaches the page (R5).

The position is ``final-turn`` (:mod:`tests.e2e.positions`): seat 0's final turn after
another seat's LAST CHANCE (R6.2), the moment a player must see what they try to beat.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Browser

from seasalt.web.table import Table
from tests.e2e.conftest import sized_page
from tests.e2e.positions import open_at

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

PHONES = ((390, 844), (320, 568), (844, 390))
MIN_TEXT = 12
"""The smallest font size a chip's name may have, in CSS pixels."""

CHIPS_JS = """(seat) => {
    const W = innerWidth, H = innerHeight;
    return [...document.querySelectorAll(`.seat[data-seat="${seat}"] .other-hand .card`)]
        .map((c) => {
            const r = c.getBoundingClientRect();
            const name = c.querySelector(".card-title");
            const icon = c.querySelector(".card-icon");
            const x = r.left + r.width / 2, y = r.top + r.height / 2;
            const hit = document.elementFromPoint(x, y);
            return {card: c.dataset.card, back: c.classList.contains("back"),
                    onScreen: r.width > 0 && r.left >= -0.5 && r.top >= -0.5
                              && r.right <= W + 0.5 && r.bottom <= H + 0.5,
                    uncovered: !!hit && c.contains(hit),
                    name: name && name.checkVisibility() ? name.textContent : "",
                    nameCut: name ? name.scrollWidth > name.clientWidth + 0.5 : true,
                    font: name ? parseFloat(getComputedStyle(name).fontSize) : 0,
                    icon: !!icon && icon.checkVisibility()
                          && icon.getBoundingClientRect().width >= 12};
        });
}"""


@pytest.fixture(params=PHONES, ids=[f"{w}x{h}" for w, h in PHONES])
def phone(request: pytest.FixtureRequest, browser: Browser, site_url: str) -> Iterator[App]:
    """A touch page at a phone's size."""
    width, height = request.param
    yield from sized_page(browser, site_url, width, height, touch=True)


def seen_by_seat_0(save: str) -> dict[str, Any]:
    """Seat 0's payload of the saved game (what its page is given)."""
    return Table.load(save).view(0)


@pytest.mark.parametrize("players", [3, 4])
def test_a_revealed_hand_is_on_a_phones_screen_in_the_final_turn(phone: App,
                                                                 players: int) -> None:
    """Every card of the LAST CHANCE caller's revealed hand is a chip inside the screen,
    not covered, with its icon and its whole name at a readable size; the other
    revealed hands are chips with their icons (on a phone on its side, within the
    opponents' scrolling strip); each seat shows its card points."""
    save = open_at(phone, "final-turn", players=players)
    v = seen_by_seat_0(save)
    revealed = [s for s in range(1, players) if v["revealed"][s]]
    assert v["caller"] in revealed
    page = phone.page
    page.wait_for_timeout(150)  # fonts settle
    for s in revealed:
        chips = page.evaluate(CHIPS_JS, s)
        assert sorted(int(c["card"]) for c in chips) == sorted(v["known"][s])
        for c in chips:
            assert c["icon"], (s, c)
            if s == v["caller"]:
                assert c["onScreen"] and c["uncovered"], (s, c)
                assert c["name"] and not c["nameCut"], (s, c)
                assert c["font"] >= MIN_TEXT, (s, c)
        points = page.locator(f'.seat[data-seat="{s}"] .hand-points')
        assert points.is_visible()
        assert points.locator("b").inner_text() == str(v["seats"][s]["points"])
    phone.assert_clean()


def test_known_cards_show_and_no_hidden_card_reaches_a_phones_page(phone: App) -> None:
    """An opponent's cards on the page are exactly the ones seat 0 knows (R5): the
    chips; the rest are backs with no card id, counted by the seat's label."""
    save = open_at(phone, "final-turn", players=3)
    v = seen_by_seat_0(save)
    knows = [s for s in range(1, 3) if v["known"][s]]
    assert knows
    for s in range(1, 3):
        chips = phone.page.evaluate(CHIPS_JS, s)
        faces = sorted(int(c["card"]) for c in chips if not c["back"])
        assert faces == sorted(v["known"][s])
        assert all(c["card"] is None for c in chips if c["back"])
        for c in chips:
            if not c["back"]:
                assert c["onScreen"] and c["icon"], (s, c)
    # the rest of each hand: a small back and its number on screen, the words
    # ("5 cards in hand (2 known)") for assistive technology
    for s in range(1, 3):
        seat = phone.page.locator(f'.seat[data-seat="{s}"]')
        hidden = v["hand_sizes"][s] - len(v["known"][s])
        rest = seat.locator(".hand-rest")
        if hidden:
            assert rest.is_visible() and rest.inner_text().strip() == str(hidden)
        assert seat.locator(".hand-count").text_content() == v["seats"][s]["hand_label"]
    # the page's whole DOM names no card of another hand that seat 0 does not know
    named = set(json.loads(phone.page.evaluate(
        "() => JSON.stringify([...document.querySelectorAll('[data-card]')]"
        ".map((e) => +e.dataset.card))")))
    state = Table.load(save).driver
    hidden = {c for s in range(1, 3) for c in state.state.hands[s]
              if c not in v["known"][s]}
    assert not named & hidden
    phone.assert_clean()
