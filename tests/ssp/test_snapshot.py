"""Snapshots (``to_dict``/``from_dict``): every field round-trips; bad input is refused."""

from __future__ import annotations

import json
import random

import pytest

from seasalt.core.errors import InvalidRecordError
from seasalt.ssp.snapshot import from_dict, to_dict
from seasalt.ssp.state import Phase, apply, apply_in_place, legal_actions, new_game
from tests.ssp.conftest import make_state, play


def test_round_trip_through_json_at_every_step():
    rng = random.Random(2)
    s = new_game(4, 2)
    for _ in range(200):
        assert from_dict(json.loads(json.dumps(to_dict(s)))) == s
        if s.result is not None:
            break
        s = apply(s, rng.choice(legal_actions(s)))


def test_round_trip_of_a_finished_game_and_without_log():
    s = make_state(2, hands=[["captain:light-orange", "sailor:pink", "sailor:orange"], []],
                   phase=Phase.PLAY, scores=[35, 0])
    t = play(s, "stop")
    assert t.phase == Phase.GAME_OVER
    assert from_dict(json.loads(json.dumps(to_dict(t)))) == t
    u = new_game(3, 5, log=False)
    apply_in_place(u, legal_actions(u)[0])
    assert from_dict(json.loads(json.dumps(to_dict(u)))) == u


def test_restored_state_plays_on_identically():
    s = new_game(3, 9)
    rng = random.Random(9)
    for _ in range(50):
        s = apply(s, rng.choice(legal_actions(s)))
    t = from_dict(json.loads(json.dumps(to_dict(s))))
    for _ in range(50):
        a = legal_actions(s)[len(legal_actions(s)) // 2]
        s, t = apply(s, a), apply(t, a)
        assert s == t


@pytest.mark.parametrize("mutate", [
    lambda d: d.update(game="chess"),
    lambda d: d.update(version=99),
    lambda d: d.pop("hands"),
    lambda d: d.update(phase=17),
    lambda d: d.update(draw="abc"),
    lambda d: d.update(hands=5),
    lambda d: d.update(result={"termination": "nope", "winners": [], "scores": []}),
])
def test_bad_snapshot_refused(mutate):
    d = to_dict(new_game(2, 1))
    mutate(d)
    with pytest.raises(InvalidRecordError):
        from_dict(d)


def test_not_a_mapping_refused():
    for bad in (None, [], "x"):
        with pytest.raises(InvalidRecordError):
            from_dict(bad)  # type: ignore[arg-type]
