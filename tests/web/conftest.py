"""Shared fixtures of the page's CPython tests: ``web/page`` imported with the browser stubbed."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

import pytest

WEB = Path(__file__).resolve().parents[2] / "web"


@pytest.fixture
def page_package(monkeypatch: pytest.MonkeyPatch) -> Iterator[types.ModuleType]:
    """Import ``web/page`` with stand-ins for ``pyscript`` and ``pyodide.ffi``."""
    pyscript = types.ModuleType("pyscript")
    pyscript.document = mock.MagicMock(name="document")  # type: ignore[attr-defined]
    pyscript.window = mock.MagicMock(name="window")  # type: ignore[attr-defined]
    pyodide = types.ModuleType("pyodide")
    ffi = types.ModuleType("pyodide.ffi")
    for name in ("create_once_callable", "create_proxy", "to_js"):
        setattr(ffi, name, mock.MagicMock(name=name))
    ffi.jsnull = object()  # type: ignore[attr-defined]
    pyodide.ffi = ffi  # type: ignore[attr-defined]
    for name, module in (("pyscript", pyscript), ("pyodide", pyodide), ("pyodide.ffi", ffi)):
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.syspath_prepend(str(WEB))
    for name in [n for n in sys.modules if n == "page" or n.startswith("page.")]:
        monkeypatch.delitem(sys.modules, name)
    import page

    yield page
    for name in [n for n in sys.modules if n == "page" or n.startswith("page.")]:
        del sys.modules[name]
