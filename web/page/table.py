"""The table in play: header, opponents (`seats`), piles, the focus seat's area and the log.

Everything drawn comes from the payload ``v`` (``Table.view``, the presenter's
``seasalt.ssp.present.page_payload``): its words (``texts``, ``header``, ``seats``,
``points_panel``, ``colour_panel``), the piles' action codes (``pile_actions``) and
the hand's selection (``hand_select``), both worded for the page's selection. Nothing
here asks the presenter.
"""

from __future__ import annotations

from typing import Any

from pyscript import window

from . import later
from .cards import card, card_back, colour_mark, front_row, mini_cards
from .dom import byid, el, listen, render, show
from .fit import fit_names
from .hand import arranged, new_cards
from .keys import mark, refresh_undo
from .prefs import card_tip_due
from .prompt import draw_prompt
from .seats import hand_of_other, seat_panel, seat_score, seat_status
from .state import ui


def draw_table(v: dict[str, Any], focus: int | None) -> None:
    """Draw every part of the table from the view ``v``; ``focus`` sits at the bottom."""
    names = v["names"]
    n = len(names)
    render("round-info", " · ".join(v["header"]))
    msg = byid("table-message")
    render(msg, ui.message)
    msg.hidden = not ui.message
    others = [s for s in range(n) if s != focus]
    render("opponents", *(seat_panel(v, s) for s in others))
    byid("opponents").setAttribute("data-count", str(len(others)))
    render("piles", *pile_buttons(v), event_card(v))
    draw_prompt(v)
    later.coach_corner(v)  # the Suggest button under the prompt, with the coach on
    refresh_undo(v)  # the toolbar's Undo (H3)
    if focus is None:
        render("me")
        show("me", False)
    else:
        show("me", True)
        render("me", *my_area(v, focus))
    draw_log(v)
    fit_later()


_FIT: list[Any] = []


def fit_later() -> None:
    """Fit the card names (`fit_names`) at the next frame, once the table is shown and
    laid out (it is drawn before its phase shows); and again whenever the window
    changes size (a phone turned)."""
    from pyodide.ffi import create_proxy
    from pyscript import window

    if not _FIT:
        _FIT.append(create_proxy(lambda *_args: fit_names(byid("playing"))))
        listen(window, "resize", lambda _event: fit_names(byid("playing")))
        listen(byid("log-panel"), "toggle", _log_opened)
    window.requestAnimationFrame(_FIT[0])


def _log_opened(event: Any) -> None:
    """The log drawer opened (small screens): show its last lines (while it was hidden,
    scrolling it did nothing)."""
    if getattr(event, "newState", "") == "open":
        region = byid("log-region")
        region.scrollTop = region.scrollHeight


def event_card(v: dict[str, Any]) -> Any:
    """Extra Pepper: the round's table event, its title and rule (None without it)."""
    slug = v["table_event"]
    if not slug:
        return None
    info = v["event_info"][slug]
    return el("div", el("span", v["texts"]["table-event"], class_="event-kicker"),
              el("span", info["title"], class_="event-title"),
              el("span", info["text"], class_="event-text"),
              el("span", info["goes_to_text"], class_="event-goes"),
              class_="event-card", id="table-event", data_event=slug)


def pile_buttons(v: dict[str, Any]) -> list[Any]:
    """The draw pile and the discard piles; each is a button when it is an action."""
    out = []
    empty = v["texts"]["empty"]
    # in the keep step, the selected drawn card is kept: the piles take the other (H2)
    for p in v["pile_actions"]:
        i = p["pile"]
        # what is seen is said in the same order by the label (``p["label"]``): an empty
        # draw pile shows its count, an empty discard pile the word "empty"
        if i == 0:
            size = v["draw_size"]
            face = el("div", *([card_back() for _ in range(min(3, size))] if size else
                               [el("div", class_="slot")]), class_="stack")
        else:
            top = v["piles"][i - 1]["top"]
            face = el("div", card(top) if top is not None else el("div", empty, class_="slot"),
                      class_="stack")
        out.append(mark(pile_button(face, p["name"], p["count"], p,
                                    "draw" if i == 0 else str(i)), p.get("key")))
    return out


def pile_button(face: Any, title: str, count: str | None, action: dict[str, Any],
                pile: str) -> Any:
    """One pile: its name, its top (or backs) and size, said in that order (the
    stylesheet shows the face first); clickable when it is an action."""
    legal = action["code"] is not None
    hint = action.get("hint")  # the keep step: "Discard Boat here" (H2)
    node = el("button", el("span", title, class_="pile-name"), " ", face,
              " " if count else None,
              el("span", count, class_="pile-count") if count else None,
              " " if hint else None, el("span", hint, class_="pile-hint") if hint else None,
              type="button",
              class_="pile" + (" legal" if legal else ""), data_pile=pile)
    # named by what it shows: name, top card (its spoken name), size; an aria-label
    # (``action["label"]``) would hide the top card's hint a speech user sees
    if legal:
        node.setAttribute("data-code", action["code"])
        node.setAttribute("title", action["title"])
    else:
        node.disabled = True
    return node


