"""Build the seasalt web site into ``dist/``: a static folder that works offline.

Usage::

    python build.py                    # build dist/
    python build.py --serve [--port N] # build, then serve dist/ on 127.0.0.1
    python build.py --out DIR          # build into DIR instead of dist/

Steps:

1. ``npm ci`` when ``node_modules/`` is missing or older than ``package-lock.json``
   (npm pins ``@pyscript/core`` and ``pyodide``).
2. Find the standard-library modules the page imports (``tools/stdlib_imports.py``,
   run in the vendored Pyodide under Node: the ``import`` statements of the page's
   Python, from what Pyodide imports as it starts), then compile those modules, the
   ``seasalt`` package (but what only the command line runs) and the page's modules to
   bytecode (``tools/compile_pyc.mjs``), so the browser downloads only what it runs and
   compiles nothing; the results are kept in ``build/pyc/`` by input hash.
3. Wipe ``dist/`` and copy ``web/`` into it but the page's module sources (the config
   must list each ``web/page/*.py`` in its ``files``; the built config drops those
   lines); ``index.html`` preloads every file the built config fetches.
4. Ship the compiled ``seasalt`` package and page modules in two archives, each a zip
   of stored members compressed whole with Zstandard (by the vendored Pyodide under
   Node): ``seasalt-start.zip.zst`` (what the setup screen and a game of Sea Salt &
   Paper need), which the config copies beside ``main.py`` and ``main.py`` unpacks
   first (``web/unpack.py``), and ``seasalt-more.zip.zst`` (`MORE_MODULES`: Fruits de
   mer's presenter and table, the calculator, the replay, the coach), which
   ``web/page/more.py`` fetches when first needed; the bots' web worker
   (``bots-worker.js``) unpacks both. No micropip, no wheel.
5. Vendor only the run-time files of Pyodide (``dist/pyodide/``, the standard library
   the page imports, as bytecode) and the PyScript files every start loads
   (``dist/pyscript/``), listed as modulepreload links in ``index.html``.
6. Compile the translation catalogs ``seasalt/locale/<code>/LC_MESSAGES/seasalt.po``
   to ``locale/<code>.mo.gz`` (with Babel; without it, with the small reader below,
   which gives the same catalog; gzipped); the page fetches only the one of its
   language. Write a web app manifest per language (``manifest-<code>.webmanifest``:
   the translated name and description) and put the words shown before Python runs
   (the loading screen, the setup form ``setup-early.js`` fills in) in every language
   into ``boot.js`` (at `BOOT_TEXTS_MARKER`).
7. Draw the app icons (``icon.svg``, ``icon-192.png``, ``icon-512.png``).
8. Fill in the service worker (``sw.js``): the list of every file of the site and a
   version, the hash of all their bytes, which names its cache.

Every URL in the site is relative, so ``dist/`` can be hosted under any sub-path.
Standard library only (plus Node.js, which npm needs anyway); Babel, when installed
(the project's dependency), compiles the catalogs.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import functools
import gzip
import hashlib
import http
import http.server
import io
import json
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import tomllib
import zipfile
import zlib
from array import array
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT: Path = Path(__file__).resolve().parent
"""The repository root (this file's folder)."""
WEB: Path = ROOT / "web"
DIST: Path = ROOT / "dist"
PACKAGE: Path = ROOT / "seasalt"
NODE_MODULES: Path = ROOT / "node_modules"
LOCKFILE: Path = ROOT / "package-lock.json"
PYC_TOOL: Path = ROOT / "tools" / "compile_pyc.mjs"
"""The Node script that compiles Python sources with the vendored Pyodide."""
PYC_CACHE: Path = ROOT / "build" / "pyc"
"""Compiled archives from earlier builds, named by the hash of their inputs."""
PYC_CACHE_KEEP: int = 12
"""How many archives `PYC_CACHE` keeps (the most recently used)."""

CONFIG_NAME: str = "pyscript.toml"
"""The PyScript config in ``web/``; its ``files`` sources resolve against its own URL."""
START_ARCHIVE: str = "seasalt-start.zip.zst"
"""The page's compiled Python that the start needs (the ``seasalt`` package and the
``page`` package but `MORE_MODULES`): a zip of stored members compressed whole with
Zstandard (`zstd_zips`). The config copies it beside ``main.py``, which unpacks it first
(``web/unpack.py``)."""
MORE_ARCHIVE: str = "seasalt-more.zip.zst"
"""The page's compiled Python needed only later (`MORE_MODULES`), as `START_ARCHIVE`;
``web/page/more.py`` fetches and unpacks it when first needed."""
UNPACK_MODULE: str = "unpack.py"
"""The plain module beside ``main.py`` that unpacks the archives (the page's and the
bots' web worker's)."""
WORKER_SCRIPT: str = "bots-worker.js"
"""The bots' web worker in ``web/``: a module worker that loads the vendored Pyodide and
both archives (``web/page/thinker.py`` starts it)."""
MODULEPRELOADS_MARKER: str = "<!-- @SEASALT_MODULEPRELOADS@ -->"
"""Replaced in ``index.html`` by a modulepreload link for each of `pyscript_startup_modules`."""
PYTHON_PRELOADS_MARKER: str = "<!-- @SEASALT_PYTHON_PRELOADS@ -->"
"""Replaced in ``index.html`` by a preload link for each Python file the config fetches."""
PAGE_PACKAGE: str = "page"
"""The page's own Python package in ``web/``; the config must list each of its files."""
MORE_MODULES: tuple[str, ...] = (
    "page/fdm_", "page/calc", "page/coach", "page/replay",
    "seasalt/fdm/present/", "seasalt/fdm/heuristics",
    "seasalt/web_calc", "seasalt/ssp/calculator", "seasalt/ssp/present/calc",
    "seasalt/web_replay", "seasalt/ssp/present/replay",
    "seasalt/web_coach", "seasalt/bots/coach",
)
"""The page's Python needed only later (``web/page/more.py``): a compiled module whose
path starts with one of these goes in the later archive, every other in the start
archive. The page imports none of them before ``page.more.need()`` has returned."""
SERVICE_WORKER: str = "sw.js"
"""The service worker in ``web/``; `write_service_worker` fills in its placeholders."""
VERSION_PLACEHOLDER: str = "@SEASALT_CACHE_VERSION@"
FILES_PLACEHOLDER: str = "@SEASALT_PRECACHE@"
UNCACHED: frozenset[str] = frozenset({SERVICE_WORKER, ".nojekyll"})
"""Files of ``dist/`` the service worker does not cache (itself; a GitHub Pages flag)."""

LOCALE: Path = PACKAGE / "locale"
"""The catalogs: ``<code>/LC_MESSAGES/seasalt.po`` for each language but English."""
LOCALE_OUT: str = "locale"
"""The folder of ``dist/`` that holds the compiled catalogs, ``<code>.mo.gz``."""
CATALOG_SUFFIX: str = ".mo.gz"
"""A compiled catalog's file name ending: gzipped ``.mo`` (the page decompresses it)."""
BOOT_SCRIPT: str = "boot.js"
BOOT_TEXTS_MARKER: str = '"@SEASALT_BOOT_TEXTS@"'
"""Replaced in ``boot.js`` by `boot_texts` as JSON (quoted, so the source still parses)."""
"""The page's words (``page_texts`` keys) that ``boot.js`` needs before Python runs."""
MANIFEST: str = "manifest.webmanifest"
"""The English web app manifest in ``web/``; the other languages' are built from it."""
MANIFEST_TEXTS: dict[str, str] = {"name": "manifest-name",
                                  "short_name": "manifest-short-name",
                                  "description": "manifest-description"}
"""Manifest field -> the ``page_texts`` key of its translation."""

PYODIDE_FILES: tuple[str, ...] = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""The files of npm ``pyodide`` that the page loads; the rest is not shipped."""
STDLIB_ZIP: str = "python_stdlib.zip"
"""Pyodide's standard library; shipped compiled to bytecode (`compile_bytecode`)."""
PYODIDE_START: str = "pyodide/start.mjs"
"""The page's way to load Pyodide (``web/pyodide/start.mjs``, beside the vendored files):
from this browser's snapshot of Pyodide's start-up when it holds one."""
SNAPSHOT_KEY_PLACEHOLDER: str = "@SEASALT_SNAPSHOT_KEY@"
"""Replaced in `PYODIDE_START` by `snapshot_key`."""

WHEEL_TIMESTAMP: tuple[int, int, int, int, int, int] = (1980, 1, 1, 0, 0, 0)
"""Fixed zip entry time, so that the same sources give byte-identical archives."""

DEFAULT_PORT: int = 8000

MIME_TYPES: dict[str, str] = {
    ".html": "text/html",
    ".css": "text/css",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".py": "text/plain",
    ".toml": "text/plain",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".mo": "application/octet-stream",
    ".gz": "application/gzip",
    ".zst": "application/zstd",
}
"""Content types the server sends; browsers refuse modules and wasm served otherwise."""


class BuildError(Exception):
    """A build step failed; the message is one line for the user."""


# ---- npm ---------------------------------------------------------------------------


def npm_install_needed(node_modules: Path = NODE_MODULES, lockfile: Path = LOCKFILE) -> bool:
    """Tell whether ``npm ci`` must run.

    Args:
        node_modules: The folder npm installs into.
        lockfile: The committed ``package-lock.json``.

    Returns:
        True if ``node_modules`` is missing or older than the lock file. npm's own
        record ``node_modules/.package-lock.json`` gives the install time when present.
    """
    if not node_modules.is_dir():
        return True
    marker = node_modules / ".package-lock.json"
    installed = marker if marker.exists() else node_modules
    return installed.stat().st_mtime < lockfile.stat().st_mtime


def npm_ci(root: Path = ROOT) -> None:
    """Run ``npm ci`` in ``root``.

    Raises:
        BuildError: If npm is not on PATH or exits with an error.
    """
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError(
            "npm not found on PATH: install Node.js and npm (Debian: apt-get install npm)"
        )
    print("build: npm ci", flush=True)
    try:
        result = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=root, check=False)
    except OSError as exc:
        raise BuildError(f"could not run npm: {exc}") from exc
    if result.returncode != 0:
        raise BuildError(f"`npm ci` failed with exit code {result.returncode} (see output above)")


