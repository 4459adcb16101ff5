"""Build the seasalt web site into ``dist/``: a static folder that works offline.

Usage::

    python build.py                    # build dist/
    python build.py --serve [--port N] # build, then serve dist/ on 127.0.0.1

Steps:

1. ``npm ci`` when ``node_modules/`` is missing or older than ``package-lock.json``
   (npm pins ``@pyscript/core`` and ``pyodide``).
2. Wipe ``dist/`` and copy ``web/`` into it (``@SEASALT_WHEEL@`` in ``pyscript.toml``
   becomes the wheel's file name).
3. Vendor only the run-time files of Pyodide (``dist/pyodide/``) and PyScript
   (``dist/pyscript/``, without source maps).
4. Package ``seasalt/`` as a pure-Python wheel in ``dist/``; PyScript's ``files``
   config unpacks it next to ``main.py``, so no micropip is needed.

Every URL in the site is relative, so ``dist/`` can be hosted under any sub-path.
Standard library only.
"""

from __future__ import annotations

import argparse
import base64
import functools
import hashlib
import http
import http.server
import json
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT: Path = Path(__file__).resolve().parent
"""The repository root (this file's folder)."""
WEB: Path = ROOT / "web"
DIST: Path = ROOT / "dist"
PACKAGE: Path = ROOT / "seasalt"
NODE_MODULES: Path = ROOT / "node_modules"
LOCKFILE: Path = ROOT / "package-lock.json"

CONFIG_NAME: str = "pyscript.toml"
"""The PyScript config in ``web/``; its ``files`` sources resolve against its own URL."""
WHEEL_PLACEHOLDER: str = "@SEASALT_WHEEL@"
"""Replaced in text files copied from ``web/`` by the wheel's file name."""

PYODIDE_FILES: tuple[str, ...] = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""The files of npm ``pyodide`` that the page loads; the rest is not shipped."""

WHEEL_TIMESTAMP: tuple[int, int, int, int, int, int] = (1980, 1, 1, 0, 0, 0)
"""Fixed zip entry time, so that the same sources give a byte-identical wheel."""

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


# ---- the seasalt wheel -------------------------------------------------------------


def project_version(pyproject: Path = ROOT / "pyproject.toml") -> str:
    """Read ``[project] version`` from ``pyproject.toml``.

    Raises:
        BuildError: If the file or the key is missing.
    """
    try:
        with pyproject.open("rb") as f:
            return str(tomllib.load(f)["project"]["version"])
    except (OSError, KeyError, tomllib.TOMLDecodeError) as exc:
        raise BuildError(f"cannot read the project version from {pyproject}: {exc!r}") from exc


def wheel_name(version: str) -> str:
    """Return the wheel's file name, e.g. ``seasalt-0.1.0-py3-none-any.whl``."""
    return f"seasalt-{version}-py3-none-any.whl"


def package_files(package: Path = PACKAGE) -> Iterator[Path]:
    """Yield the files that go into the wheel, sorted: ``**/*.py`` and ``py.typed``.

    ``__pycache__`` folders and every other file are left out.
    """
    for path in sorted(package.rglob("*")):
        if "__pycache__" in path.parts or not path.is_file():
            continue
        if path.suffix == ".py" or path.name == "py.typed":
            yield path


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return f"sha256={digest.decode()}"


