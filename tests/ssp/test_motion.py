"""The moves the page animates and the highlights it keeps (seasalt.ssp.present.motion).

Scenario tests per kind of move (draw, keep, take, duos and their effects, Crab
pick, steal), then a property test: over random games of every option mix, for
every seat, no move and no highlight carries a card id that the seat's view does
not show at that moment or did not show before (docs/rules.md R5).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from seasalt.ssp.log import events_for
from seasalt.ssp.present import motion
from seasalt.ssp.state import Phase, State, apply, legal_actions, new_game
from seasalt.ssp.view import view
from seasalt.web.settings import SPEEDS
from tests.ssp.conftest import cid, make_state, play, view_cards
from tests.ssp.invariants import props


def seat_moves(before: State, after: State, seat: int | None) -> list[dict]:
    """The moves ``seat`` sees between two states (as the page asks for them)."""
    return motion.moves(view(after, seat, log=True).log, before.ply, seat)


def cards_of(ms: list[dict]) -> list[int | None]:
    return [m["card"] for m in ms]


# --------------------------------------------------------------------------- scenarios


def test_a_draw_two_is_face_up_for_the_drawer_only():
    s = make_state(3, hands=[[], [], []])
    t = play(s, "draw")
    mine = seat_moves(s, t, 0)
    assert [(m["from"], m["to"], m["seat"]) for m in mine] == [("draw", "drawn", 0)] * 2
    assert sorted(cards_of(mine)) == sorted(t.drawn)
    for other in (1, 2, None):
        ms = seat_moves(s, t, other)
        assert len(ms) == 2 and cards_of(ms) == [None, None]


def test_keep_shows_the_discarded_card_to_all_and_the_kept_one_to_its_owner():
    s = make_state(2, hands=[[], []], phase=Phase.KEEP,
                   drawn=["boat:dark-blue", "crab:yellow"])
    boat, crab = cid("boat:dark-blue"), cid("crab:yellow")
    t = play(s, f"keep:{boat}:1")
    assert seat_moves(s, t, 0) == [
        {"card": boat, "from": "drawn", "to": "hand-0", "seat": 0},
        {"card": crab, "from": "drawn", "to": "pile-1", "seat": 0}]
    assert seat_moves(s, t, 1) == [
        {"card": None, "from": "drawn", "to": "hand-0", "seat": 0},
        {"card": crab, "from": "drawn", "to": "pile-1", "seat": 0}]


def test_a_take_is_public():
    s = make_state(2, hands=[[], []], piles=(["shell:grey"], []))
    t = play(s, "take:1")
    for seat in (0, 1, None):
        assert seat_moves(s, t, seat) == [
            {"card": cid("shell:grey"), "from": "pile-1", "to": "hand-0", "seat": 0}]


def test_a_duo_goes_to_the_front_and_a_fish_draw_stays_private():
    s = make_state(2, hands=[["fish:black", "fish:yellow"], []], phase=Phase.PLAY,
                   draw=["octopus:green"])
    a, b = cid("fish:black"), cid("fish:yellow")
    t = play(s, f"duo:{a}+{b}")
    drawn = t.hands[0][-1]
    assert seat_moves(s, t, 0) == [
        {"card": a, "from": "hand-0", "to": "front-0", "seat": 0},
        {"card": b, "from": "hand-0", "to": "front-0", "seat": 0},
        {"card": drawn, "from": "draw", "to": "hand-0", "seat": 0}]
    assert cards_of(seat_moves(s, t, 1)) == [a, b, None]


def test_a_stolen_card_is_face_down_for_everyone_but_the_thief_and_the_robbed():
    s = make_state(3, hands=[["swimmer:black", "shark:light-blue"], ["penguin:pink"],
                             ["mermaid:white"]], phase=Phase.PLAY)
    sw, sh = cid("swimmer:black"), cid("shark:light-blue")
    t = play(s, f"duo:{sw}+{sh}:seat=1")
    penguin = cid("penguin:pink")
    for seat in (0, 1):
        assert seat_moves(s, t, seat)[-1] == {"card": penguin, "from": "hand-1",
                                             "to": "hand-0", "seat": 0}
    for seat in (2, None):
        assert seat_moves(s, t, seat)[-1] == {"card": None, "from": "hand-1",
                                             "to": "hand-0", "seat": 0}


def test_a_crab_pick_below_the_top_is_the_pickers_secret():
    s = make_state(2, hands=[["crab:black", "crab:yellow"], []], phase=Phase.PLAY,
                   piles=(["octopus:green", "shell:grey"], []))
    a, b = cid("crab:black"), cid("crab:yellow")
    t = play(s, f"duo:{a}+{b}:pile=1")
    octo = cid("octopus:green")
    u = play(t, f"pick:{octo}")
    assert seat_moves(t, u, 0) == [{"card": octo, "from": "search", "to": "hand-0",
                                    "seat": 0, "pile": 1}]
    assert cards_of(seat_moves(t, u, 1)) == [None]
    # the top is seen leaving by everyone
    s2 = make_state(2, hands=[["crab:black", "crab:yellow"], []], phase=Phase.PLAY,
                    piles=(["octopus:green", "shell:grey"], []))
    t2 = play(s2, f"duo:{a}+{b}:pile=1")
    u2 = play(t2, f"pick:{cid('shell:grey')}")
    assert cards_of(seat_moves(t2, u2, 1)) == [cid("shell:grey")]


def test_moves_count_only_plies_after_since_and_none_before_anything_was_shown():
    s = make_state(2, hands=[[], []], piles=(["shell:grey"], ["crab:black"]))
    t = play(s, "take:1", "end")
    u = play(t, "take:2")
    log = view(u, 0, log=True).log
    assert [m["to"] for m in motion.moves(log, s.ply, 0)] == ["hand-0", "hand-1"]
    assert [m["to"] for m in motion.moves(log, t.ply, 0)] == ["hand-1"]
    assert motion.moves(log, u.ply, 0) == []
    assert motion.moves(log, -1, 0) == []


def test_touched_lasts_until_the_seats_own_next_decision():
    s = make_state(2, hands=[[], []], piles=(["shell:grey"], ["crab:black", "boat:yellow"]))
    t = play(s, "take:1", "end", "take:2")  # seat 0 takes, ends; seat 1 takes pile 2's top
    boat = cid("boat:yellow")
    log0 = view(t, 0, log=True).log
    assert motion.touched(log0, 0) == [{"zone": "pile-2", "card": None},
                                       {"zone": "hand-1", "card": boat}]
    # seat 1's own move is not highlighted for seat 1
    assert motion.touched(view(t, 1, log=True).log, 1) == []
    # the spectator sees the last seat's run
    assert {"zone": "hand-1", "card": boat} in motion.touched(view(t, None, log=True).log, None)
    u = play(t, "end", "draw")  # seat 0 decides again: nothing stays highlighted
    assert motion.touched(view(u, 0, log=True).log, 0) == []


def test_an_opponents_draw_two_then_keep_highlight_the_draw_pile_and_the_discard():
    s = make_state(2, hands=[[], []], current=1)
    t = play(s, "draw")
    keep, other = t.drawn
    u = play(t, f"keep:{keep}:1")
    got = motion.touched(view(u, 0, log=True).log, 0)
    assert got == [{"zone": "draw", "card": None}, {"zone": "hand-1", "card": None},
                   {"zone": "pile-1", "card": other}]
    assert keep not in {g["card"] for g in got}


def test_motion_length_follows_the_speed():
    assert motion.motion_ms("normal") <= 300
    assert motion.motion_ms("instant") == 0
    assert motion.motion_ms("slow") > motion.motion_ms("normal") > motion.motion_ms("fast") > 0
    assert set(SPEEDS) <= set(motion.MOTION_MS)
    assert motion.motion_ms("unknown") == motion.DEFAULT_MOTION_MS
    # a flight lands before the bots' next move (80 % of their pause at most)
    for speed, pause in SPEEDS.items():
        assert 0 <= motion.motion_ms(speed, pause) <= 0.8 * pause
    assert motion.motion_ms("normal", 100) == 80


# --------------------------------------------------------------------------- property

OPTIONS = [None, {"extra_salt": True}, {"extra_pepper": True},
           {"extra_salt": True, "extra_pepper": True}]


def shown_now(s: State, seat: int | None) -> set[int]:
    """Every card id ``seat``'s view shows now (hand, known hands, fronts, piles, its
    draw two, Crab search and Lobster look, its own face-down Shell)."""
    v = view(s, seat)
    out = view_cards(v) - set(v.in_hands)  # "in some hand" ids were seen in a pile
    if v.reef is not None:
        out.add(v.reef)
    return out


def play_and_check(players: int, seed: int, policy: int, options: dict | None) -> int:
    """A random game; after every action, for every seat (and the spectator), the moves
    and highlights carry only card ids that seat has been shown. Returns the moves seen."""
    rng = random.Random(policy)
    s = new_game(players, seed, options)
    seats: list[int | None] = [*range(players), None]
    shown = {seat: shown_now(s, seat) for seat in seats}
    logs: dict[int | None, list[dict]] = {seat: [] for seat in seats}
    count = 0
    step = 0
    while legal_actions(s) and step < 3000:
        acts = legal_actions(s)
        calm = [a for a in acts if str(a) not in ("stop", "last-chance")]
        a = rng.choice(calm if calm and rng.random() < 0.97 else acts)
        before = len(s.log)
        t = apply(s, a)
        for seat in seats:
            shown[seat] |= shown_now(t, seat)
            new = events_for(t.log[before:], seat)
            logs[seat] += new
            ms = motion.moves(logs[seat], s.ply, seat)
            count += len(ms)
            for m in ms:
                assert set(m) >= {"card", "from", "to", "seat"}
                c = m["card"]
                assert c is None or c in shown[seat], (seat, m, str(a))
            if step % 5 == 0:
                for item in motion.touched(logs[seat], seat):
                    assert item["card"] is None or item["card"] in shown[seat], (seat, item)
        s, step = t, step + 1
    return count


@pytest.mark.parametrize("options", OPTIONS, ids=["base", "salt", "pepper", "both"])
def test_seeded_games_never_move_a_hidden_card(options):
    total = sum(play_and_check(players, seed, seed * 7 + 1, options)
                for players, seed in [(2, 11), (4, 13)])
    assert total > 50


@props("4")
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), policy=st.integers(0, 2**32),
       options=st.sampled_from(OPTIONS))
def test_random_games_never_move_a_hidden_card(players, seed, policy, options):
    play_and_check(players, seed, policy, options)
