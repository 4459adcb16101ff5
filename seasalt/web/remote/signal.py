"""The WebRTC offer and answer as a short code, for a QR code or a link, and back.

Signalling is done by hand (no server): the host shows its offer as a QR code, the
guest scans it and shows its answer, the host scans that. A browser's SDP for a data
channel is ~600 characters; all a data channel needs of it is kept (:class:`Signal`):
the ICE user fragment and password, the DTLS certificate's SHA-256 fingerprint, the
DTLS role, and the UDP candidates: host candidates (an IPv4 or IPv6 address, or the
``<uuid>.local`` name a browser hides its address behind), and server-reflexive ones
only when the host opted in to STUN. An IPv6 host candidate is left out when the
SDP has an IPv4 one (phones on one Wi-Fi or hotspot reach each other over IPv4; an
IPv6 address costs 19 bytes). That is packed in bytes (:func:`pack`) and written in
base36, digits and capital letters only (:func:`to_qr`): a QR code's alphanumeric
mode stores them in 5.5 bits a character, and they need no escaping in a link, so the
host's QR code can still be a link a phone's camera app opens (:func:`qr_link`: the
site's address and ``#join=`` in the code's byte mode, then the base36 code in its
alphanumeric mode). A link to copy carries base64url instead (:func:`to_link`). The
other side rebuilds a valid SDP (:func:`to_sdp`) that its browser accepts.

The bytes (all numbers big-endian)::

    0     version (high 4 bits, 1) | kind (bit 3: 1 answer) | tagged (bit 2: an
          answer that names its offer) | role (bits 0-1)
    (1)   an answer's 2 bytes of its offer's tag (:func:`offer_tag`), when tagged
    1     ufrag length n (characters), then ceil(n*6/8) bytes: 6 bits a character
    ...   password length, then its characters the same way
    ...   32 bytes: the fingerprint
    ...   candidate count, then each: 1 byte of type (bits 0-1: 0 IPv4, 1 IPv6,
          2 mDNS name; bit 2: server-reflexive), the address (4, 16, or the 16 bytes
          of the name's UUID), 2 bytes of port
    last  2 bytes: CRC-16 (CCITT) of everything before

A typical offer with one IPv4 candidate is 66 bytes: 101 base36 characters, 88 of
base64url; an answer carries its offer's tag, 2 bytes more (3 characters of either),
so that the host refuses an answer made for another offer (an older link of the seat,
another seat's, another table's: ``stale``) before touching its connection. The bytes
are random (keys, addresses): compressing them gains nothing.
Anything that does not read raises :class:`SignalError` with a reason code.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import ipaddress
import re
import uuid
from dataclasses import dataclass, replace

#: The code's format version.
VERSION = 1
#: DTLS roles (``a=setup``), by their number in the code.
ROLES = ("actpass", "active", "passive")
#: ICE characters (RFC 8839 ``ice-char``), by their 6-bit number.
ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
#: The QR code's text's alphabet (base36: a QR code's alphanumeric mode holds it, a
#: link's fragment needs no escape for it).
B36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: The most candidates a code carries, and the longest user fragment and password.
MAX_CANDIDATES, MAX_ICE = 8, 64
#: The longest code read (characters).
MAX_CODE = 1_000
#: The bytes of an offer's tag an answer carries (:func:`offer_tag`).
TAG_BYTES = 2
#: Why a code or an SDP was refused (:attr:`SignalError.reason`): ``kind`` is an offer
#: where an answer is expected or the other way round; ``answered`` (the page's link) a
#: host's offer that another answer was given to already; ``stale`` an answer made for
#: another offer than the one expected, or that names none (an older site's).
REASONS = ("empty", "too-long", "characters", "truncated", "checksum", "version",
           "not-host", "sdp", "field", "kind", "answered", "stale")

_MDNS = re.compile(r"^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.local$")
_IPV4, _IPV6, _NAME, _SRFLX = 0, 1, 2, 4
_TAGGED = 4  # the first byte's bit: an answer that carries its offer's tag


class SignalError(ValueError):
    """An SDP that cannot be reduced, or a code that does not read; ``reason`` is one of
    :data:`REASONS`."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason


@dataclass(frozen=True)
class Candidate:
    """A UDP candidate: ``address`` (an IPv4 or IPv6 address in its usual text, or a
    ``<uuid>.local`` name), ``port`` (1-65535), ``reflexive`` (server-reflexive: found
    through STUN; else a host candidate)."""

    address: str
    port: int
    reflexive: bool = False


