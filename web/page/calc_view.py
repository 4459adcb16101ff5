"""The score calculator's screens, drawn from ``CalcSession.payload`` (no word or rule of
their own): the tabs (the table, one per player, the scores), the winner once the game
is over, then the screen chosen.

Every control that changes the table carries its code as ``data-calc`` (a field or a
menu sends its value with it); a tab carries ``data-calc-screen``, the hand / front
switch ``data-calc-zone``. A picker button whose card has no copy left is
``aria-disabled`` but still answers a tap, with the calculator's sentence saying why.
"""

from __future__ import annotations

from typing import Any

from pyscript import document

from .cards import card, front_row
from .dom import el, found, render, show
from .ends import rounds_table, row_blocks


def _button(text: Any, code: str, cls: str = "btn quiet", **attrs: str) -> Any:
    return el("button", text, type="button", class_=cls, data_calc=code, **attrs)


def tabs(p: dict[str, Any]) -> Any:
    """The screens, as a row of buttons (the one shown is ``aria-current``)."""
    buttons = []
    for t in p["tabs"]:
        attrs = {"aria_current": "true"} if t["screen"] == p["screen"] else {}
        if t.get("title"):
            attrs["title"] = t["title"]
        buttons.append(el("button", el("span", t["label"], class_="calc-tab-name"),
                          el("span", t["sub"], class_="calc-tab-sub") if t["sub"] else None,
                          type="button", class_="calc-tab", data_calc_screen=t["screen"],
                          **attrs))
    return el("div", *buttons, class_="calc-tab-row", data_count=str(len(buttons)))


def draw_tabs(p: dict[str, Any]) -> None:
    """Draw the tabs into ``#calc-tabs``. When the same screens are there already, their
    words and ``aria-current`` change in place: a name typed then a tap on a tab changes
    the tabs between the press and its click (the field's change event comes first),
    and a button drawn anew under the finger would lose that click (issue 39)."""
    box = document.getElementById("calc-tabs")
    row: Any = box.querySelector(".calc-tab-row") if found(box) else None
    old = list(row.querySelectorAll("[data-calc-screen]")) if found(row) else []
    if [(str(b.getAttribute("data-calc-screen")), found(b.querySelector(".calc-tab-sub")))
            for b in old] != [(t["screen"], bool(t["sub"])) for t in p["tabs"]]:
        render("calc-tabs", tabs(p))
        return
    for b, t in zip(old, p["tabs"], strict=True):  # the words only: the nodes stay
        b.querySelector(".calc-tab-name").textContent = t["label"]
        if t.get("title"):
            b.setAttribute("title", t["title"])
        if t["sub"]:
            b.querySelector(".calc-tab-sub").textContent = t["sub"]
        if t["screen"] == p["screen"]:
            b.setAttribute("aria-current", "true")
        else:
            b.removeAttribute("aria-current")


def outcome(p: dict[str, Any]) -> list[Any]:
    """The game's end, as the game-over screen says it: winner, why, tie-break,
    standings."""
    o = p["outcome"]
    if o is None:
        return []
    return [el("h3", o["title"], class_="calc-winner", id="calc-winner"),
            el("p", o["detail"], class_="sub"),
            el("p", o["tie_break"], class_="sub tie-break") if o["tie_break"] else None,
            el("ol", *(el("li", el("span", x["name"], class_="seat-name"),
                          el("span", x["badge"], class_="badge win") if x["winner"] else None,
                          el("span", x["score_text"], class_="seat-score"),
                          class_="standing" + (" winner" if x["winner"] else ""))
                       for x in o["standings"]), class_="standings")]


