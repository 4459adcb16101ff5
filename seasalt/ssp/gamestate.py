"""The :class:`State` of a game of Sea Salt & Paper: its fields, grouped by kind.

The fields are described once, in :data:`FIELDS` (name, shape, item type, group);
the code that must touch every field reads that table instead of listing them:
:meth:`State.copy` (generated from it at import, as fast as hand-written
assignments), the snapshot (:mod:`seasalt.ssp.snapshot`) and the view /
determinization pair (:data:`PUBLIC`, :func:`public_fields`, :func:`set_public`).

Rules: the state holds what docs/rules.md R2-R10 and docs/rules-expansions.md talk about;
the rules that move it live in :mod:`~seasalt.ssp.setup`, :mod:`~seasalt.ssp.legal`,
:mod:`~seasalt.ssp.turn`, :mod:`~seasalt.ssp.round_end`, :mod:`~seasalt.ssp.knowledge`
and :mod:`~seasalt.ssp.pepper`; :mod:`seasalt.ssp.state` gathers the public names.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from seasalt.core.interface import Outcome

#: R4.3: card points needed to announce STOP or LAST CHANCE.
END_THRESHOLD: int = 7


class Phase(IntEnum):
    """Which decision the seat to move faces."""

    DRAW = 0
    """R4.1: draw two or take a discard top."""
    KEEP = 1
    """R4.1(a): choose the card to keep and the pile for the other."""
    PLAY = 2
    """R4.2/R4.3: play duos, announce an end, or end the turn."""
    CRAB_PICK = 3
    """R4.2 Crab duo: pick a card from the chosen pile."""
    GAME_OVER = 4
    LOBSTER_PICK = 5
    """Extra Salt A.4 Lobster duo: keep one of the cards seen."""
    KEEP_EVENT = 6
    """Extra Pepper B.4 step 5: between rounds, the seat that received an event
    while holding one keeps only one of them."""
    ANGELFISH = 7
    """Extra Pepper B.3.10 (Decision 5): at the end of the turn, take a discard top or pass.
    Offered once, when the player ends the turn, announces STOP or LAST CHANCE (a
    Boat duo does not end the turn: the check comes at the end of the extra turn);
    never on a Jellyfish forced turn."""
    SWAP = 8
    """Extra Pepper B.3.3 Water Rodeo SWAP: after looking at a hand, swap a card or pass."""
    STEAL_PAIR = 9
    """Extra Pepper B.3.3 Water Rodeo STEAL_PAIR: choose the placed duo to take."""


class Call(IntEnum):
    """R6: the end announced this round."""

    NONE = 0
    STOP = 1
    LAST_CHANCE = 2


PHASE_NAMES = {Phase.DRAW: "draw", Phase.KEEP: "keep", Phase.PLAY: "play",
               Phase.CRAB_PICK: "crab-pick", Phase.GAME_OVER: "game-over",
               Phase.LOBSTER_PICK: "lobster-pick", Phase.KEEP_EVENT: "keep-event",
               Phase.ANGELFISH: "angelfish", Phase.SWAP: "swap", Phase.STEAL_PAIR: "steal-pair"}
CALL_NAMES = {Call.NONE: None, Call.STOP: "stop", Call.LAST_CHANCE: "last-chance"}


class Shape(IntEnum):
    """How a field's value is built, hence copied and written out."""

    VALUE = 0
    """An int, bool, enum, ``None`` or an object never changed once set (shared)."""
    LIST = 1
    """A flat list of ints or bools."""
    PAIR = 2
    """Exactly two flat lists (the discard piles and their candidates)."""
    NESTED = 3
    """A list of flat lists (one per seat)."""
    KNOWN = 4
    """The R5 knowledge table: a list of rows of flat lists."""
    LOG = 5
    """The event log: a list of dicts, or ``None`` when not kept."""


@dataclass(frozen=True, slots=True)
class Field:
    """One :class:`State` field.

    Attributes:
        name: the attribute's name.
        shape: a :class:`Shape`.
        item: the type of the value (VALUE) or of the items (lists): ``int``,
            ``bool``, :class:`Phase`, :class:`Call`, ``dict`` (a JSON object),
            ``Outcome``, or ``object`` (JSON data kept as it is).
        pepper: in the Extra Pepper group: never changed in a game without it (a
            copy shares the lists), absent from its snapshots.
        public: the :class:`~seasalt.ssp.view.View` has a field of the same name
            and content (tuples for lists), for every seat.
        default: for the Extra Pepper group, the value in a game without it, from
            the number of players.
    """

    name: str
    shape: Shape
    item: type
    pepper: bool = False
    public: bool = False
    default: Callable[[int], Any] | None = None


_V, _L, _P, _N = Shape.VALUE, Shape.LIST, Shape.PAIR, Shape.NESTED

