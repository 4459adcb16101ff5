"""Property tests: random seeds, 2-4 players, random legal actions to the end of the game.

At every step: the 58 cards are each in exactly one place; the knowledge kept in
the state is true; legal actions are sorted, unique as strings and parse back;
``apply`` leaves its argument alone; no view names a card hidden from its seat
(checked against the seat's own redacted log) nor the random state, and a view
does not change when hidden cards are swapped. At intervals: snapshot JSON
round-trip and determinization. At the end: the record replays to the same state.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seasalt.core.record import record_of
from seasalt.ssp.actions import ActionKind, parse_action
from seasalt.ssp.snapshot import from_dict, to_dict
from seasalt.ssp.state import Phase, State, apply, legal_actions, new_game
from seasalt.ssp.view import determinize, view
from tests.ssp.conftest import view_cards

MAX_ACTIONS = 20000
#: event fields that hold card ids (the public part of an event)
CARD_FIELDS = ("card", "cards", "discarded", "piles", "top", "hand")


def _ints(value: Any) -> set[int]:
    if isinstance(value, bool) or value is None:
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, list | tuple):
        return set().union(*(_ints(v) for v in value)) if value else set()
    return set()


def _keys(value: Any) -> set[str]:
    """Every dict key in a JSON-like value, at any depth."""
    if isinstance(value, dict):
        return set(value).union(*(_keys(v) for v in value.values()))
    if isinstance(value, list | tuple):
        return set().union(*(_keys(v) for v in value)) if value else set()
    return set()


class Traceable:
    """Per seat (and for spectators, key None), the cards this round's events named to it.

    Built from the log alone, independently of the engine's knowledge fields.
    """

    def __init__(self, n: int):
        self.n = n
        self.pos = 0
        self.seen: dict[int | None, set[int]] = {}

    def update(self, log: list[dict]) -> None:
        for e in log[self.pos:]:
            if e["type"] == "round-start":
                self.seen = {k: set() for k in [*range(self.n), None]}
            if e["type"] in ("round-end", "game-over"):
                continue
            public = set().union(*(_ints(e.get(k)) for k in CARD_FIELDS))
            for k in self.seen:
                self.seen[k] |= public
            for seat, fields in e.get("private", {}).items():
                self.seen[int(seat)] |= set().union(*(_ints(v) for v in fields.values()))
        self.pos = len(log)


def check_cards(s: State) -> None:
    places = [*s.draw, *s.piles[0], *s.piles[1], *s.drawn,
              *(c for h in s.hands for c in h), *(c for f in s.fronts for c in f)]
    assert sorted(places) == list(range(58)), "a card is lost or doubled"
    assert all(len(f) % 2 == 0 for f in s.fronts)


def check_knowledge(s: State) -> None:
    """What the state says seats know is true (R5 bookkeeping)."""
    in_any_hand = {c for h in s.hands for c in h}
    for row in s.known:
        for h, cards in enumerate(row):
            assert set(cards) <= set(s.hands[h]), "known card not in that hand"
    assert set(s.in_hands) <= in_any_hand
    for pile, cand in zip(s.piles, s.cand, strict=True):
        it = iter(cand)
        assert all(c in it for c in pile), "pile is not a subsequence of its candidates"
        if pile:
            assert cand[-1] == pile[-1]
        assert set(cand) - set(pile) <= in_any_hand


def check_legal(s: State) -> list:
    acts = legal_actions(s)
    if s.phase == Phase.GAME_OVER:
        assert acts == [] and s.result is not None
        return acts
    assert acts, "no legal action in a live state"
    assert acts == sorted(acts)
    texts = [str(a) for a in acts]
    assert len(set(texts)) == len(texts) == len(set(acts))
    for a, t in zip(acts, texts, strict=True):
        assert parse_action(t) == a
    if s.phase == Phase.PLAY:
        assert texts[-1] == "end"
    return acts


def check_views(s: State, trace: Traceable, rng: random.Random, *, full: bool) -> None:
    hidden_of = {}
    for seat in [*range(s.n), None]:
        v = view(s, seat)
        d = v.to_dict()
        text = json.dumps(d)
        assert not _keys(d) & {"seed", "rng", "draw", "deck"}
        assert str(s.rng) not in text
        if s.seed >= 10**9:
            assert str(s.seed) not in text
        hidden = {c for h in range(s.n) if h != seat and not s.revealed[h]
                  for c in s.hands[h]} - trace.seen[seat]
        leaked = view_cards(d) & hidden
        assert not leaked, f"seat {seat} sees hidden cards {sorted(leaked)}"
        hidden_of[seat] = hidden
        if seat is None:
            continue
        assert v.hand == tuple(sorted(s.hands[seat]))
        if full:
            det = determinize(v, rng)
            assert view(det, seat) == v
            check_cards(det)
            _check_swap_invariance(s, seat, v, rng)


def _check_swap_invariance(s: State, seat: int, v, rng: random.Random) -> None:
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


def run_game(players: int, seed: int, policy_seed: int, patient: bool) -> tuple[State, list]:
    rng = random.Random(policy_seed)
    s = new_game(players, seed)
    trace = Traceable(players)
    trace.update(s.log)
    actions = []
    for step in range(MAX_ACTIONS):
        check_cards(s)
        check_knowledge(s)
        acts = check_legal(s)
        full = step % 7 == 0
        check_views(s, trace, rng, full=full)
        if step % 40 == 0:
            assert from_dict(json.loads(json.dumps(to_dict(s)))) == s
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
        assert t.ply == s.ply + 1
        actions.append(str(action))
        s = t
        trace.update(s.log)
    else:
        raise AssertionError(f"no end after {MAX_ACTIONS} actions")
    return s, actions


#: more examples with SEASALT_PROP_EXAMPLES=500; CI (CI=true) runs a fixed set
PROPS = settings(max_examples=int(os.environ.get("SEASALT_PROP_EXAMPLES", "30")),
                 deadline=None, derandomize=bool(os.environ.get("CI")),
                 suppress_health_check=[HealthCheck.too_slow])


@PROPS
@given(players=st.integers(2, 4), seed=st.integers(0, 2**63 - 1),
       policy_seed=st.integers(0, 2**32), patient=st.booleans())
def test_random_games_keep_every_invariant(players, seed, policy_seed, patient):
    s, actions = run_game(players, seed, policy_seed, patient)
    assert s.phase == Phase.GAME_OVER and s.result is not None
    assert s.result.scores == tuple(s.scores)
    assert set(s.result.winners) <= set(range(players))
    if s.result.termination.value == "target":
        assert max(s.scores) >= s.target
        assert all(s.scores[w] == max(s.scores) for w in s.result.winners)
    # the record of the actions replays to an equal state
    record = record_of("sea-salt-and-paper", seed, players, actions)
    assert record.replay() == s
    assert type(record).loads(record.dumps()).replay() == s
    assert from_dict(json.loads(json.dumps(to_dict(s)))) == s


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_same_seed_same_actions_same_game(players, seed):
    rng1, rng2 = random.Random(seed), random.Random(seed)
    s1, s2 = new_game(players, seed), new_game(players, seed)
    for _ in range(300):
        if s1.result is not None:
            break
        a1 = rng1.choice(legal_actions(s1))
        a2 = rng2.choice(legal_actions(s2))
        assert a1 == a2
        s1, s2 = apply(s1, a1), apply(s2, a2)
        assert s1 == s2
