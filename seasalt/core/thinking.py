"""A bot's decision at a table, in slices: the bot asked, its incremental search
stepped a slice at a time (so a page stays responsive), the time it took, and the
decision once played (:class:`Decision`).

A bot with ``start(view, legal)`` (an incremental search, :class:`Search`) is stepped
in slices by :meth:`Thinking.step`; slicing never changes its choice. Any other bot
answers ``act(view, legal)`` at once. The table (:mod:`seasalt.core.table`) keeps one
:class:`Thinking` while a bot decides.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol

from seasalt.core.interface import A, Bot, Game


class Search(Protocol):
    """An incremental decision, as a searching bot's ``start(view, legal)`` returns it
    (the expert's): stepped until ``done``, then ``best()`` is its choice."""

    @property
    def done(self) -> bool:
        """Whether the search has spent its budget."""
        ...

    def step(self, max_iterations: int | None = None,
             max_seconds: float | None = None) -> int:
        """Search for at most that many iterations or seconds; the iterations done."""
        ...

    def best(self) -> Any:
        """The best action found so far (legal at any time)."""
        ...


@dataclass(frozen=True, slots=True)
class Decision(Generic[A]):
    """The last action a bot (or the ``auto`` rule) played through the table.

    Attributes:
        seat: the seat that acted.
        ply: the ply the action was played at.
        action: the action played.
        seconds: wall-clock time of the decision (seconds): getting the bot,
            building its view and its thinking, summed over slices; 0 when
            not asked.
        asked: False when ``auto`` played the only legal action without asking.
    """

    seat: int
    ply: int
    action: A
    seconds: float
    asked: bool


class Thinking(Generic[A]):
    """One bot decision in progress: the bot is asked at once (``act``, or ``start``
    for a searching bot, whose search :meth:`step` then works on).

    Args:
        seat, ply: the decision's seat and ply.
        bot: gets the bot to ask; view: gets the seat's view (without the log); both
            timed with the decision.
        legal: the seat's legal actions.

    Attributes:
        seconds: the time spent deciding so far, in seconds (getting the bot and the
            view included).
    """

    def __init__(self, seat: int, ply: int, bot: Callable[[], Bot[Any, A]],
                 view: Callable[[], object], legal: list[A]) -> None:
        t0 = time.perf_counter()
        self.seat = seat
        self.ply = ply
        self.legal = legal
        self.seconds = 0.0
        self.search: Search | None = None
        self.action: A | None = None
        self._decide(bot(), view())
        self.seconds += time.perf_counter() - t0

    def _decide(self, bot: Bot[Any, A], view: object) -> None:
        start = getattr(bot, "start", None)
        if start is not None:
            self.search = start(view, self.legal)
        else:
            self.action = bot.act(view, self.legal)

    def step(self, max_seconds: float | None) -> A | None:
        """Work for up to ``max_seconds`` (``None``: to the end); the action once
        decided, else None."""
        if self.search is None:
            return self.action
        t0 = time.perf_counter()
        if not self.search.done and not self.search.step(max_seconds=max_seconds):
            self.search.step(max_iterations=1)  # every slice makes progress
        self.seconds += time.perf_counter() - t0
        if not self.search.done:
            return None
        best: A = self.search.best()
        return best


def searches(bot: object) -> bool:
    """Whether ``bot`` decides by an incremental search (it has ``start``), so that its
    decision is worth stepping in slices or thinking elsewhere."""
    return getattr(bot, "start", None) is not None


def request(game: Game[Any, Any, A], spec: str, seed: int, seat: int, ply: int,
            view: object, legal: list[A]) -> dict[str, Any]:
    """A bot's decision as plain data, for thinking it elsewhere (a web worker):
    ``{"game": its name, "spec", "seed", "seat", "ply", "view": the seat's view
    (``Game.view_to_dict``), "legal": the legal actions' codes, in order}``,
    JSON-ready; whoever builds the bot of ``spec`` seeded by ``seed`` decides as the
    table's bot would (:meth:`seasalt.core.table.Table.think_request`)."""
    return {"game": game.info.name, "spec": spec, "seed": seed, "seat": seat, "ply": ply,
            "view": game.view_to_dict(view), "legal": [game.action_to_str(a) for a in legal]}
