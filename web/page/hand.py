"""The hand as the table draws it (issue 12): in the order the player chose, by kind
or by colour (`arranged`: the presenter's ``ssp_controls.hand_order`` by
``prefs.hand_order``), and the cards new in it since the seat's previous decision on
screen (`new_cards`, drawn with the class ``new-card``; `note_decision` notes the hand
at each decision). Kept in the page's memory only: after a reload nothing is new.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from seasalt.ssp.present import controls as ssp_controls

from .prefs import hand_order


def arranged(v: Mapping[str, Any]) -> list[int]:
    """The view's hand in the chosen order (`hand_order`)."""
    return list(ssp_controls.hand_order(v["hand"], hand_order()))


_decided: dict[int, dict[str, Any]] = {}
"""Per seat: the ply and hand of its latest decision on screen, and the hand of the one
before (``ref``)."""


def new_cards(v: Mapping[str, Any]) -> set[int]:
    """The cards that reached the seat's hand since its previous decision on screen:
    what its last decision brought (a kept or taken card, a Fish draw, a pick, a steal),
    highlighted until its next decision. Empty for a spectator, after a reload or an
    undo (nothing to compare with)."""
    seat = v["seat"]
    if seat is None or "replay" in v:  # a replay's table: no decision of this page's
        return set()
    hand, ply = set(v["hand"]), int(v["ply"])
    rec = _decided.get(seat)
    if rec is not None and rec["ply"] > ply:  # went back (undo): start afresh
        rec = _decided[seat] = {"ply": ply, "hand": hand, "ref": None}
    if v["legal"]:  # this seat decides now
        if rec is None or rec["ply"] != ply:
            rec = _decided[seat] = {"ply": ply, "hand": hand,
                                    "ref": rec["hand"] if rec is not None else None}
        ref = rec["ref"]
    else:
        ref = rec["hand"] if rec is not None else None
    return hand - ref if ref is not None else set()


def note_decision(v: Mapping[str, Any]) -> None:
    """Note the seat's hand when it decides (`new_cards` compares with it), whether or
    not the hand is drawn (an empty hand is not)."""
    new_cards(v)
