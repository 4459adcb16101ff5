"""Fruits de mer on several devices: every seat picks as soon as the round opens, in any
order (F4), the host's own seat and the guests' alike (:mod:`seasalt.web.choices`); a
pick made before its turn is held on the host's device and played on its turn; no
guest ever receives another seat's pick before the reveal; stale and duplicate picks
are refused with the game unchanged."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from seasalt import i18n
from seasalt.core.errors import IllegalActionError, Reason
from seasalt.web.remote import messages as m
from seasalt.web.remote.guest import GuestTable
from seasalt.web.remote.host import HostRoom
from seasalt.web.settings import Settings
from seasalt.web.table import Table
from tests.web.test_remote_room import Clock, hidden_cards

FDM = "fruits-de-mer"


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


class Room:
    """Guests on seats 0 and 3 (devices ``a`` and ``b``), the host on seat 1, a bot on
    seat 2: the host is neither first nor last, and a bot sits between the guests."""

    def __init__(self, seed: int) -> None:
        kinds = ["human", "human", "easy", "human"]
        self.table = Table.new(Settings(seats=kinds, names=[""] * 4, game=FDM), seed=seed)
        self.clock = Clock()
        self.room = HostRoom(self.table, [0, 3], clock=self.clock)
        self.guests = {"a": GuestTable(), "b": GuestTable()}
        self.texts: Counter[str] = Counter()
        self.checked = 0
        for peer, guest in self.guests.items():
            self.deliver(self.room.receive(peer, guest.hello()))
        assert [self.guests[p].seat for p in "ab"] == [0, 3]

    @property
    def held(self) -> dict[int, str]:
        assert self.table.choices is not None
        return self.table.choices.held

    def deliver(self, out: list[tuple[str, str]]) -> list[m.HostMessage]:
        got = []
        for peer, text in out:
            self.texts[peer] += 1
            message = self.guests[peer].receive(text)
            if isinstance(message, m.View):
                self.check_view(message)
            got.append(message)
        return got

    def check_view(self, message: m.View) -> None:
        """What ``seat`` receives depends on no other seat's pick: held ones changed to
        any other card they hold give the same view; committed ones likewise
        (``hidden_cards``); its own pick only is named."""
        seat, t = message.seat, self.table
        assert message.view == t.seat_view(seat)
        own = self.held.get(seat) or (None if t.state.pending[seat] is None
                                      else t.state.pending[seat].value)
        assert message.view["my_choice"] == own
        for event in message.view["log"]:
            assert event["type"] != "choose" or event["seat"] == seat or "kind" not in event
        for other, code in list(self.held.items()):
            if other == seat:
                continue
            for alt in t.driver.game.seat_legal(t.state, other):
                self.held[other] = alt.value
                assert t.seat_view(seat) == message.view, (seat, other, alt)
            self.held[other] = code
        hidden_cards(t, seat, message.view, engine=True)
        self.checked += 1

    def act(self, peer: str, code: str | None = None) -> list[m.HostMessage]:
        self.clock.now += 1
        guest = self.guests[peer]
        return self.deliver(self.room.receive(peer, guest.act(code or guest.codes()[0])))

    def send(self, peer: str, message: Any) -> list[m.HostMessage]:
        self.clock.now += 1
        guest = self.guests[peer]
        guest._seq = max(guest._seq, message.seq)  # its numbering goes on from there
        return self.deliver(self.room.receive(peer, m.encode(message)))

    def bots(self) -> None:
        """The host's page steps its bots; each friend gets its new view."""
        while self.table.is_bot_turn():
            while not self.table.bot_step(None):  # type: ignore[arg-type]
                pass
        self.deliver(self.room.updates())


