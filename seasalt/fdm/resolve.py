"""A round's resolution (docs/fruits-de-mer.md F5), as a pure function of the bait and the plays.

:func:`resolve` takes the bait's kind and each seat's played card (``None``: the
seat played nothing, F4) and returns a :class:`Resolution`: what happened, step
by step, in the order of F5, and its effects (cards removed from the game, seats
scoring, cards going back to their owners' hands). It changes nothing; the
state applies the effects (:mod:`seasalt.fdm.state`).

``Resolution.to_dict()`` (also in the ``"reveal"`` event and the view's
``history``/``last``) has exactly this shape::

    {"bait": "shrimp",
     "plays": ["shrimp", "mackerel", "tuna", "fisher"],   # per seat, null: nothing
     "arrest": false,
     "steps": [{"type": "spawn", "cards": [[0, "shrimp"]], "seats": [], "eaten": []},
               {"type": "eat", "cards": [[1, "mackerel"]], "seats": [],
                "eaten": [[0, "shrimp"]]},
               {"type": "eat", "cards": [[2, "tuna"]], "seats": [],
                "eaten": [[1, "mackerel"]]},
               {"type": "fisher", "cards": [[2, "tuna"]], "seats": [3], "eaten": []},
               {"type": "back", "cards": [[3, "fisher"]], "seats": [], "eaten": []}],
     "removed": [[0, "shrimp"], [1, "mackerel"], [2, "tuna"]],
     "scorers": [3],
     "returned": [[3, "fisher"]]}

Every step has the four keys ``type``, ``cards`` (``[seat, kind]`` pairs, seat
order), ``seats`` and ``eaten`` (empty where unused). The step types, in the
order they can occur:

- ``"arrest"`` (F5.1, then only ``"back"`` may follow): ``cards`` the Fishers
  removed from the game, ``seats`` the Warden players, who score 1 each;
- ``"spawn"`` (F5.2): ``cards`` the played cards of the bait's kind, moving to
  the centre (only when there is at least one);
- ``"eat"`` (F5.3, one per link of the chain): ``cards`` the predators moving to
  the centre, ``eaten`` the cards that were in the centre, removed from the game
  (empty when nothing was there: the predator of the bait eats the bait card
  itself, e.g. a Shrimp on a Seaweed bait);
- then exactly one outcome (F5.4): ``"nothing"`` (no card moved; ``cards`` empty,
  nobody scores), ``"fisher"`` (``cards`` the centre cards removed from the game,
  ``seats`` the Fisher players, who score 1 each) or ``"centre-scores"``
  (``cards`` the centre cards, ``seats`` their owners, who score 1 each; those
  cards go back);
- ``"back"`` (last, whenever a played card goes back, after ``"nothing"`` too):
  ``cards`` the cards going back to their owners' hands.

``scorers`` lists the seats scoring 1 this round, in seat order (each at most
once: a player plays one card, so scores at most 1 a round). ``removed`` and
``returned`` partition the played cards; both are in seat order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from seasalt.fdm.cards import BAIT_KINDS, PLAYER_KINDS, Kind, predator

#: A played card: (seat, kind).
Card = tuple[int, Kind]


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a resolution (see the module docstring for each ``type``).

    Attributes:
        type: ``"arrest"``, ``"spawn"``, ``"eat"``, ``"nothing"``, ``"fisher"``,
            ``"centre-scores"`` or ``"back"``.
        cards: the cards the step moves, removes or returns, seat order.
        seats: the seats scoring 1 in this step (arrest, fisher, centre-scores).
        eaten: for ``"eat"``, the cards removed from the centre.
    """

    type: str
    cards: tuple[Card, ...] = ()
    seats: tuple[int, ...] = ()
    eaten: tuple[Card, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"type", "cards": [[seat, kind]...], "seats", "eaten"}``."""
        return {"type": self.type, "cards": [[s, k.value] for s, k in self.cards],
                "seats": list(self.seats), "eaten": [[s, k.value] for s, k in self.eaten]}


@dataclass(frozen=True, slots=True)
class Resolution:
    """The resolution of one round (F5); see the module docstring.

    Attributes:
        bait: the bait card's kind.
        plays: per seat, the card it played, or ``None``.
        arrest: F5.1 applied (a Warden and a Fisher were played).
        steps: what happened, in order.
        removed: cards removed from the game, seat order.
        scorers: seats scoring 1, seat order.
        returned: cards going back to their owners' hands, seat order.
    """

    bait: Kind
    plays: tuple[Kind | None, ...]
    arrest: bool
    steps: tuple[Step, ...]
    removed: tuple[Card, ...]
    scorers: tuple[int, ...]
    returned: tuple[Card, ...]

    def points(self) -> list[int]:
        """Points scored this round, per seat."""
        out = [0] * len(self.plays)
        for seat in self.scorers:
            out[seat] += 1
        return out

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (the module docstring shows it)."""
        return {"bait": self.bait.value,
                "plays": [None if k is None else k.value for k in self.plays],
                "arrest": self.arrest,
                "steps": [st.to_dict() for st in self.steps],
                "removed": [[s, k.value] for s, k in self.removed],
                "scorers": list(self.scorers),
                "returned": [[s, k.value] for s, k in self.returned]}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Resolution:
        """Recompute the resolution that :meth:`to_dict` wrote (from its bait and
        plays) and check that it is the same.

        Raises:
            ValueError: malformed, or not what F5 gives for those plays.
        """
        try:
            bait = Kind(d["bait"])
            plays = [None if p is None else Kind(p) for p in d["plays"]]
        except (KeyError, TypeError, ValueError) as e:
            raise ValueError(f"bad resolution: {e!r}") from None
        res = resolve(bait, plays)
        if res.to_dict() != dict(d):
            raise ValueError("a resolution does not match its bait and plays (F5)")
        return res


