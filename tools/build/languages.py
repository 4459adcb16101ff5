"""The words shown before Python runs, in every language: ``boot.js``'s (the loading
screen, the setup form ``setup-early.js`` fills in) and the web app manifests."""

from __future__ import annotations

import ast
import contextlib
import io
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .catalogs import LOCALE, write_catalogs
from .errors import BuildError
from .layout import PAGE_PACKAGE
from .paths import BOOT_SCRIPT, MANIFEST, WEB

BOOT_TEXTS_MARKER: str = '"@SEASALT_BOOT_TEXTS@"'
"""Replaced in ``boot.js`` by `boot_texts` as JSON (quoted, so the source still parses)."""
MANIFEST_TEXTS: dict[str, str] = {"name": "manifest-name",
                                  "short_name": "manifest-short-name",
                                  "description": "manifest-description"}
"""Manifest field -> the ``page_texts`` key of its translation."""


SETUP_MODULE: Path = WEB / PAGE_PACKAGE / "setup.py"
"""The page's setup screen; `setup_form_defaults` reads its seat rows' defaults."""
_SETUP_SECTION = re.compile(r'<section id="setup"')
_SECTION_TAG = re.compile(r"<(/?)section\b")
_DATA_TEXT = re.compile(r'data-text(?:-[a-z-]+)?="([^"]+)"')


def setup_form_defaults(module: Path = SETUP_MODULE) -> dict[str, Any]:
    """The setup form's seat rows as ``web/page/setup.py`` builds them: ``{"rows":
    MAX_ROWS, "kinds": DEFAULT_KINDS}`` (read from its source, so the form shown
    before Python runs starts as Python's).

    Raises:
        BuildError: If the module does not assign both as literals.
    """
    found: dict[str, Any] = {}
    try:
        tree = ast.parse(module.read_text(encoding="utf-8"))
    except (OSError, SyntaxError) as exc:
        raise BuildError(f"cannot read {module}: {exc}") from exc
    for node in tree.body:
        target = node.targets[0] if isinstance(node, ast.Assign) else getattr(
            node, "target", None)
        value = getattr(node, "value", None)
        if isinstance(target, ast.Name) and value is not None and target.id in (
                "MAX_ROWS", "DEFAULT_KINDS"):
            with contextlib.suppress(ValueError):
                found[target.id] = ast.literal_eval(value)
    if not (isinstance(found.get("MAX_ROWS"), int)
            and isinstance(found.get("DEFAULT_KINDS"), tuple | list)):
        raise BuildError(f"{module} must set MAX_ROWS and DEFAULT_KINDS as literals "
                         "(the setup form shown before Python runs follows them)")
    return {"rows": found["MAX_ROWS"], "kinds": list(found["DEFAULT_KINDS"])}


def setup_words(page: str) -> list[str]:
    """The ``data-text`` keys of the setup screen (``<section id="setup">``, the
    sections inside it included) of a page."""
    start = _SETUP_SECTION.search(page)
    if start is None:
        return []
    depth, end = 0, len(page)
    for tag in _SECTION_TAG.finditer(page, start.start()):
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            end = tag.end()
            break
    return sorted(set(_DATA_TEXT.findall(page[start.start():end])))


def setup_texts(defaults: Mapping[str, Any]) -> dict[str, Any]:
    """What ``setup-early.js`` fills the setup form with before Python runs, in the
    language in use: the words ``web/page/setup.py`` takes from ``seasalt.web.settings``.

    Args:
        defaults: `setup_form_defaults`.

    Returns:
        ``{"games": [{"name", "title", "description", "min_players", "max_players",
        "players_note", "options"}], "aliases": {alias: game}, "kinds": [[value,
        label]], "seat_kinds": {value: kind}, "speeds": [[key, label]], "targets":
        [normal, double], "names": {"you", "player", "numbered", "bots": {level:
        name}} (``default_name``'s words: ``You``, ``Player {number}``, ``{bot}
        {number}``, ``Easy bot``...), "who": [label per row], "name_field": [...],
        "remove": text, "remove_seat": [...], "legend": text, "levels_title": text,
        "levels": {game: [[name, description]]}, "languages": [[code, name]]}``.
    """
    from seasalt.i18n import _
    from seasalt.ssp.present import default_name, languages, seat_choices, target_text
    from seasalt.web.games import GAMES
    from seasalt.web.messages import message
    from seasalt.web.settings import (
        HUMAN,
        SEAT_KINDS,
        game_choices,
        game_info,
        level_notes,
        speed_choices,
    )

    rows = int(defaults["rows"])
    bots = [kind for kind in dict.fromkeys(SEAT_KINDS.values()) if kind != HUMAN]
    aliases = {alias: name for name in GAMES
               for alias in game_info(name).aliases}
    return {
        "games": game_choices(),
        "aliases": aliases,
        "kinds": [list(choice) for choice in seat_choices()],
        "speeds": [[key, label] for key, label, _name in speed_choices()],
        "targets": [target_text(False), target_text(True)],
        "names": {"you": default_name(HUMAN, 0, [HUMAN]),
                  "player": _("Player {number}"), "numbered": _("{bot} {number}"),
                  "bots": {kind: default_name(kind, 0, [kind]) for kind in bots}},
        "seat_kinds": SEAT_KINDS,
        "who": [message("who-plays", number=i + 1) for i in range(rows)],
        "name_field": [message("name-field", number=i + 1) for i in range(rows)],
        "remove": message("remove"),
        "remove_seat": [message("remove-seat", number=i + 1) for i in range(rows)],
        "legend": message("game-legend"),
        "levels_title": message("levels-title"),
        "levels": {name: [[lv["name"], lv["description"]] for lv in level_notes(name)]
                   for name in GAMES},
        "languages": [list(pair) for pair in languages()],
    }


