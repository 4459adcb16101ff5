"""The census's measure of a page (``measure.js``): what is wrong on the screen shown.

A finding is a :class:`Finding`: its kind (:data:`KINDS`), where (a short selector and
the element's text) and a detail (the broken word, the pixels cut, the target's size).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: The JavaScript function the page runs (``page.evaluate(MEASURE_JS, options)``).
MEASURE_JS: str = (Path(__file__).parent / "measure.js").read_text(encoding="utf-8")
#: The table's layout measure (issue 12), shared with tests/e2e/test_layout.py: a function
#: of ``[touch, own, minTarget, minText, slack]`` returning ``{"problems": [...], "zones":
#: {zone: [left, top, right, bottom] or null}}``.
LAYOUT_JS: str = (Path(__file__).parent / "layout_measure.js").read_text(encoding="utf-8")
#: The kinds of finding, in the order the reports list them, with a heading each.
KINDS: dict[str, str] = {
    "broken-word": "words broken inside a word",
    "text-cut": "text cut",
    "sideways-box": "boxes scrolling sideways",
    "icon-covered": "card icons covered",
    "text-overlap": "text boxes overlapping",
    "small-target": "targets under 24 px",
    "page-scroll": "sideways page scroll",
    "layout": "the table's layout: zones off the screen (layout_measure.js)",
    "screen-failed": "screen not reached",
}
#: The smallest target, in CSS pixels (WCAG 2.5.8), on every size.
MIN_TARGET = 24
#: Sub-pixel rounding allowed on every measure.
SLACK = 0.5


@dataclass(frozen=True)
class Finding:
    """One defect on one screen: ``kind`` (a key of :data:`KINDS`), ``where`` (the
    element: a short selector and its text), ``detail``."""

    kind: str
    where: str
    detail: str = ""

    def line(self) -> str:
        """``text-cut: h2#round-title "Bot difficile ga…" (text outside by 12 px)``."""
        return f"{self.kind}: {self.where}" + (f" ({self.detail})" if self.detail else "")


def measure(page: Any) -> list[Finding]:
    """The findings on ``page`` (a Playwright page) as it is now."""
    width = (page.viewport_size or {}).get("width", 0)  # the screen's, not innerWidth
    result: dict[str, Any] = page.evaluate(MEASURE_JS, {"slack": SLACK, "minTarget": MIN_TARGET,
                                                        "width": width})
    return [Finding(f["kind"], f["where"], f.get("detail") or "") for f in result["findings"]]


def layout(page: Any, touch: bool, own: bool, *, targets: bool = True) -> list[Finding]:
    """:data:`LAYOUT_JS`'s problems on ``page`` as ``layout`` findings: with ``own`` (a
    decision of the player) the hand, piles and prompt and their cards inside the
    window; with ``touch`` and ``targets``, 44 px targets and 12 px text."""
    result: dict[str, Any] = page.evaluate(LAYOUT_JS, [touch and targets, own, 44, 12, SLACK])
    return [Finding("layout", "#playing", p) for p in result["problems"]]
