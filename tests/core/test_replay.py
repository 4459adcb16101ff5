"""Stepping through a record (seasalt.core.replay): every ply's state, built in one
pass; views per seat; every seat's view only once the game is over; clear refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from seasalt.core import replay as replay_module
from seasalt.core.errors import InvalidRecordError
from seasalt.core.interface import TERMINAL
from seasalt.core.record import GameRecord
from seasalt.core.replay import Replay, ReplayError, read_record
from seasalt.ssp.game import GAME
from seasalt.web.settings import Settings
from seasalt.web.table import Table

from .toy import Nim


def bots_game(seed: int = 7, seats: tuple[str, ...] = ("easy", "easy", "easy"),
              **options: bool) -> GameRecord:
    """A bots-only game from a seed, played to its end through the page's table."""
    t = Table.new(Settings(seats=list(seats), seed=seed, **options))
    while not t.over:
        t.bot_step(1.0)
    return t.record


@pytest.fixture(scope="module")
def record() -> GameRecord:
    return bots_game()


def test_every_ply_is_the_state_the_record_gives(record):
    r = Replay(record)
    assert r.plies == len(record.actions) > 100
    for ply in range(r.plies + 1):
        assert GAME.to_dict(r.state(ply)) == GAME.to_dict(record.replay(upto=ply)), ply


def test_views_are_the_seats_views_at_that_ply(record):
    r = Replay(record)
    for ply in (0, 1, 37, r.plies // 2, r.plies):
        expected = record.replay(upto=ply)
        for seat in (None, 0, 1, 2):
            assert r.view(ply, seat) == GAME.view(expected, seat, log=True)


def test_built_in_one_pass_then_each_ply_costs_little(record, monkeypatch):
    """Building applies each action once (copying a state, with its whole log, only at
    each kept state); stepping forward applies one action, any jump at most the
    distance from the kept state before it."""
    calls: list[str] = []
    game = type(GAME)()

    def counting(state, action):
        calls.append("apply")
        return GAME.apply(state, action)

    def in_place(state, action):
        calls.append("in place")
        GAME.apply_in_place(state, action)

    monkeypatch.setattr(game, "apply", counting)
    monkeypatch.setattr(game, "apply_in_place", in_place)
    r = Replay(record, game)
    assert len(calls) == r.plies
    assert calls.count("apply") == -(-r.plies // r.every)  # one copy per kept state
    calls.clear()
    for ply in range(r.plies + 1):
        r.view(ply, 0)
    assert len(calls) <= r.plies  # forward, one action a ply at most
    for ply in range(r.plies, -1, -1):
        calls.clear()
        r.view(ply, 0)
        assert len(calls) < r.every  # back: from the kept state before it


def test_a_long_record_keeps_few_states():
    """A long record keeps at most MAX_CHECKPOINTS states (each holds its log)."""
    rec = GameRecord("toy-nim", 3, 2, [], {"counters": 5000}, ["take1"] * 5000)
    r = Replay(rec, Nim())
    assert len(r._checkpoints) <= replay_module.MAX_CHECKPOINTS + 1
    assert [r.state(p).counters for p in (0, 1, 2499, 5000)] == [5000, 4999, 2501, 0]
    assert r.to_move(4999) == 1 and r.over


def test_actor_and_to_move(record):
    r = Replay(record)
    for i in range(r.plies):
        assert r.actor(i) == r.to_move(i)
        assert r.actor(i) in (0, 1, 2)
    assert r.to_move(r.plies) == TERMINAL
    with pytest.raises(ReplayError):
        r.actor(r.plies)


def test_seat_views_only_once_over(record):
    done = Replay(record)
    assert done.over
    views = done.seat_views(10)
    assert [v.seat for v in views] == [0, 1, 2]
    assert views[1] == GAME.view(record.replay(upto=10), 1)
    unfinished = GameRecord(record.game, record.seed, record.players, record.seats,
                            record.options, record.actions[:50])
    r = Replay(unfinished)
    assert not r.over
    with pytest.raises(ReplayError, match="over"):
        r.seat_views(10)


@pytest.mark.parametrize("ply", [-1, 10_000, True, "3"])
def test_ply_out_of_range(record, ply):
    with pytest.raises(ReplayError, match="out of range"):
        Replay(record).view(ply, 0)


def test_refused_action_names_its_index(record):
    bad = GameRecord(record.game, record.seed, record.players, record.seats,
                     record.options, [*record.actions[:12], "end", *record.actions[12:]])
    r0 = Replay(GameRecord(record.game, record.seed, record.players, [], record.options,
                           record.actions[:12]))
    assert "end" not in [GAME.action_to_str(a) for a in GAME.legal_actions(r0.state(12))]
    with pytest.raises(InvalidRecordError, match=r"action 12 \('end'\) is refused") as e:
        Replay(bad)
    assert e.value.index == 12


def test_unparsable_action_names_its_index(record):
    bad = GameRecord(record.game, record.seed, record.players, [], record.options,
                     [*record.actions[:3], "fly:9"])
    with pytest.raises(InvalidRecordError, match="action 3") as e:
        Replay(bad)
    assert e.value.index == 3


def test_unknown_game_and_bad_header():
    with pytest.raises(InvalidRecordError, match="unknown game 'chess'") as e:
        Replay(GameRecord("chess", 1, 2))
    assert e.value.index is None
    with pytest.raises(InvalidRecordError, match="bad record header"):
        Replay(GameRecord("sea-salt-and-paper", 1, 9))


def test_game_agnostic_with_a_toy_game():
    rec = GameRecord("toy-nim", 3, 2, [], {"counters": 5}, ["take2", "take2", "take1"])
    r = Replay(rec, Nim())
    assert [r.state(p).counters for p in range(4)] == [5, 3, 1, 0]
    assert r.over and [r.actor(i) for i in range(3)] == [0, 1, 0]


def test_core_names_no_game():
    text = Path(replay_module.__file__).read_text(encoding="utf-8").lower()
    assert "seasalt.ssp" not in text and "seasalt.fdm" not in text


class TestReadRecord:
    def test_plain_record_and_page_save(self, record):
        assert read_record(record.to_dict()) == record
        save = json.loads(Table(record, ["easy"] * 3).save())
        assert save["format"] == "seasalt-save"
        assert read_record(save) == record

    def test_other_version_is_named(self, record):
        d = record.to_dict() | {"version": 2}
        with pytest.raises(InvalidRecordError, match="unsupported record version 2"):
            read_record(d)
        with pytest.raises(InvalidRecordError, match="version 2"):
            read_record({"format": "seasalt-save", "version": 1, "record": d})

    @pytest.mark.parametrize("data", [None, [], {"format": "other"}, {"record": 3}])
    def test_not_a_record(self, data):
        with pytest.raises(InvalidRecordError):
            read_record(data)
