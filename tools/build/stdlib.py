"""The standard library the site ships: only the modules the page imports, as bytecode
without docstrings, deflated again by Zopfli when it is installed."""

from __future__ import annotations

import hashlib
import io
import json
import os
import zipfile
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from .bytecode import PYC_CACHE, PYC_TOOL, STORED, compile_bytecode, zip_bytes, zip_members
from .errors import BuildError
from .layout import shipped_package, shipped_page
from .paths import NODE_MODULES, PACKAGE, PAGE_ENTRY, UNPACK_MODULE, WEB

PYSCRIPT_PYTHON: Path = NODE_MODULES / "@pyscript" / "core" / "src" / "stdlib"
"""PyScript's own Python package (``pyscript/``), which the page imports."""
STDLIB_BY_NAME: tuple[str, ...] = (
    "encodings.cp437",  # zipfile decodes member names that are not flagged UTF-8
)
"""Standard-library modules imported by name at run time, which no ``import`` statement
shows (so `stdlib_modules` cannot find them)."""


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


def page_python_sources(web: Path = WEB, package: Path = PACKAGE,
                        pyscript: Path = PYSCRIPT_PYTHON) -> list[tuple[str, bytes]]:
    """The Python that runs on the page, as (archive member, source) pairs: its entry
    point (``main.py``) and the module that unpacks the rest (`UNPACK_MODULE`), its
    modules (``page/*.py``), the ``seasalt`` package but what only the command line
    runs (``layout.on_the_page``), and PyScript's package (``pyscript/``).

    Raises:
        BuildError: If PyScript's Python sources are missing from ``node_modules``.
    """
    if not (pyscript / "pyscript" / "__init__.py").is_file():
        raise BuildError(f"missing {pyscript / 'pyscript' / '__init__.py'}: run `npm ci` "
                         "(has @pyscript/core moved its Python sources?)")
    entries = [(name, (web / name).read_bytes()) for name in (PAGE_ENTRY, UNPACK_MODULE)]
    entries += shipped_page(web) + shipped_package(package)
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
    ``tools/build/stdlib_imports.py``) and in what Pyodide imports as it starts, by the
    vendored Pyodide under Node (cached like `compile_bytecode`'s results).

    Args:
        sources: The page's Python, from `page_python_sources`.

    Returns:
        Dotted module names, sorted.

    Raises:
        BuildError: If Node is missing or the search fails.
    """
    (found,) = compile_bytecode([(zip_bytes(sources),
                                  {"kind": "imports", "roots": page_roots(sources)})])
    try:
        return sorted(json.loads(found)["modules"])
    except (ValueError, KeyError) as exc:
        raise BuildError(f"{PYC_TOOL.name} gave no module list: {exc!r}") from exc


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

ZOPFLI_ITERATIONS: int = 15
"""Zopfli's iterations a member (its default)."""


def _zopfli_deflate(data: bytes) -> bytes:
    """``data``'s raw deflate stream by Zopfli (its zlib stream, unwrapped)."""
    from zopfli.zopfli import compress  # type: ignore[import-untyped,import-not-found,unused-ignore]

    stream = compress(data, numiterations=ZOPFLI_ITERATIONS)
    return bytes(stream[2:-4])  # a zlib stream: 2 bytes of header, 4 of Adler-32


class _ZopfliDeflate:
    """A deflater with zlib's ``compressobj`` interface that gives Zopfli's streams,
    computed beforehand (``streams``, by the member's bytes): it keeps what it is given,
    and gives the whole raw deflate stream on ``flush``."""

    def __init__(self, streams: dict[bytes, bytes]) -> None:
        self._streams = streams
        self._data = bytearray()

    def compress(self, data: bytes) -> bytes:
        """Keep ``data``; nothing is written until `flush`."""
        self._data += data
        return b""

    def flush(self, *_mode: int) -> bytes:
        """The raw deflate stream of everything kept."""
        data = bytes(self._data)
        stream = self._streams.get(data)
        return stream if stream is not None else _zopfli_deflate(data)


def zopfli_zip(archive: bytes, cache: Path = PYC_CACHE) -> bytes:
    """``archive`` (a zip of deflated members) with every member deflated again by
    Zopfli, when the ``zopfli`` package is installed (a dev dependency; the site's
    workflow installs it): the same deflate format, which every inflater reads, 3 %
    smaller than zlib's level 9 (27 kB less of the standard library on a first visit),
    at half a minute of one core's time (its members deflated in parallel, one process
    a core), kept in ``cache`` by the input's hash. Without the
    package the archive is returned as it is.

    Raises:
        BuildError: If the result does not read back as ``archive``'s members.
    """
    try:
        import zopfli.zopfli  # type: ignore[import-untyped,import-not-found,unused-ignore] # noqa: F401
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
    with zipfile.ZipFile(io.BytesIO(archive)) as zin:
        deflated = [zin.read(info) for info in zin.infolist()
                    if info.compress_type == zipfile.ZIP_DEFLATED]
    # each member on its own: spread over the machine's cores (half a minute on one)
    with ProcessPoolExecutor(max_workers=max(1, os.cpu_count() or 1)) as pool:
        streams = dict(zip(deflated, pool.map(_zopfli_deflate, deflated, chunksize=2),
                           strict=True))
    buffer = io.BytesIO()
    # zipfile deflates through zipfile._get_compressor; Zopfli stands in for it here
    original = zipfile._get_compressor  # type: ignore[attr-defined]

    def zopfli_compressor(compress_type: int, *args: Any) -> Any:
        if compress_type == zipfile.ZIP_DEFLATED:
            return _ZopfliDeflate(streams)
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
