"""What of the package layout the page ships, and in which of its two archives.

The page runs Python from two packages: ``seasalt`` (``seasalt/``) and its own ``page``
(``web/page/``). The rules below name their packages and modules by dotted name; a rule
covers the module it names or, for a package, everything under it, and ``*`` stands for
any part of a name (``page.fdm_*``, ``seasalt.*.present.term``):

- every module of both packages ships, compiled, but those of `NOT_ON_THE_PAGE` (what
  only the command line runs);
- a module of `LATER` goes in the later archive (``web/page/more.py`` fetches it when a
  feature first needs it: Fruits de mer, the calculator, the replay, the coach, the table on
  many devices); every
  other one in the start archive, which the first visit downloads.

So a module added to a package ships where its package does, with no list to update.
A rule that names no module any more (its package moved) stops the build
(`check_rules`), so a move cannot silently change what the first visit downloads.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fnmatch import fnmatchcase
from pathlib import Path

from .errors import BuildError
from .paths import PACKAGE, WEB

PAGE_PACKAGE: str = "page"
"""The page's own Python package in ``web/``; the config must list each of its files."""

NOT_ON_THE_PAGE: tuple[str, ...] = (
    "seasalt.__main__", "seasalt.cli",  # the command line's package
    "seasalt.*.present.term",  # each game's words for the terminal
)
"""What only the command line runs: it does not ship."""

LATER: dict[str, tuple[str, ...]] = {
    "Fruits de mer (its presenter, its bots' evaluation, its table)": (
        "seasalt.fdm.present", "seasalt.fdm.strategy", "page.fdm_*"),
    "the score calculator": (
        "seasalt.calc", "seasalt.ssp.present.calc", "seasalt.web.calc",
        "page.calc", "page.calc_view"),
    "the replay": ("seasalt.web.replay", "seasalt.web.fdm_replay", "seasalt.ssp.present.replay",
                   "page.replay"),
    "the coach": ("seasalt.web.coach", "seasalt.bots.coach", "page.coach"),
    "the table on many devices (its QR codes shown and read)": ("seasalt.web.remote",
                                                                "page.qr_*"),
}
"""The later archive, by feature: the page imports none of these before
``page.more.need()`` has returned."""


def module_name(path: str) -> str:
    """The dotted name of a module file given by its path from its package's parent
    (``"seasalt/fdm/present/__init__.pyc"`` -> ``"seasalt.fdm.present"``,
    ``"page/calc.py"`` -> ``"page.calc"``)."""
    stem = path.rsplit(".", 1)[0] if path.endswith((".py", ".pyc")) else path
    return stem.replace("/", ".").removesuffix(".__init__")


def covers(rule: str, module: str) -> bool:
    """Whether ``rule`` (a dotted name, ``*`` for any part of a name) covers ``module``
    (a dotted name): the module itself, or one under the package it names."""
    parts, names = rule.split("."), module.split(".")
    return len(names) >= len(parts) and all(
        fnmatchcase(name, part) for part, name in zip(parts, names, strict=False))


def on_the_page(module: str) -> bool:
    """Whether the module (a dotted name, ``"seasalt.cli.main"``) ships: not one of
    `NOT_ON_THE_PAGE`."""
    return not any(covers(rule, module) for rule in NOT_ON_THE_PAGE)


def is_later(module: str) -> bool:
    """Whether the module (a dotted name, ``"page.calc"``) goes in the later archive:
    one of `LATER`."""
    return any(covers(rule, module) for rules in LATER.values() for rule in rules)


def package_files(package: Path = PACKAGE) -> Iterator[Path]:
    """Yield the package's files, sorted: ``**/*.py`` and ``py.typed``.

    ``__pycache__`` folders and every other file are left out.
    """
    for path in sorted(package.rglob("*")):
        if "__pycache__" in path.parts or not path.is_file():
            continue
        if path.suffix == ".py" or path.name == "py.typed":
            yield path


def package_sources(package: Path = PACKAGE) -> list[tuple[str, bytes]]:
    """The package's entries: (path from the repository root, bytes), from
    `package_files`."""
    return [
        (path.relative_to(package.parent).as_posix(), path.read_bytes())
        for path in package_files(package)
    ]


def page_modules(web: Path = WEB) -> list[str]:
    """The page package's Python files, as paths relative to ``web``, sorted
    (e.g. ``page/dom.py``)."""
    folder = web / PAGE_PACKAGE
    return sorted(p.relative_to(web).as_posix() for p in folder.rglob("*.py")
                  if "__pycache__" not in p.parts)


def shipped_package(package: Path = PACKAGE) -> list[tuple[str, bytes]]:
    """The ``seasalt`` package's modules that ship (`on_the_page`), as (path from the
    repository root, source) pairs."""
    return [(name, data) for name, data in package_sources(package)
            if name.endswith(".py") and on_the_page(module_name(name))]


def shipped_page(web: Path = WEB) -> list[tuple[str, bytes]]:
    """The page package's modules (all of them ship), as (path from ``web``, source)."""
    return [(name, (web / name).read_bytes()) for name in page_modules(web)]


def check_rules(modules: Iterable[str]) -> None:
    """Check that every rule of `NOT_ON_THE_PAGE` and `LATER` covers one of ``modules``.

    Args:
        modules: Dotted names of every module of both packages.

    Raises:
        BuildError: Naming the first rule that covers none (a package moved or renamed:
            the rule must follow it).
    """
    names = list(modules)
    rules = [(rule, "NOT_ON_THE_PAGE") for rule in NOT_ON_THE_PAGE]
    rules += [(rule, f"LATER[{feature!r}]") for feature, group in LATER.items()
              for rule in group]
    for rule, where in rules:
        if not any(covers(rule, name) for name in names):
            raise BuildError(f"tools/build/layout.py: {where} names {rule!r}, which is no "
                             "module or package any more: has it moved?")


def all_modules(package: Path = PACKAGE, web: Path = WEB) -> list[str]:
    """The dotted names of every module of the ``seasalt`` and ``page`` packages."""
    files = [name for name, _ in package_sources(package) if name.endswith(".py")]
    return [module_name(name) for name in files + page_modules(web)]
