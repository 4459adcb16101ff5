"""Information-set Monte Carlo tree search: single observer (SO-ISMCTS).

Cowling, Powley & Whitehouse, 2012, "Information Set Monte Carlo Tree Search",
IEEE TCIAIG 4(2), algorithm 3. Each **iteration** of the search:

1. **Determinizes**: draws a full state consistent with the bot's view, with the
   heuristics' deal model if they offer one
   (:class:`~seasalt.core.heuristics.DealModel`), else ``Game.determinize``. All
   chance (the draw pile's order, the hidden hands) lives in that sample.
2. **Selects** down one tree of the *searching seat's* information: from the root
   (the bot's view), at every node the seat to move picks an action among those
   legal in this sample, the bot at its own decisions and each opponent at its
   own. An action exists only in some samples (an opponent can keep a card only
   where it holds it), so UCB1 reads the action's **availability** (how often it
   was legal when the node was visited) where plain UCB1 reads the parent's
   visits: ``mean + c * sqrt(ln(available) / visits)``. Actions never tried come
   first, in a random order (with ``guide``, the rollout policy's choice first).
3. **Expands** one node: the first node reached that the tree does not hold yet.
4. **Rolls out** from there with
   :meth:`~seasalt.core.heuristics.Heuristics.rollout_action` until the game ends
   or :meth:`~seasalt.core.heuristics.Heuristics.horizon` changes (the tree stops
   there too), scored with ``Game.returns`` or
   :meth:`~seasalt.core.heuristics.Heuristics.evaluate`: one utility per seat.
5. **Backs up**: each node's edges keep the utility of the seat that acts there.

**What a node is.** A node's children are keyed by the bot's own view of the
state after the move (``Game.view(state, bot's seat)``, made hashable by
:func:`freeze`), not by the move. So:

* an opponent's move that shows the bot only part of itself leads to one child
  however it differs in what the bot cannot see: "keep X, discard Y on pile 1"
  and "keep Z, discard Y on pile 1" show the bot the same table, so both lead to
  the same node, and the bot's later decisions never depend on a card it cannot
  know. (Keying by the move would have split the subtree by the opponent's hidden
  card, letting the bot plan as if it knew it: the "opponent moves are fully
  observed" flaw of plain SO-ISMCTS, which the paper's POM variant repairs by
  merging moves the same way.) The *edges* of the opponent's node stay its real
  moves, with their own statistics: the opponent knows which card it keeps.
* the bot's own chance (the two cards of its draw) is in its view: after
  "draw two" the tree holds one node per pair seen, where the bot decides
  knowing its cards, as it would at the table.
* every node is one of the bot's information sets as its view describes it;
  states the view cannot tell apart share their statistics.

As in SO-ISMCTS, an opponent's choices at a node are one policy for all the
samples that reach it (it is treated as not knowing its own hand better than
the bot does); its statistics are per real move, with availability counts.

**Budget**: ``iterations`` counts iterations, one rollout each, as the expert's
``iterations`` counts rollouts, and the heuristics'
:class:`~seasalt.core.heuristics.BudgetModel` weighs it per decision the same
way, so the two compare at equal budgets; ``time`` (seconds) is the other option.
Given the seed and the view, play is deterministic: all chance comes from one
generator drawn per decision, and an iteration is never split between slices.

Incremental use, as :mod:`seasalt.bots.expert`::

    bot = IsmctsBot(game, heuristics, seed=7, iterations=200)
    search = bot.start(view, legal)
    while not search.done:
        search.step(max_seconds=0.03)
    action = search.best()            # the most visited root action

A game with simultaneous choices is searched the same way (its hidden choices are
in the samples, redrawn with the heuristics' ``resample_choices`` when they
offer it); the move is the most visited, never mixed as the expert's is.

Nothing here knows a game's rules: the search goes through
:class:`seasalt.core.interface.Game` and :class:`seasalt.core.heuristics.Heuristics`.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from seasalt.bots.expert import checked_budget, weighed_budget
from seasalt.bots.sliced import SlicedSearch
from seasalt.core.heuristics import Heuristics
from seasalt.core.interface import Game

#: The game's state type.
S = TypeVar("S")
#: The game's view type.
V = TypeVar("V")
#: The game's action type.
A = TypeVar("A", bound=Hashable)

#: Default UCB1 exploration constant (utilities in 0..1).
DEFAULT_C: float = 0.7
#: Safety cap on the actions of one iteration (tree walk and rollout together).
MAX_ITERATION_ACTIONS: int = 2000


def freeze(value: Any) -> Hashable:
    """A hashable stand-in for a view (or any part of one), equal for equal values.

    Dataclasses become their type and the fields they compare (a field declared
    ``compare=False``, such as a view's event log, is left out, as ``==`` leaves
    it out); mappings and sets become frozensets, lists and tuples tuples, other
    hashable values themselves.

    Args:
        value: a game's view: dataclasses, mappings, sequences, sets and
            hashable leaves, nested.

    Returns:
        A hashable value; ``freeze(x) == freeze(y)`` whenever ``x == y``.

    Raises:
        TypeError: a leaf that is neither hashable nor one of the kinds above.
    """
    try:
        hash(value)
    except TypeError:
        pass
    else:  # hashable already (most of a view's fields): equal values, equal hashes
        return value  # type: ignore[no-any-return]
    kind = type(value)
    names = _COMPARED.get(kind)
    if names is None and dataclasses.is_dataclass(value):
        names = _COMPARED[kind] = tuple(f.name for f in dataclasses.fields(value) if f.compare)
    if names is not None:
        return (kind.__qualname__, *(freeze(getattr(value, n)) for n in names))
    if isinstance(value, Mapping):
        return frozenset((freeze(k), freeze(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(freeze(v) for v in value)
    raise TypeError(f"cannot make a hashable key of a {kind.__qualname__}")


#: Dataclass type -> the names of its compared fields (filled by :func:`freeze`).
_COMPARED: dict[type, tuple[str, ...]] = {}


class Edge:
    """One action's statistics at a node.

    Attributes:
        visits: iterations that took the action here.
        total: sum of their utilities for the seat that acts at the node.
        available: iterations that reached the node with the action legal.
    """

    __slots__ = ("available", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 0


class Node:
    """One of the searching seat's information sets in the tree.

    Attributes:
        edges: action -> :class:`Edge`, in the order first seen legal.
        children: frozen view of the bot's seat after a move -> node.
    """

    __slots__ = ("children", "edges")

    def __init__(self) -> None:
        self.edges: dict[Hashable, Edge] = {}
        self.children: dict[Hashable, Node] = {}


class IsmctsSearch(SlicedSearch[A], Generic[S, V, A]):
    """One decision's search, run in slices (see the module docstring).

    Built by :meth:`IsmctsBot.start`; not meant to be built directly.

    Attributes:
        legal: the root's legal actions.
        seat: the searching seat (the view's seat to move).
        iterations: iterations run so far (one rollout each).
        nodes: nodes in the tree (the root included).
        elapsed: seconds spent inside :meth:`step` so far.
        max_iterations: the iteration budget, or ``None`` (time only).
        time_limit: the time budget in seconds, or ``None`` (iterations only).
        c: the UCB1 exploration constant.
        guide: at a node with untried actions, try the rollout policy's first.
        root: the root :class:`Node`.

    Raises:
        ValueError: ``legal`` is empty.
    """

    def __init__(self, game: Game[S, V, A], heuristics: Heuristics[S, V, A], view: V,
                 legal: Sequence[A], rng: random.Random, *, max_iterations: int | None,
                 time_limit: float | None, c: float = DEFAULT_C, guide: bool = True) -> None:
        if not legal:
            raise ValueError("no legal action to choose from")
        super().__init__(max_iterations, time_limit)
        self.game = game
        self.heuristics = heuristics
        self.view = view
        self.legal = list(legal)
        self.rng = rng
        self.c = c
        self.guide = guide
        self.root = Node()
        self.nodes = 1
        self.seat = -1  # known from the first sample
        self._deal = getattr(heuristics, "deal", None)
        self._resample = getattr(heuristics, "resample_choices", None)

    def best(self) -> A:
        """The most visited root action; ties go to the higher mean, then to the
        earlier legal action. Before any iteration: the first legal action.

        Returns:
            One of the root's legal actions.
        """
        edges = self.root.edges
        best, key = self.legal[0], (-1, -math.inf)
        for a in self.legal:
            e = edges.get(a)
            if e is None or not e.visits:
                continue
            k = (e.visits, e.total / e.visits)
            if k > key:
                best, key = a, k
        return best

    def stats(self) -> list[tuple[A, int, float]]:
        """Per root action: ``(action, visits, mean utility for the bot's seat)``
        (0 visits and mean 0 for an action not tried yet). The visits add up to
        :attr:`iterations`."""
        out = []
        for a in self.legal:
            e = self.root.edges.get(a)
            n = e.visits if e is not None else 0
            out.append((a, n, e.total / n if e is not None and n else 0.0))
        return out

    def _select(self, node: Node, legal: Sequence[A], state: S) -> A:
        """The action to take at ``node`` among ``legal`` (this sample's, in
        ``state``), counting each as available: an untried one (with ``guide``, the
        rollout policy's choice while it is untried, else at random), else the
        best UCB1 score with availability counts (ties: the earlier in ``legal``)."""
        edges = node.edges
        untried = []
        for a in legal:
            e = edges.get(a)
            if e is None:
                e = edges[a] = Edge()
            e.available += 1
            if not e.visits:
                untried.append(a)
        if untried:
            if len(untried) == 1:
                return untried[0]
            if self.guide:
                a = self.heuristics.rollout_action(state, legal, self.rng)
                if a in untried:
                    return a
            return self.rng.choice(untried)
        c = self.c
        best, best_score = legal[0], -math.inf
        for a in legal:
            e = edges[a]
            score = e.total / e.visits + c * math.sqrt(math.log(e.available) / e.visits)
            if score > best_score:
                best, best_score = a, score
        return best

    def _work(self) -> None:
        """One iteration: sample, select down the tree, expand one node, roll out,
        back up (see the module docstring)."""
        game, h, rng = self.game, self.heuristics, self.rng
        apply = game.apply_in_place
        current_player = game.current_player
        legal_actions = game.legal_actions
        s = self._deal(self.view, rng) if self._deal is not None else game.determinize(
            self.view, rng)
        if self.seat < 0:
            self.seat = current_player(s)
        seat = self.seat
        if self._resample is not None:
            self._resample(s, seat, rng)
        mark = h.horizon(s)
        path: list[tuple[Edge, int]] = []
        node: Node | None = self.root
        legal: Sequence[A] = self.legal
        steps = 0
        # selection and expansion: the tree holds the bot's information sets
        while node is not None:
            player = current_player(s)
            a = self._select(node, legal, s)
            path.append((node.edges[a], player))
            apply(s, a)
            steps += 1
            if current_player(s) < 0 or h.horizon(s) != mark:
                break
            key = freeze(game.view(s, seat))
            child = node.children.get(key)
            if child is None:  # expansion: one new node, then the rollout from it
                node.children[key] = Node()
                self.nodes += 1
            node = child
            legal = legal_actions(s)
        # rollout to the horizon
        while current_player(s) >= 0 and h.horizon(s) == mark and steps < MAX_ITERATION_ACTIONS:
            apply(s, h.rollout_action(s, legal_actions(s), rng))
            steps += 1
        values = game.returns(s) if current_player(s) < 0 else h.evaluate(s)
        for edge, player in path:
            edge.visits += 1
            edge.total += values[player]
        self.iterations += 1


class IsmctsBot(Generic[S, V, A]):
    """The SO-ISMCTS bot (see the module docstring).

    Args:
        game: the game (through the generic interface).
        heuristics: the game's heuristics (rollout policy, horizon, evaluation;
            a deal model and a budget model when they offer them).
        seed: seeds the bot's own ``random.Random``; each decision draws a fresh
            sub-generator from it.
        iterations: iterations (one rollout each) per decision, before the
            heuristics' budget weight (``None`` with ``time``: time only).
            Default :data:`seasalt.bots.expert.DEFAULT_ITERATIONS` when neither is given.
        time: seconds of search per decision, or ``None``. With both, the first
            budget reached ends the search.
        c: the UCB1 exploration constant (utilities in 0..1), 0 or more.
        guide: at a node with untried actions, try the rollout policy's choice
            first (else they are tried in a random order), so that a node's first
            visits play as the rollouts do. Default on: 17 of 40 games against the
            expert at 200 iterations each, against 10 of the same 40 without.

    Raises:
        ValueError: a budget that is not positive, a negative or non-finite ``c``.
    """

    name = "ismcts"

    def __init__(self, game: Game[S, V, A], heuristics: Heuristics[S, V, A], seed: int, *,
                 iterations: int | None = None, time: float | None = None,
                 c: float = DEFAULT_C, guide: bool = True) -> None:
        iterations = checked_budget(iterations, time)
        if not (c >= 0 and math.isfinite(c)):
            raise ValueError(f"c must be a finite number, 0 or more, not {c}")
        self.game = game
        self.heuristics = heuristics
        self.iterations = iterations
        self.time = time
        self.c = c
        self.guide = guide
        self.rng = random.Random(seed)

    def start(self, view: V, legal: Sequence[A]) -> IsmctsSearch[S, V, A]:
        """Begin a decision; run it with :meth:`IsmctsSearch.step`.

        Args:
            view: the acting seat's view; legal: its legal actions (non-empty).

        Raises:
            ValueError: ``legal`` is empty.
        """
        sub = random.Random(self.rng.getrandbits(64))
        iterations, time_limit = weighed_budget(self.heuristics, view, legal,
                                                self.iterations, self.time)
        return IsmctsSearch(self.game, self.heuristics, view, legal, sub,
                            max_iterations=iterations, time_limit=time_limit, c=self.c,
                            guide=self.guide)

    def act(self, view: V, legal: Sequence[A]) -> A:
        """Search until the budget is spent and return the most visited action.

        Raises:
            ValueError: ``legal`` is empty.
        """
        search = self.start(view, legal)
        search.step()
        return search.best()
