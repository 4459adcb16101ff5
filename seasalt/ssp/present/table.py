"""The table's words: header bits, seat badges, hand and pile labels, the points panel,
and the fixed short labels of the table screen (:func:`ui_text`).

Functions take a :class:`~seasalt.ssp.view.View` or its ``to_dict()`` (both work).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from seasalt.i18n import N_, _, ngettext
from seasalt.ssp.cards import COLOUR_OF, Colour, deck_for
from seasalt.ssp.present.cards import card_label, colour_name, event_info
from seasalt.ssp.present.page import page_text
from seasalt.ssp.present.words import is_you, seat_name

#: Fixed short texts of the table screen, by key (English source).
UI_TEXTS: dict[str, str] = {
    "your-hand": N_("Your hand"),
    "hand-hidden": N_("Hand (hidden)"),
    "in-front": N_("In front"),
    "face-down": N_("Face down (Coral Reef)"),
    "no-duo": N_("no duo played yet"),
    "no-cards": N_("no cards yet"),
    "hidden-card": N_("a hidden card"),
    "game-total": N_("game total"),
    "pts": N_("pts"),
    "card-points": N_("Card points"),
    "draw-pile": N_("Draw pile"),
    "empty": N_("empty"),
    "table-event": N_("Table event"),
    "events": N_("Events"),
    "draw-two": N_("Draw two cards"),
    "take-top": N_("Take the top card"),
    "clear-selection": N_("Clear the selection"),
    # how to read a card's rule: with a mouse, and on a touch screen (the page picks)
    "card-tip": N_("Right-click a card to read its rule; a card you cannot play now "
                   "shows it at a click."),
    "card-tip-touch": N_("Hold a finger on a card to read its rule; a card you cannot "
                         "play now shows it at a tap."),
    "got-it": N_("Got it"),
}
#: The points panel's parts (R7.1, R6.4): (breakdown key, English label).
POINTS_PARTS: tuple[tuple[str, str], ...] = (
    ("duos", N_("duos")), ("mermaids", N_("mermaids")), ("collectors", N_("collectors")),
    ("multipliers", N_("multipliers")), ("colour_bonus", N_("colour bonus")))


def _get(v: Any, key: str) -> Any:
    return v[key] if isinstance(v, Mapping) else getattr(v, key)


def ui_text(key: str) -> str:
    """A fixed short text of the table screen (a key of :data:`UI_TEXTS`).

    Raises:
        KeyError: an unknown key.
    """
    return _(UI_TEXTS[key])


def call_name(call: str) -> str:
    """``STOP`` or ``LAST CHANCE`` for a view's ``call`` (R6.1, R6.2)."""
    return _("STOP") if call == "stop" else _("LAST CHANCE")


def header_bits(v: Any, names: Sequence[str] | None = None) -> list[str]:
    """The table's header: ``Round 2``, ``target 35 points``, the expansions in play
    (``Extra Salt: 66 cards``, ``Extra Pepper: 9 events in the deck``) and an
    announcement (``LAST CHANCE called by Ann``)."""
    options = _get(v, "options") or {}
    bits = [_("Round {round}").format(round=_get(v, "round")),
            _("target {points} points").format(points=_get(v, "target"))]
    if options.get("extra_salt"):
        bits.append(_("Extra Salt: {count} cards").format(count=len(deck_for(options))))
    if options.get("extra_pepper"):
        n = int(_get(v, "event_deck_size"))
        bits.append(ngettext("Extra Pepper: {count} event in the deck",
                             "Extra Pepper: {count} events in the deck", n).format(count=n))
    call = _get(v, "call")
    if call:
        caller = _get(v, "caller")
        bits.append(_("{call} called by {name}").format(
            call=call_name(call), name=seat_name(int(caller), names)))
    return bits


def turn_text(v: Any, names: Sequence[str] | None = None, seat: int | None = None) -> str:
    """Whose turn it is: ``Ann to play``, ``Your extra turn``, ``Bob to play (final
    turn)``; '' once the game is over."""
    cur = int(_get(v, "current"))
    if cur < 0:
        return ""
    final = _get(v, "call") == "last-chance" and _get(v, "caller") != cur
    extra = bool(_get(v, "extra_turn"))
    if is_you(cur, names, seat):
        if final:
            return _("Your final turn")
        return _("Your extra turn") if extra else _("Your turn")
    who = seat_name(cur, names)
    if final:
        return _("{name} to play (final turn)").format(name=who)
    if extra:
        return _("{name} to play (extra turn)").format(name=who)
    return _("{name} to play").format(name=who)


