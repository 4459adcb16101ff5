"""The simple bots: uniform random, greedy and heuristic (the interface they share,
:class:`~seasalt.core.interface.Bot`, is the core's, so a table is handed bots
without knowing this package).

A bot is built once per game seat with a seed and then asked, turn after turn,
to choose among the legal actions from its seat's **view** (never the full
state: a bot handed a state would be a cheat). Everything random in a bot comes
from the ``random.Random(seed)`` it builds at construction, so the same seed and
the same views give the same choices.

Rules: docs/rules.md R5 (a bot sees exactly what its seat may know).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any, Generic, TypeVar

from seasalt.core.heuristics import Heuristics, Planner
from seasalt.core.interface import Bot

#: The game's view type.
V = TypeVar("V")
#: The game's action type.
A = TypeVar("A", bound=Hashable)

__all__ = ["Bot", "GreedyBot", "HeuristicBot", "RandomBot"]


class RandomBot:
    """Uniformly random over the legal actions.

    Args:
        seed: seeds the bot's own ``random.Random``.
    """

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, view: object, legal: Sequence[A]) -> A:
        """A uniformly random element of ``legal`` (see :meth:`Bot.act`)."""
        if not legal:
            raise ValueError("no legal action to choose from")
        return self.rng.choice(legal)


class GreedyBot(Generic[V, A]):
    """A one-step heuristic player: the game's :meth:`Heuristics.choose`.

    For Sea Salt & Paper: takes the card that raises its card points most,
    plays every duo whose effect helps, ends the round by STOP as soon as it
    can (see :meth:`seasalt.ssp.strategy.heuristics.SspHeuristics.choose`).

    Args:
        heuristics: the game's heuristics.
        seed: seeds the bot's own ``random.Random``.
        noise: chance in ``[0, 1]`` of a uniformly random action at each
            decision (0: pure greedy; the Easy level uses some).
    """

    name = "greedy"

    def __init__(self, heuristics: Heuristics[Any, V, A], seed: int, *,
                 noise: float = 0.0) -> None:
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise must be between 0 and 1, not {noise}")
        self.heuristics = heuristics
        self.noise = noise
        self.rng = random.Random(seed)

    def act(self, view: V, legal: Sequence[A]) -> A:
        """The heuristic choice (see :meth:`Bot.act`)."""
        return self.heuristics.choose(view, legal, self.rng, noise=self.noise)


class HeuristicBot(Generic[V, A]):
    """The game's stronger heuristic policy, :meth:`Planner.plan` (no search).

    For Sea Salt & Paper: card memory, the worth of unfinished sets, denial and a
    reasoned STOP / LAST CHANCE bet (:mod:`seasalt.ssp.strategy.planner`).

    Args:
        planner: the game's heuristics, offering ``plan``.
        seed: seeds the bot's own ``random.Random``.
    """

    name = "heuristic"

    def __init__(self, planner: Planner[V, A], seed: int) -> None:
        self.planner = planner
        self.rng = random.Random(seed)

    def act(self, view: V, legal: Sequence[A]) -> A:
        """The planner's choice (see :meth:`Bot.act`)."""
        return self.planner.plan(view, legal, self.rng)
