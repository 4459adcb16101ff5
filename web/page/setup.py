"""The new-game screen: the game chooser, the form's seat rows and menus, the masthead's
title; the saved games' list over them is `saves`', starting a game `games`'.

The chooser (``#game-cards``) is one radio card per game of ``game_choices()``
(title and one line about it); the chosen game sets how many seat rows may be shown
and hides the options that are another game's (``data-only-game``). It is remembered
(`prefs.remember_game`); a link's ``?game=`` chooses it first.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import to_js
from pyscript import document, window

import seasalt
from seasalt.ssp.present import default_name, seat_choices, target_text
from seasalt.web.games import GAMES, SSP
from seasalt.web.messages import message
from seasalt.web.settings import SEAT_KINDS, game_choices, game_title, level_notes, speed_choices

from . import thinker
from .dom import button, byid, el, found, render, set_phase, show
from .prefs import remember_game
from .saves import draw_alert, draw_saves
from .state import ui

#: Seat rows built (the most players of any game); the chosen game shows fewer.
MAX_ROWS = 5
#: Each row's kind until changed.
DEFAULT_KINDS = ("you", "medium", "hard", "easy", "medium")


def build_setup_form() -> None:
    """Build the chooser, the form's menus and seat rows (once, at start), then their
    words."""
    speed = byid("speed")
    table_speed = byid("table-speed")
    for key, _label, _name in speed_choices():
        speed.append(el("option", value=key))
        table_speed.append(el("option", value=key))
    speed.value = "normal"
    cards = []
    for name in GAMES:
        radio = el("input", type="radio", name="game", value=name, id=f"game-{name}",
                   class_="game-radio", aria_labelledby=f"game-{name}-title",
                   aria_describedby=f"game-{name}-about")
        cards.append(el("label", radio,
                        el("span", el("span", id=f"game-{name}-title", class_="game-title"),
                           el("span", id=f"game-{name}-about", class_="game-about"),
                           class_="game-words"),
                        class_="game-card", data_game=name))
    render("game-cards", *cards)
    rows = []
    for i in range(MAX_ROWS):
        select = el("select", name=f"kind-{i}", data_row=str(i))
        for value, _label in seat_choices():
            select.append(el("option", value=value))
        select.value = DEFAULT_KINDS[i]
        name = el("input", name=f"name-{i}", maxlength="24", data_row=str(i))
        rows.append(el("li", el("span", str(i + 1), class_="seat-number"), select, name,
                       button("", action="remove-seat", cls="btn quiet small",
                              data_row=str(i)),
                       class_="seat-row", data_row=str(i)))
    render("seats", *rows)
    choose_game(ui.game, remember=False)
    fill_setup_words()


def _label_options(select: Any, labels: dict[str, str]) -> None:
    for option in select.options:
        option.textContent = labels.get(option.value, option.value)


def _choice(game: str) -> dict[str, Any]:
    return next(c for c in game_choices() if c["name"] == game)


def fill_setup_words() -> None:
    """The form's words in the language in use (menus keep their values): the chooser,
    speeds, seat kinds, targets, field names, placeholders; the engine's version line."""
    version = getattr(seasalt, "__version__", None)
    render("version", message("engine", version=version) if version else "")
    render("game-legend", message("game-legend"))
    for choice in game_choices():
        render(f"game-{choice['name']}-title", choice["title"])
        render(f"game-{choice['name']}-about", choice["description"])
    render("players-note", _choice(ui.game)["players_note"])
    render("level-notes-title", message("levels-title"))
    fill_level_notes()
    _label_options(byid("speed"), {k: label for k, label, _n in speed_choices()})
    _label_options(byid("table-speed"), {k: name for k, _l, name in speed_choices()})
    render("target-normal", f"({target_text(False)})")
    render("target-double", f"({target_text(True)})")
    kinds = dict(seat_choices())
    for i in range(MAX_ROWS):
        _label_options(document.querySelector(f'[name="kind-{i}"]'), kinds)
        document.querySelector(f'[name="kind-{i}"]').setAttribute(
            "aria-label", message("who-plays", number=i + 1))
        document.querySelector(f'[name="name-{i}"]').setAttribute(
            "aria-label", message("name-field", number=i + 1))
        remove = document.querySelector(f'[data-action="remove-seat"][data-row="{i}"]')
        remove.textContent = message("remove")
        remove.setAttribute("aria-label", message("remove-seat", number=i + 1))
    update_seat_rows()


def fill_level_notes() -> None:
    """What each bot level does, in the chosen game's words."""
    render("level-list", *(node for lv in level_notes(ui.game) for node in (
        el("dt", lv["name"]), el("dd", lv["description"]))))


