"""Bots: random, greedy, heuristic and the searching expert, behind one small interface.

A bot answers ``act(view, legal) -> action`` from its seat's view (never the
full state) and the legal actions, with all randomness from the seed it was
built with. Build one by spec::

    from seasalt.bots import BOT_LEVELS, make_bot
    from seasalt.core.registry import load_game

    game = load_game("sea-salt-and-paper")
    bot = make_bot("hard", game, seed=1)        # or "expert:iterations=300", "greedy", ...
    action = bot.act(view, legal)

A table (:mod:`seasalt.core.table`) is handed :data:`BOT_MAKER` to build its seats'
bots from their specs: ``Table.new(game, seed, ["human", "hard"], bots=BOT_MAKER)``.

Levels for players (:data:`BOT_LEVELS`): ``easy`` (greedy with slips),
``medium`` (heuristic: the game's planner, greedy where it has none), ``hard``
(expert); ``bot_levels(game)`` gives them with the
sentences players of that game read (each game's heuristics words them).

``ismcts`` (not a level) is information-set Monte Carlo tree search
(:mod:`seasalt.bots.ismcts`, single observer), with the expert's incremental API
and budget weighting, for comparing the two at equal budgets.

In a game with simultaneous choices (``GameInfo.dynamics``), the expert plays a
mixed move: drawn among its near-best actions from its seed (``expert:mix=M``,
0 for always the best; see :mod:`seasalt.bots.expert`).

**For a page that must not block** (Pyodide on the main thread, no task over
100 ms): the expert offers an incremental API (see :mod:`seasalt.bots.expert`)::

    search = bot.start(view, legal)     # ExpertBot.start -> Search (no work yet)
    while not search.done:              # Search.done: budget spent
        search.step(max_seconds=0.03)   # Search.step: one short slice (or max_iterations=40)
        # yield to the browser here
    action = search.best()              # Search.best: legal at any time

``Search.iterations`` (rollouts), ``Search.samples``, ``Search.elapsed`` and
``Search.stats()`` report progress; slicing never changes the result. The
default budget is :data:`~seasalt.bots.expert.DEFAULT_ITERATIONS` rollouts
(deterministic; about 0.2 s on CPython here); ``expert:time=S`` budgets seconds
instead (then play depends on the machine's speed). Only ``ExpertBot`` has
``start``; the others answer ``act`` at once.

Nothing in this package knows a game's rules: it uses
:mod:`seasalt.core.interface` and the game's heuristics
(:func:`seasalt.core.registry.load_heuristics`).
"""

from seasalt.bots.base import Bot, GreedyBot, HeuristicBot, RandomBot
from seasalt.bots.expert import DEFAULT_ITERATIONS, DEFAULT_MIX, ExpertBot, Search
from seasalt.bots.ismcts import IsmctsBot, IsmctsSearch
from seasalt.bots.registry import (
    BOT_LEVELS,
    BOT_MAKER,
    BOT_NAMES,
    BotLevel,
    bot_levels,
    make_bot,
    parse_spec,
)

__all__ = [
    "BOT_LEVELS",
    "BOT_MAKER",
    "BOT_NAMES",
    "DEFAULT_ITERATIONS",
    "DEFAULT_MIX",
    "Bot",
    "BotLevel",
    "ExpertBot",
    "GreedyBot",
    "HeuristicBot",
    "IsmctsBot",
    "IsmctsSearch",
    "RandomBot",
    "Search",
    "bot_levels",
    "make_bot",
    "parse_spec",
]
