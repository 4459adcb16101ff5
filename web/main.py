"""PyScript entry point of the seasalt page: start the page (``page/``), or show the error.

The page's code lives in the ``page`` package next to this file (see its docstring);
this file only starts it, so that an error while importing the engine or the page
still reaches the error screen.
"""

from __future__ import annotations

import traceback

from page.dom import fail

try:
    from page.boot import start

    start()
except Exception:
    fail(traceback.format_exc())
    raise  # PyScript reports it on the console too, where the browser tests look.
