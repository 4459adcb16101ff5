"""``seasalt arena`` and :mod:`seasalt.cli.arena`: seat rotation, determinism across
processes, statistics, bad arguments, and greedy clearly beating random."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from seasalt.cli.arena import iter_games, run_arena, wilson_interval
from seasalt.cli.commands.arena import Progress
from seasalt.cli.main import main
from seasalt.cli.players import split_players

FAST_EXPERT = "expert:iterations=8"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=io.StringIO(), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def without_times(d: dict) -> dict:
    return {**d, "seats": [{k: v for k, v in s.items() if k != "mean_decision_ms"}
                           for s in d["seats"]]}


class TestSeatRotation:
    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_every_bot_sits_in_every_seat_equally_often(self, players: int) -> None:
        specs = ["greedy", "random", "easy", "random"][:players]
        results = list(iter_games(specs, 2 * players, seed=5))
        for k in range(players):
            seats = sorted(r.seats[k] for r in results)
            assert seats == sorted(list(range(players)) * 2)
        # each game has a permutation of the seats
        for r in results:
            assert sorted(r.seats) == list(range(players))

    def test_a_block_of_games_replays_one_deal_with_rotated_seats(self) -> None:
        # same deal for games 0 and 1 (rotation only), another for games 2 and 3
        a, b, c, _ = iter_games(["greedy", "greedy"], 4, seed=8)
        assert a.seats == (0, 1) and b.seats == (1, 0)
        assert sorted(a.scores) == sorted(b.scores) or a.scores != c.scores


class TestCommand:
    def test_json_shape(self) -> None:
        code, out, err = run("arena", "--players", "greedy,random", "--games", "4", "--seed",
                             "1", "--json")
        assert code == 0 and err == ""
        d = json.loads(out)
        assert d["games"] == 4
        assert [s["bot"] for s in d["seats"]] == ["greedy", "random"]
        for s in d["seats"]:
            assert set(s) >= {"bot", "wins", "win_rate", "mean_score", "mean_decision_ms"}
            assert s["ci_low"] <= s["win_rate"] <= s["ci_high"]
        assert sum(s["wins"] for s in d["seats"]) == pytest.approx(4)

    def test_text_table(self) -> None:
        code, out, err = run("arena", "--players", "greedy,random,random", "--games", "3")
        assert code == 0 and err == ""
        lines = out.splitlines()
        assert "3 games, 3 players" in lines[0]
        assert "win rate" in lines[1] and "95% interval" in lines[1]
        assert [ln.split()[0] for ln in lines[2:]] == ["greedy", "random", "random"]

    def test_settings_ride_along_in_players(self) -> None:
        assert split_players("expert:time=0.05,iterations=300,greedy") == [
            "expert:time=0.05,iterations=300", "greedy"]
        code, out, _ = run("arena", "--players", f"{FAST_EXPERT},time=30,greedy",
                           "--games", "2", "--json")
        assert code == 0
        assert json.loads(out)["seats"][0]["bot"] == f"{FAST_EXPERT},time=30"

    def test_jobs_2_gives_the_same_results_as_jobs_1(self) -> None:
        args = ["arena", "--players", f"{FAST_EXPERT},greedy,random", "--games", "6",
                "--seed", "4", "--json"]
        one = json.loads(run(*args, "--jobs", "1")[1])
        two = json.loads(run(*args, "--jobs", "2")[1])
        assert without_times(one) == without_times(two)

    @pytest.mark.parametrize(("argv", "words"), [
        (["--players", "greedy,wizard"], "unknown bot 'wizard'"),
        (["--players", "expert:depth=2,greedy"], "unknown setting 'depth'"),
        (["--players", "greedy,greedy,greedy,greedy,greedy"], "2 to 4 players, not 5"),
        (["--players", "greedy"], "2 to 4 players, not 1"),
        (["--players", "greedy,random", "--games", "0"], "--games must be at least 1"),
        (["--players", "greedy,random", "--jobs", "0"], "--jobs must be at least 1"),
        (["--players", "greedy,,random"], "empty bot name"),
        (["--players", "greedy,random", "--games", "x"], "is not a whole number"),
        ([], "--players"),
    ])
    def test_bad_arguments_one_line_status_2(self, argv: list[str], words: str) -> None:
        code, out, err = run("arena", *argv)
        assert code == 2 and out == ""
        assert err.count("\n") == 1 and err.startswith("seasalt arena: error:")
        assert words in err


class TestStrength:
    def test_greedy_clearly_beats_random(self) -> None:
        result = run_arena(["greedy", "random"], 40, seed=2024)
        greedy, rand = result.seats
        assert greedy.win_rate >= 0.8 and greedy.ci_low > 0.5
        assert greedy.mean_score > rand.mean_score


def test_wilson_interval() -> None:
    low, high = wilson_interval(75, 100)
    assert 0.65 < low < 0.75 < high < 0.83
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0
    with pytest.raises(ValueError):
        wilson_interval(1, 0)


class TestProgress:
    def test_drawn_after_the_delay_and_closed_with_a_newline(self) -> None:
        err = io.StringIO()
        bar = Progress(err, after=0.0)
        bar(1, 4)
        bar(4, 4)
        bar.close()
        text = err.getvalue()
        assert text.startswith("\r[") and "4/4 games" in text and text.endswith("\n")

    def test_silent_for_short_runs(self) -> None:
        err = io.StringIO()
        bar = Progress(err, after=3600.0)
        bar(4, 4)
        bar.close()
        assert err.getvalue() == ""


def test_module_entry_point_with_worker_processes() -> None:
    # workers must not re-run ``python -m seasalt`` (fork, not spawn, where available)
    proc = subprocess.run(
        [sys.executable, "-m", "seasalt", "arena", "--players", "greedy,random", "--games", "4",
         "--jobs", "2", "--json"], capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["games"] == 4


class TestExpansions:
    """Issue 6/7: ``--extra-salt`` and ``--extra-pepper`` run the arena with the expansions."""

    def test_games_are_created_with_the_options(self, monkeypatch: pytest.MonkeyPatch) -> None:
        import seasalt.cli.arena as arena
        from seasalt.ssp.game import GAME

        decks: list[int] = []

        class Recording:
            info = GAME.info

            def __getattr__(self, name: str) -> object:
                return getattr(GAME, name)

            def new_game(self, n: int, seed: int, options: object = None) -> object:
                state = GAME.new_game(n, seed, options)
                decks.append(len(state.draw) + 2)
                return state

        monkeypatch.setattr(arena, "load_game", lambda name: Recording())
        arena.play_game(["greedy", "random"], 3, 0)
        arena.play_game(["greedy", "random"], 3, 0, options={"extra_salt": True})
        assert decks == [58, 66]

    def test_command_flags(self) -> None:
        code, out, _ = run("arena", "--players", "greedy,random", "--games", "4", "--seed", "3",
                           "--extra-salt", "--extra-pepper", "--json", "--no-progress")
        assert code == 0 and json.loads(out)["games"] == 4

    def test_options_reach_every_worker(self) -> None:
        one = run_arena(["greedy", FAST_EXPERT], 4, 9, jobs=1, options={"extra_salt": True})
        two = run_arena(["greedy", FAST_EXPERT], 4, 9, jobs=2, options={"extra_salt": True})
        assert without_times(one.to_dict()) == without_times(two.to_dict())


class TestGameAndOptions:
    def test_game_and_option_flags(self) -> None:
        code, out, err = run("arena", "--players", "greedy,random", "--games", "2", "--seed",
                             "4", "--game", "sea-salt-and-paper", "--option",
                             "double_target=true", "--json", "--no-progress")
        assert code == 0 and err == "" and json.loads(out)["games"] == 2
        same = run_arena(["greedy", "random"], 2, 4, options={"double_target": True})
        assert without_times(json.loads(out)) == without_times(same.to_dict())

    @pytest.mark.parametrize("argv", [("--game", "chess"), ("--option", "nokey"),
                                      ("--option", "colour=blue")])
    def test_bad_game_or_option(self, argv: tuple[str, str]) -> None:
        code, _, err = run("arena", "--players", "greedy,random", "--games", "1", *argv)
        assert code == 2 and err.startswith("seasalt arena: error:")

    def test_option_values(self) -> None:
        from seasalt.cli.commands.arena import parse_option

        assert parse_option("double-target=true") == ("double_target", True)
        assert parse_option("n=-3") == ("n", -3)
        assert parse_option("name=x") == ("name", "x")
