"""The score calculator's table: the players, the cards each one holds, the rounds and
the running totals, for people who play with real cards and score with a phone.

A :class:`Calculator` holds 2 to 4 players (names optional), the options (Extra Salt,
Extra Pepper, the double target), the rounds already scored and the round being
entered: for each player the cards in hand and the duos and trios in front, and, with
Extra Pepper, the round's event and the events each player holds; then how the round
ended (STOP or LAST CHANCE, and who called). Nothing here scores by itself: a round
is scored by the engine's one round scorer
(:func:`~seasalt.ssp.scoring.score_round_cards`), the game's end and its winner by
R10.2's functions (:mod:`seasalt.ssp.outcome`), the deck's counts are the engine's
card table (:data:`~seasalt.ssp.cards.CARDS`), the call threshold and the Mermaids
that win are Extra Pepper's hooks (:mod:`seasalt.ssp.pepper`).

Every change checks what a real table allows and raises :class:`CalcError` (its
``reason`` and ``fields`` let the presenter say why): no more copies of a card than
the deck holds, across all players (R1, A.1); Extra Salt cards only with Extra Salt
on; only duo cards in front, two by two, each pair a duo (R4.2, A.2; Swimmer +
Swimmer and Shark + Shark with Extra Pepper's Water Rodeo, B.3.3), a Starfish only as
a duo's third card (A.6); each Extra Pepper event once (B.1).

The table is JSON-ready (:meth:`Calculator.to_dict`, :meth:`Calculator.from_dict`:
what the page keeps in the browser); the totals and the outcome are never saved,
they are scored again from the cards each time.

Rules: R1 and A.1 (the deck), R2 (players, target), R4.2, A.2, A.6 (cards in front),
R4.3, B.3.8, B.3.9 (who could call: a warning), R6.1, R6.2, R6.4, R7.1 (a round's
scores), R7.2 (totals), R10.1, B.3.7 (a Mermaid win ends the game at once), R10.2
(target and tie-break), R11 (double target), B.1 (the table event applies to all, a
held event to its holder).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from seasalt.core.errors import SeasaltError
from seasalt.ssp.cards import (
    ALL_CARDS,
    BASE_DECK,
    CARDS,
    CATEGORY_OF_KIND,
    KIND_OF,
    RODEO_EFFECTS,
    Category,
    Colour,
    Event,
    Kind,
    duo_effect,
)
from seasalt.ssp.outcome import Termination, target_reached, target_winners, tie_break_step
from seasalt.ssp.pepper import end_threshold, ends_allowed, mermaids_to_win
from seasalt.ssp.scoring import (
    ROUND_ENDS,
    Breakdown,
    RoundScores,
    breakdown,
    event_mask,
    score_round_cards,
)
from seasalt.ssp.setup import MAX_PLAYERS, MIN_PLAYERS, target_for

#: The save's format name and version (:meth:`Calculator.to_dict`).
FORMAT = "seasalt-calculator"
VERSION = 1
#: Where a player's card is: in hand (revealed or not) or in front (duos, trios).
HAND = "hand"
FRONT = "front"
ZONES: tuple[str, ...] = (HAND, FRONT)
#: The longest player name kept (as the new-game form's).
MAX_NAME = 24
#: The options a table has (R11; RULES-EXPANSIONS.md A, B), all off by default.
OPTIONS: tuple[str, ...] = ("extra_salt", "extra_pepper", "double_target")
#: Why a change is refused (:attr:`CalcError.reason`).
REASONS: tuple[str, ...] = (
    "players", "no-player", "unknown-card", "extra-salt-off", "deck-limit",
    "not-in-front", "no-duo", "rodeo", "starfish", "open-duo", "no-end", "game-over",
    "extra-pepper-off", "unknown-event", "event-taken", "salt-in-use", "fixed",
    "no-round", "round-started", "corrupt")
_STARFISH = Kind.STARFISH
_MERMAID = Kind.MERMAID
_RODEO_DUOS = frozenset(RODEO_EFFECTS.values())


class CalcError(SeasaltError, ValueError):
    """A change the calculator refuses, or a save it cannot read.

    Attributes:
        reason: one of :data:`REASONS` (the presenter words it).
        fields: what the sentence needs: ``player`` (seat from 0), ``kind`` and
            ``colour`` (:class:`Kind`, :class:`Colour`), ``kinds`` (two kinds),
            ``count`` (copies the deck holds), ``where`` (``[(seat, copies)]``: who
            has them), ``event`` (:class:`Event`), ``detail`` (a corrupt save: what
            is wrong, in English).
    """

    def __init__(self, reason: str, message: str, **fields: Any) -> None:
        super().__init__(message)
        self.reason = reason
        self.fields = fields


@dataclass
class Seat:
    """One player's cards in one round.

    Attributes:
        hand: card ids in hand (revealed or not), in the order entered.
        front: the duos and trios in front, in the order placed, each a list of ids
            (a duo's two cards, a trio's Starfish last); the last one may hold a single
            card while its duo is being entered (an *open* duo).
        held: the Extra Pepper event the player holds (B.1), or ``None``.
        added: ``(zone, card id)`` in the order entered, for :meth:`Calculator.undo`
            (a card removed since is skipped).
    """

    hand: list[int] = field(default_factory=list)
    front: list[list[int]] = field(default_factory=list)
    held: int | None = None
    added: list[tuple[str, int]] = field(default_factory=list)

    def front_ids(self) -> list[int]:
        """The cards in front as the engine reads them (duos as consecutive pairs, a
        trio's Starfish after its pair: :func:`~seasalt.ssp.cards.front_groups`)."""
        return [c for g in self.front for c in g]

    def cards(self) -> list[int]:
        """Every card of the player, hand then front."""
        return [*self.hand, *self.front_ids()]

    def open_duo(self) -> bool:
        """Whether the last duo in front lacks its second card."""
        return bool(self.front) and len(self.front[-1]) == 1


@dataclass
class Round:
    """One round: each player's cards, the round's event and how it ended.

    Attributes:
        seats: one :class:`Seat` per player, seat order.
        event: the round's table event (Extra Pepper, B.1), or ``None``.
        end: ``"stop"`` or ``"last-chance"`` (:data:`~seasalt.ssp.scoring.ROUND_ENDS`),
            or ``None`` until said.
        caller: the seat that called it, or ``None``.
    """

    seats: list[Seat]
    event: int | None = None
    end: str | None = None
    caller: int | None = None

    def used(self) -> set[int]:
        """Every card entered in the round, all players together."""
        return {c for s in self.seats for c in s.cards()}

    def events(self, seat: int) -> list[int]:
        """The Extra Pepper events that apply to ``seat`` (B.1: the table event first,
        then its held one)."""
        out = [] if self.event is None else [self.event]
        held = self.seats[seat].held
        return out if held is None else [*out, held]

    def empty(self) -> bool:
        """Whether nothing of the round is entered yet (held events aside)."""
        return not self.used() and self.event is None and self.end is None and (
            self.caller is None)


def _error(reason: str, message: str, **fields: Any) -> CalcError:
    return CalcError(reason, message, **fields)


def _kind(kind: Kind | str | int) -> Kind:
    try:
        if isinstance(kind, str):
            return next(k for k in Kind if k.slug == kind.strip().lower())
        return Kind(kind)
    except (StopIteration, ValueError):
        raise _error("unknown-card", f"unknown card type {kind!r}") from None


def _colour(colour: Colour | str | int) -> Colour:
    try:
        if isinstance(colour, str):
            return next(c for c in Colour if c.slug == colour.strip().lower())
        return Colour(colour)
    except (StopIteration, ValueError):
        raise _error("unknown-card", f"unknown colour {colour!r}") from None


def _event(event: Event | str | int) -> Event:
    try:
        if isinstance(event, str):
            return next(e for e in Event if e.slug == event.strip().lower())
        return Event(event)
    except (StopIteration, ValueError):
        raise _error("unknown-event", f"unknown event {event!r}") from None


def copies(kind: Kind | str, colour: Colour | str, extra_salt: bool = True) -> list[int]:
    """The ids of the deck's copies of a card (R1, A.1), in id order; ``[]`` when no
    card has that type and colour (or it is an Extra Salt card and ``extra_salt`` is
    off)."""
    k, c = _kind(kind), _colour(colour)
    deck = ALL_CARDS if extra_salt else BASE_DECK
    return [i for i in deck if CARDS[i].kind == k and CARDS[i].colour == c]


def check_group(group: Sequence[int], rodeo: bool, open_ok: bool = False) -> None:
    """Check one duo or trio in front (R4.2, A.2, A.6; B.3.3).

    Args:
        group: its card ids, in order (a trio's Starfish last).
        rodeo: Swimmer + Swimmer and Shark + Shark are duos (Extra Pepper on).
        open_ok: a single duo card is allowed (a duo being entered).

    Raises:
        CalcError: ``not-in-front`` (a card that is never played), ``no-duo`` (two
            cards that make no duo), ``rodeo`` (a Water Rodeo duo without Extra
            Pepper), ``starfish`` (a Starfish that is not a duo's third card),
            ``open-duo`` (a single card where none is allowed).
    """
    if not group or len(group) > 3:
        raise _error("corrupt", f"a group in front holds {len(group)} cards", detail="front")
    for i, c in enumerate(group):
        kind = Kind(KIND_OF[c])
        if kind == _STARFISH:
            if i != 2:
                raise _error("starfish", "a Starfish goes in front only as a duo's third card")
        elif CATEGORY_OF_KIND[kind] != Category.DUO:
            raise _error("not-in-front", f"a {kind.title} is never played in front",
                         kind=kind)
    if len(group) == 1:
        if not open_ok:
            raise _error("open-duo", "a duo in front lacks its second card")
        return
    effect = duo_effect(group[0], group[1])
    kinds = (Kind(KIND_OF[group[0]]), Kind(KIND_OF[group[1]]))
    if effect is None:
        raise _error("no-duo", f"{kinds[0].title} and {kinds[1].title} make no duo",
                     kinds=kinds)
    if effect in _RODEO_DUOS and not rodeo:
        raise _error("rodeo", f"two {kinds[0].title} cards make a duo only with Extra "
                     "Pepper's Water Rodeo", kind=kinds[0])


class Calculator:
    """A score table for a game played with real cards (see the module docstring).

    Args:
        players: 2 to 4 (R2).
        names: display names, seat order ('' or missing: the presenter's default).
        extra_salt, extra_pepper: the expansions (RULES-EXPANSIONS.md A, B).
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
        _check_players(players)
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
            raise _error("no-player", f"no player {player!r}", player=player)
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
        r = rnd or self.current
        return r.events(player) if self.options["extra_pepper"] else []

    def breakdowns(self, rnd: Round | None = None) -> list[Breakdown]:
        """Each player's card points by part and colour bonus (R6.4, R7.1), from the
        engine's :func:`~seasalt.ssp.scoring.breakdown`, for ``rnd`` (default: the round
        being entered)."""
        r = rnd or self.current
        return [breakdown(s.hand, s.front_ids(), self.events(p, r))
                for p, s in enumerate(r.seats)]

    def mermaid_winner(self, rnd: Round | None = None) -> int | None:
        """R10.1: the player holding the Mermaids that win at once (4, or 3 with Dance
        of the Mermaids, B.3.7), else ``None``."""
        r = rnd or self.current
        for p, s in enumerate(r.seats):
            n = sum(1 for c in s.cards() if KIND_OF[c] == _MERMAID)
            if n >= mermaids_to_win(event_mask(self.events(p, r))):
                return p
        return None

    def scores(self, rnd: Round | None = None) -> RoundScores | None:
        """``rnd``'s scores (default: the round being entered) by the engine's round
        scorer, once its end and caller are said and no duo in front is open; else
        ``None``."""
        r = rnd or self.current
        if r.end is None or r.caller is None or any(s.open_duo() for s in r.seats):
            return None
        return score_round_cards([s.hand for s in r.seats], [s.front_ids() for s in r.seats],
                                 r.end, r.caller, [self.events(p, r) for p in range(
                                     self.players)] if self.options["extra_pepper"] else None)

    def may_call(self, player: int, rnd: Round | None = None) -> tuple[str, ...]:
        """The ends ``player``'s cards allow announcing (R4.3: 7 card points; B.3.8
        Treasure Chest: 10; B.3.9 Diodon Fish: LAST CHANCE only)."""
        r = rnd or self.current
        fx = event_mask(self.events(player, r))
        points = breakdown(r.seats[player].hand, r.seats[player].front_ids(), self.events(
            player, r)).card_points
        return ends_allowed(points, fx)

    def call_threshold(self, player: int) -> int:
        """The card points ``player`` needed to call this round (R4.3, B.3.8)."""
        return end_threshold(event_mask(self.events(player)))

    def history(self) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
        """The rounds scored, as the engine reports rounds, and how the game ended.

        Returns:
            ``(results, outcome)``: one result per scored round
            (:meth:`~seasalt.ssp.scoring.RoundScores.result`: parts, round scores,
            totals...), a round won by R10.1's Mermaids aside; ``outcome`` is ``None``
            while the game goes on, else ``{"termination" ("target" or
            "four-mermaids"), "winners" (seats), "scores" (totals), "tie_break" (R10.2's
            step or ``None``), "round" (the round it ended in)}``.
        """
        totals = [0] * self.players
        results: list[dict[str, Any]] = []
        for number, r in enumerate(self.rounds, start=1):
            winner = self.mermaid_winner(r)
            if winner is not None:
                return results, {"termination": str(Termination.FOUR_MERMAIDS),
                                 "winners": [winner], "scores": list(totals),
                                 "tie_break": None, "round": number}
            scored = self.scores(r)
            if scored is None:  # from_dict and score_round refuse it: never here
                raise _error("no-end", f"round {number} has no end")
            totals = [t + x for t, x in zip(totals, scored.round_scores, strict=True)]
            results.append(scored.result(number, [s.hand for s in r.seats],
                                         [s.front_ids() for s in r.seats], totals,
                                         [self.events(p, r) for p in range(self.players)]))
            if target_reached(totals, self.target):
                assert r.caller is not None
                winners = target_winners(totals, r.caller, scored.round_scores)
                return results, {"termination": str(Termination.TARGET),
                                 "winners": list(winners), "scores": list(totals),
                                 "tie_break": tie_break_step(totals, r.caller, winners),
                                 "round": number}
        return results, None

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
            raise _error("game-over", "the game is over: take back its last round or "
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
            raise _error("corrupt", f"unknown zone {zone!r}", detail="zone")
        k, c = _kind(kind), _colour(colour)
        every = copies(k, c)
        if not every:
            raise _error("unknown-card", f"no {k.title} is {c.title}", kind=k, colour=c)
        if not self.options["extra_salt"] and every[0] not in BASE_DECK:
            raise _error("extra-salt-off", f"the {k.title} is an Extra Salt card",
                         kind=k, colour=c)
        used = self.current.used()
        free = [i for i in every if i not in used]
        if not free:
            where = [(p, sum(1 for x in s.cards() if x in every))
                     for p, s in enumerate(self.current.seats)]
            raise _error("deck-limit", f"no {k.title} ({c.title}) left: the deck holds "
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
                raise _error("starfish", "a Starfish goes in front only as a duo's third "
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
        raise _error("unknown-card", f"player {player + 1} has no card {card!r}")

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
        _check_players(players)
        if players == self.players:
            return
        if self.rounds:
            raise _error("fixed", "the players are fixed once a round is scored")
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
            raise _error("corrupt", f"unknown option {name!r}", detail="option")
        on = bool(on)
        if self.options[name] == on:
            return
        if self.rounds:
            raise _error("fixed", "the options are fixed once a round is scored")
        if name == "extra_salt" and not on and any(
                c not in BASE_DECK for c in self.current.used()):
            raise _error("salt-in-use", "remove the Extra Salt cards first")
        self.options[name] = on
        if name == "extra_pepper" and not on:
            self.current.event = None
            for s in self.current.seats:
                s.held = None

    def _check_event(self, event: Event | str | None, holder: int | None) -> int | None:
        if event is None or event == "":
            return None
        if not self.options["extra_pepper"]:
            raise _error("extra-pepper-off", "events are Extra Pepper's")
        e = int(_event(event))
        taken = [self.current.event] if holder is not None else []
        taken += [s.held for p, s in enumerate(self.current.seats) if p != holder]
        if e in taken:
            raise _error("event-taken", f"{Event(e).title} is already in play (each event "
                         "exists once)", event=Event(e))
        return e

    def set_event(self, event: Event | str | None) -> None:
        """The round's table event (Extra Pepper, B.1; it applies to every player), or
        ``None`` (or '').

        Raises:
            CalcError: ``game-over``, ``extra-pepper-off``, ``unknown-event``,
                ``event-taken`` (a player holds it).
        """
        self._open()
        self.current.event = self._check_event(event, None)

    def set_held(self, player: int, event: Event | str | None) -> None:
        """The event ``player`` holds this round (Extra Pepper, B.1, B.4), or ``None``.

        Raises:
            CalcError: ``game-over``, ``no-player``, ``extra-pepper-off``,
                ``unknown-event``, ``event-taken`` (on the table or held by another).
        """
        self._open()
        seat = self._seat(player)
        seat.held = self._check_event(event, player)

    def set_end(self, end: str | None) -> None:
        """How the round ended: ``"stop"`` or ``"last-chance"`` (R6), or ``None``.

        Raises:
            CalcError: ``game-over``, ``no-end`` (an unknown end).
        """
        self._open()
        if end is not None and end not in ROUND_ENDS:
            raise _error("no-end", f"unknown end {end!r}")
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
                raise _error("no-end", "say how the round ended and who called")
            for p, s in enumerate(r.seats):
                if s.open_duo():
                    raise _error("open-duo", "a duo in front lacks its second card",
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
            raise _error("no-round", "no round is scored yet")
        if not self.current.empty():
            raise _error("round-started", "the next round has cards already")
        self.current = self.rounds.pop()

    # ------------------------------------------------------------------ saving

    def to_dict(self) -> dict[str, Any]:
        """The table as JSON-ready data (cards as the engine's ids, events as slugs)."""
        return {"format": FORMAT, "version": VERSION, "names": list(self.names),
                "options": dict(self.options),
                "rounds": [_round_dict(r) for r in self.rounds],
                "current": _round_dict(self.current)}

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
        try:
            return _load(data)
        except CalcError as e:
            if e.reason == "corrupt":
                raise
            raise _error("corrupt", str(e), detail=str(e)) from None
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            raise _error("corrupt", f"not a score table: {e}", detail=str(e)) from None

    @classmethod
    def loads(cls, text: str) -> Calculator:
        """:meth:`from_dict` of JSON text.

        Raises:
            CalcError: ``corrupt`` (not JSON, or see :meth:`from_dict`).
        """
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as e:
            raise _error("corrupt", f"not JSON: {e}", detail="json") from None
        return cls.from_dict(data)


def _check_players(players: Any) -> None:
    if isinstance(players, bool) or not isinstance(players, int) or not (
            MIN_PLAYERS <= players <= MAX_PLAYERS):
        raise _error("players", f"2 to 4 players, not {players!r}", count=players)


def _name(name: Any) -> str:
    return str(name).strip()[:MAX_NAME]


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
        raise _error("corrupt", f"not a list of card ids: {values!r}", detail="cards")
    return list(values)


def _load_round(calc: Calculator, data: Mapping[str, Any], scored: bool) -> Round:
    seats_data = data["seats"]
    if not isinstance(seats_data, list) or len(seats_data) != calc.players:
        raise _error("corrupt", "one entry per player expected", detail="seats")
    rnd = Round([Seat() for _ in range(calc.players)])
    calc.current = rnd  # events are checked against the round being read
    for p, sd in enumerate(seats_data):
        seat = rnd.seats[p]
        seat.hand = _ids(sd["hand"])
        front = sd["front"]
        if not isinstance(front, list):
            raise _error("corrupt", "front: a list of groups expected", detail="front")
        seat.front = [_ids(g) for g in front]
        for i, g in enumerate(seat.front):
            check_group(g, calc.options["extra_pepper"],
                        open_ok=not scored and i == len(seat.front) - 1)
        if sd.get("held") is not None:
            seat.held = calc._check_event(str(sd["held"]), p)
        added = sd.get("added") or []
        seat.added = [(str(z), int(c)) for z, c in added
                      if z in ZONES and isinstance(c, int) and not isinstance(c, bool)]
    cards = [c for s in rnd.seats for c in s.cards()]
    if len(cards) != len(set(cards)):
        raise _error("corrupt", "a card is entered twice in a round", detail="twice")
    deck = ALL_CARDS if calc.options["extra_salt"] else BASE_DECK
    if any(c not in deck for c in cards):
        raise _error("corrupt", "an Extra Salt card with Extra Salt off", detail="salt")
    if data.get("event") is not None:
        rnd.event = calc._check_event(str(data["event"]), None)
    end, caller = data.get("end"), data.get("caller")
    if end is not None and end not in ROUND_ENDS:
        raise _error("corrupt", f"unknown end {end!r}", detail="end")
    if caller is not None and (isinstance(caller, bool) or not isinstance(caller, int)
                               or not 0 <= caller < calc.players):
        raise _error("corrupt", f"no player {caller!r}", detail="caller")
    rnd.end, rnd.caller = end, caller
    if scored and calc.mermaid_winner(rnd) is None and calc.scores(rnd) is None:
        raise _error("corrupt", "a scored round without an end", detail="end")
    return rnd


def _load(data: Any) -> Calculator:
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise _error("corrupt", "not a score table", detail="format")
    if data.get("version") != VERSION:
        raise _error("corrupt", f"version {data.get('version')!r}", detail="version")
    names = data["names"]
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise _error("corrupt", "names: a list of text expected", detail="names")
    options = data.get("options") or {}
    if not isinstance(options, Mapping) or set(options) - set(OPTIONS) or not all(
            isinstance(v, bool) for v in options.values()):
        raise _error("corrupt", "bad options", detail="options")
    calc = Calculator(len(names), names, **{k: bool(v) for k, v in options.items()})
    rounds_data = data["rounds"]
    if not isinstance(rounds_data, list):
        raise _error("corrupt", "rounds: a list expected", detail="rounds")
    for rd in rounds_data:
        if calc.over:
            raise _error("corrupt", "a round after the game's end", detail="over")
        calc.rounds.append(_load_round(calc, rd, scored=True))
    calc.current = _load_round(calc, data["current"], scored=False)
    return calc

