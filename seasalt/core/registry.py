"""Games by name, as generic code finds them (``load_game("sea-salt-and-paper")``),
and each game's strategy knowledge for the bots (``load_heuristics``).

There is no list of games here. A game joins in one of two ways:

* **Discovery**: a package ``seasalt/<pkg>/`` with a module ``game.py``
  holding the game object as ``GAME`` (and, for the bots, ``strategy/heuristics.py``
  holding ``HEURISTICS``). :func:`discover` finds such packages with
  :func:`pkgutil.iter_modules` over ``seasalt.__path__`` (no entry points, so it
  works where the package is unpacked from a wheel without its dist-info, as in
  Pyodide) and imports only their ``game`` modules; the heuristics load when
  first asked for. The game is registered under ``GAME.info.name`` and every
  name of ``GAME.info.aliases``.
* **Registration**: :func:`register_game` (e.g. a game outside this package,
  or a test's toy game).
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from seasalt.core.heuristics import Heuristics
from seasalt.core.interface import Game

#: The module, inside a game's package, that holds its ``GAME``.
GAME_MODULE: str = "game"
#: The module, inside a game's package, that holds its ``HEURISTICS`` (dotted: in its
#: ``strategy`` package).
HEURISTICS_MODULE: str = "strategy.heuristics"

#: name or alias -> game object.
_GAMES: dict[str, Game[Any, Any, Any]] = {}
#: canonical game name -> its heuristics, or "module:attribute" to import on demand.
_HEURISTICS: dict[str, Heuristics[Any, Any, Any] | str] = {}
_discovered: bool = False


def register_game(game: Game[Any, Any, Any], *,
                  heuristics: Heuristics[Any, Any, Any] | str | None = None,
                  replace: bool = False) -> None:
    """Make ``game`` known under ``game.info.name`` and its ``aliases``.

    Args:
        game: the game object.
        heuristics: its heuristics for the bots: the object, or
            ``"module:attribute"`` imported when first needed; ``None``: none.
        replace: allow taking over names already registered to another game.

    Raises:
        ValueError: a name or alias already belongs to another game (and not
            ``replace``).
    """
    names = (game.info.name, *game.info.aliases)
    if not replace:
        for name in names:
            other = _GAMES.get(name)
            if other is not None and other is not game:
                raise ValueError(f"the game name {name!r} is taken by "
                                 f"{other.info.name!r}")
    for name in names:
        _GAMES[name] = game
    if heuristics is not None:
        _HEURISTICS[game.info.name] = heuristics


def discover() -> list[str]:
    """Find and register every game package of ``seasalt`` (see the module
    docstring); safe to call again (a new package joins, known ones stay).

    Returns:
        The canonical names of the games found, sorted.

    Raises:
        ValueError: two games claim the same name.
    """
    global _discovered
    import seasalt

    found = []
    for package in pkgutil.iter_modules(seasalt.__path__):
        if not package.ispkg:
            continue
        spec = package.module_finder.find_spec(package.name, None)
        locations = spec.submodule_search_locations if spec is not None else None
        if not locations:
            continue
        if not _has_module(list(locations), GAME_MODULE):
            continue
        prefix = f"seasalt.{package.name}"
        game: Game[Any, Any, Any] = importlib.import_module(f"{prefix}.{GAME_MODULE}").GAME
        heuristics = (f"{prefix}.{HEURISTICS_MODULE}:HEURISTICS"
                      if _has_module(list(locations), HEURISTICS_MODULE) else None)
        if _GAMES.get(game.info.name) is not game:
            register_game(game, heuristics=heuristics)
        elif heuristics is not None:
            _HEURISTICS.setdefault(game.info.name, heuristics)
        found.append(game.info.name)
    _discovered = True
    return sorted(found)


def _has_module(locations: list[str], dotted: str) -> bool:
    """Whether the package at ``locations`` holds the module ``dotted`` (``"game"``,
    ``"strategy.heuristics"``), looked up in its folders without importing it."""
    first, _, rest = dotted.partition(".")
    for found in pkgutil.iter_modules(locations):
        if found.name != first:
            continue
        if not rest:
            return True
        if not found.ispkg:
            return False
        spec = found.module_finder.find_spec(found.name, None)
        inner = spec.submodule_search_locations if spec is not None else None
        return bool(inner) and _has_module(list(inner or ()), rest)
    return False


def _ensure() -> None:
    if not _discovered:
        discover()


def game_names() -> list[str]:
    """Registered names, aliases included, sorted."""
    _ensure()
    return sorted(_GAMES)


def load_game(name: str) -> Game[Any, Any, Any]:
    """The game object registered under ``name`` (a name or an alias).

    Raises:
        ValueError: no game has that name (the message lists the known ones).
    """
    _ensure()
    game = _GAMES.get(name)
    if game is None:
        raise ValueError(f"unknown game {name!r:.60}; known: {', '.join(game_names())}")
    return game


def load_heuristics(name: str) -> Heuristics[Any, Any, Any]:
    """The :class:`~seasalt.core.heuristics.Heuristics` of the game named ``name``
    (a registered name or alias), imported on demand. A game found without them looks
    again (`discover`): its ``strategy`` package may have been unpacked since (the
    web page unpacks it later than the game).

    Raises:
        ValueError: no game has that name, or the game has no heuristics.
    """
    game = load_game(name)
    target = _HEURISTICS.get(game.info.name)
    if target is None:
        discover()
        target = _HEURISTICS.get(game.info.name)
    if target is None:
        raise ValueError(f"game {name!r} has no heuristics for bots")
    if isinstance(target, str):
        module, _, attr = target.partition(":")
        heuristics: Heuristics[Any, Any, Any] = getattr(importlib.import_module(module), attr)
        _HEURISTICS[game.info.name] = heuristics
        return heuristics
    return target
