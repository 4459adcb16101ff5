"""Build the seasalt web site into ``dist/``: a static folder that works offline.

``build.py`` at the repository root runs it (``python3 build.py [--serve] [--out DIR]``).
One module a job, in the order the build runs them (`steps.build`):

- `vendor`: ``npm ci`` when ``node_modules/`` is missing or older than
  ``package-lock.json`` (npm pins ``@pyscript/core`` and ``pyodide``); the run-time
  files of Pyodide and the PyScript files every start loads.
- `layout`: what of the ``seasalt`` and ``page`` packages ships, and in which archive:
  rules on packages, not lists of files.
- `stdlib`: the standard-library modules the page imports (``stdlib_imports.py``, run
  in the vendored Pyodide under Node), shipped as bytecode (Zopfli when installed).
- `bytecode`: Python compiled by the vendored Pyodide (``compile_pyc.mjs`` under
  Node), kept in ``build/pyc/`` by input hash.
- `site_files`: ``web/`` copied (the page's module sources left to the archives), preload
  links, the key of Pyodide's start-up snapshot, the service worker's list and version.
- `archives`: the compiled package and page in ``seasalt-start.zip.zst`` (what the
  setup screen and a game of Sea Salt & Paper need) and ``seasalt-more.zip.zst``
  (fetched when first needed), each a zip of stored members compressed whole with
  Zstandard.
- `stylesheet`: the page's stylesheets joined into one.
- `catalogs` (Babel) and `languages`: the catalogs, the words shown before Python
  runs in every language (``boot.js``), a manifest per language.
- `icons`: the app icons, drawn here.
- `serve`: ``--serve``'s HTTP server.
- `requirements`: the build runs with Babel (in ``.venv/`` when the Python that ran
  ``build.py`` has none).

Every URL in the site is relative, so ``dist/`` can be hosted under any sub-path.
"""
