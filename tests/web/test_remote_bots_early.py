"""Fruits de mer on several devices: bots pick as soon as the round opens, as the
friends do (:meth:`seasalt.web.choices.Choices.early_bot`), instead of waiting for their
turn in seat order. F4's picks are secret and shown together, and the engine hides every
commit of a round from the other seats until the reveal, so a bot's pick ahead of its
turn is made from exactly the view it has on its turn (its own seat's: no other pick,
held or played, in it) with the seed of its turn: the same game whether bots pick early
or on their turns. The friends' views show the bot's pick as made ("chosen", never what).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from seasalt import i18n
from seasalt.core.errors import IllegalActionError, InvalidActionError, Reason
from seasalt.web import table as web_table
from seasalt.web.remote.host import HostRoom, read_room, write_room
from seasalt.web.settings import Settings
from seasalt.web.table import Table
from tests.web.test_remote_choices import Room
from tests.web.test_remote_room import Store

FDM = "fruits-de-mer"


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def hard_by_iterations(monkeypatch: pytest.MonkeyPatch) -> None:
    """The page's Hard stops at a time limit (its choice may then depend on the
    machine's speed): here it searches a fixed, small number of rollouts."""
    monkeypatch.setattr(web_table, "page_bot_settings", lambda: {"hard": "iterations=24"})


class Noting:
    """A bot that notes the view and legal actions it is asked with, then asks ``bot``."""

    def __init__(self, bot: Any, note: Callable[[Any, Any], None]) -> None:
        self._bot, self._note = bot, note

    def act(self, view: Any, legal: Any) -> Any:
        self._note(view, legal)
        return self._bot.act(view, legal)

    def __getattr__(self, name: str) -> Any:
        if name != "start":
            return getattr(self._bot, name)
        start = self._bot.start  # (AttributeError: a bot that does not search)

        def noted(view: Any, legal: Any) -> Any:
            self._note(view, legal)
            return start(view, legal)
        return noted


def noting(t: Table) -> dict[tuple[int, int], Any]:
    """Every bot decision asked of ``t`` from now on: (seat, ply) -> (its view as plain
    data, its legal actions' codes)."""
    seen: dict[tuple[int, int], Any] = {}
    d, inner = t.driver, t.driver.bots

    def bots(seat: int, ply: int) -> Any:
        def note(view: Any, legal: Any) -> None:
            assert (seat, ply) not in seen, "a decision asked twice"
            seen[seat, ply] = (d.game.view_to_dict(view), [d.game.action_to_str(a)
                                                            for a in legal])
        return Noting(inner(seat, ply), note)
    d.bots = bots
    return seen


def pick_for(seed: int, rnd: int, seat: int, legal: list[str]) -> str:
    """A person's pick, the same in both ways of playing."""
    return random.Random(f"{seed}:{rnd}:{seat}").choice(sorted(legal))


def run_bots(t: Table) -> None:
    while t.is_bot_turn():
        while not t.bot_step(None):  # type: ignore[arg-type]
            pass


def play(kinds: list[str], seed: int, *, phones: bool
         ) -> tuple[Table, dict[Any, Any], int]:
    """A whole game: with ``phones``, the people on friends' devices pick in a random
    order each round and bots pick as soon as they may; else (hot seat) every seat on
    its turn in seat order. Also: how many bots' picks were held ahead of their turn."""
    t = Table.new(Settings(seats=kinds, names=[""] * len(kinds), game=FDM), seed=seed)
    people = [s for s, k in enumerate(kinds) if k == "human"]
    if phones:
        t.remote = frozenset(people)
    seen = noting(t)
    rng, early = random.Random(seed), 0
    while not t.over:
        if not phones:
            if t.is_bot_turn():
                run_bots(t)
            else:
                seat = t.current
                t.submit(seat, t.ply, pick_for(seed, t.round, seat, t.view(seat)["legal"]))
            continue
        assert t.choices is not None
        run_bots(t)  # the round opens: the bots pick at once
        early += sum(kinds[s] != "human" for s in t.choices.held)
        rnd = t.round
        order = [s for s in people if t.choices.legal(s)]
        rng.shuffle(order)
        for seat in order:
            if t.over or t.round != rnd:
                break
            t.submit(seat, t.ply, pick_for(seed, rnd, seat, t.choices.legal(seat)))
            run_bots(t)
    return t, seen, early


@pytest.mark.parametrize(("kinds", "seed"), [
    (["human", "easy", "human", "medium"], 1),           # bots between and last
    (["medium", "human", "easy"], 2),                     # a bot first: on its turn
    (["human", "human", "hard", "medium", "easy"], 3),   # three bots after two people
    (["human", "hard"], 4),
])
def test_the_same_game_whether_bots_pick_early_or_on_their_turn(kinds: list[str],
                                                                  seed: int) -> None:
    early, early_seen, held = play(kinds, seed, phones=True)
    turns, turn_seen, _ = play(kinds, seed, phones=False)
    assert early.over and turns.over and held > 0  # (bots did pick ahead of their turn)
    assert early.record.actions == turns.record.actions
    # each bot decided once a decision, from the same view (its seat's on its turn), at
    # its turn's ply (hence with its turn's seed)
    assert early_seen == turn_seen and len(early_seen) >= 9
    for (seat, ply), (view, _legal) in early_seen.items():
        assert view["seat"] == view["current"] == seat and view["ply"] == ply


