"""The end of a game of Fruits de mer in words (docs/fruits-de-mer.md F6): the winner or the
shared victory, and the final scores.

An outcome is ``Outcome.to_dict()`` or the ``game-end`` event (``winners``,
``scores``); every seat with the top score wins (a tie is a shared victory).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from seasalt.fdm.present.words import is_you, join_and, join_list, seat_name, sentence
from seasalt.i18n import _, ngettext

Names = Sequence[str] | None


def points_text(points: int) -> str:
    """``1 point``, ``4 points``."""
    return ngettext("{count} point", "{count} points", points).format(count=points)


def victory_sentence(winners: Sequence[int], scores: Sequence[int], names: Names = None,
                     seat: int | None = None) -> str:
    """``Ann wins with 4 points!``, ``You win with 4 points!``, ``Ann and Bob share the
    victory with 3 points each!`` (F6)."""
    winners = [int(w) for w in winners]
    best = max((int(scores[w]) for w in winners), default=0)
    if len(winners) == 1:
        w = winners[0]
        if is_you(w, names, seat):
            return ngettext("You win with {count} point!", "You win with {count} points!",
                            best).format(count=best)
        return ngettext("{name} wins with {count} point!", "{name} wins with {count} points!",
                        best).format(name=seat_name(w, names), count=best)
    listed = join_and([_("you") if is_you(w, names, seat) else seat_name(w, names)
                       for w in winners])
    return sentence(ngettext("{names} share the victory with {count} point each!",
                             "{names} share the victory with {count} points each!",
                             best).format(names=listed, count=best))


def final_scores_text(scores: Sequence[int], names: Names = None) -> str:
    """``Final scores: Ann 4, Bob 3`` (seat order)."""
    return _("Final scores: {scores}").format(scores=join_list(
        [_("{name} {points}").format(name=seat_name(i, names), points=s)
         for i, s in enumerate(scores)]))


def game_result(outcome: Mapping[str, Any], names: Names = None,
                seat: int | None = None) -> dict[str, Any]:
    """The game-over words: ``title`` (the victory sentence), ``winners`` (seats),
    ``lines`` (``Ann: 4 points``, best first), ``standings`` (``{"seat", "name",
    "score", "score_text", "winner", "rank"}``, best first; ``rank`` is the place,
    shared by equal points as the victory is (F6): scores 3, 2, 2, 0 rank 1, 2, 2, 4)."""
    winners = [int(w) for w in outcome["winners"]]
    scores = [int(s) for s in outcome["scores"]]
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    standings = [{"seat": s, "name": seat_name(s, names), "score": scores[s],
                  "score_text": points_text(scores[s]), "winner": s in winners,
                  "rank": 1 + sum(other > scores[s] for other in scores)}
                 for s in order]
    lines = [_("{name}: {points}").format(name=r["name"], points=r["score_text"])
             for r in standings]
    return {"title": victory_sentence(winners, scores, names, seat), "winners": winners,
            "lines": lines, "standings": standings}
