"""The table's controls of issue 12, as words and data: undo, the LAST CHANCE bet's
brief, the order of the hand.

- :func:`undo_button`: the Undo control's words and key (the table says whether it is
  usable: :meth:`seasalt.web.table.Table.can_undo`).
- :func:`last_chance_brief`: what the confirmation of a LAST CHANCE bet shows (R6.2):
  the caller's card points and, for each opponent, what the caller's view shows of
  them (cards in front and their points, known hand cards, hand size).
- :func:`hand_order`: the hand by kind or by colour (:data:`HAND_ORDERS`).

The fixed words of these controls (the dialog's checkbox, the menu's switches, the
Undo button) are page words (:mod:`seasalt.ssp.present.page`: ``undo``, ``dont-ask``,
``ask-last-chance``, ``hand-order``, ``order-kind``, ``order-colour``).

Nothing here decides a rule: points come from :func:`seasalt.ssp.scoring.breakdown`,
the engine's own count.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from seasalt.i18n import _, ngettext
from seasalt.ssp.cards import CARDS, parse_event
from seasalt.ssp.present.actions import action_label
from seasalt.ssp.present.cards import card_name, group_text
from seasalt.ssp.present.keys import UNDO_KEY
from seasalt.ssp.present.page import page_text
from seasalt.ssp.present.words import join_list, seat_name
from seasalt.ssp.scoring import breakdown

#: The hand's orders: by kind (the rulebook's order of types, then colour) or by colour.
HAND_ORDERS: tuple[str, ...] = ("kind", "colour")

def undo_button(code: str | None = None, names: Sequence[str] | None = None
                ) -> dict[str, str]:
    """The Undo control: ``{"label": "Undo", "title": ..., "key": "u"}`` (the page adds
    Ctrl+Z).

    Args:
        code: the decision it would take back (an action code), if any: the title
            then names it (``Take back: Keep Boat (black), discard the other on pile
            1``); else the page's general words (``undo-title``).
        names: seat display names (for a steal's target).
    """
    title = (_("Take back: {action}").format(action=action_label(code, names)) if code
             else page_text("undo-title"))
    return {"label": page_text("undo"), "title": title, "key": UNDO_KEY}


def hand_order(hand: Sequence[int], by: str = "kind") -> list[int]:
    """The hand's cards in the order to show them.

    Args:
        hand: card ids.
        by: ``kind`` (card type in the rulebook's order, R1 and A.1, then colour) or
            ``colour`` (colour in R1's order, then type); anything else is ``kind``.

    Returns:
        The same ids, sorted (ties by id, so two copies keep a fixed order).
    """
    if by == "colour":
        return sorted(hand, key=lambda c: (int(CARDS[c].colour), int(CARDS[c].kind), c))
    return sorted(hand, key=lambda c: (int(CARDS[c].kind), int(CARDS[c].colour), c))


def _events(v: Mapping[str, Any], seat: int) -> list[int]:
    """The Extra Pepper events that apply to ``seat`` (table event and held; B.1)."""
    slug = v.get("table_event")
    if not slug:
        return []
    held = v.get("held_events") or ()
    mine = held[seat] if seat < len(held) else ()
    return [int(parse_event(slug)), *(int(parse_event(e)) for e in mine)]


def _points(n: int) -> str:
    return ngettext("{count} point", "{count} points", n).format(count=n)


def last_chance_brief(v: Mapping[str, Any]) -> dict[str, Any]:
    """What a LAST CHANCE confirmation shows (R6.2: the bet is won when the caller's
    card points are at least each opponent's after their final turns).

    Args:
        v: the caller's view payload (``seasalt.web.table.Table.view``: ``seat``, ``points``,
            ``breakdown``, ``fronts``, ``groups``, ``known``, ``hand_sizes``,
            ``names``, Extra Pepper's ``table_event`` / ``held_events``).

    Returns:
        ``{"you": {"points", "bonus", "text"}, "opponents": [{"seat", "name",
        "hand_size", "front", "front_points", "known", "known_points", "lines"}],
        "note"}``: ``front_points`` scores the cards in front alone,
        ``known_points`` the cards in front with the known hand cards (card points
        never fall when cards are added, so the opponent has at least that many);
        ``lines`` words each fact; ``note`` is '' (the confirmation's own text,
        ``confirm-last-chance-text``, says that the final turns are still to come).
    """
    seat = int(v["seat"])
    names = v.get("names")
    parts = v.get("breakdown") or {}
    points = int(v.get("points") or 0)
    bonus = int(parts.get("colour_bonus", 0))
    you = {"points": points, "bonus": bonus,
           "text": _("Your card points: {points} (colour bonus {bonus})").format(
               points=points, bonus=bonus)}
    opponents = []
    n = len(v["hand_sizes"])
    for k in range(1, n):
        o = (seat + k) % n
        front = list(v["fronts"][o])
        known = list(v["known"][o])
        events = _events(v, o)
        front_points = breakdown((), front, events).card_points
        known_points = breakdown(known, front, events).card_points
        size = int(v["hand_sizes"][o])
        groups = v.get("groups")
        shown = [group_text(g) for g in groups[o]] if groups else [card_name(c) for c in front]
        lines = [ngettext("{count} card in hand", "{count} cards in hand", size).format(
            count=size)]
        if front:
            lines.append(_("In front: {cards} ({points})").format(
                cards=join_list(shown), points=_points(front_points)))
        else:
            lines.append(_("Nothing in front"))
        if known:
            lines.append(_("Known in hand: {cards}").format(
                cards=join_list([card_name(c) for c in sorted(known)])))
        lines.append(_("At least {points} from what you can see").format(
            points=_points(known_points)))
        opponents.append({"seat": o, "name": seat_name(o, names), "hand_size": size,
                          "front": front, "front_points": front_points, "known": known,
                          "known_points": known_points, "lines": lines})
    # the final turns still to come are the confirmation's own text
    # (page text ``confirm-last-chance-text``): not said twice
    return {"you": you, "opponents": opponents, "note": ""}
