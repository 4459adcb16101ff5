"""Saves and records written by main at 23a636e (before the layout of issue 38) still
load and replay to the very same state.

``tests/fixtures/main-23a636e/`` holds what that commit's page and driver wrote: version 2
saves of both games (Sea Salt & Paper with both expansions, a hot-seat game whose record
is sealed, a finished game, Fruits de mer with five seats), the table driver's own save
and an exported plain record; ``expected.json`` gives, for each, the SHA-256 of the
state it replayed to (``Game.to_dict``, keys sorted) and what the page read of it.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from seasalt.core.record import GameRecord
from seasalt.core.registry import load_game
from seasalt.web.table import Table

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "main-23a636e"
EXPECTED: dict[str, dict[str, object]] = json.loads((FIXTURES / "expected.json").read_text())


def state_digest(game: object, state: object) -> str:
    data = game.to_dict(state)  # type: ignore[attr-defined]
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_an_old_save_loads_as_it_was(name: str) -> None:
    want = EXPECTED[name]
    table = Table.load((FIXTURES / name).read_text())
    assert state_digest(table.driver.game, table.driver.state) == want["sha256"]
    assert table.ply == want["ply"]
    assert table.over == want["over"]
    assert table.round == want["round"]
    assert table.names == want["names"]
    assert len(table.record.actions) == want["actions"]
    if name != "ssp-record.json":  # a plain record gets a person and Hard bots
        assert table.kinds == want["kinds"]
        assert table.speed == want["speed"]


def test_an_old_record_replays_without_the_page() -> None:
    data = json.loads((FIXTURES / "ssp-record.json").read_text())
    record = GameRecord.from_dict(data)
    game = load_game(record.game)
    state = record.replay()
    assert state_digest(game, state) == EXPECTED["ssp-record.json"]["sha256"]