#: Every :class:`State` field, in slot order.
FIELDS: tuple[Field, ...] = (
    Field("n", _V, int),
    Field("seed", _V, int),
    Field("options", _V, dict, public=True),
    Field("target", _V, int, public=True),
    Field("rng", _V, int),
    Field("ply", _V, int, public=True),
    Field("round", _V, int, public=True),
    Field("scores", _L, int, public=True),
    Field("draw", _L, int),
    Field("piles", _P, int),
    Field("hands", _N, int),
    Field("fronts", _N, int, public=True),
    Field("current", _V, int),
    Field("phase", _V, Phase),
    Field("drawn", _L, int),
    Field("crab_pile", _V, int),
    Field("looked", _L, int),
    Field("forced", _L, bool, public=True),
    Field("extra_turn", _V, bool, public=True),
    Field("starter", _V, int, public=True),
    Field("call", _V, Call),
    Field("caller", _V, int),
    Field("final_left", _L, int, public=True),
    Field("revealed", _L, bool, public=True),
    Field("known", Shape.KNOWN, int),
    Field("cand", _P, int),
    Field("in_hands", _L, int),
    Field("ender", _V, int),
    Field("last_round", _V, object),
    Field("result", _V, Outcome),
    Field("log", Shape.LOG, object),
    Field("events", _L, int, pepper=True, default=lambda n: []),
    Field("event_discard", _L, int, pepper=True, default=lambda n: []),
    Field("table_event", _V, int, pepper=True, default=lambda n: -1),
    Field("held", _N, int, pepper=True, default=lambda n: [[] for _ in range(n)]),
    Field("pending_end", _V, int, pepper=True, default=lambda n: -1),
    Field("reef", _L, int, pepper=True, default=lambda n: [-1] * n),
    Field("swap_target", _V, int, pepper=True, default=lambda n: -1),
)
#: The Extra Pepper group (B.1-B.4).
PEPPER: tuple[Field, ...] = tuple(f for f in FIELDS if f.pepper)
#: The fields a :class:`~seasalt.ssp.view.View` shows as they are, for every seat.
PUBLIC: tuple[Field, ...] = tuple(f for f in FIELDS if f.public)


class State:
    """Everything about a game in progress (mutable; treat as a value).

    Public code should not change a state: use :func:`apply`, which copies.
    Lists are ordered bottom to top for piles (top = last element).

    Attributes:
        n: number of players (2-4, R2).
        seed: the game's seed (kept for the record; never in a view).
        options: game options (``double_target``: bool, R11).
        target: points that end the game (R2, R11).
        rng: the random generator's state, an int (never in a view).
        ply: number of actions applied so far in the game.
        round: round number, from 1.
        scores: game totals, one int per seat.
        draw: the draw pile, top last.
        piles: discard piles 1 and 2 (index 0 and 1), top last.
        hands: each seat's hand (card ids).
        fronts: each seat's cards in front, duos as consecutive pairs.
        current: the seat to move.
        phase: a :class:`Phase`.
        drawn: the two cards of a draw two awaiting the KEEP choice.
        crab_pile: 1 or 2 while a Crab duo's pick is pending, else 0.
        looked: the cards a Lobster duo shows while its pick is pending (A.4).
        forced: per seat, whether its next turn is a Jellyfish forced draw (A.3).
        extra_turn: whether the current turn is a Boat extra turn (R4.2).
        starter: who began this round.
        call, caller: the end announced this round (R6) and by whom (-1).
        final_left: seats still to play a LAST CHANCE final turn, in order.
        revealed: per seat, whether the hand is revealed (R6.0).
        known: ``known[o][h]``: cards that seat o knows are in seat h's hand
            (taken from a discard top, stolen from o, ...; R5). Row ``n`` (one
            more than the seats) is the public knowledge: what every seat and
            a spectator know.
        cand: per pile, the public candidates: every card that may still be in
            the pile, bottom to top (a Crab pick below the top is not public).
        in_hands: cards publicly known to be in some hand, not whose.
        ender: seat who ended the last round (R9, R10.2), -1 before any.
        events: Extra Pepper event deck (B.1), :class:`Event` values, top last
            (empty without Extra Pepper).
        event_discard: the event discard pile, in order of discarding.
        table_event: this round's table event (B.1), -1 without Extra Pepper.
        held: per seat, the events it holds (B.4; at most one at a round's start).
        pending_end: while an Angelfish choice is pending (B.3.10), the
            :class:`ActionKind` of the end chosen (END, STOP or LAST_CHANCE), else -1.
        reef: per seat, the Shell placed face down with the Coral Reef this round
            (B.3.12; the seat is protected), else -1.
        swap_target: the opponent of a pending Water Rodeo SWAP or STEAL_PAIR, else -1.
        last_round: the last finished round's result (JSON-ready dict) or None.
        result: the :class:`Outcome` once the game is over.
        log: the event log (list of dicts) or None when not kept (search).
    """

    __slots__ = tuple(f.name for f in FIELDS)

    n: int
    seed: int
    options: dict[str, Any]
    target: int
    rng: int
    ply: int
    round: int
    scores: list[int]
    draw: list[int]
    piles: list[list[int]]
    hands: list[list[int]]
    fronts: list[list[int]]
    current: int
    phase: Phase
    drawn: list[int]
    crab_pile: int
    looked: list[int]
    forced: list[bool]
    extra_turn: bool
    starter: int
    call: Call
    caller: int
    final_left: list[int]
    revealed: list[bool]
    known: list[list[list[int]]]
    cand: list[list[int]]
    in_hands: list[int]
    ender: int
    last_round: dict[str, Any] | None
    result: Outcome | None
    log: list[dict[str, Any]] | None
    events: list[int]
    event_discard: list[int]
    table_event: int
    held: list[list[int]]
    pending_end: int
    reef: list[int]
    swap_target: int

    def copy(self, *, keep_log: bool = True) -> State:
        """An independent deep copy (``keep_log=False`` drops the log, for search).

        Generated from :data:`FIELDS` (see :func:`_build_copy`); a game without
        Extra Pepper shares its (never changed) Extra Pepper lists.
        """
        raise NotImplementedError  # replaced below, once the class exists

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return all(getattr(self, k) == getattr(other, k) for k in State.__slots__)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<State n={self.n} round={self.round} ply={self.ply} current={self.current} "
                f"phase={PHASE_NAMES[self.phase]} scores={self.scores}>")


