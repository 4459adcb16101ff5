"""The one table driver: a game in progress with its seats, for every front end.

The web page, ``seasalt play`` and the arena all drive a game through a
:class:`Table`. It speaks to the game only through
:class:`seasalt.core.interface.Game`, so it works for any registered game, and to
its bots only through :class:`seasalt.core.interface.Bot`: it is handed them
(:mod:`seasalt.core.seats`), so the core imports no bot. Its **game record**
(:class:`~seasalt.core.record.GameRecord`) is the truth: the state is always
``record.replay()``. Each seat's **kind** is :data:`HUMAN` or a bot spec (``"easy"``,
``"expert:iterations=200"``).

API (``T`` a table; ``A`` the game's action type, ``V`` its view type)::

    T = Table.new("sea-salt-and-paper", seed=7, kinds=["human", "hard"],
                  names=["Ann", "Hard bot"], options={"extra_salt": True},
                  bots=seasalt.bots.BOT_MAKER)
    Table(game, record, kinds, *, bots=None, auto=False, bot_settings=None)  # replays it
    T.game, T.record, T.kinds, T.names, T.players, T.bots (the BotFactory asked)
    T.ply, T.current (TERMINAL when over), T.over, T.outcome, T.is_bot_turn(), T.humans()
    T.view(seat, *, log=True) -> V   # seat None: a spectator; the only way to display the game
    T.legal() -> list[A];  T.forced() -> A | None  # with auto: the only legal action
    T.submit(seat, ply, code) -> A   # a person's action code, checked, applied, recorded
    T.play(action) -> A              # an action object of the seat to move, checked
    T.bot_act() -> A;  T.bot_step(max_seconds) -> bool  # a bot's decision, whole or a slice
    T.think_request() -> dict | None;  T.play_thought(seat, ply, code, seconds=0.0) -> A
    T.advance(max_actions=None) -> int  # bots and forced actions until a person decides
    T.last_decision -> Decision | None  # seat, ply, action, seconds, asked
    T.save() -> dict;  Table.load(data, *, game=None, bots=None, auto=False)
    table = yield from Table.loading(data, ...)  # the same, replayed in slices (yields counts)
    T.replaying(codes) -> Iterator[int]  # recorded codes played on, checked, in slices
    T.truncate(ply);  T.undo_point(seat);  T.undo_target(seat);  T.undo(seat) -> int

``submit`` refuses, leaving the table unchanged: a ``ply`` other than the
table's (``IllegalActionError``, reason ``STALE``: the player clicked on an old
view), a game over (``GAME_OVER``), another seat's turn (``NOT_YOUR_TURN``),
an action the rules forbid (``NOT_AVAILABLE``, the game's own message); an
unparsable code raises ``InvalidActionError``.

**Bots** (:mod:`seasalt.core.seats`). Handed a maker, the table checks the seats'
specs with it and builds a fresh bot for each decision, seeded from
``f"{seed}:{seat}:{ply}"`` (:func:`per_decision_bots`), so a saved and reloaded game
plays on exactly as before, as the page needs; handed a factory (:func:`fixed_bots`:
one bot per seat, as the arena builds them), it asks the bot the factory answers;
handed neither, every seat must be a person's. A searching bot (``start(view,
legal)``) is stepped in slices by :meth:`Table.bot_step` (:mod:`seasalt.core.thinking`);
slicing never changes its choice. A bot that answers an action outside the legal
ones raises ``RuntimeError`` (a bug in the bot). With a maker,
:meth:`Table.think_request` gives a searching bot's decision as plain data, for
thinking it elsewhere (the page's web worker builds the same bot and makes the same
choice); :meth:`Table.play_thought` applies the answer, checked.

**Undo** (issue 12, :mod:`seasalt.core.undo`): a seat may take back its last decision
while it is still that seat's turn, that decision was its own and it revealed nothing.
The record then holds only what stands, so a save after an undo replays to the same
state. The save form, saving and loading (in one go or in slices) are
:mod:`seasalt.core.saves`' (:class:`~seasalt.core.saves.Stored`, which the table
inherits). This module names again what its callers need from those modules
(``__all__``).

**Simultaneous games** (``GameInfo.dynamics``) present their choices one seat
after the other through ``current_player``, each hidden from the others' views
until all are in, so the table drives them exactly like sequential ones.

The state (``T.state``) belongs to the table: it may be replaced or updated in
place after any action; front ends read the game through :meth:`Table.view`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Generic, overload

from seasalt.core import safejson
from seasalt.core.errors import (
    IllegalActionError,
    InvalidRecordError,
    Reason,
    SeasaltError,
)
from seasalt.core.interface import TERMINAL, A, Game, Outcome, S, V
from seasalt.core.record import (
    SLICE_SECONDS,
    GameRecord,
    new_state,
    replay_actions,
    replay_slices,
)
from seasalt.core.saves import SAVE_FORMAT, SAVE_VERSION, Stored
from seasalt.core.seats import (
    HUMAN,
    MAX_BOT_ITERATIONS,
    MAX_BOT_SECONDS,
    MAX_BOT_SETTING,
    MAX_KIND_CHARS,
    BotFactory,
    BotMaker,
    Bots,
    bot_spec,
    check_kind,
    decision_seed,
    fixed_bots,
    per_decision_bots,
    seat_bots,
)
from seasalt.core.thinking import Decision, Thinking, request, searches
from seasalt.core.undo import History

__all__ = [
    "HUMAN", "MAX_BOT_ITERATIONS", "MAX_BOT_SECONDS", "MAX_BOT_SETTING", "MAX_KIND_CHARS",
    "SAVE_FORMAT", "SAVE_VERSION", "BotFactory", "BotMaker", "Bots", "Decision", "Table",
    "bot_spec", "check_kind", "decision_seed", "fixed_bots", "per_decision_bots",
]


class Table(Stored, Generic[S, V, A]):
    """A game in progress with its seats (see the module docstring for the API).

    Args:
        game: the game.
        record: the game so far; replayed at once. ``record.seats`` holds the
            display names (padded with ``""`` when shorter than the seats).
        kinds: one per seat: :data:`HUMAN` or a bot spec.
        bots: how the table gets its bots: a :class:`~seasalt.core.seats.BotMaker`
            (the seats' specs checked with it, a bot built per decision by
            :func:`per_decision_bots` from the record's seed; the project's is
            ``seasalt.bots.BOT_MAKER``), a :class:`~seasalt.core.seats.BotFactory`
            (the bots it answers, e.g. :func:`fixed_bots`), or ``None``: no bots,
            every seat a person's.
        bot_settings: extra settings per seat kind for the bots a maker builds and
            :meth:`think_request` (:func:`bot_spec`); ignored with a factory.
        auto: play an only-legal action without asking anybody
            (:meth:`bot_act`, :meth:`bot_step`, :meth:`advance`).

    Attributes:
        bots: the :class:`~seasalt.core.seats.BotFactory` asked at each bot decision.

    Raises:
        ValueError: a bad seat kind or seat count, a bot's seat with no bots handed,
            or a record of another game.
        InvalidRecordError: the record does not replay (bad header or an
            illegal action; ``index`` names it).
    """

    def __init__(self, game: Game[S, V, A], record: GameRecord, kinds: Sequence[str], *,
                 bots: Bots | None = None, auto: bool = False,
                 bot_settings: Mapping[str, str] | None = None) -> None:
        names = (game.info.name, *game.info.aliases)
        if record.game not in names:
            raise ValueError(f"the record is of the game {record.game!r}, "
                             f"not {game.info.name!r}")
        if len(kinds) != record.players:
            raise ValueError(f"{len(kinds)} seat kinds for {record.players} players")
        self.game = game
        self.record = record
        #: extra bot settings per seat kind (:func:`bot_spec`)
        self.bot_settings: dict[str, str] = dict(bot_settings or {})
        self.kinds, self.bots = seat_bots(game, kinds, record.seed, bots, self.bot_settings)
        #: whether the bots are built per decision by a maker (``think_request``)
        self._seeded_bots = isinstance(bots, BotMaker)
        self.auto = auto
        #: the last action played by a bot or by ``auto`` (see :class:`Decision`).
        self.last_decision: Decision[A] | None = None
        self._thinking: Thinking[A] | None = None
        state, movers = self._replay(len(record.actions))
        self._history: History[S] = History(movers)
        self.state: S = state

    # ----------------------------------------------------------------- creation, saves

    @overload
    @classmethod
    def new(cls, game: Game[S, V, A], seed: int, kinds: Sequence[str],
            names: Sequence[str] = (), options: Mapping[str, Any] | None = None, *,
            bots: Bots | None = None, auto: bool = False) -> Table[S, V, A]: ...

    @overload
    @classmethod
    def new(cls, game: str, seed: int, kinds: Sequence[str],
            names: Sequence[str] = (), options: Mapping[str, Any] | None = None, *,
            bots: Bots | None = None, auto: bool = False) -> Table[Any, Any, Any]: ...

    @classmethod
    def new(cls, game: str | Game[Any, Any, Any], seed: int, kinds: Sequence[str],
            names: Sequence[str] = (), options: Mapping[str, Any] | None = None, *,
            bots: Bots | None = None, auto: bool = False) -> Table[Any, Any, Any]:
        """A new game.

        Args:
            game: a registered name (or alias) or a game object.
            seed: the game's seed (int).
            kinds: one per seat (:data:`HUMAN` or a bot spec).
            names: display names ('' or missing: empty).
            options: the game's options.
            bots, auto: as for :class:`Table`.

        Raises:
            ValueError: unknown game, bad seat count, kinds or options, a bot's seat
                with no bots handed.
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

    def _replay(self, upto: int) -> tuple[S, list[int]]:
        """The state after the record's first ``upto`` actions, each checked and applied
        in place (:func:`~seasalt.core.record.replay_actions`: linear in their number),
        and the seat to move before each of them."""
        state: S = new_state(self.game, self.record)
        movers: list[int] = []
        replay_actions(self.game, state, self.record.actions[:upto], movers=movers)
        return state, movers

    def replaying(self, actions: Sequence[str], *, seconds: float = SLICE_SECONDS
                  ) -> Iterator[int]:
        """Play recorded action codes after the record's, each checked, in slices of
        about ``seconds`` (:func:`~seasalt.core.record.replay_slices`), the record
        extended by each action applied: what :meth:`Stored.loading` replays a save
        with. The end is the table the whole record would build at once.

        Yields:
            How many of ``actions`` are applied so far, between two slices.

        Raises:
            InvalidRecordError: an action that cannot be parsed or is refused
                (``index``: its position in the record); the table then holds the
                actions before it.
        """
        first = len(self.record.actions)
        movers = self._history.movers
        self._thinking = None
        self.last_decision = None
        try:
            yield from replay_slices(self.game, self.state, actions[:-1], first=first,
                                     movers=movers, seconds=seconds)
            if actions:  # the last one keeping the state before it: undo needs no replay
                self._apply_keeping(actions[-1], first + len(actions) - 1)
        finally:  # the record holds what the state does (all, or up to a refusal)
            self.record.actions.extend(actions[:len(movers) - first])

    def _apply_keeping(self, code: str, index: int) -> None:
        """Apply the recorded action ``code`` (the record's action ``index``), checked,
        keeping the state before it for undo (:meth:`undo_target`).

        Raises:
            InvalidRecordError: as :func:`~seasalt.core.record.replay_actions` words it.
        """
        game, before = self.game, self.state
        try:
            seat = game.current_player(before)
            after = game.apply(before, game.parse_action(code))
        except (ValueError, SeasaltError) as e:
            raise InvalidRecordError(f"action {index} ({safejson.shown(code)}) is refused: "
                                     f"{e}", index=index) from None
        self._history.remember(seat, before)
        self._history.moved(seat)
        self.state = after

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
        return self._history.last_move(seat)

    def undo_target(self, seat: int) -> int | None:
        """The ply :meth:`undo` would go back to for ``seat``: ``ply - 1`` when the
        seat is to move now (its turn has not passed), the last action was its own
        and that action revealed nothing (``game.reveals``); else ``None`` (the last
        action was another seat's, or drew, looked, stole, shuffled, dealt; the game
        is over; nothing was played yet). See :meth:`seasalt.core.undo.History.target`.

        Raises:
            ValueError: ``seat`` is not a seat of this table.
        """
        if not 0 <= seat < self.players:
            raise ValueError(f"seat {seat} is not in a {self.players}-player game")
        return self._history.target(self.game, self.record.actions, seat, self.current,
                                    lambda ply: self._replay(ply)[0])

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
        self._go_back(target, self._history.before.get(target))
        return self.ply

    def _go_back(self, ply: int, state: S | None) -> None:
        """Drop the record's actions from ``ply`` on and what was kept about them (the
        notes on them included), to ``state`` when kept, else by a replay."""
        del self.record.actions[ply:]
        if state is None:
            state, self._history.movers = self._replay(ply)
        self.state = state
        self._history.cut(ply)
        self.record.notes = [n for n in self.record.notes if n["ply"] < ply]
        self._thinking = None
        self.last_decision = None

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
        self._history.remember(seat, self.state)
        self._history.moved(seat)
        self.record.actions.append(self.game.action_to_str(action))
        self.state = state
        self._thinking = None
        return action

    def _commit_trusted(self, seat: int, action: A) -> None:
        """Apply an action known to be among the current legal ones (in place)."""
        self.game.apply_in_place(self.state, action)
        self._history.moved(seat, in_place=True)  # no state before is kept
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
            thinking = self._thinking = Thinking(
                seat, ply, lambda: self.bots(seat, ply), lambda: self.view(seat, log=False),
                legal)
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
            worth sending: no bot is to move, the table's bots are not built by a
            maker (:func:`per_decision_bots`: the seed would not be theirs), fewer than
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
        if not searches(self.bots(seat, ply)):
            return None
        return request(self.game, bot_spec(self.kinds[seat], self.bot_settings),
                       decision_seed(self.record.seed, seat, ply), seat, ply,
                       self.view(seat, log=False), legal)

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
        self._go_back(ply, None)
