"""Property tests: random seeds, 2-4 players, random legal actions to the end of the game.

At every step: the 58 cards are each in exactly one place; the knowledge kept in
the state is true; legal actions are sorted, unique as strings and parse back;
``apply`` leaves its argument alone; no view names a card hidden from its seat
(checked against the seat's own redacted log) nor the random state, and a view
does not change when hidden cards are swapped. At intervals: snapshot JSON
round-trip and determinization. At the end: the record replays to the same state.

The checks themselves are in :mod:`tests.ssp.invariants`, shared with the
expansions' property tests.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from seasalt.ssp.state import State, apply, legal_actions, new_game
from tests.ssp.invariants import (
    BASE_CARD_FIELDS,
    Shown,
    Variant,
    check_cards,
    check_end,
    check_legal,
    check_snapshot,
    check_views,
    props,
)
from tests.ssp.invariants import run_game as _run_game

BASE = Variant(options=None, n_cards=58, card_fields=BASE_CARD_FIELDS,
               json_every_step=True, swap_check=True, hide_seed=True)


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


def _check_step(s: State, step: int, rng: random.Random, shown: Shown) -> list:
    check_cards(s, BASE)
    check_knowledge(s)
    acts = check_legal(s, salt=False)
    check_views(s, shown, rng, BASE, full=step % 7 == 0)
    if step % 40 == 0:
        check_snapshot(s)
    return acts


def _check_apply(s: State, action, t: State) -> None:
    assert t.ply == s.ply + 1


def run_game(players: int, seed: int, policy_seed: int, patient: bool) -> tuple[State, list]:
    return _run_game(BASE, players, seed, policy_seed, patient, _check_step, _check_apply)


PROPS = props("20")


@PROPS
@given(players=st.integers(2, 4), seed=st.integers(0, 2**63 - 1),
       policy_seed=st.integers(0, 2**32), patient=st.booleans())
def test_random_games_keep_every_invariant(players, seed, policy_seed, patient):
    s, actions = run_game(players, seed, policy_seed, patient)
    # the record of the actions replays to an equal state
    check_end(s, BASE, players, seed, actions, winners_top=True)


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
