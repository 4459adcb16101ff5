"""Stepping through a recorded game: the state after every action, built once.

A :class:`Replay` reads a :class:`~seasalt.core.record.GameRecord` and applies its
actions one after the other, a single pass of ``game.apply``, keeping the state
after each: ply ``p`` (``0 <= p <= plies``) is the state after the first ``p``
actions, so stepping back and forth, or jumping anywhere, costs no replay.

What a screen may show of a ply: :meth:`Replay.view`, the game's view for one
seat (``None``: a spectator), exactly what that seat saw then. Once the record's
game is over, and only then, :meth:`Replay.seat_views` gives every seat's own view
of a ply, from which a front end may show all hands (each seat's hand from its
own view). The states themselves (:meth:`Replay.state`) are for tests and tools:
no player, bot or coach is given one.

Nothing here knows the rules of a particular game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from seasalt.core.errors import InvalidActionError, InvalidRecordError, SeasaltError
from seasalt.core.interface import TERMINAL, Game
from seasalt.core.record import FORMAT, VERSION, GameRecord
from seasalt.core.registry import load_game


class ReplayError(SeasaltError, ValueError):
    """A question the replay cannot answer: a ply out of range, or every seat's view
    asked of a game that is not over."""


def read_record(data: Any) -> GameRecord:
    """A :class:`GameRecord` from a record dict, or from a save that holds one under
    ``"record"`` (a front end's save, e.g. ``{"format": "seasalt-save", "record":
    {...}}``).

    Raises:
        InvalidRecordError: not a record (nor a save holding one), a record of another
            version (the message names it and the version read), or bad fields.
    """
    if (isinstance(data, Mapping) and data.get("format") != FORMAT
            and isinstance(data.get("record"), Mapping)):
        data = data["record"]
    if (isinstance(data, Mapping) and data.get("format") == FORMAT
            and data.get("version") != VERSION):
        raise InvalidRecordError(f"unsupported record version {data.get('version')!r} "
                                 f"(this build reads version {VERSION})")
    return GameRecord.from_dict(data)


class Replay:
    """Every state of a recorded game, by ply.

    Args:
        record: the game record.
        game: the game object (default: the registry's, by ``record.game``).

    Attributes:
        record: the record replayed.
        game: the game object.
        plies: the number of actions (the last ply).

    Raises:
        InvalidRecordError: an unknown game or a bad header (``index`` None), or an
            action that cannot be parsed or is refused (``index``: its 0-based
            position; the message names it, its code and the rule).
    """

    def __init__(self, record: GameRecord, game: Game[Any, Any, Any] | None = None):
        if game is None:
            try:
                game = load_game(record.game)
            except ValueError:
                raise InvalidRecordError(f"unknown game {record.game!r}") from None
        self.record = record
        self.game: Game[Any, Any, Any] = game
        try:
            state = game.new_game(record.players, record.seed, record.options)
        except ValueError as e:
            raise InvalidRecordError(f"bad record header: {e}") from None
        states = [state]
        actors = []
        for i, text in enumerate(record.actions):
            try:
                actors.append(game.current_player(state))
                state = game.apply(state, game.parse_action(text))
            except (InvalidActionError, SeasaltError) as e:
                raise InvalidRecordError(f"action {i} ({text!r}) is refused: {e}",
                                         index=i) from None
            states.append(state)
        self._states = states
        self._actors = actors
        self.plies = len(record.actions)

    def _check(self, ply: int) -> int:
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= self.plies:
            raise ReplayError(f"ply {ply!r} is out of range 0..{self.plies}")
        return ply

    @property
    def over(self) -> bool:
        """Whether the record's game is over (its last state is terminal)."""
        return self.game.current_player(self._states[-1]) == TERMINAL

    def state(self, ply: int) -> Any:
        """The full state after ``ply`` actions: for tests and tools only (a screen
        shows :meth:`view`; bots and the coach get views, never a state).

        Raises:
            ReplayError: ``ply`` not in ``0..plies``.
        """
        return self._states[self._check(ply)]

    def view(self, ply: int, seat: int | None, *, log: bool = True) -> Any:
        """What ``seat`` (``None``: a spectator) saw after ``ply`` actions, with its
        redacted event log unless ``log`` is false.

        Raises:
            ReplayError: ``ply`` not in ``0..plies``.
        """
        return self.game.view(self._states[self._check(ply)], seat, log=log)

    def seat_views(self, ply: int, *, log: bool = False) -> list[Any]:
        """Every seat's own view after ``ply`` actions, seat order: only for a record
        whose game is over (then nothing is hidden any more that matters to play).

        Raises:
            ReplayError: the game is not over, or ``ply`` not in ``0..plies``.
        """
        if not self.over:
            raise ReplayError("every seat's view is shown only once the game is over")
        state = self._states[self._check(ply)]
        return [self.game.view(state, s, log=log) for s in range(self.record.players)]

    def actor(self, index: int) -> int:
        """The seat that played action ``index`` (0-based; it leads to ply
        ``index + 1``).

        Raises:
            ReplayError: ``index`` not in ``0..plies-1``.
        """
        if isinstance(index, bool) or not isinstance(index, int) or not (
                0 <= index < self.plies):
            raise ReplayError(f"action {index!r} is out of range 0..{self.plies - 1}")
        return self._actors[index]

    def to_move(self, ply: int) -> int:
        """The seat to move after ``ply`` actions (``TERMINAL`` once over).

        Raises:
            ReplayError: ``ply`` not in ``0..plies``.
        """
        return self.game.current_player(self._states[self._check(ply)])
