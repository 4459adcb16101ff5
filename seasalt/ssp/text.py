"""Words for actions and events, for the game log, the terminal and the page.

Nothing here decides a rule; it only names what the engine reports. Events
are the dicts of :attr:`State.log`; :func:`events_for` gives a seat its part
(public fields, plus the private fields meant for it, R5).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from seasalt.ssp.actions import Action, ActionKind
from seasalt.ssp.cards import CARDS, KIND_OF, Event, Kind, parse_event


def card_name(cid: int) -> str:
    """``Crab (dark blue)`` for a card id."""
    return CARDS[cid].title


def event_name(slug: str) -> str:
    """``Dance of the Shells`` for an Extra Pepper event slug."""
    return parse_event(slug).title


def seat_name(seat: int, names: Sequence[str] | None = None) -> str:
    """The seat's display name, or ``Player N`` (1-based)."""
    if names and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return f"Player {seat + 1}"


def describe_action(action: Action, names: Sequence[str] | None = None) -> str:
    """A short imperative phrase for a legal action, for menus and buttons.

    Args:
        action: the action.
        names: seat display names (for a Swimmer + Shark target).

    Example: ``duo:3+4:pile=1`` -> ``Play Crab (dark blue) + Crab (light blue):
    search discard pile 1``.
    """
    k = action.kind
    if k == ActionKind.DRAW:
        return "Draw two cards from the draw pile"
    if k == ActionKind.TAKE:
        return f"Take the top card of discard pile {action.a}"
    if k == ActionKind.KEEP:
        return f"Keep {card_name(action.a)}, discard the other on pile {action.b}"
    if k == ActionKind.PICK:
        return f"Take {card_name(action.a)}"
    if k == ActionKind.STOP:
        return "Announce STOP"
    if k == ActionKind.LAST_CHANCE:
        return "Announce LAST CHANCE"
    if k == ActionKind.END:
        return "End the turn"
    if k == ActionKind.KEEP_EVENT:
        return f"Keep the event {Event(action.a).title} (discard the other)"
    if k == ActionKind.PASS:
        return "Pass"
    if k == ActionKind.ANGELFISH:
        return f"Take the top card of discard pile {action.a} (Angelfish)"
    if k == ActionKind.REEF:
        return f"Place {card_name(action.a)} face down (Coral Reef: protected this round)"
    if k == ActionKind.SWAP:
        return f"Give {card_name(action.a)} and take {card_name(action.b)} (Water Rodeo)"
    if k == ActionKind.TRIO:
        return (f"Play {card_name(action.a)} + {card_name(action.b)} + "
                f"{card_name(action.c)} as a trio (no effect, +2)")
    text = f"Play {card_name(action.a)} + {card_name(action.b)}"
    kinds = {KIND_OF[action.a], KIND_OF[action.b]}
    kind = KIND_OF[action.a]
    if kinds == {Kind.SWIMMER}:
        return text + (f": look at {seat_name(action.c, names)}'s hand and maybe swap a card"
                       if action.c >= 0 else ": nobody to swap with")
    if kinds == {Kind.SHARK}:
        return text + (f": take a placed duo from {seat_name(action.c, names)}"
                       if action.c >= 0 else ": no duo to take")
    if Kind.LOBSTER in kinds:
        return text + ": look at the top 5 cards of the draw pile and keep one"
    if Kind.JELLYFISH in kinds:
        return text + ": every opponent's next turn is a forced draw"
    if kind == Kind.CRAB:
        return text + (f": search discard pile {action.c}" if action.c > 0
                       else ": no discard pile to search")
    if kind == Kind.BOAT:
        return text + ": extra turn"
    if kind == Kind.FISH:
        return text + ": draw the top card"
    if action.c >= 0:
        return text + f": steal a card from {seat_name(action.c, names)}"
    return text + ": nobody to steal from"


