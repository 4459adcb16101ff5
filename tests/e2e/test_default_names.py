"""Default seat names in the page's language (issue 41): a game saved with an earlier
version's English default names ("You", "Easy bot") and continued in French names its
seats in French, on the saved games' list and at the table; a typed name stays."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from playwright.sync_api import expect

from seasalt.web.settings import Settings
from seasalt.web.table import Table

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App


def old_save() -> str:
    """A game of a person and two easy bots, saved as earlier versions saved it: the
    default names in English in its record."""
    t = Table.new(Settings(seats=["human", "easy", "easy"], seed=3, speed="instant"))
    data = json.loads(t.save(saved_at=1_700_000_000_000))
    data["record"]["seats"] = ["You", "Easy bot 1", "Zoë"]
    return json.dumps(data)


def test_an_english_game_continued_in_french_names_its_seats_in_french(app: App) -> None:
    app.open()
    app.wait_for_phase("setup")
    app.page.evaluate("(s) => localStorage.setItem('seasalt.game.old', s)", old_save())
    app.open("?lang=fr")
    app.wait_for_phase("setup")
    entry = app.page.locator('#saved-list [data-id="old"]')
    expect(entry.locator(".saved-summary")).to_contain_text("Vous", timeout=30_000)
    expect(entry.locator(".saved-summary")).to_contain_text("Bot facile 1")
    expect(entry.locator(".saved-summary")).to_contain_text("Zoë")
    entry.locator('[data-action="resume"]').click()
    app.wait_for_phase("playing")
    opponents = app.page.locator("#opponents")
    expect(opponents).to_contain_text("Bot facile 1")
    expect(opponents).to_contain_text("Zoë")
    expect(opponents).not_to_contain_text("Easy bot")
    expect(app.page.locator("#playing")).not_to_contain_text("Easy bot")
    app.assert_clean()
