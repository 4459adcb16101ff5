"""Fruits de mer behind the generic :class:`seasalt.core.interface.Game` interface.

The choices of a round are simultaneous (F4, ``Dynamics.SIMULTANEOUS``), played
the OpenSpiel way: the seats holding cards commit one card each in seat order
(``current_player``), each commit hidden from every other seat's view until the
last commit of the round, which reveals them all, resolves the round (F5) and
shows the next bait (or ends the game after round 9, F6). ``reveals`` is True
exactly for that last commit. See :mod:`seasalt.fdm.state`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from seasalt.core.interface import Dynamics, GameInfo, Outcome
from seasalt.fdm import state
from seasalt.fdm import view as view_mod
from seasalt.fdm.cards import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROUNDS,
    Kind,
    action_to_str,
    parse_action,
)
from seasalt.fdm.state import State

GAME_INFO = GameInfo(
    name=state.GAME_NAME,
    title="Fruits de mer",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    min_utility=0.0,
    max_utility=1.0,
    options={},
    # Simultaneous choices (F4), presented one seat after the other: each seat's
    # commit stays hidden from the others until the round's last commit reveals all.
    dynamics=Dynamics.SIMULTANEOUS,
    # A true bound: 9 rounds, at most one card per seat (5 seats) a round.
    max_game_length=ROUNDS * MAX_PLAYERS,
    aliases=("fdm",),
)


class FruitsDeMer:
    """The game object: stateless; every method takes the state it works on."""

    info: GameInfo = GAME_INFO

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None,
                 *, log: bool = True) -> State:
        """See :func:`seasalt.fdm.state.new_game`."""
        return state.new_game(players, seed, options, log=log)

    def current_player(self, s: State) -> int:
        """The seat to commit a card, or -2 when over."""
        return state.current_player(s)

    def legal_actions(self, s: State) -> list[Kind]:
        """See :func:`seasalt.fdm.state.legal_actions`."""
        return state.legal_actions(s)

    def apply(self, s: State, action: Kind) -> State:
        """See :func:`seasalt.fdm.state.apply`."""
        return state.apply(s, action)

    def apply_in_place(self, s: State, action: Kind) -> None:
        """See :func:`seasalt.fdm.state.apply_in_place`."""
        state.apply_in_place(s, action)

    def copy(self, s: State) -> State:
        """A copy without the log, for search."""
        return s.copy(keep_log=False)

    def reveals(self, s: State, action: Kind) -> bool:
        """See :func:`seasalt.fdm.state.reveals`: the last commit of a round."""
        return state.reveals(s, action)

    def view(self, s: State, seat: int | None, *, log: bool = False) -> view_mod.View:
        """See :func:`seasalt.fdm.view.view`."""
        return view_mod.view(s, seat, log=log)

    def determinize(self, v: view_mod.View, rng: random.Random) -> State:
        """See :func:`seasalt.fdm.view.determinize`."""
        return view_mod.determinize(v, rng)

    def outcome(self, s: State) -> Outcome | None:
        """See :func:`seasalt.fdm.state.outcome`."""
        return state.outcome(s)

    def returns(self, s: State) -> list[float]:
        """See :func:`seasalt.fdm.state.returns`."""
        return state.returns(s)

    def action_to_str(self, action: Kind) -> str:
        """See :func:`seasalt.fdm.cards.action_to_str`."""
        return action_to_str(action)

    def parse_action(self, text: str) -> Kind:
        """See :func:`seasalt.fdm.cards.parse_action`."""
        return parse_action(text)

    def to_dict(self, s: State) -> dict[str, Any]:
        """See :func:`seasalt.fdm.state.to_dict`."""
        return state.to_dict(s)

    def from_dict(self, data: Mapping[str, Any]) -> State:
        """See :func:`seasalt.fdm.state.from_dict`."""
        return state.from_dict(data)

    def seat_legal(self, s: State, seat: int) -> list[Kind]:
        """See :func:`seasalt.fdm.view.seat_legal`: what ``seat`` may pick now, its
        turn in seat order or not (simultaneous choices, F4)."""
        return view_mod.seat_legal(s, seat)

    def round_opened(self, s: State) -> int:
        """See :func:`seasalt.fdm.view.round_opened`."""
        return view_mod.round_opened(s)

    def choosing_at_once(self, v: view_mod.View, held: Mapping[int, str],
                         legal: list[str]) -> view_mod.View:
        """See :func:`seasalt.fdm.view.choosing_at_once`."""
        return view_mod.choosing_at_once(v, held, legal)

    def view_to_dict(self, v: view_mod.View) -> dict[str, Any]:
        """See :meth:`seasalt.fdm.view.View.to_dict` (JSON-ready; the log too, if any)."""
        return v.to_dict()

    def view_from_dict(self, data: Mapping[str, Any]) -> view_mod.View:
        """See :meth:`seasalt.fdm.view.View.from_dict`; raises ``InvalidViewError``."""
        return view_mod.View.from_dict(data)


GAME = FruitsDeMer()
