"""The setup screen's game chooser: Sea Salt & Paper or Fruits de mer.

Choosing Fruits de mer shows its seat count (up to 5) and hides Sea Salt & Paper's
options; Start puts its table on screen; ``?game=fruits-de-mer`` preselects it and
``?game=fruits-de-mer&players=...`` starts it; the choice is remembered; a saved Fruits
de mer game is offered again, naming its game; the help opens on its rules.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import FilePayload, expect

from seasalt.web.settings import Settings
from seasalt.web.table import Table
from tests.e2e.positions import saved_game

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

FDM_CARD = '.game-card[data-game="fruits-de-mer"]'
SSP_CARD = '.game-card[data-game="sea-salt-and-paper"]'
SSP_OPTIONS = '[data-only-game="sea-salt-and-paper"]'


def visible_rows(app: App) -> int:
    return int(app.page.locator("li.seat-row:visible").count())


def test_choosing_fruits_de_mer_shows_its_form_and_starts_its_table(app: App) -> None:
    app.open()
    app.wait_for_phase("setup")
    page = app.page
    ssp = page.locator("#game-sea-salt-and-paper")
    fdm = page.locator("#game-fruits-de-mer")
    expect(ssp).to_be_checked()  # the default
    expect(page.locator(f"{FDM_CARD} .game-title")).to_have_text("Fruits de mer")
    expect(page.locator(f"{SSP_CARD} .game-title")).to_have_text("Sea Salt & Paper")
    for card in (FDM_CARD, SSP_CARD):
        expect(page.locator(f"{card} .game-about")).not_to_be_empty()
        box = page.locator(card).bounding_box()
        assert box is not None and box["height"] >= 44, box
    # a screen reader hears each game by its title, described by its line
    expect(fdm).to_have_accessible_name("Fruits de mer")
    expect(page.locator(SSP_OPTIONS).first).to_be_visible()
    # the keyboard: the radios move with the arrows
    ssp.focus()
    page.keyboard.press("ArrowDown")
    expect(fdm).to_be_checked()
    expect(page.locator("#players-note")).to_have_text("(2 to 5, in seat order)")
    for i in range(page.locator(SSP_OPTIONS).count()):
        expect(page.locator(SSP_OPTIONS).nth(i)).to_be_hidden()
    # what the bots do, in this game's words
    page.locator("#level-notes-title").click()
    expect(page.locator("#level-list")).to_contain_text("varies its choices")
    expect(page.locator("#level-list")).not_to_contain_text("duo")
    for _ in range(3):
        page.click("#add-seat")
    assert visible_rows(app) == 5
    expect(page.locator("#add-seat")).to_be_hidden()
    # back to Sea Salt & Paper: its options again, at most 4 seats
    page.locator(SSP_CARD).click()
    expect(ssp).to_be_checked()
    expect(page.locator(SSP_OPTIONS).first).to_be_visible()
    expect(page.locator("#players-note")).to_have_text("(2 to 4, in seat order)")
    assert visible_rows(app) == 4
    expect(page.locator("#level-list")).to_contain_text("LAST CHANCE")
    # and Fruits de mer again, three players, started
    page.locator(FDM_CARD).click()
    page.click('[data-action="remove-seat"][data-row="3"]')
    page.select_option('[name="kind-1"]', "easy")
    page.select_option('[name="kind-2"]', "easy")
    page.select_option("#speed", "instant")
    page.click("#start")
    app.wait_for_phase("playing")
    expect(page.locator("#playing")).to_have_attribute("data-game", "fruits-de-mer")
    expect(page.locator("#fdm-board")).to_be_visible()
    expect(page.locator("#playing .board")).to_be_hidden()
    expect(page.locator(".masthead .title-game")).to_have_text("Fruits de mer")
    expect(page.locator(".masthead .title-site")).to_be_hidden()
    expect(page).to_have_title("Fruits de mer")
    saved = json.loads(saved_game(page) or "")
    assert saved["record"]["game"] == "fruits-de-mer" and saved["record"]["players"] == 3
    # the choice is remembered for the next visit
    assert page.evaluate("localStorage.getItem('seasalt.game')") == "fruits-de-mer"
    app.assert_clean()


def test_a_link_preselects_or_starts_fruits_de_mer(app: App) -> None:
    app.open("?game=fruits-de-mer")
    app.wait_for_phase("setup")
    expect(app.page.locator("#game-fruits-de-mer")).to_be_checked()
    expect(app.page.locator(SSP_OPTIONS).first).to_be_hidden()
    app.open("?game=fdm&players=you,hard,medium&seed=7&speed=instant")
    app.wait_for_phase("playing")
    expect(app.page.locator("#playing")).to_have_attribute("data-game", "fruits-de-mer")
    expect(app.page.locator("#fdm-board")).to_be_visible()
    saved = json.loads(saved_game(app.page) or "")
    assert saved["kinds"] == ["human", "hard", "medium"]
    assert saved["record"]["game"] == "fruits-de-mer" and saved["record"]["seed"] == 7
    app.assert_clean()


def test_a_bad_link_names_the_game(app: App) -> None:
    app.open("?game=fruits-de-mer&players=you,easy,easy,easy,easy,easy")
    app.wait_for_phase("setup")
    expect(app.page.locator("#notice")).to_contain_text("Fruits de mer is for 2 to 5 players")
    app.open("?game=chess&players=you,easy")
    app.wait_for_phase("setup")
    expect(app.page.locator("#notice")).to_contain_text("unknown game")
    app.assert_clean()


def test_a_saved_fruits_de_mer_game_is_offered_by_name(app: App) -> None:
    table = Table.new(Settings(seats=["you", "easy", "easy"], names=["Ann", "", ""],
                                       seed=11, speed="instant", game="fruits-de-mer"))
    table.submit(0, table.ply, table.view(0)["legal"][0])
    while table.is_bot_turn():
        table.bot_step(60.0)
    app.open()
    app.wait_for_phase("setup")
    app.page.evaluate("text => localStorage.setItem('seasalt.save', text)", table.save())
    app.page.reload()
    app.wait_for_phase("setup")
    expect(app.page.locator("#saved")).to_be_visible()
    expect(app.page.locator("#saved .saved-name")).to_have_text("Fruits de mer")
    expect(app.page.locator("#saved .saved-summary")).to_contain_text("3 players, round 2: Ann")
    app.page.click('[data-action="resume"]')
    app.wait_for_phase("playing")
    expect(app.page.locator("#fdm-board")).to_be_visible()
    # the help shows the game's own rules, and the other game's a click away
    app.page.keyboard.press("?")
    help_body = app.page.locator("#help-body")
    expect(help_body.locator('[data-game="fruits-de-mer"]')).to_have_attribute(
        "aria-pressed", "true")
    expect(help_body).to_contain_text("Warden")
    help_body.locator('[data-game="sea-salt-and-paper"]').click()
    expect(help_body).to_contain_text("Mermaid")
    expect(help_body.locator('[data-game="sea-salt-and-paper"]')).to_be_focused()
    app.assert_clean()


def test_a_saved_sea_salt_game_is_named_too(app: App) -> None:
    app.open("?players=you,easy&seed=3&speed=instant")
    app.wait_for_phase("playing")
    expect(app.page.locator("#playing")).not_to_have_attribute("data-game", "fruits-de-mer")
    app.page.reload()
    app.wait_for_phase("setup")
    expect(app.page.locator("#saved .saved-name")).to_have_text("Sea Salt & Paper")
    expect(app.page.locator(".masthead .title-site")).to_be_visible()
    expect(app.page.locator(".masthead .title-game")).to_be_hidden()
    expect(app.page).to_have_title("Sea Salt & Paper")
    app.assert_clean()


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """Let Playwright inject axe-core past the page's CSP (as ``test_a11y``)."""
    return {**browser_context_args, "bypass_csp": True}