# ---- bytecode ----------------------------------------------------------------------


def pyodide_python_version(node_modules: Path = NODE_MODULES) -> str:
    """The CPython version of the vendored Pyodide, e.g. ``"3.14.2"``.

    Raises:
        BuildError: If ``pyodide-lock.json`` is missing or does not say.
    """
    lock = node_modules / "pyodide" / "pyodide-lock.json"
    try:
        return str(json.loads(lock.read_text(encoding="utf-8"))["info"]["python"])
    except (OSError, KeyError, ValueError) as exc:
        raise BuildError(f"cannot read the Python version from {lock}: {exc!r}") from exc


STDLIB_IMPORTS_TOOL: Path = ROOT / "tools" / "stdlib_imports.py"
"""Finds the standard-library modules a program imports; `PYC_TOOL` runs it in Pyodide."""
PYSCRIPT_PYTHON: Path = NODE_MODULES / "@pyscript" / "core" / "src" / "stdlib"
"""PyScript's own Python package (``pyscript/``), which the page imports."""
PAGE_ENTRY: str = "main.py"
"""The page's Python entry point in ``web/`` (PyScript runs it)."""
NOT_ON_THE_PAGE: tuple[str, ...] = (
    "seasalt/__main__.py", "seasalt/cli.py", "seasalt/term.py", "seasalt/arena.py",
    "seasalt/ladder.py", "seasalt/commands/", "/present/term.py",
)
"""Files of the ``seasalt`` package that only the command line runs (name prefixes, or
an ending with a leading ``/``): the search for the page's standard-library modules
does not start from them."""
STDLIB_BY_NAME: tuple[str, ...] = (
    "encodings.cp437",  # zipfile decodes member names that are not flagged UTF-8
)
"""Standard-library modules imported by name at run time, which no ``import`` statement
shows (so `stdlib_modules` cannot find them)."""


def on_the_page(name: str) -> bool:
    """Whether a file of the ``seasalt`` package (``"seasalt/cli.py"``) may run on the
    page, i.e. is not one of `NOT_ON_THE_PAGE`."""
    return not any(name.endswith(rule) if rule.startswith("/") else name.startswith(rule)
                   for rule in NOT_ON_THE_PAGE)


def page_python_sources(web: Path = WEB, package: Path = PACKAGE,
                        pyscript: Path = PYSCRIPT_PYTHON) -> list[tuple[str, bytes]]:
    """The Python that runs on the page, as (archive member, source) pairs: its entry
    point (``main.py``) and the module that unpacks the rest (`UNPACK_MODULE`), its
    modules (``page/*.py``), the ``seasalt`` package but what
    only the command line runs (`on_the_page`), and PyScript's package (``pyscript/``).

    Raises:
        BuildError: If PyScript's Python sources are missing from ``node_modules``.
    """
    if not (pyscript / "pyscript" / "__init__.py").is_file():
        raise BuildError(f"missing {pyscript / 'pyscript' / '__init__.py'}: run `npm ci` "
                         "(has @pyscript/core moved its Python sources?)")
    entries = [(name, (web / name).read_bytes()) for name in (PAGE_ENTRY, UNPACK_MODULE)]
    entries += [(name, (web / name).read_bytes()) for name in page_modules(web)]
    entries += [(name, data) for name, data in package_sources(package)
                if name.endswith(".py") and on_the_page(name)]
    entries += sorted((p.relative_to(pyscript).as_posix(), p.read_bytes())
                      for p in (pyscript / "pyscript").rglob("*.py"))
    return entries


