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

Bots pick as soon as the round opens too (:meth:`Choices.early_bot`): a bot seated after
a seat still to pick decides its pick at once and it is held like a person's. It decides
from exactly what it would see on its turn in seat order (:meth:`Choices.turn`): F4's
picks are secret and shown together, and the engine hides every commit of the round from
the other seats' views until the reveal, so a seat's view on its turn differs from its
view at the round's start only in which seats have committed (and the ply). That view is
built from the state with a placeholder commit for each seat before it (the held picks
are never read): its own seat's view, no other pick in it. Its bot is seeded for that
turn's ply (``decision_seed``), so the game is the same whether bots pick early or on
their turns.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from seasalt.core.errors import IllegalActionError, InvalidActionError, Reason
from seasalt.core.interface import Dynamics
from seasalt.core.seats import HUMAN, bot_spec, decision_seed
from seasalt.core.thinking import Decision, Thinking, request, searches

#: What a game must offer for its choices to be made at once.
NEEDS = ("seat_legal", "round_opened", "choosing_at_once")


def at_once(driver: Any) -> bool:
    """Whether ``driver``'s game (a :class:`seasalt.core.table.Table`) is played with
    every seat choosing at once (simultaneous, and it offers :data:`NEEDS`)."""
    game = driver.game
    return (game.info.dynamics == Dynamics.SIMULTANEOUS
            and all(hasattr(game, name) for name in NEEDS))


class Turn(NamedTuple):
    """A bot's decision on its turn in seat order, seen ahead of it
    (:meth:`Choices.turn`): its ``seat``, the ``ply`` of its turn, its ``view`` then
    (without the log) and its ``legal`` actions."""

    seat: int
    ply: int
    view: Any
    legal: list[Any]


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
        self._thinking: Thinking[Any] | None = None  # a bot's early pick, in slices

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

    # ------------------------------------------------------------ bots picking early

    def early_bot(self) -> int | None:
        """The first bot's seat (seat order) that may pick now, ahead of its turn: not
        the seat to move (that one plays on its turn, ``Table.bot_step``), no pick of
        its own held, cards to pick from; ``None`` when there is none or the game is
        over."""
        d = self.driver
        if d.over:
            return None
        current = d.current
        for seat in range(d.players):
            if (seat != current and d.kinds[seat] != HUMAN and seat not in self.held
                    and d.game.seat_legal(d.state, seat)):
                return seat
        return None

    def turn(self, seat: int) -> Turn | None:
        """``seat``'s decision on its turn in seat order, seen now: the state copied,
        each seat to move before it given a placeholder commit (the first of its legal
        actions: hidden from ``seat``'s view, F4, as the real ones will be; the held
        picks are not read), then ``seat``'s view without the log and its legal
        actions. ``None`` when ``seat`` has no pick to make this round (picked,
        held or played; no cards; the game over) or a commit before it would reveal the
        round (a game whose picks are not all hidden until the last)."""
        d = self.driver
        game = d.game
        if d.over or seat in self.held or not game.seat_legal(d.state, seat):
            return None
        state, ply = game.copy(d.state), d.ply
        while (mover := game.current_player(state)) != seat:
            if mover < 0:
                return None
            placeholder = game.legal_actions(state)[0]
            if game.reveals(state, placeholder):
                return None
            game.apply_in_place(state, placeholder)
            ply += 1
        return Turn(seat, ply, game.view(state, seat, log=False), game.legal_actions(state))

    def _early(self) -> Turn:
        """The early bot's :meth:`turn`.

        Raises:
            IllegalActionError: no bot may pick early now (``NOT_YOUR_TURN``).
        """
        seat = self.early_bot()
        turn = None if seat is None else self.turn(seat)
        if turn is None:
            raise IllegalActionError("no bot may pick ahead of its turn now",
                                     reason=Reason.NOT_YOUR_TURN)
        return turn

    def bot_step(self, max_seconds: float | None) -> bool:
        """Let the bot of :meth:`early_bot` think its pick for a slice (as
        ``seasalt.core.table.Table.bot_step`` does on its turn: the bot the table builds
        for that turn's seat and ply, the same view), and hold the pick once decided
        (:attr:`held`; the driver's ``last_decision`` says it, at its turn's ply).

        Returns:
            True once the pick is held, False while the bot is still thinking.

        Raises:
            IllegalActionError: no bot may pick early now (``NOT_YOUR_TURN``).
            RuntimeError: the bot chose an action that is not legal.
        """
        d, turn = self.driver, self._early()
        thinking = self._thinking
        if thinking is None or (thinking.seat, thinking.ply) != (turn.seat, turn.ply):
            thinking = self._thinking = Thinking(
                turn.seat, turn.ply, lambda: d.bots(turn.seat, turn.ply), lambda: turn.view,
                turn.legal)
        action = thinking.step(max_seconds)
        if action is None:
            return False
        if action not in thinking.legal:
            raise RuntimeError(f"the bot in seat {turn.seat} ({d.kinds[turn.seat]!r}) chose "
                               f"the illegal action {action!r}")
        self._hold(turn, action, thinking.seconds)
        return True

    def _hold(self, turn: Turn, action: Any, seconds: float) -> None:
        d = self.driver
        self.held[turn.seat] = d.game.action_to_str(action)
        self._thinking = None
        d.last_decision = Decision(turn.seat, turn.ply, action, seconds, True)

    def think_request(self) -> dict[str, Any] | None:
        """The early bot's pick as plain data for the web worker, as
        ``seasalt.core.table.Table.think_request`` gives a decision on its turn (the
        seed and ``ply`` of its turn, the view of :meth:`turn`); ``None`` when no bot
        may pick early, it has a single card kind, or its bot does not search. The
        table's bots must be built per decision by a maker (the page's are)."""
        seat = self.early_bot()
        turn = None if seat is None else self.turn(seat)
        if turn is None or len(turn.legal) < 2:
            return None
        d = self.driver
        if not searches(d.bots(turn.seat, turn.ply)):
            return None
        return request(d.game, bot_spec(d.kinds[turn.seat], d.bot_settings),
                       decision_seed(d.record.seed, turn.seat, turn.ply), turn.seat,
                       turn.ply, turn.view, turn.legal)

    def deciding(self, seat: int, ply: int) -> bool:
        """Whether ``seat``'s early pick for its turn at ``ply`` is still to make (a
        worker's answer to :meth:`think_request` may be held)."""
        turn = self.turn(seat) if self.early_bot() == seat else None
        return turn is not None and turn.ply == ply

    def play_thought(self, seat: int, ply: int, code: str, seconds: float = 0.0) -> bool:
        """Hold the worker's answer to :meth:`think_request` as ``seat``'s pick.

        Returns:
            True when held; False when ``seat`` is the seat to move (the answer is for
            the driver: its turn came meanwhile, the same decision).

        Raises:
            IllegalActionError: the pick is no longer to make (``STALE``) or the action
                is not legal (``NOT_AVAILABLE``); nothing changes.
            InvalidActionError: ``code`` is not an action of the game.
        """
        d = self.driver
        if seat == d.current:
            return False
        if not self.deciding(seat, ply):
            raise IllegalActionError(f"seat {seat}'s pick for ply {ply} is not to make now",
                                     reason=Reason.STALE, action=code)
        turn = self._early()
        action = d.game.parse_action(code)
        if action not in turn.legal:
            raise IllegalActionError(f"{code!r} is not a legal action now", action=code)
        self._hold(turn, action, float(seconds))
        return True
