"""Game records: JSON round-trip, replay, refusal of bad actions and malformed records."""

from __future__ import annotations

import json
import random

import pytest

from seasalt.core.errors import InvalidRecordError
from seasalt.core.record import FORMAT, VERSION, GameRecord, record_of
from seasalt.ssp.state import apply, legal_actions, new_game


def played(players: int = 3, seed: int = 42, n: int = 150):
    """A game played with random legal actions: (final state, action strings)."""
    rng = random.Random(seed)
    s = new_game(players, seed)
    actions = []
    for _ in range(n):
        if s.result is not None:
            break
        a = rng.choice(legal_actions(s))
        actions.append(str(a))
        s = apply(s, a)
    return s, actions


class TestRoundTrip:
    def test_dumps_loads_round_trip(self):
        _, actions = played()
        rec = record_of("sea-salt-and-paper", 42, 3, actions, {"double_target": True},
                        ["Ann", "Bot", ""])
        text = rec.dumps()
        d = json.loads(text)
        assert d["format"] == FORMAT and d["version"] == VERSION
        assert d["actions"] == actions
        back = GameRecord.loads(text)
        assert back == rec
        assert GameRecord.from_dict(rec.to_dict()) == rec

    def test_replay_gives_the_same_state(self):
        s, actions = played()
        rec = record_of("sea-salt-and-paper", 42, 3, actions)
        assert rec.replay() == s
        assert GameRecord.loads(rec.dumps()).replay() == s

    def test_replay_upto(self):
        s, actions = played(n=30)
        rec = record_of("ssp", 42, 3, actions)
        assert rec.replay(upto=0) == new_game(3, 42)
        partial = new_game(3, 42)
        from seasalt.ssp.actions import parse_action
        for t in actions[:10]:
            partial = apply(partial, parse_action(t))
        assert rec.replay(upto=10) == partial

    def test_options_are_replayed(self):
        rec = record_of("ssp", 1, 2, [], {"double_target": True})
        assert rec.replay().target == 80

    def test_optional_fields_default(self):
        rec = GameRecord.loads(json.dumps({"format": FORMAT, "version": VERSION,
                                           "game": "ssp", "seed": 3, "players": 2,
                                           "actions": []}))
        assert rec.seats == [] and rec.options == {}
        assert rec.replay() == new_game(2, 3)


class TestRefusedActions:
    @pytest.mark.parametrize("bad", ["take:3", "pick:1", "fly:9", "keep:0:1", "duo:1+2",
                                     "take:\u00b2", "duo:100+101:pile=1", ""])
    def test_first_bad_action_index(self, bad):
        _, actions = played(n=20)
        rec = record_of("ssp", 42, 3, [*actions[:12], bad, *actions[12:]])
        with pytest.raises(InvalidRecordError) as info:
            rec.replay()
        assert info.value.index == 12
        assert "12" in str(info.value) and repr(bad) in str(info.value)

    def test_action_legal_elsewhere_but_not_now(self):
        _, actions = played(n=20)
        # the first action repeated: a draw-step action in the next step
        rec = record_of("ssp", 42, 3, [actions[0], actions[0], *actions[1:]])
        with pytest.raises(InvalidRecordError) as info:
            rec.replay()
        assert info.value.index == 1
        assert "R4" in str(info.value)

    def test_actions_after_the_end_refused(self):
        s, actions = played(players=2, seed=3, n=5000)
        assert s.result is not None
        rec = record_of("ssp", 3, 2, [*actions, "draw"])
        with pytest.raises(InvalidRecordError) as info:
            rec.replay()
        assert info.value.index == len(actions)

    def test_wrong_seed_refused_with_an_index(self):
        _, actions = played(n=60)
        with pytest.raises(InvalidRecordError) as info:
            record_of("ssp", 43, 3, actions).replay()
        assert info.value.index is not None


class TestMalformed:
    GOOD = {"format": FORMAT, "version": VERSION, "game": "ssp", "seed": 1, "players": 2,
            "seats": ["a", "b"], "options": {}, "actions": ["draw"]}

    @pytest.mark.parametrize("text", ["", "{", "not json", "[1, 2]", "null", "42", '"x"'])
    def test_not_json_or_not_an_object(self, text):
        with pytest.raises(InvalidRecordError) as info:
            GameRecord.loads(text)
        assert info.value.index is None

    def test_not_a_string(self):
        with pytest.raises(InvalidRecordError):
            GameRecord.loads(None)  # type: ignore[arg-type]

    @pytest.mark.parametrize(("field", "value"), [
        ("format", "pgn"), ("version", 2), ("seed", "1"), ("seed", True), ("seed", 1.5),
        ("players", "2"), ("game", 7), ("options", []), ("seats", "ab"), ("seats", [1, 2]),
        ("actions", "draw"), ("actions", [1]), ("actions", None),
    ])
    def test_wrong_field(self, field, value):
        d = {**self.GOOD, field: value}
        with pytest.raises(InvalidRecordError) as info:
            GameRecord.loads(json.dumps(d))
        assert info.value.index is None

    @pytest.mark.parametrize("field", ["format", "version", "game", "seed", "players",
                                       "actions"])
    def test_missing_field(self, field):
        d = {k: v for k, v in self.GOOD.items() if k != field}
        with pytest.raises(InvalidRecordError) as info:
            GameRecord.loads(json.dumps(d))
        assert info.value.index is None

    @pytest.mark.parametrize(("field", "value"), [
        ("game", "chess"), ("players", 5), ("players", 1), ("options", {"extra_pepper_typo": True}),
    ])
    def test_bad_header_refused_on_replay(self, field, value):
        rec = GameRecord.from_dict({**self.GOOD, field: value})
        with pytest.raises(InvalidRecordError) as info:
            rec.replay()
        assert info.value.index is None


class TestNotes:
    """The optional remarks on actions (the coach's review) travel with a record."""

    def _base(self):
        return {"format": "seasalt-record", "version": 1, "game": "sea-salt-and-paper",
                "seed": 3, "players": 2, "actions": ["draw", "keep:1:1"]}

    def test_round_trip(self):
        d = {**self._base(), "notes": [{"ply": 1, "seat": 0, "grade": "mistake"}]}
        rec = GameRecord.from_dict(d)
        assert rec.notes == [{"ply": 1, "seat": 0, "grade": "mistake"}]
        assert GameRecord.loads(rec.dumps()) == rec

    def test_absent_notes_stay_absent(self):
        rec = GameRecord.from_dict(self._base())
        assert rec.notes == [] and "notes" not in rec.to_dict()

    @pytest.mark.parametrize("notes", [{}, [1], [{"ply": "1"}], [{"ply": True}],
                                       [{"seat": 0}]])
    def test_bad_notes(self, notes):
        with pytest.raises(InvalidRecordError, match="notes"):
            GameRecord.from_dict({**self._base(), "notes": notes})

    def test_notes_beyond_the_actions_are_dropped(self):
        """A record cut short still reads: its stray notes are left out."""
        notes = [{"ply": 1, "seat": 0, "kind": "suggest"}, {"ply": 2, "seat": 1},
                 {"ply": -1}, {"ply": 40, "grade": "mistake"}]
        rec = GameRecord.from_dict({**self._base(), "notes": notes})
        assert rec.notes == [{"ply": 1, "seat": 0, "kind": "suggest"}]
