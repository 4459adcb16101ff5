"""Players' names in the presenter's words (issue 41, item 7): a name with right-to-left
letters or direction controls is put between FSI and PDI, so an unclosed override in it
reverses nothing after it; other names are as typed (the command line's output does not
change)."""

from __future__ import annotations

import pytest

from seasalt.ssp.present import handoff_texts
from seasalt.ssp.present.calc import tab_name
from seasalt.ssp.present.setup import resume_summary
from seasalt.ssp.present.words import FSI, PDI, isolated, seat_name
from seasalt.web.settings import Settings
from seasalt.web.table import Table

RLO = "\u202e"


@pytest.mark.parametrize("name", ["Ann", "Easy bot 2", "Zoë-Ünal", "Ｗ" * 24, "李小龙", ""])
def test_a_name_without_right_to_left_text_is_as_typed(name: str) -> None:
    assert isolated(name) == name


@pytest.mark.parametrize(("name", "shown"), [
    ("Ann" + RLO, FSI + "Ann" + RLO + PDI),
    ("דוד", FSI + "דוד" + PDI),
    ("علي 2", FSI + "علي 2" + PDI),
    ("x\u2069" + RLO + "y", FSI + "x" + RLO + "y" + PDI),  # its own PDI cannot close it
    (FSI + "\u2067" + "Ann" + RLO + PDI, FSI + "Ann" + RLO + PDI),
])
def test_right_to_left_text_or_a_control_is_isolated(name: str, shown: str) -> None:
    assert isolated(name) == shown
    assert isolated(shown) == shown  # once


def test_every_way_a_name_is_shown_isolates_it() -> None:
    name = "Ann" + RLO
    assert seat_name(0, [name]) == isolated(name)
    texts = handoff_texts(name)
    assert texts["ready"] == f"I am {FSI}Ann{RLO}{PDI}: show my hand"
    assert f"{FSI}Ann{RLO}{PDI}" in texts["title"]
    assert f"{FSI}Ann{RLO}{PDI} (3)" in resume_summary(2, {}, 1, False, [(name, 3)])
    assert tab_name(0, [name]) == isolated(name)
    t = Table.new(Settings(seats=["you", "easy"], names=[name, "Bob"], seed=3))
    v = t.view(0)
    assert v["names"][0] == isolated(name) and v["names"][1] == "Bob"
    assert t.names[0] == name  # the save keeps the name as typed
    fdm = Table.new(Settings(game="fruits-de-mer", seats=["you", "easy"], names=[name, "Bob"],
                             seed=3))
    assert fdm.view(0)["names"][0] == isolated(name)
