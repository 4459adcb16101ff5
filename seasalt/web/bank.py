"""The saved games as a bank, not a cache: what the page keeps in the browser's storage,
written so that nothing already saved is ever lost, and listed without replaying a game.

The storage is any key-value store with a quota (:class:`KeyValue`; the page hands it
``localStorage``, the tests a dictionary with a small quota). Each game has:

- ``seasalt.game.<id>`` (:data:`GAME_PREFIX`): its save's text (``Table.save``);
- ``seasalt.summary.<id>`` (:data:`SUMMARY_PREFIX`): what the saved games' list shows
  of it (:class:`Summary`: game, names, kinds, options, round, scores, over, saved_at,
  the save's length and the summary's format version), written beside the save each
  time the save is written (:func:`write`), so that start-up lists every game from
  summaries alone (:func:`listing`) and replays a game only when it is opened
  (:func:`read`);
- ``seasalt.aside.<id>`` (:data:`ASIDE_PREFIX`): how many times reading it was
  interrupted (the page closed or stopped while replaying it);
- ``seasalt.room.<id>`` (:data:`ROOM_PREFIX`): for a game played on many devices, its
  friends' seats, their tokens' digests and their picks held before their turn
  (:mod:`seasalt.web.remote.host`).

The guarantees (``tests/web/test_bank.py`` checks them over random sequences of play,
save, import and delete against a small quota):

- a write the store refuses (its quota) touches nothing else: the earlier text of that
  game, and every other game, stay as they were (:func:`write` answers False); no game
  is ever removed but by :func:`delete`, the player's choice;
- a summary that cannot be written is removed, never left stale; a summary whose
  length does not match its save is not trusted (the game is listed as not read yet,
  and :func:`read` builds its summary again);
- a save whose reading was interrupted is never condemned at once: the id being read
  is kept under ``seasalt.reading`` (:data:`READING_KEY`) while it is read; the next
  start (:func:`start`) counts one interruption and lists it to try again
  (``interrupted``); only a second interruption lists it as unreadable (``crashed``),
  and even then the player may try again (it is never read unasked). Its text is kept
  either way, to export or delete.
"""

from __future__ import annotations

import contextlib
import json
import math
import re
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

from seasalt.ssp.present import resume_summary as present_resume_summary
from seasalt.ssp.present import seat_names
from seasalt.web.saves import MAX_SAVED_AT, SaveError, save_problem
from seasalt.web.settings import game_title

GAME_PREFIX = "seasalt.game."
"""``seasalt.game.<id>``: a saved game's text."""
SUMMARY_PREFIX = "seasalt.summary."
"""``seasalt.summary.<id>``: what the list shows of it (:class:`Summary`, JSON)."""
ASIDE_PREFIX = "seasalt.aside."
"""``seasalt.aside.<id>``: how many times reading it was interrupted (``"1"``, ``"2"``;
``"crashed"``, written by earlier versions after one interruption, counts as one)."""
ROOM_PREFIX = "seasalt.room."
"""``seasalt.room.<id>``: the friends' seats of a game played on many devices, their
tokens' digests and their picks held before their turn
(:meth:`seasalt.web.remote.host.HostRoom.save`)."""
READING_KEY = "seasalt.reading"
"""The id of the save being read (removed once read)."""
SUMMARY_FORMAT = "seasalt-summary"
SUMMARY_VERSION = 1
"""The summary's format and version (a summary of another version is rebuilt)."""
#: Interruptions after which a save is listed as unreadable (its text still kept).
MAX_INTERRUPTIONS = 2
#: The list's statuses of a saved game (:attr:`Entry.status`).
READY, UNREAD, INTERRUPTED, UNREADABLE = "ready", "unread", "interrupted", "unreadable"


class StorageRefused(Exception):
    """The store refused a write. ``full``: because its quota is reached (else the
    storage is switched off or broken)."""

    def __init__(self, detail: str = "", *, full: bool = True) -> None:
        super().__init__(detail)
        self.full = full


