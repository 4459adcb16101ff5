"""``import seasalt`` is the public API (docs/api.md): every name of ``__all__`` resolves
to the object its module holds, ``import seasalt`` loads nothing until a name is asked
for, and both games play to their end through it and replay from their record."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

import seasalt


def loaded_after(code: str) -> list[str]:
    """The ``seasalt`` modules loaded in a fresh interpreter after running ``code``."""
    probe = (f"{code}\nimport sys, json\n"
             "print(json.dumps(sorted(m for m in sys.modules if m.startswith('seasalt'))))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout
    loaded: list[str] = json.loads(out)
    return loaded


def test_every_public_name_resolves_to_its_modules_object() -> None:
    from seasalt.bots.registry import BOT_LEVELS, make_bot
    from seasalt.core.errors import SeasaltError
    from seasalt.core.record import GameRecord
    from seasalt.core.registry import load_game

    assert len(seasalt.__all__) == len(set(seasalt.__all__)) >= 10
    for name in seasalt.__all__:
        assert getattr(seasalt, name) is not None, name
        assert name in dir(seasalt)
    assert seasalt.load_game is load_game and seasalt.make_bot is make_bot
    assert seasalt.GameRecord is GameRecord and seasalt.BOT_LEVELS is BOT_LEVELS
    for name in seasalt.__all__:
        value = getattr(seasalt, name)
        if isinstance(value, type) and issubclass(value, Exception):
            assert issubclass(value, SeasaltError), name
    namespace: dict[str, Any] = {}
    exec("from seasalt import *", namespace)
    assert set(seasalt.__all__) <= set(namespace)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'make_bots'"):
        seasalt.make_bots  # type: ignore[attr-defined]  # noqa: B018
    from seasalt import i18n  # a submodule is still imported by the import system

    assert i18n.__name__ == "seasalt.i18n"


def test_import_seasalt_loads_nothing_until_asked() -> None:
    assert loaded_after("import seasalt") == ["seasalt"]
    record = loaded_after("import seasalt.core.record")
    assert not [m for m in record if m.startswith(("seasalt.bots", "seasalt.ssp",
                                                   "seasalt.fdm"))], record
    asked = loaded_after("import seasalt\nseasalt.GameRecord")
    assert "seasalt.core.record" in asked and "seasalt.bots" not in asked
    assert "seasalt.calc" not in asked and "seasalt.calc" in loaded_after(
        "import seasalt\nseasalt.score")
    bots = loaded_after("import seasalt\nseasalt.make_bot")
    assert "seasalt.bots.registry" in bots


@pytest.mark.parametrize("name, players", [("sea-salt-and-paper", 3), ("fruits-de-mer", 4)])
def test_a_game_plays_to_its_end_and_replays_from_its_record(name: str, players: int) -> None:
    game = seasalt.load_game(name)
    state = game.new_game(players, seed=11)
    record = seasalt.GameRecord(game.info.name, seed=11, players=players)
    bots = [seasalt.make_bot(level, game, seed=seat)
            for seat, level in enumerate(["easy", "medium", "random", "easy"][:players])]
    while game.outcome(state) is None:
        seat = game.current_player(state)
        action = bots[seat].act(game.view(state, seat), game.legal_actions(state))
        state = game.apply(state, action)
        record.actions.append(game.action_to_str(action))
    outcome = game.outcome(state)
    assert isinstance(outcome, seasalt.Outcome) and len(outcome.scores) == players
    assert set(outcome.winners) <= set(range(players)) and outcome.winners
    again = seasalt.GameRecord.loads(record.dumps())
    assert again == record and again.replay() == state
    assert seasalt.GameRecord.from_dict(json.loads(json.dumps(record.to_dict()))).replay(
        game=game) == state
    halfway = again.replay(len(record.actions) // 2)
    assert halfway != state and game.outcome(halfway) is None


def test_a_record_with_a_refused_action_names_it() -> None:
    game = seasalt.load_game("ssp")
    record = seasalt.GameRecord(game.info.name, seed=1, players=2, actions=["draw", "draw"])
    with pytest.raises(seasalt.InvalidRecordError) as e:
        record.replay()
    assert e.value.index == 1


def test_a_hand_is_scored_as_the_command_line_scores_it() -> None:
    out = subprocess.run([sys.executable, "-m", "seasalt", "score", "--json", "mermaid:white",
                          "crab:dark-blue", "boat:dark-blue", "fish:black", "crab:black"],
                         capture_output=True, text=True, check=True).stdout
    printed = json.loads(out)
    points = seasalt.score(["mermaid:white", "crab:dark-blue", "boat:dark-blue", "fish:black",
                            "crab:black"])
    assert points.card_points == printed["card_points"] == 3  # mermaid 2, a pair of crabs 1
    assert points.colour_bonus == printed["colour_bonus"]
    front = seasalt.score(["mermaid:white"], ["crab:dark-blue", "crab:black"])
    assert (front.duos, front.mermaids) == (1, 1)
    with pytest.raises(seasalt.InvalidCardError, match="gold"):
        seasalt.score(["crab:gold"])
    with pytest.raises(seasalt.InvalidCardError, match="deck"):
        seasalt.score(["mermaid:white"] * 5)
    with pytest.raises(seasalt.InvalidCardError, match="event"):
        seasalt.score(["crab:black"], events=["tsunami"])


def test_a_round_of_real_cards_is_scored_by_the_calculator() -> None:
    calc = seasalt.Calculator(2, ["Ann", "Bob"])
    for kind, colour in [("crab", "dark-blue"), ("crab", "black"), ("mermaid", "white")]:
        calc.add(0, "hand", kind, colour)
    calc.add(1, "hand", "fish", "black")
    with pytest.raises(seasalt.CalcError) as e:
        calc.score_round()  # no end said yet
    assert e.value.reason == "no-end" and isinstance(e.value, seasalt.SeasaltError)
    calc.set_end("stop")
    calc.set_caller(0)
    ann = seasalt.score(["crab:dark-blue", "crab:black", "mermaid:white"])
    result = calc.score_round()
    assert result is not None
    assert result["players"][0]["card_points"] == ann.card_points == 2
    assert seasalt.Calculator.loads(calc.dumps()).totals() == calc.totals() == [2, 0]
