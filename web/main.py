"""PyScript glue for the seasalt page: DOM code only, no game rules.

The page moves through phases, mirrored as ``<body data-phase="...">``; the stylesheet
shows the ``<section class="phase">`` whose id matches. `set_phase` is the only code
that changes the phase. `el` and `render` build DOM content from Python values; text
(player names, anything from a saved game) is always set as text, never parsed as HTML.

Everything about the game comes from ``seasalt.web_api``: the page renders a seat's
view and sends back the code of the action clicked, with the ply it was offered at.
Only codes listed in ``view["legal"]`` are ever sent; an element with ``data-code``
is one of them. Bots think in short slices between browser tasks (`bot_loop`), so the
page stays responsive. The game is saved in localStorage after every action.
"""

from __future__ import annotations

import asyncio
import json
import time
import traceback
from typing import Any

from pyodide.ffi import create_once_callable, create_proxy, jsnull, to_js
from pyscript import document, window

PHASES: tuple[str, ...] = ("loading", "setup", "playing", "round-over", "game-over", "error")
"""Every value `set_phase` accepts; each has a ``<section id=...>`` in index.html."""
SAVE_KEY = "seasalt.save"
"""localStorage key of the game in progress (``Table.save()`` text)."""
UI_KEY = "seasalt.ui"
"""localStorage key of page state that is not part of the game (the acknowledged round)."""
SLICE_SECONDS = 0.03
"""How long a bot may think in one browser task."""
YIELD_SECONDS = 0.004
"""Pause between two thinking slices: a real timer (Pyodide runs shorter sleeps as
immediate messages, which leave the browser no idle time to paint a frame)."""
INSTANT_REDRAW_SECONDS = 0.25
"""At instant speed, redraw the table at most this often while bots play on."""
SVG_NS = "http://www.w3.org/2000/svg"
ICONS: frozenset[str] = frozenset({
    "crab", "boat", "fish", "swimmer", "shark", "mermaid", "shell", "octopus", "penguin",
    "sailor", "lighthouse", "shoal-of-fish", "penguin-colony", "captain", "jellyfish",
    "lobster", "cast-of-crabs", "starfish", "seahorse"})
"""Card types with their own icon in index.html's sprite (others show a wave)."""
ICON_ALIASES: dict[str, str] = {}

api: Any = None
"""``seasalt.web_api``, imported by `start`."""


# ---------------------------------------------------------------------------- DOM helpers


def set_phase(phase: str) -> None:
    """Show the section of ``phase`` and hide the others.

    Args:
        phase: One of `PHASES`.

    Raises:
        ValueError: If ``phase`` is not in `PHASES`.
    """
    if phase not in PHASES:
        raise ValueError(f"unknown phase {phase!r}; expected one of {PHASES}")
    body = document.body
    if body.getAttribute("data-phase") != phase:
        body.setAttribute("data-phase", phase)
        window.scrollTo(0, 0)
    loading = document.getElementById("loading")
    loading.setAttribute("aria-busy", "true" if phase == "loading" else "false")


def el(tag: str, *children: Any, **attrs: str) -> Any:
    """Create a DOM element.

    Args:
        tag: Element name, e.g. ``"button"``.
        *children: DOM nodes, or other values added as text (``str(value)``); ``None``
            is skipped.
        **attrs: Attributes; ``class_`` sets ``class`` and underscores in other
            names become dashes (``data_seat="1"`` sets ``data-seat``).

    Returns:
        The new element (a JS proxy), not yet in the document.
    """
    node = document.createElement(tag)
    for name, value in attrs.items():
        node.setAttribute("class" if name == "class_" else name.replace("_", "-"), value)
    for child in children:
        if child is not None:
            node.append(child if hasattr(child, "nodeType") else str(child))
    return node


def render(target: str | Any, *children: Any) -> Any:
    """Replace the content of an element.

    Args:
        target: An element, or the id of one.
        *children: As for `el`; none empties the element.

    Returns:
        The target element.
    """
    node = byid(target) if isinstance(target, str) else target
    node.replaceChildren(*(c if hasattr(c, "nodeType") else str(c)
                           for c in children if c is not None))
    return node


def found(node: Any) -> bool:
    """Whether a DOM lookup found something (JS ``null`` arrives as ``jsnull``)."""
    return node is not None and node is not jsnull


def byid(name: str) -> Any:
    """``document.getElementById``."""
    return document.getElementById(name)


def show(node: str | Any, visible: bool = True) -> None:
    """Show or hide an element through its ``hidden`` attribute."""
    node = byid(node) if isinstance(node, str) else node
    node.hidden = not visible


def button(text: str, *, code: str | None = None, action: str | None = None,
           cls: str = "btn", **attrs: str) -> Any:
    """A ``<button>`` for an action code (``data-code``) or a page action (``data-action``)."""
    if code is not None:
        attrs["data_code"] = code
    if action is not None:
        attrs["data_action"] = action
    return el("button", text, type="button", class_=cls, **attrs)


# ---------------------------------------------------------------------------- cards


_CATALOGUE: dict[int, dict[str, Any]] = {}
_PROTOS: dict[int, Any] = {}
_BACK: list[Any] = []


def card_info(cid: int) -> dict[str, Any]:
    """The catalogue entry of card ``cid``."""
    if not _CATALOGUE:
        _CATALOGUE.update({c["id"]: c for c in api.card_catalogue()})
    return _CATALOGUE[cid]


def _icon(kind: str) -> Any:
    name = ICON_ALIASES.get(kind, kind)
    svg = document.createElementNS(SVG_NS, "svg")
    svg.setAttribute("class", "card-icon")
    svg.setAttribute("viewBox", "0 0 48 48")
    svg.setAttribute("aria-hidden", "true")
    use = document.createElementNS(SVG_NS, "use")
    use.setAttribute("href", f"#icon-{name if name in ICONS else 'wave'}")
    svg.append(use)
    return svg


