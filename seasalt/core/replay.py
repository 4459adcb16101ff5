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

from seasalt.core import sealed
from seasalt.core.errors import InvalidRecordError, SeasaltError
from seasalt.core.interface import TERMINAL, Game
from seasalt.core.record import (
    FORMAT,
    VERSION,
    GameRecord,
    apply_checked,
    new_state,
    replay_actions,
)
from seasalt.core.registry import load_game

#: A state is kept every this many plies at least; the others are computed from the
#: one before them when asked.
CHECKPOINT: int = 32
#: The most states kept (a long record keeps them further apart): each holds its own
#: copy of the event log, so this bounds the memory a replay takes.
MAX_CHECKPOINTS: int = 64


class ReplayError(SeasaltError, ValueError):
    """A question the replay cannot answer: a ply out of range, or every seat's view
    asked of a game that is not over."""


def read_record(data: Any) -> GameRecord:
    """A :class:`GameRecord` from a record dict, a sealed record
    (:mod:`seasalt.core.sealed`), or a save that holds either under ``"record"`` (a
    front end's save, e.g. ``{"format": "seasalt-save", "record": {...}}``).

    Raises:
        InvalidRecordError: not a record (nor a save holding one), a record of another
            version (the message names it and the version read), a sealed record that
            does not open, or bad fields; never another error.
    """
    if (isinstance(data, Mapping) and data.get("format") != FORMAT
            and isinstance(data.get("record"), Mapping)):
        data = data["record"]
    if sealed.is_sealed(data):
        data = sealed.unseal(data)
    if (isinstance(data, Mapping) and data.get("format") == FORMAT
            and data.get("version") != VERSION):
        raise InvalidRecordError(f"unsupported record version {data.get('version')!r:.40} "
                                 f"(this build reads version {VERSION})")
    return GameRecord.from_dict(data)


class Replay:
    """Every state of a recorded game, by ply.

    Built in one pass over the record, each action checked and applied in place
    (:func:`seasalt.core.record.replay_actions`), keeping a state every
    :data:`CHECKPOINT` plies (further apart in a long record: at most
    :data:`MAX_CHECKPOINTS` are kept); a ply between two is computed from the one before it
    (and the last one asked is kept, so stepping forward applies one action). Time and
    memory grow with the record's length, not its square.

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
                raise InvalidRecordError(f"unknown game {record.game!r:.40}") from None
        self.record = record
        self.game: Game[Any, Any, Any] = game
        self.plies = len(record.actions)
        self.every = every = max(CHECKPOINT, -(-self.plies // MAX_CHECKPOINTS))
        actors: list[int] = []
        checkpoints = []
        state = new_state(game, record)
        actions = record.actions
        for start in range(0, self.plies + 1, every):
            checkpoints.append(state)
            chunk = actions[start:start + every]
            if not chunk:
                break
            # the first action of a chunk through ``apply`` (a new state: the
            # checkpoint stays as it is), the others in place
            state = self._step(state, start, actors)
            replay_actions(game, state, chunk[1:], first=start + 1, movers=actors)
        self._checkpoints = checkpoints
        self._actors = actors
        self._last = state
        self._cache: tuple[int, Any] = (self.plies, state)

    def _step(self, state: Any, index: int, actors: list[int]) -> Any:
        """A new state: ``state`` (left as it is) after action ``index``, checked."""
        text = self.record.actions[index]
        game = self.game
        try:
            actors.append(game.current_player(state))
            return game.apply(state, game.parse_action(text))
        except (ValueError, SeasaltError) as e:
            del actors[index:]
            raise InvalidRecordError(f"action {index} ({text!r:.40}) is refused: {e}",
                                     index=index) from None

    def _check(self, ply: int) -> int:
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= self.plies:
            raise ReplayError(f"ply {ply!r:.40} is out of range 0..{self.plies}")
        return ply

    def _state(self, ply: int) -> Any:
        """The state after ``ply`` actions (checked), shared: never to be changed."""
        ply, every = self._check(ply), self.every
        if ply % every == 0:
            return self._checkpoints[ply // every]
        if ply == self.plies:
            return self._last
        cached, state = self._cache
        if not (ply // every == cached // every and cached % every and cached <= ply):
            base = ply - ply % every
            cached, state = base + 1, self._step(self._checkpoints[base // every], base, [])
        game = self.game
        for index in range(cached, ply):
            apply_checked(game, state, game.parse_action(self.record.actions[index]))
        self._cache = (ply, state)
        return state

    @property
    def over(self) -> bool:
        """Whether the record's game is over (its last state is terminal)."""
        return self.game.current_player(self._last) == TERMINAL

    def state(self, ply: int) -> Any:
        """The full state after ``ply`` actions: for tests and tools only (a screen
        shows :meth:`view`; bots and the coach get views, never a state). A state of
        its own: changing it changes nothing here.

        Raises:
            ReplayError: ``ply`` not in ``0..plies``.
        """
        if self._check(ply) == 0:
            return new_state(self.game, self.record)
        before = self._state(ply - 1)  # then one more ``apply``, which copies
        return self.game.apply(before, self.game.parse_action(self.record.actions[ply - 1]))

    def view(self, ply: int, seat: int | None, *, log: bool = True) -> Any:
        """What ``seat`` (``None``: a spectator) saw after ``ply`` actions, with its
        redacted event log unless ``log`` is false.

        Raises:
            ReplayError: ``ply`` not in ``0..plies``.
        """
        return self.game.view(self._state(ply), seat, log=log)

    def seat_views(self, ply: int, *, log: bool = False) -> list[Any]:
        """Every seat's own view after ``ply`` actions, seat order: only for a record
        whose game is over (then nothing is hidden any more that matters to play).

        Raises:
            ReplayError: the game is not over, or ``ply`` not in ``0..plies``.
        """
        if not self.over:
            raise ReplayError("every seat's view is shown only once the game is over")
        state = self._state(ply)
        return [self.game.view(state, s, log=log) for s in range(self.record.players)]

    def actor(self, index: int) -> int:
        """The seat that played action ``index`` (0-based; it leads to ply
        ``index + 1``).

        Raises:
            ReplayError: ``index`` not in ``0..plies-1``.
        """
        if isinstance(index, bool) or not isinstance(index, int) or not (
                0 <= index < self.plies):
            raise ReplayError(f"action {index!r:.40} is out of range 0..{self.plies - 1}")
        return self._actors[index]

    def to_move(self, ply: int) -> int:
        """The seat to move after ``ply`` actions (``TERMINAL`` once over).

        Raises:
            ReplayError: ``ply`` not in ``0..plies``.
        """
        return self.game.current_player(self._state(ply))
