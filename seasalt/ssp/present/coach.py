"""The coach's words: its switch and button, a suggestion, a round's review, its figures.

The coach (:mod:`seasalt.bots.coach`) runs the Hard bot's search on a person's view;
these functions word what it found, with the actions in the presenter's own words
(:func:`~seasalt.ssp.present.actions.action_label`) and chances to win as percentages.
Review notes have the record's shape (:attr:`seasalt.core.record.GameRecord.notes`):
``{"ply", "seat", "kind": "review", "grade", "chosen", "best", "loss"}`` and
``{"ply", "seat", "kind": "suggest"}``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from seasalt.i18n import N_, _, ngettext
from seasalt.ssp.present.actions import action_label
from seasalt.ssp.present.words import is_you, seat_name

#: The grades, mildest first, with their names and marks (as chess annotates moves).
GRADE_WORDS: dict[str, tuple[str, str]] = {
    "inaccuracy": (N_("Inaccuracy"), "?!"),
    "mistake": (N_("Mistake"), "?"),
    "blunder": (N_("Blunder"), "??"),
}


def coach_texts() -> dict[str, str]:
    """The coach's fixed words: ``switch`` (the menu's switch), ``switch-hint``,
    ``suggest`` (the button), ``suggest-title`` (its tooltip), ``thinking`` (while it
    searches), ``review-title``, ``reviewing`` (while it reviews), ``clean`` (a review
    with nothing to say), ``chances`` (what the percentages are)."""
    return {
        "switch": _("Coach"),
        "switch-hint": _("A Suggest button on your turn, and a review of your decisions "
                         "after each round (the Hard bot's search)"),
        "suggest": _("Suggest"),
        "suggest-title": _("Ask the coach what the Hard bot would play here"),
        "thinking": _("The coach is thinking…"),
        "review-title": _("The coach's review"),
        "reviewing": _("The coach is looking at your decisions of the round…"),
        "clean": _("No mistakes found."),
        "chances": _("Chance to win after each move, as the Hard bot's search "
                     "estimates it."),
    }


def percent(chance: float) -> str:
    """A chance (0..1) as a whole percentage: ``53%`` (``53 %`` in French)."""
    value = max(0, min(100, round(float(chance) * 100)))
    return _("{percent}%").format(percent=value)


def grade_name(grade: str) -> str:
    """``Inaccuracy``, ``Mistake`` or ``Blunder``.

    Raises:
        KeyError: not a grade.
    """
    return _(GRADE_WORDS[grade][0])


def grade_mark(grade: str) -> str:
    """``?!``, ``?`` or ``??``.

    Raises:
        KeyError: not a grade.
    """
    return GRADE_WORDS[grade][1]


def suggestion(choices: Sequence[Mapping[str, Any]], best: str,
               names: Sequence[str] | None = None, top: int = 3) -> dict[str, Any]:
    """A suggestion in words.

    Args:
        choices: the best actions first (the Hard bot's own choice first), each
            ``{"code", "chance" (0..1)}``.
        best: the code of the Hard bot's own choice.
        names: seat display names (for steals and swaps).
        top: the most rows kept.

    Returns:
        ``{"title": "The coach would play: Draw two cards from the draw pile",
        "choices": [{"code", "label", "percent", "chance", "best"}], "note"}``: rows
        whose words are the same (two identical cards make the same move) are one row,
        the first (better ranked) kept, then at most ``top`` rows.
    """
    rows: list[dict[str, Any]] = []
    for c in choices:
        label = action_label(str(c["code"]), names)
        if len(rows) < top and all(r["label"] != label for r in rows):
            rows.append({"code": str(c["code"]), "label": label,
                         "percent": percent(float(c["chance"])),
                         "chance": float(c["chance"]), "best": str(c["code"]) == best})
    return {"title": _("The coach would play: {action}").format(
                action=action_label(best, names)),
            "choices": rows, "note": coach_texts()["chances"]}


def when_text(turn: int, points: int | None) -> str:
    """When a decision was made: ``Turn 5 (7 card points)`` (``turn``: the turn within
    the round, from 1; ``points``: the seat's card points then, None: left out)."""
    if points is None:
        return _("Turn {turn}").format(turn=turn)
    return ngettext("Turn {turn} ({points} card point)", "Turn {turn} ({points} card points)",
                    points).format(turn=turn, points=points)


def review_item(note: Mapping[str, Any], names: Sequence[str] | None = None,
                who: bool = False, when: tuple[int, int | None] | None = None
                ) -> dict[str, Any]:
    """One review mark in words.

    Args:
        note: a review note (the record's shape).
        names: seat display names.
        who: name the seat (a table with several people).
        when: ``(turn within the round, card points then or None)``, or None.

    Returns:
        ``{"ply", "seat", "grade", "mark", "name" ("Blunder"), "played", "better",
        "cost" ("55% less chance to win"), "who" (the seat's name or ''), "when"
        (:func:`when_text` or ''), "detail" (the line after the grade: when, the
        seat's name when ``who``, what was played, the better move, the cost),
        "text" (the whole line: ``Blunder ??: Turn 5 (7 card points): played ...``)}``.
    """
    g = str(note["grade"])
    played = action_label(str(note["chosen"]), names)
    better = action_label(str(note["best"]), names)
    cost = _("{percent} less chance to win").format(percent=percent(float(note["loss"])))
    seat = int(note["seat"])
    name = seat_name(seat, names) if who else ""
    if who and is_you(seat, names, None):
        name = ""
    detail = _("played “{played}”; better: “{better}” ({cost})").format(
        played=played, better=better, cost=cost)
    if name:
        detail = _("{name}: {line}").format(name=name, line=detail)
    at = when_text(*when) if when is not None else ""
    if at:
        detail = _("{when}: {line}").format(when=at, line=detail)
    text = _("{grade} {mark}: {detail}").format(grade=grade_name(g), mark=grade_mark(g),
                                              detail=detail)
    return {"ply": int(note["ply"]), "seat": seat, "grade": g, "mark": grade_mark(g),
            "name": grade_name(g), "played": played, "better": better, "cost": cost,
            "who": name, "when": at, "detail": detail, "text": text}


def review_panel(notes: Sequence[Mapping[str, Any]], names: Sequence[str] | None = None,
                 people: int = 1, when: Mapping[int, tuple[int, int | None]] | None = None
                 ) -> dict[str, Any]:
    """A round's review: ``{"title", "items": [review_item ...] in ply order, "empty":
    "No mistakes found." or ''}``; ``people``: persons at the table (more than one:
    each line names its seat); ``when``: by note ply, ``(turn, card points)`` (see
    :func:`review_item`)."""
    marks = sorted((n for n in notes if n.get("kind") == "review"), key=lambda n: n["ply"])
    items = [review_item(n, names, who=people > 1, when=(when or {}).get(int(n["ply"])))
             for n in marks]
    return {"title": coach_texts()["review-title"], "items": items,
            "empty": "" if items else coach_texts()["clean"]}


def coach_counts(notes: Sequence[Mapping[str, Any]], players: int) -> list[dict[str, int]]:
    """Per seat: ``{"suggest", "inaccuracy", "mistake", "blunder"}`` counted from the
    record's notes (other notes and seats out of range are left out)."""
    out = [{"suggest": 0, "inaccuracy": 0, "mistake": 0, "blunder": 0}
           for _seat in range(players)]
    for n in notes:
        seat = n.get("seat")
        if not isinstance(seat, int) or not 0 <= seat < players:
            continue
        if n.get("kind") == "suggest":
            out[seat]["suggest"] += 1
        elif n.get("kind") == "review" and n.get("grade") in GRADE_WORDS:
            out[seat][str(n["grade"])] += 1
    return out


def coach_rows(notes: Sequence[Mapping[str, Any]], players: int,
               people: Sequence[int] | None = None, shown: bool = False
               ) -> list[dict[str, Any]]:
    """The figures' rows of the coach (none when the notes hold no coach note, unless
    ``shown``: the coach is on): suggestions asked, then inaccuracies, mistakes and
    blunders, each ``{"key", "label", "cells"}``, one cell per seat (``–`` for a
    bot's seat when ``people`` lists the persons' seats)."""
    if not shown and not any(n.get("kind") in ("suggest", "review") for n in notes):
        return []
    counts = coach_counts(notes, players)

    def cells(key: str) -> list[str]:
        return [str(c[key]) if people is None or i in people else "–"
                for i, c in enumerate(counts)]

    rows = [{"key": "coach-suggest", "label": _("Suggestions asked"),
             "cells": cells("suggest")}]
    labels = {"inaccuracy": _("Inaccuracies (?!)"), "mistake": _("Mistakes (?)"),
              "blunder": _("Blunders (??)")}
    rows += [{"key": f"coach-{g}", "label": labels[g], "cells": cells(g)}
             for g in GRADE_WORDS]
    return rows
