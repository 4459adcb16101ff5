"""The Python the build runs in: one with the project's dependencies (Babel, which
compiles the catalogs).

The README's serve command runs ``python3 build.py`` with the system's Python, which may
lack them. Then `run_with_dependencies` runs the build again with the Python of the
project's virtual environment `VENV` (``.venv/``, the one the README's test command
makes and activates), first making it when it is missing (on a Debian machine without
``python3-venv``, as root, after installing that package with apt-get, as the test
command does) and installing ``pyproject.toml``'s ``dependencies`` into it with pip
when they are not there. Nothing else is installed: Zopfli stays optional (a dev extra).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Sequence
from pathlib import Path

from .errors import BuildError
from .paths import ROOT

VENV: Path = ROOT / ".venv"
"""The project's virtual environment (git-ignored)."""
PYPROJECT: Path = ROOT / "pyproject.toml"
"""Names the project's dependencies (``[project] dependencies``)."""
AGAIN: str = "SEASALT_BUILD_AGAIN"
"""Set in the environment of the build run again by `run_with_dependencies`, so that it
cannot run itself again in a loop."""


def dependencies(pyproject: Path = PYPROJECT) -> list[str]:
    """The project's run-time dependencies as pip requirements (``["babel==2.19.0"]``).

    Raises:
        BuildError: If ``pyproject.toml`` cannot be read or names none.
    """
    try:
        found = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["dependencies"]
    except (OSError, KeyError, tomllib.TOMLDecodeError) as exc:
        raise BuildError(f"cannot read the dependencies from {pyproject}: {exc!r}") from exc
    if not found or not all(isinstance(item, str) for item in found):
        raise BuildError(f"{pyproject} names no dependency (the build needs Babel)")
    return list(found)


def has_babel() -> bool:
    """Whether this Python can import Babel."""
    return importlib.util.find_spec("babel") is not None


def venv_python(venv: Path = VENV) -> Path:
    """The Python of the virtual environment ``venv`` (it may not exist)."""
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def _run(command: Sequence[str | Path], env: dict[str, str] | None = None) -> bool:
    """Run ``command``, showing it; whether it succeeded."""
    print("build: " + " ".join(str(part) for part in command), flush=True)
    try:
        return subprocess.run([str(part) for part in command], check=False,
                              env=env).returncode == 0
    except OSError:
        return False


def make_venv(venv: Path = VENV) -> None:
    """Make the virtual environment ``venv`` with this Python.

    Where ``venv`` cannot be made because Debian's ``python3-venv`` is missing, as root
    with apt-get at hand, install it first (as the README's test command does).

    Raises:
        BuildError: If the environment still cannot be made.
    """
    if _run([sys.executable, "-m", "venv", venv]):
        return
    apt = shutil.which("apt-get")
    if apt is not None and hasattr(os, "geteuid") and os.geteuid() == 0:
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        if (_run([apt, "update"], env) and _run([apt, "install", "-y", "python3-venv"], env)
                and _run([sys.executable, "-m", "venv", venv])):
            return
    raise BuildError(f"cannot make the virtual environment {venv} for Babel: install "
                     "python3-venv (Debian) or Babel (`pip install babel`)")


def ensure_dependencies(venv: Path = VENV) -> Path:
    """Make sure that ``venv`` exists and its Python imports Babel: make it
    (`make_venv`), then install `dependencies` with pip, as needed.

    Returns:
        The environment's Python.

    Raises:
        BuildError: If the environment cannot be made or pip fails.
    """
    python = venv_python(venv)
    if not python.is_file():
        make_venv(venv)
    if subprocess.run([str(python), "-c", "import babel"], check=False,
                      capture_output=True).returncode != 0 and not _run(
            [python, "-m", "pip", "install", *dependencies()]):
        raise BuildError(f"cannot install {' '.join(dependencies())} into {venv} "
                         "(see pip's output above)")
    return python


def run_with_dependencies(script: Path, argv: Sequence[str], venv: Path = VENV) -> None:
    """Return if this Python has Babel; else run ``script`` with the arguments ``argv``
    again with ``venv``'s Python (`ensure_dependencies`), in this process (``os.execv``:
    it does not return).

    Raises:
        BuildError: If ``venv`` cannot be made or given Babel, or this is already the
            build run again and it still has no Babel.
    """
    if has_babel():
        return
    if os.environ.get(AGAIN):
        raise BuildError(f"{sys.executable} has no Babel, even run again in {venv}")
    python = ensure_dependencies(venv)
    print(f"build: {sys.executable} has no Babel (it compiles the catalogs): "
          f"building with {python}", flush=True)
    os.environ[AGAIN] = "1"
    sys.stdout.flush()
    os.execv(python, [str(python), str(script), *argv])
