"""The sizes and languages the census covers."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Size:
    """A screen: width and height in CSS pixels, and whether it is a touch screen
    (a phone or tablet: ``has_touch`` and ``is_mobile`` in the browser)."""

    width: int
    height: int
    touch: bool

    @property
    def name(self) -> str:
        """``390x844``."""
        return f"{self.width}x{self.height}"


#: Every size of the census, smallest first (issue 39).
SIZES: tuple[Size, ...] = (Size(320, 568, True), Size(390, 844, True), Size(844, 390, True),
                           Size(768, 1024, True), Size(1280, 800, False))
#: The sizes the browser tests assert (a phone, a laptop).
TEST_SIZES: tuple[Size, ...] = (Size(390, 844, True), Size(1280, 800, False))
#: The page's languages.
LANGUAGES: tuple[str, ...] = ("en", "fr", "nl", "tr")


def size_named(name: str) -> Size:
    """The size of :data:`SIZES` called ``name`` (``390x844``).

    Raises:
        ValueError: no such size.
    """
    for size in SIZES:
        if size.name == name:
            return size
    raise ValueError(f"unknown size {name!r}; use one of {[s.name for s in SIZES]}")
