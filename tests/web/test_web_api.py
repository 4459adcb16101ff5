"""The page's bridge (seasalt.web_api): settings, views, submissions, saves."""

from __future__ import annotations

import json

import pytest

from seasalt.core.errors import IllegalActionError, InvalidRecordError, Reason
from seasalt.web_api import Settings, SettingsError, Table, card_catalogue, parse_query


class TestParseQuery:
    def test_players_seed_speed(self) -> None:
        s = parse_query("?players=you,hard,medium&seed=42&speed=instant")
        assert s is not None
        assert s.seats == ["human", "hard", "medium"]
        assert s.seed == 42 and s.speed == "instant" and not s.double_target

    def test_no_players_means_no_game(self) -> None:
        assert parse_query("") is None
        assert parse_query("?seed=3") is None

    @pytest.mark.parametrize("query, words", [
        ("players=you,dragon", "unknown seat"),
        ("players=you", "2 to 4"),
        ("players=you,easy,easy,easy,easy", "2 to 4"),
        ("players=you,easy&seed=-4", "whole number"),
        ("players=you,easy&seed=abc", "whole number"),
        ("players=you,easy&speed=warp", "unknown speed"),
        ("players=you,easy&target=triple", "unknown target"),
    ])
    def test_bad_queries_have_readable_messages(self, query: str, words: str) -> None:
        with pytest.raises(SettingsError, match=words):
            parse_query(query)

    def test_names_and_double_target(self) -> None:
        s = parse_query("players=human,human&names=Ann,Bob&target=double")
        assert s is not None and s.names == ["Ann", "Bob"] and s.double_target


def new_table(seats: list[str], seed: int = 7) -> Table:
    return Table.new(Settings(seats=seats, seed=seed, speed="instant"))


class TestTable:
    def test_default_names(self) -> None:
        t = new_table(["you", "hard"])
        assert t.names == ["You", "Hard bot"]
        t = new_table(["human", "human", "easy"])
        assert t.names == ["Player 1", "Player 2", "Easy bot"]

    def test_view_of_the_seat_to_move_lists_described_actions(self) -> None:
        t = new_table(["human", "human"])
        seat = t.current
        v = t.view(seat)
        codes = [x["code"] for x in v["legal"]]
        assert codes == ["draw", "take:1", "take:2"]
        assert v["legal"][0]["text"].startswith("Draw two")
        other = t.view(1 - seat)
        assert other["legal"] == []
        json.dumps(v)

    def test_submit_applies_and_records(self) -> None:
        t = new_table(["human", "human"])
        seat, ply = t.current, t.state.ply
        t.submit(seat, ply, "draw")
        assert t.record.actions == ["draw"]
        assert t.view(seat)["phase"] == "keep"
        assert len(t.view(seat)["drawn"]) == 2
        assert not t.view(1 - seat)["drawn"]

    def test_stale_and_wrong_seat_submissions_change_nothing(self) -> None:
        t = new_table(["human", "human"])
        seat = t.current
        before = t.save()
        with pytest.raises(IllegalActionError) as e:
            t.submit(seat, t.state.ply + 1, "draw")
        assert e.value.reason == Reason.STALE
        with pytest.raises(IllegalActionError) as e:
            t.submit(1 - seat, t.state.ply, "draw")
        assert e.value.reason == Reason.NOT_YOUR_TURN
        with pytest.raises(IllegalActionError):
            t.submit(seat, t.state.ply, "stop")
        assert t.save() == before

    def test_save_and_load_give_the_same_game(self) -> None:
        t = new_table(["human", "human"])
        for _ in range(6):
            seat = t.current
            t.submit(seat, t.state.ply, t.view(seat)["legal"][0]["code"])
        u = Table.load(t.save())
        assert u.state == t.state and u.kinds == t.kinds and u.names == t.names

    @pytest.mark.parametrize("text", [
        "", "{", "[]", '{"format": "other"}', "null",
        '{"format": "seasalt-save", "version": 1, "kinds": ["human"], "record": {}}',
    ])
    def test_corrupt_saves_raise_a_clear_error(self, text: str) -> None:
        with pytest.raises(InvalidRecordError):
            Table.load(text)

    def test_a_save_with_an_illegal_action_names_its_index(self) -> None:
        t = new_table(["human", "human"])
        data = json.loads(t.save())
        data["record"]["actions"] = ["draw", "stop"]
        with pytest.raises(InvalidRecordError, match="action 1"):
            Table.load(json.dumps(data))

    def test_viewer_is_the_human_to_move_or_the_only_human(self) -> None:
        t = new_table(["human", "hard"])
        assert t.viewer() == 0
        t = new_table(["easy", "hard"])
        assert t.viewer() is None


def test_card_catalogue_covers_the_deck() -> None:
    cat = card_catalogue()
    assert len(cat) == 58 and cat[0]["notation"] == "crab:dark-blue"
