"""The manual in docs/ and the README: their Python examples run as written (doctest),
the README stays short, and every file path they name exists."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
README = ROOT / "README.md"


def pages() -> list[Path]:
    """The README and every page of docs/."""
    return [README, *sorted(DOCS.glob("*.md"))]


def test_the_manual_has_its_pages() -> None:
    names = {p.name for p in DOCS.glob("*.md")}
    assert {"playing.md", "hosting.md", "bots.md", "calculator.md", "engine.md",
            "testing.md", "layout.md"} <= names


@pytest.mark.parametrize("page", [p for p in pages() if ">>> " in p.read_text("utf-8")],
                         ids=lambda p: p.name)
def test_python_examples_pass(page: Path) -> None:
    result = doctest.testfile(str(page), module_relative=False, verbose=False)
    assert result.attempted > 0
    assert result.failed == 0


def test_the_examples_are_many_enough_to_mean_something() -> None:
    """The engine page alone has 5; a page that lost its examples would pass vacuously."""
    examples = sum(len(doctest.DocTestParser().get_examples(p.read_text("utf-8")))
                   for p in pages())
    assert examples >= 5
    engine = (DOCS / "engine.md").read_text("utf-8")
    assert len(doctest.DocTestParser().get_examples(engine)) >= 5


def test_readme_is_short_and_keeps_its_two_commands() -> None:
    text = README.read_text("utf-8")
    assert len(text.splitlines()) <= 150
    assert "python3 build.py --serve\n```" in text
    assert text.count("<!-- test-command") == 1 and text.count("<!-- /test-command -->") == 1
    assert "](docs/screenshot.png)" in text and (DOCS / "screenshot.png").is_file()
    assert (DOCS / "screenshot.png").stat().st_size < 150_000


#: A repository path in backquotes: a top-level folder, then a path (placeholders like
#: ``<game>`` and globs like ``*.py`` stand for any name).
PATH = re.compile(r"`((?:seasalt|web|tools|tests|benchmarks|docs|\.ci|\.github)/[^`\s]*)`")


def named_paths(text: str) -> set[str]:
    return {m.group(1).rstrip("/") for m in PATH.finditer(text)}


def exists(path: str) -> bool:
    pattern = re.sub(r"<[^>]+>", "*", path)
    if "*" in pattern:
        return any(ROOT.glob(pattern))
    return (ROOT / pattern).exists()


@pytest.mark.parametrize("page", pages(), ids=lambda p: p.name)
def test_every_path_named_exists(page: Path) -> None:
    missing = sorted(p for p in named_paths(page.read_text("utf-8")) if not exists(p))
    assert not missing, f"{page.name} names paths that are not in the repository: {missing}"
