"""The translation catalogs (``seasalt/locale``): the English template matches the
code, and every language's catalog is complete and safe to format.

The template ``seasalt.pot`` is extracted with Babel (keywords ``_``, ``N_``,
``ngettext``, ``pgettext``) from ``seasalt/`` and ``web/page/``; refresh it with::

    pybabel extract -k _ -k N_ -k ngettext:1,2 -k pgettext:1c,2 --no-location \\
        --project seasalt --version 0.1.0 -o seasalt/locale/seasalt.pot seasalt web/page
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "seasalt" / "locale"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
PLACEHOLDER = re.compile(r"\{[a-z_]+(?:![rsa])?(?::[^{}]*)?\}")
CATALOGS = sorted(LOCALE.glob("*/LC_MESSAGES/seasalt.po"))


def _key(message_id: str | tuple[str, ...], context: str | None) -> tuple[str | None, str]:
    first = message_id if isinstance(message_id, str) else message_id[0]
    return context, first


def _extracted() -> set[tuple[str | None, str]]:
    keys = set()
    for folder in (ROOT / "seasalt", ROOT / "web" / "page"):
        for _file, _line, message, _comments, context in extract_from_dir(
                str(folder), method_map=[("**.py", "python")], keywords=KEYWORDS):
            keys.add(_key(message, context))
    return keys


def _template() -> Catalog:
    with open(LOCALE / "seasalt.pot", "rb") as f:
        return read_po(f)


def test_template_matches_the_code() -> None:
    in_template = {_key(m.id, m.context) for m in _template() if m.id}
    in_code = _extracted()
    assert in_code - in_template == set(), "strings missing from seasalt.pot: re-extract"
    assert in_template - in_code == set(), "seasalt.pot has strings the code no longer uses"


@pytest.mark.parametrize("path", CATALOGS, ids=[p.parts[-3] for p in CATALOGS])
def test_catalog_is_complete_and_formats_like_the_source(path: Path) -> None:
    with open(path, "rb") as f:
        catalog = read_po(f)
    assert catalog.num_plurals == 2, "Plural-Forms: nplurals=2 expected"
    translated = {_key(m.id, m.context): m for m in catalog if m.id}
    for source in _template():
        if not source.id:
            continue
        key = _key(source.id, source.context)
        message = translated.get(key)
        assert message is not None, f"{path.parts[-3]}: no entry for {key}"
        assert not message.fuzzy, f"{path.parts[-3]}: fuzzy entry {key}"
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        sources = source.id if isinstance(source.id, tuple) else (source.id,)
        allowed = {p for s in sources for p in PLACEHOLDER.findall(s)}
        for text in strings:
            assert text, f"{path.parts[-3]}: empty translation of {key}"
            assert set(PLACEHOLDER.findall(text)) <= allowed, (path.parts[-3], key, text)
            if isinstance(source.id, str):
                assert set(PLACEHOLDER.findall(text)) == allowed, (path.parts[-3], key, text)
    write_mo(io.BytesIO(), catalog)  # compiles
