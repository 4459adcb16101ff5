"""``seasalt score``: the score calculator (docs/rules.md R7.1 card points, R6.4 colour bonus).

``seasalt score [--json] CARD... [--front CARD...]`` scores one player's cards:
the positional cards are the hand (or hand and front together in the base
game, where a pair scores the same in hand as in front); ``--front`` gives the
cards in front, which matters with Extra Salt (Starfish trios, A.6).
``seasalt score [--json] -`` reads one set per line from standard input (cards
separated by spaces or commas, an optional ``|`` before the cards in front;
blank lines and lines starting with ``#`` are skipped) and prints one result
per line. Base-game and Extra Salt cards are accepted. ``--event NAME``
(repeatable) applies an Extra Pepper event that changes scoring (B.3.3 Water
Rodeo's pairs in hand, B.3.4 Dance of the Shells, B.3.5 Kraken, B.3.6 Tornado).
"""

from __future__ import annotations

import argparse
import json
import re
from typing import TYPE_CHECKING

from seasalt.cli.main import clip, input_closed
from seasalt.core.errors import InvalidCardError
from seasalt.i18n import N_, _, ngettext
from seasalt.ssp.cards import (
    ALL_CARDS,
    CARDS,
    Colour,
    Event,
    Kind,
    front_groups,
    parse_cards,
    parse_event,
    parse_notation,
)
from seasalt.ssp.present import colour_name, kind_name
from seasalt.ssp.scoring import breakdown

if TYPE_CHECKING:
    from seasalt.cli.main import IO

