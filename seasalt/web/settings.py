"""The page's settings: the games it plays, the seats and the bots' pace, a new game's
:class:`Settings` from the setup form or a link (:func:`parse_query`), and the setup
screen's choices (games, bot levels, speeds).

Two games are played on the page: Sea Salt & Paper (the default) and Fruits de mer;
:attr:`Settings.game` says which. Their names (``SSP``, ``FDM``, ``GAMES``),
``canonical_game``, ``SettingsError`` and what the page needs of each game (its
:class:`~seasalt.web.games.PageGame`) live in :mod:`seasalt.web.games`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from seasalt.core import safejson
from seasalt.core import table as driver
from seasalt.core.record import MAX_NAME_CHARS
from seasalt.i18n import _
from seasalt.ssp.present import kind_label, speed_label, speed_name
from seasalt.web.games import GAMES, SSP, SettingsError, canonical_game, page_game
from seasalt.web.messages import MESSAGES, message

HUMAN = driver.HUMAN
#: Options only Sea Salt & Paper has (a Fruits de mer game refuses them).
SSP_OPTIONS: tuple[str, ...] = ("double_target", "extra_salt", "extra_pepper")
#: Seat kinds accepted in settings and URL queries (``you`` is a human too).
SEAT_KINDS: dict[str, str] = {"you": HUMAN, "human": HUMAN, "friend": HUMAN,
                              "easy": "easy", "medium": "medium", "hard": "hard"}
#: A person's seat played on a friend's own device (``seasalt.web.remote``, issue 42).
FRIEND = "friend"
#: Hard's thinking time per decision on the page at most, in seconds (times the
#: decision's weight; see :func:`page_bot_settings`).
HARD_PAGE_SECONDS: float = 0.25
def page_bot_settings() -> dict[str, str]:
    """Extra settings of the page's bots per seat kind (``core.table.bot_spec``): Hard
    searches its level's rollouts but stops at :data:`HARD_PAGE_SECONDS` (times the
    decision's weight), so that on a slow device a decision stays within 0.3 s, the
    page's round trip included; on a fast one it plays exactly as the level does
    everywhere else. (A function: the bots are imported when a table is built, not
    when the page starts.)"""
    from seasalt.bots.expert import DEFAULT_ITERATIONS

    return {"hard": f"iterations={DEFAULT_ITERATIONS},time={HARD_PAGE_SECONDS}"}


#: Bot pace: the least time in milliseconds between two bot actions shown (the bot's
#: thinking counts in it). Normal keeps a person's wait for two bots (Medium and Hard)
#: between their turns at about 2 s: median 2.2 s in Pyodide, of which 1.5 s is the
#: bots' thinking (benchmarks/turn_wait.py; 800 ms, as before, gave 4.9 s).
SPEEDS: dict[str, int] = {"slow": 1000, "normal": 150, "fast": 60, "instant": 0}
#: Watching bots (no person at the table): how long a round's end stays on screen
#: before the next round starts by itself, in milliseconds, per speed.
ROUND_PAUSES: dict[str, int] = {"slow": 8000, "normal": 5000, "fast": 2500, "instant": 0}
#: The most digits of a seed a person types or links (a whole number, ASCII digits).
MAX_SEED_DIGITS = 18
#: The Extra Salt / Extra Pepper switches' values in a URL query (``extra-salt=1``).
SWITCH_VALUES: dict[str, bool] = {"1": True, "true": True, "0": False, "false": False}
def parse_seed(text: str) -> int | None:
    """A seed as a person types or links it: ``None`` for none (blank), else a whole
    number of ASCII digits, at most :data:`MAX_SEED_DIGITS` of them.

    Raises:
        SettingsError: anything else (``²``, ``-1``, ``1e3``, 5,000 digits), in plain
            words; what was typed is echoed cut short.
    """
    value = str(text).strip()
    if not value:
        return None
    if not (value.isascii() and value.isdigit()) or len(value) > MAX_SEED_DIGITS:
        raise SettingsError(_("the seed must be a whole number of at most {count} digits "
                              "(0 to 9), not {value}").format(
                                  count=MAX_SEED_DIGITS, value=safejson.shown(value, 24)))
    return int(value)


def game_info(name: str) -> Any:
    """The :class:`~seasalt.core.interface.GameInfo` of a game of :data:`GAMES`."""
    return page_game(name).load().info


def game_title(name: str) -> str:
    """A game's title in the language in use (``Sea Salt & Paper``, ``Fruits de mer``)."""
    key = f"title-{name}"
    return message(key) if key in MESSAGES else _(game_info(name).title)


