"""The page's fixed words: every word ``index.html`` shows once Python runs is keyed to
the presenter (``data-text="key"``, ``data-text-<attribute>="key"``), and its English
fallback is the presenter's English, so the page reads the same before and after."""

from __future__ import annotations

import ast
import re
import types
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from seasalt.i18n import set_language
from seasalt.ssp.present import boot_texts, languages, page_text, page_texts
from seasalt.ssp.present.page import BOOT_PREFIXES, LANGUAGES, PAGE_TEXTS

WEB = Path(__file__).resolve().parents[2] / "web"
#: The parts of the page Python shows (the loading screen is shown before it runs).
SHOWN_BY_PYTHON = frozenset({"setup", "playing", "round-over", "game-over", "calc", "error"})
#: Attributes a reader meets (screen readers, tooltips, empty fields).
READ_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link",
                  "meta", "source", "track", "wbr"})


def squash(text: str) -> str:
    """Text as the browser lays it out: runs of HTML white space as one space, trimmed
    (a no-break space stays)."""
    return re.sub(r"[ \t\n\r\f]+", " ", text).strip(" ")


@dataclass
class Node:
    tag: str
    attrs: dict[str, str]
    parent: Node | None
    texts: list[str] = field(default_factory=list)  # its own text nodes
    children: list[Node] = field(default_factory=list)

    def shown_by_python(self) -> bool:
        node: Node | None = self
        while node is not None:
            if node.tag == "footer" or (node.tag == "section"
                                        and node.attrs.get("id") in SHOWN_BY_PYTHON):
                return True
            node = node.parent
        return False


class Page(HTMLParser):
    """``index.html`` as a tree of elements with their own text."""

    def __init__(self) -> None:
        super().__init__()
        self.root = Node("#root", {}, None)
        self.current = self.root
        self.nodes: list[Node] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs}, self.current)
        self.current.children.append(node)
        self.nodes.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        node: Node | None = self.current
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.current = node.parent

    def handle_data(self, data: str) -> None:
        if data.strip() and self.current.tag not in ("script", "style"):
            self.current.texts.append(data)


def parse() -> Page:
    page = Page()
    page.feed((WEB / "index.html").read_text(encoding="utf-8"))
    page.close()
    return page


def page_attributes() -> tuple[str, ...]:
    """``TEXT_ATTRIBUTES`` of ``web/page/dom.py``: the attributes the page fills."""
    tree = ast.parse((WEB / "page" / "dom.py").read_text(encoding="utf-8"))
    for stmt in tree.body:
        if (isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)
                and stmt.target.id == "TEXT_ATTRIBUTES" and stmt.value is not None):
            value = ast.literal_eval(stmt.value)
            assert isinstance(value, tuple)
            return value
    raise AssertionError("dom.py has no TEXT_ATTRIBUTES")


def keyed() -> list[tuple[Node, str, str]]:
    """(element, attribute or '' for its text, key) of every ``data-text*`` mark."""
    marks = []
    for node in parse().nodes:
        for name, key in node.attrs.items():
            if name == "data-text":
                marks.append((node, "", key))
            elif name.startswith("data-text-"):
                marks.append((node, name.removeprefix("data-text-"), key))
    return marks


def page_code_strings() -> set[str]:
    """Every string literal of the page's Python (``web/page/*.py``, ``web/main.py``)
    and of the presenter's other modules: the keys the page's dialogs and menus, the
    colour panel and the help ask :func:`page_text` for."""
    found: set[str] = set()
    present = WEB.parent / "seasalt" / "ssp" / "present"
    for path in [*sorted((WEB / "page").glob("*.py")), WEB / "main.py",
                 *[p for p in sorted(present.glob("*.py")) if p.name != "page.py"]]:
        if not path.exists():
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.add(node.value)
    return found


def test_every_key_has_a_presenter_entry_and_every_entry_is_used() -> None:
    keys = {key for _node, _attr, key in keyed()}
    assert keys - set(PAGE_TEXTS) == set()
    # an entry is used by index.html, by the page's Python (dialogs, menus) or the
    # presenter (colour panel, help), or by
    # boot.js before Python runs (the loading screen and the manifests, via build.py)
    boot = {key for key in PAGE_TEXTS if key.startswith(BOOT_PREFIXES)}
    assert set(PAGE_TEXTS) - keys - page_code_strings() - boot == set()


