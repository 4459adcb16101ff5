"""``seasalt score``: the score calculator (R7.1, R6.4) and its bad-input handling."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from seasalt.cli.main import main


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


class TestScoreText:
    def test_worked_example_one_mermaid(self) -> None:
        code, out, err = run("score", "mermaid:white", "crab:dark-blue", "boat:dark-blue",
                             "fish:black")
        assert code == 0 and err == ""
        assert out == ("2 card points (duos 0, mermaids 2, collectors 0, multipliers 0), "
                       "colour bonus 2\n")

    def test_commas_and_spaces_both_separate(self) -> None:
        _, a, _ = run("score", "captain:light-orange,sailor:pink", "sailor:orange")
        _, b, _ = run("score", "captain:light-orange", "sailor:pink", "sailor:orange")
        assert a == b
        assert a.startswith("11 card points")


class TestScoreJson:
    def test_r7_1_second_worked_example(self) -> None:
        cards = ["mermaid:white", "mermaid:white", "shell:dark-blue", "shell:black",
                 "crab:dark-blue", "crab:light-blue", "boat:dark-blue", "fish:black",
                 "fish:dark-blue"]
        code, out, _ = run("score", "--json", *cards)
        assert code == 0
        d = json.loads(out)
        assert d == {"cards": cards, "card_points": 10, "colour_bonus": 4,
                     "breakdown": {"duos": 2, "mermaids": 6, "collectors": 2,
                                   "multipliers": 0}}

    def test_stdin_one_result_per_line(self) -> None:
        text = ("lighthouse:purple boat:dark-blue boat:black boat:black\n"
                "\n# a comment\n"
                "captain:light-orange, sailor:pink, sailor:orange\n")
        code, out, _ = run("score", "--json", "-", stdin=text)
        assert code == 0
        lines = [json.loads(x) for x in out.splitlines()]
        assert [x["card_points"] for x in lines] == [4, 11]
        assert lines[0]["breakdown"]["multipliers"] == 3


class TestScoreBadInput:
    @pytest.mark.parametrize(("card", "named"), [
        ("crab:pink", "crab:pink"), ("dragon:red", "dragon"), ("crab", "crab"),
        ("crab:purple-ish", "purple-ish"),
    ])
    def test_unknown_card_exits_2_with_one_line(self, card: str, named: str) -> None:
        code, out, err = run("score", "mermaid:white", card)
        assert code == 2 and out == ""
        assert len(err.strip().splitlines()) == 1 and named in err
        assert "Traceback" not in err

    def test_too_many_copies(self) -> None:
        code, _, err = run("score", *["mermaid:white"] * 5)
        assert code == 2
        assert "mermaid:white" in err and "holds 4" in err

    def test_bad_line_on_stdin_reports_line_and_keeps_others(self) -> None:
        code, out, err = run("score", "-", stdin="shell:black shell:grey\nsailor:blue\n")
        assert code == 2
        assert out.startswith("2 card points")
        assert "line 2" in err and "sailor:blue" in err

    def test_no_cards_is_a_usage_error(self) -> None:
        code, _, err = run("score")
        assert code == 2 and "give cards" in err

    def test_unknown_option(self) -> None:
        code, _, err = run("score", "--bogus")
        assert code == 2 and len(err.strip().splitlines()) == 1


def test_python_dash_m_help_smoke() -> None:
    r = subprocess.run([sys.executable, "-m", "seasalt", "score", "--help"],
                       capture_output=True, text=True, check=False)
    assert r.returncode == 0 and "type:colour" in r.stdout
    r = subprocess.run([sys.executable, "-m", "seasalt", "score", "crab:pink"],
                       capture_output=True, text=True, check=False)
    assert r.returncode == 2 and "Traceback" not in r.stderr


class TestScoreExtraSalt:
    """Issue 6: expansion cards and ``--front`` (docs/rules-expansions.md A.5-A.8)."""

    def test_front_trio_and_in_hand_starfish(self) -> None:
        code, out, _ = run("score", "--json", "starfish:yellow", "crab:grey", "crab:yellow",
                           "--front", "boat:black", "boat:black")
        assert code == 0
        d = json.loads(out)
        # D: starfish + crab pair in hand = 1 + 2; a placed boat duo +1, no extra starfish credit
        assert d["breakdown"]["duos"] == 4 and d["card_points"] == 4
        assert d["cards"] == ["starfish:yellow", "crab:grey", "crab:yellow"]
        assert d["front"] == ["boat:black", "boat:black"]

    def test_placed_trio_is_worth_three(self) -> None:
        code, out, _ = run("score", "--json", "--front", "crab:dark-blue", "crab:black",
                           "starfish:dark-blue")
        assert code == 0 and json.loads(out)["card_points"] == 3

    def test_front_on_stdin_after_a_bar(self) -> None:
        code, out, _ = run("score", "-", stdin="starfish:yellow | crab:grey crab:yellow "
                                                 "starfish:dark-blue\n")
        assert code == 0 and out.startswith("3 card points")

    @pytest.mark.parametrize(("cards", "points"), [
        (["sailor:pink", "seahorse:white"], 5),
        (["penguin:purple", "penguin:pink", "penguin:light-orange", "seahorse:white"], 5),
        (["penguin-colony:green", "penguin:purple", "penguin:pink", "seahorse:white"], 9),
        (["cast-of-crabs:green", "crab:dark-blue", "crab:black", "lobster:black"], 1 + 2),
    ])
    def test_part_d_scoring_cases(self, cards: list[str], points: int) -> None:
        code, out, _ = run("score", "--json", *cards)
        assert code == 0 and json.loads(out)["card_points"] == points

    def test_copies_counted_across_hand_and_front(self) -> None:
        code, _, err = run("score", "lobster:black", "--front", "lobster:black", "crab:grey")
        assert code == 2 and "lobster:black" in err and "holds 1" in err


class TestScoreExtraPepper:
    """Issue 7: ``--event`` applies the events that change scoring (B.3.3-B.3.6)."""

    @pytest.mark.parametrize(("cards", "event", "without", "with_event"), [
        (["shell:black", "shell:grey", "shell:yellow"], "dance-of-the-shells", 4, 6),
        (["shell:black"], "dance-of-the-shells", 0, 2),
        (["octopus:grey", "octopus:yellow", "octopus:green"], "kraken", 6, 3),
        (["mermaid:white", "crab:black", "crab:grey"], "tornado", 2, 1),
        (["swimmer:black", "swimmer:yellow"], "water-rodeo", 0, 1),
        (["shark:black", "shark:green"], "water-rodeo", 0, 1),
    ])
    def test_scoring_events(self, cards: list[str], event: str, without: int,
                            with_event: int) -> None:
        _, plain, _ = run("score", "--json", *cards)
        code, out, _ = run("score", "--json", *cards, "--event", event)
        assert code == 0
        assert json.loads(plain)["card_points"] == without
        d = json.loads(out)
        assert d["card_points"] == with_event and d["events"] == [event]

    def test_tornado_keeps_the_colour_bonus(self) -> None:
        _, out, _ = run("score", "--json", "mermaid:white", "mermaid:white", "--event", "tornado")
        d = json.loads(out)
        assert d["breakdown"]["mermaids"] == 0 and d["colour_bonus"] == 2

    def test_events_stack(self) -> None:
        code, out, _ = run("score", "--json", "shell:black", "octopus:grey", "octopus:green",
                           "--event", "kraken", "--event", "dance-of-the-shells")
        assert code == 0 and json.loads(out)["card_points"] == 2 + 2

    @pytest.mark.parametrize(("event", "words"), [
        ("sunfish", "does not change scoring"), ("bogus", "unknown event"),
    ])
    def test_bad_events_exit_2(self, event: str, words: str) -> None:
        code, out, err = run("score", "crab:black", "--event", event)
        assert code == 2 and out == "" and words in err
        assert len(err.strip().splitlines()) == 1
