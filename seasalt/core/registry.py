"""Games by name, as generic code finds them (``load_game("sea-salt-and-paper")``),
and each game's strategy knowledge for the bots (``load_heuristics``)."""

from __future__ import annotations

import importlib

from seasalt.core.heuristics import Heuristics
from seasalt.core.interface import Game

#: name or alias -> "module:attribute" of the game object; imported on demand.
_GAMES: dict[str, str] = {
    "sea-salt-and-paper": "seasalt.ssp.game:GAME",
    "ssp": "seasalt.ssp.game:GAME",
}
#: canonical game name (``GameInfo.name``) -> "module:attribute" of its heuristics.
_HEURISTICS: dict[str, str] = {
    "sea-salt-and-paper": "seasalt.ssp.heuristics:HEURISTICS",
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


def load_heuristics(name: str) -> Heuristics:
    """The :class:`~seasalt.core.heuristics.Heuristics` of the game named ``name``
    (a registered name or alias), imported on demand.

    Raises:
        ValueError: no game has that name, or the game has no heuristics.
    """
    game = load_game(name)
    target = _HEURISTICS.get(game.info.name)
    if target is None:
        raise ValueError(f"game {name!r} has no heuristics for bots")
    module, _, attr = target.partition(":")
    heuristics: Heuristics = getattr(importlib.import_module(module), attr)
    return heuristics