def test_the_chooser_and_the_rules_pass_axe(app: App) -> None:
    from tests.e2e.test_a11y import AXE, check, phone, verify

    if not AXE.is_file():
        pytest.skip("axe-core is not installed (npm ci)")
    app.open("?game=fruits-de-mer")
    app.wait_for_phase("setup")
    found = check(app, "setup, Fruits de mer chosen", ("light", "auto-dark", "contrast"))
    phone(app.page)
    found += check(app, "setup on a phone, Fruits de mer chosen", ("light",))
    targets = app.page.evaluate("""() => [...document.querySelectorAll('.game-card')]
        .map(n => n.getBoundingClientRect().height)""")
    assert min(targets) >= 44, targets
    app.page.locator("body").press("?")
    expect(app.page.locator("#help")).to_be_visible()
    found += check(app, "help, Fruits de mer's rules", ("light",))
    # each seat colour's swatch shows its colour (not an empty circle)
    swatches = app.page.eval_on_selector_all(
        "#help .help-swatch", "els => els.map(e => getComputedStyle(e).backgroundColor)")
    assert swatches and all(c not in ("rgba(0, 0, 0, 0)", "transparent") for c in swatches)
    assert len(set(swatches)) == 6, sorted(set(swatches))  # five seats and the black bait
    verify(app, found)


def test_switching_the_language_keeps_the_choice_and_the_table(app: App) -> None:
    app.open("?game=fruits-de-mer")
    app.wait_for_phase("setup")
    page = app.page
    page.select_option("#setup-lang", "fr")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#game-fruits-de-mer")).to_be_checked()
    expect(page.locator("#players-note")).to_have_text("(2 à 5, dans l'ordre des places)")
    expect(page.locator(SSP_OPTIONS).first).to_be_hidden()
    page.select_option("#speed", "instant")
    page.click("#start")
    app.wait_for_phase("playing")
    expect(page.locator("#fdm-board")).to_be_visible()
    page.click("#table-menu summary")
    page.select_option("#table-lang", "nl")
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    expect(page.locator("#fdm-board")).to_be_visible()
    expect(page.locator(".masthead .title-game")).not_to_be_empty()
    app.assert_clean()


def test_a_fruits_de_mer_game_file_loads_and_exports(app: App) -> None:
    table = Table.new(Settings(seats=["you", "hard", "easy", "easy", "medium"],
                                       seed=21, speed="instant", game="fdm"))
    table.submit(0, table.ply, table.view(0)["legal"][-1])
    while table.is_bot_turn():
        table.bot_step(60.0)
    app.open()
    app.wait_for_phase("setup")
    page = app.page
    payload: FilePayload = {"name": "game.json", "mimeType": "application/json",
                            "buffer": table.save().encode()}
    page.set_input_files("#import-file", files=[payload])
    app.wait_for_phase("playing")
    expect(page.locator("#fdm-board")).to_be_visible()
    saved = json.loads(saved_game(page) or "")
    assert saved["record"] == table.record.to_dict()
    page.click("#table-menu summary")
    with page.expect_download() as info:
        page.click('#table-menu [data-action="export"]')
    download = info.value
    # the game and when, not its seed (21)
    assert re.fullmatch(r"seasalt-fruits-de-mer-\d{8}-\d{4}\.json", download.suggested_filename)
    exported = json.loads(download.path().read_text(encoding="utf-8"))
    assert exported["record"] == table.record.to_dict()
    app.assert_clean()
