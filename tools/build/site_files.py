"""The site's own files: ``web/`` copied with its config packed, the preload links, the
key of Pyodide's start-up snapshot, and the service worker's list and version."""

from __future__ import annotations

import hashlib
import html
import json
import re
import shutil
import tomllib
from collections.abc import Sequence
from pathlib import Path

from .errors import BuildError
from .layout import PAGE_PACKAGE, page_modules
from .paths import (
    CONFIG_NAME,
    MORE_ARCHIVE,
    PYODIDE_START,
    SERVICE_WORKER,
    START_ARCHIVE,
    UNPACK_MODULE,
    WEB,
    WORKER_SCRIPT,
)
from .vendor import PYODIDE_FILES

PYTHON_PRELOADS_MARKER: str = "<!-- @SEASALT_PYTHON_PRELOADS@ -->"
"""Replaced in ``index.html`` by a preload link for each Python file the config fetches."""
VERSION_PLACEHOLDER: str = "@SEASALT_CACHE_VERSION@"
FILES_PLACEHOLDER: str = "@SEASALT_PRECACHE@"
SITE_VERSION_PLACEHOLDER: str = "@SEASALT_SITE_VERSION@"
"""The version in `STAMPED` files before `stamp` (the page then runs unversioned)."""
UNCACHED: frozenset[str] = frozenset({SERVICE_WORKER, ".nojekyll"})
"""Files of ``dist/`` the service worker does not cache (itself; a GitHub Pages flag)."""
SNAPSHOT_KEY_PLACEHOLDER: str = "@SEASALT_SNAPSHOT_KEY@"
"""Replaced in `PYODIDE_START` by `snapshot_key`."""


def _ignore_caches(_folder: str, names: list[str]) -> set[str]:
    return {n for n in names if n == "__pycache__" or n.endswith(".pyc")}


def copy_web(dist: Path, web: Path = WEB, *, packed: bool = True) -> None:
    """Copy ``web/`` into ``dist``, check the config and the bots' web worker, and put
    the preload links of what the config fetches into ``index.html``.

    Packed (the site), the page's modules ship in the archives (`write_python_archives`):
    the ``page`` folder is not copied and the config's lines for its modules go
    (`pack_page_config`).

    Args:
        dist: The site folder.
        web: The page's sources.
        packed: Leave the page's module sources out (else they ship as they are).

    Raises:
        BuildError: If ``web/``, its config, page or worker is missing, the worker does
            not load both archives, or the config does not parse as TOML, does not
            fetch `UNPACK_MODULE` and `START_ARCHIVE`, or does not list every page
            module.
    """
    if not (web / CONFIG_NAME).is_file():
        raise BuildError(f"missing {web / CONFIG_NAME}")
    for name in ("index.html", WORKER_SCRIPT):
        if not (web / name).is_file():
            raise BuildError(f"missing {web / name}")
    worker = (web / WORKER_SCRIPT).read_text(encoding="utf-8")
    for name in (UNPACK_MODULE, START_ARCHIVE, MORE_ARCHIVE):
        if f'"./{name}"' not in worker:
            raise BuildError(f'{web / WORKER_SCRIPT} must load "./{name}"')
    text = (web / CONFIG_NAME).read_text(encoding="utf-8")
    try:
        config = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BuildError(f"{web / CONFIG_NAME} is not valid TOML: {exc}") from exc
    files = config.get("files", {})
    for name in (UNPACK_MODULE, START_ARCHIVE):
        if files.get(f"./{name}") != f"./{name}":
            raise BuildError(f'{web / CONFIG_NAME} must fetch "./{name}" = "./{name}" '
                             "in [files]")
    missing = [name for name in page_modules(web) if f"./{name}" not in files]
    if missing:
        raise BuildError(f"{web / CONFIG_NAME} must list every page module in [files]; "
                         f"missing: {', '.join(missing)}")
    if packed:
        config = tomllib.loads(pack_page_config(text))
        files = config["files"]

    def ignore(folder: str, names: list[str]) -> set[str]:
        skipped = _ignore_caches(folder, names)
        if Path(folder).resolve() == web.resolve():
            skipped.add(CONFIG_NAME)  # written into the page (`write_inline_config`)
            if packed:
                skipped.add(PAGE_PACKAGE)  # its modules are in the archives
        return skipped

    shutil.copytree(web, dist, ignore=ignore, dirs_exist_ok=True)
    write_inline_config(dist, config)
    write_python_preloads(dist, files)


