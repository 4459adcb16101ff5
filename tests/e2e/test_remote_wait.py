"""A friend's phone whose answer code has not connected says so after a while, in its
own words, and still joins if the host reads the answer later (issue 42; the timing
itself: ``tests/web/test_remote_join.py``). The phone's clock is Playwright's, moved on
past ``NOT_CONNECTED_AFTER`` rather than waited for; the devices are `test_remote_page`'s
``Phone`` in `test_remote_link`'s network namespace (``isolated``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from seasalt.web.remote.words import NOT_CONNECTED_AFTER
from tests.e2e.test_remote_link import isolated  # noqa: F401 - the fixture
from tests.e2e.test_remote_page import ANSWER, LINK, Phone

pytestmark = pytest.mark.e2e
SHOTS = Path("/work/notes/shots/loose")


def test_an_answer_not_connected_is_said_and_still_joins(
        isolated: Browser, dist_dir: Path) -> None:  # noqa: F811 - the fixture
    refused: list[str] = []
    host = Phone(isolated, dist_dir, "fr-FR", refused)
    friend = Phone(isolated, dist_dir, "nl-NL", refused, phone=True)
    try:
        friend.page.clock.install()  # (time goes on as usual until moved on below)
        host.open("?players=you,friend&seed=4&speed=normal")
        link = host.page.locator("#remote-link-1")
        expect(link).to_have_value(LINK, timeout=30_000)
        friend.page.goto(link.input_value())
        answer = friend.page.locator("#remote-answer")
        expect(answer).to_have_value(ANSWER, timeout=60_000)
        late = friend.page.locator("#remote .remote-late")
        expect(friend.page.locator("#remote .remote-wait")).to_contain_text("Wachten")
        expect(late).to_have_count(0)
        friend.page.clock.fast_forward(int(NOT_CONNECTED_AFTER * 1000) - 5_000)
        expect(late).to_have_count(0)  # not yet
        friend.page.clock.fast_forward(6_000)
        expect(late).to_have_text(
            "Nog niet verbonden. Als het apparaat van de gastheer zegt dat een andere "
            "telefoon deze link al heeft beantwoord, vraag de gastheer dan om een nieuwe "
            "link.", timeout=10_000)
        expect(late).to_have_attribute("role", "status")
        expect(answer).to_have_value(ANSWER)  # the answer still shown, still taken
        SHOTS.mkdir(parents=True, exist_ok=True)
        friend.page.screenshot(path=str(SHOTS / "guest-not-connected-nl-390.png"))
        host.page.fill("#remote-answer-1", answer.input_value())
        host.page.click('[data-action="remote-connect"][data-card="1"]')
        expect(friend.page.locator("body")).to_have_attribute("data-phase", "playing",
                                                              timeout=30_000)
        assert refused == [] and not host.errors and not friend.errors, (
            host.errors, friend.errors)
    finally:
        for device in (host, friend):
            device.context.close()
