"""The bridge between the web page and the engine: a table of seats around a game.

The page (``web/main.py``) holds no rule: it asks a :class:`Table` for a seat's
view as plain JSON-ready data (with the legal actions already described in
words), sends back the code of the action a player clicked together with the
``ply`` it was offered at, and lets bots think in small slices so the browser
stays responsive. Settings come from the new-game form or the URL query
(:func:`parse_query`); the game is saved as JSON (:meth:`Table.save`) after
every action and restored with :meth:`Table.load`.

Nothing here touches the DOM, so it is tested in plain CPython.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs

from seasalt.core.errors import IllegalActionError, InvalidRecordError, Reason, SeasaltError
from seasalt.core.errors import InvalidActionError as InvalidActionError  # for the page
from seasalt.core.record import GameRecord
from seasalt.ssp.actions import Action
from seasalt.ssp.cards import CARDS, KIND_OF, Category, Kind, deck_for, parse_event
from seasalt.ssp.game import GAME
from seasalt.ssp.scoring import breakdown
from seasalt.ssp.state import TARGETS, State, can_announce
from seasalt.ssp.text import describe_action, describe_event, events_for, seat_name

HUMAN = "human"
#: Seat kinds accepted in settings and URL queries (``you`` is a human too).
SEAT_KINDS: dict[str, str] = {"you": HUMAN, "human": HUMAN, "easy": "easy",
                              "medium": "medium", "hard": "hard"}
#: The new-game form's seat choices: (value, label), in menu order.
SEAT_CHOICES: tuple[tuple[str, str], ...] = (
    ("you", "You"), ("human", "Another human"), ("easy", "Easy bot"),
    ("medium", "Medium bot"), ("hard", "Hard bot"))
#: Bot pace: pause in milliseconds between two bot actions.
SPEEDS: dict[str, int] = {"slow": 1500, "normal": 800, "fast": 300, "instant": 0}
SAVE_FORMAT = "seasalt-save"

#: Short points/effect reminders printed on the cards (R4.2, R7.1), by type slug.
CARD_HINTS: dict[str, str] = {
    "crab": "Duo: search a discard pile",
    "boat": "Duo: extra turn",
    "fish": "Duo: draw a card",
    "swimmer": "Duo with a Shark: steal",
    "shark": "Duo with a Swimmer: steal",
    "mermaid": "1 pt per card of your best colour",
    "shell": "0 2 4 6 8 10",
    "octopus": "0 3 6 9 12",
    "penguin": "1 3 5",
    "sailor": "0 5",
    "lighthouse": "+1 per Boat",
    "shoal-of-fish": "+1 per Fish",
    "penguin-colony": "+2 per Penguin",
    "captain": "+3 per Sailor",
    # Extra Salt (RULES-EXPANSIONS.md A.3-A.7)
    "jellyfish": "Duo with a Swimmer: forced draws",
    "lobster": "Duo with a Crab: top 5",
    "cast-of-crabs": "+1 per Crab",
    "starfish": "+2 in a trio",
    "seahorse": "+1 collector",
}
#: The Extra Salt switch's values in a URL query (``extra-salt=1``).
SWITCH_VALUES: dict[str, bool] = {"1": True, "true": True, "0": False, "false": False}
#: What a Jellyfish forced turn is (A.3), for the single button it leaves.
FORCED_DRAW_TEXT = "Forced draw"
FORCED_DRAW_HINT = ("A Jellyfish forces this turn: you take the top card of the draw pile "
                    "and your turn ends.")
#: What an announcement means (R6.1, R6.2), shown next to its button.
ANNOUNCE_HINTS: dict[str, str] = {
    "stop": "The round ends now; everyone scores their card points.",
    "last-chance": ("Each opponent plays one last turn. Keep the most points to score them "
                    "plus your colour bonus; otherwise you score only your colour bonus."),
}


#: Log events of the Extra Pepper hand-out between rounds (B.4), for the round-over screen.
HANDOUT_EVENTS = frozenset({"event-lost", "event-given", "event-discarded", "event-reveal",
                            "event-deck-shuffled", "choose-event", "event-kept"})


def event_info(slug: str) -> dict[str, str]:
    """An Extra Pepper event's display data: ``slug``, ``title``, ``text`` (its rule) and
    ``goes_to`` (who receives it at round end: ``most`` or ``fewest`` points)."""
    e = parse_event(slug)
    return {"slug": e.slug, "title": e.title, "text": e.text,
            "goes_to": "most" if e.most else "fewest"}


class SettingsError(SeasaltError, ValueError):
    """New-game settings (form or URL query) that cannot be used; the message says why."""


@dataclass
class Settings:
    """What the new-game screen (or the URL) asks for.

    Attributes:
        seats: one kind per seat: ``human``, ``easy``, ``medium`` or ``hard`` (2-4).
        names: display names, one per seat ('' for a default).
        seed: the game's seed, or ``None`` for a random one.
        double_target: R11 double target.
        speed: a key of :data:`SPEEDS`.
        extra_salt: play with the Extra Salt expansion (66 cards, A.1).
        extra_pepper: play with the Extra Pepper events (B).
    """

    seats: list[str]
    names: list[str] = field(default_factory=list)
    seed: int | None = None
    double_target: bool = False
    speed: str = "normal"
    extra_salt: bool = False
    extra_pepper: bool = False

    @classmethod
    def from_form(cls, seats: Sequence[str], names: Sequence[str], seed: str = "",
                  target: str = "normal", speed: str = "normal",
                  extra_salt: bool = False, extra_pepper: bool = False) -> Settings:
        """Settings from the new-game form's raw values (text as typed).

        Args:
            seats: one seat kind per row (see :data:`SEAT_CHOICES`).
            names: one name per row ('' for a default).
            seed: the seed field's text ('' for a random seed).
            target: ``normal`` or ``double``.
            speed: a key of :data:`SPEEDS`.
            extra_salt: the Extra Salt switch (a checkbox).
            extra_pepper: the Extra Pepper switch (a checkbox).

        Raises:
            SettingsError: a readable message for any bad value.
        """
        text = str(seed).strip()
        if text and not text.isdigit():
            raise SettingsError(f"the seed must be a whole number, not {text!r}")
        if target not in ("normal", "double"):
            raise SettingsError(f"unknown target {target!r}: use normal or double")
        return cls(seats=list(seats), names=list(names), seed=int(text) if text else None,
                   double_target=target == "double", speed=speed, extra_salt=bool(extra_salt),
                   extra_pepper=bool(extra_pepper))

    def __post_init__(self) -> None:
        kinds = []
        for k in self.seats:
            kind = SEAT_KINDS.get(str(k).strip().lower())
            if kind is None:
                raise SettingsError(
                    f"unknown seat {k!r}: use you, human, easy, medium or hard")
            kinds.append(kind)
        if not 2 <= len(kinds) <= 4:
            raise SettingsError(f"Sea Salt & Paper is for 2 to 4 players, not {len(kinds)}")
        self.seats = kinds
        names = [str(x).strip()[:24] for x in self.names][: len(kinds)]
        self.names = names + [""] * (len(kinds) - len(names))
        if self.speed not in SPEEDS:
            raise SettingsError(f"unknown speed {self.speed!r}: use {', '.join(SPEEDS)}")
        if self.seed is not None and (isinstance(self.seed, bool) or not isinstance(self.seed, int)
                                      or self.seed < 0):
            raise SettingsError(f"the seed must be a whole number, not {self.seed!r}")
        if not isinstance(self.extra_salt, bool):
            raise SettingsError(f"extra_salt must be true or false, not {self.extra_salt!r}")
        if not isinstance(self.extra_pepper, bool):
            raise SettingsError(
                f"extra_pepper must be true or false, not {self.extra_pepper!r}")

    @property
    def options(self) -> dict[str, bool]:
        """The engine options these settings ask for."""
        options = {"double_target": self.double_target, "extra_salt": self.extra_salt}
        if self.extra_pepper:
            options["extra_pepper"] = True
        return options


def parse_query(query: str) -> Settings | None:
    """Read settings from a URL query such as ``?players=you,hard&seed=42&speed=instant``.

    Keys: ``players`` (comma-separated seat kinds, required to start a game),
    ``names`` (comma-separated), ``seed`` (whole number), ``target``
    (``normal`` or ``double``), ``speed`` (``slow``, ``normal``, ``fast``,
    ``instant``), ``extra-salt`` (``1``/``true`` or ``0``/``false``: the Extra
    Salt expansion), ``extra-pepper`` (the same values: the Extra Pepper events).

    Returns:
        The settings, or ``None`` when the query asks for no game (no ``players``).

    Raises:
        SettingsError: a readable message for any bad value.
    """
    q = parse_qs(query.lstrip("?"), keep_blank_values=True)

    def one(key: str) -> str | None:
        v = q.get(key)
        return v[-1] if v else None

    players = one("players")
    if players is None:
        return None
    seed_text = one("seed")
    seed: int | None = None
    if seed_text not in (None, ""):
        if not seed_text.isdigit():
            raise SettingsError(f"the seed must be a whole number, not {seed_text!r}")
        seed = int(seed_text)
    target = (one("target") or "normal").lower()
    if target not in ("normal", "double"):
        raise SettingsError(f"unknown target {target!r}: use normal or double")
    salt_text = one("extra-salt")
    extra_salt = SWITCH_VALUES.get((salt_text if salt_text is not None else "0").strip().lower())
    if extra_salt is None:
        raise SettingsError(f"extra-salt must be 1 or 0 (or true or false), not {salt_text!r}")
    pepper_text = one("extra-pepper")
    extra_pepper = SWITCH_VALUES.get(
        (pepper_text if pepper_text is not None else "0").strip().lower())
    if extra_pepper is None:
        raise SettingsError(
            f"extra-pepper must be 1 or 0 (or true or false), not {pepper_text!r}")
    names = [x for x in (one("names") or "").split(",")] if one("names") else []
    return Settings(seats=[p for p in players.split(",") if p.strip()] or [""],
                    names=names, seed=seed, double_target=target == "double",
                    speed=(one("speed") or "normal").lower(), extra_salt=extra_salt,
                    extra_pepper=extra_pepper)


def default_name(kind: str, seat: int, kinds: Sequence[str]) -> str:
    """``You`` for the only human, ``Player N`` for several, ``Easy bot`` etc."""
    if kind == HUMAN:
        return "You" if list(kinds).count(HUMAN) == 1 else f"Player {seat + 1}"
    return f"{kind.capitalize()} bot"


def card_catalogue() -> list[dict[str, Any]]:
    """Every card's display data for the page, in id order.

    Keys: ``id``, ``kind`` (type slug), ``title``, ``colour`` (slug),
    ``colour_name``, ``category``, ``notation``, ``hint`` (a short points or
    effect reminder, '' when there is none).
    """
    return [{"id": c.id, "kind": c.kind.slug, "title": c.kind.title, "colour": c.colour.slug,
             "colour_name": c.colour.title, "category": Category(c.category).name.lower(),
             "notation": c.notation, "hint": CARD_HINTS.get(c.kind.slug, "")} for c in CARDS]


def front_groups(front: Sequence[int]) -> list[list[int]]:
    """Cards in front as the groups they were played in: duos, and trios whose
    Starfish follows its pair (A.6), e.g. ``[[0, 1], [20, 31, 60]]``."""
    groups: list[list[int]] = []
    i = 0
    while i < len(front):
        group = list(front[i:i + 2])
        i += 2
        if i < len(front) and KIND_OF[front[i]] == Kind.STARFISH:
            group.append(front[i])
            i += 1
        groups.append(group)
    return groups


def target_text(double: bool) -> str:
    """The target scores by player count (R2, R11), e.g. ``40 / 35 / 30 points``."""
    factor = 2 if double else 1
    return " / ".join(str(TARGETS[n] * factor) for n in sorted(TARGETS)) + " points"


def action_parts(code: str) -> dict[str, Any]:
    """The parts of an action code, for the page to lay out its controls.

    ``take:1`` -> pile 1; ``keep:12:2`` -> card 12, pile 2; ``pick:7`` -> card
    7; ``duo:3+4:pile=1`` -> cards 3 and 4, pile 1; ``duo:20+31:seat=2`` ->
    cards 20 and 31, seat 2; ``stop`` -> nothing.

    Returns:
        ``{"cards": [ids], "pile": int | None, "seat": int | None}``.
    """
    head, *rest = code.split(":")
    cards: list[int] = []
    pile: int | None = None
    seat: int | None = None
    for i, part in enumerate(rest):
        key, eq, value = part.partition("=")
        if eq and value.isdigit():
            if key == "pile":
                pile = int(value)
            elif key == "seat":
                seat = int(value)
        elif all(x.isdigit() for x in part.split("+")):
            numbers = [int(x) for x in part.split("+")]
            if head == "take" or (head == "keep" and i == 1):
                pile = numbers[0]
            else:
                cards.extend(numbers)
    return {"cards": cards, "pile": pile, "seat": seat}


def round_end_text(result: Mapping[str, Any], names: Sequence[str]) -> tuple[str, str]:
    """Headline and explanation for a finished round (``view["last_round"]``).

    Returns:
        ``(title, detail)``, e.g. ``("Ann called LAST CHANCE and won the bet",
        "Ann scores card points plus colour bonus; the others score only
        their colour bonus.")``. Rules: R6.1, R6.2, R8.
    """
    who = seat_name(int(result["caller"]), names)
    scores = "score" if who == "You" else "scores"
    end = result["end"]
    if end == "stop":
        return (f"{who} called STOP",
                "Everyone scores their card points; nobody gets a colour bonus.")
    if end == "last-chance":
        if result["bet_won"]:
            return (f"{who} called LAST CHANCE and won the bet",
                    f"{who} {scores} card points plus colour bonus; "
                    "the others score only their colour bonus.")
        return (f"{who} called LAST CHANCE and lost the bet",
                f"{who} {scores} only the colour bonus; the others score their card points.")
    return ("The draw pile ran out", "Nobody scores this round.")


def outcome_text(outcome: Mapping[str, Any], names: Sequence[str]) -> tuple[str, str]:
    """Headline and explanation for a finished game (``view["outcome"]``).

    Returns:
        ``(title, detail)``, e.g. ``("Ann wins!", "Ann reached the target
        first.")``. Rules: R10.1, R10.2.
    """
    winners = [seat_name(int(w), names) for w in outcome["winners"]]
    who = " and ".join(winners)
    if len(winners) > 1:
        return f"{who} share the victory!", "They are tied on the highest total."
    you = who == "You"
    title = "You win!" if you else f"{who} wins!"
    if outcome["termination"] == "four-mermaids":
        return title, f"{who} {'hold' if you else 'holds'} all four Mermaids: an instant victory."
    return title, (f"{who} {'have' if you else 'has'} the highest total "
                   "once the target was reached.")


def warm_up() -> None:
    """Import the bots ahead of time (the page calls this while idle), so the
    first bot decision does not pay for it."""
    from seasalt.bots import make_bot

    make_bot("easy", GAME, 0)


class Table:
    """A game in progress with its seats, for the page.

    Attributes:
        state: the engine state (the page must not read it; use :meth:`view`).
        kinds: seat kinds (``human`` or a bot level).
        names: display names.
        record: the game record (seed, seats, options, actions so far).
        speed: bot pace, a key of :data:`SPEEDS`.
    """

    def __init__(self, record: GameRecord, kinds: Sequence[str], speed: str = "normal"):
        self.record = record
        self.kinds = list(kinds)
        self.names = list(record.seats)
        self.speed = speed
        self.state: State = record.replay()
        self._thinking: Any = None

    # ----------------------------------------------------------------- creation, saves

    @classmethod
    def new(cls, settings: Settings, seed: int | None = None) -> Table:
        """Start a game from settings (``seed`` overrides a missing settings seed)."""
        if settings.seed is not None:
            seed = settings.seed
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000_000)
        names = [n or default_name(k, i, settings.seats)
                 for i, (k, n) in enumerate(zip(settings.seats, settings.names, strict=True))]
        record = GameRecord(GAME.info.name, seed, len(settings.seats), names,
                            settings.options, [])
        return cls(record, settings.seats, settings.speed)

    def rematch(self, seed: int | None = None) -> Table:
        """A new game with the same seats, names, options and speed (new seed unless given)."""
        settings = Settings(seats=self.kinds, names=self.names, seed=seed,
                            double_target=bool(self.record.options.get("double_target")),
                            speed=self.speed,
                            extra_salt=bool(self.record.options.get("extra_salt")),
                            extra_pepper=bool(self.record.options.get("extra_pepper")))
        return Table.new(settings)

    def set_speed(self, speed: str) -> None:
        """Change the bots' pace.

        Raises:
            SettingsError: ``speed`` is not a key of :data:`SPEEDS`.
        """
        if speed not in SPEEDS:
            raise SettingsError(f"unknown speed {speed!r}: use {', '.join(SPEEDS)}")
        self.speed = speed

    def save(self) -> str:
        """The game as JSON text (record plus seat kinds and speed)."""
        return json.dumps({"format": SAVE_FORMAT, "version": 1, "kinds": self.kinds,
                           "speed": self.speed, "record": self.record.to_dict()})

    @classmethod
    def load(cls, text: str) -> Table:
        """Restore a game saved by :meth:`save`, or an exported plain record.

        A plain record (``seasalt-record``) gets a human in seat 0 and hard bots
        elsewhere.

        Raises:
            InvalidRecordError: corrupt JSON, a foreign file, or an illegal
                action in the record (the message names its index).
        """
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as e:
            raise InvalidRecordError(f"the saved game is not valid JSON ({e})") from None
        if isinstance(data, Mapping) and data.get("format") == SAVE_FORMAT:
            record = GameRecord.from_dict(data.get("record"))
            kinds = data.get("kinds")
            speed = data.get("speed", "normal")
            if (not isinstance(kinds, list) or len(kinds) != record.players
                    or any(k not in SEAT_KINDS.values() for k in kinds)):
                raise InvalidRecordError("the saved game has bad seats")
            if speed not in SPEEDS:
                speed = "normal"
        else:
            record = GameRecord.from_dict(data)
            kinds = [HUMAN] + ["hard"] * (record.players - 1)
            speed = "normal"
        if record.game != GAME.info.name:
            raise InvalidRecordError(f"not a Sea Salt & Paper game: {record.game!r}")
        if len(record.seats) != record.players:
            record.seats = [default_name(k, i, kinds) for i, k in enumerate(kinds)]
        return cls(record, kinds, speed)

    # ----------------------------------------------------------------- queries

    @property
    def round(self) -> int:
        """The round in play (from 1; the last round once the game is over)."""
        return self.state.round

    @property
    def ply(self) -> int:
        """Actions applied so far (what :meth:`submit` expects)."""
        return self.state.ply

    @property
    def current(self) -> int:
        """The seat to move (-2 when the game is over)."""
        return GAME.current_player(self.state)

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return GAME.outcome(self.state) is not None

    def is_bot_turn(self) -> bool:
        """Whether a bot must act now."""
        c = self.current
        return c >= 0 and self.kinds[c] != HUMAN

    def humans(self) -> list[int]:
        """Seats played by people."""
        return [i for i, k in enumerate(self.kinds) if k == HUMAN]

    def viewer(self) -> int | None:
        """The seat whose eyes the table shows now.

        The human to move; else, with one human, that human; else (hot-seat
        between bot turns, or no human at all) ``None``: the public view.
        """
        c = self.current
        if c >= 0 and self.kinds[c] == HUMAN:
            return c
        hs = self.humans()
        return hs[0] if len(hs) == 1 else None

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything the page shows for ``seat`` (``None``: spectator), JSON-ready.

        Keys: the :class:`~seasalt.ssp.view.View` fields; ``names``, ``kinds``,
        ``speed``; ``extra_salt`` (the expansion is on) and ``deck_size`` (cards
        in the game: 58 or 66); ``extra_pepper`` (the events are on),
        ``event_info``: slug -> :func:`event_info` for the table event and every
        held one, ``handout``: the last round-end's Extra Pepper hand-out as
        log lines (empty without it); ``front_groups``: per seat, the cards in front
        as played (:func:`front_groups`); ``legal``: ``[{"code", "text",
        "kind", "cards", "pile", "seat", "hint"}]`` when ``seat`` is to move
        (else empty; ``cards``, ``pile`` and ``seat`` as :func:`action_parts`
        gives them, ``hint`` a sentence or ''; on a Jellyfish forced turn the
        only entry is the ``draw`` code as :data:`FORCED_DRAW_TEXT`);
        ``forced_turn``: ``seat`` is to move and its turn is a forced draw;
        ``points``: the seat's live card points breakdown (or None);
        ``can_announce``; ``log``: the game log lines as this seat may read
        them.
        """
        v = GAME.view(self.state, seat).to_dict()
        v["names"] = self.names
        v["kinds"] = self.kinds
        v["speed"] = self.speed
        v["extra_salt"] = bool(v["options"].get("extra_salt"))
        v["deck_size"] = len(deck_for(v["options"]))
        v["extra_pepper"] = bool(v["options"].get("extra_pepper"))
        slugs = {e for h in v["held_events"] for e in h}
        if v["table_event"]:
            slugs.add(v["table_event"])
        v["event_info"] = {e: event_info(e) for e in sorted(slugs)}
        v["front_groups"] = [front_groups(f) for f in v["fronts"]]
        mine = seat is not None and seat == self.current
        forced = bool(mine and v["phase"] == "draw" and v["forced"][seat])
        legal = []
        if mine:
            for a in GAME.legal_actions(self.state):
                code = str(a)
                legal.append({"code": code, "text": describe_action(a, self.names),
                              "kind": a.kind.name.lower().replace("_", "-"),
                              **action_parts(code), "hint": ANNOUNCE_HINTS.get(code, "")})
            if forced:
                legal = [{**x, "text": FORCED_DRAW_TEXT, "hint": FORCED_DRAW_HINT}
                         for x in legal]
        v["legal"] = legal
        v["forced_turn"] = forced
        v["points"] = (breakdown(self.state.hands[seat], self.state.fronts[seat]).to_dict()
                       if seat is not None else None)
        v["can_announce"] = bool(mine and can_announce(self.state))
        log = self.state.log or []
        v["log"] = [describe_event(e, self.names, seat) for e in events_for(log, seat)]
        done = v["last_round"]["round"] if v["last_round"] else None
        v["handout"] = [describe_event(e, self.names, seat) for e in events_for(log, seat)
                        if e["type"] in HANDOUT_EVENTS and e.get("round") == done]
        return v

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
        """
        if ply != self.state.ply:
            raise IllegalActionError(f"stale action: the table moved on (ply {self.state.ply})",
                                     reason=Reason.STALE, action=code)
        if self.current != seat:
            raise IllegalActionError(f"it is not seat {seat}'s turn",
                                     reason=Reason.NOT_YOUR_TURN, action=code)
        self._apply(GAME.parse_action(code))

    def _apply(self, action: Action) -> None:
        self.state = GAME.apply(self.state, action)
        self.record.actions.append(str(action))
        self._thinking = None

    def bot_step(self, max_seconds: float = 0.04) -> bool:
        """Let the bot to move think for a short slice; apply its action when decided.

        Call repeatedly (e.g. from a timer): each call works for at most about
        ``max_seconds``, so the page stays responsive. The bot's total budget is
        counted in search iterations, so its choice does not depend on how the
        work was sliced; its seed comes from the game's seed, the seat and the
        ply, so a reloaded game plays on exactly as before.

        Args:
            max_seconds: wall-clock time for this slice, in seconds.

        Returns:
            True when the bot has acted, False while it is still thinking.

        Raises:
            IllegalActionError: no bot is to move.
        """
        if not self.is_bot_turn():
            raise IllegalActionError("no bot is to move", reason=Reason.NOT_YOUR_TURN)
        if self._thinking is None:
            self._thinking = _Thinking(self)
        action = self._thinking.step(max_seconds)
        if action is None:
            return False
        self._apply(action)
        return True


class _Thinking:
    """One bot decision in progress (incremental for search bots)."""

    def __init__(self, table: Table):
        from seasalt.bots import make_bot  # the bots load only when first needed

        seat = table.current
        seed = random.Random(f"{table.record.seed}:{seat}:{table.state.ply}").getrandbits(32)
        bot = make_bot(table.kinds[seat], GAME, seed)
        v = GAME.view(table.state, seat)
        legal = GAME.legal_actions(table.state)
        self.search = None
        self.action: Any = None
        start = getattr(bot, "start", None)
        if start is not None:
            self.search = start(v, legal)
        else:
            self.action = bot.act(v, legal)

    def step(self, max_seconds: float) -> Any:
        """Work for up to ``max_seconds``; the action once decided, else None."""
        if self.search is None:
            return self.action
        if not self.search.done:
            self.search.step(max_seconds=max_seconds)
        return self.search.best() if self.search.done else None