def _card_proto(cid: int) -> Any:
    proto = _PROTOS.get(cid)
    if proto is None:
        c = card_info(cid)
        hint = c["hint"]
        label = f"{c['title']} ({c['colour_name']})" + (f": {hint}" if hint else "")
        proto = el("div", el("span", c["title"], class_="card-title"), _icon(c["kind"]),
                   el("span", hint, class_="card-hint") if hint else None,
                   el("span", c["colour_name"], class_="card-colour"),
                   class_=f"card c-{c['colour']} k-{c['kind']}", data_card=str(cid),
                   data_kind=c["kind"], data_colour=c["colour"], title=label)
        _PROTOS[cid] = proto
    return proto


def card(cid: int, cls: str = "", **attrs: str) -> Any:
    """A face-up card (a copy of a prebuilt one: few calls into the DOM).

    Args:
        cid: the card id.
        cls: extra classes (``selected``, ``clickable``, ...).
        **attrs: extra attributes, as for `el`.
    """
    node = _card_proto(cid).cloneNode(True)
    if cls:
        c = card_info(cid)
        node.className = f"card c-{c['colour']} k-{c['kind']} {cls}"
    for name, value in attrs.items():
        node.setAttribute(name.replace("_", "-"), value)
    return node


def card_back() -> Any:
    """A face-down card."""
    if not _BACK:
        _BACK.append(el("div", el("span", "S", el("i", "&"), "P", class_="back-mark"),
                        class_="card back", title="a hidden card"))
    return _BACK[0].cloneNode(True)


def mini_cards(cards: list[int]) -> Any:
    """A row of small cards."""
    return el("div", *(card(c) for c in cards), class_="cards mini")


def front_row(groups: list[list[int]], label: str = "") -> Any:
    """Cards played in front, each duo or trio grouped (``view["front_groups"]``)."""
    pairs = [el("div", *(card(c) for c in g), class_="duo" + (" trio" if len(g) > 2 else ""))
             for g in groups]
    if not pairs:
        return el("div", el("span", label or "no duo played yet", class_="empty-note"),
                  class_="front empty")
    return el("div", *pairs, class_="front")


# ---------------------------------------------------------------------------- page state


class UI:
    """What the page remembers besides the game (module-level singleton `ui`).

    Attributes:
        table: the game (``web_api.Table``) or None.
        ack_round: the last round whose end the player has seen; a higher
            ``table.round`` means the round-over screen is due.
        shown: hot-seat: the human whose hand was shown last (None: nobody yet).
        handoff: hot-seat: the human waiting behind the "pass the device" screen.
        selection: hand cards selected for a duo.
        view_ply: the ply of the view on screen (sent with every action).
        bot_token: the active bot loop's token (None: no loop runs).
        last_draw: when the table was last drawn (``time.monotonic()``).
        saved, saved_ack: a game found in localStorage (offered on the setup screen)
            and its acknowledged round.
        log_key, log_count: what the log panel holds (viewer, lines).
        message: a one-line note shown over the table.
        seat_rows: seats shown in the setup form (2-4).
        warm: `warm_up` has started.
    """

    def __init__(self) -> None:
        self.table: Any = None
        self.ack_round = 0
        self.shown: int | None = None
        self.handoff: int | None = None
        self.selection: list[int] = []
        self.view_ply = -1
        self.bot_token: object | None = None
        self.last_draw = 0.0
        self.saved: Any = None
        self.saved_ack = 0
        self.log_key: Any = None
        self.log_count = 0
        self.message = ""
        self.seat_rows = 2
        self.warm = False


ui = UI()


def storage() -> Any:
    """``window.localStorage``."""
    return window.localStorage


def persist() -> None:
    """Save the game and the page state in localStorage (after every action)."""
    t = ui.table
    if t is None:
        return
    try:
        storage().setItem(SAVE_KEY, t.save())
        storage().setItem(UI_KEY, json.dumps({"ack_round": ui.ack_round, "ply": t.ply}))
    except Exception as exc:  # quota, private mode: play on, but say so
        ui.message = f"The game could not be saved in this browser ({exc})."


def read_ack_round(table: Any) -> int:
    """The acknowledged round stored with a save (the current round if unknown)."""
    try:
        text = storage().getItem(UI_KEY)
        data = json.loads(text if isinstance(text, str) else "{}")
        ack = int(data["ack_round"])
        if data.get("ply") == table.ply and 1 <= ack <= table.round:
            return ack
    except (ValueError, KeyError, TypeError):
        pass
    return int(table.round)


# ---------------------------------------------------------------------------- setup


def build_setup_form() -> None:
    """Fill the setup form's menus and seat rows (once, at start)."""
    speed = byid("speed")
    table_speed = byid("table-speed")
    for key, ms in api.SPEEDS.items():
        label = key.capitalize() + ("" if key == "instant" else f" ({ms / 1000:g} s a move)")
        speed.append(el("option", label, value=key))
        table_speed.append(el("option", key.capitalize(), value=key))
    speed.value = "normal"
    render("target-normal", f"({api.target_text(False)})")
    render("target-double", f"({api.target_text(True)})")
    defaults = ["you", "medium", "hard", "easy"]
    rows = []
    for i in range(4):
        select = el("select", name=f"kind-{i}", data_row=str(i),
                    aria_label=f"Player {i + 1}: who plays")
        for value, label in api.SEAT_CHOICES:
            select.append(el("option", label, value=value))
        select.value = defaults[i]
        name = el("input", name=f"name-{i}", maxlength="24", data_row=str(i),
                  aria_label=f"Player {i + 1}: name")
        rows.append(el("li", el("span", str(i + 1), class_="seat-number"), select, name,
                       button("Remove", action="remove-seat", cls="btn quiet small",
                              data_row=str(i), aria_label=f"Remove player {i + 1}"),
                       class_="seat-row", data_row=str(i)))
    render("seats", *rows)
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
        v = t.view(None)
        scores = ", ".join(f"{n} {s}" for n, s in zip(v["names"], v["scores"], strict=True))
        where = "finished" if t.over else f"round {v['round']}"
        salt = (", Extra Salt" if v["extra_salt"] else "") + (
            ", Extra Pepper" if v["extra_pepper"] else "")
        render("resume-summary", f"{len(v['names'])} players{salt}, {where}: {scores}")
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
        show_notice(f"Cannot start: {exc}.")
        return
    start_table(table)


