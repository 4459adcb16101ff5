"""The bridge between the web page and the engine: JSON in, JSON out.

The page (``web/page/``) holds no rule and no sentence. It asks a :class:`Table` for a
seat's view as plain JSON-ready data (:meth:`Table.view`: the engine's
:class:`~seasalt.ssp.view.View` with its ``legal`` action records, plus the
presenter's words), renders the decision panel :func:`prompt` describes, and sends
back the code of the action a player clicked together with the ``ply`` it was
offered at. A searching bot's decision (Hard) goes to a web worker as plain data
(:meth:`Table.think_request`, answered by :mod:`seasalt.web.worker`, played with
:meth:`Table.play_thought`); until the worker is ready, or if it fails, bots think in
small slices on the page (:meth:`Table.bot_step`), so the browser stays responsive.

Layers: the game runs in the one table driver (:class:`seasalt.core.table.Table`:
record, seat kinds, stale-move checks, bots seeded per decision from
``f"{seed}:{seat}:{ply}"``); every word comes from :mod:`seasalt.ssp.present` and
:mod:`seasalt.ssp.prompt` (through :mod:`seasalt.i18n`). What is left here: the
page's settings (:class:`Settings`, from the new-game form or the URL query,
:func:`parse_query`), the bots' pace (:data:`SPEEDS`), the save format (the game
is saved as JSON after every action, :meth:`Table.save` / :meth:`Table.load`) and
the page's own messages (:func:`message`).

Two games are played on the page: Sea Salt & Paper (``sea-salt-and-paper``, the
default) and Fruits de mer (``fruits-de-mer``). :attr:`Settings.game` says which;
:class:`Table` drives the game its record names (:func:`seasalt.core.registry.load_game`)
and :meth:`Table.view` words it with that game's presenter: every payload carries
``"game"`` (the canonical name), by which the page picks the table it draws.

Nothing here touches the DOM, so it is tested in plain CPython.
"""

from __future__ import annotations

import base64
import json
import math
import os
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from seasalt import i18n
from seasalt.core import safejson, sealed
from seasalt.core import table as driver
from seasalt.core.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidRecordError,
    SeasaltError,
)
from seasalt.core.record import FORMAT as RECORD_FORMAT
from seasalt.core.record import MAX_NAME_CHARS, GameRecord
from seasalt.core.record import VERSION as RECORD_VERSION
from seasalt.core.registry import load_game
from seasalt.core.replay import read_record
from seasalt.i18n import N_, _, ngettext, pgettext
from seasalt.ssp import prompt as decisions
from seasalt.ssp.cards import deck_for
from seasalt.ssp.game import GAME
from seasalt.ssp.present import (  # words the page shows as they are
    card_aria,
    card_catalogue,
    card_count,
    colour_panel,
    default_name,
    event_info,
    game_result,
    hand_label,
    handoff_texts,
    handout_lines,
    header_bits,
    kind_label,
    languages,
    last_round_title,
    log_lines,
    page_texts,
    pile_name,
    points_panel,
    round_result,
    seat_badges,
    seat_choices,
    shortcuts,
    speed_label,
    speed_name,
    target_text,
    ui_text,
)
from seasalt.ssp.present import coach as coach_words  # the coach's words
from seasalt.ssp.present import resume_summary as present_resume_summary
from seasalt.ssp.present.controls import (  # undo, the LAST CHANCE brief, hand order (H3)
    HAND_ORDERS,
    hand_order,
    last_chance_brief,
    undo_button,
)
from seasalt.ssp.present.help import help_content as ssp_help_content
from seasalt.ssp.present.keys import INFO_KEY
from seasalt.ssp.present.motion import motion_ms, moves, touched  # cards that move (H5)
from seasalt.ssp.present.page import page_text
from seasalt.ssp.present.setup import decimal_text
from seasalt.ssp.present.stats import game_summary, watch_texts  # game over, watching (H4)
from seasalt.ssp.view import View

if TYPE_CHECKING:  # the coach's classes come with the later archive (`__getattr__`)
    from seasalt.web.coach import RoundReview, Suggestion

