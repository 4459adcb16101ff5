"""A table's seats: who sits there (a person, or a bot by its spec), the checks on a
seat's kind, and how a table is handed its bots.

A seat's **kind** is :data:`HUMAN` or a bot spec (``"easy"``, ``"hard"``,
``"expert:iterations=200"``). The core knows no bot: a table is handed either

* a :class:`BotMaker`, which reads specs and builds bots from them (the project's is
  :data:`seasalt.bots.BOT_MAKER`); the table then builds, for each decision, the
  seat's bot seeded by :func:`decision_seed` (:func:`per_decision_bots`: a saved and
  reloaded game plays on exactly as before, as the page needs); or
* a :class:`BotFactory`, ``factory(seat, ply) -> bot``, e.g. :func:`fixed_bots` (one
  bot per seat for the whole game, as the arena and ``seasalt play`` build them).

API::

    HUMAN; MAX_BOT_SECONDS, MAX_BOT_ITERATIONS, MAX_BOT_SETTING, MAX_KIND_CHARS
    check_kind(kind, maker=None) -> kind   # bounded numbers; the bot's name with a maker
    bot_spec(kind, settings) -> spec       # a seat's spec with extra settings
    decision_seed(seed, seat, ply) -> int  # the seed of one bot decision
    per_decision_bots(game, kinds, seed, settings, *, maker) -> BotFactory
    fixed_bots(bots) -> BotFactory
    seat_bots(game, kinds, seed, bots, settings) -> (kinds checked, BotFactory)  # a table's
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from seasalt.core import safejson
from seasalt.core.interface import Bot, Game

#: The seat kind of a person (every other kind is a bot spec).
HUMAN: str = "human"
#: The most seconds a bot spec may give a decision (``expert:time=S``).
MAX_BOT_SECONDS: float = 60.0
#: The most search iterations a bot spec may give a decision (``iterations=N``).
MAX_BOT_ITERATIONS: int = 100_000
#: The largest value of any other number in a bot spec (``noise``, ``mix``, ``c``).
MAX_BOT_SETTING: float = 100.0
#: The longest seat kind accepted.
MAX_KIND_CHARS: int = 100

#: Builds the bot to ask for one decision: ``factory(seat, ply) -> Bot``.
BotFactory = Callable[[int, int], Bot[Any, Any]]


@runtime_checkable
class BotMaker(Protocol):
    """What reads bot specs and builds bots from them, handed to a table so that the
    core needs no bot of its own (:data:`seasalt.bots.BOT_MAKER` is the project's)."""

    def parse(self, spec: str) -> tuple[str, dict[str, Any]]:
        """The bot's name and its settings, typed (``"hard:time=1"`` ->
        ``("expert", {"anchor": 0.02, "time": 1.0})``).

        Raises:
            ValueError: an unknown bot or setting, or a malformed value.
        """
        ...

    def make(self, spec: str, game: Game[Any, Any, Any], seed: int) -> Bot[Any, Any]:
        """The bot of ``spec`` for one seat of ``game``, seeded by ``seed``.

        Raises:
            ValueError: as :meth:`parse`.
        """
        ...


#: What a table is handed to get its bots: a maker or a factory.
Bots = BotMaker | BotFactory


def check_kind(kind: str, maker: BotMaker | None = None) -> str:
    """A seat kind, checked: :data:`HUMAN` or a bot spec of at most
    :data:`MAX_KIND_CHARS` characters; with ``maker``, also a spec it reads whose
    numbers are finite and bounded (``time`` at most :data:`MAX_BOT_SECONDS`,
    ``iterations`` at most :data:`MAX_BOT_ITERATIONS`, any other number from 0 to
    :data:`MAX_BOT_SETTING`), so that no decision can run for ever.

    Args:
        kind: the seat's kind.
        maker: what reads bot specs (:meth:`BotMaker.parse`); ``None``: the spec is
            not read (a table handed its bots, which were built from their specs).

    Returns:
        ``kind``.

    Raises:
        ValueError: not ``human`` and not a bot spec, or a number out of bounds (the
            message says why and names the spec, cut to a readable length).
    """
    if not isinstance(kind, str) or len(kind) > MAX_KIND_CHARS:
        raise ValueError(f"a seat kind must be a bot spec of at most {MAX_KIND_CHARS} "
                         f"characters, not {safejson.shown(kind)}")
    if kind == HUMAN:
        return kind
    if maker is None:
        if not kind.strip():
            raise ValueError("a seat kind must be 'human' or a bot spec, not empty")
        return kind
    name, settings = maker.parse(kind)
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
        kind: a bot spec (``NAME`` or ``NAME:KEY=VALUE[,KEY=VALUE...]``).
        settings: extra ``KEY=VALUE[,KEY=VALUE...]`` per kind; ``None``: none.
    """
    extra = (settings or {}).get(kind)
    if not extra:
        return kind
    return f"{kind},{extra}" if ":" in kind else f"{kind}:{extra}"


def per_decision_bots(game: Game[Any, Any, Any], kinds: Sequence[str], seed: int,
                      settings: Mapping[str, str] | None = None, *,
                      maker: BotMaker) -> BotFactory:
    """A factory building, for each decision, the seat's bot seeded by
    :func:`decision_seed` (the page's way: a reload replays identically).

    Args:
        game: the game; kinds: the seat kinds (bot specs for bot seats);
        seed: the game's seed.
        settings: extra bot settings per kind (:func:`bot_spec`), e.g. the page's
            cap on Hard's thinking time; ``None``: the kinds as they are.
        maker: builds the bots (:meth:`BotMaker.make`).
    """
    specs = [bot_spec(k, settings) for k in kinds]

    def factory(seat: int, ply: int) -> Bot[Any, Any]:
        return maker.make(specs[seat], game, decision_seed(seed, seat, ply))

    return factory


def seat_bots(game: Game[Any, Any, Any], kinds: Sequence[str], seed: int,
              bots: Bots | None, settings: Mapping[str, str] | None = None,
              ) -> tuple[list[str], BotFactory]:
    """A table's seat kinds, checked, and the factory it asks for its bots' decisions.

    Args:
        game: the game; kinds: one per seat; seed: the game's seed.
        bots: a :class:`BotMaker` (the kinds checked with it; a bot built per decision,
            :func:`per_decision_bots`), a :class:`BotFactory` (returned as it is), or
            ``None`` (every seat must be a person's).
        settings: extra bot settings per kind for a maker's bots (:func:`bot_spec`).

    Raises:
        ValueError: a bad kind (:func:`check_kind`), or a bot's seat and ``bots``
            ``None``.
    """
    if isinstance(bots, BotMaker):
        checked = [check_kind(k, bots) for k in kinds]
        return checked, per_decision_bots(game, checked, seed, settings, maker=bots)
    checked = [check_kind(k) for k in kinds]
    if bots is None:
        for seat, kind in enumerate(checked):
            if kind != HUMAN:
                raise ValueError(f"seat {seat} is a bot ({safejson.shown(kind, 40)}) and "
                                 f"the table was handed no bots")
        return checked, fixed_bots([None] * len(checked))
    return checked, bots


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
