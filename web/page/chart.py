"""The game-over screen's chart of the totals by round (an SVG line chart; every word
from the presenter's ``game_summary``)."""

from __future__ import annotations

from typing import Any

from pyscript import document

from .dom import el

SVG_NS = "http://www.w3.org/2000/svg"
CHART_W, CHART_H = 320, 170
"""The chart's drawing box (the SVG scales to its container's width)."""
PAD_L, PAD_R, PAD_T, PAD_B = 30, 10, 10, 22
"""Room for the axis labels inside the drawing box."""
HEADROOM = 0.12
"""Room above the highest total, as a share of it."""
TICK_GAP = 14
"""The least distance between two of the axis's labels, in the drawing box's units."""


def svg(tag: str, **attrs: str) -> Any:
    """An SVG element (``class_`` sets ``class``; other underscores become dashes)."""
    node = document.createElementNS(SVG_NS, tag)
    for name, value in attrs.items():
        node.setAttribute("class" if name == "class_" else name.replace("_", "-"), value)
    return node


def totals_chart(chart: dict[str, Any]) -> Any:
    """The totals by round as an SVG line chart (one line per player, the target as a
    dashed line at the target, labelled with the presenter's words and marked on the
    axis), with a legend and a text alternative from the presenter."""
    rounds = chart["rounds"]
    target = int(chart["target"] or 0)
    highest = max(1, int(chart["max"]))
    top = highest * (1 + HEADROOM)  # the leader's line stays clear of the frame
    w, h = CHART_W - PAD_L - PAD_R, CHART_H - PAD_T - PAD_B
    steps = max(1, len(rounds) - 1)

    def x(i: int) -> float:
        return PAD_L + w * i / steps

    def y(v: float) -> float:
        return PAD_T + h * (1 - v / top)

    root = svg("svg", viewBox=f"0 0 {CHART_W} {CHART_H}", role="img",
               aria_label=chart["label"], class_="chart")
    root.append(svg("line", x1=str(PAD_L), y1=str(y(0)), x2=str(PAD_L + w), y2=str(y(0)),
                    class_="axis"))
    # the axis says 0, the target and the highest total (a value too close to the
    # target, whose label would overlap its own, is left out)
    values = [0, target] if target else [0, highest // 2]
    if all(abs(y(highest) - y(v)) >= TICK_GAP for v in values):
        values.append(highest)
    for value in values:
        label = svg("text", x=str(PAD_L - 4), y=str(y(value) + 4),
                    class_="tick target-tick" if value == target else "tick",
                    text_anchor="end")
        label.textContent = str(value)
        root.append(label)
    for i in rounds:
        label = svg("text", x=str(x(i)), y=str(CHART_H - 6), class_="tick",
                    text_anchor="middle")
        label.textContent = str(i)
        root.append(label)
    if target:
        ty = y(target)
        root.append(svg("line", x1=str(PAD_L), y1=str(ty), x2=str(PAD_L + w), y2=str(ty),
                        class_="target"))
        words = svg("text", x=str(PAD_L + 4), y=str(ty - 4), class_="target-label",
                    text_anchor="start")
        words.textContent = chart["target_label"]
        root.append(words)  # at the left, above the line: the lines start low there
    for s in chart["series"]:
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(s["totals"]))
        group = svg("g", class_=f"series seat-{s['seat']}", data_seat=str(s["seat"]))
        group.append(svg("polyline", points=points, fill="none"))
        for i, v in enumerate(s["totals"]):
            group.append(svg("circle", cx=f"{x(i):.1f}", cy=f"{y(v):.1f}", r="3"))
        root.append(group)
    legend = el("ul", *(el("li", el("span", class_=f"swatch seat-{s['seat']}"), s["name"])
                        for s in chart["series"]), class_="legend", aria_hidden="true")
    return el("figure", el("figcaption", chart["title"]), root, legend, class_="totals-chart")
