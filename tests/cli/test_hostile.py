"""Bad input never hurts the command line: one short line and status 2 for a bad
argument or input (echoes cut), a quiet end when the reader goes away, one line when
the output cannot be written, finite and capped bot settings."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from seasalt.cli.main import MAX_ECHO, MAX_LINE, ExitStatus, main

ROOT = Path(__file__).resolve().parents[2]


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err, environ={})
    return code, out.getvalue(), err.getvalue()


def python_m(*argv: str, stdin: bytes = b"", env: dict[str, str] | None = None,
             shell_tail: str = "") -> subprocess.CompletedProcess[bytes]:
    """``python -m seasalt ARGV`` in a process of its own (``shell_tail``: through a shell,
    e.g. ``| head -1``)."""
    environ = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    if shell_tail:
        command = " ".join([sys.executable, "-m", "seasalt", *argv]) + " " + shell_tail
        return subprocess.run(["/bin/sh", "-c", command], input=stdin, capture_output=True,
                              env=environ, check=False, timeout=120)
    return subprocess.run([sys.executable, "-m", "seasalt", *argv], input=stdin,
                          capture_output=True, env=environ, check=False, timeout=120)


class TestPlayAnswers:
    @pytest.mark.parametrize("answer", ["²", "٣", "9" * 5000, "x" * 100_000])
    def test_odd_answers_are_asked_again(self, answer: str) -> None:
        code, out, err = run("play", "--players", "you,easy", "--seed", "1",
                             stdin=answer + "\n")
        assert "Traceback" not in err and "is not one of the choices" in out
        refusal = next(line for line in out.splitlines() if "is not one of" in line)
        assert len(refusal) < 300
        assert code in (ExitStatus.OK, ExitStatus.ERROR)  # then the input ends

    @pytest.mark.parametrize("seed", ["²", "1" * 5000, "1e3", "0x10"])
    def test_bad_seeds_one_line_status_2(self, seed: str) -> None:
        code, _out, err = run("play", "--players", "you,easy", "--seed", seed)
        assert code == ExitStatus.USAGE and err.count("\n") == 1
        assert "is not a whole number" in err and len(err) <= MAX_LINE + 1


class TestBadInput:
    def test_a_huge_card_name_is_echoed_cut(self) -> None:
        code, _out, err = run("score", "x" * 5_000_000)
        assert code == ExitStatus.USAGE and err.count("\n") == 1
        assert len(err) <= MAX_LINE + 1 and "x" * (MAX_ECHO + 1) not in err

    def test_undecodable_standard_input_is_bad_input(self) -> None:
        r = python_m("score", "-", stdin=b"\xff\xfe crab:dark-blue\n",
                     env={"PYTHONIOENCODING": "utf-8:strict", "LC_ALL": "C.UTF-8"})
        assert r.returncode == ExitStatus.USAGE
        assert r.stderr.decode().count("\n") == 1 and b"Traceback" not in r.stderr
        assert b"not text in utf-8" in r.stderr

    @pytest.mark.parametrize("spec", ["expert:time=inf", "expert:time=1e9",
                                      "expert:iterations=1000000000", "expert:time=-1"])
    def test_bot_settings_are_finite_and_capped(self, spec: str) -> None:
        code, _out, err = run("arena", "--players", f"{spec},random", "--games", "1")
        assert code == ExitStatus.USAGE and err.count("\n") == 1 and "expected a number" in err

    def test_numbers_are_bounded(self) -> None:
        for argv in (["--games", "1" * 40], ["--games", "2000000"], ["--jobs", "999"]):
            code, _out, err = run("arena", "--players", "random,random", *argv)
            assert code == ExitStatus.USAGE and err.count("\n") == 1, argv


class TestOutput:
    def test_a_reader_that_goes_away_ends_quietly(self) -> None:
        lines = b"crab:dark-blue crab:light-blue\n" * 5000
        r = python_m("score", "-", stdin=lines, shell_tail="| head -1")
        assert r.stderr == b"" and r.stdout.count(b"\n") == 1

    @pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
    def test_a_full_disk_is_one_line(self) -> None:
        r = python_m("arena", "--players", "random,random", "--games", "2",
                     shell_tail="> /dev/full")
        assert r.returncode == ExitStatus.ERROR and b"Traceback" not in r.stderr
        assert r.stderr.decode().strip().count("\n") == 0
        assert b"cannot write the output" in r.stderr
