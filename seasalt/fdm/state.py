"""The state of a game of Fruits de mer and the rules that move it
(docs/fruits-de-mer.md F2, F4-F6).

Simultaneous choices (F4) are played the OpenSpiel way: in each round the seats
that hold cards commit one card each, in seat order ``0..n-1``
(:func:`current_player`); a committed card stays hidden from every other seat
(:mod:`seasalt.fdm.view`) until the last commit of the round, which reveals all
of them, resolves the round (F5, :func:`seasalt.fdm.resolve.resolve`), scores it
and reveals the next bait card, or ends the game after the 9th round (F6). No
seat's decision can see another's choice of the same round. A seat with no
cards left is skipped (F4: it plays nothing); it cannot happen in a real game,
since a Warden is never removed from the game.

The bait cards are shuffled once, in :func:`new_game`, from the seed; nothing
random happens afterwards, so the state keeps no random generator.

:func:`apply` checks an action and returns a new state (the old one is never
changed); :func:`apply_in_place` is the unchecked fast path for search.
:func:`to_dict`/:func:`from_dict` snapshot the whole state as JSON (from_dict
checks every count and the bait cards against F1).

The event log (``State.log``, ``None`` in search copies) holds dicts:
``{"type": "round-start", "round": r, "bait": "shrimp"}``,
``{"type": "choose", "seat": s, "round": r, "kind": "tuna"}`` (``kind`` is
private to ``seat``: :func:`seasalt.fdm.view.redact` drops it for every other
reader; it is never rewritten, the reveal carries all plays),
``{"type": "reveal", "round": r, "resolution": {...}}``
(:meth:`seasalt.fdm.resolve.Resolution.to_dict`),
``{"type": "round-end", "round": r, "scores": [...]}``,
``{"type": "game-end", "winners": [...], "scores": [...]}``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from seasalt.core.errors import IllegalActionError, InvalidRecordError, Reason
from seasalt.core.interface import TERMINAL, Outcome
from seasalt.fdm.cards import (
    BAIT_COUNTS,
    BAIT_DECK,
    BAIT_KINDS,
    COLOURS,
    HAND,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PLAYER_KINDS,
    ROUNDS,
    UNUSED,
    Kind,
    empty_counts,
    full_hand,
)
from seasalt.fdm.resolve import Resolution, resolve

#: The registry name, also written in snapshots.
GAME_NAME: str = "fruits-de-mer"
#: Bumped when the snapshot layout changes.
SNAPSHOT_VERSION: int = 1


class Termination(StrEnum):
    """Why the game ended."""

    ROUNDS = "rounds"
    """F6: the 9th round was played."""


@dataclass
class State:
    """A whole game of Fruits de mer (mutable; :func:`apply` copies it first).

    Attributes:
        players: 2-5; seat ``i`` plays colour ``COLOURS[i]``.
        round: the round being played, 1-9 (stays 9 once the game is over).
        bait: the revealed bait card of this round, ``None`` once the game is over.
        pile: the face-down bait pile still to come, top first (hidden).
        unused: the 3 bait cards put away unseen (F2; hidden, never revealed).
        hands: per seat, cards held by kind (every kind of ``PLAYER_KINDS`` a key),
            without the card committed this round.
        pending: per seat, the card committed this round and not yet revealed, or
            ``None``.
        scores: per seat, points.
        removed: per seat, cards removed from the game by kind (all keys).
        history: the resolutions of the finished rounds, in order.
        ply: actions applied so far.
        log: the event log (see the module docstring), ``None`` when not kept.

    Invariant (card conservation): ``hands[s][k] + (pending[s] == k) +
    removed[s][k] == HAND[k]`` for every seat and kind.
    """

    players: int
    round: int
    bait: Kind | None
    pile: list[Kind]
    unused: list[Kind]
    hands: list[dict[Kind, int]]
    pending: list[Kind | None]
    scores: list[int]
    removed: list[dict[Kind, int]]
    history: list[Resolution] = field(default_factory=list)
    ply: int = 0
    log: list[dict[str, Any]] | None = field(default_factory=list)

    def copy(self, *, keep_log: bool = True) -> State:
        """An independent copy (the log dropped unless ``keep_log``)."""
        return State(
            players=self.players, round=self.round, bait=self.bait, pile=list(self.pile),
            unused=list(self.unused), hands=[dict(h) for h in self.hands],
            pending=list(self.pending), scores=list(self.scores),
            removed=[dict(r) for r in self.removed], history=list(self.history),
            ply=self.ply,
            log=[dict(e) for e in self.log] if keep_log and self.log is not None else None)

    @property
    def over(self) -> bool:
        """Whether the game has ended (F6)."""
        return self.bait is None


def _log(s: State, event: dict[str, Any]) -> None:
    if s.log is not None:
        s.log.append(event)


def new_game(players: int, seed: int, options: Mapping[str, Any] | None = None, *,
             log: bool = True) -> State:
    """A new game (F2): the 12 bait cards shuffled from ``seed``, 9 dealt face
    down as the bait pile and its top revealed, 3 put away unseen; each seat
    holds the 7 cards of its colour.

    Args:
        players: 2-5.
        seed: any int; the same seed gives the same bait cards.
        options: none exist; an empty mapping or ``None``.
        log: keep an event log.

    Raises:
        ValueError: a bad player count, seed or option.
    """
    if isinstance(players, bool) or not isinstance(players, int) \
            or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Fruits de mer is for {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                         f"not {players!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"the seed must be an int, not {seed!r}")
    if options:
        raise ValueError(f"Fruits de mer has no options: {', '.join(map(str, options))}")
    deck = list(BAIT_DECK)
    random.Random(seed).shuffle(deck)
    s = State(players=players, round=1, bait=deck[0], pile=deck[1:ROUNDS],
              unused=deck[ROUNDS:], hands=[full_hand() for _ in range(players)],
              pending=[None] * players, scores=[0] * players,
              removed=[empty_counts() for _ in range(players)],
              log=[] if log else None)
    _log(s, {"type": "round-start", "round": 1, "bait": deck[0].value})
    return s


def has_cards(s: State, seat: int) -> bool:
    """Whether ``seat`` holds a card (not counting one committed this round)."""
    return any(s.hands[seat].values())


def current_player(s: State) -> int:
    """The seat to commit a card: the first seat in seat order that holds cards
    and has not committed this round; :data:`TERMINAL` once the game is over."""
    if s.bait is None:
        return TERMINAL
    for seat in range(s.players):
        if s.pending[seat] is None and has_cards(s, seat):
            return seat
    return TERMINAL  # unreachable in a consistent state (a round resolves at once)


def legal_actions(s: State) -> list[Kind]:
    """The kinds the seat to move holds, in ``PLAYER_KINDS`` order (F4); empty when over."""
    seat = current_player(s)
    if seat == TERMINAL:
        return []
    hand = s.hands[seat]
    return [k for k in PLAYER_KINDS if hand[k] > 0]


def check_legal(s: State, action: Any) -> None:
    """Raise :class:`IllegalActionError` unless ``action`` is legal in ``s``."""
    seat = current_player(s)
    if seat == TERMINAL:
        raise IllegalActionError("the game is over: all 9 rounds were played (F6)",
                                 reason=Reason.GAME_OVER, action=action)
    if not isinstance(action, Kind) or action not in HAND:
        raise IllegalActionError(
            f"{action!r} is not a player card: play one of "
            f"{', '.join(k.value for k in PLAYER_KINDS)} (F1)", action=action)
    if s.hands[seat][action] <= 0:
        raise IllegalActionError(
            f"seat {seat} ({COLOURS[seat]}) has no {action.value} left in hand: a player "
            f"chooses one card from their own hand (F4)", action=action)


def apply(s: State, action: Kind) -> State:
    """A new state after the seat to move commits ``action`` (``s`` is unchanged).

    Raises:
        IllegalActionError: the game is over (reason ``GAME_OVER``), or ``action``
            is not a card in the mover's hand (reason ``NOT_AVAILABLE``).
    """
    check_legal(s, action)
    t = s.copy()
    apply_in_place(t, action)
    return t


def apply_in_place(s: State, action: Kind) -> None:
    """Unchecked: the seat to move commits ``action`` (hidden); the last commit
    of a round resolves it (F5), scores it and starts the next round or ends
    the game (F6)."""
    seat = current_player(s)
    s.hands[seat][action] -= 1
    s.pending[seat] = action
    s.ply += 1
    _log(s, {"type": "choose", "seat": seat, "round": s.round, "kind": action.value})
    while s.bait is not None and current_player(s) == TERMINAL:
        _end_round(s)


def is_last_commit(s: State) -> bool:
    """Whether the seat to move is the last to commit this round (its commit
    reveals the round). False when the game is over."""
    seat = current_player(s)
    if seat == TERMINAL:
        return False
    return not any(s.pending[j] is None and has_cards(s, j)
                   for j in range(seat + 1, s.players))


def reveals(s: State, action: Any) -> bool:
    """The undo barrier (:meth:`seasalt.core.interface.Game.reveals`): True exactly
    for the last commit of a round, which reveals every choice, resolves and
    scores the round and shows the next bait (or ends the game). An earlier
    commit shows nobody anything but that the seat has chosen.

    Raises:
        IllegalActionError: ``action`` is not legal in ``s``.
    """
    check_legal(s, action)
    return is_last_commit(s)


def _end_round(s: State) -> None:
    """Reveal and resolve the round (F5), then reveal the next bait or end (F6)."""
    assert s.bait is not None
    res = resolve(s.bait, s.pending)
    for seat, kind in res.returned:
        s.hands[seat][kind] += 1
    for seat, kind in res.removed:
        s.removed[seat][kind] += 1
    for seat in res.scorers:
        s.scores[seat] += 1
    s.history.append(res)
    s.pending = [None] * s.players
    if s.log is not None:  # (search copies keep no log: skip building the events)
        s.log.append({"type": "reveal", "round": s.round, "resolution": res.to_dict()})
        s.log.append({"type": "round-end", "round": s.round, "scores": list(s.scores)})
    if s.round >= ROUNDS:
        s.bait = None
        if s.log is not None:
            out = outcome(s)
            assert out is not None
            s.log.append({"type": "game-end", "winners": list(out.winners),
                          "scores": list(s.scores)})
        return
    s.round += 1
    s.bait = s.pile.pop(0)
    _log(s, {"type": "round-start", "round": s.round, "bait": s.bait.value})


def outcome(s: State) -> Outcome | None:
    """F6: once the 9 rounds are over, every seat with the most points wins
    (a tie is a shared victory); ``None`` while the game goes on."""
    if s.bait is not None:
        return None
    top = max(s.scores)
    winners = tuple(i for i, p in enumerate(s.scores) if p == top)
    return Outcome(Termination.ROUNDS, winners, tuple(s.scores))


def returns(s: State) -> list[float]:
    """Win shares per seat: 1 for a sole winner, 1/k each for k sharing, else 0
    (0 for all while the game goes on)."""
    out = [0.0] * s.players
    result = outcome(s)
    if result is not None:
        for w in result.winners:
            out[w] = 1.0 / len(result.winners)
    return out


# --------------------------------------------------------------------- snapshots


def _counts(d: Mapping[Kind, int]) -> dict[str, int]:
    return {k.value: d[k] for k in PLAYER_KINDS}


def to_dict(s: State) -> dict[str, Any]:
    """A JSON-ready dict of the whole state (hidden parts included)::

        {"game": "fruits-de-mer", "version": 1, "players": 3, "round": 2,
         "bait": "shrimp", "pile": [...7 kinds, top first], "unused": [...3],
         "hands": [{"shrimp": 2, ...}, ...], "pending": ["tuna", null, null],
         "scores": [...], "removed": [{...}, ...], "history": [Resolution dicts],
         "ply": 4, "log": [...] | null}
    """
    return {
        "game": GAME_NAME, "version": SNAPSHOT_VERSION, "players": s.players,
        "round": s.round, "bait": None if s.bait is None else s.bait.value,
        "pile": [k.value for k in s.pile], "unused": [k.value for k in s.unused],
        "hands": [_counts(h) for h in s.hands],
        "pending": [None if k is None else k.value for k in s.pending],
        "scores": list(s.scores), "removed": [_counts(r) for r in s.removed],
        "history": [r.to_dict() for r in s.history], "ply": s.ply,
        "log": None if s.log is None else [dict(e) for e in s.log],
    }


def _int(v: Any, what: str, lo: int, hi: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise InvalidRecordError(f"corrupt snapshot: {what} must be an int in {lo}..{hi}, "
                                 f"not {v!r}")
    return v


def _kind(v: Any, what: str, allowed: tuple[Kind, ...]) -> Kind:
    if not isinstance(v, str) or v not in {k.value for k in allowed}:
        raise InvalidRecordError(f"corrupt snapshot: {what} is {v!r}, not one of "
                                 f"{', '.join(k.value for k in allowed)}")
    return Kind(v)


def _list(v: Any, what: str, n: int | None = None) -> list[Any]:
    if not isinstance(v, list) or (n is not None and len(v) != n):
        size = "" if n is None else f" of {n}"
        raise InvalidRecordError(f"corrupt snapshot: {what} must be a list{size}")
    return v


def _count_dict(v: Any, what: str) -> dict[Kind, int]:
    if not isinstance(v, Mapping) or set(v) != {k.value for k in PLAYER_KINDS}:
        raise InvalidRecordError(f"corrupt snapshot: {what} must count exactly the kinds "
                                 f"{', '.join(k.value for k in PLAYER_KINDS)}")
    return {k: _int(v[k.value], f"{what}[{k.value}]", 0, HAND[k]) for k in PLAYER_KINDS}


def from_dict(d: Mapping[str, Any]) -> State:
    """Rebuild a :class:`State` from :func:`to_dict`'s output, checking it.

    Raises:
        InvalidRecordError: not a snapshot of this game, a field missing or of
            the wrong type, a count over the 7 cards of a colour (F1), cards not
            conserved, bait cards that are not the 12 of F1, a history that F5
            does not give, scores or removed cards that do not match it, a round
            or ply out of step, commits out of seat order.
    """
    if not isinstance(d, Mapping) or d.get("game") != GAME_NAME:
        raise InvalidRecordError("not a Fruits de mer snapshot")
    if d.get("version") != SNAPSHOT_VERSION:
        raise InvalidRecordError(f"unsupported snapshot version {d.get('version')!r}")
    try:
        return _from_dict(d)
    except KeyError as e:
        raise InvalidRecordError(f"corrupt snapshot: the field {e.args[0]!r} is missing") \
            from None


def _from_dict(d: Mapping[str, Any]) -> State:
    n = _int(d["players"], "players", MIN_PLAYERS, MAX_PLAYERS)
    rnd = _int(d["round"], "round", 1, ROUNDS)
    bait = None if d["bait"] is None else _kind(d["bait"], "bait", BAIT_KINDS)
    pile = [_kind(k, "a bait pile card", BAIT_KINDS) for k in _list(d["pile"], "pile")]
    unused = [_kind(k, "an unused bait card", BAIT_KINDS)
              for k in _list(d["unused"], "unused", UNUSED)]
    hands = [_count_dict(h, f"hands[{i}]") for i, h in enumerate(_list(d["hands"], "hands", n))]
    pending = [None if k is None else _kind(k, f"pending[{i}]", PLAYER_KINDS)
               for i, k in enumerate(_list(d["pending"], "pending", n))]
    scores = [_int(p, f"scores[{i}]", 0, ROUNDS)
              for i, p in enumerate(_list(d["scores"], "scores", n))]
    removed = [_count_dict(r, f"removed[{i}]")
               for i, r in enumerate(_list(d["removed"], "removed", n))]
    history: list[Resolution] = []
    for i, r in enumerate(_list(d["history"], "history")):
        if not isinstance(r, Mapping) or not isinstance(r.get("plays"), list) \
                or len(r["plays"]) != n:
            raise InvalidRecordError(f"corrupt snapshot: history[{i}] is not a round of "
                                     f"{n} players")
        try:
            history.append(Resolution.from_dict(r))
        except ValueError as e:
            raise InvalidRecordError(f"corrupt snapshot: history[{i}]: {e}") from None
    ply = _int(d["ply"], "ply", 0, ROUNDS * MAX_PLAYERS)
    log = d["log"]
    if log is not None and not (isinstance(log, list)
                                and all(isinstance(e, Mapping) for e in log)):
        raise InvalidRecordError("corrupt snapshot: the log must be a list of events or null")

    # rounds and bait cards (F1, F2)
    if bait is None:
        if rnd != ROUNDS or len(history) != ROUNDS or pile or any(p is not None
                                                                  for p in pending):
            raise InvalidRecordError("corrupt snapshot: a finished game has played all "
                                     f"{ROUNDS} rounds, with no bait card left to come")
        shown = [r.bait for r in history]
    else:
        if len(history) != rnd - 1 or len(pile) != ROUNDS - rnd:
            raise InvalidRecordError(f"corrupt snapshot: round {rnd} needs {rnd - 1} finished "
                                     f"rounds and {ROUNDS - rnd} bait cards to come")
        shown = [r.bait for r in history] + [bait]
    if Counter(shown + pile + unused) != BAIT_COUNTS:
        raise InvalidRecordError("corrupt snapshot: the bait cards are not the 12 of F1 "
                                 "(4 Seaweed, 4 Shrimp, 4 Mackerel)")
    # cards (F1): conservation, and removals and scores as the history says
    for seat in range(n):
        for k in PLAYER_KINDS:
            total = hands[seat][k] + (pending[seat] == k) + removed[seat][k]
            if total != HAND[k]:
                raise InvalidRecordError(
                    f"corrupt snapshot: seat {seat} has {total} {k.value} card(s) in hand, "
                    f"chosen and removed, not {HAND[k]} (F1)")
    gone = [empty_counts() for _ in range(n)]
    points = [0] * n
    for r in history:
        for seat, k in r.removed:
            gone[seat][k] += 1
        for seat in r.scorers:
            points[seat] += 1
    if gone != removed or points != scores:
        raise InvalidRecordError("corrupt snapshot: the removed cards or the scores do not "
                                 "match the rounds played (F5)")
    # commits in seat order, ply in step
    committed = sum(p is not None for p in pending)
    if ply != sum(sum(p is not None for p in r.plays) for r in history) + committed:
        raise InvalidRecordError(f"corrupt snapshot: ply {ply} does not count the cards played")
    s = State(players=n, round=rnd, bait=bait, pile=pile, unused=unused, hands=hands,
              pending=pending, scores=scores, removed=removed, history=history, ply=ply,
              log=None if log is None else [dict(e) for e in log])
    if bait is not None:
        seat = current_player(s)
        if seat == TERMINAL:
            raise InvalidRecordError("corrupt snapshot: a round with nobody left to choose "
                                     "was not resolved")
        if any(pending[j] is not None for j in range(seat, n)):
            raise InvalidRecordError("corrupt snapshot: the seats commit their cards in "
                                     "seat order")
    return s
