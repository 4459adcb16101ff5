"""The census's run: every screen of :data:`~tools.census.screens.SCREENS` on one page per
size and language, each photographed and measured (:func:`census_page`, :func:`run`).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .browse import Visit, visit
from .measure import Finding, layout, measure
from .positions import DECISIONS, PHASES
from .screens import SCREENS, Screen, settle, setup
from .sizes import Size


@dataclass
class Shot:
    """One screen at one size in one language: its screenshot (a path relative to the
    census folder, or '' when none) and its findings."""

    screen: str
    size: str
    lang: str
    image: str
    findings: list[Finding] = field(default_factory=list)


def census_page(v: Visit, screens: Iterable[Screen] = SCREENS, out: Path | None = None,
                log: Callable[[str], None] | None = None,
                extra: Callable[[Visit, Screen], list[Finding]] | None = None) -> list[Shot]:
    """Visit ``screens`` in order on ``v``, measuring each (and writing its screenshot
    under ``out``/``<size>-<lang>/`` when ``out`` is given; ``extra``: more checks of a
    screen, their findings added to the measure's). A screen that cannot be
    reached is a ``screen-failed`` finding; the page is then reloaded on its setup
    screen and the next screen tried.

    ``screens`` must keep :data:`SCREENS`' order (each starts from the one before; the
    first of them must be ``setup``, and the saved list must come before the games).
    """
    shots = []
    folder = f"{v.size.name}-{v.lang}"
    for screen in screens:
        start = time.monotonic()
        image = ""
        try:
            screen.go(v)
            settle(v)
            findings = measure(v.page)
            if extra is not None:
                findings += extra(v, screen)
            if out is not None:
                image = f"{folder}/{screen.name}.png"
                (out / folder).mkdir(parents=True, exist_ok=True)
                v.page.screenshot(path=str(out / image), full_page=True)
        except Exception as exc:  # noqa: BLE001 - the census goes on; the finding says why
            findings = [Finding("screen-failed", screen.name, str(exc).splitlines()[0][:200])]
            v.errors.clear()
            with contextlib.suppress(Exception):  # the next screen will say so too
                setup(v)
        if v.blocked:
            findings.append(Finding("screen-failed", screen.name,
                                    f"requests left the machine: {v.blocked[:3]}"))
            v.blocked.clear()
        shots.append(Shot(screen.name, v.size.name, v.lang, image, findings))
        if log is not None:
            log(f"{folder} {screen.name}: {len(findings)} in {time.monotonic() - start:.1f} s")
    return shots


def table_layout(v: Visit, screen: Screen) -> list[Finding]:
    """On a decision of the table, its zones (hand, piles, prompt) and their cards
    inside the window (``layout_measure.js``; not at 320×568, where the table may
    scroll: issue 12)."""
    if screen.name not in DECISIONS or screen.name in PHASES or v.size.width < 360:
        return []
    return layout(v.page, v.size.touch, True, targets=False)


def run(browser: Any, url: str, sizes: Iterable[Size], languages: Iterable[str],
        screens: Iterable[Screen], out: Path | None,
        log: Callable[[str], None] | None = None) -> list[Shot]:
    """:func:`census_page` for every size and language, each on a fresh page."""
    shots: list[Shot] = []
    wanted = list(screens)
    for size in sizes:
        for lang in languages:
            with visit(browser, url, size, lang) as v:
                shots += census_page(v, wanted, out, log, extra=table_layout)
    return shots
