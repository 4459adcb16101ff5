"""The page's settings (seasalt.web.settings): links, the setup form, the bots' warm-up."""

from __future__ import annotations

import pytest

from seasalt.web.games import SettingsError
from seasalt.web.settings import Settings, parse_query, query_values


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
        ("players=you,easy&extra-salt=yes", "extra-salt must be 1 or 0"),
        ("players=you,easy&extra-salt=", "extra-salt must be 1 or 0"),
        ("players=you,easy&extra-salt=2", "extra-salt must be 1 or 0"),
    ])
    def test_bad_queries_have_readable_messages(self, query: str, words: str) -> None:
        with pytest.raises(SettingsError, match=words):
            parse_query(query)

    def test_names_and_double_target(self) -> None:
        s = parse_query("players=human,human&names=Ann,Bob&target=double")
        assert s is not None and s.names == ["Ann", "Bob"] and s.double_target

    @pytest.mark.parametrize("value, on", [
        ("1", True), ("true", True), ("TRUE", True), ("0", False), ("false", False)])
    def test_the_extra_salt_switch(self, value: str, on: bool) -> None:
        s = parse_query(f"players=you,easy&extra-salt={value}")
        assert s is not None and s.extra_salt is on
        assert s.options == {"double_target": False, "extra_salt": on}

    def test_extra_salt_is_off_unless_asked(self) -> None:
        s = parse_query("players=you,easy")
        assert s is not None and not s.extra_salt


class TestFormSettings:
    def test_form_values(self) -> None:
        s = Settings.from_form(["you", "hard"], ["Ann", ""], " 12 ", "double", "fast")
        assert s.seats == ["human", "hard"] and s.names == ["Ann", ""]
        assert s.seed == 12 and s.double_target and s.speed == "fast"

    def test_extra_salt_checkbox(self) -> None:
        s = Settings.from_form(["you", "easy"], [], "", "normal", "normal", True)
        assert s.extra_salt and s.options["extra_salt"]
        assert not Settings.from_form(["you", "easy"], []).extra_salt

    def test_extra_salt_must_be_a_bool(self) -> None:
        with pytest.raises(SettingsError, match="extra_salt must be true or false"):
            Settings(seats=["you", "easy"], extra_salt="yes")  # type: ignore[arg-type]

    def test_blank_seed_is_random(self) -> None:
        assert Settings.from_form(["you", "easy"], ["", ""]).seed is None

    @pytest.mark.parametrize("seed, target, speed, words", [
        ("4.5", "normal", "normal", "whole number"),
        ("-1", "normal", "normal", "whole number"),
        ("", "huge", "normal", "unknown target"),
        ("", "normal", "warp", "unknown speed"),
    ])
    def test_bad_form_values(self, seed: str, target: str, speed: str, words: str) -> None:
        with pytest.raises(SettingsError, match=words):
            Settings.from_form(["you", "easy"], [], seed, target, speed)




def test_query_values_reads_a_query_as_parse_qs() -> None:
    assert query_values("") == {} and query_values("?") == {}
    assert query_values("?players=you,hard&seed=4&players=x") == {
        "players": ["you,hard", "x"], "seed": ["4"]}
    assert query_values("calc&lang=fr") == {"lang": ["fr"]}
    assert query_values("?calc&lang=fr", keep_blank_values=True) == {
        "calc": [""], "lang": ["fr"]}
