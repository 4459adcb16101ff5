"""One translation function for every player-facing string (standard library ``gettext``).

English is the source language: every string a player reads is written in English
in the code and goes through :func:`_` (or :func:`ngettext` for plurals,
:func:`pgettext` when one English word needs two translations). With no catalog
installed, the English text comes back unchanged.

Catalogs (issue 11) live at ``seasalt/locale/<lang>/LC_MESSAGES/seasalt.mo``;
:func:`set_language` installs one, or English when the file is missing. The page
can also hand over a catalog it fetched itself (:func:`use_catalog`).

Rules for extractable strings (``xgettext``/Babel keywords ``_``, ``N_``,
``ngettext:1,2``, ``pgettext:1c,2``):

- a literal argument: ``_("Take the top card of discard pile {pile}").format(pile=1)``,
  never an f-string or a computed string inside ``_()``;
- named ``{placeholders}`` filled with ``.format()`` after translation, so a
  translation may reorder them;
- plurals through ``ngettext(singular, plural, n)``, never ``"card(s)"`` or an ``s``
  added by code;
- strings in tables built at import time are marked with :func:`N_` (which does
  nothing) and translated when read, ``_(TABLE[key])``, so a language switch
  applies at once.

Works the same in CPython and in Pyodide (standard library only).
"""

from __future__ import annotations

import gettext
from pathlib import Path
from typing import BinaryIO

DOMAIN = "seasalt"
#: Where compiled catalogs live: ``LOCALE_DIR/<lang>/LC_MESSAGES/seasalt.mo``.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: The source language.
SOURCE_LANGUAGE = "en"

_state: dict[str, object] = {"translations": gettext.NullTranslations(),
                             "language": SOURCE_LANGUAGE}


def _t() -> gettext.NullTranslations:
    t = _state["translations"]
    assert isinstance(t, gettext.NullTranslations)
    return t


def _(message: str) -> str:
    """``message`` (an English literal) in the current language.

    Args:
        message: the English source text, with ``{name}`` placeholders to fill
            with ``.format()`` after translation.

    Returns:
        The translation, or ``message`` when the catalog has none.
    """
    return _t().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for count ``n`` in the current language.

    Args:
        singular: English for ``n == 1`` (e.g. ``"{n} card"``).
        plural: English otherwise (e.g. ``"{n} cards"``).
        n: the count that chooses the form (the language's plural rule).

    Returns:
        The translated form, still to be filled with ``.format(n=n, ...)``.
    """
    return _t().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` translated in ``context`` (one English word, two meanings).

    Example: ``pgettext("seat kind", "You")``.
    """
    return _t().pgettext(context, message)


def N_(message: str) -> str:  # noqa: N802 - the gettext convention
    """Mark a literal for extraction without translating it now (tables built at import)."""
    return message


def language() -> str:
    """The language in use: a code such as ``fr``, or ``en`` (the source)."""
    return str(_state["language"])


def set_language(code: str | None, localedir: str | Path | None = None) -> str:
    """Use language ``code`` from now on (``None``, ``""`` or ``en``: English).

    Looks for ``<localedir>/<code>/LC_MESSAGES/seasalt.mo`` (``code`` such as
    ``fr``, ``fr_BE`` or ``fr-BE``; a regional code falls back to its language).

    Args:
        code: a language code, or ``None`` for the source language.
        localedir: the catalogs' folder (default :data:`LOCALE_DIR`).

    Returns:
        The code actually in use: ``code`` when its catalog was found, else ``en``.
    """
    norm = (code or "").strip().replace("-", "_")
    if not norm or norm.split("_")[0].lower() == SOURCE_LANGUAGE:
        _install(gettext.NullTranslations(), SOURCE_LANGUAGE)
        return SOURCE_LANGUAGE
    folder = Path(localedir) if localedir is not None else LOCALE_DIR
    t = gettext.translation(DOMAIN, str(folder), languages=[norm], fallback=True)
    if type(t) is gettext.NullTranslations:  # no catalog for it: English
        _install(t, SOURCE_LANGUAGE)
        return SOURCE_LANGUAGE
    _install(t, norm)
    return norm


def use_catalog(data: BinaryIO, code: str) -> None:
    """Install a compiled catalog read from ``data`` (a ``.mo`` file's bytes) as ``code``.

    For the page, which fetches only the catalog of the language in use.

    Raises:
        OSError: ``data`` is not a valid ``.mo`` file.
    """
    _install(gettext.GNUTranslations(data), code)


def _install(t: gettext.NullTranslations, code: str) -> None:
    _state["translations"] = t
    _state["language"] = code
