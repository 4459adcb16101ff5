"""What one seat may know (docs/rules.md R5), and sampling states consistent with it.

:func:`view` strips a :class:`~seasalt.ssp.state.State` down to a :class:`View`:
the public table, the seat's own hand, and the cards the seat has seen go into
other hands. Opponents' hidden cards, the draw pile's order, the seed and the
random generator's state never appear in it. Bots receive only views.

:func:`determinize` does the reverse for search bots: it deals the cards the
seat cannot see into the hidden places, consistently with the view.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, fields
from typing import Any

from seasalt.core.errors import InvalidViewError
from seasalt.core.fields import Fields
from seasalt.core.interface import Outcome
from seasalt.ssp.actions import ActionInfo, action_info, action_to_str
from seasalt.ssp.cards import (
    KIND_OF,
    Event,
    Kind,
    deck_for,
    events_for,
    front_groups,
    parse_event,
)
from seasalt.ssp.gamestate import (
    CALL_NAMES,
    PHASE_NAMES,
    Call,
    Phase,
    State,
    public_fields,
    set_public,
)
from seasalt.ssp.legal import calls, legal_actions
from seasalt.ssp.log import redacted as redacted_log
from seasalt.ssp.outcome import Termination
from seasalt.ssp.pepper import END_NAMES, events_of
from seasalt.ssp.scoring import breakdown

_END_KINDS = {v: int(k) for k, v in END_NAMES.items()}


@dataclass(frozen=True, slots=True)
class PileView:
    """A discard pile as a seat knows it.

    Attributes:
        top: the top card's id, or ``None`` when empty.
        size: number of cards.
        candidates: cards that may be in the pile, bottom to top: exactly its
            cards unless an opponent's Crab pick took one unseen (then more
            candidates than ``size``; the top is always the last).
    """

    top: int | None
    size: int
    candidates: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class View:
    """One seat's knowledge of a game (R5). JSON-ready through :meth:`to_dict`.

    Attributes:
        seat: the seat this view is for (``None``: a spectator).
        n_players: 2-4.
        ply: actions applied so far (a submission must name it, against stale clicks).
        round: round number from 1.
        phase: ``draw``, ``keep``, ``play``, ``crab-pick``, ``lobster-pick``,
            ``game-over``; with Extra Pepper also ``keep-event``, ``angelfish``,
            ``swap`` and ``steal-pair``.
        current: the seat to move (-2 once the game is over).
        extra_turn: the current turn is a Boat extra turn.
        target: points that end the game.
        options: the game's options.
        scores: game totals, seat order.
        draw_size: cards in the draw pile.
        piles: discard piles 1 and 2.
        hand: this seat's hand, sorted (empty for a spectator).
        hand_sizes: cards in each hand.
        known: per seat, the cards this seat knows are in that hand (all of
            it when revealed; empty for this seat itself).
        in_hands: cards known to be in some other hand, not whose.
        revealed: per seat, whether the hand is revealed (R6.0).
        fronts: per seat, cards in front, duos as consecutive pairs.
        call: ``None``, ``"stop"`` or ``"last-chance"``.
        caller: who announced it, or ``None``.
        final_left: seats still to play a final turn after the current one.
        drawn: the two cards of this seat's pending draw two (else empty).
        drawn_count: cards of a pending draw two (2 or 0; public).
        crab_pile: the pile a pending Crab pick searches (1|2), else ``None``.
        crab_cards: that pile's cards, for the picking seat only (else empty).
        looked: the cards a pending Lobster duo shows, for its player only (A.4).
        looked_count: how many cards that Lobster shows (public).
        forced: per seat, whether its next turn is a Jellyfish forced draw (A.3).
        starter: who began this round.
        last_round: the previous round's public result, or ``None``.
        outcome: the game's outcome once over, else ``None``.
        table_event: Extra Pepper: this round's table event (a slug such as
            ``kraken``), else ``None`` (B.1).
        event_deck_size: cards in the event deck (its order is hidden).
        event_discard: the event discard pile's slugs, in order of discarding.
        held_events: per seat, the slugs of the events it holds (B.4).
        protected: per seat, whether a Coral Reef shell protects it this round
            (B.3.12; which Shell is hidden).
        reef: this seat's own face-down Shell, else ``None``.
        pending_end: during an Angelfish choice (B.3.10), the end that follows
            (``"end"``, ``"stop"`` or ``"last-chance"``), else ``None``.
        swap_target: the opponent of a pending Water Rodeo SWAP or STEAL_PAIR
            (B.3.3), else ``None``. The looker's ``known`` holds that whole hand.
        points: this seat's card points now (R7.1, colour bonus excluded), with the
            Extra Pepper events that apply to it (B.3.4-B.3.6, Decision 3): the
            engine's own count; ``None`` for a spectator.
        breakdown: this seat's :meth:`~seasalt.ssp.scoring.Breakdown.to_dict`
            (``duos mermaids collectors multipliers card_points colour_bonus``) with
            the same events; ``card_points == points``. ``None`` for a spectator.
        calls: the ends this seat may announce now (``"stop"``, ``"last-chance"``,
            in that order; R4.3, B.3.8, B.3.9); non-empty only in its play step.
        forced_turn: this seat is to move and its turn is a Jellyfish forced draw (A.3).
        groups: per seat, its cards in front as played: duos, and trios with the
            Starfish last (:func:`~seasalt.ssp.cards.front_groups`).
        legal: when this seat is to move, one :class:`~seasalt.ssp.actions.ActionInfo`
            per legal action, in the engine's order; else ``()``.
        log: this seat's redacted event log (public fields plus its own private
            ones, :func:`seasalt.ssp.log.events_for`), one dict per event, when the
            view was asked for with ``log=True`` (the page and the terminal);
            ``()`` otherwise (bots, search) and when the state keeps no log. Nothing
            of another seat's private fields is in it. Not compared: two views of
            the same position are equal.
    """

    seat: int | None
    n_players: int
    ply: int
    round: int
    phase: str
    current: int
    extra_turn: bool
    target: int
    options: dict[str, Any]
    scores: tuple[int, ...]
    draw_size: int
    piles: tuple[PileView, PileView]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[int, ...], ...]
    in_hands: tuple[int, ...]
    revealed: tuple[bool, ...]
    fronts: tuple[tuple[int, ...], ...]
    call: str | None
    caller: int | None
    final_left: tuple[int, ...]
    drawn: tuple[int, ...]
    drawn_count: int
    crab_pile: int | None
    crab_cards: tuple[int, ...]
    looked: tuple[int, ...]
    looked_count: int
    forced: tuple[bool, ...]
    starter: int
    last_round: dict[str, Any] | None
    outcome: Outcome | None
    table_event: str | None = None
    event_deck_size: int = 0
    event_discard: tuple[str, ...] = ()
    held_events: tuple[tuple[str, ...], ...] = ()
    protected: tuple[bool, ...] = ()
    reef: int | None = None
    pending_end: str | None = None
    swap_target: int | None = None
    points: int | None = None
    breakdown: dict[str, int] | None = None
    calls: tuple[str, ...] = ()
    forced_turn: bool = False
    groups: tuple[tuple[tuple[int, ...], ...], ...] = ()
    legal: tuple[ActionInfo, ...] = ()
    log: tuple[dict[str, Any], ...] = field(default=(), compare=False)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: tuples stay tuples (``json`` writes lists), the piles,
        the outcome and the legal records as dicts, the log as new dicts."""
        d = {f.name: _plain(getattr(self, f.name)) for f in fields(self)
             if f.name not in ("outcome", "legal", "log")}
        d["outcome"] = self.outcome.to_dict() if self.outcome else None
        d["legal"] = [a.to_dict() for a in self.legal]
        d["log"] = [dict(e) for e in self.log]
        return d

    @classmethod
    def from_dict(cls, data: Any) -> View:
        """The view :meth:`to_dict` wrote, also after a JSON round trip (lists back to
        tuples, the outcome's end reason a :class:`~seasalt.ssp.outcome.Termination`):
        ``View.from_dict(json.loads(json.dumps(v.to_dict()))) == v``.

        Raises:
            InvalidViewError: not a JSON object, a field missing, of the wrong type
                or not a value of the game (a phase, a call, an event); the message
                names the field (``view.piles[1].size``).
        """
        f = Fields(data, "view")
        n = f.integer("n_players", low=1)
        piles = tuple(PileView(p.opt_integer("top"), p.integer("size", low=0),
                               p.integers("candidates")) for p in f.objects("piles", length=2))
        outcome = f.opt_object("outcome")
        slugs = _EVENT_SLUGS
        return cls(
            seat=f.opt_integer("seat", low=0, high=n - 1), n_players=n,
            ply=f.integer("ply", low=0), round=f.integer("round", low=1),
            phase=f.text("phase", _PHASES), current=f.integer("current", low=-2, high=n - 1),
            extra_turn=f.flag("extra_turn"), target=f.integer("target"),
            options=f.plain("options"), scores=f.integers("scores", length=n),
            draw_size=f.integer("draw_size", low=0), piles=(piles[0], piles[1]),
            hand=f.integers("hand"), hand_sizes=f.integers("hand_sizes", length=n),
            known=f.integer_rows("known", length=n), in_hands=f.integers("in_hands"),
            revealed=f.flags("revealed", length=n), fronts=f.integer_rows("fronts", length=n),
            call=f.opt_text("call", _CALLS), caller=f.opt_integer("caller", low=0, high=n - 1),
            final_left=f.integers("final_left"), drawn=f.integers("drawn"),
            drawn_count=f.integer("drawn_count", low=0), crab_pile=f.opt_integer(
                "crab_pile", low=1, high=2), crab_cards=f.integers("crab_cards"),
            looked=f.integers("looked"), looked_count=f.integer("looked_count", low=0),
            forced=f.flags("forced", length=n), starter=f.integer("starter", low=0),
            last_round=f.opt_plain("last_round"),
            outcome=None if outcome is None else Outcome(
                Termination(outcome.text("termination", _TERMINATIONS)),
                outcome.integers("winners"), outcome.integers("scores", length=n)),
            table_event=f.opt_text("table_event", slugs),
            event_deck_size=f.integer("event_deck_size", low=0),
            event_discard=f.texts("event_discard", slugs),
            held_events=tuple(_checked_slugs(row) for row in f.text_rows("held_events")),
            protected=f.flags("protected"), reef=f.opt_integer("reef", low=0),
            pending_end=f.opt_text("pending_end", END_NAMES.values()),
            swap_target=f.opt_integer("swap_target", low=0, high=n - 1),
            points=f.opt_integer("points"), breakdown=f.opt_plain("breakdown"),
            calls=f.texts("calls", _CALLS), forced_turn=f.flag("forced_turn"),
            groups=f.integer_groups("groups", length=n),
            legal=tuple(ActionInfo(a.text("code"), a.text("kind"), a.integers("cards"),
                                   a.opt_integer("pile", low=1, high=2),
                                   a.opt_integer("seat", low=0, high=n - 1),
                                   a.opt_text("event", slugs), a.opt_text("effect"))
                        for a in f.objects("legal")),
            log=f.plains("log"),
        )