__all__ = [  # the page's whole API, presenter words included
    "FDM", "GAMES", "SSP", "SSP_OPTIONS", "game_choices", "game_title", "resume_game",
    "query_game", "canonical_game", "game_info", "level_notes",
    "HUMAN", "INFO_KEY", "MESSAGES", "ROUND_PAUSES", "SAVE_FORMAT", "SEAT_KINDS", "SPEEDS",
    "SAVE_VERSION", "MAX_SAVED_GAMES", "MAX_SAVE_CHARS", "MAX_SEED_DIGITS", "SaveError",
    "export_name", "new_game_id", "parse_seed", "save_header", "load_text", "loaded_text",
    "save_problem", "IllegalActionError",
    "InvalidActionError", "Settings", "SettingsError", "Table", "card_aria",
    "card_catalogue", "card_count", "colour_panel", "default_name", "game_result",
    "game_summary", "watch_texts",
    "hand_label", "hand_selection", "page_text", "handoff_texts", "header_bits", "help_content",
    "kind_label", "languages", "last_round_title", "message", "page_texts", "parse_query",
    "pile_actions", "pile_name", "points_panel", "prompt", "resume_summary",
    "round_result", "seat_badges", "seat_choices", "shortcuts", "speed_choices",
    "target_text", "toggle", "ui_text", "warm_up", "searches",
    "HAND_ORDERS", "hand_order", "last_chance_brief",
    "undo_button",
    "motion_ms", "moves", "touched",
    "RoundReview", "Suggestion", "coach_texts", "query_calc", "calc_query",
]

LATER: frozenset[str] = frozenset({"RoundReview", "Suggestion"})
"""Names of :data:`__all__` imported only when first asked for (`__getattr__`): they
come from :mod:`seasalt.web.coach`, which the page fetches with its later archive
(``LATER`` in ``tools/build/layout.py``) when the coach is first used."""


