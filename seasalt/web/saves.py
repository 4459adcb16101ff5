"""The page's save format: a game saved as JSON after every action (:data:`SAVE_FORMAT`,
versions 1 and 2), read back within limits and every field checked (:func:`read_save`),
or a plain or sealed game record exported from another device; what cannot be read is
a :class:`SaveError` saying why in a player's words. Also the saved games' ids and
export file names.

:class:`seasalt.web.table.Table` writes a save (:meth:`~seasalt.web.table.Table.save`)
and builds the game from what :func:`read_save` read
(:meth:`~seasalt.web.table.Table.load`).
"""

from __future__ import annotations

import base64
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from seasalt.core import safejson, sealed
from seasalt.core import table as driver
from seasalt.core.errors import InvalidRecordError
from seasalt.core.record import FORMAT as RECORD_FORMAT
from seasalt.core.record import VERSION as RECORD_VERSION
from seasalt.core.record import GameRecord
from seasalt.core.replay import read_record
from seasalt.i18n import N_, _
from seasalt.web.games import PAGE_GAMES, SettingsError, canonical_game
from seasalt.web.settings import HUMAN, SEAT_KINDS, SPEEDS

#: The page's save format (``Table.save``).
SAVE_FORMAT = "seasalt-save"
#: The save format's version written: 2 adds ``ack_round``, ``saved_at`` and ``over``,
#: and seals the record of an unfinished game with several people. Version 1 is still
#: read.
SAVE_VERSION = 2
#: The fields of a save, by version (any other field is refused).
SAVE_FIELDS: dict[int, frozenset[str]] = {
    1: frozenset({"format", "version", "kinds", "speed", "record"}),
    2: frozenset({"format", "version", "kinds", "speed", "record", "ack_round", "saved_at",
                  "over"}),
}
#: The longest save or game file read, in characters (a record of 100,000 actions, the
#: most one may hold, is about a megabyte), and the deepest nesting of its JSON.
MAX_SAVE_CHARS = 4_000_000
MAX_SAVE_DEPTH = 24
#: The latest time a save may carry (``saved_at``, milliseconds since 1970: the year 5138).
MAX_SAVED_AT = 10**14
#: Why a save or a game file cannot be read, by :attr:`SaveError.kind` (English source;
#: ``{fields}`` filled in): the reason :data:`MESSAGES` ``unreadable`` and ``bad-file``
#: give.
SAVE_PROBLEMS: dict[str, str] = {
    "damaged": N_("it is damaged ({detail})"),
    "version": N_("it was saved by a newer version of the page (save version {version}; "
                  "this page reads versions 1 to {latest})"),
    "record-version": N_("its game record is of version {version}; this page reads "
                         "version 1"),
    "move": N_("move {number} of its game is not possible at that point"),
    "game": N_("not a game this page can play: {game}"),
    "seats": N_("the saved game has bad seats"),
    "field": N_("a part of it is wrong ({detail})"),
    "file": N_("it holds no game ({detail})"),
    "crashed": N_("the page stopped while reading it"),
}

class SaveError(InvalidRecordError):
    """A save or a game file the page cannot read. The message, translated, says why in a
    player's words (:data:`SAVE_PROBLEMS`).

    Attributes:
        kind: a key of :data:`SAVE_PROBLEMS` (``damaged``: not JSON within the limits,
            or a version that is no whole number of a version that exists;
            ``version``: a save of a later version, a whole number above the latest;
            ``record-version``; ``move``: a move of the record is refused, ``index``
            its 0-based index; ``game``; ``seats``; ``field``: a field missing, of the
            wrong type or out of range; ``file``: no save nor record; ``crashed``:
            reading it stopped the page).
        detail: the engine's reason in English (cut short), for the curious.
    """

    def __init__(self, kind: str, detail: str = "", *, index: int | None = None,
                 **fields: Any) -> None:
        self.kind = kind
        self.detail = safejson.shown(detail, 120)[1:-1] if detail else ""
        text = _(SAVE_PROBLEMS[kind]).format(detail=self.detail, **fields)
        super().__init__(text, index=index)


