"""What a game offers search and heuristic bots beyond its rules.

The bots in :mod:`seasalt.bots` are game-agnostic: they speak to a game through
:class:`seasalt.core.interface.Game` and to its strategy knowledge through an
object following :class:`Heuristics`, found with
:func:`seasalt.core.registry.load_heuristics`. A game's heuristics module
(``seasalt/<game>/strategy/heuristics.py``) implements it; nothing here knows a rule.

Two kinds of input, never mixed:

* :meth:`Heuristics.choose` decides on a **view** (what one seat may know):
  it is a bot's whole policy, so it must never see a full state.
* :meth:`Heuristics.rollout_action`, :meth:`Heuristics.horizon` and
  :meth:`Heuristics.evaluate` work on **states** that a search built itself
  with ``Game.determinize`` (sampled hidden cards), never on the true state.

Two optional extras, read by generic code when a game's heuristics offer them:

* :class:`ChoiceModel` (``resample_choices``), for games with simultaneous
  choices: redraw, in a sampled state, the secret choices that other seats
  already made this round, from what each of them could see.
* :class:`LevelTexts` (``level_descriptions``): the sentence players read about
  each bot level, in the game's own words (see
  :func:`seasalt.bots.registry.bot_levels`).
* :class:`Planner` (``plan``): a stronger policy than :meth:`Heuristics.choose`, on
  a view too, for the ``heuristic`` bot (:class:`seasalt.bots.base.HeuristicBot`).
* :class:`DealModel` (``deal``): sample the hidden information of a view as the
  players' choices make likely, instead of ``Game.determinize``'s uniform deal.
* :class:`BudgetModel` (``budget_weight``): how much harder than the rest a
  decision deserves to be searched.
* :class:`MixedPolicy` (``mixed_policy``): a mixed strategy the game computes for a
  decision (e.g. a solved game's equilibrium), which the search bot plays instead of
  searching.
* :class:`RolloutStep` (``rollout_step``): the rollout policy's action chosen without
  listing the legal actions, for faster rollouts, with the searching seat's opponents
  played as the game expects players to play.
* :class:`ValueModels` (``value_models``): other ways than :meth:`Heuristics.evaluate`
  to value a state, by name, for a search asked to use one (an earlier valuation kept
  for comparison).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

#: The game's state type (only returned: covariant).
S_co = TypeVar("S_co", covariant=True)
#: The game's state type (only read: contravariant).
S_contra = TypeVar("S_contra", contravariant=True)
#: The game's view type (only read: contravariant).
V_contra = TypeVar("V_contra", contravariant=True)
#: The game's action type.
A = TypeVar("A", bound=Hashable)
#: The game's action type, only read.
A_contra = TypeVar("A_contra", bound=Hashable, contravariant=True)
#: The game's action type, only returned.
A_co = TypeVar("A_co", bound=Hashable, covariant=True)


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


@runtime_checkable
class ChoiceModel(Protocol[S_contra]):
    """Optional: a model of the secret choices of a game with simultaneous choices.

    ``Game.determinize`` samples the choices that other seats already made in the
    current round (hidden from the viewer) uniformly from what they could play.
    A heuristics object with this method redraws them from its own model of what
    each seat would choose, from what that seat could see when it chose (the model
    :meth:`Heuristics.rollout_action` uses for the seats still to choose), so a
    search treats the seats before and after it alike.
    """

    def resample_choices(self, state: S_contra, seat: int, rng: random.Random) -> None:
        """Redraw, in place, the pending choices of every seat but ``seat`` in
        ``state`` (a determinized state the search owns, ``seat`` to move)."""
        ...


class MixedPrior(Protocol[S_contra, A_contra]):
    """Optional (found by name, ``mixed_prior``): the mixed strategy a seat should
    lean on when it expects to be read, e.g. its share of an equilibrium of the
    round; the generic expert of a game with simultaneous choices draws its move
    with weights ``prior * exp((mean - best) / mix)``
    (:mod:`seasalt.bots.expert`). Without it, the expert counts the rollout
    policy's picks for its seat."""

    def mixed_prior(self, state: S_contra, legal: Sequence[A_contra]) -> Sequence[float]:
        """One non-negative weight per action of ``legal`` for the seat to move in
        ``state`` (a determinized state: only what that seat knows may count)."""
        ...