def start_table(table: Any, ack_round: int | None = None) -> None:
    """Put ``table`` in play (a new, resumed or imported game) and draw it."""
    ui.bot_token = None
    ui.table = table
    ui.saved = None
    ui.ack_round = int(table.round) if ack_round is None else ack_round
    ui.shown = None
    ui.handoff = None
    ui.selection = []
    ui.log_key = None
    ui.message = ""
    byid("table-speed").value = table.speed
    persist()
    update()


def load_saved() -> str:
    """Look for a saved game; keep it in ``ui.saved``. Returns a notice ('' if fine)."""
    try:
        text = storage().getItem(SAVE_KEY)
    except Exception as exc:  # storage switched off: play without saves
        return f"This browser does not let the page save games ({exc})."
    if not isinstance(text, str):  # null: nothing saved
        return ""
    try:
        ui.saved = api.Table.load(text)
    except Exception as exc:  # a corrupt or foreign save must never stop the page
        storage().removeItem(SAVE_KEY)
        storage().removeItem(UI_KEY)
        ui.saved = None
        return (f"The saved game could not be restored ({exc}), so it was discarded. "
                "Start a new game below.")
    ui.saved_ack = read_ack_round(ui.saved)
    return ""


# ---------------------------------------------------------------------------- the table


def kind_label(kind: str) -> str:
    """``Hard bot`` or ``Human``."""
    return "Human" if kind == api.HUMAN else f"{kind.capitalize()} bot"


def update() -> None:
    """Show whatever the game needs now: the table, a hand-off, round over or game over."""
    t = ui.table
    if t is None:
        show_setup()
        return
    if t.over:
        show_game_over()
        return
    if t.round > ui.ack_round:
        show_round_over()
        return
    viewer = t.viewer()
    humans = t.humans()
    ui.handoff = viewer if (viewer is not None and len(humans) > 1
                            and ui.shown != viewer) else None
    seat = viewer if ui.handoff is None else None
    if seat is not None:
        ui.shown = seat
    v = t.view(seat)
    if v["ply"] != ui.view_ply:
        ui.view_ply = v["ply"]
        ui.selection = [c for c in ui.selection if c in v["hand"]] if v["legal"] else []
    focus = seat if seat is not None else (ui.shown if ui.shown is not None
                                           else (humans[0] if humans else None))
    shown = document.body.getAttribute("data-phase") == "playing"
    draw_table(v, focus)
    set_phase("playing")
    if not shown:  # the log was hidden while drawn: scroll it to its last line now
        log = byid("log")
        log.scrollTop = log.scrollHeight
    if ui.handoff is not None:
        name = v["names"][ui.handoff]
        render("handoff-title", f"Pass the device to {name}")
        render("handoff-ready", f"I am {name}: show my hand")
    show("handoff", ui.handoff is not None)
    ui.last_draw = time.monotonic()
    if t.is_bot_turn() and ui.bot_token is None:
        ui.bot_token = token = object()
        asyncio.ensure_future(bot_loop(token))


def draw_table(v: dict[str, Any], focus: int | None) -> None:
    """Draw every part of the table from the view ``v``; ``focus`` sits at the bottom."""
    names = v["names"]
    n = len(names)
    bits = [f"Round {v['round']}", f"target {v['target']} points"]
    if v["extra_salt"]:
        bits.append(f"Extra Salt: {v['deck_size']} cards")
    if v["extra_pepper"]:
        bits.append(f"Extra Pepper: {v['event_deck_size']} events in the deck")
    if v["call"]:
        call = "STOP" if v["call"] == "stop" else "LAST CHANCE"
        bits.append(f"{call} called by {names[v['caller']]}")
    render("round-info", " · ".join(bits))
    msg = byid("table-message")
    render(msg, ui.message)
    msg.hidden = not ui.message
    others = [s for s in range(n) if s != focus]
    render("opponents", *(seat_panel(v, s) for s in others))
    byid("opponents").setAttribute("data-count", str(len(others)))
    render("piles", *pile_buttons(v), event_card(v))
    render("prompt", *prompt_parts(v))
    if focus is None:
        render("me")
        show("me", False)
    else:
        show("me", True)
        render("me", *my_area(v, focus))
    draw_log(v)


def seat_status(v: dict[str, Any], s: int) -> list[Any]:
    """Badges for a seat: turn, thinking, extra or final turn, announcement."""
    out = []
    current = v["current"] == s
    if current:
        bot = v["kinds"][s] != api.HUMAN
        out.append(el("span", "thinking" if bot else "to play",
                      class_="badge turn" + (" thinking" if bot else "")))
        if v["extra_turn"]:
            out.append(el("span", "extra turn", class_="badge extra"))
        if v["call"] == "last-chance" and v["caller"] != s:
            out.append(el("span", "final turn", class_="badge final"))
    if v["caller"] == s:
        out.append(el("span", "STOP" if v["call"] == "stop" else "LAST CHANCE",
                      class_="badge call"))
    if v["revealed"][s] and v["caller"] != s:
        out.append(el("span", "revealed", class_="badge quiet"))
    if v["forced"][s]:
        out.append(el("span", "Jellyfish: forced draw", class_="badge forced",
                      title="A Jellyfish duo: this seat's next turn is a forced draw"))
    for slug in (v["held_events"][s] if v["held_events"] else []):
        info = v["event_info"][slug]
        out.append(el("span", f"Event: {info['title']}", class_="badge event",
                      data_event=slug, title=f"{info['title']}: {info['text']}"))
    if v["protected"] and v["protected"][s]:
        out.append(el("span", "Coral Reef", class_="badge reef",
                      title="A Shell face down: protected from steals and swaps this round"))
    return out


