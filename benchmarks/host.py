"""A static host like GitHub Pages, on 127.0.0.1: gzip by content type, ETags, max-age.

Usage::

    python benchmarks/host.py [DIR] [--port N] [--base /seasalt/] [--no-gzip]

``build.py --serve`` sends every file as it is, uncompressed and never cached; a real
host compresses on the fly the types it deems compressible and lets the browser keep
files for a while. This server does as GitHub Pages does, as far as a browser sees it:

- ``Content-Encoding: gzip`` (level `GZIP_LEVEL`) when the browser accepts it and the
  type is in `COMPRESSIBLE` (text, scripts, JSON, SVG, WebAssembly); archives
  (``application/zip``, the wheel's ``application/octet-stream``) and PNG go as they
  are (mime-db, which many hosts follow, marks them not compressible);
- ``ETag`` and ``Last-Modified``, ``304 Not Modified`` on ``If-None-Match``;
- ``Cache-Control: max-age=600`` (ten minutes, GitHub Pages' own);
- ``Vary: Accept-Encoding``.

`HostServer.sent` counts the bytes of every answer's body as sent (compressed or not),
for the page benchmark's bytes on the wire.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import hashlib
import http
import http.server
import mimetypes
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parents[1]
GZIP_LEVEL = 6
"""zlib's default level, as web servers use (nginx 1, Apache and most CDNs around 6)."""
MAX_AGE = 600
"""Seconds a browser may use a file without asking again (GitHub Pages: 600)."""
COMPRESSIBLE = ("text/", "application/javascript", "application/json",
                "application/manifest+json", "application/xml", "application/wasm",
                "image/svg+xml")
"""Content types (prefixes) compressed on the fly."""
TYPES: dict[str, str] = {
    ".html": "text/html", ".css": "text/css", ".js": "text/javascript",
    ".mjs": "text/javascript", ".json": "application/json", ".wasm": "application/wasm",
    ".py": "text/plain", ".toml": "text/plain", ".txt": "text/plain",
    ".zip": "application/zip", ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml", ".png": "image/png",
}
"""Content type by file suffix (others: ``application/octet-stream``, as for ``.whl``
and ``.mo``)."""


@dataclass(frozen=True)
class Sent:
    """One answer of the host.

    Attributes:
        path: The URL path asked for (without the query).
        status: The HTTP status (200, 304, 404).
        size: Bytes of the body as sent (0 for a 304).
        encoding: ``"gzip"`` or ``""``.
    """

    path: str
    status: int
    size: int
    encoding: str


def content_type(path: Path) -> str:
    """The content type the host sends for ``path`` (`TYPES`)."""
    return TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0] or (
        "application/octet-stream")


def compressible(kind: str) -> bool:
    """Whether the host gzips answers of content type ``kind`` (`COMPRESSIBLE`)."""
    return kind.startswith(COMPRESSIBLE)


