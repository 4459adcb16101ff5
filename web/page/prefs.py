"""The player's settings beyond a game: the language and the colour theme.

Language: ``boot.js`` chooses it before Python runs (``?lang=``, then
localStorage, then the browser's languages) and sets ``<html lang>``; `load_language`
fetches that language's compiled catalog (``./locale/<code>.mo``) and installs it.
A switch later (`switch_language`) does the same, remembers the choice, puts the
fixed words back in place and redraws the screen in place: no reload, the game kept.

Theme: ``<html data-theme="light|dark|contrast">``, no attribute following the
system (``auto``); remembered in localStorage.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable

from pyscript import document, window

from seasalt import i18n
from seasalt import web_api as api

from .dom import el, fill_texts, found

LANG_KEY = "seasalt.lang"
THEME_KEY = "seasalt.theme"
THEMES: tuple[str, ...] = ("auto", "light", "dark", "contrast")


def languages() -> list[tuple[str, str]]:
    """``[(code, own name)]`` from the presenter (English alone until it lists more)."""
    listed = getattr(api, "languages", None)
    return list(listed()) if listed is not None else [("en", "English")]


def remember(key: str, value: str) -> None:
    """Store a setting; a browser without storage just does not remember it."""
    with contextlib.suppress(Exception):  # private mode, quota: it still applies now
        window.localStorage.setItem(key, value)


def fill_language_menus(code: str) -> None:
    """The language menus (setup screen and table menu): every language by its own
    name (``lang`` set on each, for its pronunciation), ``code`` chosen."""
    for select in document.querySelectorAll('select[data-pref="lang"]'):
        if select.options.length == 0:
            for value, name in languages():
                select.append(el("option", name, value=value, lang=value))
        select.value = code


async def load_language(code: str) -> str:
    """Install the catalog of ``code`` (fetched from ``./locale/<code>.mo``).

    Returns:
        The language now in use: ``code``, or ``en`` when it is English, unknown or its
        catalog cannot be fetched or read (the page then speaks English).
    """
    known = {c for c, _name in languages()}
    if not code or code == i18n.SOURCE_LANGUAGE or code not in known:
        i18n.set_language(i18n.SOURCE_LANGUAGE)
        return i18n.SOURCE_LANGUAGE
    try:
        response = await window.fetch(f"./locale/{code}.mo")
        if not response.ok:
            raise OSError(f"HTTP {response.status}")
        data = (await response.arrayBuffer()).to_bytes()
        i18n.use_catalog(io.BytesIO(data), code)
    except Exception as exc:  # noqa: BLE001 - English rather than no page at all
        window.console.warn(f"seasalt: no catalog for {code!r} ({exc}); English instead")
        i18n.set_language(i18n.SOURCE_LANGUAGE)
        return i18n.SOURCE_LANGUAGE
    return code


def page_language() -> str:
    """The language ``boot.js`` chose (``<html lang>``), ``en`` if none."""
    return str(document.documentElement.lang or i18n.SOURCE_LANGUAGE).split("-")[0].lower()


def apply_language(code: str) -> None:
    """Mark the page as being in ``code``: ``<html lang>``, the manifest, the menus,
    the fixed words."""
    document.documentElement.lang = code
    link = document.querySelector('link[rel="manifest"]')
    if found(link):
        name = "manifest.webmanifest" if code == "en" else f"manifest-{code}.webmanifest"
        link.setAttribute("href", f"./{name}")
    fill_language_menus(code)
    fill_texts(api.page_texts())


async def switch_language(code: str, redraw: Callable[[], None]) -> None:
    """Switch the page to ``code`` at once and remember it; ``redraw`` then redraws
    whatever is on screen in the new language."""
    code = await load_language(code)
    remember(LANG_KEY, code)
    apply_language(code)
    redraw()


def stored_theme() -> str:
    """The remembered theme (``auto`` when none or unknown)."""
    try:
        value = window.localStorage.getItem(THEME_KEY)
    except Exception:  # noqa: BLE001 - no storage: the system's theme
        return "auto"
    return value if isinstance(value, str) and value in THEMES else "auto"


def apply_theme(theme: str, *, store: bool = True) -> None:
    """Use ``theme`` (one of `THEMES`; anything else is ``auto``) and show it in the
    theme menus."""
    theme = theme if theme in THEMES else "auto"
    root = document.documentElement
    if theme == "auto":
        root.removeAttribute("data-theme")
    else:
        root.setAttribute("data-theme", theme)
    for select in document.querySelectorAll('select[data-pref="theme"]'):
        select.value = theme
    if store:
        remember(THEME_KEY, theme)
