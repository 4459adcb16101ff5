"""Views as plain data (``Game.view_to_dict`` / ``Game.view_from_dict``), for every game:
the round trip through JSON gives the same view, with every option, along random games;
malformed data is refused with an error that names the field."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
from typing import Any

import pytest

from seasalt.core.errors import InvalidViewError
from seasalt.core.fields import Fields
from seasalt.core.interface import TERMINAL, Game
from seasalt.core.registry import game_names, load_game
from seasalt.fdm.game import GAME as FDM
from seasalt.ssp.game import GAME as SSP
from seasalt.ssp.outcome import Termination

GAMES = sorted({load_game(n).info.name for n in game_names()})
SSP_OPTIONS = [dict(zip(("double_target", "extra_salt", "extra_pepper"), flags, strict=True))
               for flags in itertools.product((False, True), repeat=3)]
"""Every mix of Sea Salt & Paper's options."""
SAMPLE = 0.08
"""The share of plies whose views are checked (every seat's and a spectator's)."""


def cases() -> list[tuple[str, dict[str, Any], int]]:
    """(game, options, players): every option mix, the player counts in turn (each game
    gets each of its counts)."""
    out = []
    for name in GAMES:
        info = load_game(name).info
        counts = range(info.min_players, info.max_players + 1)
        mixes = SSP_OPTIONS if name == SSP.info.name else [{}] * len(counts)
        out += [(name, o, counts[i % len(counts)]) for i, o in enumerate(mixes)]
    return out


def json_round_trip(game: Game[Any, Any, Any], view: Any) -> Any:
    return game.view_from_dict(json.loads(json.dumps(game.view_to_dict(view))))


def views_along(game: Game[Any, Any, Any], players: int, seed: int,
                options: dict[str, Any]) -> list[Any]:
    """Views of a sample of the plies of a random game (every seat, a spectator; with and
    without the log)."""
    rng = random.Random(seed)
    state = game.new_game(players, seed, options)
    views = []
    while True:
        done = game.current_player(state) == TERMINAL
        if done or rng.random() < SAMPLE:
            for seat in [*range(players), None]:
                views.append(game.view(state, seat, log=rng.random() < 0.3))
        if done:
            return views
        state = game.apply(state, rng.choice(game.legal_actions(state)))


@pytest.mark.parametrize(("name", "options", "players"), cases(),
                         ids=lambda x: x if isinstance(x, str) else str(x) if isinstance(
                             x, int) else "+".join(k for k, v in x.items() if v) or "plain")
def test_round_trip_along_random_games(name: str, options: dict[str, Any],
                                       players: int) -> None:
    game = load_game(name)
    seed = players * 11 + sum(options.values())
    for v in views_along(game, players, seed, options):
        data = game.view_to_dict(v)
        back = json_round_trip(game, v)
        assert back == v
        # the same types inside (tuples, not lists; the log as it was): the same data
        # again, and the same view from the in-memory dict
        assert game.view_to_dict(back) == data
        assert game.view_from_dict(data) == v
        assert back.log == v.log


def test_types_survive_the_round_trip() -> None:
    s = SSP.new_game(3, 5, {"extra_pepper": True, "extra_salt": True})
    for _ in range(40):
        s = SSP.apply(s, SSP.legal_actions(s)[-1])
    v = SSP.view(s, SSP.current_player(s))
    back = json_round_trip(SSP, v)
    for f in dataclasses.fields(v):
        a, b = getattr(v, f.name), getattr(back, f.name)
        assert type(a) is type(b), f.name
        if isinstance(a, tuple) and a and isinstance(a[0], tuple):
            assert all(type(x) is tuple for x in b), f.name
    assert back.piles == v.piles and all(type(p) is type(v.piles[0]) for p in back.piles)
    assert back.legal and back.legal == v.legal


def test_an_outcome_comes_back_with_its_end_reason() -> None:
    rng = random.Random(3)
    s = SSP.new_game(2, 3)
    while SSP.current_player(s) != TERMINAL:
        s = SSP.apply(s, rng.choice(SSP.legal_actions(s)))
    v = SSP.view(s, 0)
    back = json_round_trip(SSP, v)
    assert back.outcome == v.outcome
    assert isinstance(back.outcome.termination, Termination)


def ssp_data() -> dict[str, Any]:
    s = SSP.new_game(2, 1)
    s = SSP.apply(s, SSP.legal_actions(s)[0])
    return json.loads(json.dumps(SSP.view_to_dict(SSP.view(s, 0))))