def test_boot_texts_are_the_words_shown_before_python_runs() -> None:
    set_language("en")
    words = boot_texts()
    assert set(words) == {key for key in PAGE_TEXTS if key.startswith(("loading-",
                                                                      "manifest-",
                                                                      "update-"))
                          } | {"skip-to-table", "footer"}
    assert words["loading-status"] == "Folding the paper boats…"
    # the notice of a new version (boot.js, issue 41 item 6), in every language
    assert words["update-ready"] == "A new version is ready: reload when you like."
    set_language("fr")
    assert boot_texts()["update-reload"] == "Recharger"
    set_language("en")
    assert words["manifest-name"] == "Sea Salt & Paper"
    assert all(words.values())


def test_the_loading_screen_english_is_the_presenters_english() -> None:
    # index.html's loading screen (before boot.js fills it) reads as the presenter's
    loading = next(n for n in parse().nodes if n.attrs.get("id") == "loading")
    shown: list[str] = []

    def walk(node: Node) -> None:
        shown.extend(squash(t) for t in node.texts)
        for child in node.children:
            walk(child)

    walk(loading)
    words = boot_texts()
    for key in ("loading-status", "loading-hint", "loading-noscript"):
        assert words[key] in shown, key


def test_languages_by_their_own_names() -> None:
    assert languages() == [("en", "English"), ("fr", "Français"), ("nl", "Nederlands"),
                           ("tr", "Türkçe")]
    assert [code for code, _name in LANGUAGES] == ["en", "fr", "nl", "tr"]


def test_every_shown_text_carries_a_key() -> None:
    missing = [(node.tag, node.attrs.get("id"), squash(text))
               for node in parse().nodes if node.shown_by_python()
               for text in node.texts if "data-text" not in node.attrs]
    assert missing == []


def test_every_shown_attribute_carries_a_key() -> None:
    missing = [(node.tag, name, value) for node in parse().nodes if node.shown_by_python()
               for name, value in node.attrs.items()
               if name in READ_ATTRIBUTES and value.strip()
               and f"data-text-{name}" not in node.attrs]
    assert missing == []


def test_the_page_fills_every_marked_attribute() -> None:
    assert {attr for _node, attr, _key in keyed() if attr} <= set(page_attributes())


def test_a_keyed_element_holds_only_its_text() -> None:
    # filling sets textContent, which would drop any element inside
    assert [(n.tag, n.attrs["data-text"]) for n, attr, _k in keyed()
            if not attr and n.children] == []


def test_the_english_fallback_is_the_presenters_english() -> None:
    set_language("en")
    words = page_texts()
    for node, attr, key in keyed():
        shown = squash(node.attrs[attr] if attr else "".join(node.texts))
        assert shown == words[key], key
        assert page_text(key) == words[key]


class FakeNode:
    def __init__(self, **attrs: str) -> None:
        self.attrs = dict(attrs)
        self.textContent = "English"

    def getAttribute(self, name: str) -> str | None:  # noqa: N802 - the DOM's name
        return self.attrs.get(name)

    def setAttribute(self, name: str, value: str) -> None:  # noqa: N802
        self.attrs[name] = value


def test_fill_texts_sets_texts_and_attributes(page_package: types.ModuleType) -> None:
    from page import dom

    heading = FakeNode(**{"data-text": "game-over"})
    unknown = FakeNode(**{"data-text": "not-a-key"})
    aside = FakeNode(**{"data-text-aria-label": "game-log", "aria-label": "Game log"})
    found: dict[str, list[FakeNode]] = {"[data-text]": [heading, unknown],
                                        "[data-text-aria-label]": [aside]}

    def query(selector: str) -> list[Any]:
        return list(found.get(selector, []))

    dom.document.querySelectorAll.side_effect = query
    dom.fill_texts({"game-over": "Partie terminée", "game-log": "Journal"})
    assert heading.textContent == "Partie terminée"
    assert unknown.textContent == "English"  # no word for it: the HTML's English stays
    assert aside.attrs["aria-label"] == "Journal"
