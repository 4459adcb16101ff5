"""Fruits de mer's rules page: docs/fruits-de-mer.md F1-F6 in plain words, the cards, the
worked example and the keyboard, in the language in use.

The shape is Sea Salt & Paper's (:mod:`seasalt.ssp.present.help`): a list of sections
``{"id", "title", "blocks"}``; blocks ``{"type": "p", "text"}``, ``{"type": "list",
"items"}``, ``{"type": "cards", "title", "columns" (4 headings), "rows": [{"kind",
"name", "count" (str), "colours": [{"colour", "name", "count"}], "points" (here: the
card's place in the food chain), "rule"}]}`` and ``{"type": "shortcuts", "rows":
[{"key", "text"}]}``. Counts, colours and the chain come from the engine's tables
(:data:`~seasalt.fdm.cards.HAND`, :data:`~seasalt.fdm.cards.BAIT_DECK`,
:data:`~seasalt.fdm.cards.CHAIN`); the worked example's sentences are the ones the
game itself says for that round (:func:`~seasalt.fdm.resolve.resolve` and
:mod:`seasalt.fdm.present.reveal`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from seasalt.fdm.cards import BAIT_DECK, CHAIN, COLOURS, HAND, HAND_SIZE, ROUNDS, UNUSED, Kind
from seasalt.fdm.present.reveal import steps_texts
from seasalt.fdm.present.words import colour_name, kind_name, kind_rule, kind_rule_long
from seasalt.fdm.resolve import resolve
from seasalt.i18n import _

Block = dict[str, Any]
Section = dict[str, Any]
#: The ids of :func:`help_content`'s sections, in order.
SECTION_IDS: tuple[str, ...] = ("aim", "cards", "setup", "round", "resolution", "end",
                                "example", "shortcuts")
#: The worked example's players (F5 example: A, B, C, D) and their plays.
EXAMPLE_NAMES: tuple[str, ...] = ("Ann", "Bob", "Carl", "Dan")
EXAMPLE_BAIT: Kind = Kind.SHRIMP
EXAMPLE_PLAYS: tuple[Kind, ...] = (Kind.SHRIMP, Kind.MACKEREL, Kind.TUNA, Kind.FISHER)


def _p(words: str) -> Block:
    return {"type": "p", "text": words}


def _list(items: Sequence[str]) -> Block:
    return {"type": "list", "items": list(items)}


def _section(sid: str, title: str, blocks: Sequence[Block]) -> Section:
    return {"id": sid, "title": title, "blocks": list(blocks)}


def _columns() -> list[str]:
    return [_("Card"), _("Count"), _("Colours"), _("Food chain")]


def bait_block() -> Block:
    """The 12 bait cards (black), by kind."""
    counts = Counter(BAIT_DECK)
    return {"type": "cards", "title": _("The bait cards"), "columns": _columns(),
            "rows": [{"kind": k.value, "name": kind_name(k), "count": str(n),
                      "colours": [{"colour": "black", "name": colour_name("black"),
                                   "count": n}],
                      "points": kind_rule(k), "rule": kind_rule_long(k)}
                     for k, n in counts.items()]}


def player_block() -> Block:
    """The player cards: each colour's 7 cards, by kind."""
    return {"type": "cards", "title": _("The player cards"), "columns": _columns(),
            "rows": [{"kind": k.value, "name": kind_name(k), "count": str(n * len(COLOURS)),
                      "colours": [{"colour": c, "name": colour_name(c), "count": n}
                                  for c in COLOURS],
                      "points": kind_rule(k), "rule": kind_rule_long(k)}
                     for k, n in HAND.items()]}


def chain_text() -> str:
    """``Seaweed ← Shrimp ← Mackerel ← Tuna ← Shark``."""
    return " ← ".join(kind_name(k) for k in CHAIN)


def example_blocks() -> list[Block]:
    """The worked example (F5): the plays, then the game's own sentence per step."""
    names = list(EXAMPLE_NAMES)
    res = resolve(EXAMPLE_BAIT, EXAMPLE_PLAYS).to_dict()
    plays = _("; ").join(_("{name} plays {card}").format(name=n, card=kind_name(k))
                         for n, k in zip(names, EXAMPLE_PLAYS, strict=True))
    return [
        _p(_("The bait is {bait}. {plays}. Nobody played a Warden, so there is no "
             "arrest.").format(bait=kind_name(EXAMPLE_BAIT), plays=plays)),
        _list(steps_texts(res, names, None)),
        _p(_("The Shark was not played, so the chain stops at the Tuna. Only Dan scores "
             "this round.")),
    ]


