"""The centre panel of the table: the decision panel ``seasalt.ssp.prompt`` describes.

This module only renders: titles, texts, buttons and cards come as data (with their
words and action codes) from ``api.prompt``; nothing here knows a rule or a sentence.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from seasalt import web_api as api

from .cards import card, card_back
from .dom import button, byid, el, found
from .keys import mark
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
    p = api.prompt(v, ui.selection)
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
