"""A host and two guests play through messages only (:mod:`seasalt.web.remote`): whole
games of both games, no other seat's hidden card in any text a guest receives, and every
hostile message refused with the host's game unchanged, byte for byte."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from seasalt import i18n
from seasalt.fdm.game import GAME as FDM_GAME
from seasalt.fdm.view import view as fdm_view
from seasalt.ssp.view import view as ssp_view
from seasalt.web.bank import ROOM_PREFIX, delete
from seasalt.web.remote import host as host_mod
from seasalt.web.remote import messages as m
from seasalt.web.remote.guest import GuestError, GuestTable, read_kept
from seasalt.web.remote.host import HostRoom, RoomError, read_room, write_room
from seasalt.web.settings import Settings
from seasalt.web.table import Table
from tests.fdm.test_present import pay as fdm_pay
from tests.ssp.test_page_payload import log_cards, payload_cards

SSP, FDM = "sea-salt-and-paper", "fruits-de-mer"


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


class Clock:
    """A clock the test moves by hand (the rate limit reads it)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Game:
    """A host (seat 0, its own), a bot (seat 3 when four seats) and two guests (seats 1
    and 2) on devices ``a`` and ``b``; every text a guest receives is checked."""

    def __init__(self, game: str, seed: int, seats: int = 3) -> None:
        kinds = ["human", "human", "human", "easy"][:seats]
        self.table = Table.new(Settings(seats=kinds, names=[""] * seats, game=game),
                               seed=seed)
        self.clock = Clock()
        self.room = HostRoom(self.table, [1, 2], clock=self.clock)
        self.guests = {"a": GuestTable(), "b": GuestTable()}
        self.received: dict[str, list[str]] = {"a": [], "b": []}
        self.views = 0
        for peer, guest in self.guests.items():
            self.deliver(self.room.receive(peer, guest.hello()))

    def deliver(self, out: list[tuple[str, str]]) -> list[m.HostMessage]:
        got = []
        for peer, text in out:
            self.received.setdefault(peer, []).append(text)
            message = self.guests.setdefault(peer, GuestTable()).receive(text)
            if isinstance(message, m.View):
                self.check_view(peer, message)
            got.append(message)
        return got

    def check_view(self, peer: str, message: m.View) -> None:
        """The view is exactly its seat's engine view now; the guest words it into the
        host's payload of that seat; neither names a card hidden from that seat."""
        guest, seat = self.guests[peer], message.seat
        assert seat == guest.seat and message.ply == self.table.ply
        assert json.dumps(message.view) == json.dumps(self.table.seat_view(seat))
        payload = guest.payload()
        assert json.dumps(payload) == json.dumps(self.table.view(seat))
        hidden_cards(self.table, seat, payload)
        hidden_cards(self.table, seat, message.view, engine=True)
        self.views += 1

    def peer(self, seat: int) -> str:
        return next(p for p, g in self.guests.items() if g.seat == seat)

    def step(self, rng: random.Random) -> None:
        """One decision: the bot's, the host's own (then updates) or a guest's by message."""
        t = self.table
        self.clock.now += 1  # people take their time: no flood
        if t.is_bot_turn():  # (Fruits de mer: on its turn, or its pick ahead of it)
            while not t.bot_step(None):  # type: ignore[arg-type]
                pass
            self.deliver(self.room.updates())
        elif t.current == 0:
            t.submit(0, t.ply, rng.choice(codes(t.view(0))))
            self.deliver(self.room.updates())
        else:
            peer = self.peer(t.current)
            guest = self.guests[peer]
            before = t.ply
            self.deliver(self.room.receive(peer, guest.act(rng.choice(guest.codes()))))
            assert t.ply > before  # (and a bot's pick held ahead of its turn after it)


def plain(x: Any) -> Any:
    """``x`` as JSON reads it back (tuples as lists)."""
    return json.loads(json.dumps(x))


def codes(payload: dict[str, Any]) -> list[str]:
    return [x["code"] if isinstance(x, dict) else x for x in payload["legal"]]


