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
from seasalt.ssp.present.words import is_you, join_and, seat_name

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
    with nothing to say), ``chances`` (what the percentages are), ``private`` (a hot
    seat's shared screen: where each person's review is)."""
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
        "private": _("Each person's review names cards only they have seen: it shows "
                     "on their own screen, on their next turn."),
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
        "choices": [{"code", "label", "percent", "chance", "best"}], "note", "flat"}``:
        rows whose words are the same (two identical cards make the same move) are one
        row, the first (better ranked) kept, then at most ``top`` rows. When every row
        shows the same percentage (late in a lost game: ``0%`` each), the percentages
        say nothing: ``flat`` is true, each row's ``percent`` is '' and ``note`` says
        so in one sentence (:func:`flat_note`); else ``flat`` is false and ``note``
        says what the percentages are.
    """
    rows: list[dict[str, Any]] = []
    for c in choices:
        label = action_label(str(c["code"]), names)
        if len(rows) < top and all(r["label"] != label for r in rows):
            rows.append({"code": str(c["code"]), "label": label,
                         "percent": percent(float(c["chance"])),
                         "chance": float(c["chance"]), "best": str(c["code"]) == best})
    flat = len(rows) > 1 and len({r["percent"] for r in rows}) == 1
    note = flat_note(rows[0]["chance"]) if flat else coach_texts()["chances"]
    if flat:
        for r in rows:
            r["percent"] = ""
    return {"title": _("The coach would play: {action}").format(
                action=action_label(best, names)),
            "choices": rows, "note": note, "flat": flat}


def flat_note(chance: float) -> str:
    """What a suggestion says when every move shows the same chance to win (``chance``,
    0..1, rounded alike): no move saves a lost game (under 1% each), or none spoils a
    won one (over 99% each), or they are even; the moves are listed in the Hard bot's
    order all the same."""
    value = round(max(0.0, min(1.0, float(chance))) * 100)
    if value <= 0:
        return _("No move gives you a real chance to win from here (under {percent} "
                 "each); the moves are in the order the Hard bot prefers them."
                 ).format(percent=percent(0.01))
    if value >= 100:
        return _("Every move keeps your win all but certain (over {percent} each); the "
                 "moves are in the order the Hard bot prefers them."
                 ).format(percent=percent(0.99))
    return _("Every move here gives about the same chance to win ({percent}); the moves "
             "are in the order the Hard bot prefers them.").format(percent=percent(chance))


def when_text(turn: int, points: int | None) -> str:
    """When a decision was made: ``Turn 5 (7 card points)`` (``turn``: the deciding
    seat's own turn within the round, from 1; ``points``: the seat's card points then,
    None: left out)."""
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
        when: ``(the seat's own turn within the round, card points then or None)``,
            or None.

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


def review_title(round_number: int | None = None) -> str:
    """A review's heading: ``The coach's review of round 3``, or ``The coach's review``
    when no round is given (the game's end screen shows the last round's review: the
    round's number says that the marks are that round's, not the game's)."""
    if round_number is None:
        return coach_texts()["review-title"]
    return _("The coach's review of round {round}").format(round=round_number)


def review_panel(notes: Sequence[Mapping[str, Any]], names: Sequence[str] | None = None,
                 people: int = 1, when: Mapping[int, tuple[int, int | None]] | None = None,
                 round_number: int | None = None) -> dict[str, Any]:
    """A round's review: ``{"title" (:func:`review_title`), "items": [review_item ...]
    in ply order, "empty": "No mistakes found." or ''}``; ``people``: persons at the
    table (more than one: each line names its seat); ``when``: by note ply, ``(turn,
    card points)`` (see :func:`review_item`); ``round_number``: the round reviewed."""
    marks = sorted((n for n in notes if n.get("kind") == "review"), key=lambda n: n["ply"])
    items = [review_item(n, names, who=people > 1, when=(when or {}).get(int(n["ply"])))
             for n in marks]
    return {"title": review_title(round_number), "items": items,
            "empty": "" if items else coach_texts()["clean"]}


def grade_tally(notes: Sequence[Mapping[str, Any]]) -> str:
    """How many marks of each grade ``notes`` hold, worst first, without a move or a
    card: ``1 blunder and 2 inaccuracies``; ``no mistakes found`` for none."""
    counts = {g: 0 for g in GRADE_WORDS}
    for n in notes:
        if n.get("kind") == "review" and n.get("grade") in counts:
            counts[str(n["grade"])] += 1
    words = {"blunder": lambda k: ngettext("{count} blunder", "{count} blunders", k),
             "mistake": lambda k: ngettext("{count} mistake", "{count} mistakes", k),
             "inaccuracy": lambda k: ngettext("{count} inaccuracy", "{count} inaccuracies",
                                              k)}
    parts = [words[g](counts[g]).format(count=counts[g])
             for g in ("blunder", "mistake", "inaccuracy") if counts[g]]
    return join_and(parts) if parts else _("no mistakes found")


def review_tally(notes: Sequence[Mapping[str, Any]], names: Sequence[str] | None,
                 people: Sequence[int], round_number: int | None = None
                 ) -> dict[str, Any]:
    """A round's review on a screen that several people share (hot seat, the game not
    over): per person only how many marks of each grade, never a move, a card or card
    points, since a move and its better one may name cards only that person saw.
    ``round_number``: the round reviewed (in the title, :func:`review_title`).

    Returns:
        ``{"title", "items": [] (no mark in words), "empty": '', "tally": [{"seat",
        "text": "Ann: 1 mistake"}] one per person in ``people``, "note": where each
        person's own review shows}``.
    """
    tally = [{"seat": s, "text": _("{name}: {tally}").format(
                name=seat_name(s, names),
                tally=grade_tally([n for n in notes if n.get("seat") == s]))}
             for s in people]
    texts = coach_texts()
    return {"title": review_title(round_number), "items": [], "empty": "", "tally": tally,
            "note": texts["private"]}


def private_review(notes: Sequence[Mapping[str, Any]], seat: int, round_number: int,
                   names: Sequence[str] | None = None,
                   when: Mapping[int, tuple[int, int | None]] | None = None
                   ) -> dict[str, Any]:
    """One person's review of a round, for their own screen only (a hot seat shows it
    behind their hand-off, on their next turn): :func:`review_panel` of ``seat``'s
    marks alone, worded to them, plus ``summary``: ``The coach on your round 3: 1
    mistake`` (the line to open it by) and ``seat``."""
    mine = [n for n in notes if n.get("seat") == seat]
    out = review_panel(mine, names, 1, when, round_number)
    out["summary"] = _("The coach on your round {round}: {tally}").format(
        round=round_number, tally=grade_tally(mine))
    out["seat"] = seat
    return out


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
