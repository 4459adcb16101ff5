"""The page's game: a :class:`Table` over the table driver, JSON in, JSON out.

The page (``web/page/``) holds no rule and no sentence. It asks a :class:`Table` for a
seat's payload as plain JSON-ready data (:meth:`Table.view`: the engine's
:class:`~seasalt.ssp.view.View` with its ``legal`` action records, plus every word of
the table and the decision panel, from the game's presenter), renders it, and sends back
the code of the action a player clicked together with the ``ply`` it was offered at. A
searching bot's decision (Hard) goes to a web worker as plain data
(:meth:`Table.think_request`, answered by :mod:`seasalt.web.worker`, played with
:meth:`Table.play_thought`); until the worker is ready, or if it fails, bots think in
small slices on the page (:meth:`Table.bot_step`), so the browser stays responsive. The
coach (:mod:`seasalt.web.coach`) asks the table for the person's view and notes what it
was asked (:meth:`Table.note_suggested`, :meth:`Table.add_notes`).

Layers: the game runs in the one table driver (:class:`seasalt.core.table.Table`:
record, seat kinds, stale-move checks, bots seeded per decision from
``f"{seed}:{seat}:{ply}"``); every word comes from :mod:`seasalt.ssp.present` (through
:mod:`seasalt.i18n`); the settings are :mod:`seasalt.web.settings`'s, the save format
:mod:`seasalt.web.saves`'s. :class:`Table` drives the game its record names
(:func:`seasalt.core.registry.load_game`) and :meth:`Table.view` words it with that
game's presenter: every payload carries ``"game"`` (the canonical name), by which the
page picks the table it draws.

Nothing here touches the DOM, so it is tested in plain CPython.
"""

from __future__ import annotations

import contextlib
import gc
import json
import math
import os
import random
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from seasalt import i18n
from seasalt.core import safejson, sealed
from seasalt.core import table as driver
from seasalt.core.errors import IllegalActionError, InvalidRecordError
from seasalt.core.record import SLICE_SECONDS, GameRecord
from seasalt.i18n import _
from seasalt.ssp.present import log_lines, seat_names, typed_names
from seasalt.ssp.present import page_payload as ssp_page
from seasalt.ssp.view import View
from seasalt.web.away import mark_away
from seasalt.web.choices import Choices, at_once
from seasalt.web.games import SettingsError, canonical_game, page_game
from seasalt.web.loading import Loading
from seasalt.web.saves import SAVE_FORMAT, SAVE_VERSION, SaveError, read_save
from seasalt.web.settings import HUMAN, SEAT_KINDS, SPEEDS, Settings, page_bot_settings

#: Log events that start or end a round: their lines stand out in the page's log.
ROUND_EVENTS = ssp_page.ROUND_EVENTS
#: The most lines of the log a payload words, the last ones (a whole game has a few
#: hundred; a record of tens of thousands of moves shows the end of its log, and the page
#: draws and words no more than that at once).
LOG_LINES = 1000