_PHASES = frozenset(PHASE_NAMES.values())
_CALLS = frozenset(c for c in CALL_NAMES.values() if c is not None)
_EVENT_SLUGS = frozenset(e.slug for e in Event)
_TERMINATIONS = frozenset(t.value for t in Termination)


def _checked_slugs(row: tuple[str, ...]) -> tuple[str, ...]:
    bad = [x for x in row if x not in _EVENT_SLUGS]
    if bad:
        raise InvalidViewError(f"view.held_events names no event: {bad[0]!r}")
    return row


def _plain(x: Any) -> Any:
    """``dataclasses.asdict``'s copy of one field value."""
    if isinstance(x, PileView):
        return {"top": x.top, "size": x.size, "candidates": x.candidates}
    if isinstance(x, tuple | list):
        return type(x)(_plain(v) for v in x)
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    return x


def view(s: State, seat: int | None, *, log: bool = False) -> View:
    """The :class:`View` of ``s`` for ``seat`` (``None`` for a spectator).

    Args:
        s: the full state.
        seat: ``0..n-1`` or ``None``.
        log: also give the seat's redacted event log (``View.log``), as a
            screen needs; bots and search leave it out (it costs a copy of the
            log per view).

    Returns:
        What that seat may know (R5): public cards and counts, its own hand,
        cards it saw go into other hands, its own pending draw or Crab search.

    Raises:
        ValueError: ``seat`` is not a seat of this game.
    """
    if seat is not None and not 0 <= seat < s.n:
        raise ValueError(f"seat {seat} is not in a {s.n}-player game")
    n = s.n
    own = frozenset(s.hands[seat]) if seat is not None else frozenset()
    known: list[tuple[int, ...]] = []
    for h in range(n):
        if h == seat:
            known.append(())
        elif s.revealed[h]:
            known.append(tuple(sorted(s.hands[h])))
        elif seat is None:
            # a spectator knows the public part only (R5)
            known.append(tuple(sorted(s.known[n][h])))
        else:
            known.append(tuple(sorted(s.known[seat][h])))
    seen = own.union(*known)
    if seat is not None and s.reef[seat] >= 0:
        seen = seen | {s.reef[seat]}  # B.3.12: its own face-down Shell
    piles = tuple(
        PileView(pile[-1] if pile else None, len(pile),
                 tuple(c for c in s.cand[i] if c not in seen))
        for i, pile in enumerate(s.piles)
    )
    mine = seat is not None and seat == s.current and s.phase != Phase.GAME_OVER
    if seat is not None:
        parts = breakdown(s.hands[seat], s.fronts[seat], events_of(s, seat)).to_dict()
        points: int | None = parts["card_points"]  # == points_of(s, seat)
    else:
        parts, points = None, None
    return View(
        **public_fields(s),  # ply round target options scores fronts forced extra_turn ...
        seat=seat,
        n_players=n,
        phase=PHASE_NAMES[s.phase],
        current=-2 if s.phase == Phase.GAME_OVER else s.current,
        draw_size=len(s.draw),
        piles=(piles[0], piles[1]),
        hand=tuple(sorted(own)),
        hand_sizes=tuple(len(h) for h in s.hands),
        known=tuple(known),
        in_hands=tuple(sorted(c for c in s.in_hands if c not in seen)),
        call=CALL_NAMES[s.call],
        caller=s.caller if s.caller >= 0 else None,
        drawn=tuple(sorted(s.drawn)) if mine else (),
        drawn_count=len(s.drawn),
        crab_pile=s.crab_pile or None,
        crab_cards=tuple(s.piles[s.crab_pile - 1]) if (mine and s.crab_pile) else (),
        looked=tuple(sorted(s.looked)) if mine else (),
        looked_count=len(s.looked),
        last_round=s.last_round,
        outcome=s.result,
        table_event=Event(s.table_event).slug if s.table_event >= 0 else None,
        event_deck_size=len(s.events),
        event_discard=tuple(Event(e).slug for e in s.event_discard),
        held_events=tuple(tuple(Event(e).slug for e in h) for h in s.held),
        protected=tuple(r >= 0 for r in s.reef),
        reef=s.reef[seat] if seat is not None and s.reef[seat] >= 0 else None,
        pending_end=END_NAMES.get(s.pending_end),
        swap_target=s.swap_target if s.swap_target >= 0 else None,
        points=points,
        breakdown=parts,
        calls=(tuple(action_to_str(a) for a in calls(s, s.current))
               if mine and s.phase == Phase.PLAY else ()),
        forced_turn=mine and s.phase == Phase.DRAW and s.forced[s.current],
        groups=tuple(front_groups(f) for f in s.fronts),
        legal=tuple(action_info(a) for a in legal_actions(s)) if mine else (),
        log=redacted_log(s.log, seat) if (log and s.log is not None) else (),
    )


