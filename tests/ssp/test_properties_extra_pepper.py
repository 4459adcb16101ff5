"""Property tests with both expansions on (Extra Salt and Extra Pepper,
RULES-EXPANSIONS.md parts A and B): random seeds, 2-4 players, random legal
actions to the end of the game.

At every step, besides the Extra Salt checks (66 cards each in one place, fronts
of valid duos and trios, Lobster and Jellyfish, views that never name a hidden
card; :mod:`tests.ssp.test_properties_extra_salt`): every event card of the game
is in exactly one place (event deck, event discard, table, a seat's hand of
events); the table event is always set; a round starts with at most one held
event per seat (B.4 step 5); the keep-event phase offers exactly the events the
seat holds; every view shows the same public events and never the event deck's
order. At intervals: snapshot JSON round-trip and
``view(determinize(view(s, seat), rng), seat) == view(s, seat)``. At the end:
the game is over and its record replays to an equal state.
"""

from __future__ import annotations

import json
import random

from hypothesis import event, given
from hypothesis import strategies as st

from seasalt.core.record import GameRecord, record_of
from seasalt.ssp.actions import ActionKind, keep_event, parse_action
from seasalt.ssp.cards import IMPLEMENTED_EVENTS, KIND_OF, Event, Kind
from seasalt.ssp.snapshot import from_dict, to_dict
from seasalt.ssp.state import (
    DUO_EFFECTS,
    RODEO_EFFECTS,
    Phase,
    State,
    apply,
    legal_actions,
    new_game,
)
from seasalt.ssp.view import determinize, view
from tests.ssp.test_properties_extra_salt import (
    MAX_ACTIONS,
    N_CARDS,
    PROPS,
    Shown,
    _keys,
    check_legal,
    json_cards,
    view_cards,
)

BOTH = {"extra_salt": True, "extra_pepper": True}
ALL_EVENTS = sorted(int(e) for e in IMPLEMENTED_EVENTS)


def check_front(front: list[int]) -> None:
    """Duos (A.2, and B.3.3's Water Rodeo pairs), each optionally with one Starfish."""
    i = 0
    while i < len(front):
        pair = frozenset((KIND_OF[front[i]], KIND_OF[front[i + 1]]))
        assert pair in DUO_EFFECTS or pair in RODEO_EFFECTS, front[i:i + 2]
        i += 2
        if i < len(front) and KIND_OF[front[i]] == Kind.STARFISH:
            i += 1


def check_cards(s: State) -> None:
    """Every card in one place (face-down Coral Reef shells included, B.3.12)."""
    reefs = [c for c in s.reef if c >= 0]
    assert all(KIND_OF[c] == Kind.SHELL for c in reefs)
    places = [*s.draw, *s.piles[0], *s.piles[1], *s.drawn, *s.looked, *reefs,
              *(c for h in s.hands for c in h), *(c for f in s.fronts for c in f)]
    assert sorted(places) == list(range(N_CARDS)), "a card is lost or doubled"
    for f in s.fronts:
        check_front(f)


def check_views(s: State, shown: Shown, rng: random.Random, *, full: bool) -> None:
    """As the Extra Salt property test's check (no view names a hidden card), plus
    the face-down Coral Reef shells of other seats; with ``full``: the JSON form
    and ``view(determinize(v)) == v``."""
    deck = set(s.draw)
    pending = set(s.looked) | set(s.drawn)
    for seat in [*range(s.n), None]:
        v = view(s, seat)
        cards = view_cards(v)
        if full:
            text = json.dumps(v.to_dict())
            d = json.loads(text)
            assert not _keys(d) & {"seed", "rng", "draw", "deck", "events"}
            assert json_cards(d) | ({d["reef"]} if d["reef"] is not None else set()) == (
                cards | ({v.reef} if v.reef is not None else set()))
        assert not cards & deck, f"seat {seat} sees draw-pile cards"
        if seat != s.current:
            assert not cards & pending and not v.looked and not v.drawn
        hidden = {c for h in range(s.n) if h != seat and not s.revealed[h]
                  for c in s.hands[h]} - shown.seen[seat]
        hidden |= {c for h in range(s.n) if h != seat and s.reef[h] >= 0
                   for c in (s.reef[h],)} - shown.seen[seat]
        assert not cards & hidden, f"seat {seat} sees hidden cards {sorted(cards & hidden)}"
        assert v.reef is None or v.reef == s.reef[seat]
        if seat is None:
            continue
        assert v.hand == tuple(sorted(s.hands[seat]))
        if full:
            det = determinize(v, rng)
            assert view(det, seat) == v
            check_cards(det)


