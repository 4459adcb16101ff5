"""Direct manipulation in Chromium (issue 12): draw by a click on the draw pile, keep a
drawn card by a click on it then a click on the discard pile for the other (or by
dragging the other onto a pile), play a duo by selecting its two hand cards then the
button that names it.

Positions come from :mod:`tests.e2e.positions` (a save at the named decision, resumed
through the setup screen's Continue button). The codes and words the page must show are
read, in this process, from the same save through :mod:`seasalt.web.table` and the
presenter: the page is checked against the engine's legal records, not against
numbers written here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Browser, Page, expect

from seasalt.i18n import set_language, temporary_language
from seasalt.ssp.present.actions import discard_here, keep_label, play_label
from seasalt.ssp.present.piles import drawn_names
from seasalt.ssp.present.prompt import distinct_names, prompt
from seasalt.web.table import Table
from tests.e2e.conftest import sized_page
from tests.e2e.positions import open_at

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App


SCREENS = Path(__file__).resolve().parent / "screens"
"""Screenshots (git-ignored), to look at."""


def shot(page: Page, name: str) -> None:
    SCREENS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENS / f"direct-{name}.png"))


def seat0_view(save: str) -> dict[str, Any]:
    """Seat 0's payload (``Table.view``) of a save, as the page builds it."""
    t = Table.load(save)
    return t.view(0)


def keep_codes(v: dict[str, Any], card: int) -> dict[int, str]:
    """The legal keep records that keep ``card``: ``{pile: code}``."""
    return {int(x["pile"]): x["code"] for x in v["legal"]
            if x["kind"] == "keep" and x["cards"] == [card]}


def hand(page: Page) -> list[int]:
    return [int(c) for c in page.eval_on_selector_all(
        ".my-hand [data-card]", "els => els.map(e => e.dataset.card)")]


def pile_top(page: Page, pile: int) -> int | None:
    node = page.locator(f'[data-pile="{pile}"] [data-card]')
    return int(node.get_attribute("data-card")) if node.count() else None


def wait_kept(page: Page, kept: int) -> None:
    """Wait until the kept card is in the hand (the keep step is over)."""
    expect(page.locator(f'.my-hand [data-card="{kept}"]')).to_have_count(1)
    expect(page.locator(".keep-card")).to_have_count(0)


def center(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def mouse_drag(page: Page, source: str, target: str) -> None:
    """Drag ``source`` onto ``target`` (selectors) with the mouse, in eight steps."""
    x0, y0 = center(page, source)
    x1, y1 = center(page, target)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x1, y1, steps=8)
    page.mouse.up()


def french_refusals(v: dict[str, Any], card: int) -> dict[str, str]:
    """Why the keep step's card ``card`` may not go on each refused pile (``"1"``,
    ``"2"``, ``"draw"``), in French, as the presenter words it for the page."""
    with temporary_language():
        set_language("fr")
        (keep,) = [part for part in prompt(v, v["names"], v["kinds"])["parts"]
                   if part["type"] == "keep"]
    return dict(next(c for c in keep["choices"] if c["card"] == card)["refusals"])


def french_keep(app: App, decision: str) -> tuple[dict[str, Any], int, dict[str, str]]:
    """Open the page in French at a keep step (``keep`` or ``keep-empty``): seat 0's
    view, the card it does not keep first (the other drawn card) and that card's
    refusals in French (:func:`french_refusals`)."""
    app.open()
    app.wait_for_phase("setup")
    app.page.evaluate("() => localStorage.setItem('seasalt.lang', 'fr')")
    v = seat0_view(open_at(app, decision))
    other = v["drawn"][1]
    return v, other, french_refusals(v, other)


