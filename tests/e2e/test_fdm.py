"""The Fruits de mer table in Chromium (web/page/fdm_table.py, fdm_motion.py, web/fdm.css).

- a whole game against bots, to the end: a card chosen each round (by touch-free clicks,
  by the keys 1-6 and Enter, by a double click), the scores table growing by one row per
  round, the game's end with its round table, Rematch and New game;
- a hot-seat round between two people: the hand-off dialog before each secret choice,
  and the second person's page never holds the first one's choice (its words, in any
  text or attribute);
- the reveal at normal speed: the steps appear one after the other, the scorers' chips
  pulse; at instant speed and under reduced motion, everything at once, no animation;
- one screen at 390x844 and 844x390 (touch), 768x1024, 1280x800, 1920x1080 with 5
  players (the bait, the chips, the hand, the prompt and the play button inside the
  viewport, no scrolling; after a reveal the board may scroll, your hand still in view,
  and no step of the reveal is cut), no sideways overflow at 320 px, touch targets of 44 px and
  text of 12 px at least on touch screens (``tools/census/layout_measure.js``), screenshots in
  ``tests/e2e/screens/fdm-*.png``;
- axe-core: no violation on the table (choice, reveal) and at the game's end, in the
  light, dark and high-contrast themes.

Every page blocks requests that leave 127.0.0.1 (the ``app`` fixture, `sized_page`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Browser, Page

from seasalt.web.settings import parse_query
from seasalt.web.table import Table
from tests.e2e.conftest import observe, sized_page
from tools.census.measure import LAYOUT_JS

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

ROOT = Path(__file__).resolve().parents[2]
SCREENS = Path(__file__).parent / "screens"
MEASURE = LAYOUT_JS
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
TIMEOUT_S = 120
MIN_TARGET = 44
MIN_TEXT = 12
SLACK = 0.5
BOTS = "?game=fruits-de-mer&players=you,hard,medium&seed={seed}&speed=instant"
FIVE = "?game=fruits-de-mer&players=you,hard,medium,easy,hard&seed={seed}&speed={speed}"
HOT_SEAT = "?game=fruits-de-mer&players=you,human,medium&seed=21&speed=instant"
FIVE_DUTCH_BOTS = ("?game=fruits-de-mer&players=medium,easy,medium,easy,medium&seed=2"
                   "&speed=instant&lang=nl")
"""Five bots with the longest default names ("Gemiddelde bot 1"), to the end at once."""


# ---- helpers ---------------------------------------------------------------------------

def wait_until(app: App, check: Any, what: str, timeout_s: float = TIMEOUT_S) -> Any:
    """Poll ``check()`` until it is truthy; fail on a page error or the timeout."""
    deadline = time.monotonic() + timeout_s
    while not (value := check()):
        assert not app.errors and not app.blocked, (what, app.errors, app.blocked)
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        app.page.wait_for_timeout(30)
    return value


def score_rows(page: Page) -> int:
    return page.locator("#fdm-score-table tbody tr").count()


def playable(page: Page) -> list[str]:
    """The kinds of the hand cards that can be played now."""
    return page.eval_on_selector_all(
        "#fdm-hand .fdm-card.playable", "els => els.map(e => e.dataset.fdmKind)")


def my_turn(app: App) -> bool:
    return app.phase() == "game-over" or (
        app.phase() == "playing" and bool(playable(app.page))
        and not app.page.evaluate("document.getElementById('handoff').open"))


def sideways(page: Page, selector: str) -> float:
    """How far the element ``selector`` scrolls sideways inside itself, in px (0 when
    every column shows)."""
    return page.eval_on_selector(selector, "e => e.scrollWidth - e.clientWidth")


def name_directions(page: Page, table: str) -> list[str]:
    """The writing mode of each seat's name in the score table ``table``
    (``vertical-rl`` when it runs upwards, ``horizontal-tb`` across)."""
    return page.eval_on_selector_all(f"{table} .fdm-col-name",
                                     "ns => ns.map(n => getComputedStyle(n).writingMode)")


def open_game(app: App, query: str) -> None:
    app.open(query)
    wait_until(app, lambda: app.phase() in ("playing", "game-over"), "the table")
    assert app.page.get_attribute("#playing", "data-game") == "fruits-de-mer"


# ---- a game against bots, to the end ----------------------------------------------------

def test_a_game_against_bots_to_the_end(app: App) -> None:
    page = app.page
    open_game(app, BOTS.format(seed=11))
    rounds_seen = 0
    way = 0
    while True:
        wait_until(app, lambda: my_turn(app), "my turn or the end")
        if app.phase() == "game-over":
            break
        rows = score_rows(page)
        assert rows == rounds_seen, (rows, rounds_seen)  # one row per finished round
        kinds = playable(page)
        button = page.locator("#fdm-play")
        assert button.is_visible() and button.is_disabled()  # nothing selected yet
        kind = kinds[way % len(kinds)]
        index = page.eval_on_selector_all(
            "#fdm-hand .fdm-card", "els => els.map(e => e.dataset.fdmKind)").index(kind)
        card = page.locator(f'#fdm-hand .fdm-card[data-fdm-kind="{kind}"]')
        label = json.loads(page.evaluate(
            "() => JSON.stringify(document.querySelector("
            f"'#fdm-hand [data-fdm-kind=\"{kind}\"]').dataset.fdmLabel)"))
        if way % 3 == 0:  # tap, then the play button with the card's exact label
            card.click()
            assert card.get_attribute("aria-pressed") == "true"
            assert button.inner_text().strip() == label and button.is_enabled()
            button.click()
        elif way % 3 == 1 and index < 6:  # the keyboard: its number, then Enter
            page.locator("#fdm-prompt-title").focus()
            page.keyboard.press(str(index + 1))
            assert card.get_attribute("aria-pressed") == "true"
            assert button.inner_text().strip() == label
            page.keyboard.press("Enter")
        elif way % 3 == 1:  # arrows move the selection (from the first card), Enter plays
            page.locator("#fdm-prompt-title").focus()
            page.keyboard.press("ArrowRight")
            first = page.locator("#fdm-hand .fdm-card.selected")
            assert first.count() == 1 and first.get_attribute("data-fdm-kind") == kinds[0]
            page.keyboard.press("ArrowRight")
            if len(kinds) > 1:
                assert page.locator("#fdm-hand .fdm-card.selected").get_attribute(
                    "data-fdm-kind") == kinds[1]
            page.keyboard.press("Enter")
        else:  # a second tap on the selected card plays it
            card.click()
            card.click()
        way += 1
        rounds_seen += 1
        wait_until(app, lambda n=rounds_seen: app.phase() == "game-over" or score_rows(page) == n,
                   f"round {rounds_seen}'s scores")
        if app.phase() == "playing":
            assert page.get_attribute("#fdm-steps", "aria-live") == "polite"
            steps = page.locator("#fdm-steps li").count()
            plays = page.locator("#fdm-reveal .fdm-slot").count()
            assert steps >= 1 and plays == 3, (steps, plays)  # each seat's card, face up
    # the end: the result, the round table of 9 rounds, Rematch and New game
    assert rounds_seen <= 9
    assert page.locator("#winner-title").inner_text().strip()
    assert page.locator("#rounds-table tbody tr").count() == 9
    assert page.locator("#standings li").count() == 3
    # the last round as its reveal ended: every seat's card and the sentences
    assert page.locator("#game-over .fdm-last-round .fdm-slot").count() == 3
    assert page.locator("#game-over .fdm-last-round .fdm-steps li").count() >= 1
    rows = page.eval_on_selector_all(  # every seat with the top score wins (shared)
        "#standings li", "els => els.map(e => [+e.dataset.score, e.classList.contains('winner')])")
    assert [won for _score, won in rows] == [score == rows[0][0] for score, _won in rows], rows
    # each row shows its place, shared by equal points (F6)
    places = page.eval_on_selector_all("#standings li", """els => els.map(e => [
        +e.dataset.score, getComputedStyle(e, '::before').content.replaceAll('"', '')])""")
    assert [place for _score, place in places] == [
        str(1 + sum(other > score for other, _ in places)) for score, _ in places], places
    assert page.locator("#game-over [data-action=rematch]").is_visible()
    assert page.locator("#game-over [data-action=new-game]").is_visible()
    page.click("#game-over [data-action=rematch]")
    wait_until(app, lambda: app.phase() == "playing" and score_rows(page) == 0, "a rematch")
    app.assert_clean()


def test_a_shared_victory(app: App) -> None:
    """Bots alone (seed 5: Easy bot 2 and Easy bot 3 tie at the top): the table plays on
    to the end by itself; every winner is marked and the title says they share it."""
    query = "?game=fruits-de-mer&players=easy,easy,easy&seed=5&speed=instant"
    settings = parse_query(query)
    assert settings is not None
    t = Table.new(settings)
    while not t.over:
        t.bot_step(None)
    result = t.view(None)["result"]
    assert result["winners"] == [1, 2]
    app.open(query)
    wait_until(app, lambda: app.phase() == "game-over", "the game's end")
    page = app.page
    assert page.locator("#winner-title").inner_text().strip() == result["title"]
    winners = page.eval_on_selector_all(
        "#standings li.winner", "els => els.map(e => +e.dataset.seat)")
    assert sorted(winners) == [1, 2]
    assert page.locator("#rounds-table tbody tr").count() == 9
    app.assert_clean()


def test_enter_on_a_card_selects_it_before_it_plays(app: App) -> None:
    """Enter on a focused card that is not selected selects it (as a tap does); a second
    Enter plays it."""
    page = app.page
    open_game(app, BOTS.format(seed=3))
    wait_until(app, lambda: bool(playable(page)), "my hand")
    card = page.locator("#fdm-hand .fdm-card.playable").nth(1)
    card.focus()
    page.keyboard.press("Enter")
    assert card.get_attribute("aria-pressed") == "true"
    page.wait_for_timeout(200)
    assert score_rows(page) == 0 and page.locator("#fdm-hand .fdm-card.chosen").count() == 0
    page.keyboard.press("Enter")
    wait_until(app, lambda: score_rows(page) == 1, "the round, once the card is played")
    app.assert_clean()


@pytest.fixture()
def phone(browser: Browser, site_url: str) -> Iterator[App]:
    """A page at 390x844 with touch."""
    yield from sized_page(browser, site_url, 390, 844, touch=True)


def test_the_end_fits_a_phone(phone: App) -> None:
    """Five bots to the end at 390x844, in Dutch (the longest default names:
    "Gemiddelde bot 1"): the game's end shows the last round and its table of scores
    never makes the page scroll sideways."""
    app = phone
    app.open(FIVE_DUTCH_BOTS)
    wait_until(app, lambda: app.phase() == "game-over", "the game's end")
    page = app.page
    assert page.locator("#game-over .fdm-last-round .fdm-slot").count() == 5
    SCREENS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENS / "fdm-390x844-game-over.png"), full_page=True)
    wide = page.evaluate("document.scrollingElement.scrollWidth")
    assert wide <= 390, wide
    box = page.locator("#rounds-table").bounding_box()
    region = page.locator("#game-over .fdm-rounds").bounding_box()
    assert box is not None and region is not None
    assert region["x"] >= 0 and region["x"] + region["width"] <= 390 + SLACK
    # five default names fit without the table's own sideways scroll
    assert sideways(page, "#game-over .fdm-rounds") <= 1
    # and so do the widest cells the rules allow (F4, F5: at most 1 point a round, 9 rounds):
    # every seat scoring in every round, whatever these bots happened to play
    page.evaluate("""() => {
        for (const td of document.querySelectorAll('#rounds-table tbody td')) {
            td.className = 'num scored';
            td.replaceChildren(Object.assign(document.createElement('span'),
                {className: 'fdm-plus', textContent: '+1'}), '9');
        }
    }""")
    assert sideways(page, "#game-over .fdm-rounds") <= 1
    app.assert_clean()


NAMES_CUT = """() => {
  const out = [];
  for (const n of document.querySelectorAll('#fdm-seats .fdm-chip-name')) {
    if (n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1)
      out.push(`cut: ${n.textContent}`);
    const text = n.firstChild;
    let at = 0;
    for (const word of n.textContent.split(' ')) {  // each word on one line
      const r = document.createRange();
      r.setStart(text, at);
      r.setEnd(text, at + word.length);
      if (new Set([...r.getClientRects()].map(x => Math.round(x.top))).size > 1)
        out.push(`broken: ${word}`);
      at += word.length + 1;
    }
  }
  return out;
}"""


def test_the_seats_show_their_whole_names_on_a_phone(phone: App) -> None:
    """Dutch, five seats ("Gemiddelde bot 1"): at 390x844 and 320x568 every chip shows
    its seat's whole name, on two lines where needed, no word broken."""
    app, page = phone, phone.page
    open_game(app, "?game=fruits-de-mer&players=you,medium,medium,easy,hard&seed=5&lang=nl")
    wait_until(app, lambda: bool(playable(page)), "my hand")
    assert page.locator("#fdm-seats .fdm-chip-name", has_text="Gemiddelde bot 1").count() == 1
    assert page.evaluate(NAMES_CUT) == []
    page.set_viewport_size({"width": 320, "height": 568})
    page.wait_for_timeout(100)
    assert page.evaluate(NAMES_CUT) == []
    app.assert_clean()