def level_notes(game: str = SSP) -> list[dict[str, str]]:
    """The bot levels as players of ``game`` read about them (the bots' own sentences,
    :func:`seasalt.bots.registry.bot_levels`), easiest first: ``[{"key", "name",
    "description"}]`` (``("easy", "Easy bot", "Plays for points but ...")``)."""
    from seasalt.bots.registry import bot_levels

    return [{"key": lv.key, "name": kind_label(lv.key), "description": _(lv.description)}
            for lv in bot_levels(canonical_game(game))]


def game_choices() -> list[dict[str, Any]]:
    """The setup screen's game chooser, in :data:`GAMES` order: ``[{"name", "title",
    "description", "min_players", "max_players", "players_note", "options"}]``
    (``options``: whether the game has Sea Salt & Paper's options)."""
    out = []
    for name in GAMES:
        info = game_info(name)
        out.append({"name": name, "title": game_title(name),
                    "description": message(f"about-{name}"),
                    "min_players": info.min_players, "max_players": info.max_players,
                    "players_note": page_game(name).players_note(info),
                    "options": page_game(name).options})
    return out


def speed_choices() -> list[tuple[str, str, str]]:
    """The speed menus: ``[(key, long label, short name)]`` in :data:`SPEEDS` order
    (``("normal", "Normal (0.15 s a move)", "Normal")``)."""
    return [(key, speed_label(key, ms), speed_name(key)) for key, ms in SPEEDS.items()]


