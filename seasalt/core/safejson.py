"""JSON from untrusted text, read with limits first, so no input can crash or hang.

``json.loads`` parses nested arrays and objects recursively: a text of ten thousand
``[`` overflows the stack. In CPython that is a ``RecursionError``; in Pyodide (the
page) it can be the browser's own "Maximum call stack size exceeded", which kills the
interpreter. A number of more than 4,300 digits raises a bare ``ValueError``, and
``NaN`` or ``Infinity`` are read as floats. :func:`loads` checks the text before
parsing it: its type and size, then its nesting depth, counted without recursion
(escapes and strings are taken out, then the innermost ``[]`` and ``{}`` pairs are
removed once per level, at most ``max_depth`` times; whatever is left is too deep or
not JSON); only then does it call ``json.loads``, refusing ``NaN`` and ``Infinity``.
Every refusal is one exception type, the caller's.

::

    data = loads(text, max_chars=4_000_000, max_depth=24, error=InvalidRecordError)
"""

from __future__ import annotations

import json
import re
from typing import Any

#: Escapes inside strings (a backslash and the character after it).
_ESCAPE = re.compile(r"\\.", re.DOTALL)
#: A string once its escapes are gone.
_STRING = re.compile(r'"[^"]*"')
#: Everything but brackets.
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


class JsonLimitError(ValueError):
    """The default error of :func:`loads` (a ``ValueError``)."""


def nesting_depth(text: str, limit: int) -> int | None:
    """How deep ``text``'s arrays and objects nest (0: none), or ``None`` when that is
    more than ``limit`` or the brackets do not pair up. Linear in the text's length
    times ``limit``, without recursion; strings (escapes included) are skipped."""
    rest = _NOT_BRACKET.sub("", _STRING.sub("", _ESCAPE.sub("", text)))
    depth = 0
    while rest:
        if depth >= limit:
            return None
        shorter = rest.replace("[]", "").replace("{}", "")
        if len(shorter) == len(rest):
            return None  # a bracket without its pair: not JSON
        rest = shorter
        depth += 1
    return depth


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def loads(text: object, *, max_chars: int, max_depth: int,
          error: type[Exception] = JsonLimitError, what: str = "the text") -> Any:
    """Parse JSON ``text`` within limits.

    Args:
        text: the text (anything else is refused).
        max_chars: the most characters accepted.
        max_depth: the deepest nesting of arrays and objects accepted (``[[1]]`` is 2).
        error: the exception type raised, called with one message.
        what: how messages name the text (``"the save"``).

    Returns:
        The decoded value (dicts, lists, strings, ints, floats, bools, ``None``; no
        ``NaN`` or infinity).

    Raises:
        error: not a string, longer than ``max_chars``, nested deeper than
            ``max_depth`` (or brackets that do not pair), not JSON, a number with too
            many digits, ``NaN`` or ``Infinity``.
    """
    if not isinstance(text, str):
        raise error(f"{what} is not text")
    if len(text) > max_chars:
        raise error(f"{what} is too long ({len(text):,} characters; at most {max_chars:,})")
    if nesting_depth(text, max_depth) is None:
        raise error(f"{what} is nested more than {max_depth} levels deep, or is not JSON")
    try:
        return json.loads(text, parse_constant=_constant)
    except (ValueError, RecursionError, TypeError) as e:
        raise error(f"{what} is not valid JSON ({_short(str(e))})") from None


def shown(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to at most ``limit`` characters (``...`` at the end), for
    messages that must not echo a huge input."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."