def event_card(v: dict[str, Any]) -> Any:
    """Extra Pepper: the round's table event, its title and rule (None without it)."""
    slug = v["table_event"]
    if not slug:
        return None
    info = v["event_info"][slug]
    goes = "most" if info["goes_to"] == "most" else "fewest"
    return el("div", el("span", "Table event", class_="event-kicker"),
              el("span", info["title"], class_="event-title"),
              el("span", info["text"], class_="event-text"),
              el("span", f"At round end: to the {goes} points", class_="event-goes"),
              class_="event-card", id="table-event", data_event=slug)


def hand_of_other(v: dict[str, Any], s: int) -> Any:
    """Another seat's hand as this view knows it: known cards face up, backs for the rest."""
    known = list(v["known"][s])
    hidden = max(0, v["hand_sizes"][s] - len(known))
    cards = [card(c, "known") for c in known] + [card_back() for _ in range(hidden)]
    size = v["hand_sizes"][s]
    label = f"{size} card{'s' if size != 1 else ''} in hand"
    if known and hidden:
        label += f" ({len(known)} known)"
    return el("div", el("div", *cards, class_="cards fan") if cards else None,
              el("span", label, class_="hand-count"), class_="other-hand")


def seat_panel(v: dict[str, Any], s: int) -> Any:
    """An opponent's area: name, level, total, hand (size, known cards), duos in front."""
    current = v["current"] == s
    kind = kind_label(v["kinds"][s])
    head = el("div", el("span", v["names"][s], class_="seat-name"),
              el("span", kind, class_="badge kind") if kind != v["names"][s] else None,
              el("span", el("b", str(v["scores"][s])), " pts", class_="seat-score",
                 title="game total"),
              class_="seat-head")
    return el("div", head, el("div", *seat_status(v, s), class_="seat-status"),
              hand_of_other(v, s), front_row(v["front_groups"][s]),
              class_="seat" + (" current" if current else ""), data_seat=str(s))


def pile_buttons(v: dict[str, Any]) -> list[Any]:
    """The draw pile and the two discard piles; each is a button when it is an action."""
    codes = {x["code"] for x in v["legal"]}
    if v["forced_turn"]:
        codes.discard("draw")  # the prompt's single Forced draw button does it
    out = []
    size = v["draw_size"]
    stack = el("div", *([card_back() for _ in range(min(3, size))] if size else
                        [el("div", "empty", class_="slot")]), class_="stack")
    out.append(pile_button(stack, "Draw pile", f"{size} card{'s' if size != 1 else ''}",
                           "draw", "draw" in codes, "draw"))
    for i, p in enumerate(v["piles"], start=1):
        top = card(p["top"]) if p["top"] is not None else el("div", "empty", class_="slot")
        code = f"take:{i}"
        out.append(pile_button(el("div", top, class_="stack"), f"Discard {i}",
                               f"{p['size']} card{'s' if p['size'] != 1 else ''}", code,
                               code in codes, str(i)))
    return out


def pile_button(face: Any, title: str, count: str, code: str, legal: bool, pile: str) -> Any:
    """One pile: its top (or backs), its name and size; clickable when ``legal``."""
    node = el("button", face, el("span", title, class_="pile-name"),
              el("span", count, class_="pile-count"), type="button",
              class_="pile" + (" legal" if legal else ""), data_pile=pile)
    if legal:
        node.setAttribute("data-code", code)
        node.setAttribute("title", {"draw": "Draw two cards"}.get(code, "Take the top card"))
    else:
        node.disabled = True
    return node