@dataclass(frozen=True)
class Signal:
    """What a data channel needs of an offer or answer.

    Attributes:
        answer: an answer (else an offer).
        role: the DTLS role, one of :data:`ROLES` (an offer's is ``actpass``).
        ufrag, pwd: the ICE user fragment (4-64 ICE characters) and password (22-64).
        fingerprint: the certificate's SHA-256 digest, 32 bytes.
        candidates: at most :data:`MAX_CANDIDATES`.
        offer: an answer's offer's tag (:func:`offer_tag`, :data:`TAG_BYTES`), or
            ``b""`` (an offer; an answer that names no offer).
    """

    answer: bool
    role: str
    ufrag: str
    pwd: str
    fingerprint: bytes
    candidates: tuple[Candidate, ...]
    offer: bytes = b""


def offer_tag(signal: Signal) -> bytes:
    """The :data:`TAG_BYTES` bytes that name the offer ``signal``: the start of the
    SHA-256 of its ICE user fragment and its certificate's fingerprint (both new with
    each connection a browser makes, so each link of a seat has its own)."""
    return hashlib.sha256(signal.ufrag.encode() + b"/" + signal.fingerprint).digest()[:TAG_BYTES]


# ------------------------------------------------------------------ SDP


def from_sdp(sdp: str, *, answer: bool, stun: bool = False) -> Signal:
    """Reduce a browser's SDP (one data channel, ``a=mid:0``) to a :class:`Signal`.

    TCP candidates are left out (the data channel runs over UDP); relay candidates
    always, server-reflexive ones unless ``stun``.

    Raises:
        SignalError: ``sdp`` (a line is missing or of another form: no data channel,
            no SHA-256 fingerprint, another mid), ``field`` (a value out of range),
            ``not-host`` (a reflexive or relay candidate without ``stun``).
    """
    attrs: dict[str, str] = {}
    candidates: list[Candidate] = []
    media = 0
    for line in sdp.splitlines():
        if line.startswith("m="):
            media += 1
            if not line.startswith("m=application ") or "webrtc-datachannel" not in line:
                raise SignalError("sdp", "not a data channel")
        elif line.startswith("a=candidate:"):
            c = _candidate(line[len("a=candidate:"):], stun)
            if c is not None:
                candidates.append(c)
        elif line.startswith("a=") and ":" in line:
            key, _, value = line[2:].partition(":")
            attrs.setdefault(key, value)
    if media != 1 or attrs.get("mid") != "0":
        raise SignalError("sdp", "one data channel of mid 0 expected")
    algorithm, _, digest = attrs.get("fingerprint", "").partition(" ")
    if algorithm.lower() != "sha-256":
        raise SignalError("sdp", "no SHA-256 fingerprint")
    try:
        fingerprint = bytes.fromhex(digest.replace(":", ""))
    except ValueError:
        raise SignalError("sdp", "a fingerprint that is not hexadecimal") from None
    signal = Signal(answer, attrs.get("setup", ""), attrs.get("ice-ufrag", ""),
                    attrs.get("ice-pwd", ""), fingerprint, reachable(candidates))
    check(signal)
    return signal


def reachable(candidates: list[Candidate]) -> tuple[Candidate, ...]:
    """The candidates a code carries: each once, in their order, without the IPv6
    addresses when there is an IPv4 one (two devices on one Wi-Fi or hotspot reach each
    other over IPv4; an IPv6 candidate would make the code 19 bytes longer). ``.local``
    names are all kept: which address family a name hides is unknown."""
    unique = list(dict.fromkeys(candidates))
    if any(_family(c.address) == 4 for c in unique):
        unique = [c for c in unique if _family(c.address) != 6]
    return tuple(unique)


def _family(address: str) -> int:
    """4 or 6 for an IP address, 0 for anything else (a ``.local`` name)."""
    try:
        return ipaddress.ip_address(address).version
    except ValueError:
        return 0


def _candidate(text: str, stun: bool) -> Candidate | None:
    """One ``a=candidate`` line's value: a UDP candidate, or ``None`` (TCP; a second
    component)."""
    parts = text.split()
    if len(parts) < 8 or parts[6] != "typ":
        raise SignalError("sdp", "a candidate line of another form")
    if parts[2].lower() != "udp" or parts[1] != "1":
        return None
    kind = parts[7]
    if kind not in ("host", "srflx") or (kind == "srflx" and not stun):
        raise SignalError("not-host", kind)
    if not parts[5].isdigit():
        raise SignalError("field", "a candidate's port")
    return Candidate(parts[4], int(parts[5]), kind == "srflx")


