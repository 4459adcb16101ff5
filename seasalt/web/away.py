"""A friend's seat whose phone is away, marked on every table that shows it (issue 42).

The host's room knows which friends' seats are given to a phone that is not connected
now (``HostRoom.away``); a friend's phone learns it from the host's ``away`` and
``back`` messages (``GuestTable.away``). Both tables' payloads (the host's
:meth:`seasalt.web.table.Table.view`, a friend's ``RemoteSeat.view``) go through
:func:`mark_away`, so that the page draws a small tag beside that seat's name, on the
host's table and on the other friends' phones, in both games. A seat played on this
device (hot seat) or by a bot is never a friend's seat, so never marked.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from seasalt.i18n import _, pgettext

BADGE = "away"
"""The ``kind`` of a Sea Salt & Paper seat badge that says the seat is away."""


def mark_away(payload: dict[str, Any], away: Iterable[int]) -> dict[str, Any]:
    """The page's payload with each seat of ``away`` marked away, in the language in use.

    Args:
        payload: a table's payload (``Table.view``): its ``seats`` (a list of dicts, one
            per seat; Sea Salt & Paper's with ``badges``) and ``names``.
        away: the seats whose friend's phone is not connected now (out of range:
            ignored).

    Returns:
        ``payload`` itself, its away seats' entries replaced by copies with ``away``
        (the tag's words) and ``away_title`` (a sentence that says it whole); a Sea Salt
        & Paper seat also gets a badge of kind :data:`BADGE` after its other badges.
    """
    seats = payload.get("seats")
    if not isinstance(seats, list):
        return payload
    names = payload.get("names") or []
    for s in sorted(set(away)):
        if not 0 <= s < len(seats):
            continue
        name = names[s] if s < len(names) else ""
        # TRANSLATORS: a small tag beside a player's name on the table: that friend's
        # phone is not connected now (locked, reloaded or out of reach)
        text = pgettext("seat tag", "away")
        title = _("{name}'s phone is away: the game waits for it.").format(name=name)
        seat = {**seats[s], "away": text, "away_title": title}
        if isinstance(seat.get("badges"), list):
            seat["badges"] = [*seat["badges"], {"kind": BADGE, "text": text, "title": title}]
        seats[s] = seat
    return payload
