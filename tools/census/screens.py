"""Every screen of the page, and how the census reaches each (:data:`SCREENS`, in order).

One page per size and language visits them all: the setup screen and the help first,
then every saved position (:func:`saves`) is put in ``localStorage`` at once and the page
reloaded once; each later screen is reached from the setup screen's list of saved games
(*Continue* of that game, ``[data-action=resume][data-id=...]``) and left through *New
game* or *Close*, without reloading the page.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from .browse import Visit
from .positions import fdm_save_at, hot_seat, save_at

#: A crowded hand for the player's decisions (the first turn's hand is empty).
MIN_HAND = 6
#: Seats at the table: the most crowded Sea Salt & Paper table.
PLAYERS = 4
#: How long the coach may think, in seconds.
COACH_TIMEOUT_S = 120.0
#: Settling time after a screen shows (fonts, fitted names, the last move's outline).
SETTLE_MS = 120


def _ssp(decision: str, **kw: object) -> str:
    if decision not in ("round-over", "game-over"):
        kw.setdefault("min_hand", MIN_HAND)
    return save_at(decision, players=PLAYERS, **kw)


#: The saved positions the census opens, by id (16 hexadecimal digits, as the page's).
SAVE_BUILDERS: dict[str, Callable[[], str]] = {
    "c0000000000000" + f"{i:02x}": f for i, f in enumerate((
        lambda: _ssp("draw"), lambda: _ssp("keep"), lambda: _ssp("keep-empty"),
        lambda: _ssp("play-duo"),
        lambda: _ssp("crab-pick"), lambda: _ssp("steal"), lambda: _ssp("call"),
        lambda: _ssp("forced"), lambda: _ssp("pepper"), lambda: _ssp("final-turn"),
        lambda: _ssp("round-over"), lambda: _ssp("game-over"),
        lambda: hot_seat(_ssp("draw")), lambda: _ssp("draw"),
        lambda: fdm_save_at("fdm-choice"), lambda: fdm_save_at("fdm-over")))}
_IDS = list(SAVE_BUILDERS)
#: The decisions of Sea Salt & Paper the census shows, in order.
TABLE_DECISIONS = ("draw", "keep", "keep-empty", "play-duo", "crab-pick", "steal", "call",
                   "forced", "pepper", "final-turn")
ID: dict[str, str] = dict(zip((*TABLE_DECISIONS, "round-over", "game-over", "hand-off",
                               "coach", "fdm-choice", "fdm-over"), _IDS, strict=True))


def saves() -> dict[str, str]:
    """Every saved position's text by its id, each stamped a minute apart (the list
    shows the latest first)."""
    out = {}
    for i, (gid, build) in enumerate(SAVE_BUILDERS.items()):
        data = json.loads(build())
        data["saved_at"] = 1_764_684_000_000 + i * 60_000
        out[gid] = json.dumps(data)
    return out


# ---- moving between screens ---------------------------------------------------------------

def to_setup(v: Visit) -> None:
    """Back to the setup screen from wherever the page is, without reloading it (a
    hand-off is answered first: it cannot be closed otherwise)."""
    close = """() => { for (const d of document.querySelectorAll('dialog[open]'))
        if (d.id !== 'handoff') d.close();
        document.querySelector(':popover-open')?.hidePopover(); }"""
    for _ in range(4):
        if v.page.evaluate("document.getElementById('handoff').open"):
            v.js_click("#handoff-ready")
            v.wait_for(lambda: not v.page.evaluate("document.getElementById('handoff').open"),
                       "the hand-off answered", 10)
        v.page.evaluate(close)
        phase = v.phase()
        if phase == "setup":
            return
        if phase == "replay":
            v.js_click('[data-action="replay-close"]')
        elif phase == "calc":
            v.js_click('#calc [data-action="calc-close"]')
        else:
            v.js_click('#playing [data-action="new-game"]')
        v.wait_for(lambda p=phase: v.phase() != p, f"leaving {phase}", 20)
    v.wait_for_phase("setup")


def resume(v: Visit, key: str, phase: str = "playing") -> None:
    """Open the saved position ``key`` (a key of :data:`ID`) from the setup screen."""
    to_setup(v)
    v.click(f'[data-action=resume][data-id="{ID[key]}"]')
    v.wait_for_phase(phase)


def settle(v: Visit) -> None:
    """Let the screen settle (fonts, fitted names)."""
    v.page.evaluate("document.fonts.ready")
    v.page.wait_for_timeout(SETTLE_MS)


def decision(key: str, phase: str = "playing") -> Callable[[Visit], None]:
    """Reach the saved decision ``key``."""
    def go(v: Visit) -> None:
        resume(v, key, phase)
        if phase == "playing":
            v.wait_for(lambda: v.page.locator("#playing [data-code], "
                                              "#fdm-hand .fdm-card").count(), "the prompt")
    return go


# ---- the screens ----------------------------------------------------------------------------

def setup(v: Visit) -> None:
    """The setup screen of a first visit (no saved game)."""
    v.page.goto(v.url, wait_until="domcontentloaded")
    v.wait_for_phase("setup")


def setup_options(v: Visit) -> None:
    """The setup form with four seats, the bots' levels and the options open."""
    for _ in range(2):
        v.click("#add-seat")
    v.page.evaluate("""() => { for (const d of document.querySelectorAll('#setup details'))
        d.open = true; }""")