HELP = N_("score a set of cards (hand and cards in front), as a score calculator")


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the ``score`` arguments (help in the language in use)."""
    parser.add_argument("cards", nargs="*", metavar="CARD",
                        help=_("cards as type:colour (e.g. crab:dark-blue mermaid:white), "
                               "or - to read one set per line from standard input"))
    parser.add_argument("--front", nargs="+", action="extend", default=[], metavar="CARD",
                        help=_("cards in front of the player (duos, Extra Salt trios)"))
    parser.add_argument("--event", action="append", default=[], metavar="NAME",
                        help=_("an Extra Pepper event that applies (repeatable): {events}")
                        .format(events=", ".join(e.slug for e in SCORING_EVENTS)))
    parser.add_argument("--json", action="store_true",
                        help=_("print one JSON object per result"))


def _split(text: str) -> list[str]:
    return [t for t in re.split(r"[\s,]+", text) if t]


#: Extra Pepper events that change card points (docs/rules-expansions.md B.3).
SCORING_EVENTS: tuple[Event, ...] = (Event.WATER_RODEO, Event.DANCE_OF_THE_SHELLS, Event.KRAKEN,
                                     Event.TORNADO)


def parse_scoring_events(names: list[str]) -> list[Event]:
    """Events named on the command line, each one that changes scoring.

    Raises:
        InvalidCardError: an unknown event, or one that does not change scoring.
    """
    out: list[Event] = []
    for name in names:
        try:
            e = parse_event(name)
        except InvalidCardError:
            raise InvalidCardError(_("unknown event {name!r}; scoring events: {events}").format(
                name=clip(name), events=", ".join(x.slug for x in SCORING_EVENTS))) from None
        if e not in SCORING_EVENTS:
            raise InvalidCardError(
                _("event {name!r} does not change scoring; scoring events: {events}").format(
                    name=e.slug, events=", ".join(x.slug for x in SCORING_EVENTS)))
        out.append(e)
    return out


def _notation_error(text: str) -> str:
    """Why ``text`` (which :func:`parse_notation` refused) names no card, in words."""
    norm = text.strip().lower().replace("_", "-").replace(" ", "-")
    kind_s, sep, colour_s = norm.partition(":")
    if not sep:
        return _("bad card {card!r}: expected type:colour, e.g. crab:dark-blue").format(
            card=clip(text))
    kind = next((k for k in Kind if k.slug == kind_s), None)
    if kind is None:
        return _("bad card {card!r}: unknown type {kind!r}").format(card=clip(text),
                                                                     kind=clip(kind_s))
    colour = next((c for c in Colour if c.slug == colour_s), None)
    if colour is None:
        return _("bad card {card!r}: unknown colour {colour!r}").format(
            card=clip(text), colour=clip(colour_s))
    return _("bad card {card!r}: no {kind} is {colour}").format(
        card=clip(text), kind=kind_name(kind), colour=colour_name(colour))


def card_error(texts: list[str], deck: tuple[int, ...] = ALL_CARDS) -> str | None:
    """The first problem with the notations ``texts``, in the language in use.

    Cards are named in words too (``too many penguin:purple (Penguin, purple): the deck
    holds 1``).

    Returns:
        The message, or ``None`` when every card exists and is not repeated more
        often than ``deck`` holds it.
    """
    seen: dict[tuple[Kind, Colour], int] = {}
    for text in texts:
        try:
            key = parse_notation(text)
        except InvalidCardError:
            return _notation_error(text)
        seen[key] = seen.get(key, 0) + 1
        copies = [c for c in deck if (CARDS[c].kind, CARDS[c].colour) == key]
        if seen[key] > len(copies):
            return ngettext("too many {notation} ({kind}, {colour}): the deck holds {count}",
                            "too many {notation} ({kind}, {colour}): the deck holds {count}",
                            len(copies)).format(
                notation=f"{key[0].slug}:{key[1].slug}", kind=kind_name(key[0]),
                colour=colour_name(key[1]), count=len(copies))
    return None


def parse_all(texts: list[str], deck: tuple[int, ...] = ALL_CARDS) -> list[int]:
    """:func:`parse_cards`, with its error told in the language in use (:func:`card_error`).

    Raises:
        InvalidCardError: an unknown card or too many copies (the message names it).
    """
    try:
        return parse_cards(texts, deck)
    except InvalidCardError as e:
        raise InvalidCardError(card_error(texts, deck) or str(e)) from None


def check_front(front: list[int]) -> None:
    """Refuse cards in front that no table shows, as the page's calculator does with
    both expansions on (the command line takes every card and event):
    :func:`seasalt.calc.cards.check_group` on each group of
    :func:`~seasalt.ssp.cards.front_groups`: a card that is never played (a Mermaid, a
    collector, a multiplier: R4.2), two cards that make no duo, a Starfish that is not
    a duo's third card (A.6), a duo that lacks its second card.

    Raises:
        InvalidCardError: the calculator's sentence
            (:func:`seasalt.ssp.present.calc.calc_error`).
    """
    from seasalt.calc.cards import CalcError, check_group
    from seasalt.ssp.present.calc import calc_error

    try:
        for group in front_groups(front):
            check_group(group, rodeo=True)
    except CalcError as e:
        if e.reason == "open-duo":
            e.fields["player"] = 0
        raise InvalidCardError(calc_error(e, ["--front"])) from None


def score_line(tokens: list[str], as_json: bool, front_tokens: list[str] | None = None,
               events: list[Event] | None = None) -> str:
    """Score one player's cards and format the result on one line.

    Args:
        tokens: notations of the hand (or of all cards, in the base game).
        as_json: one JSON object instead of a sentence.
        front_tokens: notations of the cards in front.
        events: Extra Pepper events applying to the player (B.3).

    Raises:
        InvalidCardError: an unknown card or too many copies, hand and front
            counted together (the message names the card), or cards in front that
            the rules never put there (:func:`check_front`).
    """
    front_tokens = front_tokens or []
    ids = parse_all([*tokens, *front_tokens], ALL_CARDS)
    hand, front = ids[: len(tokens)], ids[len(tokens):]
    check_front(front)
    b = breakdown(hand, front, events or ())
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
        if events:
            out["events"] = [e.slug for e in events]
        return json.dumps(out)
    return ngettext("{points} card point (duos {duos}, mermaids {mermaids}, collectors "
                    "{collectors}, multipliers {multipliers}), colour bonus {bonus}",
                    "{points} card points (duos {duos}, mermaids {mermaids}, collectors "
                    "{collectors}, multipliers {multipliers}), colour bonus {bonus}",
                    b.card_points).format(
        points=b.card_points, duos=b.duos, mermaids=b.mermaids, collectors=b.collectors,
        multipliers=b.multipliers, bonus=b.colour_bonus)


#: Lines of standard input refused one by one before the rest are only counted.
MAX_ERRORS: int = 5
#: Characters that stand for bytes that are not text (Python's ``surrogateescape``).
_NOT_TEXT = re.compile("[\udc80-\udcff]")


def _score_input(args: argparse.Namespace, events: list[Event], io: IO) -> int:
    """``score -``: one result per line of standard input; 2 when it is closed, holds
    no cards, a line that is not text (the reading stops there), or refused lines (the
    first :data:`MAX_ERRORS` told, the others counted in one line)."""
    if input_closed(io.stdin):
        print(_("seasalt score: error: standard input is closed: give the cards as "
                "arguments, or send them to standard input"), file=io.stderr)
        return 2
    errors = scored = 0
    for n, line in enumerate(io.stdin, start=1):
        if _NOT_TEXT.search(line):
            print(_("seasalt score: error: line {line} of standard input is not text in "
                    "{encoding}").format(line=n, encoding=getattr(io.stdin, "encoding", None)
                                         or "utf-8"), file=io.stderr)
            errors += 1
            break
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        hand_text, _bar, front_text = line.partition("|")
        try:
            print(score_line(_split(hand_text), args.json, _split(front_text), events),
                  file=io.stdout)
            scored += 1
        except InvalidCardError as e:
            errors += 1
            if errors <= MAX_ERRORS:
                print(_("seasalt score: line {line}: {error}").format(line=n, error=e),
                      file=io.stderr)
    if errors > MAX_ERRORS:
        more = errors - MAX_ERRORS
        print(ngettext("seasalt score: and {count} more line refused",
                       "seasalt score: and {count} more lines refused", more).format(
                           count=more), file=io.stderr)
    if not errors and not scored:
        print(_("seasalt score: error: no cards on standard input (one set per line, "
                "e.g. crab:dark-blue crab:black)"), file=io.stderr)
    return 2 if errors or not scored else 0


def run(args: argparse.Namespace, io: IO) -> int:
    """Score the cards given; 2 on a bad card or event (one line on standard error)."""
    try:
        events = parse_scoring_events(args.event)
    except InvalidCardError as e:
        print(_("seasalt score: {error}").format(error=e), file=io.stderr)
        return 2
    if args.cards == ["-"]:
        return _score_input(args, events, io)
    if not args.cards and not args.front:
        print(_("seasalt score: error: give cards (e.g. crab:dark-blue) or - to read "
                "standard input"), file=io.stderr)
        return 2
    if "-" in args.cards:
        print(_("seasalt score: error: - must be the only argument"), file=io.stderr)
        return 2
    tokens = [t for a in args.cards for t in _split(a)]
    front = [t for a in args.front for t in _split(a)]
    try:
        print(score_line(tokens, args.json, front, events), file=io.stdout)
    except InvalidCardError as e:
        print(_("seasalt score: {error}").format(error=e), file=io.stderr)
        return 2
    return 0
