"""``seasalt.web.imports``: the record of imports the browser tests read."""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Iterator

import pytest

from seasalt.web import imports as web_imports


@pytest.fixture()
def clean_path() -> Iterator[None]:
    before = list(sys.meta_path)
    yield
    sys.meta_path[:] = before


def test_a_module_looked_for_in_vain_is_recorded(clean_path: None) -> None:
    finder = web_imports.install()
    assert sys.meta_path[-1] is finder and web_imports.install() is finder
    with contextlib.suppress(ImportError):
        import seasalt_no_such_module  # type: ignore[import-not-found]  # noqa: F401
    import json.decoder  # found by the usual finders: not a miss

    record = json.loads(web_imports.report())
    assert record["missed"] == ["seasalt_no_such_module"]
    assert "json.decoder" in record["modules"] and record["modules"] == sorted(record["modules"])
    assert set(record["frozen"]) <= set(record["modules"])


def test_without_install_nothing_is_missed(clean_path: None) -> None:
    sys.meta_path[:] = [f for f in sys.meta_path
                        if not isinstance(f, web_imports.MissedImports)]
    assert json.loads(web_imports.report())["missed"] == []
