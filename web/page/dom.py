"""DOM helpers for the page: phases, element building, lookups, listeners, the page's
fixed words (`fill_texts`), the error screen.

The page moves through phases, mirrored as ``<body data-phase="...">``; the stylesheet
shows the ``<section class="phase">`` whose id matches. `set_phase` is the only code
that changes the phase. `el` and `render` build DOM content from Python values; text
(player names, anything from a saved game) is always set as text, never parsed as HTML.
No game knowledge here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyodide.ffi import create_proxy, jsnull
from pyscript import document, window

PHASES: tuple[str, ...] = ("loading", "setup", "playing", "round-over", "game-over", "replay",
                           "calc", "error")
#: Attributes whose words ``index.html`` marks as ``data-text-<attribute>="key"``.
TEXT_ATTRIBUTES: tuple[str, ...] = ("aria-label", "title", "placeholder")


def set_phase(phase: str) -> None:
    """Show the section of ``phase`` and hide the others.

    Args:
        phase: One of `PHASES`.

    Raises:
        ValueError: If ``phase`` is not in `PHASES`.
    """
    if phase not in PHASES:
        raise ValueError(f"unknown phase {phase!r}; expected one of {PHASES}")
    body = document.body
    if body.getAttribute("data-phase") != phase:
        body.setAttribute("data-phase", phase)
        window.scrollTo(0, 0)
    loading = document.getElementById("loading")
    loading.setAttribute("aria-busy", "true" if phase == "loading" else "false")


def el(tag: str, *children: Any, **attrs: str) -> Any:
    """Create a DOM element.

    Args:
        tag: Element name, e.g. ``"button"``.
        *children: DOM nodes, or other values added as text (``str(value)``); ``None``
            is skipped.
        **attrs: Attributes; ``class_`` sets ``class`` and underscores in other
            names become dashes (``data_seat="1"`` sets ``data-seat``).

    Returns:
        The new element (a JS proxy), not yet in the document.
    """
    node = document.createElement(tag)
    for name, value in attrs.items():
        node.setAttribute("class" if name == "class_" else name.replace("_", "-"), value)
    for child in children:
        if child is not None:
            node.append(child if hasattr(child, "nodeType") else str(child))
    return node


def render(target: str | Any, *children: Any) -> Any:
    """Replace the content of an element.

    Args:
        target: An element, or the id of one.
        *children: As for `el`; none empties the element.

    Returns:
        The target element.
    """
    node = byid(target) if isinstance(target, str) else target
    node.replaceChildren(*(c if hasattr(c, "nodeType") else str(c)
                           for c in children if c is not None))
    return node


def found(node: Any) -> bool:
    """Whether a DOM lookup found something (JS ``null`` arrives as ``jsnull``)."""
    return node is not None and node is not jsnull


def byid(name: str) -> Any:
    """``document.getElementById``."""
    return document.getElementById(name)


def show(node: str | Any, visible: bool = True) -> None:
    """Show or hide an element through its ``hidden`` attribute."""
    node = byid(node) if isinstance(node, str) else node
    node.hidden = not visible


def button(text: str, *, code: str | None = None, action: str | None = None,
           cls: str = "btn", **attrs: str) -> Any:
    """A ``<button>`` for an action code (``data-code``) or a page action (``data-action``)."""
    if code is not None:
        attrs["data_code"] = code
    if action is not None:
        attrs["data_action"] = action
    return el("button", text, type="button", class_=cls, **attrs)


_PROXIES: list[Any] = []


def listen(node: Any, kind: str, handler: Any) -> None:
    """addEventListener, keeping the proxy alive."""
    proxy = create_proxy(handler)
    _PROXIES.append(proxy)
    node.addEventListener(kind, proxy)


def listen_capture(node: Any, kind: str, handler: Any) -> None:
    """addEventListener in the capture phase, keeping the proxy alive."""
    proxy = create_proxy(handler)
    _PROXIES.append(proxy)
    node.addEventListener(kind, proxy, True)


def fill_texts(words: Mapping[str, str]) -> None:
    """Put the page's fixed words in place: the text of every ``[data-text="key"]``
    element and every ``data-text-<attribute>="key"`` attribute (`TEXT_ATTRIBUTES`)
    becomes ``words[key]``; a key ``words`` lacks keeps the English of ``index.html``.
    """
    for node in document.querySelectorAll("[data-text]"):
        text = words.get(node.getAttribute("data-text"))
        if text is not None:
            node.textContent = text
    for attribute in TEXT_ATTRIBUTES:
        for node in document.querySelectorAll(f"[data-text-{attribute}]"):
            text = words.get(node.getAttribute(f"data-text-{attribute}"))
            if text is not None:
                node.setAttribute(attribute, text)


def fail(detail: str, *, link: bool = False) -> None:
    """Show the error section with ``detail`` (e.g. a traceback) as plain text.

    Args:
        detail: what went wrong.
        link: the page was opened by a link with a query (``?players=...``), which may
            be the cause: the screen offers to start without it rather than a reload
            that would fail again.
    """
    render("error-detail", detail)
    show("error-hint", not link)
    show("error-link-hint", link)
    show("error-without-link", link)
    show("error-reload", not link)
    set_phase("error")
