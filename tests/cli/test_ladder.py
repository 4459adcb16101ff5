"""``seasalt arena --round-robin`` and :mod:`seasalt.cli.ladder`: the rating arithmetic, the
pairs played, the intervals, determinism and bad arguments."""

from __future__ import annotations

import io
import json
import math

import pytest

from seasalt.cli.ladder import MEAN_RATING, fit, round_robin
from seasalt.cli.main import main


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=io.StringIO(), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def expected(diff: float) -> float:
    """The Elo chance to win with a rating ``diff`` points above the other's."""
    return 1.0 / (1.0 + 10 ** (-diff / 400.0))


class TestFit:
    def test_two_bots_with_the_virtual_draw(self) -> None:
        # 75 wins in 100 games, plus one virtual draw: 75.5 of 101
        a, b = fit(2, [(0, 1, 75.0, 100)])
        p = 75.5 / 101
        assert a - b == pytest.approx(400 * math.log10(p / (1 - p)), abs=1e-6)
        assert (a + b) / 2 == pytest.approx(MEAN_RATING)

    def test_recovers_the_ratings_behind_exact_results(self) -> None:
        truth = [1300.0, 1500.0, 1700.0]
        g = 10**7
        results = [(i, j, g * expected(truth[i] - truth[j]), g)
                   for i in range(3) for j in range(i + 1, 3)]
        got = fit(3, results)
        assert got == pytest.approx(truth, abs=0.5)

    def test_order_of_the_pairs_does_not_matter(self) -> None:
        results = [(0, 1, 30.0, 40), (1, 2, 12.5, 40), (0, 2, 35.0, 40)]
        flipped = [(j, i, g - w, g) for i, j, w, g in reversed(results)]
        assert fit(3, results) == pytest.approx(fit(3, flipped), abs=1e-6)

    def test_a_bot_that_never_wins_stays_finite(self) -> None:
        a, b = fit(2, [(0, 1, 0.0, 50)])
        assert math.isfinite(a) and math.isfinite(b) and b - a > 300

    @pytest.mark.parametrize("n, results", [(1, []), (2, [(0, 0, 1.0, 2)]),
                                            (2, [(0, 2, 1.0, 2)]), (2, [(0, 1, 0.0, 0)])])
    def test_bad_input(self, n: int, results: list) -> None:
        with pytest.raises(ValueError):
            fit(n, results)


class TestRoundRobin:
    def test_every_pair_plays_and_the_ratings_follow_the_scores(self) -> None:
        ladder = round_robin(["random", "greedy", "easy"], 6, seed=3, bootstrap=50)
        scores = [r.score for r in ladder.ratings]
        assert [(p.a, p.b) for p in ladder.pairs] == [(0, 1), (0, 2), (1, 2)]
        assert all(len(p.scores) == 6 and p.arena.games == 6 for p in ladder.pairs)
        for p in ladder.pairs:  # the pair's arena counts the same wins
            assert sum(p.scores) == pytest.approx(p.arena.seats[0].wins)
        assert ladder.ratings[-1].bot == "random"  # greedy and easy both beat it
        assert scores == sorted(scores, reverse=True)  # best first
        for r in ladder.ratings:
            assert r.low <= r.rating <= r.high and r.games == 12
        assert sum(r.rating for r in ladder.ratings) / 3 == pytest.approx(MEAN_RATING)
        assert ladder.score_of(1, 0) == pytest.approx(1 - ladder.pairs[0].score)

    def test_same_arguments_same_ladder(self) -> None:
        one = round_robin(["greedy", "random"], 4, seed=9, bootstrap=20).to_dict()
        two = round_robin(["greedy", "random"], 4, seed=9, bootstrap=20, jobs=2).to_dict()
        for d in (one, two):
            for p in d["pairs"]:
                for s in p["arena"]["seats"]:
                    s.pop("mean_decision_ms")
        assert one == two

    def test_one_bot_is_not_a_ladder(self) -> None:
        with pytest.raises(ValueError):
            round_robin(["greedy"], 4, seed=1)


class TestCommand:
    def test_text_table(self) -> None:
        code, out, err = run("arena", "--round-robin", "--players", "greedy,random,easy",
                             "--games", "4", "--seed", "2", "--no-progress")
        assert code == 0 and err == "", err
        lines = out.splitlines()
        assert lines[0] == "Round robin: 3 bots, 4 games a pair, seed 2, seats rotated"
        assert lines[1].split() == ["bot", "rating", "95%", "interval", "score", "games"]
        assert {line.split()[0] for line in lines[2:5]} == {"greedy", "random", "easy"}
        assert lines[5].startswith("Each row's share")
        order = [ln.split()[0] for ln in lines[2:5]]
        assert len(lines) == 10 and lines[6].split() == order
        assert [ln.split()[0] for ln in lines[7:]] == order
        assert [ln.split()[k + 1] for k, ln in enumerate(lines[7:])] == ["-", "-", "-"]

    def test_json(self) -> None:
        code, out, _err = run("arena", "--round-robin", "--players", "greedy,random",
                              "--games", "2", "--json", "--no-progress")
        d = json.loads(out)
        assert code == 0 and d["specs"] == ["greedy", "random"] and d["games"] == 2
        assert {r["bot"] for r in d["ratings"]} == {"greedy", "random"}
        assert len(d["pairs"]) == 1 and d["pairs"][0]["arena"]["games"] == 2

    @pytest.mark.parametrize("players, words", [("greedy", "at least two bots"),
                                                ("greedy,nobody", "nobody")])
    def test_bad_arguments_one_line_status_2(self, players: str, words: str) -> None:
        code, out, err = run("arena", "--round-robin", "--players", players, "--games", "2")
        assert code == 2 and out == "" and words in err and len(err.strip().splitlines()) == 1