def shortcuts() -> list[dict[str, str]]:
    """The table's keys: ``[{"key", "text"}]``."""
    return [
        {"key": "1–6", "text": _("Select the first to sixth card of your hand.")},
        {"key": "← →", "text": _("Move from card to card in your hand.")},
        {"key": _("Enter"), "text": _("Play the selected card in secret.")},
        {"key": "Esc", "text": _("Close a dialog.")},
    ]


def help_content() -> list[Section]:
    """The rules page, in :data:`SECTION_IDS` order (the shape: module docstring)."""
    return [
        _section("aim", _("The aim"), [
            _p(_("A short game of secret choices for 2 to 5 players. In each of the "
                 "{rounds} rounds a bait card is revealed and everyone plays one card of "
                 "their hand at the same time. The food chain decides who scores. The "
                 "most points after {rounds} rounds wins; a tie is a shared "
                 "victory.").format(rounds=ROUNDS)),
        ]),
        _section("cards", _("The cards"), [
            _p(_("The food chain: {chain}. Each one is eaten only by the next one: no "
                 "link is skipped, so a Shark never eats a Mackerel.").format(
                chain=chain_text())),
            bait_block(),
            player_block(),
        ]),
        _section("setup", _("Setting up"), [
            _list([
                _("The {count} bait cards are shuffled. {rounds} of them make the bait pile, "
                  "face down; the other {unused} are set aside, unseen, for the whole "
                  "game.").format(count=len(BAIT_DECK), rounds=ROUNDS, unused=UNUSED),
                _("Each player takes the {count} cards of one colour as their hand: "
                  "{cards}.").format(count=HAND_SIZE,
                                     cards=_(", ").join(
                                         _("{card} ×{count}").format(card=kind_name(k),
                                                                     count=n)
                                         if n > 1 else kind_name(k)
                                         for k, n in HAND.items())),
            ]),
        ]),
        _section("round", _("A round"), [
            _list([
                _("The top card of the bait pile is revealed: the bait."),
                _("Everyone chooses one card of their hand in secret. On a shared "
                  "device, pass it on: nobody sees a card chosen before theirs."),
                _("When everybody has chosen, all the cards are revealed at once and the "
                  "round is resolved."),
                _("A player with no card left plays nothing that round."),
            ]),
        ]),
        _section("resolution", _("Resolving a round, in this order"), [
            _list([
                _("Arrest: if at least one Warden and at least one Fisher were played, "
                  "every Fisher played is removed from the game and each player who "
                  "played a Warden scores 1. Every other card goes back to its owner's "
                  "hand, and the round ends."),
                _("Spawning: every card played of the bait's type (Shrimp or Mackerel) "
                  "goes to the centre."),
                _("The food chain: if the predator of the bait was played, the spawned "
                  "cards are removed from the game and every card of that predator goes "
                  "to the centre. Then, as long as the predator of the cards that last "
                  "went to the centre was played, the cards in the centre are removed "
                  "from the game and those predators go to the centre."),
                _("If no card went to the centre, every card goes back and nobody "
                  "scores."),
                _("If cards went to the centre and a Fisher was played, the cards in the "
                  "centre are removed from the game and each player who played a Fisher "
                  "scores 1."),
                _("If cards went to the centre and no Fisher was played, the owner of each "
                  "card in the centre scores 1."),
                _("Every played card that was not removed from the game goes back to its "
                  "owner's hand. Wardens and Fishers never go to the centre."),
            ]),
            _p(_("A card removed from the game is gone for good, like an arrested Fisher. "
                 "A player scores at most 1 point a round.")),
        ]),
        _section("end", _("End of the game"), [
            _p(_("After round {rounds}, the player with the most points wins. "
                 "Players tied on the most points share the victory.").format(
                rounds=ROUNDS)),
        ]),
        _section("example", _("An example"), example_blocks()),
        _section("shortcuts", _("Keyboard shortcuts"), [
            _p(_("They work whenever you are not typing in a field.")),
            {"type": "shortcuts", "rows": shortcuts()},
        ]),
    ]
