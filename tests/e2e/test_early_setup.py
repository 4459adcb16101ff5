"""The setup form before Python runs (``setup-early.js``), and Python taking it over
(``web/page/early.py``): filled in while the engine downloads, the game starts the
moment Python is ready; nothing typed is lost, the focus stays where it was."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from playwright.sync_api import expect

from tests.e2e.positions import saved_game

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

WASM = "/pyodide/pyodide.asm.wasm"
"""Held back by the tests: Python cannot start before it arrives."""


def early_form(app: App, path: str = "") -> None:
    """Open the page with Python held back; wait for the early setup form."""
    app.hold(WASM)
    app.open(path)
    expect(app.page.locator("body")).to_have_attribute("data-early", "setup")
    assert app.phase() == "loading"


def form_words(app: App) -> dict[str, object]:
    """What the setup form shows, in words and values."""
    return app.page.evaluate("""() => ({
        games: [...document.querySelectorAll('#game-cards .game-card')].map(e => e.innerText),
        kinds: [...document.querySelectorAll('#seats select')].map(
            s => [...s.options].map(o => o.textContent)),
        names: [...document.querySelectorAll('#seats li:not([hidden]) input')].map(
            i => [i.value, i.placeholder]),
        speeds: [...document.querySelectorAll('#speed option')].map(o => o.textContent),
        note: document.getElementById('players-note').textContent,
        levels: document.getElementById('level-list').innerText,
    })""")


def test_a_game_chosen_before_python_starts_at_once(app: App) -> None:
    early_form(app)
    page = app.page
    page.click('.game-card[data-game="fruits-de-mer"]')
    page.click("#add-seat")
    page.select_option('[name="kind-1"]', "easy")
    page.select_option('[name="kind-2"]', "medium")
    page.fill('[name="name-0"]', "Ann")
    page.select_option("#speed", "instant")
    expect(page.locator("#seats li.seat-row:not([hidden])")).to_have_count(3)
    expect(page.locator('[name="name-2"]')).to_have_attribute("placeholder", "Medium bot")
    page.click("#start")
    expect(page.locator("#start")).to_have_attribute("aria-busy", "true")
    assert app.phase() == "loading"  # remembered until Python runs
    app.release()
    app.wait_for_phase("playing")
    expect(page.locator("body")).to_have_attribute("data-game", "fruits-de-mer")
    expect(page.locator("body")).not_to_have_attribute("data-early", "setup")
    expect(page.locator("#playing")).to_contain_text("Ann")
    text = saved_game(page)
    assert text is not None
    saved = json.loads(text)
    assert saved["kinds"] == ["human", "easy", "medium"] and saved["speed"] == "instant"
    app.assert_clean()


def test_python_takes_over_where_the_player_left(app: App) -> None:
    early_form(app)
    page = app.page
    page.select_option('[name="kind-1"]', "hard")
    page.click("#extra-pepper")
    page.fill("#seed", "42")
    page.click('[name="name-1"]')
    page.keyboard.type("Bo")
    before = form_words(app)
    app.release()
    app.wait_for_phase("setup")
    # the same form, the same words and values, Python's now; the caret still there
    assert form_words(app) == before
    assert page.input_value('[name="kind-1"]') == "hard"
    assert page.is_checked("#extra-pepper") and page.input_value("#seed") == "42"
    assert page.evaluate("document.activeElement.name") == "name-1"
    page.keyboard.type("b")
    assert page.input_value('[name="name-1"]') == "Bob"
    app.assert_clean()


def test_a_language_chosen_before_python_is_kept(app: App) -> None:
    early_form(app)
    page = app.page
    page.select_option("#setup-lang", "nl")
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    expect(page.locator("#start")).to_have_text("Spel starten")
    dutch = form_words(app)
    app.release()
    app.wait_for_phase("setup")
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    assert form_words(app) == dutch
    app.assert_clean()


def test_a_link_to_a_game_keeps_the_loading_screen(app: App) -> None:
    app.hold(WASM)
    app.open("?players=you,hard&speed=instant")
    expect(app.page.locator("#loading .progress-bar")).to_be_visible()
    expect(app.page.locator("#setup")).to_be_hidden()
    assert app.page.get_attribute("body", "data-early") is None
    app.release()
    app.wait_for_phase("playing")
    app.assert_clean()


def form_values(app: App) -> dict[str, object]:
    """The setup form's values: shown seats, speed, target, expansions, seed."""
    return app.page.evaluate("""() => ({
        seats: [...document.querySelectorAll('#seats li.seat-row:not([hidden])')].map(
            li => [li.querySelector('select').value, li.querySelector('input').value]),
        speed: document.getElementById('speed').value,
        target: document.querySelector('[name="target"]:checked').value,
        salt: document.getElementById('extra-salt').checked,
        pepper: document.getElementById('extra-pepper').checked,
        seed: document.getElementById('seed').value,
    })""")


