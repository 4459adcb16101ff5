"""How a game of Sea Salt & Paper ends (RULES.md R10).

The game's own end reasons: :class:`seasalt.core.interface.Outcome` carries one
as its ``termination`` (a :class:`~enum.StrEnum` is a ``str``, so generic code and
the JSON form see ``"target"`` or ``"four-mermaids"``).
"""

from __future__ import annotations

from enum import StrEnum


class Termination(StrEnum):
    """Why the game ended."""

    TARGET = "target"
    """R10.2: after a round is scored, a total reached the target."""
    FOUR_MERMAIDS = "four-mermaids"
    """R10.1: a player held all 4 Mermaids (3 with Dance of the Mermaids, B.3.7)."""
