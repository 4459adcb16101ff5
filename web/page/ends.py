"""The round-over and game-over screens: every word and number comes from the presenter
(``round_result``, ``game_result``, ``game_summary``)."""

from __future__ import annotations

from typing import Any

from seasalt.ssp.present import game_result, last_round_title, round_result, ui_text
from seasalt.ssp.present.stats import game_summary
from seasalt.web.messages import message
from seasalt.web.table import Table

from . import later, prefs
from .cards import mini_cards
from .chart import totals_chart
from .dom import byid, el, render, set_phase, show
from .fit import fit_names, fit_tables, refit_ends


def score_table(result: dict[str, Any], names: list[str]) -> list[Any]:
    """A round's summary, one row per player: name (and the call's badge), the round's
    score, the new total: three narrow columns that fit the narrowest phone."""
    r = round_result(result, names)
    head = el("thead", el("tr", el("th", message("player-column"), scope="col"),
                          *(el("th", c["label"], scope="col", class_="num")
                            for c in r["short_columns"])))
    rows = []
    for row in r["rows"]:
        who = [el("span", names[row["seat"]], class_="seat-name")]
        if row["badge"]:
            who.append(el("span", row["badge"], class_="badge call"))
        values = row["values"]
        rows.append(el("tr", el("th", *who, scope="row"),
                       el("td", el("b", str(values["round_score"])), class_="num round-score"),
                       el("td", str(values["total"]), class_="num total"),
                       data_seat=str(row["seat"])))
    return [head, el("tbody", *rows)]


def score_blocks(result: dict[str, Any], names: list[str]) -> list[Any]:
    """One block per player: the cards grouped by what they scored, card points, the
    colour bonus where it counts, the round score and the new total."""
    return row_blocks(round_result(result, names)["rows"])


def row_blocks(rows: list[dict[str, Any]]) -> list[Any]:
    """The blocks of `score_blocks` from the presenter's rows (``round_result``'s, or
    the score calculator's, which have the same keys)."""
    blocks = []
    for row in rows:
        parts = []
        for part in row["parts"]:
            items = [el("li", mini_cards(it["cards"]),
                        el("span", it["note"], class_="note") if it["note"] else None,
                        el("span", f"+{it['points']}", class_="pts"),
                        class_="item")
                     for it in part["items"]]
            parts.append(el("div",
                            el("div", el("span", part["label"], class_="part-label"),
                               el("span", str(part["points"]), class_="pts"),
                               class_="part-head"),
                            el("ul", *items, class_="items"),
                            class_="part part-" + part["part"]))
        cp = row["card_points"]
        lines = [el("div", el("span", cp["label"], class_="part-label"),
                    el("span", cp["note"], class_="note") if cp["note"] else None,
                    el("span", str(cp["points"]), class_="pts"),
                    class_="line card-points" + ("" if cp["counts"] else " void"))]
        if row["bonus"]:
            b = row["bonus"]
            lines.append(el("div", el("span", b["label"], class_="part-label"),
                            el("span", b["note"], class_="note"),
                            el("span", str(b["points"]), class_="pts"),
                            class_="line colour-bonus"))
        head = el("header", el("h3", row["name"], class_="seat-name"),
                  el("span", row["badge"], class_="badge call") if row["badge"] else None,
                  el("span", row["sum"], class_="sum"), class_="block-head")
        blocks.append(el("section", head, *parts, el("div", *lines, class_="lines"),
                         class_="score-block", data_seat=str(row["seat"])))
    return blocks


def show_round_over(t: Table) -> None:
    """The finished round's scoring of the game ``t``, until Continue (or, with no
    person at the table, until the watch pause ends: ``bots.watch_round_end``, which
    `flow` calls next)."""
    v = t.view(None)
    r = v["last_round"]
    words = round_result(r, v["names"])
    render("round-kicker", words["kicker"])
    render("round-title", words["title"])
    render("round-sub", words["detail"])
    render("round-bet", words["bet"])
    show("round-bet", bool(words["bet"]))
    render("round-table", *score_table(r, v["names"]))
    render("round-blocks", *score_blocks(r, v["names"]))
    handout = v["handout"]
    render("round-handout", *([el("h3", ui_text("events")),
                               el("ul", *(el("li", line) for line in handout))]
                              if handout else []))
    show("round-handout", bool(handout))
    set_phase("round-over")
    fit_names(byid("round-over"))  # long card and colour names fit the small cards
    fit_tables(byid("round-over"))
    refit_ends()
    later.coach_review("round-coach")  # the round's review, with the coach on


def name_heads(names: list[str], shorts: list[str]) -> list[Any]:
    """The players' column headings of a figures' table (``class="keyed"``): each
    name whole, and its short name (``P2``) shown instead when the table's names do not
    fit (`fit.fit_tables` then marks the table ``short``); the whole name stays there
    for screen readers, and a key under the table (`name_key`) pairs them."""
    return [el("th", el("bdi", name, class_="col-name"),
               el("abbr", short, class_="col-short", title=name, aria_hidden="true"),
               scope="col", class_="num")
            for name, short in zip(names, shorts, strict=True)]


