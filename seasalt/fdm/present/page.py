"""Everything the page shows of a game of Fruits de mer, as one JSON-ready dict.

:func:`payload` turns a seat's :class:`~seasalt.fdm.view.View` into the page's
data: the engine's facts (counts, scores, codes) and every word, in the language
in use. The page adds no word of its own. Nothing here decides a rule, and a seat's
payload holds nothing its view does not: another seat's card chosen this round is
never named (the view does not have it).

Keys of :func:`payload`:

- ``game`` (``"fruits-de-mer"``), ``title``, ``ply``, ``seat``, ``current``,
  ``players``, ``names``, ``kinds``, ``speed``, ``round``, ``rounds``, ``over``,
  ``legal`` (codes), ``options`` (``{}``);
- ``bait``: ``{"kind", "name", "left", "left_text"}`` or ``None`` once over;
  ``aside_text`` (``3 bait cards set aside, unseen``);
- ``seats``: per seat ``{"seat", "name", "who", "colour", "colour_name", "score",
  "score_text", "hand": [{"kind", "name", "count"}] (hand order), "hand_size",
  "hand_text", "removed": [{"kind", "name", "count"}] (only kinds removed),
  "removed_text", "status" ("chosen" | "choosing" | "waiting" | "done"),
  "status_text", "played", "played_name", "is_viewer", "aria"}``;
- ``hand``: the viewer's cards (kinds it holds, hand order; empty for a spectator):
  ``[{"kind", "name", "count", "rule", "code", "legal", "label"}]``;
- ``prompt``: ``{"title", "text"}``;
- ``my_choice``: ``{"kind", "name", "text"}`` or ``None``;
- ``last``: the last resolved round or ``None``: ``{"round", "title", "bait": {"kind",
  "name"}, "plays": [{"seat", "kind", "name", "text"} | None], "plays_text", "steps":
  [{"type", "text", "cards", "seats", "eaten"}], "summary", "removed_text"}``;
- ``table``: ``{"columns": [names], "headers": {"round", "bait", "total"}, "rows":
  [{"round", "bait", "bait_kind", "points", "totals"}], "caption"}``;
- ``log_lines``: ``[{"text", "round"}]``;
- ``undo``: ``{"label", "title"}`` when the viewer may take back its choice held
  before its turn (a table of phones), else ``None``;
- ``result`` (only once over): ``{"title", "winners", "lines", "standings"}``;
- ``texts``: the page's fixed words, keys :data:`TEXT_KEYS`: ``bait``,
  ``bait_pile``, ``centre``, ``your_hand``, ``scores``, ``removed``, ``play``,
  ``chosen``, ``choosing``, ``reveal``, ``round_table``, ``round``, ``total``,
  ``next_round``, ``new_game``, ``rematch``, ``log``, ``hidden_card``, ``no_card``,
  ``aria_hand``, ``aria_table``, ``aria_seats``, ``aria_steps``, ``game_over``,
  ``steps``, ``played``, ``hand``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from seasalt.fdm.cards import PLAYER_KINDS, UNUSED
from seasalt.fdm.present.log import log_lines
from seasalt.fdm.present.results import game_result, points_text
from seasalt.fdm.present.reveal import (
    play_text,
    plays_sentence,
    removed_sentence,
    step_text,
    summary_text,
)
from seasalt.fdm.present.words import (
    colour_name,
    hand_text,
    join_and,
    kind_name,
    kind_rule,
    seat_colour,
    seat_name,
    who_label,
)
from seasalt.i18n import N_, _, ngettext, pgettext, translated
from seasalt.ssp.present.words import isolated

GAME = "fruits-de-mer"
#: The page's fixed words by key (English source); ``round`` is the score table's
#: column (a round's number), translated in its own context.
TEXTS: dict[str, str] = {
    "bait": N_("Bait"),
    "bait_pile": N_("Bait pile"),
    "centre": N_("Centre"),
    "your_hand": N_("Your hand"),
    "hand": N_("Hand"),
    "scores": N_("Scores"),
    "removed": N_("Removed from the game"),
    "play": N_("Play in secret"),
    "chosen": N_("Chosen"),
    "choosing": N_("Choosing…"),
    "played": N_("Played"),
    "reveal": N_("Reveal"),
    "steps": N_("What happened"),
    "round_table": N_("Scores after each round"),
    "total": N_("Total"),
    "next_round": N_("Next round"),
    "new_game": N_("New game"),
    "rematch": N_("Rematch"),
    "log": N_("Game log"),
    "hidden_card": N_("a hidden card"),
    "no_card": N_("no card"),
    "game_over": N_("Game over"),
    "aria_hand": N_("Your hand: choose one card to play in secret"),
    "aria_table": N_("The table: the bait, the players and their cards"),
    "aria_seats": N_("Players"),
    "aria_steps": N_("The round's resolution, step by step"),
}
#: Every key of ``payload()["texts"]``.
TEXT_KEYS: tuple[str, ...] = (*TEXTS, "round")


def texts() -> dict[str, str]:
    """The page's fixed words (:data:`TEXT_KEYS`), in the language in use."""
    out = translated(TEXTS)
    out["round"] = pgettext("score table column: the round's number", "Round")
    return out


