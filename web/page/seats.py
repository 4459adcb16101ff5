"""A seat on the table: its badges, its total, another seat's hand as the view knows
it and an opponent's panel (name, level, total, hand, duos in front).

Everything drawn comes from the payload ``v`` (``Table.view``, the presenter's
``seasalt.ssp.present.page_payload``): ``seats`` (badges, labels, revealed points),
``known`` (the cards this view may see in each hand), ``hand_sizes``, ``groups``,
``call`` and ``caller``. A hand's unknown cards are drawn as backs only.
"""

from __future__ import annotations

from typing import Any

from .cards import card, card_back, front_row
from .dom import el

BADGE_CLASSES: dict[str, str] = {
    "turn": "badge turn", "thinking": "badge turn thinking", "extra": "badge extra",
    "final": "badge final", "call": "badge call", "revealed": "badge quiet",
    "forced": "badge forced", "event": "badge event", "reef": "badge reef",
    "away": "badge away",  # a friend's phone not connected now (seasalt.web.away)
}
"""CSS classes of a seat badge by its ``kind`` (the payload's ``seats[s]["badges"]``)."""


def seat_status(v: dict[str, Any], s: int) -> list[Any]:
    """Badges for a seat: turn, thinking, extra or final turn, announcement, ..."""
    out = []
    for b in v["seats"][s]["badges"]:  # a replay's have no "thinking"
        attrs = {"data_event": b["event"]} if b["kind"] == "event" else {}
        if b["title"]:
            attrs["title"] = b["title"]
        out.append(el("span", b["text"], class_=BADGE_CLASSES[b["kind"]], **attrs))
    return out


def hand_of_other(v: dict[str, Any], s: int) -> Any:
    """Another seat's hand as this view knows it: known cards face up (chips on the
    table), backs for the rest, its size and, once revealed (R6.0), its card points
    (the payload's ``seats[s]["points"]``)."""
    known = list(v["known"][s])
    hidden = max(0, v["hand_sizes"][s] - len(known))
    cards = [card(c, "known") for c in known] + [card_back() for _ in range(hidden)]
    label = v["seats"][s]["hand_label"]
    points = v["seats"][s].get("points")
    total = el("span", v["texts"]["card-points"], " ", el("b", str(points)),
               class_="hand-points") if points is not None else None
    # a phone counts the cards it shows no chip of as a small back and a number,
    # beside the known chips (`seat_panel`'s "knows"; the label, which says it in
    # words, stays for assistive technology)
    chips = bool(known) and v["call"] != "stop"
    count = hidden if chips else v["hand_sizes"][s]
    rest = el("span", el("span", class_="rest-back"), str(count), class_="hand-rest",
              aria_hidden="true", title=label) if count or not chips else None
    return el("div", el("div", *cards, class_="cards fan") if cards else None, rest,
              el("span", label, class_="hand-count"), total, class_="other-hand")


def seat_score(v: dict[str, Any], s: int) -> Any:
    """A seat's game total: ``12 pts``."""
    texts = v["texts"]
    return el("span", el("b", str(v["scores"][s])), " ", el("span", texts["pts"], class_="pts"),
              class_="seat-score", title=texts["game-total"])


def seat_panel(v: dict[str, Any], s: int) -> Any:
    """An opponent's area: name, level, total, hand (size, known cards), duos in front."""
    current = v["current"] == s
    kind = v["seats"][s]["kind_label"]
    # no level badge beside a name that already says it ("Easy bot 1", "Makkelijke bot 1")
    named = v["names"][s].casefold().startswith(kind.casefold())
    head = el("div", el("span", v["names"][s], class_="seat-name"),
              el("span", kind, class_="badge kind") if not named else None,
              seat_score(v, s), class_="seat-head")
    # a revealed hand (R6.0) or cards known in it: the seat shows them on every size;
    # a phone's seat widens for the LAST CHANCE caller's, the hand a final turn must
    # beat (R6.2), and names its cards
    # (after a STOP the round is over: a phone leaves the hands to the round's scores)
    shown = " revealed" if v["seats"][s].get("points") is not None else ""
    if v["known"][s] and v["call"] != "stop":
        shown += " knows"
    if shown and v["caller"] == s and v["call"] == "last-chance":
        shown += " caller"
    return el("div", head, el("div", *seat_status(v, s), class_="seat-status"),
              hand_of_other(v, s), front_row(v["groups"][s], v["texts"]["no-duo"]),
              class_="seat" + (" current" if current else "") + shown, data_seat=str(s))
