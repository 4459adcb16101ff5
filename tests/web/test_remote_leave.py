"""The host ending a game played on several devices, and a friend's own name (issue 42):
``HostRoom.end`` tells each connected friend and frees every seat; a friend's name sent
with its ``hello`` is checked (``seasalt.web.remote.names.friend_name``), kept in the
game's record and the room's save, restored after the host's page reloads, and never
replaces a name the host typed."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from seasalt import i18n
from seasalt.web.remote import messages as m
from seasalt.web.remote.guest import GuestTable
from seasalt.web.remote.host import HostRoom, RoomError, read_room, write_room
from seasalt.web.remote.names import MAX_NAME, friend_name
from seasalt.web.settings import Settings
from seasalt.web.table import Table
from tests.web.test_remote_room import Clock, Game, Store, hostile

SSP, FDM = "sea-salt-and-paper", "fruits-de-mer"


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def room(names: list[str] | None = None, game: str = SSP) -> tuple[Table, HostRoom]:
    """A host (seat 0) and two friends' seats (1, 2), no guest yet."""
    table = Table.new(Settings(seats=["human"] * 3, names=names or [""] * 3, game=game),
                      seed=5)
    return table, HostRoom(table, [1, 2], clock=Clock())


def join(r: HostRoom, peer: str, guest: GuestTable, name: str | None
         ) -> list[tuple[str, m.HostMessage]]:
    """``guest`` says hello as ``peer`` with ``name``; what each peer got (the guest's
    own messages read by it)."""
    out = []
    for to, text in r.receive(peer, guest.hello(name)):
        message = guest.receive(text) if to == peer else m.read_host(text)
        out.append((to, message))
    return out


# ------------------------------------------------------------------ the name itself


@pytest.mark.parametrize(("typed", "kept"), [
    ("Zoé", "Zoé"), ("  Ann  Marie \t", "Ann Marie"), ("x" * MAX_NAME, "x" * MAX_NAME),
    ("<b>Bob</b>", "<b>Bob</b>"),  # text, never markup: kept as typed, drawn as text
    ("👩\u200d👩\u200d👧", "👩\u200d👩\u200d👧"), ("Ann\nBob", "Ann Bob"),
    ("", None), ("   ", None), ("x" * (MAX_NAME + 1), None), ("Ann\x00", None),
    ("\u202eevil", None), ("a\u200bb", None), ("\u200d", None), (None, None), (5, None),
    ("x" * 10_000, None),
])
def test_a_friends_name_is_trimmed_and_checked(typed: object, kept: str | None) -> None:
    assert friend_name(typed) == kept


def test_a_hello_carries_a_name_and_reads_without_one() -> None:
    text = GuestTable().hello("Zoé")
    assert m.read_guest(text) == m.Hello(1, None, name="Zoé")
    assert m.read_guest('{"type":"hello","seq":1,"protocol":1,"token":null}') == m.Hello(1)
    for bad in ('"name":5', '"name":"' + "x" * (m.MAX_HELLO_NAME + 1) + '"'):
        with pytest.raises(m.MessageError) as e:
            m.read_guest('{"type":"hello","seq":1,"protocol":1,"token":null,' + bad + "}")
        assert e.value.reason == "malformed"


# ------------------------------------------------------------------ a friend's name


def test_a_friends_name_is_shown_on_every_device_and_kept_in_the_record() -> None:
    table, r = room()
    a, b = GuestTable(), GuestTable()
    join(r, "a", a, None)
    got = join(r, "b", b, "  Zoé ")
    assert table.names == ["Player 1", "Player 2", "Zoé"]
    assert table.typed_names() == ["", "", "Zoé"]
    views = {to: v for to, v in got if isinstance(v, m.View)}
    assert views["b"].names == ["", "", "Zoé"] and views["a"].names == ["", "", "Zoé"]
    a.receive(json.dumps({**json.loads(m.encode(views["a"])), "seq": a._last_in + 1}))
    assert a.payload()["names"][2] == "Zoé"  # type: ignore[index]
    assert Table.load(table.save()).typed_names()[2] == "Zoé"  # the save, the export
    assert json.loads(r.save())["names"] == {"2": "Zoé"}


@pytest.mark.parametrize("hostile_name", ["x" * 21, "Ann\x07", "\u202eevil", "", "Player 1",
                                          "player 1"])
def test_a_refused_name_leaves_the_default_one(hostile_name: str) -> None:
    table, r = room()
    got = join(r, "a", GuestTable(), hostile_name)
    assert isinstance(got[0][1], m.Welcome) and r.refusals == {}
    assert table.typed_names() == ["", "", ""] and table.names[1] == "Player 2"
    assert "names" not in json.loads(r.save())


def test_a_name_typed_by_the_host_stays() -> None:
    table, r = room(["", "Bob", ""])
    join(r, "a", GuestTable(), "Zoé")
    assert table.names[1] == "Bob" and r.names == {}


