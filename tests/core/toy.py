"""A toy game for the game-agnostic parts (registry, table driver): Nim.

``players`` seats take turns removing 1 to 3 counters from one pile of
``counters`` (option, default 10); whoever takes the last counter wins.
Perfect information, so a view is the state itself and determinization is a copy.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from seasalt.core.errors import IllegalActionError, InvalidActionError, InvalidRecordError, Reason
from seasalt.core.fields import Fields
from seasalt.core.interface import TERMINAL, Game, GameInfo, Outcome

INFO = GameInfo(name="toy-nim", title="Nim", min_players=2, max_players=3,
                options={"counters": 10}, max_game_length=100, aliases=("nim",))


@dataclass(slots=True)
class NimState:
    """Counters left, the seat to move, the number of seats and the last taker."""

    counters: int
    current: int
    players: int
    last: int = -1


class Nim:
    """Nim behind the generic interface (state, view and action types:
    ``NimState``, ``NimState``, ``int``)."""

    info: GameInfo = INFO

    def new_game(self, players: int, seed: int,
                 options: Mapping[str, Any] | None = None) -> NimState:
        counters = dict(options or {}).get("counters", 10)
        if not INFO.min_players <= players <= INFO.max_players:
            raise ValueError(f"Nim is for 2 to 3 players, not {players}")
        if set(options or {}) - {"counters"}:
            raise ValueError("unknown option")
        return NimState(counters, 0, players)

    def current_player(self, state: NimState) -> int:
        return TERMINAL if state.counters == 0 else state.current

    def legal_actions(self, state: NimState) -> list[int]:
        return [] if state.counters == 0 else list(range(1, min(3, state.counters) + 1))

    def apply(self, state: NimState, action: int) -> NimState:
        if state.counters == 0:
            raise IllegalActionError("the game is over", reason=Reason.GAME_OVER)
        if action not in self.legal_actions(state):
            raise IllegalActionError(f"cannot take {action}")
        new = replace(state)
        self.apply_in_place(new, action)
        return new

    def apply_in_place(self, state: NimState, action: int) -> None:
        state.counters -= action
        state.last = state.current
        state.current = (state.current + 1) % state.players

    def copy(self, state: NimState) -> NimState:
        return replace(state)

    def reveals(self, state: NimState, action: int) -> bool:
        if action not in self.legal_actions(state):
            raise IllegalActionError(f"cannot take {action}")
        return False  # perfect information, no chance

    def view(self, state: NimState, seat: int | None, *, log: bool = False) -> NimState:
        return replace(state)

    def determinize(self, view: NimState, rng: random.Random) -> NimState:
        return replace(view)

    def outcome(self, state: NimState) -> Outcome | None:
        if state.counters:
            return None
        return Outcome("last-counter", (state.last,),
                       tuple(int(s == state.last) for s in range(state.players)))

    def returns(self, state: NimState) -> list[float]:
        o = self.outcome(state)
        return [0.0] * state.players if o is None else [float(x) for x in o.scores]

    def action_to_str(self, action: int) -> str:
        return f"take{action}"

    def parse_action(self, text: str) -> int:
        if not text.startswith("take") or not text[4:].isdigit():
            raise InvalidActionError(f"not a Nim action: {text!r}")
        return int(text[4:])

    def to_dict(self, state: NimState) -> dict[str, Any]:
        return {"counters": state.counters, "current": state.current,
                "players": state.players, "last": state.last}

    def from_dict(self, data: Mapping[str, Any]) -> NimState:
        try:
            return NimState(data["counters"], data["current"], data["players"], data["last"])
        except KeyError as e:
            raise InvalidRecordError(f"missing {e}") from None

    def view_to_dict(self, view: NimState) -> dict[str, Any]:
        return self.to_dict(view)

    def view_from_dict(self, data: Mapping[str, Any]) -> NimState:
        f = Fields(data, "view")
        return NimState(f.integer("counters", low=0), f.integer("current", low=0),
                        f.integer("players", low=2), f.integer("last", low=-1))


GAME: Game[NimState, NimState, int] = Nim()
