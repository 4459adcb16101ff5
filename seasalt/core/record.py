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
JSON fields its writer chose (e.g. a coach's review of a person's decisions).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from seasalt.core import safejson
from seasalt.core.errors import IllegalActionError, InvalidRecordError, SeasaltError
from seasalt.core.interface import Game
from seasalt.core.registry import load_game

#: The work a slice of :func:`replay_slices` does before it yields, in seconds: short
#: enough for a page to draw a frame between two (a frame gap well under 200 ms).
SLICE_SECONDS: float = 0.05

FORMAT = "seasalt-record"
VERSION = 1

#: The most actions a record may hold (a long game has a few thousand; a game whose
#: rounds end only when a player chooses to end them has no bound, so this is
#: generous: such a record of 60,000 actions still loads in a fraction of a second).
MAX_ACTIONS: int = 100_000
#: The longest action code accepted (every game's codes are far shorter).
MAX_ACTION_CHARS: int = 64
#: The most notes a record may hold.
MAX_NOTES: int = 100_000
#: The most seats a record may name (each game accepts its own count within it).
MAX_PLAYERS: int = 16
#: The longest seat name (what the page's name field takes).
MAX_NAME_CHARS: int = 24
#: Seeds are whole numbers below 2**64 either sign (a person types or links at most 18
#: digits; the page draws them below a billion, the arena below 2**63).
MAX_SEED: int = 2**64 - 1
#: The most options, the longest option name and text value.
MAX_OPTIONS: int = 16
MAX_OPTION_CHARS: int = 64
#: The longest JSON text :meth:`GameRecord.loads` reads, and its deepest nesting.
MAX_TEXT_CHARS: int = 4_000_000
MAX_DEPTH: int = 24


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
        """Read a record dict, every field checked (see :meth:`replay` for legality).
        Notes whose ply names no action (a record cut short after its notes were
        written) are dropped.

        Checked: ``format`` and ``version``; ``game`` a short string; ``seed`` a whole
        number within :data:`MAX_SEED` either way; ``players`` 1 to
        :data:`MAX_PLAYERS`; ``seats`` at most :data:`MAX_PLAYERS` strings, each at most
        :data:`MAX_NAME_CHARS` long; ``options`` at most :data:`MAX_OPTIONS` names
        with ``true``, ``false``, a whole number, a short string or ``null``;
        ``actions`` at most :data:`MAX_ACTIONS` strings of at most
        :data:`MAX_ACTION_CHARS`; ``notes`` at most :data:`MAX_NOTES` objects, each
        with a whole ``ply`` and plain JSON values.

        Raises:
            InvalidRecordError: not a record, or a field missing, of the wrong type or
                out of range (the message names it); never another error.
        """
        if not isinstance(d, Mapping) or d.get("format") != FORMAT:
            raise InvalidRecordError("not a seasalt game record")
        if d.get("version") != VERSION:
            raise InvalidRecordError(
                f"unsupported record version {safejson.shown(d.get('version'))}")
        for key in ("game", "seed", "players", "actions"):
            if key not in d:
                raise InvalidRecordError(f"record lacks the field {key!r}")
        game, seed, players = d["game"], d["seed"], d["players"]
        seats, options, actions = d.get("seats", []), d.get("options", {}), d["actions"]
        if not isinstance(game, str) or not 0 < len(game) <= MAX_OPTION_CHARS:
            raise InvalidRecordError("record fields have the wrong types: game must be a "
                                     "game's name")
        if not _is_int(seed) or abs(seed) > MAX_SEED:
            raise InvalidRecordError("record fields have the wrong types: the seed must be a "
                                     "whole number below 2**64, not "
                                     f"{safejson.shown(seed)}")
        if not _is_int(players) or not 1 <= players <= MAX_PLAYERS:
            raise InvalidRecordError(f"record fields have the wrong types: players must be a "
                                     f"whole number from 1 to {MAX_PLAYERS}, not "
                                     f"{safejson.shown(players)}")
        if (not isinstance(seats, list) or len(seats) > MAX_PLAYERS
                or not all(isinstance(x, str) for x in seats)):
            raise InvalidRecordError("record fields have the wrong types: seats must be a "
                                     f"list of at most {MAX_PLAYERS} names")
        if any(len(x) > MAX_NAME_CHARS for x in seats):
            raise InvalidRecordError(f"a seat's name is longer than {MAX_NAME_CHARS} "
                                     f"characters")
        _check_options(options)
        if not isinstance(actions, list) or not all(isinstance(x, str) for x in actions):
            raise InvalidRecordError("record fields have the wrong types: actions must be "
                                     "a list of strings")
        if len(actions) > MAX_ACTIONS:
            raise InvalidRecordError(f"the record is too long ({len(actions):,} actions; at "
                                     f"most {MAX_ACTIONS:,})")
        if any(len(x) > MAX_ACTION_CHARS for x in actions):
            raise InvalidRecordError(f"an action is longer than {MAX_ACTION_CHARS} "
                                     f"characters")
        notes = d.get("notes", [])
        if not (isinstance(notes, list) and len(notes) <= MAX_NOTES and all(
                isinstance(n, Mapping) and _is_int(n.get("ply")) for n in notes)):
            raise InvalidRecordError("record notes must each name the ply of an action")
        kept = [n for n in notes if 0 <= n["ply"] < len(actions)]
        if not all(_plain(n, MAX_DEPTH) for n in kept):
            raise InvalidRecordError("record notes must hold plain JSON data")
        return cls(game, seed, players, list(seats), dict(options), list(actions),
                   [dict(n) for n in kept])

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        """Parse a JSON record, within limits (:mod:`seasalt.core.safejson`: at most
        :data:`MAX_TEXT_CHARS` characters, :data:`MAX_DEPTH` levels of nesting).

        Raises:
            InvalidRecordError: not text, too long or too deep, not JSON, or not a
                record (:meth:`from_dict`); never another error.
        """
        data = safejson.loads(text, max_chars=MAX_TEXT_CHARS, max_depth=MAX_DEPTH,
                              error=InvalidRecordError, what="the record")
        return cls.from_dict(data)

    def replay(self, upto: int | None = None, *,
               game: Game[Any, Any, Any] | None = None) -> Any:
        """Rebuild the state after the first ``upto`` actions (all by default), in one
        pass: each action is checked against the legal ones and applied in place
        (:func:`replay_actions`), so the time grows with the record's length, not its
        square.

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
        if game is None:
            try:
                game = load_game(self.game)
            except ValueError as e:
                raise InvalidRecordError(f"bad record header: {e}") from None
        state = new_state(game, self)
        actions = self.actions if upto is None else self.actions[:upto]
        replay_actions(game, state, actions)
        return state


def new_state(game: Game[Any, Any, Any], record: GameRecord) -> Any:
    """The state a record starts from (``game.new_game`` with its header).

    Raises:
        InvalidRecordError: the game refuses the header (``index`` None).
    """
    try:
        return game.new_game(record.players, record.seed, record.options)
    except (ValueError, TypeError) as e:
        raise InvalidRecordError(f"bad record header: {e}") from None


def apply_checked(game: Game[Any, Any, Any], state: Any, action: Any) -> None:
    """Apply ``action`` to ``state`` in place, checked as ``game.apply`` checks it: it
    must be among ``game.legal_actions(state)``. Nothing is copied (``game.apply``
    copies the state, its whole event log included, at every action).

    A game may offer ``is_legal(state, action) -> bool``, the same answer as that
    membership found faster (a game's own check of one action, without listing them
    all); it is used when there.

    Raises:
        IllegalActionError: the action is not legal (the game's own message, naming
            the rule); ``state`` is unchanged.
    """
    is_legal = getattr(game, "is_legal", None)
    legal = (is_legal(state, action) if is_legal is not None
             else action in game.legal_actions(state))
    if not legal:
        game.apply(state, action)  # raises the game's own error, which names the rule
        raise IllegalActionError(f"{game.action_to_str(action)!r} is not a legal action now",
                                 action=action)
    game.apply_in_place(state, action)


def replay_actions(game: Game[Any, Any, Any], state: Any, actions: Sequence[str], *,
                   first: int = 0, movers: list[int] | None = None) -> None:
    """Apply the action codes ``actions`` to ``state`` in place, each checked
    (:func:`apply_checked`): one pass, linear in their number.

    Args:
        game: the game; state: its state (changed in place).
        actions: action codes; first: the index of ``actions[0]`` in its record (for
            messages and ``index``).
        movers: when given, the seat to move before each action is appended to it (on
            a refusal, it keeps those of the actions before the refused one).

    Raises:
        InvalidRecordError: an action that cannot be parsed or is refused (``index``:
            its position counted from ``first``; the message names it and the rule).
            ``state`` then holds the actions before it.
    """
    current = game.current_player
    parsed: dict[str, Any] = {}  # each distinct code parsed once (codes repeat a lot)
    base = len(movers) - first if movers is not None else 0  # movers' index of action 0
    for i, text in enumerate(actions, first):
        try:
            if movers is not None:
                movers.append(current(state))
            action = parsed.get(text)
            if action is None:
                action = parsed[text] = game.parse_action(text)
            apply_checked(game, state, action)
        except (ValueError, SeasaltError) as e:
            if movers is not None:
                del movers[base + i:]
            raise InvalidRecordError(f"action {i} ({safejson.shown(text)}) is refused: {e}",
                                     index=i) from None


def replay_slices(game: Game[Any, Any, Any], state: Any, actions: Sequence[str], *,
                  first: int = 0, movers: list[int] | None = None,
                  seconds: float = SLICE_SECONDS,
                  clock: Callable[[], float] = time.perf_counter) -> Iterator[int]:
    """:func:`replay_actions` in slices: the same actions applied to ``state`` in place,
    each checked, the same errors, but yielding after about ``seconds`` of work, so that
    a page can draw and answer between two slices (``for done in replay_slices(...):
    await a frame``). The end state does not depend on the slicing.

    Args:
        game, state, actions, first, movers: as for :func:`replay_actions`.
        seconds: the work between two yields (at least one action a slice).
        clock: the clock that measures it (seconds).

    Yields:
        How many of ``actions`` are applied so far, after each slice but the last
        (nothing for a replay that fits in one slice).

    Raises:
        InvalidRecordError: as :func:`replay_actions` (``index`` counted from
            ``first``), from the slice that holds the refused action.
    """
    done, size, total = 0, 32, len(actions)
    began = clock()
    while done < total:
        start = clock()
        chunk = actions[done:done + size]
        replay_actions(game, state, chunk, first=first + done, movers=movers)
        done += len(chunk)
        now = clock()
        if now - start < seconds / 8:  # a quick chunk: look at the clock less often
            size = min(size * 2, 1024)
        if done < total and now - began >= seconds:
            yield done
            began = clock()


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_options(options: object) -> None:
    if not isinstance(options, Mapping) or len(options) > MAX_OPTIONS:
        raise InvalidRecordError("record fields have the wrong types: options must be an "
                                 f"object of at most {MAX_OPTIONS} entries")
    for key, value in options.items():
        if not isinstance(key, str) or not 0 < len(key) <= MAX_OPTION_CHARS:
            raise InvalidRecordError("record options must have short names")
        ok = (value is None or isinstance(value, bool)
              or (_is_int(value) and abs(value) <= MAX_SEED)
              or (isinstance(value, str) and len(value) <= MAX_OPTION_CHARS))
        if not ok:
            raise InvalidRecordError(f"record option {safejson.shown(key)} has a value of "
                                     f"the wrong type: {safejson.shown(value)}")


def _plain(value: object, depth: int) -> bool:
    """Whether ``value`` is plain JSON data nested at most ``depth`` levels (no
    recursion deeper than that)."""
    if value is None or isinstance(value, str | bool):
        return True
    if isinstance(value, int):
        return abs(value) <= 10**30
    if isinstance(value, float):
        return value == value and value not in (float("inf"), float("-inf"))
    if depth <= 0:
        return False
    if isinstance(value, Mapping):
        return all(isinstance(k, str) and _plain(v, depth - 1) for k, v in value.items())
    if isinstance(value, list | tuple):
        return all(_plain(v, depth - 1) for v in value)
    return False


def record_of(game_name: str, seed: int, players: int, actions: Sequence[str],
              options: Mapping[str, Any] | None = None,
              seats: Sequence[str] = ()) -> GameRecord:
    """Convenience constructor for a :class:`GameRecord`."""
    return GameRecord(game_name, seed, players, list(seats), dict(options or {}), list(actions))
