"""The manual in docs/ and the README: their Python examples run as written (doctest),
the README stays short, and every file path they name exists."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
README = ROOT / "README.md"


def pages() -> list[Path]:
    """The README and every page of docs/."""
    return [README, *sorted(DOCS.glob("*.md"))]


def test_the_manual_has_its_pages() -> None:
    names = {p.name for p in DOCS.glob("*.md")}
    assert {"playing.md", "hosting.md", "bots.md", "calculator.md", "engine.md",
            "testing.md", "layout.md"} <= names


@pytest.mark.parametrize("page", [p for p in pages() if ">>> " in p.read_text("utf-8")],
                         ids=lambda p: p.name)
def test_python_examples_pass(page: Path) -> None:
    result = doctest.testfile(str(page), module_relative=False, verbose=False)
    assert result.attempted > 0
    assert result.failed == 0


def test_the_examples_are_many_enough_to_mean_something() -> None:
    """The engine page alone has 5; a page that lost its examples would pass vacuously."""
    examples = sum(len(doctest.DocTestParser().get_examples(p.read_text("utf-8")))
                   for p in pages())
    assert examples >= 5
    engine = (DOCS / "engine.md").read_text("utf-8")
    assert len(doctest.DocTestParser().get_examples(engine)) >= 5


def test_readme_is_short_and_keeps_its_two_commands() -> None:
    text = README.read_text("utf-8")
    assert len(text.splitlines()) <= 150
    assert "python3 build.py --serve\n```" in text
    assert text.count("<!-- test-command") == 1 and text.count("<!-- /test-command -->") == 1
    assert "](docs/screenshot.png)" in text and (DOCS / "screenshot.png").is_file()
    assert (DOCS / "screenshot.png").stat().st_size < 150_000


#: A repository path in backquotes: a top-level folder, then a path (placeholders like
#: ``<game>`` and globs like ``*.py`` stand for any name).
PATH = re.compile(r"`((?:seasalt|web|tools|tests|benchmarks|docs|\.ci|\.github)/[^`\s]*)`")


def named_paths(text: str) -> set[str]:
    return {m.group(1).rstrip("/") for m in PATH.finditer(text)}


def exists(path: str) -> bool:
    pattern = re.sub(r"<[^>]+>", "*", path)
    if "*" in pattern:
        return any(ROOT.glob(pattern))
    return (ROOT / pattern).exists()


@pytest.mark.parametrize("page", pages(), ids=lambda p: p.name)
def test_every_path_named_exists(page: Path) -> None:
    missing = sorted(p for p in named_paths(page.read_text("utf-8")) if not exists(p))
    assert not missing, f"{page.name} names paths that are not in the repository: {missing}"


# --------------------------------------------------------------------- the rules pages

#: The rules pages, each with the sections it holds.
RULES_PAGES = ("rules.md", "rules-expansions.md", "fruits-de-mer.md")

#: Where the code is: every text file the project's code and tests are made of.
CODE_DIRS = ("seasalt", "web", "tests", "tools", "benchmarks")
CODE_SUFFIXES = {".py", ".js", ".mjs", ".html", ".css", ".toml"}

#: A section as the code cites it: R4.1a, A.6, B.3.10, C.7, F5.
SECTION = re.compile(r"\b(R\d+(?:\.\d+)?[a-z]?|[AB]\.\d+(?:\.\d+)?|C\.\d+|F[1-9])\b")
#: "Decision 5", "Decisions 3-6", "Decisions 1, 2 and 8" (the expansions' list).
DECISIONS = re.compile(r"\bDecisions? (\d+(?:(?:-|–|, | and )\d+)*)")
#: A rules file named in the code: it must be a path from the repository's root.
RULES_FILE = re.compile(r"[\w./-]*(?:RULES|rules|FRUITS-DE-MER|fruits-de-mer)[\w-]*\.md\b")
#: "part A" (the expansions' parts).
PART = re.compile(r"\bparts? ([A-D](?:(?:, | and )[A-D])*)\b")


def code_files() -> list[Path]:
    files = [ROOT / "build.py"]
    for folder in CODE_DIRS:
        files += [p for p in (ROOT / folder).rglob("*") if p.suffix in CODE_SUFFIXES
                  and p.is_file() and "node_modules" not in p.parts]
    return [p for p in files if p.exists() and p != Path(__file__).resolve()]


def cited() -> dict[str, set[str]]:
    """Every section, Decision and part the code cites -> the files citing it."""
    found: dict[str, set[str]] = {}

    def add(label: str, path: Path) -> None:
        found.setdefault(label, set()).add(str(path.relative_to(ROOT)))

    for path in code_files():
        text = path.read_text("utf-8", errors="replace")
        for m in SECTION.finditer(text):
            add(m.group(1), path)
        for m in DECISIONS.finditer(text):
            for part in re.split(r", | and ", m.group(1)):
                ends = [int(n) for n in re.split(r"-|–", part)]
                for n in range(ends[0], ends[-1] + 1):
                    add(f"Decision {n}", path)
        for m in PART.finditer(text):
            for letter in re.split(r", | and ", m.group(1)):
                add(f"part {letter}", path)
    return found


#: The anchor id of a section: r4.1a, a.6, b.3.10, c.7, f5, part-a, decision-5.
LABEL_ID = re.compile(r"r\d+(?:\.\d+)?[a-z]?|[abc]\.\d+(?:\.\d+)?|f\d|part-[0a-d]|decision-\d+")


def anchors() -> dict[str, str]:
    """Every section the rules pages hold: its anchor id -> the page."""
    found: dict[str, str] = {}
    for name in RULES_PAGES:
        text = (DOCS / name).read_text("utf-8")
        for m in re.finditer(r'^#+ <a id="([^"]+)"></a>(.*)$', text, re.M):
            anchor, title = m.groups()
            found[anchor] = name
            # the heading shows its label, so a reader searching for "R4.1a" finds it
            if LABEL_ID.fullmatch(anchor):
                assert title.lower().startswith(anchor.replace("-", " ")), (name, title)
    return found


def anchor_of(label: str) -> str:
    if label.startswith("Decision "):
        return "decision-" + label.split()[1]
    if label.startswith("part "):
        return "part-" + label.split()[1].lower()
    return label.lower()


def test_every_section_the_code_cites_is_in_the_rules_pages() -> None:
    have = anchors()
    citations = cited()
    assert len(citations) >= 60  # the scan sees the code: R1-R11, A, B, F, Decisions
    missing = {label: sorted(files)[:3] for label, files in citations.items()
               if anchor_of(label) not in have}
    assert not missing, f"cited in the code, not in docs/{RULES_PAGES}: {missing}"


def test_the_rules_pages_hold_every_section_of_their_games() -> None:
    have = anchors()
    base = ["r1", "r2", "r3", "r4", "r4.1", "r4.1a", "r4.1b", "r4.2", "r4.3", "r5", "r6",
            "r6.0", "r6.1", "r6.2", "r6.3", "r6.4", "r7", "r7.1", "r7.2", "r8", "r9", "r10",
            "r10.1", "r10.2", "r11"]
    expansions = ([f"a.{n}" for n in range(1, 9)] + ["b.1", "b.2", "b.3", "b.4"]
                  + [f"b.3.{n}" for n in range(1, 13)] + [f"c.{n}" for n in range(1, 15)]
                  + [f"decision-{n}" for n in range(1, 12)]
                  + [f"part-{p}" for p in "0abcd"])
    fdm = [f"f{n}" for n in range(1, 7)]
    for page, labels in (("rules.md", base), ("rules-expansions.md", expansions),
                         ("fruits-de-mer.md", fdm)):
        assert [x for x in labels if have.get(x) != page] == [], page


def test_every_rules_file_the_code_cites_is_in_the_repository() -> None:
    named: dict[str, set[str]] = {}
    for path in code_files():
        for m in RULES_FILE.finditer(path.read_text("utf-8", errors="replace")):
            named.setdefault(m.group(0), set()).add(str(path.relative_to(ROOT)))
    assert set(named) >= {f"docs/{page}" for page in RULES_PAGES}, named
    missing = {name: sorted(files)[:3] for name, files in named.items()
               if not (ROOT / name).is_file()}
    assert not missing, f"rules files cited but not in the repository: {missing}"


#: A link in Markdown to a page of the repository: [text](path#anchor).
LINK = re.compile(r"\]\(((?!https?:)[^)#\s]*)(?:#([^)\s]*))?\)")


def ids(page: Path) -> set[str]:
    """The anchors a page offers: its explicit ids and GitHub's heading slugs."""
    text = page.read_text("utf-8")
    found = set(re.findall(r'<a id="([^"]+)"></a>', text))
    for heading in re.findall(r"^#+ (.*)$", text, re.M):
        plain = re.sub(r"<[^>]+>", "", heading).strip().lower()
        found.add(re.sub(r"[^\w\- ]", "", plain).replace(" ", "-"))
    return found


@pytest.mark.parametrize("page", pages(), ids=lambda p: p.name)
def test_every_link_leads_somewhere(page: Path) -> None:
    broken = []
    for m in LINK.finditer(page.read_text("utf-8")):
        target_name, anchor = m.group(1), m.group(2)
        target = (page.parent / target_name) if target_name else page
        if not target.exists() or anchor and target.suffix == ".md" and anchor not in ids(target):
            broken.append(m.group(0))
    assert not broken, f"{page.name}: {broken}"
