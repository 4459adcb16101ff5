"""The signalling codec (:mod:`seasalt.web.remote.signal`): real Chromium offers and
answers reduced to short codes and rebuilt; every bad code refused with a reason."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from seasalt.web.remote import signal as sig
from seasalt.web.remote.signal import Candidate, Signal, SignalError

SAMPLES = json.loads((Path(__file__).parents[1] / "fixtures" / "remote" /
                      "chromium-sdp.json").read_text())
CASES = [(name, kind) for name in ("lan", "loopback", "mdns") for kind in ("offer", "answer")]


@pytest.mark.parametrize(("name", "kind"), CASES)
def test_a_chromium_sdp_round_trips_through_a_short_code(name: str, kind: str) -> None:
    sdp = SAMPLES[name][kind]
    answer = kind == "answer"
    signal = sig.from_sdp(sdp, answer=answer)
    code = sig.encode_qr(sdp, answer=answer)
    assert len(code) <= 152 and set(code) <= set(sig.B36)
    rebuilt = sig.decode_qr(code, answer=answer)
    assert sig.from_sdp(rebuilt, answer=answer) == signal
    for key in ("ice-ufrag", "ice-pwd", "fingerprint", "setup"):  # what ICE and DTLS need
        line = next(x for x in sdp.splitlines() if x.startswith(f"a={key}:"))
        assert line.upper() in rebuilt.upper()
    link = sig.to_link(sig.from_qr(code))
    assert sig.unpack(sig.from_link(link)) == signal and len(link) < 150


def test_the_lan_offer_keeps_its_host_candidates() -> None:
    signal = sig.from_sdp(SAMPLES["lan"]["offer"], answer=False)
    assert [c.address for c in signal.candidates] == ["192.0.2.2"]  # its IPv6 one dropped
    assert signal.role == "actpass" and len(signal.fingerprint) == 32
    names = sig.from_sdp(SAMPLES["mdns"]["offer"], answer=False).candidates
    assert all(c.address.endswith(".local") for c in names)


def test_ipv6_is_kept_only_without_ipv4() -> None:
    v4, v6 = sig.Candidate("192.0.2.2", 5000), sig.Candidate("fd00::2", 5001)
    name = sig.Candidate("3f2a7c1e-9b4d-4e8a-a1c2-5d6e7f809102.local", 5002)
    assert sig.reachable([v6, v4, name, v4]) == (v4, name)
    assert sig.reachable([v6, name]) == (v6, name)  # no IPv4: IPv6 is all there is
    offer = SAMPLES["lan"]["offer"]
    only_v6 = "\r\n".join(x for x in offer.split("\r\n") if "192.0.2.2 55414" not in x)
    assert [c.address for c in sig.from_sdp(only_v6, answer=False).candidates] == ["fd00::2"]


def test_base36_round_trips_any_bytes_that_do_not_start_with_zero() -> None:
    for data in (b"\x01", b"\x10\x00\x00", bytes(range(1, 200)), b"\xff" * 100):
        code = sig.to_qr(data)
        assert set(code) <= set(sig.B36) and sig.from_qr(code) == data


@pytest.mark.parametrize("name", ["lan", "mdns"])
def test_the_hosts_qr_code_is_a_link_whose_code_is_base36(name: str) -> None:
    sdp = SAMPLES[name]["offer"]
    link_code = sig.encode_link(sdp, answer=False)
    text = sig.qr_link("https://example.org/seasalt/", link_code)
    site, code = text.split("#" + sig.JOIN)
    assert site == "https://example.org/seasalt/" and set(code) <= set(sig.B36)
    assert code == sig.qr_code(link_code) == sig.encode_qr(sdp, answer=False)
    assert sig.read_code(text, answer=False) == sig.read_code(link_code, answer=False)


def test_an_offer_is_not_taken_for_an_answer() -> None:
    code = sig.encode_qr(SAMPLES["lan"]["offer"], answer=False)
    with pytest.raises(SignalError) as e:
        sig.decode_qr(code, answer=True)
    assert e.value.reason == "kind"


SRFLX = ("a=candidate:9 1 udp 1686052607 203.0.113.7 40000 typ srflx raddr 0.0.0.0 "
         "rport 0 generation 0")


def with_line(sdp: str, line: str) -> str:
    return sdp.replace("a=ice-ufrag", line + "\r\na=ice-ufrag", 1)


def test_a_reflexive_candidate_needs_the_stun_opt_in() -> None:
    sdp = with_line(SAMPLES["lan"]["offer"], SRFLX)
    with pytest.raises(SignalError) as e:
        sig.from_sdp(sdp, answer=False)
    assert e.value.reason == "not-host"
    code = sig.encode_qr(sdp, answer=False, stun=True)
    with pytest.raises(SignalError) as e:
        sig.decode_qr(code, answer=False)
    assert e.value.reason == "not-host"
    assert "typ srflx" in sig.decode_qr(code, answer=False, stun=True)
    relay = SRFLX.replace("srflx", "relay")
    with pytest.raises(SignalError):
        sig.from_sdp(with_line(SAMPLES["lan"]["offer"], relay), answer=False, stun=True)


def test_tcp_candidates_are_left_out() -> None:
    tcp = "a=candidate:7 1 tcp 1518280447 192.0.2.2 9 typ host tcptype active generation 0"
    signal = sig.from_sdp(with_line(SAMPLES["lan"]["offer"], tcp), answer=False)
    assert len(signal.candidates) == 1  # its UDP IPv4 one


@pytest.mark.parametrize(("sdp", "reason"), [
    ("", "sdp"),
    ("v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n", "sdp"),
    (SAMPLES["lan"]["offer"].replace("sha-256", "sha-1"), "sdp"),
    (SAMPLES["lan"]["offer"].replace("a=mid:0", "a=mid:data"), "sdp"),
    (SAMPLES["lan"]["offer"].replace("a=setup:actpass", "a=setup:active"), "field"),
    (SAMPLES["lan"]["offer"].replace("a=ice-pwd:", "a=ice-pwd:!"), "field"),
    (SAMPLES["lan"]["offer"].replace("192.0.2.2", "printer.example"), "field"),
])
def test_an_sdp_that_cannot_be_reduced_says_why(sdp: str, reason: str) -> None:
    with pytest.raises(SignalError) as e:
        sig.from_sdp(sdp, answer=False)
    assert e.value.reason == reason


OFFER = sig.pack(sig.from_sdp(SAMPLES["lan"]["offer"], answer=False))


@pytest.mark.parametrize(("text", "reason"), [
    ("", "empty"), ("   ", "empty"), ("A" * 2000, "too-long"),
    ("abc", "characters"), ("ÄÖÜ", "characters"), ("A-B", "characters"),
    ("A B", "characters"), ("A", "truncated"), ("0", "truncated"),
    (sig.to_qr(OFFER[:-5]), "checksum"),
    (sig.to_qr(OFFER[:2]), "truncated"),
    (sig.to_qr(bytes([OFFER[0] ^ 0x10]) + OFFER[1:]), "checksum"),
])
def test_a_bad_code_says_why(text: str, reason: str) -> None:
    with pytest.raises(SignalError) as e:
        sig.unpack(sig.from_qr(text))
    assert e.value.reason == reason


def resealed(body: bytes) -> bytes:
    import binascii
    return body + binascii.crc_hqx(body, 0xFFFF).to_bytes(2, "big")


def test_a_code_of_another_version_or_cut_short_is_refused() -> None:
    body = OFFER[:-2]
    for data, reason in [(resealed(bytes([0x20 | body[0] & 15]) + body[1:]), "version"),
                         (resealed(body[:-3]), "truncated"),
                         (resealed(body + b"\0"), "truncated"),
                         (resealed(bytes([body[0] | 3]) + body[1:]), "field")]:
        with pytest.raises(SignalError) as e:
            sig.unpack(data)
        assert e.value.reason == reason


ICE = st.text(sig.ICE_CHARS, min_size=4, max_size=64)
ADDRESSES = st.one_of(
    st.ip_addresses().map(str),
    st.uuids().map(lambda u: f"{u}.local"))
SIGNALS = st.builds(
    lambda answer, role, ufrag, pwd, fp, cands: Signal(
        answer, "actpass" if not answer else role, ufrag, pwd, fp, tuple(cands)),
    st.booleans(), st.sampled_from(["active", "passive"]), ICE,
    st.text(sig.ICE_CHARS, min_size=22, max_size=64), st.binary(min_size=32, max_size=32),
    st.lists(st.builds(Candidate, ADDRESSES, st.integers(1, 65535), st.booleans()),
             max_size=sig.MAX_CANDIDATES))


@given(SIGNALS)
def test_any_signal_round_trips(signal: Signal) -> None:
    data = sig.pack(signal)
    assert sig.unpack(sig.from_qr(sig.to_qr(data)), stun=True) == signal
    assert sig.unpack(sig.from_link(sig.to_link(data)), stun=True) == signal
    rebuilt = sig.from_sdp(sig.to_sdp(signal), answer=signal.answer, stun=True)
    assert rebuilt == Signal(signal.answer, signal.role, signal.ufrag, signal.pwd,
                             signal.fingerprint, sig.reachable(list(signal.candidates)))


@given(st.text(max_size=300))
def test_garbage_text_raises_only_the_codecs_error(text: str) -> None:
    for read in (sig.from_qr, sig.from_link):
        with contextlib.suppress(SignalError):
            sig.unpack(read(text), stun=True)


@given(st.binary(max_size=200))
def test_garbage_bytes_raise_only_the_codecs_error(data: bytes) -> None:
    for blob in (data, resealed(data)):
        with contextlib.suppress(SignalError):
            sig.unpack(blob, stun=True)


@given(st.text(max_size=400))
def test_garbage_sdp_raises_only_the_codecs_error(text: str) -> None:
    with contextlib.suppress(SignalError):
        sig.from_sdp(text, answer=False, stun=True)
