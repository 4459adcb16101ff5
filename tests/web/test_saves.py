"""The page's saves (seasalt.web.saves, read by seasalt.web.table.Table.load): format
version 2, every field checked, limits first, sealed hot-seat records, seeds, export names;
an unreadable save says why."""

from __future__ import annotations

import json
from typing import Any

import pytest

from seasalt.core import sealed
from seasalt.core.errors import InvalidRecordError
from seasalt.core.record import MAX_ACTIONS, GameRecord
from seasalt.web.games import FDM, SSP, SettingsError
from seasalt.web.messages import loaded_text
from seasalt.web.saves import MAX_SAVE_CHARS, SAVE_FIELDS, SaveError, export_name, save_header
from seasalt.web.settings import Settings, parse_query, parse_seed
from seasalt.web.table import Table


def table(seats: list[str], seed: int = 987654321, **kw: Any) -> Table:
    return Table.new(Settings(seats=seats, seed=seed, speed="instant", **kw))


def play(t: Table, actions: int) -> Table:
    for _ in range(actions):
        if t.over:
            break
        if t.is_bot_turn():
            t.bot_step(60.0)
        else:
            seat = t.current
            t.submit(seat, t.ply, t.view(seat)["legal"][0]["code"])
    return t


def refused(text: str) -> SaveError:
    with pytest.raises(SaveError) as e:
        Table.load(text)
    assert isinstance(e.value, InvalidRecordError)
    return e.value


