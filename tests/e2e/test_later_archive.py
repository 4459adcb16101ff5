"""The later archive (``tools/build/layout.py``'s ``LATER``, ``web/page/more.py``):
nothing of it is imported before a feature that needs it is used. The page's import
record (``window.seasaltImports()``, ``seasalt/web/imports.py``) lists ``sys.modules``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tests.e2e.positions import wait_for_table
from tools.build.layout import is_later

if TYPE_CHECKING:  # conftest is loaded by pytest, not imported
    from tests.e2e.conftest import App

TABLE_TIMEOUT_S = 60


def later_imported(app: App) -> list[str]:
    """The modules of the later archive the page has imported so far."""
    modules = app.import_records()["page"]["modules"]
    assert "page.boot" in modules
    return [m for m in modules if is_later(m)]


def test_the_setup_screen_imports_nothing_later(app: App) -> None:
    app.open()
    app.wait_for_phase("setup")
    assert later_imported(app) == []
    # nor urllib.parse (with ipaddress): only a URL with a query needs it
    assert "urllib.parse" not in app.import_records()["page"]["modules"]


def test_a_game_of_sea_salt_and_paper_without_the_coach_needs_nothing_later(
        app: App) -> None:
    app.open("?players=you,easy&seed=3&speed=instant")
    wait_for_table(app, TABLE_TIMEOUT_S)
    assert later_imported(app) == []
    assert "urllib.parse" in app.import_records()["page"]["modules"]  # the link's query
