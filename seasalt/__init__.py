"""seasalt: Sea Salt & Paper rules engine, bots and command line."""

__version__ = "0.1.0"