class TestFormat:
    def test_version_2_round_trips_with_page_state(self) -> None:
        t = play(table(["human", "easy"]), 12)
        data = json.loads(t.save(ack_round=1, saved_at=1_764_684_000_000))
        assert data["format"] == "seasalt-save" and data["version"] == 2
        assert set(data) == SAVE_FIELDS[2]
        assert data["over"] is False and data["record"]["seed"] == 987654321
        back = Table.load(json.dumps(data))
        assert back.state == t.state and back.ack_round == 1
        assert back.saved_at == 1_764_684_000_000

    def test_version_1_and_the_drivers_save_and_a_plain_record_still_load(self) -> None:
        t = play(table(["human", "medium"]), 6)
        v1 = {"format": "seasalt-save", "version": 1, "kinds": t.kinds, "speed": "fast",
              "record": t.record.to_dict()}
        back = Table.load(json.dumps(v1))
        assert back.state == t.state and back.speed == "fast"
        assert back.ack_round == back.round
        assert Table.load(json.dumps(t.driver.save())).state == t.state
        assert Table.load(t.record.dumps()).kinds == ["human", "hard"]

    @pytest.mark.parametrize("change, kind", [
        ({"version": 99}, "version"),
        ({"version": True}, "damaged"),
        ({"version": "2"}, "damaged"),
        ({"version": []}, "damaged"),
        ({"extra": 1}, "field"),
        ({"speed": "warp"}, "field"),
        ({"ack_round": 0}, "field"),
        ({"ack_round": 9}, "field"),
        ({"ack_round": True}, "field"),
        ({"saved_at": float("nan")}, "damaged"),
        ({"saved_at": -1}, "field"),
        ({"saved_at": 10**20}, "field"),
        ({"over": "false"}, "field"),
        ({"over": True}, "field"),
        ({"kinds": ["human", "god"]}, "seats"),
        ({"kinds": ["human"]}, "seats"),
    ])
    def test_every_field_is_checked(self, change: dict[str, Any], kind: str) -> None:
        t = play(table(["human", "easy"]), 4)
        data = json.loads(t.save()) | change
        assert refused(json.dumps(data)).kind == kind  # NaN: not JSON, damaged

    def test_a_missing_field_is_named(self) -> None:
        data = json.loads(table(["human", "easy"]).save())
        del data["over"]
        e = refused(json.dumps(data))
        assert e.kind == "field" and "over" in e.detail

    @pytest.mark.parametrize("options", [
        {"double_target": False, "extra_salt": False, "extra_pepper": "false"},
        {"double_target": 0, "extra_salt": False},
        {"double_target": False, "extra_salt": None},
    ])
    def test_options_are_strictly_true_or_false(self, options: dict[str, Any]) -> None:
        data = json.loads(table(["human", "easy"]).save())
        data["record"]["options"] = options
        assert refused(json.dumps(data)).kind == "field"

    def test_names_are_at_most_24_characters(self) -> None:
        data = json.loads(table(["human", "easy"]).save())
        data["record"]["seats"] = ["x" * 24, "y"]
        assert Table.load(json.dumps(data)).names[0] == "x" * 24
        data["record"]["seats"] = ["x" * 25, "y"]
        e = refused(json.dumps(data))
        assert e.kind == "field" and "24" in str(e)
        data["record"]["seats"] = ["x" * 1_000_000, "y"]
        assert len(str(refused(json.dumps(data)))) < 300

    def test_the_record_length_is_bounded(self) -> None:
        data = json.loads(table(["human", "easy"]).save())
        data["record"]["actions"] = ["draw"] * (MAX_ACTIONS + 1)
        assert "too long" in refused(json.dumps(data)).detail

    def test_a_refused_move_is_numbered(self) -> None:
        data = json.loads(play(table(["human", "easy"]), 4).save())
        data["record"]["actions"][2] = "stop"
        e = refused(json.dumps(data))
        assert e.kind == "move" and e.index == 2 and "move 3" in str(e)

    @pytest.mark.parametrize("version", [0, None, "2", -1, 2.0, True, "3", [2], {"v": 2}])
    @pytest.mark.parametrize("fmt", ["seasalt-save", "driver"])
    def test_a_version_that_is_not_newer_is_damaged(self, version: Any, fmt: str) -> None:
        """Issue 41, item 9: only a whole number above the latest is "a newer version"."""
        t = table(["human", "easy"])
        data = json.loads(t.save()) if fmt == "seasalt-save" else t.driver.save()
        e = refused(json.dumps(data | {"version": version}))
        assert e.kind == "damaged" and "newer" not in str(e), str(e)
        assert str(e).startswith("it is damaged (save version ") and "does not exist" in str(e)

    @pytest.mark.parametrize("fmt", ["seasalt-save", "driver"])
    def test_only_a_greater_whole_number_is_newer(self, fmt: str) -> None:
        t = table(["human", "easy"])
        data = json.loads(t.save()) if fmt == "seasalt-save" else t.driver.save()
        e = refused(json.dumps(data | {"version": 3 if fmt == "seasalt-save" else 2}))
        assert e.kind == "version" and "newer version" in str(e)

    def test_a_later_record_version_is_named(self) -> None:
        data = json.loads(table(["human", "easy"]).save())
        data["record"]["version"] = 7
        e = refused(json.dumps(data))
        assert e.kind == "record-version" and "version 7" in str(e)

    def test_reasons_are_translated(self) -> None:
        from seasalt import i18n

        try:
            i18n.set_language("fr")
            assert "version plus récente" in str(refused(json.dumps(
                json.loads(table(["human", "easy"]).save()) | {"version": 3})))
        finally:
            i18n.set_language("en")


class TestLimits:
    @pytest.mark.parametrize("text", [
        "[" * 10_000 + "]" * 10_000,
        '{"a":' * 5_000 + "1" + "}" * 5_000,
        "1" * 5_000,
        '{"format": "seasalt-save", "version": 2, "saved_at": ' + "9" * 5000 + "}",
        "x" * (MAX_SAVE_CHARS + 1),
        "", "{", "null", "[]", '"text"', "NaN", "Infinity",
    ])
    def test_hostile_text_is_refused_in_one_error(self, text: str) -> None:
        e = refused(text)
        assert e.kind in ("damaged", "file") and len(str(e)) < 300

    def test_not_text_is_refused(self) -> None:
        with pytest.raises(SaveError):
            Table.load(b"{}")  # type: ignore[arg-type]

    def test_header_is_read_without_replaying(self) -> None:
        t = play(table(["human", "easy"]), 4)
        assert save_header(t.save(saved_at=5)) == {"saved_at": 5, "over": False}
        assert save_header(t.record.dumps()) == {"saved_at": 0, "over": False}
        with pytest.raises(SaveError):
            save_header("[" * 100)


