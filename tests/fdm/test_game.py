"""Fruits de mer through the generic interface: info, reveals (the undo barrier),
refused actions, action codes, snapshots that from_dict refuses, views."""

from __future__ import annotations

import copy
import json
import random

import pytest

from seasalt.core.errors import IllegalActionError, InvalidActionError, InvalidRecordError, Reason
from seasalt.core.interface import TERMINAL, Dynamics
from seasalt.core.registry import load_game
from seasalt.fdm.cards import PLAYER_KINDS, Kind
from seasalt.fdm.game import GAME
from seasalt.fdm.state import to_dict
from seasalt.fdm.view import determinize
from tests.fdm.helpers import game_with_bait, play_round

SHRIMP, MACKEREL, TUNA, SHARK, FISHER, WARDEN = PLAYER_KINDS


def test_info_and_registry():
    info = GAME.info
    assert info.name == "fruits-de-mer" and info.title == "Fruits de mer"
    assert (info.min_players, info.max_players) == (2, 5)
    assert info.dynamics == Dynamics.SIMULTANEOUS
    assert info.max_game_length == 45 and dict(info.options) == {}
    assert load_game("fdm") is GAME and load_game("fruits-de-mer") is GAME


def test_reveals_only_on_the_last_commit_of_a_round():
    s = GAME.new_game(3, 4)
    seen = []
    while GAME.current_player(s) != TERMINAL:
        seat = GAME.current_player(s)
        a = GAME.legal_actions(s)[-1]
        seen.append((seat, GAME.reveals(s, a)))
        s = GAME.apply(s, a)
    assert seen == [(0, False), (1, False), (2, True)] * 9


def test_reveals_refuses_an_illegal_action():
    s = play_round(game_with_bait(2, SHRIMP), [WARDEN, FISHER])
    s = GAME.apply(s, SHRIMP)
    with pytest.raises(IllegalActionError):
        GAME.reveals(s, FISHER)  # seat 1's Fisher was arrested


def test_illegal_action_leaves_the_state_unchanged_with_a_clear_message():
    s = play_round(game_with_bait(2, SHRIMP), [WARDEN, FISHER])
    s = GAME.apply(s, SHRIMP)
    before = to_dict(s)
    with pytest.raises(IllegalActionError) as err:
        GAME.apply(s, FISHER)
    assert err.value.reason == Reason.NOT_AVAILABLE and err.value.action == FISHER
    assert "seat 1" in str(err.value) and "fisher" in str(err.value) and "F4" in str(err.value)
    assert to_dict(s) == before
    with pytest.raises(IllegalActionError, match="not a player card"):
        GAME.apply(s, Kind.SEAWEED)
    with pytest.raises(IllegalActionError, match="not a player card"):
        GAME.apply(s, "tuna")  # a code is not an action: parse it first
    assert to_dict(s) == before


def test_after_the_end_everything_is_game_over():
    s = GAME.new_game(2, 1)
    while GAME.current_player(s) != TERMINAL:
        s = GAME.apply(s, WARDEN)
    with pytest.raises(IllegalActionError) as err:
        GAME.apply(s, WARDEN)
    assert err.value.reason == Reason.GAME_OVER and "over" in str(err.value)
    with pytest.raises(IllegalActionError):
        GAME.reveals(s, WARDEN)


def test_action_codes():
    for k in PLAYER_KINDS:
        assert GAME.parse_action(GAME.action_to_str(k)) == k
    assert GAME.action_to_str(TUNA) == "tuna"
    for bad in ("", "Tuna", " tuna", "seaweed", "fly", "tuna:1", "1"):
        with pytest.raises(InvalidActionError):
            GAME.parse_action(bad)
    with pytest.raises(InvalidActionError, match="bait"):
        GAME.parse_action("seaweed")


def test_apply_does_not_mutate_and_copy_drops_the_log():
    s = GAME.new_game(3, 2)
    before = to_dict(s)
    t = GAME.apply(s, TUNA)
    assert to_dict(s) == before and t.ply == 1
    c = GAME.copy(t)
    assert c.log is None
    GAME.apply_in_place(c, SHARK)
    assert GAME.view(c, 1) == GAME.view(GAME.apply(t, SHARK), 1)
    assert t.ply == 1


