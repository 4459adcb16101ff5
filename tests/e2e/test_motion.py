"""Cards that move (issue 12, web/page/motion.py): a draw flies, nothing flies under
reduced motion or at instant speed, a bot's move stays highlighted (``touched``) until
the player's next decision, and no flying copy shows a card the player may not see.

An init script records every flying copy (``.motion-clone``) as it is added: its card
id (``data-card``, none for a back), its move (``data-from``, ``data-to``,
``data-mover``), whether it is hidden from assistive technology, and whether that card
id is shown elsewhere on the page at that moment (a face-up copy must copy a card the
player sees). The copies are checked to be gone after they land.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from seasalt.web.table import Table
from tests.e2e.conftest import App, sized_page
from tests.e2e.positions import open_at

RECORDER = """
(() => {
  window.__clones = [];
  window.__focusOnClone = false;
  const watch = () => {
    new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.addedNodes) {
          if (!(n instanceof Element) || !n.classList.contains("motion-clone")) continue;
          const id = n.getAttribute("data-card");
          const elsewhere = id === null ? 0 : [...document.querySelectorAll(
            `[data-card="${id}"]`)].filter((x) => !x.classList.contains("motion-clone")).length;
          window.__clones.push({
            card: id, from: n.getAttribute("data-from"), to: n.getAttribute("data-to"),
            mover: n.getAttribute("data-mover"), hidden: n.getAttribute("aria-hidden"),
            inert: n.hasAttribute("inert"), face: n.getAttribute("data-face"),
            elsewhere: elsewhere, text: n.textContent,
          });
        }
      }
      const a = document.activeElement;
      if (a && a.closest && a.closest(".motion-clone")) window.__focusOnClone = true;
    }).observe(document.documentElement, {childList: true, subtree: true});
  };
  if (document.documentElement) watch();
  else document.addEventListener("DOMContentLoaded", watch);
})();
"""
TURN_TIMEOUT_MS = 60_000


@pytest.fixture()
def phone(browser: Browser, site_url: str) -> Iterator[App]:
    """A phone: 390×844, touch (the opponents fold into a compact row)."""
    yield from sized_page(browser, site_url, 390, 844)


def clones(page: Page) -> list[dict[str, Any]]:
    """Every flying copy recorded so far."""
    return list(page.evaluate("window.__clones"))


def start(app: App, query: str) -> Page:
    """Open a game from a link, with the recorder installed."""
    app.page.add_init_script(RECORDER)
    app.open(query)
    app.wait_for_phase("playing")
    return app.page


def wait_for_draw(page: Page) -> None:
    """Wait until the player may draw (the draw pile is an action)."""
    page.wait_for_selector('#piles [data-pile="draw"].legal', timeout=TURN_TIMEOUT_MS)


def wait_no_clone(page: Page) -> None:
    """Wait until no flying copy is left, and check nothing stays marked as landing."""
    page.wait_for_function("document.querySelectorAll('.motion-clone').length === 0")
    assert page.locator(".motion-landing").count() == 0


def check_clones_show_only_seen_cards(recs: list[dict[str, Any]], me: str = "0") -> None:
    """Every copy is hidden from assistive technology and inert; a face-up copy copies a
    card shown on the page; another seat's draw flies face down."""
    for r in recs:
        assert r["hidden"] == "true" and r["inert"], r
        if r["card"] is not None:
            assert r["elsewhere"] >= 1, f"a copy shows a card the page does not: {r}"
        else:
            assert r["face"] == "down" and r["text"] == "", r
        if r["mover"] != me and r["from"] == "draw":
            assert r["card"] is None, f"another seat's draw flew face up: {r}"
        if r["mover"] != me and r["to"] in ("drawn", "looked", f"hand-{r['mover']}") \
                and r["from"] in ("draw", "drawn", "looked"):
            assert r["card"] is None, f"another seat's hidden card flew face up: {r}"