def page_roots(sources: Sequence[tuple[str, bytes]]) -> list[str]:
    """Where the search for the page's standard-library modules starts: the page's entry
    point, its own modules and the ``seasalt`` package's (from `page_python_sources`),
    PyScript's package, and `STDLIB_BY_NAME`."""
    roots = [name[:-3].replace("/", ".").removesuffix(".__init__") for name, _ in sources
             if not name.startswith("pyscript/")]
    return [*roots, "pyscript", *STDLIB_BY_NAME]


def stdlib_modules(sources: Sequence[tuple[str, bytes]]) -> list[str]:
    """The standard-library modules the page imports, found in its sources (see
    ``tools/stdlib_imports.py``) and in what Pyodide imports as it starts, by the
    vendored Pyodide under Node (cached like `compile_bytecode`'s results).

    Args:
        sources: The page's Python, from `page_python_sources`.

    Returns:
        Dotted module names, sorted.

    Raises:
        BuildError: If Node is missing or the search fails.
    """
    (found,) = compile_bytecode([(_zip_bytes(sources),
                                  {"kind": "imports", "roots": page_roots(sources)})])
    try:
        return sorted(json.loads(found)["modules"])
    except (ValueError, KeyError) as exc:
        raise BuildError(f"{PYC_TOOL.name} gave no module list: {exc!r}") from exc


STORED: bool = False
"""Whether the zip archives compiled by `compile_bytecode` (the standard library) are
stored rather than deflated member by member. Stored, the whole archive compresses a
little better (5 %) -- if the host gzips it. Static hosts gzip by content type, and
archives (``application/zip``, ``application/zstd``, ``application/octet-stream``) are not among
the types they compress (mime-db marks them incompressible; GitLab Pages compresses
nothing): stored, the standard library would cross the network at 2.8 MB instead of
0.9 MB. Measured with ``benchmarks/host.py``."""

def stdlib_settings(python_version: str, modules: Sequence[str] | None = None
                    ) -> dict[str, object]:
    """How `compile_bytecode` compiles Pyodide's ``python_stdlib.zip``.

    The archive is mounted at ``/lib/pythonXY.zip``; zipimport finds ``name.pyc``
    beside where ``name.py`` was. The sources are left out (the page never needs
    them; a traceback through the standard library just shows no source line), and
    so are the docstrings of modules and functions. A standard-library frame of a
    traceback gives its function's first line (the line tables are a sixth of the
    bytecode; the page's own code keeps its lines). Each member is deflated (`STORED`
    tells why).

    Args:
        python_version: Pyodide's CPython version (`pyodide_python_version`).
        modules: Ship only these modules (`stdlib_modules`); ``None``: all of them.
    """
    major, minor = python_version.split(".")[:2]
    return {"prefix": f"/lib/python{major}{minor}.zip/", "layout": "beside",
            "keep_source": False, "select": None if modules is None else list(modules),
            "strip_docstrings": True, "first_lines": True, "stored": STORED}


PACKAGE_SETTINGS: dict[str, object] = {"prefix": "", "layout": "beside", "keep_source": False,
                                       "strip_docstrings": True, "stored": STORED}
"""How `compile_bytecode` compiles the seasalt package and the page's modules for the
site: ``name.pyc`` where ``name.py`` was, without the sources (Python imports a
module from its bytecode alone; a traceback shows the file and line, not the line's
text) nor the docstrings of modules and functions; each member deflated (`STORED`)."""


def _zip_bytes(entries: Sequence[tuple[str, bytes]],
               compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    """A zip archive of ``entries`` with fixed time stamps (same input, same bytes), each
    member deflated or, with ``compression=zipfile.ZIP_STORED``, stored."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=compression) as zf:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=WHEEL_TIMESTAMP)
            info.compress_type = compression
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    return buffer.getvalue()


def compile_bytecode(
    jobs: Sequence[tuple[bytes, dict[str, object]]],
    node_modules: Path = NODE_MODULES,
    cache: Path = PYC_CACHE,
) -> list[bytes]:
    """Compile zip archives of Python sources to bytecode with the vendored Pyodide.

    The page's CPython is Pyodide's, so its bytecode can only come from Pyodide: this
    runs ``tools/compile_pyc.mjs`` under Node (once for every job not found in
    ``cache``, which holds earlier results named by the hash of their inputs).

    Args:
        jobs: Pairs of (zip archive of sources, settings for the tool: ``prefix``,
            ``layout``, ``keep_source``, ``select``, ``strip_docstrings``, ``stored``;
            or ``{"kind": "imports", "roots": [...]}`` to find the standard-library
            modules that the archive's modules import, as JSON; or ``{"kind": "zstd",
            "level": L, "window_log": W}`` to compress the bytes whole: see the tool).
        node_modules: Where npm installed ``pyodide``.
        cache: Folder of earlier results.

    Returns:
        The compiled archives (or JSON texts), in the order of ``jobs``.

    Raises:
        BuildError: If Node is missing or the tool fails.
    """
    pyodide_dir = node_modules / "pyodide"
    if not (pyodide_dir / "pyodide.mjs").is_file():
        raise BuildError(f"missing {pyodide_dir / 'pyodide.mjs'}: run `npm ci`")
    salt = hashlib.sha256(PYC_TOOL.read_bytes())
    salt.update(STDLIB_IMPORTS_TOOL.read_bytes())
    salt.update((pyodide_dir / "package.json").read_bytes())
    keys = []
    for source, settings in jobs:
        digest = salt.copy()
        digest.update(json.dumps(settings, sort_keys=True).encode())
        digest.update(source)
        keys.append(digest.hexdigest()[:40])
    todo = [i for i, key in enumerate(keys) if not (cache / f"{key}.zip").is_file()]
    if todo:
        node = shutil.which("node")
        if node is None:
            raise BuildError("node not found on PATH: install Node.js (apt-get install npm)")
        print(f"build: compiling Python bytecode with Pyodide ({len(todo)} archives)", flush=True)
        with tempfile.TemporaryDirectory(prefix="seasalt-pyc-") as tmp:
            folder = Path(tmp)
            spec: list[dict[str, object]] = []
            for i in todo:
                source, settings = jobs[i]
                (folder / f"in{i}.zip").write_bytes(source)
                if settings.get("kind") == "zstd":
                    spec.append({"source": str(folder / f"in{i}.zip"),
                                 "target": str(folder / f"out{i}.zip"), **settings})
                elif settings.get("kind") == "imports":
                    spec.append({"app": str(folder / f"in{i}.zip"),
                                 "stdlib": str(pyodide_dir / STDLIB_ZIP),
                                 "target": str(folder / f"out{i}.zip"), **settings})
                else:
                    spec.append({"source": str(folder / f"in{i}.zip"),
                                 "target": str(folder / f"out{i}.zip"), **settings})
            job_file = folder / "job.json"
            job_file.write_text(json.dumps({"pyodide": f"{pyodide_dir}/",
                                            "helpers": str(STDLIB_IMPORTS_TOOL),
                                            "jobs": spec}))
            try:
                result = subprocess.run([node, str(PYC_TOOL), str(job_file)], check=False)
            except OSError as exc:
                raise BuildError(f"could not run node: {exc}") from exc
            if result.returncode != 0:
                raise BuildError(f"{PYC_TOOL.name} failed with exit code {result.returncode}")
            cache.mkdir(parents=True, exist_ok=True)
            for i in todo:
                partial = cache / f"{keys[i]}.zip.part"
                shutil.copyfile(folder / f"out{i}.zip", partial)
                os.replace(partial, cache / f"{keys[i]}.zip")
    results = []
    for key in keys:
        path = cache / f"{key}.zip"
        os.utime(path)  # recently used: kept by the pruning below
        results.append(path.read_bytes())
    for old in sorted(cache.glob("*.zip"), key=lambda p: p.stat().st_mtime)[:-PYC_CACHE_KEEP]:
        old.unlink(missing_ok=True)
    return results


ZOPFLI_ITERATIONS: int = 15
"""Zopfli's iterations a member (its default)."""


