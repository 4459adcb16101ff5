"""The command line's tests run in English, whatever the environment's language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from seasalt import i18n


@pytest.fixture(autouse=True)
def english_environment(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No language variable set (so ``main`` and ``python -m seasalt`` speak English);
    English again after the test."""
    for name in i18n.ENV_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    yield
    i18n.set_language(None)
