"""The help dialog's content: ``help_content()`` drawn as headings, paragraphs,
lists and tables (the card list with its row and column headers).

Sections are ``<h3>`` under the dialog's ``<h2>``; nothing here holds a word of its
own: every text comes from the presenter, in the language in use.

Each game has its own rules page (``help_content(game)``): the help opens on the
game in play (on the setup screen, the game chosen there), and a row of buttons at
its top (``data-action="help-game"``, ``aria-pressed``) shows the other game's.
Under it, the contents (`contents`): a link to each section (``data-action="help-to"``),
which scrolls the dialog to that section and puts the focus on its heading
(`show_section`), without touching the page's address (a ``#join=`` link is read from
it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyscript import document

from seasalt.web.games import FDM, GAMES
from seasalt.web.messages import message
from seasalt.web.settings import game_title
from seasalt.web.words import help_content

from .cards import colour_mark, kind_icon
from .dom import byid, el, found, render
from .state import ui

GAP_PX = 8
"""Room left between the help's sticky head and a section reached from its contents."""
#: The game whose rules the help shows now (None: the game in play or chosen).
shown: dict[str, str | None] = {"game": None}


def current_game() -> str:
    """The game in play, else the one chosen on the setup screen."""
    t = ui.table
    return str(t.game) if t is not None else ui.game


def games_nav(game: str) -> Any:
    """The buttons that show each game's rules, ``game``'s pressed."""
    return el("div", el("span", message("help-games"), id="help-games-label",
                        class_="help-games-label"),
              *(el("button", game_title(g), type="button", class_="btn quiet small",
                   data_action="help-game", data_game=g,
                   aria_pressed="true" if g == game else "false")
                for g in GAMES),
              class_="help-games", role="group", aria_labelledby="help-games-label")


def colour_list(colours: list[Mapping[str, Any]]) -> Any:
    """A card type's colours: symbol, name and how many cards (``× 2``). Fruits de mer's
    colours are the seats' (a swatch: ``colour-<name>`` gives its ``--seat`` colour)."""
    if shown["game"] == FDM:
        return el("ul", *(el("li", el("span", el("span", class_=f"help-swatch colour-{c['colour']}",
                                                 aria_hidden="true"),
                                         el("span", c["name"], class_="colour-name"),
                                         class_="card-colour"),
                             el("span", f"× {c['count']}", class_="colour-count"))
                          for c in colours), class_="help-colours")
    return el("ul", *(el("li", colour_mark(c["colour"], c["name"]),
                         el("span", f"× {c['count']}", class_="colour-count"))
                      for c in colours), class_="help-colours")


def kind_picture(kind: str) -> Any:
    """Card kind ``kind``'s picture for the card list (decorative: its name follows):
    Sea Salt & Paper's sprite, or Fruits de mer's (its later archive is in when its
    rules are shown)."""
    if shown["game"] == FDM:
        from . import fdm_cards

        fdm_cards.sprite()
        return fdm_cards.icon(kind, "help-icon")
    return kind_icon(kind, "help-icon")


def cards_table(block: Mapping[str, Any]) -> Any:
    """The card list: one row per card type, the type's picture and name as the row
    header (spanning a second row that holds its rule, under the other columns).

    Each cell carries its column's name (``data-label``): where the dialog is narrow
    (a phone), style.css lays each card type out as a block of labelled lines instead
    of a wide table, so nothing scrolls sideways and no word breaks.
    """
    columns = block["columns"]
    head = el("thead", el("tr", *(el("th", c, scope="col") for c in columns)))
    span = str(len(columns) - 1)
    rows = []
    for r in block["rows"]:
        rule = r.get("rule")
        name = el("th", el("span", kind_picture(r["kind"]),
                           el("span", r["name"], class_="help-kind-name"),
                           class_="help-kind"),
                  scope="row", rowspan="2" if rule else "1")
        rows.append(el("tr", name, el("td", el("span", r["count"]), class_="num",
                                               data_label=columns[1]),
                       el("td", colour_list(r["colours"]), data_label=columns[2]),
                       el("td", el("span", r["points"]), data_label=columns[3]),
                       class_="help-card", data_kind=r["kind"]))
        if rule:
            rows.append(el("tr", el("td", rule, colspan=span, class_="help-rule"),
                           class_="help-rule-row"))
    title = block.get("title") or ""
    return el("div", el("table", el("caption", title) if title else None, head,
                        el("tbody", *rows), class_="help-table"),
              class_="table-scroll help-cards", tabindex="0", role="region",
              aria_label=title or columns[0])


def block_nodes(block: Mapping[str, Any]) -> list[Any]:
    """The DOM nodes of one help block (``p``, ``list``, ``steps``: a numbered list,
    ``cards``, ``events``, ``shortcuts``); an unknown type is skipped."""
    kind = block["type"]
    if kind == "p":
        return [el("p", block["text"])]
    if kind == "list":
        return [el("ul", *(el("li", item) for item in block["items"]))]
    if kind == "steps":
        return [el("ol", *(el("li", item) for item in block["items"]), class_="help-steps")]
    if kind == "cards":
        return [cards_table(block)]
    if kind == "events":
        return [el("dl", *(node for r in block["rows"] for node in (
            el("dt", r["title"], data_event=r["slug"]),
            el("dd", r["text"], " ", el("span", r["goes_to_text"], class_="event-goes")))),
                   class_="help-events")]
    if kind == "shortcuts":
        return [el("dl", *(node for r in block["rows"] for node in (
            el("dt", el("kbd", r["key"])), el("dd", r["text"]))), class_="help-shortcuts")]
    return []


def contents(sections: list[dict[str, Any]]) -> Any:
    """The help's contents: a navigation landmark named by its heading, a link to each
    section in order (``href`` its heading's id, for a reader that follows it without
    the page's Python; ``data-action="help-to"`` and ``data-section``: `show_section`)."""
    return el("nav", el("h3", message("help-contents"), id="help-contents"),
              el("ol", *(el("li", el("a", s["title"], href=f"#help-{s['id']}",
                                     data_action="help-to", data_section=s["id"]))
                         for s in sections)),
              class_="help-toc", aria_labelledby="help-contents")


def show_section(section: str) -> None:
    """Scroll the open help to ``section`` (an id of its sections) and move the focus to
    its heading, so that a keyboard or a screen reader goes on from there; an unknown
    section does nothing."""
    heading = document.getElementById(f"help-{section}")
    if not found(heading) or not byid("help-body").contains(heading):
        return
    heading.setAttribute("tabindex", "-1")
    heading.focus()
    dialog = byid("help")  # the heading just under the dialog's sticky head
    head = dialog.querySelector(".dialog-head")
    dialog.scrollTop += (heading.getBoundingClientRect().top
                         - head.getBoundingClientRect().bottom - GAP_PX)


def render_help(target: Any, game: str | None = None) -> None:
    """Fill ``target`` with the rules of ``game`` (default: the one shown last, else
    `current_game`): the games' buttons, the contents, then every help section (an
    ``<h3>`` each)."""
    game = game or shown["game"] or current_game()
    shown["game"] = game
    sections = help_content(game)
    render(target, games_nav(game), contents(sections),
           *(el("section", el("h3", s["title"], id=f"help-{s['id']}"),
                *(node for b in s["blocks"] for node in block_nodes(b)),
                class_="help-section", aria_labelledby=f"help-{s['id']}")
             for s in sections))
