"""The player's settings beyond a game: the language and the colour theme.

Language: ``boot.js`` chooses it before Python runs (``?lang=``, then
localStorage, then the browser's languages) and sets ``<html lang>``; `load_language`
fetches that language's compiled catalog (``./locale/<code>.mo.gz``) and installs it.
A switch later (`switch_language`) does the same, remembers the choice, puts the
fixed words back in place and redraws the screen in place: no reload, the game kept.

Theme: ``<html data-theme="light|dark|contrast">``, no attribute following the
system (``auto``); remembered in localStorage. The game chosen on the setup screen is
remembered too (`stored_game`), and the form of the last game started from it: its
seats, the bots' speed, the target and the expansions (`stored_form`; not the seed,
which is for one game).

The hand's order (issue 12), by kind or by colour (the table menu's
``data-pref="hand-order"``; `hand.arranged` sorts by it). The LAST CHANCE bet's
confirmation: asked unless the player chose "Don't ask again" (the menu's
``data-pref="ask-last-chance"`` turns it back on). The coach (`coach_on`, the menu's
``data-pref="coach"``): off unless switched on. The table's tip on reading a card's
rule shows until it is learnt (`card_tip_due`).
"""

from __future__ import annotations

import contextlib
import io
import json
import zlib
from collections.abc import Callable, Mapping
from typing import Any

from pyscript import document, window

from seasalt import i18n
from seasalt.ssp import present as ssp_present
from seasalt.ssp.present import controls as ssp_controls
from seasalt.ssp.present import page_texts
from seasalt.web.games import GAMES, SSP
from seasalt.web.settings import SPEEDS

from .dom import el, fill_texts, found

LANG_KEY = "seasalt.lang"
THEME_KEY = "seasalt.theme"
THEMES: tuple[str, ...] = ("auto", "light", "dark", "contrast")
HAND_ORDER_KEY = "seasalt.hand-order"
ASK_KEY = "seasalt.ask-last-chance"
GAME_KEY = "seasalt.game"
GZIP_MAGIC = b"\x1f\x8b"
"""How a gzipped catalog starts (``zlib`` is built into Pyodide: no module to ship)."""
COACH_KEY = "seasalt.coach"
CARD_TIP_KEY = "seasalt.card-tip"
"""Set once the table's tip on reading a card's rule was dismissed or followed."""
FORM_KEY = "seasalt.form"
"""The last game's setup form (`remember_form`); ``setup-early.js`` reads it too."""
FORM_FIELDS: dict[str, Callable[[Any], bool]] = {
    "seats": lambda v: isinstance(v, list) and all(
        isinstance(s, list) and len(s) == 2 and all(isinstance(x, str) for x in s)
        for s in v),
    "speed": lambda v: v in SPEEDS,
    "target": lambda v: isinstance(v, str) and v.isalpha(),  # a radio's value
    "extra_salt": lambda v: isinstance(v, bool),
    "extra_pepper": lambda v: isinstance(v, bool),
}
"""The fields `remember_form` keeps, each with the check `stored_form` reads it back with."""


def languages() -> list[tuple[str, str]]:
    """``[(code, own name)]`` from the presenter (:func:`seasalt.ssp.present.languages`)."""
    return list(ssp_present.languages())


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
    """Install the catalog of ``code`` (fetched from ``./locale/<code>.mo.gz``: gzipped
    by ``build.py``, unless a host already undid it).

    Returns:
        The language now in use: ``code``, or ``en`` when it is English, unknown or its
        catalog cannot be fetched or read (the page then speaks English).
    """
    known = {c for c, _name in languages()}
    if not code or code == i18n.SOURCE_LANGUAGE or code not in known:
        i18n.set_language(i18n.SOURCE_LANGUAGE)
        return i18n.SOURCE_LANGUAGE
    try:
        response = await window.fetch(f"./locale/{code}.mo.gz")
        if not response.ok:
            raise OSError(f"HTTP {response.status}")
        data = (await response.arrayBuffer()).to_bytes()
        if data[:2] == GZIP_MAGIC:
            data = zlib.decompress(data, wbits=16 + zlib.MAX_WBITS)
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
    fill_texts(page_texts())
    sync_menu()


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


