"""The cards a player enters in the score calculator, and why an entry is refused.

Card types, colours and Extra Pepper events are read from the engine's enums or their
slugs (:func:`read_kind`, :func:`read_colour`, :func:`read_event`); :func:`copies` is
the deck's copies of a card (R1, A.1); :func:`check_group` checks one duo or trio in
front (R4.2, A.2, A.6; B.3.3). A :class:`Seat` is one player's cards in one round, a
:class:`Round` every player's, with the round's event and how it ended. Every refusal
is a :class:`CalcError` whose ``reason`` (one of :data:`REASONS`) and ``fields`` let
the presenter say why (:mod:`seasalt.ssp.present.calc`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from seasalt.core import safejson
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
from seasalt.ssp.setup import MAX_PLAYERS, MIN_PLAYERS

#: Where a player's card is: in hand (revealed or not) or in front (duos, trios).
HAND = "hand"
FRONT = "front"
ZONES: tuple[str, ...] = (HAND, FRONT)
#: The options a table has (R11; docs/rules-expansions.md A, B), all off by default.
OPTIONS: tuple[str, ...] = ("extra_salt", "extra_pepper", "double_target")
#: Why a change is refused (:attr:`CalcError.reason`).
REASONS: tuple[str, ...] = (
    "players", "no-player", "unknown-card", "extra-salt-off", "deck-limit",
    "not-in-front", "no-duo", "rodeo", "starfish", "open-duo", "no-end", "game-over",
    "extra-pepper-off", "unknown-event", "event-taken", "salt-in-use", "fixed",
    "no-round", "round-started", "corrupt")
_STARFISH = Kind.STARFISH
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
        added: ``(zone, card id)`` in the order entered, for
            :meth:`~seasalt.calc.table.Calculator.undo`
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


def error(reason: str, message: str, **fields: Any) -> CalcError:
    """A :class:`CalcError` (a shorthand for ``raise error(...)``)."""
    return CalcError(reason, message, **fields)


def read_kind(kind: Kind | str | int) -> Kind:
    """A card type from its enum, its value or its slug (``"crab"``; case and spaces
    around ignored).

    Raises:
        CalcError: ``unknown-card``.
    """
    try:
        if isinstance(kind, str):
            return next(k for k in Kind if k.slug == kind.strip().lower())
        return Kind(kind)
    except (StopIteration, ValueError):
        raise error("unknown-card", f"unknown card type {safejson.shown(kind)}") from None


def read_colour(colour: Colour | str | int) -> Colour:
    """A colour from its enum, its value or its slug (``"dark-blue"``), as
    :func:`read_kind`.

    Raises:
        CalcError: ``unknown-card``.
    """
    try:
        if isinstance(colour, str):
            return next(c for c in Colour if c.slug == colour.strip().lower())
        return Colour(colour)
    except (StopIteration, ValueError):
        raise error("unknown-card", f"unknown colour {safejson.shown(colour)}") from None


def read_event(event: Event | str | int) -> Event:
    """An Extra Pepper event from its enum, its value or its slug, as :func:`read_kind`.

    Raises:
        CalcError: ``unknown-event``.
    """
    try:
        if isinstance(event, str):
            return next(e for e in Event if e.slug == event.strip().lower())
        return Event(event)
    except (StopIteration, ValueError):
        raise error("unknown-event", f"unknown event {safejson.shown(event)}") from None


def copies(kind: Kind | str, colour: Colour | str, extra_salt: bool = True) -> list[int]:
    """The ids of the deck's copies of a card (R1, A.1), in id order; ``[]`` when no
    card has that type and colour (or it is an Extra Salt card and ``extra_salt`` is
    off)."""
    k, c = read_kind(kind), read_colour(colour)
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
        raise error("corrupt", f"a group in front holds {len(group)} cards", detail="front")
    for i, c in enumerate(group):
        kind = Kind(KIND_OF[c])
        if kind == _STARFISH:
            if i != 2:
                raise error("starfish", "a Starfish goes in front only as a duo's third card")
        elif CATEGORY_OF_KIND[kind] != Category.DUO:
            raise error("not-in-front", f"a {kind.title} is never played in front",
                         kind=kind)
    if len(group) == 1:
        if not open_ok:
            raise error("open-duo", "a duo in front lacks its second card")
        return
    effect = duo_effect(group[0], group[1])
    kinds = (Kind(KIND_OF[group[0]]), Kind(KIND_OF[group[1]]))
    if effect is None:
        raise error("no-duo", f"{kinds[0].title} and {kinds[1].title} make no duo",
                     kinds=kinds)
    if effect in _RODEO_DUOS and not rodeo:
        raise error("rodeo", f"two {kinds[0].title} cards make a duo only with Extra "
                     "Pepper's Water Rodeo", kind=kinds[0])


def check_players(players: Any) -> None:
    """Check a number of players (R2: 2 to 4).

    Raises:
        CalcError: ``players``.
    """
    if isinstance(players, bool) or not isinstance(players, int) or not (
            MIN_PLAYERS <= players <= MAX_PLAYERS):
        raise error("players", f"2 to 4 players, not {safejson.shown(players)}", count=players)


def check_event(rnd: Round, extra_pepper: bool, event: Event | str | None,
                holder: int | None) -> int | None:
    """An Extra Pepper event said for ``rnd``: the table event (``holder`` ``None``) or
    the one seat ``holder`` holds (B.1); each event exists once.

    Returns:
        The event, or ``None`` for none (``None`` or '').

    Raises:
        CalcError: ``extra-pepper-off``, ``unknown-event``, ``event-taken`` (on the
            table or held by another player of ``rnd``).
    """
    if event is None or event == "":
        return None
    if not extra_pepper:
        raise error("extra-pepper-off", "events are Extra Pepper's")
    e = int(read_event(event))
    taken = [rnd.event] if holder is not None else []
    taken += [s.held for p, s in enumerate(rnd.seats) if p != holder]
    if e in taken:
        raise error("event-taken", f"{Event(e).title} is already in play (each event "
                    "exists once)", event=Event(e))
    return e