def __getattr__(name: str) -> Any:
    """The coach's classes (:data:`LATER`), imported when first asked for."""
    if name in LATER:
        from seasalt.web import coach as web_coach

        return getattr(web_coach, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

HUMAN = driver.HUMAN
#: The games' canonical names (``seasalt.core.registry``; aliases ``ssp``, ``fdm``).
SSP = "sea-salt-and-paper"
FDM = "fruits-de-mer"
#: The games the page can set up and draw, in the setup screen's order.
GAMES: tuple[str, ...] = (SSP, FDM)
#: Options only Sea Salt & Paper has (a Fruits de mer game refuses them).
SSP_OPTIONS: tuple[str, ...] = ("double_target", "extra_salt", "extra_pepper")
#: Seat kinds accepted in settings and URL queries (``you`` is a human too).
SEAT_KINDS: dict[str, str] = {"you": HUMAN, "human": HUMAN, "easy": "easy",
                              "medium": "medium", "hard": "hard"}
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
#: The most games the page keeps (the oldest finished ones make room first).
MAX_SAVED_GAMES = 20
#: The most digits of a seed a person types or links (a whole number, ASCII digits).
MAX_SEED_DIGITS = 18
#: The latest time a save may carry (``saved_at``, milliseconds since 1970: the year 5138).
MAX_SAVED_AT = 10**14
#: The Extra Salt / Extra Pepper switches' values in a URL query (``extra-salt=1``).
SWITCH_VALUES: dict[str, bool] = {"1": True, "true": True, "0": False, "false": False}
#: Log events that start or end a round: their lines stand out in the page's log.
ROUND_EVENTS = frozenset({"round-start", "round-end"})


#: The page's own messages, by key (English source; ``{fields}`` filled by :func:`message`).
MESSAGES: dict[str, str] = {
    "engine": N_("engine {version}"),
    "who-plays": N_("Player {number}: who plays"),
    "name-field": N_("Player {number}: name"),
    "remove": N_("Remove"),
    "remove-seat": N_("Remove player {number}"),
    "cannot-start": N_("Cannot start: {error}."),
    "bad-link": N_("The link asks for a game this page cannot set up: {error}."),
    "no-storage": N_("This browser does not let the page save games ({error})."),
    "not-saved": N_("The game could not be saved in this browser ({error})."),
    "storage-full": N_("This game could not be saved: the browser's storage for this site "
                       "is full. Export it to keep it, or delete saved games you no longer "
                       "need."),
    "made-room": N_("The oldest finished game ({game}) was removed to make room: the page "
                    "keeps at most {count} games."),
    "made-room-full": N_("The oldest finished game ({game}) was removed to make room: the "
                         "browser's storage for this site was full."),
    "last-played": N_("last played {when}"),
    "export-save": N_("Export"),
    "delete-save": N_("Delete"),
    "unreadable": N_("This saved game cannot be opened: {reason}."),
    "unreadable-size": N_("{size} characters, kept as it is"),
    "export-raw": N_("Export as is"),
    "in-other-tab": N_("This game is open in another tab."),
    "take-over": N_("Play it here"),
    "taken-over": N_("This game is now played in another tab; it was saved up to its "
                     "last move."),
    "loaded": N_("Game loaded: {moves} replayed in {seconds} s."),

    "not-possible": N_("That move is not possible now: {error}."),
    "bad-file": N_("That file is not a game this page can load ({error})."),
    "player-column": N_("Player"),
    "cards-column": N_("Cards"),
    "show-rule": N_("Rule of {card}"),
    "game-legend": N_("Game"),
    "help-games": N_("Rules of each game"),
    "levels-title": N_("About the bots"),
    "title-sea-salt-and-paper": N_("Sea Salt & Paper"),
    # Fruits de mer's title, as its presenter words it (seasalt.fdm.present.page.title):
    # the French name, kept in every language unless a translation says otherwise
    "title-fruits-de-mer": N_("Fruits de mer"),
    "more-missing": N_("This part of the page could not be downloaded: connect to the "
                       "internet once, then try again."),
    "about-sea-salt-and-paper": N_("Collect duos, Mermaids and colours, then call STOP or "
                                   "LAST CHANCE. 2 to 4 players."),
    "about-fruits-de-mer": N_("Nine quick rounds of secret choices along the food chain: "
                              "who eats, who is caught? 2 to 5 players."),
}


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


#: The coach's fixed words (switch, button, thinking, review; ``coach_words.coach_texts``).
coach_texts = coach_words.coach_texts


def message(key: str, **fields: Any) -> str:
    """One of the page's :data:`MESSAGES`, translated, with ``fields`` filled in.

    Raises:
        KeyError: an unknown key or a missing field.
    """
    return _(MESSAGES[key]).format(**fields)


class SaveError(InvalidRecordError):
    """A save or a game file the page cannot read. The message, translated, says why in a
    player's words (:data:`SAVE_PROBLEMS`).

    Attributes:
        kind: a key of :data:`SAVE_PROBLEMS` (``damaged``: not JSON within the limits;
            ``version``: a save of a later version; ``record-version``; ``move``: a
            move of the record is refused, ``index`` its 0-based index; ``game``;
            ``seats``; ``field``: a field missing, of the wrong type or out of range;
            ``file``: no save nor record; ``crashed``: reading it stopped the page).
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


def loaded_text(actions: int, seconds: float) -> str:
    """``Game loaded: 60,000 moves replayed in 0.42 s.``: what loading a game took, in
    the language in use (its digit grouping and decimal separator)."""
    # TRANSLATORS: the separator between groups of three digits in 60,000 (French and
    # Dutch: a thin space or a dot)
    grouped = f"{actions:,}".replace(",", pgettext("digit grouping", ","))
    moves = ngettext("{count} move", "{count} moves", actions).format(count=grouped)
    return message("loaded", moves=moves, seconds=decimal_text(round(seconds, 2)))


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
        prefix = "seasalt-game" if game == SSP else f"seasalt-{game}"
    return f"{prefix}-{safe}.json"


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


def _is_time(x: object) -> bool:
    return (isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x)
            and 0 <= x <= MAX_SAVED_AT)


def resume_summary(v: Mapping[str, Any], over: bool) -> str:
    """The setup screen's line about a saved game, from its spectator view (a payload of
    :meth:`Table.view`, either game): ``2 players, Extra Salt, round 3: Ann 12, Bob 9``
    (``finished`` once over). :func:`resume_game` names the game."""
    if v.get("game") == FDM:
        scores = [int(s["score"]) for s in v["seats"]]
        return present_resume_summary(len(v["names"]), {}, v["round"], over,
                                      list(zip(v["names"], scores, strict=True)))
    return present_resume_summary(len(v["names"]), v["options"], v["round"], over,
                                  list(zip(v["names"], v["scores"], strict=True)))


def resume_game(v: Mapping[str, Any]) -> str:
    """The title of a saved game's game (a payload of :meth:`Table.view`), for the setup
    screen's "continue" offer: ``Fruits de mer``."""
    return game_title(str(v.get("game") or SSP))


