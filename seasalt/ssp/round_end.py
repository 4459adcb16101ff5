"""The end of a round and of the game: scoring, the empty draw pile, the Mermaid
win, and Extra Pepper's hand-out between rounds.

Rules: docs/rules.md R6.1/R6.2 (scoring STOP and LAST CHANCE), R7.2 (totals), R8 (empty
draw pile), R9 (next round), R10.1 (Mermaid win at once, whoever's turn it is),
R10.2 (target and tie-break); Extra Salt A.3 (forced turns end with the round);
Extra Pepper B.1 (event deck refill), B.3.7 (Dance of the Mermaids), B.4 (hand-out).
"""

from __future__ import annotations

import random

from seasalt.core.interface import Outcome
from seasalt.ssp import outcome
from seasalt.ssp.cards import KIND_OF, Event, Kind
from seasalt.ssp.gamestate import CALL_NAMES, Phase, State
from seasalt.ssp.log import log_event
from seasalt.ssp.outcome import Termination, target_reached
from seasalt.ssp.pepper import events_of, mermaids_needed
from seasalt.ssp.scoring import score_round_cards
from seasalt.ssp.setup import start_round

_MERMAID = Kind.MERMAID


def check_mermaid_win(s: State, seat: int) -> None:
    """R10.1: a player holding all 4 Mermaids wins at once (3 or more with Extra
    Pepper's Dance of the Mermaids, B.3.7 and Decision 4)."""
    n = 0
    for c in s.hands[seat]:
        if KIND_OF[c] == _MERMAID:
            n += 1
    for c in s.fronts[seat]:
        if KIND_OF[c] == _MERMAID:
            n += 1
    if n < 3:
        return  # never enough (the fewest any event asks for is 3)
    need = mermaids_needed(s, seat)
    if n >= need:
        s.forced = [False] * s.n  # A.3: pending forced turns end with the round
        s.result = Outcome(Termination.FOUR_MERMAIDS, (seat,), tuple(s.scores))
        s.phase = Phase.GAME_OVER
        if need == 3:
            log_event(s, "four-mermaids", seat, mermaids=n, dance=True)
        else:
            log_event(s, "four-mermaids", seat)
        log_event(s, "game-over", seat, **s.result.to_dict())


def score_round(s: State) -> None:
    """R6.1/R6.2/R7.2: score the round, then end the game (R10.2) or deal again (R9).

    The scores come from :func:`~seasalt.ssp.scoring.score_round_cards` (the one
    scorer of a round, the score calculator's too). ``s.last_round`` (the round's
    result, :meth:`~seasalt.ssp.scoring.RoundScores.result`) holds per seat the
    breakdown's parts, ``hand``, ``front``, ``round_score``, ``total``,
    ``scores_cards`` / ``scores_bonus`` (whether the seat's card points / colour bonus
    count, R6.1, R6.2) and ``applied_events`` (the Extra Pepper events its scoring
    used: what :func:`~seasalt.ssp.scoring.itemise` needs to group its cards as they
    scored).
    """
    n = s.n
    s.forced = [False] * n  # A.3: cleared at the end of the round, even the game's last
    caller = s.caller
    events = [events_of(s, o) for o in range(n)]
    scored = score_round_cards(s.hands, s.fronts, CALL_NAMES[s.call] or "", caller, events)
    for o in range(n):
        s.scores[o] += scored.round_scores[o]
    s.ender = caller
    s.last_round = scored.result(s.round, s.hands, s.fronts, s.scores, events)
    log_event(s, "round-end", caller, result=s.last_round)
    if target_reached(s.scores, s.target):
        winners = target_winners(s, list(scored.round_scores))
        s.result = Outcome(Termination.TARGET, winners, tuple(s.scores))
        s.phase = Phase.GAME_OVER
        log_event(s, "game-over", caller, **s.result.to_dict(),
                  tie_break=tie_break(s, winners))
        return
    next_round(s)


