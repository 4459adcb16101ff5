"""Shared invariant checks of the property tests (base game, Extra Salt, both expansions).

A :class:`Variant` says what differs between the three: the options and deck
size, which event fields hold card ids, which pairs a front may hold, whether
the Lobster look and the Coral Reef shells are card places, and which of the
view checks apply. :func:`run_game` plays one random game with the per-step
checks a test file passes in.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, settings

from seasalt.core.record import GameRecord, record_of
from seasalt.ssp.actions import DRAW, ActionKind, parse_action
from seasalt.ssp.cards import KIND_OF, Kind
from seasalt.ssp.snapshot import from_dict, to_dict
from seasalt.ssp.state import Phase, State, apply, legal_actions, new_game
from seasalt.ssp.view import View, determinize, view
from tests.ssp import conftest

MAX_ACTIONS = 20000
#: event fields that hold card ids (the public part of an event)
BASE_CARD_FIELDS = ("card", "cards", "discarded", "piles", "top", "hand")
#: with Extra Salt, a Lobster look names cards too
SALT_CARD_FIELDS = (*BASE_CARD_FIELDS, "looked")
FORBIDDEN_KEYS = frozenset({"seed", "rng", "draw", "deck"})


def props(default_examples: str) -> settings:
    """More examples with SEASALT_PROP_EXAMPLES=500; CI (CI=true) runs a fixed set."""
    return settings(max_examples=int(os.environ.get("SEASALT_PROP_EXAMPLES", default_examples)),
                    deadline=None, derandomize=bool(os.environ.get("CI")),
                    suppress_health_check=[HealthCheck.too_slow])


@dataclass(frozen=True)
class Variant:
    options: dict[str, Any] | None
    n_cards: int
    card_fields: tuple[str, ...]
    #: pairs a front's duos may be (then an optional Starfish follows each);
    #: None: the base game, whose fronts are only checked to be of even length
    pairs: frozenset | None = None
    #: the pending Lobster look is a place a card can be
    looked: bool = False
    #: face-down Coral Reef shells are places too, hidden from other seats
    reef: bool = False
    forbidden_keys: frozenset[str] = FORBIDDEN_KEYS
    #: base game: every step checks the view's JSON form, card ids read from it
    json_every_step: bool = False
    #: base game: with ``full``, swapping two hidden cards leaves a view alone
    swap_check: bool = False
    hide_rng: bool = True
    hide_seed: bool = False
    #: Extra Salt: a view's looked_count and forced are the state's
    forced_view: bool = False


def ints(value: Any) -> set[int]:
    """Every int in a JSON-like list value, at any depth (bools and None left out)."""
    if isinstance(value, bool) or value is None:
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, list | tuple):
        return set().union(*(ints(v) for v in value)) if value else set()
    return set()


def keys(value: Any) -> set[str]:
    """Every dict key in a JSON-like value, at any depth."""
    if isinstance(value, dict):
        return set(value).union(*(keys(v) for v in value.values()))
    if isinstance(value, list | tuple):
        return set().union(*(keys(v) for v in value)) if value else set()
    return set()


class Shown:
    """Per seat (None: spectators), the cards this round's log named to it.

    Built from the log alone, independently of the engine's knowledge fields.
    """

    def __init__(self, n: int, card_fields: tuple[str, ...]):
        self.n = n
        self.card_fields = card_fields
        self.pos = 0
        self.seen: dict[int | None, set[int]] = {k: set() for k in [*range(n), None]}

    def update(self, log: list[dict]) -> None:
        for e in log[self.pos:]:
            if e["type"] == "round-start":
                self.seen = {k: set() for k in [*range(self.n), None]}
            if e["type"] in ("round-end", "game-over"):
                continue
            public = set().union(*(ints(e.get(k)) for k in self.card_fields))
            for k in self.seen:
                self.seen[k] |= public
            for seat, fields in e.get("private", {}).items():
                self.seen[int(seat)] |= set().union(*(ints(v) for v in fields.values()))
        self.pos = len(log)


def view_cards(v: View) -> set[int]:
    """Every card id a view names for the current round (``looked`` included)."""
    out = set(v.hand) | set(v.in_hands) | set(v.drawn) | set(v.crab_cards) | set(v.looked)
    for k in v.known:
        out |= set(k)
    for f in v.fronts:
        out |= set(f)
    for p in v.piles:
        out |= set(p.candidates)
        if p.top is not None:
            out.add(p.top)
    return out


def json_cards(d: dict) -> set[int]:
    """The same from the view's JSON form (what is sent to a bot or a page)."""
    out = set()
    for k in ("hand", "in_hands", "drawn", "crab_cards", "looked", "known", "fronts"):
        out |= ints(d[k])
    for p in d["piles"]:
        out |= ints(p["candidates"]) | ints(p["top"])
    return out