class KeyValue(Protocol):
    """A key-value store of text with a quota, as the browser's ``localStorage``."""

    def get(self, key: str) -> str | None:
        """The text under ``key`` (None: none)."""

    def set(self, key: str, value: str) -> None:
        """Store ``value`` under ``key``; raises :class:`StorageRefused` (and changes
        nothing) when it does not fit."""

    def remove(self, key: str) -> None:
        """Remove ``key`` (nothing when absent); never refused."""

    def names(self) -> list[str]:
        """Every key."""


@dataclass(frozen=True)
class Summary:
    """What the saved games' list shows of a save, stored beside it.

    Attributes:
        game: the game's name (``sea-salt-and-paper``, ``fruits-de-mer``).
        names, kinds: the seats' names as typed (``""``: a default name, drawn in the
            language of the day) and kinds.
        options: Sea Salt & Paper's options (``{"extra_salt": True, ...}``).
        round: the round in play (the last one once over).
        scores: each seat's total, in seat order.
        over: whether the game is over.
        saved_at: when it was saved (milliseconds since 1970; 0: unknown).
        length: the length of the save's text it summarises (a save of another length
            is not the one summarised).
    """

    game: str
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    options: Mapping[str, bool]
    round: int
    scores: tuple[int, ...]
    over: bool
    saved_at: float
    length: int

    @classmethod
    def of(cls, table: Any, length: int) -> Summary:
        """The summary of a ``seasalt.web.table.Table`` whose save's text is ``length``
        characters long (from its spectator facts: no hidden card)."""
        v = table.resume_view()
        if "scores" in v:
            scores = [int(s) for s in v["scores"]]
        else:
            scores = [int(s["score"]) for s in v.get("seats", [])]
        options = {str(k): bool(x) for k, x in dict(v.get("options") or {}).items()}
        return cls(str(table.game), tuple(str(n) for n in table.typed_names()),
                   tuple(str(k) for k in table.kinds), options, int(v["round"]),
                   tuple(scores), bool(table.over), float(table.saved_at or 0), int(length))

    def to_text(self) -> str:
        """The summary as JSON text (:data:`SUMMARY_FORMAT`, :data:`SUMMARY_VERSION`)."""
        return json.dumps({"format": SUMMARY_FORMAT, "version": SUMMARY_VERSION,
                           "game": self.game, "names": list(self.names),
                           "kinds": list(self.kinds), "options": dict(self.options),
                           "round": self.round, "scores": list(self.scores),
                           "over": self.over, "saved_at": self.saved_at,
                           "length": self.length}, separators=(",", ":"))

    def title(self) -> str:
        """The game's title, translated (``Fruits de mer``)."""
        return game_title(self.game)

    def line(self) -> str:
        """The list's line: ``2 players, Extra Salt, round 3: Ann (12), Bob (9)``."""
        names = seat_names(self.names, self.kinds)  # a default one in today's words
        return present_resume_summary(len(names), dict(self.options), self.round,
                                      self.over, list(zip(names, self.scores,
                                                          strict=True)))


def _ints(x: object, n: int) -> bool:
    return isinstance(x, list) and len(x) == n and all(
        isinstance(i, int) and not isinstance(i, bool) and abs(i) < 10**6 for i in x)


def read_summary(text: object, length: int) -> Summary | None:
    """A stored summary, every field checked, when it summarises a save of ``length``
    characters; None when there is none, it is damaged, of another version, or of
    another text (it is then built again)."""
    if not isinstance(text, str) or len(text) > 20_000:
        return None
    try:
        d = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(d, dict) or d.get("format") != SUMMARY_FORMAT or d.get(
            "version") != SUMMARY_VERSION or d.get("length") != length:
        return None
    names: Any = d.get("names")
    kinds: Any = d.get("kinds")
    options: Any = d.get("options")
    at: Any = d.get("saved_at")
    ok = (isinstance(d.get("game"), str) and isinstance(names, list)
          and 1 <= len(names) <= 8 and all(isinstance(n, str) and len(n) <= 24 for n in names)
          and isinstance(kinds, list) and len(kinds) == len(names)
          and all(isinstance(k, str) for k in kinds)
          and isinstance(options, dict)
          and all(isinstance(k, str) and isinstance(x, bool) for k, x in options.items())
          and _ints([d.get("round")], 1) and _ints(d.get("scores"), len(names))
          and isinstance(d.get("over"), bool)
          and isinstance(at, int | float) and not isinstance(at, bool)
          and math.isfinite(at) and 0 <= at <= MAX_SAVED_AT)
    if not ok:
        return None
    return Summary(d["game"], tuple(names), tuple(kinds), options, d["round"],
                   tuple(d["scores"]), d["over"], float(at), length)