class TestSecretsAtRest:
    def test_a_hot_seat_game_in_progress_is_sealed(self) -> None:
        t = play(table(["human", "human", "easy"]), 10)
        text = t.save()
        data = json.loads(text)
        assert sealed.is_sealed(data["record"])
        assert "987654321" not in text and "keep" not in text and "draw" not in text
        back = Table.load(text)
        assert back.state == t.state and back.key == t.key
        assert json.loads(back.save())["record"]["key"] == data["record"]["key"]

    def test_a_game_with_one_person_is_in_the_open(self) -> None:
        text = play(table(["human", "easy"]), 4).save()
        assert json.loads(text)["record"]["seed"] == 987654321

    def test_a_finished_hot_seat_game_is_in_the_open(self) -> None:
        t = play(table(["human", "human"], seed=3), 5000)
        assert t.over
        assert json.loads(t.save())["record"]["actions"] == t.record.actions

    def test_a_damaged_seal_is_refused(self) -> None:
        data = json.loads(play(table(["human", "human"]), 4).save())
        data["record"]["data"] = data["record"]["data"][:-8] + "AAAAAAA="
        assert refused(json.dumps(data)).kind in ("damaged", "field")
        data["record"]["key"] = "not base64!"
        assert refused(json.dumps(data)).kind == "damaged"

    def test_export_names_carry_no_seed(self) -> None:
        assert export_name(SSP, "20261202-1405") == "seasalt-game-20261202-1405.json"
        assert export_name(FDM, "x/../y") == "seasalt-fruits-de-mer-xy.json"
        assert export_name(SSP, "1", unreadable=True).startswith("seasalt-unreadable")


class TestSeeds:
    @pytest.mark.parametrize("text", ["²", "٣", "-1", "1e3", "1.0", "0x10", "1 2",
                                      "1" * 19, "9" * 5000, "\u0661\u0662"])
    def test_refused_in_plain_words(self, text: str) -> None:
        with pytest.raises(SettingsError) as e:
            parse_seed(text)
        assert "whole number of at most 18 digits" in str(e.value)
        assert len(str(e.value)) < 120

    def test_accepted(self) -> None:
        assert parse_seed("") is None and parse_seed("  ") is None
        assert parse_seed(" 042 ") == 42 and parse_seed("9" * 18) == 10**18 - 1

    @pytest.mark.parametrize("query", ["?players=you,hard&seed=%C2%B2",
                                       "?players=you,hard&seed=" + "1" * 4301,
                                       "?players=you,hard&seed=-5"])
    def test_a_links_seed_is_refused_not_a_crash(self, query: str) -> None:
        with pytest.raises(SettingsError):
            parse_query(query)

    def test_the_forms_seed_likewise(self) -> None:
        with pytest.raises(SettingsError):
            Settings.from_form(["you", "easy"], ["", ""], seed="²")
        with pytest.raises(SettingsError):
            Settings(seats=["you", "easy"], seed=10**18)


def test_loaded_text_says_the_moves_and_time() -> None:
    assert loaded_text(60_000, 0.4234) == "Game loaded: 60,000 moves replayed in 0.42 s."


def test_a_plain_record_of_another_game_is_refused() -> None:
    record = GameRecord("chess", 1, 2, ["a", "b"], {}, [])
    assert refused(json.dumps(record.to_dict())).kind == "game"
