"""Fruits de mer's table: the scores after each round and the game's end.

The scores are a compact table, a row per round (a drawer on small screens); the
game's end (the ``game-over`` phase) shows the result in the payload's words (shared
victories), the standings with every winner marked and the same table; its Rematch
and New game buttons are the shell's.
"""

from __future__ import annotations

from typing import Any

from .dom import byid, el, render, set_phase, show
from .fdm_cards import play_slot, reveal_title, sprite, word
from .fit import fit_tables, name_class, refit_ends


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
                          *(el("th", el("span", name, class_="fdm-col-name"), scope="col",
                               class_=name_class(name)) for name in t["columns"])))
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
    (``#rounds-table``). The card pictures are added to the document first: a finished
    game opened from the saved list (or after a reload) never drew the board that
    would have added them."""
    sprite()
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
           data_score=str(r["score"]), data_rank=str(r["rank"]))
        for r in result.get("standings") or []))
    table = score_table(v)
    table.id = "rounds-table"
    table.classList.add("score-table", "rounds-table")
    render("game-figures", last_round(v),
           el("section", table, class_="rounds fdm-rounds", tabindex="0", role="region",
              aria_label=str(v["table"]["caption"])))
    render("final-round")
    set_phase("game-over")
    fit_tables(byid("game-over"))
    refit_ends()


def last_round(v: dict[str, Any]) -> Any:
    """The last round, as its reveal ended (the table showed it only for a moment
    before the game's end): each seat's card with ``+1`` where it scored, the
    resolution's sentences and the round's summary; ``None`` before any round."""
    last = v.get("last")
    rows = v["table"]["rows"]
    if not last or not rows:
        return None
    points = rows[-1]["points"]
    colours = [s["colour"] for s in v["seats"]]
    slots = []
    for play in last["plays"]:
        if play is None:
            continue
        seat = int(play["seat"])
        slot, _spot, _card = play_slot(play, v["names"][seat], colours[seat])
        if points[seat]:
            slot.classList.add("scored")
        slots.append(slot)
    lines = [el("li", st["text"]) for st in last.get("steps") or []]
    if last.get("summary") and (not lines or last["summary"] != last["steps"][-1]["text"]):
        lines.append(el("li", last["summary"], class_="summary"))
    return el("section", el("h3", reveal_title(v), id="fdm-last-title"),
              el("div", *slots, class_="fdm-plays"),
              el("ol", *lines, class_="fdm-steps"),
              class_="fdm-last-round", aria_labelledby="fdm-last-title")
