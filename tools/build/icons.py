"""The app icons (``icon.svg``, ``icon-192.png``, ``icon-512.png``): a paper boat drawn
from polygons, rasterized here (anti-aliased, byte for byte the same every build)."""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Sequence
from pathlib import Path

ICON_GRID: int = 512
"""Icon shapes are drawn on a square grid of this size, then scaled."""
ICON_BACKGROUND: str = "#1d5b66"
"""Full-bleed background (the page's --sea-deep), so the icon also works masked."""


def _wave(x0: int, x1: int, top: float, height: float, bottom: float) -> list[tuple[float, float]]:
    points = [(float(x), top + height * math.sin(2 * math.pi * (x - x0) / 58))
              for x in range(x0, x1 + 1, 4)]
    return [*points, (float(x1), bottom), (float(x0), bottom)]


ICON_SHAPES: tuple[tuple[str, tuple[tuple[float, float], ...]], ...] = (
    # a paper boat: two folds of the sail, the hull, then the sea; all inside the
    # central circle that a maskable icon keeps (radius 40% of the size)
    ("#ffffff", ((256, 116), (256, 300), (160, 300))),
    ("#d8ecec", ((256, 116), (352, 300), (256, 300))),
    ("#d9c39a", ((118, 306), (394, 306), (346, 372), (166, 372))),
    ("#2f7f8a", tuple(_wave(140, 372, 392, 8, 416))),
)
"""The icon: (colour, polygon on the `ICON_GRID`), painted in order."""
ICON_PNG_SIZES: tuple[int, ...] = (192, 512)


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def icon_svg() -> str:
    """The app icon as SVG text (also the page's favicon)."""
    shapes = "".join(
        f'<polygon fill="{colour}" points="'
        + " ".join(f"{_num(x)},{_num(y)}" for x, y in points)
        + '"/>'
        for colour, points in ICON_SHAPES
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {ICON_GRID} {ICON_GRID}">'
        f'<rect width="{ICON_GRID}" height="{ICON_GRID}" fill="{ICON_BACKGROUND}"/>'
        f"{shapes}</svg>\n"
    )


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _coverage(size: int, points: Sequence[tuple[float, float]], row: int) -> list[float]:
    """How much of each pixel of ``row`` the polygon covers (0 to 1), even-odd rule.

    Four sub-rows per pixel row; along a sub-row, coverage is exact.
    """
    samples = 4
    direct = [0.0] * (size + 1)
    steps = [0.0] * (size + 1)
    edges = list(zip(points, [*points[1:], *points[:1]], strict=True))
    for k in range(samples):
        y = row + (k + 0.5) / samples
        xs = sorted(
            x0 + (y - y0) * (x1 - x0) / (y1 - y0)
            for (x0, y0), (x1, y1) in edges
            if (y0 <= y < y1) or (y1 <= y < y0)
        )
        for xa, xb in zip(xs[::2], xs[1::2], strict=False):
            xa, xb = max(0.0, xa), min(float(size), xb)
            if xb <= xa:
                continue
            ia, ib = int(xa), int(xb)
            if ia == ib:
                direct[ia] += (xb - xa) / samples
                continue
            direct[ia] += (ia + 1 - xa) / samples
            direct[ib] += (xb - ib) / samples
            steps[ia + 1] += 1 / samples
            steps[ib] -= 1 / samples
    out = [0.0] * size
    running = 0.0
    for i in range(size):
        running += steps[i]
        out[i] = min(1.0, running + direct[i])
    return out


def icon_png(size: int) -> bytes:
    """The app icon as a ``size`` x ``size`` RGB PNG, drawn from `ICON_SHAPES`.

    Anti-aliased by exact horizontal coverage over four sub-rows per pixel; the same
    size always gives the same bytes.
    """
    scale = size / ICON_GRID
    shapes = [(_rgb(c), [(x * scale, y * scale) for x, y in pts]) for c, pts in ICON_SHAPES]
    background = bytes(_rgb(ICON_BACKGROUND)) * size
    raw = bytearray()
    for row in range(size):
        raw.append(0)  # PNG filter: none
        crossing = [
            (colour, points) for colour, points in shapes
            if min(y for _, y in points) < row + 1 and row < max(y for _, y in points)
        ]
        if not crossing:
            raw += background
            continue
        pixels = [[float(v) for v in _rgb(ICON_BACKGROUND)] for _ in range(size)]
        for colour, points in crossing:
            for i, c in enumerate(_coverage(size, points, row)):
                if c > 0:
                    pixel = pixels[i]
                    for ch in range(3):
                        pixel[ch] += (colour[ch] - pixel[ch]) * c
        raw += bytes(round(v) for pixel in pixels for v in pixel)

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
        + chunk(b"IEND", b"")
    )


def write_icons(dist: Path) -> None:
    """Write ``icon.svg`` and ``icon-<size>.png`` (`ICON_PNG_SIZES`) into ``dist``."""
    (dist / "icon.svg").write_text(icon_svg(), encoding="utf-8")
    for size in ICON_PNG_SIZES:
        (dist / f"icon-{size}.png").write_bytes(icon_png(size))