class _Damaged(SaveError):
    """:class:`SaveError` ``damaged``, as :func:`seasalt.core.safejson.loads` raises it."""

    def __init__(self, detail: str) -> None:
        super().__init__("damaged", detail)


def save_problem(exc: BaseException) -> str:
    """Why a save cannot be read, in a sentence for the saved games' list: a
    :class:`SaveError`'s message, else the exception's text, cut short."""
    if isinstance(exc, SaveError):
        return str(exc)
    return _(SAVE_PROBLEMS["field"]).format(detail=safejson.shown(str(exc), 120)[1:-1])


def new_game_id() -> str:
    """A new saved game's id: 16 random hexadecimal digits (from ``os.urandom``, what
    ``secrets`` draws on; the page does not import ``secrets`` and its ``hmac``)."""
    return os.urandom(8).hex()


def export_name(game: str, stamp: str, *, unreadable: bool = False) -> str:
    """The file name of an exported game: the game and when (``stamp``, e.g.
    ``20261202-1405``), never its seed: ``seasalt-game-20261202-1405.json``,
    ``seasalt-fruits-de-mer-...``; an unreadable save's raw text
    ``seasalt-unreadable-...``."""
    safe = "".join(c for c in stamp if c.isascii() and (c.isalnum() or c == "-"))[:20]
    if unreadable:
        prefix = "seasalt-unreadable"
    else:
        known = PAGE_GAMES.get(game)
        prefix = known.export_prefix if known is not None else f"seasalt-{game}"
    return f"{prefix}-{safe}.json"


def load_text(text: object) -> Any:
    """A save's or game file's JSON, read within limits (:data:`MAX_SAVE_CHARS`,
    :data:`MAX_SAVE_DEPTH`; :func:`seasalt.core.safejson.loads`).

    Raises:
        SaveError: ``damaged``: not text, too long, too deep, or not JSON.
    """
    return safejson.loads(text, max_chars=MAX_SAVE_CHARS, max_depth=MAX_SAVE_DEPTH,
                          error=_Damaged, what="the text")


def save_header(text: object) -> dict[str, Any]:
    """What the saved games' list needs of a save without replaying it: ``{"saved_at":
    ms, "over": bool}`` (0 and False when the save does not say: a version 1 save, a
    plain record).

    Raises:
        SaveError: ``damaged`` (as :func:`load_text`).
    """
    data = load_text(text)
    if not isinstance(data, Mapping):
        return {"saved_at": 0, "over": False}
    at, over = data.get("saved_at"), data.get("over")
    return {"saved_at": at if _is_time(at) else 0, "over": over is True}


def _read_record(data: object) -> GameRecord:
    """A record from a save's ``record`` (or a plain or sealed record file), checked.

    Raises:
        SaveError: ``record-version``, ``game`` or ``field``.
    """
    if sealed.is_sealed(data):
        try:
            data = sealed.unseal(data)
        except InvalidRecordError as e:
            raise SaveError("damaged", str(e)) from None
    if (isinstance(data, Mapping) and data.get("format") == RECORD_FORMAT
            and data.get("version") != RECORD_VERSION):
        raise SaveError("record-version", version=safejson.shown(data.get("version"), 20))
    try:
        record = read_record(data)
    except InvalidRecordError as e:
        raise SaveError("field", str(e)) from None
    try:
        canonical_game(record.game)
    except SettingsError:
        raise SaveError("game", game=safejson.shown(record.game, 40)) from None
    return record


def version_error(version: object, latest: int) -> SaveError:
    """Why a save's ``version`` cannot be read: ``version`` (saved by a newer page) only
    for a whole number greater than ``latest``; anything else (``0``, ``null``, ``"2"``,
    ``true``, a version that never existed) is ``damaged``."""
    if isinstance(version, int) and not isinstance(version, bool) and version > latest:
        return SaveError("version", version=safejson.shown(version, 20), latest=latest)
    return SaveError("damaged", f"save version {safejson.shown(version, 20)} does not exist")


def _is_time(x: object) -> bool:
    return (isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x)
            and 0 <= x <= MAX_SAVED_AT)


