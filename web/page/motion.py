"""Cards that move: FLIP animations of the presenter's moves, and the ``touched`` highlight.

`flow.show_next` calls `before` just before it redraws the table (it records where
each moving card is now) and `after` just after (a copy of each card flies from
there to where the card is drawn now). The moves come from the payload's ``moves``
(read from the seat's own redacted log; those after the last ply drawn fly), so a
card's face shows only where the seat may see it; a face-down move flies a back. The
highlight of what other seats touched since the seat's own last decision comes from
its ``touched``. No rule and no word here.

Visual only: the flying copies are ``aria-hidden``, ``inert``, never focusable,
fixed over the page, and removed when they land (or when the next redraw starts);
no animation at instant speed (the payload's ``motion_ms``) nor under
``prefers-reduced-motion: reduce``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from .cards import card, card_back
from .dom import found

CLONE_CLASS = "motion-clone"
"""Class of a flying copy (``web/motion.css``)."""
LANDING_CLASS = "motion-landing"
"""Class of a card while its copy flies to it (hidden until the copy lands)."""
TOUCHED_CLASS = "touched"
"""Class of what another seat touched since the reader's last decision."""
SETTLE_MS = 40
"""Time after an animation's end before its copies are removed."""
STAGGER = 0.1
"""Each further copy of one redraw starts this share of the length later (at most 3
steps), so two cards drawn together do not fly as one; every copy lands in time."""


@dataclass
class Flight:
    """One move ready to fly: the presenter's move and where its card was on screen."""

    move: dict[str, Any]
    rect: tuple[float, float, float, float]
    nth: int


@dataclass
class Plan:
    """What `after` animates: the flights, their length and the reader's seats."""

    flights: list[Flight] = field(default_factory=list)
    ms: int = 0
    focus: int | None = None


class _Shown:
    """The ply and reader last drawn (moves are those after this ply, same reader)."""

    ply = -1
    reader: tuple[int | None, int | None] | None = None


shown = _Shown()


def reduced_motion() -> bool:
    """Whether the browser asks for reduced motion."""
    return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)


def clear() -> None:
    """Remove every flying copy and landing mark (a new redraw starts)."""
    for node in document.querySelectorAll(f".{CLONE_CLASS}"):
        node.remove()
    for node in document.querySelectorAll(f".{LANDING_CLASS}"):
        node.classList.remove(LANDING_CLASS)


def _one(root: Any, selector: str) -> Any:
    node = root.querySelector(selector) if found(root) else None
    return node if found(node) else None


def _seat_root(seat: int, focus: int | None) -> Any:
    """The element holding seat ``seat``'s places: the bottom area or its panel."""
    if seat == focus:
        return _one(document, "#me")
    return _one(document, f'#opponents [data-seat="{seat}"]')


def zone_root(zone: str, focus: int | None, pile: int | None = None) -> Any:
    """The element that shows ``zone`` (see ``seasalt.ssp.present.motion``), or None."""
    if zone == "draw":
        return _one(document, '#piles [data-pile="draw"]')
    if zone.startswith("pile-"):
        return _one(document, f'#piles [data-pile="{zone[5:]}"]')
    if zone in ("drawn", "looked"):
        return _one(document, "#prompt")
    if zone == "search":
        return _one(document, "#prompt .pick-cards") or _one(
            document, f'#piles [data-pile="{pile}"]')
    where, _, num = zone.rpartition("-")
    if not num.isdigit():
        return None
    seat = int(num)
    root = _seat_root(seat, focus)
    if root is None:
        return None
    if where == "hand":
        return _one(root, ".my-hand" if seat == focus else ".other-hand") or root
    if where == "front":
        return _one(root, ".front") or root
    if where == "reef":
        return _one(root, ".my-reef") or _one(root, ".badge.reef") or root
    return None


def locate(zone: str, cid: int | None, focus: int | None, nth: int = 0, *,
           end: bool = False, pile: int | None = None) -> tuple[Any, bool]:
    """The element a card is (or lands) at: the card itself when face up and drawn,
    the ``nth`` back of the place (from the last one when ``end``) when face down,
    else the place's card stack. Returns ``(element or None, whether it is the card)``."""
    root = zone_root(zone, focus, pile)
    if root is None:
        return None, False
    if cid is not None:
        node = _one(root, f'[data-card="{cid}"]')
        if node is not None:
            shown_node = _shown(node, root)
            return shown_node, shown_node is node
    else:
        backs = root.querySelectorAll(".card.back")
        if backs.length:
            i = min(nth, backs.length - 1)
            return _shown(backs.item(backs.length - 1 - i if end else i), root), False
    return _shown(_one(root, ".stack") or _one(root, ".cards") or root, root), False


def _shown(node: Any, root: Any) -> Any:
    """``node``, or its nearest ancestor up to ``root`` that has a box on screen (a
    small screen may fold a seat's cards into chips); None when even ``root`` has none."""
    while found(node):
        if _rect(node) is not None:
            return node
        if node is root:
            return None
        node = node.parentElement
    return None


def _rect(node: Any) -> tuple[float, float, float, float] | None:
    r = node.getBoundingClientRect()
    if r.width <= 0 or r.height <= 0:
        return None
    return (float(r.left), float(r.top), float(r.width), float(r.height))