def setup_fdm(v: Visit) -> None:
    """The game chooser on Fruits de mer."""
    v.click('#game-cards [data-game="fruits-de-mer"]')
    v.wait_for(lambda: v.page.get_attribute("body", "data-game") == "fruits-de-mer",
               "Fruits de mer chosen", 10)


def _help(game: str, scroll: str = "") -> Callable[[Visit], None]:
    def go(v: Visit) -> None:
        if not v.page.evaluate("document.getElementById('help').open"):
            v.click('[data-action="help"]')
            v.wait_for(lambda: v.page.evaluate("document.getElementById('help').open"),
                       "the help", 10)
        v.click(f'#help [data-action="help-game"][data-game="{game}"]')
        v.page.evaluate("""s => { const b = document.querySelector('#help-body');
            const t = s && b.querySelector(s); if (t) t.scrollIntoView({block: 'start'});
            else document.querySelector('#help').scrollTop = 0; }""", scroll)
    return go


def saved_list(v: Visit) -> None:
    """The setup screen listing every saved position (stored, then one reload)."""
    v.page.evaluate("""([prefix, saves]) => { for (const [id, text] of Object.entries(saves))
        localStorage.setItem(prefix + id, text); }""", ["seasalt.game.", saves()])
    v.page.reload(wait_until="domcontentloaded")
    v.wait_for_phase("setup")


def log_drawer(v: Visit) -> None:
    """The play step with the log open (a drawer on small screens, a column on wide)."""
    decision("play-duo")(v)
    toggle = v.page.locator("#playing .log-toggle")
    if toggle.is_visible():
        toggle.click()
        v.wait_for(lambda: v.page.locator("#log-panel").is_visible(), "the log drawer", 10)


def hand_off(v: Visit) -> None:
    """A hot-seat game: the hand-off before the person's turn."""
    to_setup(v)
    v.click(f'[data-action=resume][data-id="{ID["hand-off"]}"]')
    v.wait_for(lambda: v.page.evaluate("document.getElementById('handoff').open"),
               "the hand-off", 30)


def _replay(key: str) -> Callable[[Visit], None]:
    def go(v: Visit) -> None:
        resume(v, key, "game-over")
        v.click("#replay-open")
        v.wait_for_phase("replay")
    return go


replay = _replay("game-over")
replay.__doc__ = "The replay of a finished game (from its game-over screen)."


