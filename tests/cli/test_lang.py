"""The command line's language: ``--lang`` (before or after the subcommand) and the
environment; French, Dutch and Turkish output of ``score``, ``play`` and ``arena``."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from seasalt import i18n
from seasalt.cli.main import main, split_lang

ROOT = Path(__file__).resolve().parents[2]
HAND = ["mermaid:white", "crab:dark-blue", "boat:dark-blue", "fish:black"]
ENGLISH_SCORE_WORDS = re.compile(r"\b(card points?|mermaids|collectors|multipliers|colour bonus)\b")


def needs_translation(code: str, *messages: str) -> None:
    """Skip until the ``code`` catalog translates ``messages`` (new strings are
    translated after the code that adds them)."""
    with i18n.temporary_language():
        i18n.set_language(code)
        missing = [m for m in messages if i18n._(m) == m]
    if missing:
        pytest.skip(f"the {code} catalog does not translate {missing[0]!r} yet")


def run(*argv: str, stdin: str = "", env: dict[str, str] | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err, environ=env or {})
    return code, out.getvalue(), err.getvalue()


def seasalt(*argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in i18n.ENV_VARIABLES}
    return subprocess.run([sys.executable, "-m", "seasalt", *argv], capture_output=True,
                          text=True, cwd=ROOT, env={**clean, **(env or {})}, check=False,
                          timeout=120)


def test_python_m_seasalt_lang_fr_score_prints_french() -> None:
    done = seasalt("--lang", "fr", "score", *HAND)
    assert done.returncode == 0, done.stderr
    assert done.stdout == ("2 points de cartes (duos 0, sirènes 2, collections 0, "
                           "multiplicateurs 0), bonus couleur 2\n")
    assert not ENGLISH_SCORE_WORDS.search(done.stdout)
    # a card named in an error is named in French
    bad = seasalt("score", "--lang", "fr", "penguin:purple", "penguin:purple")
    assert bad.returncode == 2 and "Manchot" in bad.stderr and "violet" in bad.stderr
    assert bad.stderr.count("\n") == 1


def test_lang_in_the_environment() -> None:
    done = seasalt("score", *HAND, env={"LANG": "nl_NL.UTF-8"})
    assert done.returncode == 0 and "zeemeerminnen 2" in done.stdout and "kleurbonus" in done.stdout
    done = seasalt("score", *HAND, env={"LC_ALL": "tr_TR.UTF-8", "LANG": "nl_NL.UTF-8"})
    assert "deniz kızları 2" in done.stdout
    # --lang wins over the environment; C means English
    assert "sirènes 2" in seasalt("--lang", "fr", "score", *HAND, env={"LANG": "nl_NL"}).stdout
    assert "mermaids 2" in seasalt("score", *HAND, env={"LANG": "C"}).stdout
    assert "mermaids 2" in seasalt("score", *HAND, env={"LANG": "de_DE.UTF-8"}).stdout


@pytest.mark.parametrize("argv", [
    ("--lang", "xx", "score", *HAND), ("score", *HAND, "--lang=klingon"), ("score", "--lang")])
def test_an_unknown_language_is_a_one_line_usage_error(argv: tuple[str, ...]) -> None:
    code, out, err = run(*argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert "en (English), fr (Français), nl (Nederlands), tr (Türkçe)" in err
    done = seasalt(*argv)
    assert done.returncode == 2 and done.stderr == err and "Traceback" not in done.stderr


def test_split_lang() -> None:
    assert split_lang(["--lang", "fr", "score", "a"]) == ("fr", ["score", "a"])
    assert split_lang(["score", "--lang=nl-BE", "a"]) == ("nl", ["score", "a"])
    assert split_lang(["score", "a"]) == (None, ["score", "a"])
    assert split_lang(["--lang", "fr", "--lang", "tr"]) == ("tr", [])
    assert split_lang(["score", "--", "--lang", "fr"]) == (None, ["score", "--", "--lang", "fr"])


@pytest.mark.parametrize(("code", "mermaids"), [("en", "mermaids 2"), ("fr", "sirènes 2"),
                                                ("nl", "zeemeerminnen 2"),
                                                ("tr", "deniz kızları 2")])
def test_score_in_each_language(code: str, mermaids: str) -> None:
    assert mermaids in run("--lang", code, "score", *HAND)[1]
    assert mermaids in run("score", *HAND, env={"LANGUAGE": code, "LANG": "en_US.UTF-8"})[1]
    assert i18n.language() == "en"  # put back after main()


def test_score_errors_are_translated() -> None:
    code, _out, err = run("--lang", "fr", "score", "shark:white")
    assert code == 2 and "Requin" in err and "blanc" in err
    code, _out, err = run("--lang", "nl", "score", "crab:pink", "--event", "bogus")
    assert code == 2 and "bogus" in err and err.count("\n") == 1
    code, _out, err = run("--lang", "tr", "score", "-", stdin="crab:nope\n")
    assert code == 2 and err.startswith("seasalt score: ")


def test_help_in_the_language() -> None:
    english = run("score", "--help")[1]
    assert "--lang CODE" in english and "print one JSON object per result" in english
    for code in ("fr", "nl", "tr"):
        needs_translation(code, "print one JSON object per result",
                          "play a game in the terminal against bots or friends")
        text = run("--lang", code, "score", "--help")[1]
        assert "print one JSON object per result" not in text, code
        top = run("--lang", code, "--help")[1]
        assert "play a game in the terminal against bots or friends" not in top, code


def test_play_in_french() -> None:
    code, out, _err = run("--lang", "fr", "play", "--players", "you,random", "--seed", "3",
                          stdin="1\n" * 5000)
    assert code == 0
    assert "Your choice" not in out and "Votre choix" in out
    assert "Manche 1" in out


def test_arena_in_dutch() -> None:
    needs_translation("nl", "{games} game, {players} players, seed {seed}, seats rotated; "
                      "{rounds} rounds per game", "win rate", "{option} must be at least 1, "
                      "not {value}")
    code, out, _err = run("--lang", "nl", "arena", "--players", "random,greedy", "--games", "2",
                          "--no-progress")
    assert code == 0
    assert "games" not in out and "win rate" not in out
    code, _out, err = run("--lang", "nl", "arena", "--players", "random,greedy", "--games", "0")
    assert code == 2 and "--games" in err and "must be" not in err
