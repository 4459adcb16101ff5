"""The page in French, Dutch and Turkish (issue 11): no English left on screen.

For each language the page is opened with ``?lang=<code>`` and played as a person
would (a human seat against a bot, seeded, bots at instant speed); at each state the
test reads what a player sees or hears: ``document.body.innerText`` plus the
``aria-label``, ``title``, ``placeholder`` and ``alt`` of visible elements. It then
looks for the English catalog strings (``seasalt/locale/seasalt.pot``) whose
translation differs: each literal part of a message (the text between its
placeholders), matched case-sensitively on word boundaries. An English part that the
language's own catalog also uses somewhere ("STOP" in Dutch, "Kraken", "duo",
"Extra Salt", "Python") is not a leftover and is not looked for; numbers and
punctuation are never looked for. Names come from the page's defaults (no typed name).

Also: the loading screen's words before Python runs, the help dialog, and a switch
from French to Dutch in the middle of a game keeping the game (same hand, same cards in
front, same log, same decision offered) and leaving no French behind.
"""

from __future__ import annotations

import os
import re
import time
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import Page, expect

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "seasalt" / "locale"
LANGUAGES = ["fr", "nl", "tr"]
ROUND_TIMEOUT_S = 120
"""Longest a round may take (bots at instant speed)."""
PLACEHOLDER = re.compile(r"\{[a-z_]*(?:![rsa])?(?::[^{}]*)?\}")
LETTER = re.compile(r"[^\W\d_]")
DEFAULT_NAMES = ("You", "Easy bot", "Medium bot", "Hard bot", "Expert bot", "Random bot",
                 "Greedy bot", "Another human")
"""English seat names the page gives by default (`seat_names`)."""
VISIBLE_TEXT = """(selector) => {
    const root = document.querySelector(selector);
    const parts = [document.title, root.innerText];
    for (const el of root.querySelectorAll("[aria-label],[title],[placeholder],[alt]")) {
        if (el.checkVisibility && !el.checkVisibility()) continue;
        for (const name of ["aria-label", "title", "placeholder", "alt"]) {
            const value = el.getAttribute(name);
            if (value) parts.push(value);
        }
    }
    return parts.join("\\n");
}"""
"""What a person sees or a screen reader says on the page now."""


def _strings(message_id: str | tuple[str, ...]) -> tuple[str, ...]:
    return (message_id,) if isinstance(message_id, str) else tuple(message_id)


def _catalog(code: str) -> dict[tuple[str | None, tuple[str, ...]], tuple[str, ...]]:
    """``{(context, English strings): strings in code}``; English maps to itself."""
    with open(LOCALE / code / "LC_MESSAGES" / "seasalt.po", "rb") as f:
        catalog = read_po(f)
    return {(m.context, _strings(m.id)):
            _strings(m.id) if code == "en" else _strings(m.string)
            for m in catalog if m.id}


@cache
def leftovers(code: str, source: str = "en") -> tuple[tuple[re.Pattern[str], str], ...]:
    """The parts of ``source``-language texts to look for on a page in ``code``:
    ``(pattern, text)``.

    A part is the text of a message between placeholders, stripped of spaces and
    punctuation at its ends, with at least two letters (a lone letter is a key or an
    abbreviation, as the calculator's ``P{number}``, not a word); it is looked for only when the
    message differs between the two languages and the part appears nowhere in the
    language's translations (word boundaries, case kept).
    """
    wanted = _catalog(code)
    given = _catalog("fr" if source == "en" else source)  # keys: the English
    translated = "\n".join(s for strings in wanted.values() for s in strings)
    found: dict[str, tuple[re.Pattern[str], str]] = {}
    for key, strings in wanted.items():
        texts = key[1] if source == "en" else given.get(key, ())
        if texts == strings:
            continue
        for text in texts:
            for part in PLACEHOLDER.split(text):
                part = part.strip(" \t\n.,;:!?()[]·—–-+…'\"/\u00a0")
                if len(LETTER.findall(part)) < 2 or part in found:
                    continue
                pattern = re.compile(r"(?<!\w)" + re.escape(part) + r"(?!\w)")
                if not pattern.search(translated):
                    found[part] = (pattern, text)
    return tuple(found.values())


def seat_names(code: str) -> frozenset[str]:
    """The page's default seat names in ``code`` ("Bot facile"): a game keeps the
    names it was made with, like names a player typed."""
    catalog = _catalog(code)
    return frozenset(catalog[None, (english,)][0] for english in DEFAULT_NAMES)


