"""Old home of the game's words: a thin re-export of :mod:`seasalt.ssp.present`.

Kept so existing imports work while code moves to the presenter; new code imports
from :mod:`seasalt.ssp.present`. :func:`events_for` (a seat's redacted log) moves
into the engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from seasalt.ssp.actions import Action
from seasalt.ssp.present import action_label, card_name, event_title, log_line, seat_name

__all__ = ["card_name", "describe_action", "describe_event", "event_name", "events_for",
           "seat_name"]


def event_name(slug: str) -> str:
    """``Dance of the Shells`` for an Extra Pepper event slug."""
    return event_title(slug)


def describe_action(action: Action, names: Sequence[str] | None = None) -> str:
    """:func:`seasalt.ssp.present.action_label`."""
    return action_label(action, names)


def describe_event(e: Mapping[str, Any], names: Sequence[str] | None = None,
                   seat: int | None = None) -> str:
    """:func:`seasalt.ssp.present.log_line`."""
    return log_line(e, names, seat)


def events_for(log: Sequence[Mapping[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """The log as ``seat`` may read it: public fields plus its private fields.

    Args:
        log: :attr:`State.log`.
        seat: a seat, or ``None`` for the public log only.

    Returns:
        New dicts without the ``private`` key; private fields for ``seat`` merged in.
    """
    out: list[dict[str, Any]] = []
    key = None if seat is None else str(seat)
    for e in log:
        d = {k: v for k, v in e.items() if k != "private"}
        priv = e.get("private")
        if priv and key is not None and key in priv:
            d.update(priv[key])
        out.append(d)
    return out
