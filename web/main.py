"""PyScript entry point of the seasalt page: start the page (``page/``), or show the error.

The page's code lives in the ``page`` package next to this file (see its docstring);
this file unpacks the page's Python (``unpack.py``: the start archive) and starts it,
so that an error while importing the engine or the page
still reaches the error screen. First it records what the page imports
(``seasalt.web.imports``, read by the browser tests as ``window.seasaltImports()``).
"""

from __future__ import annotations

import traceback

from unpack import unpack_file

try:
    unpack_file("seasalt-start.zip.zst")  # the package and the page (build.py's START_ARCHIVE)
except Exception:  # damaged or missing: no page module yet to show the error with
    from pyscript import document

    document.getElementById("error-detail").textContent = traceback.format_exc()
    document.body.setAttribute("data-phase", "error")
    raise

from page.dom import fail  # noqa: E402 - unpacked just above
from pyodide.ffi import create_proxy  # noqa: E402
from pyscript import window  # noqa: E402

try:
    from seasalt.web import imports as web_imports

    web_imports.install()
    window.seasaltImports = create_proxy(lambda *_args: web_imports.report())
    from page.boot import start

    start()
except Exception:
    fail(traceback.format_exc())
    raise  # PyScript reports it on the console too, where the browser tests look.
