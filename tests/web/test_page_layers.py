"""The page's modules in layers (``web/page/__init__.py``'s ``LAYERS``) that import only
downward, read from their source: imports at a module's top and inside functions."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[2] / "web" / "page"


def layers() -> dict[str, tuple[str, ...]]:
    tree = ast.parse((PAGE / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == "LAYERS":
            assert node.value is not None
            value: dict[str, tuple[str, ...]] = ast.literal_eval(node.value)
            return value
    raise AssertionError("no LAYERS in web/page/__init__.py")


def level() -> dict[str, int]:
    return {m: i for i, names in enumerate(layers().values()) for m in names}


def page_imports(name: str) -> set[str]:
    """The page's modules that ``page.<name>`` imports, anywhere in it."""
    tree = ast.parse((PAGE / f"{name}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                found.add(node.module.split(".")[0])
            else:
                found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("page."):
            found.add((node.module or "").split(".")[1])
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[1] for a in node.names if a.name.startswith("page."))
    return found


MODULES = sorted(p.stem for p in PAGE.glob("*.py") if p.stem != "__init__")


def test_every_module_has_one_layer() -> None:
    listed = [m for names in layers().values() for m in names]
    assert sorted(listed) == MODULES


@pytest.mark.parametrize("name", MODULES)
def test_imports_only_downward(name: str) -> None:
    levels = level()
    upward = {m: list(layers())[levels[m]] for m in page_imports(name)
              if levels[m] > levels[name]}
    assert not upward, f"page.{name} ({list(layers())[levels[name]]}) imports {upward}"


def test_no_cycle_within_a_layer() -> None:
    graph = {m: page_imports(m) for m in MODULES}
    done: set[str] = set()

    def visit(m: str, path: tuple[str, ...]) -> None:
        assert m not in path, " -> ".join((*path, m))
        if m in done:
            return
        for n in sorted(graph[m]):
            visit(n, (*path, m))
        done.add(m)

    for m in MODULES:
        visit(m, ())


def test_the_state_imports_no_browser_module() -> None:
    tree = ast.parse((PAGE / "state.py").read_text(encoding="utf-8"))
    names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    names |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not {n.split(".")[0] for n in names} & {"js", "pyodide", "pyscript"}
    assert names <= {"__future__", "dataclasses", "seasalt.web.bank", "seasalt.web.games",
                     "seasalt.web.table"}
