"""Setting a game and its rounds up: :func:`new_game`, a round's deal, a turn's start.

Rules: docs/rules.md R2 (targets), R3 (setup of a round; the first player at random
from the seed), R4.1 (a draw step with nothing to draw is skipped), R11 (options);
Extra Pepper B.1 (the event deck, one table event).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from seasalt.ssp.cards import Event, deck_for, events_for
from seasalt.ssp.gamestate import Call, Phase, State
from seasalt.ssp.log import log_event

#: R2: target score by number of players.
TARGETS: dict[int, int] = {2: 40, 3: 35, 4: 30}
#: R2: the fewest and the most players.
MIN_PLAYERS: int = min(TARGETS)
MAX_PLAYERS: int = max(TARGETS)


def target_for(players: int, double: bool = False) -> int:
    """The game's target in points (R2; R11's double target).

    Args:
        players: 2, 3 or 4.
        double: the double target variant (80 / 70 / 60).

    Raises:
        ValueError: another number of players.
    """
    if isinstance(players, bool) or players not in TARGETS:
        raise ValueError(f"Sea Salt & Paper is for 2 to 4 players, not {players!r} (R2)")
    return TARGETS[players] * (2 if double else 1)


def new_game(players: int, seed: int, options: Mapping[str, Any] | None = None, *,
             log: bool = True) -> State:
    """Start a game: shuffle, turn up two discards, choose the first player.

    Args:
        players: 2, 3 or 4 (R2).
        seed: any int; the same seed gives the same game.
        options: ``{"double_target": bool, "extra_salt": bool, "extra_pepper":
            bool}`` (R11); unknown keys and values other than ``True`` and
            ``False`` are refused. ``extra_pepper`` appears in
            the state's options only when on.
        log: keep the event log (turn off for fast simulations).

    Returns:
        The state at the start of round 1, first player to move.

    Raises:
        ValueError: bad player count, seed or option.

    Rules: R2 (targets), R3 (setup; first player at random from the seed), R11;
    Extra Pepper B.1 (the event deck is shuffled and one table event revealed).
    """
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise ValueError(f"Sea Salt & Paper is for 2 to 4 players, not {players!r} (R2)")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"the seed must be an int, not {seed!r}")
    opts = dict(options or {})
    unknown = set(opts) - {"double_target", "extra_salt", "extra_pepper"}
    if unknown:
        raise ValueError(f"unknown option(s): {', '.join(sorted(str(k)[:40] for k in unknown))}")
    for key, value in opts.items():
        if not isinstance(value, bool):  # "false" is not false: no value read by truthiness
            raise ValueError(f"the option {key} must be true or false, not {value!r:.40}")
    double = bool(opts.get("double_target", False))
    s = State.__new__(State)
    s.n = players
    s.seed = seed
    s.options = {"double_target": double, "extra_salt": bool(opts.get("extra_salt", False))}
    if opts.get("extra_pepper"):
        s.options["extra_pepper"] = True
    s.target = target_for(players, double)
    s.rng = seed
    s.ply = 0
    s.round = 0
    s.scores = [0] * players
    s.ender = -1
    s.last_round = None
    s.result = None
    s.log = [] if log else None
    r = random.Random(s.rng)
    first = r.randrange(players)
    s.events = [int(e) for e in events_for(s.options)]
    r.shuffle(s.events)
    s.rng = r.getrandbits(64)
    s.event_discard = []
    s.held = [[] for _ in range(players)]
    s.table_event = s.events.pop() if s.events else -1
    start_round(s, first)
    return s


def start_round(s: State, first: int) -> None:
    """R3: shuffle every card into the draw pile, two discards, empty hands."""
    n = s.n
    deck = list(deck_for(s.options))
    r = random.Random(s.rng)
    r.shuffle(deck)
    s.rng = r.getrandbits(64)
    s.round += 1
    s.draw = deck
    s.piles = [[deck.pop()], [deck.pop()]]
    s.cand = [s.piles[0][:], s.piles[1][:]]
    s.in_hands = []
    s.hands = [[] for _ in range(n)]
    s.fronts = [[] for _ in range(n)]
    s.known = [[[] for _ in range(n)] for _ in range(n + 1)]
    s.revealed = [False] * n
    s.call = Call.NONE
    s.caller = -1
    s.final_left = []
    s.drawn = []
    s.crab_pile = 0
    s.looked = []
    s.forced = [False] * n
    s.pending_end = -1
    s.reef = [-1] * n
    s.swap_target = -1
    s.starter = first
    piles = [s.piles[0][-1], s.piles[1][-1]]
    if s.table_event >= 0:  # B.1: the round's table event is named at its start
        log_event(s, "round-start", first, round=s.round, piles=piles,
                  event=Event(s.table_event).slug)
    else:
        log_event(s, "round-start", first, round=s.round, piles=piles)
    start_turn(s, first, extra=False)


def start_turn(s: State, seat: int, *, extra: bool) -> None:
    """Begin a (possibly extra) turn at step 1; skip an impossible draw (R4.1 Decision)."""
    s.current = seat
    s.extra_turn = extra
    s.phase = Phase.DRAW
    if s.forced[seat]:
        log_event(s, "forced-turn", seat)
    elif not s.draw and not s.piles[0] and not s.piles[1]:
        log_event(s, "draw-nothing", seat)
        s.phase = Phase.PLAY
