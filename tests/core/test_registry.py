"""The game registry: discovery of game packages, registration, names, aliases."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

import seasalt
from seasalt.core import registry
from seasalt.core.interface import Dynamics, Game
from seasalt.core.registry import discover, game_names, load_game, load_heuristics, register_game
from seasalt.ssp.game import GAME
from tests.core import toy


@pytest.fixture
def clean_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Registrations made by a test vanish after it."""
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    monkeypatch.setattr(registry, "_HEURISTICS", dict(registry._HEURISTICS))


def test_names_and_alias() -> None:
    assert "sea-salt-and-paper" in game_names() and "ssp" in game_names()
    assert game_names() == sorted(game_names())
    assert load_game("sea-salt-and-paper") is load_game("ssp") is GAME
    assert GAME.info.name == "sea-salt-and-paper"


def test_every_registered_game_follows_the_protocol() -> None:
    for name in game_names():
        game = load_game(name)
        assert isinstance(game, Game)
        info = game.info
        assert info.min_players <= info.max_players
        assert isinstance(info.dynamics, Dynamics)
        assert info.max_game_length > 0
        assert name == info.name or name in info.aliases


def test_game_info_checks_its_numbers() -> None:
    with pytest.raises(ValueError, match="max_game_length"):
        toy.INFO.__class__(name="x", title="X", min_players=2, max_players=2,
                           max_game_length=0)
    with pytest.raises(ValueError, match="player counts"):
        toy.INFO.__class__(name="x", title="X", min_players=3, max_players=2,
                           max_game_length=5)


def test_unknown_name() -> None:
    with pytest.raises(ValueError, match="chess"):
        load_game("chess")


def test_discovery_finds_the_game_packages_of_seasalt() -> None:
    assert "sea-salt-and-paper" in discover()
    assert load_heuristics("sea-salt-and-paper") is load_heuristics("ssp")


def test_the_registry_holds_no_list_of_games() -> None:
    source = Path(registry.__file__).read_text()
    assert "ssp" not in source.replace("seasalt.ssp.outcome", "")


def test_register_a_game(clean_registry: None) -> None:
    register_game(toy.GAME)
    assert load_game("toy-nim") is load_game("nim") is toy.GAME
    assert {"toy-nim", "nim"} <= set(game_names())
    with pytest.raises(ValueError, match="no heuristics"):
        load_heuristics("nim")


def test_a_name_cannot_be_taken_twice(clean_registry: None) -> None:
    class Impostor:
        info = toy.INFO.__class__(name="ssp-clone", title="Clone", min_players=2,
                                  max_players=2, max_game_length=9, aliases=("ssp",))

    with pytest.raises(ValueError, match="taken"):
        register_game(Impostor())  # type: ignore[arg-type]
    assert load_game("ssp") is GAME


def test_a_new_package_joins_without_editing_core(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  clean_registry: None) -> None:
    package = tmp_path / "nimpkg"
    package.mkdir()
    (package / "__init__.py").write_text('"""A game package for the discovery test."""\n')
    (package / "game.py").write_text("from tests.core.toy import GAME as GAME\n")
    (package / "strategy").mkdir()
    (package / "strategy" / "__init__.py").write_text('"""Strategy for its bots."""\n')
    (package / "strategy" / "heuristics.py").write_text("HEURISTICS: object = object()\n")
    monkeypatch.setattr(seasalt, "__path__", [*seasalt.__path__, str(tmp_path)])
    try:
        assert "toy-nim" in discover()
        assert load_game("nim") is toy.GAME
        heuristics: Any = load_heuristics("toy-nim")
        assert heuristics is sys.modules["seasalt.nimpkg.strategy.heuristics"].HEURISTICS
    finally:
        for name in ("seasalt.nimpkg.strategy.heuristics", "seasalt.nimpkg.strategy",
                     "seasalt.nimpkg.game", "seasalt.nimpkg"):
            sys.modules.pop(name, None)


def test_heuristics_unpacked_after_the_game_are_found(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch,
                                                     clean_registry: None) -> None:
    # the web page unpacks a game's heuristics later than the game (its later archive)
    package = tmp_path / "latepkg"
    package.mkdir()
    (package / "__init__.py").write_text('"""A game package whose heuristics come later."""\n')
    (package / "game.py").write_text("from tests.core.toy import GAME as GAME\n")
    monkeypatch.setattr(seasalt, "__path__", [*seasalt.__path__, str(tmp_path)])
    try:
        assert "toy-nim" in discover()
        with pytest.raises(ValueError, match="no heuristics"):
            load_heuristics("toy-nim")
        (package / "strategy").mkdir()
        (package / "strategy" / "__init__.py").write_text('"""Strategy for its bots."""\n')
        with pytest.raises(ValueError, match="no heuristics"):  # a strategy without them
            load_heuristics("toy-nim")
        (package / "strategy" / "heuristics.py").write_text("HEURISTICS: object = object()\n")
        heuristics: Any = load_heuristics("toy-nim")
        assert heuristics is sys.modules["seasalt.latepkg.strategy.heuristics"].HEURISTICS
    finally:
        for name in ("seasalt.latepkg.strategy.heuristics", "seasalt.latepkg.strategy",
                     "seasalt.latepkg.game", "seasalt.latepkg"):
            sys.modules.pop(name, None)