ICONS_DRAWN = """() => [...document.querySelectorAll('#game-over svg.fdm-icon use')].map(
    u => { const href = u.getAttribute('href');
           return !!document.querySelector(href) && u.getBBox().width > 0; })"""


def test_the_end_keeps_its_card_pictures_after_a_reload(app: App) -> None:
    """A finished game opened again from the saved list (after a reload, the board
    never drawn) shows its last round's card pictures, as it did at its end."""
    page = app.page
    app.open(FIVE_DUTCH_BOTS)
    wait_until(app, lambda: app.phase() == "game-over", "the game's end")
    drawn = page.evaluate(ICONS_DRAWN)
    assert drawn and all(drawn), drawn
    page.reload()
    app.wait_for_phase("setup")
    page.locator('#saved .saved-game.over [data-action="resume"]').first.click()
    wait_until(app, lambda: app.phase() == "game-over", "the game's end again")
    drawn = page.evaluate(ICONS_DRAWN)
    assert len(drawn) == 5 and all(drawn), drawn
    app.assert_clean()


def test_the_end_offers_a_replay_round_by_round(app: App) -> None:
    """Fruits de mer's end offers Replay: it steps through the rounds on the board, each
    round's cards face up with its steps and summary, no hand; the saved games' list
    offers it too for the finished game."""
    page = app.page
    app.open("?game=fruits-de-mer&players=medium,easy,medium&seed=2&speed=instant")
    wait_until(app, lambda: app.phase() == "game-over", "the game's end")
    rounds = page.locator("#rounds-table tbody tr").count()
    page.click("#replay-open")
    app.wait_for_phase("replay")
    assert page.get_attribute("#playing", "data-game") == "fruits-de-mer"
    assert page.get_attribute("#replay-slider", "max") == str(rounds)
    assert page.locator("#fdm-reveal .fdm-slot").count() == 0  # the start: nothing yet
    for step in (1, 2):
        page.click('#replay-bar [data-action="replay-forward"]')
        wait_until(app, lambda: page.locator("#fdm-steps li.summary, #fdm-steps li").count()
                   > 0 and page.locator("#fdm-reveal .fdm-slot").count() == 3,
                   f"round {step}'s reveal")
        assert page.input_value("#replay-slider") == str(step)
    assert page.locator("#fdm-hand .fdm-card").count() == 0  # nobody's hand
    assert not page.locator("#replay-next-mark").is_visible()  # no coach, no mark
    page.keyboard.press("End")
    wait_until(app, lambda: page.input_value("#replay-slider") == str(rounds), "the end")
    page.click('#replay-bar [data-action="replay-close"]')
    app.wait_for_phase("game-over")
    page.reload()
    app.wait_for_phase("setup")
    page.locator('#saved .saved-game.over [data-action="replay-saved"]').first.click()
    app.wait_for_phase("replay")
    assert page.get_attribute("#playing", "data-game") == "fruits-de-mer"
    app.assert_clean()


