"""The help screen: a player's summary of the whole game, in the language in use.

The base game (docs/rules.md R1-R10), the card list, Extra Salt (docs/rules-expansions.md A), every
Extra Pepper event (B) and the keyboard shortcuts. Counts, colours, points, targets and
thresholds come from the engine's own tables (:data:`~seasalt.ssp.cards.BASE_DECK_TABLE`,
:data:`~seasalt.ssp.cards.EXTRA_SALT_TABLE`, the scoring tables, :data:`TARGETS`,
:data:`END_THRESHOLD`), never a second copy; the sentences are the presenter's.

The shape of :func:`help_content`'s result: a list of sections ``{"id", "title",
"blocks"}``, each block one of

- ``{"type": "p", "text"}``: a paragraph;
- ``{"type": "list", "items": [str]}``: a bulleted list;
- ``{"type": "steps", "items": [str]}``: steps in order, numbered (the page's section on
  several phones, :func:`seasalt.web.words.phones_section`);
- ``{"type": "cards", "title" (the table's name), "columns": [4 headings], "rows":
  [{"kind" (slug), "name", "count" (str), "colours": [{"colour" (slug), "name",
  "count" (int)}], "points", "rule"}]}``: a card table (columns: card, count,
  colours, points; ``rule``: the type's whole rule, for a line under the row);
- ``{"type": "events", "rows": [{"slug", "title", "text", "goes_to_text"}]}``: the
  Extra Pepper events;
- ``{"type": "shortcuts", "rows": [{"key", "text"}]}``: the keyboard shortcuts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from seasalt.i18n import N_, _
from seasalt.ssp.cards import (
    BASE_DECK,
    BASE_DECK_TABLE,
    CATEGORY_OF_KIND,
    EXTRA_SALT_TABLE,
    Category,
    Colour,
    Event,
    Kind,
)
from seasalt.ssp.gamestate import END_THRESHOLD
from seasalt.ssp.present.cards import (
    CARD_HINTS,
    collector_points,
    colour_name,
    event_info,
    kind_name,
    kind_rule,
)
from seasalt.ssp.present.keys import shortcuts
from seasalt.ssp.present.page import page_text
from seasalt.ssp.present.setup import expansion_name, target_text
from seasalt.ssp.present.words import CALC_UNDO
from seasalt.ssp.turn import LOBSTER_LOOK

Block = dict[str, Any]
Section = dict[str, Any]
#: The ids of :func:`help_content`'s sections, in order.
SECTION_IDS: tuple[str, ...] = (
    "aim", "turn", "duos", "scoring-cards", "round-end", "game-end", "cards",
    "extra-salt", "extra-pepper", "calculator", "marks", "shortcuts")
#: What a duo does (R4.2; A.3, A.4), by the two types: (first, second, effect).
DUO_EFFECTS: tuple[tuple[Kind, Kind, str], ...] = (
    (Kind.CRAB, Kind.CRAB, N_("choose a discard pile, look through it and take any one "
                              "card into your hand.")),
    (Kind.BOAT, Kind.BOAT, N_("your turn ends and you take another whole turn at once.")),
    (Kind.FISH, Kind.FISH, N_("add the top card of the draw pile to your hand.")),
    (Kind.SWIMMER, Kind.SHARK, N_("take a random card from the hand of an opponent whose "
                                  "hand is not revealed.")),
)
SALT_DUO_EFFECTS: tuple[tuple[Kind, Kind, str], ...] = (
    (Kind.SWIMMER, Kind.JELLYFISH, N_("each opponent's next turn is a forced draw: they "
                                      "take the top card of the draw pile and their turn "
                                      "ends (a Coral Reef Shell protects from it).")),
    (Kind.CRAB, Kind.LOBSTER, N_("look at the top {count} cards of the draw pile and keep "
                                 "one; the others go back and the draw pile is shuffled. "
                                 "It is not a Crab duo.")),
)
#: The points column of the card list by category (collectors, multipliers and
#: special cards: from the engine's tables and the cards' hints).
POINTS_BY_CATEGORY: dict[Category, str] = {
    Category.DUO: N_("1 per duo"),
    Category.MERMAID: N_("1 per card of a colour"),
}


def _p(words: str) -> Block:
    return {"type": "p", "text": words}


def _list(items: Sequence[str]) -> Block:
    return {"type": "list", "items": list(items)}


def _section(sid: str, title: str, blocks: Sequence[Block]) -> Section:
    return {"id": sid, "title": title, "blocks": list(blocks)}


def _duo(first: Kind, second: Kind, effect: str, **fields: Any) -> str:
    return _("{first} + {second}: {effect}").format(
        first=kind_name(first), second=kind_name(second), effect=_(effect).format(**fields))


def kind_points(kind: Kind | int) -> str:
    """The points column of the card list: ``1 per duo``, ``0, 2, 4, 6, 8, 10`` (a
    collector, from the engine's table), ``+1 per Boat`` (a multiplier)."""
    k = Kind(kind)
    category = CATEGORY_OF_KIND[k]
    if category == Category.COLLECTOR:
        return collector_points(k)
    if category in POINTS_BY_CATEGORY:
        return _(POINTS_BY_CATEGORY[category])
    return _(CARD_HINTS[k])


def card_rows(table: Sequence[tuple[Kind, Sequence[Colour]]]) -> list[dict[str, Any]]:
    """The card list's rows for a deck table of the engine (type, colours with
    repetition): count, colours with their counts (in the table's order), points, rule."""
    rows = []
    for kind, colours in table:
        counts: dict[Colour, int] = {}
        for c in colours:
            counts[c] = counts.get(c, 0) + 1
        rows.append({"kind": kind.slug, "name": kind_name(kind), "count": str(len(colours)),
                     "colours": [{"colour": c.slug, "name": colour_name(c), "count": n}
                                 for c, n in counts.items()],
                     "points": kind_points(kind), "rule": kind_rule(kind)})
    return rows


def cards_block(title: str, table: Sequence[tuple[Kind, Sequence[Colour]]]) -> Block:
    """A card table block (see the module docstring); ``title`` names the table."""
    return {"type": "cards", "title": title,
            "columns": [_("Card"), _("Count"), _("Colours"), _("Points")],
            "rows": card_rows(table)}


def _kinds(category: Category, table: Sequence[tuple[Kind, Sequence[Colour]]]) -> list[Kind]:
    return [k for k, _colours in table if CATEGORY_OF_KIND[k] == category]


def base_sections() -> list[Section]:
    """The base game (R1-R10): aim, turn, duos, scoring cards, ending a round, game end."""
    collectors = _kinds(Category.COLLECTOR, BASE_DECK_TABLE)
    multipliers = _kinds(Category.MULTIPLIER, BASE_DECK_TABLE)
    mermaids = sum(len(colours) for k, colours in BASE_DECK_TABLE if k == Kind.MERMAID)
    return [
        _section("aim", _("The aim"), [
            _p(_("Collect cards that score points. The game is played in rounds; the first "
                 "to reach the target wins: {targets} with 2, 3 or 4 players ({double} "
                 "with the double target).").format(targets=target_text(False),
                                                    double=target_text(True))),
            _p(_("The deck has {count} cards in {colours} colours. Each round starts with "
                 "nobody holding a card: two cards are turned face up to start the two "
                 "discard piles, the rest is the draw pile.").format(count=len(BASE_DECK),
                                                                     colours=len(Colour))),
        ]),
        _section("turn", _("A turn"), [
            _list([
                _("Draw: either draw the top two cards of the draw pile, keep one and put "
                  "the other face up on a discard pile (on the empty one if a pile is "
                  "empty), or take the top card of a discard pile."),
                _("Play duos, if you like: place pairs of duo cards from your hand face up "
                  "in front of you. Each acts at once."),
                _("End the round, if you like and have at least {points} card points: "
                  "announce STOP or LAST CHANCE. Otherwise the next player plays.").format(
                    points=END_THRESHOLD),
            ]),
            _p(_("Nobody discards from their hand, and only the top cards of the discard "
                 "piles may be looked at. With one card left in the draw pile, a draw "
                 "takes it and discards nothing. If the draw pile is empty when a turn "
                 "ends and nobody has announced an end, the round ends and nobody "
                 "scores.")),
        ]),
        _section("duos", _("Duos"), [
            _list([_duo(a, b, effect) for a, b, effect in DUO_EFFECTS]),
            _p(_("Cards you get from a duo may make more duos in the same turn. A duo whose "
                 "effect cannot happen may still be played: it scores, the effect is "
                 "skipped. Every duo scores 1 point, in front of you or as a pair still in "
                 "your hand.")),
        ]),
        _section("scoring-cards", _("Mermaids, collectors and multipliers"), [
            _p(_("These cards are never played: they score from your hand, counting your "
                 "cards in hand and in front of you.")),
            _list([
                _("Mermaids: the first scores 1 point per card of your most common colour, "
                  "the second per card of your next most common colour, and so on. "
                  "Whoever holds all {count} Mermaids wins the game at once.").format(
                    count=mermaids),
                _("Collectors, points for 1, 2, 3… cards: {list}.").format(
                    list=_("; ").join(_("{kind} {points}").format(
                        kind=kind_name(k), points=collector_points(k)) for k in collectors)),
                _("Multipliers: {list}. Alone they score nothing, and they are not cards "
                  "of the type they count.").format(list=_("; ").join(
                    _("{kind} {points}").format(kind=kind_name(k), points=kind_points(k))
                    for k in multipliers)),
            ]),
            _p(_("Mermaids are white cards, and white counts like any other colour. "
                 "Example: 2 Mermaids with 3 dark blue and 3 black cards score 3 + 3.")),
        ]),
        _section("round-end", _("Ending the round: STOP or LAST CHANCE"), [
            _p(_("Card points are your duos, Mermaids, collectors and multipliers, in your "
                 "hand and in front of you. The colour bonus is the number of cards of your "
                 "most common colour, in hand and in front. If nobody has announced an end "
                 "this round and you have at least {points} card points, you may announce "
                 "at the end of your turn:").format(
                points=END_THRESHOLD)),
            _list([
                _("STOP: the round ends at once; everyone reveals their hand and scores "
                  "their card points, with no colour bonus."),
                _("LAST CHANCE: you reveal your hand and each opponent plays one final turn, "
                  "then reveals theirs. If you have at least as many card points as each "
                  "of them, you score your card points plus your colour bonus and they "
                  "score only their colour bonus. Otherwise you score only your colour "
                  "bonus and they score their card points."),
            ]),
            _p(_("A revealed hand cannot be stolen from. Round scores are added to the game "
                 "totals; the next round starts with the player after the one who ended "
                 "the round.")),
        ]),
        _section("game-end", _("End of the game"), [
            _list([
                _("Whoever holds all {count} Mermaids, in hand and in front, wins the game "
                  "at once.").format(count=mermaids),
                _("After a round is scored, when someone has reached the target the game "
                  "ends and the highest total wins. A tie goes to the tied player who "
                  "ended the last round, then to the one who scored most in it; otherwise "
                  "the victory is shared."),
            ]),
        ]),
    ]


def extra_salt_section() -> Section:
    """Extra Salt (docs/rules-expansions.md A): its new duos, the trio and its cards."""
    more = sum(len(colours) for _kind, colours in EXTRA_SALT_TABLE)
    return _section("extra-salt", expansion_name("extra_salt"), [
        _p(_("{count} more cards are shuffled into the deck ({total} cards).").format(
            count=more, total=len(BASE_DECK) + more)),
        _list([_duo(a, b, effect, count=LOBSTER_LOOK) for a, b, effect in SALT_DUO_EFFECTS]
              + [_("Trio: a duo played together with a Starfish. The duo's effect does not "
                   "happen; the trio scores 1 + 2 points and cannot be stolen.")]),
        cards_block(_("The Extra Salt cards"), EXTRA_SALT_TABLE),
    ])


def extra_pepper_section() -> Section:
    """Extra Pepper (docs/rules-expansions.md B): how events move, and all 12 events."""
    return _section("extra-pepper", expansion_name("extra_pepper"), [
        _p(_("{count} event cards. Each round one event lies face up on the table and "
             "applies to every player.").format(count=len(Event))),
        _p(_("At the end of a round (unless the game ends), the table event goes to the "
             "player with the most or the fewest points in the game, as the card says, "
             "or to nobody on a tie. From then on it applies to its holder alone, as long "
             "as they stay the most or the fewest. A player holds at most one event: "
             "receiving a second, they keep one of the two.")),
        {"type": "events", "rows": [
            {key: info[key] for key in ("slug", "title", "text", "goes_to_text")}
            for info in (event_info(e) for e in Event)]},
    ])


def calculator_section() -> Section:
    """The score calculator (issue 16): scoring a game played with real cards."""
    return _section("calculator", page_text("calc-title"), [
        _p(_("Playing with real cards? The score calculator scores your table with this "
             "game's own rules: open it from the new-game screen, or with a link ending "
             "in {link}. It works offline and keeps the table in this browser.").format(
                 link="?calc")),
        _list([
            _("On each player's screen, tap the cards they hold in hand and have in front "
              "(a duo's two cards one after the other). A card's copies run out as the "
              "deck's do, all players together; \u201c{undo}\u201d takes back the last card "
              "tapped.").format(undo=_(CALC_UNDO)),
            _("Switch Extra Salt on for its cards, Extra Pepper for the round's event and "
              "the events the players hold."),
            _("On the Scores screen, say how the round ended (STOP or LAST CHANCE, and who "
              "called): each player's card points, colour bonus, bet and round score "
              "follow. Score the round; the totals add up round after round until someone "
              "reaches the target."),
        ]),
    ])


def marks_section() -> Section:
    """What the table's marks say: a card new in the hand, what another player touched
    since the player's last decision, a selected card (each a shape, not a colour
    alone)."""
    return _section("marks", _("Marks on the table"), [
        _list([
            _("✦ and an orange ring: a card new in your hand, until your next decision."),
            _("A soft glow around a pile, a hand or the cards in front of a player: "
              "what another player touched since your last decision."),
            _("✓ and a gold ring: a card you selected, for a duo."),
        ]),
    ])


def help_content(options: Mapping[str, bool] | None = None) -> list[Section]:
    """The help screen, in the language in use (see the module docstring for the shape).

    Args:
        options: the game's options; accepted for the page's call, but every section
            is always given (help is for any game).

    Returns:
        The sections in :data:`SECTION_IDS` order: the base game, the card list, Extra
        Salt, Extra Pepper (every event), the score calculator, the table's marks, the
        keyboard shortcuts.
    """
    del options  # every section, whatever the game
    return [
        *base_sections(),
        _section("cards", _("The cards"), [
            _p(_("The {count} cards of the base game: duo cards, Mermaids, collectors and "
                 "multipliers.").format(count=len(BASE_DECK))),
            cards_block(_("The cards of the base game"), BASE_DECK_TABLE),
        ]),
        extra_salt_section(),
        extra_pepper_section(),
        calculator_section(),
        marks_section(),
        _section("shortcuts", page_text("shortcuts-title"), [
            _p(_("They work whenever you are not typing in a field.")),
            {"type": "shortcuts", "rows": shortcuts()},
        ]),
    ]

