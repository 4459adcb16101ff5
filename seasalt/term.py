"""Terminal rendering of Sea Salt & Paper: a seat's view, the choices, round results.

Holds no rule: what is legal comes from the engine, words come from
:mod:`seasalt.ssp.text`, and scores from the engine's round results and
:mod:`seasalt.ssp.scoring`. Everything returns strings; the ``play`` command
(:mod:`seasalt.commands.play`) does the input and output.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from seasalt.ssp.actions import Action, parse_action
from seasalt.ssp.scoring import card_points
from seasalt.ssp.text import card_name, describe_action, seat_name
from seasalt.ssp.view import View


def cards_text(cards: Sequence[int]) -> str:
    """``Crab (dark blue), Shell (black)``, or ``none``."""
    return ", ".join(card_name(c) for c in cards) if cards else "none"


def duos_text(front: Sequence[int]) -> str:
    """Cards in front as duos: ``Boat (black) + Boat (yellow); ...``, or ``none``."""
    pairs = [f"{card_name(front[i])} + {card_name(front[i + 1])}"
             for i in range(0, len(front) - 1, 2)]
    return "; ".join(pairs) if pairs else "none"


def render_table(v: View, names: Sequence[str]) -> str:
    """The table as ``v``'s seat sees it (R5), several lines.

    Args:
        v: a seat's (or a spectator's) view.
        names: display names, one per seat.

    Returns:
        Text without a trailing newline.
    """
    lines = []
    turn = ""
    if v.current >= 0:
        turn = f"; {seat_name(v.current, names)} to play"
        if v.extra_turn:
            turn += " (extra turn)"
    lines.append(f"=== Round {v.round}{turn} ===")
    lines.append("Scores: " + ", ".join(f"{seat_name(i, names)} {s}"
                                        for i, s in enumerate(v.scores))
                 + f" (target {v.target})")
    if v.call == "last-chance" and v.caller is not None:
        lines.append(f"LAST CHANCE announced by {seat_name(v.caller, names)}.")
    piles = []
    for i, p in enumerate(v.piles, start=1):
        top = card_name(p.top) if p.top is not None else "empty"
        piles.append(f"discard {i}: {top} ({p.size} card{'s' if p.size != 1 else ''})")
    lines.append(f"Draw pile: {v.draw_size} cards; " + "; ".join(piles))
    for i in range(v.n_players):
        who = seat_name(i, names)
        if i == v.seat:
            pts = card_points(v.hand, v.fronts[i])
            lines.append(f"{who}, your hand: {cards_text(v.hand)}")
            lines.append(f"    in front: {duos_text(v.fronts[i])}; card points {pts}")
            continue
        size = v.hand_sizes[i]
        if v.revealed[i]:
            hand = f"revealed hand: {cards_text(v.known[i])}"
        else:
            hand = f"{size} card{'s' if size != 1 else ''} in hand"
            if v.known[i]:
                hand += f" (you know: {cards_text(v.known[i])})"
        lines.append(f"{who}: {hand}")
        lines.append(f"    in front: {duos_text(v.fronts[i])}")
    if v.drawn:
        lines.append(f"You drew: {cards_text(v.drawn)}")
    if v.crab_cards:
        lines.append(f"Discard pile {v.crab_pile} holds: {cards_text(v.crab_cards)}")
    return "\n".join(lines)


def render_choices(legal: Sequence[Action], names: Sequence[str]) -> str:
    """The legal actions numbered from 1, one per line, in words and code."""
    return "\n".join(f"  {i}. {describe_action(a, names)}  [{a}]"
                     for i, a in enumerate(legal, start=1))


def parse_choice(text: str, legal: Sequence[Action]) -> Action | None:
    """The action a player typed: its number in the list or its code (``take:1``).

    Returns:
        The chosen legal action, or ``None`` if ``text`` names none of them.
    """
    t = text.strip()
    if t.isdigit():
        i = int(t)
        return legal[i - 1] if 1 <= i <= len(legal) else None
    try:
        a = parse_action(t)
    except ValueError:
        return None
    return a if a in legal else None


def render_round_result(result: Mapping[str, Any], names: Sequence[str]) -> str:
    """A round's result (``State.last_round`` / a ``round-end`` event) with the
    breakdown per player (R7.1 parts, R6.4 colour bonus, round score, total)."""
    lines = []
    end = result["end"]
    if end == "empty-draw-pile":
        lines.append(f"Round {result['round']} ends: the draw pile is empty; nobody scores "
                     "(R8).")
    else:
        caller = seat_name(result["caller"], names)
        if end == "stop":
            lines.append(f"Round {result['round']} ends: {caller} announced STOP.")
        else:
            bet = "won" if result["bet_won"] else "lost"
            lines.append(f"Round {result['round']} ends: {caller}'s LAST CHANCE is {bet}.")
    width = max(len(seat_name(i, names)) for i in range(len(result["players"])))
    lines.append(f"  {'':<{width}}  duos mermaids collectors multipliers | points "
                 f"colour | round  total")
    for i, p in enumerate(result["players"]):
        lines.append(f"  {seat_name(i, names):<{width}}  {p['duos']:>4} {p['mermaids']:>8} "
                     f"{p['collectors']:>10} {p['multipliers']:>11} | {p['card_points']:>6} "
                     f"{p['colour_bonus']:>6} | {p['round_score']:>5} {p['total']:>6}")
    for i, p in enumerate(result["players"]):
        if p.get("hand") is not None:
            lines.append(f"  {seat_name(i, names)}: hand {cards_text(p['hand'])}; "
                         f"in front {duos_text(p['front'])}")
    return "\n".join(lines)
