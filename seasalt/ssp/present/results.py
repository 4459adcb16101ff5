"""Round and game results in words: one wording for the page, the terminal and the log
(docs/rules.md R6.1, R6.2, R6.4, R7.1, R8, R10).

A round result is the engine's ``State.last_round`` / ``View.last_round`` / a
``round-end`` event's ``result`` dict (keys ``round``, ``end``, ``caller``,
``bet_won``, ``players``: one dict per seat with ``duos``, ``mermaids``,
``collectors``, ``multipliers``, ``card_points``, ``colour_bonus``, ``round_score``,
``total``, ``hand``, ``front``). An outcome is ``Outcome.to_dict()`` (``termination``,
``scores``, ``winners``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from seasalt.i18n import N_, _, ngettext
from seasalt.ssp.cards import front_groups
from seasalt.ssp.present.cards import colour_name, kind_name
from seasalt.ssp.present.words import is_you, join_and, join_list, seat_name
from seasalt.ssp.scoring import bonus_colours, itemise

#: The score table's columns: (key of a player's result, English heading).
SCORE_COLUMNS: tuple[tuple[str, str], ...] = (
    ("duos", N_("Duos")), ("mermaids", N_("Mermaids")), ("collectors", N_("Collectors")),
    ("multipliers", N_("Multipliers")), ("card_points", N_("Card points")),
    ("colour_bonus", N_("Colour bonus")), ("round_score", N_("Round")),
    ("total", N_("Total")))

Result = Mapping[str, Any]


def score_columns() -> list[dict[str, str]]:
    """The score table's columns: ``[{"key": "duos", "label": "Duos"}, ...]``."""
    return [{"key": k, "label": _(label)} for k, label in SCORE_COLUMNS]


def round_headline(result: Result, names: Sequence[str] | None = None,
                   seat: int | None = None) -> str:
    """``Ann called STOP``, ``You called LAST CHANCE and won the bet``, ``The draw pile
    ran out``: how the round ended (R6.1, R6.2, R8)."""
    end = result["end"]
    if end == "empty-draw-pile":
        return _("The draw pile ran out")
    caller = int(result["caller"])
    who = seat_name(caller, names)
    you = is_you(caller, names, seat)
    if end == "stop":
        return _("You called STOP") if you else _("{name} called STOP").format(name=who)
    if result["bet_won"]:
        if you:
            return _("You called LAST CHANCE and won the bet")
        return _("{name} called LAST CHANCE and won the bet").format(name=who)
    if you:
        return _("You called LAST CHANCE and lost the bet")
    return _("{name} called LAST CHANCE and lost the bet").format(name=who)


def round_detail(result: Result, names: Sequence[str] | None = None,
                 seat: int | None = None) -> str:
    """Who scored what, in one sentence (R6.1, R6.2, R8)."""
    end = result["end"]
    if end == "empty-draw-pile":
        return _("Nobody scores this round.")
    if end == "stop":
        return _("Everyone scores their card points; nobody gets a colour bonus.")
    caller = int(result["caller"])
    who = seat_name(caller, names)
    you = is_you(caller, names, seat)
    if result["bet_won"]:
        if you:
            return _("You score card points plus colour bonus; the others score only their "
                     "colour bonus.")
        return _("{name} scores card points plus colour bonus; the others score only their "
                 "colour bonus.").format(name=who)
    if you:
        return _("You score only the colour bonus; the others score their card points.")
    return _("{name} scores only the colour bonus; the others score their card points."
             ).format(name=who)


def call_badge(result: Result, player: int) -> str:
    """The announcement badge of ``player`` in the score table (``STOP``, ``LAST CHANCE
    ✓ won``, ``LAST CHANCE ✗ lost``), or '' for anyone but the caller."""
    if result["end"] not in ("stop", "last-chance") or int(result["caller"]) != player:
        return ""
    if result["end"] == "stop":
        return _("STOP")
    return _("LAST CHANCE ✓ won") if result["bet_won"] else _("LAST CHANCE ✗ lost")


def round_scores_text(result: Result, names: Sequence[str] | None = None) -> str:
    """``Ann 5, Bob 3``: each player's round score."""
    return join_list([_("{name} {points}").format(name=seat_name(i, names),
                                                  points=p["round_score"])
                      for i, p in enumerate(result["players"])])


