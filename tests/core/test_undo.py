"""Undo (issue 12): the undo barrier ``Game.reveals`` for Sea Salt & Paper (docs/rules.md R4-R9,
docs/rules-expansions.md A, B) and the table's policy (``Table.undo_target`` / ``undo``).

The barrier is checked two ways: per action kind against what the rules say each
one shows, and as a property over random games: an action said to reveal nothing
leaves the actor's view and the public view the same in every full state the actor
cannot tell apart from the real one (``determinize``), so it told nobody anything the
actor did not already know.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from seasalt.bots import BOT_MAKER
from seasalt.core.errors import IllegalActionError, Reason
from seasalt.core.table import HUMAN, Table
from seasalt.ssp.actions import Action, ActionKind
from seasalt.ssp.barrier import reveals
from seasalt.ssp.cards import duo_effect
from seasalt.ssp.game import GAME
from seasalt.ssp.gamestate import Phase, State
from seasalt.ssp.state import apply, legal_actions, new_game
from seasalt.ssp.view import determinize, view

OPTION_SETS: list[dict[str, bool]] = [
    {}, {"extra_salt": True}, {"extra_pepper": True}, {"extra_salt": True, "extra_pepper": True}]


def random_states(options: dict[str, bool], players: int, seed: int,
                  limit: int = 400) -> list[State]:
    """The states of one random game (its first ``limit`` plies)."""
    rng = random.Random(seed)
    s = new_game(players, seed, options, log=False)
    out = [s]
    for _ in range(limit):
        legal = legal_actions(s)
        if not legal:
            break
        s = apply(s, rng.choice(legal))
        out.append(s)
    return out


def expected(s: State, a: Action) -> bool | None:
    """What the rules say action ``a`` shows in ``s`` (None: depends on an Extra Pepper
    event; the property test covers those)."""
    after = apply(s, a)
    if after.phase == Phase.GAME_OVER or after.round != s.round:
        return True  # R6.1 hands laid open, R9 a new deal, R10 the game's end
    k = a.kind
    if s.table_event >= 0 and k not in (ActionKind.DRAW, ActionKind.TRIO, ActionKind.REEF,
                                        ActionKind.KEEP_EVENT):
        return None  # Dolphins, Hermit Crab, Angelfish, Water Rodeo, Sunfish
    if k == ActionKind.DRAW:
        # R4.1(a), A.3: a card of the draw pile, unless a forced turn finds it empty
        return bool(s.draw)
    if k == ActionKind.TAKE:
        return len(s.piles[a.a - 1]) >= 2  # R4.1(b): the next top shows
    if k == ActionKind.KEEP:
        return False  # R4.1(a): the actor saw both cards
    if k == ActionKind.DUO:
        effect = duo_effect(a.a, a.b)
        if effect == "crab":
            return a.c > 0  # R4.2: a look through a pile
        if effect in ("fish", "lobster"):
            return bool(s.draw)  # R4.2, A.4: cards of the draw pile
        if effect == "steal":
            return a.c >= 0  # R4.2: a card at random from a hidden hand
        return False  # Boat (an extra turn), Jellyfish (A.3)
    if k in (ActionKind.TRIO, ActionKind.REEF):
        return False  # A.6, B.3.12: the actor's own cards
    if k == ActionKind.PICK:
        return s.phase == Phase.LOBSTER_PICK  # A.4 shuffles; a Crab pick was seen
    if k == ActionKind.STOP:
        return True  # R6.1: everyone reveals, the round ends
    if k == ActionKind.LAST_CHANCE:
        return False  # R6.2: the caller's own hand, then the next seat's final turn
    if k == ActionKind.END:
        # R8: an empty draw pile ends the round (a new deal); after LAST CHANCE a final
        # turn ends with the hand revealed (the actor's own)
        return False
    if k == ActionKind.KEEP_EVENT:
        return True  # B.4: the next round is dealt
    return None


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(o) or "base")
@pytest.mark.parametrize("seed", range(3))
def test_reveals_by_action_kind(options: dict[str, bool], seed: int) -> None:
    seen: dict[tuple[ActionKind, bool], int] = {}
    for s in random_states(options, 2 + seed % 3, 500 + seed):
        for a in legal_actions(s):
            want = expected(s, a)
            got = reveals(s, a)
            if want is not None:
                assert got == want, (a, s)
            seen[(a.kind, got)] = seen.get((a.kind, got), 0) + 1
    # both answers met: the draws reveal, the keeps do not
    assert seen.get((ActionKind.DRAW, True)) and seen.get((ActionKind.KEEP, False))
    assert seen.get((ActionKind.TAKE, True)) and seen.get((ActionKind.END, False))


def test_reveals_specific_kinds_met() -> None:
    """Over a few games every revealing and non-revealing kind of the base game and
    Extra Salt is met (so the per-kind test above is not vacuous)."""
    met: set[tuple[str, bool]] = set()
    for seed in range(12):
        for s in random_states({"extra_salt": True}, 2 + seed % 3, 900 + seed):
            for a in legal_actions(s):
                r = reveals(s, a)
                if a.kind == ActionKind.DUO:
                    met.add((str(duo_effect(a.a, a.b)), r))
                elif a.kind == ActionKind.PICK:
                    met.add((Phase(s.phase).name, r))
                else:
                    met.add((a.kind.name, r))
    for item in [("crab", True), ("fish", True), ("steal", True), ("lobster", True),
                 ("boat", False), ("jellyfish", False), ("CRAB_PICK", False),
                 ("LOBSTER_PICK", True), ("TRIO", False), ("STOP", True),
                 ("LAST_CHANCE", False), ("END", True), ("TAKE", False)]:
        assert item in met, item


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(o) or "base")
def test_what_reveals_nothing_tells_nobody_anything(options: dict[str, bool]) -> None:
    """Soundness: for an action said to reveal nothing, every full state consistent
    with the actor's view gives the same actor view and public view after it."""
    rng = random.Random(7)
    checked = 0
    for seed in range(4):
        for s in random_states(options, 2 + seed % 3, 700 + seed, limit=300)[::2]:
            legal = legal_actions(s)
            if not legal:
                continue
            seat = s.current
            v = view(s, seat)
            for a in rng.sample(legal, min(4, len(legal))):
                if reveals(s, a):
                    continue
                after = apply(s, a)
                for _ in range(2):
                    other = determinize(v, rng)
                    # the public knowledge as it is (determinize gives every row the
                    # actor's; the cards are where the public row says in both)
                    other.known[s.n] = [k[:] for k in s.known[s.n]]
                    other.in_hands = s.in_hands[:]
                    other.cand = [c[:] for c in s.cand]
                    assert view(other, None) == view(s, None)
                    assert a in legal_actions(other)
                    moved = apply(other, a)
                    assert view(moved, seat) == view(after, seat), (a, s)
                    assert view(moved, None) == view(after, None), (a, s)
                    checked += 1
    assert checked > 200


