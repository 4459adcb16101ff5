"""The bot interface, and the simple bots: uniform random, greedy and heuristic.

A bot is built once per game seat with a seed and then asked, turn after turn,
to choose among the legal actions from its seat's **view** (never the full
state: a bot handed a state would be a cheat). Everything random in a bot comes
from the ``random.Random(seed)`` it builds at construction, so the same seed and
the same views give the same choices.

Rules: RULES.md R5 (a bot sees exactly what its seat may know).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from seasalt.core.heuristics import Heuristics, Planner

#: The view type a bot reads (contravariant: a bot for any view takes a game's view).
V_contra = TypeVar("V_contra", contravariant=True)
#: The game's view type.
V = TypeVar("V")
#: The game's action type.
A = TypeVar("A", bound=Hashable)


@runtime_checkable
class Bot(Protocol[V_contra, A]):
    """What every bot offers: one decision from a view (generic over the game's
    view type and action type)."""

    def act(self, view: V_contra, legal: Sequence[A]) -> A:
        """Choose an action.

        Args:
            view: the acting seat's view (its ``current`` is the bot's seat).
            legal: that seat's legal actions, sorted, non-empty.

        Returns:
            One element of ``legal``.

        Raises:
            ValueError: ``legal`` is empty.
        """
        ...


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
