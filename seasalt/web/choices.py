"""Simultaneous choices on a table played on several devices: :class:`Choices`.

A simultaneous game (``GameInfo.dynamics`` is ``SIMULTANEOUS``: Fruits de mer, F4)
takes its choices one seat after the other in seat order, each hidden from the others
until the last one reveals them all. Around a table of phones every person picks as
soon as the round opens, in any order: a pick made before its seat's turn is *held*
(here, on the host's device only) and played for that seat as soon as its turn comes,
after the seats before it (a bot's too). Until then its owner may take it back (Undo).

The game offers three functions for this (see :class:`seasalt.fdm.game.FruitsDeMer`):
``seat_legal(state, seat)`` (what a seat may pick now, its turn or not),
``round_opened(state)`` (the ply at which this round's picks opened: a pick chosen from
a view of this round is still good) and ``choosing_at_once(view, held, legal)`` (a
seat's view with the held picks: which seats have picked, its own pick, never
another's).
"""

from __future__ import annotations

from typing import Any

from seasalt.core.errors import IllegalActionError, InvalidActionError, Reason
from seasalt.core.interface import Dynamics
from seasalt.core.seats import HUMAN

#: What a game must offer for its choices to be made at once.
NEEDS = ("seat_legal", "round_opened", "choosing_at_once")


def at_once(driver: Any) -> bool:
    """Whether ``driver``'s game (a :class:`seasalt.core.table.Table`) is played with
    every seat choosing at once (simultaneous, and it offers :data:`NEEDS`)."""
    game = driver.game
    return (game.info.dynamics == Dynamics.SIMULTANEOUS
            and all(hasattr(game, name) for name in NEEDS))


class Choices:
    """The picks held ahead of their turn on one table.

    Args:
        driver: the game's :class:`seasalt.core.table.Table` (a game for which
            :func:`at_once` holds).

    Attributes:
        held: seat -> the action code it picked ahead of its turn.
    """

    def __init__(self, driver: Any) -> None:
        self.driver = driver
        self.held: dict[int, str] = {}

    def legal(self, seat: int) -> list[str]:
        """The codes ``seat`` may pick now (none once picked, held or played, or when
        it holds nothing, or the game is over)."""
        d = self.driver
        if seat in self.held or d.over:
            return []
        return [d.game.action_to_str(a) for a in d.game.seat_legal(d.state, seat)]

    def opened(self) -> int:
        """The ply at which this round's picks opened (a view of this round or later
        is not stale)."""
        return int(self.driver.game.round_opened(self.driver.state))

    def choose(self, seat: int, ply: int, code: str) -> None:
        """``seat`` picks ``code`` from a view at ``ply``: played at once on its turn,
        else held until its turn (:meth:`settle`).

        Raises:
            IllegalActionError: the game is over (``GAME_OVER``); a view of an earlier
                round or of a ply to come (``STALE``); a bot's seat (``NOT_YOUR_TURN``);
                the seat picked already this round, or holds nothing (``STALE``: a
                duplicate); a card it does not hold (``NOT_AVAILABLE``). Nothing changes.
            InvalidActionError: ``code`` is not an action of the game.
        """
        d = self.driver
        if d.over:
            raise IllegalActionError("the game is over", reason=Reason.GAME_OVER, action=code)
        if not self.opened() <= ply <= d.ply:
            raise IllegalActionError(f"stale pick: the table moved on (ply {d.ply}, not {ply})",
                                     reason=Reason.STALE, action=code)
        if not 0 <= seat < d.players or d.kinds[seat] != HUMAN:
            raise IllegalActionError(f"seat {seat} is not a person's",
                                     reason=Reason.NOT_YOUR_TURN, action=code)
        d.game.parse_action(code)  # InvalidActionError
        legal = self.legal(seat)
        if not legal:
            raise IllegalActionError(f"seat {seat} has picked already this round",
                                     reason=Reason.STALE, action=code)
        if code not in legal:
            raise IllegalActionError(f"seat {seat} cannot pick {code}",
                                     reason=Reason.NOT_AVAILABLE, action=code)
        if seat == d.current:
            d.submit(seat, d.ply, code)
        else:
            self.held[seat] = code
        self.settle()

    def settle(self) -> int:
        """Play the held picks whose turn has come, in seat order (call after any
        move). Returns how many were played."""
        d, played = self.driver, 0
        while not d.over and d.current in self.held:
            seat = d.current
            code = self.held.pop(seat)
            try:
                d.submit(seat, d.ply, code)
            except (IllegalActionError, InvalidActionError):  # cannot happen: checked
                break
            played += 1
        return played

    def withdraw(self, seat: int) -> str:
        """Take back ``seat``'s held pick (Undo before its turn came).

        Returns:
            The code taken back.

        Raises:
            IllegalActionError: nothing of ``seat`` is held (``NOT_AVAILABLE``).
        """
        code = self.held.pop(seat, None)
        if code is None:
            raise IllegalActionError(f"seat {seat} holds no pick to take back",
                                     reason=Reason.NOT_AVAILABLE)
        return code

    def view(self, view: Any, seat: int | None) -> Any:
        """``seat``'s engine ``view`` with the held picks (who picked; its own pick;
        whether it may pick now). A spectator's view is returned unchanged."""
        if seat is None:
            return view
        return self.driver.game.choosing_at_once(view, dict(self.held), self.legal(seat))

    def mark(self) -> tuple[int, ...]:
        """The seats holding a pick: part of what identifies the table's position for
        the views sent to friends' devices."""
        return tuple(sorted(self.held))
