"""The exception hierarchy shared by every game.

``SeasaltError`` is the root. Parsing failures raise :class:`InvalidActionError`;
well-formed actions that the rules forbid raise :class:`IllegalActionError`, whose
``reason`` says why and whose message names the rule. Both are ``ValueError``
subclasses, so callers may catch either the precise type or ``ValueError``.
"""

from __future__ import annotations

from enum import StrEnum


class SeasaltError(Exception):
    """Root of every error this package raises on purpose."""


class Reason(StrEnum):
    """Why an action was refused (see :class:`IllegalActionError`)."""

    NOT_YOUR_TURN = "not-your-turn"
    GAME_OVER = "game-over"
    NOT_AVAILABLE = "not-available"
    STALE = "stale"


class InvalidActionError(SeasaltError, ValueError):
    """An action string that cannot be parsed at all (e.g. ``"fly:9"``)."""


class IllegalActionError(SeasaltError, ValueError):
    """A well-formed action that the rules do not allow in this state.

    Attributes:
        reason: a :class:`Reason`.
        action: the refused action (object or text), for messages.
    """

    def __init__(self, message: str, *, reason: Reason = Reason.NOT_AVAILABLE,
                 action: object = None):
        super().__init__(message)
        self.reason = reason
        self.action = action


class InvalidRecordError(SeasaltError, ValueError):
    """A game record or saved state that cannot be loaded.

    Attributes:
        index: the 0-based index of the first bad action, or ``None`` when the
            record is malformed before any action (bad JSON, unknown game, ...).
    """

    def __init__(self, message: str, *, index: int | None = None):
        super().__init__(message)
        self.index = index


class InvalidCardError(SeasaltError, ValueError):
    """A card notation that names no card, or more copies than the deck holds."""


class InvalidViewError(SeasaltError, ValueError):
    """A seat's view in plain data (``Game.view_from_dict``) that cannot be read back:
    not a JSON object, a field missing, a value of the wrong type or not among those
    the game allows; the message names the field (``view.piles[1].size``)."""
