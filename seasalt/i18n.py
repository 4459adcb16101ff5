"""One translation function for every player-facing string (standard library ``gettext``).

English is the source language: every string a player reads is written in English
in the code and goes through :func:`_` (or :func:`ngettext` for plurals,
:func:`pgettext` when one English word needs two translations). With no catalog
installed, the English text comes back unchanged.

Languages (issue 11): English (the source), French, Dutch and Turkish
(:data:`LANGUAGES`). Their catalogs are ``seasalt/locale/<lang>/LC_MESSAGES/seasalt.po``
in the repository; :func:`set_language` installs a compiled ``seasalt.mo`` found
beside it, or else compiles the ``.po`` in memory with Babel (imported only then), or
else stays in English. ``build.py`` compiles them to ``dist/locale/<lang>.mo`` for the
page, which fetches the one of the language in use and hands it over
(:func:`use_catalog`). The command line picks the language from ``--lang`` or the
environment (:func:`language_from_env`).

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
import io
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

DOMAIN = "seasalt"
#: Where compiled catalogs live: ``LOCALE_DIR/<lang>/LC_MESSAGES/seasalt.mo``.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: The source language.
SOURCE_LANGUAGE = "en"
#: Every language the game speaks, the source first (codes as in ``<html lang>``).
LANGUAGES: tuple[str, ...] = ("en", "fr", "nl", "tr")
#: Each language's own name for itself (never translated).
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "fr": "Français", "nl": "Nederlands",
                                  "tr": "Türkçe"}
#: The environment variables that name the language, in the order they are read.
ENV_VARIABLES: tuple[str, ...] = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

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


def translated(table: Mapping[str, str]) -> dict[str, str]:
    """A table of fixed words marked with :func:`N_` (``{key: English}``), each
    translated in the language in use: ``{key: words}``."""
    return {key: _(text) for key, text in table.items()}


def language() -> str:
    """The language in use: a code such as ``fr``, or ``en`` (the source)."""
    return str(_state["language"])


def available_languages() -> list[str]:
    """The codes of every language the game speaks, English first: :data:`LANGUAGES`.

    In a checkout or an installed package each has its catalog under
    :data:`LOCALE_DIR`; in the page, ``./locale/<code>.mo`` (built by ``build.py``).
    """
    return list(LANGUAGES)


def language_code(value: str | None) -> str | None:
    """The language of ``value`` if it is one of :data:`LANGUAGES`, else ``None``.

    ``value`` is a language tag or a POSIX locale name: ``fr``, ``fr-BE``,
    ``fr_FR.UTF-8``, ``nl_NL@euro``, ``TR``; ``C`` and ``POSIX`` (and ``C.UTF-8``)
    mean English.
    """
    text = (value or "").strip()
    if not text:
        return None
    base = text.split(".")[0].split("@")[0]
    if base in ("C", "POSIX"):
        return SOURCE_LANGUAGE
    primary = base.replace("-", "_").split("_")[0].lower()
    return primary if primary in LANGUAGES else None


def language_from_env(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as POSIX and GNU gettext read it.

    ``LANGUAGE`` (a colon-separated list of preferences: the first one the game speaks
    wins) comes first, unless the locale is explicitly ``C``/``POSIX``; then the locale
    for messages, the first set of ``LC_ALL``, ``LC_MESSAGES``, ``LANG``
    (``fr_FR.UTF-8`` means ``fr``; ``C`` or ``POSIX`` English).

    Args:
        environ: the environment (default ``os.environ``).

    Returns:
        A code of :data:`LANGUAGES`; ``en`` when nothing set names one of them.
    """
    env = os.environ if environ is None else environ
    locale = next((env[v] for v in ENV_VARIABLES[1:] if env.get(v)), "")
    if locale.split(".")[0] not in ("C", "POSIX"):  # GNU: C ignores LANGUAGE
        for item in env.get("LANGUAGE", "").split(":"):
            code = language_code(item)
            if code is not None:
                return code
    return language_code(locale) or SOURCE_LANGUAGE


def compile_po(path: str | Path) -> bytes:
    """A ``.po`` catalog compiled to ``.mo`` bytes with Babel (imported here, lazily).

    Untranslated and fuzzy entries are left out (they stay English).

    Raises:
        ImportError: Babel is not installed.
        OSError: the file cannot be read.
        ValueError: the file is not a valid catalog (Babel's ``PoFileError``).
    """
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import PoFileError, read_po

    with open(path, "rb") as f:
        try:
            catalog = read_po(f, domain=DOMAIN, abort_invalid=True)
        except PoFileError as exc:
            raise ValueError(f"{path}: {exc}") from exc
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def _catalog(folder: Path, norm: str) -> gettext.NullTranslations | None:
    """The catalog for ``norm`` (``fr`` or ``fr_BE``) under ``folder``: its ``.mo``, else
    its ``.po`` compiled in memory; the region's, then the language's; ``None``."""
    t = gettext.translation(DOMAIN, str(folder), languages=[norm], fallback=True)
    if type(t) is not gettext.NullTranslations:
        return t
    for name in dict.fromkeys((norm, norm.split("_")[0])):
        po = folder / name / "LC_MESSAGES" / f"{DOMAIN}.po"
        if po.is_file():
            try:
                return gettext.GNUTranslations(io.BytesIO(compile_po(po)))
            except Exception:  # no Babel, or a broken catalog: English, no crash
                return None
    return None


def set_language(code: str | None, localedir: str | Path | None = None) -> str:
    """Use language ``code`` from now on (``None``, ``""`` or ``en``: English).

    Looks for ``<localedir>/<code>/LC_MESSAGES/seasalt.mo`` (``code`` such as
    ``fr``, ``fr_BE`` or ``fr-BE``; a regional code falls back to its language), then
    for the ``seasalt.po`` beside it, compiled in memory (:func:`compile_po`, which
    needs Babel). A missing, unreadable or invalid catalog means English.

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
    try:
        t = _catalog(folder, norm)
    except OSError:  # an unreadable or corrupt .mo
        t = None
    if t is None:
        _install(gettext.NullTranslations(), SOURCE_LANGUAGE)
        return SOURCE_LANGUAGE
    _install(t, norm)
    return norm


@contextmanager
def temporary_language() -> Iterator[None]:
    """Put back the language in use (and its catalog) when the block ends.

    For code that switches languages for a while: ``build.py`` reading the page's
    words in each language, the command line run inside a test.
    """
    saved = dict(_state)
    try:
        yield
    finally:
        _state.update(saved)


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
