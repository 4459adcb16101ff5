"""The README's Python examples run as written (doctest)."""

from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_examples_pass() -> None:
    result = doctest.testfile(str(README), module_relative=False, verbose=False)
    assert result.attempted >= 5
    assert result.failed == 0
