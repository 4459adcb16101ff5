"""The host ending a game played on several phones, and a friend's own name, through the
page (issue 42), in the network namespace of ``test_remote_link.py``: a friend (Dutch)
joins with a name typed on its join screen (markup in it, drawn as text), which the
host's table (French) shows; the host's "Start a new game" asks first (Cancel keeps the
game), then ends it for everyone: the friend's phone says so in Dutch, forgets its
seat and goes to its own new-game screen. As the host's question says, nothing is lost:
the host continues that game from its saved games, the friend's seat free with a new
link on its card (named for its seat), which the friend's phone answers to play it.

``SEASALT_SHOTS=DIR`` keeps screenshots of the name field, the host's question and the
friend's "game ended" screen at 390x844."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.test_remote_link import isolated  # noqa: F401 - the fixture
from tests.e2e.test_remote_page import ANSWER, LINK, Phone

pytestmark = pytest.mark.e2e
NAME = "<b>Zoé</b>"


@pytest.fixture
def host_and_friend(isolated: Browser, dist_dir: Path  # noqa: F811 - the fixture
                    ) -> Iterator[tuple[Phone, Phone, list[str]]]:
    refused: list[str] = []
    host = Phone(isolated, dist_dir, "fr-FR", refused, phone=True)
    friend = Phone(isolated, dist_dir, "nl-NL", refused, phone=True)
    yield host, friend, refused
    for device in (host, friend):
        device.context.close()


def shot(phone: Phone, name: str) -> None:
    where = os.environ.get("SEASALT_SHOTS")
    if where:
        Path(where).mkdir(parents=True, exist_ok=True)
        phone.page.screenshot(path=str(Path(where) / f"{name}.png"))


def test_a_named_friend_is_told_when_the_host_ends_the_game(
        host_and_friend: tuple[Phone, Phone, list[str]]) -> None:
    host, friend, refused = host_and_friend
    host.open("?players=you,friend&seed=3")
    link = host.page.locator("#remote-link-1")
    expect(link).to_have_value(LINK, timeout=90_000)
    friend.page.goto(link.input_value())
    answer = friend.page.locator("#remote-answer")
    expect(answer).to_have_value(ANSWER, timeout=60_000)
    friend.page.fill("#remote-name", f"  {NAME} ")  # sent once the host connects
    shot(friend, "friend-name-nl-390")
    host.page.fill("#remote-answer-1", answer.input_value())
    host.page.click('[data-action="remote-connect"][data-card="1"]')
    card = host.page.locator('.remote-card[data-card="1"]')
    expect(card).to_have_attribute("data-state", "connected", timeout=30_000)
    expect(card).to_contain_text(NAME)  # as text: no markup drawn
    expect(friend.page.locator("body")).to_have_attribute("data-phase", "playing",
                                                          timeout=30_000)
    host.page.click('#remote [data-action="close-dialog"]')
    expect(host.page.locator("#playing")).to_contain_text(NAME)
    assert host.page.locator("b", has_text=re.compile("^Zoé$")).count() == 0
    assert friend.page.evaluate("localStorage.getItem('seasalt.guest-name')") == NAME
    expect(friend.page.locator("#playing")).to_contain_text(NAME)

    for confirm in (False, True):  # Cancel keeps the game; Confirm ends it
        host.page.click("#table-menu > summary")
        host.page.click('#table-menu [data-action="new-game"]')
        expect(host.page.locator("#confirm-end-remote")).to_be_visible()
        expect(host.page.locator("#confirm-end-remote")).to_contain_text(  # what happens
            "Rien n'est perdu")
        if confirm:
            shot(host, "host-confirm-fr-390")
        host.page.click("#confirm-yes" if confirm else "#confirm-no")
        if not confirm:
            expect(host.page.locator("body")).to_have_attribute("data-phase", "playing")
    expect(host.page.locator("body")).to_have_attribute("data-phase", "setup")

    ended = friend.page.locator('#remote[data-stage="ended"]')
    expect(ended).to_be_visible(timeout=30_000)
    expect(ended).to_contain_text("De gastheer heeft het spel voor iedereen beëindigd")
    shot(friend, "friend-ended-nl-390")
    assert friend.page.evaluate("localStorage.getItem('seasalt.guest-seat')") is None
    friend.page.click('#remote [data-action="remote-leave"]')
    expect(friend.page.locator("body")).to_have_attribute("data-phase", "setup")
    expect(friend.page.locator("#remote")).to_be_hidden()

    # as the question said: the game is kept, and continued its friend's seat is free,
    # with a new link on its card that a phone answers to play it
    host.page.locator('#saved [data-action="resume"]').first.click()
    expect(host.page.locator("body")).to_have_attribute("data-phase", "playing")
    card = host.page.locator('.remote-card[data-card="1"]')
    expect(card).to_have_attribute("data-state", "waiting", timeout=60_000)
    expect(link).to_have_value(LINK, timeout=60_000)
    expect(card.locator("h3")).to_have_text(f"{NAME} \u2014 ami 1 sur 1")
    friend.page.goto(link.input_value())
    expect(answer).to_have_value(ANSWER, timeout=60_000)
    host.page.fill("#remote-answer-1", answer.input_value())
    host.page.click('[data-action="remote-connect"][data-card="1"]')
    expect(card).to_have_attribute("data-state", "connected", timeout=30_000)
    expect(friend.page.locator("body")).to_have_attribute("data-phase", "playing",
                                                          timeout=30_000)
    expect(friend.page.locator("#playing")).to_contain_text(NAME)
    assert not host.errors and not friend.errors, (host.errors, friend.errors)
    assert refused == []
