"""``python -m seasalt``: the command line (see :mod:`seasalt.cli.main`)."""

import sys

from seasalt.cli.main import main

if __name__ == "__main__":  # not when a "spawn" worker re-imports it (arena --jobs)
    sys.exit(main())