def most_rows() -> int:
    """The most seat rows the chosen game takes."""
    return min(MAX_ROWS, int(_choice(ui.game)["max_players"]))


def choose_game(game: str, *, remember: bool = True) -> None:
    """Choose ``game`` on the setup screen: its radio card checked, its seat count, its
    options shown and the other game's hidden; remembered unless ``remember`` is false."""
    if game not in GAMES:
        game = SSP
    ui.game = game
    if remember:
        remember_game(game)
    document.body.setAttribute("data-game", game)
    radio = byid(f"game-{game}")
    if not radio.checked:
        radio.checked = True
    for node in document.querySelectorAll("[data-only-game]"):
        node.hidden = node.getAttribute("data-only-game") != game
    ui.seat_rows = max(2, min(ui.seat_rows, most_rows()))
    render("players-note", _choice(game)["players_note"])
    fill_level_notes()
    update_seat_rows()


def seat_values() -> list[tuple[str, str]]:
    """(kind, name) of every visible seat row."""
    return [(document.querySelector(f'[name="kind-{i}"]').value,
             document.querySelector(f'[name="name-{i}"]').value) for i in range(ui.seat_rows)]


def shown_kinds() -> list[str]:
    """The seat kinds of the form's shown rows (``human``, ``easy``, ...)."""
    return [SEAT_KINDS[document.querySelector(f'[name="kind-{i}"]').value]
            for i in range(ui.seat_rows)]


def update_seat_rows() -> None:
    """Show the first ``ui.seat_rows`` rows; set each name's placeholder to its default;
    a Hard seat starts the bots' web worker (`thinker.wanted`)."""
    kinds = shown_kinds()
    thinker.wanted(kinds, ui.game)
    for i in range(MAX_ROWS):
        row = document.querySelector(f'li.seat-row[data-row="{i}"]')
        row.hidden = i >= ui.seat_rows
        if i < ui.seat_rows:
            document.querySelector(f'[name="name-{i}"]').placeholder = default_name(
                kinds[i], i, kinds)
    for node in document.querySelectorAll('[data-action="remove-seat"]'):
        node.hidden = ui.seat_rows <= 2
    byid("add-seat").hidden = ui.seat_rows >= most_rows()


def remove_seat(row: int) -> None:
    """Drop a seat row, moving the ones below it up."""
    values = seat_values()
    del values[row]
    ui.seat_rows -= 1
    for i, (kind, name) in enumerate(values):
        document.querySelector(f'[name="kind-{i}"]').value = kind
        document.querySelector(f'[name="name-{i}"]').value = name
    update_seat_rows()


def show_notice(text: str, bring: bool = False) -> None:
    """A message on the setup screen (bad link, unreadable save, bad form value);
    ``bring``: scrolled into view and focused (the answer to a button far below it,
    e.g. a file chosen on a phone)."""
    render("notice", text)
    show("notice", bool(text))
    node = byid("notice")
    if bring and text and found(node):
        node.setAttribute("tabindex", "-1")
        node.scrollIntoView(to_js({"block": "center"}, dict_converter=window.Object.fromEntries))
        node.focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))


def show_progress(text: str) -> None:
    """The line saying how far a long game's reading is ('' hides it): a status line
    over the foot of the window (``#reading``)."""
    render("reading", text)
    show("reading", bool(text))


def lock_setup(locked: bool) -> None:
    """While a game is read for the player, nothing of the list or the form can start
    another (``inert``: no click, no focus); the language, theme and help stay."""
    for node_id in ("saved", "setup-form"):
        node = byid(node_id)
        if locked:
            node.setAttribute("inert", "")
        else:
            node.removeAttribute("inert")


_TITLE: dict[str, str] = {}
"""The page's own ``document.title`` (the site's name), kept while another shows."""


def show_title(game: str) -> None:
    """The masthead and the window's title: the site's name (Sea Salt & Paper), or the
    title of the other game whose table is on screen (Fruits de mer)."""
    site = document.querySelector(".masthead .title-site")
    other = byid("title-game")
    _TITLE.setdefault("site", str(document.title))
    if game == SSP:
        site.hidden, other.hidden = False, True
        document.title = _TITLE["site"]
        return
    title = game_title(game)
    other.textContent = title
    site.hidden, other.hidden = True, False
    document.title = title


def show_setup(notice: str = "") -> None:
    """Show the new-game screen, the saved games listed first (which game, how far, when
    last played)."""
    draw_saves()
    draw_alert()
    show_notice(notice)
    document.body.setAttribute("data-game", ui.game)
    show_title(SSP)  # the site's name
    set_phase("setup")
