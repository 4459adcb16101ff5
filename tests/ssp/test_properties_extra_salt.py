"""Property tests with Extra Salt on (RULES-EXPANSIONS.md part A): random seeds,
2-4 players, random legal actions to the end of the game.

At every step: the 66 cards are each in exactly one place (draw pile, discard
piles, hands, fronts, a pending draw two, a pending Lobster look); every front
is a row of valid duos, each optionally followed by one Starfish (A.2, A.6);
a Lobster pick offers exactly the cards seen (A.4) and a forced turn only
``draw`` (A.3); ``apply`` leaves its argument alone; no view names a card of
the draw pile, another seat's pending draw two or Lobster look, or another
seat's hidden hand card that the seat was never shown (checked against the
log). At intervals: snapshot JSON round-trip and
``view(determinize(view(s, seat), rng), seat) == view(s, seat)``. At the end:
the game is over and its record replays to an equal state.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from seasalt.core.record import GameRecord, record_of
from seasalt.ssp.actions import DRAW, ActionKind, parse_action
from seasalt.ssp.cards import KIND_OF, Kind
from seasalt.ssp.snapshot import from_dict, to_dict
from seasalt.ssp.state import DUO_EFFECTS, Phase, State, apply, legal_actions, new_game
from seasalt.ssp.view import View, determinize, view

ES = {"extra_salt": True}
N_CARDS = 66
MAX_ACTIONS = 20000
#: event fields that hold card ids (public or private)
CARD_FIELDS = ("card", "cards", "discarded", "piles", "top", "hand", "looked")


def _ints(value: Any) -> set[int]:
    if isinstance(value, bool) or value is None:
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, list | tuple):
        return set().union(*(_ints(v) for v in value)) if value else set()
    return set()


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value).union(*(_keys(v) for v in value.values()))
    if isinstance(value, list | tuple):
        return set().union(*(_keys(v) for v in value)) if value else set()
    return set()


class Shown:
    """Per seat (None: spectators), the cards this round's log named to it."""

    def __init__(self, n: int):
        self.n = n
        self.pos = 0
        self.seen: dict[int | None, set[int]] = {k: set() for k in [*range(n), None]}

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
        out |= _ints(d[k])
    for p in d["piles"]:
        out |= _ints(p["candidates"]) | _ints(p["top"])
    return out


def check_front(front: list[int]) -> None:
    """A front is duos (A.2 pairs), each optionally followed by one Starfish (A.6)."""
    i = 0
    while i < len(front):
        pair = frozenset((KIND_OF[front[i]], KIND_OF[front[i + 1]]))
        assert pair in DUO_EFFECTS, f"not a duo in front: {front[i:i + 2]}"
        i += 2
        if i < len(front) and KIND_OF[front[i]] == Kind.STARFISH:
            i += 1


def check_cards(s: State) -> None:
    places = [*s.draw, *s.piles[0], *s.piles[1], *s.drawn, *s.looked,
              *(c for h in s.hands for c in h), *(c for f in s.fronts for c in f)]
    assert sorted(places) == list(range(N_CARDS)), "a card is lost or doubled"
    for f in s.fronts:
        check_front(f)


def check_legal(s: State) -> list:
    acts = legal_actions(s)
    if s.phase == Phase.GAME_OVER:
        assert acts == [] and s.result is not None
        assert s.forced == [False] * s.n and s.looked == []
        return acts
    assert acts and acts == sorted(acts)
    texts = [str(a) for a in acts]
    assert len(set(texts)) == len(texts)
    assert all(parse_action(t) == a for a, t in zip(acts, texts, strict=True))
    if s.phase == Phase.LOBSTER_PICK:
        assert 2 <= len(s.looked) <= 5
        assert acts == [parse_action(f"pick:{c}") for c in sorted(s.looked)]
    else:
        assert s.looked == []
    if s.forced[s.current]:
        # A.3: a forced seat never gets past its draw
        assert s.phase == Phase.DRAW and acts == [DRAW]
    return acts


