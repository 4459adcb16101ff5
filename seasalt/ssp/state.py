"""The state of a game of Sea Salt & Paper and the rules that move it.

:func:`new_game` creates a state; :func:`legal_actions` lists what the seat to
move may do; :func:`apply` checks an action and returns a new state (the old
one is never changed); :func:`apply_in_place` is the unchecked fast path that
search code uses on its own copies. The random generator's state lives inside
the :class:`State` (field ``rng``), so the same seed and the same actions give
the same game on every machine.

Rules: RULES.md R2-R10 (every section is cited where it is implemented).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from enum import IntEnum
from typing import Any

from seasalt.core.errors import IllegalActionError, Reason
from seasalt.core.interface import Outcome
from seasalt.ssp.actions import (
    DRAW,
    END,
    LAST_CHANCE,
    PASS,
    STOP,
    Action,
    ActionKind,
    action_to_str,
)
from seasalt.ssp.cards import (
    CATEGORY_OF_KIND,
    COLOUR_OF,
    DUO_EFFECTS,
    KIND_OF,
    RODEO_EFFECTS,
    Category,
    Event,
    Kind,
    deck_for,
    events_for,
    front_groups,
)
from seasalt.ssp.outcome import Termination
from seasalt.ssp.scoring import breakdown, card_points

_CRAB, _BOAT, _FISH, _SWIMMER, _SHARK, _MERMAID = (
    Kind.CRAB, Kind.BOAT, Kind.FISH, Kind.SWIMMER, Kind.SHARK, Kind.MERMAID)
_JELLYFISH, _LOBSTER, _STARFISH = Kind.JELLYFISH, Kind.LOBSTER, Kind.STARFISH
_DUO_KINDS = frozenset((_CRAB, _BOAT, _FISH, _SWIMMER, _SHARK, _JELLYFISH, _LOBSTER))
#: A.4: cards the Lobster shows.
LOBSTER_LOOK: int = 5

#: R2: target score by number of players.
TARGETS: dict[int, int] = {2: 40, 3: 35, 4: 30}
#: R4.3: card points needed to announce STOP or LAST CHANCE.
END_THRESHOLD: int = 7
#: Extra Pepper B.3.8 Treasure Chest: the threshold for a player with the effect.
TREASURE_THRESHOLD: int = 10

#: Extra Pepper event bits (``1 << Event``) of :func:`effects`.
_HERMIT = 1 << Event.HERMIT_CRAB
_SUNFISH = 1 << Event.SUNFISH
_MERMAID_DANCE = 1 << Event.DANCE_OF_THE_MERMAIDS
_TREASURE = 1 << Event.TREASURE_CHEST
_DIODON = 1 << Event.DIODON_FISH
_DOLPHINS = 1 << Event.DOLPHINS
_RODEO = 1 << Event.WATER_RODEO
_ANGELFISH = 1 << Event.ANGELFISH
_CORAL = 1 << Event.CORAL_REEF
_SHELL = Kind.SHELL
_ENDS = (ActionKind.END, ActionKind.STOP, ActionKind.LAST_CHANCE)
#: B.3.11: the kinds whose discard triggers Dolphins (collectors and the Seahorse).
_DOLPHIN_KIND: tuple[bool, ...] = tuple(
    CATEGORY_OF_KIND[k] == Category.COLLECTOR or k == Kind.SEAHORSE for k in Kind)


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

    __slots__ = (
        "n", "seed", "options", "target", "rng", "ply", "round", "scores", "draw", "piles",
        "hands", "fronts", "current", "phase", "drawn", "crab_pile", "looked", "forced",
        "extra_turn", "starter",
        "call", "caller", "final_left", "revealed", "known", "cand", "in_hands", "ender",
        "last_round", "result", "log", "events", "event_discard", "table_event", "held",
        "pending_end", "reef", "swap_target",
    )

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
        """An independent deep copy (``keep_log=False`` drops the log, for search)."""
        s = State.__new__(State)
        s.n = self.n
        s.seed = self.seed
        s.options = self.options
        s.target = self.target
        s.rng = self.rng
        s.ply = self.ply
        s.round = self.round
        s.scores = self.scores[:]
        s.draw = self.draw[:]
        s.piles = [self.piles[0][:], self.piles[1][:]]
        s.hands = [h[:] for h in self.hands]
        s.fronts = [f[:] for f in self.fronts]
        s.current = self.current
        s.phase = self.phase
        s.drawn = self.drawn[:]
        s.crab_pile = self.crab_pile
        s.looked = self.looked[:]
        s.forced = self.forced[:]
        s.extra_turn = self.extra_turn
        s.starter = self.starter
        s.call = self.call
        s.caller = self.caller
        s.final_left = self.final_left[:]
        s.revealed = self.revealed[:]
        s.known = [[k[:] for k in row] for row in self.known]
        s.cand = [self.cand[0][:], self.cand[1][:]]
        s.in_hands = self.in_hands[:]
        s.ender = self.ender
        s.last_round = self.last_round
        s.result = self.result
        s.log = self.log[:] if (keep_log and self.log is not None) else None
        s.table_event = self.table_event
        s.pending_end = self.pending_end
        s.swap_target = self.swap_target
        if self.table_event < 0:
            # without Extra Pepper these lists are never changed: share them
            s.events = self.events
            s.event_discard = self.event_discard
            s.held = self.held
            s.reef = self.reef
        else:
            s.events = self.events[:]
            s.event_discard = self.event_discard[:]
            s.held = [h[:] for h in self.held]
            s.reef = self.reef[:]
        return s

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return all(getattr(self, k) == getattr(other, k) for k in State.__slots__)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<State n={self.n} round={self.round} ply={self.ply} current={self.current} "
                f"phase={PHASE_NAMES[self.phase]} scores={self.scores}>")


# --------------------------------------------------------------------------- setup


def new_game(players: int, seed: int, options: Mapping[str, Any] | None = None, *,
             log: bool = True) -> State:
    """Start a game: shuffle, turn up two discards, choose the first player.

    Args:
        players: 2, 3 or 4 (R2).
        seed: any int; the same seed gives the same game.
        options: ``{"double_target": bool, "extra_salt": bool, "extra_pepper":
            bool}`` (R11); unknown keys are refused. ``extra_pepper`` appears in
            the state's options only when on.
        log: keep the event log (turn off for fast simulations).

    Returns:
        The state at the start of round 1, first player to move.

    Raises:
        ValueError: bad player count, seed or option.

    Rules: R2 (targets), R3 (setup; first player at random from the seed), R11;
    Extra Pepper B.1 (the event deck is shuffled and one table event revealed).
    """
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise ValueError(f"Sea Salt & Paper is for 2 to 4 players, not {players!r} (R2)")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"the seed must be an int, not {seed!r}")
    opts = dict(options or {})
    unknown = set(opts) - {"double_target", "extra_salt", "extra_pepper"}
    if unknown:
        raise ValueError(f"unknown option(s): {', '.join(sorted(unknown))}")
    double = bool(opts.get("double_target", False))
    s = State.__new__(State)
    s.n = players
    s.seed = seed
    s.options = {"double_target": double, "extra_salt": bool(opts.get("extra_salt", False))}
    if opts.get("extra_pepper"):
        s.options["extra_pepper"] = True
    s.target = TARGETS[players] * (2 if double else 1)
    s.rng = seed
    s.ply = 0
    s.round = 0
    s.scores = [0] * players
    s.ender = -1
    s.last_round = None
    s.result = None
    s.log = [] if log else None
    r = random.Random(s.rng)
    first = r.randrange(players)
    s.events = [int(e) for e in events_for(s.options)]
    r.shuffle(s.events)
    s.rng = r.getrandbits(64)
    s.event_discard = []
    s.held = [[] for _ in range(players)]
    s.table_event = s.events.pop() if s.events else -1
    _start_round(s, first)
    return s


def _start_round(s: State, first: int) -> None:
    """R3: shuffle every card into the draw pile, two discards, empty hands."""
    n = s.n
    deck = list(deck_for(s.options))
    r = random.Random(s.rng)
    r.shuffle(deck)
    s.rng = r.getrandbits(64)
    s.round += 1
    s.draw = deck
    s.piles = [[deck.pop()], [deck.pop()]]
    s.cand = [s.piles[0][:], s.piles[1][:]]
    s.in_hands = []
    s.hands = [[] for _ in range(n)]
    s.fronts = [[] for _ in range(n)]
    s.known = [[[] for _ in range(n)] for _ in range(n + 1)]
    s.revealed = [False] * n
    s.call = Call.NONE
    s.caller = -1
    s.final_left = []
    s.drawn = []
    s.crab_pile = 0
    s.looked = []
    s.forced = [False] * n
    s.pending_end = -1
    s.reef = [-1] * n
    s.swap_target = -1
    s.starter = first
    if s.table_event >= 0:
        _event(s, "round-start", first, round=s.round, piles=[s.piles[0][-1], s.piles[1][-1]],
               event=Event(s.table_event).slug)
    else:
        _event(s, "round-start", first, round=s.round, piles=[s.piles[0][-1], s.piles[1][-1]])
    _start_turn(s, first, extra=False)


def _start_turn(s: State, seat: int, *, extra: bool) -> None:
    """Begin a (possibly extra) turn at step 1; skip an impossible draw (R4.1 Decision)."""
    s.current = seat
    s.extra_turn = extra
    s.phase = Phase.DRAW
    if s.forced[seat]:
        _event(s, "forced-turn", seat)
    elif not s.draw and not s.piles[0] and not s.piles[1]:
        _event(s, "draw-nothing", seat)
        s.phase = Phase.PLAY


# --------------------------------------------------------------------------- log


def _event(s: State, kind: str, seat: int, private: Mapping[int, Mapping[str, Any]] | None = None,
           **public: Any) -> None:
    """Append an event: public fields, plus private fields per seat (R5)."""
    if s.log is None:
        return
    e: dict[str, Any] = {"ply": s.ply, "round": s.round, "type": kind, "seat": seat, **public}
    if private:
        e["private"] = {str(k): dict(v) for k, v in private.items()}
    s.log.append(e)


# --------------------------------------------------------------------------- queries


def current_player(s: State) -> int:
    """The seat to move, or ``TERMINAL`` (-2) once the game is over."""
    return -2 if s.phase == Phase.GAME_OVER else s.current


def is_terminal(s: State) -> bool:
    """Whether the game is over (R10)."""
    return s.phase == Phase.GAME_OVER


def effects(s: State, seat: int) -> int:
    """The Extra Pepper events that apply to ``seat`` as a bit set (``1 << Event``):
    the table event and the seat's held events (B.1, B.3 "a player with the
    effect"); 0 without Extra Pepper."""
    t = s.table_event
    if t < 0:
        return 0
    m = 1 << t
    for e in s.held[seat]:
        m |= 1 << e
    return m