@pytest.fixture()
def sideways_phone(browser: Browser, site_url: str) -> Iterator[App]:
    """A page at 844x390 with touch (a phone held sideways)."""
    yield from sized_page(browser, site_url, 844, 390, touch=True)


def test_the_replay_on_a_phone_held_sideways(sideways_phone: App) -> None:
    """844x390 (touch): the replay's bar stands over the board, never under it, and
    steps on through the rounds."""
    app, page = sideways_phone, sideways_phone.page
    app.open("?game=fruits-de-mer&players=medium,easy,medium&seed=2&speed=instant")
    wait_until(app, lambda: app.phase() == "game-over", "the game's end")
    page.click("#replay-open")
    app.wait_for_phase("replay")
    for step in ("1", "2"):
        page.click('#replay-bar [data-action="replay-forward"]')
        wait_until(app, lambda s=step: page.input_value("#replay-slider") == s, "a step")
    bar = page.locator("#replay-bar").bounding_box()
    board = page.locator("#fdm-board").bounding_box()
    assert bar is not None and board is not None
    assert bar["y"] + bar["height"] <= board["y"] + SLACK, (bar, board)
    app.assert_clean()


@pytest.fixture()
def small_laptop(browser: Browser, site_url: str) -> Iterator[App]:
    """A page at 1024x768 with a mouse."""
    yield from sized_page(browser, site_url, 1024, 768, touch=False)