def hidden_cards(table: Table, seat: int, payload: dict[str, Any], engine: bool = False
                 ) -> None:
    """No card another seat holds unseen, or of the draw pile, in ``seat``'s payload or
    engine view (Sea Salt & Paper); no other seat's secret choice changes it (Fruits de
    mer)."""
    s = table.state
    if table.game == SSP:
        v = ssp_view(s, seat, log=True)
        told = log_cards(v.log)  # the log's cards are the ones told: only the rest
        rest = {k: x for k, x in payload.items() if k not in ("log", "log_lines")}
        named = payload_cards(rest, set()) | set(payload["hand"])
        hidden = set(s.draw) | {c for o in range(len(s.hands)) if o != seat
                                for c in s.hands[o] if c not in v.known[o]}
        assert not (named & hidden) - told, (s.ply, seat)
        return
    mine = fdm_view(s, seat, log=True).to_dict() if engine else fdm_pay(s, seat)
    actions = table.record.actions
    committed = [o for o in range(s.players) if o != seat and s.pending[o] is not None]
    for o in committed:  # o's card this round, changed: nothing seat sees changes
        at = len(actions) - sum(p is not None for p in s.pending) + o
        state = FDM_GAME.new_game(s.players, table.record.seed)
        for a in actions[:at]:
            state = FDM_GAME.apply(state, FDM_GAME.parse_action(a))
        other = [k for k in FDM_GAME.legal_actions(state)
                 if FDM_GAME.action_to_str(k) != actions[at]]
        if not other:
            continue
        state = FDM_GAME.apply(state, other[0])
        for a in actions[at + 1:]:
            state = FDM_GAME.apply(state, FDM_GAME.parse_action(a))
        theirs = fdm_view(state, seat, log=True).to_dict() if engine else fdm_pay(state, seat)
        assert theirs == mine, (s.ply, seat, o)


@pytest.mark.parametrize(("game", "seats", "seed"), [(SSP, 3, 1), (SSP, 4, 2), (FDM, 3, 3),
                                                     (FDM, 4, 4)])