def check_front(front: list[int], pairs: frozenset) -> None:
    """A front is duos (pairs of kinds in ``pairs``), each optionally followed by one
    Starfish (A.6)."""
    i = 0
    while i < len(front):
        pair = frozenset((KIND_OF[front[i]], KIND_OF[front[i + 1]]))
        assert pair in pairs, f"not a duo in front: {front[i:i + 2]}"
        i += 2
        if i < len(front) and KIND_OF[front[i]] == Kind.STARFISH:
            i += 1


def check_cards(s: State, var: Variant) -> None:
    """Every card in exactly one place; fronts well formed."""
    extra: list[int] = []
    if var.looked:
        extra += s.looked
    if var.reef:
        # face-down Coral Reef shells (B.3.12)
        reefs = [c for c in s.reef if c >= 0]
        assert all(KIND_OF[c] == Kind.SHELL for c in reefs)
        extra += reefs
    places = [*s.draw, *s.piles[0], *s.piles[1], *s.drawn, *extra,
              *(c for h in s.hands for c in h), *(c for f in s.fronts for c in f)]
    assert sorted(places) == list(range(var.n_cards)), "a card is lost or doubled"
    if var.pairs is None:
        assert all(len(f) % 2 == 0 for f in s.fronts)
    else:
        for f in s.fronts:
            check_front(f, var.pairs)


def check_legal(s: State, *, salt: bool) -> list:
    """Legal actions: none exactly when the game is over; sorted, unique as strings,
    parse back. Base game (``salt`` false): ``end`` last in the play phase. Extra
    Salt: a Lobster pick offers exactly the cards seen (A.4), a forced turn only
    ``draw`` (A.3)."""
    acts = legal_actions(s)
    if s.phase == Phase.GAME_OVER:
        assert acts == [] and s.result is not None
        if salt:
            assert s.forced == [False] * s.n and s.looked == []
        return acts
    assert acts, "no legal action in a live state"
    assert acts == sorted(acts)
    texts = [str(a) for a in acts]
    assert len(set(texts)) == len(texts)
    assert all(parse_action(t) == a for a, t in zip(acts, texts, strict=True))
    if not salt:
        assert len(texts) == len(set(acts))
        if s.phase == Phase.PLAY:
            assert texts[-1] == "end"
        return acts
    if s.phase == Phase.LOBSTER_PICK:
        assert 2 <= len(s.looked) <= 5
        assert acts == [parse_action(f"pick:{c}") for c in sorted(s.looked)]
    else:
        assert s.looked == []
    if s.forced[s.current]:
        # A.3: a forced seat never gets past its draw
        assert s.phase == Phase.DRAW and acts == [DRAW]
    return acts


#: Log fields that share a name with a hidden state field: a "choose-event" entry's
#: ``events`` (the public slugs of the events held), not the event deck.
LOG_KEYS = frozenset({"events"})


def _check_json(s: State, d: dict, text: str, var: Variant) -> None:
    assert not keys({k: v for k, v in d.items() if k != "log"}) & var.forbidden_keys
    assert not keys(d.get("log", [])) & (var.forbidden_keys - LOG_KEYS)
    if var.hide_rng:
        assert str(s.rng) not in text
    if var.hide_seed and s.seed >= 10**9:
        assert str(s.seed) not in text


def check_views(s: State, shown: Shown, rng: random.Random, var: Variant, *,
                full: bool) -> None:
    """No view names a card hidden from its seat (checked against the log), the draw
    pile or the random state; with ``full``: ``view(determinize(v)) == v`` (and, per
    the variant, the JSON form and swap invariance)."""
    deck = set(s.draw)
    pending = set(s.looked) | set(s.drawn)
    for seat in [*range(s.n), None]:
        v = view(s, seat)
        if var.json_every_step:
            d = v.to_dict()
            _check_json(s, d, json.dumps(d), var)
            cards = conftest.view_cards(d)
        else:
            cards = view_cards(v)
            if full:
                text = json.dumps(v.to_dict())
                d = json.loads(text)
                _check_json(s, d, text, var)
                if var.reef:
                    assert json_cards(d) | ({d["reef"]} if d["reef"] is not None else set()) == (
                        cards | ({v.reef} if v.reef is not None else set()))
                else:
                    assert json_cards(d) == cards
            assert not cards & deck, f"seat {seat} sees draw-pile cards"
            if seat != s.current:
                assert not cards & pending, f"seat {seat} sees another seat's drawn/looked cards"
                assert not v.looked and not v.drawn
        hidden = {c for h in range(s.n) if h != seat and not s.revealed[h]
                  for c in s.hands[h]} - shown.seen[seat]
        if var.reef:
            hidden |= {c for h in range(s.n) if h != seat and s.reef[h] >= 0
                       for c in (s.reef[h],)} - shown.seen[seat]
        assert not cards & hidden, f"seat {seat} sees hidden cards {sorted(cards & hidden)}"
        if var.reef:
            assert v.reef is None or v.reef == s.reef[seat]
        if var.forced_view:
            assert v.looked_count == len(s.looked) and list(v.forced) == s.forced
        if seat is None:
            continue
        assert v.hand == tuple(sorted(s.hands[seat]))
        if full:
            det = determinize(v, rng)
            assert view(det, seat) == v
            check_cards(det, var)
            if var.swap_check:
                check_swap_invariance(s, seat, v, rng)


