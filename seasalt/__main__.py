"""``python -m seasalt``: the command line (see :mod:`seasalt.cli`)."""

import sys

from seasalt.cli import main

sys.exit(main())