class MixedPolicy(Protocol[V_contra, A_contra]):
    """Optional (found by name, ``mixed_policy``): a mixed strategy computed for a
    decision from the seat's view alone, e.g. the equilibrium of a game small enough
    to solve. The generic expert (:mod:`seasalt.bots.expert`) draws its move from it,
    without searching, whenever it is offered and answers (unless built with
    ``policy=0``)."""

    def mixed_policy(self, view: V_contra,
                     legal: Sequence[A_contra]) -> Sequence[float] | None:
        """One non-negative weight per action of ``legal`` (not all 0), or ``None``
        where the game offers no policy (then the expert searches)."""
        ...


@runtime_checkable
class Planner(Protocol[V_contra, A]):
    """Optional: a stronger heuristic policy than :meth:`Heuristics.choose`, from a
    view alone (card memory, the worth of unfinished sets, what the next seat wants,
    a reasoned end of round: whatever the game offers), still without search."""

    def plan(self, view: V_contra, legal: Sequence[A], rng: random.Random) -> A:
        """One of ``legal`` (non-empty, sorted) for the seat of ``view``; all chance
        from ``rng``."""
        ...


@runtime_checkable
class DealModel(Protocol[V_contra, S_co]):
    """Optional: sample full states for a view from a model of the players' choices.

    ``Game.determinize`` fills what a seat cannot see uniformly among the
    consistent deals. A search that asks this instead
    (:mod:`seasalt.bots.expert`) draws the hidden cards as the other players'
    public choices make likely (for instance the better of two drawn cards, or no
    unplayed pair), so that its guesses of their hands are closer to the truth.
    """

    def deal(self, view: V_contra, rng: random.Random) -> S_co:
        """A full state consistent with ``view`` (as ``Game.determinize``: the seat's
        view of it equals ``view``), all chance from ``rng``."""
        ...


@runtime_checkable
class RolloutStep(Protocol[S_contra, A_co]):
    """Optional: the rollout policy's action without the list of legal actions, and
    the searching seat's opponents played as the game expects players to play.

    A search's rollouts spend much of their time listing legal actions that the
    rollout policy then mostly ignores. For the searching seat, ``rollout_step(state,
    rng, searcher)`` must return exactly what ``rollout_action(state,
    legal_actions(state), rng)`` would, drawing the same numbers from ``rng``, only
    faster; for the other seats it may differ, as a model of opponents (a search's
    own future moves and its opponents' need not be guessed alike). A search that
    finds it (:mod:`seasalt.bots.expert`) calls it in its rollouts instead.
    """

    def rollout_step(self, state: S_contra, rng: random.Random, searcher: int) -> A_co:
        """A legal action for the seat to move in ``state`` (not over); ``searcher``:
        the seat whose search runs the rollout."""
        ...


@runtime_checkable
class BudgetModel(Protocol[V_contra, A_contra]):
    """Optional: which decisions deserve more search.

    A search with a budget of ``N`` rollouts spends ``N * budget_weight(view,
    legal)`` on a decision (:mod:`seasalt.bots.expert`), so that the few decisions
    that settle a game (ending a round, say) are searched several times harder than
    routine ones, at about the same total cost.
    """

    def budget_weight(self, view: V_contra, legal: Sequence[A_contra]) -> float:
        """A positive factor of the search budget for this decision (1: the base)."""
        ...


@runtime_checkable
class ValueModels(Protocol):
    """Optional: other valuations of a state than :meth:`Heuristics.evaluate`.

    Attributes:
        value_models: name -> a function of a state returning one utility per seat,
            as :meth:`Heuristics.evaluate` does; a search asked for ``value=NAME``
            (:class:`seasalt.bots.expert.ExpertBot`) values its rollouts' ends with
            it instead (e.g. a game's earlier valuation, kept to compare with).
    """

    value_models: Mapping[str, Callable[[Any], Sequence[float]]]


@runtime_checkable
class LevelTexts(Protocol):
    """Optional: what players read about each bot level in this game.

    Attributes:
        level_descriptions: level key (``"easy"``, ``"medium"``, ``"hard"``) ->
            one English sentence, marked for translation with ``N_`` where it is
            written (the reader translates it with ``_``).
    """

    level_descriptions: Mapping[str, str]
