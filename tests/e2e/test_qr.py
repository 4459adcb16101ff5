"""QR codes shown and read by the page (the table across devices; issue 42):
``web/page/qr_draw.py`` draws a text as a code, ``web/page/qr_scan.py`` reads one with
the camera. No screen reaches them yet, so the tests call the page's Python
(`pagepy.run`) on a phone-sized page in French.

The camera is Chromium's fake capture device, fed a Y4M video made here of a QR code
that segno (a test dependency, not the page's encoder) drew of a known text. Headless
Chromium on Linux has no ``BarcodeDetector``: the vendored decoder reads the frames; a
stand-in ``BarcodeDetector`` shows that the browser's own is used where there is one.
The camera is allowed by granting the context the ``camera`` permission; a context
without it is refused, as a player who said no.
"""

from __future__ import annotations

import base64
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import segno
from playwright.sync_api import Browser, Playwright

from tools.census.browse import CHROMIUM, CHROMIUM_ARGS

from . import pagepy
from .conftest import PHASE_TIMEOUT_MS, App, observe

BASE45 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
SIGNAL = "".join(BASE45[(i * 7 + 3) % 45] for i in range(180))
"""A text like a signalling code: 180 characters of base45's alphabet."""
LINK_CODE = "".join(BASE45[(i * 11 + 5) % 36] for i in range(101))
"""A base36 code like a host's offer's in its QR code (after ``#join=``)."""
CAMERA_TEXT = "NCFOXN%TSMAHN-H3O4KGBO9JWT9G6I$L4:QCD-PNB$4:OH*9W3"
"""What the fake camera shows, as a QR code."""
PHONE = {"width": 390, "height": 844}

STREAMS_JS = """
(() => {
  const streams = [];
  window.seasaltTestStreams = streams;
  const media = navigator.mediaDevices;
  if (media && media.getUserMedia) {
    const ask = media.getUserMedia.bind(media);
    media.getUserMedia = (constraints) => ask(constraints).then((stream) => {
      streams.push(stream);
      return stream;
    });
  }
})();
"""
"""An init script: every stream ``getUserMedia`` gave is kept, to see its tracks."""
LIVE_TRACKS_JS = """() => window.seasaltTestStreams.flatMap((s) => s.getTracks())
  .filter((t) => t.readyState === "live").length"""
DETECTOR_JS = """
window.BarcodeDetector = class {
  static async getSupportedFormats() { return ["qr_code", "ean_13"]; }
  constructor(options) { window.seasaltDetectorFormats = options.formats; }
  async detect(video) {
    return video.videoWidth ? [{ rawValue: "FROM THE BROWSER'S DETECTOR" }] : [];
  }
};
"""
"""An init script: a ``BarcodeDetector`` that reads one text from any frame."""
BLIND_JS = """
window.BarcodeDetector = class {
  static async getSupportedFormats() { return ["qr_code"]; }
  async detect(video) { return []; }
};
"""
"""An init script: a ``BarcodeDetector`` that never finds a code (the camera stays on)."""

SETUP = """
from pyscript import document
from page import more
from page.dom import found

await more.need()  # the QR modules are in the later archive


async def holder():
    node = document.getElementById("qr-test")
    if not found(node):
        node = document.createElement("div")
        node.id = "qr-test"
        document.getElementById("main").prepend(node)
    return node
"""
"""Page Python shared by the calls: the later archive loaded, a holder atop the page."""

READ = SETUP + """
from page.qr_scan import CameraError, Scan


async def main():
    try:
        text = await Scan(await holder()).read()
    except CameraError as error:
        return {"error": error.key, "sentence": str(error)}
    return {"text": text}
"""


def i420_frame(text: str, width: int = 640, height: int = 480) -> bytes:
    """One I420 frame (Y plane, then U and V at half size) of ``text``'s QR code (by
    segno, error correction M), black on white with its quiet zone, centred."""
    rows = [list(row) for row in segno.make(text, error="m", micro=False).matrix]
    side = len(rows) + 8
    module = min(width, height) * 9 // 10 // side
    left, top = (width - side * module) // 2, (height - side * module) // 2
    luma = bytearray(b"\xff" * (width * height))
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                for dy in range(module):
                    start = (top + (y + 4) * module + dy) * width + left + (x + 4) * module
                    luma[start:start + module] = b"\x00" * module
    chroma = b"\x80" * (width * height // 4)
    return bytes(luma) + chroma + chroma


def write_y4m(path: Path, text: str, frames: int = 3) -> Path:
    """A Y4M video (a header line, then ``FRAME`` and raw I420 for each frame) showing
    ``text``'s QR code, for ``--use-file-for-fake-video-capture``."""
    frame = i420_frame(text)
    with path.open("wb") as out:
        out.write(b"YUV4MPEG2 W640 H480 F10:1 Ip A1:1 C420jpeg\n")
        for _ in range(frames):
            out.write(b"FRAME\n" + frame)
    return path


@pytest.fixture(scope="module")
def camera_browser(playwright: Playwright, tmp_path_factory: pytest.TempPathFactory,
                   dist_dir: Path) -> Iterator[Browser]:
    """Chromium whose camera is a fake device showing `CAMERA_TEXT`'s QR code."""
    video = write_y4m(tmp_path_factory.mktemp("camera") / "code.y4m", CAMERA_TEXT)
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM,
        args=[*CHROMIUM_ARGS, "--use-fake-device-for-media-stream",
              f"--use-file-for-fake-video-capture={video}"])
    yield browser
    browser.close()


