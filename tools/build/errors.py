"""The one error every build step raises."""

from __future__ import annotations


class BuildError(Exception):
    """A build step failed; the message is one line for the user."""