def test_reveals_refuses_an_illegal_action() -> None:
    s = new_game(2, 1)
    with pytest.raises(IllegalActionError):
        reveals(s, Action(ActionKind.STOP))


def test_reveals_leaves_the_state_alone() -> None:
    s = new_game(2, 3)
    before = GAME.to_dict(s)
    assert reveals(s, legal_actions(s)[0]) in (True, False)
    assert GAME.to_dict(s) == before


# --------------------------------------------------------------------------- the table


def human_table(seed: int, kinds: list[str] | None = None,
                options: dict[str, Any] | None = None) -> Table[Any, Any, Any]:
    """A table with a person in seat 0 (bots elsewhere unless ``kinds``), played up to
    the person's first decision."""
    t = Table.new("sea-salt-and-paper", seed, kinds or [HUMAN, "easy"], options=options,
                  bots=BOT_MAKER)
    t.advance()
    return t


def code(t: Table[Any, Any, Any], a: Action) -> str:
    return t.game.action_to_str(a)


def play(t: Table[Any, Any, Any], a: Action) -> None:
    t.submit(t.current, t.ply, code(t, a))


def snapshot(t: Table[Any, Any, Any]) -> str:
    return json.dumps(t.game.to_dict(t.state), sort_keys=True)


def find(seed_range: range, ready: Callable[[Table[Any, Any, Any]], bool],
         kinds: list[str] | None = None, steps: int = 400,
         options: dict[str, Any] | None = None) -> Table[Any, Any, Any]:
    """A table where ``ready`` holds at a person's decision, found by playing random
    legal actions for the people and the bots' own moves."""
    for seed in seed_range:
        rng = random.Random(seed)
        t = human_table(seed, kinds, options)
        for _ in range(steps):
            if t.over:
                break
            if ready(t):
                return t
            if t.is_bot_turn():
                t.bot_act()
            else:
                play(t, rng.choice(t.legal()))
    raise AssertionError("no such position in the seeds tried")