@dataclass
class Entry:
    """A saved game as the setup screen lists it, read from its summary.

    Attributes:
        id: its id (``seasalt.game.<id>``).
        status: :data:`READY` (its summary read), :data:`UNREAD` (no summary yet: built
            when it is read), :data:`INTERRUPTED` (reading it was interrupted once: try
            again) or :data:`UNREADABLE`.
        summary: its :class:`Summary` (``READY`` only).
        problem: why it cannot be read (``UNREADABLE`` only).
        size: its save's length in characters.
        saved_at: when it was saved (milliseconds since 1970; 0: unknown).
        retry: an unreadable save the player may still try to open (its reading was
            interrupted twice: never condemned for good, but never read unasked).
    """

    id: str
    status: str
    summary: Summary | None = None
    problem: str = ""
    size: int = 0
    saved_at: float = 0.0
    retry: bool = False

    @property
    def over(self) -> bool:
        """Whether the game is over, as far as the list knows."""
        return self.summary is not None and self.summary.over


_SAVED_AT = re.compile(r'^\{"format":"seasalt-save","version":2,[^{}]*?"saved_at":'
                       r'(\d{1,15}(?:\.\d+)?),')


def sniff_saved_at(text: str) -> float:
    """When a save of the page's own writing says it was saved, read off its head
    without reading the rest (0: not said there)."""
    found = _SAVED_AT.match(text[:600])
    if found is None:
        return 0.0
    at = float(found.group(1))
    return at if at <= MAX_SAVED_AT else 0.0


def game_ids(kv: KeyValue) -> list[str]:
    """The ids of every saved game."""
    return sorted(k[len(GAME_PREFIX):] for k in kv.names() if k.startswith(GAME_PREFIX))


def interruptions(kv: KeyValue, game_id: str) -> int:
    """How many times reading ``game_id`` was interrupted."""
    mark = kv.get(ASIDE_PREFIX + game_id)
    if mark is None:
        return 0
    return int(mark) if mark.isdigit() else 1  # "crashed": an earlier version's one


def start(kv: KeyValue) -> None:
    """At start-up: a save whose reading stopped the page last time counts one more
    interruption (its text untouched)."""
    stopped = kv.get(READING_KEY)
    if stopped is None:
        return
    try:
        if kv.get(GAME_PREFIX + stopped) is not None:
            kv.set(ASIDE_PREFIX + stopped, str(interruptions(kv, stopped) + 1))
    except StorageRefused:
        pass  # storage full: it is offered again as it was
    kv.remove(READING_KEY)


def entry(kv: KeyValue, game_id: str) -> Entry | None:
    """One game's entry of the list, from its summary alone (None: no such game)."""
    text = kv.get(GAME_PREFIX + game_id)
    if text is None:
        return None
    size = len(text)
    count = interruptions(kv, game_id)
    if count >= MAX_INTERRUPTIONS:
        return Entry(game_id, UNREADABLE, problem=save_problem(SaveError("crashed")),
                     size=size, retry=True)
    summary = read_summary(kv.get(SUMMARY_PREFIX + game_id), size)
    if count:
        return Entry(game_id, INTERRUPTED, summary, size=size,
                     saved_at=summary.saved_at if summary else sniff_saved_at(text))
    if summary is None:
        return Entry(game_id, UNREAD, size=size, saved_at=sniff_saved_at(text))
    return Entry(game_id, READY, summary, size=size, saved_at=summary.saved_at)


def order(entries: Sequence[Entry]) -> list[Entry]:
    """The list's order: games first, the last played first; then the unreadable ones."""
    return sorted(entries, key=lambda e: (e.status == UNREADABLE, -e.saved_at, e.id))


