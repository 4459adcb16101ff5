"""PyScript glue for the seasalt page: DOM code only, no game rules.

The page moves through phases, mirrored as ``<body data-phase="...">``; the stylesheet
shows the ``<section class="phase">`` whose id matches. `set_phase` is the only code
that changes the phase. `render` and `el` build DOM content from Python values; text
is always set as text, never parsed as HTML.

Later phases (the setup form, the game table) talk to the engine through
``seasalt.web_api`` only, and each gets a ``show_<phase>()`` function here.
"""

from __future__ import annotations

import traceback
from typing import Any

from pyscript import document

PHASES: tuple[str, ...] = ("loading", "setup", "error")
"""Every value `set_phase` accepts; each has a ``<section id=...>`` in index.html."""


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
    body.setAttribute("data-phase", phase)
    loading = document.getElementById("loading")
    loading.setAttribute("aria-busy", "true" if phase == "loading" else "false")


def el(tag: str, *children: Any, **attrs: str) -> Any:
    """Create a DOM element.

    Args:
        tag: Element name, e.g. ``"button"``.
        *children: DOM nodes, or other values added as text (``str(value)``).
        **attrs: Attributes; ``class_`` sets ``class`` and underscores in other
            names become dashes (``data_seat="1"`` sets ``data-seat``).

    Returns:
        The new element (a JS proxy), not yet in the document.
    """
    node = document.createElement(tag)
    for name, value in attrs.items():
        node.setAttribute("class" if name == "class_" else name.replace("_", "-"), value)
    for child in children:
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
    node = document.getElementById(target) if isinstance(target, str) else target
    node.replaceChildren(*(c if hasattr(c, "nodeType") else str(c) for c in children))
    return node


def show_setup() -> None:
    """Show the new-game setup section (a placeholder until ``seasalt.web_api`` exists)."""
    set_phase("setup")


def show_error(detail: str) -> None:
    """Show the error section with ``detail`` (e.g. a traceback) as plain text."""
    render("error-detail", detail)
    set_phase("error")


def start() -> None:
    """Import the engine, show its version and move to the setup phase."""
    import seasalt

    version = getattr(seasalt, "__version__", None)
    render("version", f"engine {version}" if version else "")
    show_setup()


try:
    start()
except Exception:
    show_error(traceback.format_exc())
    raise  # PyScript reports it on the console too, where the browser tests look.
