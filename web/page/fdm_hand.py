"""Fruits de mer's table: your hand (big cards to select) and the play button, by
tap, keys and arrows.

Your hand is updated in place, so the keyboard focus stays on a hand card across
redraws: select a card (tap, keys 1-6, arrows), then the play button with the
payload's exact ``label`` plays it (as do a second tap on it and Enter). Only codes
the payload lists are sent. The selection is the table's (`fdm_cards.page`): it is
forgotten whenever the reader changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document

from .dom import byid, el, found, render, show
from .fdm_cards import GAME, icon, page, word
from .state import ui

KEYS_PICK = "123456"
"""Keys that pick the n-th card of the hand."""
ARROWS: dict[str, int] = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1}
NATIVE_ENTER = frozenset({"BUTTON", "A", "SUMMARY", "SELECT", "INPUT", "TEXTAREA"})
"""Elements on which Enter keeps its own meaning."""


def can_choose(v: dict[str, Any]) -> bool:
    """Whether the reader of payload ``v`` may choose a card now (not behind the
    hand-off, not at the game's end)."""
    return (bool(v.get("legal")) and v.get("seat") is not None and ui.handoff is None
            and not v.get("over"))


def draw_hand(v: dict[str, Any]) -> None:
    """Your hand as big cards, updated in place (the focus stays on its card), and
    the play button."""
    hand = [c for c in v.get("hand") or [] if c["count"] > 0]
    if v.get("over"):
        hand = []
    box = byid("fdm-hand")
    box.setAttribute("aria-label", word(v, "aria_hand") or word(v, "your_hand"))
    show("fdm-me", bool(hand))
    choose = can_choose(v)
    legal = {c["kind"] for c in hand if c["legal"]} if choose else set()
    if page.selected not in legal:
        page.selected = None
    mine = v.get("my_choice")
    chosen = mine["kind"] if mine else None
    have = {n.getAttribute("data-fdm-kind"): n for n in box.children}
    nodes = []
    for i, c in enumerate(hand):
        node = have.pop(c["kind"], None)
        if node is None:
            node = el("div", role="button", data_fdm_kind=c["kind"])
        node.className = f"fdm-card k-{c['kind']}" + (" chosen" if c["kind"] == chosen else "")
        node.setAttribute("tabindex", "0")
        node.setAttribute("data-fdm-code", c["code"])
        node.setAttribute("data-fdm-label", c["label"])
        if i < len(KEYS_PICK):
            node.setAttribute("aria-keyshortcuts", KEYS_PICK[i])
        render(node, el("span", c["name"], class_="fdm-card-name"),
               icon(c["kind"], "fdm-icon big"),
               el("span", f"×{c['count']}", class_="fdm-count") if c["count"] > 1 else None,
               el("span", c["rule"], class_="fdm-rule"))
        nodes.append(node)
    for node in have.values():  # cards no longer held
        node.remove()
    if list(box.children) != nodes:  # new cards (a new game): in hand order
        box.replaceChildren(*nodes)
    _mark_hand(legal)
    _draw_play(v)


def _mark_hand(legal: set[str]) -> None:
    """Each hand card's state: playable or not, selected or not; the one the focus
    should go to after a redraw (``data-sensible``: the selected card, else every
    playable one)."""
    for node in _hand_nodes():
        kind = node.getAttribute("data-fdm-kind")
        playable = kind in legal
        selected = kind == page.selected
        node.classList.toggle("playable", playable)
        node.classList.toggle("idle", not playable)
        node.classList.toggle("selected", selected)
        node.setAttribute("aria-pressed", "true" if selected else "false")
        node.setAttribute("aria-disabled", "false" if playable else "true")
        if playable and (selected or page.selected is None):
            node.setAttribute("data-sensible", "")
        else:
            node.removeAttribute("data-sensible")


def _draw_play(v: dict[str, Any]) -> None:
    """The play button: the selected card's ``label`` and code; disabled without one."""
    play = byid("fdm-play")
    node = _hand_node(page.selected) if page.selected else None
    play.hidden = not can_choose(v)
    # the selected card's rule under the prompt (small screens hide it on the cards)
    rule = node.querySelector(".fdm-rule") if node is not None else None
    render("fdm-rule", rule.textContent if rule is not None and found(rule) else "")
    if node is not None:
        play.textContent = node.getAttribute("data-fdm-label")
        play.setAttribute("data-code", node.getAttribute("data-fdm-code"))
        play.disabled = False
    else:
        play.textContent = word(v, "play")
        play.removeAttribute("data-code")
        play.disabled = True


def _hand_node(kind: str | None) -> Any:
    if kind is None:
        return None
    node = document.querySelector(f'#fdm-hand [data-fdm-kind="{kind}"]')
    return node if found(node) else None


def _hand_nodes() -> list[Any]:
    return list(document.querySelectorAll("#fdm-hand .fdm-card"))


# --------------------------------------------------------------------------- input

def active() -> bool:
    """Whether the Fruits de mer table is on screen."""
    return (document.body.getAttribute("data-phase") == "playing"
            and byid("playing").getAttribute("data-game") == GAME and page.v is not None)


def select(kind: str | None, focus_it: bool = False) -> None:
    """Select the hand card of ``kind`` (None: none) and update the play button."""
    v = page.v
    if v is None:
        return
    page.selected = kind
    legal = {n.getAttribute("data-fdm-kind") for n in _hand_nodes()
             if n.classList.contains("playable")}
    _mark_hand(legal)
    _draw_play(v)
    node = _hand_node(kind)
    if focus_it and node is not None:
        node.focus()


def play_selected(submit: Callable[[str], None]) -> bool:
    """Play the selected card: its code goes to ``submit`` (the page's `events.submit`).
    Returns whether one was sent."""
    node = _hand_node(page.selected)
    if node is None or not node.classList.contains("playable"):
        return False
    code = node.getAttribute("data-fdm-code")
    page.selected = None
    submit(code)
    return True


def on_click(target: Any, submit: Callable[[str], None]) -> bool:
    """A click on the page: a hand card selects it, or plays it when it is selected
    already; the play button plays the selected card (its code to ``submit``; the
    selection is forgotten as it is sent). Returns whether the click was this
    module's."""
    if not found(target) or not active():
        return False
    button = target.closest("#fdm-play")
    if found(button):
        if not button.disabled:
            play_selected(submit)
        return True
    node = target.closest("#fdm-hand .fdm-card")
    if not found(node):
        return False
    if not node.classList.contains("playable"):
        return True
    kind = node.getAttribute("data-fdm-kind")
    if kind == page.selected:
        play_selected(submit)
    else:
        select(kind)
    return True


def on_key(event: Any, submit: Callable[[str], None]) -> bool:
    """Keys on the table: 1-6 pick a card, arrows move the selection, Enter on a card
    selects it (and plays it once selected), Enter elsewhere plays the selected card
    (its code to ``submit``). Returns whether the key was this module's (then its
    default is prevented)."""
    if not active() or event.ctrlKey or event.altKey or event.metaKey:
        return False
    if found(document.querySelector("dialog[open]")):
        return False
    target = event.target
    tag = str(target.tagName) if found(target) else ""
    if tag in ("INPUT", "SELECT", "TEXTAREA") or (found(target) and target.isContentEditable):
        return False
    nodes = [n for n in _hand_nodes() if n.classList.contains("playable")]
    if not nodes:
        return False
    kinds = [n.getAttribute("data-fdm-kind") for n in nodes]
    key = str(event.key)
    handled = False
    if len(key) == 1 and key in KEYS_PICK and not event.repeat:
        every = _hand_nodes()
        i = KEYS_PICK.index(key)
        if i < len(every) and every[i].classList.contains("playable"):
            select(every[i].getAttribute("data-fdm-kind"), focus_it=True)
            handled = True
    elif key in ARROWS:
        inside = tag in ("BODY", "MAIN") or (found(target) and found(
            target.closest("#fdm-board")) and not found(target.closest("#fdm-scores, .fdm-steps")))
        if inside:
            i = kinds.index(page.selected) if page.selected in kinds else (
                -1 if ARROWS[key] > 0 else 0)
            select(kinds[(i + ARROWS[key]) % len(kinds)], focus_it=True)
            handled = True
    elif key == "Enter" and not event.repeat:
        card: Any = target.closest("#fdm-hand .fdm-card") if found(target) else None
        if card is not None and found(card):
            kind = card.getAttribute("data-fdm-kind")
            if kind in kinds and kind == page.selected:  # the selected card: play it
                handled = play_selected(submit)
            elif kind in kinds:  # another card: select it first (as a tap does)
                select(kind, focus_it=True)
                handled = True
        elif tag not in NATIVE_ENTER and page.selected in kinds:
            handled = play_selected(submit)
    if handled:
        event.preventDefault()
    return handled
