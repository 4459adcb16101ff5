"""The piles of a Sea Salt & Paper turn as plain data: which are actions now, and in the
keep step after a draw two (R4.1a), the card kept, the drawn cards' names and why the
laid card cannot go on a pile.

Split from :mod:`seasalt.ssp.present.prompt`, which uses these for its keep step; the
page's payload (:mod:`seasalt.ssp.present.page_payload`) takes :func:`pile_actions`.
Every function takes a view as :class:`~seasalt.ssp.view.View` or its ``to_dict()``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from seasalt.i18n import _
from seasalt.ssp.cards import KIND_OF
from seasalt.ssp.present.actions import discard_here
from seasalt.ssp.present.cards import card_name, kind_name
from seasalt.ssp.present.keys import pile_key
from seasalt.ssp.present.table import pile_description, ui_text


def as_dict(view: Any) -> Mapping[str, Any]:
    """A view as its JSON-ready dict (a ``View``, or already a mapping)."""
    return view if isinstance(view, Mapping) else view.to_dict()


def kept_card(view: Any, selection: Sequence[int] = ()) -> int | None:
    """The drawn card the player has chosen to keep (R4.1): the last of ``selection``
    among ``view``'s drawn cards during the keep step, else ``None``."""
    v = as_dict(view)
    if v["phase"] != "keep":
        return None
    drawn = list(v.get("drawn") or ())
    return next((c for c in reversed(list(selection)) if c in drawn), None)


def drawn_names(v: Mapping[str, Any]) -> dict[int, str]:
    """The drawn cards' names on the keep step's buttons: the type (``Boat``), or the
    type and colour when both cards are of one type (``Crab (green)``)."""
    drawn = list(v.get("drawn") or ())
    same = len({KIND_OF[c] for c in drawn}) < len(drawn)
    return {c: card_name(c) if same else kind_name(KIND_OF[c]) for c in drawn}


def keep_records(legal: Sequence[Mapping[str, Any]], card: int) -> list[Mapping[str, Any]]:
    """The legal keep records that keep ``card``, by pile (where the other card goes)."""
    return sorted((x for x in legal if x["kind"] == "keep" and list(x["cards"]) == [card]),
                  key=lambda x: int(x["pile"]))


def pile_top(v: Mapping[str, Any], pile: int) -> int | None:
    """The top card of discard pile ``pile`` (1 or 2) in a view's dict, or None."""
    p = v["piles"][pile - 1]
    top = p["top"] if isinstance(p, Mapping) else p.top
    return None if top is None else int(top)


def keep_refusal(v: Mapping[str, Any], card: str, pile: int, allowed: Sequence[int]) -> str:
    """Why the card laid after a draw two cannot go on discard pile ``pile`` (R4.1a:
    when exactly one discard pile is empty, the laid card goes on that one; when both
    are, on pile 1).

    Args:
        v: the view's dict (its ``piles``).
        card: the laid card's name (as the keep step names it).
        pile: the pile it was dropped on, 1 or 2.
        allowed: the piles it may go on.

    Returns:
        ``Shark cannot go on discard pile 2: discard pile 1 is empty, and the card you
        lay goes on the empty pile.`` (or, for no reason the rules name, that it cannot
        go there).
    """
    empty = [p for p in allowed if pile_top(v, p) is None]
    if len(allowed) == 1 and empty and pile_top(v, pile) is None:
        return _("{card} cannot go on discard pile {pile}: when both discard piles are "
                 "empty, the card you lay goes on discard pile {empty}.").format(
            card=card, pile=pile, empty=empty[0])
    if len(allowed) == 1 and empty:
        return _("{card} cannot go on discard pile {pile}: discard pile {empty} is empty, "
                 "and the card you lay goes on the empty pile.").format(
            card=card, pile=pile, empty=empty[0])
    return _("{card} cannot go on discard pile {pile}.").format(card=card, pile=pile)


def draw_refusal(card: str) -> str:
    """Why a drawn card dropped on the draw pile goes back (R4.1a: the card not kept is
    laid face up on a discard pile, never returned to the draw pile).

    Args:
        card: the laid card's name (as the keep step names it).

    Returns:
        ``Shark cannot go back on the draw pile: the card you do not keep goes on a
        discard pile.``
    """
    return _("{card} cannot go back on the draw pile: the card you do not keep goes "
             "on a discard pile.").format(card=card)


def pile_actions(view: Any, keep: int | None = None) -> list[dict[str, Any]]:
    """The draw pile and the discard piles as actions now (R4.1).

    Args:
        view: a ``View`` or its dict.
        keep: in the keep step, the drawn card the player chose to keep (see
            :func:`kept_card`; the page's selection): each discard pile that a legal
            keep record sends the other card to is then that record's action. Ignored
            in any other step or when it is no drawn card.

    Returns:
        One entry per pile, the draw pile first (``pile`` 0, then 1 and 2):
        ``{"pile", "code" (None when not an action), "title", "hint" (what a click
        does, shown on the pile while it takes the card not kept: ``Discard Shoal of
        Fish here``; else ""), "label" (what it holds, for screen readers: ``Discard
        pile 1: Octopus, green; 3 cards``), "key" (``d``, ``1`` or ``2`` while it is
        an action, else None)}``. On a Jellyfish forced turn the draw pile is no action
        here: the prompt's own button draws.
    """
    v = as_dict(view)
    legal = v["legal"]
    keeping = kept_card(v, [keep]) if keep is not None else None
    discard = ""
    if keeping is not None:
        other = next((c for c in v["drawn"] if c != keeping), None)
        discard = discard_here(drawn_names(v)[other] if other is not None else _("the other"))
        codes = {int(x["pile"]): x["code"] for x in keep_records(legal, keeping)}
    else:
        codes = {int(x["pile"]): x["code"] for x in legal if x["kind"] == "take"}
    draw = None if v["forced_turn"] else next(
        (x["code"] for x in legal if x["kind"] == "draw"), None)
    out = [{"pile": 0, "code": draw, "title": ui_text("draw-two") if draw else "",
            "hint": "", "label": pile_description(0, None, int(v["draw_size"])),
            "key": pile_key(0) if draw else None}]
    for i, p in enumerate(v["piles"], start=1):
        top, size = (p["top"], p["size"]) if isinstance(p, Mapping) else (p.top, p.size)
        code = codes.get(i)
        title = (discard if keeping is not None else ui_text("take-top")) if code else ""
        out.append({"pile": i, "code": code, "title": title,
                    "hint": title if code and keeping is not None else "",
                    "label": pile_description(i, top, int(size)),
                    "key": pile_key(i) if code else None})
    return out