def name_key(names: list[str], shorts: list[str]) -> Any:
    """The key of a table whose columns are headed by short names (``P2 Easy bot 1``),
    shown only then (the headings hold the whole names for screen readers)."""
    return el("ul", *(el("li", el("span", class_="swatch"),
                         el("b", short, class_="key-short"), " ",
                         el("bdi", name, class_="key-name"), class_=f"seat-{i}")
                      for i, (name, short) in enumerate(zip(names, shorts, strict=True))),
              class_="name-key", aria_hidden="true")


def rounds_table(rounds: dict[str, Any], title: str) -> Any:
    """Round by round: each round's end and every player's score and new total, in
    a region of its own that scrolls sideways when the table is wider than it. Where
    the names do not fit, `fit.fit_tables` heads the columns with short names (and
    words each round's end with them: ``STOP: P2``); still too wide (the narrowest
    phones), each cell stacks the total over the round's points instead of ``+12 →
    24``, so that four players fit."""
    cols = rounds["columns"]
    head = el("thead", el("tr", el("th", cols[0], scope="col"),
                          *name_heads(cols[2:], rounds["shorts"])))
    body = el("tbody", *(
        el("tr", el("th", el("span", str(row["round"]), class_="round-no"),
                    el("span", el("span", row["end"], class_="col-name"),
                       el("span", row["end_short"], class_="col-short", aria_hidden="true"),
                       class_="round-end"), scope="row"),
           *(el("td", el("span", cell["text"], class_="cell-line"),
                   el("span", el("span", str(cell["total"]), class_="cell-total"),
                      el("span", cell["gain"], class_="cell-gain"), class_="cell-stack"),
                   class_="num") for cell in row["cells"]),
           data_round=str(row["round"]))
        for row in rounds["rows"]))
    # a cell never wraps ("+12 → 24" on one line): a table still too wide scrolls
    # sideways inside its own region, named by the heading, never the page
    return el("section", el("h3", title, id="rounds-title"),
              el("div", el("table", head, body, class_="score-table rounds-table keyed",
                           id="rounds-table"),
                 class_="table-scroll", role="region", tabindex="0",
                 aria_labelledby="rounds-title"),
              name_key(cols[2:], rounds["shorts"]),
              class_="rounds")


def stats_table(stats: dict[str, Any]) -> Any:
    """Each player's figures: one row per figure, one column per player (headed by
    short names and a key where the names do not fit: `name_heads`)."""
    cols = stats["columns"]
    head = el("thead", el("tr", el("td", ""), *name_heads(cols[1:], stats["shorts"])))
    body = el("tbody", *(
        el("tr", el("th", row["label"], scope="row"),
           *(el("td", c, class_="num") for c in row["cells"]), data_key=row["key"])
        for row in stats["rows"]))
    return el("section", el("h3", stats["title"]), el("p", stats["rounds_text"], class_="sub"),
              el("table", head, body, class_="score-table stats-table keyed",
                 id="stats-table"),
              name_key(cols[1:], stats["shorts"]),
              class_="stats")


def show_game_over(t: Table) -> None:
    """The game ``t``'s winner (and the tie-break used), final standings, the
    round-by-round table, the chart of totals, each player's figures, and the last
    round's blocks when scored."""
    v = t.view(None)
    out = v["outcome"]
    names = v["names"]
    result = game_result(out, names, log=v["log"])
    render("winner-title", result["title"])
    render("winner-sub", result["detail"])
    render("winner-tie", result["tie_break"])
    show("winner-tie", bool(result["tie_break"]))
    render("standings", *(
        el("li", el("span", names[x["seat"]], class_="seat-name"),
           el("span", x["badge"], class_="badge win") if x["winner"] else None,
           el("span", x["score_text"], class_="seat-score"),
           class_="standing" + (" winner" if x["winner"] else ""), data_seat=str(x["seat"]))
        for x in result["standings"]))
    game_figures(t, v)
    r = v["last_round"]
    final = byid("final-round")
    if out["termination"] == "target" and r:
        words = round_result(r, names)
        # open: the game's last scoring is shown, not folded away (issue 39)
        render(final, el("details",
                         el("summary", el("h3", last_round_title(r, names),
                                          id="final-round-title")),
                         el("p", words["detail"], class_="sub"),
                         el("p", words["bet"], class_="bet-line") if words["bet"] else None,
                         el("div", *score_blocks(r, names), class_="score-blocks"),
                         open=""))
    else:
        render(final)
    set_phase("game-over")
    fit_names(byid("game-over"))
    fit_tables(byid("game-over"))
    refit_ends()
    later.coach_review("game-coach")  # the last round's review, with the coach on


def game_figures(t: Table, v: dict[str, Any] | None = None) -> None:
    """The game ``t``'s figures (``v``: its view for nobody, made if not given): the
    chart of totals, the round-by-round table, each player's figures (the coach's
    counts among them, from the record's notes)."""
    v = v if v is not None else t.view(None)
    summary = game_summary(v["log"], v["names"], v["target"], t.notes(), t.humans(),
                               coach=prefs.coach_on())
    figures = []
    if summary["rounds"]["rows"]:
        figures = [totals_chart(summary["chart"]),
                   rounds_table(summary["rounds"], summary["rounds_title"]),
                   stats_table(summary["stats"])]
    render("game-figures", *figures)