def round_log_line(result: Result, names: Sequence[str] | None = None,
                   seat: int | None = None) -> str:
    """The log's line for a round end: ``Round 2 ends: Ann called STOP. Scores: Ann 5,
    Bob 3.`` (the same words as :func:`round_headline`)."""
    r = result["round"]
    if result["end"] == "empty-draw-pile":
        return _("Round {round} ends: the draw pile ran out; nobody scores.").format(round=r)
    return _("Round {round} ends: {headline}. Scores: {scores}.").format(
        round=r, headline=round_headline(result, names, seat),
        scores=round_scores_text(result, names))


def round_result(result: Result, names: Sequence[str] | None = None,
                 seat: int | None = None) -> dict[str, Any]:
    """Everything the round-over screen and the terminal say about a finished round.

    Args:
        result: the round's result (see the module docstring).
        names: seat display names.
        seat: the reader (``you`` wording), or ``None``.

    Returns:
        ``round``; ``kicker`` (``Round 2 is over``); ``title`` (:func:`round_headline`);
        ``detail`` (:func:`round_detail`); ``summary`` (the log line without
        scores: ``Round 2 ends: Ann called STOP.``); ``columns``
        (:func:`score_columns`); ``rows``: per seat ``{"seat", "name", "badge"
        (:func:`call_badge`), "cards" (hand then front, ids), "hand" (ids, or
        ``None`` when not shown), "groups" (the front as played), "values": {column
        key: int}}``.
    """
    r = result["round"]
    if result["end"] == "empty-draw-pile":
        summary = _("Round {round} ends: the draw pile ran out; nobody scores.").format(round=r)
    else:
        summary = _("Round {round} ends: {headline}.").format(
            round=r, headline=round_headline(result, names, seat))
    rows = [{"seat": i, "name": seat_name(i, names), "badge": call_badge(result, i),
             "cards": list(p.get("hand") or []) + list(p.get("front") or []),
             "hand": list(p["hand"]) if p.get("hand") is not None else None,
             "groups": [list(g) for g in front_groups(p.get("front") or ())],
             "values": {k: p[k] for k, _label in SCORE_COLUMNS},
             **player_block(result, i)}
            for i, p in enumerate(result["players"])]
    return {"round": r, "kicker": _("Round {round} is over").format(round=r),
            "title": round_headline(result, names, seat),
            "detail": round_detail(result, names, seat), "summary": summary,
            "bet": bet_sentence(result, names, seat),
            "columns": score_columns(), "rows": rows,
            "short_columns": [{"key": "round_score", "label": _("Round")},
                              {"key": "total", "label": _("Total")}]}


#: The parts of card points (R7.1) in the order the round-over blocks show them,
#: then the cards that score nothing.
PART_LABELS: tuple[tuple[str, str], ...] = (
    ("duos", N_("Duos")), ("mermaids", N_("Mermaids")), ("collectors", N_("Collectors")),
    ("multipliers", N_("Multipliers")), ("none", N_("Score nothing")))


def item_note(item: Mapping[str, Any]) -> str:
    """A scoring item's few words (an item of :func:`seasalt.ssp.scoring.itemise`):
    ``in front``, ``pair in hand``, ``counts dark blue (4)``, ``Shell ×2``,
    ``counts 3 Boat``, or '' for cards that score nothing (R7.1)."""
    part = item["part"]
    if part == "duos":
        trio = len(item["cards"]) == 3
        if item.get("where") == "front":
            return _("trio in front") if trio else _("duo in front")
        return _("pair in hand with a Starfish") if trio else _("pair in hand")
    if part == "mermaids":
        if item.get("colour") is None:
            return _("no colour left to count")
        return _("counts {colour} ({count})").format(colour=colour_name(item["colour"]),
                                                     count=item["count"])
    if part == "collectors":
        return _("{kind} ×{count}").format(kind=kind_name(item["kind"]),
                                           count=len(item["cards"]))
    if part == "multipliers":
        return _("counts {count} × {kind}").format(count=item["count"],
                                                    kind=kind_name(item["kind"]))
    return ""


