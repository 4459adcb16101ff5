"""The score calculator's rounds and game scored from the cards entered, by the engine.

Nothing here scores by itself: a round is scored by the engine's one round scorer
(:func:`~seasalt.ssp.scoring.score_round_cards`), a player's card points by part by
:func:`~seasalt.ssp.scoring.breakdown`, the game's end and its winner by R10.2's
functions (:mod:`seasalt.ssp.outcome`), the call threshold and the Mermaids that win
by Extra Pepper's hooks (:mod:`seasalt.ssp.pepper`). Each function reads a
:class:`~seasalt.calc.cards.Round` and the table's options (``extra_pepper``: whether
events count, B.1); the table (:class:`~seasalt.calc.table.Calculator`) asks them.

Rules: R4.3, B.3.8, B.3.9 (who could call), R6.1, R6.2, R6.4, R7.1 (a round's
scores), R7.2 (totals), R10.1, B.3.7 (a Mermaid win ends the game at once), R10.2
(target and tie-break).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from seasalt.calc.cards import Round, error
from seasalt.ssp.cards import KIND_OF, Kind
from seasalt.ssp.outcome import Termination, target_reached, target_winners, tie_break_step
from seasalt.ssp.pepper import ends_allowed, mermaids_to_win
from seasalt.ssp.scoring import Breakdown, RoundScores, breakdown, event_mask, score_round_cards

_MERMAID = Kind.MERMAID


def events(rnd: Round, player: int, options: Mapping[str, bool]) -> list[int]:
    """The Extra Pepper events that apply to ``player`` in ``rnd`` (B.1); ``[]`` without
    Extra Pepper."""
    return rnd.events(player) if options["extra_pepper"] else []


def breakdowns(rnd: Round, options: Mapping[str, bool]) -> list[Breakdown]:
    """Each player's card points by part and colour bonus (R6.4, R7.1), from the
    engine's :func:`~seasalt.ssp.scoring.breakdown`."""
    return [breakdown(s.hand, s.front_ids(), events(rnd, p, options))
            for p, s in enumerate(rnd.seats)]


def mermaid_winner(rnd: Round, options: Mapping[str, bool]) -> int | None:
    """R10.1: the player holding the Mermaids that win at once (4, or 3 with Dance of
    the Mermaids, B.3.7), else ``None``."""
    for p, s in enumerate(rnd.seats):
        n = sum(1 for c in s.cards() if KIND_OF[c] == _MERMAID)
        if n >= mermaids_to_win(event_mask(events(rnd, p, options))):
            return p
    return None


def round_scores(rnd: Round, options: Mapping[str, bool]) -> RoundScores | None:
    """``rnd``'s scores by the engine's round scorer, once its end and caller are said
    and no duo in front is open; else ``None``."""
    if rnd.end is None or rnd.caller is None or any(s.open_duo() for s in rnd.seats):
        return None
    return score_round_cards([s.hand for s in rnd.seats], [s.front_ids() for s in rnd.seats],
                             rnd.end, rnd.caller, [events(rnd, p, options) for p in range(
                                 len(rnd.seats))] if options["extra_pepper"] else None)


def may_call(rnd: Round, player: int, options: Mapping[str, bool]) -> tuple[str, ...]:
    """The ends ``player``'s cards allow announcing (R4.3: 7 card points; B.3.8
    Treasure Chest: 10; B.3.9 Diodon Fish: LAST CHANCE only)."""
    applying = events(rnd, player, options)
    seat = rnd.seats[player]
    points = breakdown(seat.hand, seat.front_ids(), applying).card_points
    return ends_allowed(points, event_mask(applying))


def history(rounds: Sequence[Round], options: Mapping[str, bool], players: int,
            target: int) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """The rounds scored, as the engine reports rounds, and how the game ended.

    Args:
        rounds: the rounds scored, in order; options: the table's options;
        players: how many; target: the game's target (R2, R11).

    Returns:
        ``(results, outcome)``: one result per scored round
        (:meth:`~seasalt.ssp.scoring.RoundScores.result`: parts, round scores,
        totals...), a round won by R10.1's Mermaids aside; ``outcome`` is ``None``
        while the game goes on, else ``{"termination" ("target" or
        "four-mermaids"), "winners" (seats), "scores" (totals), "tie_break" (R10.2's
        step or ``None``), "round" (the round it ended in)}``.

    Raises:
        CalcError: ``no-end``: a round without its end (never for a table the
            calculator built or read).
    """
    totals = [0] * players
    results: list[dict[str, Any]] = []
    for number, r in enumerate(rounds, start=1):
        winner = mermaid_winner(r, options)
        if winner is not None:
            return results, {"termination": str(Termination.FOUR_MERMAIDS),
                             "winners": [winner], "scores": list(totals),
                             "tie_break": None, "round": number}
        scored = round_scores(r, options)
        if scored is None:  # from_dict and score_round refuse it: never here
            raise error("no-end", f"round {number} has no end")
        totals = [t + x for t, x in zip(totals, scored.round_scores, strict=True)]
        results.append(scored.result(number, [s.hand for s in r.seats],
                                     [s.front_ids() for s in r.seats], totals,
                                     [events(r, p, options) for p in range(players)]))
        if target_reached(totals, target):
            assert r.caller is not None
            winners = target_winners(totals, r.caller, scored.round_scores)
            return results, {"termination": str(Termination.TARGET),
                             "winners": list(winners), "scores": list(totals),
                             "tie_break": tie_break_step(totals, r.caller, winners),
                             "round": number}
    return results, None
