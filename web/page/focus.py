"""Where the keyboard focus goes after the page redraws: never lost to the body.

Redrawing replaces the table's elements, and a focused element that leaves the
document takes the focus with it. `remember` notes what had the focus before a
redraw (an action code, a hand card, a page button); `settle` puts it back after:
on the same control when the decision is the same (a card toggled for a duo), else
on the next sensible control (`sensible`), or on a heading when a screen changes
(round over, game over). While a dialog is open the focus stays in it.
"""

from __future__ import annotations

from typing import Any

from pyscript import document, window

from .dom import byid, found

#: Where to look for the next sensible control, best first (visible and enabled ones):
#: the decision's choices, then the hand's cards; ending the turn and the round's
#: announcements last, so that a stray Enter does not end anything.
SENSIBLE: tuple[str, ...] = (
    "#prompt [data-code]:not(.end):not(.stop):not(.last-chance)",
    "#piles .pile[data-code]",
    ".my-hand .card.clickable",
    '#fdm-board .fdm-hand .fdm-card[aria-pressed="true"]',  # Fruits de mer's hand
    "#fdm-board .fdm-hand .fdm-card",
    "#prompt [data-action]",
    "#prompt [data-code].end",
    "#prompt [data-code]",
)
#: The heading that takes the focus when a phase is shown (tabindex="-1").
PHASE_HEADINGS: dict[str, str] = {
    "round-over": "round-title", "game-over": "winner-title", "error": "error-title",
    "setup": "setup-title", "calc": "calc-title",
}
#: Where the focus rests when no control is offered (a bot's turn).
PARKING = "prompt-title"
#: The same on Fruits de mer's table.
FDM_PARKING = "fdm-prompt-title"


def dialog_open() -> bool:
    """Whether a modal dialog is open (the page behind it is inert)."""
    return found(document.querySelector("dialog[open]"))


def usable(node: Any) -> bool:
    """Visible and enabled (a control the focus may go to). A card hidden while its
    flying copy lands on it (``visibility: hidden``, `motion`) is not: the browser
    would refuse it the focus, which would stay on the body."""
    if not found(node) or node.matches(":disabled"):
        return False
    check = getattr(node, "checkVisibility", None)
    if not (bool(check()) if check is not None else bool(node.getClientRects().length)):
        return False
    return str(window.getComputedStyle(node).visibility) == "visible"


def remember() -> tuple[str, str] | None:
    """What has the focus now, as a way to find it again after a redraw."""
    active = document.activeElement
    if not found(active):
        return None
    for attribute in ("data-code", "data-card", "data-action"):
        value = active.getAttribute(attribute)
        if isinstance(value, str):
            return attribute, value
    return None


def sensible() -> Any:
    """The next sensible control: the first usable one of `SENSIBLE`, or None."""
    for selector in SENSIBLE:
        for node in document.querySelectorAll(selector):
            if usable(node):
                return node
    return None


def _restore(mark: tuple[str, str] | None) -> bool:
    if mark is None:
        return False
    attribute, value = mark
    for node in document.querySelectorAll(f'[{attribute}="{value}"]'):
        if usable(node):
            node.focus()
            return True
    return False


def lost() -> bool:
    """Whether the focus is nowhere useful: the body, or an element no longer shown
    (a hidden phase's element keeps the focus until the browser's next frame)."""
    active = document.activeElement
    if not found(active) or active.tagName in ("BODY", "HTML") or not active.isConnected:
        return True
    check = getattr(active, "checkVisibility", None)
    return check is not None and not check()


def phase_heading() -> Any:
    """The heading of the phase on screen (`PHASE_HEADINGS`), or None."""
    name = PHASE_HEADINGS.get(str(document.body.getAttribute("data-phase")))
    return byid(name) if name is not None else None


def parking() -> Any:
    """Where the focus rests on the table when no control is offered: the prompt's
    title (Sea Salt & Paper's, else Fruits de mer's)."""
    for name in (PARKING, FDM_PARKING):
        node = document.getElementById(name)
        if usable(node):
            return node
    return None


def settle(mark: tuple[str, str] | None, *, same_decision: bool, phase_shown: str = "") -> None:
    """Put the focus somewhere sensible after a redraw.

    Args:
        mark: what had the focus before (`remember`).
        same_decision: the redraw did not change the decision (a card toggled), so the
            same control may take the focus back.
        phase_shown: a phase that has just been shown: its heading takes the focus
            (`PHASE_HEADINGS`), except on the table, which gets the next control.
    """
    if dialog_open():
        return
    heading = PHASE_HEADINGS.get(phase_shown)
    if heading is not None:
        byid(heading).focus()
        return
    parked = document.activeElement is byid(PARKING) or (
        found(document.activeElement) and document.activeElement.id in (PARKING,
                                                                        FDM_PARKING))
    if not lost() and not parked:
        return
    if same_decision and _restore(mark):
        return
    target = sensible()
    if target is None and not parked:
        target = phase_heading() or parking()
    if found(target) and usable(target):
        target.focus()