def check_swap_invariance(s: State, seat: int, v, rng: random.Random) -> None:
    """Swapping two cards this seat cannot see leaves its view unchanged."""
    noticed = set(s.in_hands) | set(s.cand[0]) | set(s.cand[1])
    for row in s.known:
        for k in row:
            noticed |= set(k)
    slots = [("draw", None, i) for i in range(len(s.draw))]
    for h in range(s.n):
        if h != seat and not s.revealed[h]:
            slots += [("hand", h, i) for i, c in enumerate(s.hands[h]) if c not in noticed]
    if seat != s.current:
        slots += [("drawn", None, i) for i in range(len(s.drawn))]
    if len(slots) < 2:
        return
    a, b = rng.sample(slots, 2)
    t = s.copy()

    def ref(slot):
        where, h, i = slot
        return (t.draw if where == "draw" else t.drawn if where == "drawn" else t.hands[h]), i

    la, ia = ref(a)
    lb, ib = ref(b)
    la[ia], lb[ib] = lb[ib], la[ia]
    assert view(t, seat) == v, f"seat {seat}'s view depends on hidden cards {a} {b}"


def check_snapshot(s: State) -> None:
    assert from_dict(json.loads(json.dumps(to_dict(s)))) == s


#: (state, step, policy rng, shown) -> the legal actions, after the step's checks
StepCheck = Callable[[State, int, random.Random, Shown], list]
#: (state, action, next state) -> None
ApplyCheck = Callable[[State, Any, State], None]


def run_game(var: Variant, players: int, seed: int, policy_seed: int, patient: bool,
             check_step: StepCheck, check_apply: ApplyCheck) -> tuple[State, list[str]]:
    """One random game to its end; ``check_step`` before every action, ``check_apply``
    after it; ``apply`` never changes its argument."""
    rng = random.Random(policy_seed)
    s = new_game(players, seed, var.options)
    shown = Shown(players, var.card_fields)
    shown.update(s.log)
    actions: list[str] = []
    for step in range(MAX_ACTIONS):
        acts = check_step(s, step, rng, shown)
        if not acts:
            break
        if patient and len(acts) > 1:
            calm = [a for a in acts if a.kind not in (ActionKind.STOP, ActionKind.LAST_CHANCE)]
            if calm and rng.random() < 0.95:
                acts = calm
        action = rng.choice(acts)
        before = s.copy()
        t = apply(s, action)
        assert s == before, "apply changed its argument"
        check_apply(s, action, t)
        actions.append(str(action))
        s = t
        shown.update(s.log)
    else:
        raise AssertionError(f"no end after {MAX_ACTIONS} actions")
    return s, actions


def check_end(s: State, var: Variant, players: int, seed: int, actions: list[str], *,
              winners_top: bool = False) -> None:
    """The game is over, its result consistent, and its record replays to ``s``."""
    assert s.phase == Phase.GAME_OVER and s.result is not None
    assert s.result.scores == tuple(s.scores)
    assert set(s.result.winners) <= set(range(players))
    if s.result.termination.value == "target":
        assert max(s.scores) >= s.target
        if winners_top:
            assert all(s.scores[w] == max(s.scores) for w in s.result.winners)
    record = record_of("sea-salt-and-paper", seed, players, actions, options=var.options)
    assert record.replay() == s
    assert GameRecord.loads(record.dumps()).replay() == s
    check_snapshot(s)


def play_fixed(players: int, seed: int, options: dict[str, Any], policy_seed: int) -> State:
    """A game of uniformly random legal actions, unchecked (for the coverage tests)."""
    rng = random.Random(policy_seed)
    s = new_game(players, seed, options)
    for _ in range(MAX_ACTIONS):
        if s.result is not None:
            break
        s = apply(s, rng.choice(legal_actions(s)))
    return s
