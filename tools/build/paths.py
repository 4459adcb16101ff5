"""Where the build reads and writes, and the names of the site's files that several
steps share."""

from __future__ import annotations

from pathlib import Path

ROOT: Path = Path(__file__).resolve().parents[2]
"""The repository root."""
WEB: Path = ROOT / "web"
"""The page's sources: ``index.html``, scripts, stylesheets, the ``page`` package."""
DIST: Path = ROOT / "dist"
"""The default site folder (``build.py --out`` picks another)."""
PACKAGE: Path = ROOT / "seasalt"
"""The ``seasalt`` package."""
NODE_MODULES: Path = ROOT / "node_modules"
"""Where npm installs ``pyodide`` and ``@pyscript/core``."""
LOCKFILE: Path = ROOT / "package-lock.json"
"""npm's lock file, which pins them."""
CACHE: Path = ROOT / "build"
"""The build's own folder (git-ignored): results kept between builds."""

CONFIG_NAME: str = "pyscript.toml"
"""The PyScript config in ``web/``; its ``files`` sources resolve against its own URL."""
PAGE_ENTRY: str = "main.py"
"""The page's Python entry point in ``web/`` (PyScript runs it)."""
UNPACK_MODULE: str = "unpack.py"
"""The plain module beside ``main.py`` that unpacks the archives (the page's and the
bots' web worker's)."""
START_ARCHIVE: str = "seasalt-start.zip.zst"
"""The page's compiled Python that the start needs (``tools.build.layout`` says which):
a zip of stored members compressed whole with Zstandard (``archives.zstd_zips``). The
config copies it beside ``main.py``, which unpacks it first (``web/unpack.py``)."""
MORE_ARCHIVE: str = "seasalt-more.zip.zst"
"""The page's compiled Python needed only later (``layout.LATER``), as `START_ARCHIVE`;
``web/page/more.py`` fetches and unpacks it when first needed."""
WORKER_SCRIPT: str = "bots-worker.js"
"""The bots' web worker in ``web/``: a module worker that loads the vendored Pyodide and
both archives (``web/page/thinker.py`` starts it)."""
STDLIB_ZIP: str = "python_stdlib.zip"
"""Pyodide's standard library; shipped compiled to bytecode (``tools.build.stdlib``)."""
PYODIDE_START: str = "pyodide/start.mjs"
"""The page's way to load Pyodide (``web/pyodide/start.mjs``, beside the vendored files):
from this browser's snapshot of Pyodide's start-up when it holds one."""
SERVICE_WORKER: str = "sw.js"
"""The service worker in ``web/``; ``site_files.write_service_worker`` fills in its placeholders."""
BOOT_SCRIPT: str = "boot.js"
"""The script that runs before Python: ``languages.write_boot_texts`` fills in its words."""
MANIFEST: str = "manifest.webmanifest"
"""The English web app manifest in ``web/``; the other languages' are built from it."""
