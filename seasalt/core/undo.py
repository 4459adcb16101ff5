"""What a table keeps to take decisions back (issue 12): who was to move before each
ply, and the states before the actions of the current seat's run.

The policy (:meth:`History.target`): a seat may take back its last decision while it
is still that seat's turn, that decision was its own and it revealed nothing
(``Game.reveals``: no draw, look, steal, shuffle or new deal). Repeated, undo walks back
the seat's own run of decisions in its turn, never over a revealing action nor another
seat's (a bot's or another person's: in a hot-seat game nothing from before the device
was passed). The table (:class:`seasalt.core.table.Table`) applies it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic

from seasalt.core.interface import Game, S


class History(Generic[S]):
    """Who moved at each ply, and the states kept for going back without a replay.

    Args:
        movers: the seat to move before each action of the record, in order.

    Attributes:
        movers: as given, then kept up to date by the table (:meth:`moved`,
            :meth:`cut`).
        before: the states before the actions of the current seat's run, by ply
            (filled by :meth:`remember`; empty after an action changed the state in
            place).
    """

    def __init__(self, movers: list[int]) -> None:
        self.movers = movers
        self.before: dict[int, S] = {}
        self._memo: tuple[int, int, int | None] | None = None

    def last_move(self, seat: int) -> int | None:
        """The last ply at which ``seat`` was to move, or ``None`` when it has not
        moved yet."""
        for p in range(len(self.movers) - 1, -1, -1):
            if self.movers[p] == seat:
                return p
        return None

    def remember(self, seat: int, state: S) -> None:
        """Keep ``state``, the state before ``seat``'s action at the next ply, while
        that seat's run goes on (a run of another seat's is forgotten)."""
        ply = len(self.movers)
        if ply > 0 and self.movers[ply - 1] != seat:
            self.before.clear()
        self.before[ply] = state

    def moved(self, seat: int, *, in_place: bool = False) -> None:
        """Note that ``seat`` acted (``in_place``: the state was changed in place, so no
        state before is kept)."""
        if in_place:
            self.before.clear()
        self.movers.append(seat)

    def cut(self, ply: int) -> None:
        """Forget the plies from ``ply`` on (after going back)."""
        del self.movers[ply:]
        self.before = {p: s for p, s in self.before.items() if p < ply}
        self._memo = None

    def target(self, game: Game[S, Any, Any], actions: Sequence[str], seat: int,
               current: int, state_at: Callable[[int], S]) -> int | None:
        """The ply an undo by ``seat`` goes back to: the last ply when ``seat`` is to
        move now (``current``), the last action was its own and revealed nothing;
        else ``None``. Remembered until the table moves.

        Args:
            game: the game; actions: the record's action codes so far.
            seat: the seat asking; current: the seat to move now.
            state_at: the state after the first ``n`` actions (a replay), when no
                state before the last action is kept.
        """
        ply = len(actions)
        memo = self._memo
        if memo is not None and memo[0] == ply and memo[1] == seat:
            return memo[2]
        target: int | None = None
        if ply > 0 and current == seat and self.movers[ply - 1] == seat:
            before = self.before.get(ply - 1)
            if before is None:
                before = state_at(ply - 1)
            if not game.reveals(before, game.parse_action(actions[ply - 1])):
                target = ply - 1
        self._memo = (ply, seat, target)
        return target
