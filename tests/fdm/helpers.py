"""Scenario helpers for the Fruits de mer engine tests: a real :func:`new_game`
state with the wanted bait card (swapped in from the bait pile, so the bait
cards stay the 12 of F1) and rounds played card by card through ``GAME.apply``."""

from __future__ import annotations

from collections.abc import Sequence

from seasalt.fdm.cards import Kind
from seasalt.fdm.game import GAME
from seasalt.fdm.state import State, current_player


def with_bait(s: State, bait: Kind) -> State:
    """``s`` (a copy) with ``bait`` revealed: a card of that kind from the pile or
    the unused cards trades places with the current bait."""
    t = s.copy()
    assert t.bait is not None
    if t.bait == bait:
        return t
    for cards in (t.pile, t.unused):
        if bait in cards:
            i = cards.index(bait)
            cards[i], t.bait = t.bait, bait
            if t.log and t.log[-1]["type"] == "round-start":
                t.log[-1] = {**t.log[-1], "bait": bait.value}
            return t
    raise AssertionError(f"no {bait} left to swap in")


def game_with_bait(players: int, bait: Kind, seed: int = 7) -> State:
    """A new game of ``players`` seats whose first bait is ``bait``."""
    return with_bait(GAME.new_game(players, seed), bait)


def play_round(s: State, plays: Sequence[Kind | None]) -> State:
    """Commit ``plays[seat]`` for each seat to move (``None``: a seat that holds
    nothing and is skipped), returning the state after the round."""
    r = s.round
    for seat, kind in enumerate(plays):
        if kind is None:
            continue
        assert current_player(s) == seat
        s = GAME.apply(s, kind)
    assert s.round == r + 1 or s.bait is None
    return s
