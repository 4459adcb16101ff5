"""A record replayed in slices (issue 41, item 4): ``replay_slices`` and the loaders built
on it (``Table.loading`` of the driver and of the page, ``bank.reading``) end exactly
where the one-pass replay does, whatever the slicing, and refuse the same records with
the same errors, from the slice that holds the refused action."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seasalt.core.errors import InvalidRecordError
from seasalt.core.record import GameRecord, new_state, replay_actions, replay_slices
from seasalt.core.table import Table as DriverTable
from seasalt.ssp.game import GAME
from seasalt.web import bank
from seasalt.web.saves import SaveError
from seasalt.web.table import Table


def random_record(players: int, seed: int, policy: int, length: int, *, salt: bool,
                  pepper: bool) -> GameRecord:
    """A legal Sea Salt & Paper record of at most ``length`` actions, each chosen at
    random among the legal ones (``policy`` seeds the choices)."""
    options = {"extra_salt": salt, "extra_pepper": pepper}
    state = GAME.new_game(players, seed, options)
    rng = random.Random(policy)
    codes: list[str] = []
    while len(codes) < length and GAME.current_player(state) >= 0:
        action = rng.choice(GAME.legal_actions(state))
        codes.append(GAME.action_to_str(action))
        GAME.apply_in_place(state, action)
    return GameRecord(GAME.info.name, seed, players, [], options, codes)


records = st.builds(random_record, players=st.integers(2, 4),
                    seed=st.integers(0, 2**63 - 1), policy=st.integers(0, 2**32),
                    length=st.integers(0, 400), salt=st.booleans(), pepper=st.booleans())


def ticking(steps: list[float]) -> Iterator[float]:
    """A clock that moves by each of ``steps`` in turn (then by the last), so that the
    slices end wherever the test draws them."""
    now, i = 0.0, 0
    while True:
        yield now
        now += steps[min(i, len(steps) - 1)]
        i += 1


@settings(max_examples=40, deadline=None)
@given(record=records, steps=st.lists(st.floats(0.0, 0.2), min_size=1, max_size=30))
def test_the_slices_end_where_the_one_pass_replay_does(record: GameRecord,
                                                       steps: list[float]) -> None:
    whole, whole_movers = new_state(GAME, record), []
    replay_actions(GAME, whole, record.actions, movers=whole_movers)
    sliced, movers = new_state(GAME, record), []
    clock = ticking(steps)
    counts = list(replay_slices(GAME, sliced, record.actions, movers=movers,
                                seconds=0.05, clock=lambda: next(clock)))
    assert GAME.to_dict(sliced) == GAME.to_dict(whole)
    assert movers == whole_movers
    assert counts == sorted(set(counts)) and all(0 < c < len(record.actions) for c in counts)


def test_a_slow_replay_yields_between_slices() -> None:
    record = random_record(3, 11, 5, 300, salt=True, pepper=True)
    clock = ticking([1.0])  # every chunk takes a second: a slice each
    state = new_state(GAME, record)
    counts = list(replay_slices(GAME, state, record.actions, seconds=0.05,
                                clock=lambda: next(clock)))
    assert counts[:3] == [32, 64, 96] and counts[-1] < len(record.actions)


def refused_at(record: GameRecord, index: int) -> GameRecord:
    """``record`` with its action ``index`` replaced by one the rules refuse there."""
    state = record.replay(upto=index)
    legal = {GAME.action_to_str(a) for a in GAME.legal_actions(state)}
    bad = next(c for c in ("draw", "stop", "end", "pass", "keep:0:0") if c not in legal)
    actions = [*record.actions[:index], bad, *record.actions[index + 1:]]
    return GameRecord(record.game, record.seed, record.players, record.seats,
                      record.options, actions)


def endless(length: int, seed: int = 7) -> GameRecord:
    """A two-seat record of ``length`` actions that never ends a game: each turn draws,
    keeps a card and ends (no round is scored; rounds end with the draw pile, R9)."""
    state = GAME.new_game(2, seed, {})
    codes: list[str] = []
    while len(codes) < length:
        legal = {GAME.action_to_str(a): a for a in GAME.legal_actions(state)}
        code = next((c for p in ("draw", "keep", "end") for c in legal if c.startswith(p)),
                    next(iter(legal)))
        codes.append(code)
        GAME.apply_in_place(state, legal[code])
    return GameRecord(GAME.info.name, seed, 2, [], {}, codes)


@pytest.fixture(scope="module")
def long_one() -> GameRecord:
    return endless(3000)


def test_an_illegal_last_action_is_refused_from_the_last_slice(long_one) -> None:
    bad = refused_at(long_one, len(long_one.actions) - 1)
    with pytest.raises(InvalidRecordError) as whole:
        replay_actions(GAME, new_state(GAME, bad), bad.actions)
    clock = ticking([1.0])
    state, movers = new_state(GAME, bad), []
    steps = replay_slices(GAME, state, bad.actions, movers=movers, seconds=0.05,
                          clock=lambda: next(clock))
    counts = []
    with pytest.raises(InvalidRecordError) as sliced:
        counts.extend(steps)
    assert len(counts) > 10  # refused after many slices went well
    assert str(sliced.value) == str(whole.value) and sliced.value.index == len(bad.actions) - 1
    assert len(movers) == len(bad.actions) - 1  # the actions before it, no more


def test_the_driver_loads_in_slices_as_in_one_go(long_one) -> None:
    saved = DriverTable(GAME, long_one, ["human", "human"]).save()
    once = DriverTable.load(saved)
    loading = DriverTable.loading(saved, seconds=0.0)
    counts = []
    while True:
        try:
            counts.append(next(loading))
        except StopIteration as end:
            sliced = end.value
            break
    assert len(counts) > 1 and isinstance(sliced, DriverTable)
    assert GAME.to_dict(sliced.state) == GAME.to_dict(once.state)
    assert sliced.record.actions == once.record.actions == long_one.actions
    assert sliced.undo_point(0) == once.undo_point(0)
    bad = DriverTable(GAME, long_one, ["human", "human"]).save(seal=False)
    bad["record"]["actions"][-1] = "no-such-action"
    with pytest.raises(InvalidRecordError, match="action 2999"):
        list(DriverTable.loading(bad, seconds=0.0))


def page_text(record: GameRecord) -> str:
    return json.dumps({"format": "seasalt-save", "version": 1, "kinds": ["human", "easy"],
                       "speed": "normal", "record": record.to_dict()})


def test_the_page_loads_in_slices_as_in_one_go(long_one) -> None:
    text = page_text(long_one)
    once = Table.load(text)
    loading = Table.loading(text, seconds=0.0)
    progress = list(loading)
    assert len(progress) > 2 and progress[-1] == (3000, 3000)
    assert all(total == 3000 for _done, total in progress)
    sliced = loading.table
    assert GAME.to_dict(sliced.state) == GAME.to_dict(once.state)
    assert sliced.view(0) == once.view(0) and sliced.ack_round == once.ack_round


def test_the_page_refuses_an_illegal_last_move_as_it_always_did(long_one) -> None:
    text = page_text(refused_at(long_one, len(long_one.actions) - 1))
    with pytest.raises(SaveError) as whole:
        Table.load(text)
    loading = Table.loading(text, seconds=0.0)
    done: list[tuple[int, int]] = []
    with pytest.raises(SaveError) as sliced:
        done.extend(loading)
    assert len(done) > 2
    assert str(sliced.value) == str(whole.value)
    assert str(whole.value) == "move 3000 of its game is not possible at that point"
    assert sliced.value.kind == "move" and sliced.value.index == 2999
    with pytest.raises(RuntimeError):
        _ = loading.table  # no game


class Store(dict[str, str]):
    """The bank's store as a dictionary (no quota)."""

    def get(self, key: str, default: object = None) -> str | None:  # type: ignore[override]
        return super().get(key)

    def set(self, key: str, value: str) -> None:
        self[key] = value

    def remove(self, key: str) -> None:
        self.pop(key, None)

    def names(self) -> list[str]:
        return list(self)