CONFIG_ATTRIBUTE: str = f'config="./{CONFIG_NAME}"'
"""The page's PyScript script's config attribute in ``web/index.html``; the build puts
the config itself there (`write_inline_config`)."""
CONFIG_PRELOAD: str = f'<link rel="preload" href="./{CONFIG_NAME}" as="fetch" crossorigin>'
"""``web/index.html``'s preload link of the config file, dropped by the build."""


def inline_config(config: dict[str, object]) -> str:
    """``config`` as PyScript reads it from a ``config`` attribute: compact JSON (PyScript
    takes a value that starts with ``{`` and ends with ``}`` as the config itself),
    escaped for a double-quoted HTML attribute."""
    return html.escape(json.dumps(config, separators=(",", ":"), ensure_ascii=False),
                       quote=True)


def write_inline_config(dist: Path, config: dict[str, object]) -> None:
    """Put ``config`` (the parsed `CONFIG_NAME`) into ``dist/index.html`` in place of its
    file's name, and drop the file's preload link.

    The page then fetches no config: if that fetch failed (it did once, under load),
    PyScript went on with its defaults and fetched its interpreter from a CDN, which the
    page's Content-Security-Policy refuses, so the page never started. Nor does PyScript
    need its TOML parser.

    Raises:
        BuildError: If ``index.html`` lacks `CONFIG_ATTRIBUTE` or names it twice.
    """
    page = dist / "index.html"
    text = page.read_text(encoding="utf-8")
    if text.count(CONFIG_ATTRIBUTE) != 1:
        raise BuildError(f"{WEB / 'index.html'} must name its config once as "
                         f"{CONFIG_ATTRIBUTE}")
    text = text.replace(CONFIG_ATTRIBUTE, f'config="{inline_config(config)}"', 1)
    text = "".join(line for line in text.splitlines(keepends=True)
                   if line.strip() != CONFIG_PRELOAD)
    page.write_text(text, encoding="utf-8")


_PAGE_FILE_LINE = re.compile(rf'^\s*"\./{PAGE_PACKAGE}/[^"]+\.py"\s*=\s*"[^"]*"\s*$')


def pack_page_config(text: str) -> str:
    """The config's text without its lines for the page's modules (each
    ``"./page/....py" = ...`` line of ``[files]``): they ship in `START_ARCHIVE`.

    Args:
        text: The config.

    Raises:
        BuildError: If the result still lists a page module (not one line each).
    """
    lines = [line for line in text.splitlines() if not _PAGE_FILE_LINE.match(line)]
    packed = "\n".join(lines) + "\n"
    files = tomllib.loads(packed).get("files", {})
    if any(source.startswith(f"./{PAGE_PACKAGE}/") for source in files):
        raise BuildError(f"{CONFIG_NAME}: cannot drop the page's modules from [files] "
                         "(one line each expected)")
    return packed


def python_preload_links(files: dict[str, str]) -> str:
    """Preload links (``as="fetch"``, as PyScript fetches them) for the sources of the
    config's ``[files]`` table, in its order, one per line."""
    return "\n  ".join(f'<link rel="preload" href="{source}" as="fetch" crossorigin>'
                       for source in files)


def write_python_preloads(dist: Path, files: dict[str, str]) -> None:
    """Put `python_preload_links` into ``dist/index.html`` at `PYTHON_PRELOADS_MARKER`.

    Raises:
        BuildError: If ``index.html`` lacks the marker.
    """
    page = dist / "index.html"
    text = page.read_text(encoding="utf-8")
    if PYTHON_PRELOADS_MARKER not in text:
        raise BuildError(f"{WEB / 'index.html'} lacks the marker {PYTHON_PRELOADS_MARKER}")
    page.write_text(text.replace(PYTHON_PRELOADS_MARKER, python_preload_links(files), 1),
                    encoding="utf-8")


def snapshot_files() -> list[str]:
    """The site's files a snapshot of Pyodide's start-up depends on, relative to the
    site: the vendored Pyodide's (`PYODIDE_FILES`, the shipped standard library among
    them), and the engine imported into it (`UNPACK_MODULE`, `START_ARCHIVE`)."""
    return [f"pyodide/{name}" for name in PYODIDE_FILES] + [UNPACK_MODULE, START_ARCHIVE]


def snapshot_key(dist: Path) -> str:
    """A short hash of `snapshot_files` in ``dist``.

    A browser keeps its snapshot of Pyodide's start-up under this key
    (``web/pyodide/start.mjs``): the snapshot holds the interpreter's memory with the
    engine imported, zipimport's directory of the standard-library archive included,
    so it is good only with the very same files.
    """
    return site_version(dist, [f"./{name}" for name in snapshot_files()])


