"""A text drawn as a QR code, for another device's camera (the table across devices).

`draw` puts the code into a given element as one SVG (``class="qr-code"``, ``qr.css``):
black modules on white whatever the theme, a quiet zone of `QUIET` modules on every side,
edges kept crisp, as wide as its holder (the whole width of a phone's screen, so that a
phone held 30 to 50 cm away reads it), with an accessible name (``role="img"``, the
translated ``qr-code`` message unless the caller gives its own). The text is any string:
digits, capitals and ``$%*+-./:`` with spaces are coded in the QR code's alphanumeric
mode (the densest for them: a base36 signalling code), anything else as UTF-8 bytes; a
text that ends in a long run of them (a link whose code is in base36) is coded in two
segments, the start as bytes and that run alphanumeric (`segments`); a reader gives
back the same string. The encoder is the vendored ``qrcode-generator``
(`qr_libs.ENCODER`), loaded the first time a code is drawn.

What goes wrong (the encoder cannot be loaded; a text too long for any QR code) puts a
translated sentence in the holder instead (``role="alert"``) and raises `QrDrawError`
with that sentence: the caller keeps its link or text to copy in view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pyscript import document

from seasalt.web.messages import message

from .dom import el, render
from .qr_libs import ENCODER, QrLibraryError, library

SVG_NS = "http://www.w3.org/2000/svg"
QUIET = 4
"""The quiet zone around the code, in modules (the QR code standard's minimum)."""
LEVEL = "M"
"""The error correction level: M restores 15 % of the code (a glare, a smudge on the
screen) and keeps a 200-character text at 53×53 modules."""
ALPHANUMERIC = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
"""The characters of the QR code's alphanumeric mode."""


class QrDrawError(Exception):
    """The code could not be drawn; ``str()`` is the translated sentence shown."""


def qr_mode(text: str) -> str:
    """The encoder's mode for ``text``: ``"Alphanumeric"`` when every character is one
    of `ALPHANUMERIC` (and there is at least one), else ``"Byte"`` (UTF-8)."""
    return "Alphanumeric" if text and set(text) <= ALPHANUMERIC else "Byte"


SPLIT_AT = 16
"""The shortest alphanumeric run at a text's end coded in a segment of its own: each
character saves 2.5 bits, a second segment's header costs up to 24."""


def segments(text: str) -> list[tuple[str, str]]:
    """``text`` as the QR code's segments: ``[(part, mode)]``, the modes of `qr_mode`.
    One segment, unless ``text`` ends in at least `SPLIT_AT` alphanumeric characters
    after others (``https://…/#join=`` and a base36 code): the start as bytes, that run
    alphanumeric. The parts joined give back ``text``."""
    run = len(text)
    while run > 0 and text[run - 1] in ALPHANUMERIC:
        run -= 1
    if run > 0 and len(text) - run >= SPLIT_AT:
        return [(text[:run], "Byte"), (text[run:], "Alphanumeric")]
    return [(text, qr_mode(text))]


def svg_path(dark: Sequence[Sequence[bool]], quiet: int = QUIET) -> str:
    """The SVG path data of a code's dark modules: one rectangle per run of dark modules
    in a row, in module units, shifted by the quiet zone.

    Args:
        dark: The code's modules, row by row (True: dark).
        quiet: The quiet zone's width, in modules.

    Returns:
        ``"M4 4h7v1h-7z..."``; empty when nothing is dark.
    """
    parts = []
    for y, row in enumerate(dark):
        x = 0
        while x < len(row):
            if not row[x]:
                x += 1
                continue
            start = x
            while x < len(row) and row[x]:
                x += 1
            parts.append(f"M{start + quiet} {y + quiet}h{x - start}v1h-{x - start}z")
    return "".join(parts)


def _svg(tag: str, **attrs: str) -> Any:
    node = document.createElementNS(SVG_NS, tag)
    for name, value in attrs.items():
        node.setAttribute(name.replace("_", "-"), value)
    return node


def _problem(holder: Any, key: str) -> QrDrawError:
    """Show the message ``key`` in ``holder`` and return the error to raise."""
    sentence = message(key)
    render(holder, el("p", sentence, class_="qr-problem", role="alert"))
    return QrDrawError(sentence)


def modules(encoder: Any, text: str) -> list[list[bool]]:
    """The modules of ``text``'s QR code (`LEVEL`, the smallest version that holds it),
    from the vendored encoder (the global ``qrcode``).

    Raises:
        ValueError: The text does not fit in any QR code.
    """
    encoder.stringToBytes = getattr(encoder.stringToBytesFuncs, "UTF-8")
    code = encoder(0, LEVEL)
    try:
        for part, mode in segments(text):
            code.addData(part, mode)
        code.make()
    except Exception as exc:  # the encoder throws "code length overflow"
        raise ValueError(str(exc)) from exc
    count = code.getModuleCount()
    return [[bool(code.isDark(y, x)) for x in range(count)] for y in range(count)]


async def draw(holder: Any, text: str, *, label: str | None = None) -> Any:
    """Draw ``text`` as a QR code in ``holder`` (its content replaced).

    Args:
        holder: The element to draw in; the code takes its whole width.
        text: Any string (a signalling code, a link).
        label: The code's accessible name; the ``qr-code`` message by default.

    Returns:
        The ``<svg>`` element drawn.

    Raises:
        QrDrawError: The encoder could not be loaded, or the text is too long for a QR
            code; the holder shows the sentence.
    """
    try:
        encoder = await library(ENCODER)
    except QrLibraryError:
        raise _problem(holder, "qr-unavailable") from None
    try:
        dark = modules(encoder, text)
    except ValueError:
        raise _problem(holder, "qr-too-long") from None
    side = str(len(dark) + 2 * QUIET)
    svg = _svg("svg", viewBox=f"0 0 {side} {side}", role="img",
               shape_rendering="crispEdges", aria_label=label or message("qr-code"),
               data_modules=str(len(dark)))
    svg.setAttribute("class", "qr-code")
    svg.append(_svg("rect", width=side, height=side, fill="#fff"))
    svg.append(_svg("path", d=svg_path(dark), fill="#000"))
    render(holder, svg)
    return svg