def seat_badges(v: Any, s: int, kinds: Sequence[str] | None = None) -> list[dict[str, str]]:
    """Badges for seat ``s``: turn, thinking, extra or final turn, announcement,
    revealed hand, Jellyfish forced draw (A.3), held events (B.4), Coral Reef (B.3.12).

    Args:
        v: a view (or its dict).
        s: the seat the badges are for.
        kinds: seat kinds (``human`` or a bot level); a bot to move is ``thinking``.

    Returns:
        ``[{"kind", "text", "title"}]`` in display order; ``kind`` is one of
        ``turn thinking extra final call revealed forced event reef`` (event badges
        also carry ``event``: the slug); ``title`` is a longer explanation or ''.
    """
    out: list[dict[str, str]] = []
    call = _get(v, "call")
    caller = _get(v, "caller")
    if _get(v, "current") == s:
        bot = bool(kinds) and kinds is not None and kinds[s] != "human"
        out.append({"kind": "thinking" if bot else "turn",
                    "text": _("thinking") if bot else _("to play"), "title": ""})
        if _get(v, "extra_turn"):
            out.append({"kind": "extra", "text": _("extra turn"), "title": ""})
        if call == "last-chance" and caller != s:
            out.append({"kind": "final", "text": _("final turn"), "title": ""})
    if caller == s and call:
        out.append({"kind": "call", "text": call_name(call), "title": ""})
    if _get(v, "revealed")[s] and caller != s:
        out.append({"kind": "revealed", "text": _("revealed"), "title": ""})
    if _get(v, "forced")[s]:
        out.append({"kind": "forced", "text": _("Jellyfish: forced draw"),
                    "title": _("A Jellyfish duo: this seat's next turn is a forced draw")})
    held = _get(v, "held_events")
    for slug in (held[s] if held else ()):
        info = event_info(slug)
        out.append({"kind": "event", "event": slug,
                    "text": _("Event: {event}").format(event=info["title"]),
                    "title": _("{event}: {rule}").format(event=info["title"],
                                                         rule=info["text"])})
    protected = _get(v, "protected")
    if protected and protected[s]:
        out.append({"kind": "reef", "text": _("Coral Reef"),
                    "title": _("A Shell face down: protected from steals and swaps this round")})
    return out


def card_count(n: int) -> str:
    """``1 card``, ``3 cards``."""
    return ngettext("{count} card", "{count} cards", n).format(count=n)


def hand_label(size: int, known: int = 0) -> str:
    """An opponent's hand: ``5 cards in hand``, ``5 cards in hand (2 known)``."""
    text = ngettext("{count} card in hand", "{count} cards in hand", size).format(count=size)
    if known and known < size:
        text = ngettext("{hand} ({known} known)", "{hand} ({known} known)",
                        known).format(hand=text, known=known)
    return text


def pile_name(pile: int) -> str:
    """``Draw pile`` for 0, ``Discard 1`` / ``Discard 2`` for the discard piles."""
    return _("Draw pile") if pile == 0 else _("Discard {pile}").format(pile=pile)


def pile_description(pile: int, top: int | None, size: int) -> str:
    """A pile as a person says it (screen readers): ``Discard pile 1: Octopus, green;
    3 cards``, ``Draw pile: 40 cards``, ``Discard pile 2: empty``."""
    if pile == 0:
        return _("Draw pile: {count}").format(count=card_count(size))
    if top is None or size == 0:
        return _("Discard pile {pile}: empty").format(pile=pile)
    return _("Discard pile {pile}: {card}; {count}").format(
        pile=pile, card=card_label(top), count=card_count(size))


def points_panel(breakdown: Mapping[str, int] | None) -> dict[str, Any] | None:
    """The own seat's live points (``View.breakdown`` or a ``Breakdown.to_dict()``):
    ``{"label": "Card points", "total": int, "parts": [{"key", "label", "value",
    "text" ("duos 2")}]}``; ``None`` without a breakdown (a spectator)."""
    if not breakdown:
        return None
    parts = [{"key": k, "label": _(label), "value": int(breakdown[k]),
              "text": _("{label} {value}").format(label=_(label), value=breakdown[k])}
             for k, label in POINTS_PARTS]
    return {"label": ui_text("card-points"), "total": int(breakdown["card_points"]),
            "parts": parts}


