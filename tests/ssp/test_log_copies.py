"""A seat's copy of the event log (R5), made again only for the events added since the
last copy (``seasalt.ssp.log.redacted``): always what a fresh copy gives."""

from __future__ import annotations

import random

from seasalt.ssp import log as log_module
from seasalt.ssp.game import GAME
from seasalt.ssp.log import events_for, redacted


def test_the_copy_is_the_fresh_one_as_the_log_grows_forks_and_shrinks() -> None:
    state = GAME.new_game(3, 5, {"extra_pepper": True})
    rng = random.Random(2)
    saved = []
    for ply in range(400):
        if GAME.current_player(state) < 0:
            break
        GAME.apply_in_place(state, rng.choice(GAME.legal_actions(state)))
        if ply % 50 == 0:
            saved.append(state.copy())  # a copy shares its events with the state
        for seat in (None, 0, 1, 2):
            assert list(redacted(state.log, seat)) == events_for(state.log, seat)
    fork = saved[2]  # an earlier state, then another way on
    GAME.apply_in_place(fork, GAME.legal_actions(fork)[-1])
    for s in (fork, saved[1], state, saved[0]):
        for seat in (None, 1):
            assert list(redacted(s.log, seat)) == events_for(s.log, seat)


def test_only_the_new_events_are_copied(monkeypatch) -> None:
    state = GAME.new_game(2, 9, {})
    for _ in range(60):
        GAME.apply_in_place(state, GAME.legal_actions(state)[0])
    redacted(state.log, 0)
    copied: list[int] = []
    real = log_module.events_for
    monkeypatch.setattr(log_module, "events_for",
                        lambda log, seat: copied.append(len(log)) or real(log, seat))
    GAME.apply_in_place(state, GAME.legal_actions(state)[0])
    assert list(redacted(state.log, 0)) == real(state.log, 0)
    assert copied and copied[0] < 5  # the last action's events, not the whole log
