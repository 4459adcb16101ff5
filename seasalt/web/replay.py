"""The page's replay of a Sea Salt & Paper game: JSON-ready payloads, one per ply.

:func:`open_replay` reads an exported file (a page save ``{"format": "seasalt-save",
..., "record": {...}}`` or a plain ``seasalt-record``, version 1; a sealed record too) and
:meth:`ReplayTable.of_table` takes the game in memory; both give a
:class:`ReplayTable` built on :class:`seasalt.core.replay.Replay` (every state
computed once). :meth:`ReplayTable.payload` is what the page draws for one ply: the
payload of :meth:`seasalt.web.table.Table.view` for the seat chosen, with no legal
action (the table is read-only), plus ``"replay"``: where it stands, the rounds, the
coach's marks and the words of the controls.

What is shown: ``mode`` ``seat:N`` is exactly what seat N saw at that ply (only the
coach's marks on its own moves, since a mark's better move may name cards the others
could not see); ``all`` (only once the record's game is over) is seat N's table with
every other hand face up, each hand taken from its owner's own view, and every mark;
``table`` is the spectator's view (``seat`` None: no hand at all, no mark).

Which modes are offered: once the game is over, every seat's and ``all``. While it
is not over, the bots' cards are still hidden from the people at the table, so only a
person's own view is offered: with one person (the seat kinds of a page save; a plain
record: seat 0, as :meth:`seasalt.web.table.Table.load` treats it) that seat's mode;
with more than one person (hot seat) or none, only ``table``, since one person must
not see another's hand either.

Nothing here touches the DOM, so it is tested in plain CPython.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from seasalt import i18n
from seasalt.core import safejson, sealed
from seasalt.core.errors import InvalidRecordError
from seasalt.core.record import FORMAT, VERSION, GameRecord
from seasalt.core.replay import Replay
from seasalt.ssp.game import GAME
from seasalt.ssp.present import log_lines, seat_names
from seasalt.ssp.present import page_payload as ssp_page
from seasalt.ssp.present.replay import (
    mark_words,
    move_text,
    position_text,
    record_problem,
    replay_texts,
    round_label,
    round_start_text,
    seat_mode_label,
    seat_mode_short,
    step_buttons,
)
from seasalt.web.games import SSP
from seasalt.web.saves import SAVE_FIELDS, SAVE_FORMAT, SAVE_VERSION, load_text
from seasalt.web.settings import HUMAN, SEAT_KINDS

__all__ = ["ReplayTable", "open_replay", "ALL_HANDS", "SPECTATOR", "InvalidRecordError"]

#: The all-hands mode (offered once the game is over).
ALL_HANDS = "all"
#: The spectator's mode (no hand shown): an unfinished game with more than one person.
SPECTATOR = "table"


def _problem(e: InvalidRecordError, record: GameRecord | None) -> InvalidRecordError:
    """A translated sentence for a record that does not replay."""
    if e.index is not None and record is not None:
        text = record_problem("action", number=e.index + 1)
    else:
        text = record_problem("file")
    return InvalidRecordError(text, index=e.index)


def open_replay(text: str) -> ReplayTable:
    """A replay of an exported game file: a page save (versions 1 and 2) or a plain
    record (version 1), sealed or not, read within limits
    (:func:`seasalt.web.saves.load_text`).

    Raises:
        InvalidRecordError: the message, translated, says what is wrong: not JSON or
            no record, a save or a record of another version (named), of a game the
            page does not replay, or with a move that is not possible (its 1-based
            number; ``index``: its 0-based index). Notes beyond the record's actions
            are dropped (``GameRecord.from_dict``).
    """
    try:
        data = load_text(text)  # within limits: no input can hang or crash the page
    except InvalidRecordError:
        raise InvalidRecordError(record_problem("file")) from None
    kinds: Any = None
    if isinstance(data, Mapping) and data.get("format") == SAVE_FORMAT:
        version = data.get("version", 1)
        if isinstance(version, bool) or not isinstance(version, int) or (
                version not in SAVE_FIELDS):
            raise InvalidRecordError(record_problem(
                "save-version", version=safejson.shown(version, 20), latest=SAVE_VERSION))
        kinds = data.get("kinds")
        data = data.get("record")
    if sealed.is_sealed(data):  # an unfinished hot-seat game's record
        try:
            data = sealed.unseal(data)
        except InvalidRecordError:
            raise InvalidRecordError(record_problem("file")) from None
    if isinstance(data, Mapping) and data.get("format") == FORMAT and "version" in data and (
            data["version"] != VERSION):
        raise InvalidRecordError(record_problem(
            "version", version=safejson.shown(data.get("version"), 20)))
    try:
        record = GameRecord.from_dict(data)
    except InvalidRecordError as e:
        raise _problem(e, None) from None
    if not (isinstance(kinds, list) and len(kinds) == record.players
            and all(k in SEAT_KINDS.values() for k in kinds)):
        kinds = [HUMAN] + ["hard"] * (record.players - 1)  # as Table.load reads it
    return ReplayTable(record, kinds)


class ReplayTable:
    """A recorded game to step through on the page.

    Args:
        record: the game record (Sea Salt & Paper).
        kinds: seat kinds (``human`` or a bot level), for the seats' labels.

    Attributes:
        replay: the engine's :class:`~seasalt.core.replay.Replay`.
        names: display names.
        kinds: seat kinds.
        rounds: ``[(round, first ply)]``, each round once, in order.

    Raises:
        InvalidRecordError: (translated) a game other than Sea Salt & Paper, or a move
            that is not possible (``index``: its 0-based index).
    """

    def __init__(self, record: GameRecord, kinds: Sequence[str]):
        if record.game not in (SSP, *GAME.info.aliases):
            raise InvalidRecordError(record_problem("game", game=record.game))
        try:
            self.replay = Replay(record, GAME)
        except InvalidRecordError as e:
            raise _problem(e, record) from None
        self.kinds = list(kinds)
        self.names = seat_names(record.seats, self.kinds)  # a default one: today's words
        self.rounds: list[tuple[int, int]] = []
        for ply in range(self.plies + 1):
            r = int(self.replay.view(ply, None, log=False).round)
            if not self.rounds or self.rounds[-1][0] != r:
                self.rounds.append((r, ply))
        self._lines: dict[tuple[str, int | None, int | None], list[dict[str, Any]]] = {}

    @classmethod
    def of_table(cls, table: Any) -> ReplayTable:
        """The replay of a :class:`seasalt.web.table.Table` (its record as it stands)."""
        r = table.record
        return cls(GameRecord(r.game, r.seed, r.players, list(table.names), dict(r.options),
                              list(r.actions), [dict(n) for n in r.notes]), table.kinds)

    @property
    def plies(self) -> int:
        """The last ply (the number of moves)."""
        return self.replay.plies

    @property
    def over(self) -> bool:
        """Whether the record's game is over (then the all-hands mode is offered)."""
        return self.replay.over

    @property
    def people(self) -> list[int]:
        """The seats of the people (kind ``human``), in order."""
        return [s for s, k in enumerate(self.kinds) if k == HUMAN]

    def _values(self) -> list[str]:
        """The modes offered (see the module docstring)."""
        if self.over:
            return [f"seat:{s}" for s in range(len(self.names))] + [ALL_HANDS]
        people = self.people
        return [f"seat:{people[0]}"] if len(people) == 1 else [SPECTATOR]

    def default_mode(self) -> str:
        """The mode a replay opens in: as the first person at the table saw it (an
        unfinished game with more than one person or none: :data:`SPECTATOR`)."""
        values = self._values()
        people = self.people
        first = f"seat:{people[0] if people else 0}"
        return first if first in values else values[0]

    def modes(self) -> list[dict[str, str]]:
        """The seat selector: ``[{"value": "seat:0", "label": "Ann" (short, after the
        menu's ``View as``), "title": "As Ann saw it"}, ...]``, then ``{"value": "all",
        "label": "All hands", ...}`` once the game is over; while it is not over, only
        a person's own seat, or ``{"value": "table", "label": "Spectator", ...}``."""
        texts = replay_texts()

        def words(m: str) -> tuple[str, str]:
            if m == ALL_HANDS:
                return texts["all-hands"], texts["all-hands"]
            if m == SPECTATOR:
                return texts["spectator-short"], texts["spectator"]
            seat = int(m[5:])
            return seat_mode_short(seat, self.names), seat_mode_label(seat, self.names)

        return [{"value": m, "label": words(m)[0], "title": words(m)[1]}
                for m in self._values()]

    def mode_of(self, mode: str) -> str:
        """``mode`` if it is offered, else :meth:`default_mode`."""
        return mode if mode in self._values() else self.default_mode()

    def _seat(self, mode: str) -> int | None:
        """The seat whose view ``mode`` shows (None: the spectator's, for ``table``, or
        all hands); a mode not offered is the default's."""
        mode = self.mode_of(mode)
        return int(mode[5:]) if mode.startswith("seat:") else None

    def marks(self, seat: int | None) -> list[dict[str, Any]]:
        """The coach's marks shown in a mode (``seat``: that seat's own; None: all), in
        order: each :func:`~seasalt.ssp.present.replay.mark_words` plus ``step``, the
        ply that shows the move (note ply + 1), and ``seat``."""
        return self._marks(seat, every=seat is None)

    def mode_marks(self, mode: str) -> list[dict[str, Any]]:
        """The coach's marks shown in ``mode`` (see :meth:`marks`; the spectator's
        ``table``: none, since a mark's better move may name a hidden card)."""
        mode = self.mode_of(mode)
        if mode == SPECTATOR:
            return []
        return self.marks(self._seat(mode))

    def next_mark(self, ply: int, mode: str) -> int | None:
        """The step of the first review mark (``?!``, ``?``, ``??``; not a ``⚑``
        note) after ``ply`` in ``mode``, or None."""
        return next((m["step"] for m in self.mode_marks(mode)
                     if m["kind"] == "review" and m["step"] > ply), None)

    def _marks(self, seat: int | None, every: bool) -> list[dict[str, Any]]:
        out = []
        for note in self.replay.record.notes:
            words = mark_words(note, self.names)
            owner = note.get("seat")
            if owner is None and 0 <= note["ply"] < self.plies:
                owner = self.replay.actor(note["ply"])
            if words is None or (not every and owner != seat):
                continue
            out.append({**words, "step": note["ply"] + 1, "seat": owner})
        return out

    def _words(self, seat: int | None, reader: int | None,
               events: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """``seat``'s log lines for ``events``, "you" being ``reader`` (a seat's log at
        one ply is the start of its log at any later ply: lines already worded are
        kept, per language)."""
        lines = self._lines.setdefault((i18n.language(), seat, reader), [])
        if len(lines) < len(events):
            new = events[len(lines):]
            lines += [{"text": t, "round": e["type"] in ("round-start", "round-end")}
                      for e, t in zip(new, log_lines(new, self.names, reader),
                                      strict=True)]
        return [dict(line) for line in lines[:len(events)]]

    def payload(self, ply: int, mode: str) -> dict[str, Any]:
        """What the page draws for ``ply`` (clamped to ``0..plies``) in ``mode``
        (``seat:N`` or ``all``; another value: :meth:`default_mode`).

        Returns:
            The payload of :meth:`seasalt.web.table.Table.view` for the mode's seat, read
            only (``legal`` and ``calls`` empty; ``replay``: true in ``replay_info``),
            plus ``"replay"``: ``{"ply", "plies", "over", "mode", "seat", "round",
            "position", "move" (the move that led here in words, '' at ply 0; at a
            later round's first ply: ``Round 2 begins``, unless a mark is on the move
            that led there: then that move, and ``begins`` says the round begins;
            else ``begins`` is ''),
            "current": the index of the first log line of that move (``len(log_lines)``
            when it wrote none), "rounds": [{"round", "ply", "label"}], "marks" (see
            :meth:`marks`, each with ``line``: the index of its move's first log line,
            None for a move after this ply), "mark": the mark of the move shown (its
            review if it has one, else its ⚑ note) or None, "asked": its ⚑ note when it
            also has a review (else None), "next_mark": :meth:`next_mark`, "modes",
            "texts"}``.
        """
        ply = max(0, min(self.plies, int(ply)))
        mode = self.mode_of(mode)
        seat = self._seat(mode)
        focus = seat
        if mode == ALL_HANDS:  # the first person's table, every hand face up
            focus = self.people[0] if self.people else 0
        view = self.replay.view(ply, focus)
        # "you" is the seat shown only if a person sits there (not in a bot's view)
        reader = focus if focus is not None and self.kinds[focus] == HUMAN else None
        v = ssp_page.facts(view, self.names, self.kinds, "normal",
                           self._words(focus, reader, view.log), reader)
        v["legal"], v["calls"] = [], []
        if mode == ALL_HANDS:  # each other hand from its owner's own view
            v["known"] = [list(k) for k in v["known"]]
            for s, other in enumerate(self.replay.seat_views(ply)):
                if s != focus:
                    v["known"][s] = list(other.hand)
        ssp_page.add_words(v, live=False)  # the table's words, of what is shown
        before = (len(self.replay.view(ply - 1, focus).log) if ply else len(view.log))
        marks = self.mode_marks(mode)
        for m in marks:  # the first log line of each move shown so far (None: not yet)
            m["line"] = (len(self.replay.view(m["step"] - 1, focus).log)
                         if m["step"] <= ply else None)
        here = sorted((m for m in marks if m["step"] == ply),
                      key=lambda m: m["kind"] != "review")[:2]  # the grade, then the flag
        move = begins = ""
        starts = {p: r for r, p in self.rounds}
        if ply in starts and ply:  # a fresh deal, not the last move of the round before
            begins = round_start_text(starts[ply])
        if ply and (not begins or here):  # a mark speaks of the move: it is named
            move = move_text(self.replay.record.actions[ply - 1], self.replay.actor(ply - 1),
                             self.names)
        move = move or begins
        v["replay"] = {
            "ply": ply, "plies": self.plies, "over": self.over,
            "mode": mode, "seat": focus,
            "round": int(view.round), "position": position_text(ply, self.plies, view.round),
            "move": move, "begins": begins if begins != move else "", "current": before,
            "rounds": [{"round": r, "ply": p, "label": round_label(r)} for r, p in self.rounds],
            "marks": marks, "mark": here[0] if here else None,
            "asked": here[1] if len(here) > 1 else None,
            "next_mark": self.next_mark(ply, mode),
            "modes": self.modes(), "texts": replay_texts(), "buttons": step_buttons()}
        return v
