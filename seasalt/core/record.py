"""Game records: a header (game, seed, seats, options) and the list of actions.

A record replays to exactly the same state, since every random draw comes
from the seeded generator kept in the state. ``dumps``/``loads`` use JSON::

    {"format": "seasalt-record", "version": 1, "game": "sea-salt-and-paper",
     "seed": 42, "players": 2, "seats": ["You", "Hard bot"],
     "options": {"double_target": false}, "actions": ["draw", "keep:12:1", ...],
     "notes": [{"ply": 17, "seat": 0, "grade": "mistake", "chosen": "stop",
                "best": "go-on", "loss": 0.12}]}

``notes`` is optional: remarks on single actions, each naming the 0-based
``ply`` (index into ``actions``) of the action it is about, with any other
JSON fields its writer chose (the coach's review: :mod:`seasalt.bots.coach`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from seasalt.core.errors import InvalidActionError, InvalidRecordError, SeasaltError
from seasalt.core.interface import Game
from seasalt.core.registry import load_game

FORMAT = "seasalt-record"
VERSION = 1


@dataclass
class GameRecord:
    """A replayable game.

    Attributes:
        game: registry name of the game.
        seed: the game's seed (int).
        players: number of seats.
        seats: display names, one per seat (may be empty strings).
        options: game options.
        actions: action strings, in order.
        notes: remarks on actions, each a dict with an int ``ply`` (index into
            ``actions``) and JSON fields of its writer's choice (see the module
            docstring); in ply order.
    """

    game: str
    seed: int
    players: int
    seats: list[str] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)
    notes: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict (see the module docstring)."""
        return {"format": FORMAT, "version": VERSION, "game": self.game, "seed": self.seed,
                "players": self.players, "seats": list(self.seats),
                "options": dict(self.options), "actions": list(self.actions),
                **({"notes": [dict(n) for n in self.notes]} if self.notes else {})}

    def dumps(self) -> str:
        """The record as a JSON string."""
        return json.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, d: Any) -> GameRecord:
        """Read a record dict (shape only; see :meth:`replay` for legality). Notes
        whose ply names no action (a record cut short after its notes were written)
        are dropped.

        Raises:
            InvalidRecordError: not a record, or a field of the wrong type (a note
                that is no dict or has no int ``ply``).
        """
        if not isinstance(d, Mapping) or d.get("format") != FORMAT:
            raise InvalidRecordError("not a seasalt game record")
        if d.get("version") != VERSION:
            raise InvalidRecordError(f"unsupported record version {d.get('version')!r}")
        try:
            seed, players = d["seed"], d["players"]
            seats, options, actions = d.get("seats", []), d.get("options", {}), d["actions"]
            game = d["game"]
        except KeyError as e:
            raise InvalidRecordError(f"record lacks the field {e.args[0]!r}") from None
        ok = (isinstance(seed, int) and not isinstance(seed, bool) and isinstance(players, int)
              and isinstance(game, str) and isinstance(options, Mapping)
              and isinstance(seats, list) and all(isinstance(x, str) for x in seats)
              and isinstance(actions, list) and all(isinstance(x, str) for x in actions))
        if not ok:
            raise InvalidRecordError("record fields have the wrong types")
        notes = d.get("notes", [])
        if not (isinstance(notes, list) and all(
                isinstance(n, Mapping) and isinstance(n.get("ply"), int)
                and not isinstance(n.get("ply"), bool) for n in notes)):
            raise InvalidRecordError("record notes must each name the ply of an action")
        return cls(game, seed, players, list(seats), dict(options), list(actions),
                   [dict(n) for n in notes if 0 <= n["ply"] < len(actions)])

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        """Parse a JSON record.

        Raises:
            InvalidRecordError: not JSON, or not a record.
        """
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as e:
            raise InvalidRecordError(f"not JSON: {e}") from None
        return cls.from_dict(data)

    def replay(self, upto: int | None = None, *,
               game: Game[Any, Any, Any] | None = None) -> Any:
        """Rebuild the state after the first ``upto`` actions (all by default).

        Args:
            upto: number of actions to replay (``None``: all).
            game: the game object (default: the registry's, by :attr:`game`).

        Returns:
            The game's state.

        Raises:
            InvalidRecordError: unknown game or bad header (``index`` None), or
                an action that cannot be parsed or is illegal (``index`` = its
                0-based position, and the message names it and the rule).
        """
        try:
            if game is None:
                game = load_game(self.game)
            state = game.new_game(self.players, self.seed, self.options)
        except ValueError as e:
            raise InvalidRecordError(f"bad record header: {e}") from None
        actions = self.actions if upto is None else self.actions[:upto]
        for i, text in enumerate(actions):
            try:
                state = game.apply(state, game.parse_action(text))
            except (InvalidActionError, SeasaltError) as e:
                raise InvalidRecordError(f"action {i} ({text!r}) is refused: {e}",
                                         index=i) from None
        return state


def record_of(game_name: str, seed: int, players: int, actions: Sequence[str],
              options: Mapping[str, Any] | None = None,
              seats: Sequence[str] = ()) -> GameRecord:
    """Convenience constructor for a :class:`GameRecord`."""
    return GameRecord(game_name, seed, players, list(seats), dict(options or {}), list(actions))
