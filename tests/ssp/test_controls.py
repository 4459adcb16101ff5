"""The presenter of issue 12's controls (``seasalt.ssp.present.controls``): the LAST
CHANCE bet's brief (R6.2), the hand's order, the Undo button's words; and the web API's
``can_undo`` / ``undo`` (the page's view of the table driver's undo)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from seasalt.core.errors import IllegalActionError
from seasalt.i18n import set_language
from seasalt.ssp.cards import CARDS, parse_cards
from seasalt.ssp.present import controls as ssp_controls
from seasalt.ssp.present.controls import HAND_ORDERS, hand_order, last_chance_brief, undo_button
from seasalt.ssp.scoring import breakdown
from seasalt.web.settings import Settings
from seasalt.web.table import Table


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


def played(seed: int, seats: list[str], steps: int = 80) -> Table:
    """A page table after random moves of seat 0 and the bots' own."""
    t = Table.new(Settings(seats=seats, seed=seed, speed="instant"))
    rng = random.Random(seed)
    for _ in range(steps):
        if t.over:
            break
        if t.is_bot_turn():
            t.bot_step(None)
        elif t.current == 0:
            t.submit(0, t.ply, rng.choice(t.view(0)["legal"])["code"])
        else:
            break
    return t


class TestLastChanceBrief:
    def test_the_callers_points_and_each_opponents_known_cards(self) -> None:
        for seed in range(1, 30):
            t = played(seed, ["you", "easy", "easy"])
            if t.over or t.current != 0:
                continue
            v = t.view(0)
            brief = last_chance_brief(v)
            assert brief["you"]["points"] == v["points"]
            assert brief["you"]["bonus"] == v["breakdown"]["colour_bonus"]
            assert str(v["points"]) in brief["you"]["text"]
            assert [o["seat"] for o in brief["opponents"]] == [1, 2]  # in turn order
            for o in brief["opponents"]:
                s = o["seat"]
                assert o["hand_size"] == v["hand_sizes"][s]
                assert o["front"] == list(v["fronts"][s]) and o["known"] == list(v["known"][s])
                assert o["front_points"] == breakdown((), v["fronts"][s]).card_points
                assert o["known_points"] == breakdown(v["known"][s], v["fronts"][s]).card_points
                assert o["known_points"] >= o["front_points"]
                assert f"{o['hand_size']} card" in o["lines"][0]
            if any(o["front"] for o in brief["opponents"]):
                return
        raise AssertionError("no opponent with cards in front in the seeds tried")

    def test_words_for_a_known_position(self) -> None:
        boats = parse_cards(["boat:black", "boat:black"])
        crab, mermaid = parse_cards(["crab:yellow", "mermaid:white"])
        v: dict[str, Any] = {
            "seat": 1, "names": ["Ann", "Bob", "Cy"], "points": 9,
            "breakdown": {"colour_bonus": 3}, "hand_sizes": [4, 5, 0],
            "fronts": [boats, [], []], "groups": [[boats], [], []],
            "known": [[crab, mermaid], [], []], "table_event": None, "held_events": [],
        }
        brief = last_chance_brief(v)
        assert brief["you"]["text"] == "Your card points: 9 (colour bonus 3)"
        cy, ann = brief["opponents"]  # turn order from the caller: Cy, then Ann
        assert (cy["name"], ann["name"]) == ("Cy", "Ann")
        assert cy["lines"] == ["0 cards in hand", "Nothing in front",
                               "At least 0 points from what you can see"]
        assert ann["front_points"] == 1  # a Boat duo in front (R7.1)
        # a Boat duo, and a Mermaid counting the most common colour (black 2, R7.1)
        assert ann["known_points"] == 1 + 2
        assert ann["lines"][1] == "In front: Boat (black) + Boat (black) (1 point)"
        assert ann["lines"][2] == "Known in hand: Crab (yellow), Mermaid (white)"
        assert ann["lines"][3] == "At least 3 points from what you can see"

    def test_no_sentence_said_twice_with_the_confirmation(self) -> None:
        from seasalt import i18n
        from seasalt.ssp.present.page import page_text

        v: dict[str, Any] = {"seat": 0, "names": ["Ann", "Bob"], "points": 7,
                             "breakdown": {"colour_bonus": 1}, "hand_sizes": [3, 4],
                             "fronts": [[], []], "groups": [[], []], "known": [[], []],
                             "table_event": None, "held_events": []}
        try:
            for lang in ("en", "nl"):
                i18n.set_language(lang)
                brief = last_chance_brief(v)
                text = page_text("confirm-last-chance-text")
                said = [brief["you"]["text"], brief["note"],
                        *(line for o in brief["opponents"] for line in o["lines"])]
                first = text.split(".")[0]
                assert not any(first[:30] in line for line in said if line), lang
        finally:
            i18n.set_language("en")


class TestHandOrder:
    def test_by_kind_then_colour_and_by_colour_then_kind(self) -> None:
        hand = parse_cards(["shell:black", "crab:dark-blue", "mermaid:white", "crab:black",
                            "boat:dark-blue"])
        by_kind = hand_order(hand, "kind")
        by_colour = hand_order(hand, "colour")
        assert [CARDS[c].kind.name for c in by_kind] == ["CRAB", "CRAB", "BOAT", "MERMAID",
                                                         "SHELL"]
        assert [CARDS[c].colour.name for c in by_colour] == [
            "DARK_BLUE", "DARK_BLUE", "BLACK", "BLACK", "WHITE"]
        assert sorted(by_kind) == sorted(hand) == sorted(by_colour)
        assert hand_order(hand, "nonsense") == by_kind
        assert HAND_ORDERS == ("kind", "colour") and ssp_controls.HAND_ORDERS == HAND_ORDERS

    def test_undo_button_words_and_key(self) -> None:
        b = undo_button()
        assert b["label"] == "Undo" and b["key"] == "u" and "Ctrl+Z" in b["title"]
        boat = parse_cards(["boat:black"])[0]
        named = undo_button(f"keep:{boat}:1", ["Ann", "Bob"])
        assert named["title"] == "Take back: Keep Boat (black), discard the other on pile 1"


class TestWebApiUndo:
    def test_keep_undone_then_saved_and_reloaded(self) -> None:
        for seed in range(1, 40):
            t = Table.new(Settings(seats=["you", "easy"], seed=seed, speed="instant"))
            while t.is_bot_turn():
                t.bot_step(None)
            assert not t.can_undo()
            t.submit(0, t.ply, "draw")
            assert not t.can_undo()  # the draw showed two cards
            v = t.view(0)
            keeps = [a["code"] for a in v["legal"] if a["kind"] == "keep"]
            if not keeps:
                continue
            lines = len(v["log_lines"])
            t.submit(0, t.ply, keeps[0])
            assert t.can_undo() and len(t.view(0)["log_lines"]) > lines
            assert t.undo_code() == keeps[0]
            t.undo()
            back = t.view(0)
            assert back["phase"] == "keep" and len(back["log_lines"]) == lines
            assert not t.can_undo() and t.undo_code() is None
            with pytest.raises(IllegalActionError):
                t.undo()
            t.submit(0, t.ply, keeps[-1])
            again = Table.load(t.save())
            assert json.loads(again.save())["record"] == json.loads(t.save())["record"]
            assert again.view(0) == t.view(0)
            return
        raise AssertionError("no keep in the seeds tried")

    def test_no_undo_on_a_bots_turn(self) -> None:
        t = Table.new(Settings(seats=["easy", "easy"], seed=3, speed="instant"))
        t.bot_step(None)
        assert not t.can_undo()