_COPY_OF: dict[Shape, str] = {
    Shape.VALUE: "self.{0}",
    Shape.LIST: "self.{0}[:]",
    Shape.PAIR: "[self.{0}[0][:], self.{0}[1][:]]",
    Shape.NESTED: "[x[:] for x in self.{0}]",
    Shape.KNOWN: "[[k[:] for k in row] for row in self.{0}]",
    Shape.LOG: "self.{0}[:] if (keep_log and self.{0} is not None) else None",
}


def _build_copy() -> Callable[..., State]:
    """Write :meth:`State.copy` from :data:`FIELDS`: one plain assignment per field,
    as fast as hand-written code (the way :mod:`dataclasses` writes ``__init__``)."""
    lines = ["def copy(self, *, keep_log=True):", "    s = _new(State)"]
    lines += [f"    s.{f.name} = {_COPY_OF[f.shape].format(f.name)}"
              for f in FIELDS if not (f.pepper and f.shape != Shape.VALUE)]
    lines.append("    if self.table_event < 0:")
    lines += [f"        s.{f.name} = self.{f.name}" for f in PEPPER if f.shape != Shape.VALUE]
    lines.append("    else:")
    lines += [f"        s.{f.name} = {_COPY_OF[f.shape].format(f.name)}"
              for f in PEPPER if f.shape != Shape.VALUE]
    lines.append("    return s")
    scope: dict[str, Any] = {"State": State, "_new": object.__new__}
    exec("\n".join(lines), scope)  # noqa: S102 - source built from the constant table above
    fn: Callable[..., State] = scope["copy"]
    fn.__doc__ = State.copy.__doc__
    fn.__qualname__ = "State.copy"
    return fn


State.copy = _build_copy()  # type: ignore[method-assign]


def _frozen(f: Field, value: Any) -> Any:
    if f.shape == Shape.LIST:
        return tuple(value)
    if f.shape == Shape.NESTED:
        return tuple(tuple(x) for x in value)
    return dict(value) if f.item is dict else value


def _thawed(f: Field, value: Any) -> Any:
    if f.shape == Shape.LIST:
        return list(value)
    if f.shape == Shape.NESTED:
        return [list(x) for x in value]
    return dict(value) if f.item is dict else value


def public_fields(s: State) -> dict[str, Any]:
    """The :data:`PUBLIC` fields of ``s`` for a view: lists as tuples, dicts copied."""
    return {f.name: _frozen(f, getattr(s, f.name)) for f in PUBLIC}


def set_public(s: State, values: Any) -> None:
    """Set the :data:`PUBLIC` fields of ``s`` from an object with attributes of the
    same names (a view): tuples as lists, dicts copied."""
    for f in PUBLIC:
        setattr(s, f.name, _thawed(f, getattr(values, f.name)))


# --------------------------------------------------------------------------- queries


def current_player(s: State) -> int:
    """The seat to move, or ``TERMINAL`` (-2) once the game is over."""
    return -2 if s.phase == Phase.GAME_OVER else s.current


def is_terminal(s: State) -> bool:
    """Whether the game is over (R10)."""
    return s.phase == Phase.GAME_OVER


def steal_targets(s: State, seat: int) -> list[int]:
    """Opponents ``seat`` may rob with Swimmer + Shark (R4.2, R6.3), or swap with
    (Extra Pepper B.3.3 SWAP).

    An opponent qualifies with at least one card in hand, an unrevealed (hence
    unprotected) hand and no Coral Reef protection (B.3.12).
    """
    return [o for o in range(s.n)
            if o != seat and s.hands[o] and not s.revealed[o] and s.reef[o] < 0]


def outcome(s: State) -> Outcome | None:
    """The :class:`Outcome` once the game is over (R10), else ``None``."""
    return s.result


def returns(s: State) -> list[float]:
    """Win shares per seat: 1 for a sole winner, 1/k each for k sharing, else 0."""
    out = [0.0] * s.n
    if s.result is not None:
        w = s.result.winners
        for o in w:
            out[o] = 1.0 / len(w)
    return out