def check_events(s: State) -> None:
    places = [*s.events, *s.event_discard, *(e for h in s.held for e in h), s.table_event]
    assert sorted(places) == ALL_EVENTS, "an event card is lost or doubled"
    if s.phase == Phase.KEEP_EVENT:
        assert len(s.held[s.current]) == 2
        assert legal_actions(s) == [keep_event(e) for e in sorted(s.held[s.current])]
        assert all(len(h) <= 1 for o, h in enumerate(s.held) if o != s.current)
    else:
        assert all(len(h) <= 1 for h in s.held)


def check_event_views(s: State) -> None:
    first = None
    for seat in [*range(s.n), None]:
        d = view(s, seat).to_dict()
        pub = (d["table_event"], d["event_deck_size"], d["event_discard"], d["held_events"])
        assert first is None or pub == first
        first = pub
        assert d["table_event"] == Event(s.table_event).slug
        assert d["event_deck_size"] == len(s.events)


def run_game(players: int, seed: int, policy_seed: int, patient: bool) -> tuple[State, list]:
    rng = random.Random(policy_seed)
    s = new_game(players, seed, BOTH)
    shown = Shown(players)
    shown.update(s.log)
    actions: list[str] = []
    for step in range(MAX_ACTIONS):
        check_cards(s)
        check_events(s)
        special = s.phase in (Phase.KEEP_EVENT, Phase.ANGELFISH, Phase.SWAP,
                              Phase.STEAL_PAIR)
        if special:
            acts = legal_actions(s)
            assert acts == sorted(acts) and acts
            assert all(parse_action(str(a)) == a for a in acts)
        else:
            acts = check_legal(s)
        if s.phase != Phase.KEEP_EVENT:
            check_views(s, shown, rng, full=step % 10 == 0 or special)
        else:
            for seat in range(s.n):
                v = view(s, seat)
                assert view(determinize(v, rng), seat) == v
        check_event_views(s)
        if step % 60 == 0 or special:
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
        actions.append(str(action))
        if t.round != s.round and t.phase != Phase.GAME_OVER:
            assert all(len(h) <= 1 for h in t.held)
        s = t
        shown.update(s.log)
    else:
        raise AssertionError(f"no end after {MAX_ACTIONS} actions")
    return s, actions


def pepper_events(s: State) -> set[str]:
    out = set()
    for e in s.log:
        if e["type"] in ("event-given", "event-lost", "event-discarded", "choose-event",
                         "event-kept", "dolphins", "hermit-crab", "event-deck-shuffled",
                         "angelfish", "angelfish-pass", "reef", "swap", "swap-pass",
                         "steal-pair"):
            out.add(e["type"])
        elif e["type"] == "duo" and e.get("sunfish"):
            out.add("sunfish")
    return out


@PROPS
@given(players=st.integers(2, 4), seed=st.integers(0, 2**63 - 1),
       policy_seed=st.integers(0, 2**32), patient=st.booleans())
def test_random_games_with_both_expansions_keep_every_invariant(players, seed, policy_seed,
                                                                patient):
    s, actions = run_game(players, seed, policy_seed, patient)
    for name in sorted(pepper_events(s)):
        event(name)
    assert s.phase == Phase.GAME_OVER and s.result is not None
    assert s.result.scores == tuple(s.scores)
    if s.result.termination.value == "target":
        assert max(s.scores) >= s.target
    record = record_of("sea-salt-and-paper", seed, players, actions, options=BOTH)
    assert record.replay() == s
    assert GameRecord.loads(record.dumps()).replay() == s
    assert from_dict(json.loads(json.dumps(to_dict(s)))) == s


def test_random_games_reach_every_extra_pepper_step():
    """The random games above are not vacuous: fixed seeds hand events out, make
    seats choose, and play every interactive event effect."""
    seen: set[str] = set()
    for i in range(40):
        rng = random.Random(i)
        s = new_game(2 + i % 3, 2000 + i, BOTH)
        for _ in range(MAX_ACTIONS):
            if s.result is not None:
                break
            s = apply(s, rng.choice(legal_actions(s)))
        seen |= pepper_events(s)
    assert {"event-given", "event-lost", "choose-event", "event-kept", "dolphins",
            "hermit-crab", "sunfish", "angelfish", "angelfish-pass", "reef", "swap",
            "steal-pair"} <= seen, seen
