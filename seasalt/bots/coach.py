"""The coach: the expert search (:mod:`seasalt.bots.expert`) turned to advice.

Two services, both from a seat's **view** only (``game.view(state, seat)``): the
coach never holds a full state, so it cannot know more than the seat it helps.

* :meth:`Coach.suggest`: the actions the search likes best for a decision, each with
  its estimated chance to win (the search's mean utility for the seat, 0..1), the
  best first. The answer is computed in slices (:class:`Thinking`), like a bot's
  decision on a page whose main thread must stay free, and depends only on the
  coach's seed, the ``key`` given (e.g. the ply) and the view: a view that two
  different hidden deals give gets the same suggestion.
* :meth:`Coach.review`: for decisions already made (:class:`Decision`, e.g. a
  finished round's, rebuilt by :func:`round_decisions`), what the chosen action cost:
  ``loss = best mean - chosen mean``, graded by :func:`grade` with the thresholds
  :data:`INACCURACY`, :data:`MISTAKE`, :data:`BLUNDER`. Only decisions whose chosen
  action got at least :data:`MIN_ROLLOUTS` rollouts are judged. Also in slices
  (:class:`Review`).

Budgets are module constants the tests (and a slow machine) may lower:
:data:`SUGGEST_ITERATIONS`, :data:`REVIEW_ITERATIONS`, :data:`REVIEW_CAP`.

The only API of the search used here: ``ExpertBot(game, heuristics, seed,
iterations=N)``, ``bot.start(view, legal)``, ``search.step(...)``, ``search.done``,
``search.best()`` and ``search.stats()`` (``(action, rollouts, mean)``, possibly
fewer entries than legal actions, some with no rollout; a suggestion ranks them by
rollouts, then mean, :meth:`Thinking.choices`). Nothing here names a game.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from seasalt.bots.expert import ExpertBot
from seasalt.core.interface import Game
from seasalt.core.record import GameRecord

#: The game's action type.
A = TypeVar("A", bound=Hashable)

#: Grade thresholds, in lost chance to win (0..1): a decision whose chosen action's
#: estimated chance to win is this much below the best action's is graded so. Chess
#: sites grade moves the same way, by the win probability they give away (lichess:
#: an inaccuracy loses 5 points of winning chance, a mistake 10, a blunder 20), since a
#: loss in points or material means more when the game is close than when it is won
#: or lost already; a chance to win measures that directly. Below 5 points the
#: search's own noise at a few hundred rollouts is near, so nothing is said.
INACCURACY: float = 0.05
#: See :data:`INACCURACY`.
MISTAKE: float = 0.10
#: See :data:`INACCURACY`.
BLUNDER: float = 0.20
#: The grades, worst first, with their thresholds.
GRADES: tuple[tuple[str, float], ...] = (("blunder", BLUNDER), ("mistake", MISTAKE),
                                         ("inaccuracy", INACCURACY))
#: The marks of the grades, as chess annotates moves.
MARKS: dict[str, str] = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}

#: Rollouts of one suggestion (the Hard bot's budget, weighed by the decision as the
#: bot's are).
SUGGEST_ITERATIONS: int = 600
#: Rollouts of one reviewed decision, before the game weighs the decision (Sea Salt &
#: Paper: all of them for a decision to end the round, a third for a routine one).
REVIEW_ITERATIONS: int = 450
#: The most decisions a review looks at (:func:`pick_decisions`).
REVIEW_CAP: int = 12
#: The fewest rollouts the chosen action needs for its decision to be judged.
MIN_ROLLOUTS: int = 8
#: Choices a suggestion lists.
TOP: int = 3


def grade(loss: float) -> str | None:
    """The grade of a decision that lost ``loss`` chance to win (0..1):
    ``"blunder"`` from :data:`BLUNDER`, ``"mistake"`` from :data:`MISTAKE`,
    ``"inaccuracy"`` from :data:`INACCURACY`, else ``None``."""
    for name, threshold in GRADES:
        if loss >= threshold:
            return name
    return None


def sub_seed(seed: int, key: Hashable) -> int:
    """The seed of the search for ``key`` (e.g. a ply) in a coach seeded ``seed``."""
    return random.Random(f"{seed}:{key}").getrandbits(32)


@dataclass(frozen=True, slots=True)
class Choice(Generic[A]):
    """One action as the search sees it.

    Attributes:
        action: the action.
        chance: the estimated chance (0..1) for the seat to win after it.
        rollouts: how many rollouts the estimate rests on.
    """

    action: A
    chance: float
    rollouts: int


def ranked(stats: Iterable[tuple[A, int, float]]) -> list[Choice[A]]:
    """The search's ``stats()`` as choices, best chance first (ties: the search's
    order), leaving out actions with no rollout."""
    rows = [Choice(a, float(m), int(n)) for a, n, m in stats if n > 0]
    return sorted(rows, key=lambda c: -c.chance)


class Thinking(Generic[A]):
    """One suggestion in progress (built by :meth:`Coach.suggest`).

    Attributes:
        legal: the decision's legal actions.
    """

    def __init__(self, search: Any, legal: Sequence[A]) -> None:
        self._search = search
        self.legal = list(legal)

    @property
    def done(self) -> bool:
        """Whether the budget is spent."""
        return bool(self._search.done)

    def step(self, max_seconds: float | None = None, max_iterations: int | None = None) -> None:
        """Think for about ``max_seconds`` (or ``max_iterations`` rollouts; both
        ``None``: to the end). Every call makes progress until done."""
        search = self._search
        if search.done:
            return
        if not search.step(max_iterations=max_iterations, max_seconds=max_seconds):
            search.step(max_iterations=1)

    def choices(self, top: int | None = TOP) -> list[Choice[A]]:
        """The ``top`` best actions so far (``None``: all tried), :meth:`best` first,
        then by rollouts, then by chance, both descending: the search halves its
        candidates, so an action dropped early rests on fewer rollouts and a noisier
        mean, and is never ranked above one that stayed longer (the search's own
        choice is among those with the most rollouts; a suggestion's search keeps
        :data:`TOP` actions to the end, so its top rows compare on the same samples and
        their chances descend once it is done). Fewer when fewer were tried;
        with a single legal action: that action, with no estimate (chance 0, no
        rollout)."""
        rows = ranked(self._search.stats())
        if not rows and len(self.legal) == 1:
            return [Choice(self.legal[0], 0.0, 0)]
        best = self.best()
        rows.sort(key=lambda c: (c.action != best, -c.rollouts, -c.chance))
        return rows if top is None else rows[:top]

    def best(self) -> A:
        """The search's own choice (the Hard bot's move)."""
        best: A = self._search.best()
        return best


@dataclass(frozen=True, slots=True)
class Decision(Generic[A]):
    """A decision already made, as its seat saw it.

    Attributes:
        ply: the 0-based index of its action in the game's record.
        seat: the seat that decided.
        view: that seat's view before the action (no log).
        legal: the legal actions then (more than one).
        chosen: the action played.
    """

    ply: int
    seat: int
    view: Any
    legal: tuple[A, ...]
    chosen: A


@dataclass(frozen=True, slots=True)
class Mark(Generic[A]):
    """A reviewed decision that lost enough chance to win to be graded.

    Attributes:
        ply, seat: as in :class:`Decision`.
        grade: ``inaccuracy``, ``mistake`` or ``blunder`` (:func:`grade`).
        chosen: the action played; best: the search's best action.
        loss: best chance minus chosen chance (0..1).
    """

    ply: int
    seat: int
    grade: str
    chosen: A
    best: A
    loss: float

    def note(self, code: Any) -> dict[str, Any]:
        """The mark as a record note (:attr:`GameRecord.notes`): ``{"ply", "seat",
        "kind": "review", "grade", "chosen", "best", "loss"}``, actions written by
        ``code`` (e.g. ``game.action_to_str``), ``loss`` rounded to 4 places."""
        return {"ply": self.ply, "seat": self.seat, "kind": "review", "grade": self.grade,
                "chosen": code(self.chosen), "best": code(self.best),
                "loss": round(float(self.loss), 4)}


def judge(decision: Decision[A], stats: Iterable[tuple[A, int, float]],
          min_rollouts: int = MIN_ROLLOUTS) -> tuple[bool, Mark[A] | None]:
    """Judge one decision from its search's ``stats()``.

    Returns:
        ``(judged, mark)``: ``judged`` is false when the chosen action has fewer
        than ``min_rollouts`` rollouts (or none listed); ``mark`` is the graded
        mark, or ``None`` when the loss is below :data:`INACCURACY`.
    """
    rows = ranked(stats)
    chosen = next((c for c in rows if c.action == decision.chosen), None)
    if chosen is None or chosen.rollouts < min_rollouts or not rows:
        return False, None
    best = rows[0]
    loss = max(0.0, best.chance - chosen.chance)
    g = grade(loss)
    if g is None:
        return True, None
    return True, Mark(decision.ply, decision.seat, g, decision.chosen, best.action, loss)


class Review(Generic[A]):
    """A review of decisions in progress (built by :meth:`Coach.review`).

    Attributes:
        decisions: the decisions reviewed, in order.
        marks: the graded decisions found so far, in ply order.
        judged: how many decisions were judged (enough rollouts on the chosen action).
    """

    def __init__(self, coach: Coach[A], decisions: Sequence[Decision[A]]) -> None:
        self._coach = coach
        self.decisions = list(decisions)
        self.marks: list[Mark[A]] = []
        self.judged = 0
        self._next = 0
        self._search: Any = None

    @property
    def done(self) -> bool:
        """Whether every decision has been judged."""
        return self._next >= len(self.decisions)

    def step(self, max_seconds: float | None = None) -> None:
        """Work for about ``max_seconds`` (``None``: to the end); every call makes
        progress until done."""
        import time

        start = time.perf_counter()
        while not self.done:
            d = self.decisions[self._next]
            if self._search is None:
                self._search = self._coach.search(d.view, d.legal, d.ply,
                                                  self._coach.review_iterations,
                                                  protect=d.chosen)
            left = None if max_seconds is None else max_seconds - (time.perf_counter() - start)
            if left is not None and left <= 0:
                return
            search = self._search
            if not search.done and not search.step(max_seconds=left):
                search.step(max_iterations=1)
            if not search.done:
                return
            judged, mark = judge(d, search.stats())
            self.judged += judged
            if mark is not None:
                self.marks.append(mark)
            self._next += 1
            self._search = None


class Coach(Generic[A]):
    """Advice for one game from the Hard bot's search (see the module docstring).

    Args:
        game: the game (through the generic interface).
        seed: the coach's seed; every search is seeded from it and a key.
        heuristics: the game's heuristics (default: the registry's for the game).
        suggest_iterations, review_iterations: rollouts per suggestion and per
            reviewed decision (default :data:`SUGGEST_ITERATIONS`,
            :data:`REVIEW_ITERATIONS`, read when the coach is built).

    Raises:
        ValueError: a budget below 1; a game without heuristics.
    """

    def __init__(self, game: Game[Any, Any, A], seed: int, *, heuristics: Any = None,
                 suggest_iterations: int | None = None,
                 review_iterations: int | None = None) -> None:
        if heuristics is None:
            from seasalt.core.registry import load_heuristics

            heuristics = load_heuristics(game.info.name)
        self.game = game
        self.heuristics = heuristics
        self.seed = seed
        self.suggest_iterations = suggest_iterations or SUGGEST_ITERATIONS
        self.review_iterations = review_iterations or REVIEW_ITERATIONS
        if self.suggest_iterations < 1 or self.review_iterations < 1:
            raise ValueError("the coach's budgets must be at least one rollout")

    def search(self, view: Any, legal: Sequence[A], key: Hashable, iterations: int,
               protect: A | None = None, keep: int = 2) -> Any:
        """A fresh search of ``view`` seeded from the coach's seed and ``key``;
        ``protect``: an action the search keeps to the end (a reviewed decision's
        chosen action, so that its chance is measured as well as the best's);
        ``keep``: how many actions successive halving keeps at least."""
        bot = ExpertBot(self.game, self.heuristics, sub_seed(self.seed, key),
                        iterations=iterations)
        return bot.start(view, list(legal), protect=protect, keep=keep)

    def suggest(self, view: Any, legal: Sequence[A], key: Hashable = 0) -> Thinking[A]:
        """Begin a suggestion for the seat whose ``view`` this is, among ``legal``.

        Args:
            view: the seat's view (never a state); legal: its legal actions.
            key: mixed into the seed (e.g. the ply), so the same key and view give
                the same suggestion.

        Raises:
            ValueError: ``legal`` is empty.
        """
        return Thinking(self.search(view, legal, key, self.suggest_iterations, keep=TOP),
                        legal)

    def review(self, decisions: Sequence[Decision[A]]) -> Review[A]:
        """Begin reviewing ``decisions`` (each searched with the key of its ply)."""
        return Review(self, decisions)


def round_decisions(game: Game[Any, Any, A], heuristics: Any, record: GameRecord,
                    seats: Iterable[int], end: int | None = None) -> list[Decision[A]]:
    """The decisions of ``seats`` in the stretch of play that ended at ply ``end``
    (default: the record's end): the plies before ``end`` whose state had the same
    heuristic horizon (``heuristics.horizon``: for a game played in rounds, the
    round) as the state before the last of them. Only decisions with more than one
    legal action; each with the seat's view of that moment (rebuilt by replaying
    the record; the state stays here).

    Raises:
        InvalidRecordError: the record does not replay.
    """
    from seasalt.core.errors import InvalidRecordError, SeasaltError

    wanted = set(seats)
    actions = record.actions if end is None else record.actions[:end]
    if not actions:
        return []
    try:
        state = game.new_game(record.players, record.seed, record.options)
    except ValueError as e:
        raise InvalidRecordError(f"bad record header: {e}") from None
    found: list[tuple[Hashable, Decision[A]]] = []
    for ply, text in enumerate(actions):
        try:
            action = game.parse_action(text)
        except (ValueError, SeasaltError) as e:
            raise InvalidRecordError(f"action {ply} ({text!r}) cannot be read: {e}",
                                     index=ply) from None
        seat = game.current_player(state)
        if seat in wanted:
            legal = game.legal_actions(state)
            if len(legal) > 1:
                found.append((heuristics.horizon(state), Decision(
                    ply, seat, game.view(state, seat, log=False), tuple(legal), action)))
        last = heuristics.horizon(state)
        try:
            state = game.apply(state, action)
        except (ValueError, SeasaltError) as e:
            raise InvalidRecordError(f"action {ply} ({text!r}) is refused: {e}",
                                     index=ply) from None
    return [d for h, d in found if h == last]


def pick_decisions(decisions: Sequence[Decision[A]], cap: int | None = None
                   ) -> list[Decision[A]]:
    """At most ``cap`` (default :data:`REVIEW_CAP`) of ``decisions``, spread evenly
    over them, the last one always in, in order."""
    cap = REVIEW_CAP if cap is None else cap
    n = len(decisions)
    if n <= cap:
        return list(decisions)
    if cap <= 0:
        return []
    if cap == 1:
        return [decisions[-1]]
    idx = sorted({round(i * (n - 1) / (cap - 1)) for i in range(cap)})
    return [decisions[i] for i in idx]