def before(v: dict[str, Any], focus: int | None) -> Plan | None:
    """Hook called by `flow.show_next` BEFORE it redraws the table for view ``v``.

    Works out the moves since the ply last drawn for the same reader and records
    where each card is on screen now (the FLIP "first"). Returns None when nothing
    is to fly: another reader (hot seat), a first drawing, the table not on screen,
    instant speed, reduced motion, an undo (an earlier ply).
    """
    clear()
    reader = (v["seat"], focus)
    last, same = shown.ply, shown.reader == reader
    shown.ply, shown.reader = int(v["ply"]), reader
    if not same or last < 0 or int(v["ply"]) <= last:
        return None
    if document.body.getAttribute("data-phase") != "playing":
        return None
    ms = int(v["motion_ms"])
    if ms <= 0 or reduced_motion():
        return None
    plan = Plan(ms=ms, focus=focus)
    count: dict[str, int] = {}
    for m in (m for m in v["moves"] if m["ply"] > last):  # not shown yet
        nth = 0
        if m["card"] is None:
            nth = count.get(m["from"], 0)
            count[m["from"]] = nth + 1
        node, _ = locate(m["from"], m["card"], focus, nth, pile=m.get("pile"))
        rect = _rect(node) if node is not None else None
        if rect is not None:
            plan.flights.append(Flight(m, rect, nth))
    return plan if plan.flights else None


def _clone(m: dict[str, Any]) -> Any:
    """A flying copy: the card's face when the move shows it, else a back; its
    ``data-from``, ``data-to`` and ``data-mover`` say which move it is (for tests)."""
    cid = m["card"]
    node = card(cid) if cid is not None else card_back()
    for name in ("role", "aria-label", "aria-description", "title", "tabindex", "id",
                 "data-code", "data-key"):
        node.removeAttribute(name)
    node.classList.add(CLONE_CLASS)
    node.setAttribute("aria-hidden", "true")
    node.setAttribute("inert", "")
    if cid is None:
        node.setAttribute("data-face", "down")
    node.setAttribute("data-from", m["from"])
    node.setAttribute("data-to", m["to"])
    node.setAttribute("data-mover", str(m["seat"]))
    return node


def _fly(f: Flight, dest: Any, ms: int, i: int = 0) -> Any:
    """Fly a copy from ``f.rect`` to ``dest``'s box (the FLIP "last, invert, play");
    the ``i``-th copy of a plan starts a little later (`STAGGER`) and ends on time."""
    to = _rect(dest)
    if to is None:
        return None
    x, y, w, h = f.rect
    node = _clone(f.move)
    style = node.style
    for prop, value in (("left", f"{x}px"), ("top", f"{y}px"), ("width", f"{w}px"),
                        ("height", f"{h}px")):
        style.setProperty(prop, value)
    document.body.append(node)
    dx, dy = to[0] - x, to[1] - y
    sx, sy = to[2] / w, to[3] / h
    frames = [{"transform": "translate(0px, 0px) scale(1, 1)"},
              {"transform": f"translate({dx}px, {dy}px) scale({sx}, {sy})"}]
    delay = min(i, 3) * ms * STAGGER
    node.animate(to_js(frames, dict_converter=window.Object.fromEntries),
                 to_js({"duration": ms - delay, "delay": delay, "easing": "ease-out",
                        "fill": "both"},
                       dict_converter=window.Object.fromEntries))
    return node


def after(plan: Plan | None, v: dict[str, Any], focus: int | None) -> None:
    """Hook called by `flow.show_next` AFTER it redrew the table for view ``v``: fly
    each planned card to where it is drawn now, then mark what other seats touched."""
    mark_touched(v, focus)
    if plan is None:
        return
    clones: list[Any] = []
    landing: list[Any] = []
    count: dict[str, int] = {}
    for f in plan.flights:
        m = f.move
        nth = 0
        if m["card"] is None:
            nth = count.get(m["to"], 0)
            count[m["to"]] = nth + 1
        dest, is_card = locate(m["to"], m["card"], focus, nth, end=True)
        if dest is None:
            continue
        node = _fly(f, dest, plan.ms, len(clones))
        if node is None:
            continue
        clones.append(node)
        if is_card:
            dest.classList.add(LANDING_CLASS)
            landing.append(dest)
    if not clones:
        return

    def land() -> None:
        for node in clones:
            node.remove()
        for node in landing:
            node.classList.remove(LANDING_CLASS)

    window.setTimeout(create_once_callable(land), plan.ms + SETTLE_MS)


def mark_touched(v: dict[str, Any], focus: int | None) -> None:
    """Put class ``touched`` on what other seats touched since the reader's last
    decision (the payload's ``touched``): piles, cards in front, a hand that got a card."""
    for item in v["touched"]:
        zone, cid = item["zone"], item["card"]
        root = zone_root(zone, focus)
        if root is None:
            continue
        if cid is not None:
            node = _one(root, f'[data-card="{cid}"]')
        else:  # a place as a whole: a pile's card stack, a hand's row of cards
            node = _one(root, ".stack") or _one(root, ".cards") or root
        # a card folded away on a small screen: the nearest place that shows
        node = _shown(node, root) if node is not None else None
        if node is not None:
            node.classList.add(TOUCHED_CLASS)
