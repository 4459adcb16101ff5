"""The page's compiled Python in two archives: the start one and the later one
(``tools.build.layout`` says which module goes where)."""

from __future__ import annotations

import zipfile
from collections.abc import Sequence
from pathlib import Path

from .bytecode import compile_bytecode, zip_bytes
from .errors import BuildError
from .layout import is_later, module_name
from .paths import MORE_ARCHIVE, START_ARCHIVE

ZSTD_SETTINGS: dict[str, object] = {"kind": "zstd", "level": 22, "window_log": 22}
"""How `zstd_zips` compresses: Zstandard's strongest level, a 4 MiB window (more than an
archive holds, and what a browser's decoder allocates)."""


def zstd_zips(archives: Sequence[Sequence[tuple[str, bytes]]]) -> list[bytes]:
    """Each list of ``(name, bytes)`` entries as a zip (sorted by name, stored, fixed
    time stamps) compressed whole with Zstandard: what ``web/unpack.py`` reads.

    One compressed stream over the hundred small modules of the page is a third smaller
    than a zip deflating each on its own (measured: 338 kB against 540 kB for the
    package and the page), and static hosts do not compress archives again
    (``bytecode.STORED``). Zstandard rather than xz (which is 6 % smaller): Zstandard
    decompresses three times faster in the page (50-90 ms against 160-220 ms for the
    start archive, cold). CPython before 3.14 has no Zstandard, so the vendored Pyodide
    compresses, under Node (`compile_bytecode`, cached like its other results). The
    same entries give the same bytes.

    Raises:
        BuildError: If Node is missing or the compression fails.
    """
    return compile_bytecode([(zip_bytes(sorted(entries), zipfile.ZIP_STORED), ZSTD_SETTINGS)
                             for entries in archives])


def write_python_archives(dist: Path, entries: Sequence[tuple[str, bytes]]) -> dict[str, int]:
    """Write `START_ARCHIVE` and `MORE_ARCHIVE` into ``dist`` from the page's compiled
    modules (``layout.is_later`` sorts them).

    Args:
        dist: The site folder.
        entries: (path, bytes) of every module the page may import: ``seasalt/...pyc``
            and ``page/...pyc``.

    Returns:
        The number of modules in each archive, by file name.

    Raises:
        BuildError: If either archive would be empty, or `zstd_zips` fails.
    """
    later = [entry for entry in entries if is_later(module_name(entry[0]))]
    start = [entry for entry in entries if not is_later(module_name(entry[0]))]
    if not start or not later:
        raise BuildError(f"the page's Python must fill both archives: {len(start)} modules "
                         f"for {START_ARCHIVE}, {len(later)} for {MORE_ARCHIVE}")
    start_bytes, later_bytes = zstd_zips([start, later])
    (dist / START_ARCHIVE).write_bytes(start_bytes)
    (dist / MORE_ARCHIVE).write_bytes(later_bytes)
    return {START_ARCHIVE: len(start), MORE_ARCHIVE: len(later)}
