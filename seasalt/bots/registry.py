"""Bots by name: ``make_bot("expert:time=0.05", game, seed)``, the player levels, and
:data:`BOT_MAKER`, what a table (:mod:`seasalt.core.table`) is handed to build its bots.

A spec is ``NAME`` or ``NAME:KEY=VALUE[,KEY=VALUE...]``. Names are the bots
(``random``, ``greedy``, ``heuristic``: the game's planner, or greedy in a game
without one, ``expert``, ``ismcts``: information-set tree search, for comparison,
not a level) and the levels shown to players
(``easy``, ``medium``, ``hard``, see :data:`BOT_LEVELS`); a level accepts the
settings of the bot it stands for, which override the level's own.

The levels are the same for every game, but what players read about them is the
game's own: :func:`bot_levels` gives the levels with the descriptions of one game
(from its heuristics' ``level_descriptions``, see
:class:`seasalt.core.heuristics.LevelTexts`), in English, to translate with
``seasalt.i18n._`` where they are shown.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from seasalt.bots.base import Bot, GreedyBot, HeuristicBot, RandomBot
from seasalt.bots.expert import ExpertBot
from seasalt.bots.ismcts import IsmctsBot
from seasalt.core.heuristics import LevelTexts, Planner
from seasalt.core.interface import Game
from seasalt.core.registry import load_game, load_heuristics
from seasalt.core.seats import BotMaker

#: The game's state, view and action types.
S = TypeVar("S")
V = TypeVar("V")
A = TypeVar("A", bound=Hashable)


@dataclass(frozen=True, slots=True)
class BotLevel:
    """A difficulty level as players see it.

    Attributes:
        key: short name used in specs and on the command line, e.g. ``"hard"``.
        title: display name, e.g. ``"Hard"``.
        spec: the bot spec it stands for, e.g. ``"expert"``.
        description: one sentence for players (in :data:`BOT_LEVELS`, Sea Salt &
            Paper's; :func:`bot_levels` gives each game's).
    """

    key: str
    title: str
    spec: str
    description: str


#: The levels offered to players, easiest first, with Sea Salt & Paper's
#: descriptions (for any game's, :func:`bot_levels`).
BOT_LEVELS: tuple[BotLevel, ...] = (
    BotLevel("easy", "Easy", "greedy:noise=0.3",
             "Plays for points but makes plenty of slips: a relaxed game."),
    BotLevel("medium", "Medium", "heuristic",
             "Remembers the cards it has seen, keeps from the next player what they would "
             "want, and bets LAST CHANCE when its lead looks safe."),
    # the search, anchored on Medium's choice (seasalt.bots.expert; figures in README)
    BotLevel("hard", "Hard", "expert:anchor=0.02",
             "Thinks ahead over the cards it cannot see and picks its moment to end the round."),
)

_LEVELS: dict[str, BotLevel] = {lv.key: lv for lv in BOT_LEVELS}

def _switch(text: str) -> bool:
    """``1``/``true``/``yes``/``on`` or ``0``/``false``/``no``/``off``.

    Raises:
        ValueError: anything else.
    """
    value = {"1": True, "true": True, "yes": True, "on": True,
             "0": False, "false": False, "no": False, "off": False}.get(text.lower())
    if value is None:
        raise ValueError(text)
    return value


_switch.__name__ = "0 or 1"

#: Settings each bot accepts: name -> (parser, description).
_SETTINGS: dict[str, dict[str, tuple[Callable[[str], Any], str]]] = {
    "random": {},
    "greedy": {"noise": (float, "chance of a random move, 0 to 1")},
    "heuristic": {},
    "expert": {
        "iterations": (int, "search iterations per decision"),
        "time": (float, "seconds of search per decision"),
        "mix": (float, "how widely near-best moves are drawn (simultaneous choices), 0 or more"),
        "deal": (_switch, "1: guess hidden cards as players keep them (the game's deal "
                          "model), 0: uniformly"),
        "anchor": (float, "play the game's planner's choice unless the search finds a "
                          "move better by more than this (utilities 0 to 1), 0: off"),
        "sure": (float, "with anchor, and by more than this many standard errors of "
                        "the paired differences, 0: any"),
        "policy": (_switch, "1: play the game's own mixed policy where it offers one "
                            "(Fruits de mer: the solved game), 0: always search"),
        "value": (str, "value a rollout's end with this model of the game's heuristics "
                       "(Sea Salt & Paper: softmax, the valuation before the race at 3 "
                       "and 4 seats); empty: the default"),
    },
    "ismcts": {
        "iterations": (int, "search iterations (one rollout each) per decision"),
        "time": (float, "seconds of search per decision"),
        "c": (float, "UCB1 exploration constant (utilities 0 to 1), 0 or more"),
        "guide": (_switch, "1 (default): at a new node, try the rollout policy's move "
                           "first; 0: untried moves in a random order"),
    },
}

#: Names accepted in specs: the bots, then the levels.
BOT_NAMES: tuple[str, ...] = (*_SETTINGS, *_LEVELS)


def bot_levels(game: str | None = None) -> tuple[BotLevel, ...]:
    """The levels offered to players, with what players of ``game`` read about them.

    Args:
        game: a registered game name or alias; ``None``: :data:`BOT_LEVELS` as they
            are (Sea Salt & Paper's descriptions).

    Returns:
        The levels in :data:`BOT_LEVELS` order; a level's ``description`` is the
        game's own sentence (English, to translate with ``_`` where it is shown)
        when the game's heuristics give one, else the one of :data:`BOT_LEVELS`.

    Raises:
        ValueError: no game has that name.
    """
    if game is None:
        return BOT_LEVELS
    name = load_game(game).info.name
    try:
        heuristics = load_heuristics(name)
    except ValueError:  # a game without heuristics has no bots to describe
        return BOT_LEVELS
    texts = heuristics.level_descriptions if isinstance(heuristics, LevelTexts) else {}
    return tuple(replace(lv, description=texts[lv.key]) if lv.key in texts else lv
                 for lv in BOT_LEVELS)


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split a spec into a bot name and typed settings, resolving levels.

    Args:
        spec: e.g. ``"expert:time=0.05,iterations=300"`` or ``"hard"``.

    Returns:
        ``(bot name, settings)``, e.g. ``("expert", {"time": 0.05, "iterations": 300})``.

    Raises:
        ValueError: unknown bot or setting, a malformed or out-of-range value;
            the message names the culprit and what is accepted.
    """
    text = spec.strip().lower()
    name, _, rest = text.partition(":")
    settings_text = rest
    if name in _LEVELS:
        base_name, _, base_rest = _LEVELS[name].spec.partition(":")
        name = base_name
        settings_text = ",".join(p for p in (base_rest, rest) if p)
    if name not in _SETTINGS:
        raise ValueError(f"unknown bot {spec.split(':')[0]!r}; choose from "
                         f"{', '.join(BOT_NAMES)}")
    allowed = _SETTINGS[name]
    settings: dict[str, Any] = {}
    for item in (p.strip() for p in settings_text.split(",") if p.strip()):
        key, eq, value = item.partition("=")
        key = key.strip()
        if key not in allowed:
            known = ", ".join(allowed) or "none"
            raise ValueError(f"unknown setting {key!r} for bot {name!r} (settings: {known})")
        if not eq or not value.strip():
            raise ValueError(f"setting {key!r} of bot {name!r} needs a value: {key}=VALUE")
        parser, _ = allowed[key]
        try:
            settings[key] = parser(value.strip())
        except ValueError:
            raise ValueError(f"bad value {value.strip()!r} for {name} setting {key!r}: "
                             f"expected {parser.__name__}") from None
    return name, settings


def make_bot(spec: str, game: Game[S, V, A], seed: int) -> Bot[V, A]:
    """Build a bot from its spec for one seat.

    Args:
        spec: see :func:`parse_spec` (e.g. ``"greedy"``, ``"expert:iterations=300"``,
            ``"easy"``).
        game: the game it will play (its heuristics are looked up by name).
        seed: the bot's seed (int): same seed, same views -> same choices.

    Returns:
        A :class:`~seasalt.bots.base.Bot`.

    Raises:
        ValueError: unknown bot or setting, or a value out of range.
    """
    name, settings = parse_spec(spec)
    if name == "random":
        return RandomBot(seed)
    heuristics = load_heuristics(game.info.name)
    if name == "greedy":
        return GreedyBot(heuristics, seed, **settings)
    if name == "heuristic":  # the game's planner, or its greedy policy where it has none
        if isinstance(heuristics, Planner):
            return HeuristicBot(heuristics, seed)
        return GreedyBot(heuristics, seed)
    if name == "ismcts":
        return IsmctsBot(game, heuristics, seed, **settings)
    return ExpertBot(game, heuristics, seed, **settings)


class SpecBotMaker:
    """This package's :class:`~seasalt.core.seats.BotMaker`: reads specs with
    :func:`parse_spec` and builds bots with :func:`make_bot`, for a table
    (``Table.new(..., bots=BOT_MAKER)``, :mod:`seasalt.core.table`)."""

    def parse(self, spec: str) -> tuple[str, dict[str, Any]]:
        """:func:`parse_spec` (raises ``ValueError``)."""
        return parse_spec(spec)

    def make(self, spec: str, game: Game[Any, Any, Any], seed: int) -> Bot[Any, Any]:
        """:func:`make_bot` (raises ``ValueError``)."""
        return make_bot(spec, game, seed)


#: The bot maker to hand a table whose bots are built from the seats' specs.
BOT_MAKER: BotMaker = SpecBotMaker()
