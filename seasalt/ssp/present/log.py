"""Game log lines: one sentence per engine event, as one seat may read it (docs/rules.md R5).

Events are the dicts of the engine's log (``State.log``), already redacted for the
reader (``View.log``, :func:`seasalt.ssp.log.events_for`): public fields plus
the reader's private ones. Sentences about the reader say "you" (see
:func:`~seasalt.ssp.present.words.is_you`); every sentence is one translatable string.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from seasalt.i18n import _, ngettext
from seasalt.ssp.present.cards import card_name, effect_name, event_title
from seasalt.ssp.present.words import is_you, join_and, join_list, seat_name

#: Log events of the Extra Pepper hand-out between rounds (B.4), for the round-over screen.
HANDOUT_EVENTS = frozenset({"event-lost", "event-given", "event-discarded", "event-reveal",
                            "event-deck-shuffled", "choose-event", "event-kept"})

Event = Mapping[str, Any]


def log_line(e: Event, names: Sequence[str] | None = None, seat: int | None = None) -> str:
    """One line of game log for an event as ``seat`` sees it.

    Args:
        e: an engine event, redacted for ``seat`` (keys ``type``, ``seat``, ...).
        names: seat display names.
        seat: the reader's seat ("you" wording), or ``None`` for a spectator.

    Returns:
        A sentence, e.g. ``Ann took Crab (dark blue) from discard pile 1.``
    """
    subject = int(e.get("seat", -1))
    you = is_you(subject, names, seat)
    who = seat_name(subject, names) if subject >= 0 else ""
    handler = _LINES.get(str(e["type"]))
    if handler is None:
        return _("{name}: {event}.").format(name=who, event=e["type"])
    return handler(e, you, who, names, seat)


def log_lines(events: Iterable[Event], names: Sequence[str] | None = None,
              seat: int | None = None) -> list[str]:
    """:func:`log_line` for each event, in order."""
    return [log_line(e, names, seat) for e in events]


def handout_lines(events: Iterable[Event], round_: int | None,
                  names: Sequence[str] | None = None, seat: int | None = None) -> list[str]:
    """The Extra Pepper hand-out (B.4) at the end of round ``round_``, as log lines
    (empty without Extra Pepper or when ``round_`` is ``None``)."""
    if round_ is None:
        return []
    return [log_line(e, names, seat) for e in events
            if e["type"] in HANDOUT_EVENTS and e.get("round") == round_]


# --------------------------------------------------------------------------- one per type


def _victim(e: Event, names: Sequence[str] | None, seat: int | None) -> tuple[bool, str]:
    target = int(e["target"])
    return is_you(target, names, seat), seat_name(target, names)


def _round_start(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    if you:
        text = _("Round {round} begins; you start.").format(round=e["round"])
    else:
        text = _("Round {round} begins; {name} starts.").format(round=e["round"], name=who)
    if e.get("event"):
        text += " " + _("Event: {event}.").format(event=event_title(e["event"]))
    return text


def _dolphins(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    if "card" in e:
        if you:
            return _("You drew the top card of the draw pile with the Dolphins: {card}."
                     ).format(card=card_name(e["card"]))
        return _("{name} drew the top card of the draw pile with the Dolphins: {card}."
                 ).format(name=who, card=card_name(e["card"]))
    if you:
        return _("You drew the top card of the draw pile with the Dolphins.")
    return _("{name} drew the top card of the draw pile with the Dolphins.").format(name=who)


def _hermit_crab(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    if you:
        return _("You also search discard pile {pile} (Hermit Crab).").format(pile=e["pile"])
    return _("{name} also searches discard pile {pile} (Hermit Crab).").format(
        name=who, pile=e["pile"])


def _angelfish_offer(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    if you:
        return _("You may take a discard top with the Angelfish.")
    return _("{name} may take a discard top with the Angelfish.").format(name=who)


def _angelfish(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    if you:
        return _("You took {card} from discard pile {pile} (Angelfish).").format(
            card=card_name(e["card"]), pile=e["pile"])
    return _("{name} took {card} from discard pile {pile} (Angelfish).").format(
        name=who, card=card_name(e["card"]), pile=e["pile"])


def _angelfish_pass(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    if you:
        return _("You took no card with the Angelfish.")
    return _("{name} took no card with the Angelfish.").format(name=who)


def _reef(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    if "card" in e:
        if you:
            return _("You placed a Shell face down ({card}): protected this round "
                     "(Coral Reef).").format(card=card_name(e["card"]))
        return _("{name} placed a Shell face down ({card}): protected this round "
                 "(Coral Reef).").format(name=who, card=card_name(e["card"]))
    if you:
        return _("You placed a Shell face down: protected this round (Coral Reef).")
    return _("{name} placed a Shell face down: protected this round (Coral Reef).").format(
        name=who)


def _swap(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    them_you, them = _victim(e, names, seat)
    if "gave" in e:
        cards = {"gave": card_name(e["gave"]), "got": card_name(e["got"])}
        if you:
            return _("You swapped with {target}: gave {gave}, got {got}.").format(
                target=them, **cards)
        if them_you:
            return _("{name} swapped with you: gave {gave}, got {got}.").format(
                name=who, **cards)
        return _("{name} swapped with {target}: gave {gave}, got {got}.").format(
            name=who, target=them, **cards)
    if you:
        return _("You swapped a card with {target}.").format(target=them)
    if them_you:
        return _("{name} swapped a card with you.").format(name=who)
    return _("{name} swapped a card with {target}.").format(name=who, target=them)


def _swap_pass(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    return _("You swapped nothing.") if you else _("{name} swapped nothing.").format(name=who)


def _steal_pair(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    them_you, them = _victim(e, names, seat)
    cards = {"a": card_name(e["cards"][0]), "b": card_name(e["cards"][1])}
    if you:
        return _("You took {a} + {b} from {target}.").format(target=them, **cards)
    if them_you:
        return _("{name} took {a} + {b} from you.").format(name=who, **cards)
    return _("{name} took {a} + {b} from {target}.").format(name=who, target=them, **cards)


def _event_lost(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    event = event_title(e["event"])
    if you:
        return _("You lose the event {event}.").format(event=event)
    return _("{name} loses the event {event}.").format(name=who, event=event)


def _event_given(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    event = event_title(e["event"])
    if you:
        return _("You receive the event {event}.").format(event=event)
    return _("{name} receives the event {event}.").format(name=who, event=event)


def _event_discarded(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    return _("Nobody receives the event {event} (a tie); it is discarded.").format(
        event=event_title(e["event"]))


def _event_reveal(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    return _("Next round's event: {event}.").format(event=event_title(e["event"]))


def _event_deck_shuffled(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    return _("The event discard pile is shuffled into a new event deck.")


def _choose_event(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    events = join_and([event_title(x) for x in e["events"]])
    if you:
        return _("You hold {events} and must keep one.").format(events=events)
    return _("{name} holds {events} and must keep one.").format(name=who, events=events)


def _event_kept(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    words = {"event": event_title(e["event"]),
             "discarded": join_and([event_title(x) for x in e["discarded"]])}
    if you:
        return _("You kept the event {event} and discarded {discarded}.").format(**words)
    return _("{name} kept the event {event} and discarded {discarded}.").format(
        name=who, **words)


def _draw_two(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    if "cards" in e:
        a, b = (card_name(c) for c in e["cards"])
        if you:
            return _("You drew {a} and {b}.").format(a=a, b=b)
        return _("{name} drew {a} and {b}.").format(name=who, a=a, b=b)
    return _("You drew two cards.") if you else _("{name} drew two cards.").format(name=who)


def _keep(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    words = {"discarded": card_name(e["discarded"]), "pile": e["pile"]}
    if "card" in e:
        kept = card_name(e["card"])
        if you:
            return _("You put {discarded} on discard pile {pile} and kept {card}.").format(
                card=kept, **words)
        return _("{name} put {discarded} on discard pile {pile} and kept {card}.").format(
            name=who, card=kept, **words)
    if you:
        return _("You put {discarded} on discard pile {pile}.").format(**words)
    return _("{name} put {discarded} on discard pile {pile}.").format(name=who, **words)


def _draw_last(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    if "card" in e:
        if you:
            return _("You took the last card of the draw pile: {card}.").format(
                card=card_name(e["card"]))
        return _("{name} took the last card of the draw pile: {card}.").format(
            name=who, card=card_name(e["card"]))
    if you:
        return _("You took the last card of the draw pile.")
    return _("{name} took the last card of the draw pile.").format(name=who)


def _draw_nothing(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    if you:
        return _("You have nothing to draw.")
    return _("{name} has nothing to draw.").format(name=who)


def _take(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    if you:
        return _("You took {card} from discard pile {pile}.").format(
            card=card_name(e["card"]), pile=e["pile"])
    return _("{name} took {card} from discard pile {pile}.").format(
        name=who, card=card_name(e["card"]), pile=e["pile"])


def _duo(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    a, b = e["cards"]
    if you:
        played = _("You played a {duo}: {a} + {b}").format(
            duo=effect_name(e["effect"]), a=card_name(a), b=card_name(b))
    else:
        played = _("{name} played a {duo}: {a} + {b}").format(
            name=who, duo=effect_name(e["effect"]), a=card_name(a), b=card_name(b))
    return _duo_effect(e, played, names, seat)


def _duo_effect(e: Event, played: str, names: Any, seat: Any) -> str:
    """A duo's sentence: ``{played}`` (who played which cards) and what its effect did
    (R4.2; A.3, A.4; B.3.1, B.3.2, B.3.3)."""
    effect = e["effect"]
    if e.get("skipped"):
        return _("{played} (its effect cannot happen).").format(played=played)
    if effect == "crab":
        return _("{played}, searching discard pile {pile}.").format(played=played,
                                                                    pile=e["pile"])
    if effect == "boat":
        return _("{played}.").format(played=played)
    if effect == "jellyfish":
        return _("{played}: every opponent's next turn is a forced draw.").format(
            played=played)
    if effect == "lobster":
        n = int(e["count"])
        if "looked" in e:
            return ngettext("{played}, looking at {count} card of the draw pile: {cards}.",
                            "{played}, looking at {count} cards of the draw pile: {cards}.",
                            n).format(played=played, count=n, cards=join_list(
                                [card_name(c) for c in e["looked"]]))
        return ngettext("{played}, looking at {count} card of the draw pile.",
                        "{played}, looking at {count} cards of the draw pile.", n).format(
            played=played, count=n)
    if effect == "fish":
        if e.get("sunfish"):
            n = int(e["count"])
            if "got" in e:
                return ngettext("{played}, and drew {count} card with the Sunfish ({cards}).",
                                "{played}, and drew {count} cards with the Sunfish ({cards}).",
                                n).format(played=played, count=n, cards=join_list(
                                    [card_name(c) for c in e["got"]]))
            return ngettext("{played}, and drew {count} card with the Sunfish.",
                            "{played}, and drew {count} cards with the Sunfish.", n).format(
                played=played, count=n)
        if "card" in e:
            return _("{played}, and drew a card ({card}).").format(
                played=played, card=card_name(e["card"]))
        return _("{played}, and drew a card.").format(played=played)
    them_you, them = _victim(e, names, seat)
    if effect == "steal-pair":
        if them_you:
            return _("{played} (Water Rodeo), taking a placed duo from you.").format(
                played=played)
        return _("{played} (Water Rodeo), taking a placed duo from {target}.").format(
            played=played, target=them)
    if effect == "swap":
        if "hand" in e:
            seen = join_list([card_name(c) for c in e["hand"]])
            if them_you:
                return _("{played} (Water Rodeo), looking at your hand: {cards}.").format(
                    played=played, cards=seen)
            return _("{played} (Water Rodeo), looking at {target}'s hand: {cards}.").format(
                played=played, target=them, cards=seen)
        if them_you:
            return _("{played} (Water Rodeo), looking at your hand.").format(played=played)
        return _("{played} (Water Rodeo), looking at {target}'s hand.").format(
            played=played, target=them)
    if "card" in e:
        if them_you:
            return _("{played}, and stole a card from you: {card}.").format(
                played=played, card=card_name(e["card"]))
        return _("{played}, and stole a card from {target}: {card}.").format(
            played=played, target=them, card=card_name(e["card"]))
    if them_you:
        return _("{played}, and stole a card from you.").format(played=played)
    return _("{played}, and stole a card from {target}.").format(played=played, target=them)


def _crab_pick(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    if "card" in e:
        if you:
            return _("You took {card} from discard pile {pile}.").format(
                card=card_name(e["card"]), pile=e["pile"])
        return _("{name} took {card} from discard pile {pile}.").format(
            name=who, card=card_name(e["card"]), pile=e["pile"])
    if you:
        return _("You took a card from discard pile {pile}.").format(pile=e["pile"])
    return _("{name} took a card from discard pile {pile}.").format(name=who, pile=e["pile"])


def _trio(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    cards = " + ".join(card_name(c) for c in e["cards"])
    if you:
        return _("You played a trio: {cards} (no effect).").format(cards=cards)
    return _("{name} played a trio: {cards} (no effect).").format(name=who, cards=cards)


def _lobster_pick(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    if "card" in e:
        if you:
            return _("You kept {card}; the rest went back and the draw pile was shuffled."
                     ).format(card=card_name(e["card"]))
        return _("{name} kept {card}; the rest went back and the draw pile was shuffled."
                 ).format(name=who, card=card_name(e["card"]))
    if you:
        return _("You kept one card; the rest went back and the draw pile was shuffled.")
    return _("{name} kept one card; the rest went back and the draw pile was shuffled."
             ).format(name=who)


def _forced_turn(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    if you:
        return _("You play a forced turn (Jellyfish).")
    return _("{name} plays a forced turn (Jellyfish).").format(name=who)


def _forced_draw(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    if e.get("empty"):
        if you:
            return _("You had a forced draw, but the draw pile is empty.")
        return _("{name} had a forced draw, but the draw pile is empty.").format(name=who)
    if "card" in e:
        if you:
            return _("You drew the top card of the draw pile: {card}.").format(
                card=card_name(e["card"]))
        return _("{name} drew the top card of the draw pile: {card}.").format(
            name=who, card=card_name(e["card"]))
    if you:
        return _("You drew the top card of the draw pile.")
    return _("{name} drew the top card of the draw pile.").format(name=who)


def _extra_turn(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    if you:
        return _("You take an extra turn.")
    return _("{name} takes an extra turn.").format(name=who)


def _stop(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    return _("You announced STOP.") if you else _("{name} announced STOP.").format(name=who)


def _last_chance(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    if you:
        return _("You announced LAST CHANCE and revealed your hand.")
    return _("{name} announced LAST CHANCE and revealed their hand.").format(name=who)


def _final_turn(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    if you:
        return _("You play a final turn.")
    return _("{name} plays a final turn.").format(name=who)


def _reveal(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    if you:
        return _("You revealed your hand.")
    return _("{name} revealed their hand.").format(name=who)


def _end_turn(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    return _("You ended the turn.") if you else _("{name} ended the turn.").format(name=who)


def _round_end(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    from seasalt.ssp.present.results import round_log_line

    return round_log_line(e["result"], names, seat)


def _four_mermaids(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    if e.get("dance"):
        n = int(e["mermaids"])
        if you:
            return ngettext("You hold {count} Mermaid (Dance of the Mermaids) and win at once!",
                            "You hold {count} Mermaids (Dance of the Mermaids) and win at "
                            "once!", n).format(count=n)
        return ngettext("{name} holds {count} Mermaid (Dance of the Mermaids) and wins at "
                        "once!", "{name} holds {count} Mermaids (Dance of the Mermaids) and "
                        "wins at once!", n).format(name=who, count=n)
    if you:
        return _("You hold all four Mermaids and win at once!")
    return _("{name} holds all four Mermaids and wins at once!").format(name=who)


def _game_over(e: Event, you: bool, who: str, names: Any, seat: Any) -> str:
    winners = [int(w) for w in e["winners"]]
    if len(winners) == 1:
        if is_you(winners[0], names, seat):
            return _("Game over: you win.")
        return _("Game over: {name} wins.").format(name=seat_name(winners[0], names))
    listed = join_and([_("you") if is_you(w, names, seat) else seat_name(w, names)
                       for w in winners])
    return _("Game over: {names} win.").format(names=listed)


_LINES = {
    "round-start": _round_start, "dolphins": _dolphins, "hermit-crab": _hermit_crab,
    "angelfish-offer": _angelfish_offer, "angelfish": _angelfish,
    "angelfish-pass": _angelfish_pass, "reef": _reef, "swap": _swap, "swap-pass": _swap_pass,
    "steal-pair": _steal_pair, "event-lost": _event_lost, "event-given": _event_given,
    "event-discarded": _event_discarded, "event-reveal": _event_reveal,
    "event-deck-shuffled": _event_deck_shuffled, "choose-event": _choose_event,
    "event-kept": _event_kept, "draw-two": _draw_two, "keep": _keep, "draw-last": _draw_last,
    "draw-nothing": _draw_nothing, "take": _take, "duo": _duo, "crab-pick": _crab_pick,
    "trio": _trio, "lobster-pick": _lobster_pick, "forced-turn": _forced_turn,
    "forced-draw": _forced_draw, "extra-turn": _extra_turn, "stop": _stop,
    "last-chance": _last_chance, "final-turn": _final_turn, "reveal": _reveal,
    "end-turn": _end_turn, "round-end": _round_end, "four-mermaids": _four_mermaids,
    "game-over": _game_over,
}
#: Every engine event type the log words (one entry per type of ``State.log``).
EVENT_TYPES: frozenset[str] = frozenset(_LINES)
