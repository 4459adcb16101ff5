"""Action strings (the ``str``/``parse_action`` pair) and illegal actions in general."""

from __future__ import annotations

import pytest

from seasalt.core.errors import IllegalActionError, InvalidActionError, Reason
from seasalt.ssp.actions import (
    DRAW,
    END,
    LAST_CHANCE,
    STOP,
    Action,
    ActionKind,
    duo,
    keep,
    parse_action,
    pick,
    take,
)
from seasalt.ssp.snapshot import to_dict
from seasalt.ssp.state import apply, new_game
from tests.ssp.conftest import cid


class TestActionStrings:
    @pytest.mark.parametrize(("action", "text"), [
        (DRAW, "draw"), (STOP, "stop"), (LAST_CHANCE, "last-chance"), (END, "end"),
        (take(1), "take:1"), (take(2), "take:2"), (keep(12, 2), "keep:12:2"),
        (pick(7), "pick:7"), (duo(3, 4), "duo:3+4"), (duo(4, 3, 1), "duo:3+4:pile=1"),
        (duo(cid("swimmer:black"), cid("shark:green"), 1),
         f"duo:{cid('swimmer:black')}+{cid('shark:green')}:seat=1"),
        (duo(cid("shark:green"), cid("swimmer:black"), 0),
         f"duo:{cid('swimmer:black')}+{cid('shark:green')}:seat=0"),
    ])
    def test_str_and_parse_round_trip(self, action, text):
        assert str(action) == text
        assert parse_action(text) == action
        assert parse_action(f"  {text.upper()} ") == action

    def test_duo_cards_are_ordered(self):
        assert duo(9, 3) == duo(3, 9) == Action(ActionKind.DUO, 3, 9, -1)
        assert parse_action("duo:9+3") == duo(3, 9)

    @pytest.mark.parametrize("text", [
        "", "fly:9", "take", "take:", "take:x", "take:-1", "take:1:2", "keep:1", "keep:1:2:3",
        "pick:", "duo:1", "duo:1+", "duo:+2", "duo:a+b", "duo:1+2:pile=", "duo:1+2:foo=1",
        "duo:1+2:pile", "duo:1+2:pile=1:x", "take: 1", "take:\u00b2", "take:\u0661",
        "draw:1",
    ])
    def test_unparseable_text_raises_invalid_action_error(self, text):
        with pytest.raises(InvalidActionError):
            parse_action(text)

    def test_str_of_an_out_of_range_duo_does_not_crash(self):
        a = parse_action("duo:100+101:pile=1")
        assert parse_action(str(a)) == a


class TestIllegalActions:
    @pytest.mark.parametrize("text", ["duo:100+101:pile=1", "duo:100+101:seat=1",
                                      "duo:100+101", "take:99999999999", "pick:70",
                                      "keep:0:1", "end", "stop"])
    def test_nonsense_ids_give_one_clear_illegal_action_error(self, text):
        s = new_game(2, 1)
        before = to_dict(s)
        with pytest.raises(IllegalActionError) as info:
            apply(s, parse_action(text))
        assert info.value.reason == Reason.NOT_AVAILABLE
        assert "R4.1" in str(info.value)
        assert to_dict(s) == before

    def test_not_an_action_refused(self):
        s = new_game(2, 1)
        for bad in ("draw", (0, -1, -1, -1), None):
            with pytest.raises(IllegalActionError):
                apply(s, bad)  # type: ignore[arg-type]

    def test_errors_are_value_errors(self):
        assert issubclass(IllegalActionError, ValueError)
        assert issubclass(InvalidActionError, ValueError)
