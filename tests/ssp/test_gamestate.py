"""The State's field table (copy, snapshot, view and determinize read it) and the
Extra Pepper hooks' answers in a game without Extra Pepper."""

from __future__ import annotations

import dataclasses
import random

from seasalt.ssp import pepper
from seasalt.ssp.actions import ActionKind
from seasalt.ssp.gamestate import FIELDS, PEPPER, PUBLIC, Shape, State, public_fields
from seasalt.ssp.snapshot import from_dict, to_dict
from seasalt.ssp.state import apply_in_place, legal_actions, new_game
from seasalt.ssp.view import View, view

BOTH = {"extra_salt": True, "extra_pepper": True}


def midgame(options: dict, plies: int = 80, seed: int = 3) -> State:
    s = new_game(3, seed, options)
    rng = random.Random(seed)
    for _ in range(plies):
        if s.result is not None:
            break
        apply_in_place(s, rng.choice(legal_actions(s)))
    return s


def containers(f, value) -> list:
    """The mutable objects a field's value is made of."""
    if value is None or f.shape in (Shape.VALUE,):
        return []
    if f.shape == Shape.LIST or f.shape == Shape.LOG:
        return [value]
    if f.shape == Shape.KNOWN:
        return [value, *value, *(k for row in value for k in row)]
    return [value, *value]


def test_every_slot_is_described_once():
    assert tuple(f.name for f in FIELDS) == State.__slots__
    assert len({f.name for f in FIELDS}) == len(FIELDS) == 38
    assert {f.name for f in PEPPER} == {"events", "event_discard", "table_event", "held",
                                        "pending_end", "reef", "swap_target"}


def test_copy_is_deep_for_every_field():
    s = midgame(BOTH)
    t = s.copy()
    assert t == s and t is not s
    for f in FIELDS:
        mine, theirs = containers(f, getattr(s, f.name)), containers(f, getattr(t, f.name))
        assert all(a is not b for a, b in zip(mine, theirs, strict=True)), f.name
    assert s.copy(keep_log=False).log is None


def test_copy_shares_the_pepper_lists_of_a_game_without_it():
    s = midgame({})
    t = s.copy()
    for f in PEPPER:
        if f.shape != Shape.VALUE:
            assert getattr(t, f.name) is getattr(s, f.name), f.name
    assert t.hands is not s.hands


def test_snapshot_has_one_key_per_field_pepper_group_only_with_it():
    d = to_dict(midgame(BOTH))
    assert set(d) == {"game", "version", *(f.name for f in FIELDS)}
    d = to_dict(midgame({}))
    assert set(d) == {"game", "version", *(f.name for f in FIELDS if not f.pepper)}
    assert from_dict(d) == midgame({})


def test_public_fields_are_view_fields_with_the_same_content():
    s = midgame(BOTH)
    names = {f.name for f in dataclasses.fields(View)}
    assert {f.name for f in PUBLIC} <= names
    v = view(s, 0)
    assert {k: getattr(v, k) for k in public_fields(s)} == public_fields(s)


class TestHooksWithoutExtraPepper:
    def test_base_answers(self):
        s = midgame({}, plies=10)
        seat = s.current
        assert pepper.effects(s, seat) == 0 and pepper.events_of(s, seat) == []
        assert pepper.crab_piles(s, seat, [1, 2]) == [1, 2]
        assert pepper.fish_draws(s, seat) == 1
        assert pepper.mermaids_needed(s, seat) == 4
        assert pepper.extra_duos(s, seat, [1, 2], [3, 4]) == []
        assert pepper.play_actions(s, seat) == []
        before = to_dict(s)
        assert pepper.offer_angelfish(s, seat, ActionKind.END) is False
        assert pepper.after_keep(s, seat, 0) is False
        pepper.after_crab_pick(s, seat, 1)
        assert to_dict(s) == before
