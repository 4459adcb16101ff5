"""The session browser is launched again after a page crashed (`Relaunching`): a crashed
tab once took every later page of its worker's browser with it, failing every later test.

The two tests run in this order in one process (``--dist loadfile``): the first marks a
crash as a failed test's report would, the second finds the session browser relaunched.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Browser
from playwright.sync_api import Error as PlaywrightError

from tests.e2e.relaunch import CRASHED, Relaunching


def test_a_crashed_page_then_a_new_browser(launch_browser: Callable[[], Browser],
                                           site_url: str) -> None:
    current = Relaunching(launch_browser)
    try:
        page = current.new_page()
        with pytest.raises(PlaywrightError, match="crash"):
            page.goto("chrome://crash")
        current.relaunch()
        assert current.relaunches == 1 and current.is_connected()
        page = current.new_page()
        page.goto(site_url + "index.html")
        assert page.title()
    finally:
        current.close()


def test_a_crash_seen_by_a_test_relaunches_the_session_browser(
        browser: Browser, request: pytest.FixtureRequest) -> None:
    assert isinstance(browser, Relaunching)
    request.config.stash[CRASHED] = True  # as a report saying "Target crashed" does


def test_the_next_test_gets_a_relaunched_browser(browser: Browser,
                                                 request: pytest.FixtureRequest) -> None:
    assert isinstance(browser, Relaunching)
    assert browser.relaunches >= 1
    assert request.config.stash.get(CRASHED, True) is False
    assert browser.new_page() is not None