def has_effect(s: State, seat: int, event: Event) -> bool:
    """Whether ``event`` applies to ``seat`` (table event or held, B.1)."""
    return bool(effects(s, seat) & (1 << event))


def _events_of(s: State, seat: int) -> list[int]:
    return [s.table_event, *s.held[seat]] if s.table_event >= 0 else []


def points_of(s: State, seat: int) -> int:
    """Card points of ``seat`` now (R7.1: hand and front, colour bonus excluded;
    with the Extra Pepper events that apply to it)."""
    return card_points(s.hands[seat], s.fronts[seat], effects(s, seat))


def _swap_targets(s: State, seat: int) -> list[int]:
    """B.3.3 SWAP: opponents with a card in hand, unrevealed, not protected."""
    return steal_targets(s, seat)


def _calls(s: State, seat: int) -> tuple[Action, ...]:
    """The ends ``seat`` may announce in its play step (R4.3; B.3.8, B.3.9)."""
    if s.call != Call.NONE:
        return ()
    fx = effects(s, seat)
    if not fx:
        return (STOP, LAST_CHANCE) if points_of(s, seat) >= END_THRESHOLD else ()
    need = TREASURE_THRESHOLD if fx & _TREASURE else END_THRESHOLD
    if card_points(s.hands[seat], s.fronts[seat], fx) < need:
        return ()
    return (LAST_CHANCE,) if fx & _DIODON else (STOP, LAST_CHANCE)