class _ZopfliDeflate:
    """A deflater with zlib's ``compressobj`` interface that Zopfli compresses with: it
    keeps what it is given, and gives the whole raw deflate stream on ``flush``."""

    def __init__(self, compress: Any) -> None:
        self._compress = compress
        self._data = bytearray()

    def compress(self, data: bytes) -> bytes:
        self._data += data
        return b""

    def flush(self, *_mode: int) -> bytes:
        stream = self._compress(bytes(self._data), numiterations=ZOPFLI_ITERATIONS)
        return bytes(stream[2:-4])  # a zlib stream: 2 bytes of header, 4 of Adler-32


def zopfli_zip(archive: bytes, cache: Path = PYC_CACHE) -> bytes:
    """``archive`` (a zip of deflated members) with every member deflated again by
    Zopfli, when the ``zopfli`` package is installed (a dev dependency; the site's
    workflow installs it): the same deflate format, which every inflater reads, 3 %
    smaller than zlib's level 9 (27 kB less of the standard library on a first visit),
    at half a minute of build time, kept in ``cache`` by the input's hash. Without the
    package the archive is returned as it is.

    Raises:
        BuildError: If the result does not read back as ``archive``'s members.
    """
    try:
        from zopfli.zopfli import compress  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError:
        print("build: zopfli not installed: the standard library stays deflated by zlib "
              "(pip install zopfli for a 3 % smaller one)", flush=True)
        return archive
    digest = hashlib.sha256(f"zopfli {ZOPFLI_ITERATIONS}\0".encode() + archive)
    kept = cache / f"{digest.hexdigest()[:40]}.zopfli.zip"
    if kept.is_file():
        os.utime(kept)
        return kept.read_bytes()
    print("build: deflating the standard library again with Zopfli", flush=True)
    members = zip_members(archive)
    buffer = io.BytesIO()
    # zipfile deflates through zipfile._get_compressor; Zopfli stands in for it here
    original = zipfile._get_compressor  # type: ignore[attr-defined]

    def zopfli_compressor(compress_type: int, *args: Any) -> Any:
        if compress_type == zipfile.ZIP_DEFLATED:
            return _ZopfliDeflate(compress)
        return original(compress_type, *args)

    zipfile._get_compressor = zopfli_compressor  # type: ignore[attr-defined]
    try:
        with zipfile.ZipFile(io.BytesIO(archive)) as zin, \
                zipfile.ZipFile(buffer, "w") as zout:
            for info in zin.infolist():
                zout.writestr(info, zin.read(info))
    finally:
        zipfile._get_compressor = original  # type: ignore[attr-defined]
    result = buffer.getvalue()
    if zip_members(result) != members:
        raise BuildError("the standard library deflated by Zopfli does not read back")
    cache.mkdir(parents=True, exist_ok=True)
    kept.write_bytes(result)
    return result


def zip_members(archive: bytes, suffix: str = "") -> list[tuple[str, bytes]]:
    """The (name, bytes) members of a zip archive whose names end with ``suffix``."""
    with zipfile.ZipFile(io.BytesIO(archive)) as zf:
        return [(n, zf.read(n)) for n in zf.namelist() if n.endswith(suffix)]


# ---- the page's Python archives ----------------------------------------------------


def package_files(package: Path = PACKAGE) -> Iterator[Path]:
    """Yield the package's files, sorted: ``**/*.py`` and ``py.typed``.

    ``__pycache__`` folders and every other file are left out.
    """
    for path in sorted(package.rglob("*")):
        if "__pycache__" in path.parts or not path.is_file():
            continue
        if path.suffix == ".py" or path.name == "py.typed":
            yield path


def package_sources(package: Path = PACKAGE) -> list[tuple[str, bytes]]:
    """The package's entries: (path from the repository root, bytes), from
    `package_files`."""
    return [
        (path.relative_to(package.parent).as_posix(), path.read_bytes())
        for path in package_files(package)
    ]


def is_later(name: str) -> bool:
    """Whether the compiled module ``name`` (``"page/calc.pyc"``) goes in `MORE_ARCHIVE`
    (its path starts with one of `MORE_MODULES`) rather than `START_ARCHIVE`."""
    return name.startswith(MORE_MODULES)


ZSTD_SETTINGS: dict[str, object] = {"kind": "zstd", "level": 22, "window_log": 22}
"""How `zstd_zips` compresses: Zstandard's strongest level, a 4 MiB window (more than an
archive holds, and what a browser's decoder allocates)."""


def zstd_zips(archives: Sequence[Sequence[tuple[str, bytes]]]) -> list[bytes]:
    """Each list of ``(name, bytes)`` entries as a zip (sorted by name, stored, fixed
    time stamps) compressed whole with Zstandard: what ``web/unpack.py`` reads.

    One compressed stream over the hundred small modules of the page is a third smaller
    than a zip deflating each on its own (measured: 338 kB against 540 kB for the
    package and the page), and static hosts do not compress archives again (`STORED`).
    Zstandard rather than xz (which is 6 % smaller): Zstandard decompresses three times faster in
    the page (50-90 ms against 160-220 ms for the start archive, cold). CPython before
    3.14 has no Zstandard, so the vendored Pyodide compresses, under Node
    (`compile_bytecode`, cached like its other results). The same entries give the
    same bytes.

    Raises:
        BuildError: If Node is missing or the compression fails.
    """
    return compile_bytecode([(_zip_bytes(sorted(entries), zipfile.ZIP_STORED), ZSTD_SETTINGS)
                             for entries in archives])


