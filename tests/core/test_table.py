"""The table driver (:mod:`seasalt.core.table`): refusals, bots in slices, saves,
the undo hook, and a short game for each front end's way of driving it."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Hashable, Sequence
from typing import Any

import pytest

from seasalt.bots import BOT_MAKER, make_bot
from seasalt.core.errors import IllegalActionError, InvalidActionError, InvalidRecordError, Reason
from seasalt.core.interface import TERMINAL
from seasalt.core.record import GameRecord
from seasalt.core.registry import game_names, load_game
from seasalt.core.table import (
    HUMAN,
    Table,
    decision_seed,
    fixed_bots,
    per_decision_bots,
)

GAMES = sorted({load_game(n).info.name for n in game_names()})
GAME_NAME = "sea-salt-and-paper"


def first_human_turn(table: Table[Any, Any, Any]) -> None:
    """Play bots until a person is to move."""
    table.advance()
    assert not table.over and not table.is_bot_turn()


def snapshot(table: Table[Any, Any, Any]) -> dict[str, Any]:
    """A deep copy of the table's state as a dict (bots act in place)."""
    data: dict[str, Any] = json.loads(json.dumps(table.game.to_dict(table.state)))
    return data


class TestRefusals:
    def test_stale_ply(self) -> None:
        t = Table.new(GAME_NAME, 1, [HUMAN, HUMAN])
        code = t.game.action_to_str(t.legal()[0])
        t.submit(0, 0, code)
        before, actions = snapshot(t), list(t.record.actions)
        with pytest.raises(IllegalActionError) as e:
            t.submit(t.current, 0, t.game.action_to_str(t.legal()[0]))
        assert e.value.reason == Reason.STALE
        assert snapshot(t) == before and t.record.actions == actions

    def test_not_your_turn(self) -> None:
        t = Table.new(GAME_NAME, 1, [HUMAN, HUMAN])
        other = 1 - t.current
        with pytest.raises(IllegalActionError) as e:
            t.submit(other, t.ply, t.game.action_to_str(t.legal()[0]))
        assert e.value.reason == Reason.NOT_YOUR_TURN
        assert t.ply == 0

    def test_illegal_and_unparsable(self) -> None:
        t = Table.new(GAME_NAME, 1, [HUMAN, HUMAN])
        legal = {t.game.action_to_str(a) for a in t.legal()}
        assert "stop" not in legal
        with pytest.raises(IllegalActionError) as e:
            t.submit(t.current, 0, "stop")
        assert e.value.reason == Reason.NOT_AVAILABLE
        with pytest.raises(InvalidActionError):
            t.submit(t.current, 0, "fly:9")
        assert t.ply == 0 and t.record.actions == []

    def test_game_over(self) -> None:
        t = Table.new(GAME_NAME, 2, ["random", "random"], auto=True, bots=BOT_MAKER)
        t.advance()
        assert t.over and t.current == TERMINAL and t.outcome is not None
        with pytest.raises(IllegalActionError) as e:
            t.submit(0, t.ply, "draw")
        assert e.value.reason == Reason.GAME_OVER
        with pytest.raises(IllegalActionError) as e:
            t.bot_step()
        assert e.value.reason == Reason.GAME_OVER
        assert t.legal() == []

    def test_bot_step_on_a_persons_turn(self) -> None:
        t = Table.new(GAME_NAME, 1, [HUMAN, "easy"], bots=BOT_MAKER)
        if t.current != 0:
            t.advance()
        with pytest.raises(IllegalActionError) as e:
            t.bot_step()
        assert e.value.reason == Reason.NOT_YOUR_TURN

    def test_bad_kinds_and_counts(self) -> None:
        with pytest.raises(ValueError, match="unknown bot"):
            Table.new(GAME_NAME, 1, [HUMAN, "wizard"], bots=BOT_MAKER)
        with pytest.raises(ValueError):
            Table.new(GAME_NAME, 1, [HUMAN])
        with pytest.raises(ValueError, match="chess"):
            Table.new("chess", 1, [HUMAN, HUMAN])

    def test_a_bot_needs_bots_handed(self) -> None:
        with pytest.raises(ValueError, match="seat 1 is a bot .* handed no bots"):
            Table.new(GAME_NAME, 1, [HUMAN, "easy"])
        saved = Table.new(GAME_NAME, 1, [HUMAN, "easy"], bots=BOT_MAKER).save()
        with pytest.raises(InvalidRecordError, match="handed no bots"):
            Table.load(saved)
        assert Table.load(saved, bots=BOT_MAKER).kinds == [HUMAN, "easy"]

    def test_a_factory_is_asked_without_reading_the_specs(self) -> None:
        bots = [make_bot("random", load_game(GAME_NAME), 1)] * 2
        t = Table.new(GAME_NAME, 1, ["my own bot", "my own bot"], auto=True,
                      bots=fixed_bots(bots))
        assert t.advance(10) == 10 and t.think_request() is None
        with pytest.raises(ValueError, match="unknown bot"):
            Table.new(GAME_NAME, 1, ["my own bot", "my own bot"], bots=BOT_MAKER)

    def test_the_core_imports_no_bot(self) -> None:
        """A table of people plays without the bots' package ever imported."""
        code = ("import sys; from seasalt.core.table import Table, HUMAN; "
                "t = Table.new('sea-salt-and-paper', 1, [HUMAN, HUMAN]); "
                "t.play(t.legal()[0]); t.undo_target(0); Table.load(t.save()); "
                "print(sorted(m for m in sys.modules if m.startswith('seasalt.bots')))")
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True).stdout
        assert out.strip() == "[]"

    def test_a_record_of_another_game(self) -> None:
        record = GameRecord("another-game", 1, 2)
        with pytest.raises(ValueError, match="another-game"):
            Table(load_game(GAME_NAME), record, [HUMAN, HUMAN])

    def test_a_bot_answering_an_illegal_action(self) -> None:
        class Cheat:
            def act(self, view: Any, legal: Sequence[Hashable]) -> Hashable:
                return "nonsense"

        t = Table.new(GAME_NAME, 1, ["random", "random"], bots=fixed_bots([Cheat(), Cheat()]))
        with pytest.raises(RuntimeError, match="illegal"):
            t.bot_act()
        assert t.ply == 0

    def test_fixed_bots_without_a_bot(self) -> None:
        with pytest.raises(ValueError, match="no bot"):
            fixed_bots([None, None])(0, 0)