def title() -> str:
    """``Fruits de mer``: the game's title (the French name, kept in every language
    unless a translation says otherwise)."""
    return _("Fruits de mer")


def _get(v: Any, key: str) -> Any:
    return v[key] if isinstance(v, Mapping) else getattr(v, key)


def _count(counts: Mapping[str, int], kind: str) -> int:
    return int(counts.get(kind, 0))


def status_of(v: Any, i: int) -> str:
    """A seat's state this round: ``chosen``, ``choosing`` (its turn to commit),
    ``waiting`` (still to choose) or ``done`` (game over, or no card left)."""
    if _get(v, "outcome") is not None:
        return "done"
    if _get(v, "chosen")[i]:
        return "chosen"
    if _get(v, "current") == i:
        return "choosing"
    if sum(int(c) for c in _get(v, "hands")[i].values()) == 0:
        return "done"
    return "waiting"


def status_text(status: str, over: bool) -> str:
    """A seat's state in words (``Chosen``, ``Choosing…``, ``Still to choose``, ``No
    card left``; '' once the game is over)."""
    if status == "chosen":
        return _(TEXTS["chosen"])
    if status == "choosing":
        return _(TEXTS["choosing"])
    if status == "waiting":
        return _("Still to choose")
    return "" if over else _("No card left")


def _hand_items(counts: Mapping[str, int], every: bool) -> list[dict[str, Any]]:
    return [{"kind": k.value, "name": kind_name(k), "count": _count(counts, k.value)}
            for k in PLAYER_KINDS if every or _count(counts, k.value) > 0]


def seat_entry(v: Any, i: int, names: Sequence[str], kinds: Sequence[str]) -> dict[str, Any]:
    """One seat's chip (see :func:`payload`)."""
    over = _get(v, "outcome") is not None
    hand = _get(v, "hands")[i]
    removed = _get(v, "removed")[i]
    last = _get(v, "last")
    played = last["plays"][i] if last else None
    status = status_of(v, i)
    name = seat_name(i, names)
    colour = seat_colour(i)
    score = int(_get(v, "scores")[i])
    size = sum(int(c) for c in hand.values())
    gone = _hand_items(removed, False)
    kind = kinds[i] if i < len(kinds) else "human"
    entry = {
        "seat": i, "name": name, "who": who_label(kind), "colour": colour,
        "colour_name": colour_name(colour), "score": score, "score_text": points_text(score),
        "hand": _hand_items(hand, True), "hand_size": size, "hand_text": hand_text(hand),
        "removed": gone,
        "removed_text": _("Removed from the game: {cards}").format(
            cards=hand_text(removed)) if gone else "",
        "status": status, "status_text": status_text(status, over),
        "played": played, "played_name": kind_name(played) if played else "",
        "is_viewer": _get(v, "seat") == i,
    }
    entry["aria"] = _("{name} ({colour}): {points}; {cards}").format(
        name=name, colour=entry["colour_name"], points=entry["score_text"],
        cards=ngettext("{count} card", "{count} cards", size).format(count=size)) + (
        _(", {status}").format(status=entry["status_text"]) if entry["status_text"] else "")
    return entry