def stored(key: str) -> str | None:
    """A remembered setting (None when none, or no storage)."""
    try:
        value = window.localStorage.getItem(key)
    except Exception:  # noqa: BLE001 - no storage: the default
        return None
    return value if isinstance(value, str) else None


def stored_game() -> str:
    """The game last chosen on the setup screen (``SSP`` when none or unknown)."""
    value = stored(GAME_KEY)
    return value if value in GAMES else SSP


def remember_game(game: str) -> None:
    """Remember the game chosen on the setup screen."""
    remember(GAME_KEY, game)


def stored_form() -> dict[str, Any] | None:
    """The setup form of the last game started, as `remember_form` kept it (``{"seats":
    [[kind, name]], "speed", "target", "extra_salt", "extra_pepper"}``: the fields of
    ``setup-early.js``'s state, which `early.adopt_form` puts in the form), or None when
    there is none or it is not JSON. A field of the wrong shape is left out."""
    text = stored(FORM_KEY)
    if text is None:
        return None
    try:
        value = json.loads(text)
    except ValueError:
        return None
    if not isinstance(value, dict):
        return None
    return {k: value[k] for k, ok in FORM_FIELDS.items() if k in value and ok(value[k])}


def remember_form(state: Mapping[str, Any]) -> None:
    """Remember the setup form of a game just started (the `FORM_FIELDS` of ``state``)."""
    remember(FORM_KEY, json.dumps({k: state[k] for k in FORM_FIELDS if k in state}))


def hand_order() -> str:
    """The hand's order: ``kind`` (default) or ``colour`` (`ssp_controls.HAND_ORDERS`)."""
    value = stored(HAND_ORDER_KEY)
    return value if value in ssp_controls.HAND_ORDERS else ssp_controls.HAND_ORDERS[0]


def set_hand_order(by: str) -> None:
    """Use and remember the hand's order ``by`` (anything unknown: by kind)."""
    remember(HAND_ORDER_KEY, by if by in ssp_controls.HAND_ORDERS else ssp_controls.HAND_ORDERS[0])
    sync_menu()


def ask_last_chance() -> bool:
    """Whether a LAST CHANCE bet is confirmed in a dialog first (the default)."""
    return stored(ASK_KEY) != "0"


def set_ask_last_chance(ask: bool) -> None:
    """Ask (or no longer ask) before a LAST CHANCE bet; remembered."""
    remember(ASK_KEY, "1" if ask else "0")
    sync_menu()


def coach_on() -> bool:
    """Whether the coach is on (off by default): Suggest on a person's turn, a review
    after each round (`coach`)."""
    return stored(COACH_KEY) == "1"


def set_coach(on: bool) -> None:
    """Switch the coach on or off; remembered."""
    remember(COACH_KEY, "1" if on else "0")
    sync_menu()


def card_tip_due() -> bool:
    """Whether the table still shows its one-time tip on reading a card's rule (until
    the player dismisses it or opens a card's rule)."""
    return stored(CARD_TIP_KEY) != "seen"


def card_tip_seen() -> None:
    """The tip on reading a card's rule was learnt: it shows no more; remembered."""
    remember(CARD_TIP_KEY, "seen")


def sync_menu() -> None:
    """Show the remembered hand order, LAST CHANCE question and coach in the menu."""
    for select in document.querySelectorAll('select[data-pref="hand-order"]'):
        select.value = hand_order()
    for box in document.querySelectorAll('input[data-pref="ask-last-chance"]'):
        box.checked = ask_last_chance()
    for box in document.querySelectorAll('input[data-pref="coach"]'):
        box.checked = coach_on()