def unseen_cards(v: View) -> list[int]:
    """Cards whose place ``v``'s seat does not know (hidden hands, draw pile,
    candidates of the piles that may have left them, anonymous hand cards)."""
    placed: set[int] = set(v.hand)
    for k in v.known:
        placed.update(k)
    for f in v.fronts:
        placed.update(f)
    for p in v.piles:
        placed.update(p.candidates)
    placed.update(v.drawn)
    placed.update(v.crab_cards)
    placed.update(v.looked)
    if v.reef is not None:
        placed.add(v.reef)
    return [c for c in deck_for(v.options) if c not in placed]


def determinize(v: View, rng: random.Random) -> State:
    """Sample a full :class:`State` consistent with what ``v``'s seat knows.

    Hidden hand cards, a pending draw two or Lobster look of another seat and the draw pile are
    filled from the cards the seat cannot place, at random; for each discard
    pile, which candidates an unseen Crab pick removed is chosen at random.
    Cards known to be in some hand (taken from a pile unseen) go only into
    opponents' hidden hand places. The result has no log, a fresh random
    generator state drawn from ``rng``, and ``view(result, v.seat)`` equals ``v``.

    Args:
        v: a seat's view (not a spectator's).
        rng: the random source (the caller's; nothing global is used).

    Returns:
        A new state, for search.

    Raises:
        ValueError: ``v`` is a spectator view, or is inconsistent.
    """
    seat = v.seat
    if seat is None:
        raise ValueError("cannot determinize a spectator's view")
    n = v.n_players
    s = State.__new__(State)
    s.n = n
    s.seed = 0
    set_public(s, v)  # the fields the view shows as they are (gamestate.PUBLIC)
    s.rng = rng.getrandbits(64)
    s.current = v.current if v.current >= 0 else 0
    s.phase = Phase[v.phase.upper().replace("-", "_")]
    s.call = {None: Call.NONE, "stop": Call.STOP, "last-chance": Call.LAST_CHANCE}[v.call]
    s.caller = -1 if v.caller is None else v.caller
    s.crab_pile = v.crab_pile or 0
    s.ender = -1
    s.last_round = v.last_round
    s.result = v.outcome
    s.log = None

    # which candidates are really in each pile (the top always is)
    hand_bound = [c for c in v.in_hands]
    s.piles = [[], []]
    s.cand = [list(v.piles[0].candidates), list(v.piles[1].candidates)]
    gone_of: list[list[int]] = [[], []]
    for i, p in enumerate(v.piles):
        if v.crab_cards and v.crab_pile == i + 1:
            s.piles[i] = list(v.crab_cards)
            hand_bound.extend(c for c in p.candidates if c not in v.crab_cards)
            continue
        cands = list(p.candidates)
        extra = len(cands) - p.size
        if extra < 0:
            raise ValueError(f"pile {i + 1} has fewer candidates than cards")
        if extra:
            below = cands[:-1]
            gone = set(rng.sample(below, extra))
            gone_of[i] = sorted(gone)
            hand_bound.extend(gone)
            cands = [c for c in cands if c not in gone]
        s.piles[i] = cands

    free = unseen_cards(v)
    rng.shuffle(free)
    rng.shuffle(hand_bound)
    free = [c for c in free if c not in set(hand_bound)]

    # Coral Reef (B.3.12): another seat's face-down card is some Shell this seat
    # cannot place: one known to be in some hand, an unseen one, or a pile
    # candidate (then another candidate of that pile is the one that left it)
    s.reef = [-1] * n
    if v.reef is not None:
        s.reef[seat] = v.reef
    for h, prot in enumerate(v.protected):
        if not prot or h == seat:
            continue
        shell = next((c for c in hand_bound if KIND_OF[c] == Kind.SHELL), None)
        if shell is not None:
            hand_bound.remove(shell)
        else:
            shell = next((c for c in free if KIND_OF[c] == Kind.SHELL), None)
            if shell is not None:
                free.remove(shell)
        if shell is None:
            for i in range(2):
                pile = s.piles[i]
                shell = next((c for c in pile[:-1] if KIND_OF[c] == Kind.SHELL), None)
                back = next((g for g in gone_of[i] if g in hand_bound), None)
                if shell is not None and back is not None:
                    hand_bound.remove(back)
                    keep = set(pile) - {shell} | {back}
                    s.piles[i] = [c for c in s.cand[i] if c in keep]
                    break
                shell = None
        if shell is None:
            raise ValueError("inconsistent view: no Shell for a face-down card")
        s.reef[h] = shell
    s.pending_end = _END_KINDS.get(v.pending_end, -1) if v.pending_end else -1
    s.swap_target = -1 if v.swap_target is None else v.swap_target

    # hidden places in opponents' hands
    s.hands = [[] for _ in range(n)]
    slots: list[int] = []
    for h in range(n):
        if h == seat:
            s.hands[h] = list(v.hand)
            continue
        s.hands[h] = list(v.known[h])
        slots.extend([h] * (v.hand_sizes[h] - len(v.known[h])))
    if len(hand_bound) > len(slots):
        raise ValueError("more cards known to be in hands than hidden places")
    rng.shuffle(slots)
    for h, c in zip(slots, hand_bound, strict=False):
        s.hands[h].append(c)
    rest = slots[len(hand_bound):]
    need = (len(rest) + v.draw_size + (v.drawn_count if not v.drawn else 0)
            + (v.looked_count if not v.looked else 0))
    if need != len(free):
        raise ValueError(f"inconsistent view: {need} hidden places for {len(free)} cards")
    for h in rest:
        s.hands[h].append(free.pop())
    if v.drawn:
        s.drawn = list(v.drawn)
    else:
        s.drawn = [free.pop() for _ in range(v.drawn_count)]
    if v.looked:
        s.looked = list(v.looked)
    else:
        s.looked = [free.pop() for _ in range(v.looked_count)]
    s.draw = free

    # knowledge: this seat's own; others (and the public row n) are given what
    # this seat knows of the other hands
    s.known = [[[] for _ in range(n)] for _ in range(n + 1)]
    for o in range(n + 1):
        for h in range(n):
            if h != o and h != seat:
                s.known[o][h] = list(v.known[h])
    s.in_hands = sorted(v.in_hands)

    # Extra Pepper (B.1): the public events; the event deck is the rest, its order unknown
    s.table_event = int(parse_event(v.table_event)) if v.table_event is not None else -1
    s.event_discard = [int(parse_event(e)) for e in v.event_discard]
    s.held = ([[int(parse_event(e)) for e in h] for h in v.held_events] if v.held_events
              else [[] for _ in range(n)])
    placed_events = {s.table_event, *s.event_discard, *(e for h in s.held for e in h)}
    s.events = [int(e) for e in events_for(s.options) if int(e) not in placed_events]
    if len(s.events) != v.event_deck_size:
        raise ValueError(f"inconsistent view: {v.event_deck_size} events in the deck, "
                         f"{len(s.events)} unplaced")
    rng.shuffle(s.events)
    return s
