"""How a game of Sea Salt & Paper ends (docs/rules.md R10).

The game's own end reasons: :class:`seasalt.core.interface.Outcome` carries one
as its ``termination`` (a :class:`~enum.StrEnum` is a ``str``, so generic code and
the JSON form see ``"target"`` or ``"four-mermaids"``). R10.2's target check and
tie-break are pure functions of the totals (:func:`target_reached`,
:func:`target_winners`, :func:`tie_break_step`): the game's round end and the score
calculator (:mod:`seasalt.calc`) both ask them.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum


class Termination(StrEnum):
    """Why the game ended."""

    TARGET = "target"
    """R10.2: after a round is scored, a total reached the target."""
    FOUR_MERMAIDS = "four-mermaids"
    """R10.1: a player held all 4 Mermaids (3 with Dance of the Mermaids, B.3.7)."""


def target_reached(totals: Sequence[int], target: int) -> bool:
    """R10.2: whether the game ends after a scored round: a total reaches the target.

    Args:
        totals: each seat's game total, in points, seat order.
        target: the game's target (R2, R11's double target), in points.
    """
    return bool(totals) and max(totals) >= target


def target_winners(totals: Sequence[int], ender: int,
                   round_scores: Sequence[int]) -> tuple[int, ...]:
    """R10.2: the winners once the target is reached: the highest total; a tie goes to
    the tied player who ended the last round, else to the tied player(s) who scored
    most in the last round (several: a shared victory).

    Args:
        totals: each seat's game total, seat order.
        ender: the seat that ended the last round (its STOP or LAST CHANCE caller).
        round_scores: each seat's score in the last round, seat order.

    Returns:
        The winning seats, in seat order (one, or several for a shared victory).

    Raises:
        ValueError: no seat, or ``totals`` and ``round_scores`` of different lengths.
    """
    if not totals or len(totals) != len(round_scores):
        raise ValueError("one total and one last-round score per seat are needed")
    best = max(totals)
    tied = [o for o in range(len(totals)) if totals[o] == best]
    if len(tied) == 1:
        return (tied[0],)
    if ender in tied:
        return (ender,)
    top = max(round_scores[o] for o in tied)
    return tuple(o for o in tied if round_scores[o] == top)


def tie_break_step(totals: Sequence[int], ender: int,
                   winners: Sequence[int]) -> str | None:
    """Which step of R10.2's tie-break decided: ``None`` (one highest total),
    ``ender`` (the tied player who ended the last round), ``last-round`` (the tied
    player who scored most in the last round) or ``shared``.

    Args:
        totals: each seat's game total, seat order.
        ender: the seat that ended the last round.
        winners: :func:`target_winners`' answer.
    """
    best = max(totals)
    if sum(1 for x in totals if x == best) == 1:
        return None
    if len(winners) > 1:
        return "shared"
    return "ender" if winners[0] == ender else "last-round"
