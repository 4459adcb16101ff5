"""Games set at a named decision, for the browser tests: build a save in Python, open
the page on it.

:func:`save_at` plays games in CPython through :class:`seasalt.web.table.Table` (seat 0 a
person, ``you``; the others bots) until the person faces the named decision, and returns
the :meth:`~seasalt.web.table.Table.save` text. :func:`open_at` puts such a save where
earlier versions of the page kept their one game (``localStorage["seasalt.save"]``,
which the page moves into its list of saved games at start), reloads the page, presses
the setup screen's *Continue* button of the game saved last (``[data-action=resume]``,
the first of the list) and waits for the phase. :func:`saved_game` reads back the save
the page wrote last.

Decisions (:data:`DECISIONS`), all seen from seat 0 (for the player's own decisions it
is seat 0's turn when the page opens):

``draw``        the start of a turn: draw two or take a discard pile's top (R4.1);
``keep``        after a draw two: which card to keep, the other to a pile;
``keep-empty``  the same with one discard pile empty: the other card may go only there
                (R4.1a);
``play-duo``    the play step with a duo (``duo:``/``trio:``) playable from the hand;
``crab-pick``   after a Crab duo: the pick among the searched pile's cards (``pick:``);
``steal``       Swimmer + Shark: the engine has no separate target step (the target seat
                is part of the duo's code ``duo:A+B:seat=S``), so the nearest one: the
                play step with such a code offered;
``call``        the play step with STOP or LAST CHANCE offered (R6);
``final-turn``  seat 0's final turn after another seat's LAST CHANCE: the start of its
                turn (draw or take a discard, R4.1) with that seat's hand revealed
                (R6.2);
``forced``      a Jellyfish forced draw (Extra Salt A.3; ``extra_salt`` is set);
``pepper``      an Extra Pepper choice (``keep-event``, ``angelfish``, ``reef``, ``swap``;
                ``extra_pepper`` is set);
``round-over``  a round has just ended (round 2 or later has been dealt); :func:`open_at`
                stores the previous round as not yet acknowledged, so the page shows the
                round's scoring;
``game-over``   the game has ended.

Usage in a test::

    from tests.e2e.positions import open_at
    open_at(app, "keep", players=3)          # the page now shows the keep step
    open_at(app, "forced")                   # Extra Salt is switched on by itself

Saves are cached per arguments (they take a fraction of a second to a few seconds
to find).
"""

from __future__ import annotations

import functools
import json
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from seasalt.ssp.cards import KIND_OF, Kind
from seasalt.web.settings import Settings
from seasalt.web.table import Table

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

#: The decisions :func:`save_at` can set up (see the module's docstring).
DECISIONS: tuple[str, ...] = ("draw", "keep", "keep-empty", "play-duo", "crab-pick", "steal",
                              "call", "final-turn", "forced", "pepper", "round-over",
                              "game-over")
#: The phase the page shows for each decision (the others: ``playing``).
PHASES: dict[str, str] = {"round-over": "round-over", "game-over": "game-over"}
#: localStorage keys of the single save of earlier versions and of its page state,
#: which the page moves into its list at start (web/page/store.py).
SAVE_KEY = "seasalt.save"
UI_KEY = "seasalt.ui"
#: The key prefix of each saved game (``seasalt.game.<id>``).
GAME_PREFIX = "seasalt.game."
#: The text of the save written last (the greatest ``saved_at``), or null.
LATEST_SAVE_JS = """() => {
  let best = null, at = -1;
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key.startsWith("seasalt.game.")) continue;
    const text = localStorage.getItem(key);
    let when = 0;
    try { when = JSON.parse(text).saved_at || 0; } catch (e) { when = 0; }
    if (when >= at) { at = when; best = text; }
  }
  return best;
}"""


def saved_game(page: Any) -> str | None:
    """The text of the game the page saved last (None: none saved)."""
    text = page.evaluate(LATEST_SAVE_JS)
    return text if isinstance(text, str) else None


def saved_games(page: Any) -> dict[str, str]:
    """Every saved game's text, by id."""
    return dict(page.evaluate("""() => Object.fromEntries(Object.keys(localStorage)
        .filter((k) => k.startsWith("seasalt.game."))
        .map((k) => [k.slice(13), localStorage.getItem(k)]))"""))
