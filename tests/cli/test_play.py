"""``seasalt play``: a whole terminal game with scripted input, wrong input included."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from seasalt.cli.main import main


def play(*argv: str, stdin: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["play", *argv], stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


#: Wrong answers first, then the first choice every time (plenty for a game).
SCRIPT = "hello\n0\n999\ntake:9\n\n" + "1\n" * 5000


class TestWholeGame:
    def test_against_a_bot_to_the_end(self) -> None:
        code, out, err = play("--players", "you,greedy", "--seed", "7", stdin=SCRIPT)
        assert code == 0, err
        assert err == ""
        assert out.startswith("Sea Salt & Paper, seed 7: You, Greedy bot.")
        # wrong input asks again, with the same menu still valid
        assert out.count("is not one of the choices") == 5
        # the table, numbered choices, the bot's moves in words
        assert "=== Round 1" in out and "  1. " in out
        assert re.search(r"Greedy bot (drew two cards|took .* from discard pile)", out)
        # round results with the breakdown, and the end of the game
        assert re.search(r"Duos +Mermaids +Collectors +Multipliers +Card points", out)
        assert re.search(r"Game over: .* wins?\.", out)
        assert out.rstrip().splitlines()[-1].startswith("Final scores: You ")

    def test_the_bots_hidden_cards_stay_hidden(self) -> None:
        _, out, _ = play("--players", "you,greedy", "--seed", "7", stdin=SCRIPT)
        first_round = out.split("Round 1 ends")[0]
        assert "Greedy bot drew two cards." in first_round
        assert not re.search(r"Greedy bot drew \w", first_round.replace("drew two", ""))

    def test_codes_work_as_well_as_numbers(self) -> None:
        code, out, _ = play("--players", "you,random", "--seed", "3",
                            stdin="take:1\n" + "1\n" * 5000)
        assert code == 0
        first_move = out.split("Your choice")[1]
        assert "You took" in first_move

    def test_level_names_and_seed_line(self) -> None:
        code, out, _ = play("--players", "you,easy,hard:iterations=5", "--seed", "1",
                            stdin="1\n" * 8000)
        assert code == 0
        assert out.splitlines()[0] == ("Sea Salt & Paper, seed 1: You, Easy bot, Hard bot. "
                                       "Target 35 points.")


class TestInput:
    def test_end_of_input_abandons_with_status_1(self) -> None:
        code, out, err = play("--players", "you,greedy", "--seed", "7", stdin="1\n2\n")
        assert code == 1
        assert err.strip() == "seasalt play: end of input; the game is abandoned"

    def test_bad_players_one_line_status_2(self) -> None:
        for players, words in [("you,wizard", "unknown bot 'wizard'"),
                               ("you", "2 to 4 players, not 1"),
                               ("you,you,you,you,you", "not 5")]:
            code, out, err = play("--players", players, stdin="")
            assert code == 2 and out == ""
            assert err.count("\n") == 1 and err.startswith("seasalt play: error:")
            assert words in err


class TestPointsShown:
    def test_terminal_points_are_the_engines_with_both_expansions(self) -> None:
        """Every view of 30 random games with Extra Salt and Extra Pepper, for each seat:
        the card points the terminal shows are the engine's own count (with the
        round's events: Kraken, Dance of the Shells, Tornado, Water Rodeo); the seat to
        move sees its choices and what its decision is about in every phase."""
        import random

        from seasalt.cli.terminal import render_choices, render_table
        from seasalt.ssp.game import GAME
        from seasalt.ssp.state import points_of

        options = {"extra_salt": True, "extra_pepper": True}
        checked = with_events = 0
        phases: set[str] = set()
        for seed in range(30):
            n = 2 + seed % 3
            names = [f"P{i}" for i in range(n)]
            rng = random.Random(seed)
            s = GAME.new_game(n, seed, options, log=False)
            while GAME.outcome(s) is None:
                for seat in range(n):
                    v = GAME.view(s, seat)
                    text = render_table(v, names)
                    shown = re.search(r"; card points (\d+)", text)
                    assert shown is not None, text
                    assert int(shown.group(1)) == points_of(s, seat), (seed, s.ply, seat)
                    checked += 1
                    with_events += v.table_event in ("kraken", "dance-of-the-shells",
                                                     "tornado", "water-rodeo")
                    if seat == GAME.current_player(s):
                        choices = render_choices(v, names)
                        assert choices.startswith("  1. ")
                        phases.add(v.phase)
                        want = {"keep": "You drew: ", "crab-pick": " holds: ",
                                "lobster-pick": "The top of the draw pile (Lobster): "}
                        assert want.get(v.phase, "") in text
                        if v.phase == "steal-pair":
                            assert re.search(r"  1\. Take .* \+ .* from P\d  \[pick:", choices)
                        if v.forced_turn:
                            assert choices.startswith("  1. Forced draw  [draw]\n       A ")
                        if v.calls:
                            assert "The round ends now" in choices or "one last turn" in choices
                legal = GAME.legal_actions(s)
                s = GAME.apply(s, rng.choice(legal))
        assert checked > 3000 and with_events > 300
        assert phases >= {"draw", "keep", "play", "crab-pick", "lobster-pick", "keep-event",
                          "angelfish", "swap"}, phases


class TestOptions:
    def test_both_expansions_to_the_end(self) -> None:
        code, out, err = play("--players", "you,easy,greedy", "--seed", "5", "--extra-salt",
                              "--extra-pepper", stdin="1\n" * 8000)
        assert code == 0, err
        first = out.splitlines()[0]
        assert first.endswith("Target 35 points. Extra Salt. Extra Pepper."), first
        assert "Extra Salt: 66 cards" in out and "Extra Pepper: " in out
        assert re.search(r"Round 1 begins; \w.*Event: ", out)
        assert out.rstrip().splitlines()[-1].startswith("Final scores: You ")

    def test_hot_seat_shows_each_person_their_own_hand(self) -> None:
        code, out, _ = play("--players", "you,you", "--seed", "2", stdin="1\n" * 8000)
        assert code == 0
        assert "You 1, your hand:" in out and "You 2, your hand:" in out
        assert "You 1, choose:" in out and "You 2, choose:" in out
        # the log is the public one: nobody's drawn cards are named
        assert not re.search(r"You \d drew \w+ \(", out)


def test_play_runs_through_the_table_driver(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every person's answer goes to core.table.Table.submit with the view's ply."""
    from seasalt.core.table import Table

    calls: list[tuple[int, int, str]] = []
    submit = Table.submit

    def spy(self: Table, seat: int, ply: int, code: str) -> object:
        calls.append((seat, ply, code))
        return submit(self, seat, ply, code)

    monkeypatch.setattr(Table, "submit", spy)
    code, out, _ = play("--players", "you,random", "--seed", "3",
                        stdin="take:1\n" + "1\n" * 5000)
    assert code == 0
    assert calls[0] == (calls[0][0], calls[0][1], "take:1")
    assert out.count("Your choice") == len(calls)


def test_the_terminal_speaks_the_installed_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Terminal words go through the translation function at print time."""
    from seasalt import i18n
    from tests.ssp.test_present import write_mo

    write_mo(tmp_path / "nl" / "LC_MESSAGES" / "seasalt.mo", {
        "Your choice (1-{count} or a code): ": "Jouw keuze (1-{count} of een code): ",
        "Crab": "Krab", "Round {round}": "Ronde {round}",
    }, "nplurals=2; plural=(n != 1);")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    code, out, _ = play("--lang", "nl", "--players", "you,random", "--seed", "3",
                        stdin="1\n" * 5000)
    assert i18n.language() == "en"  # the command line puts the language back
    assert code == 0
    assert "Jouw keuze (1-3 of een code): " in out and "Your choice" not in out
    assert "=== Ronde 1 · " in out and "Krab (" in out