def prompt_parts(v: dict[str, Any]) -> list[Any]:
    """The centre panel: what to do now (your turn) or what is happening (others)."""
    legal = v["legal"]
    names = v["names"]
    cur = v["current"]
    if not legal:
        who = names[cur] if cur >= 0 else ""
        parts: list[Any] = []
        if cur >= 0 and v["kinds"][cur] != api.HUMAN:
            parts.append(el("h3", f"{who} is playing", el("span", class_="dots"),
                            class_="prompt-title"))
        else:
            parts.append(el("h3", f"{who}'s turn", class_="prompt-title"))
        if v["drawn_count"]:
            parts.append(el("div", card_back(), card_back(), class_="cards mini"))
            parts.append(el("p", f"{who} looks at two cards and keeps one.", class_="muted"))
        elif v["crab_pile"]:
            parts.append(el("p", f"{who} searches discard pile {v['crab_pile']}.",
                            class_="muted"))
        elif v["looked_count"]:
            n = v["looked_count"]
            parts.append(el("div", *(card_back() for _ in range(n)), class_="cards mini"))
            parts.append(el("p", f"{who} is looking at {n} card{'s' if n != 1 else ''} "
                            "from the draw pile (Lobster) and keeps one.",
                            class_="muted looking"))
        elif cur >= 0 and v["forced"][cur] and v["phase"] == "draw":
            parts.append(el("p", f"{who} plays a forced turn (Jellyfish): one card from "
                            "the draw pile.", class_="muted"))
        recent = v["log"][-3:]
        if recent:
            parts.append(el("ul", *(el("li", line) for line in recent), class_="recent"))
        return parts
    kinds = {x["kind"] for x in legal}
    phase = v["phase"]
    title = "Your extra turn" if v["extra_turn"] else "Your turn"
    if v["call"] == "last-chance" and v["caller"] != cur:
        title = "Your final turn"
    parts = [el("h3", title, class_="prompt-title")]
    if v["forced_turn"]:
        parts.append(el("p", legal[0]["hint"], class_="instruction"))
        parts.append(el("div", button(legal[0]["text"], code=legal[0]["code"],
                                      cls="btn primary big forced-draw"), class_="actions"))
        return parts
    if phase == "draw":
        parts.append(el("p", "Draw two cards from the draw pile, or take the top card of a "
                        "discard pile: click a pile.", class_="instruction"))
        others = [x for x in legal if x["kind"] not in ("draw", "take")]
        if others:
            parts.append(el("div", *(button(x["text"], code=x["code"]) for x in others),
                            class_="actions"))
        return parts
    if phase == "keep":
        parts.append(el("p", "Keep one card; the other goes face up on a discard pile.",
                        class_="instruction"))
        choices = []
        for cid in v["drawn"]:
            options = [x for x in legal if x["kind"] == "keep" and x["cards"] == [cid]]
            other = [c for c in v["drawn"] if c != cid]
            other_name = card_info(other[0])["title"] if other else "the other"
            btns = [button(f"Keep · {other_name} to pile {x['pile']}", code=x["code"],
                           cls="btn primary small", title=x["text"]) for x in options]
            choices.append(el("div", card(cid, "big"), el("div", *btns, class_="keep-buttons"),
                              class_="keep-choice"))
        parts.append(el("div", *choices, class_="keep-choices"))
        extra = [x for x in legal if x["kind"] != "keep"]  # any other choice stays a button
        if extra:
            parts.append(el("div", *(button(x["text"], code=x["code"]) for x in extra),
                            class_="actions"))
        return parts
    if phase in ("keep-event", "angelfish", "swap"):
        parts.extend(pepper_controls(v))
        return parts
    if kinds <= {"pick"}:
        pile = v["crab_pile"]
        if pile:
            text = f"Take one card from discard pile {pile}:"
        elif v["looked"]:
            n = len(v["looked"])
            text = (f"Lobster: keep one of the top {n} card{'s' if n != 1 else ''} of the "
                    "draw pile; the others go back and the draw pile is shuffled.")
        elif phase == "steal-pair" and v["swap_target"] is not None:
            text = f"Water Rodeo: take one of {names[v['swap_target']]}'s cards:"
        else:
            text = "Take one of these cards:"
        parts.append(el("p", text, class_="instruction"))
        order = list(v["crab_cards"]) or list(v.get("looked") or [])
        picks = {x["cards"][0]: x for x in legal}
        ordered = [c for c in order if c in picks] + [c for c in picks if c not in order]
        parts.append(el("div", *(card(c, "clickable", data_code=picks[c]["code"],
                                      role="button", tabindex="0", title=picks[c]["text"])
                                 for c in ordered), class_="cards pick-cards"))
        return parts
    if phase == "play":
        parts.extend(play_controls(v))
        return parts
    parts.append(el("div", *(button(x["text"], code=x["code"]) for x in legal),
                    class_="actions"))
    return parts


def pepper_controls(v: dict[str, Any]) -> list[Any]:
    """Extra Pepper choices: keep one held event, Angelfish, Water Rodeo SWAP."""
    legal = v["legal"]
    phase = v["phase"]
    parts: list[Any] = []
    rest = [x for x in legal if x["kind"] == "pass"]
    if phase == "keep-event":
        parts.append(el("p", "You hold two events: keep one, the other is discarded.",
                        class_="instruction"))
        choices = []
        for x in legal:
            slug = x["code"].partition(":")[2]
            info = v["event_info"].get(slug) or {"title": slug, "text": ""}
            choices.append(el("div", el("div", el("span", info["title"], class_="event-title"),
                                        el("span", info["text"], class_="event-text"),
                                        class_="event-card"),
                              button(f"Keep {info['title']}", code=x["code"],
                                     cls="btn primary small", title=x["text"]),
                              class_="event-choice"))
        parts.append(el("div", *choices, class_="event-choices"))
        return parts
    if phase == "angelfish":
        parts.append(el("p", "Angelfish: the two discard tops have the same colour. Take one "
                        "of them (click a button), or pass.", class_="instruction"))
        parts.append(el("div", *(button(x["text"], code=x["code"],
                                        cls="btn" if x["kind"] == "pass" else "btn primary")
                                 for x in legal), class_="actions angelfish"))
        return parts
    # Water Rodeo SWAP: one of your cards for one of the looked-at hand
    target = v["swap_target"]
    swaps = [x for x in legal if x["kind"] == "swap"]
    who = v["names"][target] if target is not None else "the opponent"
    sel = ui.selection[-1:] if ui.selection else []
    parts.append(el("p", f"Water Rodeo: you see {who}'s hand. Select one of your cards, then "
                    f"click the card of {who} to take for it; or pass.", class_="instruction"))
    theirs = list(v["known"][target]) if target is not None else []
    offered = {x["cards"][1]: x for x in swaps if sel and x["cards"][0] == sel[0]}
    nodes = []
    for c in theirs:
        x = offered.get(c)
        if x is not None:
            nodes.append(card(c, "clickable", data_code=x["code"], role="button",
                              tabindex="0", title=x["text"]))
        else:
            nodes.append(card(c, "dim" if sel else ""))
    parts.append(el("div", *nodes, class_="cards swap-their-hand"))
    if sel:
        parts.append(button("Clear the selection", action="clear-selection",
                            cls="btn quiet small"))
    parts.append(el("div", *(button(x["text"], code=x["code"]) for x in rest),
                    class_="actions"))
    return parts


