"""Which standard-library modules a program imports, found from its sources.

``build.py`` ships only these in the page's ``python_stdlib.zip``. It runs this module
inside the vendored Pyodide under Node (``tools/build/compile_pyc.mjs``), so that the
standard library's sources parse with the very Python the page runs; it is plain
Python (no Pyodide API), so the tests also run it in CPython.

The search starts from *roots* (the page's modules, the ``seasalt`` package, PyScript's
Python, what Pyodide imports as it starts) and follows ``import`` statements:

- in the roots, every import, in functions too: the page's own code runs all of them
  sooner or later (an import that only a type checker sees, under
  ``if TYPE_CHECKING:``, is skipped);
- in the standard library, the imports that run when a module is imported (its
  top-level code, in ``if`` and ``try`` blocks included), but not those in functions
  (they serve features the page does not use; a browser test records what the page
  really imports and fails on a module missing here), nor a script's
  ``if __name__ == "__main__":`` block, nor the fallback of
  ``try: import _c_module`` / ``except ImportError:`` (the fast module is there), nor
  a branch for Windows (``sys.platform == "win32"``, ``os.name == "nt"``).

Usage (what ``compile_pyc.mjs`` runs)::

    modules = closure(roots, find_source)   # find_source(name) -> (source, is_package)
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable

SourceFinder = Callable[[str], "tuple[bytes, bool] | None"]
"""``find_source(name)``: the module's source and whether it is a package, or ``None``
when the module has no source here (a built-in or C module, or not in the library)."""

_WINDOWS = ("win32", "nt", "cygwin")


def _is_type_checking(test: ast.expr) -> bool:
    """``TYPE_CHECKING`` or ``typing.TYPE_CHECKING``."""
    return ((isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
            or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def _is_main_guard(test: ast.expr) -> bool:
    """``__name__ == "__main__"``."""
    return (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name)
            and test.left.id == "__name__" and len(test.comparators) == 1
            and isinstance(test.comparators[0], ast.Constant)
            and test.comparators[0].value == "__main__")


def _is_windows(test: ast.expr) -> bool:
    """``sys.platform == "win32"``, ``os.name == "nt"``, ``_os.name in ("nt", ...)``,
    ``sys.platform.startswith("win")``: a test true on Windows only."""
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        left, right = test.left, test.comparators[0]
        named = isinstance(left, ast.Attribute) and left.attr in ("platform", "name")
        if named and isinstance(test.ops[0], ast.Eq) and isinstance(right, ast.Constant):
            return right.value in _WINDOWS
        if named and isinstance(test.ops[0], ast.In) and isinstance(right, (ast.Tuple, ast.List)):
            values = [e.value for e in right.elts if isinstance(e, ast.Constant)]
            return bool(values) and all(v in _WINDOWS for v in values)
    return (isinstance(test, ast.Call) and isinstance(test.func, ast.Attribute)
            and test.func.attr == "startswith" and isinstance(test.func.value, ast.Attribute)
            and test.func.value.attr == "platform" and len(test.args) == 1
            and isinstance(test.args[0], ast.Constant) and test.args[0].value == "win")


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    """An ``except ImportError`` (or ``ModuleNotFoundError``, alone or in a tuple)."""
    kinds = handler.type
    names: list[ast.expr | None] = list(kinds.elts) if isinstance(kinds, ast.Tuple) else [kinds]
    return any(isinstance(n, ast.Name) and n.id in ("ImportError", "ModuleNotFoundError")
               for n in names)


def module_imports(source: bytes | str, name: str, is_package: bool, *,
                   in_functions: bool) -> set[str]:
    """The names a module's source imports (see the module docstring for what counts).

    ``from package import name`` gives both ``package`` and ``package.name`` (``name``
    may be a submodule); relative imports are made absolute.

    Args:
        source: The module's Python source.
        name: Its dotted name (``"asyncio.events"``), to resolve relative imports.
        is_package: Whether it is a package's ``__init__``.
        in_functions: Follow imports inside functions (and lambdas) too.

    Returns:
        Dotted module names, some of which may not exist (attributes named in
        ``from x import y``).

    Raises:
        SyntaxError: If the source does not parse.
    """
    tree = ast.parse(source)
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()

    def absolute(module: str | None, level: int) -> str:
        if not level:
            return module or ""
        base = package.split(".") if package else []
        base = base[: len(base) - (level - 1)] if level > 1 else base
        return ".".join([*base, *([module] if module else [])])

    def visit(nodes: Iterable[ast.AST]) -> None:
        for node in nodes:
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                module = absolute(node.module, node.level)
                found.add(module)
                found.update(f"{module}.{alias.name}" for alias in node.names
                             if alias.name != "*")
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                visit(getattr(node, "decorator_list", []))
                visit(node.args.defaults + [d for d in node.args.kw_defaults if d])
                if in_functions:
                    body: list[ast.AST] = (list(node.body) if isinstance(node.body, list)
                                           else [node.body])
                    visit(body)
            elif isinstance(node, ast.If):
                if (_is_type_checking(node.test) or _is_main_guard(node.test)
                        or _is_windows(node.test)):
                    visit(node.orelse)
                else:
                    visit(ast.iter_child_nodes(node))
            elif isinstance(node, (ast.Try, ast.TryStar)):
                visit(node.body)
                visit(node.orelse)
                visit(node.finalbody)
                for handler in node.handlers:
                    if in_functions or not _catches_import_error(handler):
                        visit(handler.body)
            else:
                visit(ast.iter_child_nodes(node))

    visit(tree.body)
    found.discard("")
    return found


def closure(roots: Iterable[str], find_source: SourceFinder, *,
            app: Callable[[str], bool] = lambda _name: False) -> set[str]:
    """Every module that importing ``roots`` imports, as far as sources show.

    A module's parent packages count as imported too. Names that ``find_source``
    cannot find are dropped (built-in modules, attributes of ``from x import y``).

    Args:
        roots: Dotted names to start from.
        find_source: Where to read a module's source (`SourceFinder`).
        app: Tells which modules are the program's own: their imports in functions
            count too (see `module_imports`).

    Returns:
        The dotted names of the modules found, roots included.

    Raises:
        SyntaxError: If a module found does not parse (the message names it).
    """
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        found = find_source(name)
        if found is None:
            continue
        seen.add(name)
        parts = name.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts))]
        source, is_package = found
        try:
            todo += module_imports(source, name, is_package, in_functions=app(name))
        except SyntaxError as exc:
            raise SyntaxError(f"{name}: {exc}") from exc
    return seen


def zip_sources(names: Iterable[str]) -> dict[str, tuple[str, bool]]:
    """Module name -> (archive member, is_package) for the ``.py`` members of an archive
    (``"json/__init__.py"`` -> ``"json"``); other members are left out."""
    modules: dict[str, tuple[str, bool]] = {}
    for member in names:
        if not member.endswith(".py"):
            continue
        dotted = member[:-3].replace("/", ".")
        if dotted.endswith(".__init__") or dotted == "__init__":
            modules[dotted.removesuffix("__init__").rstrip(".")] = (member, True)
        else:
            modules[dotted] = (member, False)
    return modules
