"""A long game file imported without freezing the page (issue 41, item 4): the page
keeps drawing frames while it reads the game, says how far it is, and lets nothing else
start meanwhile; a long file refused at its last move says why and saves nothing.

The files are built here (``tests.core.test_slices.endless``: two seats that draw, keep
and end their turns, so the game never ends). No time is asserted: the longest frame
gap is ``benchmarks/import_frames.py``'s to measure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import FilePayload, Page, expect

from tests.core.test_slices import endless, refused_at
from tests.e2e.positions import saved_games

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

ACTIONS = 60_000

#: Counts the frames drawn (``requestAnimationFrame``), and notes, each time the progress
#: line shows or hides, the frames so far and whether the list and the form were inert.
WATCH = """() => {
  const w = window;
  w.__frames = 0;
  w.__seen = [];
  const tick = () => { w.__frames += 1; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  const line = document.getElementById("reading");
  new MutationObserver(() => w.__seen.push({
    shown: !line.hidden, text: line.textContent, frames: w.__frames,
    inert: document.getElementById("setup-form").inert
      && document.getElementById("saved").inert
      && document.getElementById("import-file").closest("[inert]") !== null,
  })).observe(line, {attributes: true, attributeFilter: ["hidden"], childList: true,
                     characterData: true, subtree: true});
}"""


def file_payload(text: str) -> FilePayload:
    return {"name": "long.json", "mimeType": "application/json", "buffer": text.encode()}


def seen(page: Page) -> list[dict[str, object]]:
    return list(page.evaluate("window.__seen"))


def test_a_long_import_keeps_the_page_drawing(app: App) -> None:
    text = endless(ACTIONS).dumps()
    app.open()
    app.wait_for_phase("setup")
    app.page.evaluate(WATCH)
    app.page.set_input_files("#import-file", files=[file_payload(text)])
    app.wait_for_phase("playing", 120_000)
    expect(app.page.locator("#reading")).to_be_hidden()
    notes = seen(app.page)
    shown = [n for n in notes if n["shown"]]
    assert shown and all(n["inert"] for n in shown), notes  # nothing else could start
    assert all(str(n["text"]).startswith("Reading the game: ")
               and str(n["text"]).endswith(" of 60,000 moves replayed…") for n in shown)
    hidden_at = next(n["frames"] for n in notes if not n["shown"])
    assert int(hidden_at) - int(shown[0]["frames"]) >= 2, notes  # frames while reading
    assert len({n["text"] for n in shown}) >= 2, notes  # the line moved on
    expect(app.page.locator("body")).to_contain_text("60,000 moves replayed in")
    assert not app.page.locator("#setup-form").evaluate("f => f.inert")
    assert len(saved_games(app.page)) == 1
    app.assert_clean()


def test_a_long_file_refused_at_its_last_move_saves_nothing(app: App) -> None:
    record = endless(ACTIONS)
    text = refused_at(record, ACTIONS - 1).dumps()
    app.open()
    app.wait_for_phase("setup")
    app.page.evaluate(WATCH)
    app.page.set_input_files("#import-file", files=[file_payload(text)])
    notice = app.page.locator("#notice")
    expect(notice).to_contain_text(
        "That file is not a game this page can load (move 60000 of its game is not "
        "possible at that point)", timeout=120_000)
    expect(app.page.locator("#reading")).to_be_hidden()
    assert app.phase() == "setup"
    assert any(n["shown"] for n in seen(app.page))  # it was read in slices
    assert not app.page.locator("#setup-form").evaluate("f => f.inert")
    assert saved_games(app.page) == {}
    app.page.click("#start")  # the page goes on
    app.wait_for_phase("playing")
    app.assert_clean()