@dataclass
class Settings:
    """What the new-game screen (or the URL) asks for.

    Attributes:
        seats: one kind per seat: ``human``, ``easy``, ``medium`` or ``hard`` (2-4 for
            Sea Salt & Paper, 2-5 for Fruits de mer).
        names: display names, one per seat ('' for a default).
        seed: the game's seed, or ``None`` for a random one.
        double_target: R11 double target.
        speed: a key of :data:`SPEEDS`.
        extra_salt: play with the Extra Salt expansion (66 cards, A.1).
        extra_pepper: play with the Extra Pepper events (B).
        game: the game, a name of :data:`GAMES` or an alias (``fdm``); kept canonical.
            The three options above are Sea Salt & Paper's: a Fruits de mer game
            refuses them (the form does not send them).
        friends: the seats asked for as :data:`FRIEND` (a person's seat played on a
            friend's own device); their kind in ``seats`` is ``human``.
    """

    seats: list[str]
    names: list[str] = field(default_factory=list)
    seed: int | None = None
    double_target: bool = False
    speed: str = "normal"
    extra_salt: bool = False
    extra_pepper: bool = False
    game: str = SSP
    friends: list[int] = field(default_factory=list)

    @classmethod
    def from_form(cls, seats: Sequence[str], names: Sequence[str], seed: str = "",
                  target: str = "normal", speed: str = "normal",
                  extra_salt: bool = False, extra_pepper: bool = False,
                  game: str = SSP) -> Settings:
        """Settings from the new-game form's raw values (text as typed).

        Args:
            seats: one seat kind per row (see :data:`SEAT_CHOICES`).
            names: one name per row ('' for a default).
            seed: the seed field's text ('' for a random seed).
            target: ``normal`` or ``double``.
            speed: a key of :data:`SPEEDS`.
            extra_salt: the Extra Salt switch (a checkbox).
            extra_pepper: the Extra Pepper switch (a checkbox).
            game: the game chosen (the options above are ignored for Fruits de mer,
                whose form hides them).

        Raises:
            SettingsError: a readable message for any bad value.
        """
        game = canonical_game(game)
        if not page_game(game).options:
            target, extra_salt, extra_pepper = "normal", False, False
        number = parse_seed(seed)
        if target not in ("normal", "double"):
            raise SettingsError(_("unknown target {value}: use normal or double").format(
                value=safejson.shown(target)))
        return cls(seats=list(seats), names=list(names), seed=number,
                   double_target=target == "double", speed=speed, extra_salt=bool(extra_salt),
                   extra_pepper=bool(extra_pepper), game=game)

    def __post_init__(self) -> None:
        self.game = canonical_game(self.game)
        info = game_info(self.game)
        kinds = []
        self.friends = sorted(set(self.friends) | {
            i for i, k in enumerate(self.seats) if str(k).strip().lower() == FRIEND})
        for k in self.seats:
            kind = SEAT_KINDS.get(str(k).strip().lower())
            if kind is None:
                raise SettingsError(_("unknown seat {value}: use you, human, easy, medium or "
                                      "hard").format(value=safejson.shown(k)))
            kinds.append(kind)
        if not info.min_players <= len(kinds) <= info.max_players:
            raise SettingsError(_("{game} is for {low} to {high} players, not {count}").format(
                game=game_title(self.game), low=info.min_players, high=info.max_players,
                count=len(kinds)))
        self.seats = kinds
        names = [str(x).strip()[:MAX_NAME_CHARS] for x in self.names][: len(kinds)]
        self.names = names + [""] * (len(kinds) - len(names))
        if self.speed not in SPEEDS:
            raise SettingsError(_("unknown speed {value}: use {speeds}").format(
                value=safejson.shown(self.speed), speeds=", ".join(SPEEDS)))
        if self.seed is not None and (isinstance(self.seed, bool) or not isinstance(self.seed, int)
                                      or not 0 <= self.seed < 10**MAX_SEED_DIGITS):
            raise SettingsError(_("the seed must be a whole number of at most {count} digits "
                                  "(0 to 9), not {value}").format(
                                      count=MAX_SEED_DIGITS, value=safejson.shown(self.seed, 24)))
        if not isinstance(self.extra_salt, bool):
            raise SettingsError(_("extra_salt must be true or false, not {value}").format(
                value=safejson.shown(self.extra_salt)))
        if not isinstance(self.extra_pepper, bool):
            raise SettingsError(_("extra_pepper must be true or false, not {value}").format(
                value=safejson.shown(self.extra_pepper)))
        if not page_game(self.game).options:
            for option in SSP_OPTIONS:
                if getattr(self, option):
                    raise SettingsError(_("{game} has no option {option}").format(
                        game=game_title(self.game), option=option.replace("_", "-")))

    @property
    def options(self) -> dict[str, bool]:
        """The engine options these settings ask for (none for Fruits de mer)."""
        if not page_game(self.game).options:
            return {}
        options = {"double_target": self.double_target, "extra_salt": self.extra_salt}
        if self.extra_pepper:
            options["extra_pepper"] = True
        return options


def query_values(query: str, *, keep_blank_values: bool = False) -> dict[str, list[str]]:
    """A URL query's values by key, as `urllib.parse.parse_qs` reads them, e.g.
    ``{"players": ["you,hard"]}`` for ``?players=you,hard`` (the ``?`` is optional).

    ``urllib.parse`` (which imports ``ipaddress``) is imported only for a query that is
    not empty: about 12 ms of a first visit's start-up in the page, where most visits
    have no query.
    """
    text = query.lstrip("?")
    if not text:
        return {}
    from urllib.parse import parse_qs

    return parse_qs(text, keep_blank_values=keep_blank_values)


