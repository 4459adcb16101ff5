"""The game registry: names, aliases and unknown names."""

from __future__ import annotations

import pytest

from seasalt.core.interface import Game
from seasalt.core.registry import game_names, load_game
from seasalt.ssp.game import GAME


def test_names_and_alias():
    assert "sea-salt-and-paper" in game_names() and "ssp" in game_names()
    assert game_names() == sorted(game_names())
    assert load_game("sea-salt-and-paper") is load_game("ssp") is GAME
    assert GAME.info.name == "sea-salt-and-paper"


def test_every_registered_game_follows_the_protocol():
    for name in game_names():
        game = load_game(name)
        assert isinstance(game, Game)
        assert game.info.min_players <= game.info.max_players


def test_unknown_name():
    with pytest.raises(ValueError, match="chess"):
        load_game("chess")
