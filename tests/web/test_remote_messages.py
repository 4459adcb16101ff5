"""The wire format (:mod:`seasalt.web.remote.messages`): every message reads back as
written; anything else raises :class:`MessageError` with a reason code, never another
error."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from seasalt.web.remote import messages as m
from seasalt.web.remote.guest import GuestError, GuestTable, read_kept

GUEST = [m.Hello(1), m.Hello(2, "abc_-XYZ"), m.Act(3, 0, "take:1"), m.Undo(4, 7),
         m.Ping(5)]
HOST = [m.Welcome(1, 2, "tok", "table1", "fruits-de-mer"),
        m.View(2, 1, 14, {"game": "fruits-de-mer", "legal": ["tuna"], "x": [[1], {"y": None}]},
               ["Ann", "Bob"], ["human", "human"], "normal", "tuna"),
        m.Refused(3, "stale", 9), m.Refused(4, "malformed"), m.Away(5, 2), m.Back(6, 2),
        m.Pong(7, 5)]


@pytest.mark.parametrize("message", GUEST)
def test_a_guest_message_reads_back(message: m.GuestMessage) -> None:
    assert m.read_guest(m.encode(message)) == message


@pytest.mark.parametrize("message", HOST)
def test_a_host_message_reads_back(message: m.HostMessage) -> None:
    assert m.read_host(m.encode(message)) == message


@pytest.mark.parametrize(("text", "reason"), [
    ("", "malformed"), ("null", "malformed"), ("[]", "malformed"), ("{}", "malformed"),
    ('{"type":"ping"}', "malformed"), ('{"type":"ping","seq":0}', "malformed"),
    ('{"type":"ping","seq":true}', "malformed"), ('{"type":"ping","seq":1.5}', "malformed"),
    ('{"type":"ping","seq":1,"extra":1}', "malformed"),
    ('{"type":"view","seq":1}', "unknown-type"), ('{"type":7,"seq":1}', "malformed"),
    ('{"type":"act","seq":1,"ply":-1,"code":"draw"}', "malformed"),
    ('{"type":"act","seq":1,"ply":0,"code":""}', "malformed"),
    ('{"type":"act","seq":1,"ply":0,"code":"a\\nb"}', "malformed"),
    ('{"type":"hello","seq":1,"protocol":1,"token":"a b"}', "malformed"),
    ('{"type":"hello","seq":1,"protocol":1,"token":null,"lang":"fr"}', "malformed"),
    ('{"type":"hello","seq":1,"protocol":9,"token":null}', "protocol"),
    ('{"type":"ping","seq":NaN}', "malformed"), ("[" * 3 + "]" * 3, "malformed"),
    ('{"type":"ping","seq":1' + " " * m.MAX_GUEST_CHARS + "}", "too-big"),
])
def test_a_bad_guest_message_says_why(text: str, reason: str) -> None:
    with pytest.raises(m.MessageError) as e:
        m.read_guest(text)
    assert e.value.reason == reason and reason in m.REASONS


def test_a_bad_host_message_says_why() -> None:
    view = json.loads(m.encode(HOST[1]))
    for text, reason in [(json.dumps({**view, "view": []}), "malformed"),
                         (json.dumps({**view, "names": ["Ann"]}), "malformed"),
                         (json.dumps({**view, "names": []}), "malformed"),
                         (json.dumps({**view, "undo": 3}), "malformed"),
                         ('{"type":"refused","seq":1,"reason":"because","ref":null}',
                          "malformed"), ('{"type":"hello","seq":1}', "unknown-type"),
                         (json.dumps({**json.loads(m.encode(HOST[0])), "protocol": 0}),
                          "protocol")]:
        with pytest.raises(m.MessageError) as e:
            m.read_host(text)
        assert e.value.reason == reason


JSONS = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                     lambda c: st.lists(c, max_size=4) | st.dictionaries(
                         st.sampled_from(["type", "seq", "ply", "code", "token", "view",
                                          "protocol", "seat", "names", "kinds", "speed",
                                          "undo", "ref", "reason"]),
                         c, max_size=6), max_leaves=12)
TYPES = st.sampled_from([*m.GUEST_TYPES, *m.HOST_TYPES, "x"])


@given(st.one_of(st.text(max_size=200), JSONS.map(json.dumps),
                 st.builds(lambda t, d: json.dumps({**d, "type": t}) if isinstance(d, dict)
                           else json.dumps(d), TYPES, JSONS)))
def test_garbage_raises_only_the_message_error(text: str) -> None:
    for read in (m.read_guest, m.read_host, GuestTable().receive):
        try:
            read(text)
        except m.MessageError as e:
            assert e.reason in m.REASONS
    try:
        read_kept(text)
    except GuestError as e:
        assert e.reason == "malformed"
