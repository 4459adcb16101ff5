"""An away friend's seat is marked on the host's table and on the other friends'
phones, in both games, in the language of each device (``seasalt.web.away``);
never a seat played on the host's device or a bot's."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from seasalt import i18n
from seasalt.web.away import BADGE, mark_away
from seasalt.web.remote.guest import GuestTable
from seasalt.web.remote.host import HostRoom
from seasalt.web.remote.seat import RemoteSeat
from seasalt.web.settings import Settings
from seasalt.web.table import Table
from tests.web.test_remote_page import deliver, seated

SSP, FDM = "sea-salt-and-paper", "fruits-de-mer"


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def marked(v: dict) -> list[int]:
    """The seats a payload marks away, checked the same in ``away`` and (Sea Salt &
    Paper) the badges."""
    seats = [s for s, seat in enumerate(v["seats"]) if seat.get("away")]
    if v["game"] == SSP:
        badged = [s for s, seat in enumerate(v["seats"])
                  if any(b["kind"] == BADGE for b in seat["badges"])]
        assert badged == seats
    return seats


def hosted(game: str) -> tuple[Table, HostRoom]:
    """The host (seat 0), two friends (1, 2) and a bot (3)."""
    table = Table.new(Settings(seats=["you", "friend", "friend", "easy"], game=game), seed=5)
    return table, HostRoom(table, table.remote)


@pytest.mark.parametrize("game", [SSP, FDM])
def test_a_friend_away_is_marked_on_the_host_and_the_other_phones_until_back(game: str
                                                                            ) -> None:
    table, room = hosted(game)
    assert marked(table.view(0)) == []  # not joined yet: waiting, not away
    phones = seated(room, "ab")
    assert marked(table.view(0)) == [] and marked(phones["b"].view(2)) == []
    deliver(room, room.drop("a"), phones)
    assert marked(table.view(0)) == [1]
    assert marked(table.view(None)) == [1]
    assert marked(phones["b"].view(2)) == [1]
    v = table.view(0)
    assert v["seats"][1]["away"] == "away"
    assert v["seats"][1]["away_title"] == f"{v['names'][1]}'s phone is away: the game waits for it."
    i18n.set_language("fr")
    assert phones["b"].view(2)["seats"][1]["away"] == "hors ligne"
    i18n.set_language("nl")
    assert table.view(0)["seats"][1]["away"] == "niet verbonden"
    i18n.set_language("tr")
    assert table.view(0)["seats"][1]["away"] == "bağlı değil"
    back = RemoteSeat(GuestTable(phones["a"].guest.keep()))
    phones["c"] = back
    deliver(room, room.receive("c", back.guest.hello()), phones)
    assert marked(table.view(0)) == [] and marked(phones["b"].view(2)) == []
    assert marked(back.view(1)) == []


def test_a_phone_never_marks_its_own_seat() -> None:
    _table, room = hosted(SSP)
    phones = seated(room, "ab")
    phones["b"].guest.away.add(2)  # (the host never says so: checked anyway)
    assert marked(phones["b"].view(2)) == []


def test_hot_seat_and_bots_are_never_marked() -> None:
    table = Table.new(Settings(seats=["human", "human", "easy"], game=SSP), seed=5)
    assert marked(table.view(None)) == [] and marked(table.view(0)) == []
    hosted_table, room = hosted(SSP)
    seated(room, "ab")
    for peer in "ab":
        room.drop(peer)
    assert marked(hosted_table.view(0)) == [1, 2]  # the bot's seat 3 and the host's: never


def test_marking_ignores_seats_out_of_range_and_copies_what_it_changes() -> None:
    table = Table.new(Settings(seats=["human", "easy"], game=SSP), seed=5)
    v = table.view(0)
    before = v["seats"][1]
    assert mark_away(v, [1, 7, -1]) is v
    assert marked(v) == [1] and "away" not in before
    assert mark_away({"seats": None}, [0]) == {"seats": None}