class Table:
    """A game in progress with its seats, for the page: a thin layer over the table
    driver (:class:`seasalt.core.table.Table`) that adds the bots' pace, the page's
    save format and the JSON payload of :meth:`view`.

    Args:
        record: the game so far (``record.seats``: the display names; ``record.game``:
            the game, one of :data:`GAMES` or an alias).
        kinds: seat kinds (``human`` or a bot level of :data:`SEAT_KINDS`).
        speed: bot pace, a key of :data:`SPEEDS`.

    Attributes:
        driver: the table driver (the page must not read its state; use :meth:`view`).
        speed: bot pace, a key of :data:`SPEEDS`.
        game: the game's canonical name (:data:`SSP` or :data:`FDM`).
        ack_round: the last round whose end the page has shown (a version 2 save
            keeps it; 0 until the page says).
        saved_at: when the game was last saved, in milliseconds since 1970 (0: never).
        key: the game's own key (:data:`seasalt.core.sealed.KEY_BYTES` bytes) that
            seals its record at rest (:meth:`secret`).

    Raises:
        InvalidRecordError: the record does not replay (its ``index`` names the
            refused action) or the seats are bad.
    """

    def __init__(self, record: GameRecord, kinds: Sequence[str], speed: str = "normal"):
        if any(k not in SEAT_KINDS.values() for k in kinds):
            raise InvalidRecordError(_("the saved game has bad seats"))
        try:
            self.game = canonical_game(record.game)
        except SettingsError:
            raise InvalidRecordError(_("not a game this page can play: {game}").format(
                game=safejson.shown(record.game))) from None
        from seasalt.bots import BOT_MAKER  # the bots load with a table, not the page
        try:
            self.driver: driver.Table[Any, Any, Any] = driver.Table(
                page_game(self.game).load(), record, kinds,
                bots=BOT_MAKER, bot_settings=page_bot_settings())
        except InvalidRecordError:
            raise
        except ValueError as e:
            raise InvalidRecordError(str(e)) from None
        self.speed = speed
        self.ack_round = 0
        self.saved_at: float = 0
        self.key = os.urandom(sealed.KEY_BYTES)
        self._views: dict[int | None, View] = {}
        self._views_ply = -1
        #: the log's last lines worded, per language and seat: (the index of the
        #: first one in the log, the lines)
        self._lines: dict[tuple[Any, ...], tuple[int, list[dict[str, Any]]]] = {}
        #: (seat, ply) of the decisions the coach was asked about, noted once played
        self._suggested: set[tuple[int, int]] = set()
        #: people's seats played on friends' devices (``seasalt.web.remote``): this
        #: device never shows them (see :meth:`humans`, :meth:`viewer`)
        self.remote: frozenset[int] = frozenset()
        #: those seats whose phone is not connected now (``HostRoom.away``), marked away
        self.away_seats: Callable[[], Iterable[int]] = tuple
        self._choices: Choices | None = None

    # ----------------------------------------------------------------- creation, saves

    @classmethod
    def new(cls, settings: Settings, seed: int | None = None) -> Table:
        """Start a game from settings (``seed`` overrides a missing settings seed)."""
        if settings.seed is not None:
            seed = settings.seed
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000_000)
        names = typed_names(settings.names, settings.seats)  # a default one: drawn later
        record = GameRecord(settings.game, seed, len(settings.seats), names,
                            settings.options, [])
        table = cls(record, settings.seats, settings.speed)
        table.remote = frozenset(settings.friends)
        return table

    def rematch(self, seed: int | None = None) -> Table:
        """A new game of the same game with the same seats, names, options and speed (new
        seed unless given)."""
        options = self.record.options if page_game(self.game).options else {}
        settings = Settings(seats=self.kinds, names=self.typed_names(), seed=seed,
                            double_target=bool(options.get("double_target")),
                            speed=self.speed, extra_salt=bool(options.get("extra_salt")),
                            extra_pepper=bool(options.get("extra_pepper")), game=self.game)
        return Table.new(settings)

    def set_speed(self, speed: str) -> None:
        """Change the bots' pace.

        Raises:
            SettingsError: ``speed`` is not a key of :data:`SPEEDS`.
        """
        if speed not in SPEEDS:
            raise SettingsError(_("unknown speed {value}: use {speeds}").format(
                value=safejson.shown(speed), speeds=", ".join(SPEEDS)))
        self.speed = speed

    def secret(self) -> bool:
        """Whether the record is kept out of sight in the save and the export: the game
        is not over and more than one seat is a person's (hot seat), so one person must
        not read another's hand, or the next draws, off the file."""
        return not self.over and len(self.driver.humans()) > 1

    def save(self, *, ack_round: int | None = None, saved_at: float | None = None) -> str:
        """The game as JSON text, :data:`SAVE_FORMAT` version :data:`SAVE_VERSION`::

            {"format": "seasalt-save", "version": 2, "kinds": [...], "speed": "normal",
             "ack_round": 1, "saved_at": 1764684000000, "over": false, "record": {...}}

        ``record`` is the game record's dict, or, when :meth:`secret`, that record
        sealed with the game's key (:func:`seasalt.core.sealed.seal`: neither the seed
        nor the actions are readable text). A finished game's is always in the open.

        Args:
            ack_round: the last round whose end the page has shown (default
                :attr:`ack_round`, or the round in play if that is 0); kept as
                :attr:`ack_round`.
            saved_at: when, in milliseconds since 1970 (default :attr:`saved_at`);
                kept as :attr:`saved_at`.
        """
        if ack_round is not None:
            self.ack_round = int(ack_round)
        if saved_at is not None:
            self.saved_at = saved_at
        record: dict[str, Any] = self.record.to_dict()
        if self.secret():
            record = sealed.seal(record, self.key)
        return json.dumps({"format": SAVE_FORMAT, "version": SAVE_VERSION,
                           "kinds": list(self.kinds), "speed": self.speed,
                           "ack_round": min(self.ack_round or self.round, self.round),
                           "saved_at": self.saved_at, "over": self.over,
                           "record": record}, separators=(",", ":"))

    @classmethod
    def load(cls, text: object) -> Table:
        """Restore a game saved by :meth:`save` (version 1 or 2), a table driver's save,
        or an exported plain record, sealed or not (which gets a human in seat 0 and
        hard bots elsewhere), of either game (the record names it).

        Everything is checked before the engine sees it
        (:func:`seasalt.web.saves.read_save`): the text is read within limits, every
        field of the save (no other field; kinds, speed, ``ack_round`` from 1 to the
        game's round, ``saved_at``, ``over`` as the game is) and of the record
        (:meth:`seasalt.core.record.GameRecord.from_dict`: names of at most 24
        characters, options, at most 100,000 actions), then the record is replayed,
        each action checked.

        Raises:
            SaveError: (an :class:`~seasalt.core.errors.InvalidRecordError`) with the
                reason in a player's words, its ``kind`` and ``detail``; a refused
                action's ``index``. Never another error.
        """
        for _done in (loading := cls.loading(text, seconds=math.inf)):
            pass
        return loading.table

    @classmethod
    def loading(cls, text: object, *, seconds: float = SLICE_SECONDS,
                warm: bool = True) -> Loading[Table]:
        """:meth:`load` in slices, for a page that must go on drawing while a long game
        is read: the text and every field checked first (:func:`read_save`), then the
        record's actions replayed about ``seconds`` at a time
        (:meth:`seasalt.core.table.Table.replaying`). Iterate over it: each item is
        ``(done, total)`` actions between two slices; once it is exhausted, its
        ``table`` is the game :meth:`load` gives. The same errors as :meth:`load`, from
        the slice that finds them. The last two slices build the view of the seat whose
        eyes the table shows (:meth:`viewer`), then its payload: a long game's log is
        copied and worded then, not with the first draw (``warm`` false: not, for a game
        read only for its summary; nor while the game's presenter cannot be imported
        yet: a Fruits de mer game read before the page's later archive came). Python's
        cycle collector waits
        while it reads (a record's events pile up, and a full collection of them would
        take a slice of its own, many times), and the objects read are then left out of
        its later rounds (``gc.freeze``: still freed when no longer used, unless in a
        cycle).
        """
        return Loading(cls._loading(text, seconds, warm))

    @classmethod
    def _loading(cls, text: object, seconds: float, warm: bool
                 ) -> Generator[tuple[int, int], None, Table]:
        collecting = gc.isenabled()
        gc.disable()  # a long record's events pile up: no full collection between slices
        try:
            return (yield from cls._read(text, seconds, warm))
        finally:
            gc.freeze()  # what was read is kept out of later collections' way
            if collecting:
                gc.enable()

    @classmethod
    def _read(cls, text: object, seconds: float, warm: bool
              ) -> Generator[tuple[int, int], None, Table]:
        saved = read_save(text)
        actions = saved.record.actions
        try:
            table = cls(replace(saved.record, actions=[]), saved.kinds, saved.speed)
            for done in table.driver.replaying(actions, seconds=seconds):
                yield done, len(actions)
        except SaveError:
            raise
        except InvalidRecordError as e:
            if e.index is not None:
                raise SaveError("move", str(e), index=e.index, number=e.index + 1) from None
            raise SaveError("field", str(e)) from None
        if saved.over is not None and saved.over != table.over:
            raise SaveError("field", "over does not match the game")
        if saved.ack_round and saved.ack_round > table.round:
            raise SaveError("field", "ack_round is after the game's round")
        table.ack_round = saved.ack_round or table.round
        table.saved_at = saved.saved_at
        if saved.key is not None:
            table.key = saved.key
        if warm and actions and seconds != math.inf:  # a long log is copied for its reader,
            seat = table.viewer()  # then worded, each in a slice of its own
            yield len(actions), len(actions)
            table._view(seat)
            yield len(actions), len(actions)
            # its game's presenter may not be there yet (the page's later archive, fetched
            # before the table shows): then the view is worded when shown
            with contextlib.suppress(ImportError):
                table.view(seat)
        return table

    # ----------------------------------------------------------------- queries

    @property
    def record(self) -> GameRecord:
        """The game record (seed, names, options, action codes so far)."""
        return self.driver.record

    @property
    def kinds(self) -> list[str]:
        """Seat kinds (``human`` or a bot level)."""
        return self.driver.kinds

    @property
    def names(self) -> list[str]:
        """Display names: a typed one as typed, a default one (empty in the record, or an
        earlier version's English default) in the language in use
        (:func:`seasalt.ssp.present.seat_names`)."""
        return seat_names(self.driver.names, self.kinds)

    def typed_names(self) -> list[str]:
        """The names the players typed, ``""`` for a default one (as the record keeps
        them: :func:`seasalt.ssp.present.typed_names`)."""
        return typed_names(self.driver.names, self.kinds)

    @property
    def state(self) -> Any:
        """The engine state, for tests only (the page reads :meth:`view`)."""
        return self.driver.state

    @property
    def ply(self) -> int:
        """Actions applied so far (what :meth:`submit` expects)."""
        return self.driver.ply

    @property
    def current(self) -> int:
        """The seat to move (-2 when the game is over)."""
        return self.driver.current

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.driver.over

    @property
    def round_screen(self) -> bool:
        """Whether the page stops between rounds on a round-over screen (Sea Salt &
        Paper); Fruits de mer shows each round's reveal on its table and plays on."""
        return page_game(self.game).round_screen

    @property
    def round(self) -> int:
        """The round in play (from 1; the last round once the game is over)."""
        return int(self.driver.view(None, log=False).round)  # no log: read after every bot move

    def is_bot_turn(self) -> bool:
        """Whether a bot must act now: on its turn, or (:attr:`choices`) a bot's pick
        ahead of its turn (:meth:`seasalt.web.choices.Choices.early_bot`)."""
        return self.driver.is_bot_turn() or (self.choices is not None
                                             and self.choices.early_bot() is not None)

    def _early(self) -> bool:
        """Whether the bot decision to make now is a pick ahead of its turn."""
        return self.choices is not None and not self.driver.is_bot_turn()

    def humans(self) -> list[int]:
        """Seats played by people on this device (a friend's seat, :attr:`remote`, is
        played on the friend's own device)."""
        return [s for s in self.driver.humans() if s not in self.remote]

    @property
    def choices(self) -> Choices | None:
        """Picks held before their turn (phones, simultaneous: :mod:`~seasalt.web.choices`)."""
        if self._choices is None and self.remote and at_once(self.driver):
            self._choices = Choices(self.driver)
        return self._choices

    def viewer(self) -> int | None:
        """The seat whose eyes the table shows now.

        The human to move; else, with one human, that human; else (hot-seat
        between bot turns, or no human at all) ``None``: the public view.
        """
        c = self.current
        if c >= 0 and self.kinds[c] == HUMAN and c not in self.remote:
            return c
        hs = self.humans()
        return hs[0] if len(hs) == 1 else None

    def _view(self, seat: int | None) -> Any:
        """The engine's view of ``seat``, kept until the next action."""
        if self._views_ply != self.ply:
            self._views = {}
            self._views_ply = self.ply
        v = self._views.get(seat)
        if v is None:
            v = self._views[seat] = self.driver.view(seat)
        return v

    def resume_view(self) -> dict[str, Any]:
        """What the saves' list words a saved game from (:func:`resume_game`,
        :func:`resume_summary`): the spectator's facts of Sea Salt & Paper
        (:func:`seasalt.ssp.present.page_payload.facts`) from a view without the log
        (the list shows none of the table, and a long game's log is long to copy); of
        Fruits de mer, only its ``game``, ``names``, ``round`` and ``seats``' ``score``,
        from the engine's view (its presenter comes with its table, fetched later)."""
        return page_game(self.game).facts(self.driver.view(None, log=False), self.names,
                                          self.kinds, self.speed)

    def seat_view(self, seat: int) -> dict[str, Any]:
        """The engine's view of ``seat`` as plain data (``Game.view_to_dict``: what that
        seat may know, its redacted log included), for a friend's device playing that
        seat (:mod:`seasalt.web.remote`), which words it into :meth:`view`'s payload."""
        view = self._view(seat) if self.choices is None else self.choices.view(
            self._view(seat), seat)
        return self.driver.game.view_to_dict(view)

    def view(self, seat: int | None, selection: Sequence[int] = ()) -> dict[str, Any]:
        """Everything the page shows for ``seat`` (``None``: spectator), JSON-ready: its
        game's presenter payload, which carries ``game`` (:data:`SSP` or :data:`FDM`).

        Sea Salt & Paper: :func:`seasalt.ssp.present.page_payload.payload` (every
        :class:`~seasalt.ssp.view.View` field and every word of the table), its
        decision panel, hand and piles worded for ``selection`` (the hand cards, or
        the drawn card to keep, selected on the page), its Undo for
        :meth:`undo_code`. Fruits de mer: :func:`seasalt.fdm.present.page.payload`
        (``selection`` is not used).
        """
        view: View = self._view(seat) if self.choices is None else self.choices.view(
            self._view(seat), seat)
        return mark_away(page_game(self.game).payload(
            view, self.names, self.kinds, self.speed, selection=selection,
            lines=lambda: self._log_lines(seat, view.log),
            undo=lambda: None if seat is None else self.undo_code(seat),
            pause_ms=SPEEDS.get(self.speed), shared=len(self.humans()) > 1), self.away_seats())

    def _log_lines(self, seat: int | None, events: Sequence[Mapping[str, Any]]
                   ) -> list[dict[str, Any]]:
        """``seat``'s log as ``[{"text", "round"}]``, its last :data:`LOG_LINES` events
        only (the payload's ``log`` holds them all: the page counts from there); lines
        already worded are kept (the log only grows, and an event's words for a seat
        never change), per language and names (a switch or a new name: worded anew)."""
        key = (i18n.language(), seat, tuple(self.driver.names))  # (a friend renamed)
        first = max(0, len(events) - LOG_LINES)
        start, lines = self._lines.get(key, (first, []))
        if not start <= first <= start + len(lines) <= len(events):
            start, lines = first, []  # shorter (undone), or too far behind: anew
        new = events[start + len(lines):]
        lines += [{"text": line, "round": e["type"] in ROUND_EVENTS}
                  for e, line in zip(new, log_lines(new, self.names, seat), strict=True)]
        del lines[:first - start]
        self._lines[key] = (first, lines)
        return list(lines)

    # ----------------------------------------------------------------- acting

    def submit(self, seat: int, ply: int, code: str) -> None:
        """A person's action: checked, applied, recorded.

        Args:
            seat: the acting seat.
            ply: the ``ply`` of the view the action was chosen from.
            code: the action's code (``legal[i]["code"]``).

        Raises:
            IllegalActionError: stale ``ply`` (``Reason.STALE``), not this
                seat's turn, game over, or an illegal action; nothing changes.
            InvalidActionError: ``code`` is not an action.
        With :attr:`choices`: :meth:`seasalt.web.choices.Choices.choose`.
        """
        if self.choices is not None:
            self.choices.choose(seat, ply, code)
            return
        self.driver.submit(seat, ply, code)
        if (seat, ply) in self._suggested:  # the coach was asked for this decision
            self._suggested.discard((seat, ply))
            self.add_notes([{"ply": ply, "seat": seat, "kind": "suggest"}])

    def _held(self, seat: int | None) -> tuple[int, str | None]:
        """``seat``, by default the person to move or this device's person when a pick
        of theirs is held (:attr:`choices`); and that seat's held pick, if any."""
        held = self.choices.held if self.choices is not None else {}
        if seat is None:
            v = self.viewer()
            seat = v if v is not None and v in held else self.current
        return seat, held.get(seat)

    def can_undo(self, seat: int | None = None) -> bool:
        """Whether ``seat`` (default: see :meth:`_held`) may take back its last decision
        now (issue 12; :meth:`seasalt.core.table.Table.undo_target`): a pick held before
        its turn; else still its turn, the last action its own and it revealed nothing
        (no draw, look, steal or new deal)."""
        c, held = self._held(seat)
        return held is not None or (c == self.current and c >= 0 and self.kinds[c] == HUMAN
                                    and self.driver.undo_target(c) is not None)

    def undo_code(self, seat: int | None = None) -> str | None:
        """The code of the decision :meth:`undo` would take back (for the Undo button's
        words), or ``None`` when nothing can be undone."""
        c, held = self._held(seat)
        return held or (self.record.actions[-1] if self.can_undo(c) else None)

    def undo(self, seat: int | None = None) -> None:
        """Take back ``seat``'s last decision (see :meth:`can_undo`); the record keeps
        only what stands.

        Raises:
            IllegalActionError: nothing can be undone now; nothing changes.
        """
        c, held = self._held(seat)
        if not self.can_undo(c):
            raise IllegalActionError(_("there is no decision of yours to take back"))
        if held is not None and self.choices is not None:
            self.choices.withdraw(c)
            return
        self.driver.undo(c)
        self._views = {}
        self._views_ply = -1
        self._lines.clear()  # the log is shorter now: word it anew

    # ----------------------------------------------------------------- the coach

    def can_suggest(self) -> bool:
        """Whether the coach can suggest now: a person of Sea Salt & Paper is to move
        with more than one legal action."""
        c = self.current
        return (page_game(self.game).coach and c >= 0 and self.kinds[c] == HUMAN
                and len(self.driver.legal()) > 1)

    def note_suggested(self, seat: int, ply: int) -> None:
        """Note that the coach was asked about the decision of ``seat`` at ``ply``
        (:meth:`seasalt.web.coach.Suggestion.words`): once that person plays it, the
        record gets a ``suggest`` note on it (:meth:`submit`)."""
        self._suggested.add((seat, ply))

    def add_notes(self, notes: Sequence[Mapping[str, Any]],
                  replace_plies: Sequence[int] = ()) -> None:
        """Add ``notes`` to the record (kept in ply order), first dropping the review
        notes on ``replace_plies`` (a round reviewed again); a note on a ply not
        played yet is refused (``ValueError``)."""
        gone = set(replace_plies)
        for n in notes:
            if not 0 <= int(n["ply"]) < self.ply:
                raise ValueError(f"a note on ply {n['ply']}, not played yet")
        kept = [n for n in self.record.notes
                if not (n.get("kind") == "review" and n["ply"] in gone)]
        self.record.notes = sorted([*kept, *(dict(n) for n in notes)],
                                   key=lambda n: int(n["ply"]))

    def notes(self) -> list[dict[str, Any]]:
        """The record's notes (the coach's marks and suggestions; see
        :mod:`seasalt.ssp.present.coach` for their shape)."""
        return [dict(n) for n in self.record.notes]

    def think_request(self) -> dict[str, Any] | None:
        """The searching bot's decision as plain data, for the page's web worker
        (:meth:`seasalt.core.table.Table.think_request`; :func:`seasalt.web.worker.think`
        answers it), or ``None``: no Hard bot is to move, or it has no choice. With
        :attr:`choices`, a bot's pick ahead of its turn when no bot is to move
        (:meth:`seasalt.web.choices.Choices.think_request`: its turn's ply and view)."""
        if self.choices is not None and self._early():
            return self.choices.think_request()
        return self.driver.think_request()

    def deciding(self, seat: int, ply: int) -> bool:
        """Whether the decision of ``seat``'s bot at ``ply`` (a :meth:`think_request`'s)
        is still to make: the table at that ply with that seat to move, or (with
        :attr:`choices`) its pick ahead of that turn still to make."""
        if self.ply == ply and self.current == seat:
            return True
        return self.choices is not None and self.choices.deciding(seat, ply)

    def play_thought(self, seat: int, ply: int, code: str, seconds: float = 0.0) -> None:
        """Play the web worker's answer to :meth:`think_request` as the bot's decision
        (:meth:`seasalt.core.table.Table.play_thought`).

        Raises:
            IllegalActionError: the decision is no longer current (``Reason.STALE``:
                another ply; another seat, the game over) or the action is not legal;
                nothing changes.
            InvalidActionError: ``code`` is not an action.
        With :attr:`choices`, a pick ahead of its turn is held instead.
        """
        if self.choices is not None and self.choices.play_thought(seat, ply, code, seconds):
            return
        self.driver.play_thought(seat, ply, code, seconds)
        if self.choices is not None:  # the picks held whose turn came, played
            self.choices.settle()

    def bot_step(self, max_seconds: float = 0.04) -> bool:
        """Let the bot to move think for a short slice; apply its action when decided.

        Call repeatedly (e.g. from a timer): each call works for at most about
        ``max_seconds``. The choice does not depend on the slicing, and the bot's
        seed comes from the game's seed, the seat and the ply, so a reloaded game
        plays on exactly as before.

        Returns:
            True when the bot has acted, False while it is still thinking.

        With :attr:`choices`, when no bot is to move, the bot of
        :meth:`seasalt.web.choices.Choices.early_bot` thinks its pick, held once made.

        Raises:
            IllegalActionError: no bot is to move (nor to pick early).
        """
        if self.choices is not None and self._early():
            return self.choices.bot_step(max_seconds)
        if (done := self.driver.bot_step(max_seconds)) and self.choices is not None:
            self.choices.settle()  # the picks held whose turn came, played
        return done
