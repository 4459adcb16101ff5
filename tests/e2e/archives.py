"""The site's Python archives (the build's START_ARCHIVE and MORE_ARCHIVE: a zip of
stored members compressed whole with Zstandard), read and patched by the browser tests."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any


def zstd_module() -> Any:
    """Python's Zstandard module (``backports.zstd`` before Python 3.14)."""
    try:
        from compression import zstd  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        from backports import zstd  # type: ignore[import-not-found,no-redef,unused-ignore]
    return zstd


def python_archive(path: Path) -> zipfile.ZipFile:
    """One of the site's Python archives, open for reading."""
    return zipfile.ZipFile(io.BytesIO(zstd_module().decompress(path.read_bytes())))


def patched_archive(path: Path, add: Mapping[str, str | bytes],
                    rename: Callable[[str], str] = lambda name: name) -> bytes:
    """The archive at ``path`` with its members renamed by ``rename`` and the members of
    ``add`` written after them (a ``.py`` beside a ``.pyc`` wins at import), compressed
    again as the site's are."""
    out = io.BytesIO()
    with python_archive(path) as archive, zipfile.ZipFile(out, "w") as patched:
        for name in archive.namelist():
            patched.writestr(rename(name), archive.read(name))
        for name, data in add.items():
            patched.writestr(name, data)
    return bytes(zstd_module().compress(out.getvalue()))
