"""Nothing of the later archive (``tools/build/layout.py``'s ``LATER``) is imported as
the page starts.

In a fresh CPython (a subprocess, so that no other test's imports count), with the
browser stubbed: the page's modules are imported as ``main.py`` does (``page.boot``),
and the setup screen's questions are asked of ``seasalt.web`` (the game chooser's
titles and notes, the level notes, the saved games' lines of both games, the links).
No module that ``page.more.need()`` must fetch first may be in ``sys.modules``. The
browser test (``tests/e2e/test_later_archive.py``) checks the page itself.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from seasalt.web.games import FDM
from tools.build.layout import is_later

ROOT = Path(__file__).resolve().parents[2]

PROBE = r"""
import json, sys, types
from unittest import mock
pyscript = types.ModuleType("pyscript")
pyscript.document = mock.MagicMock(name="document")
pyscript.window = mock.MagicMock(name="window")
pyodide = types.ModuleType("pyodide")
ffi = types.ModuleType("pyodide.ffi")
for name in ("create_once_callable", "create_proxy", "to_js"):
    setattr(ffi, name, mock.MagicMock(name=name))
ffi.jsnull = object()
pyodide.ffi = ffi
sys.modules.update({"pyscript": pyscript, "pyodide": pyodide, "pyodide.ffi": ffi})
sys.path.insert(0, sys.argv[1] + "/web")
sys.path.insert(0, sys.argv[1])
import page.boot  # everything main.py starts with
from seasalt.web.settings import (GAMES, SSP, Settings, canonical_game, game_choices,
    game_title, level_notes, parse_query, query_calc, query_game, speed_choices)
from seasalt.web.table import Table
from seasalt.web.words import resume_game, resume_summary
for game in GAMES:
    game_title(game)
    canonical_game(game)
game_choices()
level_notes(SSP)
speed_choices()
query_game("?game=fruits-de-mer")
query_calc("?calc")
parse_query("?players=you,easy&seed=3")
for game in GAMES:  # a saved game of each, as the saves' list words it
    settings = Settings.from_form(["human", "easy", "medium"], ["", "", ""],
                                      game=game, seed="7")
    t = Table.load(Table.new(settings).save())
    v = t.resume_view()
    resume_game(v), resume_summary(v, t.over)
print(json.dumps(sorted(sys.modules)))
"""


def test_the_setup_screen_imports_nothing_later() -> None:
    out = subprocess.run([sys.executable, "-c", PROBE, str(ROOT)], capture_output=True,
                         text=True, check=True, cwd=ROOT).stdout
    modules = json.loads(out.strip().splitlines()[-1])
    assert [m for m in modules if is_later(m)] == []
    assert "page.boot" in modules and "seasalt.fdm.game" in modules



READ_BEFORE = r"""
import importlib.abc, json, sys
sys.path.insert(0, sys.argv[1])
from tools.build.layout import is_later
from seasalt.web.settings import Settings
from seasalt.web.table import Table
played = Table.new(Settings.from_form(["human", "hard", "easy", "medium"], ["", "", "", ""],
                                      game="fdm", seed="21", speed="instant"))
played.submit(0, played.ply, played.view(0)["legal"][-1])
while played.is_bot_turn():
    played.bot_step(60.0)
text = played.save()
for name in [m for m in sys.modules if is_later(m)]:
    del sys.modules[name]

class NotYet(importlib.abc.MetaPathFinder):  # the later archive, not fetched yet
    def find_spec(self, name, path, target=None):
        if is_later(name):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, NotYet())
loading = Table.loading(text)  # as the page reads a game file, its first view warmed
steps = sum(1 for _ in loading)
print(json.dumps({"game": loading.table.game, "steps": steps,
                  "same": loading.table.record.to_dict() == played.record.to_dict(),
                  "later": [m for m in sys.modules if is_later(m)]}))
"""


def test_a_fruits_de_mer_game_file_reads_before_the_later_archive_came() -> None:
    """The page may read a game file (or a saved game) before its later archive came:
    reading a Fruits de mer game, whose presenter is in it, must not fail for that (its
    first view is worded once the table shows, after ``more.need()``)."""
    out = subprocess.run([sys.executable, "-c", READ_BEFORE, str(ROOT)], capture_output=True,
                         text=True, check=True, cwd=ROOT).stdout
    read = json.loads(out.strip().splitlines()[-1])
    assert read["game"] == FDM and read["same"] and read["steps"] >= 2
    assert read["later"] == []
