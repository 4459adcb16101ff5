"""``tools/build/stdlib_imports.py``: which imports count when the build picks the page's
standard library (run here in CPython; the build runs it in Pyodide)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("stdlib_imports",
                                                  ROOT / "tools" / "build" / "stdlib_imports.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


tool = load_tool()

LIBRARY_MODULE = """
import os, sys
from collections import abc as _abc
from . import sibling
from .. import uncle
try:
    from _fast import thing
except ImportError:
    from _slow import thing
try:
    import optional
except (OSError, ModuleNotFoundError):
    import fallback_on_error
except KeyError:
    import on_key_error
if sys.platform == "win32":
    import winreg
elif os.name in ("nt",):
    import nt_only
else:
    import posix_side
if sys.platform.startswith("win"):
    import also_windows
if TYPE_CHECKING:
    import typing_only
else:
    import runtime_side

@decorate(__import__("ignored_call"))
def later(x=default_import_is_an_expression):
    import inside_function
    return lambda: __import__("nothing")

class Holder:
    import in_class_body
    def method(self):
        import in_method

if __name__ == "__main__":
    import doctest
"""


class TestModuleImports:
    def test_a_library_module_counts_what_runs_at_import(self) -> None:
        found = tool.module_imports(LIBRARY_MODULE, "pkg.sub.mod", False, in_functions=False)
        assert {"os", "sys", "collections", "collections.abc", "pkg.sub", "pkg.sub.sibling",
                "pkg", "pkg.uncle", "_fast", "_fast.thing", "optional", "on_key_error",
                "posix_side", "runtime_side", "in_class_body"} <= found
        for skipped in ("_slow", "fallback_on_error", "winreg", "nt_only", "also_windows",
                        "typing_only", "inside_function", "in_method", "doctest"):
            assert skipped not in found, skipped

    def test_the_programs_own_code_counts_imports_in_functions(self) -> None:
        found = tool.module_imports(LIBRARY_MODULE, "app", False, in_functions=True)
        assert {"inside_function", "in_method", "_slow"} <= found
        assert not {"typing_only", "doctest", "winreg"} & found

    def test_a_package_resolves_relative_imports_from_itself(self) -> None:
        found = tool.module_imports("from . import a\nfrom .b import c\nfrom .. import d\n",
                                    "top.pkg", True, in_functions=False)
        assert found == {"top.pkg", "top.pkg.a", "top.pkg.b", "top.pkg.b.c", "top", "top.d"}

    def test_a_syntax_error_is_raised(self) -> None:
        with pytest.raises(SyntaxError):
            tool.module_imports("import (", "bad", False, in_functions=False)


class TestClosure:
    SOURCES: dict[str, tuple[str, bool]] = {
        "app": ("import lib.a\ndef f():\n    import lib.lazy\n", False),
        "lib": ("", True),
        "lib.a": ("from . import b\ndef g():\n    import lib.never\n", False),
        "lib.b": ("import json\n", False),
        "lib.lazy": ("", False),
        "lib.never": ("", False),
        "unused": ("", False),
    }

    def find(self, name: str) -> tuple[bytes, bool] | None:
        found = self.SOURCES.get(name)
        return None if found is None else (found[0].encode(), found[1])

    def test_follows_imports_from_the_roots(self) -> None:
        found = tool.closure(["app"], self.find, app=lambda name: name == "app")
        # json has no source here (as a built-in module would): dropped
        assert found == {"app", "lib", "lib.a", "lib.b", "lib.lazy"}

    def test_a_module_that_does_not_parse_is_named(self) -> None:
        def find(name: str) -> tuple[bytes, bool] | None:
            return (b"import (", False) if name == "broken" else None

        with pytest.raises(SyntaxError, match="broken"):
            tool.closure(["broken"], find)

    def test_zip_sources_names_modules_and_packages(self) -> None:
        assert tool.zip_sources(["json/__init__.py", "json/decoder.py", "os.py",
                                 "json/", "README.txt", "json/decoder.pyc"]) == {
            "json": ("json/__init__.py", True), "json.decoder": ("json/decoder.py", False),
            "os": ("os.py", False)}
