"""Games set at a named decision, for the browser tests: build a save in Python, open
the page on it. The saves are built by ``tools/census/positions.py`` (the screen
census's), re-exported here.

:func:`save_at` plays games in CPython through :class:`seasalt.web.table.Table` (seat 0 a
person, ``you``; the others bots) until the person faces the named decision, and returns
the :meth:`~seasalt.web.table.Table.save` text. :func:`open_at` puts such a save where
earlier versions of the page kept their one game (``localStorage["seasalt.save"]``,
which the page moves into its list of saved games at start), reloads the page, presses
the setup screen's *Continue* button of the game saved last (``[data-action=resume]``,
the first of the list) and waits for the phase. :func:`saved_game` reads back the save
the page wrote last.

The decisions (:data:`DECISIONS`) are listed in ``tools/census/positions.py``.

Usage in a test::

    from tests.e2e.positions import open_at
    open_at(app, "keep", players=3)          # the page now shows the keep step
    open_at(app, "forced")                   # Extra Salt is switched on by itself

Saves are cached per arguments (they take a fraction of a second to a few seconds
to find).
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

from seasalt.web.table import Table
from tools.census.positions import DECISIONS, PHASES, save_at

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

__all__ = ["DECISIONS", "PHASES", "open_at", "open_save", "save_at", "saved_game", "saved_games",
           "wait_for_table", "wait_for_worker_decisions"]
#: localStorage keys of the single save of earlier versions and of its page state,
#: which the page moves into its list at start (web/page/store.py).
SAVE_KEY = "seasalt.save"
UI_KEY = "seasalt.ui"
#: A small file of the site, opened to write the site's localStorage before its page loads.
ORIGIN_DOCUMENT = "icon.svg"
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


def open_at(app: App, decision: str, *, timeout_ms: float = 60_000, **kw: Any) -> str:
    """Open the page on a game where seat 0 faces ``decision`` (see :func:`save_at`).

    The save is put in ``localStorage`` (from a small file of the site,
    `ORIGIN_DOCUMENT`, when the page is not on the site yet), the page is (re)loaded,
    shows its setup screen with the saved game, and the test presses *Continue*
    (``[data-action=resume]``), as a person resuming a game would. For ``round-over`` the page state
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
    open_save(app, save, PHASES.get(decision, "playing"), timeout_ms=timeout_ms,
              unacknowledged=decision == "round-over")
    return save


def open_save(app: App, save: str, phase: str = "playing", *, timeout_ms: float = 60_000,
              unacknowledged: bool = False) -> None:
    """Open the page on ``save`` (a :meth:`~seasalt.web.table.Table.save` text) as
    :func:`open_at` does: put it in ``localStorage``, reload, press *Continue* and wait
    for ``phase``.

    Args:
        app: the test's page (the ``app`` fixture of ``conftest.py``).
        save: the save's text.
        phase: the phase the page reaches (``<body data-phase>``).
        timeout_ms: how long to wait for each phase.
        unacknowledged: the save's previous round is not acknowledged yet (the page
            shows its scoring).

    Raises:
        AssertionError: the page did not reach the phase (or an error showed).
    """
    t = Table.load(save)
    page = app.page
    if not page.url.startswith(app.url):
        # any document of the site's origin can write its localStorage: a small file of
        # the site instead of the page spares a whole start of Python before the reload
        page.goto(app.url + ORIGIN_DOCUMENT, wait_until="domcontentloaded")
    ui_state = {"ack_round": t.round - 1 if unacknowledged else t.round,
                "ply": len(json.loads(save)["record"]["actions"])}
    page.evaluate("([k, s, u, v]) => { localStorage.setItem(k, s); localStorage.setItem(u, v); }",
                  [SAVE_KEY, save, UI_KEY, json.dumps(ui_state)])
    if page.url.startswith(app.url + ORIGIN_DOCUMENT):
        app.open()
    else:
        page.reload(wait_until="domcontentloaded")
    app.wait_for_phase("setup", timeout_ms)
    page.click("[data-action=resume]")
    app.wait_for_phase(phase, timeout_ms)