def colour_counts(v: Any) -> dict[Colour, int]:
    """How many cards of each colour the view's own seat has, in hand and in front
    (R6.4 colour bonus, R7.1 Mermaid points; Mermaids and the Seahorse are white, A.7;
    a face-down Coral Reef Shell is in neither and counts for nothing, B.3.12).
    Empty for a spectator."""
    seat = _get(v, "seat")
    if seat is None:
        return {}
    counts: dict[Colour, int] = {}
    for c in [*_get(v, "hand"), *_get(v, "fronts")[seat]]:
        colour = Colour(COLOUR_OF[c])
        counts[colour] = counts.get(colour, 0) + 1
    return counts


def colour_panel(v: Any) -> dict[str, Any]:
    """The reader's colours: ``{"title": "Your colours", "note", "colours": [{"colour"
    (slug), "name" ("dark blue"), "count", "label" ("dark blue: 3 cards")}]}``, the
    colours they have, most cards first (then in the rules' colour order): what the
    Mermaids and the colour bonus count (:func:`colour_counts`). ``colours`` is empty
    for a spectator's view or an empty hand. A view whose ``reader`` (a payload's
    key: the seat spoken to as "you", None for nobody) is not its own seat, e.g. a
    replay as a bot saw it, names the seat: ``Colours of Hard bot``."""
    counts = colour_counts(v)
    order = sorted(counts, key=lambda c: (-counts[c], int(c)))
    seat = _get(v, "seat")
    title, note = page_text("colours-title"), page_text("colours-note")
    if isinstance(v, Mapping) and seat is not None and v.get("reader", seat) != seat:
        name = seat_name(int(seat), v.get("names"))
        title = _("Colours of {name}").format(name=name)
        note = _("The cards of {name} in hand and in front, by colour (Mermaids are "
                 "white): what Mermaids and the colour bonus count.").format(name=name)
    return {"title": title, "note": note,
            "colours": [{"colour": c.slug, "name": colour_name(c), "count": counts[c],
                         "label": _("{colour}: {count}").format(
                             colour=colour_name(c), count=card_count(counts[c]))}
                        for c in order]}


def table_text(v: Any, names: Sequence[str] | None = None,
               kinds: Sequence[str] | None = None) -> dict[str, Any]:
    """Every word of the table screen for one view, in one dict (the page's and the
    terminal's presenter payload beside the view).

    Args:
        v: a view (or its dict) with its ``log`` (the reader's redacted events).
        names: seat display names.
        kinds: seat kinds (``human`` or a bot level).

    Returns:
        ``header`` (:func:`header_bits`), ``turn`` (:func:`turn_text`), ``seats``: per
        seat ``{"seat", "name", "kind" (:func:`~seasalt.ssp.present.setup.kind_label`
        or ''), "score_text" ("12 pts"), "badges" (:func:`seat_badges`), "hand"
        (:func:`hand_label` of what the reader knows)}``; ``piles``: draw pile then
        discard piles, each ``{"pile" (0, 1, 2), "name", "count", "description"}``;
        ``table_event``: :func:`~seasalt.ssp.present.cards.event_info` or ``None``;
        ``points``: :func:`points_panel` of ``v.breakdown``; ``log``: the log lines.
    """
    from seasalt.ssp.present.log import log_lines
    from seasalt.ssp.present.results import points_text
    from seasalt.ssp.present.setup import kind_label

    seat = _get(v, "seat")
    n = int(_get(v, "n_players"))
    known = _get(v, "known")
    sizes = _get(v, "hand_sizes")
    seats = [{"seat": s, "name": seat_name(s, names),
              "kind": kind_label(kinds[s]) if kinds else "",
              "score_text": points_text(_get(v, "scores")[s]),
              "badges": seat_badges(v, s, kinds),
              "hand": hand_label(sizes[s], len(known[s]) if s != seat else sizes[s])}
             for s in range(n)]
    piles = [{"pile": 0, "name": pile_name(0), "count": card_count(_get(v, "draw_size")),
              "description": pile_description(0, None, _get(v, "draw_size"))}]
    for i, p in enumerate(_get(v, "piles"), start=1):
        top, size = (p["top"], p["size"]) if isinstance(p, Mapping) else (p.top, p.size)
        piles.append({"pile": i, "name": pile_name(i), "count": card_count(size),
                      "description": pile_description(i, top, size)})
    event = _get(v, "table_event")
    return {"header": header_bits(v, names), "turn": turn_text(v, names, seat),
            "seats": seats, "piles": piles,
            "table_event": event_info(event) if event else None,
            "points": points_panel(_get(v, "breakdown")),
            "log": log_lines(_get(v, "log") or (), names, seat)}
