"""Scoring (RULES.md R7 card points, R6.4 colour bonus, R6.1/R6.2 round scores).

All functions are pure and take card ids (see :mod:`seasalt.ssp.cards`). The
score calculator of the command line calls :func:`score_cards` directly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from seasalt.ssp.cards import (
    CATEGORY_OF_KIND,
    COLOUR_OF,
    KIND_OF,
    N_COLOURS,
    N_KINDS,
    Category,
    Event,
    Kind,
)

_CRAB, _BOAT, _FISH, _SWIMMER, _SHARK = Kind.CRAB, Kind.BOAT, Kind.FISH, Kind.SWIMMER, Kind.SHARK
_MERMAID, _SHELL, _OCTOPUS = Kind.MERMAID, Kind.SHELL, Kind.OCTOPUS
_PENGUIN, _SAILOR = Kind.PENGUIN, Kind.SAILOR
_LIGHTHOUSE, _SHOAL, _COLONY, _CAPTAIN = (
    Kind.LIGHTHOUSE, Kind.SHOAL_OF_FISH, Kind.PENGUIN_COLONY, Kind.CAPTAIN)
_JELLYFISH, _LOBSTER, _CAST, _STARFISH, _SEAHORSE = (
    Kind.JELLYFISH, Kind.LOBSTER, Kind.CAST_OF_CRABS, Kind.STARFISH, Kind.SEAHORSE)
_IS_DUO_KIND: tuple[bool, ...] = tuple(CATEGORY_OF_KIND[k] == Category.DUO for k in Kind)

#: R7.1 collector tables, indexed by the number of cards (0 = none).
SHELL_POINTS: tuple[int, ...] = (0, 0, 2, 4, 6, 8, 10)
OCTOPUS_POINTS: tuple[int, ...] = (0, 0, 3, 6, 9, 12)
PENGUIN_POINTS: tuple[int, ...] = (0, 1, 3, 5)
SAILOR_POINTS: tuple[int, ...] = (0, 0, 5)
_COLLECTOR_TABLES = (SHELL_POINTS, OCTOPUS_POINTS, PENGUIN_POINTS, SAILOR_POINTS)
#: Extra Pepper B.3.4 Dance of the Shells (2 per Shell) and B.3.5 Kraken (1 per Octopus).
DANCE_SHELL_POINTS: tuple[int, ...] = (0, 2, 4, 6, 8, 10, 12)
KRAKEN_OCTOPUS_POINTS: tuple[int, ...] = (0, 1, 2, 3, 4, 5)

#: Event bits of the scoring mask (``1 << event``): see :func:`event_mask`.
_RODEO = 1 << Event.WATER_RODEO
_DANCE_SHELLS = 1 << Event.DANCE_OF_THE_SHELLS
_KRAKEN = 1 << Event.KRAKEN
_TORNADO = 1 << Event.TORNADO


def event_mask(events: Iterable[int]) -> int:
    """A bit set of events (``1 << Event``), the form the engine passes around."""
    m = 0
    for e in events:
        m |= 1 << int(e)
    return m


@dataclass(frozen=True, slots=True)
class Breakdown:
    """Card points by part (R7.1) and the colour bonus (R6.4), in points.

    Attributes:
        duos: 1 per duo in front plus the pairs still in hand (and Starfish
            bonuses, A.6).
        mermaids: sum of the k largest colour counts for k Mermaids.
        collectors: Shells, Octopuses, Penguins, Sailors.
        multipliers: Lighthouse, Shoal of Fish, Penguin Colony, Captain (and
            Cast of Crabs, A.5).
        colour_bonus: cards of the player's most common colour (not part of
            card points; 0 with no cards).
    """

    duos: int
    mermaids: int
    collectors: int
    multipliers: int
    colour_bonus: int

    @property
    def card_points(self) -> int:
        """Duos + mermaids + collectors + multipliers (R7.1)."""
        return self.duos + self.mermaids + self.collectors + self.multipliers

    def to_dict(self) -> dict[str, int]:
        """JSON-ready dict with the four parts, ``card_points`` and ``colour_bonus``."""
        return {"duos": self.duos, "mermaids": self.mermaids, "collectors": self.collectors,
                "multipliers": self.multipliers, "colour_bonus": self.colour_bonus,
                "card_points": self.card_points}


def _counts(cards: Sequence[int]) -> tuple[list[int], list[int]]:
    kinds = [0] * N_KINDS
    colours = [0] * N_COLOURS
    for c in cards:
        kinds[KIND_OF[c]] += 1
        colours[COLOUR_OF[c]] += 1
    return kinds, colours


def _capped(table: tuple[int, ...], n: int) -> int:
    return table[n] if n < len(table) else table[-1]


def _in_hand_duos(k: list[int], rodeo: int = 0) -> int:
    """Pairs among hand cards, matched greedily in A.8's order (R7.1 in the base game).

    Lobster takes a Crab first, Jellyfish a Swimmer, Shark a Swimmer; then Fish,
    Boat and Crab pairs. Without Extra Salt cards this is R7.1's
    crabs//2 + boats//2 + fish//2 + min(swimmers, sharks). With ``rodeo``
    (Extra Pepper Water Rodeo, Decision 3) the Swimmers and Sharks left after the
    Jellyfish also pair among themselves: (swimmers + sharks) // 2.
    """
    crabs, swimmers = k[_CRAB], k[_SWIMMER]
    lobster = min(k[_LOBSTER], crabs)
    crabs -= lobster
    jelly = min(k[_JELLYFISH], swimmers)
    swimmers -= jelly
    if rodeo:
        steal = (swimmers + k[_SHARK]) // 2
    else:
        steal = min(k[_SHARK], swimmers)
    return lobster + jelly + steal + k[_FISH] // 2 + k[_BOAT] // 2 + crabs // 2


def _collectors(k: list[int], seahorse: bool,
                tables: tuple[tuple[int, ...], ...] = _COLLECTOR_TABLES) -> int:
    """Collector points (R7.1); a Seahorse in hand adds one card to the family
    where it gains most, if the player has one and it is not full (A.7).
    ``tables`` may swap in the Extra Pepper Shell or Octopus tables (B.3.4, B.3.5)."""
    counts = (k[_SHELL], k[_OCTOPUS], k[_PENGUIN], k[_SAILOR])
    base = sum(_capped(t, n) for t, n in zip(tables, counts, strict=True))
    if not seahorse:
        return base
    best = base
    for t, n in zip(tables, counts, strict=True):
        if 1 <= n < len(t) - 1:
            best = max(best, base - t[n] + t[n + 1])
    return best


def _parts(hand: Sequence[int], front: Sequence[int],
           fx: int = 0) -> tuple[int, int, int, int, list[int]]:
    """(duos, mermaids, collectors, multipliers, colour counts): R7.1 (and A.5-A.8;
    ``fx``: the Extra Pepper events that apply, as an :func:`event_mask`)."""
    kinds, colours = _counts(hand)
    in_hand = _in_hand_duos(kinds, fx & _RODEO)
    hand_starfish = kinds[_STARFISH]
    seahorse = kinds[_SEAHORSE] > 0
    front_duo_cards = 0
    front_starfish = 0
    for c in front:
        kc = KIND_OF[c]
        kinds[kc] += 1
        colours[COLOUR_OF[c]] += 1
        if _IS_DUO_KIND[kc]:
            front_duo_cards += 1
        elif kc == _STARFISH:
            front_starfish += 1
    duos = (front_duo_cards // 2 + in_hand + 2 * front_starfish
            + 2 * min(hand_starfish, in_hand))
    k = kinds[_MERMAID]
    mermaids = sum(sorted(colours, reverse=True)[:k]) if k else 0
    if fx:
        if fx & _TORNADO:
            mermaids = 0
        tables = (DANCE_SHELL_POINTS if fx & _DANCE_SHELLS else SHELL_POINTS,
                  KRAKEN_OCTOPUS_POINTS if fx & _KRAKEN else OCTOPUS_POINTS,
                  PENGUIN_POINTS, SAILOR_POINTS)
        collectors = _collectors(kinds, seahorse, tables)
    else:
        collectors = _collectors(kinds, seahorse)
    multipliers = (kinds[_LIGHTHOUSE] * kinds[_BOAT] + kinds[_SHOAL] * kinds[_FISH]
                   + kinds[_COLONY] * 2 * kinds[_PENGUIN] + kinds[_CAPTAIN] * 3 * kinds[_SAILOR]
                   + kinds[_CAST] * kinds[_CRAB])
    return duos, mermaids, collectors, multipliers, colours


def breakdown(hand: Sequence[int], front: Sequence[int] = (),
              events: Iterable[int] = ()) -> Breakdown:
    """Score one player's cards.

    Args:
        hand: ids of the cards in hand (revealed or not).
        front: ids of the cards played in front, duos as consecutive pairs,
            a trio's Starfish right after its pair (Extra Salt, A.6).
        events: the Extra Pepper events that apply to the player (table event
            and held events, :class:`~seasalt.ssp.cards.Event`); none by default.

    Returns:
        The :class:`Breakdown` (R7.1 parts and the R6.4 colour bonus).

    Rules: R7.1 (duos counted once in front or as pairs in hand; mermaids over the
    k largest colour counts with Mermaids as white; collector tables; multipliers
    count their type in hand and in front), R6.4 (colour bonus); Extra Salt:
    A.5 Cast of Crabs, A.6 Starfish (+2 in front; +2 in hand up to the pairs in
    hand; in the duos part), A.7 Seahorse, A.8 in-hand matching; Extra Pepper:
    B.3.4 Dance of the Shells, B.3.5 Kraken, B.3.6 Tornado, Decision 3 (Water
    Rodeo pairs in hand).
    """
    fx = event_mask(events) if events else 0
    duos, mermaids, collectors, multipliers, colours = _parts(hand, front, fx)
    return Breakdown(duos, mermaids, collectors, multipliers, max(colours))


def card_points(hand: Sequence[int], front: Sequence[int] = (), fx: int = 0) -> int:
    """Card points only (R7.1): what R4.3's "at least 7" and R6.2 compare.

    Args:
        hand: ids of the cards in hand; front: ids in front, duos as pairs.
        fx: the Extra Pepper events that apply, as an :func:`event_mask` (0: none).

    Returns:
        Points (an int >= 0).
    """
    duos, mermaids, collectors, multipliers, _ = _parts(hand, front, fx)
    return duos + mermaids + collectors + multipliers


def colour_bonus(cards: Sequence[int]) -> int:
    """R6.4: the number of cards of the player's most common colour; 0 if none.

    Args:
        cards: every card of the player (hand and front).
    """
    if not cards:
        return 0
    return max(_counts(cards)[1])


def score_cards(cards: Sequence[int]) -> Breakdown:
    """Score a set of cards held together, as the score calculator does.

    Pairs among the cards count as duos (R7.1: a pair in hand scores like a duo
    in front), so hand and front need not be told apart in the base game.

    Args:
        cards: card ids (hand and cards in front together).
    """
    return breakdown(cards, ())
