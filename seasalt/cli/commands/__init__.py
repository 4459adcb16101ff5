"""One module per ``seasalt`` subcommand (see :mod:`seasalt.cli.main`)."""