def write_python_archives(dist: Path, entries: Sequence[tuple[str, bytes]]) -> dict[str, int]:
    """Write `START_ARCHIVE` and `MORE_ARCHIVE` into ``dist`` from the page's compiled
    modules (`is_later` sorts them).

    Args:
        dist: The site folder.
        entries: (path, bytes) of every module the page may import: ``seasalt/...pyc``
            and ``page/...pyc``.

    Returns:
        The number of modules in each archive, by file name.

    Raises:
        BuildError: If either archive would be empty, or `zstd_zips` fails.
    """
    later = [entry for entry in entries if is_later(entry[0])]
    start = [entry for entry in entries if not is_later(entry[0])]
    if not start or not later:
        raise BuildError(f"the page's Python must fill both archives: {len(start)} modules "
                         f"for {START_ARCHIVE}, {len(later)} for {MORE_ARCHIVE}")
    start_bytes, later_bytes = zstd_zips([start, later])
    (dist / START_ARCHIVE).write_bytes(start_bytes)
    (dist / MORE_ARCHIVE).write_bytes(later_bytes)
    return {START_ARCHIVE: len(start), MORE_ARCHIVE: len(later)}


# ---- the site ----------------------------------------------------------------------


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
        files = tomllib.loads(text).get("files", {})
    except tomllib.TOMLDecodeError as exc:
        raise BuildError(f"{web / CONFIG_NAME} is not valid TOML: {exc}") from exc
    for name in (UNPACK_MODULE, START_ARCHIVE):
        if files.get(f"./{name}") != f"./{name}":
            raise BuildError(f'{web / CONFIG_NAME} must fetch "./{name}" = "./{name}" '
                             "in [files]")
    missing = [name for name in page_modules(web) if f"./{name}" not in files]
    if missing:
        raise BuildError(f"{web / CONFIG_NAME} must list every page module in [files]; "
                         f"missing: {', '.join(missing)}")
    if packed:
        text = pack_page_config(text)
        files = tomllib.loads(text)["files"]

    def ignore(folder: str, names: list[str]) -> set[str]:
        skipped = _ignore_caches(folder, names)
        if packed and Path(folder).resolve() == web.resolve():
            skipped.add(PAGE_PACKAGE)  # its modules are in the archives
        return skipped

    shutil.copytree(web, dist, ignore=ignore, dirs_exist_ok=True)
    (dist / CONFIG_NAME).write_text(text, encoding="utf-8")
    write_python_preloads(dist, files)


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


def page_modules(web: Path = WEB) -> list[str]:
    """The page package's Python files, as paths relative to ``web``, sorted
    (e.g. ``page/dom.py``)."""
    folder = web / PAGE_PACKAGE
    return sorted(p.relative_to(web).as_posix() for p in folder.rglob("*.py")
                  if "__pycache__" not in p.parts)


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


def vendor_pyodide(
    dist: Path, node_modules: Path = NODE_MODULES, stdlib: bytes | None = None
) -> None:
    """Copy the run-time files of npm ``pyodide`` into ``dist/pyodide/``.

    ``pyodide-lock.json`` is written without its package list: no Pyodide package is
    vendored, so none may be fetched (it would come from a CDN).

    Args:
        dist: The site folder.
        node_modules: Where npm installed ``pyodide``.
        stdlib: The standard library archive to ship instead of npm's (the one
            compiled to bytecode by `compile_bytecode`).

    Raises:
        BuildError: If a needed file is missing from ``node_modules``.
    """
    source = node_modules / "pyodide"
    target = dist / "pyodide"
    target.mkdir(parents=True, exist_ok=True)  # web/pyodide/ may be there already
    for name in PYODIDE_FILES:
        if not (source / name).is_file():
            raise BuildError(f"missing {source / name}: run `npm ci`")
        shutil.copy2(source / name, target / name)
    if stdlib is not None:
        (target / STDLIB_ZIP).write_bytes(stdlib)
    lock = json.loads((target / "pyodide-lock.json").read_text(encoding="utf-8"))
    lock["packages"] = {}
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")


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


_STATIC_IMPORT = re.compile(r'from\s*"\./([\w.-]+\.js)"')
_PLUGIN_IMPORT = re.compile(r'(?:"[\w-]+"|[\w$]+):\(\)=>import\("\./([\w.-]+\.js)"\)')
_TOML_IMPORT = re.compile(r'import\("\./(toml-[\w.-]+\.js)"\)')


def pyscript_startup_modules(pyscript: Path) -> list[str]:
    """The modules of vendored PyScript that every start loads, in a sensible order.

    Read from its code: ``core.js`` and what it imports, the plugins PyScript imports
    as it starts (its ``name: () => import("./chunk.js")`` table), the TOML parser
    (the page's config is TOML), and their static imports. Preloading them saves the
    round trips of discovering them one by one.

    Raises:
        BuildError: If ``core.js`` is missing or names no module.
    """
    try:
        core = (pyscript / "core.js").read_text(encoding="utf-8")
    except OSError as exc:
        raise BuildError(f"cannot read PyScript's core.js: {exc}") from exc
    found = ["core.js"]
    todo = _STATIC_IMPORT.findall(core)
    if not todo:
        raise BuildError(f"{pyscript / 'core.js'} imports no module: has PyScript changed?")
    while todo:
        name = todo.pop(0)
        if name in found or not (pyscript / name).is_file():
            continue
        found.append(name)
        text = (pyscript / name).read_text(encoding="utf-8")
        todo += _STATIC_IMPORT.findall(text)
        if name.startswith("core-"):
            todo += _PLUGIN_IMPORT.findall(text) + _TOML_IMPORT.findall(text)
    return found[1:]


def write_modulepreloads(dist: Path) -> None:
    """Put the modulepreload links of PyScript's start-up modules into ``index.html``.

    Raises:
        BuildError: If ``index.html`` lacks `MODULEPRELOADS_MARKER`.
    """
    page = dist / "index.html"
    text = page.read_text(encoding="utf-8")
    if MODULEPRELOADS_MARKER not in text:
        raise BuildError(f"{WEB / 'index.html'} lacks the marker {MODULEPRELOADS_MARKER}")
    links = "\n  ".join(
        f'<link rel="modulepreload" href="./pyscript/{name}">'
        for name in pyscript_startup_modules(dist / "pyscript")
    )
    page.write_text(text.replace(MODULEPRELOADS_MARKER, links, 1), encoding="utf-8")


