"""The checks CI runs: the README's one-line test command runs ruff and mypy
before pytest, and mypy is pinned and configured (strict on core and bots)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def readme_command() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- test-command[^>]*-->\n```sh\n(.*?)```\n<!-- /test-command -->",
                      text, re.S)
    assert block is not None
    lines = [x for x in block.group(1).splitlines() if x.strip()]
    assert len(lines) == 1
    return lines[0]


def test_the_readme_command_runs_ruff_and_mypy_before_pytest() -> None:
    line = readme_command()
    ruff, mypy, pytest = (line.index(x) for x in ("python -m ruff check .", "python -m mypy",
                                                   "python -m pytest"))
    assert ruff < mypy < pytest


def test_mypy_is_pinned_and_strict_on_core_and_bots() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "mypy==1.19.1" in data["project"]["optional-dependencies"]["dev"]
    config = data["tool"]["mypy"]
    assert config["files"][0] == "seasalt"  # the package first; tools/ (and more) after
    strict = [o for o in config["overrides"] if "seasalt.core.*" in o["module"]]
    assert strict and "seasalt.bots.*" in strict[0]["module"]
    assert strict[0]["disallow_untyped_defs"] and strict[0]["disallow_any_generics"]


def _code_strings_and_imports(path: Path) -> tuple[list[str], list[str]]:
    """String constants outside docstrings, and imported module names, of a module."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
                  and node.body and isinstance(node.body[0], ast.Expr)}
    strings = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
               and isinstance(n.value, str) and id(n) not in docstrings]
    imports = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    imports += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    return strings, imports


def test_core_and_bots_name_no_game() -> None:
    for folder in ("core", "bots"):
        for path in sorted((ROOT / "seasalt" / folder).glob("*.py")):
            strings, imports = _code_strings_and_imports(path)
            assert not [m for m in imports if m.startswith("seasalt.ssp")], path
            if folder == "core":
                assert not [s for s in strings if "ssp" in s or "sea-salt" in s], path
