"""The score calculator's table: the players, the cards each one holds, the rounds and
the running totals, for people who play with real cards and score with a phone; and
its saved form.

A :class:`Calculator` holds 2 to 4 players (names optional), the options (Extra Salt,
Extra Pepper, the double target), the rounds already scored and the round being
entered: for each player the cards in hand and the duos and trios in front, and, with
Extra Pepper, the round's event and the events each player holds; then how the round
ended (STOP or LAST CHANCE, and who called). The cards are read and checked by
:mod:`seasalt.calc.cards`, the rounds and the game scored by :mod:`seasalt.calc.scoring`
(the engine's scorers), the deck's counts are the engine's card table
(:data:`~seasalt.ssp.cards.CARDS`).

Every change checks what a real table allows and raises
:class:`~seasalt.calc.cards.CalcError`: no more copies of a card than the deck holds,
across all players (R1, A.1); Extra Salt cards only with Extra Salt on; only duo cards
in front, two by two, each pair a duo (R4.2, A.2; Swimmer + Swimmer and Shark + Shark
with Extra Pepper's Water Rodeo, B.3.3), a Starfish only as a duo's third card (A.6);
each Extra Pepper event once (B.1).

The table is JSON-ready (:meth:`Calculator.to_dict`, :meth:`Calculator.from_dict`:
what the page keeps in the browser; :mod:`seasalt.calc.saves`); the totals and the
outcome are never saved, they are scored again from the cards each time.

Rules: R1 and A.1 (the deck), R2 (players, target), R4.2, A.2, A.6 (cards in front),
R6 (how a round ends), R10.1 (the game's end), R11 (double target), B.1 (the table
event applies to all, a held event to its holder).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from seasalt.calc import scoring
from seasalt.calc.cards import (
    FRONT,
    HAND,
    OPTIONS,
    ZONES,
    Round,
    Seat,
    check_event,
    check_group,
    check_players,
    copies,
    error,
    read_colour,
    read_kind,
)
from seasalt.calc.saves import load_text, read_table, table_dict
from seasalt.core import safejson
from seasalt.ssp.cards import BASE_DECK, KIND_OF, Colour, Event, Kind
from seasalt.ssp.pepper import end_threshold
from seasalt.ssp.scoring import ROUND_ENDS, Breakdown, RoundScores, event_mask
from seasalt.ssp.setup import target_for

#: The longest player name kept (as the new-game form's).
MAX_NAME = 24
_STARFISH = Kind.STARFISH


class Calculator:
    """A score table for a game played with real cards (see the module docstring).

    Args:
        players: 2 to 4 (R2).
        names: display names, seat order ('' or missing: the presenter's default).
        extra_salt, extra_pepper: the expansions (docs/rules-expansions.md A, B).
        double_target: R11's double target.

    Attributes:
        names: one name per player ('' when not given).
        options: ``{"extra_salt", "extra_pepper", "double_target"}`` (bools).
        rounds: the rounds scored, in order.
        current: the round being entered.

    Raises:
        CalcError: ``players`` (not 2 to 4).
    """

    def __init__(self, players: int = 2, names: Sequence[str] = (), *,
                 extra_salt: bool = False, extra_pepper: bool = False,
                 double_target: bool = False) -> None:
        check_players(players)
        self.names = [_name(names[i]) if i < len(names) else "" for i in range(players)]
        self.options = {"extra_salt": bool(extra_salt), "extra_pepper": bool(extra_pepper),
                        "double_target": bool(double_target)}
        self.rounds: list[Round] = []
        self.current = Round([Seat() for _ in range(players)])

    # ------------------------------------------------------------------ what it holds

    @property
    def players(self) -> int:
        """The number of players."""
        return len(self.names)

    @property
    def target(self) -> int:
        """The game's target in points (R2, R11)."""
        return target_for(self.players, self.options["double_target"])

    @property
    def round_number(self) -> int:
        """The number of the round being entered (from 1)."""
        return len(self.rounds) + 1

    def _seat(self, player: int) -> Seat:
        if isinstance(player, bool) or not isinstance(player, int) or not (
                0 <= player < self.players):
            raise error("no-player", f"no player {safejson.shown(player)}", player=player)
        return self.current.seats[player]

    def seat(self, player: int) -> Seat:
        """The cards of ``player`` (from 0) in the round being entered.

        Raises:
            CalcError: ``no-player``.
        """
        return self._seat(player)

    def left(self, kind: Kind | str, colour: Colour | str) -> int:
        """How many copies of a card are not entered yet in the round being entered
        (all players together; R1, A.1); 0 for an Extra Salt card with Extra Salt off.

        Raises:
            CalcError: ``unknown-card``.
        """
        used = self.current.used()
        return sum(1 for c in copies(kind, colour, self.options["extra_salt"])
                   if c not in used)

    def events(self, player: int, rnd: Round | None = None) -> list[int]:
        """The Extra Pepper events that apply to ``player`` in ``rnd`` (default: the
        round being entered), B.1; ``[]`` without Extra Pepper."""
        return scoring.events(rnd or self.current, player, self.options)

    def breakdowns(self, rnd: Round | None = None) -> list[Breakdown]:
        """Each player's card points by part and colour bonus (R6.4, R7.1), from the
        engine's :func:`~seasalt.ssp.scoring.breakdown`, for ``rnd`` (default: the round
        being entered)."""
        return scoring.breakdowns(rnd or self.current, self.options)

    def mermaid_winner(self, rnd: Round | None = None) -> int | None:
        """R10.1: the player holding the Mermaids that win at once (4, or 3 with Dance
        of the Mermaids, B.3.7), else ``None``."""
        return scoring.mermaid_winner(rnd or self.current, self.options)

    def scores(self, rnd: Round | None = None) -> RoundScores | None:
        """``rnd``'s scores (default: the round being entered) by the engine's round
        scorer, once its end and caller are said and no duo in front is open; else
        ``None``."""
        return scoring.round_scores(rnd or self.current, self.options)

    def may_call(self, player: int, rnd: Round | None = None) -> tuple[str, ...]:
        """The ends ``player``'s cards allow announcing (R4.3: 7 card points; B.3.8
        Treasure Chest: 10; B.3.9 Diodon Fish: LAST CHANCE only)."""
        return scoring.may_call(rnd or self.current, player, self.options)

    def call_threshold(self, player: int) -> int:
        """The card points ``player`` needed to call this round (R4.3, B.3.8)."""
        return end_threshold(event_mask(self.events(player)))

    def history(self) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
        """The rounds scored, as the engine reports rounds, and how the game ended
        (:func:`seasalt.calc.scoring.history`: ``(results, outcome)``, ``outcome``
        ``None`` while the game goes on)."""
        return scoring.history(self.rounds, self.options, self.players, self.target)

    def totals(self) -> list[int]:
        """Each player's game total over the rounds scored (R7.2)."""
        results, outcome = self.history()
        if outcome is not None:
            return list(outcome["scores"])
        return [int(p["total"]) for p in results[-1]["players"]] if results else (
            [0] * self.players)

    @property
    def over(self) -> bool:
        """Whether the game has ended (R10.1 or R10.2): no more rounds."""
        return self.history()[1] is not None

    # ------------------------------------------------------------------ changes

    def _open(self) -> None:
        if self.over:
            raise error("game-over", "the game is over: take back its last round or "
                         "start a new game")

    def add(self, player: int, zone: str, kind: Kind | str, colour: Colour | str) -> int:
        """Enter a card for ``player``: the next free copy of ``kind`` in ``colour``.

        Args:
            player: the seat (from 0).
            zone: ``"hand"`` or ``"front"``: in front, a duo card starts a duo or
                completes the open one, a Starfish makes the last duo a trio.
            kind, colour: the card, as enums or slugs (``crab``, ``dark-blue``).

        Returns:
            The card id entered.

        Raises:
            CalcError: ``game-over``, ``no-player``, ``unknown-card`` (no card is
                that), ``extra-salt-off``, ``deck-limit`` (every copy is entered:
                ``count`` copies, ``where`` they are), ``not-in-front``, ``no-duo``,
                ``rodeo``, ``starfish``.
        """
        self._open()
        seat = self._seat(player)
        if zone not in ZONES:
            raise error("corrupt", f"unknown zone {safejson.shown(zone)}", detail="zone")
        k, c = read_kind(kind), read_colour(colour)
        every = copies(k, c)
        if not every:
            raise error("unknown-card", f"no {k.title} is {c.title}", kind=k, colour=c)
        if not self.options["extra_salt"] and every[0] not in BASE_DECK:
            raise error("extra-salt-off", f"the {k.title} is an Extra Salt card",
                         kind=k, colour=c)
        used = self.current.used()
        free = [i for i in every if i not in used]
        if not free:
            where = [(p, sum(1 for x in s.cards() if x in every))
                     for p, s in enumerate(self.current.seats)]
            raise error("deck-limit", f"no {k.title} ({c.title}) left: the deck holds "
                         f"{len(every)}", kind=k, colour=c, count=len(every),
                         where=[(p, n) for p, n in where if n])
        cid = free[0]
        if zone == HAND:
            seat.hand.append(cid)
        else:
            self._add_front(seat, cid)
        seat.added.append((zone, cid))
        return cid

    def _add_front(self, seat: Seat, cid: int) -> None:
        last = seat.front[-1] if seat.front else None
        if KIND_OF[cid] == _STARFISH:
            if last is None or len(last) != 2:
                raise error("starfish", "a Starfish goes in front only as a duo's third "
                             "card: enter it right after the duo")
            check_group([*last, cid], True)
            last.append(cid)
        elif last is not None and len(last) == 1:
            check_group([last[0], cid], self.options["extra_pepper"])
            last.append(cid)
        else:
            check_group([cid], True, open_ok=True)
            seat.front.append([cid])

    def remove(self, player: int, card: int) -> list[int]:
        """Take a card back from ``player``: from the hand, that card; in front, its
        whole duo or trio (the others stay as placed).

        Returns:
            The ids removed.

        Raises:
            CalcError: ``game-over``, ``no-player``, ``unknown-card`` (the player has
                no such card).
        """
        self._open()
        seat = self._seat(player)
        if card in seat.hand:
            seat.hand.remove(card)
            return [card]
        for i, group in enumerate(seat.front):
            if card in group:
                del seat.front[i]
                return list(group)
        raise error("unknown-card", f"player {player + 1} has no card {safejson.shown(card)}")

    def can_undo(self, player: int) -> bool:
        """Whether :meth:`undo` has a card of ``player`` to take back."""
        seat = self._seat(player)
        return any(c in seat.cards() for _zone, c in seat.added)

    def undo(self, player: int) -> int | None:
        """Take back the last card entered for ``player`` that is still there (in front:
        from the last duo or trio).

        Returns:
            The id taken back, or ``None`` when there is none.

        Raises:
            CalcError: ``game-over``, ``no-player``.
        """
        self._open()
        seat = self._seat(player)
        while seat.added:
            zone, cid = seat.added.pop()
            if zone == HAND and cid in seat.hand:
                seat.hand.remove(cid)
                return cid
            if zone == FRONT and seat.front and cid == seat.front[-1][-1]:
                seat.front[-1].pop()
                if not seat.front[-1]:
                    seat.front.pop()
                return cid
        return None

    def clear_player(self, player: int) -> None:
        """Take back every card of ``player`` in the round being entered.

        Raises:
            CalcError: ``game-over``, ``no-player``.
        """
        self._open()
        seat = self._seat(player)
        seat.hand, seat.front, seat.added = [], [], []

    def clear_round(self) -> None:
        """Start the round being entered afresh: no card, no end, no table event (held
        events stay).

        Raises:
            CalcError: ``game-over``.
        """
        self._open()
        self.current = Round([Seat(held=s.held) for s in self.current.seats])

    def new_game(self) -> None:
        """A new game at the same table: the names and options stay, the rounds and
        cards go."""
        self.rounds = []
        self.current = Round([Seat() for _ in range(self.players)])

    def set_players(self, players: int) -> None:
        """Seat 2 to 4 players (before a round is scored); the cards of a player who
        leaves go with them.

        Raises:
            CalcError: ``players``, ``fixed`` (a round is scored already).
        """
        check_players(players)
        if players == self.players:
            return
        if self.rounds:
            raise error("fixed", "the players are fixed once a round is scored")
        self.names = [self.names[i] if i < self.players else "" for i in range(players)]
        seats = self.current.seats
        self.current.seats = [seats[i] if i < len(seats) else Seat() for i in range(players)]
        if self.current.caller is not None and self.current.caller >= players:
            self.current.caller = None

    def set_name(self, player: int, name: str) -> None:
        """Name ``player`` ('' for the default; spaces trimmed, at most
        :data:`MAX_NAME` characters kept).

        Raises:
            CalcError: ``no-player``.
        """
        self._seat(player)
        self.names[player] = _name(name)

    def set_option(self, name: str, on: bool) -> None:
        """Switch an option (:data:`OPTIONS`) before a round is scored. Extra Pepper off
        forgets the round's events.

        Raises:
            CalcError: ``corrupt`` (an unknown option), ``fixed`` (a round is scored
                already), ``salt-in-use`` (Extra Salt off while one of its cards is
                entered).
        """
        if name not in OPTIONS:
            raise error("corrupt", f"unknown option {safejson.shown(name)}", detail="option")
        on = bool(on)
        if self.options[name] == on:
            return
        if self.rounds:
            raise error("fixed", "the options are fixed once a round is scored")
        if name == "extra_salt" and not on and any(
                c not in BASE_DECK for c in self.current.used()):
            raise error("salt-in-use", "remove the Extra Salt cards first")
        self.options[name] = on
        if name == "extra_pepper" and not on:
            self.current.event = None
            for s in self.current.seats:
                s.held = None

    def set_event(self, event: Event | str | None) -> None:
        """The round's table event (Extra Pepper, B.1; it applies to every player), or
        ``None`` (or '').

        Raises:
            CalcError: ``game-over``, ``extra-pepper-off``, ``unknown-event``,
                ``event-taken`` (a player holds it).
        """
        self._open()
        self.current.event = check_event(self.current, self.options["extra_pepper"], event,
                                         None)

    def set_held(self, player: int, event: Event | str | None) -> None:
        """The event ``player`` holds this round (Extra Pepper, B.1, B.4), or ``None``.

        Raises:
            CalcError: ``game-over``, ``no-player``, ``extra-pepper-off``,
                ``unknown-event``, ``event-taken`` (on the table or held by another).
        """
        self._open()
        seat = self._seat(player)
        seat.held = check_event(self.current, self.options["extra_pepper"], event, player)

    def set_end(self, end: str | None) -> None:
        """How the round ended: ``"stop"`` or ``"last-chance"`` (R6), or ``None``.

        Raises:
            CalcError: ``game-over``, ``no-end`` (an unknown end).
        """
        self._open()
        if end is not None and end not in ROUND_ENDS:
            raise error("no-end", f"unknown end {safejson.shown(end)}")
        self.current.end = end

    def set_caller(self, caller: int | None) -> None:
        """Who called the round's end (a seat from 0), or ``None``.

        Raises:
            CalcError: ``game-over``, ``no-player``.
        """
        self._open()
        if caller is not None:
            self._seat(caller)
        self.current.caller = caller

    def score_round(self) -> dict[str, Any] | None:
        """Score the round being entered and start the next one (held events stay
        with their holders; the next table event is to be said).

        A player holding the Mermaids that win (R10.1, B.3.7) ends the game at once:
        the round is not scored.

        Returns:
            The round's result (:meth:`history`'s shape), or ``None`` for a Mermaid win.

        Raises:
            CalcError: ``game-over``, ``no-end`` (no end or no caller said),
                ``open-duo`` (a duo in front lacks its second card).
        """
        self._open()
        r = self.current
        winner = self.mermaid_winner(r)
        if winner is None:
            if r.end is None or r.caller is None:
                raise error("no-end", "say how the round ended and who called")
            for p, s in enumerate(r.seats):
                if s.open_duo():
                    raise error("open-duo", "a duo in front lacks its second card",
                                 player=p)
        self.rounds.append(r)
        self.current = Round([Seat(held=s.held) for s in r.seats])
        results, _outcome = self.history()
        return results[-1] if winner is None else None

    def reopen(self) -> None:
        """Take back the last round scored: its cards are entered again, for changes.

        Raises:
            CalcError: ``no-round`` (none is scored), ``round-started`` (the round
                being entered has cards or an end already: clear it first).
        """
        if not self.rounds:
            raise error("no-round", "no round is scored yet")
        if not self.current.empty():
            raise error("round-started", "the next round has cards already")
        self.current = self.rounds.pop()

    # ------------------------------------------------------------------ saving

    def to_dict(self) -> dict[str, Any]:
        """The table as JSON-ready data (cards as the engine's ids, events as slugs;
        :func:`seasalt.calc.saves.table_dict`)."""
        return table_dict(self.names, self.options, self.rounds, self.current)

    def dumps(self) -> str:
        """:meth:`to_dict` as JSON text."""
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Any) -> Calculator:
        """A table saved by :meth:`to_dict`, checked as a change would be.

        Raises:
            CalcError: ``corrupt`` (``detail`` says what, in English): not a table of
                this format and version, a value of the wrong type, a card twice or
                beyond the deck in a round, an Extra Salt card or an event the options
                exclude, a duo in front that is none, a scored round without an end,
                a round after the game's end.
        """
        names, options, rounds, current = read_table(data)
        calc = cls(len(names), names, **options)
        calc.rounds, calc.current = rounds, current
        return calc

    @classmethod
    def loads(cls, text: object) -> Calculator:
        """:meth:`from_dict` of JSON text.

        The text is read by the loader games' saves use, within limits
        (:func:`seasalt.calc.saves.load_text`): no text, however deep or long, raises
        anything but :class:`CalcError`.

        Raises:
            CalcError: ``corrupt`` (not text, too long or deep, not JSON, a number of
                too many digits, or see :meth:`from_dict`).
        """
        return cls.from_dict(load_text(text))


def _name(name: Any) -> str:
    return str(name).strip()[:MAX_NAME]