def _sorted(cards: list[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c[0]))


def resolve(bait: Kind, plays: Sequence[Kind | None]) -> Resolution:
    """Resolve a round (F5): arrest, spawning, the predation chain, the outcome.

    Args:
        bait: the revealed bait's kind (Seaweed, Shrimp or Mackerel).
        plays: per seat, the played card's kind, or ``None`` (no card, F4).

    Returns:
        The :class:`Resolution` (nothing is changed).

    Raises:
        ValueError: ``bait`` is not a bait kind, or a play is not a player kind.
    """
    if bait not in BAIT_KINDS:
        raise ValueError(f"{bait!r} is not a bait card (F1)")
    plays = tuple(plays)
    for p in plays:
        if p is not None and p not in PLAYER_KINDS:
            raise ValueError(f"{p!r} is not a player card (F1)")
    played: list[Card] = [(s, k) for s, k in enumerate(plays) if k is not None]

    def of(kind: Kind) -> list[Card]:
        return [c for c in played if c[1] == kind]

    steps: list[Step] = []
    removed: list[Card] = []
    scorers: list[int] = []
    fishers = of(Kind.FISHER)
    wardens = of(Kind.WARDEN)

    # F5.1: arrest
    arrest = bool(fishers) and bool(wardens)
    if arrest:
        removed.extend(fishers)
        scorers.extend(s for s, _ in wardens)
        steps.append(Step("arrest", tuple(fishers), tuple(s for s, _ in wardens)))
    else:
        # F5.2: spawning (only Shrimp and Mackerel can be played; Seaweed never spawns)
        centre: list[Card] = of(bait)
        if centre:
            steps.append(Step("spawn", tuple(centre)))
        # F5.3: the predation chain, link by link (none skipped)
        last = bait
        while True:
            eater = predator(last)
            if eater is None:
                break
            eaters = of(eater)
            if not eaters:
                break
            removed.extend(centre)
            steps.append(Step("eat", tuple(eaters), eaten=tuple(centre)))
            centre = eaters
            last = eater
        # F5.4: the outcome
        if not centre:
            steps.append(Step("nothing"))
        elif fishers:
            removed.extend(centre)
            scorers.extend(s for s, _ in fishers)
            steps.append(Step("fisher", tuple(centre), tuple(s for s, _ in fishers)))
        else:
            scorers.extend(s for s, _ in centre)
            steps.append(Step("centre-scores", tuple(centre), tuple(s for s, _ in centre)))
    gone = set(removed)
    returned = [c for c in played if c not in gone]
    if returned:
        steps.append(Step("back", tuple(returned)))
    return Resolution(bait=bait, plays=plays, arrest=arrest, steps=tuple(steps),
                      removed=_sorted(removed), scorers=tuple(sorted(scorers)),
                      returned=tuple(returned))
