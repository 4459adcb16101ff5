"""The replay screen: a finished or exported game, stepped through on the normal table.

A Fruits de mer game (``seasalt.web.fdm_replay``) steps a round at a time on its own
board (``fdm_table.draw`` on the spectator's read-only payload: each round's reveal
played again as the game revealed it); the bar is the same, with no mark.

Opened from the game-over screen (the game in memory), from the saved games' list (a
finished game: `open_saved`) or from the setup screen (a game file: a page save or a
plain record, ``seasalt.web.replay.open_replay``). The
table is `table.draw_table` on a read-only payload (``ReplayTable.payload``: no legal
action), in the ``replay`` phase; the bar over it (``#replay-bar``) holds the stepping
buttons, a slider over the plies, the round and seat menus and the next-mark button;
the centre panel says the move shown and the coach's mark on it; the log highlights
the move's lines. ← → Home End step (never while typing or with a modifier); the
game's own shortcuts do nothing here. Close goes back where the replay was opened.
"""

from __future__ import annotations

from typing import Any

from pyscript import document

from seasalt.web import replay as replay_api
from seasalt.web.games import FDM

from . import flow, focus, keys, setup, store
from .dom import byid, el, found, listen, render, set_phase, show
from .state import ui
from .table import draw_table

#: The replay on screen: ``table`` (a ``ReplayTable``), ``ply``, ``mode``, ``back``
#: (the phase to return to) and ``built`` (the language the bar was built in).
state: dict[str, Any] = {"table": None, "ply": 0, "mode": "", "back": "setup", "built": ""}
#: Keys that step, and the button each presses.
KEYS: dict[str, str] = {"ArrowLeft": "replay-back", "ArrowRight": "replay-forward",
                        "Home": "replay-start", "End": "replay-end"}


def active() -> bool:
    """Whether the replay is on screen."""
    return state["table"] is not None and str(
        document.body.getAttribute("data-phase")) == "replay"


def open_replay(rt: Any, back: str) -> None:
    """Show the replay ``rt`` (a ``ReplayTable``) from its first ply; Close returns to
    ``back`` (``game-over`` or ``setup``)."""
    state.update(table=rt, ply=0, mode=rt.default_mode(), back=back, built="")
    ui.log_key = None  # the log is rebuilt for the replay, and again after it
    draw()
    first = document.querySelector('#replay-bar [data-action="replay-forward"]')
    if found(first):
        first.focus()


def replay_of(table: Any) -> Any:
    """The replay of ``table`` (a ``seasalt.web.table.Table``): Sea Salt & Paper's
    ``ReplayTable``, move by move, or Fruits de mer's ``FdmReplayTable``, round by
    round (its reveals)."""
    if table.game == FDM:
        from seasalt.web.fdm_replay import FdmReplayTable

        return FdmReplayTable.of_table(table)
    return replay_api.ReplayTable.of_table(table)


def open_current() -> None:
    """The game just finished (``ui.table``), from the game-over screen."""
    if ui.table is not None and not getattr(ui.table, "remote_guest", False):
        open_replay(replay_of(ui.table), "game-over")  # (a friend's device has no record)


def open_saved(game_id: str) -> None:
    """A finished game of the saved list, read again from localStorage (``game_id``: its
    key in the list); Close goes back to the setup screen. A save gone or unreadable
    since the list was drawn redraws the list, which says so."""
    table, _entry = store.open_save(game_id)  # replayed now, not at start-up
    if table is None:
        setup.show_setup()
        return
    open_replay(replay_of(table), "setup")


async def open_file(file: Any) -> str:
    """A game file chosen on the setup screen. Returns '' when it opened, else the
    presenter's sentence saying why not (nothing saved is touched)."""
    text = await file.text()
    try:
        rt = replay_api.open_replay(str(text))
    except replay_api.InvalidRecordError as exc:
        return str(exc)
    open_replay(rt, "setup")
    return ""


def close() -> None:
    """Leave the replay for the screen it was opened from."""
    back = state["back"]
    state["table"] = None
    ui.log_key = None
    show("replay-bar", False)
    byid("playing").removeAttribute("data-game")
    for node in document.querySelectorAll("#log .log-current"):
        node.classList.remove("log-current")
    if back == "game-over" and ui.table is not None:
        flow.update()
    else:
        setup.show_setup()


def go(ply: int) -> None:
    """Show ``ply`` (clamped to the record)."""
    rt = state["table"]
    state["ply"] = max(0, min(rt.plies, int(ply)))
    draw()


def action(name: str, node: Any = None) -> None:
    """A replay button (``data-action``)."""
    rt, ply = state["table"], state["ply"]
    if rt is None:
        return
    if name == "replay-close":
        close()
        return
    moves = {"replay-start": 0, "replay-back": ply - 1, "replay-forward": ply + 1,
             "replay-end": rt.plies}
    if name in moves:
        go(moves[name])
    elif name == "replay-next-mark":
        step = rt.next_mark(ply, state["mode"])
        if step is not None:
            go(step)


def on_key(event: Any) -> bool:
    """← → Home End step the replay (not while typing, with a modifier or a dialog
    open). Returns whether the key was the replay's (every other key but ``?`` and
    Escape is swallowed: the game's shortcuts do not act here)."""
    if (event.ctrlKey or event.altKey or event.metaKey or keys.typing(event.target)
            or focus.dialog_open()):
        return event.key not in ("?", "Escape")
    name = KEYS.get(str(event.key))
    if name is None:
        return event.key not in ("?", "Escape")
    event.preventDefault()
    action(name)
    return True


def _on_slider(event: Any) -> None:
    go(int(event.target.value))


