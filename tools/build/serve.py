"""``build.py --serve``: the built site on 127.0.0.1, as a static host serves it."""

from __future__ import annotations

import functools
import http
import http.server
import sys
from pathlib import Path
from typing import Any

from .errors import BuildError
from .paths import DIST

DEFAULT_PORT: int = 8000
"""The port ``--serve`` uses unless told."""

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
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".mo": "application/octet-stream",
    ".gz": "application/gzip",
    ".zst": "application/zstd",
}
"""Content types the server sends; browsers refuse modules and wasm served otherwise."""


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

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Note the answer in the server's ``requests``, then log it."""
        status = code.value if isinstance(code, http.HTTPStatus) else code
        if isinstance(self.server, SiteServer):
            self.server.requests.append((int(status) if str(status).isdigit() else 0,
                                         self.path))
        super().log_request(code, size)

    def log_message(self, format: str, *args: object) -> None:
        """Log requests unless ``quiet``."""
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    """A threading HTTP server that ignores clients hanging up mid-response.

    Attributes:
        requests: (status, URL path) of every answered request, in order, for tests
            that count what the browser fetched.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.requests: list[tuple[int, str]] = []

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
    host = host.decode() if isinstance(host, bytes) else host
    print(f"Serving {directory} at http://{host}:{bound_port}/  (Ctrl-C to stop)", flush=True)
    with server:
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("\nstopped", flush=True)