def coach(v: Visit) -> None:
    """The coach's suggestion shown (the coach switched on in the table's menu)."""
    v.page.evaluate("localStorage.setItem('seasalt.coach', '1')")
    resume(v, "coach")
    box = v.page.locator("#coach-switch")
    if not box.is_checked():
        v.js_click("#coach-switch")
    v.wait_for(lambda: v.page.locator("#coach .coach-suggest").is_visible(), "Suggest", 20)
    v.click("#coach .coach-suggest")
    v.wait_for(lambda: v.page.locator("#coach .coach-choice").count() >= 1,
               "the coach's suggestion", COACH_TIMEOUT_S)


def calc_seat(v: Visit) -> None:
    """The calculator: a player's cards entered."""
    to_setup(v)
    v.click("#calc-open")
    v.wait_for_phase("calc")
    v.click('#calc [data-calc="players:3"]')
    v.click('#calc [data-calc-screen="seat:0"]')
    for card in ("mermaid:white", "crab:dark-blue", "crab:light-blue", "penguin:purple"):
        v.click(f'#calc [data-calc="add:0:hand:{card}"]')
    v.click('#calc [data-calc-zone="front"]')
    for card in ("boat:black", "boat:yellow"):
        v.click(f'#calc [data-calc="add:0:front:{card}"]')


def calc_scores(v: Visit) -> None:
    """The calculator's scores, a round ended by STOP."""
    v.click('#calc [data-calc-screen="scores"]')
    v.click('#calc [data-calc="end:stop"]')
    v.page.select_option('#calc select[data-calc="caller"]', "0")


def fdm_reveal(v: Visit) -> None:
    """Fruits de mer's reveal, after the person's card is played."""
    cards = v.page.locator("#fdm-hand .fdm-card.playable")
    rows = v.page.locator("#fdm-score-table tbody tr").count()
    cards.first.click()
    v.click("#fdm-play")
    v.wait_for(lambda: v.page.locator("#fdm-score-table tbody tr").count() > rows
               or v.phase() == "game-over", "the reveal", 60)


def fdm_scores(v: Visit) -> None:
    """Fruits de mer's scores (a drawer on small screens, in place on wide ones)."""
    v.wait_for(lambda: v.phase() == "game-over" or v.page.locator(
        "#fdm-hand .fdm-card.playable").count(), "the next choice", 60)
    toggle = v.page.locator("#fdm-scores-toggle")
    if toggle.is_visible():
        toggle.click()


@dataclass(frozen=True)
class Screen:
    """A screen of the census: its name, the game it belongs to and how to reach it from
    the screen before."""

    name: str
    game: str
    go: Callable[[Visit], None]


SCREENS: tuple[Screen, ...] = (
    Screen("setup", "both", setup),
    Screen("setup-options", "both", setup_options),
    Screen("setup-fdm", "fdm", setup_fdm),
    Screen("help", "ssp", _help("sea-salt-and-paper")),
    Screen("help-cards", "ssp", _help("sea-salt-and-paper", ".table-scroll")),
    Screen("help-fdm", "fdm", _help("fruits-de-mer")),
    Screen("help-fdm-cards", "fdm", _help("fruits-de-mer", ".table-scroll")),
    Screen("saved-list", "both", saved_list),
    *(Screen(d, "ssp", decision(d)) for d in TABLE_DECISIONS),
    Screen("log-drawer", "ssp", log_drawer),
    Screen("hand-off", "ssp", hand_off),
    Screen("round-over", "ssp", decision("round-over", "round-over")),
    Screen("game-over", "ssp", decision("game-over", "game-over")),
    Screen("replay", "ssp", replay),
    Screen("coach", "ssp", coach),
    Screen("calc-seat", "ssp", calc_seat),
    Screen("calc-scores", "ssp", calc_scores),
    Screen("fdm-choice", "fdm", decision("fdm-choice")),
    Screen("fdm-reveal", "fdm", fdm_reveal),
    Screen("fdm-scores", "fdm", fdm_scores),
    Screen("fdm-over", "fdm", decision("fdm-over", "game-over")),
    Screen("fdm-replay", "fdm", _replay("fdm-over")),
)
"""Every screen, in the order a page visits them (each starts from the one before)."""
