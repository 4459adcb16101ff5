"""What one seat may know of a game of Fruits de mer, and states consistent with it.

:func:`view` strips a :class:`~seasalt.fdm.state.State` down to a :class:`View`.
Public: the revealed bait card and how many bait cards are still to come, every
round's resolution, scores and removed cards, and every hand's counts by kind
(all hands start equal, F2, and every card removed from the game is revealed, F5;
a card committed this round is still counted in its owner's hand until the
reveal), and which seats have committed this round. Hidden, never in a view
nor in its JSON: the bait pile's order, the 3 unused bait cards (F2), and every
other seat's card committed this round (F4). The viewer sees its own commit
(``my_choice``).

:func:`determinize` does the reverse for search bots: the bait cards not yet
shown are shuffled into the pile and the 3 unused, and every other seat that
has committed this round gets a card drawn from its hand.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

from seasalt.core.errors import InvalidViewError
from seasalt.core.fields import Fields
from seasalt.fdm.cards import BAIT_DECK, PLAYER_KINDS, ROUNDS, UNUSED, Kind
from seasalt.fdm.resolve import Resolution, resolve
from seasalt.fdm.state import (
    GAME_NAME,
    State,
    current_player,
    legal_actions,
    outcome,
)


@dataclass(frozen=True, slots=True)
class View:
    """One seat's knowledge of a game of Fruits de mer. JSON-ready through :meth:`to_dict`.

    Kinds appear as their codes (``"tuna"``; a :class:`~seasalt.fdm.cards.Kind`
    equals its code and hashes like it, so ``hands[s][Kind.TUNA]`` works too).

    Attributes:
        game: ``"fruits-de-mer"``.
        players: 2-5.
        seat: the seat this view is for (``None``: a spectator).
        current: the seat to commit a card (-2 once the game is over).
        ply: actions applied so far.
        round: the round being played, 1-9.
        rounds: 9.
        bait: this round's bait card, ``None`` once the game is over.
        bait_left: face-down bait cards still to come (their order is hidden).
        hands: per seat, ``{kind: count}`` over ``PLAYER_KINDS`` (hand order),
            counting a card committed this round but not yet revealed.
        chosen: per seat, whether it has committed its card this round.
        my_choice: the viewer's own committed card this round, or ``None``.
        scores: per seat, points.
        removed: per seat, ``{kind: count}`` of its cards removed from the game.
        history: the finished rounds, oldest first: each the
            :meth:`~seasalt.fdm.resolve.Resolution.to_dict` dict plus ``"round"``
            (its number), ``"points"`` (per seat, scored that round) and
            ``"totals"`` (per seat, scores after it).
        last: the last finished round (``history[-1]``), or ``None``.
        legal: the viewer's legal action codes when it is to move, else ``()``.
        outcome: :meth:`~seasalt.core.interface.Outcome.to_dict` once over, else ``None``.
        log: the redacted event log (:func:`redact`) when asked with ``log=True``,
            else ``()``. Not compared: two views of the same position are equal.
        options: ``{}`` (the game has none).
    """

    game: str
    players: int
    seat: int | None
    current: int
    ply: int
    round: int
    rounds: int
    bait: str | None
    bait_left: int
    hands: tuple[dict[str, int], ...]
    chosen: tuple[bool, ...]
    my_choice: str | None
    scores: tuple[int, ...]
    removed: tuple[dict[str, int], ...]
    history: tuple[dict[str, Any], ...]
    last: dict[str, Any] | None
    legal: tuple[str, ...]
    outcome: dict[str, Any] | None
    log: tuple[dict[str, Any], ...] = field(default=(), compare=False)
    options: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of every field (tuples as lists, new dicts)."""
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Any) -> View:
        """The view :meth:`to_dict` wrote, also after a JSON round trip (lists back to
        tuples): ``View.from_dict(json.loads(json.dumps(v.to_dict()))) == v``. Each
        finished round of ``history`` must be what F5 gives for its bait and plays.

        Raises:
            InvalidViewError: not a JSON object, a field missing, of the wrong type or
                not a value of the game (a kind, a resolution); the message names
                the field.
        """
        f = Fields(data, "view")
        f.text("game", (GAME_NAME,))
        n = f.integer("players", low=1)
        kinds = tuple(k.value for k in PLAYER_KINDS)
        history = f.plains("history")
        for i, entry in enumerate(history):
            try:
                Resolution.from_dict({k: entry.get(k) for k in _RESOLUTION_KEYS})
            except ValueError as e:
                raise InvalidViewError(f"view.history[{i}] is not a round of the game: {e}"
                                       ) from None
        return cls(
            game=GAME_NAME, players=n, seat=f.opt_integer("seat", low=0, high=n - 1),
            current=f.integer("current", low=-2, high=n - 1), ply=f.integer("ply", low=0),
            round=f.integer("round", low=1), rounds=f.integer("rounds", low=1),
            bait=f.opt_text("bait", tuple(k.value for k in Kind)),
            bait_left=f.integer("bait_left", low=0),
            hands=tuple(_counts(h, kinds) for h in f.objects("hands", length=n)),
            chosen=f.flags("chosen", length=n), my_choice=f.opt_text("my_choice", kinds),
            scores=f.integers("scores", length=n),
            removed=tuple(_counts(r, kinds) for r in f.objects("removed", length=n)),
            history=history, last=f.opt_plain("last"), legal=f.texts("legal", kinds),
            outcome=f.opt_plain("outcome"), log=f.plains("log"), options=f.plain("options"),
        )


