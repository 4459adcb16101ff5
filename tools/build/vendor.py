"""What the site vendors from ``node_modules``: ``npm ci`` when needed, the run-time
files of Pyodide, and the files of PyScript every start loads."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

from .errors import BuildError
from .paths import LOCKFILE, NODE_MODULES, ROOT, STDLIB_ZIP, WEB


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
    """Run ``npm ci`` in ``root``. A ``node_modules`` that is a symbolic link (to another
    checkout's) is removed first, so that npm installs a folder of this checkout's
    rather than emptying the other's.

    Raises:
        BuildError: If npm is not on PATH or exits with an error.
    """
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError(
            "npm not found on PATH: install Node.js and npm (Debian: apt-get install npm)"
        )
    link = root / "node_modules"
    if link.is_symlink():  # npm ci would empty the folder it points to
        print(f"build: node_modules links to {link.resolve()}: npm ci installs its own",
              flush=True)
        link.unlink()
    print("build: npm ci", flush=True)
    try:
        result = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=root, check=False)
    except OSError as exc:
        raise BuildError(f"could not run npm: {exc}") from exc
    if result.returncode != 0:
        raise BuildError(f"`npm ci` failed with exit code {result.returncode} (see output above)")


PYODIDE_FILES: tuple[str, ...] = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""The files of npm ``pyodide`` that the page loads; the rest is not shipped."""


MODULEPRELOADS_MARKER: str = "<!-- @SEASALT_MODULEPRELOADS@ -->"
"""Replaced in ``index.html`` by a modulepreload link for each of `pyscript_startup_modules`."""


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


_STATIC_IMPORT = re.compile(r'from\s*"\./([\w.-]+\.js)"')
_PLUGIN_IMPORT = re.compile(r'(?:"[\w-]+"|[\w$]+):\(\)=>import\("\./([\w.-]+\.js)"\)')


def pyscript_startup_modules(pyscript: Path) -> list[str]:
    """The modules of vendored PyScript that every start loads, in a sensible order.

    Read from its code: ``core.js`` and what it imports, the plugins PyScript imports
    as it starts (its ``name: () => import("./chunk.js")`` table) and their static
    imports; not its TOML parser (the page's config is JSON, in the page). Preloading
    them saves the round trips of discovering them one by one.

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
            todo += _PLUGIN_IMPORT.findall(text)
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


QR_FILES: dict[str, str] = {
    "qrcode.js": "qrcode-generator/dist/qrcode.js",
    "jsQR.js": "jsqr/dist/jsQR.js",
    "LICENSE-jsQR.txt": "jsqr/LICENSE",
}
"""The QR code libraries the page loads when it shows or reads a code (the table across
devices), by their name in ``dist/qr/`` and their path in ``node_modules``: the encoder
of npm ``qrcode-generator`` (MIT, its licence in its header) and the decoder of npm
``jsqr`` (Apache-2.0, its licence beside it). Their versions are pinned in
``package.json``; each is one self-contained script that defines one global
(``qrcode``, ``jsQR``)."""

QR_FOLDER: str = "qr"
"""Where `vendor_qr` puts `QR_FILES`, in ``dist/``."""


def vendor_qr(dist: Path, node_modules: Path = NODE_MODULES) -> int:
    """Copy `QR_FILES` into ``dist/qr/`` (the service worker lists them like every file
    of the site, so they work offline once the site was visited).

    Returns:
        The bytes copied.

    Raises:
        BuildError: If a file is missing from ``node_modules``.
    """
    target = dist / QR_FOLDER
    target.mkdir(parents=True, exist_ok=True)
    size = 0
    for name, source in QR_FILES.items():
        path = node_modules / source
        if not path.is_file():
            raise BuildError(f"missing {path}: run `npm ci`")
        shutil.copyfile(path, target / name)
        size += path.stat().st_size
    return size
