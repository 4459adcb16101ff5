"""The saved games as a bank (``seasalt.web.bank``), in CPython against a small quota.

The property: over any sequence of play (a new game saved), save (a game's text
growing), import, delete, read, and a tab closed while reading, no saved game is ever
lost or changed unless the player deleted it; a refused write changes nothing stored;
the list is drawn from summaries only and always names every saved game.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seasalt.web import bank
from seasalt.web.bank import (
    ASIDE_PREFIX,
    GAME_PREFIX,
    READING_KEY,
    SUMMARY_PREFIX,
    StorageRefused,
    Summary,
)
from seasalt.web.games import FDM
from seasalt.web.settings import Settings
from seasalt.web.table import Table

QUOTA = 4000


class FakeStore:
    """``localStorage`` with a quota of ``quota`` characters (keys and values)."""

    def __init__(self, quota: int = QUOTA) -> None:
        self.data: dict[str, str] = {}
        self.quota = quota

    def used(self) -> int:
        return sum(len(k) + len(v) for k, v in self.data.items())

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        old = self.data.get(key)
        after = self.used() - (len(key) + len(old) if old is not None else 0)
        if after + len(key) + len(value) > self.quota:
            raise StorageRefused("QuotaExceededError")
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def names(self) -> list[str]:
        return list(self.data)


class FakeTable:
    """What ``Summary.of`` and ``bank.read`` ask of a ``Table``."""

    def __init__(self, text: str) -> None:
        self.game = "sea-salt-and-paper"
        self.kinds = ["human", "easy"]
        self.over = text.endswith("!")
        self.saved_at = float(len(text))

    def resume_view(self) -> dict[str, Any]:
        return {"names": ["Ann", "Bob"], "round": 2, "scores": [3, 4], "options": {}}

    def typed_names(self) -> list[str]:
        return ["Ann", "Bob"]


def summary_of(text: str) -> Summary:
    return Summary.of(FakeTable(text), len(text))


def load(text: str) -> FakeTable:
    if text.startswith("bad"):
        raise ValueError("not a game")
    return FakeTable(text)


ops = st.lists(st.one_of(
    st.tuples(st.just("new"), st.integers(1, 2500)),
    st.tuples(st.just("import"), st.integers(1, 2500)),
    st.tuples(st.just("save"), st.integers(0, 9), st.integers(1, 2500)),
    st.tuples(st.just("delete"), st.integers(0, 9)),
    st.tuples(st.just("read"), st.integers(0, 9)),
    st.tuples(st.just("closed-while-reading"), st.integers(0, 9)),
), max_size=40)


@settings(max_examples=300, deadline=None)
@given(ops)
def test_no_saved_game_is_lost_unless_the_player_deletes_it(steps: list[tuple[Any, ...]]
                                                            ) -> None:
    kv = FakeStore()
    kept: dict[str, str] = {}  # what the player was told is saved
    playing: list[str] = []  # games in play (saved or not)
    count = 0
    for step in steps:
        kind = step[0]
        if kind in ("new", "import"):
            count += 1
            gid, text = f"g{count:03}", f"{kind}{count}:" + "x" * step[1]
            before = dict(kv.data)
            refused = bank.write(kv, gid, text, summary_of(text))
            if refused is None:
                kept[gid] = text
            else:  # a refused new game or import leaves storage exactly as it was
                assert kv.data == before
            playing.append(gid)
        elif kind == "save" and playing:
            gid = playing[step[1] % len(playing)]
            text = f"save{gid}:" + "y" * step[2] + ("!" if step[2] % 2 else "")
            before = dict(kv.data)
            if bank.write(kv, gid, text, summary_of(text)) is None:
                kept[gid] = text
            else:
                assert kv.data == before
        elif kind == "delete" and kept:
            gid = sorted(kept)[step[1] % len(kept)]
            bank.delete(kv, gid)
            del kept[gid]
            if gid in playing:
                playing.remove(gid)
        elif kind == "read" and kept:
            gid = sorted(kept)[step[1] % len(kept)]
            table, entry = bank.read(kv, gid, load)
            assert table is not None and entry is not None and entry.status == bank.READY
        elif kind == "closed-while-reading" and kept:
            gid = sorted(kept)[step[1] % len(kept)]
            with contextlib.suppress(StorageRefused):  # full: the mark is not set
                kv.set(READING_KEY, gid)
            bank.start(kv)  # the next start
        assert kv.used() <= kv.quota
        assert bank.game_ids(kv) == sorted(kept)
        for gid, text in kept.items():
            assert kv.get(GAME_PREFIX + gid) == text
        listed = bank.listing(kv)
        assert sorted(e.id for e in listed) == sorted(kept)
        for e in listed:
            if e.summary is not None:  # a summary listed is its save's own
                assert e.summary.length == len(kept[e.id])
                assert e.summary.over == kept[e.id].endswith("!")


def test_a_refused_write_of_a_saved_game_keeps_its_earlier_text() -> None:
    kv = FakeStore(600)
    assert bank.write(kv, "a", "first", summary_of("first")) is None
    refused = bank.write(kv, "a", "z" * 700, summary_of("z" * 700))
    assert isinstance(refused, StorageRefused) and refused.full
    assert kv.get(GAME_PREFIX + "a") == "first"
    assert bank.entry(kv, "a") == bank.Entry("a", bank.READY, summary_of("first"), size=5,
                                             saved_at=5.0)


def test_a_summary_that_does_not_fit_is_removed_never_stale() -> None:
    kv = FakeStore(10_000)
    bank.write(kv, "a", "one", summary_of("one"))
    kv.quota = kv.used() + 7  # the next text fits, its (longer) summary does not
    longer = "one" + "x" * 7
    assert bank.write(kv, "a", longer, summary_of(longer)) is None
    assert kv.get(SUMMARY_PREFIX + "a") is None
    assert bank.entry(kv, "a").status == bank.UNREAD  # type: ignore[union-attr]


def test_the_list_is_drawn_from_summaries_without_reading_a_game() -> None:
    kv = FakeStore(10**9)
    text = "t" * 1000
    for i in range(20):
        bank.write(kv, f"{i:02}", text, summary_of(text))
    bank.start(kv)
    listed = bank.listing(kv)  # takes no loader: it cannot replay a game
    assert len(listed) == 20 and all(e.status == bank.READY for e in listed)
    assert listed[0].summary is not None and listed[0].summary.names == ("Ann", "Bob")


def test_an_interrupted_read_is_offered_again_then_said_unreadable() -> None:
    kv = FakeStore(10**6)
    bank.write(kv, "a", "text", summary_of("text"))
    kv.set(READING_KEY, "a")  # the tab closed while reading it
    bank.start(kv)
    e = bank.entry(kv, "a")
    assert e is not None and e.status == bank.INTERRUPTED and e.summary is not None
    assert kv.get(READING_KEY) is None
    kv.set(READING_KEY, "a")  # closed again while trying again
    bank.start(kv)
    e = bank.entry(kv, "a")
    assert e is not None and e.status == bank.UNREADABLE and e.retry
    assert "stopped while reading" in e.problem
    assert kv.get(GAME_PREFIX + "a") == "text"  # kept, to export or delete
    assert [x.status for x in bank.listing(kv)] == [bank.UNREADABLE]  # never read unasked
    table, e = bank.read(kv, "a", load)  # the player tries again: it opens
    assert table is not None and e is not None and e.status == bank.READY
    assert kv.get(ASIDE_PREFIX + "a") is None


def test_a_read_after_an_interruption_clears_it() -> None:
    kv = FakeStore(10**6)
    kv.set(GAME_PREFIX + "a", "text")  # an earlier version's save: no summary
    kv.set(ASIDE_PREFIX + "a", "crashed")  # an earlier version's mark: counts as one
    assert bank.entry(kv, "a").status == bank.INTERRUPTED  # type: ignore[union-attr]
    table, e = bank.read(kv, "a", load)
    assert table is not None and e is not None and e.status == bank.READY
    assert kv.get(ASIDE_PREFIX + "a") is None and kv.get(READING_KEY) is None
    assert bank.entry(kv, "a") == e


def test_an_unreadable_save_is_said_and_kept() -> None:
    kv = FakeStore(10**6)
    kv.set(GAME_PREFIX + "b", "bad text")
    assert bank.entry(kv, "b").status == bank.UNREAD  # type: ignore[union-attr]
    table, e = bank.read(kv, "b", load)
    assert table is None and e is not None and e.status == bank.UNREADABLE and not e.retry
    assert kv.get(GAME_PREFIX + "b") == "bad text" and kv.get(READING_KEY) is None


@pytest.mark.parametrize("players", [["you", "easy"], ["you", "you", "easy"]])
def test_a_real_saves_summary(players: list[str]) -> None:
    t = Table.new(Settings(seats=players, seed=4, extra_salt=True))
    text = t.save(saved_at=1234.0)
    s = Summary.of(t, len(text))
    again = bank.read_summary(s.to_text(), len(text))
    assert again == s and s.options["extra_salt"] and s.saved_at == 1234.0
    assert s.line() == "{} players, Extra Salt, round 1: {}".format(
        len(players), ", ".join(f"{n} (0)" for n in t.names))
    assert bank.read_summary(s.to_text(), len(text) + 1) is None  # another text's
    assert bank.sniff_saved_at(text) == 1234.0


def test_a_fruits_de_mer_summary() -> None:
    t = Table.new(Settings(seats=["you", "easy"], seed=4, game=FDM))
    s = Summary.of(t, 10)
    assert s.game == FDM and s.scores == (0, 0) and s.title() == "Fruits de mer"


@pytest.mark.parametrize("text", [
    None, "", "[]", "{", '{"format":"seasalt-summary","version":2}',
    '{"format":"seasalt-summary","version":1,"game":"x","names":["a"],"kinds":["human"],'
    '"options":{},"round":true,"scores":[1],"over":false,"saved_at":1,"length":5}',
    "[" * 5000 + "]" * 5000,
])
def test_a_damaged_summary_is_not_trusted(text: str | None) -> None:
    assert bank.read_summary(text, 5) is None
