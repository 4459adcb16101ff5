"""axe-core in Chromium: zero violations, of any impact, in every state of the page and
in every theme (issue 11).

Each test brings the page to one state the way a player would (a link, clicks, or a
saved game the engine plays by a short script and the page loads through *Load a game
file*, as in ``test_extra_salt.py``), then runs axe-core (npm ``axe-core``, a
development dependency that the site never ships) with all its rules, once per theme:
``light``, ``dark``, ``contrast`` (``<html data-theme=...>``, what the page's theme
switch sets) and ``auto-dark`` (no ``data-theme``, the system asking for dark). The
context bypasses the page's Content-Security-Policy, which forbids outside scripts, so
that axe can be injected.

Run with ``-s`` for a summary per state and theme at the end of the module.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Page, expect

from seasalt.core.record import GameRecord
from seasalt.ssp.cards import KIND_OF, Kind
from seasalt.ssp.game import GAME

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
"""axe-core's browser build, from ``npm ci`` (package.json's devDependencies)."""
THEMES: tuple[str, ...] = ("light", "dark", "contrast", "auto-dark")
"""The themes each state is checked in (``auto-dark``: no data-theme, the system dark)."""
TIMEOUT_S = 120
"""Longest the page may take to reach a state (bots at instant speed)."""
BASE = {"double_target": False, "extra_salt": False, "extra_pepper": False}
SALT = {"double_target": False, "extra_salt": True, "extra_pepper": False}
PEPPER = {"double_target": False, "extra_salt": False, "extra_pepper": True}

RESULTS: list[dict[str, Any]] = []
"""One row per (state, theme) checked, for the summary."""


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """A laptop-sized window that lets Playwright inject axe past the page's CSP."""
    return {**browser_context_args, "bypass_csp": True,
            "viewport": {"width": 1280, "height": 800}}


@pytest.fixture(scope="module", autouse=True)
def summary() -> Iterator[None]:
    """Print, after the module's tests, what axe found per state and theme (``-s``)."""
    yield
    if not RESULTS:
        return
    print("\n\naxe-core results (violations / passed rules / rules to review by hand):")
    width = max(len(r["state"]) for r in RESULTS)
    for r in RESULTS:
        rules = ", ".join(r["rules"]) or "-"
        print(f"  {r['state']:<{width}}  {r['theme']:<9}  {r['violations']:>2} violations"
              f"  {r['passes']:>3} passed  {r['incomplete']:>2} to review"
              f" ({', '.join(r['review']) or '-'})  {rules}")


# ---- axe ------------------------------------------------------------------------------

def set_theme(page: Page, theme: str) -> None:
    """Show the page in ``theme`` (one of `THEMES`) and let transitions settle."""
    if theme == "auto-dark":
        page.emulate_media(color_scheme="dark", reduced_motion="reduce")
        page.evaluate("document.documentElement.removeAttribute('data-theme')")
    else:
        page.emulate_media(color_scheme="light", reduced_motion="reduce")
        page.evaluate("t => document.documentElement.setAttribute('data-theme', t)", theme)
    page.wait_for_timeout(350)
    scheme = page.evaluate("getComputedStyle(document.documentElement).colorScheme")
    assert scheme == ("light" if theme == "light" else "dark"), (theme, scheme)


def phone(page: Page) -> None:
    """A phone's window (390 x 844), where tables scroll and panels stack."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)


def laptop(page: Page) -> None:
    """Back to the laptop window the tests start with."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_timeout(200)


