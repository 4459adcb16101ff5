"""Sea Salt & Paper behind the generic :class:`seasalt.core.interface.Game` interface."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from seasalt.core.interface import Dynamics, GameInfo, Outcome
from seasalt.ssp import barrier, legal, snapshot, state
from seasalt.ssp import view as view_mod
from seasalt.ssp.actions import Action, action_to_str, parse_action
from seasalt.ssp.state import State

GAME_INFO = GameInfo(
    name="sea-salt-and-paper",
    title="Sea Salt & Paper",
    min_players=2,
    max_players=4,
    min_utility=0.0,
    max_utility=1.0,
    options={"double_target": False, "extra_salt": False, "extra_pepper": False},
    dynamics=Dynamics.SEQUENTIAL,
    # Not a true bound: none exists, since a round ended by an empty draw pile
    # (R8) scores nothing, so seats that never announce could play forever
    # (each round is finite: every turn moves a card into a hand for good).
    # Measured: the longest of 3,000 random-policy games (2-4 players, every
    # option mix, double target included) took 1,184 actions, bot games fewer;
    # 4,000 leaves a margin of more than 3x.
    max_game_length=4000,
    aliases=("ssp",),
)


class SeaSaltAndPaper:
    """The game object: stateless; every method takes the state it works on."""

    info: GameInfo = GAME_INFO

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None,
                 *, log: bool = True) -> State:
        """See :func:`seasalt.ssp.state.new_game`."""
        return state.new_game(players, seed, options, log=log)

    def current_player(self, s: State) -> int:
        """The seat to move, or -2 when over."""
        return state.current_player(s)

    def legal_actions(self, s: State) -> list[Action]:
        """See :func:`seasalt.ssp.state.legal_actions`."""
        return state.legal_actions(s)

    def is_legal(self, s: State, action: Action) -> bool:
        """See :func:`seasalt.ssp.legal.is_legal` (the optional fast check of
        :meth:`seasalt.core.interface.Game.legal_actions` membership)."""
        return legal.is_legal(s, action)

    def apply(self, s: State, action: Action) -> State:
        """See :func:`seasalt.ssp.state.apply`."""
        return state.apply(s, action)

    def apply_in_place(self, s: State, action: Action) -> None:
        """See :func:`seasalt.ssp.state.apply_in_place`."""
        state.apply_in_place(s, action)

    def copy(self, s: State) -> State:
        """A copy without the log, for search."""
        return s.copy(keep_log=False)

    def reveals(self, s: State, action: Action) -> bool:
        """See :func:`seasalt.ssp.barrier.reveals`."""
        return barrier.reveals(s, action)

    def view(self, s: State, seat: int | None, *, log: bool = False) -> view_mod.View:
        """See :func:`seasalt.ssp.view.view`."""
        return view_mod.view(s, seat, log=log)

    def determinize(self, v: view_mod.View, rng: random.Random) -> State:
        """See :func:`seasalt.ssp.view.determinize`."""
        return view_mod.determinize(v, rng)

    def outcome(self, s: State) -> Outcome | None:
        """See :func:`seasalt.ssp.state.outcome`."""
        return state.outcome(s)

    def returns(self, s: State) -> list[float]:
        """See :func:`seasalt.ssp.state.returns`."""
        return state.returns(s)

    def action_to_str(self, action: Action) -> str:
        """See :func:`seasalt.ssp.actions.action_to_str`."""
        return action_to_str(action)

    def parse_action(self, text: str) -> Action:
        """See :func:`seasalt.ssp.actions.parse_action`."""
        return parse_action(text)

    def to_dict(self, s: State) -> dict[str, Any]:
        """See :func:`seasalt.ssp.snapshot.to_dict`."""
        return snapshot.to_dict(s)

    def from_dict(self, data: Mapping[str, Any]) -> State:
        """See :func:`seasalt.ssp.snapshot.from_dict`."""
        return snapshot.from_dict(data)

    def view_to_dict(self, v: view_mod.View) -> dict[str, Any]:
        """See :meth:`seasalt.ssp.view.View.to_dict` (JSON-ready; the log too, if any)."""
        return v.to_dict()

    def view_from_dict(self, data: Mapping[str, Any]) -> view_mod.View:
        """See :meth:`seasalt.ssp.view.View.from_dict`; raises ``InvalidViewError``."""
        return view_mod.View.from_dict(data)


GAME = SeaSaltAndPaper()