PYSCRIPT_FILES: tuple[str, ...] = ("core.js", "core.css")
"""The files of ``@pyscript/core/dist`` the page names; `vendor_pyscript` adds the
modules they load (`pyscript_startup_modules`)."""


def vendor_pyscript(dist: Path, node_modules: Path = NODE_MODULES) -> list[str]:
    """Copy the files of ``@pyscript/core/dist`` that the page loads into
    ``dist/pyscript/``: `PYSCRIPT_FILES` and `pyscript_startup_modules`. The rest (the
    editor, the terminal and their CodeMirror and xterm.js, MicroPython's glue, source
    maps) is never loaded by this page and is not shipped.

    Returns:
        The names of the files copied.

    Raises:
        BuildError: If the folder or a file is missing from ``node_modules``.
    """
    source = node_modules / "@pyscript" / "core" / "dist"
    if not (source / "core.js").is_file():
        raise BuildError(f"missing {source / 'core.js'}: run `npm ci`")
    names = [*PYSCRIPT_FILES, *pyscript_startup_modules(source)]
    target = dist / "pyscript"
    target.mkdir(parents=True)
    for name in names:
        if not (source / name).is_file():
            raise BuildError(f"missing {source / name}: run `npm ci`")
        shutil.copyfile(source / name, target / name)
    return names


# ---- the stylesheet ----------------------------------------------------------------

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


# ---- languages ---------------------------------------------------------------------


def catalog_languages() -> tuple[str, ...]:
    """The codes of the languages that have a catalog: every one of the game's but
    English, the source (``seasalt.i18n.LANGUAGES``)."""
    from seasalt.i18n import LANGUAGES, SOURCE_LANGUAGE

    return tuple(code for code in LANGUAGES if code != SOURCE_LANGUAGE)


def _po_string(text: str, where: str) -> str:
    """A PO file's quoted string (C escapes) as text."""
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError) as exc:
        raise BuildError(f"{where}: not a quoted string: {text[:40]}") from exc
    if not isinstance(value, str) or not text.startswith('"'):
        raise BuildError(f"{where}: not a quoted string: {text[:40]}")
    return value


def read_po_messages(text: str, name: str = "catalog") -> dict[str, str]:
    """The translated messages of a ``.po`` file, as a ``.mo`` file keys them.

    The standard library's reader, for a build without Babel: keys are ``msgid``,
    ``msgctxt\x04msgid`` with a context, ``msgid\x00msgid_plural`` for plurals (the
    value then joins the forms with ``\x00``). The header (``msgid ""``) is kept;
    fuzzy, obsolete (``#~``) and untranslated entries are left out, as Babel and
    ``msgfmt`` do.

    Args:
        text: the file's text.
        name: the file's name, for messages.

    Raises:
        BuildError: a line that is not PO syntax (the message names the line).
    """
    messages: dict[str, str] = {}
    entry: dict[str, Any] = {"strs": {}}
    section: tuple[str, int] = ("", 0)

    def flush() -> None:
        nonlocal entry
        strs: dict[int, str] = entry["strs"]
        msgid = entry.get("id")
        if msgid is None:
            if strs or "ctx" in entry:
                raise BuildError(f"{name}: a msgstr without its msgid")
        elif not strs:
            raise BuildError(f"{name}: missing msgstr for msgid {msgid!r}")
        elif msgid == "" or (not entry.get("fuzzy") and all(strs.values())):
            key = msgid if "plural" not in entry else f"{msgid}\x00{entry['plural']}"
            if "ctx" in entry:
                key = f"{entry['ctx']}\x04{key}"
            messages[key] = "\x00".join(strs[i] for i in sorted(strs))
        entry = {"strs": {}}

    for number, raw in enumerate(text.splitlines(), start=1):
        where = f"{name}:{number}"
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if entry["strs"]:
                flush()
            if line.startswith("#,") and "fuzzy" in line[2:].replace(",", " ").split():
                entry["fuzzy"] = True
            continue
        keyword, _space, rest = line.partition(" ")
        if line.startswith('"'):
            if not section[0]:
                raise BuildError(f"{where}: a string outside any entry")
            value = _po_string(line, where)
            if section[0] == "str":
                entry["strs"][section[1]] += value
            else:
                entry[section[0]] += value
        elif keyword in ("msgctxt", "msgid"):
            if entry["strs"]:
                flush()
            field = "ctx" if keyword == "msgctxt" else "id"
            entry[field] = _po_string(rest.strip(), where)
            section = (field, 0)
        elif keyword == "msgid_plural":
            entry["plural"] = _po_string(rest.strip(), where)
            section = ("plural", 0)
        elif keyword == "msgstr" or re.fullmatch(r"msgstr\[\d+\]", keyword):
            index = int(keyword[7:-1]) if keyword != "msgstr" else 0
            entry["strs"][index] = _po_string(rest.strip(), where)
            section = ("str", index)
        else:
            raise BuildError(f"{where}: unknown or misformatted keyword {keyword!r}")
    flush()
    return messages


def write_mo_bytes(messages: Mapping[str, str]) -> bytes:
    """A GNU ``.mo`` file (little-endian, no hash table) holding ``messages`` (keys and
    values as `read_po_messages` gives them), sorted by key as gettext expects."""
    keys = sorted(messages, key=lambda k: k.encode("utf-8"))
    ids = strs = b""
    spans = []
    for key in keys:
        kb, vb = key.encode("utf-8"), messages[key].encode("utf-8")
        spans.append((len(ids), len(kb), len(strs), len(vb)))
        ids += kb + b"\0"
        strs += vb + b"\0"
    key_start = 7 * 4 + 16 * len(keys)
    value_start = key_start + len(ids)
    key_table: list[int] = []
    value_table: list[int] = []
    for key_at, key_len, value_at, value_len in spans:
        key_table += [key_len, key_start + key_at]
        value_table += [value_len, value_start + value_at]
    header = struct.pack("<7I", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + 8 * len(keys), 0, 0)
    table = array("I", key_table + value_table)
    if sys.byteorder == "big":
        table.byteswap()
    return header + table.tobytes() + ids + strs


