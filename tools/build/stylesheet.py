"""The page's one stylesheet: every stylesheet ``index.html`` links, joined."""

from __future__ import annotations

import re
from pathlib import Path

from .errors import BuildError
from .paths import WEB

STYLESHEET: str = "seasalt.css"
"""The page's one stylesheet in ``dist/``: every stylesheet ``web/index.html`` links,
in its order (PyScript's ``core.css`` among them), joined by `bundle_stylesheets`."""

_STYLESHEET_LINK = re.compile(
    r'^(?P<indent>[ \t]*)<link rel="stylesheet" href="\./(?P<name>[^"]+\.css)">[ \t]*\n',
    re.MULTILINE)


def page_stylesheets(page: str) -> list[str]:
    """The stylesheets a page links (``<link rel="stylesheet" href="./NAME.css">``, one
    a line), as paths relative to the page, in its order."""
    return [match["name"] for match in _STYLESHEET_LINK.finditer(page)]


def bundle_stylesheets(dist: Path) -> list[str]:
    """Join the stylesheets ``dist/index.html`` links into one, `STYLESHEET`, which it
    then links in place of the first (the others' links and files are gone): one
    render-blocking request instead of one per file, so the first paint comes sooner.

    The files are joined in the page's order, each after a comment naming it, so the
    cascade is the same. None may ``@import`` or ``@charset`` (only allowed first), and
    one from another folder may not name a ``url(`` (it would resolve elsewhere).

    Returns:
        The names joined, as relative paths (e.g. ``pyscript/core.css``).

    Raises:
        BuildError: If the page links no stylesheet, or one is missing or cannot be
            joined.
    """
    page = dist / "index.html"
    text = page.read_text(encoding="utf-8")
    names = page_stylesheets(text)
    if not names:
        raise BuildError(f"{WEB / 'index.html'} links no stylesheet")
    parts = []
    for name in names:
        file = dist / name
        if not file.is_file():
            raise BuildError(f"index.html links the missing stylesheet ./{name}")
        css = file.read_text(encoding="utf-8").removeprefix("\ufeff")
        if re.search(r"@import|@charset", css, re.IGNORECASE):
            raise BuildError(f"{name}: @import and @charset cannot be joined into {STYLESHEET}")
        if "/" in name and "url(" in css:
            raise BuildError(f"{name}: a url( would not resolve from {STYLESHEET}")
        parts.append(f"/* ./{name} */\n{css.rstrip()}\n")
    (dist / STYLESHEET).write_text("\n".join(parts), encoding="utf-8")
    for name in names:
        (dist / name).unlink()
    links = iter(range(len(names)))

    def link(match: re.Match[str]) -> str:  # the first link names the bundle, the rest go
        if next(links):
            return ""
        return f'{match["indent"]}<link rel="stylesheet" href="./{STYLESHEET}">\n'

    page.write_text(_STYLESHEET_LINK.sub(link, text), encoding="utf-8")
    return names
