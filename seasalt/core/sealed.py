"""A game record kept out of sight at rest: what a glance at a save must not tell.

A record holds the seed and every action: replayed, it deals every hand and the next
draws, and some actions name hidden cards (``keep:12:1``). Against bots on one's own
device that does not matter; with several people at one device (hot seat), or an
unfinished game's file sent to a friend, it tells one player the other's hand. A
sealed record is the record's JSON, compressed (zlib) and mixed with a keystream drawn
from a key of its own (SHA-256 of the key and a counter), in base64::

    {"format": "seasalt-sealed", "version": 1, "key": "<base64, 16 bytes>",
     "data": "<base64>"}

The key travels with it: anyone who debugs their own browser can open it, but no one
reads a hand off the file by looking at it. :func:`seal` makes one (a new key each
time), :func:`unseal` reads one back, within limits (the compressed size and the
inflated text are both bounded, so a small file cannot inflate into gigabytes).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import os
import zlib
from collections.abc import Mapping
from typing import Any

from seasalt.core import safejson
from seasalt.core.errors import InvalidRecordError

FORMAT = "seasalt-sealed"
VERSION = 1
#: Bytes of a key.
KEY_BYTES = 16
#: The longest inflated text (a record's JSON) and its deepest nesting.
MAX_TEXT_CHARS = 4_000_000
MAX_DEPTH = 24


def _stream(key: bytes, size: int) -> bytes:
    """``size`` bytes of keystream: SHA-256 of the key and a block counter."""
    blocks = (size + 31) // 32
    return b"".join(hashlib.sha256(key + i.to_bytes(8, "big")).digest()
                    for i in range(blocks))[:size]


def _mix(data: bytes, key: bytes) -> bytes:
    """``data`` XOR the keystream (its own inverse), as one big-integer operation."""
    if not data:
        return b""
    stream = _stream(key, len(data))
    value = int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")
    return value.to_bytes(len(data), "big")


def is_sealed(data: object) -> bool:
    """Whether ``data`` is a sealed record (its format says so)."""
    return isinstance(data, Mapping) and data.get("format") == FORMAT


def seal(record: Mapping[str, Any], key: bytes | None = None) -> dict[str, Any]:
    """A record dict (``GameRecord.to_dict()``) sealed, JSON-ready.

    Args:
        record: the record as plain data.
        key: the key (:data:`KEY_BYTES` bytes); default a new random one.
    """
    key = os.urandom(KEY_BYTES) if key is None else key
    packed = zlib.compress(json.dumps(record, separators=(",", ":")).encode("utf-8"), 6)
    return {"format": FORMAT, "version": VERSION,
            "key": base64.b64encode(key).decode("ascii"),
            "data": base64.b64encode(_mix(packed, key)).decode("ascii")}


def unseal(data: object) -> Any:
    """The record dict a sealed record holds (plain data, for ``GameRecord.from_dict``).

    Raises:
        InvalidRecordError: not a sealed record, other fields, another version, a bad
            key or data,
            data that does not inflate, inflates beyond :data:`MAX_TEXT_CHARS`, or is
            not JSON within :data:`MAX_DEPTH` levels.
    """
    if not is_sealed(data):
        raise InvalidRecordError("not a sealed record")
    assert isinstance(data, Mapping)
    if set(data) != {"format", "version", "key", "data"}:
        raise InvalidRecordError("a sealed record has exactly the fields format, version, "
                                 "key and data")
    if data.get("version") != VERSION:
        raise InvalidRecordError(f"unsupported sealed record version "
                                 f"{safejson.shown(data.get('version'))}")
    key_text, body = data.get("key"), data.get("data")
    if not isinstance(key_text, str) or not isinstance(body, str) or (
            len(body) > 2 * MAX_TEXT_CHARS):
        raise InvalidRecordError("the sealed record has no key or no data")
    try:
        key = base64.b64decode(key_text, validate=True)
        packed = _mix(base64.b64decode(body, validate=True), key)
    except (binascii.Error, ValueError):
        raise InvalidRecordError("the sealed record is not base64") from None
    if len(key) != KEY_BYTES:
        raise InvalidRecordError("the sealed record's key is not a key")
    inflate = zlib.decompressobj()
    try:
        raw = inflate.decompress(packed, MAX_TEXT_CHARS + 1)
    except zlib.error:
        raise InvalidRecordError("the sealed record does not open (damaged)") from None
    if len(raw) > MAX_TEXT_CHARS or inflate.unconsumed_tail:
        raise InvalidRecordError("the sealed record is too long")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidRecordError("the sealed record does not open (damaged)") from None
    return safejson.loads(text, max_chars=MAX_TEXT_CHARS, max_depth=MAX_DEPTH,
                          error=InvalidRecordError, what="the sealed record")