def events_for(log: Sequence[Mapping[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """The log as ``seat`` may read it: public fields plus its private fields.

    Args:
        log: :attr:`State.log`.
        seat: a seat, or ``None`` for the public log only.

    Returns:
        New dicts without the ``private`` key; private fields for ``seat`` merged in.
    """
    out: list[dict[str, Any]] = []
    key = None if seat is None else str(seat)
    for e in log:
        d = {k: v for k, v in e.items() if k != "private"}
        priv = e.get("private")
        if priv and key is not None and key in priv:
            d.update(priv[key])
        out.append(d)
    return out


_EFFECT_WORDS = {"crab": "Crab duo", "boat": "Boat duo", "fish": "Fish duo",
                 "steal": "Swimmer + Shark duo", "lobster": "Crab + Lobster duo",
                 "jellyfish": "Swimmer + Jellyfish duo", "swap": "Swimmer + Swimmer duo",
                 "steal-pair": "Shark + Shark duo"}


def describe_event(e: Mapping[str, Any], names: Sequence[str] | None = None,
                   seat: int | None = None) -> str:
    """One line of game log for an event as ``seat`` sees it (see :func:`events_for`).

    Args:
        e: an event (already filtered by :func:`events_for` for ``seat``).
        names: seat display names.
        seat: the reader's seat (``you`` wording), or ``None``.

    Returns:
        An English sentence.
    """
    who_seat = int(e.get("seat", -1))
    you = who_seat == seat and seat is not None
    who = "You" if you else seat_name(who_seat, names)

    def verb(third_person: str, base: str) -> str:
        return base if you else third_person

    t = e["type"]
    if t == "round-start":
        ev = f" Event: {event_name(e['event'])}." if e.get("event") else ""
        return f"Round {e['round']} begins; {who} {verb('starts', 'start')}.{ev}"
    if t == "dolphins":
        got = f": {card_name(e['card'])}" if "card" in e else ""
        return f"{who} drew the top card of the draw pile with the Dolphins{got}."
    if t == "hermit-crab":
        return f"{who} also {verb('searches', 'search')} discard pile {e['pile']} (Hermit Crab)."
    if t == "angelfish-offer":
        return f"{who} may take a discard top with the Angelfish."
    if t == "angelfish":
        return f"{who} took {card_name(e['card'])} from discard pile {e['pile']} (Angelfish)."
    if t == "angelfish-pass":
        return f"{who} took no card with the Angelfish."
    if t == "reef":
        got = f" ({card_name(e['card'])})" if "card" in e else ""
        return f"{who} placed a Shell face down{got}: protected this round (Coral Reef)."
    if t == "swap":
        victim = int(e["target"])
        vname = "you" if victim == seat and seat is not None else seat_name(victim, names)
        if "gave" in e:
            return (f"{who} swapped with {vname}: gave {card_name(e['gave'])}, "
                    f"got {card_name(e['got'])}.")
        return f"{who} swapped a card with {vname}."
    if t == "swap-pass":
        return f"{who} swapped nothing."
    if t == "steal-pair":
        victim = int(e["target"])
        vname = "you" if victim == seat and seat is not None else seat_name(victim, names)
        return (f"{who} took {card_name(e['cards'][0])} + {card_name(e['cards'][1])} "
                f"from {vname}.")
    if t == "event-lost":
        return f"{who} {verb('loses', 'lose')} the event {event_name(e['event'])}."
    if t == "event-given":
        return f"{who} {verb('receives', 'receive')} the event {event_name(e['event'])}."
    if t == "event-discarded":
        return f"Nobody receives the event {event_name(e['event'])} (a tie); it is discarded."
    if t == "event-reveal":
        return f"Next round's event: {event_name(e['event'])}."
    if t == "event-deck-shuffled":
        return "The event discard pile is shuffled into a new event deck."
    if t == "choose-event":
        return (f"{who} {verb('holds', 'hold')} "
                + " and ".join(event_name(x) for x in e["events"]) + " and must keep one.")
    if t == "event-kept":
        gone = " and ".join(event_name(x) for x in e["discarded"])
        return f"{who} kept the event {event_name(e['event'])} and discarded {gone}."
    if t == "draw-two":
        if "cards" in e:
            a, b = e["cards"]
            return f"{who} drew {card_name(a)} and {card_name(b)}."
        return f"{who} drew two cards."
    if t == "keep":
        kept = f" and kept {card_name(e['card'])}" if "card" in e else ""
        return f"{who} put {card_name(e['discarded'])} on discard pile {e['pile']}{kept}."
    if t == "draw-last":
        got = f": {card_name(e['card'])}" if "card" in e else ""
        return f"{who} took the last card of the draw pile{got}."
    if t == "draw-nothing":
        return f"{who} {verb('has', 'have')} nothing to draw."
    if t == "take":
        return f"{who} took {card_name(e['card'])} from discard pile {e['pile']}."
    if t == "duo":
        a, b = e["cards"]
        what = _EFFECT_WORDS.get(e["effect"], "duo")
        base = f"{who} played a {what}: {card_name(a)} + {card_name(b)}"
        if e.get("skipped"):
            return base + " (its effect cannot happen)."
        if e["effect"] == "crab":
            return base + f", searching discard pile {e['pile']}."
        if e["effect"] == "boat":
            return base + "."
        if e["effect"] == "jellyfish":
            return base + ": every opponent's next turn is a forced draw."
        if e["effect"] == "lobster":
            seen = (": " + ", ".join(card_name(c) for c in e["looked"])) if "looked" in e else ""
            return base + f", looking at {e['count']} cards of the draw pile{seen}."
        if e["effect"] in ("swap", "steal-pair"):
            victim = int(e["target"])
            vname = "you" if victim == seat and seat is not None else seat_name(victim, names)
            if e["effect"] == "steal-pair":
                return base + f" (Water Rodeo), taking a placed duo from {vname}."
            seen = (": " + ", ".join(card_name(c) for c in e["hand"])) if "hand" in e else ""
            return base + f" (Water Rodeo), looking at {vname}'s hand{seen}."
        if e["effect"] == "fish":
            if e.get("sunfish"):
                got = (" (" + ", ".join(card_name(c) for c in e["got"]) + ")"
                       if "got" in e else "")
                return base + f", and drew {e['count']} card(s) with the Sunfish{got}."
            got = f" ({card_name(e['card'])})" if "card" in e else ""
            return base + f", and drew a card{got}."
        victim = int(e["target"])
        vname = "you" if victim == seat and seat is not None else seat_name(victim, names)
        got = f": {card_name(e['card'])}" if "card" in e else ""
        return base + f", and stole a card from {vname}{got}."
    if t == "crab-pick":
        got = f" {card_name(e['card'])}" if "card" in e else " a card"
        return f"{who} took{got} from discard pile {e['pile']}."
    if t == "trio":
        return (f"{who} played a trio: " + " + ".join(card_name(c) for c in e["cards"])
                + " (no effect).")
    if t == "lobster-pick":
        got = f" {card_name(e['card'])}" if "card" in e else " one card"
        return f"{who} kept{got}; the rest went back and the draw pile was shuffled."
    if t == "forced-turn":
        return f"{who} {verb('plays', 'play')} a forced turn (Jellyfish)."
    if t == "forced-draw":
        if e.get("empty"):
            return f"{who} had a forced draw, but the draw pile is empty."
        got = f": {card_name(e['card'])}" if "card" in e else ""
        return f"{who} drew the top card of the draw pile{got}."
    if t == "extra-turn":
        return f"{who} {verb('takes', 'take')} an extra turn."
    if t == "stop":
        return f"{who} announced STOP."
    if t == "last-chance":
        return f"{who} announced LAST CHANCE and revealed {verb('their', 'your')} hand."
    if t == "final-turn":
        return f"{who} {verb('plays', 'play')} a final turn."
    if t == "reveal":
        return f"{who} revealed {verb('their', 'your')} hand."
    if t == "end-turn":
        return f"{who} ended the turn."
    if t == "round-end":
        r = e["result"]
        if r["end"] == "empty-draw-pile":
            return f"Round {r['round']} ends: the draw pile is empty; nobody scores."
        pts = ", ".join(f"{seat_name(i, names)} {p['round_score']}"
                        for i, p in enumerate(r["players"]))
        if r["end"] == "stop":
            return f"Round {r['round']} ends by STOP. Scores: {pts}."
        bet = "won" if r["bet_won"] else "lost"
        return f"Round {r['round']} ends: LAST CHANCE {bet}. Scores: {pts}."
    if t == "four-mermaids" and e.get("dance"):
        return (f"{who} {verb('holds', 'hold')} {e['mermaids']} Mermaids (Dance of the "
                f"Mermaids) and {verb('wins', 'win')} at once!")
    if t == "four-mermaids":
        return f"{who} {verb('holds', 'hold')} all four Mermaids and {verb('wins', 'win')} at once!"
    if t == "game-over":
        winners = " and ".join(seat_name(w, names) for w in e["winners"])
        plural = len(e["winners"]) > 1 or winners == "You"
        return f"Game over: {winners} {'win' if plural else 'wins'}."
    return f"{who}: {t}."