def english_on_screen(page: Page, code: str, root: str = "body",
                      source: str = "en") -> list[str]:
    """The parts of ``source``-language messages (English by default) found on the
    page (in ``root``), with some context; the seat names given in ``source`` when
    the game was made are not counted."""
    text = page.evaluate(VISIBLE_TEXT, root)
    hits = []
    names = seat_names(source) if source != "en" else frozenset()
    for pattern, message in leftovers(code, source):
        if (match := pattern.search(text)) and match.group() not in names:
            start, end = max(match.start() - 30, 0), match.end() + 30
            hits.append(f"{match.group()!r} (from {message!r}) in …{text[start:end]!r}…")
    return hits


def assert_no_english(page: Page, code: str, where: str, root: str = "body",
                      source: str = "en") -> None:
    """Fail with every English (or ``source``) leftover found on the page now."""
    hits = english_on_screen(page, code, root, source)
    assert hits == [], f"{code}, {where}: {source} left on screen:\n" + "\n".join(hits)


def offered(page: Page) -> list[str]:
    """The action codes the table offers now (empty when it is not a person's turn)."""
    return page.eval_on_selector_all(
        "#playing [data-code]", "els => els.map(e => e.dataset.code)")


def table_state(page: Page) -> dict[str, object]:
    """The game on the table, independent of the language: card ids by place, the
    log's length, the round's number and the decision offered."""
    return page.evaluate("""() => {
        const ids = (sel) => [...document.querySelectorAll(sel)].map(e => e.dataset.card);
        const round = document.getElementById("round-info").textContent;
        return {hand: ids(".my-hand [data-card]"), front: ids(".my-front [data-card]"),
                seats: ids(".seat [data-card]"),
                log: document.querySelectorAll("#log li").length,
                round: (round.match(/\\d+/g) || []).join(" "),
                codes: [...document.querySelectorAll("#playing [data-code]")]
                    .map(e => e.dataset.code).sort()};
    }""")


def html_lang(page: Page) -> str | None:
    """``<html lang>``."""
    return page.get_attribute("html", "lang")


class Player:
    """Plays the human seat by clicks: a discard once, else two cards from the draw
    pile; a duo when it can; STOP as soon as it may (or never, with ``call=None``)."""

    def __init__(self, page: Page, call: str | None = "stop") -> None:
        self.page = page
        self.call = call
        self.done: set[str] = set()

    def decide(self) -> bool:
        """Make one decision if the table offers any. Returns whether it clicked."""
        page = self.page
        codes = offered(page)
        if not codes:
            return False
        if self.call and self.call in codes:
            self.done.add(self.call)
            page.click(f'[data-code="{self.call}"]')
        elif "take:1" in codes and "take" not in self.done:
            self.done.add("take")
            page.click('[data-code="take:1"]')
        elif "draw" in codes:
            self.done.add("draw")
            page.click('[data-code="draw"]')
        elif keeps := [c for c in codes if c.startswith("keep:")]:
            self.done.add("keep")
            page.click(f'[data-code="{keeps[0]}"]')
        elif picks := [c for c in codes if c.startswith("pick:")]:
            page.click(f'[data-code="{picks[0]}"]')
        elif page.locator(".my-hand .card.can-play").count() and "duo" not in self.done:
            page.locator(".my-hand .card.can-play").first.click()
            expect(page.locator(".my-hand .card.selected")).to_have_count(1)
            page.locator(".my-hand .card.can-play:not(.selected)").first.click()
            expect(page.locator(".my-hand .card.selected")).to_have_count(2)
            page.locator(".duo-options [data-code]").first.click()
            self.done.add("duo")
        elif "end" in codes:
            page.click('[data-code="end"]')
        else:
            pytest.fail(f"the player is stuck with {codes}")
        return True


def wait_for_decision(app: App) -> bool:
    """Wait until the table offers the person an action (the bot has moved): True, or
    False when the round ended first (a bot's move can end it while the test waits)."""
    deadline = time.monotonic() + ROUND_TIMEOUT_S
    while not offered(app.page):
        if app.phase() in ("round-over", "game-over"):
            return False
        assert app.phase() == "playing" and time.monotonic() < deadline, app.errors
        app.page.wait_for_timeout(30)
    return True


def open_help_and_check(app: App, code: str, where: str) -> None:
    """Open the help from a visible help button, check its words, close it (Escape)."""
    page = app.page
    page.locator('[data-action="help"]:visible').first.click()
    expect(page.locator("dialog#help")).to_have_attribute("open", "")
    expect(page.locator("#help-body h2, #help-body h3").first).to_be_visible()
    assert_no_english(page, code, f"the help dialog ({where})")
    page.keyboard.press("Escape")
    expect(page.locator("dialog#help")).not_to_have_attribute("open", "")


