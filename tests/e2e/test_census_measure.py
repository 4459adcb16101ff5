"""The census's measure (``tools/census/measure.js``) on pages made for it: each kind of
defect is found, named by its element, and the look-alikes that are no defect are not
(a break at a hyphen, a hinted scroller, a sticky head over what scrolls under it, a
link inside a sentence, visually hidden text)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from tools.census.measure import measure

ICON = ('<svg viewBox="0 0 48 48" style="display:block;width:40px;height:40px">'
        '<circle cx="24" cy="24" r="20"/></svg>')

CASES: dict[str, tuple[str, list[tuple[str, str]]]] = {
    "broken word": ('<p id="w" style="width:24px;overflow-wrap:anywhere">bleu foncé</p>',
                    [("broken-word", "p#w")]),
    "break at a hyphen": ('<p style="width:70px">donker-blauw bleu-ciel</p>', []),
    "soft hyphen": ('<p style="width:60px">donker\u00adblauw</p>', []),
    "ellipsis": ('<p id="e" style="width:60px;overflow:hidden;white-space:nowrap;'
                 'text-overflow:ellipsis">Le coach jouerait</p>', [("text-cut", "p#e")]),
    "ellipsis by a fifth of a pixel": (
        '<p id="f" style="display:inline-block;overflow:hidden;white-space:nowrap;'
        'text-overflow:ellipsis">Le coach jouerait</p><script>const f = document.'
        'getElementById("f"); f.style.width = (f.getBoundingClientRect().width - 0.2)'
        ' + "px"</script>', [("text-cut", "p#f")]),
    "ellipsis that fits": (
        '<p id="g" style="display:inline-block;overflow:hidden;white-space:nowrap;'
        'text-overflow:ellipsis">Le coach jouerait</p>', []),
    "clipped height": ('<div id="h" style="width:80px;height:20px;overflow:hidden">'
                       'one two three four five six</div>', [("text-cut", "div#h")]),
    "fits": ('<p style="width:200px;overflow:hidden;text-overflow:ellipsis">short</p>', []),
    "sideways box": ('<div id="s" style="width:100px;overflow-x:auto">'
                     '<div style="width:300px">wide</div></div>', [("sideways-box", "div#s")]),
    "hinted scroller": ('<div data-scroll-hint style="width:100px;overflow-x:auto">'
                        '<div style="width:300px">wide</div></div>', []),
    "icon covered": (f'<div class="card" id="c" style="width:48px;position:relative">{ICON}'
                     '<span style="position:absolute;top:12px;left:0">Penguin</span></div>',
                     [("icon-covered", "div#c")]),
    "icon clear": (f'<div class="card" style="width:60px"><span>Crab</span>{ICON}</div>', []),
    "text over text": ('<div style="position:relative;height:40px"><span id="a">first words'
                       '</span><span style="position:absolute;left:10px;top:2px">second'
                       '</span></div>', [("text-overlap", "span#a")]),
    "sticky head": ('<div style="height:80px;overflow:auto"><h2 style="position:sticky;top:0;'
                    'margin:0;background:#fff">Head</h2><div id="x" style="height:400px">'
                    '<p>one</p><p>two</p></div></div>', []),
    "icon scrolled away": ('<div style="height:60px;overflow:auto"><div style="height:200px">'
                           '</div><div class="card" style="width:48px">' + ICON + '</div></div>'
                           '<p style="height:300px;background:#fff">a box below</p>', []),
    "small target": ('<button id="b" style="width:20px;height:20px;padding:0">x</button>',
                     [("small-target", "button#b")]),
    "link in a sentence": ('<p>See <a href="#r">the rules</a> first.</p>', []),
    "visually hidden": ('<span style="position:absolute;width:1px;height:1px;overflow:hidden;'
                        'clip:rect(0 0 0 0);white-space:nowrap">a long hidden sentence</span>',
                        []),
    "page scroll": ('<div style="width:1000px">wide</div>', [("page-scroll", "html")]),
}


@pytest.fixture(scope="module")
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 390, "height": 600})
    context.route("**/*", lambda route: route.abort())
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("case", list(CASES))
def test_each_defect_and_no_other(page: Page, case: str) -> None:
    body, expected = CASES[case]
    page.set_content(f'<!doctype html><html lang="en"><body style="margin:8px;'
                     f'font:16px/20px sans-serif">{body}</body></html>')
    found = sorted({(f.kind, f.where.split(" ")[0]) for f in measure(page)})
    assert found == expected, measure(page)


def test_page_scroll_on_an_emulated_phone(browser: Browser) -> None:
    """A phone's emulation (``is_mobile``) widens the layout viewport to content that is
    too wide (``innerWidth`` grows with it): the sideways scroll is still found, against
    the screen's own width."""
    context = browser.new_context(viewport={"width": 320, "height": 568}, is_mobile=True,
                                  has_touch=True)
    context.route("**/*", lambda route: route.abort())
    try:
        page = context.new_page()
        page.set_content('<!doctype html><html lang="en"><head><meta name="viewport" '
                         'content="width=device-width, initial-scale=1"></head><body>'
                         '<div style="width:333px">wide</div></body></html>')
        assert ("page-scroll", "html") in {(f.kind, f.where) for f in measure(page)}
    finally:
        context.close()