def test_every_seat_picks_as_soon_as_the_round_opens() -> None:
    r = Room(3)
    t, a, b = r.table, r.guests["a"], r.guests["b"]
    assert t.current == 0
    # the last guest first: held, its view says it chose and who is still choosing
    r.act("b", "tuna")
    assert r.held == {3: "tuna"} and t.ply == 0
    pb = b.payload()
    assert pb is not None and pb["my_choice"]["kind"] == "tuna" and pb["legal"] == []
    assert pb["prompt"]["text"] == "Waiting for Player 1, Player 2 and Easy bot."
    assert [s["status"] for s in pb["seats"]] == ["waiting", "waiting", "waiting", "chosen"]
    pa = a.payload()
    assert pa is not None and pa["my_choice"] is None and "shark" in pa["legal"]
    assert pa["prompt"]["text"] == ("Choose a card in secret: the others cannot see it until "
                                    "everybody has chosen.")  # no name: a phone of its own
    assert [s["status"] for s in pa["seats"]] == ["choosing", "waiting", "waiting", "chosen"]
    # the host's own seat, before the first guest's turn: held too
    host = t.view(1)
    assert host["legal"] and host["prompt"]["text"].startswith("Choose a card in secret")
    t.submit(1, host["ply"], "shark")
    r.deliver(r.room.updates())
    assert r.held == {1: "shark", 3: "tuna"} and t.ply == 0
    assert t.view(1)["undo"] is not None and t.can_undo()
    # the first guest: played at once, then the host's held pick, the bot, the guest's
    r.act("a", "fisher")
    r.bots()  # (then the bot picks round 2's card at once: held)
    assert set(r.held) == {2} and t.round == 2 and t.ply == 4
    last = a.payload()["last"]  # type: ignore[index]
    assert [p["kind"] for p in last["plays"]] == ["fisher", "shark", last["plays"][2]["kind"],
                                                  "tuna"]
    # the reveal on every device, in its own words ("You: Tuna")
    assert [p["kind"] for p in b.payload()["last"]["plays"]] == [  # type: ignore[index]
        p["kind"] for p in last["plays"]]


def test_a_held_pick_is_taken_back_and_changed_until_its_turn() -> None:
    r = Room(4)
    t, b = r.table, r.guests["b"]
    r.act("b", "tuna")
    assert b.can_undo() and b.payload()["undo"]["title"] == "Take back your choice: Tuna"  # type: ignore[index]
    r.deliver(r.room.receive("b", b.undo()))
    assert r.held == {} and b.payload()["my_choice"] is None and not b.can_undo()  # type: ignore[index]
    r.act("b", "shark")
    assert r.held == {3: "shark"}
    r.act("a")
    t.submit(1, t.ply, t.view(1)["legal"][0])
    r.deliver(r.room.updates())
    assert t.current == 2 and r.held == {3: "shark"}  # the bot's turn: still held
    got = r.send("b", m.Undo(b._seq + 1, b.ply))
    assert r.held == {} and not any(isinstance(x, m.Refused) for x in got)
    r.act("b", "mackerel")
    r.bots()
    assert t.round == 2 and t.record.actions[3] == "mackerel"
    # its pick played (the round revealed): nothing to take back
    got = r.send("b", m.Undo(b._seq + 1, b.ply))
    assert [(type(x), getattr(x, "reason", "")) for x in got] == [(m.Refused, "no-undo")]


