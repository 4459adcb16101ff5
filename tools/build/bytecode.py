"""Python compiled to bytecode by the vendored Pyodide under Node, and the zip archives
the build moves sources and bytecode in.

The page's CPython is Pyodide's, so its bytecode can only come from Pyodide:
`compile_bytecode` runs ``tools/build/compile_pyc.mjs`` (which also finds the standard
library a program imports and compresses with Zstandard) and keeps the results in
`PYC_CACHE` by the hash of their inputs.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Sequence
from pathlib import Path

from .errors import BuildError
from .paths import CACHE, NODE_MODULES, STDLIB_ZIP

HERE: Path = Path(__file__).resolve().parent
PYC_TOOL: Path = HERE / "compile_pyc.mjs"
"""The Node script that compiles Python sources with the vendored Pyodide."""
STDLIB_IMPORTS_TOOL: Path = HERE / "stdlib_imports.py"
"""Finds the standard-library modules a program imports; `PYC_TOOL` runs it in Pyodide."""
PYC_CACHE: Path = CACHE / "pyc"
"""Compiled archives from earlier builds, named by the hash of their inputs."""
PYC_CACHE_KEEP: int = 12
"""How many archives `PYC_CACHE` keeps (the most recently used)."""

WHEEL_TIMESTAMP: tuple[int, int, int, int, int, int] = (1980, 1, 1, 0, 0, 0)
"""Fixed zip entry time, so that the same sources give byte-identical archives."""

STORED: bool = False
"""Whether the zip archives compiled by `compile_bytecode` (the standard library) are
stored rather than deflated member by member. Stored, the whole archive compresses a
little better (5 %) -- if the host gzips it. Static hosts gzip by content type, and
archives (``application/zip``, ``application/zstd``, ``application/octet-stream``) are not among
the types they compress (mime-db marks them incompressible; GitLab Pages compresses
nothing): stored, the standard library would cross the network at 2.8 MB instead of
0.9 MB. Measured with ``benchmarks/host.py``."""

PACKAGE_SETTINGS: dict[str, object] = {"prefix": "", "layout": "beside", "keep_source": False,
                                       "strip_docstrings": True, "stored": STORED}
"""How `compile_bytecode` compiles the seasalt package and the page's modules for the
site: ``name.pyc`` where ``name.py`` was, without the sources (Python imports a
module from its bytecode alone; a traceback shows the file and line, not the line's
text) nor the docstrings of modules and functions; each member deflated (`STORED`)."""


def zip_bytes(entries: Sequence[tuple[str, bytes]],
              compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    """A zip archive of ``entries`` ((name, bytes) pairs) with fixed time stamps (same
    input, same bytes), each member deflated or, with ``compression=zipfile.ZIP_STORED``,
    stored."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=compression) as zf:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=WHEEL_TIMESTAMP)
            info.compress_type = compression
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    return buffer.getvalue()


def zip_members(archive: bytes, suffix: str = "") -> list[tuple[str, bytes]]:
    """The (name, bytes) members of a zip archive whose names end with ``suffix``.

    Raises:
        zipfile.BadZipFile: ``archive`` is not a zip archive.
    """
    with zipfile.ZipFile(io.BytesIO(archive)) as zf:
        return [(n, zf.read(n)) for n in zf.namelist() if n.endswith(suffix)]


def _job_spec(folder: Path, i: int, source: bytes, settings: dict[str, object],
              pyodide_dir: Path) -> dict[str, object]:
    """One job of `PYC_TOOL`'s job file, its input written into ``folder``."""
    (folder / f"in{i}.zip").write_bytes(source)
    spec: dict[str, object] = {"source": str(folder / f"in{i}.zip"),
                               "target": str(folder / f"out{i}.zip"), **settings}
    if settings.get("kind") == "imports":
        spec = {"app": spec.pop("source"), "stdlib": str(pyodide_dir / STDLIB_ZIP), **spec}
    return spec


def compile_bytecode(
    jobs: Sequence[tuple[bytes, dict[str, object]]],
    node_modules: Path = NODE_MODULES,
    cache: Path = PYC_CACHE,
) -> list[bytes]:
    """Compile zip archives of Python sources to bytecode with the vendored Pyodide.

    Runs `PYC_TOOL` under Node once for every job not found in ``cache``, which holds
    earlier results named by the hash of their inputs (the tools, Pyodide's version,
    the settings, the source); it keeps the `PYC_CACHE_KEEP` most recently used.

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
        BuildError: If Pyodide or Node is missing or the tool fails.
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
            spec = [_job_spec(folder, i, *jobs[i], pyodide_dir) for i in todo]
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
