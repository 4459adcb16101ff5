"""A refused join said in words, and a seat the host frees (issue 42), in CPython: the
room refuses with a reason code (never an English sentence), each device words it from
its own catalog (:mod:`seasalt.web.remote.words`), and a freed seat refuses its old
token, is told to its phone, taken by a new phone, and stays freed through a save."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from seasalt import i18n
from seasalt.web.messages import MESSAGES, message
from seasalt.web.remote import messages as m
from seasalt.web.remote import signal as sig
from seasalt.web.remote import words
from seasalt.web.remote.guest import GuestTable
from seasalt.web.remote.host import HostRoom, digest
from seasalt.web.settings import Settings
from seasalt.web.table import Table

SAMPLES = json.loads((Path(__file__).parents[1] / "fixtures" / "remote" /
                      "chromium-sdp.json").read_text())
LANGUAGES = ("fr", "nl", "tr")


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def hosted(friends: int = 1) -> tuple[Table, HostRoom]:
    seats = ["human"] * (friends + 1)
    table = Table.new(Settings(seats=seats, names=[""] * len(seats)), seed=3)
    return table, HostRoom(table, range(1, friends + 1))


def say(room: HostRoom, peer: str, guest: GuestTable, text: str) -> list[m.HostMessage]:
    """``text`` from ``guest`` on connection ``peer``; what the host answered ``peer``,
    read by ``guest`` (what it answered others is dropped)."""
    return [guest.receive(out) for to, out in room.receive(peer, text) if to == peer]


def refusal(got: list[m.HostMessage]) -> str:
    assert len(got) == 1 and isinstance(got[0], m.Refused), got
    return got[0].reason


def translated(keys: list[str]) -> None:
    """Each of ``keys`` is a message of the page's, worded in each language, none
    English."""
    english = {key: message(key, name="Ann") for key in keys}
    for language in LANGUAGES:
        i18n.set_language(language)
        try:
            for key in keys:
                assert message(key, name="Ann") != english[key], (language, key)
        finally:
            i18n.set_language("en")


def test_a_full_table_refuses_with_a_code_each_phone_words_in_its_language() -> None:
    _table, room = hosted()
    a, b = GuestTable(), GuestTable()
    say(room, "a", a, a.hello())
    texts = room.receive("b", b.hello())
    assert [json.loads(t) for _, t in texts] == [
        {"type": "refused", "seq": 1, "reason": "full", "ref": 1}]  # a code, no sentence
    assert room.log[-1] == ("b", None, "full")  # the host's log keeps the reason
    assert words.guest_refusal("full") == "remote-full"
    assert words.host_refusal("full") == "remote-host-full"
    i18n.set_language("nl")
    assert "vrij" in message(words.guest_refusal("full"))


def test_every_refusal_has_a_translated_sentence_on_each_device() -> None:
    """Each reason a room may refuse with, each reason a code may not read for: a
    sentence of the page's catalog on each device, in every language, with no
    technical detail."""
    keys = {f(r) for r in m.REASONS for f in (words.guest_refusal, words.host_refusal)}
    keys |= {words.code_refusal(r, answer=a) for r in sig.REASONS for a in (True, False)}
    assert "{error}" not in "".join(MESSAGES[k] for k in keys)
    translated(sorted(keys))


@pytest.mark.parametrize(("text", "answer", "key"), [
    ("hello", True, "remote-code-not-answer"),
    ("hello", False, "remote-code-not-offer"),
    (SAMPLES["lan"]["offer"], True, "remote-code-is-offer"),   # the host's own link
    (SAMPLES["lan"]["answer"], False, "remote-code-is-answer"),  # a friend's answer
])
def test_a_code_that_is_not_the_one_expected_is_said_so(text: str, answer: bool,
                                                        key: str) -> None:
    code = text if text == "hello" else sig.encode_link(text, answer=not answer)
    with pytest.raises(sig.SignalError) as e:
        sig.read_code(code, answer=answer)
    assert words.code_refusal(e.value.reason, answer=answer) == key


def test_a_freed_seat_tells_its_phone_and_refuses_its_old_token() -> None:
    table, room = hosted()
    a = GuestTable()
    say(room, "a", a, a.hello())
    kept, actions = a.keep(), list(table.record.actions)
    assert kept is not None and room.joined() == [1]
    out = room.release(1)
    assert [json.loads(t) for _, t in out] == [
        {"type": "refused", "seq": 3, "reason": "freed", "ref": None}]
    assert a.receive(out[0][1]) and a.refused == "freed"
    assert room.seat_of("a") is None and room.joined() == []
    assert refusal(say(room, "a", a, m.encode(m.Act(a._seq + 1, table.ply, "draw")))) \
        == "not-seated"  # its phone can no longer act for the seat
    old = GuestTable(kept)
    assert refusal(say(room, "a2", old, old.hello())) == "bad-token"
    b = GuestTable()
    got = say(room, "b", b, b.hello())
    assert isinstance(got[0], m.Welcome) and b.seat == 1 and b.token != kept.token
    assert list(table.record.actions) == actions  # the game unchanged


def test_a_freed_seat_stays_freed_through_a_save() -> None:
    table, room = hosted(2)
    a, b = GuestTable(), GuestTable()
    say(room, "a", a, a.hello())
    say(room, "b", b, b.hello())
    room.release(2)
    saved = json.loads(room.save())
    assert saved["tokens"] == {"1": digest(str(a.token))}
    again = HostRoom.load(table, room.save())
    old = GuestTable(b.keep())
    assert refusal(say(again, "b", old, old.hello())) == "bad-token"
    back = GuestTable(a.keep())
    assert isinstance(say(again, "a", back, back.hello())[0], m.Welcome)  # (the other kept)
    c = GuestTable()
    assert isinstance(say(again, "c", c, c.hello())[0], m.Welcome) and c.seat == 2


def test_a_refused_token_asks_a_new_seat_on_the_same_connection() -> None:
    """The phone whose kept seat was freed asks anew on the same connection (its
    numbering going on: a fresh one would be refused as replayed)."""
    _table, room = hosted()
    a = GuestTable()
    say(room, "a", a, a.hello())
    kept = a.keep()
    room.release(1)
    old = GuestTable(kept)
    assert refusal(say(room, "b", old, old.hello())) == "bad-token"
    anew = old.unseated()
    assert anew.token is None and anew.seat is None
    got = say(room, "b", anew, anew.hello())
    assert isinstance(got[0], m.Welcome) and anew.seat == 1


def test_freeing_a_seat_that_is_not_a_friends_changes_nothing() -> None:
    _table, room = hosted()
    a = GuestTable()
    say(room, "a", a, a.hello())
    assert room.release(0) == [] and room.release(5) == [] and room.joined() == [1]


def test_the_join_cards_show_the_seats_given_to_phones() -> None:
    """Each card shows the seat its phone took; after the host's page reloads (new
    cards, no seat taken through them) the seats given to phones, in order; a freed
    seat is shown by none."""
    table, room = hosted(3)
    for peer in "abc":
        guest = GuestTable()
        say(room, peer, guest, guest.hello())
    assert room.shown([3, None, 1]) == [3, 2, 1]
    again = HostRoom.load(table, room.save())  # (the host's page reloaded)
    assert again.shown([None, None, None]) == [1, 2, 3]
    again.release(2)
    assert again.shown([None, None, None]) == [1, 3, None]
    assert again.shown([2, None, None]) == [1, 3, None]  # (its card's seat freed)


def test_a_phone_whose_answer_does_not_connect_says_so_after_a_while() -> None:
    """Its answer shown and no connection (another phone answered the link first, or the
    host's page is gone): nothing said for a while, then what to do, in each language;
    a connection that opened says nothing."""
    late = words.NOT_CONNECTED_AFTER
    assert words.guest_waiting(0, opened=False) is None
    assert words.guest_waiting(late - 0.5, opened=False) is None
    assert words.guest_waiting(late, opened=False) == "remote-not-connected"
    assert words.guest_waiting(1, opened=False, closed=True) == "remote-not-connected"
    assert words.guest_waiting(late * 10, opened=True) is None
    assert "new link" in message("remote-not-connected")
    translated(["remote-not-connected"])
    i18n.set_language("nl")
    assert message("remote-not-connected").startswith("Nog niet verbonden.")
