"""Game log lines from Fruits de mer's events, as one seat may read them.

Events are the view's redacted log (``View.log``): ``round-start`` (``round``,
``bait``), ``choose`` (``seat``, ``round``, and ``kind`` only in that seat's own
view), ``reveal`` (``round``, ``resolution``: every play, once all are in),
``round-end`` (``round``, ``scores``), ``game-end`` (``winners``, ``scores``).
A hidden card is never named: a ``choose`` event without ``kind`` says "a card
in secret"; a card is named only where the event itself names it (the chooser's
own view, the reveal).

:func:`log_lines` gives the page's ``[{"text", "round"}]`` (a ``reveal`` becomes
several lines: the plays, then one line per resolution step; ``round``: the line
starts a round); :func:`log_line` one sentence per event (the steps joined).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from seasalt.fdm.cards import ROUNDS
from seasalt.fdm.present.reveal import plays_sentence, steps_texts
from seasalt.fdm.present.words import is_you, join_list, kind_name, seat_name
from seasalt.i18n import _

Event = Mapping[str, Any]
Names = Sequence[str] | None

#: Event types whose line starts a round (a heading in the log).
ROUND_EVENTS: frozenset[str] = frozenset({"round-start"})


def scores_text(scores: Sequence[int], names: Names = None) -> str:
    """``Ann 2, Bob 1, Carl 0`` (seat order)."""
    return join_list([_("{name} {points}").format(name=seat_name(i, names), points=s)
                      for i, s in enumerate(scores)])


def event_lines(e: Event, names: Names = None, seat: int | None = None) -> list[str]:
    """The sentences of one event as ``seat`` reads it (a reveal: several)."""
    kind = str(e.get("type"))
    if kind == "round-start":
        return [_("Round {round} of {rounds} begins. Bait: {bait}.").format(
            round=e["round"], rounds=ROUNDS, bait=kind_name(e["bait"]))]
    if kind == "choose":
        who = int(e["seat"])
        you = is_you(who, names, seat)
        if e.get("kind") and who == seat:
            card = kind_name(e["kind"])
            if you:
                return [_("You choose {card} in secret.").format(card=card)]
            return [_("{name} chooses {card} in secret.").format(
                name=seat_name(who, names), card=card)]
        if you:
            return [_("You choose a card in secret.")]
        return [_("{name} chooses a card in secret.").format(name=seat_name(who, names))]
    if kind == "reveal":
        res = e["resolution"]
        return [plays_sentence(res, names, seat), *steps_texts(res, names, seat)]
    if kind == "round-end":
        return [_("Scores after round {round}: {scores}.").format(
            round=e["round"], scores=scores_text(e["scores"], names))]
    if kind == "game-end":
        from seasalt.fdm.present.results import victory_sentence

        return [victory_sentence(e["winners"], e["scores"], names, seat)]
    return [kind]


def log_line(e: Event, names: Names = None, seat: int | None = None) -> str:
    """One event as one line (a reveal's sentences joined by spaces)."""
    return " ".join(event_lines(e, names, seat))


def log_lines(events: Iterable[Event], names: Names = None,
              seat: int | None = None) -> list[dict[str, Any]]:
    """The log as the page shows it: ``[{"text", "round"}]`` in order (``round``: the
    line starts a round)."""
    out: list[dict[str, Any]] = []
    for e in events:
        starts = e.get("type") in ROUND_EVENTS
        for i, text in enumerate(event_lines(e, names, seat)):
            out.append({"text": text, "round": starts and i == 0})
    return out
