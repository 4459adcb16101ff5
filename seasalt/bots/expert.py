"""The expert: determinized Monte Carlo search over the cards it cannot see.

Each **sample** of the search:

1. **Determinizes**: draws a full state consistent with the bot's view with
   ``Game.determinize`` (hidden hands and draw pile dealt at random, honouring
   everything the seat saw: cards taken from discards, its stolen card, hand
   sizes; docs/rules.md R5). The true state is never used.
2. **Rolls out every legal root action** from that same state with the same
   random stream (common random numbers, so the actions are compared on equal
   deals), each continued by the game's heuristic rollout policy
   (:meth:`~seasalt.core.heuristics.Heuristics.rollout_action`, or the same
   policy's faster :class:`~seasalt.core.heuristics.RolloutStep`, which may play the
   bot's opponents as the game expects players to play) until the
   game ends or the heuristics' horizon changes (for Sea Salt & Paper: the
   round ends), then scored with ``Game.returns`` or
   :meth:`~seasalt.core.heuristics.Heuristics.evaluate` (one utility per seat).

Four refinements, each optional and offered by the game's heuristics:

* **Deals as players make them likely**: with a
  :class:`~seasalt.core.heuristics.DealModel` (``deal``), samples come from it
  instead of ``Game.determinize``'s uniform deal (Sea Salt & Paper: each unknown
  card the better of two, no unplayed pair, no unannounced 7 points;
  :mod:`seasalt.ssp.strategy.deals`). ``deal=False`` turns it off.
* **Budget where it matters**: with a :class:`~seasalt.core.heuristics.BudgetModel`
  (``budget_weight``), a decision's budget is the bot's times the decision's
  weight (Sea Salt & Paper: ending a round most, routine duos least).
* **Successive halving** (sequential games, more than two actions): the budget is
  cut into up to :data:`HALVING_ROUNDS` rounds; after each but the last, the half of
  the actions still searched with the lower means is dropped, so near-equivalent
  and poor actions stop taking rollouts from the contenders.
* **An anchor** (``anchor``, a margin in utility units; 0: off): with a
  :class:`~seasalt.core.heuristics.Planner`, the planner's choice for the view is
  searched to the end and played unless another action's mean beats it by more
  than the margin (and, with ``sure``, by more than that many standard errors of
  the paired differences). A few hundred rollouts rank close actions by noise as
  much as by worth; the planner errs less often on them, the search catches its
  clear slips.

The move played has the best mean utility for the bot's seat (among the actions
searched to the end), or the anchor as above. This is
determinized ("perfect information") Monte Carlo over information sets, the
flat form of ISMCTS (Cowling, Powley & Whitehouse, 2012, "Information Set Monte
Carlo Tree Search", IEEE TCIAIG 4(2)); pairing the actions on common samples
removes most of the deal-to-deal noise, which matters more at a budget of a
few hundred rollouts than a deeper tree. The STOP / LAST CHANCE / go-on choice
is weighed this way over the sampled hands of the opponents, whose known
cards are always in them.

**Simultaneous choices** (``GameInfo.dynamics == SIMULTANEOUS``): such a game
presents the seats' secret choices one after the other, each hidden from the
others until all are in. Two things change there:

* The choices that seats before the bot already made this round are sampled
  by ``Game.determinize``; if the heuristics offer
  :meth:`~seasalt.core.heuristics.ChoiceModel.resample_choices`, the search
  redraws them from the heuristics' model of what each seat would choose from
  what it could see, the same model the rollouts use for the seats still to
  choose, so the seats before and after the bot are treated alike.
* A single best action for one situation could be read and exploited (a
  player who knows the bot's card answers it). So the move is **mixed**: drawn
  with weights ``prior(a) * exp((mean(a) - best) / mix)``, where ``prior`` is
  the heuristics' :meth:`~seasalt.core.heuristics.ChoiceModel.mixed_prior` if
  they offer it, else how often their rollout policy picks ``a`` for the bot's
  seat over the samples (smoothed: every action keeps some weight) and ``mix`` is in
  utility units (:data:`DEFAULT_MIX`); actions more than :data:`MIX_CUTOFF`
  ``* mix`` below the best are never drawn. This is the policy that maximizes
  the mean utility less ``mix`` times its divergence from the prior (a
  KL-regularized best response, the step of magnetic mirror descent towards an
  equilibrium): where the rollout policy mixes as a player who expects to be
  read should (e.g. from an equilibrium of the round), so does the bot, and
  the search moves it where the samples show a real gain. The draw uses a
  number the search takes from its seed when it starts: the same seed and view
  give the same move, other seeds other moves. ``mix=0`` plays the best mean,
  as in sequential games.

**A policy the game computes**: if the heuristics offer
:class:`~seasalt.core.heuristics.MixedPolicy` (``mixed_policy``) and it answers for
the decision, the move is drawn from it with the search's first number and nothing
is searched (Fruits de mer: the solved heads-up game); ``policy=0`` always searches.

**Budget**: ``iterations`` counts rollouts (one per root action per sample),
so play depends only on the seed and the view; ``time`` (seconds) is the other
option, for machines of unknown speed.

Incremental use (for a page whose main thread must never block long)::

    bot = ExpertBot(game, heuristics, seed=7)      # default: DEFAULT_ITERATIONS rollouts
    search = bot.start(view, legal)                 # cheap; no rollout yet
    while not search.done:
        search.step(max_seconds=0.03)               # or max_iterations=20: a slice of ms
        ...                                         # let the page breathe
    action = search.best()

``bot.act(view, legal)`` is exactly ``start``, ``step`` until ``done``, then
``best``; slicing never changes the result. ``best()`` may be called at any
time and always returns a legal action.

Nothing here knows a game's rules: the search goes through
:class:`seasalt.core.interface.Game` and :class:`seasalt.core.heuristics.Heuristics`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Sequence
from typing import Generic, TypeVar

from seasalt.bots.sliced import SlicedSearch
from seasalt.core.heuristics import ChoiceModel, Heuristics, Planner
from seasalt.core.interface import Dynamics, Game

#: The game's state type.
S = TypeVar("S")
#: The game's view type.
V = TypeVar("V")
#: The game's action type.
A = TypeVar("A", bound=Hashable)

#: Default budget: rollouts per decision, before the game's
#: :class:`~seasalt.core.heuristics.BudgetModel` weighs the decision (Sea Salt &
#: Paper: 600 for a decision to end the round, 200 to 400 for the others, about
#: 0.09 s a decision on average on CPython 3.11 on the development machine; see
#: ``benchmarks/bots.py`` and ``benchmarks/page.py``).
DEFAULT_ITERATIONS: int = 600
#: Default ``mix`` of a game with simultaneous choices (utility units, the
#: utility range being 0-1): actions are drawn with weights ``prior * exp((mean -
#: best) / mix)``. Tuned on Fruits de mer with ``benchmarks/fdm_strength.py``
#: against two bots that run the expert on its own view and answer what it
#: would play: at 0.08 the expert beat the one answering its likeliest card
#: (82 % of 100 games) but lost every game to the one answering its mix of
#: cards; at 0.3 (the prior: the round's equilibrium heads-up) it won 72 % of
#: 30 games against the latter, 33 % against the former, and still beats greedy.
DEFAULT_MIX: float = 0.3
#: Weight added to each action's share of a prior the heuristics give
#: (``mixed_prior``), so that no action is ruled out by the prior alone.
PRIOR_FLOOR: float = 0.02
#: Actions whose mean is more than ``MIX_CUTOFF * mix`` below the best are never drawn.
MIX_CUTOFF: float = 3.0
#: Successive halving over the root actions (sequential games): the budget is cut into
#: at most this many rounds, and after each but the last the better half of the
#: actions still searched goes on (:meth:`Search._halve`).
HALVING_ROUNDS: int = 3
#: Safety cap on the actions of one rollout.
MAX_ROLLOUT_ACTIONS: int = 2000


class Search(SlicedSearch[A], Generic[S, V, A]):
    """One decision's search, run in slices (see the module docstring).

    Built by :meth:`ExpertBot.start`; not meant to be built directly.

    Attributes:
        legal: the root's legal actions.
        iterations: rollouts run so far (one per root action per sample).
        samples: determinizations drawn so far.
        elapsed: seconds spent inside :meth:`step` so far.
        max_iterations: the rollout budget, or ``None`` (time only).
        time_limit: the time budget in seconds, or ``None`` (rollouts only).
        mix: 0 to play the best mean; above 0, the move is drawn among the
            near-best actions (see the module docstring).

    Args (keywords, beyond the attributes'): ``deal``, ``protect`` and ``keep`` as
    in :meth:`ExpertBot.start`; ``anchor``: an action of ``legal`` never dropped by
    successive halving and played unless the best mean beats its mean by more than
    ``margin`` (utility units, 0 or more; ignored with ``mix`` above 0 or an
    ``anchor`` not in ``legal``) and, with ``sure`` above 0, by more than ``sure``
    standard errors of the paired differences between the two (sample by sample);
    ``policy``: one weight per action of ``legal`` (the game's ``mixed_policy``),
    drawn from with the search's first number, nothing searched (``None``: search);
    ``evaluate``: values a rollout's end (one utility per seat) instead of the
    heuristics' ``evaluate``.

    Raises:
        ValueError: ``legal`` is empty, ``margin`` or ``sure`` is negative.
    """

    def __init__(self, game: Game[S, V, A], heuristics: Heuristics[S, V, A], view: V,
                 legal: Sequence[A], rng: random.Random, *,
                 max_iterations: int | None, time_limit: float | None,
                 mix: float = 0.0, deal: bool = True, protect: A | None = None,
                 keep: int = 2, anchor: A | None = None, margin: float = 0.0,
                 sure: float = 0.0, policy: Sequence[float] | None = None,
                 evaluate: Callable[[S], Sequence[float]] | None = None) -> None:
        if not legal:
            raise ValueError("no legal action to choose from")
        if not margin >= 0:
            raise ValueError(f"margin must be 0 or more, not {margin}")
        if not sure >= 0:
            raise ValueError(f"sure must be 0 or more, not {sure}")
        super().__init__(max_iterations, time_limit)
        self.game = game
        self.heuristics = heuristics
        self.view = view
        self.legal = list(legal)
        self.rng = rng
        self.mix = mix
        # the number that draws the mixed move, drawn first so that slicing and
        # the number of samples never change which move it picks
        self._pick = rng.random() if mix > 0 or policy is not None else 0.0
        # a mixed policy the game computed (MixedPolicy): drawn from, nothing searched
        self._policy: list[float] | None = None
        if policy is not None and sum(policy) > 0:
            self._policy = [w / sum(policy) for w in policy]
            self.max_iterations, self.time_limit = 0, None
        # (getattr, not isinstance: a runtime protocol check is slow)
        resample: ChoiceModel[S] | None = heuristics if callable(
            getattr(heuristics, "resample_choices", None)) else None  # type: ignore[assignment]
        self._resample = resample.resample_choices if resample is not None else None
        # the heuristics' deal model if they offer one (DealModel), else uniform
        self._deal = getattr(heuristics, "deal", None) if deal else None
        # the rollout policy without listing legal actions, opponents played as the
        # game expects, if offered (RolloutStep)
        self._step = getattr(heuristics, "rollout_step", None)
        # how a rollout's end is valued: the heuristics' evaluate unless told otherwise
        self._evaluate = evaluate if evaluate is not None else heuristics.evaluate
        self.samples = 0
        self._totals = [0.0] * len(self.legal)
        self._counts = [0] * len(self.legal)
        self._prior = 0
        self._prior_counts = [0] * len(self.legal)  # rollout policy's root picks (mix)
        self._prior_given: list[float] | None = None  # the heuristics' mixed_prior (mix)
        self._mixed_prior = getattr(heuristics, "mixed_prior", None) if mix > 0 else None
        # successive halving (sequential games, more than two actions): the actions
        # still searched, by index; the half with the lower means is dropped at each
        # of HALVING_ROUNDS - 1 checkpoints of the budget
        self._alive = list(range(len(self.legal)))
        self._rounds = (min(HALVING_ROUNDS, math.ceil(math.log2(len(self.legal))))
                        if mix <= 0 and len(self.legal) > 2 and max_iterations is not None
                        else 1)
        self._round = 0
        # an action successive halving never drops (a coach judging a chosen action),
        # and how many actions it keeps at least (a coach showing its top three)
        self._protect = self.legal.index(protect) if protect in self.legal else -1
        self._keep = keep
        # the planner's choice, played unless another action's mean beats it by more
        # than ``margin``; never dropped by successive halving
        self._anchor = self.legal.index(anchor) if anchor in self.legal and mix <= 0 else -1
        self._margin = margin
        self._sure = sure
        # per action, its utility in the sample in progress, and the sum, sum of
        # squares and count of its paired differences from the anchor's
        self._sample_values = [0.0] * len(self.legal)
        self._diffs = [0.0] * len(self.legal)
        self._diffs_sq = [0.0] * len(self.legal)
        self._paired = [0] * len(self.legal)
        self._root: S | None = None  # the sample in progress (with _seed and _next)
        self._seed = 0
        self._next = 0

    def _busy(self) -> bool:
        """A sample once begun is finished first, so every root action has the same
        number of rollouts when the search is done."""
        return self._root is not None

    def best(self) -> A:
        """The chosen action: the best mean utility for the bot's seat; ties go
        to the rollout policy's choice in the first sample, then to the earlier
        legal action. With ``mix`` (simultaneous choices), a draw among the
        near-best actions instead (:meth:`weights`); with the game's mixed policy,
        a draw from it. Mid-sample, means over the rollouts run so far. Before any
        rollout: the first legal action.

        Returns:
            One of the root's legal actions.
        """
        if self._policy is not None:
            return self._draw(self._policy)
        if not self.iterations:
            return self.legal[0]
        if self.mix > 0:
            return self._draw(self.weights())
        means = self._means()
        alive = self._alive
        top = max(means[j] for j in alive)
        anchor = self._anchor
        if anchor >= 0 and anchor in alive and not self._beats_anchor(means, top):
            return self.legal[anchor]
        if means[self._prior] == top and self._prior in alive:
            return self.legal[self._prior]
        return self.legal[next(j for j in alive if means[j] == top)]

    def _draw(self, weights: list[float]) -> A:
        """The action the search's first number picks among ``weights``."""
        total = sum(weights)
        mark = self._pick * total
        for a, w in zip(self.legal, weights, strict=True):
            if w and mark < w:
                return a
            mark -= w
        return self.legal[max(range(len(weights)), key=weights.__getitem__)]

    def _beats_anchor(self, means: list[float], top: float) -> bool:
        """Whether the best mean beats the anchor's by more than ``margin`` and by
        more than ``sure`` standard errors of their paired differences (the
        anchor and the finalists are rolled out on the same samples)."""
        anchor = self._anchor
        gap = top - means[anchor]
        if gap <= self._margin:
            return False
        if self._sure <= 0:
            return True
        j = next(j for j in self._alive if means[j] == top)
        n = self._paired[j]
        if n < 2:
            return False
        mean = self._diffs[j] / n
        var = max(0.0, (self._diffs_sq[j] - n * mean * mean) / (n - 1))
        return mean > self._sure * math.sqrt(var / n)

    def weights(self) -> list[float]:
        """Per root action, its chance of being played: with ``mix``, ``prior *
        exp((mean - best) / mix)`` for the actions within ``MIX_CUTOFF * mix`` of
        the best, 0 for the others, normalized (``prior``: the rollout policy's
        picks for the bot's seat over the samples plus one, see the module
        docstring); without, 1 for :meth:`best` and 0 elsewhere. All 0 before any
        rollout."""
        if self._policy is not None:
            return list(self._policy)
        if not self.iterations:
            return [0.0] * len(self.legal)
        if self.mix <= 0:
            choice = self.best()
            return [1.0 if a == choice else 0.0 for a in self.legal]
        means = self._means()
        top = max(means)
        if self._prior_given is not None:
            prior = [p + PRIOR_FLOOR for p in self._prior_given]
        else:
            prior = [c + 1.0 for c in self._prior_counts]
        raw = [q * math.exp((m - top) / self.mix)
               if m >= top - MIX_CUTOFF * self.mix else 0.0
               for m, q in zip(means, prior, strict=True)]
        total = sum(raw)
        return [w / total for w in raw]

    def _means(self) -> list[float]:
        return [t / n if n else -math.inf for t, n in zip(self._totals, self._counts,
                                                         strict=True)]

    def stats(self) -> list[tuple[A, int, float]]:
        """Per root action: ``(action, rollouts, mean utility for the bot's seat)``."""
        return [(a, n, t / n if n else 0.0)
                for a, t, n in zip(self.legal, self._totals, self._counts, strict=True)]

    def _work(self) -> None:
        """The next rollout of the current sample, drawing a new sample first if
        none is in progress. A sample is one determinization in which every
        root action is rolled out with the same random stream (common random
        numbers)."""
        game, h = self.game, self.heuristics
        apply = game.apply_in_place
        legal_actions = game.legal_actions
        current_player = game.current_player
        if self._root is None:
            self._root = (self._deal(self.view, self.rng) if self._deal is not None
                          else game.determinize(self.view, self.rng))
            if self._resample is not None:
                self._resample(self._root, current_player(self._root), self.rng)
            self._seed = self.rng.getrandbits(64)
            self._next = 0
            if not self.samples or self.mix > 0:
                prior = h.rollout_action(self._root, self.legal, random.Random(self._seed))
                pick = self.legal.index(prior) if prior in self.legal else 0
                if not self.samples:
                    self._prior = pick
                    if self._mixed_prior is not None:
                        given = self._mixed_prior(self._root, self.legal)
                        total = sum(given)
                        self._prior_given = [g / total for g in given] if total > 0 else None
                self._prior_counts[pick] += 1
        root, i = self._root, self._alive[self._next]
        seat = current_player(root)
        mark = h.horizon(root)
        last = self._next == len(self._alive) - 1
        s = root if last else game.copy(root)
        rng = random.Random(self._seed)
        apply(s, self.legal[i])
        steps = 0
        step = self._step
        while current_player(s) >= 0 and h.horizon(s) == mark and steps < MAX_ROLLOUT_ACTIONS:
            apply(s, step(s, rng, seat) if step is not None
                  else h.rollout_action(s, legal_actions(s), rng))
            steps += 1
        values = game.returns(s) if current_player(s) < 0 else self._evaluate(s)
        self._totals[i] += values[seat]
        self._counts[i] += 1
        self._sample_values[i] = values[seat]
        self.iterations += 1
        if last:
            anchor = self._anchor
            if anchor >= 0:
                base = self._sample_values[anchor]
                for j in self._alive:
                    d = self._sample_values[j] - base
                    self._diffs[j] += d
                    self._diffs_sq[j] += d * d
                    self._paired[j] += 1
            self._root = None
            self.samples += 1
            self._halve()
        else:
            self._next += 1

    def _halve(self) -> None:
        """At a checkpoint of the budget, keep the better half of the searched actions
        (at least two): successive halving (Karnin, Koren & Somekh, 2013, "Almost
        optimal exploration in multi-armed bandits", ICML), which spends the rollouts
        on the actions still in contention."""
        if self._round >= self._rounds - 1 or self.max_iterations is None:
            return
        if self.iterations < self.max_iterations * (self._round + 1) / self._rounds:
            return
        self._round += 1
        means = self._means()
        keep = max(self._keep, (len(self._alive) + 1) // 2)
        ranked = sorted(self._alive, key=lambda j: (-means[j], j != self._prior, j))
        alive = set(ranked[:keep])
        for kept in (self._protect, self._anchor):
            if kept >= 0:
                alive.add(kept)
        self._alive = sorted(alive)


def checked_budget(iterations: int | None, time: float | None) -> int | None:
    """A search bot's rollouts per decision: ``iterations``, or
    :data:`DEFAULT_ITERATIONS` when neither it nor ``time`` (seconds) is given.

    Raises:
        ValueError: ``iterations`` below 1, or ``time`` not a positive number.
    """
    if iterations is None and time is None:
        iterations = DEFAULT_ITERATIONS
    if iterations is not None and iterations < 1:
        raise ValueError(f"iterations must be at least 1, not {iterations}")
    if time is not None and not time > 0:
        raise ValueError(f"time must be a positive number of seconds, not {time}")
    return iterations


def weighed_budget(heuristics: object, view: V, legal: Sequence[A], iterations: int | None,
                   time_limit: float | None) -> tuple[int | None, float | None]:
    """A decision's budget: the bot's ``iterations`` (rollouts) and ``time_limit``
    (seconds), each ``None`` when unset, times the decision's weight if the
    heuristics are a :class:`~seasalt.core.heuristics.BudgetModel` (at least one
    rollout; unchanged for a single legal action or without a model)."""
    weigh = getattr(heuristics, "budget_weight", None)
    if weigh is None or len(legal) <= 1:
        return iterations, time_limit
    weight = weigh(view, legal)
    return (None if iterations is None else max(1, round(iterations * weight)),
            None if time_limit is None else time_limit * weight)


class ExpertBot(Generic[S, V, A]):
    """The search bot (see the module docstring).

    Args:
        game: the game (through the generic interface).
        heuristics: the game's heuristics (rollout policy, horizon, evaluation).
        seed: seeds the bot's own ``random.Random``; each decision draws a fresh
            sub-generator from it, so a decision's randomness does not depend on
            how many rollouts earlier decisions ran.
        iterations: rollouts per decision (``None`` with ``time``: time only).
            Default :data:`DEFAULT_ITERATIONS` when neither is given.
        time: seconds of search per decision, or ``None``. With both, the first
            budget reached ends the search.
        mix: how widely the move is drawn among near-best actions (utility
            units, see the module docstring); ``None``: :data:`DEFAULT_MIX` for a
            game with simultaneous choices, 0 (always the best) otherwise.
        deal: sample hidden cards from the heuristics' deal model when they
            offer one (see the module docstring); ``False``: uniformly.
        anchor: the margin (utility units, 0 or more) by which another action's
            mean must beat the heuristics' planner's choice to be played instead
            (see the module docstring); 0, or heuristics with no planner: off.
        sure: with ``anchor``, how many standard errors of the paired
            differences (sample by sample) the better mean must also be ahead by;
            0: the margin alone.
        policy: play the heuristics' ``mixed_policy`` where they offer one and it
            answers (see the module docstring); ``False``: always search.
        value: the name of one of the heuristics'
            :class:`~seasalt.core.heuristics.ValueModels` to value the rollouts' ends
            with (Sea Salt & Paper: ``softmax``, the valuation before the race at 3
            and 4 seats); ``""``: the heuristics' ``evaluate``.

    Raises:
        ValueError: a budget that is not positive, a negative ``mix`` or ``anchor``,
            a ``value`` the heuristics do not offer.
    """

    name = "expert"

    def __init__(self, game: Game[S, V, A], heuristics: Heuristics[S, V, A], seed: int, *,
                 iterations: int | None = None, time: float | None = None,
                 mix: float | None = None, deal: bool = True,
                 anchor: float = 0.0, sure: float = 0.0, policy: bool = True,
                 value: str = "") -> None:
        iterations = checked_budget(iterations, time)
        self._policy = getattr(heuristics, "mixed_policy", None) if policy else None
        self._evaluate: Callable[[S], Sequence[float]] | None = None
        if value:
            models = getattr(heuristics, "value_models", {})
            if value not in models:
                raise ValueError(f"unknown value {value!r}; the game offers: "
                                 f"{', '.join(sorted(models)) or 'none'}")
            self._evaluate = models[value]
        self.value = value
        if not anchor >= 0:
            raise ValueError(f"anchor must be 0 or more, not {anchor}")
        if not sure >= 0:
            raise ValueError(f"sure must be 0 or more, not {sure}")
        self.anchor = anchor
        self.sure = sure
        self._planner = heuristics if anchor > 0 and isinstance(heuristics, Planner) else None
        if mix is None:
            mix = DEFAULT_MIX if game.info.dynamics == Dynamics.SIMULTANEOUS else 0.0
        if not mix >= 0:
            raise ValueError(f"mix must be 0 or more, not {mix}")
        self.mix = mix
        self.deal = deal
        self.game = game
        self.heuristics = heuristics
        self.iterations = iterations
        self.time = time
        self.rng = random.Random(seed)

    def start(self, view: V, legal: Sequence[A], *, protect: A | None = None,
              keep: int = 2) -> Search[S, V, A]:
        """Begin a decision; run it with :meth:`Search.step`.

        Args:
            view: the acting seat's view; legal: its legal actions (non-empty).
            protect: an action of ``legal`` that successive halving never drops, so
                that it is searched to the end (the coach judging a chosen action).
            keep: how many actions successive halving keeps at least (2; the coach
                showing its top three keeps three, so all three are searched to the
                end and compare on the same samples).

        Raises:
            ValueError: ``legal`` is empty.
        """
        sub = random.Random(self.rng.getrandbits(64))
        iterations, time_limit = weighed_budget(self.heuristics, view, legal,
                                                self.iterations, self.time)
        policy = (self._policy(view, legal)
                  if self._policy is not None and len(legal) > 1 else None)
        anchor = None
        if policy is None and self._planner is not None and len(legal) > 1:
            anchor = self._planner.plan(view, legal, random.Random(sub.getrandbits(64)))
        return Search(self.game, self.heuristics, view, legal, sub,
                      max_iterations=iterations, time_limit=time_limit, mix=self.mix,
                      deal=self.deal, protect=protect, keep=keep, anchor=anchor,
                      margin=self.anchor, sure=self.sure, policy=policy,
                      evaluate=self._evaluate)

    def act(self, view: V, legal: Sequence[A]) -> A:
        """Search until the budget is spent and return the best action."""
        search = self.start(view, legal)
        search.step()
        return search.best()