def steal_targets(s: State, seat: int) -> list[int]:
    """Opponents ``seat`` may rob with Swimmer + Shark (R4.2, R6.3).

    An opponent qualifies with at least one card in hand and an unrevealed
    (hence unprotected) hand.
    """
    return [o for o in range(s.n)
            if o != seat and s.hands[o] and not s.revealed[o] and s.reef[o] < 0]


def stealable_pairs(front: list[int]) -> list[int]:
    """B.3.3 STEAL_PAIR: the first card of each placed duo that may be taken
    (pairs in the order placed; a duo of a Starfish trio may not)."""
    return [g[0] for g in front_groups(front) if len(g) == 2]


def steal_pair_targets(s: State, seat: int) -> list[int]:
    """B.3.3: opponents with a stealable duo, no revealed hand, not protected."""
    return [o for o in range(s.n) if o != seat and not s.revealed[o] and s.reef[o] < 0
            and stealable_pairs(s.fronts[o])]


def _angelfish_due(s: State, seat: int) -> bool:
    """B.3.10 (Decision 5): the seat has the effect and both discard tops share a colour."""
    p1, p2 = s.piles
    return bool(p1 and p2 and COLOUR_OF[p1[-1]] == COLOUR_OF[p2[-1]]
                and effects(s, seat) & _ANGELFISH)


def can_announce(s: State) -> bool:
    """R4.3: may the seat to move announce STOP or LAST CHANCE now?

    Only in step 2/3 of a normal or extra turn (not a final turn), when no end
    has been announced this round, with card points of at least 7 (10 with
    Extra Pepper's Treasure Chest, B.3.8; LAST CHANCE only with Diodon Fish, B.3.9).
    """
    return s.phase == Phase.PLAY and bool(_calls(s, s.current))


def legal_actions(s: State) -> list[Action]:
    """Every legal action of the seat to move, sorted; ``[]`` when the game is over.

    Rules: R4.1 (draw options, where the other card may go), R4.2 (duos and
    their parameters: Crab pile, Swimmer + Shark target; duos whose effect
    cannot happen), R4.3 / R6 (STOP and LAST CHANCE only when allowed); Extra
    Salt: A.2 duos, A.3 a forced turn's single draw, A.4 the Lobster's pick,
    A.6 trios; Extra Pepper: B.3.1 Hermit Crab's picks, B.3.8/B.3.9 calls,
    B.4 step 5 keep one event.
    """
    phase = s.phase
    if phase == Phase.DRAW:
        if s.forced[s.current]:
            return [DRAW]
        acts = [DRAW] if s.draw else []
        if s.piles[0]:
            acts.append(Action(ActionKind.TAKE, 1))
        if s.piles[1]:
            acts.append(Action(ActionKind.TAKE, 2))
        return acts
    if phase == Phase.KEEP:
        e1, e2 = not s.piles[0], not s.piles[1]
        if e1 == e2:
            dest = (1,) if e1 else (1, 2)
        else:
            dest = (1,) if e1 else (2,)
        return sorted(Action(ActionKind.KEEP, c, p) for c in s.drawn for p in dest)
    if phase == Phase.PLAY:
        acts = _duo_actions(s)
        seat = s.current
        if s.table_event < 0:  # the base game's fast path
            if s.call == Call.NONE and card_points(s.hands[seat], s.fronts[seat]) >= END_THRESHOLD:
                acts.append(STOP)
                acts.append(LAST_CHANCE)
            acts.append(END)
            return acts
        acts.extend(_calls(s, seat))
        acts.append(END)
        if s.reef[seat] < 0 and effects(s, seat) & _CORAL:
            acts.extend(Action(ActionKind.REEF, c) for c in sorted(s.hands[seat])
                        if KIND_OF[c] == _SHELL)
        return acts
    if phase == Phase.CRAB_PICK:
        return [Action(ActionKind.PICK, c) for c in sorted(s.piles[s.crab_pile - 1])]
    if phase == Phase.LOBSTER_PICK:
        return [Action(ActionKind.PICK, c) for c in sorted(s.looked)]
    if phase == Phase.KEEP_EVENT:
        return [Action(ActionKind.KEEP_EVENT, e) for e in sorted(s.held[s.current])]
    if phase == Phase.ANGELFISH:
        return [PASS, Action(ActionKind.ANGELFISH, 1), Action(ActionKind.ANGELFISH, 2)]
    if phase == Phase.SWAP:
        mine, theirs = sorted(s.hands[s.current]), sorted(s.hands[s.swap_target])
        return [PASS, *(Action(ActionKind.SWAP, m, x) for m in mine for x in theirs)]
    if phase == Phase.STEAL_PAIR:
        return [Action(ActionKind.PICK, c)
                for c in sorted(stealable_pairs(s.fronts[s.swap_target]))]
    return []


