"""A table's save form: its seat kinds and its game record, as JSON-ready data::

    {"format": "seasalt-table", "version": 1, "kinds": ["human", "hard"],
     "record": {...}}

``record`` is the game record (:meth:`seasalt.core.record.GameRecord.to_dict`), kept
out of sight (:func:`seasalt.core.sealed.seal`) while one player must not read another's
hand off the save. The bots and the ``auto`` rule are code, not saved: whoever loads a
table hands them again (:meth:`seasalt.core.table.Table.load`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from seasalt.core import safejson
from seasalt.core.errors import InvalidRecordError
from seasalt.core.interface import Game
from seasalt.core.record import GameRecord

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
