"""A table's save form: its seat kinds and its game record, as JSON-ready data::

    {"format": "seasalt-table", "version": 1, "kinds": ["human", "hard"],
     "record": {...}}

``record`` is the game record (:meth:`seasalt.core.record.GameRecord.to_dict`), kept
out of sight (:func:`seasalt.core.sealed.seal`) while one player must not read another's
hand off the save. The bots and the ``auto`` rule are code, not saved: whoever loads a
table hands them again (:meth:`seasalt.core.table.Table.load`).

:class:`Stored` is the table's part that saves and loads it (the table driver,
:class:`seasalt.core.table.Table`, inherits it): :meth:`Stored.save`, :meth:`Stored.load`
in one go, or :meth:`Stored.loading` in slices (a long record replayed while a page
goes on drawing).
"""

from __future__ import annotations

import math
from collections.abc import Generator, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from seasalt.core import safejson
from seasalt.core.errors import InvalidRecordError
from seasalt.core.interface import Game
from seasalt.core.record import SLICE_SECONDS, GameRecord

if TYPE_CHECKING:
    from collections.abc import Iterator

    from seasalt.core.seats import Bots

#: ``Table.save()``'s format tag.
SAVE_FORMAT: str = "seasalt-table"
#: ``Table.save()``'s format version.
SAVE_VERSION: int = 1


def save_dict(record: GameRecord, kinds: Sequence[str], *, seal: bool) -> dict[str, Any]:
    """A table's save (see the module docstring).

    Args:
        record: the table's game record; kinds: its seat kinds.
        seal: keep the record out of sight (:func:`seasalt.core.sealed.seal`: the seed
            and the actions are not readable text).
    """
    data: dict[str, Any] = record.to_dict()
    if seal:
        from seasalt.core import sealed

        data = sealed.seal(data)
    return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "kinds": list(kinds),
            "record": data}


def read_save(data: Any, game: Game[Any, Any, Any] | None = None,
              ) -> tuple[Game[Any, Any, Any], GameRecord, list[str]]:
    """The game, the game record and the seat kinds of a save made by :func:`save_dict`
    (the kinds are strings, one per seat; whether they are good kinds is the table's
    check).

    Args:
        data: the saved dict.
        game: the game object; ``None``: the registry's, by the record's name.

    Raises:
        InvalidRecordError: not a saved table, another version, a record that is
            malformed or sealed and does not open
            (:func:`~seasalt.core.replay.read_record`), not one string per seat, or
            an unknown game; never another error.
    """
    if not isinstance(data, Mapping) or data.get("format") != SAVE_FORMAT:
        raise InvalidRecordError("not a saved seasalt table")
    if data.get("version") != SAVE_VERSION:
        raise InvalidRecordError(f"unsupported saved table version "
                                 f"{safejson.shown(data.get('version'))}")
    from seasalt.core.replay import read_record

    record = read_record(data.get("record"))
    kinds = data.get("kinds")
    if (not isinstance(kinds, list) or len(kinds) != record.players
            or not all(isinstance(k, str) for k in kinds)):
        raise InvalidRecordError("the saved table has bad seat kinds")
    if game is None:
        from seasalt.core.registry import load_game

        try:
            game = load_game(record.game)
        except ValueError as e:
            raise InvalidRecordError(str(e)) from None
    return game, record, list(kinds)


class Stored:
    """The table driver's saving and loading (:class:`seasalt.core.table.Table` inherits
    it; its constructor replays a record in one go, :meth:`loading` in slices)."""

    if TYPE_CHECKING:  # the table's, used here
        record: GameRecord
        kinds: list[str]

        def __init__(self, game: Game[Any, Any, Any], record: GameRecord,
                     kinds: Sequence[str], *, bots: Bots | None = None,
                     auto: bool = False) -> None: ...

        @property
        def over(self) -> bool: ...

        def humans(self) -> list[int]: ...

        def replaying(self, actions: Sequence[str], *, seconds: float = SLICE_SECONDS
                      ) -> Iterator[int]: ...

    def save(self, *, seal: bool | None = None) -> dict[str, Any]:
        """The game as a JSON-ready dict: ``{"format": "seasalt-table", "version":
        1, "kinds": [...], "record": {...}}`` (see :meth:`load`, :func:`save_dict`).

        Args:
            seal: keep the record out of sight (:func:`seasalt.core.sealed.seal`: the
                seed and the actions are not readable text); ``None`` (the default):
                when the game is not over and more than one seat is a person's (one
                player must not read another's hand off the save), as
                :meth:`secret` says.
        """
        return save_dict(self.record, self.kinds,
                         seal=self.secret() if seal is None else seal)

    def secret(self) -> bool:
        """Whether the record must be kept out of sight at rest: the game is not over
        and more than one seat is a person's (hot seat)."""
        return not self.over and len(self.humans()) > 1

    @classmethod
    def load(cls, data: Any, *, game: Game[Any, Any, Any] | None = None,
             bots: Bots | None = None, auto: bool = False) -> Any:
        """Restore a table saved by :meth:`save`, its record replayed in one go (as
        :meth:`loading` does, in one slice).

        Args:
            data: the saved dict.
            game: the game object (default: the registry's, by the record's name).
            bots, auto: as for the table (not saved: they are code).

        Returns:
            The table (of the class this is called on).

        Raises:
            InvalidRecordError: not a saved table, another version, a record that is
                malformed or sealed and does not open (:func:`read_save`), bad seat
                kinds (a bot spec out of bounds; a bot with no bots handed), unknown
                game, or a record that does not replay (``index`` names the action);
                never another error.
        """
        steps = cls.loading(data, game=game, bots=bots, auto=auto, seconds=math.inf)
        while True:
            try:
                next(steps)
            except StopIteration as end:
                return end.value

    @classmethod
    def loading(cls, data: Any, *, game: Game[Any, Any, Any] | None = None,
                bots: Bots | None = None, auto: bool = False,
                seconds: float = SLICE_SECONDS) -> Generator[int, None, Any]:
        """:meth:`load` in slices: the save and the record's header and seats checked
        first, then its actions replayed about ``seconds`` at a time
        (:meth:`seasalt.core.table.Table.replaying`). The same table and the same
        errors as :meth:`load`, whatever the slicing.

        Yields:
            How many actions are replayed so far, between two slices.

        Returns:
            The table (``StopIteration.value``; ``table = yield from T.loading(d)``).

        Raises:
            InvalidRecordError: as :meth:`load`; a refused action from the slice that
                holds it.
        """
        game, record, kinds = read_save(data, game)
        table = cls._built(game, replace(record, actions=[]), kinds, bots, auto)
        yield from table.replaying(record.actions, seconds=seconds)
        return table

    @classmethod
    def _built(cls, game: Game[Any, Any, Any], record: GameRecord, kinds: list[str],
               bots: Bots | None, auto: bool) -> Any:
        """The table of a save read, or the project's error."""
        try:
            return cls(game, record, kinds, bots=bots, auto=auto)
        except InvalidRecordError:
            raise
        except ValueError as e:
            raise InvalidRecordError(f"the saved table is refused: {e}") from None
