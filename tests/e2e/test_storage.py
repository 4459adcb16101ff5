"""Storage as a bank, and a start-up that reads only what the list needs (issue 41, items
1, 2 and 4), in the browser.

1. Five finished games saved, the site's storage filled to within 20,000 characters:
   importing a 60,000-action file (about 550 KB) is said with a sentence that stays,
   the game plays on in memory, and storage is exactly as it was (no game removed).
2. Twenty long saves with their summaries: the setup list shows twenty entries and no
   game was read (the reading mark ``seasalt.reading``, set whenever a save is
   replayed, was never written).
3. Saves of an earlier version (no summary): listed at once as not read yet, then read
   one at a time after the list is drawn, their summaries written.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from playwright.sync_api import expect

from seasalt.web.bank import Summary
from seasalt.web.table import Table
from tests.e2e.positions import saved_games
from tests.e2e.test_saves import file_payload, finished_save, plant

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

ROOT = Path(__file__).resolve().parents[2]

#: Counts the page's replays: every read of a save writes its id to seasalt.reading.
COUNT_READS = """() => {
    window.__reads = 0;
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
        if (key === "seasalt.reading") window.__reads += 1;
        return setItem.call(this, key, value);
    };
}"""

#: Fill the site's storage until less than 2,000 characters more fit.
FILL = """() => {
    let i = 0;
    for (let size = 1 << 21; size >= 1000; size >>= 1) {
        for (;;) {
            try { localStorage.setItem("filler." + (i++), "f".repeat(size)); }
            catch (e) { break; }
        }
    }
    return i;
}"""

SNAPSHOT = """() => Object.fromEntries(Object.keys(localStorage).sort()
    .map((k) => [k, localStorage.getItem(k)]))"""


def long_record(actions: int) -> Any:
    spec = importlib.util.spec_from_file_location(
        "long_record", ROOT / "benchmarks" / "long_record.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.long_record(actions)


def long_save(actions: int) -> tuple[str, str]:
    """A save of ``actions`` actions and its summary's text."""
    table = Table.load(long_record(actions).dumps())
    text = table.save(saved_at=1_700_000_000_000)
    return text, Summary.of(table, len(text)).to_text()


def test_a_full_storage_refuses_an_import_and_loses_nothing(app: App) -> None:
    app.open()
    app.wait_for_phase("setup")
    for i in range(5):
        plant(app.page, f"done-{i}", finished_save(10 + i, 1000 + i))
    app.page.reload()
    app.wait_for_phase("setup")
    expect(app.page.locator("#saved .saved-game")).to_have_count(5)
    expect(app.page.locator("#saved .saved-game", has_text="Not read yet")).to_have_count(
        0, timeout=60_000)  # the saves read in the background (their summaries written)
    app.page.evaluate(FILL)
    before = app.page.evaluate(SNAPSHOT)
    games = saved_games(app.page)
    record = long_record(60_000).dumps()
    assert len(record) > 500_000
    app.page.set_input_files("#import-file", files=[file_payload(record)])
    app.wait_for_phase("playing", 120_000)
    alert = app.page.locator("#storage-alert")
    expect(alert).to_contain_text("the browser's storage for this site is full")
    assert app.page.evaluate(SNAPSHOT) == before  # exactly as it was
    assert saved_games(app.page) == games and len(games) == 5
    app.page.wait_for_timeout(2500)  # a toast would be gone by now: the sentence stays
    expect(alert).to_be_visible()
    expect(alert.locator('[data-action="export-unkept"]')).to_be_visible()
    # back to the list: every game is there, and the sentence still offers the export
    app.page.click("#table-menu summary")
    app.page.click('#playing [data-action="new-game"]')
    app.wait_for_phase("setup")
    expect(app.page.locator("#saved .saved-game")).to_have_count(5)
    expect(alert.locator('[data-action="export-unkept"]')).to_be_visible()
    app.assert_clean()


def test_twenty_long_saves_are_listed_without_reading_one(app: App) -> None:
    text, summary = long_save(10_000)
    app.open()
    app.wait_for_phase("setup")
    for i in range(20):
        plant(app.page, f"long-{i:02}", text)
        app.page.evaluate("([k, s]) => localStorage.setItem(k, s)",
                          [f"seasalt.summary.long-{i:02}", summary])
    app.page.add_init_script(f"({COUNT_READS})()")
    app.page.reload()
    app.wait_for_phase("setup")
    entries = app.page.locator("#saved .saved-game")
    expect(entries).to_have_count(20)
    expect(app.page.locator('#saved .saved-game[data-status="ready"]')).to_have_count(20)
    expect(entries.first).to_contain_text("2 players")
    app.page.wait_for_timeout(300)
    assert app.page.evaluate("window.__reads") == 0  # no game replayed to list them
    entries.first.locator('[data-action="resume"]').click()  # opened: read now
    app.wait_for_phase("playing", 60_000)
    assert app.page.evaluate("window.__reads") == 1
    app.assert_clean()


def test_saves_without_a_summary_are_read_one_at_a_time_after_the_list(app: App) -> None:
    text, summary = long_save(2_000)
    app.open()
    app.wait_for_phase("setup")
    for i in range(3):
        plant(app.page, f"old-{i}", text)  # an earlier version's: no summary
    app.page.add_init_script(f"({COUNT_READS})()")
    app.page.reload()
    app.wait_for_phase("setup")
    expect(app.page.locator("#saved .saved-game")).to_have_count(3)
    expect(app.page.locator('#saved .saved-game[data-status="ready"]')).to_have_count(3)
    assert app.page.evaluate("window.__reads") == 3
    stored = app.page.evaluate(
        "() => [0, 1, 2].map((i) => localStorage.getItem('seasalt.summary.old-' + i))")
    assert [json.loads(s) for s in stored] == [json.loads(summary)] * 3
    app.assert_clean()