def play_controls(v: dict[str, Any]) -> list[Any]:
    """Step 2/3 of your turn: the selected duo's options, announcements, end of turn."""
    legal = v["legal"]
    plays = [x for x in legal if x["kind"] in ("duo", "trio")]
    sel = sorted(ui.selection)
    trios = [x for x in plays if x["kind"] == "trio"]
    parts: list[Any] = []
    if sel:
        options = [x for x in plays if sorted(x["cards"]) == sel]
        larger = [x for x in trios if len(sel) < 3 and set(sel) <= set(x["cards"])]
        if options:
            parts.append(el("p", "Play the selected cards:", class_="instruction"))
            parts.append(el("div", *(button(x["text"], code=x["code"], cls="btn primary")
                                     for x in options), class_="actions duo-options"))
            if larger:
                parts.append(el("p", "Or add a Starfish to make a trio (no effect, +2).",
                                class_="instruction muted"))
        elif larger and len(sel) == 2:
            parts.append(el("p", "Select a third card for the trio.", class_="instruction"))
        elif len(sel) == 1 and not any(x["kind"] == "duo" and sel[0] in x["cards"]
                                       for x in plays):
            parts.append(el("p", "Select the two cards of a duo to go with it.",
                            class_="instruction"))
        elif len(sel) == 1:
            parts.append(el("p", "Select a second card for the duo.", class_="instruction"))
        else:
            parts.append(el("p", "These cards do not make a duo or trio you can play.",
                            class_="instruction warn"))
        parts.append(button("Clear the selection", action="clear-selection",
                            cls="btn quiet small"))
    elif trios:
        parts.append(el("p", "You can play a duo (select its two cards in your hand) or a "
                        "trio (a duo and a Starfish: select all three).", class_="instruction"))
    elif plays:
        parts.append(el("p", "You can play a duo: select its two cards in your hand.",
                        class_="instruction"))
    else:
        parts.append(el("p", "No duo to play. End your turn" + (
            ", or announce the end of the round." if v["can_announce"] else "."),
            class_="instruction"))
    rest = [x for x in legal if x["kind"] not in ("duo", "trio")]
    announce = [x for x in rest if x["hint"]]
    if announce:
        pts = v["points"]["card_points"] if v["points"] else 0
        parts.append(el("p", f"You have {pts} card points: you may end the round.",
                        class_="instruction"))
        parts.append(el("div", *(el("div", button(x["text"], code=x["code"],
                                                  cls=f"btn announce {x['code']}"),
                                     el("span", x["hint"], class_="hint-text"),
                                     class_="announce-row") for x in announce),
                        class_="announcements"))
    others = [x for x in rest if not x["hint"]]
    if others:
        parts.append(el("div", *(button(x["text"], code=x["code"],
                                        cls="btn end" if x["kind"] == "end" else "btn")
                                 for x in others), class_="actions"))
    return parts


def my_area(v: dict[str, Any], s: int) -> list[Any]:
    """The bottom area: the focus seat's name, total, points, cards in front and hand."""
    private = v["seat"] == s
    head = [el("span", v["names"][s], class_="seat-name"),
            el("span", el("b", str(v["scores"][s])), " pts", class_="seat-score",
               title="game total"),
            *seat_status(v, s)]
    out = [el("div", *head, class_="seat-head")]
    if private and v["points"]:
        p = v["points"]
        parts = [("duos", p["duos"]), ("mermaids", p["mermaids"]),
                 ("collectors", p["collectors"]), ("multipliers", p["multipliers"])]
        out.append(el("div", el("span", "Card points ", el("b", str(p["card_points"])),
                                class_="points-total"),
                      *(el("span", f"{label} {value}", class_="points-part")
                        for label, value in parts),
                      el("span", f"colour bonus {p['colour_bonus']}",
                         class_="points-part bonus"), class_="points"))
    out.append(el("div", el("h4", "In front"), front_row(v["front_groups"][s]),
                  class_="my-front"))
    if private and v["reef"] is not None:
        out.append(el("div", el("h4", "Face down (Coral Reef)"), mini_cards([v["reef"]]),
                      class_="my-reef"))
    if private:
        out.append(el("div", el("h4", "Your hand"), my_hand(v), class_="my-hand"))
    else:
        out.append(el("div", el("h4", "Hand (hidden)"), hand_of_other(v, s),
                      class_="my-hand"))
    return out


def my_hand(v: dict[str, Any]) -> Any:
    """Your hand, sorted; in step 2 its cards can be selected for a duo."""
    hand = v["hand"]
    if not hand:
        return el("div", el("span", "no cards yet", class_="empty-note"),
                  class_="cards hand empty")
    plays = [x for x in v["legal"] if x["kind"] in ("duo", "trio")]
    swapping = v["phase"] == "swap"
    if swapping:
        plays = [{**x, "cards": x["cards"][:1]} for x in v["legal"] if x["kind"] == "swap"]
    playable = {c for x in plays for c in x["cards"]}
    sel = ui.selection
    partners: set[int] | None = None
    if sel and not swapping:  # the cards that can still join the selection in some duo or trio
        partners = {c for x in plays if set(sel) <= set(x["cards"]) for c in x["cards"]}
    nodes = []
    for c in hand:
        if plays:
            cls = "clickable"
            if c in sel:
                cls += " selected"
            elif partners is not None and c not in partners:
                cls += " dim"
            elif c in playable:
                cls += " can-play"
            nodes.append(card(c, cls, role="button", tabindex="0",
                              aria_pressed="true" if c in sel else "false"))
        else:
            nodes.append(card(c))
    return el("div", *nodes, class_="cards hand" + (" selecting" if plays else ""))


def draw_log(v: dict[str, Any]) -> None:
    """The game log, appending new lines while the reader stays the same."""
    lines = v["log"]
    key = v["seat"]
    log = byid("log")
    if key != ui.log_key or len(lines) < ui.log_count:
        render(log)
        ui.log_count = 0
        ui.log_key = key
    for line in lines[ui.log_count:]:
        cls = "log-round" if line.startswith("Round ") else None
        log.append(el("li", line, class_=cls) if cls else el("li", line))
    ui.log_count = len(lines)
    log.scrollTop = log.scrollHeight