def my_area(v: dict[str, Any], s: int) -> list[Any]:
    """The bottom area: the focus seat's name, total, points, cards in front and hand."""
    private = v["seat"] == s
    head = [el("span", v["names"][s], class_="seat-name"), seat_score(v, s),
            *seat_status(v, s)]
    out = [el("div", *head, class_="seat-head")]
    colours = colour_panel(v) if private else None
    # small screens fold the colour panel: this button (beside the points) opens it
    toggle = el("button", colours.getAttribute("data-title"), type="button",
                class_="btn quiet small colours-toggle",
                popovertarget="colour-panel") if colours is not None else None
    panel = v["points_panel"] if private else None
    if panel:
        parts = panel["parts"]
        out.append(el("div", el("span", panel["label"], " ", el("b", str(panel["total"])),
                                class_="points-total"),
                      *(el("span", p["text"], class_="points-part" + (
                          " bonus" if p["key"] == "colour_bonus" else "")) for p in parts),
                      toggle, class_="points"))
    elif toggle is not None:
        out.append(el("div", toggle, class_="points"))
    texts = v["texts"]
    out.append(el("div", el("h4", texts["in-front"]), front_row(v["groups"][s], texts["no-duo"]),
                  class_="my-front"))
    if private and v["reef"] is not None:
        out.append(el("div", el("h4", texts["face-down"]), mini_cards([v["reef"]]),
                      class_="my-reef"))
    if private:
        out.append(el("div", el("h4", texts["your-hand"]), my_hand(v), card_tip(v),
                      class_="my-hand", data_zone="hand"))
        out.append(colours)
    else:
        out.append(el("div", el("h4", texts["hand-hidden"]), hand_of_other(v, s),
                      class_="my-hand", data_zone="hand"))
    return out


def my_hand(v: dict[str, Any]) -> Any:
    """Your hand, sorted; when a play needs them, its cards can be selected (the
    payload's ``hand_select``, worded for the page's selection)."""
    hand = v["hand"]
    if not hand:
        return el("div", el("span", v["texts"]["no-cards"], class_="empty-note"),
                  class_="cards hand empty")
    info = v["hand_select"]
    by_card = {c["card"]: c for c in info["cards"]}
    nodes = []
    new = new_cards(v)  # highlighted until the next decision (H3)
    for c in arranged(v):  # by kind or by colour, as chosen (H3)
        if info["selectable"]:
            entry = by_card[c]
            cls = "clickable" + (f" {entry['state']}" if entry["state"] else "")
            nodes.append(card(c, cls, description=entry["description"], role="button",
                              tabindex="0",
                              aria_pressed="true" if entry["selected"] else "false"))
        else:
            nodes.append(card(c))
    for node in nodes:
        if int(node.getAttribute("data-card")) in new:
            node.classList.add("new-card")
    node = el("div", *nodes,
              class_="cards hand" + (" selecting" if info["selectable"] else ""))
    node.style.setProperty("--n", str(len(hand)))  # the stylesheet sizes cards by count
    return node


def card_tip(v: dict[str, Any]) -> Any:
    """The one-time tip in the empty hand of a round's start (the first screen of a
    first game; it comes back at a round's start until learnt, and leaves a held hand
    its room): how to read a card's rule, in the words of the device's pointer (a touch
    screen, `touch_screen`: a long press and a tap, ``card-tip-touch``; a mouse: a
    right-click and a click, ``card-tip``), on the host's device as on a friend's
    phone, with a button that dismisses it (``data-action="card-tip"``); None once
    learnt (`prefs.card_tip_due`)."""
    if v["hand"] or not card_tip_due():
        return None
    texts = v["texts"]
    tip = texts["card-tip-touch" if touch_screen() else "card-tip"]
    return el("p", el("span", tip), " ",
              el("button", texts["got-it"], type="button", class_="btn quiet small",
                 data_action="card-tip"), class_="card-tip", id="card-tip")


def touch_screen() -> bool:
    """Whether the device's main pointer is a finger (CSS ``pointer: coarse``, as the
    stylesheets' 44 px targets): a phone or a tablet, which has no right-click."""
    return bool(window.matchMedia("(pointer: coarse)").matches)


def colour_panel(v: dict[str, Any]) -> Any:
    """How many cards of each colour the seat holds (hand and front): what Mermaids and
    the colour bonus count (the payload's ``colour_panel``)."""
    panel = v["colour_panel"]
    items = [el("li", colour_mark(c["colour"], c["name"]),
                el("b", str(c["count"]), class_="colour-count"), data_colour=c["colour"],
                **({"aria_label": c["label"]} if c.get("label") else {}))
             for c in panel["colours"]]
    # a popover: small screens open it from the seat's head; wide ones show it in place
    return el("section", el("h4", panel["title"], id="colour-panel-title"),
              el("p", panel["note"], class_="colour-note"),
              el("ul", *items, class_="colour-counts") if items else None,
              class_="colour-panel", aria_labelledby="colour-panel-title",
              id="colour-panel", popover="auto", data_title=panel["title"])


def draw_log(v: dict[str, Any]) -> None:
    """The game log (a polite live region), appending new lines while the reader
    stays the same; a new reader or language rebuilds it quietly (``aria-busy``). The
    payload words the log's last lines only (``log_lines``, of ``log``'s events): lines
    beyond them leave the top of the list."""
    lines = v["log_lines"]
    total = max(len(v.get("log") or ()), len(lines))
    first = total - len(lines)  # the log's index of lines[0]
    key = v["seat"]
    log = byid("log")
    region = byid("log-region")
    rebuilt = key != ui.log_key or total < ui.log_count
    if rebuilt:
        region.setAttribute("aria-busy", "true")
        render(log)
        ui.log_count = first
        ui.log_key = key
    for line in lines[max(0, ui.log_count - first):]:
        if line["round"]:
            log.append(el("li", line["text"], class_="log-round"))
        else:
            log.append(el("li", line["text"]))
    ui.log_count = total
    for _extra in range(int(log.childElementCount) - len(lines)):
        log.firstElementChild.remove()
    region.scrollTop = region.scrollHeight
    if rebuilt:
        region.setAttribute("aria-busy", "false")
