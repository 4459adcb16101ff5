"""The round-over and game-over screens."""

from __future__ import annotations

from typing import Any

from seasalt import web_api as api

from .cards import mini_cards
from .dom import byid, el, render, set_phase, show
from .store import ui


def score_table(result: dict[str, Any], names: list[str]) -> Any:
    """A round's scoring, one row per player (R6, R7), from ``api.round_result``."""
    r = api.round_result(result, names)
    cols = [api.message("player-column"), api.message("cards-column"),
            *(c["label"] for c in r["columns"])]
    head = el("thead", el("tr", *(el("th", c, scope="col") for c in cols)))
    keys = [c["key"] for c in r["columns"]]
    rows = []
    for row in r["rows"]:
        who = [el("span", names[row["seat"]], class_="seat-name")]
        if row["badge"]:
            who.append(el("span", row["badge"], class_="badge call"))
        cards = row["cards"]
        values = row["values"]
        cells = []
        for k in keys:
            if k == "round_score":
                cells.append(el("td", el("b", str(values[k])), class_="num round-score"))
            else:
                cells.append(el("td", str(values[k]), class_="num"))
        rows.append(el("tr", el("th", *who, scope="row"),
                       el("td", mini_cards(cards) if cards else "–", class_="cards-cell"),
                       *cells, data_seat=str(row["seat"])))
    return [head, el("tbody", *rows)]


def show_round_over() -> None:
    """The finished round's scoring, until Continue."""
    t = ui.table
    v = t.view(None)
    r = v["last_round"]
    words = api.round_result(r, v["names"])
    render("round-kicker", words["kicker"])
    render("round-title", words["title"])
    render("round-sub", words["detail"])
    render("round-table", *score_table(r, v["names"]))
    handout = v["handout"]
    render("round-handout", *([el("h3", api.ui_text("events")),
                               el("ul", *(el("li", line) for line in handout))]
                              if handout else []))
    show("round-handout", bool(handout))
    set_phase("round-over")


def show_game_over() -> None:
    """Winner, final standings, and the last round's scoring when it was scored."""
    t = ui.table
    v = t.view(None)
    out = v["outcome"]
    result = api.game_result(out, v["names"])
    render("winner-title", result["title"])
    render("winner-sub", result["detail"])
    render("standings", *(
        el("li", el("span", v["names"][x["seat"]], class_="seat-name"),
           el("span", x["badge"], class_="badge win") if x["winner"] else None,
           el("span", x["score_text"], class_="seat-score"),
           class_="standing" + (" winner" if x["winner"] else ""), data_seat=str(x["seat"]))
        for x in result["standings"]))
    r = v["last_round"]
    final = byid("final-round")
    if out["termination"] == "target" and r:
        words = api.round_result(r, v["names"])
        render(final, el("h3", api.last_round_title(r, v["names"]), id="final-round-title"),
               el("p", words["detail"], class_="sub"),
               # a narrow screen scrolls the table: a named region the keyboard reaches
               el("div", el("table", *score_table(r, v["names"]), class_="score-table"),
                  class_="table-scroll", tabindex="0", role="region",
                  aria_labelledby="final-round-title"))
    else:
        render(final)
    set_phase("game-over")