def test_a_friend_who_rejoins_may_change_its_name_and_others_are_sent_it() -> None:
    table, r = room()
    a, b = GuestTable(), GuestTable()
    join(r, "a", a, "Zoé")
    join(r, "b", b, None)
    r.drop("a")
    again = GuestTable(a.keep())
    got = join(r, "a2", again, "Zoë")
    assert table.names[1] == "Zoë" and r.names == {1: "Zoë"}
    assert [v.names[1] for to, v in got if to == "b" and isinstance(v, m.View)] == ["Zoë"]
    got = join(r, "a3", GuestTable(again.keep()), None)  # no name sent: the name stays
    assert table.names[1] == "Zoë"
    assert not [v for to, v in got if to == "b" and isinstance(v, m.View)]


def test_friends_names_are_restored_after_a_host_reload() -> None:
    table, r = room()
    a = GuestTable()
    join(r, "a", a, "Zoé")
    store = Store()
    assert write_room(store, "g", r) is None
    reloaded = Table.load(table.save())
    r2 = read_room(store, "g", reloaded)
    assert r2 is not None and r2.names == {1: "Zoé"} and reloaded.names[1] == "Zoé"
    got = join(r2, "a", GuestTable(a.keep()), "Zed")  # still the friend's to change
    assert isinstance(got[0][1], m.Welcome) and reloaded.names[1] == "Zed"


@pytest.mark.parametrize("names", ['{"1":"x\\u0000"}', '{"1":""}', '{"0":"Ann"}',
                                   '{"1":"' + "x" * 21 + '"}', '{"1":5}'])
def test_a_room_save_with_a_bad_name_is_refused(names: str) -> None:
    table, r = room()
    saved = json.loads(r.save())
    text = json.dumps(saved)[:-1] + ',"names":' + names + "}"
    with pytest.raises(RoomError):
        HostRoom.load(table, text)


# ------------------------------------------------------------------ the host ends it


@pytest.mark.parametrize("game", [SSP, FDM])
def test_ending_the_game_tells_each_connected_friend_and_frees_the_seats(game: str) -> None:
    g = Game(game, 21, seats=4 if game == FDM else 3)
    rng = random.Random(3)
    for _ in range(6):
        g.step(rng)
    kept = {p: gt.keep() for p, gt in g.guests.items()}
    g.room.drop("b")  # b's phone is away: it cannot be told
    got = g.deliver(g.room.end())
    assert [(type(x), to) for x, to in zip(got, ["a"], strict=True)] == [(m.Ended, "a")]
    assert g.guests["a"].ended and g.guests["a"].keep() is None
    assert g.room.joined() == [] and g.room.connected() == [] and g.room.away() == []
    assert "tokens\":{}" in g.room.save()
    for peer, k in kept.items():  # a token from before opens nothing now
        hostile(g, peer + "x", GuestTable(k).hello(), "bad-token")
    g.guests["c"] = newcomer = GuestTable()
    g.deliver(g.room.receive("c", newcomer.hello()))  # a new friend may sit down
    assert newcomer.seat == 1


def test_a_friend_still_joining_is_told_the_game_ended_too() -> None:
    """A phone connected and not seated (refused as the table is full, or its ``hello``
    not come yet) gets ``ended`` as a seated friend does, once each (its page then shows
    "The game has ended", not "connection lost")."""
    _table, r = room()
    a, b, refused, quiet = GuestTable(), GuestTable(), GuestTable(), GuestTable()
    join(r, "a", a, None)
    join(r, "b", b, None)
    assert isinstance(join(r, "c", refused, None)[0][1], m.Refused)  # full: not seated
    got = r.end(["a", "c", "d"])  # d: its channel open, its hello not come yet
    assert sorted(to for to, _ in got) == ["a", "b", "c", "d"]
    for peer, guest in {"a": a, "b": b, "c": refused, "d": quiet}.items():
        (text,) = [t for to, t in got if to == peer]
        assert isinstance(guest.receive(text), m.Ended) and guest.ended
        assert guest.keep() is None
    assert r.joined() == [] and r.connected() == []


def test_a_host_reload_ends_nothing() -> None:
    g = Game(SSP, 22)
    store = Store()
    assert write_room(store, "g", g.room) is None
    r2 = read_room(store, "g", Table.load(g.table.save()))
    assert r2 is not None and r2.joined() == [1, 2]
    assert not any(gt.ended for gt in g.guests.values())


def test_a_rematch_keeps_the_friends_seats_but_not_their_names() -> None:
    table, r = room(["Ann", "", ""])
    join(r, "a", GuestTable(), "Zoé")
    join(r, "b", GuestTable(), None)
    r.end()
    new = r.rematch()
    assert new.remote == frozenset({1, 2}) and new.typed_names() == ["Ann", "", ""]
    assert table.typed_names() == ["Ann", "Zoé", ""]  # the game ended keeps its names
    r2 = HostRoom(new, new.remote, clock=Clock())
    join(r2, "c", GuestTable(), "Mehmet")
    assert new.names == ["Ann", "Mehmet", "Player 3"]
