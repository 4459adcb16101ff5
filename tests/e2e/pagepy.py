"""The page's own Python, called from a browser test: `run` adds a ``<script type="py">``
to a page whose Python has started (PyScript runs it in the page's interpreter, with the
page's modules), awaits an ``async def main()`` it defines and hands back its result as
JSON. For parts of the page that no screen reaches yet (the QR codes of the table across
devices): the product gets no debug screen for them.
"""

from __future__ import annotations

import itertools
import json
import textwrap
from typing import Any

from playwright.sync_api import Page

_calls = itertools.count()

_WRAPPER = '''
import json as _json
from pyscript import window as _window

{code}

try:
    _result = {{"value": await main()}}
except BaseException as _exc:
    _result = {{"error": type(_exc).__name__, "text": str(_exc)}}
setattr(_window, "{slot}", _json.dumps(_result))
'''


class PagePythonError(Exception):
    """``main()`` raised: ``name`` is the exception's class name, ``str()`` its text."""

    def __init__(self, name: str, text: str) -> None:
        super().__init__(text)
        self.name = name


def start(page: Page, code: str) -> str:
    """Start ``code`` (Python defining ``async def main()``) in the page; return the
    slot to pass to `result`."""
    slot = f"seasaltTestCall{next(_calls)}"
    script = _WRAPPER.format(code=textwrap.dedent(code), slot=slot)
    page.evaluate("""(code) => {
        const script = document.createElement("script");
        script.type = "py";
        script.textContent = code;
        document.body.append(script);
    }""", script)
    return slot


def result(page: Page, slot: str, timeout_ms: float = 30_000) -> Any:
    """Wait for the call started as ``slot`` and return what ``main()`` returned (JSON).

    Raises:
        PagePythonError: ``main()`` raised.
    """
    page.wait_for_function("(slot) => window[slot] !== undefined", arg=slot,
                           timeout=timeout_ms)
    answer = json.loads(page.evaluate("(slot) => window[slot]", slot))
    if "error" in answer:
        raise PagePythonError(answer["error"], answer["text"])
    return answer["value"]


def run(page: Page, code: str, timeout_ms: float = 30_000) -> Any:
    """Run ``code`` (defining ``async def main()``) in the page and return ``main()``'s
    result (JSON-ready).

    Raises:
        PagePythonError: ``main()`` raised.
    """
    return result(page, start(page, code), timeout_ms)
