"""The host's camera reads a friend's answer code (issue 42): "Scan the answer" on a
join card, through the page itself.

Chromium runs in a network namespace of its own (``test_remote_link.launched_isolated``)
with its fake camera fed a Y4M video (``test_qr.write_y4m``, segno's drawing). The video
file is rewritten between the steps: Chromium opens it again each time the page asks
for the camera. The host's page (French, phone-sized) first has no right to the camera:
its card says so and keeps its paste field. Then, allowed, the camera shows a blank
picture: "Stop the camera", and closing the join cards, each stop it. Last, the camera
shows the friend's answer code (the text of the QR code drawn on the friend's screen):
the host's card reads it, connects, and the friend's phone is seated.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Playwright, expect

from tests.e2e.test_qr import LIVE_TRACKS_JS, STREAMS_JS, i420_frame, write_y4m
from tests.e2e.test_remote_link import SITE, launched_isolated
from tests.e2e.test_remote_page import ANSWER, LINK, SHOTS, Phone

pytestmark = pytest.mark.e2e


def write_blank(path: Path, frames: int = 3) -> None:
    """A Y4M video of a white picture (no code in it) the size `write_y4m` makes."""
    size = len(i420_frame("X")) * 2 // 3  # the luma plane: white; the chroma: neutral
    blank = b"\xff" * size + b"\x80" * (size // 2)
    with path.open("wb") as out:
        out.write(b"YUV4MPEG2 W640 H480 F10:1 Ip A1:1 C420jpeg\n")
        for _ in range(frames):
            out.write(b"FRAME\n" + blank)


@pytest.fixture(scope="module")
def camera(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fake camera's video file (blank until a test writes a code in it)."""
    path = tmp_path_factory.mktemp("camera") / "camera.y4m"
    write_blank(path)
    return path


@pytest.fixture(scope="module")
def isolated_camera(playwright: Playwright, tmp_path_factory: pytest.TempPathFactory,
                    camera: Path, dist_dir: Path) -> Iterator[Browser]:
    """Chromium in its own network namespace, its camera showing `camera`'s video."""
    with launched_isolated(playwright, tmp_path_factory, "--use-fake-device-for-media-stream",
                           f"--use-file-for-fake-video-capture={camera}",
                           serve=dist_dir) as browser:
        yield browser


def live(page: Page) -> int:
    """How many camera tracks the page holds still running."""
    return int(page.evaluate(LIVE_TRACKS_JS))


def test_the_host_scans_its_friends_answer(isolated_camera: Browser, dist_dir: Path,
                                           camera: Path) -> None:
    refused: list[str] = []
    host = Phone(isolated_camera, dist_dir, "fr-FR", refused, phone=True)
    guest = Phone(isolated_camera, dist_dir, "nl-NL", refused, phone=True)
    host.context.add_init_script(STREAMS_JS)
    page = host.page
    card = page.locator('.remote-card[data-card="1"]')
    scan = card.locator('[data-action="remote-scan"]')
    try:
        host.open("?players=you,friend&seed=4&speed=normal")
        expect(page.locator("#remote-link-1")).to_have_value(LINK, timeout=90_000)

        # no right to the camera: said on the card, the paste field still there
        scan.click()
        expect(card.locator(".remote-error")).to_contain_text(
            "La page n'a pas le droit d'utiliser la caméra", timeout=30_000)
        expect(page.locator("#remote-answer-1")).to_be_visible()
        assert live(page) == 0

        # allowed, nothing to read: "Stop the camera", or the cards closed, stop it
        host.context.grant_permissions(["camera"], origin=SITE)
        for how in ("stop", "close"):
            scan.click()
            expect(card.locator(".remote-error")).to_have_count(0)
            expect(page.locator("#remote-scan-1[data-camera=on] video")).to_be_visible()
            page.wait_for_function(
                "document.querySelector('#remote-scan-1 video').readyState >= 2")
            assert live(page) == 1
            expect(page.locator("#remote-qr-1")).to_have_count(0)  # the camera in its place
            if how == "stop":
                SHOTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(SHOTS / "host-scanning-fr-390.png"))
                card.locator('[data-action="remote-scan-stop"]').click()
            else:
                page.click('#remote [data-action="close-dialog"]')
            if how == "stop":
                expect(scan).to_be_visible()
            page.wait_for_function(f"({LIVE_TRACKS_JS})() === 0")
            expect(page.locator("#remote-scan-1 video")).to_have_count(0)
            if how == "close":
                page.click('[data-action="remote-open"]')

        # the friend's answer on its screen, read by the host's camera
        guest.page.goto(page.locator("#remote-link-1").input_value())
        expect(guest.page.locator("#remote-answer")).to_have_value(ANSWER, timeout=60_000)
        qr_text = guest.page.get_attribute("#remote-qr-answer", "data-text")
        assert qr_text
        write_y4m(camera, qr_text)
        scan.click()  # (read at once: the camera may be gone before a look at it)
        expect(card).to_have_attribute("data-state", "connected", timeout=30_000)
        expect(guest.page.locator("body")).to_have_attribute("data-phase", "playing",
                                                             timeout=30_000)
        assert live(page) == 0
        assert page.evaluate("window.seasaltTestStreams.length") == 3
        assert refused == [] and host.errors == [] and guest.errors == []
    finally:
        host.context.close()
        guest.context.close()
