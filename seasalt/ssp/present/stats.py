"""A finished game in figures, from its log: the round-by-round table, the totals by
round for the chart, and each player's figures (docs/rules.md R4.1, R4.2, R6, R7.2, R10).

Everything here reads the engine's own log events (``View.log``; the public fields
are enough, so a spectator's log gives the same figures): ``draw-two``, ``draw-last``
and ``forced-draw`` (from the draw pile), ``take`` (from a discard pile), ``duo``
(``effect``), ``trio``, ``stop``, ``last-chance`` and ``round-end`` (``result``).
No rule is computed again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from seasalt.i18n import _, ngettext
from seasalt.ssp.present.cards import EFFECT_NAMES, effect_name
from seasalt.ssp.present.words import join_list, seat_name, seat_short

Log = Sequence[Mapping[str, Any]]

#: Events that draw from the draw pile in a turn's draw step (R4.1 a, A.3).
DECK_DRAWS = frozenset({"draw-two", "draw-last", "forced-draw"})


def round_ends(log: Log) -> list[Mapping[str, Any]]:
    """The ``result`` of every ``round-end`` event, in order (scored or not)."""
    return [e["result"] for e in log if e.get("type") == "round-end"]


def end_text(result: Mapping[str, Any], names: Sequence[str] | None = None) -> str:
    """How a round ended, in a table cell: ``STOP: Ann``, ``LAST CHANCE won: Ann``,
    ``LAST CHANCE lost: Ann``, ``draw pile empty`` (R6.1, R6.2, R8)."""
    end = result["end"]
    if end == "empty-draw-pile":
        return _("draw pile empty")
    who = seat_name(int(result["caller"]), names)
    if end == "stop":
        return _("STOP: {name}").format(name=who)
    if result["bet_won"]:
        return _("LAST CHANCE won: {name}").format(name=who)
    return _("LAST CHANCE lost: {name}").format(name=who)


def rounds_table(log: Log, names: Sequence[str] | None = None) -> dict[str, Any]:
    """The game's rounds, one row each (R7.2).

    Returns:
        ``{"columns": [round heading, how it ended, one name per seat], "shorts": [a
        short name per seat (:func:`seat_short`: ``P1``), the columns' headings where
        the names do not fit], "rows": [{"round", "end" (:func:`end_text`),
        "end_short" (the same with the short names: ``STOP: P2``, beside short
        headings), "cells": [{"score", "total", "text" ("+12 → 30"),
        "gain" ("+12": the round's points alone, under the total where the table
        is narrow)}]}]}``.
    """
    ends = round_ends(log)
    n = len(ends[0]["players"]) if ends else len(names or ())
    columns = [_("Round"), _("End"), *(seat_name(i, names) for i in range(n))]
    shorts = [seat_short(i) for i in range(n)]
    rows = []
    for r in ends:
        cells = [{"score": int(p["round_score"]), "total": int(p["total"]),
                  "text": _("+{points} → {total}").format(points=p["round_score"],
                                                          total=p["total"]),
                  "gain": _("+{points}").format(points=p["round_score"])}
                 for p in r["players"]]
        rows.append({"round": int(r["round"]), "end": end_text(r, names),
                     "end_short": end_text(r, shorts), "cells": cells})
    return {"columns": columns, "shorts": shorts, "rows": rows}


def totals_chart(log: Log, names: Sequence[str] | None = None,
                 target: int | None = None) -> dict[str, Any]:
    """The totals by round, for a line chart (R7.2).

    Returns:
        ``{"rounds": [0, 1, 2, ...], "series": [{"seat", "name", "totals": [0, t1, t2,
        ...]}], "max": the highest total (or the target when higher), "target",
        "target_label" (the target line's words, ``target 35 points``; "" without a
        target), "title" ("Totals by round"), "label" (the chart in words, for screen
        readers)}``.
    """
    ends = round_ends(log)
    n = len(ends[0]["players"]) if ends else len(names or ())
    totals = [[0, *(int(r["players"][i]["total"]) for r in ends)] for i in range(n)]
    series = [{"seat": i, "name": seat_name(i, names), "totals": totals[i]} for i in range(n)]
    top = max([0, *(t for ts in totals for t in ts)])
    if target:
        top = max(top, int(target))
    label = _("Totals by round: {list}").format(list=join_list(
        [_("{name} {totals}").format(name=seat_name(i, names),
                                     totals=", ".join(str(t) for t in totals[i][1:]))
         for i in range(n)]))
    target_label = _("target {points} points").format(points=target) if target else ""
    return {"rounds": list(range(len(ends) + 1)), "series": series, "max": top,
            "target": target, "target_label": target_label, "title": _("Totals by round"),
            "label": label}


def player_stats(log: Log, players: int) -> list[dict[str, Any]]:
    """Each player's figures over the whole game, as counts.

    Returns:
        One dict per seat: ``deck`` (draws from the draw pile: draw two, the last card,
        Jellyfish forced draws), ``discard`` (cards taken from a discard pile), ``duos``
        ({effect: count}, trios under ``trio``), ``stop`` and ``last_chance`` (calls),
        ``bets_won``, ``bets_lost``, ``best_round`` (the best round score).
    """
    out: list[dict[str, Any]] = [
        {"deck": 0, "discard": 0, "duos": {}, "stop": 0, "last_chance": 0, "bets_won": 0,
         "bets_lost": 0, "best_round": 0} for _seat in range(players)]
    for e in log:
        t = e.get("type")
        s = int(e.get("seat", -1))
        if t == "round-end":
            r = e["result"]
            for i, p in enumerate(r["players"]):
                out[i]["best_round"] = max(out[i]["best_round"], int(p["round_score"]))
            if r["end"] == "last-chance":
                key = "bets_won" if r["bet_won"] else "bets_lost"
                out[int(r["caller"])][key] += 1
            continue
        if not 0 <= s < players:
            continue
        if t in DECK_DRAWS and not e.get("empty"):
            out[s]["deck"] += 1
        elif t == "take":
            out[s]["discard"] += 1
        elif t in ("duo", "trio"):
            effect = str(e.get("effect", "")) if t == "duo" else "trio"
            out[s]["duos"][effect] = out[s]["duos"].get(effect, 0) + 1
        elif t == "stop":
            out[s]["stop"] += 1
        elif t == "last-chance":
            out[s]["last_chance"] += 1
    return out


def duo_kind_name(effect: str) -> str:
    """``Crab duo``, ``Starfish trio``: a row name of the duos played."""
    if effect == "trio":
        return _("Starfish trio")
    return effect_name(effect)


def stats_table(log: Log, names: Sequence[str] | None = None) -> dict[str, Any]:
    """Each player's figures as a table: one column per seat, one row per figure.

    Returns:
        ``{"columns": ["", name, ...], "shorts": [a short name per seat
        (:func:`seat_short`: ``P1``), the columns' headings where the names do not
        fit], "rows": [{"key", "label", "cells": [text per seat]}]}``; rows: draws from
        the draw pile, cards taken from the discard piles, one row per kind of duo
        played (any player; in :data:`EFFECT_NAMES` order, then trios), STOP calls,
        LAST CHANCE calls, bets won, bets lost, best round.
    """
    ends = round_ends(log)
    n = len(ends[0]["players"]) if ends else len(names or ())
    stats = player_stats(log, n)
    columns = ["", *(seat_name(i, names) for i in range(n))]

    def row(key: str, label: str, values: list[int]) -> dict[str, Any]:
        return {"key": key, "label": label, "cells": [str(v) for v in values]}

    rows = [row("deck", _("Draws from the draw pile"), [s["deck"] for s in stats]),
            row("discard", _("Cards taken from a discard pile"),
                [s["discard"] for s in stats])]
    kinds = [k for k in [*EFFECT_NAMES, "trio"] if any(k in s["duos"] for s in stats)]
    for k in kinds:
        rows.append(row("duo-" + k, duo_kind_name(k), [s["duos"].get(k, 0) for s in stats]))
    rows += [row("stop", _("STOP calls"), [s["stop"] for s in stats]),
             row("last-chance", _("LAST CHANCE calls"), [s["last_chance"] for s in stats]),
             row("bets-won", _("Bets won"), [s["bets_won"] for s in stats]),
             row("bets-lost", _("Bets lost"), [s["bets_lost"] for s in stats]),
             row("best-round", _("Best round"), [s["best_round"] for s in stats])]
    return {"columns": columns, "shorts": [seat_short(i) for i in range(n)], "rows": rows,
            "title": _("Figures"),
            "rounds_text": ngettext("{count} round played", "{count} rounds played",
                                    len(ends)).format(count=len(ends))}


def game_summary(log: Log, names: Sequence[str] | None = None,
                 target: int | None = None, notes: Sequence[Mapping[str, Any]] = (),
                 people: Sequence[int] | None = None, coach: bool = False) -> dict[str, Any]:
    """The game-over screen's figures from the game's log: ``rounds``
    (:func:`rounds_table`), ``chart`` (:func:`totals_chart`), ``stats``
    (:func:`stats_table`, with the coach's rows from the record's ``notes`` when it
    was used or ``coach`` is on: suggestions asked and review marks by grade, ``–``
    for the seats not in ``people``; :func:`seasalt.ssp.present.coach.coach_rows`),
    and the headings ``rounds_title``."""
    from seasalt.ssp.present.coach import coach_rows

    stats = stats_table(log, names)
    stats["rows"] += coach_rows(notes, len(stats["columns"]) - 1, people, shown=coach)
    return {"rounds": rounds_table(log, names), "chart": totals_chart(log, names, target),
            "stats": stats, "rounds_title": _("Round by round")}


def watch_texts() -> dict[str, str]:
    """The words of the controls shown when no person plays (the page's watch bar):
    ``pause``, ``resume``, ``step`` (one bot move, or the next round), ``paused``
    (the state), ``label`` (the group's name), ``next-round`` (a countdown's words
    without the number)."""
    return {"pause": _("Pause"), "resume": _("Resume"), "step": _("Step"),
            "paused": _("Paused"), "label": _("Watching the bots"),
            "next-round": _("The next round starts by itself.")}
