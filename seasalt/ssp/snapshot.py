"""Whole-state snapshots as JSON-ready dicts (the engine's "FEN").

``from_dict(to_dict(s)) == s`` for every state, log and random generator
included. Used for saves and scenario tests; a game *record* (seed + actions,
:mod:`seasalt.core.record`) is the shorter, replayable form.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from seasalt.core.errors import InvalidRecordError
from seasalt.core.interface import Outcome
from seasalt.ssp.outcome import Termination
from seasalt.ssp.state import Call, Phase, State

#: Bumped when the snapshot layout changes.
SNAPSHOT_VERSION: int = 1

_PLAIN = ("n", "seed", "target", "rng", "ply", "round", "current", "crab_pile",
          "extra_turn", "starter", "caller", "ender")
_LISTS = ("scores", "draw", "drawn", "looked", "final_left", "revealed", "forced", "in_hands")
_NESTED = ("piles", "hands", "fronts", "cand")


def to_dict(s: State) -> dict[str, Any]:
    """A JSON-ready dict holding every field of ``s`` (see :class:`State`)."""
    d: dict[str, Any] = {"game": "sea-salt-and-paper", "version": SNAPSHOT_VERSION}
    for k in _PLAIN:
        d[k] = getattr(s, k)
    for k in _LISTS:
        d[k] = list(getattr(s, k))
    for k in _NESTED:
        d[k] = [list(x) for x in getattr(s, k)]
    d["options"] = dict(s.options)
    d["phase"] = int(s.phase)
    d["call"] = int(s.call)
    d["known"] = [[list(k) for k in row] for row in s.known]
    d["last_round"] = s.last_round
    d["result"] = s.result.to_dict() if s.result else None
    d["log"] = s.log
    if s.table_event >= 0 or s.events or s.event_discard:
        d["events"] = list(s.events)
        d["event_discard"] = list(s.event_discard)
        d["table_event"] = s.table_event
        d["held"] = [list(h) for h in s.held]
        d["pending_end"] = s.pending_end
        d["reef"] = list(s.reef)
        d["swap_target"] = s.swap_target
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
        for k in _PLAIN:
            v = d[k]
            setattr(s, k, bool(v) if k == "extra_turn" else int(v))
        for k in _LISTS:
            flags = k in ("revealed", "forced")
            v = [bool(x) for x in d[k]] if flags else [int(x) for x in d[k]]
            setattr(s, k, v)
        for k in _NESTED:
            setattr(s, k, [[int(x) for x in inner] for inner in d[k]])
        s.options = dict(d["options"])
        s.phase = Phase(int(d["phase"]))
        s.call = Call(int(d["call"]))
        s.known = [[[int(x) for x in k] for k in row] for row in d["known"]]
        s.last_round = d["last_round"]
        r = d["result"]
        s.result = None if r is None else Outcome(
            Termination(r["termination"]), tuple(r["winners"]), tuple(r["scores"]))
        s.log = None if d["log"] is None else list(d["log"])
        # Extra Pepper (absent from snapshots of games without it)
        s.events = [int(x) for x in d.get("events", [])]
        s.event_discard = [int(x) for x in d.get("event_discard", [])]
        s.table_event = int(d.get("table_event", -1))
        held = d.get("held")
        s.held = [[int(x) for x in h] for h in held] if held else [[] for _ in range(s.n)]
        s.pending_end = int(d.get("pending_end", -1))
        reef = d.get("reef")
        s.reef = [int(x) for x in reef] if reef else [-1] * s.n
        s.swap_target = int(d.get("swap_target", -1))
    except (KeyError, TypeError, ValueError) as e:
        raise InvalidRecordError(f"corrupt snapshot: {e}") from None
    return s
