"""seasalt: the card games Sea Salt & Paper and Fruits de mer, their rules engine, bots,
score calculator, command line and web page.

``import seasalt`` is the public API (``docs/api.md``)::

    import seasalt

    game = seasalt.load_game("sea-salt-and-paper")    # or "fruits-de-mer"
    bot = seasalt.make_bot("hard", game, seed=1)       # a level or a bot spec
    record = seasalt.GameRecord.loads(text)            # a game, to replay: record.replay()
    seasalt.score(["mermaid:white", "crab:dark-blue"]).card_points
    calc = seasalt.Calculator(3)                      # a score table for real cards

Importing ``seasalt`` imports nothing else: each name of :data:`__all__` is imported
from the module that holds it when first asked for (PEP 562), so ``import
seasalt.core.record`` (as the web page does at start-up) does not load the bots or a
game's rules.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

#: Each public name -> the module that holds it.
_HOMES: dict[str, str] = {
    "load_game": "seasalt.core.registry",
    "game_names": "seasalt.core.registry",
    "Game": "seasalt.core.interface",
    "Outcome": "seasalt.core.interface",
    "Bot": "seasalt.core.interface",
    "GameRecord": "seasalt.core.record",
    "make_bot": "seasalt.bots.registry",
    "BOT_LEVELS": "seasalt.bots.registry",
    "score": "seasalt.calc.hand",
    "Calculator": "seasalt.calc",
    "CalcError": "seasalt.calc",
    "SeasaltError": "seasalt.core.errors",
    "InvalidActionError": "seasalt.core.errors",
    "IllegalActionError": "seasalt.core.errors",
    "InvalidRecordError": "seasalt.core.errors",
    "InvalidCardError": "seasalt.core.errors",
    "InvalidViewError": "seasalt.core.errors",
}

__all__ = [
    "BOT_LEVELS",
    "Bot",
    "CalcError",
    "Calculator",
    "Game",
    "GameRecord",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidCardError",
    "InvalidRecordError",
    "InvalidViewError",
    "Outcome",
    "SeasaltError",
    "game_names",
    "load_game",
    "make_bot",
    "score",
]

if TYPE_CHECKING:
    from seasalt.bots.registry import BOT_LEVELS, make_bot
    from seasalt.calc import CalcError, Calculator
    from seasalt.calc.hand import score
    from seasalt.core.errors import (
        IllegalActionError,
        InvalidActionError,
        InvalidCardError,
        InvalidRecordError,
        InvalidViewError,
        SeasaltError,
    )
    from seasalt.core.interface import Bot, Game, Outcome
    from seasalt.core.record import GameRecord
    from seasalt.core.registry import game_names, load_game


if not TYPE_CHECKING:  # mypy reads the imports above instead, so a wrong name is an error

    def __getattr__(name: str) -> Any:
        """A public name (:data:`__all__`), imported from its module on first use.

        Raises:
            AttributeError: not a public name of ``seasalt`` (a submodule such as
                ``seasalt.i18n`` is imported by the import system, not here).
        """
        home = _HOMES.get(name)
        if home is None:
            raise AttributeError(f"module 'seasalt' has no attribute {name!r}")
        value = getattr(importlib.import_module(home), name)
        globals()[name] = value
        return value


def __dir__() -> list[str]:
    """The module's names, the public ones not yet imported included."""
    return sorted({*globals(), *__all__})
