"""The centre panel of the table: the decision panel ``seasalt.ssp.prompt`` describes.

This module only renders: titles, texts, buttons and cards come as data (with their
words and action codes) from ``api.prompt``; nothing here knows a rule or a sentence.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from seasalt import web_api as api

from .cards import card, card_back
from .dom import button, el
from .store import ui

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


def prompt_button(b: Mapping[str, Any], extra: str = "") -> Any:
    """A prompt button: an action code (``data-code``) or a page action; ``extra``:
    more CSS classes."""
    cls = BUTTON_CLASSES[b["style"]] + (f" {extra}" if extra else "")
    attrs = {"title": b["title"]} if b["title"] else {}
    return button(b["label"], code=b["code"], action=b["action"], cls=cls, **attrs)


def render_part(part: Mapping[str, Any]) -> list[Any]:
    """The DOM nodes of one part of the panel (see ``seasalt.ssp.prompt``)."""
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
        return [el("div", *(el("div", card(c["card"], "big"),
                                el("div", *(prompt_button(b) for b in c["buttons"]),
                                   class_="keep-buttons"),
                                class_="keep-choice") for c in part["choices"]),
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
                nodes.append(card(c["card"], "clickable", data_code=c["code"], role="button",
                                  tabindex="0", title=c["title"]))
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


def prompt_parts(v: dict[str, Any]) -> list[Any]:
    """The centre panel: what to do now (your turn) or what is happening (others)."""
    p = api.prompt(v, ui.selection)
    title = el("h3", p["title"], el("span", class_="dots") if p["busy"] else None,
               class_="prompt-title")
    return [title, *(node for part in p["parts"] for node in render_part(part))]
