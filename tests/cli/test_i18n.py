"""seasalt.i18n: the languages, the environment's choice, catalogs from .mo or .po."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from seasalt import i18n

LOCALE = Path(i18n.LOCALE_DIR)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language(None)


def test_available_languages_source_first() -> None:
    assert i18n.available_languages() == ["en", "fr", "nl", "tr"]
    assert [i18n.LANGUAGE_NAMES[c] for c in i18n.LANGUAGES] == [
        "English", "Français", "Nederlands", "Türkçe"]
    for code in i18n.LANGUAGES[1:]:
        assert (LOCALE / code / "LC_MESSAGES" / "seasalt.po").is_file()


@pytest.mark.parametrize(("value", "code"), [
    ("fr", "fr"), ("fr-BE", "fr"), ("fr_FR.UTF-8", "fr"), ("nl_NL@euro", "nl"), ("TR", "tr"),
    ("tr_TR.UTF-8", "tr"), ("en_GB.UTF-8", "en"), ("C", "en"), ("POSIX", "en"),
    ("C.UTF-8", "en"), ("de_DE.UTF-8", None), ("", None), (None, None)])
def test_language_code(value: str | None, code: str | None) -> None:
    assert i18n.language_code(value) == code


@pytest.mark.parametrize(("env", "code"), [
    ({}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "C"}, "en"),
    ({"LANG": "POSIX"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LC_MESSAGES": "nl_BE.UTF-8", "LANG": "fr_FR.UTF-8"}, "nl"),
    ({"LC_ALL": "tr_TR.UTF-8", "LC_MESSAGES": "nl_NL", "LANG": "fr_FR"}, "tr"),
    ({"LC_ALL": "", "LANG": "nl_NL.UTF-8"}, "nl"),
    ({"LANGUAGE": "de:nl:fr", "LANG": "fr_FR.UTF-8"}, "nl"),
    ({"LANGUAGE": "de", "LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANGUAGE": "fr"}, "fr"),
    ({"LANGUAGE": "en:fr", "LANG": "fr_FR.UTF-8"}, "en"),
    ({"LANGUAGE": "fr", "LC_ALL": "C"}, "en"),  # GNU gettext: the C locale ignores LANGUAGE
])
def test_language_from_env(env: dict[str, str], code: str) -> None:
    assert i18n.language_from_env(env) == code


def test_language_from_env_reads_os_environ(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in i18n.ENV_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "tr_TR.UTF-8")
    assert i18n.language_from_env() == "tr"


@pytest.mark.parametrize(("code", "crab"), [("fr", "Crabe"), ("nl", "Krab"), ("tr", "Yengeç")])
def test_set_language_compiles_the_repository_catalog(code: str, crab: str) -> None:
    assert i18n.set_language(code) == code
    assert i18n._("Crab") == crab and i18n.language() == code
    assert i18n.set_language(f"{code}-XX") == f"{code}_XX"  # a region falls back
    assert i18n._("Crab") == crab


def test_a_compiled_catalog_comes_first(tmp_path: Path) -> None:
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    shutil.copy(LOCALE / "fr" / "LC_MESSAGES" / "seasalt.po", folder)
    mo = i18n.compile_po(folder / "seasalt.po")
    (folder / "seasalt.mo").write_bytes(mo.replace(b"Crabe", b"CRABE"))
    assert i18n.set_language("fr", tmp_path) == "fr"
    assert i18n._("Crab") == "CRABE"


def test_without_babel_or_with_a_broken_catalog_english(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "nl" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    shutil.copy(LOCALE / "nl" / "LC_MESSAGES" / "seasalt.po", folder)

    def no_babel(_path: object) -> bytes:
        raise ImportError("No module named 'babel'")

    monkeypatch.setattr(i18n, "compile_po", no_babel)
    assert i18n.set_language("nl", tmp_path) == "en"
    assert i18n._("Crab") == "Crab"
    monkeypatch.undo()
    (folder / "seasalt.po").write_text('msgid "Crab"\nmsgstr "Krab"\nnonsense\n', encoding="utf-8")
    assert i18n.set_language("nl", tmp_path) == "en"
    (folder / "seasalt.mo").write_bytes(b"not a catalog")
    assert i18n.set_language("nl", tmp_path) == "en" and i18n._("Crab") == "Crab"


def test_temporary_language_puts_it_back() -> None:
    i18n.set_language("fr")
    with i18n.temporary_language():
        i18n.set_language("tr")
        assert i18n._("Crab") == "Yengeç"
    assert i18n.language() == "fr" and i18n._("Crab") == "Crabe"
