"""The replay in the browser: from the game-over screen and from a game file.

- Every sampled ply shows what the engine's view of that ply holds (hand cards and
  scores), for the seat chosen; ← → Home End step (not with a modifier); the slider and
  the round menu jump; the game's shortcuts (U) do nothing.
- Seat mode never puts another seat's hidden hand card in the DOM; All hands is
  offered only for a finished game and shows every hand.
- The coach's marks: beside their move, and Next mark jumps to them.
- A page save and a plain record open; a refused move and another version give a
  sentence on the setup screen, and the saved game stays.
- Phone sizes: no sideways scroll, 44 px targets. Screenshots in tests/e2e/screens/.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from seasalt.core.record import GameRecord
from seasalt.ssp.game import GAME
from seasalt.web.settings import Settings
from seasalt.web.table import Table
from tests.e2e.conftest import App

SCREENS = Path(__file__).parent / "screens"
SAVE_KEY, UI_KEY = "seasalt.save", "seasalt.ui"


def finished(seed: int = 11) -> Table:
    """A game played to its end: seat 0 a person taking the first legal action, two
    easy bots; the record carries coach's marks on a few of seat 0's moves."""
    t = Table.new(Settings(seats=["human", "easy", "easy"], seed=seed))
    mine = []
    while not t.over:
        if t.is_bot_turn():
            t.bot_step(1.0)
        else:
            mine.append(t.ply)
            t.submit(0, t.ply, t.view(0)["legal"][0]["code"])
    acts = t.record.actions
    t.record.notes = [
        {"ply": mine[2], "seat": 0, "kind": "review", "grade": "mistake",
         "chosen": acts[mine[2]], "best": "draw", "loss": 0.15},
        {"ply": mine[5], "seat": 0, "kind": "suggest"},
        {"ply": mine[9], "seat": 0, "kind": "review", "grade": "blunder",
         "chosen": acts[mine[9]], "best": "stop", "loss": 0.4}]
    return t


@pytest.fixture(scope="module")
def game() -> Table:
    return finished()


def resume(app: App, save: str, ply: int) -> None:
    """Open the page on ``save`` (a finished game): its game-over screen."""
    app.open()
    app.wait_for_phase("setup")
    app.page.evaluate("([k, s, u, v]) => { localStorage.setItem(k, s); "
                      "localStorage.setItem(u, v); }",
                      [SAVE_KEY, save, UI_KEY, json.dumps({"ack_round": 99, "ply": ply})])
    app.page.reload(wait_until="domcontentloaded")
    app.wait_for_phase("setup")
    app.page.click("[data-action=resume]")
    app.wait_for_phase("game-over")


def ply_shown(app: App) -> int:
    return int(app.page.input_value("#replay-slider"))


def slide(app: App, ply: int) -> None:
    app.page.eval_on_selector("#replay-slider", """(s, v) => { s.value = String(v);
        s.dispatchEvent(new Event('input', {bubbles: true})); }""", ply)
    assert ply_shown(app) == ply


def cards_in(app: App, selector: str) -> set[int]:
    return {int(x) for x in app.page.eval_on_selector_all(
        selector, "els => els.map(e => e.getAttribute('data-card'))")}


def check_ply(app: App, record: GameRecord, ply: int, seat: int,
              where: str = "#playing") -> None:
    """The table shows seat's view at ply: its hand, the totals, and no hidden card of
    another hand in ``where`` (the replay's table; the document, for an unfinished game:
    a finished one's game-over screen shows the last hands)."""
    state = record.replay(upto=ply)
    view = GAME.view(state, seat)
    assert cards_in(app, "#me .my-hand [data-card]") == set(view.hand), ply
    totals = app.page.eval_on_selector_all(
        "#playing .seat-score b", "els => els.map(e => Number(e.textContent))")
    assert sorted(totals) == sorted(view.scores), ply
    shown = cards_in(app, f"{where} [data-card]")
    for other in range(record.players):
        if other != seat:
            hidden = set(GAME.view(state, other).hand) - set(view.known[other])
            assert not hidden & shown, (ply, other, hidden & shown)


def test_replay_from_game_over(app: App, game: Table) -> None:
    page = app.page
    record = game.record
    resume(app, game.save(), game.ply)
    page.click("#replay-open")
    app.wait_for_phase("replay")
    assert ply_shown(app) == 0
    expect(page.locator("#replay-move")).to_have_text(
        "The deal, before the first move")
    # keyboard stepping
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    assert ply_shown(app) == 3
    page.keyboard.press("ArrowLeft")
    assert ply_shown(app) == 2
    page.keyboard.press("End")
    assert ply_shown(app) == game.ply
    page.keyboard.press("Home")
    assert ply_shown(app) == 0
    page.keyboard.press("Control+ArrowRight")  # a modifier: not the replay's
    page.keyboard.press("Alt+End")
    assert ply_shown(app) == 0
    page.keyboard.press("ArrowRight")
    page.keyboard.press("u")  # the game's shortcut: nothing in a replay
    assert ply_shown(app) == 1 and app.phase() == "replay"
    page.click('[data-action="replay-forward"]')
    assert ply_shown(app) == 2
    # a sample of plies, as seat 0 saw them
    for ply in sorted({0, 1, 5, 17, 40, game.ply // 2, game.ply - 1, game.ply}):
        slide(app, ply)
        check_ply(app, record, ply, 0)
        assert page.locator("#replay-position").inner_text().startswith(f"Move {ply} of ")
    # jump to a round
    rounds = page.eval_on_selector_all("#replay-round option",
                                       "os => os.map(o => [o.textContent, o.value])")
    assert rounds[0] == ["Round 1", "0"] and len(rounds) > 2
    page.select_option("#replay-round", rounds[2][1])
    assert ply_shown(app) == int(rounds[2][1])
    assert GAME.view(record.replay(upto=ply_shown(app)), 0).round == 3
    assert "round 3" in page.locator("#replay-position").inner_text()
    # the seat selector: every seat, and All hands (the game is over)
    modes = page.eval_on_selector_all("#replay-mode option", "os => os.map(o => o.value)")
    assert modes == ["seat:0", "seat:1", "seat:2", "all"]
    page.select_option("#replay-mode", "seat:2")
    check_ply(app, record, ply_shown(app), 2)
    slide(app, 60)
    check_ply(app, record, 60, 2)
    page.select_option("#replay-mode", "all")
    state = record.replay(upto=60)
    for s in (1, 2):
        assert cards_in(app, f'#opponents .seat[data-seat="{s}"] .other-hand [data-card]'
                        ) == set(GAME.view(state, s).hand)
    SCREENS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENS / "replay-all-hands.png"))
    # the coach's marks
    page.select_option("#replay-mode", "seat:0")
    page.keyboard.press("Home")
    page.click("#replay-next-mark")
    first = record.notes[0]["ply"] + 1
    assert ply_shown(app) == first
    expect(page.locator("#replay-mark")).to_contain_text(
        "Mistake · better: Draw two cards from the draw pile · −15% chance to win")
    expect(page.locator("#replay-mark .mark-symbol")).to_have_text("?")
    expect(page.locator("#log li.log-current").first).to_contain_text("?")
    page.click("#replay-next-mark")  # the ⚑ note is no review mark: passed over
    assert ply_shown(app) == record.notes[2]["ply"] + 1
    expect(page.locator("#replay-mark")).to_contain_text("better: Announce STOP")
    expect(page.locator("#replay-next-mark")).to_be_disabled()
    assert page.locator("#log .mark-symbol").count() == 3  # each beside its move
    page.screenshot(path=str(SCREENS / "replay-mark-1280.png"))
    page.click('[data-action="replay-close"]')
    app.wait_for_phase("game-over")
    app.assert_clean()


def test_replay_files_from_setup(app: App, game: Table, tmp_path: Path) -> None:
    page = app.page
    record = game.record
    app.open()
    app.wait_for_phase("setup")
    saved = game.save()
    page.evaluate("([k, s]) => localStorage.setItem(k, s)", [SAVE_KEY, saved])
    # an unfinished game, as a plain record: only seat 0's view (the person's, as
    # Table.load reads a plain record), no All hands, no hidden card in the DOM
    part = GameRecord(record.game, record.seed, 3, list(game.names), {},
                      record.actions[:120])
    path = tmp_path / "part.json"
    path.write_text(part.dumps())
    page.set_input_files("#replay-file", str(path))
    app.wait_for_phase("replay")
    modes = page.eval_on_selector_all("#replay-mode option", "os => os.map(o => o.value)")
    assert modes == ["seat:0"]
    for ply in (10, 33, 77, 120):
        slide(app, ply)
        check_ply(app, part, ply, 0, where="")
    page.click('[data-action="replay-close"]')
    app.wait_for_phase("setup")
    # a page save opens too
    path.write_text(saved)
    page.set_input_files("#replay-file", str(path))
    app.wait_for_phase("replay")
    page.click('[data-action="replay-close"]')
    app.wait_for_phase("setup")
    # a refused move and another version: a sentence, and nothing saved is lost
    bad = record.to_dict()
    bad["actions"] = ["end", *bad["actions"]]  # a turn starts with a draw
    path.write_text(json.dumps(bad))
    page.set_input_files("#replay-file", str(path))
    expect(page.locator("#notice")).to_have_text(
        "This game record cannot be replayed: move 1 is not possible at that point.")
    newer = json.loads(saved)
    newer["record"]["version"] = 2
    path.write_text(json.dumps(newer))
    page.set_input_files("#replay-file", str(path))
    expect(page.locator("#notice")).to_have_text(
        "This game record is of version 2; this page replays version 1 records.")
    path.write_text("{not json")
    page.set_input_files("#replay-file", str(path))
    expect(page.locator("#notice")).to_have_text(
        "That file is not a game record this page can replay.")
    newer["version"] = 99  # a page save of another version
    newer["record"]["version"] = 1
    path.write_text(json.dumps(newer))
    page.set_input_files("#replay-file", str(path))
    expect(page.locator("#notice")).to_have_text(
        "This saved game is of version 99; this page reads saves of versions 1 to 2.")
    assert app.phase() == "setup"
    assert page.evaluate("k => localStorage.getItem(k)", SAVE_KEY) == saved
    app.assert_clean()


def test_replay_a_finished_game_of_the_saved_list(app: App, game: Table) -> None:
    """A finished game of the saved list has a Replay button (an unfinished one has
    not); it opens the replay at the deal, Close goes back to the list, and a save
    deleted since the list was drawn is dropped from it instead."""
    page = app.page
    app.open()
    app.wait_for_phase("setup")
    unfinished = Table.new(Settings(seats=["human", "easy"], seed=3)).save(saved_at=1)
    page.evaluate("([a, b]) => { localStorage.setItem('seasalt.game.done', a); "
                  "localStorage.setItem('seasalt.game.open', b); }",
                  [game.save(saved_at=2), unfinished])
    page.reload(wait_until="domcontentloaded")
    app.wait_for_phase("setup")
    done = page.locator('.saved-game[data-id="done"]')
    expect(page.locator('[data-id="open"] [data-action="replay-saved"]')).to_have_count(0)
    # the finished game's first button opens its results, and says so (issue 39)
    expect(done.locator('[data-action="resume"]')).to_have_text("Results")
    expect(page.locator('[data-id="open"] [data-action="resume"]')).to_have_text("Continue")
    done.locator('[data-action="replay-saved"]').click()
    app.wait_for_phase("replay")
    assert ply_shown(app) == 0
    page.keyboard.press("End")
    assert ply_shown(app) == game.ply
    check_ply(app, game.record, game.ply, 0)
    page.click('[data-action="replay-close"]')
    app.wait_for_phase("setup")
    # deleted in another tab since the list was drawn: dropped from the list
    page.evaluate("() => localStorage.removeItem('seasalt.game.done')")
    done.locator('[data-action="replay-saved"]').click()
    expect(done).to_have_count(0)
    assert app.phase() == "setup"
    expect(page.locator('.saved-game[data-id="open"]')).to_have_count(1)
    app.assert_clean()


@pytest.mark.parametrize(("width", "height", "lang"), [(390, 844, "en"), (320, 640, "fr"),
                                                       (1280, 800, "fr")])
def test_replay_fits(browser, site_url: str, game: Table, width: int, height: int,
                     lang: str, tmp_path: Path) -> None:
    from tests.e2e.conftest import sized_page

    for app in sized_page(browser, site_url, width, height, touch=width < 1000):
        page = app.page
        app.open(f"?lang={lang}")
        app.wait_for_phase("setup")
        path = tmp_path / "game.json"
        path.write_text("{not json")  # a bad file: its message in sight, focused
        page.set_input_files("#replay-file", str(path))
        expect(page.locator("#notice")).to_be_visible()
        expect(page.locator("#notice")).to_be_focused()
        top, bottom = page.eval_on_selector(
            "#notice", "e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; }")
        assert top >= 0 and bottom <= height, (top, bottom)
        path.write_text(game.save())
        page.set_input_files("#replay-file", str(path))
        app.wait_for_phase("replay")
        page.select_option("#replay-mode", "all")
        slide(app, 90)
        over = page.evaluate("() => document.scrollingElement.scrollWidth - innerWidth")
        assert over <= 0, f"sideways scroll of {over} px"
        boxes = page.eval_on_selector_all(
            "#replay-bar button, #replay-bar select, #replay-bar input",
            "els => els.map(e => { const r = e.getBoundingClientRect();"
            " return [r.width, r.height, r.left, r.right]; })")
        assert len(boxes) == 9
        for w, h, left, right in boxes:
            assert w >= 44 and h >= 44 and left >= 0 and right <= width + 0.5, boxes
        sizes = page.eval_on_selector_all(
            "#replay-bar *, #prompt *", "els => els.filter(e => e.offsetParent)"
            ".map(e => parseFloat(getComputedStyle(e).fontSize))")
        assert min(sizes) >= 12
        SCREENS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENS / f"replay-{width}-{lang}.png"))
        app.assert_clean()