def _duo_actions(s: State) -> list[Action]:
    seat = s.current
    by_kind: dict[int, list[int]] = {}
    for c in sorted(s.hands[seat]):
        k = KIND_OF[c]
        if k in _DUO_KINDS:
            by_kind.setdefault(k, []).append(c)
    acts: list[Action] = []
    duo_kind = ActionKind.DUO
    crabs = by_kind.get(_CRAB)
    if crabs and len(crabs) >= 2:
        piles = [p for p in (1, 2) if s.piles[p - 1]] or [-1]
        if len(piles) == 2 and s.table_event >= 0 and effects(s, seat) & _HERMIT:
            piles = [1]  # B.3.1: pile 1 first, then pile 2: one action
        for i, a in enumerate(crabs):
            for b in crabs[i + 1:]:
                for p in piles:
                    acts.append(Action(duo_kind, a, b, p))
    for k in (_BOAT, _FISH):
        cs = by_kind.get(k)
        if cs and len(cs) >= 2:
            for i, a in enumerate(cs):
                for b in cs[i + 1:]:
                    acts.append(Action(duo_kind, a, b, -1))
    swimmers, sharks = by_kind.get(_SWIMMER), by_kind.get(_SHARK)
    if swimmers and sharks:
        targets = steal_targets(s, seat) or [-1]
        for a in swimmers:
            for b in sharks:
                lo, hi = (a, b) if a < b else (b, a)
                for t in targets:
                    acts.append(Action(duo_kind, lo, hi, t))
    if s.table_event >= 0 and effects(s, seat) & _RODEO:
        # B.3.3 Water Rodeo: Swimmer + Swimmer (SWAP), Shark + Shark (STEAL_PAIR)
        for cs, targets in ((swimmers, _swap_targets), (sharks, steal_pair_targets)):
            if cs and len(cs) >= 2:
                ts = targets(s, seat) or [-1]
                for i, a in enumerate(cs):
                    for b in cs[i + 1:]:
                        for t in ts:
                            acts.append(Action(duo_kind, a, b, t))
    for k1, k2 in ((_CRAB, _LOBSTER), (_SWIMMER, _JELLYFISH)):
        c1, c2 = by_kind.get(k1), by_kind.get(k2)
        if c1 and c2:
            for a in c1:
                for b in c2:
                    acts.append(Action(duo_kind, min(a, b), max(a, b), -1))
    starfish = [c for c in s.hands[seat] if KIND_OF[c] == _STARFISH]
    if starfish:
        pairs = sorted({(a.a, a.b) for a in acts})
        acts.extend(Action(ActionKind.TRIO, a, b, st) for a, b in pairs for st in starfish)
    acts.sort()
    return acts


# --------------------------------------------------------------------------- apply


def apply(s: State, action: Action) -> State:
    """Apply a legal action and return the new state; ``s`` is left unchanged.

    Args:
        s: the state.
        action: one of ``legal_actions(s)``.

    Returns:
        A new :class:`State`.

    Raises:
        IllegalActionError: the game is over (``Reason.GAME_OVER``) or the
            action is not legal now (``Reason.NOT_AVAILABLE``; the message
            names the rule). ``s`` is unchanged either way.
    """
    check_legal(s, action)
    t = s.copy()
    apply_in_place(t, action)
    return t


def check_legal(s: State, action: Action) -> None:
    """Raise :class:`IllegalActionError` unless ``action`` is legal in ``s``."""
    if s.phase == Phase.GAME_OVER:
        raise IllegalActionError("the game is over (R10)", reason=Reason.GAME_OVER,
                                 action=action)
    if not isinstance(action, Action) or action not in legal_actions(s):
        raise IllegalActionError(_why_illegal(s, action), action=action)


def _why_illegal(s: State, action: object) -> str:
    text = action_to_str(action) if isinstance(action, Action) else repr(action)
    phase = s.phase
    rule = {
        Phase.DRAW: "R4.1: first draw two from the draw pile or take a discard top",
        Phase.KEEP: "R4.1(a): keep one of the two drawn cards and put the other on a "
                    "discard pile (the empty one if exactly one is empty)",
        Phase.PLAY: "R4.2/R4.3: play a valid duo from your hand, announce STOP or LAST "
                    "CHANCE (only with at least 7 card points, no end announced yet, not "
                    "in a final turn) or end the turn",
        Phase.CRAB_PICK: "R4.2 Crab duo: pick one card of the chosen discard pile",
        Phase.LOBSTER_PICK: "Extra Salt A.4 Lobster duo: keep one of the cards seen",
        Phase.KEEP_EVENT: "Extra Pepper B.4: keep one of the events you hold",
        Phase.ANGELFISH: "Extra Pepper B.3.10 Angelfish (Decision 5): take one of the two "
                         "discard tops or pass",
        Phase.SWAP: "Extra Pepper B.3.3 Water Rodeo SWAP: swap one of your cards for one "
                    "of the opponent's, or pass",
        Phase.STEAL_PAIR: "Extra Pepper B.3.3 Water Rodeo STEAL_PAIR: take one of the "
                          "opponent's placed duos (not a trio's)",
    }[phase]
    if phase == Phase.PLAY and s.table_event >= 0:
        rule += ("; Extra Pepper: 10 card points with Treasure Chest (B.3.8), no STOP "
                 "with Diodon Fish (B.3.9), one Crab action with Hermit Crab (B.3.1), "
                 "Water Rodeo duos (B.3.3), one Shell face down with Coral Reef (B.3.12)")
    if phase == Phase.DRAW and s.forced[s.current]:
        rule = "Extra Salt A.3: a Jellyfish forced turn only draws the top card of the draw pile"
    return f"illegal action {text!r} for seat {s.current}: {rule}"