def hand_entries(v: Any) -> list[dict[str, Any]]:
    """The viewer's cards as the hand's buttons (see :func:`payload`); ``[]`` for a
    spectator."""
    seat = _get(v, "seat")
    if seat is None:
        return []
    legal = set(_get(v, "legal"))
    out = []
    for item in _hand_items(_get(v, "hands")[seat], False):
        k = item["kind"]
        out.append({**item, "rule": kind_rule(k), "code": k, "legal": k in legal,
                    "label": _("Play {card} in secret").format(card=item["name"])})
    return out


def waiting_for(v: Any, names: Sequence[str]) -> list[int]:
    """Seats still to choose this round (not the viewer), seat order."""
    seat = _get(v, "seat")
    return [i for i in range(int(_get(v, "players")))
            if i != seat and status_of(v, i) in ("choosing", "waiting")]


def round_title(v: Any) -> str:
    """``Round 3 of 9 · Bait: Shrimp``."""
    return _("Round {round} of {rounds} · Bait: {bait}").format(
        round=_get(v, "round"), rounds=_get(v, "rounds"), bait=kind_name(_get(v, "bait")))


def prompt(v: Any, names: Sequence[str], hot_seat: bool = False) -> dict[str, str]:
    """What the viewer is asked or waits for: ``{"title", "text"}``; with ``hot_seat``
    (several people at one device) the choice names the person holding it."""
    outcome = _get(v, "outcome")
    if outcome is not None:
        return {"title": _("Game over"),
                "text": game_result(outcome, names, _get(v, "seat"))["title"]}
    head = round_title(v)
    seat = _get(v, "seat")
    if seat is not None and seat == _get(v, "current") and _get(v, "legal"):
        if hot_seat:
            return {"title": head, "text": _(
                "{name}, choose a card in secret: the others cannot see it until "
                "everybody has chosen.").format(name=seat_name(seat, names))}
        return {"title": head, "text": _("Choose a card in secret: the others cannot see "
                                         "it until everybody has chosen.")}
    current = _get(v, "current")
    if seat is not None and not _get(v, "chosen")[seat] and current != seat:
        others = [current]  # the seat committing now: the viewer chooses after it
    else:
        others = waiting_for(v, names)
    if not others:
        return {"title": head, "text": _("Waiting for the others.")}
    return {"title": head, "text": _("Waiting for {names}.").format(
        names=join_and([seat_name(i, names) for i in others]))}


def my_choice(v: Any) -> dict[str, str] | None:
    """The viewer's card chosen this round: ``{"kind", "name", "text"}`` or ``None``."""
    kind = _get(v, "my_choice")
    if not kind:
        return None
    name = kind_name(kind)
    return {"kind": kind, "name": name,
            "text": _("You chose {card}. Waiting for the others.").format(card=name)}


def undo_button(code: str) -> dict[str, str]:
    """The Undo control for a pick held before its turn: ``{"label", "title"}``
    (``Take back your choice: Tuna``)."""
    return {"label": _("Undo"),
            "title": _("Take back your choice: {card}").format(card=kind_name(code))}


def last_round(res: Mapping[str, Any] | None, names: Sequence[str],
               viewer: int | None) -> dict[str, Any] | None:
    """A resolved round for the reveal and the step-by-step view (see :func:`payload`).

    Args:
        res: a ``history`` entry (``Resolution.to_dict()`` plus ``round``), or ``None``.
        names: seat display names.
        viewer: the reader's seat, or ``None``.
    """
    if not res:
        return None
    bait = str(res["bait"])
    round_ = int(res.get("round", 0))
    plays = [None if k is None else {"seat": s, "kind": k, "name": kind_name(k),
                                     "text": play_text(s, k, names, viewer)}
             for s, k in enumerate(res["plays"])]
    steps = []
    centre: list[list[Any]] = []
    for st in res.get("steps") or ():
        cards = [list(c) for c in st.get("cards") or ()]
        eaten = [list(c) for c in st.get("eaten") or ()]
        removed: list[list[Any]] = []
        if st["type"] == "arrest":
            removed = cards
        elif st["type"] in ("spawn", "eat"):
            removed = eaten
            centre = cards
        elif st["type"] == "fisher":
            removed, centre = cards, []
        elif st["type"] == "back":
            centre = []
        steps.append({"type": st["type"],
                      "text": step_text(st, bait, names, viewer, res["plays"]),
                      "cards": cards, "seats": list(st.get("seats") or ()), "eaten": eaten,
                      "removed": removed, "centre": list(centre)})
    return {"round": round_,
            "title": _("Round {round} · Bait: {bait}").format(round=round_,
                                                               bait=kind_name(bait)),
            "bait": {"kind": bait, "name": kind_name(bait)}, "plays": plays,
            "plays_text": plays_sentence(res, names, viewer), "steps": steps,
            "summary": summary_text(res, round_, names, viewer),
            "removed_text": removed_sentence(res, names, viewer)}