def canonical_game(name: str) -> str:
    """The canonical name of a game the page plays (a name or an alias: ``fdm``).

    Raises:
        SettingsError: not a game of :data:`GAMES`; the message lists them.
    """
    key = str(name).strip().lower()
    if key in (GAME.info.name, *GAME.info.aliases):  # no discovery needed
        return SSP
    try:
        found = load_game(key).info.name
    except ValueError:
        found = None
    if found not in GAMES:
        raise SettingsError(_("unknown game {value}: use {games}").format(
            value=safejson.shown(name), games=", ".join(GAMES)))
    return str(found)


def game_info(name: str) -> Any:
    """The :class:`~seasalt.core.interface.GameInfo` of a game of :data:`GAMES`."""
    return GAME.info if name == SSP else load_game(name).info


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
                    "players_note": (page_text("players-note") if name == SSP else
                                     _("({low} to {high}, in seat order)").format(
                                         low=info.min_players, high=info.max_players)),
                    "options": name == SSP})
    return out


def speed_choices() -> list[tuple[str, str, str]]:
    """The speed menus: ``[(key, long label, short name)]`` in :data:`SPEEDS` order
    (``("normal", "Normal (0.15 s a move)", "Normal")``)."""
    return [(key, speed_label(key, ms), speed_name(key)) for key, ms in SPEEDS.items()]


