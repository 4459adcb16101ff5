"""The small game interface that bots, the arena, records and the page share.

A game is described once by a :class:`GameInfo` and implemented by an object
following :class:`Game`: it creates states, lists the legal actions of the seat
to move, applies actions (checked, returning a new state), says whether an action
reveals hidden information (the undo barrier), gives each seat its
:class:`View` of a state, samples full states consistent with a view
(determinization, for search bots), writes views as plain data and reads them
back (for a bot thinking in another process or a web worker) and reports the
:class:`Outcome`. :class:`Bot` is what every bot offers a table (one decision from a
view). Nothing here knows the rules of a particular game.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol, TypeVar, runtime_checkable

#: ``current_player`` when the game is over.
TERMINAL: int = -2

#: A game's state type (opaque to generic code).
S = TypeVar("S")
#: A game's view type: what one seat may know (opaque to generic code).
V = TypeVar("V")
#: A game's action type: hashable values with a string form.
A = TypeVar("A", bound=Hashable)
#: The view type a bot reads (contravariant: a bot for any view takes a game's view).
V_contra = TypeVar("V_contra", contravariant=True)


class Dynamics(StrEnum):
    """How the seats move.

    ``SEQUENTIAL``: one seat acts at a time (``current_player``).
    ``SIMULTANEOUS``: the seats choose at the same time without seeing each
    other's choice; such a game still presents the choices one seat after the
    other through ``current_player`` (each choice hidden from the others' views
    until all are in), so generic code drives both kinds the same way, and
    front ends may let every person choose at once.
    """

    SEQUENTIAL = "sequential"
    SIMULTANEOUS = "simultaneous"


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Static facts about a game.

    Attributes:
        name: registry name, e.g. ``"sea-salt-and-paper"``.
        title: human title.
        min_players, max_players: seat counts accepted by ``new_game``.
        min_utility, max_utility: bounds of :meth:`Game.returns` values.
        options: option names accepted by ``new_game`` with their defaults.
        dynamics: sequential or simultaneous choices (see :class:`Dynamics`).
        max_game_length: an upper bound on the actions of one game (plies),
            keyword-only and required: a true bound, or a measured one with a
            margin (the game's source says which).
        aliases: other names the registry accepts for the game (short ones, say).
    """

    name: str
    title: str
    min_players: int
    max_players: int
    min_utility: float = 0.0
    max_utility: float = 1.0
    options: Mapping[str, Any] = field(default_factory=dict)
    max_game_length: int = field(kw_only=True)
    dynamics: Dynamics = Dynamics.SEQUENTIAL
    aliases: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"bad player counts {self.min_players}..{self.max_players}")
        if self.max_game_length < 1:
            raise ValueError(f"max_game_length must be at least 1, not {self.max_game_length}")


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game.

    Attributes:
        termination: how it ended, in the game's own words (each game defines
            its end reasons, e.g. as a ``StrEnum`` in its ``outcome`` module; a
            ``StrEnum`` is a ``str``).
        winners: seats that won (more than one when the victory is shared).
        scores: final game totals, one int per seat, seat order.
    """

    termination: str
    winners: tuple[int, ...]
    scores: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"termination": str(self.termination), "winners": list(self.winners),
                "scores": list(self.scores)}


@runtime_checkable
class Game(Protocol[S, V, A]):
    """What every game offers to generic code (bots, arena, record, driver, page).

    Generic over the game's state ``S``, view ``V`` and action ``A`` types;
    generic code treats states and views as opaque and actions as hashable
    values with a string form. ``apply`` never mutates its argument.
    """

    info: GameInfo

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> S:
        """A new game's initial state. Raises ``ValueError`` on bad arguments."""
        ...

    def current_player(self, state: S) -> int:
        """The seat to act, ``0..n-1``, or :data:`TERMINAL`."""
        ...

    def legal_actions(self, state: S) -> list[A]:
        """The seat to move's legal actions, sorted; empty when terminal."""
        ...

    def apply(self, state: S, action: A) -> S:
        """A new state after ``action``; raises ``IllegalActionError`` if not legal."""
        ...

    def apply_in_place(self, state: S, action: A) -> None:
        """Unchecked fast path for search: mutate ``state`` (a copy it owns)."""
        ...

    def copy(self, state: S) -> S:
        """An independent copy of ``state`` for search (logs may be dropped)."""
        ...

    def reveals(self, state: S, action: A) -> bool:
        """Whether applying ``action`` (legal in ``state``) shows some seat something
        it could not see before, or draws on chance: a draw, a look through a pile or
        at a hand, a steal, a shuffle, a new deal, the end of a round or of the game.
        Showing others what the acting seat itself knew (cards it places face up, a
        card it discards) does not count. The undo barrier: a person may take back a
        decision only while it revealed nothing (:meth:`seasalt.core.table.Table.undo_target`).
        Raises ``IllegalActionError`` if ``action`` is not legal."""
        ...

    def view(self, state: S, seat: int | None, *, log: bool = False) -> V:
        """What ``seat`` may know (``None``: a spectator); with ``log``, also the
        seat's redacted event log (for a screen; bots and search leave it out)."""
        ...

    def determinize(self, view: V, rng: random.Random) -> S:
        """A full state consistent with ``view``, hidden cards sampled with ``rng``."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """``None`` while the game goes on."""
        ...

    def returns(self, state: S) -> Sequence[float]:
        """One utility per seat within the info's bounds (0 while not over)."""
        ...

    def action_to_str(self, action: A) -> str:
        """Short context-free code, parsed back by :meth:`parse_action`."""
        ...

    def parse_action(self, text: str) -> A:
        """Inverse of :meth:`action_to_str`; raises ``InvalidActionError``."""
        ...

    def to_dict(self, state: S) -> dict[str, Any]:
        """JSON-ready snapshot of the whole state."""
        ...

    def from_dict(self, data: Mapping[str, Any]) -> S:
        """Inverse of :meth:`to_dict`; raises ``InvalidRecordError``."""
        ...

    def view_to_dict(self, view: V) -> dict[str, Any]:
        """A view as plain data (``json.dumps`` writes it; tuples become lists), for
        a bot thinking elsewhere than the table (a web worker): every field,
        :meth:`view_from_dict` reads it back."""
        ...

    def view_from_dict(self, data: Mapping[str, Any]) -> V:
        """Inverse of :meth:`view_to_dict`, also after a JSON round trip:
        ``view_from_dict(json.loads(json.dumps(view_to_dict(v)))) == v``, with the
        same types inside, so a bot decides on it exactly as on ``v``.

        Raises:
            InvalidViewError: not a JSON object, a field missing or of the wrong
                type, a value the game does not know; the message names the field.
        """
        ...


@runtime_checkable
class Bot(Protocol[V_contra, A]):
    """What every bot offers: one decision from a view (generic over the game's
    view type and action type). The bots of :mod:`seasalt.bots` follow it; a table
    (:mod:`seasalt.core.table`) is handed bots and asks them through it only."""

    def act(self, view: V_contra, legal: Sequence[A]) -> A:
        """Choose an action.

        Args:
            view: the acting seat's view (its ``current`` is the bot's seat).
            legal: that seat's legal actions, sorted, non-empty.

        Returns:
            One element of ``legal``.

        Raises:
            ValueError: ``legal`` is empty.
        """
        ...


#: A game of unknown types, as the registry returns it.
AnyGame = Game[Any, Any, Any]
