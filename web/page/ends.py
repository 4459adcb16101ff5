"""The round-over and game-over screens."""

from __future__ import annotations

from typing import Any

from seasalt import web_api as api

from .cards import mini_cards
from .dom import byid, el, render, set_phase, show
from .store import ui


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
