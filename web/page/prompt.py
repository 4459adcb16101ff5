"""The centre panel of the table: the decision panel ``seasalt.ssp.present.prompt`` describes.

This module only renders: titles, texts, buttons and cards come as data (with their
words and action codes) in the payload's ``prompt`` (worded for the page's selection);
nothing here knows a rule or a sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pyscript import document, window

from .cards import card, card_back
from .dom import button, byid, el, found, listen
from .keys import mark

BUTTON_CLASSES: dict[str, str] = {
    "primary": "btn primary", "plain": "btn", "small": "btn primary small",
    "quiet": "btn quiet small", "end": "btn end", "forced": "btn primary big forced-draw",
    "announce": "btn announce",
}
"""CSS classes of a prompt button by its ``style``."""
TEXT_CLASSES: dict[str, str] = {
    "instruction": "instruction", "note": "muted", "hint": "instruction muted",
    "warn": "instruction warn", "looking": "muted looking",
}
"""CSS classes of a prompt text by its ``tone``."""
GROUP_CLASSES: dict[str, str] = {
    "actions": "actions", "duo-options": "actions duo-options",
    "angelfish": "actions angelfish", "pick": "cards pick-cards",
    "swap": "cards swap-their-hand",
}
"""CSS classes of a row of buttons or cards by its ``group``."""
CONFIRMED: dict[str, str] = {"last-chance": "confirm-last-chance"}
"""Announcements asked again in a dialog before they are sent (``announce`` rows by
``kind``: the dialog block that asks)."""


def prompt_button(b: Mapping[str, Any], extra: str = "") -> Any:
    """A prompt button: an action code (``data-code``) or a page action; ``extra``:
    more CSS classes."""
    cls = BUTTON_CLASSES[b["style"]] + (f" {extra}" if extra else "")
    attrs = {"title": b["title"]} if b["title"] else {}
    if extra in CONFIRMED:
        attrs["data_confirm"] = CONFIRMED[extra]
        attrs["aria_haspopup"] = "dialog"
    return mark(button(b["label"], code=b["code"], action=b["action"], cls=cls, **attrs),
                b.get("key"))


def keep_card(c: Mapping[str, Any]) -> Any:
    """A drawn card of the keep step: a click chooses it to keep (``aria-pressed``);
    dragged onto a pile it goes there (``data-drop-<pile>``: the code, see `on_drag_end`),
    or, dropped on a pile it may not go to, the presenter's reason is said
    (``data-refuse-<pile>``)."""
    selected = c["state"] == "selected"
    attrs = {f"data_drop_{pile}": code for pile, code in c["drops"].items()}
    attrs.update({f"data_refuse_{pile}": why for pile, why in c.get("refusals", {}).items()})
    node = card(c["card"], "big clickable keep-card" + (f" {c['state']}" if c["state"] else ""),
                description=c["description"], role="button", tabindex="0", title=c["title"],
                aria_pressed="true" if selected else "false", **attrs)
    if c["drops"]:
        node.style.touchAction = "none"  # a touch drag moves the card, not the page
    return node


def render_part(part: Mapping[str, Any]) -> list[Any]:
    """The DOM nodes of one part of the panel (see ``seasalt.ssp.present.prompt``)."""
    kind = part["type"]
    if kind == "text":
        return [el("p", part["text"], class_=TEXT_CLASSES[part["tone"]])]
    if kind == "backs":
        return [el("div", *(card_back() for _ in range(part["count"])), class_="cards mini")]
    if kind == "buttons":
        nodes = [prompt_button(b) for b in part["buttons"]]
        if part["group"] == "selection":  # a lone page button, outside any row
            return nodes
        return [el("div", *nodes, class_=GROUP_CLASSES[part["group"]])]
    if kind == "keep":
        return [el("div", *(el("div", keep_card(c),
                                el("div", *(prompt_button(b) for b in c["buttons"]),
                                   class_="keep-buttons") if c["buttons"] else None,
                                class_="keep-choice" + (f" {c['state']}" if c["state"] else ""))
                            for c in part["choices"]),
                   class_="keep-choices")]
    if kind == "events":
        return [el("div", *(el("div", el("div", el("span", c["title"], class_="event-title"),
                                         el("span", c["text"], class_="event-text"),
                                         class_="event-card"),
                                prompt_button(c["button"]), class_="event-choice")
                            for c in part["choices"]), class_="event-choices")]
    if kind == "cards":
        nodes = []
        for c in part["cards"]:
            if c["code"] is not None:
                # named by what it shows (label in name), like a hand card
                nodes.append(mark(card(c["card"], "clickable", data_code=c["code"],
                                       role="button", tabindex="0", title=c["title"]),
                                  c.get("key")))
            else:
                nodes.append(card(c["card"], c["state"]))
        return [el("div", *nodes, class_=GROUP_CLASSES[part["group"]])]
    if kind == "announce":
        return [el("div", *(el("div", prompt_button(r["button"], r["kind"]),
                               el("span", r["hint"], class_="hint-text"),
                               class_="announce-row") for r in part["rows"]),
                   class_="announcements")]
    if kind == "recent":
        return [el("ul", *(el("li", line) for line in part["lines"]), class_="recent")]
    raise ValueError(f"unknown prompt part {kind!r}")


def draw_prompt(v: dict[str, Any]) -> None:
    """Draw the centre panel: what to do now (your turn) or what is happening (others).

    The title stays one element (``#prompt-title``, a polite live region said only
    when its words change, and where the focus rests during others' turns); the rest
    of the panel is drawn anew.
    """
    p = v["prompt"]
    box = byid("prompt")
    title = byid("prompt-title")
    if not found(title):
        title = el("h3", el("span", class_="prompt-words"), el("span", class_="dots",
                                                              aria_hidden="true"),
                   id="prompt-title", class_="prompt-title", tabindex="-1",
                   aria_live="polite")
        box.replaceChildren(title)
    words = title.querySelector(".prompt-words")
    if words.textContent != p["title"]:
        words.textContent = p["title"]
    title.querySelector(".dots").hidden = not p["busy"]
    while found(title.nextSibling):
        title.nextSibling.remove()
    box.append(*(node for part in p["parts"] for node in render_part(part)))


# --------------------------------------------------------------------------- drag a card

DRAG_PX = 8
"""A press that moves farther is a drag (shorter: a click)."""
_drag: dict[str, Any] = {"node": None, "x": 0.0, "y": 0.0, "moving": False, "until": 0.0,
                         "id": None}


def _pile_under(x: float, y: float) -> Any:
    """The pile element at a point (the dragged card lets the pointer through)."""
    hit = document.elementFromPoint(x, y)
    return hit.closest("[data-pile]") if found(hit) else None


def on_drag_start(event: Any) -> None:
    """A press on a drawn card that can be dragged onto a pile (``data-drop-*``)."""
    node = event.target.closest(".keep-card") if found(event.target) else None
    if not found(node) or not event.isPrimary or (
            event.pointerType == "mouse" and event.button != 0):
        return
    _drag.update(node=node, x=float(event.clientX), y=float(event.clientY), moving=False,
                 id=event.pointerId)


def on_drag_move(event: Any) -> None:
    """Move the pressed card with the pointer; the piles it may go to are marked."""
    node = _drag["node"]
    if node is None or event.pointerId != _drag["id"]:
        return
    dx, dy = float(event.clientX) - _drag["x"], float(event.clientY) - _drag["y"]
    if not _drag["moving"]:
        if abs(dx) <= DRAG_PX and abs(dy) <= DRAG_PX:
            return
        _drag["moving"] = True
        node.classList.add("dragging")
        # a copy follows the pointer above everything (no panel clips it); it lets the
        # pointer through, so elementFromPoint sees the pile under it
        rect = node.getBoundingClientRect()
        ghost = node.cloneNode(True)
        ghost.classList.add("drag-ghost")
        for attr in ("role", "tabindex", "data-card", "title", "aria-pressed"):
            ghost.removeAttribute(attr)
        ghost.setAttribute("aria-hidden", "true")
        style = ghost.style
        style.position = "fixed"
        style.left, style.top = f"{rect.left}px", f"{rect.top}px"
        style.width, style.height = f"{rect.width}px", f"{rect.height}px"
        style.margin = "0"
        style.pointerEvents = "none"
        style.zIndex = "1000"
        document.body.append(ghost)
        _drag["ghost"] = ghost
        for pile in document.querySelectorAll("[data-pile]"):
            if node.hasAttribute(f"data-drop-{pile.getAttribute('data-pile')}"):
                pile.classList.add("drop-target")
    event.preventDefault()
    _drag["ghost"].style.transform = f"translate({dx}px, {dy}px)"
    over = _pile_under(event.clientX, event.clientY)
    for pile in document.querySelectorAll(".drop-target"):
        pile.classList.toggle("drop-over", found(over) and pile == over)


def _drop_attr(node: Any, x: float, y: float, kind: str) -> str | None:
    """The card's ``data-<kind>-<pile>`` for the pile at (x, y): the code a drop there
    sends (``drop``), or why it may not go there (``refuse``)."""
    pile = _pile_under(x, y)
    if not found(pile):
        return None
    value = node.getAttribute(f"data-{kind}-{pile.getAttribute('data-pile')}")
    return value if isinstance(value, str) and value else None


def on_drag_end(event: Any) -> None:
    """Drop: on a pile the card may go to, send its code (the other card is kept);
    anywhere else the card goes back, and on a pile it may not go to, the reason is
    said (issue 39: a drag that snaps back says why). A drag is not a click
    (`dragged`)."""
    node = _drag["node"]
    if node is None or event.pointerId != _drag["id"]:
        return
    _drag["node"] = None
    if not _drag["moving"]:
        return
    _drag["until"] = float(window.performance.now()) + 400
    up = event.type == "pointerup"
    code = _drop_attr(node, event.clientX, event.clientY, "drop") if up else None
    why = _drop_attr(node, event.clientX, event.clientY, "refuse") if up else None
    node.classList.remove("dragging")
    ghost = _drag.pop("ghost", None)
    if ghost is not None:
        ghost.remove()
    for pile in document.querySelectorAll(".drop-target"):
        pile.classList.remove("drop-target", "drop-over")
    if code is not None:
        _drag["drop"](code)
    elif why is not None:
        _drag["refuse"](why)


def dragged() -> bool:
    """Whether a click now is the end of a drag (then it is no click); true once."""
    recent = float(window.performance.now()) < _drag["until"]
    _drag["until"] = 0.0
    return recent


def listen_drags(drop: Callable[[str], None], refuse: Callable[[str], None]) -> None:
    """Listen to the pointer for drags (once, at start); a card dropped on a pile sends
    its action's code to ``drop`` (the page's `events.submit`), or the presenter's
    reason why it may not go there to ``refuse`` (`flow.tell`: the table's message, a
    live region)."""
    if _drag.get("on"):
        return
    _drag["on"] = True
    _drag["drop"] = drop
    _drag["refuse"] = refuse
    listen(document, "pointerdown", on_drag_start)
    listen(document, "pointermove", on_drag_move)
    listen(document, "pointerup", on_drag_end)
    listen(document, "pointercancel", on_drag_end)
