"""The score calculator's saved form: a table as JSON-ready data, and back.

:func:`table_dict` writes a table (cards as the engine's ids, events as slugs);
:func:`read_table` reads one back, every value checked as a change at the table would
be (:mod:`seasalt.calc.cards`), and refuses anything else as a ``corrupt``
:class:`~seasalt.calc.cards.CalcError` whose ``detail`` says what is wrong. The totals
and the outcome are never saved: the table scores them again from the cards
(:mod:`seasalt.calc.scoring`). :class:`~seasalt.calc.table.Calculator` offers both as
``to_dict`` / ``from_dict``; the page keeps the result in the browser.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from seasalt.calc import scoring
from seasalt.calc.cards import (
    OPTIONS,
    ZONES,
    CalcError,
    Round,
    Seat,
    check_event,
    check_group,
    check_players,
    error,
)
from seasalt.core import safejson
from seasalt.ssp.cards import ALL_CARDS, BASE_DECK, CARDS, Event
from seasalt.ssp.scoring import ROUND_ENDS
from seasalt.ssp.setup import target_for

#: The save's format name and version (:func:`table_dict`).
FORMAT = "seasalt-calculator"
VERSION = 1
#: The longest saved table read (a whole game of 4 players is a few thousand characters).
MAX_TABLE_CHARS = 1_000_000
#: The deepest nesting read (a table is 6 deep: table, rounds, round, seats, seat, duo).
MAX_TABLE_DEPTH = 12


class _Unreadable(CalcError):
    """:class:`CalcError` ``corrupt`` as :func:`seasalt.core.safejson.loads` raises it."""

    def __init__(self, message: str) -> None:
        super().__init__("corrupt", message, detail="json")


def load_text(text: object) -> Any:
    """A saved table's JSON, read within limits by the loader games' saves use
    (:func:`seasalt.core.safejson.loads`: :data:`MAX_TABLE_CHARS`,
    :data:`MAX_TABLE_DEPTH`, no number of more than 4,300 digits, no ``NaN``).

    Raises:
        CalcError: ``corrupt``: not text, too long, too deep, not JSON.
    """
    return safejson.loads(text, max_chars=MAX_TABLE_CHARS, max_depth=MAX_TABLE_DEPTH,
                          error=_Unreadable, what="the score table")


def table_dict(names: Sequence[str], options: Mapping[str, bool], rounds: Sequence[Round],
               current: Round) -> dict[str, Any]:
    """A table as JSON-ready data: its names, options, rounds scored and the round being
    entered."""
    return {"format": FORMAT, "version": VERSION, "names": list(names),
            "options": dict(options),
            "rounds": [_round_dict(r) for r in rounds],
            "current": _round_dict(current)}


def read_table(data: Any) -> tuple[list[str], dict[str, bool], list[Round], Round]:
    """A table written by :func:`table_dict`, checked.

    Returns:
        ``(names, options, rounds, current)``: the names as saved, every option of
        :data:`~seasalt.calc.cards.OPTIONS` (missing ones off), the rounds scored and
        the round being entered.

    Raises:
        CalcError: ``corrupt`` (``detail`` says what, in English): not a table of this
            format and version, a value of the wrong type, a card twice or beyond the
            deck in a round, an Extra Salt card or an event the options exclude, a duo
            in front that is none, a scored round without an end, a round after the
            game's end.
    """
    try:
        return _load(data)
    except CalcError as e:
        if e.reason == "corrupt":
            raise
        raise error("corrupt", str(e), detail=str(e)) from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError,
            RecursionError) as e:
        raise error("corrupt", f"not a score table: {safejson.shown(e, 120)}",
                    detail=safejson.shown(str(e), 120)) from None


def _round_dict(r: Round) -> dict[str, Any]:
    return {"event": Event(r.event).slug if r.event is not None else None,
            "end": r.end, "caller": r.caller,
            "seats": [{"hand": list(s.hand), "front": [list(g) for g in s.front],
                       "held": Event(s.held).slug if s.held is not None else None,
                       "added": [[z, c] for z, c in s.added]} for s in r.seats]}


def _ids(values: Any) -> list[int]:
    if not isinstance(values, list) or not all(
            isinstance(c, int) and not isinstance(c, bool) and 0 <= c < len(CARDS)
            for c in values):
        raise error("corrupt", f"not a list of card ids: {safejson.shown(values)}", detail="cards")
    return list(values)


def _load_round(data: Mapping[str, Any], players: int, options: Mapping[str, bool],
                scored: bool) -> Round:
    seats_data = data["seats"]
    if not isinstance(seats_data, list) or len(seats_data) != players:
        raise error("corrupt", "one entry per player expected", detail="seats")
    rnd = Round([Seat() for _ in range(players)])
    pepper = options["extra_pepper"]
    for p, sd in enumerate(seats_data):
        seat = rnd.seats[p]
        seat.hand = _ids(sd["hand"])
        front = sd["front"]
        if not isinstance(front, list):
            raise error("corrupt", "front: a list of groups expected", detail="front")
        seat.front = [_ids(g) for g in front]
        for i, g in enumerate(seat.front):
            check_group(g, pepper, open_ok=not scored and i == len(seat.front) - 1)
        if sd.get("held") is not None:  # events are checked against the round being read
            seat.held = check_event(rnd, pepper, str(sd["held"]), p)
        added = sd.get("added") or []
        seat.added = [(str(z), int(c)) for z, c in added
                      if z in ZONES and isinstance(c, int) and not isinstance(c, bool)]
    cards = [c for s in rnd.seats for c in s.cards()]
    if len(cards) != len(set(cards)):
        raise error("corrupt", "a card is entered twice in a round", detail="twice")
    deck = ALL_CARDS if options["extra_salt"] else BASE_DECK
    if any(c not in deck for c in cards):
        raise error("corrupt", "an Extra Salt card with Extra Salt off", detail="salt")
    if data.get("event") is not None:
        rnd.event = check_event(rnd, pepper, str(data["event"]), None)
    end, caller = data.get("end"), data.get("caller")
    if end is not None and end not in ROUND_ENDS:
        raise error("corrupt", f"unknown end {safejson.shown(end)}", detail="end")
    if caller is not None and (isinstance(caller, bool) or not isinstance(caller, int)
                               or not 0 <= caller < players):
        raise error("corrupt", f"no player {safejson.shown(caller)}", detail="caller")
    rnd.end, rnd.caller = end, caller
    if scored and scoring.mermaid_winner(rnd, options) is None and scoring.round_scores(
            rnd, options) is None:
        raise error("corrupt", "a scored round without an end", detail="end")
    return rnd


def _load(data: Any) -> tuple[list[str], dict[str, bool], list[Round], Round]:
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise error("corrupt", "not a score table", detail="format")
    if data.get("version") != VERSION:
        raise error("corrupt", f"version {safejson.shown(data.get('version'))}", detail="version")
    names = data["names"]
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise error("corrupt", "names: a list of text expected", detail="names")
    saved = data.get("options") or {}
    if not isinstance(saved, Mapping) or set(saved) - set(OPTIONS) or not all(
            isinstance(v, bool) for v in saved.values()):
        raise error("corrupt", "bad options", detail="options")
    check_players(len(names))
    options = {name: bool(saved.get(name, False)) for name in OPTIONS}
    players = len(names)
    target = target_for(players, options["double_target"])
    rounds_data = data["rounds"]
    if not isinstance(rounds_data, list):
        raise error("corrupt", "rounds: a list expected", detail="rounds")
    rounds: list[Round] = []
    for rd in rounds_data:
        if scoring.history(rounds, options, players, target)[1] is not None:
            raise error("corrupt", "a round after the game's end", detail="over")
        rounds.append(_load_round(rd, players, options, scored=True))
    current = _load_round(data["current"], players, options, scored=False)
    return list(names), options, rounds, current
