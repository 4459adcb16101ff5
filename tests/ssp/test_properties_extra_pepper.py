"""Property tests with both expansions on (Extra Salt and Extra Pepper,
docs/rules-expansions.md parts A and B): random seeds, 2-4 players, random legal
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

The shared checks are in :mod:`tests.ssp.invariants`.
"""

from __future__ import annotations

import random

from hypothesis import event, given
from hypothesis import strategies as st

from seasalt.ssp.actions import keep_event, parse_action
from seasalt.ssp.cards import IMPLEMENTED_EVENTS, Event
from seasalt.ssp.state import DUO_EFFECTS, RODEO_EFFECTS, Phase, State, legal_actions
from seasalt.ssp.view import determinize, view
from tests.ssp.invariants import (
    FORBIDDEN_KEYS,
    SALT_CARD_FIELDS,
    Shown,
    Variant,
    check_cards,
    check_end,
    check_legal,
    check_snapshot,
    check_views,
    play_fixed,
    props,
)
from tests.ssp.invariants import run_game as _run_game

BOTH = {"extra_salt": True, "extra_pepper": True}
ALL_EVENTS = sorted(int(e) for e in IMPLEMENTED_EVENTS)
#: fronts hold duos (A.2) and B.3.3's Water Rodeo pairs; face-down Coral Reef
#: shells (B.3.12) are card places hidden from other seats; views never name
#: the event deck's order
PEPPER = Variant(options=BOTH, n_cards=66, card_fields=SALT_CARD_FIELDS,
                 pairs=frozenset(DUO_EFFECTS) | frozenset(RODEO_EFFECTS), looked=True,
                 reef=True, forbidden_keys=FORBIDDEN_KEYS | {"events"}, hide_rng=False)
#: phases of Extra Pepper that the Extra Salt legal-action checks do not know
SPECIAL = (Phase.KEEP_EVENT, Phase.ANGELFISH, Phase.SWAP, Phase.STEAL_PAIR)


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


def _check_step(s: State, step: int, rng: random.Random, shown: Shown) -> list:
    check_cards(s, PEPPER)
    check_events(s)
    special = s.phase in SPECIAL
    if special:
        acts = legal_actions(s)
        assert acts == sorted(acts) and acts
        assert all(parse_action(str(a)) == a for a in acts)
    else:
        acts = check_legal(s, salt=True)
    if s.phase != Phase.KEEP_EVENT:
        check_views(s, shown, rng, PEPPER, full=step % 10 == 0 or special)
    else:
        for seat in range(s.n):
            v = view(s, seat)
            assert view(determinize(v, rng), seat) == v
    check_event_views(s)
    if step % 60 == 0 or special:
        check_snapshot(s)
    return acts


def _check_apply(s: State, action, t: State) -> None:
    if t.round != s.round and t.phase != Phase.GAME_OVER:
        assert all(len(h) <= 1 for h in t.held)


def run_game(players: int, seed: int, policy_seed: int, patient: bool) -> tuple[State, list]:
    return _run_game(PEPPER, players, seed, policy_seed, patient, _check_step, _check_apply)


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


PROPS = props("18")


@PROPS
@given(players=st.integers(2, 4), seed=st.integers(0, 2**63 - 1),
       policy_seed=st.integers(0, 2**32), patient=st.booleans())
def test_random_games_with_both_expansions_keep_every_invariant(players, seed, policy_seed,
                                                                patient):
    s, actions = run_game(players, seed, policy_seed, patient)
    for name in sorted(pepper_events(s)):
        event(name)
    check_end(s, PEPPER, players, seed, actions)


def test_random_games_reach_every_extra_pepper_step():
    """The random games above are not vacuous: fixed seeds hand events out, make
    seats choose, and play every interactive event effect."""
    seen: set[str] = set()
    for i in range(40):
        seen |= pepper_events(play_fixed(2 + i % 3, 2000 + i, BOTH, i))
    assert {"event-given", "event-lost", "choose-event", "event-kept", "dolphins",
            "hermit-crab", "sunfish", "angelfish", "angelfish-pass", "reef", "swap",
            "steal-pair"} <= seen, seen