LEFT = {"seats": [["you", "Ann"], ["hard", ""], ["easy", "Bea"]], "speed": "fast",
        "target": "double", "salt": True, "pepper": False, "seed": ""}
"""The form of `test_the_form_starts_as_the_last_game_left_it`'s game (no seed kept)."""


def test_the_form_starts_as_the_last_game_left_it(app: App) -> None:
    """Seats, speed, target and expansions of the last game started are the form's next
    time: in the early form before Python runs, and after Python takes it over; the seed
    is for one game only."""
    page = app.page
    app.open()
    app.wait_for_phase("setup")
    defaults = form_values(app)
    page.click("#add-seat")
    page.fill('[name="name-0"]', "Ann")
    page.select_option('[name="kind-1"]', "hard")
    page.select_option('[name="kind-2"]', "easy")
    page.fill('[name="name-2"]', "Bea")
    page.select_option("#speed", "fast")
    page.check('[name="target"][value="double"]')
    page.check("#extra-salt")
    page.fill("#seed", "77")
    page.click("#start")
    app.wait_for_phase("playing")
    early_form(app)
    assert form_values(app) == LEFT
    expect(page.locator('[name="name-1"]')).to_have_attribute("placeholder", "Hard bot")
    app.release()
    app.wait_for_phase("setup")
    assert form_values(app) == LEFT
    assert defaults != LEFT  # the form did change
    app.assert_clean()


def test_python_alone_restores_the_form(app: App) -> None:
    """Without the early form (its script did not run), Python puts the last game's form
    in place itself."""
    page = app.page
    app.open()
    app.wait_for_phase("setup")
    page.evaluate("v => localStorage.setItem('seasalt.form', v)", json.dumps(
        {"seats": LEFT["seats"], "speed": "fast", "target": "double", "extra_salt": True,
         "extra_pepper": False}))
    page.route("**/setup-early.js", lambda route: route.fulfill(
        body="", content_type="text/javascript"))
    page.reload()
    app.wait_for_phase("setup")
    assert page.evaluate("window.seasaltEarly === undefined")
    assert form_values(app) == LEFT
    app.assert_clean()


def test_a_damaged_remembered_form_is_left_out(app: App) -> None:
    """A remembered form that is not JSON, or has values of the wrong shape (a target
    that is no radio's value, an unknown kind or speed), leaves the form as it was,
    in the early form and after Python: no error."""
    page = app.page
    app.open()
    app.wait_for_phase("setup")
    defaults = form_values(app)
    for text in ("{not json", json.dumps({"seats": "x", "speed": 5, "target": '"]',
                                          "extra_salt": "yes"}),
                 json.dumps({"seats": [["wizard", 7], ["human"]], "speed": "warp"})):
        page.evaluate("v => localStorage.setItem('seasalt.form', v)", text)
        early_form(app)
        assert form_values(app) == defaults, text
        app.release()
        app.wait_for_phase("setup")
        assert form_values(app) == defaults, text
    app.assert_clean()
