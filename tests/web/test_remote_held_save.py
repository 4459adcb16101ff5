"""Fruits de mer on several devices: the people's picks held before their turn, the
friends' and the host's own, are saved beside the room (``HostRoom.save``, version 2),
so that after the host's page reloads they are played on their turns and nobody picks
again (F4); a bot's is not saved (its bot picks it again, the same); a room saved before
(version 1, without them) still loads; a saved pick that no longer fits the game
(another round, a seat that is no longer a person's, one played already) is dropped."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from seasalt import i18n
from seasalt.web.bank import ROOM_PREFIX
from seasalt.web.remote import messages as m
from seasalt.web.remote.guest import GuestTable
from seasalt.web.remote.host import HostRoom, RoomError, read_room, write_room
from seasalt.web.table import Table
from tests.web.test_remote_choices import Room
from tests.web.test_remote_room import Store


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def reload(r: Room, store: Store | None = None) -> HostRoom:
    """The host's page reloaded: its game and room read back from their saves."""
    store = store or Store()
    assert write_room(store, "g", r.room) is None
    room = read_room(store, "g", Table.load(r.table.save()))
    assert room is not None
    return room


def test_held_picks_saved_with_the_room_are_played_on_their_turns_after_a_reload() -> None:
    r = Room(3)
    t = r.table
    r.act("b", "tuna")  # seat 3, held
    t.submit(1, t.ply, "shark")  # the host's own, held too
    r.deliver(r.room.updates())
    assert r.held == {1: "shark", 3: "tuna"}
    saved = json.loads(r.room.save())
    assert saved["version"] == 3 and saved["held"] == {"1": "shark", "3": "tuna"}
    assert saved["opened"] == 0
    kept = {p: g.keep() for p, g in r.guests.items()}
    room = reload(r)
    t2 = room.table
    assert t2.choices is not None and t2.choices.held == {1: "shark", 3: "tuna"}
    assert t2.ply == 0 and t2.view(1)["my_choice"]["kind"] == "shark"
    assert t2.can_undo(1) and t2.undo_code(1) == "shark"  # the host's still to take back
    guests = {p: GuestTable(k) for p, k in kept.items()}
    sent: list[str] = []  # the texts the guests receive
    for peer, guest in guests.items():  # the friends rejoin: b's pick is still its own
        for to, text in room.receive(peer, guest.hello()):
            sent.append(text)
            guests[to].receive(text)
    a = guests["a"].payload()  # a sees that b and the host picked, never what
    assert a is not None and a["my_choice"] is None
    assert [a["seats"][s]["status"] for s in (1, 3)] == ["chosen", "chosen"]
    views = [m.read_host(text) for text in sent]
    got = {v.seat: v.view for v in views if isinstance(v, m.View)}
    assert set(got) == {0, 3}
    for alt in t2.driver.game.seat_legal(t2.state, 1):  # the host's pick, any card:
        t2.choices.held[1] = alt.value  # the same views (its pick reaches no guest)
        assert {s: t2.seat_view(s) for s in got} == got
    t2.choices.held[1] = "shark"
    assert "Tuna" not in a["seats"][3]["status_text"] + a["prompt"]["text"]
    b = guests["b"].payload()
    assert b is not None and b["my_choice"]["kind"] == "tuna" and b["legal"] == []
    assert guests["b"].can_undo()
    for to, text in room.receive("a", guests["a"].act("fisher")):
        guests[to].receive(text)
    while t2.is_bot_turn():
        while not t2.bot_step(None):  # type: ignore[arg-type]
            pass
    assert t2.round == 2 and t2.record.actions[:2] == ["fisher", "shark"]  # the host's too
    assert t2.record.actions[3] == "tuna"  # played on its turn, not picked again


def test_a_room_saved_without_held_picks_still_loads() -> None:
    r = Room(4)
    r.act("b", "tuna")
    old = json.loads(r.room.save())
    old["version"] = 1
    del old["held"], old["opened"]
    store = Store()
    store.set(ROOM_PREFIX + "g", json.dumps(old))
    room = read_room(store, "g", Table.load(r.table.save()))
    assert room is not None and room.remote == [0, 3] and room.table_id == r.room.table_id
    assert room.table.choices is not None and room.table.choices.held == {}
    # nothing held: no held picks in the save either
    assert "held" not in json.loads(HostRoom(Table.load(r.table.save()), [0, 3]).save())


def saved_with(r: Room, held: dict[str, str], opened: int | None = None) -> str:
    data = json.loads(r.room.save())
    data["held"] = held
    data["opened"] = r.table.choices.opened() if opened is None else opened  # type: ignore[union-attr]
    return json.dumps(data)


def test_a_saved_pick_that_no_longer_fits_the_game_is_dropped() -> None:
    r = Room(5)
    t = r.table
    table = Table.load(t.save())
    # a bot's seat, and one not a seat (the host's own is kept)
    room = HostRoom.load(table, saved_with(r, {"1": "tuna", "2": "tuna", "9": "tuna",
                                               "3": "tuna"}))
    assert room.table.choices is not None and room.table.choices.held == {1: "tuna", 3: "tuna"}
    # a card the seat does not hold; a pick of another round
    assert HostRoom.load(Table.load(t.save()), saved_with(r, {"3": "whale"})
                         ).table.choices.held == {}  # type: ignore[union-attr]
    assert HostRoom.load(Table.load(t.save()), saved_with(r, {"3": "tuna"}, opened=4)
                         ).table.choices.held == {}  # type: ignore[union-attr]
    # the seat whose turn it is (the game saved behind): its friend picks again
    assert t.current == 0
    assert HostRoom.load(Table.load(t.save()), saved_with(r, {"0": "tuna"})
                         ).table.choices.held == {}  # type: ignore[union-attr]
    # played already (the game saved after its turn came): nothing held
    r.act("b", "tuna")
    text = r.room.save()
    r.act("a")
    t.submit(1, t.ply, t.view(1)["legal"][0])
    r.bots()
    assert t.round == 2 and t.record.actions[3] == "tuna"
    room = HostRoom.load(Table.load(t.save()), text)
    assert room.table.choices is not None and room.table.choices.held == {}
    assert room.table.choices.legal(3)  # its friend picks for round 2


@pytest.mark.parametrize("held", ['{"x":"tuna"}', '{"3":5}', '{"3":""}', '["tuna"]',
                                  '{"3":"' + "t" * (m.MAX_CODE + 1) + '"}'])
def test_held_picks_that_do_not_read_are_refused(held: str) -> None:
    r = Room(6)
    data = json.loads(r.room.save())
    text = json.dumps(data)[:-1] + f',"held":{held},"opened":0}}'
    with pytest.raises(RoomError):
        HostRoom.load(Table.load(r.table.save()), text)
