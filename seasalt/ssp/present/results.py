"""Round and game results in words: one wording for the page, the terminal and the log
(RULES.md R6.1, R6.2, R6.4, R7.1, R8, R10).

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
from seasalt.ssp.present.words import is_you, join_and, join_list, seat_name

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
             "values": {k: p[k] for k, _label in SCORE_COLUMNS}}
            for i, p in enumerate(result["players"])]
    return {"round": r, "kicker": _("Round {round} is over").format(round=r),
            "title": round_headline(result, names, seat),
            "detail": round_detail(result, names, seat), "summary": summary,
            "columns": score_columns(), "rows": rows}


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
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    standings = [{"seat": s, "name": seat_name(s, names), "score": scores[s],
                  "score_text": points_text(scores[s]), "winner": s in winners,
                  "badge": _("★ winner") if s in winners else ""} for s in order]
    return {"title": title, "detail": detail, "standings": standings}


def points_text(points: int) -> str:
    """``40 pts``: a game total."""
    return _("{points} pts").format(points=points)


def final_scores_text(scores: Sequence[int], names: Sequence[str] | None = None) -> str:
    """``Final scores: Ann 40, Bob 31`` (seat order)."""
    return _("Final scores: {scores}").format(scores=join_list(
        [_("{name} {points}").format(name=seat_name(i, names), points=s)
         for i, s in enumerate(scores)]))
