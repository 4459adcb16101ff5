"""The page's bridge to the engine: plain Python that the page (``web/page/``) and the
bots' web worker call, JSON-ready data in and out, tested in CPython.

Modules: ``api`` (settings, saves, messages and the page's table), ``calc`` (the score
calculator's page), ``coach`` (the coach's suggestions and reviews), ``replay`` (a
finished game step by step), ``worker`` (what the bots' web worker runs) and
``imports`` (the record of what the page's Python imports, for the browser tests).
"""
