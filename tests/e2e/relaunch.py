"""A session browser that can be launched again (`Relaunching`), for the browser tests'
fixtures (``conftest.py``)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser


class Relaunching:
    """The session's Chromium, launched again when one of its pages crashed.

    Seen about once in five whole runs on this 2-core machine: a tab's renderer crashes
    ("Target crashed") and every page the same browser opens afterwards crashes too, so
    every later test of that worker failed. This stands for the session's `Browser`
    (every attribute is the current browser's); `relaunch` closes it and launches a new
    one, which the next test (or the crashed test's rerun, ``--reruns``) gets.
    """

    def __init__(self, launch: Callable[[], Browser]) -> None:
        self._launch = launch
        self._browser = launch()
        self.relaunches = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)

    def relaunch(self) -> None:
        """Close the current browser (if it still answers) and launch another."""
        with contextlib.suppress(Exception):  # a crashed browser may not answer
            self._browser.close()
        self._browser = self._launch()
        self.relaunches += 1


CRASHED = pytest.StashKey[bool]()
"""Set on the run's config when a test failed because a page crashed."""
