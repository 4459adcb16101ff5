"""Random legal tables for the score calculator's tests, and the command line's figures
for the same cards (``python -m seasalt score --json``).

:func:`random_table` deals a table a real game could reach at its end: 2 to 4 players,
Extra Salt and Extra Pepper at random, each player's cards from one shuffled deck (so
the deck's counts hold), some of them played in front as duos (a valid pair of duo
cards, R4.2 and A.2; Swimmer + Swimmer or Shark + Shark only with Extra Pepper, B.3.3)
and trios (a Starfish after its duo, A.6), a table event and a held event or two (all
different, B.1). Its ``entries`` are the taps that enter it, in order.
"""

from __future__ import annotations

import io
import json
import random
from dataclasses import dataclass, field
from typing import Any

from seasalt import i18n
from seasalt.cli.main import main
from seasalt.ssp.cards import (
    ALL_CARDS,
    BASE_DECK,
    CARDS,
    CATEGORY_OF_KIND,
    KIND_OF,
    RODEO_EFFECTS,
    Category,
    Event,
    Kind,
    duo_effect,
)

#: The events that change scoring (what ``seasalt score --event`` takes).
SCORING_EVENTS = ("water-rodeo", "dance-of-the-shells", "kraken", "tornado")


@dataclass
class Table:
    """A dealt table: options, each player's taps, the events."""

    players: int
    extra_salt: bool
    extra_pepper: bool
    #: per player, ``(zone, kind slug, colour slug)`` in the order entered
    entries: list[list[tuple[str, str, str]]] = field(default_factory=list)
    #: the table event's slug, or None
    event: str | None = None
    #: per player, the held event's slug, or None
    held: list[str | None] = field(default_factory=list)

    def events(self, player: int) -> list[str]:
        """The events that apply to ``player`` (table event, then held)."""
        return [e for e in (self.event, self.held[player]) if e]


def _slugs(cid: int) -> tuple[str, str]:
    return CARDS[cid].kind.slug, CARDS[cid].colour.slug


def random_table(rng: random.Random) -> Table:
    """A random table a game could end on (see the module docstring)."""
    players = rng.randrange(2, 5)
    salt, pepper = rng.random() < 0.5, rng.random() < 0.5
    deck = list(ALL_CARDS if salt else BASE_DECK)
    rng.shuffle(deck)
    table = Table(players, salt, pepper)
    for _p in range(players):
        cards = [deck.pop() for _k in range(rng.randrange(0, 13))]
        front: list[int] = []
        duo_cards = [c for c in cards if CATEGORY_OF_KIND[Kind(KIND_OF[c])] == Category.DUO]
        rng.shuffle(duo_cards)
        stars = [c for c in cards if KIND_OF[c] == Kind.STARFISH]
        for a in duo_cards:
            if a in front or rng.random() < 0.4:
                continue
            b = next((x for x in duo_cards if x != a and x not in front
                      and (effect := duo_effect(a, x)) is not None
                      and (pepper or effect not in RODEO_EFFECTS.values())), None)
            if b is None:
                continue
            front += [a, b]
            if stars and rng.random() < 0.5:
                front.append(stars.pop())
        hand = [c for c in cards if c not in front]
        rng.shuffle(hand)
        taps = [("hand", *_slugs(c)) for c in hand] + [("front", *_slugs(c)) for c in front]
        table.entries.append(taps)
    table.held = [None] * players
    if pepper:
        events = [e.slug for e in Event]
        rng.shuffle(events)
        if rng.random() < 0.8:
            table.event = events.pop()
        for p in range(players):
            if rng.random() < 0.4:
                table.held[p] = events.pop()
    return table


def cli_figures(hand: list[str], front: list[str], events: list[str]) -> dict[str, Any]:
    """``seasalt score --json`` for one player's cards (notations): ``{"card_points",
    "colour_bonus", "breakdown": {"duos", "mermaids", "collectors", "multipliers"}}``."""
    argv = ["score", "--json", *hand]
    if front:
        argv += ["--front", *front]
    for e in events:
        if e in SCORING_EVENTS:
            argv += ["--event", e]
    if not hand and not front:
        return {"card_points": 0, "colour_bonus": 0,
                "breakdown": {"duos": 0, "mermaids": 0, "collectors": 0, "multipliers": 0}}
    out, err = io.StringIO(), io.StringIO()
    language = i18n.language()
    try:
        assert main(argv, stdin=io.StringIO(""), stdout=out, stderr=err) == 0, err.getvalue()
    finally:
        i18n.set_language(language)  # the command line follows the environment's
    data = json.loads(out.getvalue())
    return {k: data[k] for k in ("card_points", "colour_bonus", "breakdown")}