# --------------------------------------------------------------------- snapshots


def _mid_game() -> dict:
    s = play_round(game_with_bait(3, SHRIMP), [SHRIMP, MACKEREL, FISHER])
    s = GAME.apply(s, TUNA)
    return json.loads(json.dumps(to_dict(s)))


def test_snapshot_round_trip():
    d = _mid_game()
    s = GAME.from_dict(d)
    assert GAME.to_dict(s) == d
    assert GAME.from_dict(GAME.to_dict(s)) == s


def _corrupt(change) -> dict:
    d = copy.deepcopy(_mid_game())
    change(d)
    return d


CORRUPT = {
    "not a dict": lambda d: d.clear(),
    "other game": lambda d: d.update(game="sea-salt-and-paper"),
    "version": lambda d: d.update(version=2),
    "missing field": lambda d: d.pop("hands"),
    "one seat": lambda d: d.update(players=1),
    "six seats": lambda d: d.update(players=6),
    "seat count vs hands": lambda d: d.update(players=4),
    "count over HAND": lambda d: d["hands"][2].update(shrimp=3),
    "negative count": lambda d: d["hands"][2].update(tuna=-1),
    "bool count": lambda d: d["hands"][2].update(tuna=True),
    "unknown kind in hand": lambda d: d["hands"][2].update(seaweed=1),
    "card created": lambda d: d["removed"][2].update(tuna=1),
    "card lost": lambda d: d["hands"][1].update(warden=0),
    "wrong bait multiset": lambda d: d["pile"].__setitem__(0, "shrimp" if d["pile"][0] != "shrimp"
                                                           else "seaweed"),
    "player card as bait": lambda d: d.update(bait="tuna"),
    "short pile": lambda d: d["pile"].pop(),
    "four unused": lambda d: d["unused"].append("seaweed"),
    "round ahead": lambda d: d.update(round=3),
    "round zero": lambda d: d.update(round=0),
    "score without reason": lambda d: d["scores"].__setitem__(0, 1),
    "history rewritten": lambda d: d["history"][0].update(scorers=[0]),
    "history plays": lambda d: d["history"][0]["plays"].__setitem__(0, "tuna"),
    "history of 2 seats": lambda d: d["history"][0]["plays"].pop(),
    "ply": lambda d: d.update(ply=5),
    "pending out of order": lambda d: d["pending"].__setitem__(0, None) or
    d["pending"].__setitem__(1, "tuna") or d["hands"][0].update(tuna=1) or
    d["hands"][1].update(tuna=0),
    "pending seaweed": lambda d: d["pending"].__setitem__(0, "seaweed"),
    "bad log": lambda d: d.update(log="x"),
    "over with pending": lambda d: d.update(bait=None),
}


@pytest.mark.parametrize("name", sorted(CORRUPT))
def test_from_dict_rejects_corrupt_data(name):
    with pytest.raises(InvalidRecordError):
        GAME.from_dict(_corrupt(CORRUPT[name]))


def test_from_dict_rejects_non_mappings():
    for bad in (None, [], "x", 3):
        with pytest.raises(InvalidRecordError):
            GAME.from_dict(bad)  # type: ignore[arg-type]


def test_from_dict_takes_a_finished_game():
    s = GAME.new_game(5, 8)
    while GAME.current_player(s) != TERMINAL:
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    d = json.loads(json.dumps(to_dict(s)))
    assert GAME.from_dict(d) == s


# --------------------------------------------------------------------- views