def compile_catalog(po: Path, code: str) -> bytes:
    """Compile one language's ``.po`` catalog to ``.mo`` bytes, and check the result.

    With Babel (``seasalt.i18n.compile_po``) when it is installed, else with
    `read_po_messages` and `write_mo_bytes`.

    Args:
        po: the catalog.
        code: its language, which its ``Language:`` header must name.

    Raises:
        BuildError: the catalog is missing, does not parse, names another language,
            has an invalid ``Plural-Forms``, or translates nothing.
    """
    import gettext

    from seasalt.i18n import compile_po

    if not po.is_file():
        raise BuildError(f"missing the {code!r} catalog {po} (every language of "
                         f"seasalt.i18n.LANGUAGES needs one)")
    try:
        data = compile_po(po)
    except ImportError:
        try:
            text = po.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise BuildError(f"cannot read {po}: {exc}") from exc
        data = write_mo_bytes(read_po_messages(text, str(po)))
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
        BuildError: a catalog is missing or invalid.
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
    language in use: the words ``web/page/setup.py`` takes from ``seasalt.web_api``.

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
    from seasalt import web_api as api
    from seasalt.i18n import _

    rows = int(defaults["rows"])
    bots = [kind for kind in dict.fromkeys(api.SEAT_KINDS.values()) if kind != api.HUMAN]
    aliases = {alias: name for name in api.GAMES
               for alias in api.game_info(name).aliases}
    return {
        "games": api.game_choices(),
        "aliases": aliases,
        "kinds": [list(choice) for choice in api.seat_choices()],
        "speeds": [[key, label] for key, label, _name in api.speed_choices()],
        "targets": [api.target_text(False), api.target_text(True)],
        "names": {"you": api.default_name(api.HUMAN, 0, [api.HUMAN]),
                  "player": _("Player {number}"), "numbered": _("{bot} {number}"),
                  "bots": {kind: api.default_name(kind, 0, [kind]) for kind in bots}},
        "seat_kinds": api.SEAT_KINDS,
        "who": [api.message("who-plays", number=i + 1) for i in range(rows)],
        "name_field": [api.message("name-field", number=i + 1) for i in range(rows)],
        "remove": api.message("remove"),
        "remove_seat": [api.message("remove-seat", number=i + 1) for i in range(rows)],
        "legend": api.message("game-legend"),
        "levels_title": api.message("levels-title"),
        "levels": {name: [[lv["name"], lv["description"]] for lv in api.level_notes(name)]
                   for name in api.GAMES},
        "languages": [list(pair) for pair in api.languages()],
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


# ---- icons -------------------------------------------------------------------------

ICON_GRID: int = 512
"""Icon shapes are drawn on a square grid of this size, then scaled."""
ICON_BACKGROUND: str = "#1d5b66"
"""Full-bleed background (the page's --sea-deep), so the icon also works masked."""


def _wave(x0: int, x1: int, top: float, height: float, bottom: float) -> list[tuple[float, float]]:
    points = [(float(x), top + height * math.sin(2 * math.pi * (x - x0) / 58))
              for x in range(x0, x1 + 1, 4)]
    return [*points, (float(x1), bottom), (float(x0), bottom)]


ICON_SHAPES: tuple[tuple[str, tuple[tuple[float, float], ...]], ...] = (
    # a paper boat: two folds of the sail, the hull, then the sea; all inside the
    # central circle that a maskable icon keeps (radius 40% of the size)
    ("#ffffff", ((256, 116), (256, 300), (160, 300))),
    ("#d8ecec", ((256, 116), (352, 300), (256, 300))),
    ("#d9c39a", ((118, 306), (394, 306), (346, 372), (166, 372))),
    ("#2f7f8a", tuple(_wave(140, 372, 392, 8, 416))),
)
"""The icon: (colour, polygon on the `ICON_GRID`), painted in order."""
ICON_PNG_SIZES: tuple[int, ...] = (192, 512)


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def icon_svg() -> str:
    """The app icon as SVG text (also the page's favicon)."""
    shapes = "".join(
        f'<polygon fill="{colour}" points="'
        + " ".join(f"{_num(x)},{_num(y)}" for x, y in points)
        + '"/>'
        for colour, points in ICON_SHAPES
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {ICON_GRID} {ICON_GRID}">'
        f'<rect width="{ICON_GRID}" height="{ICON_GRID}" fill="{ICON_BACKGROUND}"/>'
        f"{shapes}</svg>\n"
    )


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _coverage(size: int, points: Sequence[tuple[float, float]], row: int) -> list[float]:
    """How much of each pixel of ``row`` the polygon covers (0 to 1), even-odd rule.

    Four sub-rows per pixel row; along a sub-row, coverage is exact.
    """
    samples = 4
    direct = [0.0] * (size + 1)
    steps = [0.0] * (size + 1)
    edges = list(zip(points, [*points[1:], *points[:1]], strict=True))
    for k in range(samples):
        y = row + (k + 0.5) / samples
        xs = sorted(
            x0 + (y - y0) * (x1 - x0) / (y1 - y0)
            for (x0, y0), (x1, y1) in edges
            if (y0 <= y < y1) or (y1 <= y < y0)
        )
        for xa, xb in zip(xs[::2], xs[1::2], strict=False):
            xa, xb = max(0.0, xa), min(float(size), xb)
            if xb <= xa:
                continue
            ia, ib = int(xa), int(xb)
            if ia == ib:
                direct[ia] += (xb - xa) / samples
                continue
            direct[ia] += (ia + 1 - xa) / samples
            direct[ib] += (xb - ib) / samples
            steps[ia + 1] += 1 / samples
            steps[ib] -= 1 / samples
    out = [0.0] * size
    running = 0.0
    for i in range(size):
        running += steps[i]
        out[i] = min(1.0, running + direct[i])
    return out


def icon_png(size: int) -> bytes:
    """The app icon as a ``size`` x ``size`` RGB PNG, drawn from `ICON_SHAPES`.

    Anti-aliased by exact horizontal coverage over four sub-rows per pixel; the same
    size always gives the same bytes.
    """
    scale = size / ICON_GRID
    shapes = [(_rgb(c), [(x * scale, y * scale) for x, y in pts]) for c, pts in ICON_SHAPES]
    background = bytes(_rgb(ICON_BACKGROUND)) * size
    raw = bytearray()
    for row in range(size):
        raw.append(0)  # PNG filter: none
        crossing = [
            (colour, points) for colour, points in shapes
            if min(y for _, y in points) < row + 1 and row < max(y for _, y in points)
        ]
        if not crossing:
            raw += background
            continue
        pixels = [[float(v) for v in _rgb(ICON_BACKGROUND)] for _ in range(size)]
        for colour, points in crossing:
            for i, c in enumerate(_coverage(size, points, row)):
                if c > 0:
                    pixel = pixels[i]
                    for ch in range(3):
                        pixel[ch] += (colour[ch] - pixel[ch]) * c
        raw += bytes(round(v) for pixel in pixels for v in pixel)

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
        + chunk(b"IEND", b"")
    )


def write_icons(dist: Path) -> None:
    """Write ``icon.svg`` and ``icon-<size>.png`` (`ICON_PNG_SIZES`) into ``dist``."""
    (dist / "icon.svg").write_text(icon_svg(), encoding="utf-8")
    for size in ICON_PNG_SIZES:
        (dist / f"icon-{size}.png").write_bytes(icon_png(size))


# ---- service worker ----------------------------------------------------------------


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