class TestMotion:
    def test_a_draw_flies_two_cards_that_are_gone_after(self, app: App) -> None:
        page = start(app, "?players=you,easy&seed=3&speed=normal")
        wait_for_draw(page)
        before = len(clones(page))
        page.click('#piles [data-pile="draw"]')
        page.wait_for_function(f"window.__clones.length >= {before + 2}")
        mine = [r for r in clones(page)[before:] if r["from"] == "draw"]
        assert len(mine) == 2 and all(r["to"] == "drawn" for r in mine), mine
        drawn = {page.get_attribute(f"#prompt [data-card='{r['card']}']", "data-card")
                 for r in mine}
        assert drawn == {r["card"] for r in mine} and None not in drawn  # my own: face up
        wait_no_clone(page)
        check_clones_show_only_seen_cards(clones(page))
        assert not page.evaluate("window.__focusOnClone")
        app.assert_clean()

    def test_nothing_flies_under_reduced_motion(self, app: App) -> None:
        app.page.emulate_media(reduced_motion="reduce")
        page = start(app, "?players=you,easy&seed=3&speed=normal")
        wait_for_draw(page)
        page.click('#piles [data-pile="draw"]')
        page.wait_for_selector("#prompt [data-card]")
        page.wait_for_timeout(400)
        assert clones(page) == []
        assert page.locator(".motion-clone, .motion-landing").count() == 0
        app.assert_clean()

    def test_nothing_flies_at_instant_speed(self, app: App) -> None:
        page = start(app, "?players=you,easy&seed=3&speed=instant")
        wait_for_draw(page)
        page.click('#piles [data-pile="draw"]')
        page.wait_for_selector("#prompt [data-card]")
        page.wait_for_timeout(400)
        assert clones(page) == []
        app.assert_clean()

    def test_a_bots_move_stays_touched_until_my_decision_and_hides_its_cards(
            self, app: App) -> None:
        bot_move_touched_then_cleared(app)

    def test_on_a_phone_too(self, phone: App) -> None:
        # the opponents fold into a compact row: the highlights land on what shows
        bot_move_touched_then_cleared(phone)

    def test_a_duo_flies_from_the_hand_to_the_front(self, app: App) -> None:
        app.page.add_init_script(RECORDER)
        save = open_at(app, "play-duo", speed="normal")
        page = app.page
        t = Table.load(save)
        duo = next(x for x in t.view(0)["legal"] if x["kind"] == "duo")
        a, b = duo["cards"]
        page.locator(f'.my-hand [data-card="{a}"]').click()
        page.locator(f'.my-hand [data-card="{b}"]').click()
        before = len(clones(page))
        page.locator(f'#prompt [data-code="{duo["code"]}"]').click()
        page.wait_for_function(f"window.__clones.length >= {before + 2}")
        wait_no_clone(page)
        flown = [r for r in clones(page)[before:] if r["to"] == "front-0"]
        assert sorted(int(r["card"]) for r in flown) == sorted([a, b])
        assert all(r["from"] == "hand-0" for r in flown)
        check_clones_show_only_seen_cards(clones(page))
        app.assert_clean()

    def test_a_crab_pick_flies_from_the_searched_pile_to_the_hand(self, app: App) -> None:
        app.page.add_init_script(RECORDER)
        save = open_at(app, "crab-pick", speed="normal")
        page = app.page
        t = Table.load(save)
        pick = next(x for x in t.view(0)["legal"] if x["kind"] == "pick")
        before = len(clones(page))
        page.locator(f'#prompt [data-code="{pick["code"]}"]').click()
        page.wait_for_function(f"window.__clones.length >= {before + 1}")
        wait_no_clone(page)
        flown = clones(page)[before:]
        assert [(r["card"], r["from"], r["to"]) for r in flown] == [
            (str(pick["cards"][0]), "search", "hand-0")]
        check_clones_show_only_seen_cards(clones(page))
        app.assert_clean()


def bot_move_touched_then_cleared(app: App) -> None:
    """Play my turns (take a discard top or draw and keep, end) until the bot has moved a
    card face down; check the copies, that what it touched is highlighted (and shown on
    screen), and that the highlight goes when I decide."""
    page = start(app, "?players=you,easy&seed=5&speed=fast")
    saw_back = False
    for _ in range(6):
        wait_for_draw(page)
        page.wait_for_timeout(50)
        if saw_back:
            break
        pile = page.locator('#piles [data-pile="1"].legal, #piles [data-pile="2"].legal')
        if pile.count():
            pile.first.click()
        else:
            page.click('#piles [data-pile="draw"]')
            page.locator('#prompt [data-code^="keep:"]').first.click()
        page.wait_for_selector('#prompt [data-code="end"]')
        page.click('#prompt [data-code="end"]')
        page.wait_for_timeout(100)
        wait_for_draw(page)
        saw_back = any(r["mover"] == "1" and r["card"] is None for r in clones(page))
    assert saw_back, "the bot never moved a card face down"
    wait_no_clone(page)
    recs = clones(page)
    assert any(r["mover"] == "1" for r in recs)
    check_clones_show_only_seen_cards(recs)
    # what the bot touched is highlighted now, on boxes the screen shows ...
    touched = page.locator(".touched")
    assert touched.count() > 0
    assert page.locator('#opponents [data-seat="1"] .touched').count() > 0  # its hand
    assert page.locator("#piles .touched").count() > 0  # a pile it drew or took from
    for i in range(touched.count()):
        box = touched.nth(i).bounding_box()
        assert box is not None and box["width"] > 0 and box["height"] > 0
    # ... and no longer once I decide
    page.click('#piles [data-pile="draw"]')
    page.wait_for_selector("#prompt [data-card]")
    assert page.locator(".touched").count() == 0
    assert not page.evaluate("window.__focusOnClone")
    app.assert_clean()