#: The keys of a history entry that :meth:`Resolution.to_dict` writes.
_RESOLUTION_KEYS = ("bait", "plays", "arrest", "steps", "removed", "scorers", "returned")


def _counts(f: Fields, kinds: tuple[str, ...]) -> dict[str, int]:
    """``{kind: count}`` over ``kinds`` (in that order), each count 0 or more."""
    if set(f.data) != set(kinds):
        raise InvalidViewError(f"{f.path} must count exactly the kinds {', '.join(kinds)}")
    return {k: f.integer(k, low=0) for k in kinds}


def _plain(x: Any) -> Any:
    if isinstance(x, tuple | list):
        return [_plain(v) for v in x]
    if isinstance(x, Mapping):
        return {str(k): _plain(v) for k, v in x.items()}
    return x


def redact(log: Sequence[Mapping[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """The event log as ``seat`` may read it (``None``: a spectator): a
    ``"choose"`` event keeps its ``"kind"`` only for its own seat. New dicts."""
    out: list[dict[str, Any]] = []
    for e in log:
        d = dict(e)
        if d.get("type") == "choose" and d.get("seat") != seat:
            d.pop("kind", None)
        out.append(d)
    return out


def round_entries(history: Sequence[Resolution]) -> list[dict[str, Any]]:
    """The view's ``history``: each resolution's dict with ``round``, ``points``
    and ``totals``."""
    out: list[dict[str, Any]] = []
    totals: list[int] = []
    for i, res in enumerate(history):
        points = res.points()
        totals = [a + b for a, b in zip(totals or [0] * len(points), points, strict=True)]
        out.append({**res.to_dict(), "round": i + 1, "points": points, "totals": list(totals)})
    return out


def view(s: State, seat: int | None, *, log: bool = False) -> View:
    """The :class:`View` of ``s`` for ``seat`` (``None`` for a spectator).

    Args:
        s: the full state.
        seat: ``0..n-1`` or ``None``.
        log: also give the seat's redacted event log (``View.log``).

    Raises:
        ValueError: ``seat`` is not a seat of this game.
    """
    if seat is not None and (isinstance(seat, bool) or not 0 <= seat < s.players):
        raise ValueError(f"seat {seat!r} is not in a {s.players}-player game")
    current = current_player(s)
    hands = []
    for i in range(s.players):
        hand = {k.value: s.hands[i][k] + (s.pending[i] == k) for k in PLAYER_KINDS}
        hands.append(hand)
    history = tuple(round_entries(s.history))
    mine = seat is not None and seat == current
    result = outcome(s)
    own = s.pending[seat] if seat is not None else None
    return View(
        game=GAME_NAME, players=s.players, seat=seat, current=current, ply=s.ply,
        round=s.round, rounds=ROUNDS, bait=None if s.bait is None else s.bait.value,
        bait_left=len(s.pile), hands=tuple(hands),
        chosen=tuple(p is not None for p in s.pending),
        my_choice=None if own is None else own.value,
        scores=tuple(s.scores),
        removed=tuple({k.value: r[k] for k in PLAYER_KINDS} for r in s.removed),
        history=history, last=history[-1] if history else None,
        legal=tuple(k.value for k in legal_actions(s)) if mine else (),
        outcome=None if result is None else result.to_dict(),
        log=tuple(redact(s.log, seat)) if (log and s.log is not None) else (),
    )


def choosing_at_once(v: View, held: Mapping[int, str], legal: Sequence[str]) -> View:
    """``v`` as a table where every seat chooses at once shows it (F4: the picks are
    secret and shown together; the engine takes them in seat order).

    A seat may pick before its turn in seat order; its pick is then *held* until
    its turn (:class:`seasalt.web.choices.Choices`). The viewer sees which seats
    have picked (the held ones too) and its own held pick, never another's.

    Args:
        v: a seat's view (a spectator's is returned unchanged).
        held: seat -> the card code it picked ahead of its turn, the held picks of
            every seat (only the viewer's code is read; the others count as chosen).
        legal: the viewer's card codes when it may pick now (it holds cards and has
            not picked this round), else empty. The view then says it is to pick,
            and ``current`` is the viewer once it may pick or has picked: the seats
            still to pick are all picking, none of them is "to move".

    Returns:
        A new view (``v`` itself once the game is over).
    """
    seat = v.seat
    if seat is None or v.outcome is not None:
        return v
    chosen = tuple(c or i in held for i, c in enumerate(v.chosen))
    mine = held.get(seat)
    if mine is not None:
        return replace(v, chosen=chosen, my_choice=mine, legal=(), current=seat)
    if legal and not v.chosen[seat]:
        return replace(v, chosen=chosen, current=seat, legal=tuple(legal))
    if v.chosen[seat]:  # every seat still to pick is picking now, not one of them
        return replace(v, chosen=chosen, current=seat)
    return replace(v, chosen=chosen)


def seat_legal(s: State, seat: int) -> list[Kind]:
    """The cards ``seat`` may pick this round whatever the seat order (F4): the kinds
    it holds when it has not picked yet and the game goes on, else none."""
    if s.bait is None or s.pending[seat] is not None:
        return []
    return [k for k in PLAYER_KINDS if s.hands[seat][k] > 0]


def round_opened(s: State) -> int:
    """The ply at which this round's picks opened (the picks made since are
    hidden until the reveal)."""
    return s.ply - sum(p is not None for p in s.pending)


def determinize(v: View, rng: random.Random) -> State:
    """Sample a full :class:`State` consistent with what ``v``'s seat knows.

    The bait cards not yet shown (the 12 of F1 minus every bait revealed so far)
    are shuffled with ``rng``: the first ``bait_left`` become the pile, the other
    3 the unused. Every other seat that has committed this round gets a pending
    card drawn from its hand, each kind it holds equally likely (as a uniformly
    random player would choose). The result keeps no log, and
    ``view(result, v.seat) == v``.

    Args:
        v: a seat's view, or a spectator's (then every committed card is sampled).
        rng: the random source (the caller's; nothing global is used).

    Raises:
        ValueError: ``v`` is inconsistent (e.g. bait cards that do not add up).
    """
    n = v.players
    history = [resolve(Kind(h["bait"]), [None if p is None else Kind(p) for p in h["plays"]])
               for h in v.history]
    shown = [r.bait for r in history] + ([Kind(v.bait)] if v.bait is not None else [])
    unseen = Counter(BAIT_DECK)
    unseen.subtract(shown)
    if any(c < 0 for c in unseen.values()):
        raise ValueError("more bait cards shown than the deck holds")
    rest = list(unseen.elements())
    if len(rest) != v.bait_left + UNUSED:
        raise ValueError(f"{len(rest)} unseen bait cards, but {v.bait_left} to come "
                         f"and {UNUSED} unused")
    rng.shuffle(rest)
    hands: list[dict[Kind, int]] = []
    pending: list[Kind | None] = []
    for i in range(n):
        hand = {k: int(v.hands[i][k.value]) for k in PLAYER_KINDS}
        pick: Kind | None = None
        if v.chosen[i]:
            if i == v.seat:
                pick = None if v.my_choice is None else Kind(v.my_choice)
            else:
                held = [k for k in PLAYER_KINDS if hand[k] > 0]
                if not held:
                    raise ValueError(f"seat {i} has chosen but holds no card")
                pick = rng.choice(held)
            if pick is None or hand[pick] <= 0:
                raise ValueError(f"seat {i}'s chosen card is not in its hand")
            hand[pick] -= 1
        hands.append(hand)
        pending.append(pick)
    return State(
        players=n, round=v.round, bait=None if v.bait is None else Kind(v.bait),
        pile=rest[:v.bait_left], unused=rest[v.bait_left:], hands=hands, pending=pending,
        scores=list(v.scores),
        removed=[{k: int(r[k.value]) for k in PLAYER_KINDS} for r in v.removed],
        history=history, ply=v.ply, log=None)