def boot_texts(catalogs: Mapping[str, bytes], page: str | None = None) -> dict[str, Any]:
    """The words ``boot.js`` shows before Python runs, in every language.

    Read from ``seasalt.ssp.present.page.boot_texts()`` under each catalog (the
    loading screen, the manifest, the skip link and the footer), with the words of the
    setup screen's ``data-text`` keys (`setup_words` of ``page``) and what the setup
    form is filled with (`setup_texts`): ``setup-early.js`` lets the form be filled in
    while Python loads. The language in use is put back afterwards.

    Args:
        catalogs: ``{code: .mo bytes}`` from `write_catalogs`.
        page: ``index.html``'s text (default: ``web/index.html``).

    Returns:
        ``{"languages": ["en", "fr", ...], "texts": {code: {key: text}}, "form":
        setup_form_defaults(), "setup": {code: setup_texts()}}``.
    """
    from seasalt import i18n
    from seasalt.ssp.present.page import boot_texts as words
    from seasalt.ssp.present.page import page_text

    if page is None:
        page = (WEB / "index.html").read_text(encoding="utf-8")
    keys = setup_words(page)
    defaults = setup_form_defaults()
    texts: dict[str, dict[str, str]] = {}
    setup: dict[str, dict[str, Any]] = {}
    with i18n.temporary_language():
        for code in i18n.LANGUAGES:
            if code in catalogs:
                i18n.use_catalog(io.BytesIO(catalogs[code]), code)
            else:
                i18n.set_language(i18n.SOURCE_LANGUAGE)
            texts[code] = {**words(), **{key: page_text(key) for key in keys}}
            setup[code] = setup_texts(defaults)
    return {"languages": list(i18n.LANGUAGES), "texts": texts, "form": defaults,
            "setup": setup}


def write_boot_texts(dist: Path, data: Mapping[str, Any]) -> None:
    """Put `boot_texts` into ``dist/boot.js`` as JSON, at `BOOT_TEXTS_MARKER`.

    Raises:
        BuildError: If ``boot.js`` is missing or lacks the marker.
    """
    script = dist / BOOT_SCRIPT
    if not script.is_file():
        raise BuildError(f"missing {WEB / BOOT_SCRIPT}")
    text = script.read_text(encoding="utf-8")
    if BOOT_TEXTS_MARKER not in text:
        raise BuildError(f"{WEB / BOOT_SCRIPT} lacks the marker {BOOT_TEXTS_MARKER}")
    script.write_text(text.replace(BOOT_TEXTS_MARKER, json.dumps(data, sort_keys=True), 1),
                      encoding="utf-8")


def write_manifests(dist: Path, texts: Mapping[str, Mapping[str, str]]) -> list[str]:
    """Write ``dist/manifest-<code>.webmanifest`` for each language but English.

    Each is ``manifest.webmanifest`` (which stays English) with the language's
    ``name``, ``short_name`` and ``description`` (`MANIFEST_TEXTS`) and ``lang``;
    ``boot.js`` links the one of the page's language.

    Args:
        dist: The site folder (``manifest.webmanifest`` already copied).
        texts: ``{code: {key: text}}``, `boot_texts`'s ``texts``.

    Returns:
        The names of the files written.

    Raises:
        BuildError: If the English manifest is missing or not JSON.
    """
    try:
        base = json.loads((dist / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise BuildError(f"cannot read {WEB / MANIFEST}: {exc}") from exc
    written = []
    for code, words in texts.items():
        if code == base.get("lang", "en"):
            continue
        manifest = {**base, "lang": code}
        for field, key in MANIFEST_TEXTS.items():
            if words.get(key):
                manifest[field] = words[key]
        name = f"manifest-{code}.webmanifest"
        (dist / name).write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n",
                                 encoding="utf-8")
        written.append(name)
    return written


def write_languages(dist: Path, locale: Path = LOCALE) -> dict[str, Any]:
    """Step 6: the catalogs, ``boot.js``'s words and the manifests of every language.

    Returns:
        `boot_texts`'s result.

    Raises:
        BuildError: On a missing or invalid catalog, or a missing marker.
    """
    catalogs = write_catalogs(dist, locale)
    page = dist / "index.html"
    data = boot_texts(catalogs, page.read_text(encoding="utf-8") if page.is_file() else None)
    write_boot_texts(dist, data)
    write_manifests(dist, data["texts"])
    return data