def apply_in_place(s: State, action: Action) -> None:
    """Apply ``action`` to ``s`` itself, without checking that it is legal.

    For search code working on its own copies. Use :func:`apply` elsewhere.
    """
    s.ply += 1
    kind = action.kind
    seat = s.current
    if s.table_event >= 0 and _pepper_apply(s, seat, action):
        return
    if kind == ActionKind.DRAW:
        if s.forced[seat]:
            _do_forced_draw(s, seat)
        else:
            _do_draw(s, seat)
    elif kind == ActionKind.TAKE:
        p = action.a
        card = s.piles[p - 1][-1]
        _remove_from_pile(s, p, card, public=True, holder=seat)
        s.hands[seat].append(card)
        _event(s, "take", seat, pile=p, card=card)
        s.phase = Phase.PLAY
        _check_four_mermaids(s, seat)
    elif kind == ActionKind.KEEP:
        card, p = action.a, action.b
        other = s.drawn[1] if s.drawn[0] == card else s.drawn[0]
        s.drawn = []
        s.hands[seat].append(card)
        s.piles[p - 1].append(other)
        s.cand[p - 1].append(other)
        _event(s, "keep", seat, {seat: {"card": card}}, pile=p, discarded=other)
        s.phase = Phase.PLAY
        _check_four_mermaids(s, seat)
        if (s.table_event >= 0 and _DOLPHIN_KIND[KIND_OF[other]] and s.draw
                and s.phase == Phase.PLAY and effects(s, seat) & _DOLPHINS):
            # B.3.11 Dolphins: a collector or the Seahorse discarded: draw the top card
            extra = s.draw.pop()
            s.hands[seat].append(extra)
            _event(s, "dolphins", seat, {seat: {"card": extra}})
            _check_four_mermaids(s, seat)
    elif kind == ActionKind.DUO:
        _do_duo(s, seat, action.a, action.b, action.c)
    elif kind == ActionKind.TRIO:
        _do_trio(s, seat, action.a, action.b, action.c)
    elif kind == ActionKind.PICK and s.phase == Phase.LOBSTER_PICK:
        _do_lobster_pick(s, seat, action.a)
    elif kind == ActionKind.PICK:
        p = s.crab_pile
        card = action.a
        top = s.piles[p - 1][-1] == card
        _remove_from_pile(s, p, card, public=top, holder=seat)
        s.hands[seat].append(card)
        s.crab_pile = 0
        s.phase = Phase.PLAY
        pub: dict[str, Any] = {"pile": p, "top": s.piles[p - 1][-1] if s.piles[p - 1] else None}
        if top:
            pub["card"] = card
        _event(s, "crab-pick", seat, {seat: {"card": card}}, **pub)
        _check_four_mermaids(s, seat)
        if (p == 1 and s.piles[1] and s.phase == Phase.PLAY and s.table_event >= 0
                and effects(s, seat) & _HERMIT):
            # B.3.1 Hermit Crab: then one card from pile 2
            s.crab_pile = 2
            s.phase = Phase.CRAB_PICK
            _event(s, "hermit-crab", seat, pile=2)
    elif kind == ActionKind.KEEP_EVENT:
        _do_keep_event(s, seat, action.a)
    elif kind == ActionKind.STOP:
        _announce_stop(s, seat)
    elif kind == ActionKind.LAST_CHANCE:
        _announce_last_chance(s, seat)
    else:  # END
        _event(s, "end-turn", seat)
        _end_turn(s, seat)


def _pepper_apply(s: State, seat: int, action: Action) -> bool:
    """The Extra Pepper actions and phases; ``False``: not one of them."""
    kind, phase = action.kind, s.phase
    if phase == Phase.PLAY:
        if kind in _ENDS and _angelfish_due(s, seat):
            # B.3.10 (Decision 5): at the end of the turn, before the call or R8
            s.pending_end = int(kind)
            s.phase = Phase.ANGELFISH
            _event(s, "angelfish-offer", seat, then=_END_NAMES[kind],
                   tops=[s.piles[0][-1], s.piles[1][-1]])
            return True
        if kind == ActionKind.REEF:
            # B.3.12: a Shell face down (identity private); protected for the round
            s.hands[seat].remove(action.a)
            s.reef[seat] = action.a
            _after_reef(s, seat, action.a)
            _event(s, "reef", seat, {seat: {"card": action.a}})
            return True
        return False
    if phase == Phase.ANGELFISH:
        if kind == ActionKind.ANGELFISH:
            p = action.a
            card = s.piles[p - 1][-1]
            _remove_from_pile(s, p, card, public=True, holder=seat)
            s.hands[seat].append(card)
            _event(s, "angelfish", seat, pile=p, card=card)
            _check_four_mermaids(s, seat)
            if s.phase == Phase.GAME_OVER:
                return True
        else:
            _event(s, "angelfish-pass", seat)
        end = ActionKind(s.pending_end)
        s.pending_end = -1
        s.phase = Phase.PLAY
        if end == ActionKind.STOP:
            _announce_stop(s, seat)
        elif end == ActionKind.LAST_CHANCE:
            _announce_last_chance(s, seat)
        else:
            _event(s, "end-turn", seat)
            _end_turn(s, seat)
        return True
    if phase == Phase.SWAP:
        tgt = s.swap_target
        s.swap_target = -1
        s.phase = Phase.PLAY
        if kind == ActionKind.PASS:
            _event(s, "swap-pass", seat, target=tgt)
            return True
        mine, theirs = action.a, action.b
        s.hands[seat].remove(mine)
        s.hands[tgt].remove(theirs)
        s.hands[seat].append(theirs)
        s.hands[tgt].append(mine)
        _after_swap(s, seat, tgt, mine, theirs)
        _event(s, "swap", seat, {seat: {"gave": mine, "got": theirs},
                                 tgt: {"gave": theirs, "got": mine}}, target=tgt)
        # R10.1 / Decision 8: each side received a card; the target's win counts at
        # once, outside its turn (one swap cannot complete both: a side only gains a
        # Mermaid when the other loses one)
        _check_four_mermaids(s, seat)
        if s.phase != Phase.GAME_OVER:
            _check_four_mermaids(s, tgt)
        return True
    if phase == Phase.STEAL_PAIR:
        tgt = s.swap_target
        front = s.fronts[tgt]
        i = front.index(action.a)
        pair = front[i:i + 2]
        del front[i:i + 2]
        s.fronts[seat] += pair
        s.swap_target = -1
        s.phase = Phase.PLAY
        _event(s, "steal-pair", seat, target=tgt, cards=pair)
        return True
    return False


_END_NAMES = {ActionKind.END: "end", ActionKind.STOP: "stop",
              ActionKind.LAST_CHANCE: "last-chance"}