def phone(browser: Browser, site_url: str, *, camera: bool = True,
          init: str = "") -> Iterator[App]:
    """A 390×844 touch page on the site in French, its setup screen shown, with the
    camera allowed or not, its requests routed and watched as `app`'s."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True,
                                  permissions=["camera"] if camera else [])
    page = context.new_page()
    page.add_init_script(STREAMS_JS + init)
    state = observe(page, site_url, watch_requests=False)
    state.guard(context)
    try:
        state.open("?lang=fr")
        state.wait_for_phase("setup", PHASE_TIMEOUT_MS)
        yield state
        state.assert_clean()
    finally:
        context.close()


@pytest.fixture()
def camera_phone(camera_browser: Browser, site_url: str) -> Iterator[App]:
    """A phone whose camera is allowed."""
    yield from phone(camera_browser, site_url)


def requested(app: App) -> list[str]:
    """The URLs the page asked for so far (``performance``'s resource entries)."""
    names: list[str] = app.page.evaluate(
        "performance.getEntriesByType('resource').map((e) => e.name)")
    return names


def decode_png(app: App, png: bytes) -> Any:
    """The text the vendored decoder reads in a PNG image (None if none)."""
    pagepy.run(app.page, """
from page.qr_libs import DECODER, library

async def main():
    await library(DECODER)
""")
    return app.page.evaluate("""async (data) => {
        const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
        const image = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
        const canvas = document.createElement("canvas");
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext("2d");
        context.drawImage(image, 0, 0);
        const pixels = context.getImageData(0, 0, image.width, image.height);
        const found = jsQR(pixels.data, image.width, image.height);
        return found ? found.data : null;
    }""", base64.b64encode(png).decode())


class TestDrawing:
    @pytest.mark.parametrize("text", [SIGNAL, "Fruits de mer — été, çà & là 🦀 https://x/?a=b",
                                      "https://example.org/seasalt/#join=" + LINK_CODE],
                             ids=["base45", "utf8", "link"])
    def test_a_code_drawn_reads_back_as_its_text(self, camera_phone: App, text: str) -> None:
        app = camera_phone
        drawn = pagepy.run(app.page, SETUP + f"""
from page.qr_draw import draw

async def main():
    svg = await draw(await holder(), {text!r})
    return svg.getAttribute("data-modules")
""")
        code = app.page.locator("#qr-test svg.qr-code")
        assert code.get_attribute("role") == "img"
        assert code.get_attribute("aria-label") == (
            "Un code QR à scanner avec la caméra de l'autre appareil.")
        box = code.bounding_box()
        assert box is not None
        assert box["width"] >= 0.9 * PHONE["width"] and abs(box["height"] - box["width"]) < 1
        assert int(drawn) * 5 < box["width"]  # 5 pixels a module at least
        assert decode_png(app, code.screenshot()) == text

    def test_a_link_ending_in_its_code_is_smaller_in_two_segments(self, camera_phone: App
                                                                   ) -> None:
        site = "https://example.org/seasalt/#join="
        sizes = pagepy.run(camera_phone.page, SETUP + f"""
from page.qr_draw import draw

async def main():
    node = await holder()
    return [int((await draw(node, text)).getAttribute("data-modules"))
            for text in ({site + LINK_CODE!r}, {site + LINK_CODE.lower()!r})]
""")
        assert sizes[0] < sizes[1]  # the lower-case one: all bytes

    def test_base45_takes_the_alphanumeric_mode(self, camera_phone: App) -> None:
        sizes = pagepy.run(camera_phone.page, SETUP + f"""
from page.qr_draw import draw

async def main():
    node = await holder()
    return [int((await draw(node, text)).getAttribute("data-modules"))
            for text in ({SIGNAL!r}, {SIGNAL.lower()!r})]
""")
        assert sizes[0] < sizes[1]  # the same length in bytes needs a bigger code

    def test_a_text_too_long_says_so(self, camera_phone: App) -> None:
        answer = pagepy.run(camera_phone.page, SETUP + """
from page.qr_draw import QrDrawError, draw

async def main():
    try:
        await draw(await holder(), "x" * 5000)
    except QrDrawError as error:
        return str(error)
""")
        assert answer.startswith("Ce code est trop long pour un code QR")
        alert = camera_phone.page.locator("#qr-test [role=alert]")
        assert alert.inner_text() == answer

    def test_an_encoder_that_cannot_load_says_so_and_the_next_try_works(
            self, camera_phone: App) -> None:
        page = camera_phone.page
        page.route("**/qr/qrcode.js*", lambda route: route.abort())
        code = SETUP + """
from page.qr_draw import QrDrawError, draw

async def main():
    try:
        await draw(await holder(), "HELLO")
    except QrDrawError as error:
        return str(error)
    return "drawn"
"""
        assert pagepy.run(page, code).startswith("La page n'a pas pu charger ses outils")
        camera_phone.errors[:] = [e for e in camera_phone.errors
                                  if "Failed to load resource" not in e]
        page.unroute("**/qr/qrcode.js*")
        assert pagepy.run(page, code) == "drawn"


class TestReading:
    def test_the_camera_reads_the_code_and_stops(self, camera_phone: App) -> None:
        page = camera_phone.page
        assert pagepy.run(page, READ) == {"text": CAMERA_TEXT}
        assert page.evaluate(LIVE_TRACKS_JS) == 0
        assert page.evaluate("window.seasaltTestStreams.length") == 1
        assert page.get_attribute("#qr-test", "data-camera") == "off"
        video = page.locator("#qr-test video.qr-camera")
        assert video.get_attribute("aria-label") == (
            "Image de la caméra\u00a0: placez le code QR de l'autre appareil dans le cadre.")
        assert video.evaluate("v => v.srcObject") is None
        asked = page.evaluate(
            "window.seasaltTestStreams[0].getVideoTracks()[0].getConstraints()")
        assert asked["facingMode"] == "environment"
        assert any(url.endswith("/qr/jsQR.js") or "/qr/jsQR.js?" in url
                   for url in requested(camera_phone))

    @pytest.mark.parametrize("how", ["stop", "pagehide", "hidden"])
    def test_cancelled_or_left_it_stops_the_camera(self, camera_browser: Browser,
                                                   site_url: str, how: str) -> None:
        for app in phone(camera_browser, site_url, init=BLIND_JS):
            self.cancel(app, how)

    @staticmethod
    def cancel(app: App, how: str) -> None:
        page = app.page
        slot = pagepy.start(page, SETUP + """
from pyscript import window
from page.qr_scan import Scan


async def main():
    scan = Scan(await holder(), interval=0.05)
    window.seasaltTestScan = scan.stop
    return await scan.read()
""")
        page.wait_for_selector("#qr-test[data-camera=on]")
        page.wait_for_function("document.querySelector('#qr-test video').readyState >= 2")
        assert page.evaluate(LIVE_TRACKS_JS) == 1
        if how == "stop":
            page.evaluate("window.seasaltTestScan()")
        elif how == "pagehide":
            page.evaluate("window.dispatchEvent(new PageTransitionEvent('pagehide'))")
        else:
            page.evaluate("""() => {
                Object.defineProperty(document, "visibilityState",
                                      { value: "hidden", configurable: true });
                document.dispatchEvent(new Event("visibilitychange"));
            }""")
        assert pagepy.result(page, slot) is None
        assert page.evaluate(LIVE_TRACKS_JS) == 0
        assert page.get_attribute("#qr-test", "data-camera") == "off"

    def test_the_browsers_detector_is_used_where_there_is_one(
            self, camera_browser: Browser, site_url: str) -> None:
        for app in phone(camera_browser, site_url, init=DETECTOR_JS):
            page = app.page
            assert pagepy.run(page, READ) == {"text": "FROM THE BROWSER'S DETECTOR"}
            assert page.evaluate("window.seasaltDetectorFormats") == ["qr_code"]
            assert not any("jsQR" in url for url in requested(app))  # not even loaded
            assert page.evaluate(LIVE_TRACKS_JS) == 0

    def test_a_refused_camera_says_so_and_nothing_runs(
            self, camera_browser: Browser, site_url: str) -> None:
        for app in phone(camera_browser, site_url, camera=False):
            page = app.page
            answer = pagepy.run(page, READ)
            assert answer["error"] == "camera-refused"
            assert answer["sentence"].startswith("La page n'a pas le droit d'utiliser la caméra")
            alert = page.locator("#qr-test [role=alert]")
            assert alert.inner_text() == answer["sentence"]
            assert page.get_attribute("#qr-test", "data-camera") == "failed"
            assert page.evaluate(LIVE_TRACKS_JS) == 0
            assert app.errors == []

    def test_without_a_camera_api_it_says_why(self, camera_phone: App) -> None:
        page = camera_phone.page
        page.evaluate("Object.defineProperty(navigator, 'mediaDevices', { value: undefined })")
        answer = pagepy.run(page, READ)
        # the test's page is http://127.0.0.1, a secure context: no camera, not insecure
        assert answer["error"] == "camera-missing"
