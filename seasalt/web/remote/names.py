"""A friend's own name (issue 42): what a friend's device may call its seat.

A friend types a name on its join screen; its device sends it with its ``hello``
(:class:`seasalt.web.remote.messages.Hello`), and the host keeps it only when
:func:`friend_name` reads it: spaces trimmed (every run of white space one space), then
1 to :data:`MAX_NAME` characters, none of them a control or format character (a
line break, a NUL, a right-to-left override...). Anything else is refused: the seat
keeps its name (its default one for a new seat). A name is plain text everywhere: the
page draws it as a text node, never as markup.
"""

from __future__ import annotations

import unicodedata

#: The longest name a friend may choose (the game record allows 24).
MAX_NAME = 20
#: The Unicode categories refused in a name: controls, format characters (but the
#: zero-width joiner of emoji sequences), surrogates, private use, unassigned, and line
#: and paragraph separators.
_REFUSED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_JOINER = "\u200d"


def friend_name(text: object) -> str | None:
    """The name ``text`` as the table keeps it, or ``None`` when it is refused.

    Args:
        text: what the friend typed (anything: a message's field is not trusted).

    Returns:
        The name trimmed, white space runs made one space; ``None`` when ``text`` is
        not a string, is empty once trimmed, is longer than :data:`MAX_NAME`
        characters, or holds a control or format character.
    """
    if not isinstance(text, str) or len(text) > 10 * MAX_NAME:
        return None
    name = " ".join(text.split())
    if not 0 < len(name) <= MAX_NAME or name == _JOINER:
        return None
    if any(unicodedata.category(c) in _REFUSED and c != _JOINER for c in name):
        return None
    return name