def test_stale_and_duplicate_picks_are_refused_and_change_nothing() -> None:
    r = Room(5)
    t, a, b = r.table, r.guests["a"], r.guests["b"]
    opened = b.ply
    r.act("b", "tuna")

    def refused(peer: str, message: Any, reason: str) -> None:
        before, held = t.save(saved_at=1), dict(r.held)
        got = r.send(peer, message)
        assert [(type(x), getattr(x, "reason", "")) for x in got] == [(m.Refused, reason)]
        assert t.save(saved_at=1) == before and r.held == held

    refused("b", m.Act(b._seq + 1, opened, "shark"), "stale")       # a second pick: held
    refused("b", m.Act(b._seq + 2, opened, "tuna"), "stale")        # the same again
    refused("a", m.Act(a._seq + 1, t.ply + 1, "tuna"), "stale")     # a ply to come
    refused("a", m.Act(a._seq + 2, opened, "whale"), "illegal")     # not a card
    r.act("a", "fisher")
    refused("a", m.Act(a._seq + 1, opened, "tuna"), "stale")        # played already
    t.submit(1, t.ply, "tuna")
    r.bots()
    assert t.round == 2
    refused("a", m.Act(a._seq + 1, opened, "tuna"), "stale")        # last round's view
    refused("b", m.Act(b._seq + 1, opened + 2, "tuna"), "stale")    # last round's, later
    refused("b", m.Undo(b._seq + 2, b.ply), "no-undo")              # nothing held
    # a pick of this round from a view before another seat's pick is good
    ply, code = b.ply, b.codes()[-1]
    r.act("a")
    assert t.ply == ply + 1
    r.send("b", m.Act(b._seq + 1, ply, code))
    assert r.held[3] == code
    assert r.room.refusals == Counter({"stale": 6, "illegal": 1, "no-undo": 1})


def test_the_host_s_own_pick_is_refused_when_stale_or_a_duplicate() -> None:
    r = Room(6)
    t = r.table
    t.submit(1, 0, "tuna")
    for ply, code, reason in ((0, "shark", Reason.STALE), (1, "shark", Reason.STALE)):
        with pytest.raises(IllegalActionError) as e:
            t.submit(1, ply, code)
        assert e.value.reason == reason
    t.undo()
    assert r.held == {} and not t.can_undo()
    with pytest.raises(IllegalActionError) as e:
        t.submit(2, 0, "tuna")  # the bot's seat: not a person's pick
    assert e.value.reason == Reason.NOT_YOUR_TURN


@pytest.mark.parametrize("seed", [11, 12])
def test_a_whole_game_with_picks_in_any_order(seed: int) -> None:
    """Each round the two guests and the host pick in a random order (the bot when its
    turn comes), sometimes taking a held pick back; nothing is refused and every view
    a guest receives depends on no other seat's pick."""
    r = Room(seed)
    t, rng = r.table, random.Random(seed)
    rounds = 0
    while not t.over:
        r.bots()
        people = [s for s in (0, 1, 3) if t.choices and t.choices.legal(s)]
        rng.shuffle(people)
        for seat in people:
            if t.over or not (t.choices and t.choices.legal(seat)):
                continue
            if seat == 1:
                t.submit(1, t.ply, rng.choice(t.view(1)["legal"]))
                if rng.random() < 0.2 and t.can_undo():
                    t.undo()
                    t.submit(1, t.ply, rng.choice(t.view(1)["legal"]))
                r.deliver(r.room.updates())
            else:
                peer = "a" if seat == 0 else "b"
                guest = r.guests[peer]
                r.act(peer, rng.choice(guest.codes()))
                if rng.random() < 0.3 and guest.can_undo():
                    r.deliver(r.room.receive(peer, guest.undo()))
                    r.act(peer, rng.choice(guest.codes()))
            r.bots()
        rounds += 1
    assert rounds == 9 and r.room.refusals == Counter()
    assert r.checked > 60
    for guest in r.guests.values():
        assert guest.payload()["over"]  # type: ignore[index]
        assert json.dumps(guest.payload()["result"]) == json.dumps(  # type: ignore[index]
            t.view(guest.seat)["result"])


def test_a_seat_released_drops_its_held_pick() -> None:
    """The host frees a friend's seat (its phone lost its token): the pick that friend
    made before its turn is not played for the next friend who takes the seat."""
    r = Room(7)
    r.act("b", "tuna")
    assert r.held == {3: "tuna"}
    r.room.release(3)
    assert r.held == {}
    newcomer = GuestTable()
    r.guests["c"] = newcomer
    r.deliver(r.room.receive("c", newcomer.hello()))
    assert newcomer.seat == 3 and newcomer.payload()["my_choice"] is None  # type: ignore[index]
    assert "tuna" in newcomer.codes()
