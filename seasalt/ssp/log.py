"""The game's event log: how the engine writes it and how a seat reads it (docs/rules.md R5).

Each event is a dict ``{"ply", "round", "type", "seat", ...public fields}``; the
fields only some seats may read sit under ``"private": {"<seat>": {...}}``.
:func:`log_event` appends one (nothing when the state keeps no log, as in
search); :func:`events_for` gives one seat its redacted copy; :func:`redacted` the same,
reusing the copy it made last time for that seat when the log only grew since (a view
of a long game costs the new events, not the whole log again).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol


class _Logged(Protocol):
    """What :func:`log_event` needs of a state."""

    log: list[dict[str, Any]] | None
    ply: int
    round: int


def log_event(s: _Logged, kind: str, seat: int,
              private: Mapping[int, Mapping[str, Any]] | None = None, **public: Any) -> None:
    """Append an event to ``s.log`` (no-op when ``s.log`` is ``None``).

    Args:
        s: the state (its ``ply`` and ``round`` stamp the event).
        kind: the event's ``type`` (``"take"``, ``"duo"``, ...).
        seat: the seat it concerns (-1: nobody in particular).
        private: per seat, fields only that seat may read (R5).
        **public: fields everyone may read.
    """
    if s.log is None:
        return
    e: dict[str, Any] = {"ply": s.ply, "round": s.round, "type": kind, "seat": seat, **public}
    if private:
        e["private"] = {str(k): dict(v) for k, v in private.items()}
    s.log.append(e)


def events_for(log: Sequence[Mapping[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """The log as ``seat`` may read it: public fields plus its private fields (R5).

    Args:
        log: a state's event log.
        seat: a seat, or ``None`` for the public log only.

    Returns:
        New dicts without the ``private`` key; private fields for ``seat`` merged in.
    """
    out: list[dict[str, Any]] = []
    key = None if seat is None else str(seat)
    for e in log:
        d = dict(e)
        priv = d.pop("private", None)
        if priv is not None and key is not None and key in priv:
            d.update(priv[key])
        out.append(d)
    return out


#: The last copy :func:`redacted` made for each seat (``None``: the public one): the log's
#: first and last events it copied (held, so their identity stays theirs) and the copies.
_Copy = tuple[Mapping[str, Any], Mapping[str, Any], tuple[dict[str, Any], ...]]
_LAST: dict[int | None, _Copy] = {}


def redacted(log: Sequence[Mapping[str, Any]], seat: int | None
             ) -> tuple[dict[str, Any], ...]:
    """:func:`events_for` as a tuple, the events' copies shared with the last call for
    ``seat`` when ``log`` begins with the very events that call copied (a log is only
    appended to, and a state's copy holds the same event objects): then only the events
    after them are copied. The copies are read-only (nobody writes to an event).

    Args:
        log: a state's event log; seat: a seat, or ``None`` for the public log only.
    """
    last = _LAST.get(seat)
    done: tuple[dict[str, Any], ...] = ()
    if last is not None:
        first, end, copies = last
        n = len(copies)
        if n <= len(log) and log[0] is first and log[n - 1] is end:
            done = copies
    out = done + tuple(events_for(log[len(done):], seat))
    if log:
        _LAST[seat] = (log[0], log[-1], out)
    return out