def test_the_end_fits_beside_the_last_round(small_laptop: App) -> None:
    """At 1024x768 the end's table stands beside the last round, in half the width: in
    Dutch, five seats' names run upwards and every column shows without scrolling."""
    app = small_laptop
    app.open(FIVE_DUTCH_BOTS)
    wait_until(app, lambda: app.phase() == "game-over", "the game's end")
    page = app.page
    region = page.locator("#game-over .fdm-rounds").bounding_box()
    assert region is not None and region["width"] < 1024 / 2  # beside the last round
    assert sideways(page, "#game-over .fdm-rounds") <= 1
    assert name_directions(page, "#rounds-table") == ["vertical-rl"] * 5
    app.assert_clean()


@pytest.mark.parametrize(("players", "upwards"), [("you,medium,easy,medium,easy", True),
                                                   ("you,medium,easy", False)])
def test_the_scores_drawer_fits_a_phone(phone: App, players: str, upwards: bool) -> None:
    """On a phone, the scores drawer of a game in Dutch (the longest default names)
    shows every column without scrolling sideways: the names run upwards from four
    seats on, across for fewer."""
    app = phone
    page = app.page
    open_game(app, f"?game=fruits-de-mer&players={players}&seed=5&lang=nl")
    wait_until(app, lambda: bool(playable(page)), "my hand")
    page.tap("#fdm-scores-toggle")
    assert page.locator("#fdm-scores").is_visible()
    assert sideways(page, "#fdm-scores-body") <= 1
    modes = name_directions(page, "#fdm-scores-body")
    assert len(modes) == players.count(",") + 1
    assert set(modes) == {"vertical-rl" if upwards else "horizontal-tb"}
    app.assert_clean()