def write_service_worker(dist: Path) -> str:
    """Fill in ``dist/sw.js``: the list of `site_files` and their `site_version`.

    Call it last, once every other file is in place.

    Returns:
        The version.

    Raises:
        BuildError: If ``sw.js`` is missing or lacks a placeholder.
    """
    worker = dist / SERVICE_WORKER
    if not worker.is_file():
        raise BuildError(f"missing {WEB / SERVICE_WORKER}")
    text = worker.read_text(encoding="utf-8")
    for placeholder in (VERSION_PLACEHOLDER, FILES_PLACEHOLDER):
        if placeholder not in text:
            raise BuildError(f"{WEB / SERVICE_WORKER} lacks the placeholder {placeholder}")
    files = site_files(dist)
    version = site_version(dist, files)
    text = text.replace(VERSION_PLACEHOLDER, version)
    text = text.replace(FILES_PLACEHOLDER, json.dumps(files, indent=2))
    worker.write_text(text, encoding="utf-8")
    return version


def build(dist: Path = DIST) -> Path:
    """Build the whole site into ``dist`` (wiped first), running ``npm ci`` if needed.

    Returns:
        The ``dist`` folder.

    Raises:
        BuildError: On any failed step.
    """
    if npm_install_needed():
        npm_ci()
    stdlib = (NODE_MODULES / "pyodide" / STDLIB_ZIP).read_bytes()
    modules = stdlib_modules(page_python_sources())
    page_sources = [(name, (WEB / name).read_bytes()) for name in page_modules()]
    stdlib_pyc, package_pyc, page_pyc = compile_bytecode([
        (stdlib, stdlib_settings(pyodide_python_version(), modules)),
        (_zip_bytes([(name, data) for name, data in package_sources()
                     if name.endswith(".py") and on_the_page(name)]), PACKAGE_SETTINGS),
        (_zip_bytes(page_sources), PACKAGE_SETTINGS),
    ])
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)
    copy_web(dist)
    counts = write_python_archives(
        dist, zip_members(package_pyc, ".pyc") + zip_members(page_pyc, ".pyc"))
    vendor_pyodide(dist, stdlib=zopfli_zip(stdlib_pyc))
    write_snapshot_key(dist)
    vendor_pyscript(dist)
    write_modulepreloads(dist)
    bundle_stylesheets(dist)
    write_languages(dist)
    write_icons(dist)
    (dist / ".nojekyll").touch()  # GitHub Pages: serve the files as they are
    cache_version = write_service_worker(dist)
    size = sum(p.stat().st_size for p in dist.rglob("*") if p.is_file())
    archives = ", ".join(f"{name}: {count} modules" for name, count in counts.items())
    print(f"build: wrote {dist} ({size / 1e6:.1f} MB; {archives}; "
          f"cache version {cache_version})", flush=True)
    return dist


# ---- serving -----------------------------------------------------------------------


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serve a folder with the MIME types above and no caching.

    ``base_path`` mounts the folder under a sub-path (as on GitHub Pages); requests
    outside it get 404. ``quiet`` hides the per-request log.
    """

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    base_path: str = "/"
    quiet: bool = False

    def send_head(self) -> Any:
        """Answer 404 outside ``base_path``, else serve as usual."""
        if not self.path.startswith(self.base_path):
            self.send_error(http.HTTPStatus.NOT_FOUND, "outside the site's base path")
            return None
        return super().send_head()

    def translate_path(self, path: str) -> str:
        """Map a URL path under ``base_path`` to a file in the served folder."""
        return super().translate_path("/" + path[len(self.base_path) :])

    def end_headers(self) -> None:
        """Ask the browser to revalidate, so a rebuilt site is picked up on reload."""
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Note the answer in the server's ``requests``, then log it."""
        status = code.value if isinstance(code, http.HTTPStatus) else code
        if isinstance(self.server, SiteServer):
            self.server.requests.append((int(status) if str(status).isdigit() else 0,
                                         self.path))
        super().log_request(code, size)

    def log_message(self, format: str, *args: object) -> None:
        """Log requests unless ``quiet``."""
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    """A threading HTTP server that ignores clients hanging up mid-response.

    Attributes:
        requests: (status, URL path) of every answered request, in order, for tests
            that count what the browser fetched.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.requests: list[tuple[int, str]] = []

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Skip the traceback for a dropped connection; report anything else."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(
    directory: Path = DIST,
    host: str = "127.0.0.1",
    port: int = DEFAULT_PORT,
    *,
    base_path: str = "/",
    quiet: bool = False,
) -> SiteServer:
    """Create (not start) an HTTP server for ``directory``.

    Args:
        directory: The folder to serve.
        host: Address to bind; keep the loopback address.
        port: TCP port; 0 picks a free one (read it from ``server.server_address``).
        base_path: URL path the folder is served under, starting and ending with
            ``/``; e.g. ``"/seasalt/"`` checks that the site works from a sub-path.
        quiet: Hide the per-request log.

    Returns:
        The server; call ``serve_forever()`` and later ``shutdown()``.

    Raises:
        ValueError: If ``base_path`` does not start and end with ``/``.
        OSError: If the address cannot be bound.
    """
    if not (base_path.startswith("/") and base_path.endswith("/")):
        raise ValueError(f"base_path must start and end with '/': {base_path!r}")
    handler = type("Handler", (SiteHandler,), {"base_path": base_path, "quiet": quiet})
    return SiteServer((host, port), functools.partial(handler, directory=str(directory)))


def serve(directory: Path, port: int) -> None:
    """Serve ``directory`` on 127.0.0.1 until interrupted, printing the URL first.

    Raises:
        BuildError: If the port cannot be bound.
    """
    try:
        server = make_server(directory, port=port)
    except OSError as exc:
        raise BuildError(f"cannot serve on 127.0.0.1:{port}: {exc.strerror or exc}") from exc
    host, bound_port = server.server_address[:2]
    host = host.decode() if isinstance(host, bytes) else host
    print(f"Serving {directory} at http://{host}:{bound_port}/  (Ctrl-C to stop)", flush=True)
    with server:
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("\nstopped", flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point.

    Returns:
        The exit status: 0 on success, 1 when a step failed (with a one-line
        message on stderr).
    """
    parser = argparse.ArgumentParser(description="Build the seasalt static web site into dist/.")
    parser.add_argument("--serve", action="store_true", help="serve dist/ after building")
    parser.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help=f"port for --serve (default {DEFAULT_PORT}; 0 picks a free one)",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=DIST,
        help="folder to build into (default dist/ in the repository; wiped first)",
    )
    args = parser.parse_args(argv)
    os.chdir(ROOT)
    try:
        dist = build(args.out.resolve())
        if args.serve:
            serve(dist, args.port)
    except BuildError as exc:
        print(f"build: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