class TestDirect:
    def test_draw_by_clicking_the_draw_pile(self, app: App) -> None:
        save = open_at(app, "draw")
        page = app.page
        v = seat0_view(save)
        assert "draw" in {x["code"] for x in v["legal"]}
        pile = page.locator('[data-pile="draw"]')
        expect(pile).to_have_attribute("data-code", "draw")
        pile.click()
        expect(page.locator(".keep-card")).to_have_count(2)
        drawn = [int(c) for c in page.eval_on_selector_all(
            ".keep-card", "els => els.map(e => e.dataset.card)")]
        t = Table.load(save)
        t.submit(0, t.ply, "draw")  # the same seeded game: the same two cards
        assert drawn == list(t.view(0)["drawn"])

    def test_keep_by_clicking_the_card_then_the_pile(self, app: App) -> None:
        save = open_at(app, "keep")
        page = app.page
        v = seat0_view(save)
        names = drawn_names(v)
        kept, other = v["drawn"]
        # nothing chosen: the buttons under each card say both cards and the pile
        for card, rest in ((kept, other), (other, kept)):
            choice = page.locator(".keep-choice", has=page.locator(f'[data-card="{card}"]'))
            expect(choice.locator("[data-code]")).to_have_text(
                [keep_label(names[card], names[rest], p) for p in sorted(keep_codes(v, card))])
        expect(page.locator("[data-pile='1'][data-code^='keep:'], "
                            "[data-pile='2'][data-code^='keep:']")).to_have_count(0)
        card = page.locator(f'.keep-card[data-card="{kept}"]')
        card.click()
        expect(card).to_have_attribute("aria-pressed", "true")
        expect(card).to_have_class(re.compile(r"\bselected\b"))
        expect(page.locator(f'.keep-card[data-card="{other}"]')).to_have_class(
            re.compile(r"\bdim\b"))
        codes = keep_codes(v, kept)
        for pile in (1, 2):
            node = page.locator(f'[data-pile="{pile}"]')
            if pile in codes:  # the legal records say where the other card may go
                expect(node).to_have_attribute("data-code", codes[pile])
                expect(node.locator(".pile-hint")).to_have_text(discard_here(names[other]))
                expect(node).to_have_attribute("data-key", str(pile))
            else:
                expect(node).to_be_disabled()
        shot(page, "keep-chosen")
        # a second click lets the card go; a third chooses it again
        card.click()
        expect(card).to_have_attribute("aria-pressed", "false")
        expect(page.locator(".pile-hint")).to_have_count(0)
        card.click()
        pile = min(codes)
        page.locator(f'[data-pile="{pile}"]').click()
        wait_kept(page, kept)
        assert pile_top(page, pile) == other
        app.assert_clean()

    def test_keep_by_keyboard_card_then_pile_key(self, app: App) -> None:
        save = open_at(app, "keep")
        page = app.page
        v = seat0_view(save)
        kept, other = v["drawn"]
        codes = keep_codes(v, other)
        card = page.locator(f'.keep-card[data-card="{other}"]')
        card.focus()
        page.keyboard.press("Enter")
        expect(card).to_have_attribute("aria-pressed", "true")
        pile = max(codes)
        page.keyboard.press(str(pile))
        wait_kept(page, other)
        assert pile_top(page, pile) == kept

    def test_drag_the_other_card_onto_a_pile(self, app: App) -> None:
        save = open_at(app, "keep")
        page = app.page
        v = seat0_view(save)
        kept, other = v["drawn"]
        drops = keep_codes(v, kept)  # dragging `other` onto a pile keeps `kept`
        pile = max(drops)
        source = f'.keep-card[data-card="{other}"]'
        expect(page.locator(source)).to_have_attribute(f"data-drop-{pile}", drops[pile])
        x0, y0 = center(page, source)
        x1, y1 = center(page, f'[data-pile="{pile}"]')
        page.mouse.move(x0, y0)
        page.mouse.down()
        page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, steps=5)
        page.mouse.move(x1, y1, steps=5)
        # while it moves: a copy follows, hidden from assistive technology, with no card id
        ghost = page.locator(".drag-ghost")
        expect(ghost).to_have_count(1)
        expect(ghost).to_have_attribute("aria-hidden", "true")
        assert ghost.get_attribute("data-card") is None
        expect(page.locator(f'[data-pile="{pile}"].drop-target.drop-over')).to_have_count(1)
        shot(page, "drag")
        page.mouse.up()
        wait_kept(page, kept)
        assert pile_top(page, pile) == other
        expect(page.locator(".drag-ghost, .drop-target")).to_have_count(0)
        app.assert_clean()

    def test_a_drag_onto_a_refused_pile_says_why(self, app: App) -> None:
        """Issue 39, item 7: with one discard pile empty, the other card dragged onto
        the other pile snaps back and the table says why, in the page's language (the
        presenter's words, R4.1a)."""
        v, other, refusals = french_keep(app, "keep-empty")
        page = app.page
        kept = v["drawn"][0]
        (allowed,) = keep_codes(v, kept)
        refused = 3 - allowed
        source = f'.keep-card[data-card="{other}"]'
        why = refusals[str(refused)]
        mouse_drag(page, source, f'[data-pile="{refused}"]')
        message = page.locator("#table-message")
        expect(message).to_have_text(why)
        expect(message).to_have_attribute("role", "status")
        assert "défausse" in why
        expect(page.locator(".keep-card")).to_have_count(2)
        expect(page.locator(".drag-ghost")).to_have_count(0)
        # then the same card onto the pile it may go to: kept, and the reason is gone
        mouse_drag(page, source, f'[data-pile="{allowed}"]')
        wait_kept(page, kept)
        expect(message).to_be_hidden()

    def test_a_drag_onto_the_draw_pile_says_why(self, app: App) -> None:
        """A drawn card dropped on the draw pile snaps back and the table says it goes
        on a discard pile, in the page's language (the presenter's words, R4.1a)."""
        _v, other, refusals = french_keep(app, "keep")
        page = app.page
        why = refusals["draw"]
        assert "pioche" in why and "défausse" in why
        mouse_drag(page, f'.keep-card[data-card="{other}"]', '[data-pile="draw"]')
        message = page.locator("#table-message")
        expect(message).to_have_text(why)
        expect(page.locator(".keep-card")).to_have_count(2)
        expect(page.locator(".drag-ghost")).to_have_count(0)
        shot(page, "drag_draw_fr")
        app.assert_clean()

    def test_a_drag_dropped_elsewhere_changes_nothing(self, app: App) -> None:
        open_at(app, "keep")
        page = app.page
        source = ".keep-card >> nth=0"
        x0, y0 = center(page, source)
        page.mouse.move(x0, y0)
        page.mouse.down()
        page.mouse.move(x0 + 60, y0 - 40, steps=6)
        page.mouse.up()
        expect(page.locator(".drag-ghost")).to_have_count(0)
        expect(page.locator(".keep-card")).to_have_count(2)
        # not a click either: nothing chosen
        expect(page.locator('.keep-card[aria-pressed="true"]')).to_have_count(0)

    @pytest.mark.parametrize("decision, players", [("play-duo", 2), ("steal", 3)])
    def test_duo_by_selecting_two_cards_then_the_named_button(
            self, app: App, decision: str, players: int) -> None:
        save = open_at(app, decision, players=players)
        page = app.page
        v = seat0_view(save)
        duos = [x for x in v["legal"] if x["kind"] == "duo"
                and (decision != "steal" or x["effect"] == "steal")]
        assert duos
        # the options of the same two cards: one per pile (Crab), per target (steal)
        x = duos[-1]
        a, b = x["cards"]
        expect(page.locator(".duo-options")).to_have_count(0)
        page.locator(f'.my-hand [data-card="{a}"]').click()
        page.locator(f'.my-hand [data-card="{b}"]').click()
        options = [y for y in duos if sorted(y["cards"]) == sorted(x["cards"])]
        row = page.locator(".duo-options [data-code]")
        expect(row).to_have_text([play_label(y, distinct_names(v["names"])) for y in options])
        shot(page, f"{decision}-selected")
        labels = row.all_inner_texts()
        assert len(set(labels)) == len(labels), labels  # two "Easy bot"s told apart
        if decision == "steal":
            assert all(" steal a random card from " in label for label in labels)
        assert all(label.startswith("Play ") for label in row.all_inner_texts())
        page.locator(f'.duo-options [data-code="{x["code"]}"]').click()
        expect(page.locator(f'.my-front [data-card="{a}"]')).to_have_count(1)
        expect(page.locator(f'.my-front [data-card="{b}"]')).to_have_count(1)
        assert a not in hand(page) and b not in hand(page)
        app.assert_clean()