def table_screen(p: dict[str, Any]) -> list[Any]:
    """Players (how many, their names), the target, the expansions, a new game."""
    t, words = p["table"], p["texts"]
    fixed = {"disabled": ""} if t["fixed"] else {}
    counts = el("div", *(_button(str(c["value"]), c["code"], "btn calc-count",
                                 aria_pressed="true" if c["on"] else "false", **fixed)
                         for c in t["counts"]), class_="calc-counts", role="group",
                aria_labelledby="calc-players-title")
    names = [el("label", el("span", n["label"], class_="vh"),
                el("input", value=n["value"], placeholder=n["placeholder"], maxlength="24",
                   data_calc=n["code"], class_="calc-name", autocomplete="off",
                   enterkeyhint="next"), class_="calc-name-row")
             for n in t["names"]]
    targets = [el("label", el("input", type="radio", name="calc-target", data_calc=x["code"],
                              **({"checked": ""} if x["on"] else {}), **fixed),
                  el("span", x["label"]), " ", el("span", f"({x['points']})", class_="muted"),
                  class_="radio") for x in t["targets"]]
    options = [el("label", el("input", type="checkbox", data_calc=o["code"],
                              **({"checked": ""} if o["on"] else {}), **fixed),
                  el("span", o["label"]), class_="check") for o in t["options"]]
    return [el("p", words["intro"], class_="calc-intro"),
            el("h3", words["players"], id="calc-players-title"), counts, *names,
            el("fieldset", el("legend", words["target"]), *targets, class_="calc-field"),
            el("fieldset", el("legend", words["options"]), *options, class_="calc-field"),
            el("div", _button(words["new-game"], "new-game", "btn quiet",
                              aria_describedby="calc-new-hint"),
               el("p", words["new-game-hint"], class_="muted", id="calc-new-hint"),
               class_="calc-actions")]


def pick_button(entry: dict[str, Any], code: str) -> Any:
    """A card of the picker: the card itself and the copies left (``×2``)."""
    cls = "calc-pick" + (" calc-out" if not entry["left"] else "")
    # named by its card (as it reads); the copies left are its description
    node = el("button", card(entry["card"]),
              el("span", f"×{entry['left']}", class_="calc-left", aria_hidden="true"),
              type="button", class_=cls, data_calc=code, aria_description=entry["left_text"])
    if not entry["left"]:
        node.setAttribute("aria-disabled", "true")
    return node


def picker(s: dict[str, Any], zone: str) -> list[Any]:
    """The card list: each group's title, then one row per card type (its name) with a
    button per colour."""
    out = []
    for g in s["picker"]:
        rows = []
        for k in g["kinds"]:  # the cards show their type: the group names it for a reader
            if zone == "front" and not k["front"]:
                continue  # only duo cards (and the Starfish) are ever played in front
            rows.append(el("div", *(pick_button(e, e["codes"][zone])
                                    for e in k["colours"]),
                           class_="calc-kind", data_kind=k["kind"], role="group",
                           aria_label=k["name"]))
        if rows:
            out.append(el("section", el("h4", g["title"]), el("div", *rows,
                                                                class_="calc-kinds"),
                          class_="calc-group"))
    return out


def _mine(s: dict[str, Any], cid: int) -> Any:
    """One of the player's cards: a tap takes it back (the card names the button)."""
    return el("button", card(cid), type="button", class_="calc-mine-card",
              data_calc=s["remove"][str(cid)], aria_description=s["remove_text"])


def select(code: str, value: str, choices: list[dict[str, str]], label: str,
           class_: str = "") -> Any:
    """A labelled menu that sends ``code`` with its value."""
    menu = el("select", *(el("option", c["label"], value=c["value"]) for c in choices),
              data_calc=code)
    menu.value = value
    return el("label", el("span", label, class_="calc-label"), menu,
              class_=f"calc-select {class_}".strip())


