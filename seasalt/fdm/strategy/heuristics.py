"""Strategy knowledge of Fruits de mer for the generic bots (:mod:`seasalt.bots`).

Implements :class:`seasalt.core.heuristics.Heuristics` (and the optional
:class:`~seasalt.core.heuristics.ChoiceModel`,
:class:`~seasalt.core.heuristics.Planner`,
:class:`~seasalt.core.heuristics.MixedPolicy` and
:class:`~seasalt.core.heuristics.LevelTexts`).

Every level draws its card from a mixed strategy computed from public facts
(:mod:`seasalt.fdm.strategy.policies`), so that none can be read:

* **Easy and greedy** (:meth:`FdmHeuristics.choose`, on a view): a quantal
  response to others choosing at random (each card's expected point less the
  worth of a card it may lose, :func:`card_values`), plus Easy's noise.
* **Medium** (:meth:`FdmHeuristics.plan`, the ``heuristic`` bot): the round's
  equilibrium after a few steps of regret matching, unconverged.
* **Hard** (:meth:`FdmHeuristics.mixed_policy`, which the generic expert plays
  instead of searching): heads-up, the solved game (:mod:`seasalt.fdm.strategy.duel`,
  :func:`duel_policy`); with 3-5 seats, the round's equilibrium by regret matching,
  each seat's payoff its chance to win after the round, from the totals
  (:mod:`seasalt.fdm.strategy.win_round`).

For the expert's search (``expert:policy=0``), what the cards are worth is
:mod:`seasalt.fdm.strategy.values`: one table of F5's outcomes for a player by the
set of kinds the others play, each card's expected point and risk against a model
of the others (:func:`card_values`), that model (:func:`model`), the heads-up
round's one-round equilibrium (:func:`duel_equilibrium`) and win chances
(:func:`win_chances`):

* **The others as the search sees them** (:func:`model`): each other seat plays
  like greedy with some doubt, a card with weight ``exp(value / MODEL_TEMPERATURE)``
  of its greedy value. It reads only what that seat could see: the bait, the
  round and the hands, which are public (all start equal and every removal is
  revealed; a hand is ``HAND`` minus the seat's removed cards), never another
  seat's pending choice. :meth:`FdmHeuristics.rollout_action` draws from it, and
  :meth:`FdmHeuristics.resample_choices` redraws with it the choices that seats
  before the expert already made (the determinized state drew them uniformly).
* **Search horizon** (:meth:`FdmHeuristics.horizon`): the round; then
  :meth:`FdmHeuristics.evaluate` turns points plus the worth of the cards still
  held into win chances (:func:`win_chances`).
* The searched card is drawn with weights ``prior * exp((mean - best) / mix)``, the
  prior being :meth:`FdmHeuristics.mixed_prior` (heads-up: its share of
  :func:`duel_equilibrium`; else :func:`model` for its own seat).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from seasalt.fdm.cards import BAIT_KINDS, PLAYER_KINDS, ROUNDS, Kind
from seasalt.fdm.state import State, current_player
from seasalt.fdm.strategy import duel, policies
from seasalt.fdm.strategy.values import (
    duel_equilibrium,
    model,
    public_hand,
    win_chances,
)
from seasalt.fdm.view import View
from seasalt.i18n import N_

_N = len(PLAYER_KINDS)
_INDEX: dict[Kind, int] = {k: i for i, k in enumerate(PLAYER_KINDS)}


def _draw(dist: Sequence[float], rng: random.Random) -> int:
    x = rng.random()
    last = 0
    for i, p in enumerate(dist):
        if p:
            last = i
            if x < p:
                return i
            x -= p
    return last


def _pick(dist: Sequence[float], legal: Sequence[Kind], rng: random.Random) -> Kind:
    """A draw from ``dist`` (over ``PLAYER_KINDS``) among ``legal``, one number of
    ``rng``."""
    weights = [dist[_INDEX[k]] for k in legal]
    x = rng.random() * sum(weights)
    for k, w in zip(legal, weights, strict=True):
        if w and x < w:
            return k
        x -= w
    return max(legal, key=lambda k: dist[_INDEX[k]])


def _view_hands(view: View) -> list[tuple[int, ...]]:
    return [public_hand(r) for r in view.removed]


def _state_hands(s: State) -> list[tuple[int, ...]]:
    return [public_hand(r) for r in s.removed]


def duel_policy(view: View) -> list[float]:
    """Heads-up, the equilibrium strategy of the seat of ``view`` this round (chances
    over ``PLAYER_KINDS``) in the solved game (:mod:`seasalt.fdm.strategy.duel`).

    Raises:
        ValueError: not a heads-up view of a seat, or the game is over.
    """
    if view.bait is None or view.players != 2 or view.seat is None:
        raise ValueError("the solved game is heads-up, for a seat, while the game goes on")
    me = view.seat
    hands = _view_hands(view)
    shown = [Kind(h["bait"]) for h in view.history] + [Kind(view.bait)]
    bait = BAIT_KINDS.index(Kind(view.bait))
    d = view.scores[me] - view.scores[1 - me]
    return duel.equilibrium(view.round, duel.unseen_after(shown), bait, hands[me],
                            hands[1 - me], d)[1]


class FdmHeuristics:
    """Fruits de mer's :class:`~seasalt.core.heuristics.Heuristics` (stateless but
    for the :func:`model` cache).

    Attributes:
        level_descriptions: what players read about each bot level
            (:class:`~seasalt.core.heuristics.LevelTexts`; English, translated
            where shown).
    """

    level_descriptions: dict[str, str] = {  # noqa: RUF012 - read-only table
        "easy": N_("Plays the card that looks best for this bait, but often picks one "
                   "at random: a relaxed game."),
        "medium": N_("Weighs what the others may play this round and varies its "
                     "choices, without thinking ahead."),
        "hard": N_("Guesses what the others will play from the cards they hold, thinks "
                   "ahead, and varies its choices so that it cannot be read."),
    }

    # ------------------------------------------------------------------ greedy (views)

    def choose(self, view: View, legal: Sequence[Kind], rng: random.Random, *,
               noise: float = 0.0) -> Kind:
        """Greedy and Easy, from the seat's view only: a draw from
        :func:`~seasalt.fdm.strategy.policies.easy_policy` (a quantal response to
        others choosing at random, with ``noise`` of uniform chance).

        Args:
            view: the acting seat's view; legal: its legal actions (non-empty);
            rng: random source; noise: chance of a uniformly random action.

        Raises:
            ValueError: ``legal`` is empty.
        """
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1 or view.bait is None:
            return legal[0]
        seat = view.seat if view.seat is not None else view.current
        dist = policies.easy_policy(Kind(view.bait), _view_hands(view), seat, view.round,
                                    noise)
        return _pick(dist, legal, rng)

    def plan(self, view: View, legal: Sequence[Kind], rng: random.Random) -> Kind:
        """Medium (:class:`~seasalt.core.heuristics.Planner`), from the seat's view
        only: a draw from :func:`~seasalt.fdm.strategy.policies.medium_policy`.

        Raises:
            ValueError: ``legal`` is empty.
        """
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1 or view.bait is None:
            return legal[0]
        seat = view.seat if view.seat is not None else view.current
        dist = policies.medium_policy(Kind(view.bait), _view_hands(view), seat, view.round)
        return _pick(dist, legal, rng)

    # ------------------------------------------------------------------ search (states)

    def rollout_action(self, s: State, legal: Sequence[Kind], rng: random.Random) -> Kind:
        """A draw from :func:`model` for the seat to move. It reads the bait, the
        round and the public hands (from the removed cards), never a pending choice.
        """
        if len(legal) == 1:
            return legal[0]
        assert s.bait is not None
        seat = current_player(s)
        dist = model(s.bait, _state_hands(s), seat, s.round)
        k = PLAYER_KINDS[_draw(dist, rng)]
        return k if k in legal else rng.choice(list(legal))

    def resample_choices(self, s: State, seat: int, rng: random.Random) -> None:
        """Redraw from :func:`model` the pending choice of every other seat that has
        chosen this round (``s`` a determinized state the search owns)."""
        if s.bait is None:
            return
        hands = _state_hands(s)
        for j, kind in enumerate(s.pending):
            if j == seat or kind is None:
                continue
            s.hands[j][kind] += 1
            new = PLAYER_KINDS[_draw(model(s.bait, hands, j, s.round), rng)]
            s.hands[j][new] -= 1
            s.pending[j] = new

    def mixed_prior(self, s: State, legal: Sequence[Kind]) -> list[float]:
        """What the seat to move leans on when it expects to be read (the generic
        expert's prior, :class:`~seasalt.core.heuristics.MixedPrior`): with one
        other seat holding cards, its share of :func:`duel_equilibrium`; with more,
        :func:`model`. Public facts only."""
        assert s.bait is not None
        seat = current_player(s)
        hands = _state_hands(s)
        others = [j for j, h in enumerate(hands) if j != seat and any(h)]
        if len(others) == 1:
            dist = duel_equilibrium(s.bait, hands[seat], hands[others[0]], s.round)[0]
        else:
            dist = model(s.bait, hands, seat, s.round)
        return [dist[_INDEX[k]] for k in legal]

    def mixed_policy(self, view: View, legal: Sequence[Kind]) -> list[float] | None:
        """Hard's mixed strategy for the seat of ``view``
        (:class:`~seasalt.core.heuristics.MixedPolicy`), one weight per ``legal``
        action: heads-up, its share of the solved game's equilibrium
        (:func:`seasalt.fdm.strategy.duel.equilibrium`); with 3-5 players, its share
        of the round's equilibrium (:func:`~seasalt.fdm.strategy.policies.hard_policy`).
        ``None`` once the game is over. Public facts only: the bait, the baits revealed, the
        hands (from the removed cards) and the scores."""
        if view.bait is None or view.seat is None:
            return None
        if view.players == 2:
            dist = duel_policy(view)
        else:
            dist = policies.hard_policy(Kind(view.bait), _view_hands(view), view.seat,
                                        view.round, view.scores)
        return [dist[_INDEX[k]] + 1e-12 for k in legal]

    def horizon(self, s: State) -> int:
        """The round number (a rollout stops when the round is resolved), -1 once over."""
        return -1 if s.bait is None else s.round

    def evaluate(self, s: State) -> list[float]:
        """Win chances from points and hands (:func:`win_chances`)."""
        left = 0 if s.bait is None else ROUNDS - s.round + 1
        return win_chances(s.scores, _state_hands(s), left)


#: The instance :func:`seasalt.core.registry.load_heuristics` returns.
HEURISTICS: FdmHeuristics = FdmHeuristics()
