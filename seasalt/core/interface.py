"""The small game interface that bots, the arena, records and the page share.

A game is described once by a :class:`GameInfo` and implemented by an object
following :class:`Game`: it creates states, lists the legal actions of the seat
to move, applies actions (checked, returning a new state), gives each seat its
:class:`View` of a state, samples full states consistent with a view
(determinization, for search bots) and reports the :class:`Outcome`.
Nothing here knows the rules of a particular game.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol, runtime_checkable

#: ``current_player`` when the game is over.
TERMINAL: int = -2


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Static facts about a game.

    Attributes:
        name: registry name, e.g. ``"sea-salt-and-paper"``.
        title: human title.
        min_players, max_players: seat counts accepted by ``new_game``.
        min_utility, max_utility: bounds of :meth:`Game.returns` values.
        options: option names accepted by ``new_game`` with their defaults.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    min_utility: float = 0.0
    max_utility: float = 1.0
    options: Mapping[str, Any] = field(default_factory=dict)


class Termination(StrEnum):
    """How a game ended."""

    TARGET = "target"
    FOUR_MERMAIDS = "four-mermaids"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game.

    Attributes:
        termination: how it ended.
        winners: seats that won (more than one when the victory is shared).
        scores: final game totals, one int per seat, seat order.
    """

    termination: Termination
    winners: tuple[int, ...]
    scores: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"termination": self.termination.value, "winners": list(self.winners),
                "scores": list(self.scores)}


@runtime_checkable
class Game(Protocol):
    """What every game offers to generic code (bots, arena, record, page).

    States and views are opaque to generic code; actions are hashable values
    with a string form. ``apply`` never mutates its argument.
    """

    info: GameInfo

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> Any:
        """A new game's initial state. Raises ``ValueError`` on bad arguments."""
        ...

    def current_player(self, state: Any) -> int:
        """The seat to act, ``0..n-1``, or :data:`TERMINAL`."""
        ...

    def legal_actions(self, state: Any) -> list[Hashable]:
        """The seat to move's legal actions, sorted; empty when terminal."""
        ...

    def apply(self, state: Any, action: Hashable) -> Any:
        """A new state after ``action``; raises ``IllegalActionError`` if not legal."""
        ...

    def apply_in_place(self, state: Any, action: Hashable) -> None:
        """Unchecked fast path for search: mutate ``state`` (a copy it owns)."""
        ...

    def copy(self, state: Any) -> Any:
        """An independent copy of ``state`` for search (logs may be dropped)."""
        ...

    def view(self, state: Any, seat: int | None) -> Any:
        """What ``seat`` may know (``None``: a spectator)."""
        ...

    def determinize(self, view: Any, rng: random.Random) -> Any:
        """A full state consistent with ``view``, hidden cards sampled with ``rng``."""
        ...

    def outcome(self, state: Any) -> Outcome | None:
        """``None`` while the game goes on."""
        ...

    def returns(self, state: Any) -> Sequence[float]:
        """One utility per seat within the info's bounds (0 while not over)."""
        ...

    def action_to_str(self, action: Hashable) -> str:
        """Short context-free code, parsed back by :meth:`parse_action`."""
        ...

    def parse_action(self, text: str) -> Hashable:
        """Inverse of :meth:`action_to_str`; raises ``InvalidActionError``."""
        ...

    def to_dict(self, state: Any) -> dict[str, Any]:
        """JSON-ready snapshot of the whole state."""
        ...

    def from_dict(self, data: Mapping[str, Any]) -> Any:
        """Inverse of :meth:`to_dict`; raises ``InvalidRecordError``."""
        ...
