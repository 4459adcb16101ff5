"""The one table driver: a game in progress with its seats, for every front end.

The web page, ``seasalt play`` and the arena all drive a game through a
:class:`Table`. It speaks to the game only through
:class:`seasalt.core.interface.Game`, so it works for any registered game.

A table holds:

* the **game record** (:class:`~seasalt.core.record.GameRecord`: game, seed,
  seat names, options, the action codes so far), which is the truth: the
  state is always ``record.replay()``;
* the **seat kinds**: :data:`HUMAN` or a bot spec (``"easy"``, ``"hard"``,
  ``"expert:iterations=200"``, see :func:`seasalt.bots.parse_spec`);
* how bots are built (a :class:`BotFactory`) and whether an only-legal action
  is played without asking (``auto``).

API (``T`` a table; ``A`` the game's action type, ``V`` its view type)::

    T = Table.new("sea-salt-and-paper", seed=7, kinds=["human", "hard"],
                  names=["Ann", "Hard bot"], options={"extra_salt": True})
    Table(game, record, kinds, *, bots=None, auto=False, bot_settings=None)  # replays it

    T.game, T.record, T.kinds, T.names, T.players
    T.ply          # actions applied so far (== len(T.record.actions))
    T.current      # seat to move, or TERMINAL (-2) when over
    T.over         # bool;  T.outcome -> Outcome | None
    T.is_bot_turn(), T.humans() -> list[int]
    T.view(seat, *, log=True) -> V   # seat None: a spectator; the only way to display the game
    T.legal() -> list[A]  # the seat to move's legal actions (sorted; [] when over)
    T.forced() -> A | None  # with auto: the only legal action, else None

    T.submit(seat, ply, code) -> A   # a person's action code, checked, applied, recorded
    T.play(action) -> A              # an action object of the seat to move, checked
    T.bot_act() -> A                 # one whole bot decision (or the forced action)
    T.bot_step(max_seconds) -> bool  # a slice of a bot decision; True once it acted
    T.think_request() -> dict | None  # the searching bot's decision as plain data
    T.play_thought(seat, ply, code, seconds=0.0) -> A  # its answer, thought elsewhere
    T.advance(max_actions=None) -> int  # bots and forced actions until a person decides
    T.last_decision -> Decision | None  # seat, ply, action, seconds, asked

    T.save() -> dict;  Table.load(data, *, game=None, bots=None, auto=False)
    T.truncate(ply)         # the undo hook: back to an earlier ply (replays the record)
    T.undo_point(seat) -> int | None  # the last ply at which ``seat`` was to move
    T.undo_target(seat) -> int | None  # where ``seat``'s undo goes (the policy below)
    T.undo(seat) -> int               # take back ``seat``'s last decision

    HUMAN, check_kind(kind), decision_seed(seed, seat, ply),
    per_decision_bots(game, kinds, seed, settings), fixed_bots(bots)  # BotFactory makers
    bot_spec(kind, settings)  # a seat's spec with extra settings (the page's time cap)

``submit`` refuses, leaving the table unchanged: a ``ply`` other than the
table's (``IllegalActionError``, reason ``STALE``: the player clicked on an old
view), a game over (``GAME_OVER``), another seat's turn (``NOT_YOUR_TURN``),
an action the rules forbid (``NOT_AVAILABLE``, the game's own message); an
unparsable code raises ``InvalidActionError``.

**Bots.** A :class:`BotFactory` is called as ``factory(seat, ply)`` at each bot
decision and returns the bot to ask. Two are provided:
:func:`per_decision_bots` (the default: a fresh bot per decision, seeded from
``f"{seed}:{seat}:{ply}"``, so a saved and reloaded game plays on exactly as
before, as the page needs) and :func:`fixed_bots` (one bot per seat for the
whole game, as the arena builds them). A bot with ``start(view, legal)`` (the
expert's incremental search) is stepped in slices by :meth:`Table.bot_step`;
slicing never changes its choice. A bot that answers an action outside the
legal ones raises ``RuntimeError`` (a bug in the bot).

**Thinking elsewhere** (the page's web worker): with :func:`per_decision_bots`
(the default), :meth:`Table.think_request` gives a searching bot's decision as
plain data (the game, the seat's bot spec, the decision's seed, the seat's view
through ``Game.view_to_dict``, the legal actions' codes, the seat and the ply);
whoever builds the same bot from it (:func:`seasalt.web.worker.think`) makes the
same choice, and :meth:`Table.play_thought` applies it as that bot's decision,
checked: a decision that is no longer current (another ply or seat) or an action
that is not legal is refused, the table unchanged.

**Undo** (issue 12): a seat may take back its last decision while it is still that
seat's turn, that decision was its own and it revealed nothing (``game.reveals``:
no draw, look, steal, shuffle or new deal). One :meth:`undo` goes back one decision;
repeated, it walks back the seat's own run of decisions in its turn, never over a
revealing action nor another seat's (a bot's or another person's: in a hot-seat
game nothing from before the device was passed). The record then holds only what
stands, so a save after an undo replays to the same state.

**Simultaneous games** (``GameInfo.dynamics``) present their choices one seat
after the other through ``current_player``, each hidden from the others' views
until all are in, so the table drives them exactly like sequential ones.

The state (``T.state``) belongs to the table: it may be replaced or updated in
place after any action; front ends read the game through :meth:`Table.view`.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, overload

from seasalt.core import safejson
from seasalt.core.errors import (
    IllegalActionError,
    InvalidRecordError,
    Reason,
)
from seasalt.core.interface import TERMINAL, A, Game, Outcome, S, V
from seasalt.core.record import GameRecord, new_state, replay_actions

if TYPE_CHECKING:
    from seasalt.bots.base import Bot

#: The seat kind of a person (every other kind is a bot spec).
HUMAN: str = "human"
#: ``Table.save()``'s format tag.
SAVE_FORMAT: str = "seasalt-table"
#: ``Table.save()``'s format version.
SAVE_VERSION: int = 1

#: Builds the bot to ask for one decision: ``factory(seat, ply) -> Bot``.
BotFactory = Callable[[int, int], "Bot[Any, Any]"]


class _Search(Protocol):
    """An incremental decision (``seasalt.bots.expert.Search``)."""

    @property
    def done(self) -> bool: ...

    def step(self, max_iterations: int | None = None,
             max_seconds: float | None = None) -> int: ...

    def best(self) -> Any: ...


@dataclass(frozen=True, slots=True)
class Decision(Generic[A]):
    """The last action a bot (or the ``auto`` rule) played through the table.

    Attributes:
        seat: the seat that acted.
        ply: the ply the action was played at.
        action: the action played.
        seconds: wall-clock time of the decision (seconds): getting the bot,
            building its view and its thinking, summed over slices; 0 when
            not asked.
        asked: False when ``auto`` played the only legal action without asking.
    """

    seat: int
    ply: int
    action: A
    seconds: float
    asked: bool


#: The most seconds a bot spec may give a decision (``expert:time=S``).
MAX_BOT_SECONDS: float = 60.0
#: The most search iterations a bot spec may give a decision (``iterations=N``).
MAX_BOT_ITERATIONS: int = 100_000
#: The largest value of any other number in a bot spec (``noise``, ``mix``, ``c``).
MAX_BOT_SETTING: float = 100.0
#: The longest seat kind accepted.
MAX_KIND_CHARS: int = 100


def check_kind(kind: str) -> str:
    """A seat kind, checked: :data:`HUMAN` or a bot spec whose numbers are finite and
    bounded (``time`` at most :data:`MAX_BOT_SECONDS`, ``iterations`` at most
    :data:`MAX_BOT_ITERATIONS`, any other number from 0 to :data:`MAX_BOT_SETTING`),
    so that no decision can run for ever.

    Raises:
        ValueError: not ``human`` and not a bot spec, or a number out of bounds (the
            message says why and names the spec, cut to a readable length).
    """
    if not isinstance(kind, str) or len(kind) > MAX_KIND_CHARS:
        raise ValueError(f"a seat kind must be a bot spec of at most {MAX_KIND_CHARS} "
                         f"characters, not {safejson.shown(kind)}")
    if kind == HUMAN:
        return kind
    from seasalt.bots.registry import parse_spec  # bots load only when needed

    name, settings = parse_spec(kind)
    for key, value in settings.items():
        if isinstance(value, bool) or not isinstance(value, int | float):
            continue
        high = (MAX_BOT_SECONDS if key == "time" else
                MAX_BOT_ITERATIONS if key == "iterations" else MAX_BOT_SETTING)
        if not (math.isfinite(value) and 0 <= value <= high):
            raise ValueError(f"bad value {safejson.shown(value)} for {name} setting "
                             f"{key!r}: expected a number from 0 to {high:g}")
    return kind


def decision_seed(seed: int, seat: int, ply: int) -> int:
    """The seed of the bot deciding for ``seat`` at ``ply`` in a game of ``seed``
    (:func:`per_decision_bots`): 32 bits from ``f"{seed}:{seat}:{ply}"``."""
    return random.Random(f"{seed}:{seat}:{ply}").getrandbits(32)


def bot_spec(kind: str, settings: Mapping[str, str] | None = None) -> str:
    """The bot spec a seat's bots are built from: its kind with the extra settings
    given for that kind, if any (``bot_spec("hard", {"hard": "time=0.25"})`` is
    ``"hard:time=0.25"``; a kind that has settings of its own keeps them, the
    extra ones after, so they win: ``"expert:iterations=50"`` with ``"time=1"``
    gives ``"expert:iterations=50,time=1"``).

    Args:
        kind: a bot spec (see :func:`seasalt.bots.registry.parse_spec`).
        settings: extra ``KEY=VALUE[,KEY=VALUE...]`` per kind; ``None``: none.
    """
    extra = (settings or {}).get(kind)
    if not extra:
        return kind
    return f"{kind},{extra}" if ":" in kind else f"{kind}:{extra}"


def per_decision_bots(game: Game[Any, Any, Any], kinds: Sequence[str],
                      seed: int, settings: Mapping[str, str] | None = None) -> BotFactory:
    """A factory building, for each decision, the seat's bot seeded by
    :func:`decision_seed` (the page's way: a reload replays identically).

    Args:
        game: the game; kinds: the seat kinds (bot specs for bot seats);
        seed: the game's seed.
        settings: extra bot settings per kind (:func:`bot_spec`), e.g. the page's
            cap on Hard's thinking time; ``None``: the kinds as they are.
    """
    specs = [bot_spec(k, settings) for k in kinds]

    def factory(seat: int, ply: int) -> Bot[Any, Any]:
        from seasalt.bots.registry import make_bot

        return make_bot(specs[seat], game, decision_seed(seed, seat, ply))

    return factory


def fixed_bots(bots: Sequence[Bot[Any, Any] | None]) -> BotFactory:
    """A factory answering always the same bot per seat (the arena's way).

    Args:
        bots: one per seat; ``None`` for a person's seat.

    Raises:
        ValueError: (when called) the seat has no bot.
    """
    seats = list(bots)

    def factory(seat: int, ply: int) -> Bot[Any, Any]:
        bot = seats[seat]
        if bot is None:
            raise ValueError(f"seat {seat} has no bot")
        return bot

    return factory


class _Thinking(Generic[A]):
    """One bot decision in progress."""

    def __init__(self, seat: int, ply: int, bot: Bot[Any, A], view: object,
                 legal: list[A]) -> None:
        self.seat = seat
        self.ply = ply
        self.legal = legal
        self.seconds = 0.0
        self.search: _Search | None = None
        self.action: A | None = None
        t0 = time.perf_counter()
        start = getattr(bot, "start", None)
        if start is not None:
            self.search = start(view, legal)
        else:
            self.action = bot.act(view, legal)
        self.seconds += time.perf_counter() - t0

    def step(self, max_seconds: float | None) -> A | None:
        """Work for up to ``max_seconds`` (``None``: to the end); the action once
        decided, else None."""
        if self.search is None:
            return self.action
        t0 = time.perf_counter()
        if not self.search.done and not self.search.step(max_seconds=max_seconds):
            self.search.step(max_iterations=1)  # every slice makes progress
        self.seconds += time.perf_counter() - t0
        if not self.search.done:
            return None
        best: A = self.search.best()
        return best


class Table(Generic[S, V, A]):
    """A game in progress with its seats (see the module docstring for the API).

    Args:
        game: the game.
        record: the game so far; replayed at once. ``record.seats`` holds the
            display names (padded with ``""`` when shorter than the seats).
        kinds: one per seat: :data:`HUMAN` or a bot spec.
        bots: builds the bots (default :func:`per_decision_bots` from the
            record's seed).
        bot_settings: extra settings per seat kind for the default bots and
            :meth:`think_request` (:func:`bot_spec`); ignored with ``bots``.
        auto: play an only-legal action without asking anybody
            (:meth:`bot_act`, :meth:`bot_step`, :meth:`advance`).

    Raises:
        ValueError: a bad seat kind or seat count, or a record of another game.
        InvalidRecordError: the record does not replay (bad header or an
            illegal action; ``index`` names it).
    """

    def __init__(self, game: Game[S, V, A], record: GameRecord, kinds: Sequence[str], *,
                 bots: BotFactory | None = None, auto: bool = False,
                 bot_settings: Mapping[str, str] | None = None) -> None:
        names = (game.info.name, *game.info.aliases)
        if record.game not in names:
            raise ValueError(f"the record is of the game {record.game!r}, "
                             f"not {game.info.name!r}")
        if len(kinds) != record.players:
            raise ValueError(f"{len(kinds)} seat kinds for {record.players} players")
        self.game = game
        self.record = record
        self.kinds: list[str] = [check_kind(k) for k in kinds]
        #: extra bot settings per seat kind (:func:`bot_spec`)
        self.bot_settings: dict[str, str] = dict(bot_settings or {})
        self.bots: BotFactory = bots or per_decision_bots(game, self.kinds, record.seed,
                                                          self.bot_settings)
        #: whether the bots are the default per-decision ones (``think_request``)
        self._seeded_bots = bots is None
        self.auto = auto
        #: the last action played by a bot or by ``auto`` (see :class:`Decision`).
        self.last_decision: Decision[A] | None = None
        self._thinking: _Thinking[A] | None = None
        self._movers: list[int] = []
        #: states before the actions of the current seat's run, by ply (for ``reveals``)
        self._before: dict[int, S] = {}
        self._undo_memo: tuple[int, int, int | None] | None = None
        self.state: S = self._replay(len(record.actions))

    # ----------------------------------------------------------------- creation, saves

    @overload
    @classmethod
    def new(cls, game: Game[S, V, A], seed: int, kinds: Sequence[str],
            names: Sequence[str] = (), options: Mapping[str, Any] | None = None, *,
            bots: BotFactory | None = None, auto: bool = False) -> Table[S, V, A]: ...

    @overload
    @classmethod
    def new(cls, game: str, seed: int, kinds: Sequence[str],
            names: Sequence[str] = (), options: Mapping[str, Any] | None = None, *,
            bots: BotFactory | None = None, auto: bool = False) -> Table[Any, Any, Any]: ...

    @classmethod
    def new(cls, game: str | Game[Any, Any, Any], seed: int, kinds: Sequence[str],
            names: Sequence[str] = (), options: Mapping[str, Any] | None = None, *,
            bots: BotFactory | None = None, auto: bool = False) -> Table[Any, Any, Any]:
        """A new game.

        Args:
            game: a registered name (or alias) or a game object.
            seed: the game's seed (int).
            kinds: one per seat (:data:`HUMAN` or a bot spec).
            names: display names ('' or missing: empty).
            options: the game's options.
            bots, auto: as for :class:`Table`.

        Raises:
            ValueError: unknown game, bad seat count, kinds or options.
        """
        if isinstance(game, str):
            from seasalt.core.registry import load_game

            game = load_game(game)
        labels = [str(x) for x in names][: len(kinds)]
        labels += [""] * (len(kinds) - len(labels))
        record = GameRecord(game.info.name, seed, len(kinds), labels,
                            dict(options or {}), [])
        try:
            return Table(game, record, kinds, bots=bots, auto=auto)
        except InvalidRecordError as e:  # new_game refused the header
            raise ValueError(str(e).removeprefix("bad record header: ")) from None

    def save(self, *, seal: bool | None = None) -> dict[str, Any]:
        """The game as a JSON-ready dict: ``{"format": "seasalt-table", "version":
        1, "kinds": [...], "record": {...}}`` (see :meth:`load`).

        Args:
            seal: keep the record out of sight (:func:`seasalt.core.sealed.seal`: the
                seed and the actions are not readable text); ``None`` (the default):
                when the game is not over and more than one seat is a person's (one
                player must not read another's hand off the save), as
                :meth:`secret` says.
        """
        record: dict[str, Any] = self.record.to_dict()
        if self.secret() if seal is None else seal:
            from seasalt.core import sealed

            record = sealed.seal(record)
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "kinds": list(self.kinds),
                "record": record}

    def secret(self) -> bool:
        """Whether the record must be kept out of sight at rest: the game is not over
        and more than one seat is a person's (hot seat)."""
        return not self.over and len(self.humans()) > 1

    @classmethod
    def load(cls, data: Any, *, game: Game[Any, Any, Any] | None = None,
             bots: BotFactory | None = None, auto: bool = False) -> Table[Any, Any, Any]:
        """Restore a table saved by :meth:`save`.

        Args:
            data: the saved dict.
            game: the game object (default: the registry's, by the record's name).
            bots, auto: as for :class:`Table` (not saved: they are code).

        Raises:
            InvalidRecordError: not a saved table, another version, a record that is
                malformed or sealed and does not open
                (:func:`~seasalt.core.replay.read_record`), bad seat kinds (a bot spec
                out of bounds: :func:`check_kind`), unknown game, or a record that does
                not replay (``index`` names the action); never another error.
        """
        if not isinstance(data, Mapping) or data.get("format") != SAVE_FORMAT:
            raise InvalidRecordError("not a saved seasalt table")
        if data.get("version") != SAVE_VERSION:
            raise InvalidRecordError(f"unsupported saved table version "
                                     f"{safejson.shown(data.get('version'))}")
        from seasalt.core.replay import read_record

        record = read_record(data.get("record"))
        kinds = data.get("kinds")
        if (not isinstance(kinds, list) or len(kinds) != record.players
                or not all(isinstance(k, str) for k in kinds)):
            raise InvalidRecordError("the saved table has bad seat kinds")
        if game is None:
            from seasalt.core.registry import load_game

            try:
                game = load_game(record.game)
            except ValueError as e:
                raise InvalidRecordError(str(e)) from None
        try:
            return Table(game, record, kinds, bots=bots, auto=auto)
        except InvalidRecordError:
            raise
        except ValueError as e:
            raise InvalidRecordError(f"the saved table is refused: {e}") from None

    def _replay(self, upto: int) -> S:
        """The state after the record's first ``upto`` actions, each checked and applied
        in place (:func:`~seasalt.core.record.replay_actions`: linear in their number);
        fills ``_movers``."""
        state: S = new_state(self.game, self.record)
        movers: list[int] = []
        replay_actions(self.game, state, self.record.actions[:upto], movers=movers)
        self._movers = movers
        return state

    # ----------------------------------------------------------------- queries

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.record.players

    @property
    def names(self) -> list[str]:
        """Display names, one per seat ('' when none was given)."""
        names = list(self.record.seats)[: self.players]
        return names + [""] * (self.players - len(names))

    @property
    def ply(self) -> int:
        """Actions applied so far: what :meth:`submit` expects as ``ply``."""
        return len(self.record.actions)

    @property
    def current(self) -> int:
        """The seat to move, or :data:`~seasalt.core.interface.TERMINAL` when over."""
        return self.game.current_player(self.state)

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.current == TERMINAL

    @property
    def outcome(self) -> Outcome | None:
        """The result once over, else ``None``."""
        return self.game.outcome(self.state)

    def is_bot_turn(self) -> bool:
        """Whether a bot is to move."""
        c = self.current
        return c >= 0 and self.kinds[c] != HUMAN

    def humans(self) -> list[int]:
        """The seats played by people."""
        return [i for i, k in enumerate(self.kinds) if k == HUMAN]

    def view(self, seat: int | None, *, log: bool = True) -> V:
        """What ``seat`` may know now (``None``: a spectator), for display: with
        the seat's redacted log unless ``log=False``. Bots are handed views
        without the log."""
        return self.game.view(self.state, seat, log=log)

    def legal(self) -> list[A]:
        """The legal actions of the seat to move (sorted; empty when over)."""
        return self.game.legal_actions(self.state)

    def forced(self) -> A | None:
        """With ``auto``: the only legal action when there is exactly one (played
        without asking); otherwise ``None``."""
        if not self.auto or self.over:
            return None
        legal = self.legal()
        return legal[0] if len(legal) == 1 else None

    def undo_point(self, seat: int) -> int | None:
        """The last ply before now at which ``seat`` was to move (for
        :meth:`truncate`), or ``None`` when it has not moved yet."""
        for p in range(len(self._movers) - 1, -1, -1):
            if self._movers[p] == seat:
                return p
        return None

    def undo_target(self, seat: int) -> int | None:
        """The ply :meth:`undo` would go back to for ``seat``: ``ply - 1`` when the
        seat is to move now (its turn has not passed), the last action was its own
        and that action revealed nothing (``game.reveals``); else ``None`` (the last
        action was another seat's, or drew, looked, stole, shuffled, dealt; the game
        is over; nothing was played yet).

        Raises:
            ValueError: ``seat`` is not a seat of this table.
        """
        if not 0 <= seat < self.players:
            raise ValueError(f"seat {seat} is not in a {self.players}-player game")
        ply = self.ply
        memo = self._undo_memo
        if memo is not None and memo[0] == ply and memo[1] == seat:
            return memo[2]
        target: int | None = None
        if ply > 0 and self.current == seat and self._movers[ply - 1] == seat:
            before = self._before.get(ply - 1)
            if before is None:
                before = self._state_at(ply - 1)
            action = self.game.parse_action(self.record.actions[ply - 1])
            if not self.game.reveals(before, action):
                target = ply - 1
        self._undo_memo = (ply, seat, target)
        return target

    def undo(self, seat: int) -> int:
        """Take back ``seat``'s last decision (see :meth:`undo_target`).

        Returns:
            The ply the table is now at.

        Raises:
            IllegalActionError: nothing to undo for ``seat`` (``NOT_AVAILABLE``);
                the table is unchanged.
        """
        target = self.undo_target(seat)
        if target is None:
            raise IllegalActionError(f"seat {seat} has no decision to take back",
                                     reason=Reason.NOT_AVAILABLE)
        before = self._before.get(target)
        if before is not None:  # no replay: the state before is kept
            del self.record.actions[target:]
            del self._movers[target:]
            self.state = before
            self._forget_after(target)
            self._thinking = None
            self.last_decision = None
        else:
            self.truncate(target)
        return self.ply

    def _state_at(self, ply: int) -> S:
        """The state after the record's first ``ply`` actions (a replay; ``_movers``
        unchanged)."""
        movers = self._movers
        try:
            return self._replay(ply)
        finally:
            self._movers = movers

    def _forget_after(self, ply: int) -> None:
        """Drop what was kept about plies from ``ply`` on (after going back), the
        record's notes on those plies included (their actions are gone)."""
        self._before = {p: s for p, s in self._before.items() if p < ply}
        self._undo_memo = None
        self.record.notes = [n for n in self.record.notes if n["ply"] < ply]

    def _remember(self, seat: int, state: S) -> None:
        """Keep ``state`` (before the action at ``self.ply``) while ``seat``'s run goes on."""
        ply = self.ply
        if ply > 0 and self._movers[ply - 1] != seat:
            self._before.clear()
        self._before[ply] = state

    # ----------------------------------------------------------------- acting

    def submit(self, seat: int, ply: int, code: str) -> A:
        """A person's action: checked, applied and recorded.

        Args:
            seat: the acting seat.
            ply: the ``ply`` of the view the action was chosen from.
            code: the action's code (``game.action_to_str`` form).

        Returns:
            The action applied.

        Raises:
            IllegalActionError: ``ply`` is not the table's (``Reason.STALE``),
                the game is over (``GAME_OVER``), another seat is to move
                (``NOT_YOUR_TURN``) or the rules forbid it (``NOT_AVAILABLE``);
                the table is unchanged.
            InvalidActionError: ``code`` is not an action of this game.
        """
        current = self._still_current(ply, code, "action")
        if current != seat:
            raise IllegalActionError(f"it is not seat {seat}'s turn but seat {current}'s",
                                     reason=Reason.NOT_YOUR_TURN, action=code)
        return self.play(self.game.parse_action(code))

    def _still_current(self, ply: int, code: str, what: str) -> int:
        """The seat to move, if an ``what`` (``"action"``, ``"decision"``) chosen at
        ``ply`` can still be played: the table is at that ply and the game goes on.

        Raises:
            IllegalActionError: ``Reason.STALE`` or ``Reason.GAME_OVER``.
        """
        if ply != self.ply:
            raise IllegalActionError(f"stale {what}: the table moved on (ply {self.ply}, "
                                     f"not {ply})", reason=Reason.STALE, action=code)
        current = self.current
        if current == TERMINAL:
            raise IllegalActionError("the game is over", reason=Reason.GAME_OVER, action=code)
        return current

    def play(self, action: A) -> A:
        """Apply an action of the seat to move (checked) and record it.

        Returns:
            ``action``.

        Raises:
            IllegalActionError: the game is over or the rules forbid it; the
                table is unchanged.
        """
        seat = self.current
        if seat == TERMINAL:
            raise IllegalActionError("the game is over", reason=Reason.GAME_OVER,
                                     action=action)
        state = self.game.apply(self.state, action)
        self._remember(seat, self.state)
        self._movers.append(seat)
        self.record.actions.append(self.game.action_to_str(action))
        self.state = state
        self._thinking = None
        return action

    def _commit_trusted(self, seat: int, action: A) -> None:
        """Apply an action known to be among the current legal ones (in place)."""
        self._before.clear()  # the state is changed in place: no state before is kept
        self.game.apply_in_place(self.state, action)
        self._movers.append(seat)
        self.record.actions.append(self.game.action_to_str(action))
        self._thinking = None

    def _play_forced(self) -> bool:
        action = self.forced()
        if action is None:
            return False
        seat, ply = self.current, self.ply
        self._commit_trusted(seat, action)
        self.last_decision = Decision(seat, ply, action, 0.0, False)
        return True

    def bot_act(self) -> A:
        """One whole decision of the bot to move, applied and recorded (with
        ``auto`` and a single legal action: that action, the bot not asked).

        Returns:
            The action played (also in :attr:`last_decision`).

        Raises:
            IllegalActionError: no bot is to move (``NOT_YOUR_TURN``, or
                ``GAME_OVER``).
            RuntimeError: the bot chose an action that is not legal.
        """
        while not self.bot_step(None):
            pass
        assert self.last_decision is not None
        return self.last_decision.action

    def bot_step(self, max_seconds: float | None = 0.04) -> bool:
        """Let the bot to move think for a slice; apply its action once decided.

        Call repeatedly (e.g. from a timer): with a bot that has ``start`` each
        call works for about ``max_seconds`` at most (``None``: to the end);
        others decide in one call. The choice never depends on the slicing.

        Returns:
            True when the bot has acted (see :attr:`last_decision`), False
            while it is still thinking.

        Raises:
            IllegalActionError: no bot is to move (``NOT_YOUR_TURN``, or
                ``GAME_OVER``).
            RuntimeError: the bot chose an action that is not legal.
        """
        seat = self.current
        if seat == TERMINAL:
            raise IllegalActionError("the game is over", reason=Reason.GAME_OVER)
        if self.kinds[seat] == HUMAN:
            raise IllegalActionError(f"seat {seat} is a person's, not a bot's",
                                     reason=Reason.NOT_YOUR_TURN)
        thinking = self._thinking
        if thinking is None or thinking.ply != self.ply:
            ply, legal = self.ply, self.legal()
            if self.auto and len(legal) == 1:
                self._commit_trusted(seat, legal[0])
                self.last_decision = Decision(seat, ply, legal[0], 0.0, False)
                return True
            t0 = time.perf_counter()
            bot = self.bots(seat, ply)
            view = self.view(seat, log=False)
            setup = time.perf_counter() - t0
            thinking = self._thinking = _Thinking(seat, ply, bot, view, legal)
            thinking.seconds += setup
        action = thinking.step(max_seconds)
        if action is None:
            return False
        if action not in thinking.legal:
            raise RuntimeError(f"the bot in seat {seat} ({self.kinds[seat]!r}) chose the "
                               f"illegal action {action!r}")
        self._commit_trusted(seat, action)
        self.last_decision = Decision(seat, thinking.ply, action, thinking.seconds, True)
        return True

    def think_request(self) -> dict[str, Any] | None:
        """The decision of the bot to move as plain data, for thinking it elsewhere
        (a web worker) with the bot the table would build.

        Returns:
            ``{"game": name, "spec": the seat's bot spec (:func:`bot_spec`), "seed": its
            :func:`decision_seed`, "seat", "ply", "view": the seat's view without
            the log (``Game.view_to_dict``), "legal": the legal actions' codes in
            the table's order}``, JSON-ready; or ``None`` when there is nothing
            worth sending: no bot is to move, the table's bots are not
            :func:`per_decision_bots` (the seed would not be theirs), fewer than
            two actions are legal, or the seat's bot does not search (it has no
            ``start``: it decides at once, as :meth:`bot_step` does).
        """
        seat = self.current
        if seat == TERMINAL or self.kinds[seat] == HUMAN or not self._seeded_bots:
            return None
        legal = self.legal()
        if len(legal) < 2:
            return None
        ply = self.ply
        if getattr(self.bots(seat, ply), "start", None) is None:
            return None
        game = self.game
        return {"game": game.info.name, "spec": bot_spec(self.kinds[seat], self.bot_settings),
                "seed": decision_seed(self.record.seed, seat, ply), "seat": seat, "ply": ply,
                "view": game.view_to_dict(self.view(seat, log=False)),
                "legal": [game.action_to_str(a) for a in legal]}

    def play_thought(self, seat: int, ply: int, code: str, seconds: float = 0.0) -> A:
        """Apply the answer to a :meth:`think_request` as the bot's decision
        (recorded in :attr:`last_decision`, ``asked`` True, ``seconds`` the
        thinking time it took elsewhere).

        Args:
            seat, ply: the request's; code: the chosen action's code.
            seconds: how long the bot thought (for :attr:`last_decision`).

        Returns:
            The action played.

        Raises:
            IllegalActionError: the decision is no longer current: another ply
                (``Reason.STALE``), another seat or a person to move
                (``NOT_YOUR_TURN``), the game over (``GAME_OVER``); or the action
                is not legal (``NOT_AVAILABLE``). The table is unchanged.
            InvalidActionError: ``code`` is not an action of this game.
        """
        current = self._still_current(ply, code, "decision")
        if current != seat or self.kinds[seat] == HUMAN:
            raise IllegalActionError(f"seat {seat}'s bot is not to move (seat {current} is)",
                                     reason=Reason.NOT_YOUR_TURN, action=code)
        action = self.game.parse_action(code)
        if action not in self.legal():
            raise IllegalActionError(f"{code!r} is not a legal action now", action=code)
        self._commit_trusted(seat, action)
        self.last_decision = Decision(seat, ply, action, float(seconds), True)
        return action

    def advance(self, max_actions: int | None = None) -> int:
        """Play bots' decisions and (with ``auto``) forced actions until a person
        has a choice to make or the game is over.

        Args:
            max_actions: stop after this many actions (``None``: no limit).

        Returns:
            The number of actions played.
        """
        n = 0
        while (max_actions is None or n < max_actions) and not self.over:
            if self.is_bot_turn():
                self.bot_act()
            elif not self._play_forced():
                break
            n += 1
        return n

    def truncate(self, ply: int) -> None:
        """Go back to ``ply`` (the undo hook): drop the later actions of the
        record and replay it. Which ply to go back to is the caller's policy
        (see :meth:`undo_point`).

        Raises:
            ValueError: ``ply`` outside ``0..self.ply``.
        """
        if not 0 <= ply <= self.ply:
            raise ValueError(f"cannot go back to ply {ply}: the game is at ply {self.ply}")
        del self.record.actions[ply:]
        self.state = self._replay(ply)
        self._forget_after(ply)
        self._thinking = None
        self.last_decision = None