def check_views(s: State, shown: Shown, rng: random.Random, *, full: bool) -> None:
    """Every step: the card fields; with ``full``: the JSON form and determinization."""
    deck = set(s.draw)
    pending = set(s.looked) | set(s.drawn)
    for seat in [*range(s.n), None]:
        v = view(s, seat)
        cards = view_cards(v)
        if full:
            text = json.dumps(v.to_dict())
            d = json.loads(text)
            assert not _keys(d) & {"seed", "rng", "draw", "deck"}
            assert str(s.rng) not in text
            assert json_cards(d) == cards
        assert not cards & deck, f"seat {seat} sees draw-pile cards"
        if seat != s.current:
            assert not cards & pending, f"seat {seat} sees another seat's drawn/looked cards"
            assert not v.looked and not v.drawn
        hidden = {c for h in range(s.n) if h != seat and not s.revealed[h]
                  for c in s.hands[h]} - shown.seen[seat]
        assert not cards & hidden, f"seat {seat} sees hidden cards {sorted(cards & hidden)}"
        assert v.looked_count == len(s.looked) and list(v.forced) == s.forced
        if seat is None:
            continue
        assert v.hand == tuple(sorted(s.hands[seat]))
        if full:
            det = determinize(v, rng)
            assert view(det, seat) == v
            check_cards(det)


def run_game(players: int, seed: int, policy_seed: int, patient: bool) -> tuple[State, list]:
    rng = random.Random(policy_seed)
    s = new_game(players, seed, ES)
    shown = Shown(players)
    shown.update(s.log)
    actions: list[str] = []
    for step in range(MAX_ACTIONS):
        check_cards(s)
        acts = check_legal(s)
        check_views(s, shown, rng, full=step % 10 == 0 or s.phase == Phase.LOBSTER_PICK)
        if step % 60 == 0:
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
        if action.kind == ActionKind.DUO and {KIND_OF[action.a], KIND_OF[action.b]} == {
                Kind.SWIMMER, Kind.JELLYFISH}:
            assert not t.forced[s.current], "Decision 1: the Jellyfish player is not forced"
        actions.append(str(action))
        s = t
        shown.update(s.log)
    else:
        raise AssertionError(f"no end after {MAX_ACTIONS} actions")
    return s, actions


def extra_salt_events(s: State) -> set[str]:
    out = set()
    for e in s.log:
        if e["type"] == "duo" and e["effect"] in ("lobster", "jellyfish"):
            out.add(e["effect"] + ("-skipped" if e.get("skipped") else ""))
        elif e["type"] in ("trio", "lobster-pick", "forced-draw"):
            out.add(e["type"])
    return out


#: more examples with SEASALT_PROP_EXAMPLES=500; CI (CI=true) runs a fixed set
PROPS = settings(max_examples=int(os.environ.get("SEASALT_PROP_EXAMPLES", "25")),
                 deadline=None, derandomize=bool(os.environ.get("CI")),
                 suppress_health_check=[HealthCheck.too_slow])


@PROPS
@given(players=st.integers(2, 4), seed=st.integers(0, 2**63 - 1),
       policy_seed=st.integers(0, 2**32), patient=st.booleans())
def test_random_extra_salt_games_keep_every_invariant(players, seed, policy_seed, patient):
    s, actions = run_game(players, seed, policy_seed, patient)
    for name in sorted(extra_salt_events(s)):
        event(name)
    assert s.phase == Phase.GAME_OVER and s.result is not None
    assert s.result.scores == tuple(s.scores)
    assert set(s.result.winners) <= set(range(players))
    if s.result.termination.value == "target":
        assert max(s.scores) >= s.target
    record = record_of("sea-salt-and-paper", seed, players, actions, options=ES)
    assert record.replay() == s
    assert GameRecord.loads(record.dumps()).replay() == s
    assert from_dict(json.loads(json.dumps(to_dict(s)))) == s


def test_random_games_reach_every_extra_salt_effect():
    """The random games above are not vacuous: fixed seeds play every new effect."""
    seen: set[str] = set()
    for i in range(8):
        rng = random.Random(i)
        s = new_game(2 + i % 3, 1000 + i, ES)
        for _ in range(MAX_ACTIONS):
            if s.result is not None:
                break
            s = apply(s, rng.choice(legal_actions(s)))
        seen |= extra_salt_events(s)
    assert {"lobster", "lobster-pick", "jellyfish", "forced-draw", "trio"} <= seen
