"""The page's Python package (``web/page/``) in CPython, with the browser modules stubbed.

Nothing is drawn here (the browser tests do that); this checks that every module imports
in the order the page uses, with no import cycle that breaks, and that the PyScript
config ships every module.
"""

from __future__ import annotations

import tomllib
import types
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "web"


def module_names() -> list[str]:
    return sorted(p.stem for p in (WEB / "page").glob("*.py") if p.stem != "__init__")


@pytest.mark.parametrize("first", module_names())
def test_each_module_imports_first(page_package: types.ModuleType, first: str) -> None:
    import importlib

    importlib.import_module(f"page.{first}")
    importlib.import_module("page.boot")  # and then everything else


def test_the_config_ships_every_module() -> None:
    config = tomllib.loads((WEB / "pyscript.toml").read_text(encoding="utf-8"))
    listed = {source for source in config["files"] if source.endswith(".py")}
    on_disk = {f"./{p.relative_to(WEB).as_posix()}" for p in (WEB / "page").glob("*.py")}
    assert listed == on_disk
    assert all(config["files"][f] == f for f in listed)  # same place in Python's files


def test_main_only_starts_the_page() -> None:
    text = (WEB / "main.py").read_text(encoding="utf-8")
    assert "from page.boot import start" in text and len(text.splitlines()) < 40


def test_modules_stay_small() -> None:
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines())
             for p in (WEB / "page").glob("*.py")}
    assert max(sizes.values()) <= 300, sizes
