"""``seasalt score``: the score calculator (RULES.md R7.1 card points, R6.4 colour bonus).

``seasalt score [--json] CARD... [--front CARD...]`` scores one player's cards:
the positional cards are the hand (or hand and front together in the base
game, where a pair scores the same in hand as in front); ``--front`` gives the
cards in front, which matters with Extra Salt (Starfish trios, A.6).
``seasalt score [--json] -`` reads one set per line from standard input (cards
separated by spaces or commas, an optional ``|`` before the cards in front;
blank lines and lines starting with ``#`` are skipped) and prints one result
per line. Base-game and Extra Salt cards are accepted.
"""

from __future__ import annotations

import argparse
import json
import re

from seasalt.core.errors import InvalidCardError
from seasalt.ssp.cards import ALL_CARDS, CARDS, parse_cards
from seasalt.ssp.scoring import breakdown

HELP = "score a set of cards (hand and cards in front), as a score calculator"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the ``score`` arguments."""
    parser.add_argument("cards", nargs="*", metavar="CARD",
                        help="cards as type:colour (e.g. crab:dark-blue mermaid:white), "
                             "or - to read one set per line from standard input")
    parser.add_argument("--front", nargs="+", action="extend", default=[], metavar="CARD",
                        help="cards in front of the player (duos, Extra Salt trios)")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object per result")


def _split(text: str) -> list[str]:
    return [t for t in re.split(r"[\s,]+", text) if t]


def score_line(tokens: list[str], as_json: bool, front_tokens: list[str] | None = None) -> str:
    """Score one player's cards and format the result on one line.

    Args:
        tokens: notations of the hand (or of all cards, in the base game).
        as_json: one JSON object instead of a sentence.
        front_tokens: notations of the cards in front.

    Raises:
        InvalidCardError: an unknown card or too many copies, hand and front
            counted together (the message names the card).
    """
    front_tokens = front_tokens or []
    ids = parse_cards([*tokens, *front_tokens], ALL_CARDS)
    hand, front = ids[: len(tokens)], ids[len(tokens):]
    b = breakdown(hand, front)
    if as_json:
        out: dict[str, object] = {
            "cards": [CARDS[c].notation for c in hand],
            "card_points": b.card_points,
            "colour_bonus": b.colour_bonus,
            "breakdown": {"duos": b.duos, "mermaids": b.mermaids,
                          "collectors": b.collectors, "multipliers": b.multipliers},
        }
        if front:
            out["front"] = [CARDS[c].notation for c in front]
        return json.dumps(out)
    return (f"{b.card_points} card points (duos {b.duos}, mermaids {b.mermaids}, "
            f"collectors {b.collectors}, multipliers {b.multipliers}), "
            f"colour bonus {b.colour_bonus}")


def run(args: argparse.Namespace, io) -> int:  # noqa: ANN001 - seasalt.cli.IO
    """Score the cards given; 2 on a bad card (one line on standard error)."""
    if args.cards == ["-"]:
        status = 0
        for n, line in enumerate(io.stdin, start=1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            hand_text, _, front_text = line.partition("|")
            try:
                print(score_line(_split(hand_text), args.json, _split(front_text)),
                      file=io.stdout)
            except InvalidCardError as e:
                print(f"seasalt score: line {n}: {e}", file=io.stderr)
                status = 2
        return status
    if not args.cards and not args.front:
        print("seasalt score: error: give cards (e.g. crab:dark-blue) or - to read "
              "standard input", file=io.stderr)
        return 2
    if "-" in args.cards:
        print("seasalt score: error: - must be the only argument", file=io.stderr)
        return 2
    tokens = [t for a in args.cards for t in _split(a)]
    front = [t for a in args.front for t in _split(a)]
    try:
        print(score_line(tokens, args.json, front), file=io.stdout)
    except InvalidCardError as e:
        print(f"seasalt score: {e}", file=io.stderr)
        return 2
    return 0
