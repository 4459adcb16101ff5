"""Hostile input, as property tests: every loader and parser refuses bad input with its
one documented error, quickly, and never anything else (no RecursionError, IndexError,
TypeError, ValueError of a bare ``int()``, no hang).

Inputs are built from valid ones and broken in structured ways: deep nesting, huge
numbers, Unicode digits, wrong types, truncations, fields swapped for hostile values.
Loaders: ``GameRecord.loads`` / ``from_dict`` / ``read_record``, ``sealed.unseal``, the
page's ``Table.load``, both games' ``from_dict``; parsers: the link's ``parse_query``
and ``parse_seed``, the form's ``Settings.from_form``; the command line's ``main``
(arguments and standard input).
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seasalt.cli import main as cli
from seasalt.core import sealed
from seasalt.core.errors import InvalidRecordError
from seasalt.core.record import GameRecord
from seasalt.core.registry import load_game
from seasalt.core.replay import read_record
from seasalt.ssp.game import GAME
from seasalt.web.games import SettingsError
from seasalt.web.saves import SaveError
from seasalt.web.settings import Settings, parse_query, parse_seed
from seasalt.web.table import Table

FAST = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# ---------------------------------------------------------------- hostile values

UNICODE_DIGITS = ["²", "٣", "۴", "१", "௫", "Ⅻ", "①", "𝟗", "１２"]
huge_ints = st.one_of(st.integers(), st.sampled_from([10**19, -(10**19), 2**64, 10**4000]))
scalars = st.one_of(
    st.none(), st.booleans(), huge_ints,
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30), st.sampled_from(UNICODE_DIGITS), st.just("x" * 100_000))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12)


def deep(depth: int, kind: str) -> str:
    return ("[" * depth + "]" * depth) if kind == "list" else (
        '{"a":' * depth + "1" + "}" * depth)


deep_texts = st.builds(deep, st.integers(20, 50_000), st.sampled_from(["list", "dict"]))


def mutate(data: Any, path: list[Any], value: Any) -> Any:
    """``data`` with the item at ``path`` (keys or indexes, taken modulo) replaced."""
    data = copy.deepcopy(data)
    node = data
    for step in path[:-1]:
        if isinstance(node, dict) and node:
            node = node[sorted(node)[step % len(node)]]
        elif isinstance(node, list) and node:
            node = node[step % len(node)]
        else:
            return data
    if isinstance(node, dict) and node:
        node[sorted(node)[path[-1] % len(node)]] = value
    elif isinstance(node, list) and node:
        node[path[-1] % len(node)] = value
    return data


paths = st.lists(st.integers(0, 1000), min_size=1, max_size=4)


def _table(seats: list[str]) -> Table:
    t = Table.new(Settings(seats=seats, seed=12345, speed="instant"))
    for _ in range(14):
        if t.is_bot_turn():
            t.bot_step(60.0)
        else:
            t.submit(t.current, t.ply, t.view(t.current)["legal"][0]["code"])
    return t


SOLO = _table(["human", "easy"])
HOT_SEAT = _table(["human", "human"])
SAVES = [SOLO.save(saved_at=1), HOT_SEAT.save(saved_at=2), SOLO.record.dumps()]
RECORD = SOLO.record.to_dict()
SSP_SNAPSHOT = GAME.to_dict(SOLO.state)
FDM = load_game("fruits-de-mer")
FDM_TABLE = Table.new(Settings(seats=["easy", "easy", "easy"], seed=3,
                                       speed="instant", game="fruits-de-mer"))
for _ in range(7):
    FDM_TABLE.bot_step(60.0)
FDM_SNAPSHOT = FDM.to_dict(FDM_TABLE.state)


# ---------------------------------------------------------------- records and saves


class TestRecords:
    @FAST
    @given(st.one_of(deep_texts, st.text(max_size=200), st.sampled_from(
        ["NaN", "1" * 5000, "[1e999999]", '"\\ud800"', "{\"format\": 1}"])))
    def test_loads_refuses_text(self, text: str) -> None:
        with pytest.raises(InvalidRecordError):
            GameRecord.loads(text)

    @FAST
    @given(paths, values)
    def test_a_field_swapped_for_anything(self, path: list[int], value: Any) -> None:
        bad = mutate(RECORD, path, value)
        try:
            record = read_record(bad)
        except InvalidRecordError:
            return
        with contextlib.suppress(InvalidRecordError):  # a record: its error or a state
            record.replay()

    @FAST
    @given(st.integers(0, 4000))
    def test_truncations(self, cut: int) -> None:
        text = json.dumps(RECORD)
        if cut >= len(text):
            return
        with pytest.raises(InvalidRecordError):
            GameRecord.loads(text[:cut])

    @FAST
    @given(paths, values)
    def test_sealed_records(self, path: list[int], value: Any) -> None:
        box = sealed.seal(RECORD, b"k" * sealed.KEY_BYTES)
        bad = mutate(box, path, value)
        with contextlib.suppress(InvalidRecordError):
            assert sealed.unseal(bad) == RECORD or bad != box


class TestPageSaves:
    @FAST
    @given(st.sampled_from(range(len(SAVES))), paths, values)
    def test_a_field_swapped_for_anything(self, which: int, path: list[int],
                                          value: Any) -> None:
        data = mutate(json.loads(SAVES[which]), path, value)
        try:
            text = json.dumps(data)
        except (ValueError, OverflowError):
            return
        try:
            Table.load(text)
        except SaveError as e:
            assert len(str(e)) < 400

    @FAST
    @given(st.sampled_from(range(len(SAVES))), st.integers(0, 100_000))
    def test_truncations(self, which: int, cut: int) -> None:
        text = SAVES[which]
        if cut % len(text) == 0:
            return
        with pytest.raises(SaveError):
            Table.load(text[: cut % len(text)])

    @FAST
    @given(st.one_of(deep_texts, st.text(max_size=100), values.map(
        lambda v: json.dumps(v) if not isinstance(v, float) else "1")))
    def test_anything_else(self, text: str) -> None:
        with pytest.raises(SaveError):
            Table.load(text)


# ---------------------------------------------------------------- engine snapshots


class TestFromDict:
    @settings(max_examples=150, deadline=None)
    @given(paths, values)
    def test_sea_salt_and_paper(self, path: list[int], value: Any) -> None:
        bad = mutate(SSP_SNAPSHOT, path, value)
        try:
            state = GAME.from_dict(bad)
        except InvalidRecordError:
            return
        GAME.legal_actions(state)  # accepted: a state the engine can play on

    @settings(max_examples=150, deadline=None)
    @given(paths, values)
    def test_fruits_de_mer(self, path: list[int], value: Any) -> None:
        bad = mutate(FDM_SNAPSHOT, path, value)
        try:
            state = FDM.from_dict(bad)
        except InvalidRecordError:
            return
        FDM.legal_actions(state)

    @pytest.mark.parametrize("change", [
        {"n": 100}, {"n": True}, {"seed": 10**5000}, {"hands": [[9999], []]},
        {"version": "1"}, {"phase": 99}, {"scores": [1, 2, 3]},
    ])
    def test_known_bad_snapshots(self, change: dict[str, Any]) -> None:
        with pytest.raises(InvalidRecordError):
            GAME.from_dict(SSP_SNAPSHOT | change)

    def test_a_duplicated_card_and_a_fifth_mermaid(self) -> None:
        hands = copy.deepcopy(SSP_SNAPSHOT["hands"])
        hands[0].append(SSP_SNAPSHOT["draw"][0])
        with pytest.raises(InvalidRecordError, match="exactly one place"):
            GAME.from_dict(SSP_SNAPSHOT | {"hands": hands})


# ---------------------------------------------------------------- links and the form

seed_texts = st.one_of(st.text(max_size=30), st.sampled_from(UNICODE_DIGITS),
                       st.integers(-10**30, 10**30).map(str),
                       st.integers(4000, 6000).map(lambda n: "1" * n))


class TestLinks:
    @FAST
    @given(st.dictionaries(st.sampled_from(["players", "seed", "names", "target", "speed",
                                            "extra-salt", "extra-pepper", "game", "x"]),
                           st.one_of(st.text(max_size=40), seed_texts), max_size=6))
    def test_parse_query(self, fields: dict[str, str]) -> None:
        from urllib.parse import urlencode

        try:
            settings_ = parse_query("?" + urlencode(fields))
        except SettingsError as e:
            assert len(str(e)) < 400
            return
        if settings_ is not None:
            Table.new(settings_)  # what is accepted starts a game

    @FAST
    @given(seed_texts)
    def test_seeds(self, text: str) -> None:
        try:
            seed = parse_seed(text)
        except SettingsError:
            return
        assert seed is None or 0 <= seed < 10**18

    @FAST
    @given(seed_texts, st.lists(st.text(max_size=40), max_size=3))
    def test_the_form(self, seed: str, names: list[str]) -> None:
        with contextlib.suppress(SettingsError):
            Settings.from_form(["you", "easy"], names, seed=seed)


# ---------------------------------------------------------------- the command line

arguments = st.lists(st.one_of(
    st.sampled_from(["play", "score", "arena", "--players", "--seed", "--games", "--jobs",
                     "--lang", "--iterations", "-", "expert:time=inf", "expert:iterations=1e9",
                     "greedy", "random", "crab:dark-blue", "--option"]),
    seed_texts, st.text(max_size=20), st.just("x" * 50_000)), max_size=6)


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(argv, stdin=io.StringIO(stdin), stdout=out, stderr=err, environ={})
    return status, out.getvalue(), err.getvalue()


class TestCommandLine:
    @settings(max_examples=80, deadline=None)
    @given(arguments)
    def test_bad_arguments_give_one_short_line(self, argv: list[str]) -> None:
        if not argv:  # no command at all: the help, on standard output
            return
        if argv[0] == "arena" and "--games" not in argv:
            argv = [*argv, "--games", "1"]  # an arena run that parses: one game only
        if argv[0] == "play":
            argv = [*argv, "--players", "random,random"]
        status, _out, err = run(argv, stdin="")
        assert "Traceback" not in err
        if status == cli.ExitStatus.USAGE:
            assert err.count("\n") == 1 and len(err) <= cli.MAX_LINE + 1, err

    @settings(max_examples=60, deadline=None)
    @given(st.lists(st.one_of(st.text(max_size=30), st.sampled_from(UNICODE_DIGITS),
                              st.just("x" * 100_000)), max_size=5))
    def test_score_reads_anything_from_standard_input(self, lines: list[str]) -> None:
        text = "\n".join(lines)
        status, _out, err = run(["score", "-"], stdin=text)
        assert "Traceback" not in err, err[:500]
        assert all(len(line) <= cli.MAX_LINE for line in err.splitlines()), err[:500]
        assert err.count("\n") <= len(text.splitlines()) + 1  # a line per line read
        assert status in (0, 2)

    @pytest.mark.parametrize("spec", ["expert:time=inf", "expert:time=nan",
                                      "expert:time=1e9", "expert:iterations=" + "9" * 30,
                                      "expert:time=-1"])
    def test_bot_numbers_are_finite_and_capped(self, spec: str) -> None:
        status, _out, err = run(["arena", "--players", f"{spec},random", "--games", "1"])
        assert status == cli.ExitStatus.USAGE and err.count("\n") == 1
