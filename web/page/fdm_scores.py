"""Fruits de mer's table: the scores after each round and the game's end.

The scores are a compact table, a row per round (a drawer on small screens); the
game's end (the ``game-over`` phase) shows the result in the payload's words (shared
victories), the standings with every winner marked and the same table; its Rematch
and New game buttons are the shell's.
"""

from __future__ import annotations

from typing import Any

from .dom import el, render, set_phase, show
from .fdm_cards import word


def draw_scores(v: dict[str, Any]) -> None:
    """The scores after each round: one row per round, one column per seat."""
    render("fdm-scores-title", word(v, "scores"))
    render("fdm-scores-toggle", word(v, "scores"))
    render("fdm-scores-body", score_table(v))


def score_table(v: dict[str, Any]) -> Any:
    """The payload's ``table`` as a compact HTML table: a row per round (its number
    and bait), each cell a seat's total after it, with ``+1`` when it scored then."""
    t = v["table"]
    heads = t.get("headers") or {}
    head = el("thead", el("tr", el("th", heads.get("round", ""), scope="col"),
                          *(el("th", name, scope="col", class_="num") for name in t["columns"])))
    rows = []
    for row in t["rows"]:
        cells = [el("td", el("span", f"+{pts}", class_="fdm-plus") if pts else None,
                    str(total), class_="num" + (" scored" if pts else ""))
                 for pts, total in zip(row["points"], row["totals"], strict=True)]
        rows.append(el("tr", el("th", el("span", str(row["round"]), class_="fdm-round-no"),
                                " ", el("span", row["bait"], class_="fdm-round-bait"),
                                scope="row"),
                       *cells, data_round=str(row["round"])))
    return el("table", el("caption", t["caption"]), head, el("tbody", *rows),
              class_="fdm-score-table", id="fdm-score-table")


def draw_game_over(v: dict[str, Any]) -> None:
    """The game's end in ``#game-over``: the result (shared victories in the payload's
    words), the standings (every winner marked), the scores after each round
    (``#rounds-table``)."""
    result = v.get("result") or {}
    render("winner-title", result.get("title", ""))
    render("winner-sub")
    render("winner-tie")
    show("winner-tie", False)
    colours = [s["colour"] for s in v["seats"]]
    render("standings", *(
        el("li", el("span", r["name"], class_="seat-name"),
           el("span", r["score_text"], class_="seat-score"),
           class_=f"standing fdm-standing colour-{colours[int(r['seat'])]}"
           + (" winner" if r["winner"] else ""), data_seat=str(r["seat"]),
           data_score=str(r["score"]))
        for r in result.get("standings") or []))
    table = score_table(v)
    table.id = "rounds-table"
    table.classList.add("score-table", "rounds-table")
    render("game-figures", el("section", table, class_="rounds fdm-rounds"))
    render("final-round")
    set_phase("game-over")
