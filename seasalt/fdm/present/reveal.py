"""A round's reveal and its resolution in words, step by step (docs/fruits-de-mer.md F5).

Reads ``Resolution.to_dict()`` (:mod:`seasalt.fdm.resolve`: ``bait``, ``plays``,
``arrest``, ``steps`` of ``{"type", "cards", "seats", "eaten"}``, ``removed``,
``scorers``, ``returned``), as the ``reveal`` event, the view's ``last`` and
``history`` carry it. One sentence per step, in the order the engine gives:

- ``arrest``: ``Arrest: a Warden catches Bob's Fisher, removed from the game. Ann
  scores 1.``
- ``spawn``: ``Spawning: Ann's Shrimp goes to the centre.``
- ``eat``: ``Bob's Mackerel eats Ann's Shrimp and goes to the centre.`` (nothing in
  the centre yet: ``Bob's Mackerel eats the Shrimp bait and goes to the centre.``)
- ``fisher``: ``Dan's Fisher catches Carl's Tuna, removed from the game. Dan scores 1.``
- ``centre-scores``: ``No Fisher: Carl's Tuna stays in the centre. Carl scores 1.``
- ``nothing``: ``Nothing moved: every card goes back and nobody scores.``
- ``back``: ``Back in hand: Ann's Warden, Dan's Fisher.``
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from seasalt.fdm.present.words import (
    is_you,
    kind_name,
    owned_list,
    scorers_sentence,
    seat_name,
    sentence,
)
from seasalt.i18n import _, ngettext

Names = Sequence[str] | None


def _seats_of(step: Mapping[str, Any], key: str) -> list[int]:
    return [int(s) for s in step.get(key) or ()]


def step_text(step: Mapping[str, Any], bait: str, names: Names = None,
              viewer: int | None = None, plays: Sequence[str | None] | None = None) -> str:
    """One resolution step as a sentence (see the module docstring).

    Args:
        step: ``{"type", "cards", "seats", "eaten"}``.
        bait: the round's bait kind (``"shrimp"``).
        names: seat display names.
        viewer: the reader's seat ("your Shrimp", "You score 1."), or ``None``.
        plays: the round's plays per seat, to name the Wardens and Fishers that act.
    """
    kind = step["type"]
    cards = list(step.get("cards") or ())
    seats = _seats_of(step, "seats")
    n = len(cards)
    if kind == "arrest":
        wardens = [[s, "warden"] for s in seats]
        text = ngettext("Arrest: {wardens} catches {fishers}, removed from the game.",
                        "Arrest: {wardens} catch {fishers}, removed from the game.",
                        len(wardens)).format(wardens=owned_list(wardens, names, viewer),
                                             fishers=owned_list(cards, names, viewer))
        return sentence(text) + " " + scorers_sentence(seats, names, viewer)
    if kind == "spawn":
        return ngettext("Spawning: {cards} goes to the centre.",
                        "Spawning: {cards} go to the centre.", n).format(
            cards=owned_list(cards, names, viewer))
    if kind == "eat":
        eaten = list(step.get("eaten") or ())
        predators = owned_list(cards, names, viewer)
        if eaten:
            text = ngettext("{predators} eats {prey} and goes to the centre.",
                            "{predators} eat {prey} and go to the centre.", n).format(
                predators=predators, prey=owned_list(eaten, names, viewer))
        else:
            text = ngettext("{predators} eats the {bait} bait and goes to the centre.",
                            "{predators} eat the {bait} bait and go to the centre.",
                            n).format(predators=predators, bait=kind_name(bait))
        return sentence(text)
    if kind == "fisher":
        fishers = [[s, "fisher"] for s in seats]
        text = ngettext("{fishers} catches {cards}, removed from the game.",
                        "{fishers} catch {cards}, removed from the game.",
                        len(fishers)).format(fishers=owned_list(fishers, names, viewer),
                                             cards=owned_list(cards, names, viewer))
        return sentence(text) + " " + scorers_sentence(seats, names, viewer)
    if kind == "centre-scores":
        text = ngettext("No Fisher: {cards} stays in the centre.",
                        "No Fisher: {cards} stay in the centre.", n).format(
            cards=owned_list(cards, names, viewer))
        return text + " " + scorers_sentence(seats, names, viewer)
    if kind == "nothing":
        return _("Nothing moved: every card goes back and nobody scores.")
    if kind == "back":
        return _("Back in hand: {cards}.").format(cards=_(", ").join(
            owned_list([c], names, viewer) for c in cards))
    return str(kind)


def steps_texts(res: Mapping[str, Any], names: Names = None,
                viewer: int | None = None) -> list[str]:
    """Every step of a resolution as a sentence, in order."""
    return [step_text(st, str(res["bait"]), names, viewer, res.get("plays"))
            for st in res.get("steps") or ()]


def play_text(seat: int, kind: str | None, names: Names = None,
              viewer: int | None = None) -> str:
    """``Ann: Shrimp``, ``You: Tuna``, ``Bob: no card``: one seat's revealed card."""
    who = _("You") if is_you(seat, names, viewer) else seat_name(seat, names)
    card = kind_name(kind) if kind else _("no card")
    return _("{name}: {card}").format(name=who, card=card)


def plays_sentence(res: Mapping[str, Any], names: Names = None,
                   viewer: int | None = None) -> str:
    """``Revealed: Ann: Shrimp; Bob: Mackerel; ...`` (seat order)."""
    plays = list(res.get("plays") or ())
    return _("Revealed: {plays}.").format(plays=_("; ").join(
        play_text(s, k, names, viewer) for s, k in enumerate(plays)))


def summary_text(res: Mapping[str, Any], round_: int, names: Names = None,
                 viewer: int | None = None) -> str:
    """``Round 3: Dan scores 1.`` / ``Round 3: nobody scores.``: the round in one line."""
    scorers = [int(s) for s in res.get("scorers") or ()]
    return _("Round {round}: {scores}").format(
        round=round_, scores=scorers_sentence(scorers, names, viewer))


def removed_sentence(res: Mapping[str, Any], names: Names = None,
                     viewer: int | None = None) -> str:
    """``Removed from the game: Ann's Shrimp, Bob's Mackerel.`` ('' when none)."""
    removed = list(res.get("removed") or ())
    if not removed:
        return ""
    return _("Removed from the game: {cards}.").format(cards=_(", ").join(
        owned_list([c], names, viewer) for c in removed))