class HostHandler(http.server.BaseHTTPRequestHandler):
    """Answers GET and HEAD for the files of ``HostServer.root`` under its base path."""

    server: HostServer
    protocol_version = "HTTP/1.1"
    #: The headers and the body go out as two writes; with Nagle's algorithm the
    #: second waits for the browser's delayed acknowledgement of the first (40 ms on
    #: Linux) on a kept-alive connection, a stall no real host has.
    disable_nagle_algorithm = True

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        """Send the file, gzipped when the type and the browser allow."""
        self.answer(body=True)

    def do_HEAD(self) -> None:  # noqa: N802 - http.server's name
        """Send the headers GET would."""
        self.answer(body=False)

    def answer(self, *, body: bool) -> None:
        """Find the file under the base path and answer (200, 304 or 404)."""
        host = self.server
        path = unquote(urlsplit(self.path).path)
        file = host.find(path)
        if file is None:
            host.note(Sent(path, 404, 0, ""))
            self.send_error(http.HTTPStatus.NOT_FOUND)
            return
        data, etag, modified = host.read(file)
        kind = content_type(file)
        if self.headers.get("If-None-Match") == etag:
            self.send_response(http.HTTPStatus.NOT_MODIFIED)
            self.send_common(etag, modified)
            self.send_header("Content-Length", "0")
            self.end_headers()
            host.note(Sent(path, 304, 0, ""))
            return
        encoding = ""
        if host.gzip and compressible(kind) and "gzip" in self.headers.get(
                "Accept-Encoding", ""):
            data, encoding = host.gzipped(file), "gzip"
        self.send_response(http.HTTPStatus.OK)
        self.send_common(etag, modified)
        self.send_header("Content-Type", kind)
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if body:
            try:
                self.wfile.write(data)
            except ConnectionError:
                return
        host.note(Sent(path, 200, len(data), encoding))

    def send_common(self, etag: str, modified: str) -> None:
        """The caching headers every answer carries."""
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", modified)
        self.send_header("Cache-Control", f"max-age={MAX_AGE}")
        self.send_header("Vary", "Accept-Encoding")

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the server counts answers instead (`HostServer.sent`)."""


class HostServer(http.server.ThreadingHTTPServer):
    """Serves ``root`` under ``base`` like GitHub Pages (see the module docstring).

    Attributes:
        root: The site's folder.
        base: The URL path it is served under (starts and ends with ``/``).
        gzip: Compress the `COMPRESSIBLE` types.
        sent: Every answer, in order (`Sent`).
    """

    daemon_threads = True

    def __init__(self, root: Path, *, base: str = "/", gzip: bool = True,
                 port: int = 0) -> None:
        if not (base.startswith("/") and base.endswith("/")):
            raise ValueError(f"base must start and end with '/': {base!r}")
        super().__init__(("127.0.0.1", port), HostHandler)
        self.root = root.resolve()
        self.base = base
        self.gzip = gzip
        self.sent: list[Sent] = []
        self._lock = threading.Lock()

    @property
    def url(self) -> str:
        """The site's address, e.g. ``http://127.0.0.1:8123/seasalt/``."""
        return f"http://127.0.0.1:{self.server_address[1]}{self.base}"

    def find(self, path: str) -> Path | None:
        """The file a URL path names (``index.html`` for a folder), or None."""
        if not path.startswith(self.base):
            return None
        file = (self.root / path[len(self.base):]).resolve()
        if file.is_dir():
            file = file / "index.html"
        if not file.is_file() or self.root not in file.parents:
            return None
        return file

    @functools.cache  # noqa: B019 - one server per run; files do not change under it
    def read(self, file: Path) -> tuple[bytes, str, str]:
        """The file's bytes, ETag and Last-Modified date."""
        data = file.read_bytes()
        etag = '"' + hashlib.sha256(data).hexdigest()[:16] + '"'
        modified = email.utils.formatdate(file.stat().st_mtime, usegmt=True)
        return data, etag, modified

    @functools.cache  # noqa: B019 - as above
    def gzipped(self, file: Path) -> bytes:
        """The file's bytes gzipped at `GZIP_LEVEL` (kept: a host caches them too)."""
        return gzip.compress(self.read(file)[0], GZIP_LEVEL, mtime=0)

    def warm(self) -> None:
        """Compress every compressible file now, as a host's cache holds them: a first
        request then costs no compression time (9.6 MB of WebAssembly take a second)."""
        for file in sorted(self.root.rglob("*")):
            if file.is_file() and compressible(content_type(file)):
                self.gzipped(file.resolve())

    def note(self, sent: Sent) -> None:
        """Add an answer to `sent`."""
        with self._lock:
            self.sent.append(sent)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Skip the traceback for a dropped connection; report anything else."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def main(argv: list[str] | None = None) -> int:
    """Serve a folder until interrupted."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dir", nargs="?", type=Path, default=ROOT / "dist")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--base", default="/")
    parser.add_argument("--no-gzip", action="store_true", help="send every file as it is")
    args = parser.parse_args(argv)
    server = HostServer(args.dir, base=args.base, gzip=not args.no_gzip, port=args.port)
    if server.gzip:
        server.warm()
    print(f"Serving {args.dir} at {server.url} like GitHub Pages (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