def _do_draw(s: State, seat: int) -> None:
    """R4.1(a), with the one-card Decision."""
    if len(s.draw) == 1:
        card = s.draw.pop()
        s.hands[seat].append(card)
        _event(s, "draw-last", seat, {seat: {"card": card}})
        s.phase = Phase.PLAY
        _check_four_mermaids(s, seat)
        return
    s.drawn = [s.draw.pop(), s.draw.pop()]
    _event(s, "draw-two", seat, {seat: {"cards": s.drawn[:]}})
    s.phase = Phase.KEEP


def _do_forced_draw(s: State, seat: int) -> None:
    """A.3: a Jellyfish forced turn: the top card of the draw pile (if any), then the turn ends."""
    s.forced[seat] = False
    if s.draw:
        card = s.draw.pop()
        s.hands[seat].append(card)
        _event(s, "forced-draw", seat, {seat: {"card": card}})
        _check_four_mermaids(s, seat)
        if s.phase == Phase.GAME_OVER:
            return
    else:
        _event(s, "forced-draw", seat, empty=True)
    _end_turn(s, seat)


def _do_trio(s: State, seat: int, a: int, b: int, starfish: int) -> None:
    """A.6: a duo and a Starfish placed together; the duo's effect does not happen."""
    hand = s.hands[seat]
    for c in (a, b, starfish):
        hand.remove(c)
        _publicize(s, c)
    s.fronts[seat] += (a, b, starfish)
    _event(s, "trio", seat, cards=[a, b, starfish])


def _do_lobster_pick(s: State, seat: int, card: int) -> None:
    """A.4: keep one card seen; the others go back and the whole draw pile is shuffled."""
    s.looked.remove(card)
    s.hands[seat].append(card)
    s.draw.extend(s.looked)
    s.looked = []
    r = random.Random(s.rng)
    r.shuffle(s.draw)
    s.rng = r.getrandbits(64)
    s.phase = Phase.PLAY
    _event(s, "lobster-pick", seat, {seat: {"card": card}})
    _check_four_mermaids(s, seat)


def _do_duo(s: State, seat: int, a: int, b: int, arg: int) -> None:
    """R4.2: place the duo in front and apply its effect at once (A.3, A.4 for
    Extra Salt's Jellyfish and Lobster duos)."""
    hand = s.hands[seat]
    hand.remove(a)
    hand.remove(b)
    s.fronts[seat] += (a, b)
    _publicize(s, a)
    _publicize(s, b)
    pair = frozenset((KIND_OF[a], KIND_OF[b]))
    effect = DUO_EFFECTS.get(pair) or RODEO_EFFECTS[pair]
    if effect == "jellyfish":
        # A.3: every opponent's next turn; after LAST CHANCE only those still due a final turn
        # (B.3.12: a seat protected by a Coral Reef shell is not forced)
        due = s.final_left if s.call == Call.LAST_CHANCE else range(s.n)
        for o in due:
            if o != seat and s.reef[o] < 0:
                s.forced[o] = True
        _event(s, "duo", seat, cards=[a, b], effect=effect)
        return
    if effect == "lobster":
        if not s.draw:
            _event(s, "duo", seat, cards=[a, b], effect=effect, skipped=True)
            return
        k = min(LOBSTER_LOOK, len(s.draw))
        looked = [s.draw.pop() for _ in range(k)]
        _event(s, "duo", seat, {seat: {"looked": looked[:]}}, cards=[a, b], effect=effect,
               count=k)
        if k == 1:
            hand.append(looked[0])
            _event(s, "lobster-pick", seat, {seat: {"card": looked[0]}})
            _check_four_mermaids(s, seat)
            return
        s.looked = looked
        s.phase = Phase.LOBSTER_PICK
        return
    if effect == "swap" or effect == "steal-pair":
        if arg < 0:
            _event(s, "duo", seat, cards=[a, b], effect=effect, skipped=True)
            return
        s.swap_target = arg
        if effect == "swap":
            # B.3.3 SWAP: look at the opponent's hand (private to the looker)
            s.known[seat][arg] = sorted(s.hands[arg])
            _event(s, "duo", seat, {seat: {"hand": sorted(s.hands[arg])}}, cards=[a, b],
                   effect=effect, target=arg)
            s.phase = Phase.SWAP
        else:
            _event(s, "duo", seat, cards=[a, b], effect=effect, target=arg)
            s.phase = Phase.STEAL_PAIR
        return
    if effect == "crab":
        if arg > 0:
            _event(s, "duo", seat, cards=[a, b], effect=effect, pile=arg)
            s.crab_pile = arg
            s.phase = Phase.CRAB_PICK
            return
        _event(s, "duo", seat, cards=[a, b], effect=effect, skipped=True)
    elif effect == "boat":
        if s.draw or s.piles[0] or s.piles[1]:
            _event(s, "duo", seat, cards=[a, b], effect=effect)
            _event(s, "extra-turn", seat)
            _start_turn(s, seat, extra=True)
            return
        _event(s, "duo", seat, cards=[a, b], effect=effect, skipped=True)
    elif effect == "fish":
        if s.draw and s.table_event >= 0 and effects(s, seat) & _SUNFISH:
            # B.3.2 Sunfish: the top two cards (one if only one is left)
            got = [s.draw.pop() for _ in range(min(2, len(s.draw)))]
            hand.extend(got)
            _event(s, "duo", seat, {seat: {"got": got[:]}}, cards=[a, b], effect=effect,
                   count=len(got), sunfish=True)
            _check_four_mermaids(s, seat)
            return
        if s.draw:
            card = s.draw.pop()
            hand.append(card)
            _event(s, "duo", seat, {seat: {"card": card}}, cards=[a, b], effect=effect)
            _check_four_mermaids(s, seat)
            return
        _event(s, "duo", seat, cards=[a, b], effect=effect, skipped=True)
    else:
        if arg >= 0:
            victim = s.hands[arg]
            r = random.Random(s.rng)
            card = victim.pop(r.randrange(len(victim)))
            s.rng = r.getrandbits(64)
            hand.append(card)
            _after_steal(s, seat, arg, card)
            _event(s, "duo", seat, {seat: {"card": card}, arg: {"card": card}},
                   cards=[a, b], effect=effect, target=arg)
            _check_four_mermaids(s, seat)
            return
        _event(s, "duo", seat, cards=[a, b], effect=effect, skipped=True)


