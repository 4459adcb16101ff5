"""Typed reading of plain data (decoded JSON), with errors that name the field.

A game rebuilds its views from plain data (``Game.view_from_dict``) through
:class:`Fields`: each method reads one field of a JSON object as the type the view
holds (an int, a tuple of ints, a nested tuple, a JSON object copied as it is...) and
raises the reader's error, naming the field by its path (``view.piles[1].size``) and
saying what was expected, on anything else. Nothing here knows a game.

::

    f = Fields(data, "view")
    seat = f.opt_integer("seat", low=0)          # int or None
    hand = f.integers("hand")                    # tuple[int, ...]
    piles = [p.integer("size") for p in f.objects("piles")]
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from seasalt.core.errors import InvalidViewError


class Fields:
    """Typed access to the fields of one JSON object.

    Args:
        data: the object (a ``Mapping`` with ``str`` keys, e.g. from ``json.loads``).
        path: how messages name it (``"view"``, ``"view.piles[0]"``).
        error: the exception type raised (default :class:`InvalidViewError`); it is
            called with the message only.

    Raises:
        error: ``data`` is not a mapping.
    """

    def __init__(self, data: object, path: str = "view",
                 error: type[Exception] = InvalidViewError) -> None:
        self.path = path
        self.error = error
        if not isinstance(data, Mapping):
            raise error(f"{path} must be a JSON object, not {_kind(data)}")
        self.data: Mapping[str, Any] = data

    def _fail(self, key: str, expected: str, value: object) -> Exception:
        return self.error(f"{self.path}.{key} must be {expected}, not {_show(value)}")

    def value(self, key: str) -> Any:
        """The field ``key`` as it is. Raises the error when it is missing."""
        if key not in self.data:
            raise self.error(f"{self.path} lacks the field {key!r}")
        return self.data[key]

    def integer(self, key: str, *, low: int | None = None, high: int | None = None) -> int:
        """An int (not a bool), within ``low..high`` when given."""
        value = self.value(key)
        if not _is_int(value) or (low is not None and value < low) or (
                high is not None and value > high):
            raise self._fail(key, _int_range(low, high), value)
        return int(value)

    def opt_integer(self, key: str, *, low: int | None = None,
                    high: int | None = None) -> int | None:
        """An int as :meth:`integer`, or ``None`` (JSON ``null``)."""
        if self.value(key) is None:
            return None
        return self.integer(key, low=low, high=high)

    def flag(self, key: str) -> bool:
        """A bool (JSON ``true`` or ``false``)."""
        value = self.value(key)
        if not isinstance(value, bool):
            raise self._fail(key, "true or false", value)
        return value

    def text(self, key: str, choices: Collection[str] | None = None) -> str:
        """A string, one of ``choices`` when given."""
        value = self.value(key)
        if not isinstance(value, str) or (choices is not None and value not in choices):
            expected = "a string" if choices is None else "one of " + ", ".join(
                repr(c) for c in sorted(choices))
            raise self._fail(key, expected, value)
        return value

    def opt_text(self, key: str, choices: Collection[str] | None = None) -> str | None:
        """A string as :meth:`text`, or ``None``."""
        if self.value(key) is None:
            return None
        return self.text(key, choices)

    def integers(self, key: str, *, length: int | None = None) -> tuple[int, ...]:
        """A list of ints, as a tuple (of ``length`` items when given)."""
        return tuple(self._items(key, _is_int, "a list of whole numbers", length))

    def flags(self, key: str, *, length: int | None = None) -> tuple[bool, ...]:
        """A list of bools, as a tuple."""
        return tuple(self._items(key, _is_bool, "a list of true or false", length))

    def texts(self, key: str, choices: Collection[str] | None = None) -> tuple[str, ...]:
        """A list of strings (each one of ``choices`` when given), as a tuple."""
        items = tuple(self._items(key, _is_str, "a list of strings", None))
        if choices is not None and any(x not in choices for x in items):
            raise self._fail(key, "a list of " + ", ".join(repr(c) for c in sorted(choices)),
                             items)
        return items

    def integer_rows(self, key: str, *, length: int | None = None
                     ) -> tuple[tuple[int, ...], ...]:
        """A list of lists of ints, as nested tuples."""
        rows = self._items(key, _is_list, "a list of lists", length)
        if not all(_is_int(x) for row in rows for x in row):
            raise self._fail(key, "a list of lists of whole numbers", rows)
        return tuple(tuple(row) for row in rows)

    def text_rows(self, key: str, *, length: int | None = None) -> tuple[tuple[str, ...], ...]:
        """A list of lists of strings, as nested tuples."""
        rows = self._items(key, _is_list, "a list of lists", length)
        if not all(isinstance(x, str) for row in rows for x in row):
            raise self._fail(key, "a list of lists of strings", rows)
        return tuple(tuple(row) for row in rows)

    def integer_groups(self, key: str, *, length: int | None = None
                       ) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """A list of lists of lists of ints (e.g. per seat, groups of cards), as
        nested tuples."""
        rows = self._items(key, _is_list, "a list of lists", length)
        if not all(_is_list(g) and all(_is_int(x) for x in g) for row in rows for g in row):
            raise self._fail(key, "a list of lists of lists of whole numbers", rows)
        return tuple(tuple(tuple(g) for g in row) for row in rows)

    def plain(self, key: str) -> dict[str, Any]:
        """A JSON object, copied (objects as dicts, arrays as lists)."""
        value = self.value(key)
        if not isinstance(value, Mapping):
            raise self._fail(key, "a JSON object", value)
        return dict(_copy(value, f"{self.path}.{key}", self.error))

    def opt_plain(self, key: str) -> dict[str, Any] | None:
        """A JSON object as :meth:`plain`, or ``None``."""
        if self.value(key) is None:
            return None
        return self.plain(key)

    def plains(self, key: str) -> tuple[dict[str, Any], ...]:
        """A list of JSON objects, each copied, as a tuple."""
        items = self._items(key, lambda x: isinstance(x, Mapping), "a list of JSON objects",
                            None)
        return tuple(dict(_copy(x, f"{self.path}.{key}[{i}]", self.error))
                     for i, x in enumerate(items))

    def object(self, key: str) -> Fields:
        """A JSON object, to read its own fields."""
        return Fields(self.value(key), f"{self.path}.{key}", self.error)

    def opt_object(self, key: str) -> Fields | None:
        """A JSON object as :meth:`object`, or ``None``."""
        if self.value(key) is None:
            return None
        return self.object(key)

    def objects(self, key: str, *, length: int | None = None) -> list[Fields]:
        """A list of JSON objects, to read each one's fields."""
        items = self._items(key, lambda x: True, "a list", length)
        return [Fields(x, f"{self.path}.{key}[{i}]", self.error) for i, x in enumerate(items)]

    def _items(self, key: str, ok: Any, expected: str, length: int | None) -> list[Any]:
        value = self.value(key)
        if not isinstance(value, list | tuple) or not all(ok(x) for x in value):
            raise self._fail(key, expected, value)
        if length is not None and len(value) != length:
            raise self._fail(key, f"{expected} of {length} items", value)
        return list(value)


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _is_bool(x: object) -> bool:
    return isinstance(x, bool)


def _is_str(x: object) -> bool:
    return isinstance(x, str)


def _is_list(x: object) -> bool:
    return isinstance(x, list | tuple)


def _int_range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"a whole number from {low} to {high}"
    if low is not None:
        return f"a whole number of at least {low}"
    if high is not None:
        return f"a whole number of at most {high}"
    return "a whole number"


def _kind(value: object) -> str:
    return {dict: "an object", list: "a list", tuple: "a list", str: "a string",
            bool: "a boolean", int: "a number", float: "a number",
            type(None): "null"}.get(type(value), type(value).__name__)


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _copy(value: Any, path: str, error: type[Exception]) -> Any:
    """A copy of plain data: objects as dicts (string keys), arrays as lists, and
    strings, numbers, booleans and null as they are; anything else raises ``error``."""
    if isinstance(value, Mapping):
        if not all(isinstance(k, str) for k in value):
            raise error(f"{path} must have string keys")
        return {k: _copy(v, path, error) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_copy(v, path, error) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    raise error(f"{path} holds {type(value).__name__}, not plain JSON data")