class TestBots:
    def test_stepping_in_slices_equals_one_whole_decision(self) -> None:
        kinds = ["expert:iterations=60", "expert:iterations=60"]
        whole = Table.new(GAME_NAME, 4, kinds, bots=BOT_MAKER)
        sliced = Table.new(GAME_NAME, 4, kinds, bots=BOT_MAKER)
        steps = 0
        for _ in range(6):
            whole.bot_act()
            while not sliced.bot_step(max_seconds=0.0):  # a slice always makes progress
                steps += 1
            assert sliced.record.actions == whole.record.actions
        assert steps > 6
        assert snapshot(sliced) == snapshot(whole)

    def test_last_decision(self) -> None:
        t = Table.new(GAME_NAME, 4, ["greedy", "greedy"], bots=BOT_MAKER)
        action = t.bot_act()
        d = t.last_decision
        assert d is not None and d.action == action and d.ply == 0 and d.asked
        assert d.seat == 0 and d.seconds >= 0

    def test_auto_plays_an_only_action_without_asking(self) -> None:
        asked: list[int] = []

        class Counting:
            def __init__(self) -> None:
                self.inner = make_bot("random", load_game(GAME_NAME), 3)

            def act(self, view: Any, legal: Sequence[Hashable]) -> Hashable:
                asked.append(len(legal))
                action: Hashable = self.inner.act(view, legal)
                return action

        t = Table.new(GAME_NAME, 5, ["random", "random"], auto=True,
                      bots=fixed_bots([Counting(), Counting()]))
        played = t.advance()
        assert t.over and played == t.ply
        assert asked and min(asked) > 1
        assert len(asked) < t.ply  # some actions were forced

    def test_a_slice_started_then_a_truncate_starts_afresh(self) -> None:
        t = Table.new(GAME_NAME, 4, ["expert:iterations=60"] * 2, bots=BOT_MAKER)
        t.bot_act()
        t.bot_step(max_seconds=0.0)  # a decision begun (or done), then dropped
        t.truncate(0)
        t.bot_act()
        u = Table.new(GAME_NAME, 4, ["expert:iterations=60"] * 2, bots=BOT_MAKER)
        u.bot_act()
        assert t.record.actions == u.record.actions


