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


class TestClosedInput:
    """Issue 41, item 8: no standard input at all (``0<&-``) or an empty one."""

    def test_score_with_input_closed_says_so(self) -> None:
        r = python_m("score", "-", shell_tail="0<&-")
        assert r.returncode == ExitStatus.USAGE and b"Traceback" not in r.stderr
        assert r.stderr.decode().splitlines() == [
            "seasalt score: error: standard input is closed: give the cards as arguments, "
            "or send them to standard input"]

    def test_score_with_empty_input_says_so(self) -> None:
        code, out, err = run("score", "-", stdin="# nothing\n\n")
        assert code == ExitStatus.USAGE and out == ""
        assert err.startswith("seasalt score: error: no cards on standard input")

    @pytest.mark.parametrize("game", ["sea-salt-and-paper", "fruits-de-mer"])
    def test_play_with_input_closed_says_so(self, game: str) -> None:
        r = python_m("play", "--players", "you,easy", "--game", game, "--seed", "1",
                     shell_tail="0<&-")
        assert r.returncode == ExitStatus.USAGE and b"Traceback" not in r.stderr
        assert r.stdout == b"" and r.stderr.decode().splitlines() == [
            "seasalt play: error: standard input is closed, so nobody can answer: play at "
            "a terminal, or give --players bots only"]

    def test_bots_play_with_input_closed(self) -> None:
        r = python_m("play", "--players", "random,random", "--seed", "1", shell_tail="0<&-")
        assert r.returncode == ExitStatus.OK and b"Final scores" in r.stdout


class TestCappedErrors:
    """Issue 41, item 8: 64 KB of binary input is one line, many bad lines a few."""

    def test_binary_input_is_one_line(self) -> None:
        data = bytes((i * 167 + 13) % 256 for i in range(65536))
        r = python_m("score", "-", stdin=data)
        assert r.returncode == ExitStatus.USAGE and r.stdout == b""
        assert r.stderr.decode().splitlines() == [
            "seasalt score: error: line 1 of standard input is not text in utf-8"]

    def test_refused_lines_are_counted_after_the_first_few(self) -> None:
        code, out, err = run("score", "-", stdin="crab:dark-blue crab:black\n" + "zz\n" * 300)
        lines = err.splitlines()
        assert code == ExitStatus.USAGE and out.count("\n") == 1
        assert len(lines) == 6 and lines[-1] == "seasalt score: and 295 more lines refused"
        assert lines[0] == ("seasalt score: line 2: bad card 'zz': expected type:colour, "
                            "e.g. crab:dark-blue")


class TestFront:
    """Issue 41, item 8: ``--front`` refuses what the page's calculator refuses (R4.2,
    R7: a Mermaid is never in front), in the calculator's words."""

    @pytest.mark.parametrize(("front", "words"), [
        (["mermaid:white"], "Mermaid: this card is never played in front"),
        (["crab:dark-blue", "boat:black"], "Crab and Boat make no duo"),
        (["crab:dark-blue"], "--front: a duo in front lacks its second card"),
        (["starfish:yellow", "crab:dark-blue", "crab:black"], "A Starfish goes in front only"),
    ])
    def test_impossible_fronts_are_refused(self, front: list[str], words: str) -> None:
        code, out, err = run("score", "crab:grey", "--front", *front)
        assert code == ExitStatus.USAGE and out == "" and err.count("\n") == 1
        assert words in err

    def test_refused_on_standard_input_too(self) -> None:
        code, _out, err = run("score", "-", stdin="crab:grey | mermaid:white\n")
        assert code == ExitStatus.USAGE and "line 1: Mermaid: this card is never" in err

    def test_water_rodeo_duos_are_taken_as_with_extra_pepper(self) -> None:
        code, out, _err = run("score", "--front", "swimmer:dark-blue", "swimmer:light-blue")
        assert code == ExitStatus.OK and out.startswith("1 card point")


def _children(pid: int) -> list[str]:
    try:
        return Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return []


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc")
@pytest.mark.parametrize("jobs", [2, 8])
def test_ctrl_c_during_a_parallel_arena_is_one_line(jobs: int) -> None:
    """Issue 41, item 8: Ctrl-C (SIGINT to the whole process group, as a terminal sends
    it) while the workers play: one line, status 130, no worker's traceback."""
    import signal
    import time

    environ = {**os.environ, "PYTHONPATH": str(ROOT)}
    p = subprocess.Popen([sys.executable, "-m", "seasalt", "arena", "--players",
                          "random,random", "--games", "100000", "--jobs", str(jobs),
                          "--no-progress"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         env=environ, start_new_session=True)
    try:
        for _ in range(1200):  # the workers are born (at most a minute)
            if len(_children(p.pid)) >= jobs:
                break
            time.sleep(0.05)
        time.sleep(0.3)  # and playing
        os.killpg(p.pid, signal.SIGINT)
        _out, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert p.returncode == 130
    assert err.decode().splitlines() == ["interrupted"]


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to oneself")
def test_ctrl_c_while_the_workers_start_is_not_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Ctrl-C that arrives while the pool of workers is being started (a loaded
    machine: the processes are born, the pool not yet ready) still interrupts the
    arena, once the pool is up; it was ignored before, and the games went on."""
    import multiprocessing
    import signal

    from seasalt.cli import arena

    real = multiprocessing.get_context

    class Starting:
        def __init__(self, method: str) -> None:
            self.context = real(method)

        def Pool(self, *args: object, **kwargs: object) -> object:  # noqa: N802 - the API's
            os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C now, while it starts
            return self.context.Pool(*args, **kwargs)

    # Python's own Ctrl-C handler, as in the command line's process (a test process may
    # hold another one: an event loop's, which cancels a task instead of raising)
    handler = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        monkeypatch.setattr(arena.multiprocessing, "get_context", Starting)
        games = arena.iter_games(["random", "random"], 6, seed=1, jobs=2)
        with pytest.raises(KeyboardInterrupt):
            next(games)
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, handler)
    if hasattr(signal, "pthread_sigmask"):  # nothing left held back
        assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, set())
