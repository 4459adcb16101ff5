"""What the page and the bots' web worker import: a record for the browser tests.

The site ships only the standard-library modules its Python imports (``build.py``
finds them in the sources). A module missing from that archive fails to import; where
the import is guarded (``try: import x`` / ``except ImportError:``), it would fail
silently. So the page's ``main.py`` and ``bots-worker.js`` call `install` first: a
finder placed last in :data:`sys.meta_path`, consulted only when no other finder has the
module, notes its name. `report` tells the tests every module imported and every one
looked for in vain; they fail when a module of the standard library is among the
latter.

Nothing here touches the browser: it is tested in plain CPython.
"""

from __future__ import annotations

import importlib.abc
import json
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType


class MissedImports(importlib.abc.MetaPathFinder):
    """A finder that finds nothing and remembers what it was asked for.

    Attributes:
        names: Every module name asked for (dotted), in order, once each.
    """

    def __init__(self) -> None:
        self.names: dict[str, None] = {}

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        """Note ``fullname``; find nothing (the import then fails as it would)."""
        self.names.setdefault(fullname, None)
        return None


def install() -> MissedImports:
    """Put the `MissedImports` finder last in :data:`sys.meta_path` (once: a second
    call returns the same finder).

    Returns:
        The finder.
    """
    for finder in sys.meta_path:
        if isinstance(finder, MissedImports):
            return finder
    finder = MissedImports()
    sys.meta_path.append(finder)
    return finder


def report() -> str:
    """The record, as JSON text: ``{"modules": [...], "frozen": [...], "missed": [...]}``:
    the names of the modules imported (:data:`sys.modules`, sorted), of those among them
    that the interpreter holds frozen (never read from an archive: ``os``, ``codecs``...),
    and of the modules looked for in vain since `install` (in order; empty if it was
    not called)."""
    missed: list[str] = []
    for finder in sys.meta_path:
        if isinstance(finder, MissedImports):
            missed = list(finder.names)
    frozen = sorted(name for name, module in list(sys.modules.items())
                    if getattr(getattr(module, "__spec__", None), "origin", None) == "frozen")
    return json.dumps({"modules": sorted(sys.modules), "frozen": frozen, "missed": missed})
