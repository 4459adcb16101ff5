"""Reading with limits first (seasalt.core.safejson), sealed records
(seasalt.core.sealed), the record's field checks and one-pass replay, bounded bot
settings (seasalt.core.seats.check_kind)."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from seasalt.bots import BOT_MAKER
from seasalt.core import safejson, sealed
from seasalt.core.errors import InvalidRecordError
from seasalt.core.record import MAX_NAME_CHARS, GameRecord
from seasalt.core.seats import MAX_BOT_SECONDS, check_kind
from seasalt.core.table import Table

from .toy import Nim


class TestSafeJson:
    def test_parses_json_within_limits(self) -> None:
        assert safejson.loads('{"a": [1, [2, {"b": "[[[\\""}]]}', max_chars=100,
                              max_depth=4) == {"a": [1, [2, {"b": '[[["'}]]}

    @pytest.mark.parametrize("text, depth", [("1", 0), ("[]", 1), ("[[1], {}]", 2),
                                             ('{"x": "]]]]"}', 1), ('["\\\\", [[]]]', 3)])
    def test_nesting_depth(self, text: str, depth: int) -> None:
        assert safejson.nesting_depth(text, 10) == depth

    @pytest.mark.parametrize("text", ["[" * 10_000 + "]" * 10_000, "[[[[[1]]]]]", "][",
                                      "[1", "NaN", "[Infinity]", "1" * 5000, "x" * 101])
    def test_refuses_deep_long_or_strange_text(self, text: str) -> None:
        with pytest.raises(safejson.JsonLimitError):
            safejson.loads(text, max_chars=100_000 if len(text) != 101 else 100, max_depth=4)

    def test_not_text_and_the_callers_error(self) -> None:
        with pytest.raises(InvalidRecordError, match="the save is not text"):
            safejson.loads(b"[]", max_chars=9, max_depth=2, error=InvalidRecordError,
                           what="the save")

    def test_shown_cuts_long_values(self) -> None:
        assert safejson.shown("x" * 1000, 10) == "'xxxxxx..." and safejson.shown(3) == "3"


class TestSealed:
    RECORD = GameRecord("toy-nim", 987654321, 2, ["A", "B"], {}, [1, 2]).to_dict()

    def test_round_trip_hides_the_record(self) -> None:
        box = sealed.seal(self.RECORD)
        text = json.dumps(box)
        assert "987654321" not in text and "toy-nim" not in text
        assert sealed.unseal(box) == self.RECORD
        key = b"k" * sealed.KEY_BYTES
        assert sealed.seal(self.RECORD, key) == sealed.seal(self.RECORD, key)

    def test_a_small_file_cannot_inflate_without_bound(self) -> None:
        key = b"k" * sealed.KEY_BYTES
        bomb = zlib.compress(b"[" + b" " * (sealed.MAX_TEXT_CHARS + 10) + b"]", 9)
        box = {"format": sealed.FORMAT, "version": 1,
               "key": base64.b64encode(key).decode(),
               "data": base64.b64encode(sealed._mix(bomb, key)).decode()}
        assert len(box["data"]) < 100_000
        with pytest.raises(InvalidRecordError, match="too long"):
            sealed.unseal(box)

    @pytest.mark.parametrize("change", [{"version": 2}, {"key": "AAAA"}, {"data": "!!"},
                                        {"extra": 1}, {"data": "AAAA"}])
    def test_damaged_seals(self, change: dict[str, object]) -> None:
        with pytest.raises(InvalidRecordError):
            sealed.unseal(sealed.seal(self.RECORD) | change)


class TestRecordFields:
    def base(self) -> dict[str, object]:
        return GameRecord("toy-nim", 1, 2, ["A", "B"], {}, []).to_dict()

    @pytest.mark.parametrize("field, value", [
        ("seed", 2**64), ("seed", True), ("seed", "1"), ("players", 17), ("players", 0),
        ("seats", ["x" * (MAX_NAME_CHARS + 1), "B"]), ("seats", ["A"] * 17),
        ("options", {"x": [1]}), ("options", {"x": 10**30}), ("game", ""),
        ("actions", ["x" * 65]), ("version", [1]),
    ])
    def test_every_field_is_checked(self, field: str, value: object) -> None:
        with pytest.raises(InvalidRecordError):
            GameRecord.from_dict(self.base() | {field: value})

    def test_a_name_of_24_characters_is_fine(self) -> None:
        d = self.base() | {"seats": ["x" * MAX_NAME_CHARS, "B"]}
        assert GameRecord.from_dict(d).seats[0] == "x" * MAX_NAME_CHARS


class TestLinearReplay:
    def test_each_action_is_applied_once_in_place(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """A record replays in one pass: no copy of the state per action."""
        game = Nim()
        calls = {"apply": 0, "in place": 0}
        apply, in_place = game.apply, game.apply_in_place

        def counting_apply(state: object, action: int) -> object:
            calls["apply"] += 1
            return apply(state, action)  # type: ignore[arg-type]

        def counting_in_place(state: object, action: int) -> None:
            calls["in place"] += 1
            in_place(state, action)  # type: ignore[arg-type]

        monkeypatch.setattr(game, "apply", counting_apply)
        monkeypatch.setattr(game, "apply_in_place", counting_in_place)
        record = GameRecord("toy-nim", 3, 2, [], {"counters": 60_000}, ["take1"] * 60_000)
        state = record.replay(game=game)
        assert state.counters == 0
        assert calls == {"apply": 0, "in place": 60_000}
        calls["in place"] = 0
        table = Table(game, record, ["human", "human"])
        assert table.over and calls == {"apply": 0, "in place": 60_000}


class TestBotSettings:
    @pytest.mark.parametrize("kind", ["expert:time=inf", "expert:time=nan",
                                      f"expert:time={MAX_BOT_SECONDS + 1}",
                                      "expert:iterations=100001", "expert:time=-1",
                                      "x" * 200])
    def test_out_of_bounds(self, kind: str) -> None:
        with pytest.raises(ValueError):
            check_kind(kind, BOT_MAKER)

    def test_within_bounds(self) -> None:
        assert check_kind("expert:time=0.05", BOT_MAKER) == "expert:time=0.05"
        assert check_kind("human") == "human"
