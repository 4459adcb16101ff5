"""The screen census in the browser tests (issue 39): every screen of
``tools/census/screens.py``, at 390×844 (touch) and 1280×800, in English, French, Dutch
and Turkish, has no word broken inside a word, no text cut, no box scrolling sideways
(but the hinted ones), no card icon covered, no text over other text, no target under
24 px and no sideways page scroll (``tools/census/measure.js``).

One page per size and language visits every screen in turn (the census's own order: the
saved positions stored once, each reached from the setup screen's list without a
reload); each (size, language, screen) is a test of its own, reading that run's
findings. ``python -m tools.census`` runs the same at every size, with screenshots.

At these two sizes the census also runs ``test_layout.py``'s measure
(``layout_measure.js``) on the table's decisions and the round's and game's end: the
decision's zones and cards inside the viewport, and on the touch size 44 px targets and
12 px text (``test_layout.py`` checks the other sizes).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from tools.census.browse import Visit, visit
from tools.census.measure import Finding
from tools.census.positions import DECISIONS, PHASES
from tools.census.run import census_page
from tools.census.screens import SCREENS, Screen
from tools.census.sizes import LANGUAGES, TEST_SIZES, Size

#: Screens with defects others are fixing now (issue 39), by screen: the reason. Their
#: tests may fail (``xfail``, not strict); a screen leaves this list once it has none.
KNOWN: dict[str, str] = {
    "help": "the help's card tables: colour names broken, a sideways scroll",
    "help-cards": "the help's card tables: colour names broken, a sideways scroll",
    "help-fdm": "the help's card tables: colour names broken, a sideways scroll",
    "help-fdm-cards": "the help's card tables: colour names broken, a sideways scroll",
    "forced": "small cards: a long name leaves no room for the icon",
    "pepper": "the table's heading cut; the opponents' row scrolls sideways (nl)",
    "final-turn": "small cards: a long name leaves no room for the icon",
    "coach": "the coach's heading cut",
    **dict.fromkeys(("draw", "keep", "keep-empty", "play-duo", "steal", "call", "log-drawer"),
                    "four seats on a phone: an opponent's name cut; at 1280x800 the keep "
                    "step's hand below the fold"),
    "game-over": "four seats: the game's figures scroll sideways",
}

#: ``test_layout.py``'s measure: ``[touch, own, minTarget, minText, slack]`` in,
#: ``{"problems": [...], "zones": ...}`` out.
LAYOUT = (Path(__file__).parent / "layout_measure.js").read_text(encoding="utf-8")
#: The screens ``LAYOUT`` checks.
LAYOUT_SCREENS = frozenset(DECISIONS)

Census = Callable[[Size, str], dict[str, list[Finding]]]


def layout(v: Visit, screen: Screen) -> list[Finding]:
    """``LAYOUT``'s problems on a decision (its zones on one screen) or a round's or
    game's end, as findings."""
    if screen.name not in LAYOUT_SCREENS:
        return []
    own = screen.name not in PHASES
    result = v.page.evaluate(LAYOUT, [v.size.touch, own, 44, 12, 0.5])
    return [Finding("layout", screen.name, p) for p in result["problems"]]


@pytest.fixture(scope="module")
def census(browser: Browser, site_url: str) -> Census:
    """The findings by screen of one census page per size and language, run once each."""
    runs: dict[tuple[str, str], dict[str, list[Finding]]] = {}

    def get(size: Size, lang: str) -> dict[str, list[Finding]]:
        key = (size.name, lang)
        if key not in runs:
            with visit(browser, site_url, size, lang) as v:
                shots = census_page(v, extra=layout)
            runs[key] = {s.screen: s.findings for s in shots}
        return runs[key]

    return get


CASES = [pytest.param(size, lang, screen.name, id=f"{size.name}-{lang}-{screen.name}",
                      marks=[pytest.mark.xfail(reason=KNOWN[screen.name], strict=False)]
                      if screen.name in KNOWN else [])
         for size in TEST_SIZES for lang in LANGUAGES for screen in SCREENS]


@pytest.mark.parametrize(("size", "lang", "screen"), CASES)
def test_no_layout_defect(census: Census, size: Size, lang: str, screen: str) -> None:
    findings = census(size, lang)[screen]
    assert not findings, "\n".join(f.line() for f in findings)