def player_block(result: Result, player: int) -> dict[str, Any]:
    """One player's round in blocks, from the engine's result (R6.1, R6.2, R6.4, R7.1):
    its cards grouped by the engine's own scoring (:func:`seasalt.ssp.scoring.itemise`
    with the events the round's scoring used), which parts count (``scores_cards``,
    ``scores_bonus``), the round score and total.

    Returns:
        ``parts``: the parts that hold cards, in :data:`PART_LABELS` order, each
        ``{"part", "label", "points", "items": [{"cards", "points", "note"}]}``;
        ``card_points``: ``{"label", "points", "counts": bool, "note"}`` (``note``:
        ``not scored`` when the end does not count them); ``bonus``: ``None`` unless
        the colour bonus counts for this player, else ``{"label", "points", "note"
        (the colours)}``; ``sum``: ``14 points this round · total 32`` (:func:`round_sum`).
    """
    p = result["players"][player]
    hand, front = p.get("hand"), list(p.get("front") or ())
    items = itemise(hand, front, p.get("applied_events") or ()) if hand is not None else []
    parts = []
    for key, label in PART_LABELS:
        mine = [i for i in items if i["part"] == key]
        if mine:
            parts.append({"part": key, "label": _(label),
                          "points": sum(int(i["points"]) for i in mine),
                          "items": [{"cards": list(i["cards"]), "points": int(i["points"]),
                                     "note": item_note(i)} for i in mine]})
    counts = bool(p.get("scores_cards"))
    scored = result["end"] != "empty-draw-pile"
    card_points = {"label": _("Card points"), "points": int(p["card_points"]),
                   "counts": counts,
                   "note": _("not scored") if scored and not counts else ""}
    bonus = None
    if p.get("scores_bonus"):
        colours = join_and([colour_name(c) for c in bonus_colours([*(hand or ()), *front])])
        bonus = {"label": _("Colour bonus"), "points": int(p["colour_bonus"]),
                 "note": colours}
    return {"parts": parts, "card_points": card_points, "bonus": bonus,
            "sum": round_sum(int(p["round_score"]), int(p["total"]))}


def round_sum(points: int, total: int) -> str:
    """A player's round in one line, the round's points then the game's total:
    ``14 points this round · total 32``."""
    return ngettext("{points} point this round · total {total}",
                    "{points} points this round · total {total}", points).format(
                        points=points, total=total)


def bet_sentence(result: Result, names: Sequence[str] | None = None,
                 seat: int | None = None) -> str:
    """The LAST CHANCE bet's outcome in one sentence, from the card points the engine
    compared (R6.2), or '' after any other end: ``Ann bet with 9 card points; the best
    opponent had 9 (Bob): the bet is won.``"""
    if result["end"] != "last-chance":
        return ""
    caller = int(result["caller"])
    players = result["players"]
    mine = int(players[caller]["card_points"])
    others = [o for o in range(len(players)) if o != caller]
    best = max(int(players[o]["card_points"]) for o in others)
    who = join_and([seat_name(o, names) for o in others
                    if int(players[o]["card_points"]) == best])
    if is_you(caller, names, seat):
        if result["bet_won"]:
            return _("You bet with {points} card points; the best opponent had {best} "
                     "({who}): the bet is won.").format(points=mine, best=best, who=who)
        return _("You bet with {points} card points; the best opponent had {best} "
                 "({who}): the bet is lost.").format(points=mine, best=best, who=who)
    name = seat_name(caller, names)
    if result["bet_won"]:
        return _("{name} bet with {points} card points; the best opponent had {best} "
                 "({who}): the bet is won.").format(name=name, points=mine, best=best,
                                                    who=who)
    return _("{name} bet with {points} card points; the best opponent had {best} "
             "({who}): the bet is lost.").format(name=name, points=mine, best=best, who=who)


def last_round_title(result: Result, names: Sequence[str] | None = None,
                     seat: int | None = None) -> str:
    """The game-over screen's heading for the scored last round:
    ``Last round (5): Ann called STOP``."""
    return _("Last round ({round}): {headline}").format(
        round=result["round"], headline=round_headline(result, names, seat))