def write_snapshot_key(dist: Path) -> str:
    """Fill in `PYODIDE_START`'s `SNAPSHOT_KEY_PLACEHOLDER` with `snapshot_key`.

    Returns:
        The key.

    Raises:
        BuildError: If the module is missing or lacks the placeholder.
    """
    start = dist / PYODIDE_START
    if not start.is_file():
        raise BuildError(f"missing {WEB / PYODIDE_START}")
    text = start.read_text(encoding="utf-8")
    if SNAPSHOT_KEY_PLACEHOLDER not in text:
        raise BuildError(f"{WEB / PYODIDE_START} lacks the placeholder "
                         f"{SNAPSHOT_KEY_PLACEHOLDER}")
    key = snapshot_key(dist)
    start.write_text(text.replace(SNAPSHOT_KEY_PLACEHOLDER, key), encoding="utf-8")
    return key


def site_files(dist: Path) -> list[str]:
    """Every file of the built site that the service worker caches, as ``./`` URLs.

    Sorted; `UNCACHED` files are left out.
    """
    return sorted(
        "./" + path.relative_to(dist).as_posix()
        for path in dist.rglob("*")
        if path.is_file() and path.name not in UNCACHED
    )


def site_version(dist: Path, files: Sequence[str]) -> str:
    """A short hash of the names and bytes of ``files`` (``./`` URLs in ``dist``): the
    service worker's cache version, and `snapshot_key`."""
    digest = hashlib.sha256()
    for url in files:
        data = (dist / url.removeprefix("./")).read_bytes()
        digest.update(f"{url}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()[:16]


STAMPED: tuple[str, ...] = ("boot.js", WORKER_SCRIPT)
"""Files of the site that carry the build's version (`stamp`): the page asks for the
bots' worker and the archives with it, and the worker for its archives, so that a page
of one build is never served another build's files (``sw.js`` keeps each version's
cache)."""
_VERSION_LINE = re.compile(r'^const SITE_VERSION = "[^"\n]*";$', re.MULTILINE)


def _version_line(version: str) -> str:
    return f'const SITE_VERSION = "{version}";'


def _stamp_all(dist: Path, version: str) -> None:
    for name in STAMPED:
        path = dist / name
        text = path.read_text(encoding="utf-8") if path.is_file() else ""
        if len(_VERSION_LINE.findall(text)) != 1:
            raise BuildError(f"{WEB / name} must have one line "
                             f"{_version_line(SITE_VERSION_PLACEHOLDER)}")
        path.write_text(_VERSION_LINE.sub(_version_line(version), text, count=1),
                        encoding="utf-8")


def unstamp(dist: Path) -> None:
    """Put `SITE_VERSION_PLACEHOLDER` back into each `STAMPED` file's version line, so
    that `site_version` does not depend on an earlier `stamp` (a rebuilt ``sw.js``).

    Raises:
        BuildError: If a file is missing or has not exactly one version line.
    """
    _stamp_all(dist, SITE_VERSION_PLACEHOLDER)


def stamp(dist: Path, version: str) -> None:
    """Write ``version`` into each `STAMPED` file's ``const SITE_VERSION = "...";``.

    Raises:
        BuildError: If a file is missing or has not exactly one version line.
    """
    _stamp_all(dist, version)


def write_service_worker(dist: Path) -> str:
    """Fill in ``dist/sw.js``: the list of `site_files` and their `site_version`, which
    `stamp` also writes into the `STAMPED` files (the hash is of their unstamped bytes).

    Call it last, once every other file is in place.

    Returns:
        The version.

    Raises:
        BuildError: If ``sw.js`` is missing or lacks a placeholder, or `STAMPED` files
            lack their version line.
    """
    unstamp(dist)
    worker = dist / SERVICE_WORKER
    if not worker.is_file():
        raise BuildError(f"missing {WEB / SERVICE_WORKER}")
    text = worker.read_text(encoding="utf-8")
    for placeholder in (VERSION_PLACEHOLDER, FILES_PLACEHOLDER):
        if placeholder not in text:
            raise BuildError(f"{WEB / SERVICE_WORKER} lacks the placeholder {placeholder}")
    files = site_files(dist)
    version = site_version(dist, files)
    stamp(dist, version)
    text = text.replace(VERSION_PLACEHOLDER, version)
    text = text.replace(FILES_PLACEHOLDER, json.dumps(files, indent=2))
    worker.write_text(text, encoding="utf-8")
    return version
