"""Keeping a Fruits de mer reveal's newest step in view (``#fdm-board``).

The reveal (`fdm_motion`) is never cut: where it is taller than the board's room the
board scrolls as a whole, your hand sticky at its bottom (fdm.css). `follow` scrolls
just enough to show the newest sentence above your hand, never pushing the cards
played (who played what) out of the board's top, and not at all once the player has
scrolled, touched or pressed a key on the board during the reveal (`watch_board`
notes it; `release` forgets it when a new round's reveal begins). Nothing scrolls back
by itself: once `follow` has scrolled, the reveal keeps at least the height it had (cards
leaving the centre would shrink it and the browser would pull the board back), until
`release`. Visual only: no rule, no word here.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from .dom import byid, found
from .motion import reduced_motion


class _Follow:
    """Whether the player took the board's scroll in hand during this reveal."""

    held = False


_state = _Follow()


def follow(line: Any, *, smooth: bool = True) -> None:
    """Scroll the board (``#fdm-board``, which scrolls as a whole when the reveal is
    taller than its room) just enough to show ``line``, the reveal's newest sentence,
    above your hand, never so far that the reveal's top (who played what) leaves the
    board's top, and not at all once the player scrolled, touched or pressed a key on
    the board during this reveal (since `release`). Smooth unless reduced motion is
    asked for.
    """
    board = byid("fdm-board")
    if _state.held or not found(board) or board.scrollHeight <= board.clientHeight + 1:
        return
    area = board.getBoundingClientRect()
    seen = line.getBoundingClientRect()
    bottom = area.bottom
    hand = document.querySelector("#fdm-board .fdm-bottom")
    if found(hand):  # your hand, sticky at the bottom, covers the reveal it is under
        h = hand.getBoundingClientRect()  # (beside it in a phone's landscape: no cover)
        if h.left < seen.right and h.right > seen.left:
            bottom = min(bottom, h.top)
    reveal = byid("fdm-reveal").getBoundingClientRect()
    delta = min(seen.bottom - bottom + 4, reveal.top - area.top)
    if delta <= 1:
        return
    _keep_height()
    behavior = "smooth" if smooth and not reduced_motion() else "instant"
    board.scrollBy(to_js({"top": delta, "behavior": behavior},
                         dict_converter=window.Object.fromEntries))


def _keep_height() -> None:
    """Hold the reveal (``#fdm-reveal``) at its tallest height so far this round, so that
    its content shrinking does not scroll the board back."""
    reveal = byid("fdm-reveal")
    if found(reveal):
        height = reveal.getBoundingClientRect().height
        if height > float(reveal.getAttribute("data-tallest") or 0):
            reveal.setAttribute("data-tallest", str(height))
            reveal.style.minHeight = f"{height}px"


def _hold(_event: Any = None) -> None:
    _state.held = True


def release() -> None:
    """Let `follow` scroll again, and the reveal take its own height: a new round's
    reveal begins."""
    _state.held = False
    reveal = byid("fdm-reveal")
    if found(reveal) and reveal.hasAttribute("data-tallest"):
        reveal.removeAttribute("data-tallest")
        reveal.style.removeProperty("min-height")


def watch_board() -> None:
    """Note when the player scrolls the board themselves: a wheel, a touch, a
    key (listened to once per board)."""
    board = byid("fdm-board")
    if not found(board) or board.getAttribute("data-follow-watched") == "1":
        return
    board.setAttribute("data-follow-watched", "1")
    for kind in ("wheel", "touchstart", "keydown"):
        board.addEventListener(kind, create_proxy(_hold), to_js({"passive": True},
                               dict_converter=window.Object.fromEntries))