def fdm_data() -> dict[str, Any]:
    s = FDM.new_game(3, 1)
    for _ in range(5):
        s = FDM.apply(s, FDM.legal_actions(s)[0])
    return json.loads(json.dumps(FDM.view_to_dict(FDM.view(s, 1))))


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.pop("hand"), "view lacks the field 'hand'"),
    (lambda d: d.update(hand=[1, "2"]), "view.hand must be a list of whole numbers"),
    (lambda d: d.update(hand=[1, True]), "view.hand must be a list of whole numbers"),
    (lambda d: d.update(ply=-1), "view.ply must be a whole number of at least 0"),
    (lambda d: d.update(seat=2), "view.seat must be a whole number from 0 to 1"),
    (lambda d: d.update(phase="dance"), "view.phase must be one of"),
    (lambda d: d.update(call="maybe"), "view.call must be one of"),
    (lambda d: d.update(scores=[0]), "view.scores must be a list of whole numbers of 2 items"),
    (lambda d: d["piles"][1].update(size="3"), "view.piles[1].size must be a whole number"),
    (lambda d: d.update(piles=[d["piles"][0]]), "view.piles must be a list of 2 items"),
    (lambda d: d.update(known=[[1], 2]), "view.known must be a list of lists"),
    (lambda d: d.update(table_event="tsunami"), "view.table_event must be one of"),
    (lambda d: d.update(held_events=[["kraken"], ["tsunami"]]), "names no event: 'tsunami'"),
    (lambda d: d.update(extra_turn=0), "view.extra_turn must be true or false"),
    (lambda d: d.update(options=[]), "view.options must be a JSON object"),
    (lambda d: d["legal"][0].pop("code"), "view.legal[0] lacks the field 'code'"),
    (lambda d: d.update(outcome={"termination": "boredom", "winners": [0], "scores": [1, 2]}),
     "view.outcome.termination must be one of"),
])
def test_malformed_ssp_views_are_refused_naming_the_field(change: Any, message: str) -> None:
    data = ssp_data()
    change(data)
    with pytest.raises(InvalidViewError, match=message.replace("[", r"\[").replace("]", r"\]")):
        SSP.view_from_dict(data)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(game="chess"), "view.game must be one of 'fruits-de-mer'"),
    (lambda d: d["hands"][0].pop("tuna"), r"view.hands\[0\] must count exactly the kinds"),
    (lambda d: d["hands"][0].update(tuna=-1), "view.hands.0..tuna must be a whole number of"),
    (lambda d: d.update(legal=["whale"]), "view.legal must be a list of"),
    (lambda d: d.update(my_choice="whale"), "view.my_choice must be one of"),
    (lambda d: d["history"][0].update(plays=["tuna", "tuna", "tuna"]),
     r"view.history\[0\] is not a round of the game"),
    (lambda d: d.update(chosen=[True]), "view.chosen must be a list of true or false of 3"),
])
def test_malformed_fdm_views_are_refused_naming_the_field(change: Any, message: str) -> None:
    data = fdm_data()
    assert data["history"], "the sample view needs a finished round"
    change(data)
    with pytest.raises(InvalidViewError, match=message):
        FDM.view_from_dict(data)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("junk", [None, [], "view", 3, {"seat": 0}])
def test_junk_is_refused(name: str, junk: Any) -> None:
    with pytest.raises(InvalidViewError, match="view"):
        load_game(name).view_from_dict(junk)


def test_invalid_view_error_is_a_value_error() -> None:
    assert issubclass(InvalidViewError, ValueError)


class TestFields:
    """The typed reader the games use (``seasalt.core.fields``)."""

    def test_reads_each_type(self) -> None:
        f = Fields({"i": 3, "n": None, "b": True, "s": "x", "l": [1, 2], "r": [[1], []],
                    "g": [[[1, 2]], []], "o": {"a": [1, {"b": 2}]}, "os": [{"a": 1}],
                    "t": [["x"]]})
        assert f.integer("i", low=0, high=3) == 3
        assert f.opt_integer("n") is None and f.opt_text("n") is None
        assert f.flag("b") is True and f.text("s", ("x",)) == "x"
        assert f.integers("l", length=2) == (1, 2)
        assert f.integer_rows("r") == ((1,), ())
        assert f.integer_groups("g") == (((1, 2),), ())
        assert f.text_rows("t") == (("x",),)
        plain = f.plain("o")
        assert plain == {"a": [1, {"b": 2}]} and plain is not f.data["o"]
        assert f.plains("os") == ({"a": 1},)
        assert f.object("o").value("a") == [1, {"b": 2}]
        assert [x.integer("a") for x in f.objects("os")] == [1]

    @pytest.mark.parametrize(("read", "message"), [
        (lambda f: f.integer("b"), "view.b must be a whole number, not True"),
        (lambda f: f.integer("i", high=2), "view.i must be a whole number of at most 2, not 3"),
        (lambda f: f.text("s", ("y", "z")), "view.s must be one of 'y', 'z', not 'x'"),
        (lambda f: f.flag("i"), "view.i must be true or false, not 3"),
        (lambda f: f.value("missing"), "view lacks the field 'missing'"),
        (lambda f: f.plain("l"), "view.l must be a JSON object"),
        (lambda f: f.object("i"), "view.i must be a JSON object, not a number"),
    ])
    def test_errors_name_the_field(self, read: Any, message: str) -> None:
        f = Fields({"i": 3, "b": True, "s": "x", "l": [1]})
        with pytest.raises(InvalidViewError) as err:
            read(f)
        assert str(err.value) == message or str(err.value).startswith(message)

    def test_another_error_type_and_path(self) -> None:
        with pytest.raises(KeyError, match="request lacks"):
            Fields({}, "request", KeyError).value("x")
        with pytest.raises(InvalidViewError, match="plain JSON data"):
            Fields({"o": {"a": object()}}).plain("o")