def test_view_hides_other_seats_choices_until_the_reveal():
    s = game_with_bait(3, SHRIMP)
    s = GAME.apply(s, MACKEREL)
    v0, v1, spec = (GAME.view(s, seat, log=True) for seat in (0, 1, None))
    assert v0.my_choice == "mackerel" and v1.my_choice is None and spec.my_choice is None
    assert v1.chosen == (True, False, False)
    assert v1.hands[0]["mackerel"] == 1  # still counted in its owner's hand
    assert v1.legal == ("shrimp", "mackerel", "tuna", "shark", "fisher", "warden")
    assert v0.legal == () and spec.legal == ()
    assert {"type": "choose", "seat": 0, "round": 1, "kind": "mackerel"} in v0.log
    for v in (v1, spec):
        assert {"type": "choose", "seat": 0, "round": 1} in v.log
        assert "mackerel" not in json.dumps(v.log)
    s = GAME.apply(GAME.apply(s, SHARK), FISHER)
    v2 = GAME.view(s, 2, log=True)
    assert v2.last is not None and v2.last["plays"] == ["mackerel", "shark", "fisher"]
    assert v2.last["round"] == 1 and v2.last["points"] == [0, 0, 1]
    assert v2.last["totals"] == [0, 0, 1]
    assert v2.history == (v2.last,) and v2.chosen == (False, False, False)
    reveal = [e for e in v2.log if e["type"] == "reveal"]
    assert reveal == [{"type": "reveal", "round": 1, "resolution": s.history[0].to_dict()}]
    assert {"type": "round-end", "round": 1, "scores": [0, 0, 1]} in v2.log


def test_view_shape_and_json():
    s = GAME.apply(GAME.new_game(2, 3), SHRIMP)
    d = GAME.view(s, 1, log=True).to_dict()
    assert set(d) == {"game", "players", "seat", "current", "ply", "round", "rounds", "bait",
                      "bait_left", "hands", "chosen", "my_choice", "scores", "removed",
                      "history", "last", "legal", "outcome", "log", "options"}
    assert d["game"] == "fruits-de-mer" and d["rounds"] == 9 and d["bait_left"] == 8
    assert list(d["hands"][0]) == [k.value for k in PLAYER_KINDS]
    assert json.loads(json.dumps(d)) == d


def test_view_of_a_bad_seat():
    s = GAME.new_game(2, 3)
    for bad in (-1, 2, True):
        with pytest.raises(ValueError):
            GAME.view(s, bad)


def test_view_of_a_finished_game():
    s = GAME.new_game(2, 3)
    while GAME.current_player(s) != TERMINAL:
        s = GAME.apply(s, WARDEN)
    v = GAME.view(s, 0)
    assert v.current == TERMINAL and v.bait is None and v.bait_left == 0
    assert v.outcome == {"termination": "rounds", "winners": [0, 1], "scores": [0, 0]}
    assert len(v.history) == 9


def test_determinize_samples_the_hidden_cards():
    s = game_with_bait(4, SHRIMP)
    s = GAME.apply(GAME.apply(s, TUNA), SHARK)
    v = GAME.view(s, 2)
    picks = set()
    for i in range(40):
        t = determinize(v, random.Random(i))
        assert GAME.view(t, 2) == v
        assert t.pending[2] is None and t.pending[3] is None
        picks.add((t.pending[0], t.pending[1]))
        assert sorted(t.pile + t.unused) == sorted(s.pile + s.unused)
    assert len(picks) > 1
    v0 = GAME.view(s, 0)
    assert all(determinize(v0, random.Random(i)).pending[0] == TUNA for i in range(10))
    # a spectator's view determinizes too
    spec = GAME.view(s, None)
    assert GAME.view(determinize(spec, random.Random(1)), None) == spec


def test_log_events_of_a_round():
    s = game_with_bait(2, SHRIMP)
    s = GAME.apply(GAME.apply(s, SHRIMP), WARDEN)
    assert s.log is not None
    res = s.history[0].to_dict()
    assert s.log == [
        {"type": "round-start", "round": 1, "bait": "shrimp"},
        {"type": "choose", "seat": 0, "round": 1, "kind": "shrimp"},
        {"type": "choose", "seat": 1, "round": 1, "kind": "warden"},
        {"type": "reveal", "round": 1, "resolution": res},
        {"type": "round-end", "round": 1, "scores": [1, 0]},
        {"type": "round-start", "round": 2, "bait": s.bait.value},
    ]
    assert GAME.view(s, 1, log=True).log[1] == {"type": "choose", "seat": 0, "round": 1}
    assert GAME.view(s, None, log=True).log[2] == {"type": "choose", "seat": 1, "round": 1}
    assert GAME.view(s, 0).log == ()  # only when asked for
    assert GAME.new_game(2, 1, log=False).log is None