def to_sdp(signal: Signal, *, session: int = 1) -> str:
    """A valid SDP for ``signal``, as a browser writes one for a data channel (SCTP
    port 5000, messages up to 262,144 bytes), for ``setRemoteDescription``."""
    check(signal)
    fingerprint = ":".join(f"{b:02X}" for b in signal.fingerprint)
    lines = ["v=0", f"o=- {session} 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0",
             "a=extmap-allow-mixed", "a=msid-semantic: WMS",
             "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0"]
    for i, c in enumerate(signal.candidates):
        kind = 100 if c.reflexive else 126
        priority = (kind << 24) | ((65535 - i) << 8) | 255
        extra = " raddr 0.0.0.0 rport 0" if c.reflexive else ""
        lines.append(f"a=candidate:{i + 1} 1 udp {priority} {c.address} {c.port} typ "
                     f"{'srflx' if c.reflexive else 'host'}{extra} generation 0")
    lines += [f"a=ice-ufrag:{signal.ufrag}", f"a=ice-pwd:{signal.pwd}",
              "a=ice-options:trickle", f"a=fingerprint:sha-256 {fingerprint}",
              f"a=setup:{signal.role}", "a=mid:0", "a=sctp-port:5000",
              "a=max-message-size:262144"]
    return "\r\n".join(lines) + "\r\n"


def check(signal: Signal) -> None:
    """Raise ``SignalError("field")`` unless every field of ``signal`` is in range."""
    ice = set(ICE_CHARS)
    problems = [
        (signal.role not in ROLES or (signal.role == "actpass") == signal.answer, "role"),
        (not 4 <= len(signal.ufrag) <= MAX_ICE or not set(signal.ufrag) <= ice, "ufrag"),
        (not 22 <= len(signal.pwd) <= MAX_ICE or not set(signal.pwd) <= ice, "pwd"),
        (len(signal.fingerprint) != 32, "fingerprint"),
        (len(signal.candidates) > MAX_CANDIDATES, "candidates"),
        (len(signal.offer) not in (0, TAG_BYTES) or (signal.offer and not signal.answer),
         "offer"),
    ]
    for c in signal.candidates:
        problems.append((not 0 < c.port < 65536, "port"))
        try:
            _address(c.address)
        except SignalError:
            problems.append((True, "address"))
    for bad, what in problems:
        if bad:
            raise SignalError("field", what)


def _address(address: str) -> tuple[int, bytes]:
    """An address's type and bytes (:data:`_IPV4`, :data:`_IPV6` or :data:`_NAME`)."""
    name = _MDNS.match(address)
    if name:
        return _NAME, uuid.UUID(name.group(1)).bytes
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        raise SignalError("field", "an address") from None
    return (_IPV4 if ip.version == 4 else _IPV6), ip.packed


# ------------------------------------------------------------------ bytes


def pack(signal: Signal) -> bytes:
    """``signal`` in bytes (the layout in this module's text), with its checksum.

    Raises:
        SignalError: ``field`` (see :func:`check`).
    """
    check(signal)
    out = bytearray([VERSION << 4 | signal.answer << 3 | bool(signal.offer) << 2
                     | ROLES.index(signal.role)]) + signal.offer
    for text in (signal.ufrag, signal.pwd):
        out += bytes([len(text)]) + _sixes(text)
    out += signal.fingerprint + bytes([len(signal.candidates)])
    for c in signal.candidates:
        kind, raw = _address(c.address)
        out += bytes([kind | (_SRFLX if c.reflexive else 0)]) + raw + c.port.to_bytes(2, "big")
    return bytes(out) + binascii.crc_hqx(bytes(out), 0xFFFF).to_bytes(2, "big")