# ---- hot seat ---------------------------------------------------------------------------

def private_words(kind: str) -> list[str]:
    """What seat 0's page may say of its own choice ``kind`` and seat 1's may not: the
    sentences of seat 0's payload that neither seat 1's nor a spectator's holds."""
    settings = parse_query(HOT_SEAT)
    assert settings is not None
    t = Table.new(settings)
    t.submit(0, t.ply, kind)

    def texts(v: dict[str, Any]) -> set[str]:
        out = {line["text"] for line in v["log_lines"]}
        out |= {v["prompt"]["text"], v["prompt"]["title"]}
        if v.get("my_choice"):
            out.add(v["my_choice"]["text"])
        out |= {s["status_text"] for s in v["seats"]} | {s.get("aria", "") for s in v["seats"]}
        return out

    mine = texts(t.view(0))
    theirs = texts(t.view(1)) | texts(t.view(None))
    private = sorted(w for w in mine - theirs if w)
    assert any(t.view(0)["my_choice"]["name"] in w for w in private), private
    return private


def test_a_hot_seat_round_hides_each_choice(app: App) -> None:
    page = app.page
    open_game(app, HOT_SEAT)
    dialog = page.locator("#handoff")
    wait_until(app, dialog.is_visible, "the hand-off to the first person")
    page.click("#handoff-ready")
    wait_until(app, lambda: bool(playable(page)), "the first person's hand")
    kind = "tuna"
    private = private_words(kind)
    page.click(f'#fdm-hand [data-fdm-kind="{kind}"]')
    page.click("#fdm-play")
    # the second person: the hand-off first, and nothing of the first one's choice
    wait_until(app, dialog.is_visible, "the hand-off to the second person")
    for when in ("behind the hand-off", "the second person's turn"):
        html = page.evaluate("document.documentElement.outerHTML")
        text = page.evaluate("document.body.innerText + document.body.textContent")
        leaks = [w for w in private if w in html or w in text]
        assert not leaks, (when, leaks)
        assert page.locator("#fdm-hand .fdm-card.chosen").count() == 0, when
        if when == "behind the hand-off":
            page.click("#handoff-ready")
            wait_until(app, lambda: bool(playable(page)), "the second person's hand")
            status = page.eval_on_selector_all(
                "#fdm-seats .fdm-chip", "els => els.map(e => e.className)")
            assert "status-chosen" in status[0], status  # chosen, not what
    page.click('#fdm-hand [data-fdm-kind="shark"]')
    page.click("#fdm-play")
    # the round resolves (the bot chooses too); the first person gets the table back
    wait_until(app, dialog.is_visible, "the hand-off back to the first person")
    page.click("#handoff-ready")
    wait_until(app, lambda: score_rows(page) == 1, "the round's scores")
    plays = page.eval_on_selector_all(  # in the seats' places or moved to the centre
        "#fdm-reveal .fdm-mini.played", "els => els.map(e => [e.dataset.seat, e.dataset.kind])")
    assert sorted(plays)[:2] == [["0", "tuna"], ["1", "shark"]], plays  # both face up
    app.assert_clean()


