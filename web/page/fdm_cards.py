"""Fruits de mer's table: what it shows now (`page`), its words and card pictures.

The pieces the table's modules share (`fdm_table` draws the board, `fdm_hand` your
hand and its input, `fdm_scores` the scores and the game's end, `fdm_motion` the
reveal): the payload on screen, the reader and the selected card; the payload's
words (``v["texts"]``); the card pictures (an SVG sprite drawn for this page) and
small face-up cards and backs.
"""

from __future__ import annotations

from typing import Any

from pyscript import document

from .dom import byid, el, found

GAME = "fruits-de-mer"
"""The game name in the payload (``v["game"]``)."""
SVG_NS = "http://www.w3.org/2000/svg"

# Card pictures, drawn for this page (48x48, stroked with the text colour).
ICONS: dict[str, str] = {
    "seaweed": "M16 44c-4-8 4-12 0-20s4-12 0-20M26 44c-3-7 5-11 1-18s4-11 1-18"
               "M35 44c-4-7 4-10 0-16s3-9 0-14",
    "shrimp": "M38 12c-10-4-24 0-26 12-1 8 5 14 13 14 6 0 9-4 8-8-1-3-4-4-6-3"
              "M38 12l6-4M38 12l5 2M16 18l-6 1M14 24l-6 2M15 30l-5 4M25 38l-3 6l6-2",
    "mackerel": "M4 24c8-10 24-11 32 0-8 11-24 10-32 0zM36 24l9-7v14zM12 20h16M11 24h20"
                "M12 28h16",
    "tuna": "M3 24c9-13 27-14 35 0-8 14-26 13-35 0zM38 24l8-10v20zM20 11l6 3M20 37l6-3"
            "M12 22a1 1 0 1 0 0.1 0",
    "shark": "M11 31c7-2 11-11 15-24 2 9 5 18 11 24zM4 33q5-4 10 0t10 0 10 0 10 0"
             "M4 40q5-4 10 0t10 0 10 0 10 0",
    "fisher": "M5 30h38l-6 9H11zM24 6v24M24 8l12 18H24M6 44q4-3 8 0t8 0 8 0 8 0 8 0",
    "warden": "M24 4l16 6v12c0 11-7 18-16 22C15 40 8 33 8 22V10zM17 24l5 5 9-10",
}


# --------------------------------------------------------------------------- state

class _Page:
    """What the board shows now: the payload, the decision it offers (`decision`)
    and the selected kind."""

    v: dict[str, Any] | None = None
    table: object = None
    reader: object = ()
    selected: str | None = None
    built = False


page = _Page()


def decision(v: dict[str, Any], handoff: object = None) -> tuple[Any, ...]:
    """What identifies the decision payload ``v`` offers its reader: the reader (its
    seat, and ``handoff``, the hot seat's hand-off or ``None``), the round, and the
    reader's own pick of this round (``my_choice``'s kind, or None).

    A selected card belongs to one decision: the table forgets it whenever this
    changes (another reader, a new round, a pick held or taken back with Undo), so a
    card selected before is never played by a single tap on a new decision (F4: each
    round, each seat picks one card). Another seat's pick played (a view of another
    ply from a friend's host) is the same decision: a card being selected stays so.
    """
    mine = v.get("my_choice")
    return (v.get("seat"), handoff, v.get("round"),
            mine.get("kind") if isinstance(mine, dict) else None)


def is_fdm(v: dict[str, Any]) -> bool:
    """Whether payload ``v`` is a Fruits de mer one."""
    return v.get("game") == GAME


def texts(v: dict[str, Any]) -> dict[str, str]:
    """The payload's words (``v["texts"]``) as plain strings."""
    words = v.get("texts") or {}
    return {str(k): str(t) for k, t in words.items()}


def word(v: dict[str, Any], key: str) -> str:
    """The payload's word ``key`` (empty when it has none)."""
    return texts(v).get(key, "")


def reveal_title(v: dict[str, Any]) -> str:
    """``Reveal · Round 3 · Bait: Shrimp`` for the payload's last round (the word
    alone before the first round)."""
    last = v.get("last") or {}
    return " · ".join(t for t in (word(v, "reveal"), str(last.get("title") or "")) if t)


# --------------------------------------------------------------------------- drawing bits

def sprite() -> None:
    """Add the card pictures (``#fdm-icon-KIND``) to the document, once."""
    if found(byid("fdm-sprite")):
        return
    svg = document.createElementNS(SVG_NS, "svg")
    svg.setAttribute("id", "fdm-sprite")
    svg.setAttribute("class", "sprite")
    svg.setAttribute("aria-hidden", "true")
    svg.setAttribute("focusable", "false")
    for kind, path in ICONS.items():
        symbol = document.createElementNS(SVG_NS, "symbol")
        symbol.setAttribute("id", f"fdm-icon-{kind}")
        symbol.setAttribute("viewBox", "0 0 48 48")
        for name, value in (("fill", "none"), ("stroke", "currentColor"),
                            ("stroke-width", "2.6"), ("stroke-linecap", "round"),
                            ("stroke-linejoin", "round")):
            symbol.setAttribute(name, value)
        node = document.createElementNS(SVG_NS, "path")
        node.setAttribute("d", path)
        symbol.append(node)
        svg.append(symbol)
    document.body.append(svg)


def icon(kind: str, cls: str = "fdm-icon") -> Any:
    """A decorative picture of card kind ``kind``."""
    svg = document.createElementNS(SVG_NS, "svg")
    svg.setAttribute("class", cls)
    svg.setAttribute("viewBox", "0 0 48 48")
    svg.setAttribute("aria-hidden", "true")
    use = document.createElementNS(SVG_NS, "use")
    use.setAttribute("href", f"#fdm-icon-{kind}")
    svg.append(use)
    return svg


def small_card(kind: str, name: str, cls: str = "", **attrs: str) -> Any:
    """A small face-up card (bait, a played card): picture and name, an image to
    assistive technology named by its name."""
    return el("div", icon(kind), el("span", name, class_="fdm-card-name", aria_hidden="true"),
              class_=f"fdm-mini k-{kind}" + (f" {cls}" if cls else ""), role="img",
              aria_label=name, data_kind=kind, **attrs)


def card_back(cls: str = "") -> Any:
    """A face-down card (decorative: a count says how many)."""
    return el("div", class_="fdm-mini fdm-back" + (f" {cls}" if cls else ""),
              aria_hidden="true")


def play_slot(play: dict[str, Any], name: str, colour: str) -> tuple[Any, Any, Any]:
    """A seat's played card in a reveal: ``(slot, spot, card)``, the slot holding the
    spot (where the card sits until it moves) and the owner's name under it."""
    seat = str(play["seat"])
    card = small_card(play["kind"], play["name"], f"played colour-{colour}", data_seat=seat)
    spot = el("div", card, class_="fdm-spot")
    slot = el("div", spot, el("span", name, class_="fdm-owner"),
              class_=f"fdm-slot colour-{colour}", data_seat=seat)
    return slot, spot, card
