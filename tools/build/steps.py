"""The whole build, step by step: `build`."""

from __future__ import annotations

import shutil
from pathlib import Path

from .archives import write_python_archives
from .bytecode import PACKAGE_SETTINGS, compile_bytecode, zip_bytes, zip_members
from .icons import write_icons
from .languages import write_languages
from .layout import all_modules, check_rules, shipped_package, shipped_page
from .paths import DIST, NODE_MODULES, STDLIB_ZIP
from .site_files import copy_web, write_service_worker, write_snapshot_key
from .stdlib import (
    page_python_sources,
    pyodide_python_version,
    stdlib_modules,
    stdlib_settings,
    zopfli_zip,
)
from .stylesheet import bundle_stylesheets
from .vendor import (
    npm_ci,
    npm_install_needed,
    vendor_pyodide,
    vendor_pyscript,
    vendor_qr,
    write_modulepreloads,
)


def build(dist: Path = DIST) -> Path:
    """Build the whole site into ``dist`` (wiped first), running ``npm ci`` if needed.

    The steps: ``npm ci`` when needed (``vendor``); the standard-library modules the page
    imports (``stdlib``); the standard library, the ``seasalt`` package and the page
    compiled to bytecode (``bytecode``); ``web/`` copied (``site_files``); the page's Python in
    its two archives (``archives``, as ``layout`` says); Pyodide, PyScript and the QR code
    libraries vendored; one stylesheet; the catalogs, ``boot.js``'s words and the manifests
    (``languages``); the icons; the service worker's list and version, last.

    Returns:
        The ``dist`` folder.

    Raises:
        BuildError: On any failed step.
    """
    if npm_install_needed():
        npm_ci()
    check_rules(all_modules())
    stdlib = (NODE_MODULES / "pyodide" / STDLIB_ZIP).read_bytes()
    modules = stdlib_modules(page_python_sources())
    stdlib_pyc, package_pyc, page_pyc = compile_bytecode([
        (stdlib, stdlib_settings(pyodide_python_version(), modules)),
        (zip_bytes(shipped_package()), PACKAGE_SETTINGS),
        (zip_bytes(shipped_page()), PACKAGE_SETTINGS),
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
    vendor_qr(dist)
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