# ---- the reveal's motion ------------------------------------------------------------------

def test_the_reveal_shows_its_steps_one_after_the_other(app: App) -> None:
    page = app.page
    open_game(app, FIVE.format(seed=5, speed="normal"))
    wait_until(app, lambda: bool(playable(page)), "my hand")
    page.click('#fdm-hand [data-fdm-kind="tuna"]')
    page.click("#fdm-play")
    counts, pulses, longest = [], 0, 0.0
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        state = page.evaluate("""() => [document.querySelectorAll('#fdm-steps li').length,
            document.querySelectorAll('#fdm-seats .fdm-chip.pulse').length,
            document.querySelectorAll('#fdm-reveal .fdm-slot').length,
            Math.max(0, ...document.getAnimations()
                .filter(a => a.effect && a.effect.target && a.effect.target.closest
                             && a.effect.target.closest('#fdm-board'))
                .map(a => a.effect.getTiming().duration)
                .filter(d => typeof d === 'number'))]""")
        counts.append(state[0])
        pulses += state[1]
        longest = max(longest, state[3])
        if state[2] and state[0] and len(counts) > 30 and counts[-1] == counts[-30]:
            break
        page.wait_for_timeout(60)
    seen = sorted(set(counts))
    assert len(seen) >= 3, counts  # 0, then one step, then more: one after the other
    assert pulses > 0  # someone scores every round with 5 players (or the arrest's Wardens)
    assert 0 < longest <= 300, longest  # each move (or beat) lasts 300 ms at most
    app.assert_clean()


FOLLOW = """() => {
  const b = document.getElementById("fdm-board"), area = b.getBoundingClientRect();
  const lines = document.querySelectorAll("#fdm-steps li");
  const last = lines.length ? lines[lines.length - 1].getBoundingClientRect() : null;
  const hand = document.querySelector("#fdm-board .fdm-bottom").getBoundingClientRect();
  const plays = document.querySelector("#fdm-reveal .fdm-plays");
  return {top: b.scrollTop, lines: lines.length,
          summary: document.querySelectorAll("#fdm-steps li.summary").length,
          lastSeen: last ? last.bottom <= Math.min(area.bottom, hand.top) + 1 : false,
          playsSeen: plays ? plays.getBoundingClientRect().top >= area.top - 1 : false};
}"""


def play_and_watch(app: App, seconds: float) -> list[dict[str, Any]]:
    """Play the first playable card and sample the board's scroll until the reveal
    has stood still for a while (or ``seconds`` passed)."""
    page = app.page
    wait_until(app, lambda: bool(playable(page)), "my hand")
    page.locator("#fdm-hand .fdm-card.playable").first.click()
    page.click("#fdm-play")
    seen: list[dict[str, Any]] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        seen.append(page.evaluate(FOLLOW))
        if len(seen) > 40 and seen[-1]["summary"] and seen[-1] == seen[-40]:
            break
        page.wait_for_timeout(60)
    return seen


def test_the_reveal_on_a_phone_is_never_cut_and_never_scrolls_back(phone: App) -> None:
    """Dutch, 390x844, normal speed, five seats: the reveal shows every step and the
    round's summary (no box of its own cuts them); the board follows the newest step
    without ever scrolling back by itself, keeping the cards played in view; once the
    player scrolls, it no longer moves by itself."""
    app, page = phone, phone.page
    open_game(app, FIVE.format(seed=5, speed="normal") + "&lang=nl")
    seen = play_and_watch(app, 25)
    tops = [s["top"] for s in seen]
    assert all(b >= a - 1 for a, b in zip(tops, tops[1:], strict=False)), tops  # never back
    end = seen[-1]
    assert end["summary"] == 1 and end["lines"] >= 2, end
    assert end["lastSeen"] and end["playsSeen"], (end, tops)
    assert not page.evaluate(INSIDE, [SLACK, True])
    # the player scrolls back up during the next reveal: the board stays where they put it
    wait_until(app, lambda: bool(playable(page)), "my hand")
    title = page.text_content("#fdm-reveal-title")
    page.locator("#fdm-hand .fdm-card.playable").first.click()
    page.click("#fdm-play")
    wait_until(app, lambda: page.text_content("#fdm-reveal-title") != title, "the next reveal")
    page.mouse.move(195, 300)
    page.mouse.wheel(0, -2000)
    page.wait_for_timeout(100)
    tops = []
    for _ in range(60):
        tops.append(page.evaluate("document.getElementById('fdm-board').scrollTop"))
        page.wait_for_timeout(60)
    assert set(tops) == {0}, tops
    app.assert_clean()