def _announce_stop(s: State, seat: int) -> None:
    """R6.1: the round ends at once; everyone reveals; card points only."""
    s.call, s.caller = Call.STOP, seat
    _event(s, "stop", seat)
    for o in range(s.n):
        _reveal(s, o)
    _score_round(s)


def _announce_last_chance(s: State, seat: int) -> None:
    """R6.2: the caller reveals; each other player has one final turn."""
    s.call, s.caller = Call.LAST_CHANCE, seat
    _reveal(s, seat)
    _event(s, "last-chance", seat, hand=sorted(s.hands[seat]))
    s.final_left = [(seat + i) % s.n for i in range(1, s.n)]
    _next_final_turn(s)


def _next_final_turn(s: State) -> None:
    if not s.final_left:
        _score_round(s)
        return
    seat = s.final_left.pop(0)
    _event(s, "final-turn", seat)
    _start_turn(s, seat, extra=False)


def _end_turn(s: State, seat: int) -> None:
    """End a turn (not a Boat-ended one): next player, R8, or the next final turn."""
    if s.call == Call.LAST_CHANCE:
        _reveal(s, seat)
        _event(s, "reveal", seat, hand=sorted(s.hands[seat]))
        _next_final_turn(s)
        return
    if not s.draw:
        _end_round_empty(s, seat)
        return
    _start_turn(s, (seat + 1) % s.n, extra=False)


# --------------------------------------------------------------------------- knowledge (R5)


def _publicize(s: State, card: int) -> None:
    """A card's place became public: it is no pile candidate nor anonymous."""
    for c in s.cand:
        if card in c:
            c.remove(card)
    if card in s.in_hands:
        s.in_hands.remove(card)
    for row in s.known:
        for k in row:
            if card in k:
                k.remove(card)


def _remove_from_pile(s: State, p: int, card: int, *, public: bool, holder: int) -> None:
    """Take ``card`` out of pile ``p`` and update what the table knows (R5).

    ``public``: everyone saw which card left (a take, or a Crab pick of the
    top): it becomes known in ``holder``'s hand. Otherwise only the new top is
    seen. Candidates above the visible top are then known to be in some hand.
    """
    pile = s.piles[p - 1]
    pile.remove(card)
    cand = s.cand[p - 1]
    if public:
        cand.remove(card)
        for o in range(s.n + 1):
            if o != holder:
                s.known[o][holder].append(card)
    if pile:
        i = cand.index(pile[-1])
        gone, s.cand[p - 1] = cand[i + 1:], cand[:i + 1]
    else:
        gone, s.cand[p - 1] = cand, []
    s.in_hands.extend(gone)


def _after_steal(s: State, thief: int, victim: int, card: int) -> None:
    """R5: the robbed player knows what was taken; others lose track of the victim's hand.

    The victim's publicly known cards become public "in some hand" cards; what a
    third seat knew privately (a card the victim once stole from it) is dropped
    rather than made public.
    """
    public = s.known[s.n][victim]
    for o in range(s.n + 1):
        if o == thief:
            k = s.known[o][victim]
            if card in k:
                k.remove(card)
        elif o == victim:
            s.known[o][thief].append(card)
        else:
            s.known[o][victim] = []
    s.in_hands = sorted(set(s.in_hands).union(public))


def _after_swap(s: State, seat: int, tgt: int, mine: int, theirs: int) -> None:
    """R5 after a Water Rodeo SWAP: the looker knows the whole target hand; the
    target knows which card it lost; others lose track of both hands (their
    public cards become "in some hand")."""
    n = s.n
    public = set(s.known[n][seat]) | set(s.known[n][tgt])
    for o in range(n + 1):
        if o == seat:
            s.known[o][tgt] = sorted(s.hands[tgt])
        elif o == tgt:
            k = s.known[o][seat]
            if mine in k:
                k.remove(mine)
            k.append(theirs)
        else:
            s.known[o][seat] = []
            s.known[o][tgt] = []
    s.in_hands = sorted(set(s.in_hands).union(public))


def _after_reef(s: State, seat: int, card: int) -> None:
    """R5 after a Coral Reef shell goes face down (B.3.12): who knew ``card`` was in
    the hand cannot tell which Shell went down, so the Shells they knew there are
    forgotten (publicly known ones become "in some hand or face down"). Pile
    candidates are left alone: an unseen pick stays unseen."""
    n = s.n
    for o in range(n + 1):
        if o == seat:
            continue
        k = s.known[o][seat]
        if card in k:
            shells = [c for c in k if KIND_OF[c] == _SHELL]
            s.known[o][seat] = [c for c in k if KIND_OF[c] != _SHELL]
            if o == n:
                s.in_hands = sorted(set(s.in_hands).union(shells))


def _reveal(s: State, seat: int) -> None:
    """R6.0: lay the hand face up; its cards become public."""
    if s.revealed[seat]:
        return
    s.revealed[seat] = True
    for c in s.hands[seat]:
        _publicize(s, c)
    for o in range(s.n + 1):
        if o != seat:
            s.known[o][seat] = sorted(s.hands[seat])


# --------------------------------------------------------------------------- end of round / game


