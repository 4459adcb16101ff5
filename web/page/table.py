"""The table in play: header, opponents, piles, the focus seat's area and the log."""

from __future__ import annotations

from typing import Any

from seasalt import web_api as api

from .cards import card, card_back, front_row, mini_cards
from .dom import byid, el, render, show
from .prompt import prompt_parts
from .store import ui


def kind_label(kind: str) -> str:
    """``Hard bot`` or ``Human``."""
    return "Human" if kind == api.HUMAN else f"{kind.capitalize()} bot"


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
