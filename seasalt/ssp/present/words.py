"""Small word helpers shared by the presenter: seat names, "you", lists.

Nothing here decides a rule. Every string goes through :mod:`seasalt.i18n`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from seasalt.i18n import N_, _

#: The score calculator's Undo button, which the help quotes: here, in the start archive,
#: since the calculator's presenter (:mod:`seasalt.ssp.present.calc`) ships in the later one.
CALC_UNDO: str = N_("Undo the last card")
#: First Strong Isolate and Pop Directional Isolate: text between them is laid out on
#: its own, as ``<bdi>`` is (Unicode's bidirectional algorithm, UAX #9).
FSI, PDI = "\u2068", "\u2069"
#: What can reorder the text around a name in a left-to-right sentence: right-to-left
#: letters (Hebrew, Arabic, Syriac, Thaana, N'Ko... and their presentation forms),
#: Arabic digits and marks, and the explicit direction controls.
_BIDI = re.compile("[\u0590-\u08ff\u200f\u202a-\u202e\u2066-\u2069\ufb1d-\ufdff"
                   "\ufe70-\ufeff\U00010800-\U00010fff\U0001e800-\U0001efff]")
_ISOLATES = re.compile("[\u2066-\u2069]")

#: The name the only human at a table gets by default (``You``), in every language the
#: game speaks (the catalogs' ``You``); a seat so named is spoken to as "you" (see
#: :func:`is_you`): a game begun in one language and shown in another still speaks to
#: its person as "you" ("Vous recevez", not "Vous receives"; a test keeps this in step
#: with the catalogs).
YOU_NAMES: frozenset[str] = frozenset({"you", "vous", "jij", "sen"})


def isolated(name: str) -> str:
    """``name`` laid out on its own wherever it is shown: between :data:`FSI` and
    :data:`PDI` when it holds right-to-left letters or direction controls (an unclosed
    right-to-left override in a name then ends with it, instead of reversing the rest
    of the sentence: "I am \u202eAnn: show my hand"), else as it is. The isolate marks
    it holds are dropped first, so it cannot close the isolate early; a name already
    isolated is returned as it is."""
    if not _BIDI.search(name):
        return name
    if (name.startswith(FSI) and name.endswith(PDI) and len(name) >= 2
            and not _ISOLATES.search(name[1:-1])):
        return name
    return FSI + _ISOLATES.sub("", name) + PDI


def seat_name(seat: int, names: Sequence[str] | None = None) -> str:
    """The seat's display name (:func:`isolated`), or ``Player N`` (``seat`` from 0,
    shown from 1).

    Args:
        seat: a seat from 0.
        names: display names, one per seat ('' or missing: the default).
    """
    if names and 0 <= seat < len(names) and names[seat]:
        return isolated(names[seat])
    return _("Player {number}").format(number=seat + 1)


def seat_short(seat: int) -> str:
    """The seat's short name, as short as the language allows (``P2``; ``J2`` in
    French): the score calculator's tab of an unnamed player, and a score table's column
    heading where the names do not fit (a key beside the table pairs each with its
    name).

    Args:
        seat: a seat from 0 (shown from 1).
    """
    # TRANSLATORS: an unnamed player's tab in the score calculator, or a player's column
    # in a narrow score table, as short as the language allows (the initial of "Player"
    # and the seat's number): P2
    return _("P{number}").format(number=seat + 1)


def is_you(subject: int, names: Sequence[str] | None, seat: int | None) -> bool:
    """Whether a sentence about ``subject`` speaks to the reader ("you win").

    True when ``subject`` is the reader's ``seat``, or when its name is the default
    name of the only human (``You`` in any of the game's languages, :data:`YOU_NAMES`,
    or in the language in use; any case), so a public screen (round over, game over,
    the Extra Pepper hand-out) of a one-person table says "You win!" and "You receive
    the event", never "You receives".
    """
    if subject < 0:
        return False
    if seat is not None and subject == seat:
        return True
    name = (_ISOLATES.sub("", names[subject]).strip().casefold()
            if names and subject < len(names) else "")
    return bool(name) and (name in YOU_NAMES or name == _("You").casefold())


def join_and(items: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C`` (the language's list words)."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    head = _(", ").join(items[:-1])
    return _("{first} and {last}").format(first=head, last=items[-1])


def join_list(items: Sequence[str]) -> str:
    """``A, B, C`` (the language's list separator), or ``none`` for no item."""
    return _(", ").join(items) if items else _("none")
