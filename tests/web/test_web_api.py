"""The page's bridge (seasalt.web_api): settings, views, submissions, saves."""

from __future__ import annotations

import json

import pytest

from seasalt.core.errors import IllegalActionError, InvalidRecordError, Reason
from seasalt.ssp.cards import BASE_DECK, CARDS
from seasalt.web_api import (
    Settings,
    SettingsError,
    Table,
    action_parts,
    card_catalogue,
    outcome_text,
    parse_query,
    round_end_text,
    target_text,
    warm_up,
)


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


def play(t: Table, actions: int) -> None:
    """Play ``actions`` actions: bots think, people take their first legal action."""
    for _ in range(actions):
        if t.is_bot_turn():
            while not t.bot_step():
                pass
        else:
            seat = t.current
            t.submit(seat, t.ply, t.view(seat)["legal"][0]["code"])


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


class TestFormSettings:
    def test_form_values(self) -> None:
        s = Settings.from_form(["you", "hard"], ["Ann", ""], " 12 ", "double", "fast")
        assert s.seats == ["human", "hard"] and s.names == ["Ann", ""]
        assert s.seed == 12 and s.double_target and s.speed == "fast"

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


class TestActionParts:
    @pytest.mark.parametrize("code, parts", [
        ("draw", ([], None, None)),
        ("take:2", ([], 2, None)),
        ("keep:12:2", ([12], 2, None)),
        ("pick:7", ([7], None, None)),
        ("duo:3+4", ([3, 4], None, None)),
        ("duo:3+4:pile=1", ([3, 4], 1, None)),
        ("duo:20+31:seat=0", ([20, 31], None, 0)),
        ("trio:1+2+60", ([1, 2, 60], None, None)),
        ("last-chance", ([], None, None)),
    ])
    def test_codes(self, code: str, parts: tuple[list[int], int | None, int | None]) -> None:
        got = action_parts(code)
        assert (got["cards"], got["pile"], got["seat"]) == parts

    def test_legal_entries_carry_their_parts(self) -> None:
        t = new_table(["human", "human"])
        seat = t.current
        t.submit(seat, t.ply, "draw")
        keeps = t.view(seat)["legal"]
        assert {x["kind"] for x in keeps} == {"keep"}
        for x in keeps:
            assert x["cards"][0] in t.view(seat)["drawn"] and x["pile"] in (1, 2)
            assert x["code"] == f"keep:{x['cards'][0]}:{x['pile']}"


class TestTableExtras:
    def test_rematch_keeps_seats_and_options_with_a_new_seed(self) -> None:
        t = Table.new(Settings(seats=["you", "easy", "hard"], names=["Ann", "", ""], seed=5,
                               double_target=True, speed="fast"))
        play(t, 4)  # a game in progress; the rematch starts afresh
        u = t.rematch(seed=6)
        assert u.kinds == t.kinds and u.names == t.names and u.speed == "fast"
        assert u.record.options == {"double_target": True}
        assert u.record.seed == 6 and u.record.actions == [] and u.ply == 0

    def test_set_speed(self) -> None:
        t = new_table(["human", "easy"])
        t.set_speed("slow")
        assert Table.load(t.save()).speed == "slow"
        assert t.view(None)["speed"] == "slow"
        with pytest.raises(SettingsError):
            t.set_speed("warp")

    def test_round_and_ply_follow_the_game(self) -> None:
        t = new_table(["easy", "medium"])
        assert (t.round, t.ply) == (1, 0)
        while t.round == 1:
            while not t.bot_step():
                pass
        assert t.round == 2 and t.view(None)["last_round"]["round"] == 1

    def test_announcements_carry_a_hint(self) -> None:
        t = new_table(["easy", "medium"])
        while True:
            seat = t.current
            codes = {x["code"]: x for x in t.view(seat)["legal"]}
            if "stop" in codes:
                break
            while not t.bot_step():
                pass
        assert "round ends" in codes["stop"]["hint"]
        assert "colour bonus" in codes["last-chance"]["hint"]
        assert codes["end"]["hint"] == ""

    def test_target_text(self) -> None:
        assert target_text(False) == "40 / 35 / 30 points"
        assert target_text(True) == "80 / 70 / 60 points"


def test_card_catalogue_covers_the_deck() -> None:
    cat = card_catalogue()
    assert [c["id"] for c in cat] == list(range(len(CARDS)))
    assert cat[0]["notation"] == "crab:dark-blue"
    for c in cat:
        if c["id"] in BASE_DECK:
            assert c["hint"], c


class TestEndTexts:
    names = ["Ann", "Bob"]

    @pytest.mark.parametrize("end, bet, words", [
        ("stop", None, ("Bob called STOP", "no")),
        ("last-chance", True, ("Bob called LAST CHANCE and won the bet", "plus colour bonus")),
        ("last-chance", False, ("Bob called LAST CHANCE and lost the bet", "only the colour")),
        ("empty-draw-pile", None, ("The draw pile ran out", "Nobody scores")),
    ])
    def test_round_end(self, end: str, bet: bool | None, words: tuple[str, str]) -> None:
        title, detail = round_end_text({"end": end, "caller": 1, "bet_won": bet}, self.names)
        assert title == words[0] and words[1] in detail

    def test_outcomes(self) -> None:
        assert outcome_text({"termination": "target", "winners": [0], "scores": [40, 3]},
                            self.names)[0] == "Ann wins!"
        assert "four Mermaids" in outcome_text(
            {"termination": "four-mermaids", "winners": [1], "scores": [0, 0]}, self.names)[1]
        assert outcome_text({"termination": "target", "winners": [0, 1], "scores": [40, 40]},
                            self.names)[0] == "Ann and Bob share the victory!"
        assert outcome_text({"termination": "target", "winners": [0], "scores": [40, 3]},
                            ["You", "Bob"]) == (
            "You win!", "You have the highest total once the target was reached.")

    def test_your_round_end(self) -> None:
        detail = round_end_text({"end": "last-chance", "caller": 0, "bet_won": False},
                                ["You", "Bob"])[1]
        assert detail.startswith("You score only")

    def test_log_lines_speak_to_you(self) -> None:
        t = new_table(["human", "easy"])
        line = t.view(t.current)["log"][0]
        assert line == "Round 1 begins; You start." or "You" not in line

    def test_a_real_round_end(self) -> None:
        t = new_table(["easy", "medium"])
        while t.round == 1:
            play(t, 1)
        title, _ = round_end_text(t.view(None)["last_round"], t.names)
        assert title


def test_warm_up_loads_the_bots() -> None:
    import sys

    warm_up()
    assert "seasalt.bots" in sys.modules
