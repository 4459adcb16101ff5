"""The score calculator's words: its fixed words, the card picker's rows, a player's
cards in words, why a change is refused, the round's warnings (docs/rules.md R1, R4.2,
R4.3, R6, R7.1, R10; docs/rules-expansions.md A.1, A.2, A.6, B.1, B.3.3, B.3.7-B.3.9).

The table itself is :class:`seasalt.calc.Calculator`; a scored round is worded
as the game's own round-over screen words it (:func:`seasalt.ssp.present.results.round_result`,
the same blocks), the totals as the game-over screen's round table
(:func:`seasalt.ssp.present.stats.rounds_table`) and the winner as its standings
(:func:`seasalt.ssp.present.results.game_result`). Nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from seasalt.calc import CalcError, Calculator, copies
from seasalt.i18n import N_, _, ngettext, translated
from seasalt.ssp.cards import (
    BASE_DECK_TABLE,
    CATEGORY_OF_KIND,
    EXTRA_SALT_TABLE,
    Category,
    Event,
    Kind,
)
from seasalt.ssp.present.cards import colour_name, event_title, kind_name
from seasalt.ssp.present.setup import expansion_name
from seasalt.ssp.present.table import call_name
from seasalt.ssp.present.words import CALC_UNDO, isolated, join_list, seat_name, seat_short
from seasalt.ssp.scoring import Breakdown

#: The calculator's fixed words, by key (English source).
CALC_TEXTS: dict[str, str] = {
    "title": N_("Score calculator"),
    "intro": N_("For a game with real cards: enter each player's cards, say how the round "
                "ended, and the scores and totals follow, as the game counts them."),
    "scores-tab": N_("Scores"),
    "players": N_("Players"),
    "options": N_("Options"),
    "target": N_("Target"),
    "zone": N_("Add cards"),
    "hand": N_("In hand"),
    "front": N_("In front"),
    "front-hint": N_("Duos in front: tap their two cards one after the other (a Starfish "
                     "right after its duo makes a trio)."),
    "undo": CALC_UNDO,
    "clear-player": N_("Clear these cards"),
    "clear-round": N_("Clear this round"),
    "new-game": N_("New game"),
    "new-game-hint": N_("Clears every round and card; names and options stay."),
    "picker": N_("Cards to add"),
    "no-hand": N_("No card in hand."),
    "no-front": N_("No duo in front."),
    "remove-hint": N_("Tap a card above to take it back (a duo or trio in front goes "
                      "whole)."),
    "end": N_("How the round ended"),
    "caller": N_("Called by"),
    "nobody": N_("Choose the player"),
    "event": N_("The round's event"),
    "held": N_("Event held"),
    "no-event": N_("None"),
    "totals": N_("Round by round"),
    "reopen": N_("Take back the last round"),
    "round-entered": N_("This round"),
    "saved-lost": N_("The saved score table could not be read ({error}), so a new one was "
                     "started."),
    "not-saved": N_("The score table could not be saved in this browser ({error})."),
    "saved-kept": N_("The saved score table could not be read, so a new one was started. "
                     "The damaged table is kept in this browser: you can export it."),
    "damaged-kept": N_("A saved score table that could not be read is kept in this "
                       "browser."),
    "export-damaged": N_("Export the damaged table"),
}
#: The picker's groups (R1, A.1): (category or ``None`` for Extra Salt, English title).
PICKER_GROUPS: tuple[tuple[Category | None, str], ...] = (
    (Category.DUO, N_("Duo cards")), (Category.MERMAID, N_("Mermaids")),
    (Category.COLLECTOR, N_("Collectors")), (Category.MULTIPLIER, N_("Multipliers")),
    (None, N_("Extra Salt")))


def calc_texts() -> dict[str, str]:
    """The calculator's fixed words, ``{key: text}``, in the language in use."""
    return translated(CALC_TEXTS)


def calc_text(key: str, **fields: Any) -> str:
    """One of :data:`CALC_TEXTS`, translated, with ``fields`` filled in.

    Raises:
        KeyError: an unknown key or a missing field.
    """
    return _(CALC_TEXTS[key]).format(**fields)


