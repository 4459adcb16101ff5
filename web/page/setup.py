"""The new-game screen: the form's seat rows and menus, the saved game offer, starting."""

from __future__ import annotations

from typing import Any

from pyscript import document

import seasalt
from seasalt import web_api as api

from . import flow
from .dom import button, byid, el, render, set_phase, show
from .store import ui


def build_setup_form() -> None:
    """Build the setup form's menus and seat rows (once, at start), then their words."""
    speed = byid("speed")
    table_speed = byid("table-speed")
    for key, _label, _name in api.speed_choices():
        speed.append(el("option", value=key))
        table_speed.append(el("option", value=key))
    speed.value = "normal"
    defaults = ["you", "medium", "hard", "easy"]
    rows = []
    for i in range(4):
        select = el("select", name=f"kind-{i}", data_row=str(i))
        for value, _label in api.seat_choices():
            select.append(el("option", value=value))
        select.value = defaults[i]
        name = el("input", name=f"name-{i}", maxlength="24", data_row=str(i))
        rows.append(el("li", el("span", str(i + 1), class_="seat-number"), select, name,
                       button("", action="remove-seat", cls="btn quiet small",
                              data_row=str(i)),
                       class_="seat-row", data_row=str(i)))
    render("seats", *rows)
    fill_setup_words()


def _label_options(select: Any, labels: dict[str, str]) -> None:
    for option in select.options:
        option.textContent = labels.get(option.value, option.value)


def fill_setup_words() -> None:
    """The form's words in the language in use (menus keep their values): speeds,
    seat kinds, targets, field names, placeholders; the engine's version line."""
    version = getattr(seasalt, "__version__", None)
    render("version", api.message("engine", version=version) if version else "")
    _label_options(byid("speed"), {k: label for k, label, _n in api.speed_choices()})
    _label_options(byid("table-speed"), {k: name for k, _l, name in api.speed_choices()})
    render("target-normal", f"({api.target_text(False)})")
    render("target-double", f"({api.target_text(True)})")
    kinds = dict(api.seat_choices())
    for i in range(4):
        _label_options(document.querySelector(f'[name="kind-{i}"]'), kinds)
        document.querySelector(f'[name="kind-{i}"]').setAttribute(
            "aria-label", api.message("who-plays", number=i + 1))
        document.querySelector(f'[name="name-{i}"]').setAttribute(
            "aria-label", api.message("name-field", number=i + 1))
        remove = document.querySelector(f'[data-action="remove-seat"][data-row="{i}"]')
        remove.textContent = api.message("remove")
        remove.setAttribute("aria-label", api.message("remove-seat", number=i + 1))
    update_seat_rows()


def seat_values() -> list[tuple[str, str]]:
    """(kind, name) of every visible seat row."""
    return [(document.querySelector(f'[name="kind-{i}"]').value,
             document.querySelector(f'[name="name-{i}"]').value) for i in range(ui.seat_rows)]


def update_seat_rows() -> None:
    """Show the first ``ui.seat_rows`` rows; set each name's placeholder to its default."""
    values = [(document.querySelector(f'[name="kind-{i}"]').value) for i in range(4)]
    kinds = [api.SEAT_KINDS[k] for k in values[: ui.seat_rows]]
    for i in range(4):
        row = document.querySelector(f'li.seat-row[data-row="{i}"]')
        row.hidden = i >= ui.seat_rows
        if i < ui.seat_rows:
            document.querySelector(f'[name="name-{i}"]').placeholder = api.default_name(
                kinds[i], i, kinds)
    for node in document.querySelectorAll('[data-action="remove-seat"]'):
        node.hidden = ui.seat_rows <= 2
    byid("add-seat").hidden = ui.seat_rows >= 4


def remove_seat(row: int) -> None:
    """Drop a seat row, moving the ones below it up."""
    values = seat_values()
    del values[row]
    ui.seat_rows -= 1
    for i, (kind, name) in enumerate(values):
        document.querySelector(f'[name="kind-{i}"]').value = kind
        document.querySelector(f'[name="name-{i}"]').value = name
    update_seat_rows()


def show_notice(text: str) -> None:
    """A message on the setup screen (bad link, unreadable save, bad form value)."""
    render("notice", text)
    show("notice", bool(text))


def show_setup(notice: str = "") -> None:
    """Show the new-game screen, with the saved game (if any) offered first."""
    t = ui.saved
    if t is not None:
        render("resume-summary", api.resume_summary(t.view(None), t.over))
    show("resume", t is not None)
    show_notice(notice)
    set_phase("setup")


def start_from_form() -> None:
    """Read the form and start the game, or say what is wrong."""
    values = seat_values()
    target = document.querySelector('input[name="target"]:checked').value
    try:
        settings = api.Settings.from_form([k for k, _ in values], [n for _, n in values],
                                          byid("seed").value, target, byid("speed").value,
                                          bool(byid("extra-salt").checked),
                                          bool(byid("extra-pepper").checked))
        table = api.Table.new(settings)
    except api.SettingsError as exc:
        show_notice(api.message("cannot-start", error=exc))
        return
    flow.start_table(table)