def game_result(outcome: Mapping[str, Any], names: Sequence[str] | None = None,
                seat: int | None = None,
                log: Sequence[Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """Everything the game-over screen says (R10.1, R10.2; B.3.7).

    Args:
        outcome: ``Outcome.to_dict()`` (``termination``, ``scores``, ``winners``).
        names: seat display names.
        seat: the reader (``you`` wording), or ``None``.
        log: the game's (redacted) log, ``View.log``: tells a Dance of the Mermaids
            win (3 Mermaids, B.3.7) from a four-Mermaid one.

    Returns:
        ``title`` (``Ann wins!``, ``You win!``, ``Ann and Bob share the victory!``),
        ``detail`` (why), ``standings``: seats by final total, best first, each
        ``{"seat", "name", "score", "score_text" ("40 pts"), "winner": bool,
        "badge" ("★ winner" or '')}``.
    """
    winners = [int(w) for w in outcome["winners"]]
    scores = list(outcome["scores"])
    if len(winners) > 1:
        listed = join_and([seat_name(w, names) for w in winners])
        title = _("{names} share the victory!").format(names=listed)
        detail = _("They are tied on the highest total.")
    else:
        w = winners[0]
        who = seat_name(w, names)
        you = is_you(w, names, seat)
        title = _("You win!") if you else _("{name} wins!").format(name=who)
        wins = [e for e in (log or ()) if e.get("type") == "four-mermaids"]
        if outcome["termination"] == "four-mermaids" and wins and wins[-1].get("dance"):
            n = int(wins[-1]["mermaids"])
            detail = (ngettext("You hold {count} Mermaid (Dance of the Mermaids): an instant "
                               "victory.", "You hold {count} Mermaids (Dance of the "
                               "Mermaids): an instant victory.", n).format(count=n) if you else
                      ngettext("{name} holds {count} Mermaid (Dance of the Mermaids): an "
                               "instant victory.", "{name} holds {count} Mermaids (Dance of "
                               "the Mermaids): an instant victory.", n).format(name=who,
                                                                               count=n))
        elif outcome["termination"] == "four-mermaids":
            detail = (_("You hold all four Mermaids: an instant victory.") if you else
                      _("{name} holds all four Mermaids: an instant victory.").format(name=who))
        elif you:
            detail = _("You have the highest total once the target was reached.")
        else:
            detail = _("{name} has the highest total once the target was reached.").format(
                name=who)
    tie = tie_break_text(outcome, names, seat, log)
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    standings = [{"seat": s, "name": seat_name(s, names), "score": scores[s],
                  "score_text": points_text(scores[s]), "winner": s in winners,
                  "badge": _("★ winner") if s in winners else ""} for s in order]
    return {"title": title, "detail": detail, "tie_break": tie, "standings": standings}


def tie_break_text(outcome: Mapping[str, Any], names: Sequence[str] | None = None,
                   seat: int | None = None,
                   log: Sequence[Mapping[str, Any]] | None = None) -> str:
    """The R10.2 tie-break used, as the game-over event names it (``tie_break``):
    ``Tied on 42 points: Ann ended the last round, which breaks the tie.``; '' without
    a tie."""
    over = [e for e in (log or ()) if e.get("type") == "game-over"]
    how = over[-1].get("tie_break") if over else None
    if not how:
        return ""
    scores = list(outcome["scores"])
    best = max(scores)
    winners = [int(w) for w in outcome["winners"]]
    if how == "shared":
        return _("Tied on {points} points, and on the last round's score too: the "
                 "victory is shared.").format(points=best)
    w = winners[0]
    if is_you(w, names, seat):
        if how == "ender":
            return _("Tied on {points} points: you ended the last round, which breaks the "
                     "tie.").format(points=best)
        return _("Tied on {points} points: you scored most in the last round, which "
                 "breaks the tie.").format(points=best)
    if how == "ender":
        return _("Tied on {points} points: {name} ended the last round, which breaks the "
                 "tie.").format(points=best, name=seat_name(w, names))
    return _("Tied on {points} points: {name} scored most in the last round, which "
             "breaks the tie.").format(points=best, name=seat_name(w, names))


def points_text(points: int) -> str:
    """``40 pts``: a game total."""
    return _("{points} pts").format(points=points)


def final_scores_text(scores: Sequence[int], names: Sequence[str] | None = None) -> str:
    """``Final scores: Ann 40, Bob 31`` (seat order)."""
    return _("Final scores: {scores}").format(scores=join_list(
        [_("{name} {points}").format(name=seat_name(i, names), points=s)
         for i, s in enumerate(scores)]))