def test_the_bank_reads_in_slices_and_forgets_a_reading_given_up(long_one) -> None:
    kv = Store()
    kv.set(bank.GAME_PREFIX + "a", page_text(long_one))
    steps = bank.reading(kv, "a", lambda text: Table.loading(text, seconds=0.0))
    next(steps)
    assert kv.get(bank.READING_KEY) == "a"  # marked while it is read
    steps.close()  # the page gave up (a game opened by the player meanwhile)
    assert kv.get(bank.READING_KEY) is None
    bank.start(kv)
    assert bank.interruptions(kv, "a") == 0  # giving up is no interruption
    steps = bank.reading(kv, "a", lambda text: Table.loading(text, seconds=0.0))
    while True:
        try:
            next(steps)
        except StopIteration as end:
            table, entry = end.value
            break
    assert table is not None and entry is not None and entry.status == bank.READY
    assert kv.get(bank.READING_KEY) is None
    assert bank.read_summary(kv.get(bank.SUMMARY_PREFIX + "a"), len(kv["seasalt.game.a"]))


def test_the_bank_lists_a_save_refused_in_a_late_slice_as_unreadable(long_one) -> None:
    kv = Store()
    kv.set(bank.GAME_PREFIX + "a", page_text(refused_at(long_one, 2999)))
    steps = bank.reading(kv, "a", lambda text: Table.loading(text, seconds=0.0))
    with pytest.raises(StopIteration) as end:
        while True:
            next(steps)
    table, entry = end.value.value
    assert table is None and entry.status == bank.UNREADABLE
    assert "move 3000" in entry.problem
    assert kv.get(bank.READING_KEY) is None and kv.get(bank.GAME_PREFIX + "a")


def test_a_table_read_in_slices_undoes_its_last_move_without_a_replay(long_one,
                                                                      monkeypatch) -> None:
    """The state before the record's last action is kept: undo's check (did it reveal
    anything?) replays nothing, however long the record."""
    cut = next(i for i in range(len(long_one.actions) - 1, 0, -1)
               if long_one.actions[i - 1].startswith("keep"))
    record = GameRecord(long_one.game, long_one.seed, 2, [], {}, long_one.actions[:cut])
    saved = DriverTable(GAME, record, ["human", "human"]).save(seal=False)
    expected = DriverTable.load(saved).undo_target(0)
    real = DriverTable._replay
    monkeypatch.setattr(DriverTable, "_replay", lambda self, upto: real(self, upto)
                        if upto == 0 else pytest.fail(f"a replay of {upto} actions"))
    for table in (DriverTable.load(saved), sliced_table(saved)):
        assert table.undo_target(0) == expected == cut - 1
        assert table.undo(0) == cut - 1
        assert GAME.to_dict(table.state) == GAME.to_dict(record.replay(upto=cut - 1))


def sliced_table(saved: dict[str, object]) -> DriverTable:
    steps = DriverTable.loading(saved, seconds=0.0)
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return end.value  # type: ignore[no-any-return]
