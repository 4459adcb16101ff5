"""Property tests: random seeds, 2-5 players, random legal actions to the end of the game.

At every step: every seat's cards are conserved (hand + committed card + removed
= the 7 of its colour); no view (nor its JSON, log included) shows anything
hidden: a state that differs only in the bait pile's order, in which bait cards
were put away unused, or in another seat's committed card gives the seat the same
view; a snapshot survives JSON; a determinized state has the same view and is a
valid snapshot. At the end: exactly 9 rounds, 9 cards per seat played, and the
game record replays (through JSON) to the same state.
"""

from __future__ import annotations

import json
import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seasalt.core.interface import TERMINAL
from seasalt.core.record import GameRecord, record_of
from seasalt.fdm.cards import HAND, PLAYER_KINDS, ROUNDS
from seasalt.fdm.game import GAME
from seasalt.fdm.state import State, from_dict, to_dict
from seasalt.fdm.view import determinize

PROPS = settings(max_examples=int(os.environ.get("SEASALT_PROP_EXAMPLES", "18")),
                 deadline=None, derandomize=bool(os.environ.get("CI")),
                 suppress_health_check=[HealthCheck.too_slow])


def check_cards(s: State) -> None:
    for seat in range(s.players):
        for k in PLAYER_KINDS:
            held = s.hands[seat][k] + (s.pending[seat] == k) + s.removed[seat][k]
            assert held == HAND[k], f"seat {seat}: {k} not conserved"


def hidden_variants(s: State, rng: random.Random) -> list[tuple[State, set[int]]]:
    """States that differ from ``s`` only in something hidden, with the seats that
    must not notice: the pile reordered, a pile card traded with an unused one
    (every seat), another card committed by one seat (every other seat)."""
    out: list[tuple[State, set[int]]] = []
    everyone = set(range(s.players))
    if len(s.pile) > 1:
        t = s.copy()
        rng.shuffle(t.pile)
        out.append((t, everyone))
    for i, card in enumerate(s.pile):
        j = next((j for j, u in enumerate(s.unused) if u != card), None)
        if j is not None:
            t = s.copy()
            t.pile[i], t.unused[j] = t.unused[j], t.pile[i]
            out.append((t, everyone))
            break
    for seat, kind in enumerate(s.pending):
        if kind is None:
            continue
        others = [k for k in PLAYER_KINDS if k != kind and s.hands[seat][k] > 0]
        if not others:
            continue
        other = rng.choice(others)
        t = s.copy()
        t.hands[seat][kind] += 1
        t.hands[seat][other] -= 1
        t.pending[seat] = other
        assert t.log is not None
        t.log = [({**e, "kind": other.value}
                  if e["type"] == "choose" and e["seat"] == seat and e["round"] == s.round
                  else e) for e in t.log]
        out.append((t, everyone - {seat}))
    return out


def check_views(s: State, rng: random.Random) -> None:
    current = GAME.current_player(s)
    variants = hidden_variants(s, rng)
    for seat in [*range(s.players), None]:
        v = GAME.view(s, seat, log=True)
        text = json.dumps(v.to_dict())
        data = json.loads(text)
        assert not {"pile", "unused", "pending", "seed", "rng"} & set(data)
        assert data["hands"] == GAME.view(s, None).to_dict()["hands"]  # public
        if data["history"]:
            assert data["last"] == data["history"][-1]
            assert data["history"][-1]["totals"] == list(s.scores)
        for e in data["log"]:
            if e["type"] == "choose" and e["seat"] != seat:
                assert "kind" not in e
        for t, blind in variants:
            if seat is None or seat in blind:
                assert json.dumps(GAME.view(t, seat, log=True).to_dict()) == text
        if seat is not None:
            assert data["my_choice"] == (None if s.pending[seat] is None
                                         else s.pending[seat].value)
            assert bool(data["legal"]) == (seat == current)
            t = determinize(v, rng)  # (at the end too)
            assert GAME.view(t, seat) == GAME.view(s, seat)
            check_cards(t)
            assert from_dict(json.loads(json.dumps(to_dict(t)))) == t


def run_game(players: int, seed: int, policy_seed: int) -> tuple[State, list[str]]:
    rng = random.Random(policy_seed)
    s = GAME.new_game(players, seed)
    texts: list[str] = []
    while True:
        check_cards(s)
        check_views(s, rng)
        assert from_dict(json.loads(json.dumps(to_dict(s)))) == s
        if GAME.current_player(s) == TERMINAL:
            break
        legal = GAME.legal_actions(s)
        assert legal == sorted(legal) and legal
        action = rng.choice(legal)
        last = GAME.reveals(s, action)
        t = GAME.apply(s, action)
        assert last == (t.round != s.round or t.bait is None)
        texts.append(GAME.action_to_str(action))
        s = t
    return s, texts


@PROPS
@given(players=st.integers(2, 5), seed=st.integers(0, 2**63 - 1),
       policy_seed=st.integers(0, 2**32))
def test_random_games_keep_every_invariant(players, seed, policy_seed):
    s, texts = run_game(players, seed, policy_seed)
    # exactly 9 rounds, every seat playing a card in each (a Warden always stays)
    assert s.bait is None and s.round == ROUNDS and len(s.history) == ROUNDS
    assert len(texts) == ROUNDS * players == s.ply
    assert all(None not in r.plays for r in s.history)
    assert sum(s.scores) == sum(len(r.scorers) for r in s.history)
    out = GAME.outcome(s)
    assert out is not None and max(s.scores) in [s.scores[w] for w in out.winners]
    assert sum(GAME.returns(s)) == 1.0 or abs(sum(GAME.returns(s)) - 1.0) < 1e-9
    # the record, through JSON, replays to the same state
    record = record_of("fruits-de-mer", seed, players, texts)
    assert GameRecord.loads(record.dumps()).replay() == s
    assert record_of("fdm", seed, players, texts[:-1]).replay() == \
        GAME.from_dict(to_dict(record.replay(len(texts) - 1)))
