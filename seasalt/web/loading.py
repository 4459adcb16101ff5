"""A game being read in slices: :class:`Loading` (what
:meth:`seasalt.web.table.Table.loading` returns; the page draws between two slices)."""

from __future__ import annotations

from collections.abc import Generator, Iterator
from typing import Generic, TypeVar

#: What is read: the page's table (``seasalt.web.table.Table``).
T = TypeVar("T")


class Loading(Generic[T]):
    """A game being read in slices (:meth:`~seasalt.web.table.Table.loading`): an
    iterator of ``(done, total)`` actions replayed, then :attr:`table`.

    Raises:
        SaveError: while iterated, as :meth:`~seasalt.web.table.Table.load` (nothing else).
    """

    def __init__(self, steps: Generator[tuple[int, int], None, T]) -> None:
        self._steps = steps
        self._table: T | None = None

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return self

    def __next__(self) -> tuple[int, int]:
        try:
            return next(self._steps)
        except StopIteration as end:
            self._table = end.value
            raise

    @property
    def table(self) -> T:
        """The game read (once every slice is done).

        Raises:
            RuntimeError: the reading is not over.
        """
        if self._table is None:
            raise RuntimeError("the game is still being read")
        return self._table

    def close(self) -> None:
        """Stop reading (nothing is kept of it)."""
        self._steps.close()
