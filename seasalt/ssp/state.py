"""The state of a game of Sea Salt & Paper and the rules that move it: the public names.

:func:`new_game` creates a state; :func:`legal_actions` lists what the seat to
move may do; :func:`apply` checks an action and returns a new state (the old
one is never changed); :func:`apply_in_place` is the unchecked fast path that
search code uses on its own copies. The random generator's state lives inside
the :class:`State` (field ``rng``), so the same seed and the same actions give
the same game on every machine.

Where the rules live (this module gathers their public names):

- :mod:`seasalt.ssp.gamestate`: :class:`State` and its field table, :class:`Phase`, :class:`Call`;
- :mod:`seasalt.ssp.setup`: :func:`new_game`, a round's deal, a turn's start (R2, R3, R11);
- :mod:`seasalt.ssp.legal`: :func:`legal_actions`, :func:`check_legal`, the calls (R4, R6);
- :mod:`seasalt.ssp.turn`: :func:`apply`, :func:`apply_in_place`, the turn flow (R4, R6);
- :mod:`seasalt.ssp.round_end`: scoring, R8, the Mermaid win (R10), Extra Pepper's hand-out;
- :mod:`seasalt.ssp.knowledge`: what each seat knows of the hands and piles (R5);
- :mod:`seasalt.ssp.pepper`: Extra Pepper's events as named hooks of the turn flow;
- :mod:`seasalt.ssp.log`: the event log and each seat's redacted copy.
"""

from __future__ import annotations

from seasalt.ssp.cards import DUO_EFFECTS, RODEO_EFFECTS
from seasalt.ssp.gamestate import (
    CALL_NAMES,
    END_THRESHOLD,
    FIELDS,
    PHASE_NAMES,
    Call,
    Phase,
    State,
    current_player,
    is_terminal,
    outcome,
    returns,
    steal_targets,
)
from seasalt.ssp.legal import calls, can_announce, check_legal, legal_actions, points_of
from seasalt.ssp.pepper import (
    TREASURE_THRESHOLD,
    effects,
    events_of,
    has_effect,
    steal_pair_targets,
    stealable_pairs,
)
from seasalt.ssp.setup import TARGETS, new_game
from seasalt.ssp.turn import LOBSTER_LOOK, apply, apply_in_place

__all__ = [
    "CALL_NAMES", "DUO_EFFECTS", "END_THRESHOLD", "FIELDS", "LOBSTER_LOOK", "PHASE_NAMES",
    "RODEO_EFFECTS", "TARGETS", "TREASURE_THRESHOLD", "Call", "Phase", "State", "apply",
    "apply_in_place", "calls", "can_announce", "check_legal", "current_player", "effects",
    "events_of", "has_effect", "is_terminal", "legal_actions", "new_game", "outcome",
    "points_of", "returns", "steal_pair_targets", "steal_targets", "stealable_pairs",
]
