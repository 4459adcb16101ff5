"""Words and tables fitted to their box on a small screen (issue 41: long names): a
card's or a pile's name narrowed into its card (`fit_names`), a player's name allowed to
break in a table's heading (`name_class`), a score table headed with short names and a
key, or stacked, when the whole names do not fit (`fit_tables`, again when the window
changes: `refit_ends`). Only the page's layout is read and classes written: no game
knowledge here.
"""

from __future__ import annotations

from typing import Any

from pyscript import document, window

from .dom import byid, found, listen

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