class SettingsError(SeasaltError, ValueError):
    """New-game settings (form or URL query) that cannot be used; the message says why."""


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
    """

    seats: list[str]
    names: list[str] = field(default_factory=list)
    seed: int | None = None
    double_target: bool = False
    speed: str = "normal"
    extra_salt: bool = False
    extra_pepper: bool = False
    game: str = SSP

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
        if game != SSP:
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
        if self.game != SSP:
            for option in SSP_OPTIONS:
                if getattr(self, option):
                    raise SettingsError(_("{game} has no option {option}").format(
                        game=game_title(self.game), option=option.replace("_", "-")))

    @property
    def options(self) -> dict[str, bool]:
        """The engine options these settings ask for (none for Fruits de mer)."""
        if self.game != SSP:
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

    name = canonical_game(game)
    make_bot("easy", GAME if name == SSP else load_game(name), 0)


def searches(kinds: Sequence[str], game: str = SSP) -> bool:
    """Whether any of the seat ``kinds`` (``human``, ``easy``, ``medium``, ``hard``) is a
    bot of ``game`` that searches (thinks long enough to be worth the web worker:
    Hard)."""
    from seasalt.bots import make_bot

    g = GAME if canonical_game(game) == SSP else load_game(game)
    return any(k in SEAT_KINDS.values() and k != HUMAN
               and getattr(make_bot(k, g, 0), "start", None) is not None for k in kinds)


def help_content(game: str | None = None) -> list[dict[str, Any]]:
    """The help's sections for ``game`` (default Sea Salt & Paper): that game's rules
    page, in the language in use (shape of :func:`seasalt.ssp.present.help.help_content`).
    """
    if game is not None and canonical_game(game) == FDM:
        from seasalt.fdm.present.help import help_content as fdm_help_content

        return list(fdm_help_content())
    return list(ssp_help_content())


def prompt(v: Mapping[str, Any], selection: Sequence[int] = ()) -> dict[str, Any]:
    """The decision panel for a payload of :meth:`Table.view`
    (:func:`seasalt.ssp.prompt.prompt` with the payload's names and kinds)."""
    return decisions.prompt(v, v["names"], v["kinds"], selection)


#: The hand's selection and the piles' actions (see :mod:`seasalt.ssp.prompt`).
hand_selection = decisions.hand_selection
toggle = decisions.toggle
pile_actions = decisions.pile_actions


def ssp_payload(view: View, names: list[str], kinds: list[str], speed: str,
                lines: list[dict[str, Any]], reader: int | None | str = "seat"
                ) -> dict[str, Any]:
    """The payload of :meth:`Table.view` for a Sea Salt & Paper view (see there), with
    ``lines``: its log already worded (``[{"text", "round"}]``) and ``reader``: the
    seat its words speak to as "you" (default: the view's seat; None: nobody, e.g. a
    replay as a bot saw it), kept as ``v["reader"]``."""
    you: int | None = view.seat if isinstance(reader, str) else reader
    events = view.log
    v = replace(view, log=()).to_dict()  # the log as it is: no deep copy of each event
    v["log"] = list(events)
    v["names"] = names
    v["kinds"] = kinds
    v["speed"] = speed
    v["extra_salt"] = bool(v["options"].get("extra_salt"))
    v["extra_pepper"] = bool(v["options"].get("extra_pepper"))
    v["deck_size"] = len(deck_for(v["options"]))
    slugs = {e for h in v["held_events"] for e in h}
    if v["table_event"]:
        slugs.add(v["table_event"])
    v["event_info"] = {e: event_info(e) for e in sorted(slugs)}
    v["log_lines"] = lines
    done = v["last_round"]["round"] if v["last_round"] else None
    v["handout"] = handout_lines(events, done, names, you)
    v["reader"] = you
    v["game"] = SSP
    return v


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
        try:
            self.driver: driver.Table[Any, Any, Any] = driver.Table(
                GAME if self.game == SSP else load_game(self.game), record, kinds,
                bot_settings=page_bot_settings())
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
        self._lines: dict[tuple[str, int | None], list[dict[str, Any]]] = {}
        #: (seat, ply) of the decisions the coach was asked about, noted once played
        self._suggested: set[tuple[int, int]] = set()

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
        record = GameRecord(settings.game, seed, len(settings.seats), names,
                            settings.options, [])
        return cls(record, settings.seats, settings.speed)

    def rematch(self, seed: int | None = None) -> Table:
        """A new game of the same game with the same seats, names, options and speed (new
        seed unless given)."""
        options = self.record.options if self.game == SSP else {}
        settings = Settings(seats=self.kinds, names=self.names, seed=seed,
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
        return not self.over and len(self.humans()) > 1

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

        Everything is checked before the engine sees it: the text is read within
        limits (:func:`load_text`), every field of the save (no other field; kinds,
        speed, ``ack_round`` from 1 to the game's round, ``saved_at``, ``over`` as the
        game is) and of the record (:meth:`seasalt.core.record.GameRecord.from_dict`:
        names of at most 24 characters, options, at most 100,000 actions), then the
        record is replayed, each action checked.

        Raises:
            SaveError: (an :class:`~seasalt.core.errors.InvalidRecordError`) with the
                reason in a player's words, its ``kind`` and ``detail``; a refused
                action's ``index``. Never another error.
        """
        data = load_text(text)
        speed, ack, at = "normal", 0, 0.0
        over: bool | None = None
        if isinstance(data, Mapping) and data.get("format") in (SAVE_FORMAT,
                                                                driver.SAVE_FORMAT):
            version = data.get("version")
            if data["format"] == driver.SAVE_FORMAT:
                allowed = frozenset({"format", "version", "kinds", "record"})
                if version != driver.SAVE_VERSION:
                    raise SaveError("version", version=safejson.shown(version, 20),
                                    latest=driver.SAVE_VERSION)
            else:
                if isinstance(version, bool) or not isinstance(version, int) or (
                        version not in SAVE_FIELDS):
                    raise SaveError("version", version=safejson.shown(version, 20),
                                    latest=SAVE_VERSION)
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
        if len(record.seats) != record.players:
            record.seats = [default_name(k, i, kinds) for i, k in enumerate(kinds)]
        try:
            table = cls(record, kinds, speed)
        except SaveError:
            raise
        except InvalidRecordError as e:
            if e.index is not None:
                raise SaveError("move", str(e), index=e.index, number=e.index + 1) from None
            raise SaveError("field", str(e)) from None
        if over is not None and over != table.over:
            raise SaveError("field", "over does not match the game")
        if ack and ack > table.round:
            raise SaveError("field", "ack_round is after the game's round")
        table.ack_round = ack or table.round
        table.saved_at = at
        if isinstance(data, Mapping) and sealed.is_sealed(data.get("record")):
            key = base64.b64decode(str(data["record"]["key"]))  # read_record checked it
            table.key = key
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
        """Display names."""
        return self.driver.names

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
        return self.game == SSP

    @property
    def round(self) -> int:
        """The round in play (from 1; the last round once the game is over)."""
        return int(self.driver.view(None, log=False).round)  # no log: read after every bot move

    def is_bot_turn(self) -> bool:
        """Whether a bot must act now."""
        return self.driver.is_bot_turn()

    def humans(self) -> list[int]:
        """Seats played by people."""
        return self.driver.humans()

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
        :func:`resume_summary`): the spectator's :meth:`view` of Sea Salt & Paper; of
        Fruits de mer, only its ``game``, ``names``, ``round`` and ``seats``' ``score``,
        from the engine's view (its presenter comes with its table, fetched later)."""
        if self.game != FDM:
            return self.view(None)
        v = self._view(None)
        return {"game": FDM, "names": list(self.names), "round": int(v.round),
                "seats": [{"score": int(s)} for s in v.scores]}

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything the page shows for ``seat`` (``None``: spectator), JSON-ready.

        Keys: every :class:`~seasalt.ssp.view.View` field as ``View.to_dict()`` gives
        it (``legal``: the :class:`~seasalt.ssp.actions.ActionInfo` records of the
        seat's legal actions when it is to move; ``points`` and ``breakdown``: its
        card points with the round's events, the engine's count; ``calls``,
        ``forced_turn``, ``groups``; ``log``: its redacted events); plus ``names``,
        ``kinds``, ``speed``; ``extra_salt``, ``extra_pepper`` (the expansions are
        on) and ``deck_size`` (cards in the game: 58 or 66); ``event_info``: slug ->
        the presenter's ``event_info`` for the table event and every held one;
        ``log_lines``: ``[{"text", "round"}]``, the log as sentences (``round``:
        the line starts a round); ``handout``: the last round-end's Extra Pepper
        hand-out as sentences (empty without it); ``game``: :data:`SSP`.

        A Fruits de mer table gives its presenter's payload instead
        (:func:`seasalt.fdm.present.page.payload`), with ``game``: :data:`FDM`.
        """
        if self.game == FDM:
            from seasalt.fdm.present.page import payload

            out = dict(payload(self._view(seat), list(self.names), list(self.kinds),
                               self.speed))
            out["game"] = FDM
            return out
        view: View = self._view(seat)
        return ssp_payload(view, self.names, self.kinds, self.speed,
                           self._log_lines(seat, view.log))

    def _log_lines(self, seat: int | None, events: Sequence[Mapping[str, Any]]
                   ) -> list[dict[str, Any]]:
        """``seat``'s log as ``[{"text", "round"}]``; lines already worded are kept (the
        log only grows, and an event's words for a seat never change), per language (a
        language switch words the log anew)."""
        lines = self._lines.setdefault((i18n.language(), seat), [])
        if len(lines) > len(events):
            lines.clear()
        new = events[len(lines):]
        lines += [{"text": line, "round": e["type"] in ROUND_EVENTS}
                  for e, line in zip(new, log_lines(new, self.names, seat), strict=True)]
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
        """
        self.driver.submit(seat, ply, code)
        if (seat, ply) in self._suggested:  # the coach was asked for this decision
            self._suggested.discard((seat, ply))
            self.add_notes([{"ply": ply, "seat": seat, "kind": "suggest"}])

    def can_undo(self) -> bool:
        """Whether the person to move may take back their last decision now (issue 12;
        :meth:`seasalt.core.table.Table.undo_target`): still their turn, the last action
        their own and it revealed nothing (no draw, look, steal or new deal)."""
        c = self.current
        return c >= 0 and self.kinds[c] == HUMAN and self.driver.undo_target(c) is not None

    def undo_code(self) -> str | None:
        """The code of the decision :meth:`undo` would take back (for the Undo button's
        words), or ``None`` when nothing can be undone."""
        return self.record.actions[-1] if self.can_undo() else None

    def undo(self) -> None:
        """Take back the last decision of the person to move (see :meth:`can_undo`);
        the record keeps only what stands.

        Raises:
            IllegalActionError: nothing can be undone now; nothing changes.
        """
        if not self.can_undo():
            raise IllegalActionError(_("there is no decision of yours to take back"))
        self.driver.undo(self.current)
        self._views = {}
        self._views_ply = -1
        self._lines.clear()  # the log is shorter now: word it anew

    # ----------------------------------------------------------------- the coach

    def _coach(self) -> Any:
        """The coach of this game (:class:`seasalt.bots.coach.Coach`, seeded by the
        game's seed), built when first asked for."""
        coach = getattr(self, "_coach_obj", None)
        if coach is None:
            from seasalt.bots.coach import Coach

            coach = self._coach_obj = Coach(self.driver.game, self.record.seed)
        return coach

    def can_suggest(self) -> bool:
        """Whether the coach can suggest now: a person of Sea Salt & Paper is to move
        with more than one legal action."""
        c = self.current
        return (self.game == SSP and c >= 0 and self.kinds[c] == HUMAN
                and len(self.driver.legal()) > 1)

    def suggest(self) -> Suggestion:
        """Begin a suggestion for the person to move (think with
        :meth:`Suggestion.step`, then :meth:`Suggestion.words`). The coach gets that
        person's view only; the same game, ply and view give the same suggestion.

        Raises:
            IllegalActionError: no person is to move with a choice to make.
        """
        if not self.can_suggest():
            raise IllegalActionError(_("the coach has nothing to suggest now"))
        seat, ply = self.current, self.ply
        from seasalt.web.coach import Suggestion

        thinking = self._coach().suggest(self.driver.view(seat, log=False),
                                         self.driver.legal(), key=ply)
        return Suggestion(self, seat, ply, thinking)

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

    def review(self) -> RoundReview | None:
        """Begin the coach's review of the round that just ended (the persons'
        decisions with a choice, at most ``seasalt.bots.coach.REVIEW_CAP``): think with
        :meth:`RoundReview.step`, then :meth:`RoundReview.finish`. ``None`` for a game
        other than Sea Salt & Paper, or nothing played yet."""
        if self.game != SSP or not self.ply:
            return None
        from seasalt.bots import coach as advice
        from seasalt.web.coach import RoundReview

        coach = self._coach()
        found = advice.round_decisions(self.driver.game, coach.heuristics, self.record,
                                       self.humans(), end=self.ply)
        return RoundReview(self, [d.ply for d in found],
                           coach.review(advice.pick_decisions(found)))

    def think_request(self) -> dict[str, Any] | None:
        """The searching bot's decision as plain data, for the page's web worker
        (:meth:`seasalt.core.table.Table.think_request`; :func:`seasalt.web.worker.think`
        answers it), or ``None``: no Hard bot is to move, or it has no choice."""
        return self.driver.think_request()

    def play_thought(self, seat: int, ply: int, code: str, seconds: float = 0.0) -> None:
        """Play the web worker's answer to :meth:`think_request` as the bot's decision
        (:meth:`seasalt.core.table.Table.play_thought`).

        Raises:
            IllegalActionError: the decision is no longer current (``Reason.STALE``:
                another ply; another seat, the game over) or the action is not legal;
                nothing changes.
            InvalidActionError: ``code`` is not an action.
        """
        self.driver.play_thought(seat, ply, code, seconds)

    def bot_step(self, max_seconds: float = 0.04) -> bool:
        """Let the bot to move think for a short slice; apply its action when decided.

        Call repeatedly (e.g. from a timer): each call works for at most about
        ``max_seconds``. The choice does not depend on the slicing, and the bot's
        seed comes from the game's seed, the seat and the ply, so a reloaded game
        plays on exactly as before.

        Returns:
            True when the bot has acted, False while it is still thinking.

        Raises:
            IllegalActionError: no bot is to move.
        """
        return self.driver.bot_step(max_seconds)
