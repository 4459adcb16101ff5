"""``python -m seasalt``: the command line (see :mod:`seasalt.cli`)."""

import sys

from seasalt.cli import main

if __name__ == "__main__":  # not when a "spawn" worker re-imports it (arena --jobs)
    sys.exit(main())
