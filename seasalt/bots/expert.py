"""The expert: Information Set Monte Carlo Tree Search over determinizations.

Single-observer ISMCTS (Cowling, Powley & Whitehouse, 2012, "Information Set
Monte Carlo Tree Search", IEEE TCIAIG 4(2)). Each iteration:

1. **Determinize**: sample a full state consistent with the bot's view with
   ``Game.determinize`` (hidden hands and draw pile dealt at random, honouring
   everything the seat saw, RULES.md R5). The true state is never used.
2. **Select**: walk down the tree, whose nodes are keyed by the actions played
   since the root; at each node only the actions legal in *this* sample
   compete, by UCB1 with availability counts (a child's exploration term
   counts the visits in which it was available, not the parent's visits).
3. **Expand** one untried action: the heuristic rollout policy's choice if
   it is untried, else a random one.
4. **Roll out** with the game's heuristic policy
   (:meth:`~seasalt.core.heuristics.Heuristics.rollout_action`) until the
   game ends or the heuristics' horizon changes (for Sea Salt & Paper: the
   round ends), then score with ``Game.returns`` or
   :meth:`~seasalt.core.heuristics.Heuristics.evaluate` (one utility per seat).
5. **Back up** each node's utility for the seat that chose the action into it.

The move played is the root child with the most visits.

Incremental use (for a page whose main thread must never block long)::

    bot = ExpertBot(game, heuristics, seed=7)          # default: DEFAULT_ITERATIONS
    search = bot.start(view, legal)                     # cheap; no iteration yet
    while not search.done:
        search.step(max_iterations=20)                  # a slice of a few ms
        ...                                             # let the page breathe
    action = search.best()

``bot.act(view, legal)`` is exactly ``start`` then ``step`` until ``done``, then
``best``. With an iteration budget the result depends only on the seed and the
view; with ``time=`` it depends on the machine's speed. ``best()`` may be
called at any time (e.g. to answer early) and always returns a legal action.

Nothing here knows a game's rules: the search goes through
:class:`seasalt.core.interface.Game` and :class:`seasalt.core.heuristics.Heuristics`.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Sequence
from typing import Any

from seasalt.core.heuristics import Heuristics
from seasalt.core.interface import Game

#: Default budget: iterations per decision, tuned to answer in about 0.2 s on
#: CPython 3.11 on the development machine (see ``benchmarks/bots.py``).
DEFAULT_ITERATIONS: int = 400
#: UCB1 exploration constant (utilities are win chances in ``[0, 1]``).
DEFAULT_EXPLORATION: float = 0.35
#: Safety cap on the actions of one rollout.
MAX_ROLLOUT_ACTIONS: int = 2000


class _Node:
    """A tree node: statistics of the action that leads to it."""

    __slots__ = ("children", "visits", "total", "avail")

    def __init__(self) -> None:
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1


class Search:
    """One decision's search, run in slices (see the module docstring).

    Built by :meth:`ExpertBot.start`; not meant to be built directly.

    Attributes:
        legal: the root's legal actions.
        iterations: iterations run so far.
        elapsed: seconds spent inside :meth:`step` so far.
        max_iterations: the iteration budget, or ``None`` (time only).
        time_limit: the time budget in seconds, or ``None`` (iterations only).
    """

    def __init__(self, game: Game, heuristics: Heuristics, view: Any,
                 legal: Sequence[Hashable], rng: random.Random, *,
                 max_iterations: int | None, time_limit: float | None,
                 exploration: float) -> None:
        if not legal:
            raise ValueError("no legal action to choose from")
        self.game = game
        self.heuristics = heuristics
        self.view = view
        self.legal = list(legal)
        self.rng = rng
        self.max_iterations = max_iterations
        self.time_limit = time_limit
        self.exploration = exploration
        self.iterations = 0
        self.elapsed = 0.0
        self.root = _Node()

    @property
    def done(self) -> bool:
        """Whether the budget is spent (always true with a single legal action)."""
        if len(self.legal) == 1:
            return True
        if self.max_iterations is not None and self.iterations >= self.max_iterations:
            return True
        return self.time_limit is not None and self.elapsed >= self.time_limit

    def step(self, max_iterations: int | None = None, max_seconds: float | None = None) -> int:
        """Run iterations until the budget is spent or this slice's limit is hit.

        Args:
            max_iterations: at most this many iterations in this call (``None``:
                no per-call count limit).
            max_seconds: stop this call after about this many seconds (checked
                between iterations; one iteration takes a few milliseconds).

        Returns:
            The number of iterations run by this call (0 once ``done``).
        """
        ran = 0
        start = time.perf_counter()
        before = self.elapsed
        while not self.done:
            if max_iterations is not None and ran >= max_iterations:
                break
            if max_seconds is not None and time.perf_counter() - start >= max_seconds:
                break
            self._iterate()
            ran += 1
            self.iterations += 1
            self.elapsed = before + time.perf_counter() - start
        return ran

    def best(self) -> Hashable:
        """The chosen action: the most visited root child (ties: higher mean,
        then the earlier legal action); the heuristic rollout choice is not used
        here, so with no iteration yet it is the first legal action.

        Returns:
            One of the root's legal actions.
        """
        best, key = self.legal[0], (-1, -1.0)
        for a in self.legal:
            ch = self.root.children.get(a)
            if ch is None:
                continue
            k = (ch.visits, ch.total / ch.visits if ch.visits else 0.0)
            if k > key:
                best, key = a, k
        return best

    def stats(self) -> list[tuple[Hashable, int, float]]:
        """Per root action: ``(action, visits, mean utility for the bot's seat)``,
        in legal order; unvisited actions have 0 visits and mean 0.0."""
        out = []
        for a in self.legal:
            ch = self.root.children.get(a)
            out.append((a, ch.visits if ch else 0,
                        ch.total / ch.visits if ch and ch.visits else 0.0))
        return out

    def _iterate(self) -> None:
        """One determinize-select-expand-rollout-backup iteration."""
        game, h, rng = self.game, self.heuristics, self.rng
        apply = game.apply_in_place
        legal_actions = game.legal_actions
        current_player = game.current_player
        c = self.exploration
        s = game.determinize(self.view, rng)
        mark = h.horizon(s)
        node = self.root
        path: list[tuple[_Node, int]] = []
        legal: Sequence[Hashable] = self.legal
        expanded = False
        while True:
            player = current_player(s)
            children = node.children
            if len(legal) == 1:
                a = legal[0]
                child = children.get(a)
                if child is None:
                    child = children[a] = _Node()
            else:
                untried = [a for a in legal if a not in children]
                if untried:
                    a = h.rollout_action(s, legal, rng)
                    if a in children:
                        a = untried[rng.randrange(len(untried))] if len(untried) > 1 \
                            else untried[0]
                    child = children[a] = _Node()
                    expanded = True
                else:
                    a, child, best_u = legal[0], children[legal[0]], -math.inf
                    for b in legal:
                        ch = children[b]
                        ch.avail += 1
                        u = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                        if u > best_u:
                            a, child, best_u = b, ch, u
            apply(s, a)
            path.append((child, player))
            node = child
            if expanded or current_player(s) < 0 or h.horizon(s) != mark:
                break
            legal = legal_actions(s)
        # rollout
        steps = 0
        while current_player(s) >= 0 and h.horizon(s) == mark and steps < MAX_ROLLOUT_ACTIONS:
            apply(s, h.rollout_action(s, legal_actions(s), rng))
            steps += 1
        values = game.returns(s) if current_player(s) < 0 else h.evaluate(s)
        self.root.visits += 1
        for nd, p in path:
            nd.visits += 1
            nd.total += values[p]


class ExpertBot:
    """The search bot (see the module docstring).

    Args:
        game: the game (through the generic interface).
        heuristics: the game's heuristics (rollout policy, horizon, evaluation).
        seed: seeds the bot's own ``random.Random``; each decision draws a fresh
            sub-generator from it, so a decision's randomness does not depend on
            how many iterations earlier decisions ran.
        iterations: iterations per decision (``None`` with ``time``: time only).
            Default :data:`DEFAULT_ITERATIONS` when neither is given.
        time: seconds of search per decision, or ``None``. With both, the first
            budget reached ends the search.
        exploration: the UCB1 constant.

    Raises:
        ValueError: a budget that is not positive.
    """

    name = "expert"

    def __init__(self, game: Game, heuristics: Heuristics, seed: int, *,
                 iterations: int | None = None, time: float | None = None,
                 exploration: float = DEFAULT_EXPLORATION) -> None:
        if iterations is None and time is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        if time is not None and not time > 0:
            raise ValueError(f"time must be a positive number of seconds, not {time}")
        if not exploration >= 0:
            raise ValueError(f"exploration must be >= 0, not {exploration}")
        self.game = game
        self.heuristics = heuristics
        self.iterations = iterations
        self.time = time
        self.exploration = exploration
        self.rng = random.Random(seed)

    def start(self, view: Any, legal: Sequence[Hashable]) -> Search:
        """Begin a decision; run it with :meth:`Search.step`.

        Args:
            view: the acting seat's view; legal: its legal actions (non-empty).

        Raises:
            ValueError: ``legal`` is empty.
        """
        sub = random.Random(self.rng.getrandbits(64))
        return Search(self.game, self.heuristics, view, legal, sub,
                      max_iterations=self.iterations, time_limit=self.time,
                      exploration=self.exploration)

    def act(self, view: Any, legal: Sequence[Hashable]) -> Hashable:
        """Search until the budget is spent and return the best action."""
        search = self.start(view, legal)
        search.step()
        return search.best()