def wait_for_table(app: App, timeout_s: float) -> None:
    """Wait until a game is on (at instant speed a round may be over already); fail on a
    page error, a phase other than loading or setup on the way, or after ``timeout_s``."""
    deadline = time.monotonic() + timeout_s
    while (phase := app.phase()) not in ("playing", "round-over", "game-over"):
        assert phase in ("loading", "setup"), (phase, app.errors)
        assert not app.errors and time.monotonic() < deadline, app.errors
        app.page.wait_for_timeout(30)


def wait_for_worker_decisions(app: App, count: int, timeout_s: float) -> None:
    """Wait until the bots' web worker has thought ``count`` decisions; fail on its
    failure, a page error, or after ``timeout_s``."""
    deadline = time.monotonic() + timeout_s
    while app.page.evaluate("""performance.getEntriesByName("seasalt-decision")
            .filter((m) => m.detail.by === "worker").length""") < count:
        assert app.page.get_attribute("body", "data-bot-worker") != "failed"
        assert not app.errors and time.monotonic() < deadline, app.errors
        app.page.wait_for_timeout(100)


#: The most actions played in one seeded game before giving up on that seed.
MAX_PLIES = 3000
PEPPER_PREFIXES = ("keep-event:", "angelfish:", "reef:", "swap:")


def _codes(t: Table) -> list[str]:
    """The codes of seat 0's legal actions (empty when it is not seat 0's turn)."""
    if t.over or t.current != 0:
        return []
    return [str(a) for a in t.driver.legal()]


def _player_check(decision: str, min_hand: int, holding: tuple[str, ...] = ()
                  ) -> Callable[[Table, list[str]], bool]:
    """Whether seat 0, to move with ``codes``, faces ``decision`` with at least
    ``min_hand`` cards in hand, among them a card of each kind of ``holding``."""

    def check(t: Table, codes: list[str]) -> bool:
        if not codes:
            return False
        v = t.driver.view(0, log=False)
        if len(v.hand) < min_hand:
            return False
        kinds = {Kind(KIND_OF[c]).slug for c in v.hand}
        if any(k not in kinds for k in holding):
            return False
        if decision == "draw":
            return "draw" in codes and not v.forced_turn
        if decision == "keep":
            return any(c.startswith("keep:") for c in codes)
        if decision == "keep-empty":
            return (any(c.startswith("keep:") for c in codes)
                    and sorted(p.size == 0 for p in v.piles) == [False, True])
        if decision == "play-duo":
            return any(c.startswith(("duo:", "trio:")) for c in codes)
        if decision == "crab-pick":
            return v.crab_pile is not None and any(c.startswith("pick:") for c in codes)
        if decision == "steal":
            return any(c.startswith("duo:") and ":seat=" in c for c in codes)
        if decision == "call":
            return "stop" in codes or "last-chance" in codes
        if decision == "final-turn":
            return "draw" in codes and any(v.revealed[s] for s in range(1, len(v.revealed)))
        if decision == "forced":
            return bool(v.forced_turn)
        if decision == "pepper":
            return any(c.startswith(PEPPER_PREFIXES) for c in codes)
        raise ValueError(f"unknown decision {decision!r}")

    return check


def _choose(rng: random.Random, codes: list[str], decision: str) -> str:
    """Seat 0's random legal move. STOP, LAST CHANCE and duos are rarer than the rest, so
    that hands grow and rounds last long enough to show every kind of decision (calls
    are likelier when a round's end is looked for; a Crab duo is always played when
    a Crab pick is)."""
    if decision == "crab-pick":
        crabs = [c for c in codes if ":pile=" in c]
        if crabs:
            return rng.choice(crabs)
    calls = [c for c in codes if c in ("stop", "last-chance")]
    duos = [c for c in codes if c.startswith(("duo:", "trio:"))]
    rest = [c for c in codes if c not in calls and c not in duos]
    ending = decision in PHASES
    if calls and (not rest or rng.random() < (0.5 if ending else 0.03)):
        return rng.choice(calls)
    if duos and (not rest or rng.random() < (0.5 if ending else 0.15)):
        return rng.choice(duos)
    return rng.choice(rest or codes)


