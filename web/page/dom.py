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


#: The words that must stay whole in a small box: a card's type and colour names, a
#: pile's name.
FIT_SELECTOR = ".card .card-title, .card .colour-name, .pile .pile-name"
#: The narrowest a colour's name is drawn beside its symbol (a share of its width): a
#: name that would be narrower goes without the symbol (the name says the colour).
MIN_FIT = 0.85


#: A word of a player's name longer than this (a wide glyph counts twice) may break
#: anywhere in a table's heading (``class="long-name"``), so the table fits its column.
LONG_WORD = 12


def name_class(name: str, cls: str = "num") -> str:
    """``cls`` plus ``long-name`` when a word of ``name`` is longer than `LONG_WORD`
    (``Konstantinopolitanisch``, 24 wide glyphs): the stylesheet lets such a name
    break anywhere in a table's heading; names of short words break at spaces only."""
    longest = max((sum(2 if ord(c) >= 0x1100 else 1 for c in word)
                   for word in name.split()), default=0)
    return f"{cls} long-name".strip() if longest > LONG_WORD else cls


def fit_tables(root: Any) -> None:
    """Fit each score table of ``root`` in its screen (issue 41: long names).

    A table whose columns have short names to show instead (``class="keyed"``: the
    game's figures, `ends.name_heads`) is marked ``short`` when, with its players'
    whole names, it reaches past its box or the edge of its screen's panel
    (``.phase``), scrolls inside its region (``.table-scroll``), or a heading is wider
    than its cell: the stylesheet then heads its columns ``P1``, ``P2``.. with a key
    under it. Still too wide, it is marked ``stacked`` (a round table's cells then stack
    the total over the round's points, as on the narrowest phones), then, unless it
    scrolls in its own region, ``squeeze``.
    Any other table reaching past the panel's edge, which would make the page scroll
    sideways, lets the names in its heading break anywhere (``class="squeeze"``): the
    names then share the room. Tables that stay inside, and the others in a region that
    scrolls on its own, are left as they are, their names broken at spaces only. All
    widths are read before any class is written (one more reading for each step a keyed
    table needs).
    """
    tables = list(root.querySelectorAll("table.score-table"))
    for table in tables:
        table.classList.remove("squeeze", "short", "stacked")
    wide = [t for t in tables if _too_wide(t)]
    for table in wide:
        table.classList.add("short" if table.classList.contains("keyed") else "squeeze")
    wide = [t for t in wide if t.classList.contains("keyed")]
    for step in ("stacked", "squeeze"):
        wide = [t for t in wide if _too_wide(t)
                and (step == "stacked" or not found(t.closest(".table-scroll")))]
        for table in wide:
            table.classList.add(step)


_REFIT: list[bool] = []
"""Whether `refit_ends` listens to the window's size already."""


def refit_ends() -> None:
    """`fit_tables` again on the round's and the game's end whenever the window changes
    size while one shows (a phone turned, a window narrowed: a table fitted with
    short names at 390 px has room for the whole names at 844 px, and the other way
    round), or a font finishes loading (names measured in the fallback font may not
    fit in the page's). Listens once; later calls do nothing."""
    if _REFIT:
        return
    _REFIT.append(True)

    def refit(_event: Any) -> None:
        phase = str(document.body.getAttribute("data-phase") or "")
        if phase in ("round-over", "game-over"):
            fit_tables(byid(phase))

    listen(window, "resize", refit)
    listen(document.fonts, "loadingdone", refit)


def _too_wide(table: Any) -> bool:
    """Whether ``table`` does not fit (`fit_tables`): past the panel's edge; for a keyed
    table also past its own box, sideways in its scrolling region, or with a heading
    wider than its cell. A table in a scrolling region that is not keyed never is."""
    keyed = bool(table.classList.contains("keyed"))
    scroller = table.closest(".table-scroll")
    if found(scroller):
        if not keyed:
            return False
        return bool(scroller.scrollWidth > scroller.clientWidth + 1) or _heads_cut(table)
    right = float(table.getBoundingClientRect().right)
    edge = float(table.closest(".phase, body").getBoundingClientRect().right)
    if right > edge + 1:
        return True
    if not keyed:
        return False
    box = float(table.parentElement.getBoundingClientRect().right)
    return right > box + 1 or _heads_cut(table)


def _heads_cut(table: Any) -> bool:
    """Whether a heading of ``table`` is wider than its cell (the figures stacked on
    the narrowest phones give each column a share of the width, whatever its name)."""
    return any(th.scrollWidth > th.clientWidth + 1
               for th in table.querySelectorAll("thead th"))


def fit_names(root: Any) -> None:
    """Fit each card's name (and colour name, and each pile's name) that is wider than
    its card (or pile) into it.

    A name wraps only at spaces (the stylesheet never breaks a word) and at the soft
    hyphens of a colour's name (``donker-`` / ``blauw``), so a long single word
    ("Pinguïnkolonie", "Köpekbalığı") on a small card would spill over its edge: such a
    word keeps its font size and is narrowed (``class="fit"``, the stylesheet's
    ``scaleX(var(--fit))``) by exactly the ratio of the room to its width. A colour's
    name that would be narrowed below `MIN_FIT` first takes its symbol's room (the
    chip gets ``class="bare"``, the symbol is not drawn: the name says the colour),
    then is narrowed if it still must be. All widths are read before any is written
    (one layout; a second one only for such names).

    Args:
        root: the element whose cards are fitted (e.g. ``#playing``).
    """
    nodes = list(root.querySelectorAll(FIT_SELECTOR))
    for node in nodes:
        if node.classList.contains("fit"):
            node.classList.remove("fit")
            node.style.removeProperty("--fit")
    for chip in root.querySelectorAll(".card-colour.bare"):
        chip.classList.remove("bare")
    sizes = [(node, node.scrollWidth, node.clientWidth) for node in nodes]
    bare = []
    for node, wide, room in sizes:
        if room > 0 and wide > room + 1:
            if room / wide < MIN_FIT and node.classList.contains("colour-name"):
                bare.append(node)  # the colour's symbol gives its room to the name
                continue
            node.style.setProperty("--fit", f"{room / wide:.3f}")
            node.classList.add("fit")
    if not bare:
        return
    for node in bare:
        node.parentElement.classList.add("bare")
    for node, wide, room in [(node, node.scrollWidth, node.clientWidth) for node in bare]:
        if room > 0 and wide > room + 1:
            node.style.setProperty("--fit", f"{room / wide:.3f}")
            node.classList.add("fit")


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
