"""API consistency of every registered game, over seeded random games.

A port of OpenSpiel's ``RandomSimTest`` (basic_tests.cc): it uses only the
generic :class:`seasalt.core.interface.Game` interface, never a game's internals.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from seasalt.core.errors import IllegalActionError, Reason
from seasalt.core.interface import TERMINAL, Game
from seasalt.core.record import record_of
from seasalt.core.registry import game_names, load_game

#: one entry per game (aliases dropped)
GAMES = sorted({load_game(n).info.name for n in game_names()})
MAX_LENGTH = 20000
N_GAMES = 4


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value).union(*(_keys(v) for v in value.values()))
    if isinstance(value, list | tuple):
        return set().union(*(_keys(v) for v in value)) if value else set()
    return set()


def _to_json(value: Any) -> str:
    return json.dumps(value.to_dict() if hasattr(value, "to_dict") else value)


def random_sim(game: Game, players: int, seed: int) -> None:
    rng = random.Random(seed)
    info = game.info
    max_length = getattr(info, "max_game_length", None) or MAX_LENGTH
    state = game.new_game(players, seed)
    seen_actions: set = set()
    texts: list[str] = []
    for _ in range(max_length + 1):
        player = game.current_player(state)
        legal = game.legal_actions(state)
        # a view for every seat and a spectator: JSON, no random state, and for the
        # seats, determinization gives a state with the same view
        for seat in [*range(players), None]:
            v = game.view(state, seat)
            text = _to_json(v)
            assert not _keys(json.loads(text)) & {"seed", "rng"}
            if seat is not None and player != TERMINAL and len(texts) % 5 == 0:
                assert game.view(game.determinize(v, rng), seat) == v
        # snapshot round trip through JSON
        if len(texts) % 10 == 0:
            assert game.from_dict(json.loads(json.dumps(game.to_dict(state)))) == state
        if player == TERMINAL:
            assert legal == []
            break
        assert 0 <= player < players
        assert legal and legal == sorted(legal)
        strings = [game.action_to_str(a) for a in legal]
        assert len(set(strings)) == len(strings), "two legal actions share a string"
        assert [game.parse_action(t) for t in strings] == legal
        # an action that was legal somewhere but not here is refused, state unchanged
        illegal = [a for a in seen_actions if a not in legal]
        if illegal:
            before = game.to_dict(state)
            with pytest.raises(IllegalActionError) as err:
                game.apply(state, rng.choice(sorted(illegal)))
            assert err.value.reason == Reason.NOT_AVAILABLE
            assert game.to_dict(state) == before
        seen_actions.update(legal)
        action = rng.choice(legal)
        before = game.to_dict(state)
        # the undo barrier (issue 12): a bool for a legal action, the state untouched
        assert isinstance(game.reveals(state, action), bool)
        assert game.to_dict(state) == before, "reveals mutated its argument"
        new = game.apply(state, action)
        assert game.to_dict(state) == before, "apply mutated its argument"
        copy = game.copy(state)
        game.apply_in_place(copy, action)
        assert game.view(copy, player) == game.view(new, player)
        texts.append(strings[legal.index(action)])
        state = new
    else:
        raise AssertionError(f"{info.name}: no end within {max_length} actions")
    assert len(texts) <= max_length
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winners
    returns = game.returns(state)
    assert len(returns) == players
    assert all(info.min_utility <= r <= info.max_utility for r in returns)
    assert sum(returns) == pytest.approx(info.max_utility)
    # after the end, every action is refused as GAME_OVER
    with pytest.raises(IllegalActionError) as err:
        game.apply(state, next(iter(seen_actions)))
    assert err.value.reason == Reason.GAME_OVER
    # the record replays to the same state
    assert record_of(info.name, seed, players, texts).replay() == state


@pytest.mark.parametrize("name", GAMES)
def test_game_info(name):
    game = load_game(name)
    assert isinstance(game, Game)
    info = game.info
    assert info.name == name
    assert callable(getattr(game, "reveals", None))  # the undo barrier (issue 12)
    assert 1 <= info.min_players <= info.max_players
    assert info.min_utility <= info.max_utility
    for bad in (info.min_players - 1, info.max_players + 1):
        with pytest.raises(ValueError):
            game.new_game(bad, 1)


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game(name):
    game = load_game(name)
    assert game.to_dict(game.new_game(game.info.max_players, 77)) == game.to_dict(
        game.new_game(game.info.max_players, 77))


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", range(N_GAMES))
def test_random_sim(name, seed):
    game = load_game(name)
    info = game.info
    players = info.min_players + seed % (info.max_players - info.min_players + 1)
    random_sim(game, players, 1000 + seed)