def build_wheel(out_dir: Path, version: str, package: Path = PACKAGE) -> Path:
    """Write the pure-Python wheel of the ``seasalt`` package.

    The wheel is reproducible: entries are sorted and carry a fixed timestamp.

    Args:
        out_dir: Folder to write into (it must exist).
        version: The project version, from `project_version`.
        package: The package folder.

    Returns:
        The path of the wheel.

    Raises:
        BuildError: If the package has no file to ship.
    """
    entries: list[tuple[str, bytes]] = [
        (path.relative_to(package.parent).as_posix(), path.read_bytes())
        for path in package_files(package)
    ]
    if not entries:
        raise BuildError(f"no Python files found in {package}")
    dist_info = f"seasalt-{version}.dist-info"
    entries.append(
        (
            f"{dist_info}/METADATA",
            f"Metadata-Version: 2.1\nName: seasalt\nVersion: {version}\n".encode(),
        )
    )
    entries.append(
        (
            f"{dist_info}/WHEEL",
            b"Wheel-Version: 1.0\nGenerator: seasalt build.py\n"
            b"Root-Is-Purelib: true\nTag: py3-none-any\n",
        )
    )
    record_name = f"{dist_info}/RECORD"
    record = "".join(f"{name},{_record_hash(data)},{len(data)}\n" for name, data in entries)
    entries.append((record_name, (record + f"{record_name},,\n").encode()))

    wheel = out_dir / wheel_name(version)
    with zipfile.ZipFile(wheel, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=WHEEL_TIMESTAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    return wheel


# ---- the site ----------------------------------------------------------------------


def _ignore_caches(_folder: str, names: list[str]) -> set[str]:
    return {n for n in names if n == "__pycache__" or n.endswith(".pyc")}


def copy_web(dist: Path, wheel_file: str, web: Path = WEB) -> None:
    """Copy ``web/`` into ``dist`` and put the wheel's name into the PyScript config.

    Raises:
        BuildError: If ``web/`` or its config is missing, or the config does not
            parse as TOML once filled in.
    """
    if not (web / CONFIG_NAME).is_file():
        raise BuildError(f"missing {web / CONFIG_NAME}")
    shutil.copytree(web, dist, ignore=_ignore_caches, dirs_exist_ok=True)
    config = dist / CONFIG_NAME
    text = config.read_text(encoding="utf-8").replace(WHEEL_PLACEHOLDER, wheel_file)
    try:
        parsed = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BuildError(f"{web / CONFIG_NAME} is not valid TOML: {exc}") from exc
    if f"./{wheel_file}" not in parsed.get("files", {}):
        raise BuildError(f'{web / CONFIG_NAME} must list "./{WHEEL_PLACEHOLDER}" in [files]')
    config.write_text(text, encoding="utf-8")


def vendor_pyodide(dist: Path, node_modules: Path = NODE_MODULES) -> None:
    """Copy the run-time files of npm ``pyodide`` into ``dist/pyodide/``.

    ``pyodide-lock.json`` is written without its package list: no Pyodide package is
    vendored, so none may be fetched (it would come from a CDN).

    Raises:
        BuildError: If a needed file is missing from ``node_modules``.
    """
    source = node_modules / "pyodide"
    target = dist / "pyodide"
    target.mkdir(parents=True)
    for name in PYODIDE_FILES:
        if not (source / name).is_file():
            raise BuildError(f"missing {source / name}: run `npm ci`")
        shutil.copy2(source / name, target / name)
    lock = json.loads((target / "pyodide-lock.json").read_text(encoding="utf-8"))
    lock["packages"] = {}
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")


def vendor_pyscript(dist: Path, node_modules: Path = NODE_MODULES) -> None:
    """Copy ``@pyscript/core/dist`` into ``dist/pyscript/``, without source maps.

    Raises:
        BuildError: If the folder is missing from ``node_modules``.
    """
    source = node_modules / "@pyscript" / "core" / "dist"
    if not (source / "core.js").is_file():
        raise BuildError(f"missing {source / 'core.js'}: run `npm ci`")
    shutil.copytree(source, dist / "pyscript", ignore=shutil.ignore_patterns("*.map"))


def build(dist: Path = DIST) -> Path:
    """Build the whole site into ``dist`` (wiped first), running ``npm ci`` if needed.

    Returns:
        The ``dist`` folder.

    Raises:
        BuildError: On any failed step.
    """
    if npm_install_needed():
        npm_ci()
    version = project_version()
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)
    wheel = build_wheel(dist, version)
    copy_web(dist, wheel.name)
    vendor_pyodide(dist)
    vendor_pyscript(dist)
    (dist / ".nojekyll").touch()  # GitHub Pages: serve the files as they are
    size = sum(p.stat().st_size for p in dist.rglob("*") if p.is_file())
    print(f"build: wrote {dist} ({size / 1e6:.1f} MB, {wheel.name})", flush=True)
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

    def log_message(self, format: str, *args: object) -> None:
        """Log requests unless ``quiet``."""
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    """A threading HTTP server that ignores clients hanging up mid-response."""

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
    args = parser.parse_args(argv)
    os.chdir(ROOT)
    try:
        dist = build()
        if args.serve:
            serve(dist, args.port)
    except BuildError as exc:
        print(f"build: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
