"""Whole-state snapshots as JSON-ready dicts (the engine's "FEN").

``from_dict(to_dict(s)) == s`` for every state, log and random generator
included. Used for saves and scenario tests; a game *record* (seed + actions,
:mod:`seasalt.core.record`) is the shorter, replayable form.

Both directions read the field table :data:`seasalt.ssp.gamestate.FIELDS`: one
key per field, lists as JSON arrays, enums as ints, the outcome as its dict; the
Extra Pepper group is written only for games that use it (and read back with
its defaults when absent), so older snapshots still load.

:func:`from_dict` checks the whole state before anyone plays on it
(:func:`check_state`): every field's type and range, every card of the game's deck
in exactly one place (draw pile, discard piles, hands, fronts, the two drawn cards,
a Lobster's look, a Coral Reef's shell), every event exactly once, the seats' lists
of the right length, and a phase consistent with the rest (two drawn cards to keep,
a Crab's pile to pick from, the cards a Lobster shows, an Angelfish's end, a Water
Rodeo's opponent, a result exactly when the game is over). Anything else raises
:class:`~seasalt.core.errors.InvalidRecordError`, and only that.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from seasalt.core.errors import InvalidRecordError
from seasalt.core.interface import Outcome
from seasalt.core.record import MAX_ACTIONS, MAX_DEPTH, MAX_SEED
from seasalt.ssp.actions import ActionKind
from seasalt.ssp.cards import KIND_OF, Kind, deck_for, events_for
from seasalt.ssp.gamestate import FIELDS, Call, Field, Phase, Shape, State
from seasalt.ssp.outcome import Termination
from seasalt.ssp.setup import TARGETS

#: Bumped when the snapshot layout changes.
SNAPSHOT_VERSION: int = 1


def _encode(f: Field, v: Any) -> Any:
    shape = f.shape
    if shape == Shape.VALUE:
        if f.item is Outcome:
            return v.to_dict() if v is not None else None
        if f.item is dict:
            return dict(v)
        if f.item is Phase or f.item is Call:
            return int(v)
        return v
    if shape == Shape.LIST:
        return list(v)
    if shape == Shape.PAIR or shape == Shape.NESTED:
        return [list(x) for x in v]
    if shape == Shape.KNOWN:
        return [[list(k) for k in row] for row in v]
    return v  # LOG: the list of dicts (or None) as it is


def _uses_pepper(s: State) -> bool:
    return s.table_event >= 0 or bool(s.events) or bool(s.event_discard)


def to_dict(s: State) -> dict[str, Any]:
    """A JSON-ready dict holding every field of ``s`` (see :class:`State`)."""
    d: dict[str, Any] = {"game": "sea-salt-and-paper", "version": SNAPSHOT_VERSION}
    pepper = _uses_pepper(s)
    for f in FIELDS:
        if not f.pepper or pepper:
            d[f.name] = _encode(f, getattr(s, f.name))
    return d


def from_dict(d: Mapping[str, Any]) -> State:
    """Rebuild a :class:`State` from :func:`to_dict`'s output, checked whole
    (:func:`check_state`).

    Raises:
        InvalidRecordError: not a snapshot of this game, another version, a field
            missing, of the wrong shape or type, or a state the rules cannot reach (a
            card missing or twice, a count or a seat out of range, a phase that does
            not fit); the message names the field. Never another error.
    """
    if not isinstance(d, Mapping) or d.get("game") != "sea-salt-and-paper":
        raise InvalidRecordError("not a Sea Salt & Paper snapshot")
    if d.get("version") != SNAPSHOT_VERSION:
        raise InvalidRecordError(f"unsupported snapshot version {d.get('version')!r:.40}")
    n = d.get("n")
    if isinstance(n, bool) or not isinstance(n, int) or not 2 <= n <= 4:
        raise InvalidRecordError(f"corrupt snapshot: n must be 2, 3 or 4, not {n!r:.40}")
    s = State.__new__(State)
    for f in FIELDS:
        if f.pepper and f.name not in d and f.default is not None:
            # Extra Pepper (absent from snapshots of games without it)
            setattr(s, f.name, f.default(n))
            continue
        if f.name not in d:
            raise InvalidRecordError(f"corrupt snapshot: the field {f.name!r} is missing")
        setattr(s, f.name, _read(f, d[f.name]))
    check_state(s)
    return s


def _fail(what: str) -> InvalidRecordError:
    return InvalidRecordError(f"corrupt snapshot: {what}")


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _plain(value: object, depth: int) -> bool:
    """Plain JSON data (dicts with string keys, lists, scalars) at most ``depth`` deep."""
    if value is None or isinstance(value, str | bool | int | float):
        return True
    if depth <= 0:
        return False
    if isinstance(value, Mapping):
        return all(isinstance(k, str) and _plain(v, depth - 1) for k, v in value.items())
    if isinstance(value, list):
        return all(_plain(v, depth - 1) for v in value)
    return False


def _read(f: Field, v: Any) -> Any:
    """One field from plain data, its shape and item types checked."""
    shape, item, name = f.shape, f.item, f.name
    if shape == Shape.VALUE:
        if item is Outcome:
            return None if v is None else _read_outcome(v)
        if item is dict:
            if not isinstance(v, Mapping) or not _plain(v, 2):
                raise _fail(f"{name} must be an object")
            return dict(v)
        if item is object:
            if v is not None and not (isinstance(v, Mapping) and _plain(v, MAX_DEPTH)):
                raise _fail(f"{name} must be an object or null")
            return v
        if item is bool:
            if not isinstance(v, bool):
                raise _fail(f"{name} must be true or false, not {v!r:.40}")
            return v
        if not _is_int(v):
            raise _fail(f"{name} must be a whole number, not {v!r:.40}")
        if item is Phase or item is Call:
            try:
                return item(v)
            except ValueError:
                raise _fail(f"{name} {v!r:.40} is not a {item.__name__}") from None
        return v
    if shape == Shape.LOG:
        if v is not None and not (isinstance(v, list) and len(v) <= 4 * MAX_ACTIONS and all(
                isinstance(e, Mapping) and _plain(e, MAX_DEPTH) for e in v)):
            raise _fail(f"{name} must be a list of events or null")
        return None if v is None else [dict(e) for e in v]
    ok = _is_bool_item if item is bool else _is_small_int
    if shape == Shape.LIST:
        if not (isinstance(v, list) and all(ok(x) for x in v)):
            raise _fail(f"{name} must be a list of {_items(item)}")
        return list(v)
    if shape == Shape.PAIR or shape == Shape.NESTED:
        if not (isinstance(v, list) and all(isinstance(x, list) and all(ok(y) for y in x)
                                            for x in v)):
            raise _fail(f"{name} must be a list of lists of {_items(item)}")
        if shape == Shape.PAIR and len(v) != 2:
            raise _fail(f"{name} must hold two lists")
        return [list(x) for x in v]
    # KNOWN
    if not (isinstance(v, list) and all(
            isinstance(row, list) and all(isinstance(k, list) and all(ok(x) for x in k)
                                          for k in row) for row in v)):
        raise _fail(f"{name} must be a list of rows of lists of {_items(item)}")
    return [[list(k) for k in row] for row in v]


def _is_bool_item(x: object) -> bool:
    return isinstance(x, bool)


def _is_small_int(x: object) -> bool:
    return _is_int(x) and -(2**64) < x < 2**64  # type: ignore[operator]


def _items(item: type) -> str:
    return "true or false" if item is bool else "whole numbers"


def _read_outcome(v: Any) -> Outcome:
    if not isinstance(v, Mapping):
        raise _fail("result must be an object or null")
    termination, winners, scores = v.get("termination"), v.get("winners"), v.get("scores")
    try:
        term = Termination(termination) if isinstance(termination, str) else None
    except ValueError:
        term = None
    if term is None:
        raise _fail(f"result's termination {termination!r:.40} is unknown")
    if not (isinstance(winners, list) and all(_is_small_int(w) for w in winners)
            and isinstance(scores, list) and all(_is_small_int(x) for x in scores)):
        raise _fail("result's winners and scores must be lists of whole numbers")
    return Outcome(term, tuple(winners), tuple(scores))


#: The most points a total may reach (a game ends at its target, 80 at most, plus
#: one round's points); a game of rounds that never end scores nothing.
MAX_SCORE: int = 10_000


def check_state(s: State) -> None:
    """Check that ``s`` is a state the rules can reach, as far as a snapshot can tell.

    Raises:
        InvalidRecordError: the first problem found, named.
    """
    n = s.n
    seats = range(n)
    _need(_is_int(s.seed) and abs(s.seed) <= MAX_SEED, "the seed is out of range")
    _need(0 <= s.rng < 2**64, "rng is out of range")
    opts = s.options
    _need(set(opts) <= {"double_target", "extra_salt", "extra_pepper"}
          and {"double_target", "extra_salt"} <= set(opts)
          and all(isinstance(x, bool) for x in opts.values())
          and opts.get("extra_pepper", True) is True,
          "options must be double_target, extra_salt (true or false) and extra_pepper "
          "(true, or absent)")
    _need(s.target == TARGETS[n] * (2 if opts["double_target"] else 1),
          f"the target {s.target} is not the one of {n} players")
    _need(0 <= s.ply <= 10 * MAX_ACTIONS and 1 <= s.round <= 10 * MAX_ACTIONS,
          "ply or round out of range")
    _need(len(s.scores) == n and all(0 <= x <= MAX_SCORE for x in s.scores),
          f"scores must be {n} totals from 0 to {MAX_SCORE}")
    for name in ("hands", "fronts", "held"):
        _need(len(getattr(s, name)) == n, f"{name} must hold one list per seat")
    for name in ("forced", "revealed", "reef"):
        _need(len(getattr(s, name)) == n, f"{name} must hold one value per seat")
    _need(len(s.known) == n + 1 and all(len(row) == n for row in s.known),
          f"known must be {n + 1} rows of {n} lists")
    _need(0 <= s.current < n and 0 <= s.starter < n, "current or starter is not a seat")
    _need(-1 <= s.caller < n and -1 <= s.ender < n and -1 <= s.swap_target < n,
          "caller, ender or swap_target is not a seat")
    _need((s.call == Call.NONE) == (s.caller < 0), "an end is announced exactly with its caller")
    _need(all(0 <= x < n for x in s.final_left) and len(set(s.final_left)) == len(s.final_left),
          "final_left must name seats, once each")
    # cards: every card of the deck in exactly one place
    deck = deck_for(opts)
    ids = set(deck)
    reefs = [c for c in s.reef if c != -1]
    places = [*s.draw, *s.piles[0], *s.piles[1], *s.drawn, *s.looked, *reefs,
              *(c for h in s.hands for c in h), *(c for f in s.fronts for c in f)]
    _need(Counter(places) == Counter(deck),
          f"every one of the {len(deck)} cards must be in exactly one place")
    _need(all(KIND_OF[c] == Kind.SHELL for c in reefs), "a Coral Reef holds only a Shell")
    noted = [*s.in_hands, *(c for p in s.cand for c in p),
             *(c for row in s.known for k in row for c in k)]
    _need(all(c in ids for c in noted), "what the seats know names cards not in the game")
    # the phase and what it needs
    phase = s.phase
    over = phase == Phase.GAME_OVER
    _need(over == (s.result is not None), "a result exactly when the game is over")
    if s.result is not None:
        _need(len(s.result.scores) == n and set(s.result.winners) <= set(seats)
              and len(s.result.winners) >= 1, "the result names seats that are not there")
    _need((phase == Phase.KEEP) == bool(s.drawn) and len(s.drawn) in (0, 2),
          "two drawn cards exactly while one is to keep")
    _need((phase == Phase.CRAB_PICK) == (s.crab_pile != 0) and s.crab_pile in (0, 1, 2),
          "a Crab's pile exactly while its pick is due")
    if phase == Phase.CRAB_PICK:
        _need(bool(s.piles[s.crab_pile - 1]), "a Crab's pick from an empty pile")
    _need((phase == Phase.LOBSTER_PICK) == bool(s.looked) and len(s.looked) <= 5,
          "the cards a Lobster shows exactly while its pick is due")
    _need(isinstance(s.extra_turn, bool), "extra_turn must be true or false")
    # Extra Pepper
    pepper = bool(opts.get("extra_pepper"))
    held = [e for h in s.held for e in h]
    events = [*s.events, *s.event_discard, *held,
              *([s.table_event] if s.table_event != -1 else [])]
    _need(Counter(events) == Counter(int(e) for e in events_for(opts)),
          "every event of the game must be in exactly one place")
    _need(not pepper or s.table_event != -1 or over, "a game with events has a table event")
    ends = {-1, int(ActionKind.END), int(ActionKind.STOP), int(ActionKind.LAST_CHANCE)}
    _need(s.pending_end in ends and (phase == Phase.ANGELFISH) == (s.pending_end != -1),
          "an Angelfish's end exactly while its choice is due")
    _need((phase in (Phase.SWAP, Phase.STEAL_PAIR)) == (s.swap_target != -1),
          "a Water Rodeo's opponent exactly while its choice is due")
    if phase in (Phase.ANGELFISH, Phase.SWAP, Phase.STEAL_PAIR, Phase.KEEP_EVENT):
        _need(pepper, "an Extra Pepper choice in a game without events")
    if phase == Phase.KEEP_EVENT:
        _need(len(s.held[s.current]) >= 2, "a choice of events from fewer than two")


def _need(ok: bool, what: str) -> None:
    if not ok:
        raise _fail(what)