def phase(t: Table[Any, Any, Any]) -> Phase:
    return Phase(t.state.phase)


class TestUndoTarget:
    def test_keep_is_undone_then_the_other_card_kept(self) -> None:
        t = find(range(1, 50), lambda t: not t.is_bot_turn() and phase(t) == Phase.KEEP)
        seat = t.current
        assert t.undo_target(seat) is None  # the draw two showed two cards (R4.1a)
        at_keep, ply = snapshot(t), t.ply
        first, second = sorted({a.a for a in t.legal()})
        play(t, next(a for a in t.legal() if a.a == first))
        assert t.undo_target(seat) == ply
        assert t.undo(seat) == ply
        assert snapshot(t) == at_keep and len(t.record.actions) == ply
        assert t.undo_target(seat) is None  # back at the keep: the draw stands
        play(t, next(a for a in t.legal() if a.a == second))
        assert t.state.hands[seat][-1] == second
        # a save after the undo replays to the same state; the record has no trace of it
        again = Table.load(json.loads(json.dumps(t.save())), bots=BOT_MAKER)
        assert snapshot(again) == snapshot(t)
        assert again.record.actions == t.record.actions
        assert again.undo_target(seat) == ply  # after a reload too (replayed)

    def test_a_run_of_decisions_walks_back_to_the_last_reveal(self) -> None:
        def ready(t: Table[Any, Any, Any]) -> bool:
            if t.is_bot_turn() or phase(t) != Phase.PLAY or len(t.record.actions) < 1:
                return False
            last = t.game.parse_action(t.record.actions[-1])
            boats = [a for a in t.legal() if a.kind == ActionKind.DUO
                     and duo_effect(a.a, a.b) == "boat"]
            return last.kind == ActionKind.KEEP and bool(boats)

        t = find(range(1, 200), ready)
        seat = t.current
        keep_ply = t.ply - 1
        boat = next(a for a in t.legal() if a.kind == ActionKind.DUO
                    and duo_effect(a.a, a.b) == "boat")
        after_keep = snapshot(t)
        play(t, boat)  # R4.2 Boat: an extra turn at once, nothing shown
        assert t.current == seat and phase(t) == Phase.DRAW
        assert t.undo_target(seat) == keep_ply + 1
        t.undo(seat)
        assert snapshot(t) == after_keep
        assert t.undo_target(seat) == keep_ply
        t.undo(seat)
        assert phase(t) == Phase.KEEP and t.undo_target(seat) is None

    def test_refused_after_each_revealing_decision(self) -> None:
        # R4.1 take with a card below the top, R4.2 Fish / Crab look, R4.1a draw two
        def ready(t: Table[Any, Any, Any]) -> bool:
            return not t.is_bot_turn() and phase(t) == Phase.DRAW
        t = find(range(1, 30), ready)
        seat = t.current
        take = next((a for a in t.legal() if a.kind == ActionKind.TAKE
                     and len(t.state.piles[a.a - 1]) >= 2), None)
        draw = next(a for a in t.legal() if a.kind == ActionKind.DRAW)
        for a in [draw] + ([take] if take else []):
            before = snapshot(t)
            play(t, a)
            assert t.undo_target(seat) is None, a
            with pytest.raises(IllegalActionError) as err:
                t.undo(seat)
            assert err.value.reason == Reason.NOT_AVAILABLE
            t.truncate(t.ply - 1)  # (the test's own rewind, not a player's undo)
            assert snapshot(t) == before

    def test_fish_draw_and_crab_look_are_barriers(self) -> None:
        for effect in ("fish", "crab"):
            def ready(t: Table[Any, Any, Any], effect: str = effect) -> bool:
                return not t.is_bot_turn() and any(
                    a.kind == ActionKind.DUO and duo_effect(a.a, a.b) == effect
                    and (effect == "fish" or a.c > 0) for a in t.legal())
            t = find(range(1, 300), ready)
            seat = t.current
            a = next(a for a in t.legal() if a.kind == ActionKind.DUO
                     and duo_effect(a.a, a.b) == effect and (effect == "fish" or a.c > 0))
            if effect == "fish" and not t.state.draw:
                continue
            play(t, a)
            assert t.undo_target(seat) is None, effect
            if effect == "crab":  # the pick after the look may be taken back
                pick = t.legal()[0]
                play(t, pick)
                assert t.undo_target(seat) == t.ply - 1

    def test_refused_after_a_bot_moved(self) -> None:
        t = find(range(1, 30), lambda t: (not t.is_bot_turn() and phase(t) == Phase.DRAW
                                          and t.ply > 0 and t.current == 0))
        assert t.undo_point(1) == t.ply - 1  # the last action was the bot's
        assert t.undo_target(0) is None

    def test_refused_once_the_turn_passed(self) -> None:
        t = find(range(1, 60), lambda t: (not t.is_bot_turn() and phase(t) == Phase.PLAY
                                          and any(a.kind == ActionKind.END
                                                  for a in t.legal())
                                          and bool(t.state.draw)))
        seat = t.current
        play(t, next(a for a in t.legal() if a.kind == ActionKind.END))
        assert t.current != seat
        assert t.undo_target(seat) is None  # the END itself reveals nothing, but the turn passed

    def test_hot_seat_only_the_current_seats_own_run(self) -> None:
        kinds = [HUMAN, HUMAN]
        t = find(range(1, 60), lambda t: phase(t) == Phase.KEEP, kinds=kinds)
        a_seat = t.current
        b_seat = 1 - a_seat
        play(t, t.legal()[0])  # A keeps: A may take it back
        assert t.undo_target(a_seat) == t.ply - 1 and t.undo_target(b_seat) is None
        play(t, next(x for x in t.legal() if x.kind == ActionKind.END))  # the device passes
        assert t.current == b_seat
        assert t.undo_target(a_seat) is None and t.undo_target(b_seat) is None
        # B's own run: a draw (a barrier), then its keep may be taken back, not A's moves
        play(t, next(x for x in t.legal() if x.kind == ActionKind.DRAW))
        assert t.undo_target(b_seat) is None
        play(t, t.legal()[0])
        assert t.undo_target(b_seat) == t.ply - 1 and t.undo_target(a_seat) is None

    def test_nothing_to_undo_at_the_start_or_game_over(self) -> None:
        t = Table.new("sea-salt-and-paper", 4, [HUMAN, "easy"], bots=BOT_MAKER)
        t.advance()
        assert t.undo_target(t.current) is None
        with pytest.raises(ValueError):
            t.undo_target(5)
        bots = Table.new("sea-salt-and-paper", 4, ["easy", "easy"], bots=BOT_MAKER)
        bots.advance()
        assert bots.over and bots.undo_target(0) is None and bots.undo_target(1) is None

    def test_toy_game_undo_never_crosses_another_seat(self) -> None:
        from tests.core import toy

        t = Table.new(toy.GAME, 1, [HUMAN, HUMAN])
        t.submit(0, 0, "take1")
        assert t.undo_target(0) is None and t.undo_target(1) is None  # seat 1 to move
        u = Table.new(toy.GAME, 1, [HUMAN, "random"], bots=BOT_MAKER)
        u.submit(0, 0, "take1")
        u.advance()  # the bot moved
        assert u.current == 0 and u.undo_target(0) is None


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(o) or "base")
def test_every_decision_undoable_exactly_when_the_policy_says(options: dict[str, bool]) -> None:
    """Over random hot-seat games: after each decision, its seat may take it back exactly
    when it is still that seat's turn and the decision revealed nothing; taking it back
    gives the state before, and the same decision then replays to the same state."""
    undone: set[str] = set()
    refused: set[str] = set()
    for seed in range(3):
        rng = random.Random(seed)
        t = Table.new("sea-salt-and-paper", 300 + seed, [HUMAN] * (2 + seed % 3),
                      options=options, bots=BOT_MAKER)
        for _ in range(500):
            if t.over:
                break
            seat, ply = t.current, t.ply
            before = snapshot(t)
            a = rng.choice(t.legal())
            barrier = reveals(t.state, a)
            play(t, a)
            name = a.kind.name if a.kind != ActionKind.DUO else str(duo_effect(a.a, a.b))
            if t.current == seat and not barrier:
                assert t.undo_target(seat) == ply, a
                after = snapshot(t)
                t.undo(seat)
                assert snapshot(t) == before and t.ply == ply
                play(t, a)
                assert snapshot(t) == after
                undone.add(name)
            else:
                assert t.undo_target(seat) is None, a
                refused.add(name)
            for other in range(t.players):
                if other != t.current:
                    assert t.undo_target(other) is None
    assert {"KEEP", "boat"} <= undone
    assert {"DRAW", "END", "fish"} <= refused
