"""Scoring (docs/rules.md R7 card points, R6.4 colour bonus, R6.1/R6.2 round scores).

All functions are pure and take card ids (see :mod:`seasalt.ssp.cards`). The
score calculator of the command line calls :func:`breakdown` directly (its pairs in
hand count as duos, R7.1).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

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

# plain ints: indexing a list with an IntEnum member is about twice as slow
_CRAB, _BOAT, _FISH, _SWIMMER, _SHARK = (
    int(k) for k in (Kind.CRAB, Kind.BOAT, Kind.FISH, Kind.SWIMMER, Kind.SHARK))
_MERMAID, _SHELL, _OCTOPUS = (int(k) for k in (Kind.MERMAID, Kind.SHELL, Kind.OCTOPUS))
_PENGUIN, _SAILOR = (int(k) for k in (Kind.PENGUIN, Kind.SAILOR))
_LIGHTHOUSE, _SHOAL, _COLONY, _CAPTAIN = (
    int(k) for k in (Kind.LIGHTHOUSE, Kind.SHOAL_OF_FISH, Kind.PENGUIN_COLONY, Kind.CAPTAIN))
_JELLYFISH, _LOBSTER, _CAST, _STARFISH, _SEAHORSE = (
    int(k) for k in (Kind.JELLYFISH, Kind.LOBSTER, Kind.CAST_OF_CRABS, Kind.STARFISH,
                     Kind.SEAHORSE))
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
    base = 0
    for t, n in zip(tables, counts, strict=True):
        if n:
            base += t[n] if n < len(t) else t[-1]
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


#: The multipliers (R7.1, A.5): kind -> (the kind it counts, points per card counted).
MULTIPLIED: dict[int, tuple[int, int]] = {
    _LIGHTHOUSE: (_BOAT, 1), _SHOAL: (_FISH, 1), _COLONY: (_PENGUIN, 2), _CAPTAIN: (_SAILOR, 3),
    _CAST: (_CRAB, 1)}


def _hand_pairs(hand: Sequence[int], rodeo: bool) -> tuple[list[list[int]], list[int]]:
    """The pairs :func:`_in_hand_duos` counts, as card ids in its matching order
    (Lobster + Crab, Jellyfish + Swimmer, Shark + Swimmer (Water Rodeo: any two of
    Swimmers and Sharks), Fish, Boat, Crab pairs), and the duo cards left unpaired."""
    by_kind: dict[int, list[int]] = {}
    for c in sorted(hand):
        by_kind.setdefault(KIND_OF[c], []).append(c)

    def take(kind: int) -> int:
        return by_kind[kind].pop(0)

    def left(kind: int) -> int:
        return len(by_kind.get(kind, ()))

    pairs: list[list[int]] = []
    for a, b in ((_LOBSTER, _CRAB), (_JELLYFISH, _SWIMMER)):
        while left(a) and left(b):
            pairs.append([take(a), take(b)])
    if rodeo:
        pool = sorted(by_kind.pop(_SWIMMER, []) + by_kind.pop(_SHARK, []))
        pairs += [pool[i:i + 2] for i in range(0, len(pool) - 1, 2)]
        if len(pool) % 2:
            by_kind[_SWIMMER] = [pool[-1]]
    else:
        while left(_SHARK) and left(_SWIMMER):
            pairs.append([take(_SHARK), take(_SWIMMER)])
    for k in (_FISH, _BOAT, _CRAB):
        while left(k) >= 2:
            pairs.append([take(k), take(k)])
    unpaired = sorted(c for k, cs in by_kind.items() if _IS_DUO_KIND[k] for c in cs)
    return pairs, unpaired


def itemise(hand: Sequence[int], front: Sequence[int] = (),
            events: Iterable[int] = ()) -> list[dict[str, Any]]:
    """One player's cards grouped by what they score: the items behind
    :func:`breakdown`'s parts, for the round-over screen.

    Args:
        hand: ids of the cards in hand (revealed or not).
        front: ids in front, in the order placed (duos as consecutive pairs, a trio's
            Starfish right after its pair).
        events: the Extra Pepper events that apply to the player (as for
            :func:`breakdown`).

    Returns:
        A list of items ``{"part", "cards", "points", ...}``; ``part`` is ``duos``,
        ``mermaids``, ``collectors``, ``multipliers`` (the parts of R7.1) or ``none``
        (cards that score nothing: an unpaired duo card, a Starfish without a pair in
        hand, a Seahorse that adds nothing). Every card of hand and front is in exactly
        one item. Extra keys: duos ``where`` (``front`` or ``hand``); mermaids
        ``colour`` (the :class:`~seasalt.ssp.cards.Colour` this Mermaid counted, or
        ``None`` when only missing colours were left) and ``count`` (its cards);
        collectors ``kind`` (the family; a Seahorse that joined it is in its
        ``cards``); multipliers ``kind`` (the kind it counts) and ``count``. The
        points of a part's items add up to that part of :func:`breakdown` (tested).

    Rules: R7.1 (duos, mermaids, collectors, multipliers), A.5-A.8 (Extra Salt),
    B.3.3-B.3.6 (Extra Pepper events that change the counts).
    """
    fx = event_mask(events) if events else 0
    items: list[dict[str, Any]] = []
    front_groups_: list[list[int]] = []
    i, m = 0, len(front)
    while i < m:
        size = 3 if i + 2 < m and KIND_OF[front[i + 2]] == _STARFISH else 2
        front_groups_.append(list(front[i:i + size]))
        i += size
    for g in front_groups_:
        duo_cards = sum(1 for c in g if _IS_DUO_KIND[KIND_OF[c]])
        stars = sum(1 for c in g if KIND_OF[c] == _STARFISH)
        items.append({"part": "duos", "where": "front", "cards": g,
                      "points": duo_cards // 2 + 2 * stars})
    pairs, unpaired = _hand_pairs(hand, bool(fx & _RODEO))
    stars_in_hand = sorted(c for c in hand if KIND_OF[c] == _STARFISH)
    for p in pairs:
        extra = [stars_in_hand.pop(0)] if stars_in_hand else []
        items.append({"part": "duos", "where": "hand", "cards": p + extra,
                      "points": 1 + 2 * len(extra)})
    nothing: list[int] = unpaired + stars_in_hand
    kinds, colours = _counts(list(hand) + list(front))
    mermaids = sorted(c for c in [*hand, *front] if KIND_OF[c] == _MERMAID)
    if mermaids:
        ranked = sorted(range(N_COLOURS), key=lambda col: (-colours[col], col))
        for cid, col in zip(mermaids, ranked, strict=False):
            n = colours[col]
            items.append({"part": "mermaids", "cards": [cid], "colour": col if n else None,
                          "count": n, "points": 0 if fx & _TORNADO else n})
    tables = (DANCE_SHELL_POINTS if fx & _DANCE_SHELLS else SHELL_POINTS,
              KRAKEN_OCTOPUS_POINTS if fx & _KRAKEN else OCTOPUS_POINTS,
              PENGUIN_POINTS, SAILOR_POINTS)
    families = (_SHELL, _OCTOPUS, _PENGUIN, _SAILOR)
    seahorses = sorted(c for c in hand if KIND_OF[c] == _SEAHORSE)
    front_seahorses = sorted(c for c in front if KIND_OF[c] == _SEAHORSE)
    joined, gain = -1, 0
    if seahorses:
        for j, (t, k) in enumerate(zip(tables, families, strict=True)):
            n = kinds[k]
            if 1 <= n < len(t) - 1 and t[n + 1] - t[n] > gain:
                joined, gain = j, t[n + 1] - t[n]
    for j, (t, k) in enumerate(zip(tables, families, strict=True)):
        n = kinds[k]
        if not n:
            continue
        cards = sorted(c for c in [*hand, *front] if KIND_OF[c] == k)
        points = _capped(t, n)
        if j == joined:
            cards.append(seahorses.pop(0))
            points += gain
        items.append({"part": "collectors", "kind": int(k), "cards": cards, "points": points})
    nothing += seahorses + front_seahorses
    for c in sorted([*hand, *front]):
        counted = MULTIPLIED.get(KIND_OF[c])
        if counted is not None:
            kind, each = counted
            items.append({"part": "multipliers", "kind": int(kind), "cards": [c],
                          "count": kinds[kind], "points": each * kinds[kind]})
    if nothing:
        items.append({"part": "none", "cards": sorted(nothing), "points": 0})
    return items


def bonus_colours(cards: Sequence[int]) -> list[int]:
    """R6.4: the colours (:class:`~seasalt.ssp.cards.Colour` values) that give the
    colour bonus: those the player holds most of, in colour order; ``[]`` with no cards.

    Args:
        cards: every card of the player (hand and front).
    """
    if not cards:
        return []
    counts = _counts(cards)[1]
    best = max(counts)
    return [c for c in range(N_COLOURS) if counts[c] == best]


# --------------------------------------------------------------------------- a round's scores

#: R6: the ends a round is scored as, by the names the engine's results use
#: (``State.last_round["end"]``).
STOP_END = "stop"
LAST_CHANCE_END = "last-chance"
ROUND_ENDS: tuple[str, ...] = (STOP_END, LAST_CHANCE_END)


@dataclass(frozen=True, slots=True)
class RoundScores:
    """A scored round (R6.1, R6.2, R6.4, R7.1), one entry per seat in seat order.

    Attributes:
        end: ``"stop"`` or ``"last-chance"`` (:data:`ROUND_ENDS`).
        caller: the seat that announced the end (from 0).
        bet_won: R6.2's bet (``True`` won, ties to the caller; ``False`` lost), ``None``
            after STOP.
        parts: each seat's :class:`Breakdown` (card points by part, colour bonus).
        scores_cards: whether each seat's card points count in its round score.
        scores_bonus: whether each seat's colour bonus counts in its round score.
        round_scores: each seat's round score, in points.
    """

    end: str
    caller: int
    bet_won: bool | None
    parts: tuple[Breakdown, ...]
    scores_cards: tuple[bool, ...]
    scores_bonus: tuple[bool, ...]
    round_scores: tuple[int, ...]

    def result(self, round_no: int, hands: Sequence[Sequence[int]],
               fronts: Sequence[Sequence[int]], totals: Sequence[int],
               events: Sequence[Iterable[int]] | None = None) -> dict[str, Any]:
        """The round as the engine reports it (``State.last_round``, a ``round-end``
        event's ``result``): what the presenter words (round-over screen, log, figures).

        Args:
            round_no: the round's number (from 1).
            hands, fronts: the cards the round was scored on, per seat (fronts in the
                order placed, as for :func:`breakdown`).
            totals: each seat's game total once this round's score is added.
            events: per seat, the Extra Pepper events its scoring used (none: ``None``).

        Returns:
            ``{"round", "end", "caller", "bet_won", "players": [per seat: the
            breakdown's parts (:meth:`Breakdown.to_dict`), "hand" (sorted ids),
            "front" (ids as placed), "round_score", "total", "scores_cards",
            "scores_bonus", "applied_events" (event ints)]}``; JSON-ready.
        """
        n = len(self.parts)
        return {
            "round": round_no, "end": self.end, "caller": self.caller,
            "bet_won": self.bet_won,
            "players": [
                {**self.parts[o].to_dict(), "hand": sorted(hands[o]), "front": list(fronts[o]),
                 "round_score": self.round_scores[o], "total": int(totals[o]),
                 "scores_cards": self.scores_cards[o], "scores_bonus": self.scores_bonus[o],
                 "applied_events": [int(e) for e in events[o]] if events else []}
                for o in range(n)],
        }


def score_round_cards(hands: Sequence[Sequence[int]], fronts: Sequence[Sequence[int]],
                      end: str, caller: int,
                      events: Sequence[Iterable[int]] | None = None) -> RoundScores:
    """Score a round from every seat's cards: the one scorer of a round's end, for
    the game (:func:`seasalt.ssp.round_end.score_round`) and the score calculator
    (:mod:`seasalt.calc`).

    Args:
        hands: per seat, the ids of the cards in hand (revealed or not).
        fronts: per seat, the ids in front, duos as consecutive pairs, a trio's
            Starfish right after its pair (as for :func:`breakdown`).
        end: ``"stop"`` (R6.1) or ``"last-chance"`` (R6.2).
        caller: the seat that announced it (from 0).
        events: per seat, the Extra Pepper events that apply to it (the table event
            and its held ones, B.1); ``None``: no Extra Pepper.

    Returns:
        The :class:`RoundScores`.

    Raises:
        ValueError: fewer than 2 seats, ``hands``, ``fronts`` or ``events`` of
            different lengths, an unknown ``end`` or a ``caller`` that is no seat.

    Rules: R6.1 (STOP: everyone scores card points, nobody a colour bonus), R6.2
    (LAST CHANCE: the bet is won when the caller's card points are at least every
    opponent's, ties to the caller; won: the caller scores card points plus colour
    bonus, the others their colour bonus only; lost: the caller scores the colour
    bonus only, the others their card points), R6.4 (colour bonus), R7.1 (card
    points); Extra Pepper B.3.3-B.3.6 through ``events``.
    """
    n = len(hands)
    if n < 2 or len(fronts) != n or (events is not None and len(events) != n):
        raise ValueError(f"a round is scored for 2 seats or more, with one hand, front "
                         f"(and events) each: {n} hands, {len(fronts)} fronts")
    if end not in ROUND_ENDS:
        raise ValueError(f"unknown end {end!r}; expected one of {ROUND_ENDS}")
    if isinstance(caller, bool) or not isinstance(caller, int) or not 0 <= caller < n:
        raise ValueError(f"the caller must be a seat from 0 to {n - 1}, not {caller!r}")
    parts = tuple(breakdown(hands[o], fronts[o], events[o] if events is not None else ())
                  for o in range(n))
    points = [b.card_points for b in parts]
    bet_won: bool | None = None
    cards, bonus = [True] * n, [False] * n  # R6.1 STOP: card points, no colour bonus
    if end == LAST_CHANCE_END:
        bet_won = all(points[caller] >= points[o] for o in range(n) if o != caller)
        cards, bonus = [not bet_won] * n, [bet_won] * n  # R6.2: the opponents
        cards[caller], bonus[caller] = bet_won, True
    round_scores = tuple(points[o] * cards[o] + parts[o].colour_bonus * bonus[o]
                         for o in range(n))
    return RoundScores(end, caller, bet_won, parts, tuple(cards), tuple(bonus), round_scores)