def seat_screen(p: dict[str, Any], zone: str) -> list[Any]:
    """One player: their figures, their cards (a tap takes one back), undo and clear,
    the hand / front switch and the picker, then how their cards score."""
    s, words = p["seat"], p["texts"]
    hand = (el("div", *(_mine(s, c) for c in s["hand"]), class_="cards calc-hand")
            if s["hand"] else el("p", words["no-hand"], class_="empty-note"))
    hint = el("p", words["remove-hint"], class_="muted") if s["hand"] or s["front"] else None
    groups = [el("div", *(_mine(s, c) for c in g),
                 class_="duo" + (" trio" if len(g) > 2 else "") + (
                     " open" if len(g) == 1 else "")) for g in s["front"]]
    front = el("div", *groups, class_="front") if groups else front_row([], words["no-front"])
    zones = el("div", el("span", words["zone"], class_="calc-label", id="calc-zone-label"),
               *(el("button", z["label"], type="button", class_="btn calc-zone",
                    data_calc_zone=z["value"],
                    aria_pressed="true" if z["value"] == zone else "false")
                 for z in s["zones"]), class_="calc-zones", role="group",
               aria_labelledby="calc-zone-label")
    tools = el("div", _button(words["undo"], s["undo"]["code"], "btn calc-undo",
                              data_key="u", aria_keyshortcuts="U",
                              **({} if s["undo"]["enabled"] else {"disabled": ""})),
               _button(words["clear-player"], s["clear"]["code"],
                       **({} if s["clear"]["enabled"] else {"disabled": ""})),
               class_="calc-tools")
    held = s["held"]
    side = el("div", el("div", el("h3", s["name"], id="calc-seat-title"),
                        el("p", s["summary"], class_="calc-summary", id="calc-summary"),
                        class_="calc-seat-head"),
              select(held["code"], held["value"], held["choices"], words["held"],
                     class_="calc-held") if held else None,
              el("section", el("h4", words["hand"]), hand, el("h4", words["front"]), front,
                 hint, class_="calc-mine",
                 aria_labelledby="calc-seat-title"),
              tools, el("div", *row_blocks([s["block"]]),
                        class_="score-blocks calc-block"),
              class_="calc-side")
    main = el("div", zones,
              el("p", words["front-hint"], class_="muted calc-front-hint")
              if zone == "front" else None,
              el("div", *picker(s, zone), class_="calc-picker", aria_label=words["picker"],
                 role="group"),
              class_="calc-main")
    return [el("div", side, main, class_="calc-seat")]


def scores_screen(p: dict[str, Any]) -> list[Any]:
    """How the round ended (and its event), every player's scoring, the buttons that
    score or clear it, then the rounds so far."""
    sc, words = p["scores"], p["texts"]
    out: list[Any] = [el("h3", sc["title"], id="calc-scores-title")]
    if sc["current"]:
        ev = sc["event"]
        if ev:
            out.append(select(ev["code"], ev["value"], ev["choices"], words["event"]))
        ends = [_button(e["label"], e["code"], "btn calc-end " + e["value"],
                        aria_pressed="true" if e["on"] else "false") for e in sc["ends"]]
        caller = sc["caller"]
        out.append(el("fieldset", el("legend", words["end"]),
                      el("div", *ends, class_="calc-ends"),
                      select(caller["code"], caller["value"], caller["choices"],
                             words["caller"]), class_="calc-field"))
    for key in ("headline", "detail", "bet"):
        if sc[key]:
            out.append(el("p", sc[key], class_=f"calc-{key}"))
    if sc["warnings"]:
        out.append(el("ul", *(el("li", w) for w in sc["warnings"]), class_="calc-warnings"))
    out.append(el("div", *row_blocks(sc["rows"]), class_="score-blocks"))
    actions = []
    if sc["current"]:
        score = sc["score"]
        actions.append(_button(score["label"], score["code"], "btn primary big calc-score",
                               **({} if score["enabled"] else {"disabled": ""})))
        if sc["clear_round"]["enabled"]:
            actions.append(_button(words["clear-round"], sc["clear_round"]["code"]))
    if p["reopen"] and sc["current"]:
        actions.append(_button(p["reopen"]["label"], p["reopen"]["code"]))
    out.append(el("div", *actions, class_="calc-actions"))
    if sc["rounds"]:
        out.append(rounds_table(sc["rounds"], words["totals"]))
    return out


def draw(p: dict[str, Any], zone: str, notice: str, body: bool = True) -> None:
    """Draw the payload ``p`` (``zone``: where the picker adds cards; ``notice``: the
    last refusal, or ''); without ``body``, only what is above the screen (a name
    typed: its field keeps the focus, the next one stays as it is)."""
    render("calc-round", p["round_line"])
    render("calc-totals", p["totals_line"])
    show("calc-totals", bool(p["totals_line"]))
    draw_tabs(p)
    render("calc-notice", notice)
    show("calc-notice", bool(notice))
    over = outcome(p)
    if over:
        back = p["reopen"]
        over.append(el("div", _button(back["label"], back["code"]) if back else None,
                       _button(p["texts"]["new-game"], "new-game", "btn primary"),
                       class_="calc-actions"))
    render("calc-outcome", *over)
    show("calc-outcome", bool(over))
    if not body:
        return
    screen = p["screen"]
    if screen == "table":
        nodes = table_screen(p)
    elif screen == "scores":
        nodes = scores_screen(p)
    else:
        nodes = seat_screen(p, zone)
    render("calc-body", *nodes)
