"""Property tests with Extra Salt on (docs/rules-expansions.md part A): random seeds,
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

The checks themselves are in :mod:`tests.ssp.invariants`.
"""

from __future__ import annotations

import random

from hypothesis import event, given
from hypothesis import strategies as st

from seasalt.ssp.actions import ActionKind
from seasalt.ssp.cards import KIND_OF, Kind
from seasalt.ssp.state import DUO_EFFECTS, Phase, State
from tests.ssp.invariants import (
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

ES = {"extra_salt": True}
SALT = Variant(options=ES, n_cards=66, card_fields=SALT_CARD_FIELDS,
               pairs=frozenset(DUO_EFFECTS), looked=True, forced_view=True)


def _check_step(s: State, step: int, rng: random.Random, shown: Shown) -> list:
    check_cards(s, SALT)
    acts = check_legal(s, salt=True)
    check_views(s, shown, rng, SALT, full=step % 10 == 0 or s.phase == Phase.LOBSTER_PICK)
    if step % 60 == 0:
        check_snapshot(s)
    return acts


def _check_apply(s: State, action, t: State) -> None:
    assert t.ply == s.ply + 1
    if action.kind == ActionKind.DUO and {KIND_OF[action.a], KIND_OF[action.b]} == {
            Kind.SWIMMER, Kind.JELLYFISH}:
        assert not t.forced[s.current], "Decision 1: the Jellyfish player is not forced"


def run_game(players: int, seed: int, policy_seed: int, patient: bool) -> tuple[State, list]:
    return _run_game(SALT, players, seed, policy_seed, patient, _check_step, _check_apply)


def extra_salt_events(s: State) -> set[str]:
    out = set()
    for e in s.log:
        if e["type"] == "duo" and e["effect"] in ("lobster", "jellyfish"):
            out.add(e["effect"] + ("-skipped" if e.get("skipped") else ""))
        elif e["type"] in ("trio", "lobster-pick", "forced-draw"):
            out.add(e["type"])
    return out


PROPS = props("18")


@PROPS
@given(players=st.integers(2, 4), seed=st.integers(0, 2**63 - 1),
       policy_seed=st.integers(0, 2**32), patient=st.booleans())
def test_random_extra_salt_games_keep_every_invariant(players, seed, policy_seed, patient):
    s, actions = run_game(players, seed, policy_seed, patient)
    for name in sorted(extra_salt_events(s)):
        event(name)
    check_end(s, SALT, players, seed, actions)


def test_random_games_reach_every_extra_salt_effect():
    """The random games above are not vacuous: fixed seeds play every new effect."""
    seen: set[str] = set()
    for i in range(8):
        seen |= extra_salt_events(play_fixed(2 + i % 3, 1000 + i, ES, i))
    assert {"lobster", "lobster-pick", "jellyfish", "forced-draw", "trio"} <= seen