@dataclass
class SavedGame:
    """What a save or a game file holds, read and checked by :func:`read_save` (the
    record not yet replayed).

    Attributes:
        record: the game record (one name per seat: ``""`` for each when it names
            none, a default name drawn in the page's language).
        kinds: seat kinds (``human`` or a bot level of
            :data:`seasalt.web.settings.SEAT_KINDS`).
        speed: bot pace, a key of :data:`seasalt.web.settings.SPEEDS`.
        ack_round: the last round whose end the page has shown (0: the save does not
            say).
        saved_at: when, in milliseconds since 1970 (0: the save does not say).
        over: whether the game is over, as the save says (``None``: it does not).
        key: the game's own key when its record was sealed, else ``None``.
    """

    record: GameRecord
    kinds: list[str]
    speed: str = "normal"
    ack_round: int = 0
    saved_at: float = 0.0
    over: bool | None = None
    key: bytes | None = None


def read_save(text: object) -> SavedGame:
    """Read a game saved by :meth:`seasalt.web.table.Table.save` (:data:`SAVE_FORMAT`
    version 1 or 2), a table driver's save (:data:`seasalt.core.table.SAVE_FORMAT`), or
    an exported plain record, sealed or not (which gets a human in seat 0 and hard bots
    elsewhere), of either game (the record names it).

    The text is read within limits (:func:`load_text`), then every field of the save
    (no other field; kinds, speed, ``ack_round``, ``saved_at``, ``over``) and of the
    record (:meth:`seasalt.core.record.GameRecord.from_dict`: names of at most 24
    characters, options, at most 100,000 actions) is checked. Its actions are not
    replayed here: the table does that.

    Raises:
        SaveError: the reason in a player's words, its ``kind`` and ``detail``. Never
            another error.
    """
    data = load_text(text)
    speed, ack, at = "normal", 0, 0.0
    over: bool | None = None
    if isinstance(data, Mapping) and data.get("format") in (SAVE_FORMAT,
                                                            driver.SAVE_FORMAT):
        version = data.get("version")
        if data["format"] == driver.SAVE_FORMAT:
            allowed = frozenset({"format", "version", "kinds", "record"})
            if type(version) is not int or version != driver.SAVE_VERSION:
                raise version_error(version, driver.SAVE_VERSION)
        else:
            if isinstance(version, bool) or not isinstance(version, int) or (
                    version not in SAVE_FIELDS):
                raise version_error(version, SAVE_VERSION)
            allowed = SAVE_FIELDS[version]
        unknown = sorted(str(k) for k in data if k not in allowed)
        if unknown:
            raise SaveError("field", f"unknown field {safejson.shown(unknown[0], 40)}")
        missing = sorted(allowed - set(data) - {"speed"})
        if missing:
            raise SaveError("field", f"the field {missing[0]!r} is missing")
        record = _read_record(data["record"])
        kinds = data["kinds"]
        if (not isinstance(kinds, list) or len(kinds) != record.players
                or any(not isinstance(k, str) or k not in SEAT_KINDS.values()
                       for k in kinds)):
            raise SaveError("seats")
        if "speed" in data:
            speed = data["speed"]
            if not isinstance(speed, str) or speed not in SPEEDS:
                raise SaveError("field", f"unknown speed {safejson.shown(speed, 20)}")
        if version == 2:
            ack, at, over = data["ack_round"], data["saved_at"], data["over"]
            if isinstance(ack, bool) or not isinstance(ack, int) or ack < 1:
                raise SaveError("field", "ack_round must be a round")
            if not _is_time(at):
                raise SaveError("field", "saved_at must be a time")
            if not isinstance(over, bool):
                raise SaveError("field", "over must be true or false")
    elif isinstance(data, Mapping) and (data.get("format") == RECORD_FORMAT
                                        or sealed.is_sealed(data)):
        record = _read_record(data)
        kinds = [HUMAN] + ["hard"] * (record.players - 1)
    else:
        raise SaveError("file", "neither a saved game nor a game record")
    if len(record.seats) != record.players:  # unnamed: default names, drawn later
        record.seats = [""] * record.players
    key = None
    if isinstance(data, Mapping) and sealed.is_sealed(data.get("record")):
        key = base64.b64decode(str(data["record"]["key"]))  # read_record checked it
    return SavedGame(record, kinds, speed, ack, at, over, key)
