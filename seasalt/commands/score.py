"""``seasalt score``: the score calculator (RULES.md R7.1 card points, R6.4 colour bonus).

``seasalt score [--json] CARD...`` scores one set of cards (hand and cards in
front together); ``seasalt score [--json] -`` reads one set per line from
standard input (cards separated by spaces or commas; blank lines and lines
starting with ``#`` are skipped) and prints one result per line.
"""

from __future__ import annotations

import argparse
import json
import re

from seasalt.core.errors import InvalidCardError
from seasalt.ssp.cards import CARDS, parse_cards
from seasalt.ssp.scoring import score_cards

HELP = "score a set of cards (hand and cards in front), as a score calculator"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the ``score`` arguments."""
    parser.add_argument("cards", nargs="*", metavar="CARD",
                        help="cards as type:colour (e.g. crab:dark-blue mermaid:white), "
                             "or - to read one set per line from standard input")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object per result")


def _split(text: str) -> list[str]:
    return [t for t in re.split(r"[\s,]+", text) if t]


def score_line(tokens: list[str], as_json: bool) -> str:
    """Score one set of card notations and format the result on one line.

    Raises:
        InvalidCardError: an unknown card or too many copies (message names it).
    """
    ids = parse_cards(tokens)
    b = score_cards(ids)
    if as_json:
        return json.dumps({
            "cards": [CARDS[c].notation for c in ids],
            "card_points": b.card_points,
            "colour_bonus": b.colour_bonus,
            "breakdown": {"duos": b.duos, "mermaids": b.mermaids,
                          "collectors": b.collectors, "multipliers": b.multipliers},
        })
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
            try:
                print(score_line(_split(line), args.json), file=io.stdout)
            except InvalidCardError as e:
                print(f"seasalt score: line {n}: {e}", file=io.stderr)
                status = 2
        return status
    if not args.cards:
        print("seasalt score: error: give cards (e.g. crab:dark-blue) or - to read "
              "standard input", file=io.stderr)
        return 2
    if "-" in args.cards:
        print("seasalt score: error: - must be the only argument", file=io.stderr)
        return 2
    tokens = [t for a in args.cards for t in _split(a)]
    try:
        print(score_line(tokens, args.json), file=io.stdout)
    except InvalidCardError as e:
        print(f"seasalt score: {e}", file=io.stderr)
        return 2
    return 0
