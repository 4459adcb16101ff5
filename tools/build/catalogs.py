"""The translation catalogs: each language's ``.po`` compiled by Babel to a gzipped
``.mo`` the page fetches (only the one of its language)."""

from __future__ import annotations

import gettext
import gzip
import io
from pathlib import Path

from .errors import BuildError
from .paths import PACKAGE

LOCALE: Path = PACKAGE / "locale"
"""The catalogs: ``<code>/LC_MESSAGES/seasalt.po`` for each language but English."""
LOCALE_OUT: str = "locale"
"""The folder of ``dist/`` that holds the compiled catalogs, ``<code>.mo.gz``."""
CATALOG_SUFFIX: str = ".mo.gz"
"""A compiled catalog's file name ending: gzipped ``.mo`` (the page decompresses it)."""


def catalog_languages() -> tuple[str, ...]:
    """The codes of the languages that have a catalog: every one of the game's but
    English, the source (``seasalt.i18n.LANGUAGES``)."""
    from seasalt.i18n import LANGUAGES, SOURCE_LANGUAGE

    return tuple(code for code in LANGUAGES if code != SOURCE_LANGUAGE)


def compile_catalog(po: Path, code: str) -> bytes:
    """Compile one language's ``.po`` catalog to ``.mo`` bytes with Babel (the CLI's
    ``seasalt.i18n.compile_po``: untranslated and fuzzy entries left out), and check
    the result.

    Args:
        po: the catalog.
        code: its language, which its ``Language:`` header must name.

    Raises:
        BuildError: Babel is not installed, or the catalog is missing, does not parse,
            names another language, has an invalid ``Plural-Forms``, or translates
            nothing.
    """
    from seasalt.i18n import compile_po

    if not po.is_file():
        raise BuildError(f"missing the {code!r} catalog {po} (every language of "
                         f"seasalt.i18n.LANGUAGES needs one)")
    try:
        data = compile_po(po)
    except ImportError as exc:
        raise BuildError(f"Babel compiles the catalogs and is not installed ({exc}): run "
                         "`python3 build.py`, which runs itself in .venv/ with Babel, "
                         "or `pip install babel`") from exc
    except (OSError, ValueError) as exc:
        raise BuildError(f"invalid catalog {po}: {exc}") from exc
    try:
        catalog = gettext.GNUTranslations(io.BytesIO(data))
    except (OSError, ValueError, SyntaxError) as exc:
        raise BuildError(f"invalid catalog {po}: {exc}") from exc
    language = catalog.info().get("language", "").replace("-", "_").split("_")[0]
    if language != code:
        raise BuildError(f"{po} says `Language: {language}` in its header, not {code}")
    if len(getattr(catalog, "_catalog", {})) < 2:
        raise BuildError(f"{po} translates no message")
    return data


def write_catalogs(dist: Path, locale: Path = LOCALE) -> dict[str, bytes]:
    """Compile every language's catalog to ``dist/locale/<code>.mo.gz`` (`compile_catalog`,
    then gzip: hosts do not compress ``.mo`` files, a third of their size gzipped).

    Returns:
        ``{code: .mo bytes}``, in the order of `catalog_languages`.

    Raises:
        BuildError: a catalog is missing or invalid, or Babel is not installed.
    """
    folder = dist / LOCALE_OUT
    folder.mkdir(parents=True, exist_ok=True)
    catalogs = {}
    for code in catalog_languages():
        data = compile_catalog(locale / code / "LC_MESSAGES" / "seasalt.po", code)
        (folder / f"{code}{CATALOG_SUFFIX}").write_bytes(
            gzip.compress(data, compresslevel=9, mtime=0))
        catalogs[code] = data
    return catalogs
