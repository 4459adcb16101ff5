"""The QR code modules of the page (``web/page/qr_draw.py``, ``qr_scan.py``) in CPython:
what they compute without a browser (the code's mode and path, the camera's problems).
The browser tests (``tests/e2e/test_qr.py``) draw and read real codes."""

from __future__ import annotations

import types

import pytest

from seasalt.i18n import set_language
from seasalt.web.messages import message


def test_alphanumeric_mode_only_for_its_characters(page_package: types.ModuleType) -> None:
    from page.qr_draw import qr_mode

    assert qr_mode("NCFOA$ZF3*5:-./ %+") == "Alphanumeric"  # base45's alphabet
    assert qr_mode("0123456789") == "Alphanumeric"
    assert qr_mode("abc") == "Byte"  # lower case is not in it
    assert qr_mode("ÉTÉ") == "Byte"
    assert qr_mode("") == "Byte"


def test_a_link_ending_in_a_long_code_takes_two_segments(page_package: types.ModuleType
                                                        ) -> None:
    from page.qr_draw import SPLIT_AT, segments

    code = "2BZ0K7" * 17
    link = "https://example.org/seasalt/#join=" + code
    assert segments(link) == [("https://example.org/seasalt/#join=", "Byte"),
                              (code, "Alphanumeric")]
    assert segments(code) == [(code, "Alphanumeric")]
    short = "https://example.org/#join=" + "A" * (SPLIT_AT - 1)
    assert segments(short) == [(short, "Byte")]  # a second header would cost more
    assert segments("été") == [("été", "Byte")] and segments("") == [("", "Byte")]


def test_the_path_draws_each_run_of_dark_modules_inside_the_quiet_zone(
        page_package: types.ModuleType) -> None:
    from page.qr_draw import QUIET, svg_path

    assert QUIET == 4
    dark = [[True, True, False, True],
            [False, False, False, False],
            [False, True, True, True]]
    assert svg_path(dark) == "M4 4h2v1h-2zM7 4h1v1h-1zM5 6h3v1h-3z"
    assert svg_path(dark, quiet=0).startswith("M0 0h2v1h-2z")
    assert svg_path([[False, False]]) == ""


@pytest.mark.parametrize(("name", "secure", "key"), [
    (None, False, "camera-insecure"),  # no getUserMedia: an http page on the LAN
    (None, True, "camera-missing"),
    ("NotAllowedError", True, "camera-refused"),
    ("SecurityError", True, "camera-refused"),
    ("NotFoundError", True, "camera-missing"),
    ("OverconstrainedError", True, "camera-missing"),
    ("NotReadableError", True, "camera-busy"),
    ("AbortError", True, "camera-busy"),
    ("TypeError", True, "camera-failed"),
    ("", True, "camera-failed"),
])
def test_each_camera_problem_has_its_sentence(page_package: types.ModuleType,
                                              name: str | None, secure: bool,
                                              key: str) -> None:
    from page.qr_scan import problem_key

    assert problem_key(name, secure=secure) == key
    assert message(key)


@pytest.mark.parametrize("language", ["fr", "nl", "tr"])
def test_the_sentences_are_translated(language: str) -> None:
    keys = ["qr-code", "qr-too-long", "qr-unavailable", "camera-view", "camera-insecure",
            "camera-missing", "camera-refused", "camera-busy", "camera-failed"]
    english = {key: message(key) for key in keys}
    try:
        set_language(language)
        assert all(message(key) != english[key] for key in keys)
    finally:
        set_language("en")


def test_a_scan_stopped_before_it_began_never_asks_for_the_camera(
        page_package: types.ModuleType) -> None:
    from unittest import mock

    from page import qr_scan

    scan = qr_scan.Scan(mock.MagicMock(name="holder"))
    scan.stop()
    reading = scan.read()
    with pytest.raises(StopIteration) as done:  # returns before awaiting anything
        reading.send(None)
    assert done.value.value is None
    assert scan.stopped
    qr_scan.window.navigator.mediaDevices.getUserMedia.assert_not_called()