class TestSaves:
    def test_round_trip_and_play_on(self) -> None:
        t = Table.new(GAME_NAME, 9, [HUMAN, "easy", "medium"], names=["Ann", "", "Bob"],
                      options={"extra_salt": True}, bots=BOT_MAKER)
        for _ in range(12):
            if t.is_bot_turn():
                t.bot_act()
            else:
                t.play(t.legal()[-1])
        data = json.loads(json.dumps(t.save()))
        u = Table.load(data, bots=BOT_MAKER)
        assert u.kinds == t.kinds and u.names == ["Ann", "", "Bob"] and u.ply == t.ply
        assert u.record.options == {"extra_salt": True}
        assert snapshot(u) == snapshot(t)
        for table in (t, u):  # per-decision seeds: both play on the same way
            for _ in range(10):
                if table.is_bot_turn():
                    table.bot_act()
                else:
                    table.play(table.legal()[0])
        assert u.record.actions == t.record.actions

    def test_refused_saves(self) -> None:
        t = Table.new(GAME_NAME, 9, [HUMAN, "easy"], bots=BOT_MAKER)
        t.play(t.legal()[0])
        good = t.save()
        with pytest.raises(InvalidRecordError):
            Table.load({"format": "other"}, bots=BOT_MAKER)
        with pytest.raises(InvalidRecordError):
            Table.load({**good, "version": 99}, bots=BOT_MAKER)
        with pytest.raises(InvalidRecordError, match="seat kinds"):
            Table.load({**good, "kinds": [HUMAN]}, bots=BOT_MAKER)
        with pytest.raises(InvalidRecordError, match="refused"):
            Table.load({**good, "kinds": [HUMAN, "wizard"]}, bots=BOT_MAKER)
        bad = json.loads(json.dumps(good))
        bad["record"]["actions"].append("stop")
        with pytest.raises(InvalidRecordError) as e:
            Table.load(bad, bots=BOT_MAKER)
        assert e.value.index == 1
        bad["record"]["game"] = "chess"
        with pytest.raises(InvalidRecordError, match="chess"):
            Table.load(bad, bots=BOT_MAKER)


class TestUndoHook:
    def test_truncate_equals_a_replay_and_undo_point(self) -> None:
        t = Table.new(GAME_NAME, 11, [HUMAN, "medium"], bots=BOT_MAKER)
        states = [snapshot(t)]
        movers = []
        for _ in range(15):
            movers.append(t.current)
            if t.is_bot_turn():
                t.bot_act()
            else:
                t.play(t.legal()[0])
            states.append(snapshot(t))
        last = max(p for p, m in enumerate(movers) if m == 0)
        assert t.undo_point(0) == last
        t.truncate(last)
        assert t.ply == last and snapshot(t) == states[last] and t.current == 0
        assert t.record.actions == GameRecord.from_dict(t.record.to_dict()).actions
        t.truncate(0)
        assert snapshot(t) == states[0] and t.undo_point(0) is None
        with pytest.raises(ValueError):
            t.truncate(1)


