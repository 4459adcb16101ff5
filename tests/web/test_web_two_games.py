"""The page's bridge (``seasalt.web``) for two games: settings and links, seat counts,
saves, imports, rematch, the resume line, the help and the payload's ``game``."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from seasalt.core.errors import InvalidRecordError
from seasalt.core.record import GameRecord
from seasalt.i18n import set_language
from seasalt.web.games import FDM, SSP, SettingsError
from seasalt.web.settings import Settings, game_choices, level_notes, parse_query, query_game
from seasalt.web.table import Table
from seasalt.web.words import help_content, resume_game, resume_summary


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


def fdm_table(seats: list[str] | None = None, seed: int = 7) -> Table:
    return Table.new(Settings(seats=seats or ["you", "easy", "medium"], seed=seed,
                              speed="instant", game="fruits-de-mer"))


def play_round(t: Table) -> None:
    """The person in seat 0 plays their first card; the bots answer."""
    t.submit(0, t.ply, t.view(0)["legal"][0])
    while t.is_bot_turn():
        t.bot_step(60.0)


class TestSettings:
    def test_the_default_game_is_sea_salt_and_paper(self) -> None:
        s = Settings(seats=["you", "easy"])
        assert s.game == SSP and s.options == {"double_target": False, "extra_salt": False}

    @pytest.mark.parametrize("name", ["fruits-de-mer", "fdm", "FDM", " Fruits-de-Mer "])
    def test_names_and_aliases(self, name: str) -> None:
        assert Settings(seats=["you", "easy"], game=name).game == FDM

    def test_sea_salt_alias(self) -> None:
        assert Settings(seats=["you", "easy"], game="ssp").game == SSP

    def test_an_unknown_game_is_named_in_the_message(self) -> None:
        with pytest.raises(SettingsError, match="unknown game 'chess'.*fruits-de-mer"):
            Settings(seats=["you", "easy"], game="chess")

    @pytest.mark.parametrize("count", [2, 3, 4, 5])
    def test_fruits_de_mer_takes_2_to_5(self, count: int) -> None:
        assert len(Settings(seats=["you"] + ["easy"] * (count - 1), game=FDM).seats) == count

    @pytest.mark.parametrize(("game", "count", "words"), [
        (FDM, 6, "Fruits de mer is for 2 to 5 players, not 6"),
        (FDM, 1, "Fruits de mer is for 2 to 5 players, not 1"),
        (SSP, 5, "Sea Salt & Paper is for 2 to 4 players, not 5"),
    ])
    def test_seat_counts_name_the_game(self, game: str, count: int, words: str) -> None:
        with pytest.raises(SettingsError, match=words):
            Settings(seats=["you"] * count, game=game)

    @pytest.mark.parametrize("option", ["double_target", "extra_salt", "extra_pepper"])
    def test_sea_salt_options_are_refused_for_fruits_de_mer(self, option: str) -> None:
        with pytest.raises(SettingsError, match="Fruits de mer has no option"):
            Settings(seats=["you", "easy"], game=FDM, **{option: True})  # type: ignore[arg-type]

    def test_the_form_ignores_the_hidden_options(self) -> None:
        s = Settings.from_form(["you", "easy", "hard", "easy", "medium"], ["Ann"], "12",
                               "double", "fast", True, True, game="fdm")
        assert (s.game, s.seed, s.speed, s.options) == (FDM, 12, "fast", {})
        assert not (s.double_target or s.extra_salt or s.extra_pepper)
        assert s.names == ["Ann", "", "", "", ""]

    def test_the_form_keeps_sea_salt_options(self) -> None:
        s = Settings.from_form(["you", "easy"], [], "", "double", extra_salt=True)
        assert s.game == SSP and s.options["double_target"] and s.options["extra_salt"]


class TestQuery:
    def test_game_in_a_link(self) -> None:
        s = parse_query("?game=fruits-de-mer&players=you,hard,medium&seed=3&speed=instant")
        assert s is not None
        assert (s.game, s.seats, s.seed, s.speed) == (FDM, ["human", "hard", "medium"], 3,
                                                      "instant")

    def test_five_players_by_alias(self) -> None:
        s = parse_query("game=fdm&players=you,easy,easy,easy,easy")
        assert s is not None and s.game == FDM and len(s.seats) == 5

    def test_no_game_is_sea_salt(self) -> None:
        s = parse_query("players=you,hard")
        assert s is not None and s.game == SSP

    def test_a_game_without_players_starts_nothing_but_is_read(self) -> None:
        assert parse_query("?game=fdm") is None
        assert query_game("?game=fdm") == FDM
        assert query_game("?game=sea-salt-and-paper&lang=fr") == SSP
        assert query_game("?lang=fr") is None
        assert query_game("?game=chess") is None

    @pytest.mark.parametrize(("query", "words"), [
        ("game=chess&players=you,easy", "unknown game 'chess'"),
        ("game=fdm&players=you,easy,easy,easy,easy,easy", "2 to 5 players, not 6"),
        ("game=fdm&players=you,easy&extra-salt=1", "no option extra-salt"),
        ("game=fdm&players=you,easy&target=double", "no option double-target"),
    ])
    def test_bad_links(self, query: str, words: str) -> None:
        with pytest.raises(SettingsError, match=words):
            parse_query(query)

    def test_sea_salt_options_off_are_fine_in_a_fruits_de_mer_link(self) -> None:
        s = parse_query("game=fdm&players=you,easy&extra-salt=0&target=normal")
        assert s is not None and s.options == {}


class TestTable:
    def test_the_payload_names_its_game(self) -> None:
        t = fdm_table()
        v = t.view(0)
        assert v["game"] == FDM and t.game == FDM
        assert v["names"] == ["You", "Easy bot", "Medium bot"]
        assert v["legal"] and all(isinstance(c, str) for c in v["legal"])
        assert Table.new(Settings(seats=["you", "easy"], seed=1)).view(0)["game"] == SSP

    def test_payload_is_json(self) -> None:
        # what the page gets is plain JSON: it comes back from JSON text unchanged (no
        # tuple, no key that is not a string, no NaN)
        t = fdm_table()
        play_round(t)
        for seat in (0, 1, None):
            v = t.view(seat)
            assert json.loads(json.dumps(v, allow_nan=False)) == v

    def test_rounds_go_on_without_a_round_screen(self) -> None:
        t = fdm_table()
        assert t.round == 1 and not t.round_screen
        play_round(t)
        assert t.round == 2 and t.view(0)["last"] is not None
        assert Table.new(Settings(seats=["you", "easy"], seed=1)).round_screen

    def test_a_game_to_its_end(self) -> None:
        t = Table.new(Settings(seats=["easy"] * 5, seed=4, speed="instant", game=FDM))
        while not t.over:
            assert t.bot_step(60.0)
        v = t.view(None)
        assert v["over"] and v["result"]["title"] and t.round == 9

    def test_save_and_load_round_trip(self) -> None:
        t = fdm_table(["you", "hard", "human", "easy"], seed=5)
        play_round(t)
        back = Table.load(t.save())
        assert (back.game, back.kinds, back.names, back.ply, back.speed) == (
            FDM, t.kinds, t.names, t.ply, "instant")
        assert back.view(0) == t.view(0)
        assert back.record.to_dict() == t.record.to_dict()

    def test_a_plain_record_imports(self) -> None:
        t = fdm_table()
        play_round(t)
        back = Table.load(json.dumps(t.record.to_dict()))
        assert back.game == FDM and back.kinds == ["human", "hard", "hard"]
        assert back.ply == t.ply

    def test_a_record_of_an_unknown_game_is_refused(self) -> None:
        record = GameRecord("chess", 1, 2, ["a", "b"], {}, [])
        with pytest.raises(InvalidRecordError, match="not a game this page can play"):
            Table.load(json.dumps(record.to_dict()))

    def test_a_bad_action_in_a_saved_record_is_refused(self) -> None:
        t = fdm_table()
        data = json.loads(t.save())
        data["record"]["actions"] = ["seaweed"]
        with pytest.raises(InvalidRecordError):
            Table.load(json.dumps(data))

    def test_rematch_keeps_the_game_and_seats(self) -> None:
        t = fdm_table(["you", "hard", "easy", "easy", "medium"])
        again = t.rematch(seed=99)
        assert (again.game, again.kinds, again.names, again.record.seed) == (
            FDM, t.kinds, t.names, 99)
        assert again.record.options == {}

    def test_resume_line_names_the_game(self) -> None:
        t = Table.new(Settings(seats=["you", "easy", "easy"], names=["Ann", "", ""], seed=11,
                               game=FDM))
        play_round(t)
        v = t.view(None)
        assert resume_game(v) == "Fruits de mer"
        assert resume_summary(v, t.over).startswith("3 players, round 2: Ann ")
        s = Table.new(Settings(seats=["you", "easy"], seed=1))
        assert resume_game(s.view(None)) == "Sea Salt & Paper"

    def test_help_per_game(self) -> None:
        ssp = help_content()
        assert help_content(SSP) == ssp
        fdm = help_content("fdm")
        assert fdm and fdm != ssp
        text = json.dumps(fdm)
        assert "Warden" in text and "Mermaid" not in text

    @pytest.mark.parametrize("game", [FDM, SSP, None])
    def test_warm_up_per_game(self, game: str | None) -> None:
        # in a fresh interpreter (this one has imported every bot already): the game's
        # bots and their evaluation are not imported as the page starts, warm_up does it
        code = ("import json, sys\n"
                "from seasalt.web.games import SSP\nfrom seasalt.web.settings import warm_up\n"
                "before = set(sys.modules)\n"
                + (f"warm_up({game!r})\n" if game else "warm_up()\n")
                + "after = set(sys.modules)\n"
                "from seasalt.bots import make_bot\n"
                "from seasalt.core.registry import load_game\n"
                f"bot = make_bot('easy', load_game({game!r} or SSP), 0)\n"
                "names = ['seasalt.bots', type(bot).__module__,"
                " type(bot.heuristics).__module__]\n"
                "print(json.dumps([[n in before, n in after] for n in names]))\n")
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True).stdout
        assert json.loads(out) == [[False, True]] * 3

    def test_game_choices(self) -> None:
        choices = game_choices()
        assert [c["name"] for c in choices] == [SSP, FDM]
        assert [(c["min_players"], c["max_players"]) for c in choices] == [(2, 4), (2, 5)]
        assert [c["title"] for c in choices] == ["Sea Salt & Paper", "Fruits de mer"]
        assert all(c["description"] for c in choices)
        assert choices[1]["players_note"] == "(2 to 5, in seat order)"
        assert choices[0]["players_note"] == "(2 to 4, in seat order)"

    def test_level_notes_per_game(self) -> None:
        fdm = level_notes(FDM)
        ssp = level_notes()
        assert [n["key"] for n in fdm] == [n["key"] for n in ssp] == ["easy", "medium", "hard"]
        assert [n["name"] for n in fdm] == ["Easy bot", "Medium bot", "Hard bot"]
        assert fdm != ssp and all(n["description"] for n in fdm)
        assert not any(w in json.dumps(fdm) for w in ("duo", "STOP", "stop"))

    def test_french_words(self) -> None:
        set_language("fr")
        try:
            with pytest.raises(SettingsError):
                Settings(seats=["you"] * 6, game=FDM)
            assert game_choices()[1]["title"]
        finally:
            set_language("en")