# ---------------------------------------------------------------------------- end screens


def score_table(result: dict[str, Any], names: list[str]) -> Any:
    """A round's scoring, one row per player (R6, R7)."""
    cols = ["Player", "Cards", "Duos", "Mermaids", "Collectors", "Multipliers",
            "Card points", "Colour bonus", "Round", "Total"]
    head = el("thead", el("tr", *(el("th", c, scope="col") for c in cols)))
    rows = []
    for s, p in enumerate(result["players"]):
        who = [el("span", names[s], class_="seat-name")]
        if s == result["caller"] and result["end"] in ("stop", "last-chance"):
            call = "STOP" if result["end"] == "stop" else "LAST CHANCE"
            if result["end"] == "last-chance":
                call += " ✓ won" if result["bet_won"] else " ✗ lost"
            who.append(el("span", call, class_="badge call"))
        cards = list(p["hand"] or []) + list(p["front"])
        rows.append(el("tr",
                       el("th", *who, scope="row"),
                       el("td", mini_cards(cards) if cards else "–", class_="cards-cell"),
                       *(el("td", str(p[k]), class_="num") for k in
                         ("duos", "mermaids", "collectors", "multipliers", "card_points",
                          "colour_bonus")),
                       el("td", el("b", str(p["round_score"])), class_="num round-score"),
                       el("td", str(p["total"]), class_="num"),
                       data_seat=str(s)))
    return [head, el("tbody", *rows)]


def show_round_over() -> None:
    """The finished round's scoring, until Continue."""
    t = ui.table
    v = t.view(None)
    r = v["last_round"]
    title, detail = api.round_end_text(r, v["names"])
    render("round-kicker", f"Round {r['round']} is over")
    render("round-title", title)
    render("round-sub", detail)
    render("round-table", *score_table(r, v["names"]))
    handout = v["handout"]
    render("round-handout", *([el("h3", "Events"), el("ul", *(el("li", line)
                                                              for line in handout))]
                              if handout else []))
    show("round-handout", bool(handout))
    set_phase("round-over")


def show_game_over() -> None:
    """Winner, final standings, and the last round's scoring when it was scored."""
    t = ui.table
    v = t.view(None)
    out = v["outcome"]
    title, detail = api.outcome_text(out, v["names"])
    render("winner-title", title)
    render("winner-sub", detail)
    order = sorted(range(len(v["names"])), key=lambda s: (-out["scores"][s], s))
    render("standings", *(
        el("li", el("span", v["names"][s], class_="seat-name"),
           el("span", "★ winner", class_="badge win") if s in out["winners"] else None,
           el("span", f"{out['scores'][s]} pts", class_="seat-score"),
           class_="standing" + (" winner" if s in out["winners"] else ""), data_seat=str(s))
        for s in order))
    r = v["last_round"]
    final = byid("final-round")
    if out["termination"] == "target" and r:
        rt, rd = api.round_end_text(r, v["names"])
        render(final, el("h3", f"Last round ({r['round']}): {rt}"), el("p", rd, class_="sub"),
               el("div", el("table", *score_table(r, v["names"]), class_="score-table"),
                  class_="table-scroll"))
    else:
        render(final)
    set_phase("game-over")


# ---------------------------------------------------------------------------- bots


async def bot_loop(token: object) -> None:
    """Let bots play while it is their turn, one short slice per browser task.

    Each move waits for the table's pace first; thinking runs in slices of
    `SLICE_SECONDS` with a yield to the browser between them; the table is
    redrawn in a task of its own after each move (at instant speed, at most every
    `INSTANT_REDRAW_SECONDS` while bots play on). The loop stops as soon as
    ``ui.bot_token`` is no longer ``token`` (new game, setup screen, ...).
    """
    try:
        await warm_up()
        while ui.bot_token is token:
            t = ui.table
            if t is None or t.over or t.round > ui.ack_round or not t.is_bot_turn():
                return
            await asyncio.sleep(api.SPEEDS[t.speed] / 1000)
            if ui.bot_token is not token or not t.is_bot_turn():
                return
            round_before = t.round
            while not t.bot_step(max_seconds=SLICE_SECONDS):
                await asyncio.sleep(YIELD_SECONDS)
                if ui.bot_token is not token:
                    return
            persist()
            await asyncio.sleep(0)
            if ui.bot_token is not token:
                return
            quiet = (t.speed == "instant" and t.is_bot_turn() and t.round == round_before
                     and time.monotonic() - ui.last_draw < INSTANT_REDRAW_SECONDS)
            if not quiet:
                ui.bot_token = None  # update() starts a new loop if bots play on
                update()
                return
    except Exception:
        fail(traceback.format_exc())
        raise
    finally:
        if ui.bot_token is token:
            ui.bot_token = None


# ---------------------------------------------------------------------------- events


def submit(code: str) -> None:
    """Send a clicked action code with the ply it was offered at."""
    t = ui.table
    seat = t.viewer() if t is not None else None
    if t is None or seat is None:
        return
    try:
        t.submit(seat, ui.view_ply, code)
    except (api.IllegalActionError, api.InvalidActionError) as exc:
        ui.message = f"That move is not possible now: {exc}."
    else:
        ui.message = ""
        ui.selection = []
        persist()
    update()


def toggle_card(cid: int) -> None:
    """Select or unselect a hand card for a duo."""
    t = ui.table
    if t is None or t.viewer() is None:
        return
    v = t.view(t.viewer())
    plays = [x for x in v["legal"] if x["kind"] in ("duo", "trio")]
    if v["phase"] == "swap":
        plays = [{**x, "cards": x["cards"][:1]} for x in v["legal"] if x["kind"] == "swap"]
    if not plays or cid not in v["hand"]:
        return
    if cid in ui.selection:
        ui.selection.remove(cid)
    else:
        ui.selection.append(cid)
        limit = max(len(x["cards"]) for x in plays)
        del ui.selection[:-limit]
    update()


