"""A refused join said on both phones in their own words, and a seat the host frees
(issue 42), through the pages themselves (three browser contexts of one Chromium in a
network namespace of its own: `test_remote_page`'s ``Phone`` and ``isolated``).

The host (French) frees its connected friend's seat (Dutch), asked first: that phone is
told in Dutch and keeps no seat; a new phone (French) takes the freed seat through the
card's fresh link. When that phone goes, the first one answers the card's new link:
every friend's seat is taken, and each device says so in its own language, with no
code or English detail. Before that, the freed phone opens its old link again: the host
refuses its answer (for an older link) in French, and the card's link still works."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.test_remote_link import isolated  # noqa: F401 - the fixture
from tests.e2e.test_remote_page import ANSWER, LINK, Phone, join

pytestmark = pytest.mark.e2e
SHOTS = Path("/work/notes/shots/join")


def test_a_freed_seat_goes_to_a_new_phone_and_a_taken_one_is_refused_in_words(
        isolated: Browser, dist_dir: Path) -> None:  # noqa: F811 - the fixture
    refused: list[str] = []
    host = Phone(isolated, dist_dir, "fr-FR", refused, phone=True)
    a = Phone(isolated, dist_dir, "nl-NL", refused, phone=True)
    b = Phone(isolated, dist_dir, "fr-FR", refused, phone=True)
    SHOTS.mkdir(parents=True, exist_ok=True)
    try:
        host.open("?players=you,friend&seed=4&speed=normal")
        b.open("")  # (a phone with the site open already: its link then joins at once)
        first = host.page.locator("#remote-link-1")
        expect(first).to_have_value(LINK, timeout=30_000)
        old_link = first.input_value()  # (the link the freed phone opens again later)
        join(host, a, 1)
        card = host.page.locator('.remote-card[data-card="1"]')
        host.page.click('[data-action="remote-free"][data-card="1"]')  # asked first
        expect(card.locator(".remote-free-ask")).to_contain_text("Donner la place")
        expect(host.page.locator("#remote-free-no-1")).to_be_focused()
        host.page.screenshot(path=str(SHOTS / "host-free-ask-fr-390.png"))
        host.page.click('[data-action="remote-free-yes"][data-card="1"]')

        told = a.page.locator("#remote .remote-error")  # the freed phone, in Dutch
        expect(told).to_contain_text("De gastheer heeft deze plaats vrijgemaakt: deze "
                                     "telefoon speelt er niet meer mee.", timeout=30_000)
        expect(a.page.locator("body")).not_to_have_attribute("data-phase", "playing")
        assert a.page.evaluate("localStorage.getItem('seasalt.guest-seat')") is None
        a.page.screenshot(path=str(SHOTS / "guest-freed-nl-390.png"))
        expect(card).to_contain_text("est libre")
        a.page.fill("#remote-offer", "hallo")  # not a code: said in words, no detail
        a.page.click('[data-action="remote-join"]')
        expect(told).to_have_text("Dat is niet de link van de gastheer: kopieer hem "
                                  "opnieuw, helemaal, van het scherm dat de gastheer opent "
                                  "met \u201cTelefoons\u201d.")  # the toolbar's own word
        own = host.page.locator("#remote-link-1")
        expect(own).to_have_value(LINK, timeout=30_000)
        host.page.fill("#remote-answer-1", own.input_value())
        host.page.click('[data-action="remote-connect"][data-card="1"]')  # its own link
        expect(card.locator(".remote-error")).to_contain_text("C'est le lien de cet appareil")

        current = own.input_value()  # the freed phone opens its old link again: its
        a.page.goto(old_link)  # answer is for an older link, refused in words, at once
        stale = a.page.locator("#remote-answer")
        expect(stale).to_have_value(ANSWER, timeout=60_000)
        host.page.fill("#remote-answer-1", stale.input_value())
        host.page.click('[data-action="remote-connect"][data-card="1"]')
        expect(card.locator(".remote-error")).to_have_text(
            "Cette réponse est pour un ancien lien. Sur le téléphone de l'ami, ouvrez le "
            "lien affiché ici maintenant.")
        expect(card).not_to_contain_text("Connexion")
        assert own.input_value() == current  # the card's link unchanged, still usable
        card.scroll_into_view_if_needed()
        host.page.screenshot(path=str(SHOTS / "host-stale-fr-390.png"))
        join(host, b, 1)  # the freed seat, taken by a new phone (through that link)
        expect(card).to_have_attribute("data-state", "connected")

        b.page.evaluate("window.__pcs.forEach((pc) => pc.close())")  # that phone's
        # connection ends (as a phone out of reach): the card offers a new link
        link = host.page.locator("#remote-link-1")
        expect(link).to_have_value(LINK, timeout=30_000)
        a.page.goto(link.input_value())  # the first phone tries the taken seat
        answer = a.page.locator("#remote-answer")
        expect(answer).to_have_value(ANSWER, timeout=60_000)
        host.page.fill("#remote-answer-1", answer.input_value())
        host.page.click('[data-action="remote-connect"][data-card="1"]')
        expect(told).to_contain_text("Alle plaatsen voor vrienden", timeout=30_000)
        expect(card.locator(".remote-error")).to_contain_text(
            "toutes les places des amis sont prises", timeout=30_000)
        expect(link).to_have_value(LINK, timeout=30_000)  # a new link for the next try
        a.page.screenshot(path=str(SHOTS / "guest-full-nl-390.png"))
        card.scroll_into_view_if_needed()
        host.page.screenshot(path=str(SHOTS / "host-full-fr-390.png"))
        for device in (host, a):  # no reason code, no English detail on either screen
            text = device.page.locator("#remote").inner_text()
            assert "full" not in text and "field" not in text and "seat" not in text
        assert refused == [] and not host.errors, host.errors
    finally:
        for device in (host, a, b):
            device.context.close()
