"""What a game offers search and heuristic bots beyond its rules.

The bots in :mod:`seasalt.bots` are game-agnostic: they speak to a game through
:class:`seasalt.core.interface.Game` and to its strategy knowledge through an
object following :class:`Heuristics`, found with
:func:`seasalt.core.registry.load_heuristics`. A game's heuristics module (for
Sea Salt & Paper, :mod:`seasalt.ssp.heuristics`) implements it; nothing here
knows a rule.

Two kinds of input, never mixed:

* :meth:`Heuristics.choose` decides on a **view** (what one seat may know):
  it is a bot's whole policy, so it must never see a full state.
* :meth:`Heuristics.rollout_action`, :meth:`Heuristics.horizon` and
  :meth:`Heuristics.evaluate` work on **states** that a search built itself
  with ``Game.determinize`` (sampled hidden cards), never on the true state.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Protocol, TypeVar, runtime_checkable

#: The game's state type (only read: contravariant).
S_contra = TypeVar("S_contra", contravariant=True)
#: The game's view type (only read: contravariant).
V_contra = TypeVar("V_contra", contravariant=True)
#: The game's action type.
A = TypeVar("A", bound=Hashable)


@runtime_checkable
class Heuristics(Protocol[S_contra, V_contra, A]):
    """A game's strategy knowledge for the generic bots, generic over the game's
    state, view and action types."""

    def choose(self, view: V_contra, legal: Sequence[A], rng: random.Random, *,
               noise: float = 0.0) -> A:
        """A one-step heuristic choice among ``legal`` from ``view`` alone.

        Args:
            view: the acting seat's view.
            legal: the legal actions (non-empty, sorted).
            rng: random source for ties and ``noise``.
            noise: probability in ``[0, 1]`` of a uniformly random legal action
                instead (a weaker, livelier player).

        Returns:
            One element of ``legal``.
        """
        ...

    def rollout_action(self, state: S_contra, legal: Sequence[A],
                       rng: random.Random) -> A:
        """A fast default-policy action for search rollouts (a determinized state)."""
        ...

    def horizon(self, state: S_contra) -> Hashable:
        """A key that changes when a rollout should stop and :meth:`evaluate` instead
        (e.g. the round number); a constant to always play to the end."""
        ...

    def evaluate(self, state: S_contra) -> Sequence[float]:
        """Estimated utilities, one per seat, within the game's utility range,
        of a non-terminal state reached at a horizon."""
        ...
