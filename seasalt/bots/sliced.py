"""A search that runs in slices under a budget of iterations or seconds.

:class:`SlicedSearch` holds the loop both searching bots share
(:class:`seasalt.bots.expert.Search`, :class:`seasalt.bots.ismcts.IsmctsSearch`):
``step`` runs units of work until the decision's budget is spent or the slice's own
limit is hit, so a page can think for a few milliseconds between browser tasks and
never change the result by how it slices. A subclass gives one unit of work
(:meth:`SlicedSearch._work`) and may hold the search open past its budget while a
unit in progress must finish first (:meth:`SlicedSearch._busy`).
"""

from __future__ import annotations

import time
from typing import Generic, TypeVar

#: The game's action type.
A = TypeVar("A")


class SlicedSearch(Generic[A]):
    """The budget and the slicing loop of one decision's search.

    Attributes:
        legal: the root's legal actions (a subclass sets it; one action: done at once).
        iterations: units of work run so far (a subclass's ``_work`` counts them).
        elapsed: seconds spent inside :meth:`step` so far.
        max_iterations: the iteration budget, or ``None`` (time only).
        time_limit: the time budget in seconds, or ``None`` (iterations only).
    """

    legal: list[A]

    def __init__(self, max_iterations: int | None, time_limit: float | None) -> None:
        self.max_iterations = max_iterations
        self.time_limit = time_limit
        self.iterations = 0
        self.elapsed = 0.0

    def _busy(self) -> bool:
        """Whether a unit of work in progress must be finished before the search may
        stop (default: never)."""
        return False

    def _work(self) -> None:
        """Run one unit of work (a rollout, an iteration); must advance ``iterations``."""
        raise NotImplementedError

    @property
    def done(self) -> bool:
        """Whether the budget is spent (always true with a single legal action)."""
        if len(self.legal) == 1:
            return True
        if self._busy():
            return False
        if self.max_iterations is not None and self.iterations >= self.max_iterations:
            return True
        return self.time_limit is not None and self.elapsed >= self.time_limit

    def step(self, max_iterations: int | None = None, max_seconds: float | None = None) -> int:
        """Run units of work until the budget is spent or this slice's limit is hit.

        Args:
            max_iterations: at most this many units in this call (``None``: no
                per-call count limit).
            max_seconds: stop this call after about this many seconds (checked
                between units; one takes from well under a millisecond to a few
                milliseconds on CPython).

        Returns:
            The number of units run by this call (0 once ``done``).
        """
        ran = 0
        start = time.perf_counter()
        before = self.elapsed
        while not self.done:
            if max_iterations is not None and ran >= max_iterations:
                break
            if max_seconds is not None and time.perf_counter() - start >= max_seconds:
                break
            self._work()
            ran += 1
            self.elapsed = before + time.perf_counter() - start
        return ran
