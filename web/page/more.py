"""The page's Python that is needed only later: fetched once, when first needed.

``build.py`` ships the page's Python in two archives: the start archive (what the
setup screen and a game of Sea Salt & Paper need; ``main.py`` unpacks it before
anything is imported) and the later archive, `ARCHIVE` (the packages and modules
that ``LATER`` in ``tools/build/layout.py`` names: Fruits de mer's presenter and table,
the score calculator, the replay, the coach). A module of the later archive imports only after
`need` has returned: every way into those features awaits it first. `prefetch`
starts it in the background once the setup screen is shown, so it is normally done
before anyone asks. The service worker caches the archive like every other file, so
it is there offline after one visit. Both it and the bots' worker are asked for with
the build's version (`versioned`), so that a page still open after a deploy keeps
getting its own build's files.
"""

from __future__ import annotations

import asyncio

from pyscript import window

ARCHIVE = "./seasalt-more.zip.zst"
"""The later archive's URL, relative to the page (``MORE_ARCHIVE`` of the build)."""


def versioned(url: str) -> str:
    """``url`` (one of the site's files, relative to the page) with this build's version,
    ``./seasalt-more.zip.zst?v=38fc052adca7f3a4``, from ``boot.js``
    (``seasaltBoot.url``): the service worker (``sw.js``) answers it from this
    version's cache, even once a newer version took over. ``url`` as it is when
    ``boot.js`` did not run or the site is unbuilt."""
    try:
        return str(window.seasaltBoot.url(url))
    except Exception:  # no boot.js here: the file as it is
        return url


class MoreError(Exception):
    """The later archive could not be fetched or read (offline before the service
    worker ever held it, or a damaged file); ``str()`` gives the reason (technical)."""


_state: dict[str, asyncio.Task[None] | None] = {"task": None}


async def _load() -> None:
    """Fetch `ARCHIVE` and unpack it beside the start archive's modules."""
    from unpack import unpack  # beside main.py; needs Python 3.14's compression.zstd

    try:
        response = await window.fetch(versioned(ARCHIVE))
        if not response.ok:
            raise MoreError(f"{ARCHIVE}: HTTP {response.status}")
        unpack((await response.arrayBuffer()).to_bytes())
    except MoreError:
        raise
    except Exception as exc:  # a network error, a damaged archive
        raise MoreError(f"{ARCHIVE}: {exc}") from exc


def _task() -> asyncio.Task[None]:
    """The loading task: the one under way or done, or a new one after a failure."""
    task = _state["task"]
    if task is None or (task.done() and task.exception() is not None):
        task = asyncio.ensure_future(_load())
        _state["task"] = task
    return task


async def need() -> None:
    """Make the later archive's modules importable (fetch and unpack it once; after a
    failure, the next call tries again).

    Raises:
        MoreError: The archive cannot be fetched or read.
    """
    await asyncio.shield(_task())


def prefetch() -> None:
    """Start `need` in the background (once); a failure waits for the next `need`."""
    task = _task()
    task.add_done_callback(lambda t: t.cancelled() or t.exception())  # no "never retrieved"


def ready() -> bool:
    """Whether the later archive's modules can be imported now."""
    task = _state["task"]
    return task is not None and task.done() and not task.cancelled() and task.exception() is None
