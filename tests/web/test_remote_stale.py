"""A stale answer never hangs the host (issue 42), in CPython: a friend's answer names
the offer it answers (:func:`seasalt.web.remote.signal.offer_tag`), and the host
refuses one made for another offer (an older link of the seat, another seat's, another
table's) or naming none, before touching its connection, in words; a card whose answer
has not connected gives up after a while on the room's clock
(:func:`seasalt.web.remote.words.host_waiting`), and a card whose link was used offers
a new one (:func:`seasalt.web.remote.words.offers_new_link`)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
import segno

from seasalt import i18n
from seasalt.web.messages import message
from seasalt.web.remote import signal as sig
from seasalt.web.remote import words
from seasalt.web.remote.host import HostRoom
from seasalt.web.settings import Settings
from seasalt.web.table import Table
from tests.web.test_remote_join import translated

SAMPLES = json.loads((Path(__file__).parents[1] / "fixtures" / "remote" /
                      "chromium-sdp.json").read_text())
NAMES = ("lan", "loopback", "mdns")


def other_offer(sdp: str) -> str:
    """An offer like ``sdp`` but of another connection (another ICE user fragment and
    certificate: another link)."""
    offer = sig.from_sdp(sdp, answer=False)
    return sig.to_sdp(dataclasses.replace(offer, ufrag="Zq9x",
                                          fingerprint=bytes(range(32))))


@pytest.mark.parametrize("name", NAMES)
def test_an_answer_names_its_offer_and_the_host_takes_it(name: str) -> None:
    offer, answer = SAMPLES[name]["offer"], SAMPLES[name]["answer"]
    tag = sig.sdp_tag(offer)
    assert len(tag) == sig.TAG_BYTES and tag != sig.sdp_tag(other_offer(offer))
    code = sig.encode_link(answer, answer=True, offer=tag)
    for text in (code, sig.qr_code(code), f"https://x.test/#answer={code}\n"):
        rebuilt = sig.read_code(text, answer=True, offer=tag)
        assert sig.from_sdp(rebuilt, answer=True) == sig.from_sdp(answer, answer=True)
    assert sig.unpack(sig.from_link(code)).offer == tag


@pytest.mark.parametrize("name", NAMES)
def test_an_answer_to_another_offer_or_to_none_is_refused_as_stale(name: str) -> None:
    offer, answer = SAMPLES[name]["offer"], SAMPLES[name]["answer"]
    tag = sig.sdp_tag(offer)
    older = sig.encode_link(answer, answer=True, offer=sig.sdp_tag(other_offer(offer)))
    untagged = sig.encode_link(answer, answer=True)  # (a page from before the tags)
    for code in (older, sig.qr_code(older), untagged, sig.qr_code(untagged)):
        with pytest.raises(sig.SignalError) as e:
            sig.read_code(code, answer=True, offer=tag)
        assert e.value.reason == "stale"
        assert words.code_refusal("stale", answer=True) == "remote-code-stale"


def test_an_offer_carries_no_tag() -> None:
    offer = sig.from_sdp(SAMPLES["lan"]["offer"], answer=False)
    with pytest.raises(sig.SignalError):
        sig.pack(dataclasses.replace(offer, offer=b"ab"))
    data = bytearray(sig.pack(offer)[:-2])
    data[0] |= 4
    data[1:1] = b"ab"
    data += sig.binascii.crc_hqx(bytes(data), 0xFFFF).to_bytes(2, "big")
    with pytest.raises(sig.SignalError) as e:
        sig.unpack(bytes(data))
    assert e.value.reason == "field"


@pytest.mark.parametrize("name", NAMES)
def test_the_tag_costs_three_characters_and_no_larger_qr_code(name: str) -> None:
    offer, answer = SAMPLES[name]["offer"], SAMPLES[name]["answer"]
    before = sig.encode_link(answer, answer=True)
    after = sig.encode_link(answer, answer=True, offer=sig.sdp_tag(offer))
    assert len(after) - len(before) <= 3
    assert len(sig.qr_code(after)) - len(sig.qr_code(before)) <= 3

    def version(text: str) -> object:
        return segno.make_qr(text, error="M", boost_error=False).version

    assert version(sig.qr_code(after)) == version(sig.qr_code(before))


def test_the_stale_sentence_is_translated_and_names_no_code() -> None:
    translated(["remote-code-stale", "remote-host-no-connection", "remote-new-link"])
    assert message("remote-code-stale").startswith("This answer is for an older link.")
    i18n.set_language("fr")
    try:
        assert message("remote-code-stale").startswith("Cette réponse est pour un ancien")
    finally:
        i18n.set_language("en")


def test_a_card_gives_up_an_answer_that_has_not_connected_on_the_rooms_clock() -> None:
    now = [100.0]
    table = Table.new(Settings(seats=["human", "human"], names=["", ""]), seed=3)
    room = HostRoom(table, [1], clock=lambda: now[0])
    applied = room.clock()
    after = words.HOST_GIVES_UP_AFTER
    assert words.host_waiting(applied, room.clock(), opened=False) is None
    now[0] += after - 0.5
    assert words.host_waiting(applied, room.clock(), opened=False) is None
    now[0] += 0.5
    assert words.host_waiting(applied, room.clock(), opened=False) == \
        "remote-host-no-connection"
    assert words.host_waiting(applied, room.clock() + 999, opened=True) is None
    assert "new link" in message("remote-host-no-connection")


@pytest.mark.parametrize(("card", "link", "offered"), [
    ("connecting", "answered", True),    # an answer applied, not connected yet
    ("connecting", "open", True),        # the channel open, the phone not seated yet
    ("waiting", "closed", True),         # its connection closed
    ("away", "answered", True),
    ("waiting", "offered", False),       # a fresh link: nothing to renew
    ("away", "offered", False),
    ("connected", "open", False),        # a phone seated through it
    ("making", "new", False),
    ("waiting", "", False),              # no link (the game ended)
])
def test_a_card_whose_link_was_used_offers_a_new_one(card: str, link: str,
                                                      offered: bool) -> None:
    assert words.offers_new_link(card, link) is offered


@pytest.mark.parametrize("language", ["en", "fr", "nl", "tr"])
def test_an_answered_link_points_to_new_link_not_to_freeing_a_seat(language: str) -> None:
    """The link answered by another phone (the seat free: no "Free this seat" to press):
    the sentence quotes the card's own "New link" button, in each language."""
    i18n.set_language(language)
    try:
        said = message(words.code_refusal("answered", answer=True))
        assert message("remote-new-link") in said and "{" not in said
        assert message("remote-free") not in said
    finally:
        i18n.set_language("en")