def _check_four_mermaids(s: State, seat: int) -> None:
    """R10.1: a player holding all 4 Mermaids wins at once (3 or more with Extra
    Pepper's Dance of the Mermaids, B.3.7 and Decision 4)."""
    need = 4
    if s.table_event >= 0 and effects(s, seat) & _MERMAID_DANCE:
        need = 3
    n = 0
    for c in s.hands[seat]:
        if KIND_OF[c] == _MERMAID:
            n += 1
    if n < need:
        for c in s.fronts[seat]:
            if KIND_OF[c] == _MERMAID:
                n += 1
    if n >= need:
        s.forced = [False] * s.n  # A.3: pending forced turns end with the round
        s.result = Outcome(Termination.FOUR_MERMAIDS, (seat,), tuple(s.scores))
        s.phase = Phase.GAME_OVER
        if need == 3:
            _event(s, "four-mermaids", seat, mermaids=n, dance=True)
        else:
            _event(s, "four-mermaids", seat)
        _event(s, "game-over", seat, **s.result.to_dict())


def _score_round(s: State) -> None:
    """R6.1/R6.2/R7.2: score the round, then end the game (R10.2) or deal again (R9)."""
    n = s.n
    s.forced = [False] * n  # A.3: cleared at the end of the round, even the game's last
    parts = [breakdown(s.hands[o], s.fronts[o], _events_of(s, o)) for o in range(n)]
    points = [b.card_points for b in parts]
    caller = s.caller
    bet_won: bool | None = None
    if s.call == Call.STOP:
        round_scores = points[:]
    else:
        bet_won = all(points[caller] >= points[o] for o in range(n) if o != caller)
        if bet_won:
            round_scores = [parts[o].colour_bonus for o in range(n)]
            round_scores[caller] = points[caller] + parts[caller].colour_bonus
        else:
            round_scores = points[:]
            round_scores[caller] = parts[caller].colour_bonus
    for o in range(n):
        s.scores[o] += round_scores[o]
    s.ender = caller
    s.last_round = {
        "round": s.round,
        "end": CALL_NAMES[s.call],
        "caller": caller,
        "bet_won": bet_won,
        "players": [
            {**parts[o].to_dict(), "hand": sorted(s.hands[o]), "front": s.fronts[o][:],
             "round_score": round_scores[o], "total": s.scores[o]}
            for o in range(n)
        ],
    }
    _event(s, "round-end", caller, result=s.last_round)
    if max(s.scores) >= s.target:
        winners = _target_winners(s, round_scores)
        s.result = Outcome(Termination.TARGET, winners, tuple(s.scores))
        s.phase = Phase.GAME_OVER
        _event(s, "game-over", caller, **s.result.to_dict())
        return
    _next_round(s)


def _target_winners(s: State, round_scores: list[int]) -> tuple[int, ...]:
    """R10.2: highest total; ties go to the ender, then the best last round, else shared."""
    best = max(s.scores)
    tied = [o for o in range(s.n) if s.scores[o] == best]
    if len(tied) == 1:
        return (tied[0],)
    if s.ender in tied:
        return (s.ender,)
    top = max(round_scores[o] for o in tied)
    return tuple(o for o in tied if round_scores[o] == top)


def _end_round_empty(s: State, seat: int) -> None:
    """R8: the draw pile is empty at the end of a turn: nobody scores; deal again (R9)."""
    s.ender = seat
    s.last_round = {
        "round": s.round, "end": "empty-draw-pile", "caller": seat, "bet_won": None,
        "players": [
            {"duos": 0, "mermaids": 0, "collectors": 0, "multipliers": 0, "colour_bonus": 0,
             "card_points": 0, "hand": None, "front": s.fronts[o][:], "round_score": 0,
             "total": s.scores[o]}
            for o in range(s.n)
        ],
    }
    _event(s, "round-end", seat, result=s.last_round)
    _next_round(s)


def _next_round(s: State) -> None:
    """R9: deal the next round, after Extra Pepper's hand-out (B.4) when on."""
    if s.table_event < 0:
        _start_round(s, (s.ender + 1) % s.n)
        return
    _hand_out(s)


def _draw_event(s: State) -> int:
    """B.1: the top event card; an empty event deck is first refilled from the
    shuffled event discard pile."""
    if not s.events:
        s.events = s.event_discard
        s.event_discard = []
        r = random.Random(s.rng)
        r.shuffle(s.events)
        s.rng = r.getrandbits(64)
        _event(s, "event-deck-shuffled", -1, size=len(s.events))
    return s.events.pop()


def _hand_out(s: State) -> None:
    """B.4: hand the table event out on the game totals, reveal the next one, and
    let a seat holding two events keep one (phase KEEP_EVENT) before the next round."""
    n = s.n
    s.forced = [False] * n
    sc = s.scores
    hi, lo = max(sc), min(sc)
    tops = [o for o in range(n) if sc[o] == hi]
    bottoms = [o for o in range(n) if sc[o] == lo]
    most = tops[0] if len(tops) == 1 else -1
    fewest = bottoms[0] if len(bottoms) == 1 else -1
    for o in range(n):
        for e in list(s.held[o]):
            if o != (most if Event(e).most else fewest):
                s.held[o].remove(e)
                s.event_discard.append(e)
                _event(s, "event-lost", o, event=Event(e).slug)
    e = s.table_event
    to = most if Event(e).most else fewest
    if to >= 0:
        s.held[to].append(e)
        _event(s, "event-given", to, event=Event(e).slug)
    else:
        s.event_discard.append(e)
        _event(s, "event-discarded", -1, event=Event(e).slug)
    s.table_event = _draw_event(s)
    _event(s, "event-reveal", -1, event=Event(s.table_event).slug)
    if to >= 0 and len(s.held[to]) > 1:
        s.phase = Phase.KEEP_EVENT
        s.current = to
        s.extra_turn = False
        _event(s, "choose-event", to, events=[Event(x).slug for x in sorted(s.held[to])])
        return
    _start_round(s, (s.ender + 1) % n)


def _do_keep_event(s: State, seat: int, keep: int) -> None:
    """B.4 step 5: keep one held event, discard the others; the next round begins."""
    gone = [e for e in s.held[seat] if e != keep]
    s.held[seat] = [keep]
    s.event_discard.extend(gone)
    _event(s, "event-kept", seat, event=Event(keep).slug,
           discarded=[Event(e).slug for e in gone])
    _start_round(s, (s.ender + 1) % s.n)


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