def test_no_motion_when_reduced(app: App) -> None:
    page = app.page
    page.emulate_media(reduced_motion="reduce")
    open_game(app, FIVE.format(seed=5, speed="normal"))
    wait_until(app, lambda: bool(playable(page)), "my hand")
    page.click('#fdm-hand [data-fdm-kind="tuna"]')
    page.click("#fdm-play")
    wait_until(app, lambda: score_rows(page) == 1, "the round's scores")
    page.wait_for_timeout(50)
    # every step at once, no card moving, no chip pulsing
    steps = page.locator("#fdm-steps li").count()
    assert steps >= 2
    page.wait_for_timeout(400)
    assert page.locator("#fdm-steps li").count() == steps
    assert page.evaluate("document.getAnimations().filter(a => a.playState === 'running'"
                         " && a.effect && a.effect.target && a.effect.target.closest"
                         " && a.effect.target.closest('#fdm-board')).length") == 0
    assert page.locator("#fdm-seats .fdm-chip.pulse").count() == 0
    app.assert_clean()


# ---- one screen ---------------------------------------------------------------------------

SIZES: tuple[tuple[int, int, bool, bool], ...] = (
    (390, 844, True, True), (844, 390, True, True), (768, 1024, True, True),
    (1280, 800, False, True), (1920, 1080, False, True), (320, 568, True, False))
"""Width, height, touch, one screen (320x568: no sideways overflow only)."""

INSIDE = """
([slack, reveal]) => {
  const W = innerWidth, H = innerHeight, out = [];
  // after a reveal the board may scroll as a whole (the reveal is never cut): your hand
  // stays in view, the seats and the bait may have scrolled away
  const always = ["#fdm-prompt", "#fdm-hand", "#fdm-play"];
  for (const sel of reveal ? always : [...always, "#fdm-seats", "#fdm-bait", "#fdm-bait-card"]) {
    const e = document.querySelector(sel);
    if (!e || !e.checkVisibility()) { out.push(`${sel} not shown`); continue; }
    const r = e.getBoundingClientRect();
    if (r.left < -slack || r.top < -slack || r.right > W + slack || r.bottom > H + slack)
      out.push(`${sel} outside: ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`);
  }
  for (const e of document.querySelectorAll(reveal ? "#fdm-hand .fdm-card"
                                                   : "#fdm-seats .fdm-chip, #fdm-hand .fdm-card")) {
    const r = e.getBoundingClientRect();
    if (r.bottom > H + slack || r.right > W + slack) out.push(`${e.className} outside`);
  }
  const s = document.scrollingElement;
  if (s.scrollHeight > H + slack) out.push(`the page scrolls: ${s.scrollHeight} > ${H}`);
  const b = document.getElementById("fdm-board");
  if (!reveal && b.scrollHeight > b.clientHeight + 1)
    out.push(`the board scrolls: ${b.scrollHeight} > ${b.clientHeight}`);
  // the reveal's steps and summary are never cut: no box of theirs scrolls or clips
  for (const sel of ["#fdm-reveal", "#fdm-steps"]) {
    const e = document.querySelector(sel);
    if (e.scrollHeight > e.clientHeight + 1)
      out.push(`${sel} cuts its text: ${e.scrollHeight} > ${e.clientHeight}`);
  }
  const box = document.getElementById("fdm-reveal").getBoundingClientRect();
  for (const li of document.querySelectorAll("#fdm-steps li")) {
    const r = li.getBoundingClientRect();
    if (r.bottom > box.bottom + slack || r.top < box.top - slack)
      out.push(`a step is cut: ${li.textContent.slice(0, 30)}`);
  }
  return out;
}
"""


@pytest.fixture(params=SIZES, ids=[f"{w}x{h}" for w, h, _t, _o in SIZES])
def sized(request: pytest.FixtureRequest, browser: Browser,
          site_url: str) -> Iterator[tuple[App, tuple[int, int, bool, bool]]]:
    width, height, touch, _one = request.param
    for app in sized_page(browser, site_url, width, height, touch=touch):
        yield app, request.param