@pytest.mark.parametrize("code", LANGUAGES)
class TestEachLanguage:
    def test_the_loading_screen_speaks_the_language(self, app: App, code: str) -> None:
        app.hold("/pyodide/pyodide.asm.wasm")  # Python cannot start before release()
        app.open(f"?lang={code}")
        expect(app.page.locator("#loading")).to_be_visible()
        expect(app.page.locator("html")).to_have_attribute("lang", code)
        assert app.phase() == "loading"
        # boot.js translates the loading screen itself before Python runs, and
        # setup-early.js the setup form shown under it (the rest of the page, hidden or
        # not yet filled, waits for Python's words)
        assert_no_english(app.page, code, "the loading screen", "#loading")
        expect(app.page.locator("body")).to_have_attribute("data-early", "setup")
        assert_no_english(app.page, code, "the setup form before Python runs", "#setup")
        app.release()
        app.wait_for_phase("setup")
        assert html_lang(app.page) == code
        app.assert_clean()

    def test_setup_help_and_a_round_show_no_english(self, app: App, code: str) -> None:
        """(With ``SEASALT_SHOTS=DIR``, screenshots of the setup screen, a decision
        and the round's end go to ``DIR``.)"""
        page = app.page
        shots = os.environ.get("SEASALT_SHOTS")
        app.open(f"?lang={code}")
        app.wait_for_phase("setup")
        if shots:
            page.screenshot(path=str(Path(shots) / f"setup-{code}.png"), full_page=True)
        assert html_lang(page) == code
        assert page.evaluate("localStorage.getItem('seasalt.lang')") == code
        assert_no_english(page, code, "the setup screen")
        open_help_and_check(app, code, "setup")

        app.open(f"?lang={code}&players=you,easy&seed=3&speed=instant")
        app.wait_for_phase("playing")
        assert html_lang(page) == code
        player = Player(page)
        checked: set[str] = set()
        deadline = time.monotonic() + 3 * ROUND_TIMEOUT_S
        while app.phase() == "playing":
            if not wait_for_decision(app):
                break
            assert_no_english(page, code, f"a decision {sorted(offered(page))}")
            checked.update(c.split(":")[0] for c in offered(page))
            if "help" not in checked:
                if shots:
                    page.screenshot(path=str(Path(shots) / f"table-{code}.png"), full_page=True)
                open_help_and_check(app, code, "the table")
                checked.add("help")
            player.decide()
            page.wait_for_timeout(30)
            assert time.monotonic() < deadline, "the round took too long"
        assert app.phase() in ("round-over", "game-over"), app.errors
        assert_no_english(page, code, f"the {app.phase()} screen")
        if shots:
            page.screenshot(path=str(Path(shots) / f"round-over-{code}.png"), full_page=True)
        assert {"draw", "keep"} <= checked | player.done, (checked, player.done)
        app.assert_clean()


class TestSwitch:
    def test_french_then_dutch_mid_game_keeps_the_game(self, app: App) -> None:
        page = app.page
        app.open("?lang=fr&players=you,easy&seed=5&speed=instant")
        app.wait_for_phase("playing")
        assert html_lang(page) == "fr"
        player = Player(page, call=None)
        for _ in range(5):
            if not wait_for_decision(app):
                break
            player.decide()
            page.wait_for_timeout(30)
            if app.phase() != "playing":
                break
        app.wait_for_phase("playing")
        assert wait_for_decision(app)
        before = table_state(page)
        assert before["hand"]

        menu = page.locator("#table-menu")
        if not menu.evaluate("el => el.open"):
            menu.locator("summary").click()
        page.select_option("#table-lang", "nl")
        expect(page.locator("html")).to_have_attribute("lang", "nl")
        expect(page.locator("#table-lang")).to_have_value("nl")
        page.wait_for_timeout(200)  # the redraw in place
        assert app.phase() == "playing"
        assert table_state(page) == before
        assert page.evaluate("localStorage.getItem('seasalt.lang')") == "nl"
        assert_no_english(page, "nl", "after the switch")
        # the log's old lines too: the whole log is redrawn in the new language
        assert_no_english(page, "nl", "the game log after the switch (its old lines must "
                          "be redrawn in the new language)", "#log", source="fr")
        assert_no_english(page, "nl", "after the switch", source="fr")
        player.decide()  # and play on, in Dutch
        app.assert_clean()


class TestTheCheckItself:
    def test_an_english_page_is_caught(self, app: App) -> None:
        # the same check on the English page finds the setup screen's words: it is
        # not blind
        app.open("?lang=en")
        app.wait_for_phase("setup")
        assert html_lang(app.page) == "en"
        hits = english_on_screen(app.page, "fr")
        assert any("'Start the game'" in hit for hit in hits), hits
        assert len(hits) > 10, hits
        app.assert_clean()