@pytest.fixture()
def phone(browser: Browser, site_url: str) -> Iterator[App]:
    """A phone: 390×844, touch."""
    yield from sized_page(browser, site_url, 390, 844)


@pytest.fixture()
def tablet(browser: Browser, site_url: str) -> Iterator[App]:
    """A tablet held sideways: 1024×768, touch."""
    yield from sized_page(browser, site_url, 1024, 768)


def touch_drag(page: Page, start: tuple[float, float], end: tuple[float, float],
               steps: int = 8) -> Any:
    """Start a touch at ``start`` and move it to ``end`` through the browser's input
    (Chromium turns it into pointer events of type ``touch``); returns the session:
    ``lift(session, end)`` ends the touch."""
    cdp = page.context.new_cdp_session(page)
    (x0, y0), (x1, y1) = start, end
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart",
                                          "touchPoints": [{"x": x0, "y": y0}]})
    for i in range(1, steps + 1):
        point = {"x": x0 + (x1 - x0) * i / steps, "y": y0 + (y1 - y0) * i / steps}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    return cdp


def lift(cdp: Any) -> None:
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


class TestPhone:
    def test_tap_the_card_then_the_pile(self, phone: App) -> None:
        save = open_at(phone, "keep")
        page = phone.page
        v = seat0_view(save)
        kept, other = v["drawn"]
        codes = keep_codes(v, kept)
        page.locator(f'.keep-card[data-card="{kept}"]').tap()
        pile = page.locator(f'[data-pile="{min(codes)}"]')
        expect(pile).to_have_attribute("data-code", codes[min(codes)])
        shot(page, "phone-keep-chosen")
        pile.tap()
        wait_kept(page, kept)
        assert pile_top(page, min(codes)) == other
        phone.assert_clean()

    @pytest.mark.parametrize("device", ["phone", "tablet"])
    def test_touch_drag_onto_a_pile(self, request: pytest.FixtureRequest, device: str) -> None:
        app: App = request.getfixturevalue(device)
        save = open_at(app, "keep")
        page = app.page
        v = seat0_view(save)
        kept, other = v["drawn"]
        pile = max(keep_codes(v, kept))
        x0, y0 = center(page, f'.keep-card[data-card="{other}"]')
        x1, y1 = center(page, f'[data-pile="{pile}"]')
        cdp = touch_drag(page, (x0, y0), (x1, y1))
        expect(page.locator(".drag-ghost")).to_have_count(1)
        shot(page, f"{device}-drag")
        lift(cdp)
        wait_kept(page, kept)
        assert pile_top(page, pile) == other
        expect(page.locator(".drag-ghost")).to_have_count(0)
        app.assert_clean()

    def test_a_touch_drag_onto_the_draw_pile_says_why(self, phone: App) -> None:
        """On a phone, a drawn card dragged by touch onto the draw pile snaps back and
        the table says, in French, that it goes on a discard pile (R4.1a)."""
        _v, other, refusals = french_keep(phone, "keep")
        page = phone.page
        why = refusals["draw"]
        x0, y0 = center(page, f'.keep-card[data-card="{other}"]')
        x1, y1 = center(page, '[data-pile="draw"]')
        cdp = touch_drag(page, (x0, y0), (x1, y1))
        lift(cdp)
        expect(page.locator("#table-message")).to_have_text(why)
        expect(page.locator(".keep-card")).to_have_count(2)
        expect(page.locator(".drag-ghost")).to_have_count(0)
        shot(page, "phone-drag-draw-fr")
        phone.assert_clean()