def _on_round(event: Any) -> None:
    value = str(event.target.value)
    if value.isdigit():
        go(int(value))


def _on_mode(event: Any) -> None:
    state["mode"] = str(event.target.value)
    draw()


def build_bar(r: dict[str, Any]) -> None:
    """Make the bar's controls (once per replay and language; `refresh_bar` updates
    them at each step)."""
    t = r["texts"]
    steps = [el("button", b["icon"], type="button", class_="btn quiet replay-step",
                data_action=b["action"], aria_label=b["label"], title=b["label"],
                aria_keyshortcuts=b["key"]) for b in r["buttons"]]
    slider = el("input", type="range", id="replay-slider", min="0", max=str(r["plies"]),
                step="1", value="0", aria_label=t["slider"], class_="replay-slider")
    rounds = el("select", *(el("option", x["label"], value=str(x["ply"]))
                            for x in r["rounds"]), id="replay-round")
    modes = el("select", *(el("option", m["label"], value=m["value"], title=m["title"])
                           for m in r["modes"]), id="replay-mode", aria_label=t["seat"])
    bar = render("replay-bar",
                 el("div", el("h2", t["title"], class_="replay-title"), *steps,
                    el("button", t["close"], type="button", class_="btn quiet replay-close",
                       data_action="replay-close"), class_="replay-row"),
                 el("div", slider, class_="replay-row replay-slide"),
                 el("div", el("label", el("span", t["round"], class_="vh"), rounds,
                              class_="replay-menu"),
                    el("label", el("span", t["view"], class_="replay-menu-label"), modes,
                       class_="replay-menu replay-view"),
                    el("button", t["next-mark"], type="button", id="replay-next-mark",
                       class_="btn quiet replay-next", data_action="replay-next-mark"),
                    class_="replay-row"))
    bar.setAttribute("aria-label", t["controls"])
    listen(slider, "input", _on_slider)
    listen(rounds, "change", _on_round)
    listen(modes, "change", _on_mode)


def refresh_bar(r: dict[str, Any]) -> None:
    """Set the bar's controls to the ply shown."""
    ply, plies = r["ply"], r["plies"]
    for name, off in (("replay-start", ply == 0), ("replay-back", ply == 0),
                      ("replay-forward", ply == plies), ("replay-end", ply == plies)):
        document.querySelector(f'#replay-bar [data-action="{name}"]').disabled = off
    byid("replay-slider").value = str(ply)
    byid("replay-slider").setAttribute("aria-valuetext", r["position"])
    current = [x["ply"] for x in r["rounds"] if x["ply"] <= ply]
    byid("replay-round").value = str(current[-1] if current else 0)
    byid("replay-mode").value = r["mode"]
    nxt = byid("replay-next-mark")
    by_round = bool(r.get("by_round"))  # Fruits de mer: no coach's mark, one view
    nxt.hidden = by_round
    document.querySelector("#replay-bar .replay-view").hidden = by_round
    nxt.disabled = r["next_mark"] is None
    nxt.title = "" if any(m["kind"] == "review" for m in r["marks"]) else r["texts"][
        "no-marks"]


def mark_badge(m: dict[str, Any]) -> Any:
    """A coach's mark beside a move: its symbol, named for a screen reader."""
    return el("span", m["symbol"], class_=f"mark-symbol mark-{m['grade'] or m['kind']}",
              title=m["text"], aria_label=m["text"], role="img")


def move_panel(r: dict[str, Any]) -> list[Any]:
    """The centre panel: the move that led here and the coach's mark on it."""
    m = r["mark"]
    out = [el("p", r["position"], class_="replay-position", id="replay-position",
              aria_live="polite"),
           el("p", r["move"] or r["texts"]["deal"], class_="replay-move", id="replay-move")]
    if r["begins"]:  # a round's first ply, its last move marked: both are said
        out.append(el("p", r["begins"], class_="replay-position"))
    if m is not None:
        parts: list[Any] = [mark_badge(m), " ", el("b", m["title"])]
        for key in ("better", "loss"):
            if m[key]:
                parts += [" · ", el("span", m[key], class_=f"mark-{key}")]
        if r["asked"] is not None:  # a suggestion was asked too: the flag after
            parts += [" · ", mark_badge(r["asked"]), " ", el("span", r["asked"]["title"])]
        out.append(el("p", *parts, class_="replay-mark", id="replay-mark"))
    return out


def draw() -> None:
    """Draw the ply shown: the table (read-only), the bar, the move, the log's marks."""
    rt = state["table"]
    v = rt.payload(state["ply"], state["mode"])
    r = v["replay"]
    state["mode"] = r["mode"]
    if state["built"] != (lang := str(document.documentElement.lang)) or not found(
            byid("replay-slider")):
        build_bar(r)
        state["built"] = lang
    ui.message = ""
    if v["game"] == FDM:  # its board, read-only: each round's reveal as it was played
        from . import fdm_table

        document.body.setAttribute("data-game", FDM)
        fdm_table.draw(v, None)
    else:
        document.body.setAttribute("data-game", "sea-salt-and-paper")
        byid("playing").removeAttribute("data-game")
        draw_table(v, r["seat"])
        render("prompt", *move_panel(r))
    refresh_bar(r)
    show("replay-bar", True)
    lines = document.querySelectorAll("#log li")
    for i in range(lines.length):
        li = lines.item(i)
        li.classList.toggle("log-current", i >= r["current"])
        for old in li.querySelectorAll(".mark-symbol"):
            old.remove()
    for m in r["marks"]:
        if m["line"] is not None and m["line"] < lines.length:
            lines.item(m["line"]).prepend(mark_badge(m), " ")
    set_phase("replay")