def parse_query(query: str) -> Settings | None:
    """Read settings from a URL query such as ``?players=you,hard&seed=42&speed=instant``.

    Keys: ``game`` (``sea-salt-and-paper``, the default, or ``fruits-de-mer``; the
    aliases ``ssp`` and ``fdm`` too), ``players`` (comma-separated seat kinds,
    required to start a game),
    ``names`` (comma-separated), ``seed`` (a whole number of at most
    :data:`MAX_SEED_DIGITS` ASCII digits: :func:`parse_seed`), ``target``
    (``normal`` or ``double``), ``speed`` (``slow``, ``normal``, ``fast``,
    ``instant``), ``extra-salt`` (``1``/``true`` or ``0``/``false``: the Extra
    Salt expansion), ``extra-pepper`` (the same values: the Extra Pepper events);
    ``target``, ``extra-salt`` and ``extra-pepper`` are Sea Salt & Paper's (asked
    for a Fruits de mer game they are refused). Other keys are ignored, among them
    ``lang`` and ``theme`` (read by ``boot.js`` before Python runs), so a link may carry
    them.

    Returns:
        The settings, or ``None`` when the query asks for no game (no ``players``).

    Raises:
        SettingsError: a readable message for any bad value.
    """
    q = query_values(query, keep_blank_values=True)

    def one(key: str) -> str | None:
        v = q.get(key)
        return v[-1] if v else None

    players = one("players")
    if players is None:
        return None
    game = canonical_game(one("game") or SSP)
    seed = parse_seed(one("seed") or "")
    target = (one("target") or "normal").lower()
    if target not in ("normal", "double"):
        raise SettingsError(_("unknown target {value}: use normal or double").format(
            value=safejson.shown(target)))
    salt_text = one("extra-salt")
    extra_salt = SWITCH_VALUES.get((salt_text if salt_text is not None else "0").strip().lower())
    if extra_salt is None:
        raise SettingsError(_("extra-salt must be 1 or 0 (or true or false), not {value}").format(
            value=safejson.shown(salt_text)))
    pepper_text = one("extra-pepper")
    extra_pepper = SWITCH_VALUES.get(
        (pepper_text if pepper_text is not None else "0").strip().lower())
    if extra_pepper is None:
        raise SettingsError(_("extra-pepper must be 1 or 0 (or true or false), not {value}").format(
            value=safejson.shown(pepper_text)))
    names = [x for x in (one("names") or "").split(",")] if one("names") else []
    return Settings(seats=[p for p in players.split(",") if p.strip()] or [""],
                    names=names, seed=seed, double_target=target == "double",
                    speed=(one("speed") or "normal").lower(), extra_salt=extra_salt,
                    extra_pepper=extra_pepper, game=game)


def query_calc(query: str) -> bool:
    """Whether a URL query opens the score calculator (``?calc``, ``?calc=1``)."""
    return "calc" in query_values(query, keep_blank_values=True)


def calc_query(query: str, on: bool) -> str:
    """``query`` with the calculator's ``calc`` key added (``on``) or removed, the
    other keys kept (``?lang=fr`` → ``?lang=fr&calc``; '' when none is left)."""
    keys = [k for k in query.lstrip("?").split("&") if k and k.split("=")[0] != "calc"]
    if on:
        keys.append("calc")
    return "?" + "&".join(keys) if keys else ""


def query_game(query: str) -> str | None:
    """The game a URL query names (``?game=fdm``: ``fruits-de-mer``), with or without
    ``players``: the setup screen preselects it. None when it names none or an unknown
    one."""
    values = query_values(query).get("game")
    if not values:
        return None
    try:
        return canonical_game(values[-1])
    except SettingsError:
        return None


def warm_up(game: str = SSP) -> None:
    """Import the bots of ``game`` ahead of time (the page calls this while idle), so
    the first bot decision does not pay for it."""
    from seasalt.bots import make_bot

    make_bot("easy", page_game(canonical_game(game)).load(), 0)


def searches(kinds: Sequence[str], game: str = SSP) -> bool:
    """Whether any of the seat ``kinds`` (``human``, ``easy``, ``medium``, ``hard``) is a
    bot of ``game`` that searches (thinks long enough to be worth the web worker:
    Hard)."""
    from seasalt.bots import make_bot

    g = page_game(canonical_game(game)).load()
    return any(k in SEAT_KINDS.values() and k != HUMAN
               and getattr(make_bot(k, g, 0), "start", None) is not None for k in kinds)


