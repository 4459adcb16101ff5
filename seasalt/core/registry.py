"""Games by name, as generic code finds them (``load_game("sea-salt-and-paper")``)."""

from __future__ import annotations

import importlib

from seasalt.core.interface import Game

#: name or alias -> "module:attribute" of the game object; imported on demand.
_GAMES: dict[str, str] = {
    "sea-salt-and-paper": "seasalt.ssp.game:GAME",
    "ssp": "seasalt.ssp.game:GAME",
}


def game_names() -> list[str]:
    """Registered names, aliases included, sorted."""
    return sorted(_GAMES)


def load_game(name: str) -> Game:
    """The game object registered under ``name``.

    Raises:
        ValueError: no game has that name.
    """
    target = _GAMES.get(name)
    if target is None:
        raise ValueError(f"unknown game {name!r}; known: {', '.join(game_names())}")
    module, _, attr = target.partition(":")
    game: Game = getattr(importlib.import_module(module), attr)
    return game