def picker(calc: Calculator) -> list[dict[str, Any]]:
    """The card picker, laid out as the help's card list: groups of card types, each
    type with its colours (the engine's deck table, R1 and A.1; Extra Salt's cards only
    with Extra Salt on).

    Returns:
        ``[{"title", "kinds": [{"kind" (slug), "name", "front" (a card that may go in
        front: duo cards and the Starfish), "colours": [{"colour" (slug), "name",
        "card" (an id to draw: the card names the button), "count" (copies in the
        deck), "left" (copies not entered yet, all players together), "left_text"
        (``2 left``: the button's description)}]}]}]``.
    """
    table = BASE_DECK_TABLE + (EXTRA_SALT_TABLE if calc.options["extra_salt"] else ())
    salt = {k for k, _colours in EXTRA_SALT_TABLE}
    groups = []
    for category, title in PICKER_GROUPS:
        kinds = [(k, cs) for k, cs in table if (k in salt) == (category is None)
                 and (category is None or CATEGORY_OF_KIND[k] == category)]
        if not kinds:
            continue
        rows = []
        for kind, colours in kinds:
            entries = []
            for colour in dict.fromkeys(colours):
                ids = copies(kind, colour)
                left = calc.left(kind, colour)
                entries.append({"colour": colour.slug, "name": colour_name(colour),
                                "card": ids[0], "count": len(ids), "left": left,
                                "left_text": left_text(left)})
            rows.append({"kind": kind.slug, "name": kind_name(kind),
                         "front": CATEGORY_OF_KIND[kind] == Category.DUO
                         or kind == Kind.STARFISH, "colours": entries})
        groups.append({"title": _(title), "kinds": rows})
    return groups


def left_text(left: int) -> str:
    """The copies of a card not entered yet, as a picker button describes them: ``2
    left``, ``none left`` (the card itself names the button)."""
    if not left:
        return _("none left")
    return ngettext("{count} left", "{count} left", left).format(count=left)


def take_back_text() -> str:
    """What a tap on one of a player's cards does (the card names the button)."""
    return _("tap to take it back")


def seat_summary(b: Breakdown) -> str:
    """A player's cards in one line: ``12 card points · colour bonus 4`` (R7.1, R6.4)."""
    return ngettext("{points} card point · colour bonus {bonus}",
                    "{points} card points · colour bonus {bonus}", b.card_points).format(
                        points=b.card_points, bonus=b.colour_bonus)


def tab_points(b: Breakdown) -> str:
    """A player's tab: ``12 pts`` (card points)."""
    return _("{points} pts").format(points=b.card_points)


def tab_name(seat: int, names: Sequence[str]) -> str:
    """A player's tab: the name given, else a short one that fits a phone's tab and
    tells the seats apart (``P2``; ``Player 2`` was cut to ``Play…`` on every seat).

    Args:
        seat: a seat from 0.
        names: the names given, one per seat ('' or missing: none).
    """
    if 0 <= seat < len(names) and names[seat]:
        return isolated(names[seat])
    return seat_short(seat)


def round_line(calc: Calculator) -> str:
    """``Round 2 · target 40 points`` (R2, R11); ``Game over · target 40 points`` once
    the game has ended."""
    if calc.over:
        return _("Game over · target {target} points").format(target=calc.target)
    return _("Round {round} · target {target} points").format(round=calc.round_number,
                                                               target=calc.target)


def totals_line(names: Sequence[str], totals: Sequence[int]) -> str:
    """The running totals in one line: ``Totals: Ann 12 · Bob 8`` (R7.2).

    Args:
        names: each player's display name, seat order.
        totals: each player's game total in points, seat order.
    """
    items = [_("{name} {totals}").format(name=n, totals=t)
             for n, t in zip(names, totals, strict=True)]
    return _("Totals: {list}").format(list=" · ".join(items))


def ends() -> list[dict[str, str]]:
    """The round's ends to choose from (R6.1, R6.2): ``[{"value": "stop", "label":
    "STOP"}, {"value": "last-chance", "label": "LAST CHANCE"}]``."""
    return [{"value": e, "label": call_name(e)} for e in ("stop", "last-chance")]


def event_choices() -> list[dict[str, str]]:
    """The events to choose from (B.2), ``None`` first: ``[{"value": "", "label":
    "None"}, {"value": "kraken", "label": "Kraken"}, ...]``."""
    return [{"value": "", "label": calc_text("no-event")}] + [
        {"value": e.slug, "label": event_title(e)} for e in Event]


def option_choices(calc: Calculator) -> list[dict[str, Any]]:
    """The table's switches: ``[{"name": "extra_salt", "label": "Extra Salt", "on"}]``."""
    return [{"name": name, "label": expansion_name(name), "on": calc.options[name]}
            for name in ("extra_salt", "extra_pepper")]


def _card(fields: Mapping[str, Any]) -> str:
    return _("{kind} ({colour})").format(kind=kind_name(fields["kind"]),
                                         colour=colour_name(fields["colour"]))


def _where(fields: Mapping[str, Any], names: Sequence[str]) -> str:
    return join_list([seat_name(p, names) if n == 1 else _("{name} ×{count}").format(
        name=seat_name(p, names), count=n) for p, n in fields.get("where", ())])


