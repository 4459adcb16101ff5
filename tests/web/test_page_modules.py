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
    assert listed == on_disk | {"./unpack.py"}  # and the module that unpacks the archives
    assert all(config["files"][f] == f for f in listed)  # same place in Python's files


def test_main_only_starts_the_page() -> None:
    text = (WEB / "main.py").read_text(encoding="utf-8")
    assert "from page.boot import start" in text and len(text.splitlines()) < 40
    assert 'unpack_file("seasalt-start.zip.zst")' in text  # the archive before any import


def test_modules_stay_small() -> None:
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines())
             for p in (WEB / "page").glob("*.py")}
    assert max(sizes.values()) <= 300, sizes


def test_the_help_draws_every_block_the_presenter_gives(page_package: types.ModuleType) -> None:
    from page import help as page_help

    from seasalt.web.words import help_content

    kinds = {b["type"] for s in help_content() for b in s["blocks"]}
    assert kinds == {"p", "list", "steps", "cards", "events", "shortcuts"}
    for section in help_content():
        for block in section["blocks"]:
            assert page_help.block_nodes(block), block["type"]
    page_help.render_help(page_help.el("div"))


class FakeControl:
    def __init__(self, tag: str = "BUTTON", editable: bool = False) -> None:
        self.tagName = tag
        self.isContentEditable = editable
        self.attrs: dict[str, str] = {}

    def setAttribute(self, name: str, value: str) -> None:  # noqa: N802 - the DOM's name
        self.attrs[name] = value


def test_shortcut_marks_and_fields(page_package: types.ModuleType) -> None:
    from page import keys

    node = FakeControl()
    keys.mark(node, "d")
    assert node.attrs == {"data-key": "d", "aria-keyshortcuts": "D"}
    bare = FakeControl()
    keys.mark(bare, None)
    assert bare.attrs == {}
    assert keys.typing(FakeControl("INPUT")) and keys.typing(FakeControl("SELECT"))
    assert keys.typing(FakeControl("TEXTAREA")) and keys.typing(FakeControl("DIV", True))
    assert not keys.typing(FakeControl("BUTTON"))


def test_an_unknown_or_english_language_needs_no_catalog(page_package: types.ModuleType) -> None:
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from page import prefs

    from seasalt import i18n

    def run(code: str) -> str:
        # a thread of its own: the browser tests may leave an event loop running here
        with ThreadPoolExecutor(1) as pool:
            return pool.submit(asyncio.run, prefs.load_language(code)).result()

    try:
        assert run("xx") == "en"
        assert run("en") == "en"
        assert i18n.language() == "en"
        assert [code for code, _name in prefs.languages()] == ["en", "fr", "nl", "tr"]
    finally:
        i18n.set_language("en")
