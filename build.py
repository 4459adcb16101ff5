"""Build the seasalt web site into ``dist/``: a static folder that works offline.

Usage::

    python3 build.py                    # build dist/
    python3 build.py --serve [--port N] # build, then serve dist/ on 127.0.0.1
    python3 build.py --out DIR          # build into DIR instead of dist/

The steps are in ``tools/build/`` (its ``__init__`` lists them). Needs Node.js and npm,
and Babel: a Python without it runs the build again in ``.venv/`` (made and given Babel
when needed; ``tools/build/requirements.py``).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from tools.build.errors import BuildError
from tools.build.paths import DIST, ROOT
from tools.build.requirements import run_with_dependencies
from tools.build.serve import DEFAULT_PORT, serve
from tools.build.steps import build


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line's arguments: ``serve``, ``port``, ``out``."""
    parser = argparse.ArgumentParser(description="Build the seasalt static web site into dist/.")
    parser.add_argument("--serve", action="store_true", help="serve dist/ after building")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=f"port for --serve (default {DEFAULT_PORT}; 0 picks a free one)")
    parser.add_argument("--out", type=Path, default=DIST,
                        help="folder to build into (default dist/ in the repository; wiped first)")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point.

    Returns:
        The exit status: 0 on success, 1 when a step failed (with a one-line
        message on stderr).
    """
    args = parse_args(argv)
    os.chdir(ROOT)
    try:
        run_with_dependencies(Path(__file__).resolve(), sys.argv[1:] if argv is None else argv)
        dist = build(args.out.resolve())
        if args.serve:
            serve(dist, args.port)
    except BuildError as exc:
        print(f"build: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