def listing(kv: KeyValue) -> list[Entry]:
    """Every saved game's entry, from summaries only (no game is replayed)."""
    found = (entry(kv, i) for i in game_ids(kv))
    return order([e for e in found if e is not None])


def write(kv: KeyValue, game_id: str, text: str, summary: Summary | None
          ) -> StorageRefused | None:
    """Save a game's text, then its summary beside it.

    Returns:
        None when the text is saved. The store's refusal when it refused the text:
        then nothing was changed (the game's earlier text, if any, and every other game
        stay as they were; nothing is removed to make room).

    A refused summary is removed (built again when the game is read), never left stale.
    """
    try:
        kv.set(GAME_PREFIX + game_id, text)
    except StorageRefused as refused:
        return refused
    try:
        if summary is None:
            raise StorageRefused("no summary", full=False)
        kv.set(SUMMARY_PREFIX + game_id, summary.to_text())
    except StorageRefused:
        kv.remove(SUMMARY_PREFIX + game_id)  # never stale
    return None


class Progress(Protocol):
    """A game being read in slices (``seasalt.web.table.Loading``): ``(done, total)``
    actions between two slices, then its ``table``."""

    @property
    def table(self) -> Any:
        """The game read (once every slice is done)."""

    def __iter__(self) -> Iterator[tuple[int, int]]:
        """The slices' progress."""


class _Read:
    """A game read in one go, as a :class:`Progress` of no slice."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return iter(())


def read(kv: KeyValue, game_id: str, load: Callable[[str], Any]
         ) -> tuple[Any, Entry | None]:
    """Replay a saved game in one go (``load``: ``Table.load``), as :func:`reading`.

    Returns:
        ``(table, entry)``: the game (None when it cannot be read) and its entry of the
        list now (None: no such game).
    """
    steps = reading(kv, game_id, lambda text: _Read(load(text)))
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return cast(tuple[Any, Entry | None], end.value)


def reading(kv: KeyValue, game_id: str, loading: Callable[[str], Progress]
            ) -> Generator[tuple[int, int], None, tuple[Any, Entry | None]]:
    """Replay a saved game in slices (``loading``: ``Table.loading``), the reading mark
    set from the first slice to the last; a game read writes its summary (if it fits)
    and forgets its interruptions. Closed before its end (the page gave up reading it),
    it removes its mark: an abandoned reading is no interruption.

    Yields:
        ``(done, total)`` actions replayed, between two slices.

    Returns:
        ``(table, entry)``: the game (None when it cannot be read) and its entry of the
        list now (None: no such game).
    """
    text = kv.get(GAME_PREFIX + game_id)
    if text is None:
        return None, None
    with contextlib.suppress(StorageRefused):  # storage full: read it all the same
        kv.set(READING_KEY, game_id)
    try:
        steps = loading(text)
        yield from steps
        table = steps.table
    except GeneratorExit:
        if kv.get(READING_KEY) == game_id:
            kv.remove(READING_KEY)
        raise
    except Exception as exc:  # noqa: BLE001 - an unreadable save is listed, never a crash
        kv.remove(READING_KEY)
        kv.remove(ASIDE_PREFIX + game_id)  # it was read: it is unreadable for its reason
        return None, Entry(game_id, UNREADABLE, problem=save_problem(exc), size=len(text))
    kv.remove(READING_KEY)
    kv.remove(ASIDE_PREFIX + game_id)
    summary = Summary.of(table, len(text))
    with contextlib.suppress(StorageRefused):  # else listed as not read yet next time
        kv.set(SUMMARY_PREFIX + game_id, summary.to_text())
    return table, Entry(game_id, READY, summary, size=len(text), saved_at=summary.saved_at)


def delete(kv: KeyValue, game_id: str) -> None:
    """Forget a saved game, its summary, its marks and its friends' seats (the player's
    choice only)."""
    for prefix in (GAME_PREFIX, SUMMARY_PREFIX, ASIDE_PREFIX, ROOM_PREFIX):
        kv.remove(prefix + game_id)