def calc_error(e: CalcError, names: Sequence[str] = ()) -> str:
    """Why the calculator refused a change, in one sentence of the language in use."""
    f = e.fields
    reason = e.reason
    if reason == "deck-limit":
        return ngettext("No {card} left: the deck holds {count}, already entered ({where}).",
                        "No {card} left: the deck holds {count}, all already entered "
                        "({where}).", int(f["count"])).format(
                            card=_card(f), count=f["count"], where=_where(f, names))
    if reason == "not-in-front":
        return _("{kind}: this card is never played in front, only duos are (and a "
                 "Starfish in a trio). Enter it in the hand.").format(
                     kind=kind_name(f["kind"]))
    if reason == "no-duo":
        a, b = f["kinds"]
        return _("{first} and {second} make no duo: a duo in front is two cards played "
                 "together.").format(first=kind_name(a), second=kind_name(b))
    if reason == "rodeo":
        return _("{kind} + {kind}: a duo only with Extra Pepper's Water Rodeo.").format(
            kind=kind_name(f["kind"]))
    if reason == "extra-salt-off":
        return _("{kind}: an Extra Salt card. Switch Extra Salt on first.").format(
            kind=kind_name(f["kind"]))
    if reason == "event-taken":
        return _("{event} is already in play: each event exists once.").format(
            event=event_title(f["event"]))
    if reason == "open-duo":
        return _("{name}: a duo in front lacks its second card.").format(
            name=seat_name(int(f["player"]), names))
    if reason == "corrupt":
        return _("This is not a score table the calculator can read.")
    words = {
        "players": N_("A table has 2 to 4 players."),
        "no-player": N_("There is no such player."),
        "unknown-card": N_("No card is like that."),
        "starfish": N_("A Starfish goes in front only as a duo's third card: enter it right "
                       "after the duo's two cards."),
        "no-end": N_("Say how the round ended and who called it first."),
        "game-over": N_("The game is over: take back its last round, or start a new game."),
        "extra-pepper-off": N_("Events are Extra Pepper's: switch Extra Pepper on first."),
        "unknown-event": N_("No event is called that."),
        "salt-in-use": N_("Take the Extra Salt cards back first."),
        "fixed": N_("The players, the target and the expansions are set once a round is "
                    "scored: take the rounds back or start a new game to change them."),
        "no-round": N_("No round is scored yet."),
        "round-started": N_("The next round has cards already: clear it first."),
    }
    text = words.get(reason, N_("That is not possible."))
    return _(text)


def warnings(calc: Calculator, names: Sequence[str] = ()) -> list[str]:
    """What looks wrong in the round being entered, in sentences (none blocks scoring
    but an open duo): a Mermaid win (R10.1, B.3.7: the round is not scored), an open
    duo in front, a caller short of the card points a call needs (R4.3, B.3.8), a STOP
    under Diodon Fish (B.3.9)."""
    out = []
    r = calc.current
    winner = calc.mermaid_winner()
    if winner is not None:
        out.append(_("{name} holds the Mermaids that win the game at once: it ends without "
                     "scoring this round.").format(name=seat_name(winner, names)))
    for p, s in enumerate(r.seats):
        if s.open_duo():
            out.append(_("{name}: a duo in front lacks its second card.").format(
                name=seat_name(p, names)))
    if r.caller is not None and r.end is not None and winner is None:
        allowed = calc.may_call(r.caller)
        points = calc.breakdowns()[r.caller].card_points
        who = seat_name(r.caller, names)
        if not allowed:
            out.append(ngettext("{name} has {points} card point: calling needs {need}. "
                                "Check the cards.", "{name} has {points} card points: "
                                "calling needs {need}. Check the cards.", points).format(
                                    name=who, points=points,
                                    need=calc.call_threshold(r.caller)))
        elif r.end not in allowed:
            out.append(_("{name} holds Diodon Fish and may not call STOP.").format(name=who))
    return out


def open_duo_note() -> str:
    """A lone card in front, in a round's blocks: its duo waits for its second card."""
    return _("duo in front, its second card still to enter")


def score_button(calc: Calculator) -> str:
    """The button that scores the round: ``Score round 2``, or ``End the game`` when a
    player holds the winning Mermaids (R10.1)."""
    if calc.mermaid_winner() is not None:
        return _("End the game (Mermaids)")
    return _("Score round {round}").format(round=calc.round_number)


def reopen_button(calc: Calculator) -> str:
    """``Take back round 2`` (the last round scored)."""
    return _("Take back round {round}").format(round=len(calc.rounds))