def score_table(v: Any, names: Sequence[str]) -> dict[str, Any]:
    """The scores after each round: ``{"columns", "headers", "rows", "caption"}``."""
    n = int(_get(v, "players"))
    rows = [{"round": int(h["round"]), "bait": kind_name(h["bait"]), "bait_kind": h["bait"],
             "points": list(h["points"]), "totals": list(h["totals"])}
            for h in _get(v, "history")]
    t = texts()
    return {"columns": [seat_name(i, names) for i in range(n)],
            "headers": {"round": t["round"], "bait": t["bait"], "total": t["total"]},
            "rows": rows, "caption": t["round_table"]}


def bait_entry(v: Any) -> dict[str, Any] | None:
    """``{"kind", "name", "left", "left_text"}`` for the bait on the table, or ``None``."""
    bait = _get(v, "bait")
    if bait is None:
        return None
    left = int(_get(v, "bait_left"))
    return {"kind": bait, "name": kind_name(bait), "left": left,
            "left_text": ngettext("{count} bait card left in the bait pile",
                                  "{count} bait cards left in the bait pile",
                                  left).format(count=left)}


def aside_text() -> str:
    """``3 bait cards set aside, unseen`` (F2)."""
    return ngettext("{count} bait card set aside, unseen",
                    "{count} bait cards set aside, unseen", UNUSED).format(count=UNUSED)


def payload(view: Any, names: list[str], kinds: list[str], speed: str, *,
            hot_seat: bool | None = None, undo: str | None = None) -> dict[str, Any]:
    """Everything the page shows for ``view``'s seat, JSON-ready (keys: module docstring).

    Args:
        view: a seat's (or a spectator's) :class:`~seasalt.fdm.view.View`, with its log
            (``view(..., log=True)``) for ``log_lines``.
        names: display names, one per seat.
        kinds: seat kinds (``human`` or a bot level), one per seat.
        speed: the bots' speed key (passed through).
        hot_seat: whether several people share the device (the choice then names
            the person holding it); ``None``: when ``kinds`` has several people.
        undo: the viewer's pick that it may take back (held before its turn on a
            table of phones), or ``None``: the payload's ``undo`` (:func:`undo_button`).
    """
    if hot_seat is None:
        hot_seat = sum(k == "human" for k in kinds) > 1
    v = view
    seat = _get(v, "seat")
    n = int(_get(v, "players"))
    outcome = _get(v, "outcome")
    out: dict[str, Any] = {
        "game": GAME, "title": title(), "ply": int(_get(v, "ply")), "seat": seat,
        "current": int(_get(v, "current")), "players": n,
        "names": [isolated(x) for x in names],
        "kinds": list(kinds), "speed": speed, "round": int(_get(v, "round")),
        "rounds": int(_get(v, "rounds")), "over": outcome is not None,
        "legal": list(_get(v, "legal")), "options": dict(_get(v, "options") or {}),
        "bait": bait_entry(v), "aside_text": aside_text(),
        "seats": [seat_entry(v, i, names, kinds) for i in range(n)],
        "hand": hand_entries(v),
        "prompt": prompt(v, names, hot_seat=hot_seat),
        "my_choice": my_choice(v),
        "last": last_round(_get(v, "last"), names, seat),
        "table": score_table(v, names),
        "log_lines": log_lines(_get(v, "log"), names, seat),
        "texts": texts(),
        "undo": undo_button(undo) if undo and seat is not None else None,
    }
    if outcome is not None:
        out["result"] = game_result(outcome, names, seat)
    return out