def export_game() -> None:
    """Download the game (its save, which holds the record) as a JSON file."""
    t = ui.table
    if t is None:
        return
    blob = window.Blob.new(to_js([t.save()]), to_js({"type": "application/json"},
                                                    dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    link = el("a", href=url, download=f"seasalt-game-{t.record.seed}.json")
    document.body.append(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)


async def import_game(file: Any) -> None:
    """Load a game file chosen on the setup screen."""
    text = await file.text()
    try:
        table = api.Table.load(text)
    except Exception as exc:  # a foreign file is a message, not a crash
        show_notice(f"That file is not a game this page can load ({exc}).")
        return
    start_table(table)


def page_action(name: str, node: Any) -> None:
    """Buttons that drive the page rather than the game (``data-action``)."""
    t = ui.table
    if name == "start":
        start_from_form()
    elif name == "add-seat":
        ui.seat_rows = min(4, ui.seat_rows + 1)
        update_seat_rows()
    elif name == "remove-seat":
        remove_seat(int(node.getAttribute("data-row")))
    elif name == "resume" and ui.saved is not None:
        start_table(ui.saved, ui.saved_ack)
    elif name == "discard-save":
        storage().removeItem(SAVE_KEY)
        storage().removeItem(UI_KEY)
        ui.saved = None
        show("resume", False)
    elif name == "continue" and t is not None:
        ui.ack_round = t.round
        persist()
        update()
    elif name == "handoff-ready" and t is not None:
        ui.shown = ui.handoff
        update()
    elif name == "clear-selection":
        ui.selection = []
        update()
    elif name == "export":
        export_game()
    elif name == "new-game":
        ui.bot_token = None
        if t is not None and not t.over:
            ui.saved, ui.saved_ack = t, ui.ack_round
        ui.table = None
        show_setup()
    elif name == "rematch" and t is not None:
        start_table(t.rematch())


def on_click(event: Any) -> None:
    """One listener for the whole page: action codes, page buttons, hand cards."""
    try:
        target = event.target
        node = target.closest("[data-code]")
        if found(node):
            if not node.matches(":disabled"):
                submit(node.getAttribute("data-code"))
            return
        node = target.closest("[data-action]")
        if found(node):
            event.preventDefault()
            page_action(node.getAttribute("data-action"), node)
            return
        node = target.closest(".my-hand [data-card]")
        if found(node):
            toggle_card(int(node.getAttribute("data-card")))
    except Exception:
        fail(traceback.format_exc())
        raise


def on_key(event: Any) -> None:
    """Enter or Space on a focused card acts like a click."""
    if event.key in ("Enter", " ") and event.target.getAttribute("role") == "button":
        event.preventDefault()
        on_click(event)


def on_change(event: Any) -> None:
    """Form menus: seat kinds (name placeholders), the table's speed, a file to import."""
    try:
        target = event.target
        if target.id == "table-speed" and ui.table is not None:
            ui.table.set_speed(target.value)
            persist()
        elif target.id == "import-file":
            files = target.files
            if files.length:
                asyncio.ensure_future(import_game(files.item(0)))
            target.value = ""
        elif target.hasAttribute("data-row"):
            update_seat_rows()
    except Exception:
        fail(traceback.format_exc())
        raise


def on_submit(event: Any) -> None:
    """The setup form (Enter in a field, or the Start button)."""
    event.preventDefault()
    try:
        start_from_form()
    except Exception:
        fail(traceback.format_exc())
        raise


_PROXIES: list[Any] = []


def listen(node: Any, kind: str, handler: Any) -> None:
    """addEventListener, keeping the proxy alive."""
    proxy = create_proxy(handler)
    _PROXIES.append(proxy)
    node.addEventListener(kind, proxy)


# ---------------------------------------------------------------------------- start


def fail(detail: str) -> None:
    """Show the error section with ``detail`` (e.g. a traceback) as plain text."""
    render("error-detail", detail)
    set_phase("error")


async def warm_up() -> None:
    """Get ready for play in small tasks: load the bots, prepare the cards' elements.

    Runs once, while the player reads the setup screen, or before a linked game's
    first bot move; each step is a browser task of its own.
    """
    if ui.warm:
        return
    ui.warm = True
    await asyncio.sleep(0)
    api.warm_up()
    ids = [c["id"] for c in api.card_catalogue()]
    for i in range(0, len(ids), 8):
        await asyncio.sleep(0)
        for cid in ids[i:i + 8]:
            _card_proto(cid)


def start() -> None:
    """Import the engine, then open the game the URL asks for, or the setup screen."""
    global api
    import seasalt
    from seasalt import web_api

    api = web_api
    version = getattr(seasalt, "__version__", None)
    render("version", f"engine {version}" if version else "")
    build_setup_form()
    listen(document, "click", on_click)
    listen(document, "keydown", on_key)
    listen(document, "change", on_change)
    listen(byid("setup-form"), "submit", on_submit)
    notice = load_saved()
    try:
        settings = api.parse_query(window.location.search)
    except api.SettingsError as exc:
        settings = None
        notice = f"The link asks for a game this page cannot set up: {exc}."
    if settings is not None:
        # the game is saved from now on: a reload offers to continue it instead
        window.history.replaceState(None, "", window.location.pathname)
        start_table(api.Table.new(settings))
    else:
        show_setup(notice)
    if settings is None:
        asyncio.ensure_future(warm_up())


try:
    start()
except Exception:
    fail(traceback.format_exc())
    raise  # PyScript reports it on the console too, where the browser tests look.
