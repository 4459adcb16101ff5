"""The screen census in the browser tests (issue 39): every screen of
``tools/census/screens.py``, at 390×844 (touch) in English, French, Dutch and Turkish and
at 1280×800 in English and Dutch (`TEST_LANGUAGES`), has no word broken inside a word, no
text cut, no box scrolling sideways (but the hinted ones), no card icon covered, no text
over other text, no target under 24 px and no sideways page scroll
(``tools/census/measure.js``).

One page per size and language visits every screen in turn (the census's own order: the
saved positions stored once, each reached from the setup screen's list without a
reload); each (size, language, screen) is a test of its own, reading that run's
findings. ``python -m tools.census`` runs the same at every size, with screenshots.

At these two sizes the census also runs ``test_layout.py``'s measure
(``tools/census/layout_measure.js``) on the table's decisions and the round's and game's end: the
decision's zones and cards inside the viewport, and on the touch size 44 px targets and
12 px text (``test_layout.py`` checks the other sizes).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Browser

from tools.census.browse import Visit, visit
from tools.census.measure import Finding, layout
from tools.census.positions import DECISIONS, PHASES
from tools.census.run import census_page
from tools.census.screens import SCREENS, Screen
from tools.census.sizes import LANGUAGES, TEST_SIZES, Size

#: The screens ``LAYOUT`` checks.
LAYOUT_SCREENS = frozenset(DECISIONS)

Census = Callable[[Size, str], dict[str, list[Finding]]]


def table_layout(v: Visit, screen: Screen) -> list[Finding]:
    """``layout_measure.js``'s problems on a decision (its zones on one screen) or a
    round's or game's end, with touch targets of 44 px and text of 12 px on touch."""
    if screen.name not in LAYOUT_SCREENS:
        return []
    return layout(v.page, v.size.touch, screen.name not in PHASES)


def crashed(findings: dict[str, list[Finding]]) -> bool:
    """Whether the browser's page crashed during a census run (the machine, not the page)."""
    return any(f.kind == "screen-failed" and "crashed" in f.detail
               for found in findings.values() for f in found)


@pytest.fixture(scope="module")
def census(browser: Browser, site_url: str) -> Census:
    """The findings by screen of one census page per size and language, run once each."""
    runs: dict[tuple[str, str], dict[str, list[Finding]]] = {}

    def get(size: Size, lang: str) -> dict[str, list[Finding]]:
        key = (size.name, lang)
        for _attempt in range(2):  # once more if the browser's page crashed (as --reruns)
            if key in runs and not crashed(runs[key]):
                break
            with visit(browser, site_url, size, lang) as v:
                shots = census_page(v, extra=table_layout)
            runs[key] = {s.screen: s.findings for s in shots}
        return runs[key]

    return get


#: The languages asserted at each size: all four on the phone, where words break and boxes
#: overflow; on the laptop English and Dutch, the longest words (CI's time on two cores is
#: at its limit; ``python -m tools.census`` still measures every size in every language).
TEST_LANGUAGES: dict[str, tuple[str, ...]] = {"390x844": LANGUAGES, "1280x800": ("en", "nl")}

CASES = [pytest.param(size, lang, screen.name, id=f"{size.name}-{lang}-{screen.name}")
         for size in TEST_SIZES for lang in TEST_LANGUAGES[size.name] for screen in SCREENS]


@pytest.mark.parametrize(("size", "lang", "screen"), CASES)
def test_no_layout_defect(census: Census, size: Size, lang: str, screen: str) -> None:
    findings = census(size, lang)[screen]
    assert not findings, "\n".join(f.line() for f in findings)


#: At 320×568, what the census checks on a few screens (the kinds of finding; the
#: opponents' names, cut on every table screen there, are the seats' business).
NARROW: dict[str, frozenset[str]] = {
    "pepper": frozenset({"broken-word", "sideways-box", "page-scroll"}),
    "round-over": frozenset({"broken-word", "sideways-box", "text-cut", "page-scroll"}),
    "game-over": frozenset({"broken-word", "sideways-box", "text-cut", "page-scroll"}),
    "calc-seat": frozenset({"broken-word", "sideways-box", "text-cut", "page-scroll"}),
    "calc-scores": frozenset({"broken-word", "sideways-box", "text-cut", "page-scroll"}),
}


@pytest.mark.parametrize("lang", ["nl", "tr"])
def test_the_narrowest_phone(browser: Browser, site_url: str, lang: str) -> None:
    """At 320×568 in Dutch and Turkish: the table's event wraps below the piles instead
    of squeezing into a column (no sideways board), the standings and the round's notes
    break between words only ("Ea / sy bot 1", "donkerbla / uw" were), the game's round
    table fits, and the calculator's tabs show their names whole ("Oyuncular" was
    cut)."""
    size = Size(320, 568, True)
    screens = [s for s in SCREENS if s.name in ("setup", "saved-list", *NARROW)]
    with visit(browser, site_url, size, lang) as v:
        shots = census_page(v, screens)
    found = [f"{s.screen}: {f.line()}" for s in shots for f in s.findings
             if f.kind == "screen-failed" or f.kind in NARROW.get(s.screen, ())]
    assert not found, "\n".join(found)


def test_a_tablets_game_over(browser: Browser, site_url: str) -> None:
    """At 768×1024 in Dutch, four seats' round table on the game-over screen fits in its
    half of the figures (it scrolled sideways there)."""
    screens = [s for s in SCREENS if s.name in ("setup", "saved-list", "game-over")]
    with visit(browser, site_url, Size(768, 1024, True), "nl") as v:
        shots = census_page(v, screens)
    found = [f"{s.screen}: {f.line()}" for s in shots for f in s.findings]
    assert not found, "\n".join(found)