def unpack(data: bytes, *, stun: bool = False) -> Signal:
    """The :class:`Signal` packed in ``data``.

    Raises:
        SignalError: ``truncated`` (too short or too long for what it says),
            ``checksum``, ``version``, ``not-host`` (a reflexive candidate without
            ``stun``), ``field``.
    """
    if len(data) < 3:
        raise SignalError("truncated")
    body, crc = data[:-2], int.from_bytes(data[-2:], "big")
    if binascii.crc_hqx(body, 0xFFFF) != crc:
        raise SignalError("checksum")
    reader = _Reader(body)
    head = reader.take(1)[0]
    if head >> 4 != VERSION:
        raise SignalError("version", str(head >> 4))
    if head & 3 >= len(ROLES):
        raise SignalError("field", "role")
    if head & _TAGGED and not head & 8:
        raise SignalError("field", "an offer's tag in an offer")
    tag = reader.take(TAG_BYTES) if head & _TAGGED else b""
    ufrag, pwd = reader.ice(), reader.ice()
    fingerprint = reader.take(32)
    candidates = []
    for _ in range(reader.take(1)[0]):
        kind = reader.take(1)[0]
        if kind & ~(_SRFLX | 3) or kind & 3 == 3:
            raise SignalError("field", "a candidate's type")
        if kind & _SRFLX and not stun:
            raise SignalError("not-host", "srflx")
        raw = reader.take(4 if kind & 3 == _IPV4 else 16)
        address = (f"{uuid.UUID(bytes=raw)}.local" if kind & 3 == _NAME
                   else str(ipaddress.ip_address(raw)))
        candidates.append(Candidate(address, int.from_bytes(reader.take(2), "big"),
                                    bool(kind & _SRFLX)))
    if reader.rest():
        raise SignalError("truncated", "bytes after the last candidate")
    signal = Signal(bool(head & 8), ROLES[head & 3], ufrag, pwd, fingerprint,
                    tuple(candidates), tag)
    check(signal)
    return signal