def test_a_whole_game_through_messages_only(game: str, seats: int, seed: int) -> None:
    g = Game(game, seed, seats)
    assert [g.guests[p].seat for p in "ab"] == [1, 2]
    rng = random.Random(seed)
    while not g.table.over:
        g.step(rng)
    assert g.room.refusals == Counter()
    assert all(guest.payload()["game"] == game for guest in g.guests.values())  # type: ignore[index]
    assert g.views > 2 * (g.table.ply // seats)
    for peer, texts in g.received.items():  # only its own seat's views ever
        seats_seen = {json.loads(t)["seat"] for t in texts if json.loads(t)["type"] == "view"}
        assert seats_seen == {g.guests[peer].seat}


@pytest.mark.parametrize("game", [SSP, FDM])
def test_a_guest_words_its_view_in_its_own_language(game: str) -> None:
    """The host sends no sentence (its view is the same text whatever its language); the
    guest's device words it in its own, as a local table would in that language."""
    g = Game(game, 5)
    rng = random.Random(5)
    for _ in range(12):
        g.step(rng)
    kept = g.guests["a"].keep()
    views = []
    for language in ("en", "tr"):
        with i18n.temporary_language():
            i18n.set_language(language)
            out = g.room.receive(f"a-{language}", GuestTable(kept).hello())
        views.append([json.loads(t) | {"seq": 0} for _, t in out
                      if json.loads(t)["type"] == "view"])
    assert views[0] == views[1] and len(views[0]) == 1
    for language in ("fr", "nl", "tr", "en"):
        with i18n.temporary_language():
            i18n.set_language(language)
            assert plain(g.guests["a"].payload()) == json.loads(json.dumps(g.table.view(1)))


def test_a_guest_words_its_selection_as_the_host_would() -> None:
    g = Game(SSP, 16)
    rng = random.Random(16)
    while True:
        g.step(rng)
        seat = g.table.current
        if seat in (1, 2) and len(g.table.state.hands[seat]) >= 2:
            break
    guest = g.guests[g.peer(seat)]
    for selection in ([], list(g.table.state.hands[seat][:1]),
                      list(g.table.state.hands[seat][:2])):
        assert plain(guest.payload(selection)) == plain(g.table.view(seat, selection))


# ------------------------------------------------------------------ hostile messages


def guest_act(g: Game) -> tuple[str, GuestTable]:
    """Play until a guest is to decide; its peer and guest."""
    rng = random.Random(9)
    while g.table.current not in (1, 2):
        g.step(rng)
    peer = g.peer(g.table.current)
    return peer, g.guests[peer]


def hostile(g: Game, peer: str, text: object, reason: str | None) -> None:
    """``text`` from ``peer`` is refused (for ``reason``; ``None``: not answered) and the
    host's saved game does not change by a byte."""
    before = g.table.save(saved_at=1)
    counted = sum(g.room.refusals.values())
    answers = g.deliver(g.room.receive(peer, text))
    assert g.table.save(saved_at=1) == before
    assert sum(g.room.refusals.values()) == counted + 1
    if reason is None:
        assert answers == []
    else:
        assert [(type(a), a.reason) for a in answers] == [(m.Refused, reason)]  # type: ignore[union-attr]


@pytest.mark.parametrize("game", [SSP, FDM])
def test_hostile_messages_are_refused_and_change_nothing(game: str) -> None:
    g = Game(game, 6)
    peer, guest = guest_act(g)
    other = "b" if peer == "a" else "a"
    seq = guest._seq
    ply, legal = g.table.ply, guest.codes()

    def act(n: int, code: str, at: int = ply) -> str:
        return m.encode(m.Act(n, at, code))

    if game == SSP:
        hostile(g, other, act(1000, legal[0]), "not-your-turn")        # wrong seat
    else:  # every seat picks at once: the other's pick is held, a second one refused
        mate = g.guests[other]
        g.deliver(g.room.receive(other, mate.act(mate.codes()[0])))
        assert g.table.ply == ply and g.table.choices and g.table.choices.held
        hostile(g, other, act(1000, mate.codes()[0] if mate.codes() else legal[0]),
                "stale")                                               # a duplicate
    hostile(g, peer, act(seq + 1, legal[0], ply + 1), "stale")         # stale ply
    hostile(g, peer, act(seq + 2, "take:9" if game == SSP else "whale"), "illegal")
    hostile(g, peer, act(seq + 3, "draw" if game == FDM else "tuna"), "illegal")
    hostile(g, peer, "{not json", "malformed")                          # garbage
    hostile(g, peer, "[" * 500 + "]" * 500, "malformed")
    hostile(g, peer, b"\x00\x01", "malformed")
    hostile(g, peer, '{"type":"act","seq":1e309,"ply":0,"code":"x"}', "malformed")
    hostile(g, peer, json.dumps({"type": "act", "seq": seq + 4, "ply": ply,
                                 "code": legal[0], "seat": 2}), "malformed")
    hostile(g, peer, json.dumps({"type": "shout", "seq": seq + 5}), "unknown-type")
    hostile(g, peer, act(seq + 6, "x" * 5000), "too-big")               # huge payload
    hostile(g, peer, act(seq + 1, legal[0]), "replayed")                # replayed seq
    hostile(g, peer, m.encode(m.Hello(seq + 7, "stolen-token-xyz")), "seated")
    thief = GuestTable(read_kept(g.guests[other].keep().to_text()))  # type: ignore[union-attr]
    thief.token = "A" * 22
    hostile(g, "thief", thief.hello(), "bad-token")                     # stolen token
    hostile(g, "thief", m.encode(m.Act(5, ply, legal[0])), "not-seated")
    hostile(g, "late", GuestTable().hello(), "full")
    hostile(g, peer, m.encode(m.Undo(seq + 8, ply)), "no-undo")
    hostile(g, peer, json.dumps({"type": "hello", "seq": seq + 9, "protocol": 2,
                                 "token": None}), "protocol")
    flood_before = g.room.refusals["flood"]
    for i in range(host_mod.BURST + 5):   # flood: refused once the burst is spent
        g.room.receive(other, m.encode(m.Ping(2000 + i)))
    assert g.room.refusals["flood"] - flood_before >= 5
    g.clock.now += 10  # the rate refills: the guest plays on
    g.deliver(g.room.receive(peer, act(seq + 10, legal[0])))
    assert g.table.ply == ply + (1 if game == SSP else 2)  # (the held pick played after)
    reasons = set(g.room.refusals)
    assert reasons == set(m.REASONS) - {"game-over", "freed"} - (  # (freed: the host's own)
        set() if game == SSP else {"not-your-turn"})
    assert {r for _, _, r in g.room.log} == reasons


def test_a_flood_is_answered_once_and_counted_whole() -> None:
    g = Game(SSP, 7)
    out = []
    for i in range(host_mod.BURST + 30):
        out += g.room.receive("a", m.encode(m.Ping(100 + i)))
    kinds = Counter(json.loads(t)["type"] for _, t in out)
    assert kinds == {"pong": host_mod.BURST - 1, "refused": 1}  # its hello took one
    assert g.room.refusals["flood"] == 31


def test_a_game_over_refuses_every_action() -> None:
    g = Game(FDM, 8)
    rng = random.Random(8)
    while not g.table.over:
        g.step(rng)
    hostile(g, "a", m.encode(m.Act(10_000, g.table.ply, "tuna")), "game-over")


def test_the_guest_refuses_to_send_on_a_stale_view() -> None:
    g = Game(SSP, 10)
    peer, guest = guest_act(g)
    other = g.guests["b" if peer == "a" else "a"]
    with pytest.raises(GuestError) as e:
        other.act(codes(guest.payload() or {})[0])
    assert e.value.reason == "stale"
    code = guest.codes()[0]
    text = guest.act(code)
    with pytest.raises(GuestError) as e:  # answered already: wait for the next view
        guest.act(code)
    assert e.value.reason == "stale"
    with pytest.raises(GuestError) as e:
        GuestTable().act("draw")
    assert e.value.reason == "not-seated"
    g.deliver(g.room.receive(peer, text))
    with pytest.raises(m.MessageError) as e2:  # a host message replayed
        guest.receive(g.received[peer][-1])
    assert e2.value.reason == "replayed"


# ------------------------------------------------------------------ undo, faults


def test_a_guest_undoes_only_its_own_last_decision() -> None:
    g = Game(SSP, 11)
    rng = random.Random(11)
    for _ in range(400):
        if g.table.current in (1, 2) and g.guests[g.peer(g.table.current)].can_undo():
            break
        g.step(rng)
    peer = g.peer(g.table.current)
    guest, ply = g.guests[peer], g.table.ply
    undone = g.table.record.actions[-1]
    g.deliver(g.room.receive(peer, guest.undo()))
    assert g.table.ply == ply - 1 and guest.ply == ply - 1
    assert undone in guest.codes()


def test_away_and_back_and_a_guest_reload_rejoins_its_seat() -> None:
    g = Game(SSP, 12)
    peer, guest = guest_act(g)
    other = "b" if peer == "a" else "a"
    seat, view = guest.seat, guest.payload()
    assert g.deliver(g.room.drop(peer)) == [m.Away(g.guests[other]._last_in, seat)]  # type: ignore[arg-type]
    assert g.room.away() == [seat] and g.room.waiting_on() == seat
    assert g.guests[other].away == {seat}
    kept = read_kept(guest.keep().to_text())  # type: ignore[union-attr]
    g.guests[peer + "x"] = reloaded = GuestTable(kept)  # a new connection
    got = g.deliver(g.room.receive(peer + "x", reloaded.hello()))
    assert isinstance(got[0], m.Welcome) and reloaded.seat == seat
    assert plain(reloaded.payload()) == plain(view) and g.room.away() == []
    assert g.guests[other].away == set()


def test_a_second_connection_with_the_token_replaces_the_first() -> None:
    g = Game(FDM, 13)
    kept = g.guests["a"].keep()
    g.guests["a2"], g.received["a2"] = GuestTable(kept), []
    g.deliver(g.room.receive("a2", g.guests["a2"].hello()))
    assert g.room.seat_of("a2") == 1 and g.room.seat_of("a") is None
    hostile(g, "a", m.encode(m.Undo(99, g.table.ply)), "not-seated")


def test_a_host_reload_lets_the_guests_rejoin(tmp_path: Any) -> None:
    g = Game(SSP, 14)
    rng = random.Random(14)
    for _ in range(25):
        g.step(rng)
    store = Store()
    assert write_room(store, "g1", g.room) is None
    save, kept = g.table.save(), {p: gt.keep() for p, gt in g.guests.items()}
    for token in (k.token for k in kept.values() if k):
        assert token not in store.data[ROOM_PREFIX + "g1"]
    table = Table.load(save)
    room = read_room(store, "g1", table)
    assert room is not None and room.away() == [1, 2] and room.table_id == g.room.table_id
    for peer, k in kept.items():
        guest = GuestTable(k)
        out = room.receive(peer, guest.hello())
        for _, text in out:
            guest.receive(text)
        assert guest.seat == k.seat and guest.ply == table.ply  # type: ignore[union-attr]
    assert room.away() == [] and room.refusals == Counter()
    delete(store, "g1")
    assert ROOM_PREFIX + "g1" not in store.data


class Store:
    def __init__(self) -> None:
        self.data: dict[str, str] = {}

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def names(self) -> list[str]:
        return list(self.data)


@pytest.mark.parametrize("text", ["", "{}", "[]", '{"format":"seasalt-room","version":1,'
                                  '"table":"t","remote":[5],"tokens":{}}',
                                  '{"format":"seasalt-room","version":1,"table":"t",'
                                  '"remote":[1],"tokens":{"2":"' + "a" * 64 + '"}}',
                                  '{"format":"seasalt-room","version":1,"table":"t t",'
                                  '"remote":[1],"tokens":{}}'])
def test_a_room_save_that_does_not_read_is_refused(text: str) -> None:
    table = Table.new(Settings(seats=["human", "human"], names=["", ""]), seed=1)
    with pytest.raises(RoomError):
        HostRoom.load(table, text)
    store = Store()
    store.set(ROOM_PREFIX + "x", text)
    assert read_room(store, "x", table) is None


def test_a_friends_seat_must_be_a_persons_seat() -> None:
    table = Table.new(Settings(seats=["human", "easy"], names=["", ""]), seed=1)
    with pytest.raises(RoomError):
        HostRoom(table, [1])


def test_a_released_seat_goes_to_the_next_new_guest() -> None:
    g = Game(SSP, 15)
    g.room.release(2)
    assert g.room.seat_of("b") is None
    newcomer = GuestTable()
    g.guests["c"], g.received["c"] = newcomer, []
    g.deliver(g.room.receive("c", newcomer.hello()))
    assert newcomer.seat == 2
    hostile(g, "x", GuestTable(g.guests["b"].keep()).hello(), "bad-token")
