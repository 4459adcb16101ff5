"""The site's build for the browser tests, started in the background as soon as a test
process has collected its tests (`SiteBuild.start`), so that the tests collected before
the browser tests run meanwhile, and awaited by the first test that needs the site
(`SiteBuild.wait`).

Under pytest-xdist every test process collects every test; the first to start the build
(a file lock in the run's shared temporary folder decides) runs ``python build.py`` in a
process of its own, which writes its exit status to a file when it ends; every process
that needs the site waits for that file.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from filelock import FileLock

ROOT: Path = Path(__file__).resolve().parents[2]
"""The repository root."""
#: Runs the build (``$0 build.py --out $1``), its output in ``$2``, its status then in ``$3``.
RUN = '"$0" build.py --out "$1" > "$2" 2>&1; echo $? > "$3.part" && mv "$3.part" "$3"'
_RUNNING: list[subprocess.Popen[bytes]] = []
"""The build this process started (kept: a running one is not to be collected)."""


def shared_folder(config: pytest.Config) -> Path:
    """The run's temporary folder that every test process of the run sees (a test
    process of pytest-xdist's: the parent of its own; else its own)."""
    factory: pytest.TempPathFactory = config._tmp_path_factory  # type: ignore[attr-defined]
    own = factory.getbasetemp()
    return own.parent if hasattr(config, "workerinput") else own


class SiteBuild:
    """One run's build of the site into ``dist``, with its files in ``shared``.

    Args:
        shared: The run's shared temporary folder (`shared_folder`).
        dist: The folder to build into.
    """

    def __init__(self, shared: Path, dist: Path) -> None:
        self.dist = dist
        self._lock = FileLock(str(shared / "site-build.lock"))
        self._started = shared / "site-build.started"
        self._log = shared / "site-build.log"
        self._status = shared / "site-build.status"

    def start(self) -> None:
        """Start the build in the background, unless a test process of the run did."""
        with self._lock:
            if self._started.exists():
                return
            self._started.write_text(str(os.getpid()), encoding="utf-8")
            _RUNNING.append(subprocess.Popen(
                ["sh", "-c", RUN, sys.executable, str(self.dist), str(self._log),
                 str(self._status)], cwd=ROOT, stdin=subprocess.DEVNULL))

    def wait(self, timeout_s: float) -> Path:
        """Start the build if no process did, wait for its end; the built folder.

        Raises:
            RuntimeError: If the build failed (its output in the message) or took longer
                than ``timeout_s`` seconds.
        """
        self.start()
        deadline = time.monotonic() + timeout_s
        while not self._status.is_file():
            if time.monotonic() > deadline:
                raise RuntimeError(f"python build.py took longer than {timeout_s:.0f} s")
            time.sleep(0.2)
        status = self._status.read_text(encoding="utf-8").strip()
        if status != "0":
            output = self._log.read_text(encoding="utf-8", errors="replace")
            raise RuntimeError(f"python build.py failed (exit status {status}):\n{output}")
        return self.dist
