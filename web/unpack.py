"""Unpack the page's Python archives where ``import`` finds them.

``build.py`` ships the page's compiled Python (the ``seasalt`` package and the page's
own ``page`` package, bytecode only) as two archives: a zip of stored members,
compressed whole with Zstandard (``compression.zstd``, which Pyodide imports as it
starts), because one compressed stream over a hundred small modules is far smaller
than a zip that deflates each member on its own, and a static host does not compress
archives again. ``main.py`` unpacks the start
archive before it imports anything else; ``page/more.py`` unpacks the later one when
first needed; the bots' web worker (``bots-worker.js``) unpacks both. This module is
plain source beside ``main.py``: it cannot itself be in an archive it unpacks.
"""

from __future__ import annotations

import io
import os
import sys
import zipfile

if sys.version_info >= (3, 14):  # the browser's Python
    from compression import zstd
else:  # an older CPython (mypy reads this module as 3.11): the same module, backported
    from backports import zstd


def unpack(data: bytes, where: str = ".") -> int:
    """Decompress an archive of the page (Zstandard over a zip) into the folder ``where``.

    Args:
        data: The archive's bytes, as ``build.py`` wrote them.
        where: The folder to unpack into (the working directory, on ``sys.path``).

    Returns:
        The number of files unpacked.

    Raises:
        compression.zstd.ZstdError, zipfile.BadZipFile: The bytes are not such an archive.
    """
    with zipfile.ZipFile(io.BytesIO(zstd.decompress(data))) as archive:
        archive.extractall(where)
        count = len(archive.namelist())
    # The import system sees the new files at once: each folder's finder forgets what
    # it listed. (Not importlib.invalidate_caches(): it imports importlib.metadata, which
    # the page does not ship.)
    for finder in list(sys.path_importer_cache.values()):
        forget = getattr(finder, "invalidate_caches", None)
        if forget is not None:
            forget()
    return count


def unpack_file(path: str, where: str = ".") -> int:
    """`unpack` the archive at ``path`` (PyScript's ``files`` put it there), then delete
    it (only its contents are needed).

    Returns:
        The number of files unpacked.
    """
    with open(path, "rb") as file:
        data = file.read()
    os.remove(path)
    return unpack(data, where)
