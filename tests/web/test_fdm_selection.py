"""Fruits de mer's table on a friend's phone: a card selected (a first tap) belongs to
one decision. The table drawn with the host's answer to a pick that ended the round (the
next round open, the same card still in hand) starts with nothing selected, so a single
tap never plays a card; so does one taken back with Undo; the play button forgets the
selection as it sends the pick. Another seat's pick played meanwhile keeps it.

The page's modules run in CPython with the browser stubbed (``page_package``): the
payloads are those the friend's device draws (``GuestTable.payload``)."""

from __future__ import annotations

import types
from collections.abc import Iterator
from typing import Any
from unittest import mock

import pytest

from seasalt import i18n
from tests.web.test_remote_choices import Room


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


class Target:
    """A clicked element: ``closest`` finds it for ``selector`` only."""

    def __init__(self, selector: str) -> None:
        self.selector, self.disabled = selector, False

    def closest(self, selector: str) -> Any:
        return self if selector == self.selector else None


def first_of_two(payload: dict[str, Any]) -> str:
    """A playable kind of which the payload's reader holds two cards or more."""
    return next(c["kind"] for c in payload["hand"] if c["count"] > 1 and c["legal"])


def test_a_card_selected_in_one_round_is_not_selected_in_the_next(
        page_package: types.ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    from page import fdm_table
    from page.fdm_cards import decision, page
    from page.state import ui

    for name in ("fdm_motion", "draw_log", "fit_later"):  # the reveal and the log: drawn
        monkeypatch.setattr(fdm_table, name, mock.MagicMock(name=name))  # by the browser

    r = Room(3)
    t, a = r.table, r.guests["a"]
    r.act("b")  # held
    t.submit(1, t.ply, t.view(1)["legal"][0])  # the host's: held
    r.deliver(r.room.updates())
    ui.table, ui.handoff = object(), None
    first = a.payload()
    assert first is not None
    fdm_table.draw(first, None)
    kind = first_of_two(first)
    page.selected = kind  # a first tap
    fdm_table.draw(first, None)  # a redraw of the same view keeps it
    assert page.selected == kind
    # the second tap (or the play button) ends the round: the answer is round 2
    code = next(c["code"] for c in first["hand"] if c["kind"] == kind)
    r.act("a", code)
    r.bots()
    page.selected = kind  # as the play button left it before
    second = a.payload()
    assert second is not None and second["round"] == 2
    assert kind in second["legal"]  # still in hand and playable: a tap would play it
    assert decision(second) != decision(first)
    fdm_table.draw(second, None)
    assert page.selected is None


def test_a_pick_taken_back_is_a_new_decision_another_seat_s_pick_is_not(
        page_package: types.ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    from page import fdm_table
    from page.fdm_cards import decision, page
    from page.state import ui

    for name in ("fdm_motion", "draw_log", "fit_later"):
        monkeypatch.setattr(fdm_table, name, mock.MagicMock(name=name))
    r = Room(4)
    t, b = r.table, r.guests["b"]
    before = b.payload()
    assert before is not None
    r.act("b", "tuna")
    held = b.payload()
    assert held is not None and held["my_choice"]["kind"] == "tuna"
    assert decision(held) != decision(before)  # its own pick held
    r.deliver(r.room.receive("b", b.undo()))
    back = b.payload()
    assert back is not None and back["my_choice"] is None and back["ply"] == held["ply"]
    assert decision(back) != decision(held)  # taken back: a new decision
    assert decision(held, "handoff") != decision(held)  # the hot seat's hand-off
    # a card being selected while another seat's pick is played stays selected
    ui.table, ui.handoff = object(), None
    fdm_table.draw(back, None)
    page.selected = "shark"
    r.act("a")
    t.submit(1, t.ply, t.view(1)["legal"][0])
    r.deliver(r.room.updates())
    later = b.payload()
    assert later is not None and later["ply"] > back["ply"] and later["round"] == 1
    fdm_table.draw(later, None)
    assert page.selected == "shark"


def test_the_play_button_forgets_the_selection_as_it_sends_the_pick(
        page_package: types.ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    from page import fdm_hand
    from page.fdm_cards import page

    node = Target("#fdm-hand .fdm-card")
    monkeypatch.setattr(fdm_hand, "active", lambda: True)
    monkeypatch.setattr(fdm_hand, "_hand_node", lambda kind: node if kind else None)
    node.classList = types.SimpleNamespace(contains=lambda name: name == "playable")
    node.getAttribute = lambda name: "shrimp" if name == "data-fdm-code" else None
    sent: list[str] = []
    page.selected = "shrimp"
    button = Target("#fdm-play")
    assert fdm_hand.on_click(button, sent.append)
    assert sent == ["shrimp"] and page.selected is None
    button.disabled = True  # nothing selected: the button does nothing
    assert fdm_hand.on_click(button, sent.append)
    assert sent == ["shrimp"]