def target_winners(s: State, round_scores: list[int]) -> tuple[int, ...]:
    """R10.2: highest total; ties go to the ender, then the best last round, else
    shared (:func:`seasalt.ssp.outcome.target_winners` on the state's totals)."""
    return outcome.target_winners(s.scores, s.ender, round_scores)


def tie_break(s: State, winners: tuple[int, ...]) -> str | None:
    """Which step of R10.2's tie-break decided the game once the target is reached:
    ``None`` (one highest total), ``ender`` (the tied player who ended the last round),
    ``last-round`` (the tied player who scored most in the last round) or ``shared``
    (:func:`seasalt.ssp.outcome.tie_break_step`)."""
    return outcome.tie_break_step(s.scores, s.ender, winners)


def end_round_empty(s: State, seat: int) -> None:
    """R8: the draw pile is empty at the end of a turn: nobody scores; deal again (R9)."""
    s.ender = seat
    s.last_round = {
        "round": s.round, "end": "empty-draw-pile", "caller": seat, "bet_won": None,
        "players": [
            {"duos": 0, "mermaids": 0, "collectors": 0, "multipliers": 0, "colour_bonus": 0,
             "card_points": 0, "hand": None, "front": s.fronts[o][:], "round_score": 0,
             "total": s.scores[o], "scores_cards": False, "scores_bonus": False,
             "applied_events": []}
            for o in range(s.n)
        ],
    }
    log_event(s, "round-end", seat, result=s.last_round)
    next_round(s)


def next_round(s: State) -> None:
    """R9: deal the next round, after Extra Pepper's hand-out (B.4) when on."""
    if s.table_event < 0:
        start_round(s, (s.ender + 1) % s.n)
        return
    hand_out(s)


def draw_event(s: State) -> int:
    """B.1: the top event card; an empty event deck is first refilled from the
    shuffled event discard pile."""
    if not s.events:
        s.events = s.event_discard
        s.event_discard = []
        r = random.Random(s.rng)
        r.shuffle(s.events)
        s.rng = r.getrandbits(64)
        log_event(s, "event-deck-shuffled", -1, size=len(s.events))
    return s.events.pop()


def hand_out(s: State) -> None:
    """B.4: hand the table event out on the game totals, reveal the next one, and
    let a seat holding two events keep one (phase KEEP_EVENT) before the next round."""
    n = s.n
    s.forced = [False] * n
    sc = s.scores
    hi, lo = max(sc), min(sc)
    tops = [o for o in range(n) if sc[o] == hi]
    bottoms = [o for o in range(n) if sc[o] == lo]
    most = tops[0] if len(tops) == 1 else -1
    fewest = bottoms[0] if len(bottoms) == 1 else -1
    for o in range(n):
        for e in list(s.held[o]):
            if o != (most if Event(e).most else fewest):
                s.held[o].remove(e)
                s.event_discard.append(e)
                log_event(s, "event-lost", o, event=Event(e).slug)
    e = s.table_event
    to = most if Event(e).most else fewest
    if to >= 0:
        s.held[to].append(e)
        log_event(s, "event-given", to, event=Event(e).slug)
    else:
        s.event_discard.append(e)
        log_event(s, "event-discarded", -1, event=Event(e).slug)
    s.table_event = draw_event(s)
    log_event(s, "event-reveal", -1, event=Event(s.table_event).slug)
    if to >= 0 and len(s.held[to]) > 1:
        s.phase = Phase.KEEP_EVENT
        s.current = to
        s.extra_turn = False
        log_event(s, "choose-event", to, events=[Event(x).slug for x in sorted(s.held[to])])
        return
    start_round(s, (s.ender + 1) % n)


def keep_event(s: State, seat: int, keep: int) -> None:
    """B.4 step 5: keep one held event, discard the others; the next round begins."""
    gone = [e for e in s.held[seat] if e != keep]
    s.held[seat] = [keep]
    s.event_discard.extend(gone)
    log_event(s, "event-kept", seat, event=Event(keep).slug,
           discarded=[Event(e).slug for e in gone])
    start_round(s, (s.ender + 1) % s.n)