def test_the_table_fits_one_screen(sized: tuple[App, tuple[int, int, bool, bool]]) -> None:
    app, (width, height, touch, one_screen) = sized
    page = app.page
    name = f"{width}x{height}"
    SCREENS.mkdir(exist_ok=True)
    open_game(app, FIVE.format(seed=5, speed="instant"))
    wait_until(app, lambda: bool(playable(page)), "my hand")
    assert page.locator("#fdm-seats .fdm-chip").count() == 5
    problems: list[str] = []
    for state in ("choice", "reveal"):
        page.locator("#fdm-hand .fdm-card.playable").nth(1).click()  # the play button's words
        page.wait_for_timeout(150)
        page.screenshot(path=str(SCREENS / f"fdm-{name}-{state}.png"))
        result = page.evaluate(MEASURE, [touch, False, MIN_TARGET, MIN_TEXT, SLACK])
        problems += [f"{name} {state}: {p}" for p in result["problems"]]
        if one_screen:
            problems += [f"{name} {state}: {p}"
                         for p in page.evaluate(INSIDE, [SLACK, state == "reveal"])]
        if state == "choice":
            page.click("#fdm-play")
            wait_until(app, lambda: score_rows(page) == 1 and bool(playable(page)),
                       "the reveal and the next choice")
    # the scores: in place on wide screens, a drawer opened by its button elsewhere
    toggle = page.locator("#fdm-scores-toggle")
    if toggle.is_visible():
        assert not page.locator("#fdm-scores").is_visible()
        toggle.click()
        assert page.locator("#fdm-scores").is_visible()
        box = page.locator("#fdm-scores").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + SLACK
        page.screenshot(path=str(SCREENS / f"fdm-{name}-scores.png"))
        page.keyboard.press("Escape")
        assert not page.locator("#fdm-scores").is_visible()
    else:
        assert page.locator("#fdm-scores").is_visible()
    app.assert_clean()
    assert not problems, "\n".join(problems)


# ---- axe ----------------------------------------------------------------------------------

THEMES = ("light", "dark", "contrast")


def set_theme(page: Page, theme: str) -> None:
    page.emulate_media(color_scheme="dark" if theme != "light" else "light",
                       reduced_motion="reduce")
    page.evaluate("t => document.documentElement.setAttribute('data-theme', t)", theme)
    page.wait_for_timeout(300)


def run_axe(page: Page) -> list[str]:
    """axe-core's violations on the whole document, as readable lines."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ["violations"]});
        return r.violations.map(v => `${v.id} (${v.impact}): ${v.help}: ` +
            v.nodes.slice(0, 4).map(n => n.target.join(" ") + " " + n.html.slice(0, 120)
                                    + " " + (n.failureSummary || "")).join(" | "));
    }""")
    return list(found)


def test_axe_finds_nothing(browser: Browser, site_url: str) -> None:
    if not AXE.is_file():
        pytest.skip("axe-core is not installed (npm ci)")
    context = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    try:
        page = context.new_page()
        app = observe(page, site_url, watch_requests=False)
        app.guard(context)
        open_game(app, BOTS.format(seed=3))
        problems: list[str] = []

        def check(state: str) -> None:
            for theme in THEMES:
                set_theme(page, theme)
                problems.extend(f"[{state} / {theme}] {v}" for v in run_axe(page))
            set_theme(page, "light")

        wait_until(app, lambda: bool(playable(page)), "my hand")
        page.locator("#fdm-hand .fdm-card.playable").first.click()
        check("choice")
        page.click("#fdm-play")
        wait_until(app, lambda: score_rows(page) == 1 and bool(playable(page)), "the reveal")
        check("reveal")
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_timeout(200)
        page.click("#fdm-scores-toggle")
        check("phone, scores drawer")
        page.keyboard.press("Escape")
        page.set_viewport_size({"width": 1280, "height": 800})
        while app.phase() != "game-over":
            wait_until(app, lambda: my_turn(app), "my turn or the end")
            if app.phase() == "game-over":
                break
            page.locator("#fdm-hand .fdm-card.playable").first.click()
            page.click("#fdm-play")
            page.wait_for_timeout(50)
        check("game over")
        app.assert_clean()
        assert not problems, "\n".join(problems)
    finally:
        context.close()