class TestFrontEnds:
    """A short game driven the way each front end drives it."""

    @pytest.mark.parametrize("game_name", GAMES)
    def test_arena_style_all_bots_fixed_with_auto(self, game_name: str) -> None:
        game = load_game(game_name)
        specs = ["greedy", "random"]
        bots = [make_bot(s, game, 100 + i) for i, s in enumerate(specs)]
        t = Table.new(game, 3, specs, auto=True, bots=fixed_bots(bots))
        t.advance()
        # the same game by hand, as the arena's own loop played it
        bots = [make_bot(s, game, 100 + i) for i, s in enumerate(specs)]
        state = game.new_game(2, 3)
        codes = []
        while game.current_player(state) >= 0:
            seat, legal = game.current_player(state), game.legal_actions(state)
            action = legal[0] if len(legal) == 1 else bots[seat].act(game.view(state, seat),
                                                                     legal)
            codes.append(game.action_to_str(action))
            state = game.apply(state, action)
        assert t.record.actions == codes and t.outcome == game.outcome(state)

    def test_terminal_style_with_people(self) -> None:
        t = Table.new(GAME_NAME, 6, [HUMAN, "easy", HUMAN], auto=True, bots=BOT_MAKER)
        rng = random.Random(1)
        for _ in range(40):
            t.advance()
            if t.over:
                break
            seat = t.current
            assert t.kinds[seat] == HUMAN and len(t.legal()) > 1
            view = t.view(seat)
            assert t.game.current_player(t.state) == seat and view is not None
            t.play(rng.choice(t.legal()))
        assert t.ply > 40

    def test_page_style_per_decision_seeds(self) -> None:
        t = Table.new(GAME_NAME, 8, [HUMAN, "easy", "hard:iterations=30"], bots=BOT_MAKER)
        game = t.game
        for _ in range(30):
            if t.over:
                break
            seat, ply = t.current, t.ply
            if t.kinds[seat] == HUMAN:
                v = t.view(seat)
                t.submit(seat, ply, game.action_to_str(game.legal_actions(t.state)[0]))
                assert v is not None
                continue
            bot = make_bot(t.kinds[seat], game, decision_seed(8, seat, ply))
            expected = bot.act(t.view(seat), t.legal())
            while not t.bot_step(max_seconds=0.01):
                pass
            assert t.record.actions[-1] == game.action_to_str(expected)

    def test_decision_seed_is_the_pages(self) -> None:
        assert decision_seed(5, 1, 7) == random.Random("5:1:7").getrandbits(32)
        factory = per_decision_bots(load_game(GAME_NAME), [HUMAN, "easy"], 5, maker=BOT_MAKER)
        assert factory(1, 7) is not factory(1, 7)


class TestAnyGame:
    """The driver knows no game: a toy game (Nim, not registered) runs through it."""

    def test_nim_with_a_person_and_a_random_bot(self) -> None:
        from tests.core import toy

        t = Table.new(toy.GAME, 3, [HUMAN, "random"], options={"counters": 7}, bots=BOT_MAKER)
        assert t.record.game == "toy-nim" and t.legal() == [1, 2, 3]
        with pytest.raises(IllegalActionError) as e:
            t.submit(0, 0, "take4")
        assert e.value.reason == Reason.NOT_AVAILABLE
        while not t.over:
            if t.is_bot_turn():
                t.bot_act()
            else:
                t.submit(t.current, t.ply, "take1")
        outcome = t.outcome
        assert outcome is not None and outcome.termination == "last-counter"
        u = Table.load(t.save(), game=toy.GAME, bots=BOT_MAKER)
        assert u.state == t.state and u.outcome == outcome
        u.truncate(2)
        taken = sum(int(code[4:]) for code in t.record.actions[:2])
        assert u.state.counters == 7 - taken and u.ply == 2 and u.current == 0

    def test_a_record_under_an_alias(self) -> None:
        from tests.core import toy

        t = Table(toy.GAME, GameRecord("nim", 1, 2), [HUMAN, HUMAN])
        assert t.current == 0 and t.names == ["", ""]