def run_axe(page: Page) -> dict[str, Any]:
    """Run axe-core on the whole document (all rules, all impacts).

    Returns:
        axe's results: ``violations``, ``passes``, ``incomplete`` (lists of rules).
    """
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ["violations", "incomplete"]});
        const slim = (rules) => rules.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => ({target: n.target.join(" "),
                                      html: n.html.slice(0, 160),
                                      summary: n.failureSummary || ""}))}));
        return {violations: slim(r.violations), incomplete: slim(r.incomplete),
                passes: r.passes.length};
    }""")


def describe(violations: list[dict[str, Any]]) -> str:
    """A readable list of violations: rule, impact, help, a few elements."""
    lines = []
    for v in violations:
        lines.append(f"- {v['id']} ({v['impact']}): {v['help']}")
        for node in v["nodes"][:4]:
            lines.append(f"    {node['target']}: {node['html']}")
            if node["summary"]:
                lines.append("      " + node["summary"].replace("\n", "\n      ")[:400])
        if len(v["nodes"]) > 4:
            lines.append(f"    ... and {len(v['nodes']) - 4} more")
    return "\n".join(lines)


def check(app: App, state: str, themes: tuple[str, ...] = THEMES) -> list[str]:
    """Run axe on the page as it is, in each of ``themes``, and record the results.

    Returns:
        One text per theme with violations (empty when there are none): pass it to
        `verify`, which asserts, so that a test checks all its states and themes first.
    """
    page = app.page
    failures = []
    for theme in themes:
        set_theme(page, theme)
        result = run_axe(page)
        RESULTS.append({"state": state, "theme": theme,
                        "violations": sum(len(v["nodes"]) for v in result["violations"]),
                        "rules": [v["id"] for v in result["violations"]],
                        "passes": result["passes"], "incomplete": len(result["incomplete"]),
                        "review": [v["id"] for v in result["incomplete"]]})
        if result["violations"]:
            failures.append(f"[{state} / {theme}]\n{describe(result['violations'])}")
    set_theme(page, "light")
    return failures


def verify(app: App, *checks: list[str]) -> None:
    """Assert that the `check` results hold no violation and the page logged no error."""
    failures = [f for found in checks for f in found]
    assert not failures, "axe-core violations:\n" + "\n".join(failures)
    app.assert_clean()


# ---- reaching states ------------------------------------------------------------------

def offered(page: Page) -> list[str]:
    """The action codes the table offers now (empty when it is not a person's turn)."""
    return page.eval_on_selector_all(
        "#playing [data-code]", "els => els.map(e => e.dataset.code)")


def wait_for_offer(app: App, ready: Callable[[list[str]], bool]) -> list[str]:
    """Wait until the offered codes satisfy ``ready``; return them."""
    deadline = time.monotonic() + TIMEOUT_S
    while not ready(codes := offered(app.page)):
        assert app.phase() == "playing" and not app.errors, (app.phase(), app.errors)
        assert time.monotonic() < deadline, f"no such offer: {codes}"
        app.page.wait_for_timeout(30)
    return codes


def cards_of(code: str) -> list[int]:
    """The cards of a ``duo:``/``trio:`` code."""
    return [int(x) for x in code.split(":")[1].split("+")]


def kinds_in(code: str) -> set[Kind]:
    return {KIND_OF[c] for c in cards_of(code)}


def scripted_save(seed: int, until: Callable[[Any, list[str]], bool], *,
                  options: dict[str, bool] = BASE, players: int = 2,
                  prefer: Callable[[list[str], Any], list[str]] = lambda legal, s: [],
                  speed: str = "instant") -> tuple[str, list[str]]:
    """A saved game (you, then medium bots), played by a script until
    ``until(public view, legal codes)``: the ``prefer`` codes first, else draw, keep,
    pick and end the turn.

    Returns:
        The save (JSON text) and the legal action codes at its end.
    """
    state = GAME.new_game(players, seed, options)
    actions: list[str] = []
    while True:
        legal = [str(a) for a in GAME.legal_actions(state)]
        if until(GAME.view(state, None), legal):
            break
        assert GAME.outcome(state) is None and len(actions) < 600, f"seed {seed}: no such moment"
        simple = [c for c in legal if c.startswith(("draw", "keep", "pick", "end"))]
        code = (prefer(legal, state) or simple or legal)[0]
        state = GAME.apply(state, GAME.parse_action(code))
        actions.append(code)
    names = ["You"] + [f"Medium bot {i}" for i in range(1, players)]
    record = GameRecord(GAME.info.name, seed, players, names, dict(options), actions)
    return json.dumps({"format": "seasalt-save", "version": 1,
                       "kinds": ["human"] + ["medium"] * (players - 1),
                       "speed": speed, "record": record.to_dict()}), legal


def open_save(app: App, tmp_path: Path, saved: tuple[str, list[str]]) -> list[str]:
    """Open the page and load a `scripted_save` through the setup screen's file button.

    Returns:
        The legal action codes at the save's end.
    """
    save, legal = saved
    path = tmp_path / "game.json"
    path.write_text(save, encoding="utf-8")
    app.open()
    app.wait_for_phase("setup")
    app.page.set_input_files("#import-file", path)
    app.wait_for_phase("playing")
    return legal


def mine(phase: str) -> Callable[[Any, list[str]], bool]:
    """The person's turn, in ``phase``."""
    return lambda v, legal: v.current == 0 and v.phase == phase


def select_cards(page: Page, cards: list[int]) -> None:
    """Click hand cards one by one, waiting for the page's redraw after each."""
    for n, cid in enumerate(cards, 1):
        page.click(f'.my-hand [data-card="{cid}"]')
        expect(page.locator(".my-hand .card.selected")).to_have_count(n)


def open_help(app: App) -> None:
    """Open the help dialog by its shortcut; skip while the page has no help yet."""
    page = app.page
    page.locator("body").press("?")
    try:
        page.wait_for_selector("dialog[open]", timeout=5000)
    except Exception:  # noqa: BLE001 - playwright's TimeoutError
        pytest.skip("no help dialog opened on '?' (the page's help is not there yet)")


# ---- the states -----------------------------------------------------------------------

def declarations(block: str) -> dict[str, str]:
    """The custom properties a CSS block sets: ``{"--ink": "#1f3442", ...}``."""
    return dict(re.findall(r"(--[\w-]+)\s*:\s*([^;]+);", block))


def test_each_theme_sets_every_colour() -> None:
    """style.css: dark (system and switch alike) and high contrast set every colour the
    light theme sets, and the two dark blocks are the same."""
    css = (ROOT / "web" / "style.css").read_text(encoding="utf-8")
    light = declarations(re.search(r"\n:root \{(.*?)\n\}", css, re.S).group(1))
    system = re.search(r"prefers-color-scheme: dark\) \{\s*:root:not\(\[data-theme\]\) \{"
                       r"(.*?)\n  \}", css, re.S)
    dark = re.search(r'\n:root\[data-theme="dark"\] \{(.*?)\n\}', css, re.S)
    contrast = re.search(r'\n:root\[data-theme="contrast"\] \{(.*?)\n\}', css, re.S)
    assert system and dark and contrast
    colours = {k for k in light if not k.startswith(("--font", "--radius"))}
    assert len(colours) > 40, sorted(light)
    assert declarations(system.group(1)) == declarations(dark.group(1))
    for name, block in (("dark", dark), ("contrast", contrast)):
        assert colours <= set(declarations(block.group(1))), (
            name, sorted(colours - set(declarations(block.group(1)))))


def test_the_site_ships_no_axe(dist_dir: Path) -> None:
    """axe-core is a development dependency: the built site holds no copy of it."""
    assert AXE.is_file(), "npm ci installs axe-core (package.json's devDependencies)"
    files = [f for f in dist_dir.rglob("*") if f.is_file()]
    assert not [f for f in files if "axe" in f.name.lower()]
    assert not [f for f in files if f.suffix in (".js", ".mjs", ".html", ".json")
                and b"Deque Systems" in f.read_bytes()]


class TestSetupAndTurn:
    def test_setup(self, app: App) -> None:
        app.open()
        app.wait_for_phase("setup")
        verify(app, check(app, "setup"))

    def test_draw_or_take_then_keep_or_discard(self, app: App) -> None:
        app.open("?players=you,easy&seed=3&speed=instant")
        app.wait_for_phase("playing")
        wait_for_offer(app, lambda codes: "draw" in codes)
        draw = check(app, "draw or take")
        phone(app.page)
        draw += check(app, "draw or take (phone)", themes=("light", "dark", "contrast"))
        laptop(app.page)
        app.page.click('[data-code="draw"]')
        wait_for_offer(app, lambda codes: any(c.startswith("keep:") for c in codes))
        verify(app, draw, check(app, "keep or discard"))

    def test_duo_selection(self, app: App, tmp_path: Path) -> None:
        legal = open_save(app, tmp_path, scripted_save(
            0, lambda v, legal: v.current == 0 and v.phase == "play"
            and any(c.startswith("duo:") and "seat=" not in c for c in legal)))
        wait_for_offer(app, lambda codes: "end" in codes)
        duo = next(c for c in legal if c.startswith("duo:") and "seat=" not in c)
        select_cards(app.page, cards_of(duo))
        expect(app.page.locator(".duo-options [data-code]").first).to_be_visible()
        verify(app, check(app, "duo selection"))

    def test_crab_pick(self, app: App, tmp_path: Path) -> None:
        def crabs(legal: list[str], s: Any) -> list[str]:
            return [c for c in legal if c.startswith("duo:") and kinds_in(c) == {Kind.CRAB}]
        open_save(app, tmp_path, scripted_save(0, mine("crab-pick"), prefer=crabs))
        wait_for_offer(app, lambda codes: any(c.startswith("pick:") for c in codes))
        verify(app, check(app, "Crab pick"))

    def test_steal_target(self, app: App, tmp_path: Path) -> None:
        # seed 0, three seats: you hold a Swimmer and a Shark, two seats to rob
        legal = open_save(app, tmp_path, scripted_save(
            0, lambda v, legal: v.current == 0 and v.phase == "play"
            and len([c for c in legal if "seat=" in c]) >= 2, players=3))
        steal = next(c for c in legal if "seat=" in c)
        wait_for_offer(app, lambda codes: "end" in codes)
        select_cards(app.page, cards_of(steal))
        expect(app.page.locator('.duo-options [data-code*="seat="]').first).to_be_visible()
        verify(app, check(app, "steal target"))

    def test_stop_or_last_chance(self, app: App, tmp_path: Path) -> None:
        open_save(app, tmp_path, scripted_save(
            0, lambda v, legal: v.current == 0 and v.phase == "play" and "stop" in legal))
        wait_for_offer(app, lambda codes: "stop" in codes and "last-chance" in codes)
        calls = check(app, "STOP / LAST CHANCE")
        app.page.click('[data-code="last-chance"]')
        try:  # the page may ask to confirm the bet in a dialog
            app.page.wait_for_selector("dialog[open]", timeout=2000)
        except Exception:  # noqa: BLE001 - playwright's TimeoutError: no confirmation
            verify(app, calls)
            return
        verify(app, calls, check(app, "LAST CHANCE confirmation"))

    def test_a_bots_turn(self, app: App) -> None:
        app.open("?players=medium,you&seed=3&speed=slow")
        app.wait_for_phase("playing")
        assert offered(app.page) == []
        verify(app, check(app, "a bot's turn", themes=("light", "dark")))

    def test_hot_seat_hand_off(self, app: App) -> None:
        app.open("?players=you,human,easy&names=Ann,Bob&seed=2&speed=instant")
        app.wait_for_phase("playing")
        handoff = app.page.locator("#handoff, dialog.handoff, dialog[open]").first
        expect(handoff).to_be_visible()
        verify(app, check(app, "hot-seat hand-off"))

    def test_help(self, app: App) -> None:
        app.open("?players=you,easy&seed=3&speed=instant")
        app.wait_for_phase("playing")
        wait_for_offer(app, lambda codes: "draw" in codes)
        open_help(app)
        verify(app, check(app, "help"))


class TestRoundAndGameOver:
    def test_round_over_and_game_over(self, app: App) -> None:
        # a table with no person goes past its round ends by itself (at instant speed
        # at once): the round end and the game end are opened from saves instead
        from tests.e2e.positions import open_at

        open_at(app, "round-over", players=3)
        round_over = check(app, "round over")
        phone(app.page)
        round_over += check(app, "round over (phone)", themes=("light", "dark"))
        laptop(app.page)
        open_at(app, "game-over", players=3)
        game_over = check(app, "game over")
        phone(app.page)
        verify(app, round_over, game_over,
               check(app, "game over (phone)", themes=("light", "contrast")))


class TestExtraSalt:
    @staticmethod
    def salt(legal: list[str], s: Any) -> list[str]:
        return [c for c in legal if c.startswith("duo:")
                and kinds_in(c) & {Kind.LOBSTER, Kind.JELLYFISH}]

    def test_lobster_pick(self, app: App, tmp_path: Path) -> None:
        open_save(app, tmp_path, scripted_save(
            0, mine("lobster-pick"), options=SALT, prefer=self.salt))
        wait_for_offer(app, lambda codes: any(c.startswith("pick:") for c in codes))
        verify(app, check(app, "Extra Salt: Lobster pick"))

    def test_forced_draw(self, app: App, tmp_path: Path) -> None:
        # seed 41: the bot played Swimmer + Jellyfish; your turn is forced
        open_save(app, tmp_path, scripted_save(
            41, lambda v, legal: v.phase == "draw" and v.current == 0 and v.forced[0],
            options=SALT, prefer=self.salt))
        wait_for_offer(app, lambda codes: codes == ["draw"])
        verify(app, check(app, "Extra Salt: forced draw"))

    def test_trio(self, app: App, tmp_path: Path) -> None:
        # seed 20: your hand holds three Fish, a Starfish, a Crab and a Shark
        legal = open_save(app, tmp_path, scripted_save(
            20, lambda v, legal: v.current == 0 and any(c.startswith("trio:") for c in legal),
            options=SALT, prefer=self.salt))
        trio = next(c for c in legal if c.startswith("trio:"))
        wait_for_offer(app, lambda codes: "end" in codes)
        select_cards(app.page, cards_of(trio))
        expect(app.page.locator('.duo-options [data-code^="trio:"]').first).to_be_visible()
        verify(app, check(app, "Extra Salt: trio"))


class TestExtraPepper:
    @staticmethod
    def pepper(legal: list[str], s: Any) -> list[str]:
        return [c for c in legal if c.startswith(("keep-event", "angelfish", "swap"))
                or (c.startswith("duo:") and "seat=" in c)]

    def test_angelfish(self, app: App, tmp_path: Path) -> None:
        open_save(app, tmp_path, scripted_save(
            1, mine("angelfish"), options=PEPPER, prefer=self.pepper))
        expect(app.page.locator(".angelfish [data-code]").first).to_be_visible()
        verify(app, check(app, "Extra Pepper: Angelfish"))

    def test_water_rodeo_swap(self, app: App, tmp_path: Path) -> None:
        open_save(app, tmp_path, scripted_save(
            7, mine("swap"), options=PEPPER, prefer=self.pepper))
        app.page.locator(".my-hand .card.can-play").first.click()
        expect(app.page.locator(".swap-their-hand [data-code]").first).to_be_visible()
        verify(app, check(app, "Extra Pepper: swap"))

    def test_keep_an_event(self, app: App, tmp_path: Path) -> None:
        def stop_first(legal: list[str], s: Any) -> list[str]:
            stop = ["stop"] if "stop" in legal and GAME.current_player(s) == 0 else []
            return stop or self.pepper(legal, s)
        open_save(app, tmp_path, scripted_save(
            0, mine("keep-event"), options=PEPPER, prefer=stop_first))
        expect(app.page.locator(".event-choice [data-code]")).to_have_count(2)
        verify(app, check(app, "Extra Pepper: keep an event"))


class TestCoach:
    def test_suggestion_and_review(self, app: App) -> None:
        from tests.e2e.positions import open_at

        app.open("?players=you,easy&seed=3&speed=instant")
        app.wait_for_phase("playing")
        wait_for_offer(app, lambda codes: "draw" in codes)
        page = app.page
        page.click("#table-menu > summary")
        page.locator("#coach-switch").check()
        menu = check(app, "menu with the coach on", themes=("light", "dark"))
        page.click("#table-menu > summary")
        page.click("#coach .coach-suggest")
        expect(page.locator("#coach .coach-choice")).to_have_count(3, timeout=90_000)
        suggestion = check(app, "coach's suggestion")
        phone(page)
        suggestion += check(app, "coach's suggestion (phone)", themes=("light", "contrast"))
        laptop(page)
        open_at(app, "round-over")
        expect(page.locator("#round-coach")).to_have_attribute("data-state", "done",
                                                               timeout=90_000)
        verify(app, menu, suggestion, check(app, "coach's review"))


class TestCalculator:
    """The score calculator (issue 16): its screens, with cards, a refusal, the scores
    of a round and a finished game, on a laptop and a phone."""

    def test_its_screens(self, app: App) -> None:
        page = app.page
        app.open("?calc&extra-salt=1")
        app.wait_for_phase("calc")
        page.click('#calc input[data-calc="option:extra_pepper"]')
        players = check(app, "calculator: players")
        page.click('#calc [data-calc-screen="seat:0"]')
        for card in ("mermaid:white", "crab:black", "crab:grey", "shell:black"):
            page.click(f'#calc [data-calc="add:0:hand:{card}"]')
        page.click('#calc [data-calc-zone="front"]')
        for card in ("fish:black", "fish:yellow"):
            page.click(f'#calc [data-calc="add:0:front:{card}"]')
        page.click('#calc [data-calc="add:0:front:crab:dark-blue"]')
        page.click('#calc [data-calc="add:0:front:boat:black"]')  # refused: a notice
        expect(page.locator("#calc-notice")).to_be_visible()
        seat = check(app, "calculator: a player's cards, a refusal")
        phone(page)
        seat += check(app, "calculator: a player's cards (phone)", themes=("light", "dark"))
        laptop(page)
        page.click('#calc [data-calc-screen="scores"]')
        page.click('#calc [data-calc="end:last-chance"]')
        page.select_option('#calc select[data-calc="caller"]', "0")
        page.select_option('#calc select[data-calc="event"]', "kraken")
        scores = check(app, "calculator: the round's scores")
        page.click('#calc [data-calc-screen="seat:0"]')
        page.click('#calc [data-calc="clear:0"]')
        page.click('#calc [data-calc-screen="seat:1"]')
        page.click('#calc [data-calc-zone="hand"]')
        for _ in range(4):  # all four Mermaids: the game ends at once (R10.1)
            page.click('#calc [data-calc="add:1:hand:mermaid:white"]')
        page.click('#calc [data-calc-screen="scores"]')
        page.click('#calc [data-calc="score"]')
        expect(page.locator("#calc-winner")).to_be_visible()
        over = check(app, "calculator: game over")
        phone(page)
        verify(app, players, seat, scores, over,
               check(app, "calculator: game over (phone)", themes=("light", "contrast")))
