"""The words of a replay: its controls, where it stands, the coach's marks and why a
record cannot be replayed.

A coach's mark is one of ``GameRecord.notes`` (:mod:`seasalt.core.record`): a review
``{"ply", "seat", "kind": "review", "grade": "inaccuracy"|"mistake"|"blunder",
"chosen", "best", "loss"}`` (action codes; ``loss``: the chance to win lost, 0..1)
or ``{"ply", "seat", "kind": "suggest"}`` (a suggestion was asked there).
:func:`mark_words` words one, as chess sites do (``?!``, ``?``, ``??``) with the
better move in words, the grades' names and marks being the coach's own
(:mod:`seasalt.ssp.present.coach`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from seasalt.core.errors import InvalidActionError
from seasalt.i18n import N_, _, translated
from seasalt.ssp.present.actions import action_label
from seasalt.ssp.present.coach import GRADE_WORDS, grade_mark, grade_name
from seasalt.ssp.present.words import is_you, seat_name

#: The symbol of a "suggest" mark (a suggestion was asked there).
SUGGEST_SYMBOL = "⚑"

#: The replay screen's fixed words, by key (English source).
REPLAY_TEXTS: dict[str, str] = {
    "title": N_("Replay"),
    "controls": N_("Replay controls"),
    "to-start": N_("To start"),
    "back": N_("Back"),
    "forward": N_("Forward"),
    "to-end": N_("To end"),
    "slider": N_("Move"),
    "round": N_("Jump to round"),
    "seat": N_("Show the table"),
    # TRANSLATORS: the short visible label of the replay's seat menu ("View as: Ann")
    "view": N_("View as"),
    "spectator-short": N_("Spectator"),
    "all-hands": N_("All hands"),
    "spectator": N_("As a spectator saw it"),
    "next-mark": N_("Next mark"),
    "close": N_("Close"),
    "deal": N_("The deal, before the first move"),
    "no-marks": N_("No marks from the coach in this game."),
}


#: The stepping buttons, in order: (page action, icon, key of its words, keyboard key).
STEP_BUTTONS: tuple[tuple[str, str, str, str], ...] = (
    ("replay-start", "|◀", "to-start", "Home"), ("replay-back", "◀", "back", "ArrowLeft"),
    ("replay-forward", "▶", "forward", "ArrowRight"), ("replay-end", "▶|", "to-end", "End"))


def step_buttons() -> list[dict[str, str]]:
    """The replay's stepping buttons: ``[{"action": "replay-back", "icon": "◀", "label":
    "Back", "key": "ArrowLeft"}]`` (``key``: the keyboard key that presses it)."""
    return [{"action": a, "icon": icon, "label": replay_text(words), "key": key}
            for a, icon, words, key in STEP_BUTTONS]


def replay_text(key: str) -> str:
    """One of the replay's fixed words (a key of :data:`REPLAY_TEXTS`), translated.

    Raises:
        KeyError: an unknown key.
    """
    return _(REPLAY_TEXTS[key])


def replay_texts() -> dict[str, str]:
    """All of the replay's fixed words, ``{key: text}``, in the language in use."""
    return translated(REPLAY_TEXTS)


def seat_mode_label(seat: int, names: Sequence[str]) -> str:
    """The seat selector's entry for one seat: ``As Ann saw it`` (``As you saw it`` for
    the seat named *You*)."""
    if is_you(seat, names, None):
        return _("As you saw it")
    return _("As {name} saw it").format(name=seat_name(seat, names))


def seat_mode_short(seat: int, names: Sequence[str]) -> str:
    """The seat selector's short entry for one seat, after its ``View as`` label: the
    seat's name (``You`` as the catalog says it)."""
    return seat_name(seat, names)


def round_label(number: int) -> str:
    """A round in the jump menu: ``Round 2``."""
    return _("Round {number}").format(number=number)


def round_start_text(number: int) -> str:
    """The caption at a round's first ply (a fresh deal): ``Round 2 begins``."""
    return _("Round {number} begins").format(number=number)


def position_text(ply: int, plies: int, round_number: int) -> str:
    """Where the replay stands: ``Move 12 of 293 · round 2`` (``ply`` 0: the deal)."""
    return _("Move {ply} of {plies} · round {round}").format(ply=ply, plies=plies,
                                                             round=round_number)


def move_text(code: str, actor: int, names: Sequence[str]) -> str:
    """The move that led to the ply shown: ``Ann: Draw two cards from the draw pile``
    (the code itself if it names no action of this game).

    Args:
        code: the action's code.
        actor: the seat that played it.
        names: display names, seat order.
    """
    return _("{name}: {move}").format(name=seat_name(actor, names),
                                      move=_action_words(code, names))


def _action_words(code: Any, names: Sequence[str]) -> str:
    try:
        return action_label(str(code), names)
    except (InvalidActionError, ValueError, KeyError, IndexError):
        return str(code)


def mark_words(note: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any] | None:
    """A coach's mark in words, or ``None`` for a note that is no mark (another kind,
    an unknown grade).

    Args:
        note: a note of ``GameRecord.notes`` (see the module docstring).
        names: display names, seat order.

    Returns:
        ``{"kind": "review"|"suggest", "grade": "mistake" (reviews; '' otherwise),
        "symbol": "?", "title": "Mistake", "better": "better: Announce STOP" (reviews
        with a best move; else ''), "loss": "−12% chance to win" (reviews with a loss;
        else ''), "text": everything in one line (for a tooltip or a screen reader)}``.
    """
    kind = note.get("kind", "review" if "grade" in note else None)
    if kind == "suggest":
        title = _("A suggestion was asked here")
        return {"kind": "suggest", "grade": "", "symbol": SUGGEST_SYMBOL, "title": title,
                "better": "", "loss": "", "text": title}
    grade = note.get("grade")
    if kind != "review" or grade not in GRADE_WORDS:
        return None
    title = grade_name(str(grade))
    best = note.get("best")
    better = _("better: {move}").format(move=_action_words(best, names)) if best else ""
    loss_value = note.get("loss")
    loss = ""
    if isinstance(loss_value, int | float) and not isinstance(loss_value, bool):
        loss = _("−{percent}% chance to win").format(
            percent=round(100 * max(0.0, min(1.0, float(loss_value)))))
    symbol = grade_mark(str(grade))
    text = " · ".join(p for p in (f"{symbol} {title}", better, loss) if p)
    return {"kind": "review", "grade": str(grade), "symbol": symbol,
            "title": title, "better": better, "loss": loss, "text": text}


def record_problem(kind: str, **fields: Any) -> str:
    """Why a game record cannot be replayed, in one sentence.

    Only sentences a player understands: no parser's message, no action code.

    Args:
        kind: ``version`` (``version``: the one read), ``save-version`` (a page
            save's ``version``; ``latest``: the latest the page reads), ``action``
            (``number``: the 1-based move; other fields such as ``code`` are ignored),
            ``game`` (``game``: its name), ``file`` (not JSON, or no record; other
            fields such as ``error`` are ignored).

    Raises:
        KeyError: an unknown kind or a missing field.
    """
    texts = {
        "version": N_("This game record is of version {version}; this page replays "
                      "version 1 records."),
        "save-version": N_("This saved game is of version {version}; this page reads "
                           "saves of versions 1 to {latest}."),
        "action": N_("This game record cannot be replayed: move {number} is not "
                     "possible at that point."),
        "game": N_("This game record is of a game this page cannot replay: {game}."),
        "file": N_("That file is not a game record this page can replay."),
    }
    return _(texts[kind]).format(**fields)
