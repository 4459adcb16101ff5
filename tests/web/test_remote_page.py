"""What the page needs of a table on several phones, in CPython: the seat kind "a
friend's phone" (``Settings.friends``), the host's table that never shows a friend's
seat (``Table.remote``), a friend's device's table as the page asks it
(:class:`~seasalt.web.remote.seat.RemoteSeat`), the codes read however they are
pasted (:func:`~seasalt.web.remote.signal.read_code`), and the help's words."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from seasalt import i18n
from seasalt.core.errors import IllegalActionError, Reason
from seasalt.ssp.present import seat_choices
from seasalt.web.messages import message
from seasalt.web.remote import signal as sig
from seasalt.web.remote.guest import GuestTable
from seasalt.web.remote.host import HostRoom
from seasalt.web.remote.seat import RemoteSeat, is_remote
from seasalt.web.settings import Settings, parse_query
from seasalt.web.table import Table
from seasalt.web.words import help_content

SAMPLES = json.loads((Path(__file__).parents[1] / "fixtures" / "remote" /
                      "chromium-sdp.json").read_text())


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def hosted(game: str = "sea-salt-and-paper", seed: int = 5) -> tuple[Table, HostRoom]:
    table = Table.new(Settings(seats=["you", "friend", "friend"], game=game), seed=seed)
    return table, HostRoom(table, table.remote)


def seated(room: HostRoom, peers: str = "ab") -> dict[str, RemoteSeat]:
    """Friends' devices seated through ``room``, one by one: every text read by the
    device it is for."""
    phones: dict[str, RemoteSeat] = {}
    for peer in peers:
        phones[peer] = RemoteSeat(GuestTable())
        deliver(room, room.receive(peer, phones[peer].guest.hello()), phones)
    return phones


def deliver(room: HostRoom, outs: list[tuple[str, str]], seats: dict[str, RemoteSeat]
            ) -> None:
    for peer, text in outs:
        seats[peer].guest.receive(text)


def test_a_friends_seat_is_a_persons_seat_played_elsewhere() -> None:
    settings = Settings.from_form(["you", "friend", "easy"], ["", "", ""])
    assert settings.seats == ["human", "human", "easy"] and settings.friends == [1]
    assert parse_query("?players=you,friend,friend").friends == [1, 2]  # type: ignore[union-attr]
    assert "friend" in dict(seat_choices())
    table = Table.new(settings, seed=3)
    assert table.remote == frozenset({1})
    assert table.names[1] == "Player 2"  # two people: numbered, as at one table


def test_the_hosts_table_never_shows_a_friends_seat() -> None:
    table, _room = hosted()
    assert table.humans() == [0]  # no hand-off to a friend's seat on this device
    while table.current == 0:  # the host plays its own turn
        table.submit(0, table.ply, table.view(0)["legal"][0]["code"])
    assert table.current in (1, 2)
    assert table.viewer() == 0  # its own eyes while a friend decides
    assert table.secret()  # the record stays out of sight in the host's export


def test_a_friends_device_draws_the_payload_a_local_table_gives() -> None:
    table, room = hosted()
    phones = seated(room)
    a = phones["a"]
    assert is_remote(a) and not is_remote(table)
    assert a.ready and a.seat == 1 and a.viewer() == 1 and a.humans() == [1]
    assert json.dumps(a.view(None)) == json.dumps(table.view(1))  # whatever seat is asked
    assert (a.round, a.over, a.game, a.current) == (table.round, False, table.game,
                                                   table.current)
    assert not a.is_bot_turn() and not a.can_suggest() and a.notes() == []


def test_a_click_becomes_a_message_and_the_host_plays_it() -> None:
    table, room = hosted()
    phones = seated(room)
    while table.current == 0:
        table.submit(0, table.ply, table.view(0)["legal"][0]["code"])
        deliver(room, room.updates(), phones)
    peer = "a" if table.current == 1 else "b"
    phone = phones[peer]
    with pytest.raises(IllegalActionError) as stale:  # an old view's ply: nothing sent
        phone.submit(phone.seat, phone.ply - 1, phone.view(None)["legal"][0]["code"])
    assert stale.value.reason == Reason.STALE and phone.take() == []
    with pytest.raises(IllegalActionError) as illegal:
        phone.submit(phone.seat, phone.ply, "take:99")
    assert illegal.value.reason == Reason.NOT_AVAILABLE and phone.take() == []
    code = phone.view(None)["legal"][0]["code"]
    ply = table.ply
    assert not phone.sent
    phone.submit(phone.seat, phone.ply, code)
    assert phone.sent  # the page marks the table as waiting on the host
    with pytest.raises(IllegalActionError):  # answered: not twice
        phone.submit(phone.seat, phone.ply, code)
    (text,) = phone.take()
    deliver(room, room.receive(peer, text), phones)
    assert table.ply == ply + 1 and table.record.actions[-1] == code
    assert phone.ply == table.ply and not phone.sent  # its new view came back


def test_a_guest_without_a_view_cannot_draw_nor_act() -> None:
    seat = RemoteSeat(GuestTable())
    assert not seat.ready
    with pytest.raises(IllegalActionError):
        seat.view(0)
    with pytest.raises(IllegalActionError):
        seat.submit(0, -1, "draw")
    with pytest.raises(IllegalActionError):
        seat.undo()


@pytest.mark.parametrize("kind", ["offer", "answer"])
def test_a_code_reads_however_it_is_pasted(kind: str) -> None:
    sdp = SAMPLES["lan"][kind]
    answer = kind == "answer"
    link = sig.encode_link(sdp, answer=answer)
    want = sig.from_sdp(sdp, answer=answer)
    fragment = sig.ANSWER if answer else sig.JOIN
    for pasted in (link, f"  {link}\n", f"https://example.org/seasalt/#{fragment}{link}",
                   sig.encode_qr(sdp, answer=answer), sig.qr_code(link),
                   sig.qr_link("https://example.org/seasalt/", link)):
        assert sig.from_sdp(sig.read_code(pasted, answer=answer), answer=answer) == want
    with pytest.raises(sig.SignalError) as wrong:  # an offer where an answer is due
        sig.read_code(link, answer=not answer)
    assert wrong.value.reason == "kind"
    for bad, reason in (("", "empty"), ("#join=", "empty"), ("x" * 2000, "too-long"),
                        (link[:-3] + "AAA", "checksum")):
        with pytest.raises(sig.SignalError) as e:
            sig.read_code(bad, answer=answer)
        assert e.value.reason == reason, bad


@pytest.mark.parametrize("language", ["en", "fr", "nl", "tr"])
def test_the_help_says_how_to_play_on_several_phones(language: str) -> None:
    """Second in either game's help, translated (tests/web/test_help_phones.py: its
    steps and the words it quotes)."""
    i18n.set_language(language)
    for game in ("sea-salt-and-paper", "fruits-de-mer"):
        section = help_content(game)[1]
        assert section["id"] == "phones" and len(section["blocks"]) == 7
        said = " ".join(b.get("text", "") for b in section["blocks"])
        assert message("remote-free") in said and message("remote-name-field") in said
    if language != "en":  # translated, every sentence
        texts = [b.get("text") or b["items"] for b in help_content()[1]["blocks"]]
        i18n.set_language("en")
        english = [b.get("text") or b["items"] for b in help_content()[1]["blocks"]]
        assert all(a != b for a, b in zip(english, texts, strict=True))