def test_a_bot_picks_as_soon_as_the_round_opens() -> None:
    r = Room(8)  # guests on seats 0 and 3, the host on seat 1, a bot on seat 2
    t, a, b = r.table, r.guests["a"], r.guests["b"]
    assert t.current == 0 and t.is_bot_turn()  # a friend's turn, but the bot may pick
    r.bots()
    assert set(r.held) == {2} and t.ply == 0 and not t.is_bot_turn()
    for guest in (a, b):  # each friend sees the bot has picked, not what (Room checks)
        p = guest.payload()
        assert p is not None and p["seats"][2]["status"] == "chosen" and p["legal"]
    r.act("b", "tuna")
    pb = b.payload()
    assert pb is not None and pb["prompt"]["text"] == "Waiting for Player 1 and Player 2."
    code = r.held[2]
    r.act("a", "fisher")
    t.submit(1, t.ply, "shark")
    r.deliver(r.room.updates())
    assert t.round == 2 and t.record.actions[:4] == ["fisher", "shark", code, "tuna"]
    assert r.checked > 8


def test_an_early_pick_reads_no_other_seat_s_pick() -> None:
    """The bot's decision ahead of its turn is the one its turn brings, whatever the
    seats before it pick (held, or played) and whenever it is taken."""
    kinds = ["human", "human", "hard", "human"]

    def request(picks: dict[int, str]) -> dict[str, Any]:
        """The bot's request once ``picks`` are made (seat 0's played, the others
        held)."""
        t = Table.new(Settings(seats=kinds, names=[""] * 4, game=FDM), seed=9)
        t.remote = frozenset({0, 3})
        for seat, code in picks.items():
            t.submit(seat, 0, code)
        assert t.choices is not None
        assert t.choices.early_bot() == 2 or t.current == 2  # (or its turn has come)
        found = t.think_request()
        assert found is not None
        return found

    opened = request({})
    assert opened["seat"] == 2 and opened["ply"] == 2  # its turn's ply: after seats 0, 1
    for picks in ({1: "tuna"}, {1: "fisher", 3: "warden"}, {0: "shark"},
                  {3: "tuna", 0: "warden", 1: "warden"}):
        assert request(picks) == opened, picks
    # on its turn in a hot-seat game: the very same request
    t = Table.new(Settings(seats=kinds, names=[""] * 4, game=FDM), seed=9)
    t.submit(0, 0, "mackerel")
    t.submit(1, 1, "tuna")
    assert t.current == 2 and t.think_request() == opened


def test_a_worker_s_answer_for_an_early_pick_is_held_once() -> None:
    kinds = ["human", "hard", "human"]
    t = Table.new(Settings(seats=kinds, names=[""] * 3, game=FDM), seed=5)
    t.remote = frozenset({0, 2})
    request = t.think_request()
    assert request is not None and (request["seat"], request["ply"]) == (1, 1)
    assert t.deciding(1, 1) and not t.deciding(1, 0)
    with pytest.raises(InvalidActionError):  # not a card of a hand
        t.play_thought(1, 1, "seaweed")
    assert t.choices is not None and t.choices.held == {}
    code = request["legal"][-1]
    t.play_thought(1, 1, code, 0.01)
    assert t.choices.held == {1: code} and t.ply == 0 and not t.deciding(1, 1)
    assert not t.is_bot_turn() and t.think_request() is None
    assert t.driver.last_decision is not None and t.driver.last_decision.ply == 1
    with pytest.raises(IllegalActionError) as e:  # the same answer again: stale
        t.play_thought(1, 1, code)
    assert e.value.reason == Reason.STALE and t.choices.held == {1: code}
    with pytest.raises(IllegalActionError):  # nor may a person's device take it back
        t.choices.choose(1, 0, code)
    t.submit(2, 0, "tuna")
    t.submit(0, 0, "fisher")
    assert t.round == 2 and t.record.actions[:3] == ["fisher", code, "tuna"]


def test_an_answer_that_comes_on_the_bot_s_turn_is_played() -> None:
    """The worker thought the bot's pick ahead of its turn; the seat before it picked
    meanwhile: the same decision, played on its turn."""
    kinds = ["human", "hard", "human"]
    t = Table.new(Settings(seats=kinds, names=[""] * 3, game=FDM), seed=6)
    t.remote = frozenset({0, 2})
    request = t.think_request()
    assert request is not None
    t.submit(0, 0, "shark")
    assert t.current == 1 and t.deciding(1, 1) and t.think_request() == request
    t.play_thought(1, 1, request["legal"][0])
    assert t.ply == 2 and t.record.actions[1] == request["legal"][0]


def test_a_bot_s_early_pick_is_not_saved_and_is_made_again_after_a_reload() -> None:
    r = Room(10)
    r.bots()
    code = r.held[2]
    saved = json.loads(r.room.save())
    assert "held" not in saved  # no person's pick held
    r.act("b", "tuna")
    assert json.loads(r.room.save())["held"] == {"3": "tuna"}
    store = Store()
    assert write_room(store, "g", r.room) is None
    room = read_room(store, "g", Table.load(r.table.save()))
    assert isinstance(room, HostRoom)
    t2 = room.table
    assert t2.choices is not None and t2.choices.held == {3: "tuna"} and t2.is_bot_turn()
    run_bots(t2)
    assert t2.choices.held == {2: code, 3: "tuna"}


def test_bots_pick_early_only_on_a_table_of_phones() -> None:
    """Hot seat (one device): no pick is held, a bot waits for its turn as before."""
    t = Table.new(Settings(seats=["human", "easy"], names=["", ""], game=FDM), seed=3)
    assert t.choices is None and not t.is_bot_turn() and t.think_request() is None
    with pytest.raises(IllegalActionError):
        t.bot_step(None)  # type: ignore[arg-type]