@functools.cache
def save_at(decision: str, *, players: int = 2, extra_salt: bool = False,
            extra_pepper: bool = False, seed_range: range = range(1, 400),
            bots: str = "easy", speed: str = "instant", min_hand: int = 0,
            holding: tuple[str, ...] = ()) -> str:
    """A saved game (:meth:`seasalt.web.table.Table.save` text) where seat 0 faces
    ``decision``.

    For each seed of ``seed_range`` a game is set up (seat 0 ``you``, the others
    ``bots``), seat 0 plays random legal actions (seeded by the game's seed) and the bots
    their own (``table.bot_step(None)``) until the decision shows; the first seed that
    reaches it wins.

    Args:
        decision: one of :data:`DECISIONS`.
        players: 2 to 4 seats.
        extra_salt: the Extra Salt expansion (always on for ``forced``).
        extra_pepper: the Extra Pepper events (always on for ``pepper``).
        seed_range: the game seeds tried, in order.
        bots: the bots' level (``easy``, ``medium``, ``hard``).
        speed: the bots' pace stored in the save (a key of ``seasalt.web.settings.SPEEDS``).
        min_hand: for the player's own decisions, the fewest cards seat 0 holds (a
            crowded hand for layout tests; the first turn's hand is empty).
        holding: for the player's own decisions, card kinds (slugs such as
            ``penguin-colony``) seat 0 must hold, one card of each at least.

    Raises:
        ValueError: an unknown decision.
        LookupError: no seed of ``seed_range`` reaches the decision.
    """
    if decision not in DECISIONS:
        raise ValueError(f"unknown decision {decision!r}; use one of {DECISIONS}")
    extra_salt = extra_salt or decision == "forced"
    extra_pepper = extra_pepper or decision == "pepper"
    check = None if decision in PHASES else _player_check(decision, min_hand, holding)
    for seed in seed_range:
        settings = Settings(seats=["you"] + [bots] * (players - 1), seed=seed,
                                speed=speed, extra_salt=extra_salt, extra_pepper=extra_pepper)
        t = Table.new(settings)
        rng = random.Random(seed)
        start_round = t.round
        for _ in range(MAX_PLIES):
            if t.over:
                if decision == "game-over":
                    return t.save()
                break
            if decision == "round-over" and t.round > start_round:
                return t.save()
            codes = _codes(t)
            if check is not None and check(t, codes):
                return t.save()
            if codes:
                t.submit(0, t.ply, _choose(rng, codes, decision))
            else:
                t.bot_step(None)
    raise LookupError(f"no game of seeds {seed_range} reaches {decision!r} "
                      f"({players} players, extra_salt={extra_salt}, "
                      f"extra_pepper={extra_pepper}, min_hand={min_hand}, holding={holding})")


def open_at(app: App, decision: str, *, timeout_ms: float = 60_000, **kw: Any) -> str:
    """Open the page on a game where seat 0 faces ``decision`` (see :func:`save_at`).

    The save is put in ``localStorage`` (the page, on the site's origin, is opened
    first if it is not there yet), the page is reloaded, shows its setup screen with
    the saved game, and the test presses *Continue* (``[data-action=resume]``), as a
    person resuming a game would. For ``round-over`` the page state
    (``localStorage["seasalt.ui"]``) says the previous round is not acknowledged yet.
    The same page can be reused: each call reloads it with the new save.

    Args:
        app: the test's page (the ``app`` fixture of ``conftest.py``).
        decision: one of :data:`DECISIONS`.
        timeout_ms: how long to wait for each phase.
        **kw: :func:`save_at`'s keyword arguments (``players``, ``extra_salt``, ...).

    Returns:
        The save's text (``json.loads`` it to read the record).

    Raises:
        AssertionError: the page did not reach the phase (or an error showed).
    """
    save = save_at(decision, **kw)
    data = json.loads(save)
    t = Table.load(save)
    page = app.page
    if not page.url.startswith(app.url):
        app.open()
        app.wait_for_phase("setup", timeout_ms)
    ui_state = {"ack_round": t.round - 1 if decision == "round-over" else t.round,
                "ply": len(data["record"]["actions"])}
    page.evaluate("([k, s, u, v]) => { localStorage.setItem(k, s); localStorage.setItem(u, v); }",
                  [SAVE_KEY, save, UI_KEY, json.dumps(ui_state)])
    page.reload(wait_until="domcontentloaded")
    app.wait_for_phase("setup", timeout_ms)
    page.click("[data-action=resume]")
    app.wait_for_phase(PHASES.get(decision, "playing"), timeout_ms)
    return save
