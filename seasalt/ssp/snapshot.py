"""Whole-state snapshots as JSON-ready dicts (the engine's "FEN").

``from_dict(to_dict(s)) == s`` for every state, log and random generator
included. Used for saves and scenario tests; a game *record* (seed + actions,
:mod:`seasalt.core.record`) is the shorter, replayable form.

Both directions read the field table :data:`seasalt.ssp.gamestate.FIELDS`: one
key per field, lists as JSON arrays, enums as ints, the outcome as its dict; the
Extra Pepper group is written only for games that use it (and read back with
its defaults when absent), so older snapshots still load.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from seasalt.core.errors import InvalidRecordError
from seasalt.core.interface import Outcome
from seasalt.ssp.gamestate import FIELDS, Call, Field, Phase, Shape, State
from seasalt.ssp.outcome import Termination

#: Bumped when the snapshot layout changes.
SNAPSHOT_VERSION: int = 1


def _encode(f: Field, v: Any) -> Any:
    shape = f.shape
    if shape == Shape.VALUE:
        if f.item is Outcome:
            return v.to_dict() if v is not None else None
        if f.item is dict:
            return dict(v)
        if f.item is Phase or f.item is Call:
            return int(v)
        return v
    if shape == Shape.LIST:
        return list(v)
    if shape == Shape.PAIR or shape == Shape.NESTED:
        return [list(x) for x in v]
    if shape == Shape.KNOWN:
        return [[list(k) for k in row] for row in v]
    return v  # LOG: the list of dicts (or None) as it is


def _outcome(r: Any) -> Outcome | None:
    if r is None:
        return None
    return Outcome(Termination(r["termination"]), tuple(r["winners"]), tuple(r["scores"]))


def _decode(f: Field, v: Any) -> Any:
    shape, item = f.shape, f.item
    if shape == Shape.VALUE:
        if item is Outcome:
            return _outcome(v)
        if item is dict:
            return dict(v)
        if item is object:
            return v
        return item(int(v)) if item is not bool else bool(v)
    conv: Any = bool if item is bool else int
    if shape == Shape.LIST:
        return [conv(x) for x in v]
    if shape == Shape.PAIR or shape == Shape.NESTED:
        return [[conv(x) for x in inner] for inner in v]
    if shape == Shape.KNOWN:
        return [[[conv(x) for x in k] for k in row] for row in v]
    return None if v is None else list(v)  # LOG


def _uses_pepper(s: State) -> bool:
    return s.table_event >= 0 or bool(s.events) or bool(s.event_discard)


def to_dict(s: State) -> dict[str, Any]:
    """A JSON-ready dict holding every field of ``s`` (see :class:`State`)."""
    d: dict[str, Any] = {"game": "sea-salt-and-paper", "version": SNAPSHOT_VERSION}
    pepper = _uses_pepper(s)
    for f in FIELDS:
        if not f.pepper or pepper:
            d[f.name] = _encode(f, getattr(s, f.name))
    return d


def from_dict(d: Mapping[str, Any]) -> State:
    """Rebuild a :class:`State` from :func:`to_dict`'s output.

    Raises:
        InvalidRecordError: not a snapshot of this game, or a field is missing
            or of the wrong shape.
    """
    if not isinstance(d, Mapping) or d.get("game") != "sea-salt-and-paper":
        raise InvalidRecordError("not a Sea Salt & Paper snapshot")
    if d.get("version") != SNAPSHOT_VERSION:
        raise InvalidRecordError(f"unsupported snapshot version {d.get('version')!r}")
    try:
        s = State.__new__(State)
        n = int(d["n"])
        for f in FIELDS:
            if f.pepper and f.name not in d and f.default is not None:
                # Extra Pepper (absent from snapshots of games without it)
                setattr(s, f.name, f.default(n))
            else:
                setattr(s, f.name, _decode(f, d[f.name]))
    except (KeyError, TypeError, ValueError) as e:
        raise InvalidRecordError(f"corrupt snapshot: {e}") from None
    return s
