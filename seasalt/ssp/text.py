"""Old home of the game's words: a thin re-export of :mod:`seasalt.ssp.present`.

Kept so existing imports work while code moves to the presenter; new code imports
from :mod:`seasalt.ssp.present`, and :func:`events_for` (a seat's redacted log) from
:mod:`seasalt.ssp.log`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from seasalt.ssp.actions import Action
from seasalt.ssp.log import events_for
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