def _sixes(text: str) -> bytes:
    """ICE characters at 6 bits each, padded with zero bits to whole bytes."""
    bits = 0
    for ch in text:
        bits = bits << 6 | ICE_CHARS.index(ch)
    pad = -len(text) * 6 % 8
    return (bits << pad).to_bytes((len(text) * 6 + pad) // 8, "big")


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise SignalError("truncated")
        self.at += n
        return self.data[self.at - n:self.at]

    def ice(self) -> str:
        n = self.take(1)[0]
        if not 0 < n <= MAX_ICE:
            raise SignalError("field", "an ICE text's length")
        pad = -n * 6 % 8
        bits = int.from_bytes(self.take((n * 6 + pad) // 8), "big") >> pad
        return "".join(ICE_CHARS[bits >> (6 * (n - 1 - i)) & 63] for i in range(n))

    def rest(self) -> int:
        return len(self.data) - self.at


# ------------------------------------------------------------------ text


def to_qr(data: bytes) -> str:
    """``data`` (:func:`pack`'s, whose first byte is never 0) in base36: the number the
    bytes make, big-endian, in digits and capital letters (:data:`B36`)."""
    n, out = int.from_bytes(data, "big"), []
    while n:
        n, digit = divmod(n, 36)
        out.append(B36[digit])
    return "".join(reversed(out)) or "0"


def from_qr(text: str) -> bytes:
    """The bytes of a base36 text (:func:`to_qr`).

    Raises:
        SignalError: ``empty``, ``too-long``, ``characters`` (outside :data:`B36`).
    """
    text = _cleaned(text)
    if not set(text) <= set(B36):
        raise SignalError("characters")
    n = int(text, 36)
    return n.to_bytes(max(1, (n.bit_length() + 7) // 8), "big")


def to_link(data: bytes) -> str:
    """``data`` in base64url without padding (for a link's ``#`` fragment)."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def from_link(text: str) -> bytes:
    """The bytes of a base64url text (:func:`to_link`).

    Raises:
        SignalError: ``empty``, ``too-long``, ``characters``.
    """
    text = _cleaned(text)
    if len(text) % 4 == 1 or not re.fullmatch(r"[A-Za-z0-9_-]+", text):
        raise SignalError("characters")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _cleaned(text: object, keep: str = "") -> str:
    """``text`` without the white space around it (but the characters of ``keep``)."""
    if not isinstance(text, str) or not text.strip():
        raise SignalError("empty")
    if len(text) > MAX_CODE:
        raise SignalError("too-long")
    return text.strip("".join(ch for ch in " \t\n\r\f\v" if ch not in keep))


def encode_qr(sdp: str, *, answer: bool, stun: bool = False) -> str:
    """A browser's SDP as a QR code's text (:func:`from_sdp`, :func:`pack`,
    :func:`to_qr`)."""
    return to_qr(pack(from_sdp(sdp, answer=answer, stun=stun)))


def decode_qr(text: str, *, answer: bool, stun: bool = False) -> str:
    """The SDP a QR code's text (:func:`encode_qr`) stands for.

    Raises:
        SignalError: the text does not read, or is an offer where an answer is
            expected (``kind``) or the other way round.
    """
    signal = unpack(from_qr(text), stun=stun)
    if signal.answer != answer:
        raise SignalError("kind", "an answer where an offer is expected" if signal.answer
                          else "an offer where an answer is expected")
    return to_sdp(signal)


#: The link fragments that carry a code: the host's offer (``#join=``) and a guest's
#: answer (``#answer=``), after the site's address.
JOIN, ANSWER = "join=", "answer="


def qr_code(link_code: str) -> str:
    """A link's code (:func:`encode_link`'s base64url) as a QR code's text (base36,
    :func:`to_qr`): what a friend's answer QR code shows, for the host's camera.

    Raises:
        SignalError: ``link_code`` does not read (see :func:`from_link`).
    """
    return to_qr(from_link(link_code))


def qr_link(site: str, link_code: str) -> str:
    """The host's offer as a QR code's text that is still a link: ``site`` (the page's
    address, without fragment), ``#join=``, and the code in base36 (:func:`qr_code`).
    A QR code holds the base36 part in its alphanumeric mode (``page/qr_draw.py``); a
    phone's camera app opens the link, and the page reads the code (:func:`read_code`).

    Raises:
        SignalError: ``link_code`` does not read (see :func:`from_link`).
    """
    return f"{site}#{JOIN}{qr_code(link_code)}"


def encode_link(sdp: str, *, answer: bool, stun: bool = False, offer: bytes = b"") -> str:
    """A browser's SDP as a link's code (base64url: :func:`to_link`), ~115 characters
    for an offer with one candidate; an answer names its offer by ``offer``
    (:func:`sdp_tag` of the offer's SDP)."""
    signal = from_sdp(sdp, answer=answer, stun=stun)
    return to_link(pack(replace(signal, offer=offer)))


def sdp_tag(sdp: str, *, stun: bool = False) -> bytes:
    """The tag (:func:`offer_tag`) of the offer whose SDP is ``sdp`` (the host's own
    offer, or the one a friend's device rebuilt from the host's link).

    Raises:
        SignalError: see :func:`from_sdp`.
    """
    return offer_tag(from_sdp(sdp, answer=False, stun=stun))


def read_code(text: object, *, answer: bool, stun: bool = False,
              offer: bytes | None = None) -> str:
    """The SDP a code stands for, however the player brought it: a whole link
    (``https://…/#join=CODE`` or ``…#answer=CODE``), the code alone in base64url
    (:func:`encode_link`), or a QR code's text in base36 (:func:`encode_qr`,
    :func:`qr_link`); spaces and line breaks around it (a paste) are ignored.

    Raises:
        SignalError: it does not read (``empty``, ``too-long``, ``characters``,
            ``truncated``, ``checksum``, ``version``), or is an offer where an answer is
            expected or the other way round (``kind``), or an answer whose offer is
            not ``offer`` (``stale``: made for an older link, another seat's or
            another table's; or one that names no offer), when ``offer`` is given.
    """
    code = _cleaned(text)
    for mark in (JOIN, ANSWER):
        if mark in code:
            code = code.rsplit(mark, 1)[1].split("&")[0].strip()
    if not code:
        raise SignalError("empty")
    signal = _unpack_code(code, stun)
    if signal.answer != answer:
        raise SignalError("kind", "an answer where an offer is expected" if signal.answer
                          else "an offer where an answer is expected")
    if answer and offer is not None and signal.offer != offer:
        raise SignalError("stale", "an answer to another offer" if signal.offer
                          else "an answer that names no offer")
    return to_sdp(signal)


def _unpack_code(code: str, stun: bool) -> Signal:
    """The signal of a code in base36 or base64url: base36 when it has only its
    characters (a base64url code of only digits and capitals, vanishingly rare, is
    read as base64url when base36 gives no signal: the checksum tells them apart)."""
    if set(code) <= set(B36):
        try:
            return unpack(from_qr(code), stun=stun)
        except SignalError:
            if len(code) % 4 == 1:  # no base64url has this length
                raise
    return unpack(from_link(code), stun=stun)
