"""The rules of Fruits de mer, section by section (docs/fruits-de-mer.md F1-F6), with the
spec's worked example and every edge case of the resolution (F5)."""

from __future__ import annotations

from collections import Counter

import pytest

from seasalt.core.interface import TERMINAL
from seasalt.fdm.cards import (
    BAIT_DECK,
    CHAIN,
    COLOURS,
    HAND,
    PLAYER_KINDS,
    ROUNDS,
    Kind,
    predator,
)
from seasalt.fdm.game import GAME
from seasalt.fdm.resolve import Resolution, resolve
from seasalt.fdm.state import State, current_player, legal_actions, outcome, returns
from tests.fdm.helpers import game_with_bait, play_round

SEAWEED, SHRIMP, MACKEREL, TUNA, SHARK, FISHER, WARDEN = (
    Kind.SEAWEED, Kind.SHRIMP, Kind.MACKEREL, Kind.TUNA, Kind.SHARK, Kind.FISHER, Kind.WARDEN)


def steps(res: Resolution) -> list[tuple]:
    """The steps as (type, cards, seats, eaten) tuples."""
    return [(st.type, st.cards, st.seats, st.eaten) for st in res.steps]


def conserved(s: State) -> None:
    for seat in range(s.players):
        for k in PLAYER_KINDS:
            assert s.hands[seat][k] + (s.pending[seat] == k) + s.removed[seat][k] == HAND[k]


# ----------------------------------------------------------------------------- F1


def test_f1_bait_cards_and_player_cards():
    assert Counter(BAIT_DECK) == {SEAWEED: 4, SHRIMP: 4, MACKEREL: 4}
    assert len(BAIT_DECK) == 12
    assert dict(HAND) == {SHRIMP: 2, MACKEREL: 1, TUNA: 1, SHARK: 1, FISHER: 1, WARDEN: 1}
    assert sum(HAND.values()) == 7
    assert tuple(HAND) == PLAYER_KINDS
    assert COLOURS == ("red", "yellow", "cyan", "green", "magenta")
    assert SEAWEED not in PLAYER_KINDS


def test_f1_kinds_sort_in_hand_order_not_alphabetically():
    assert sorted(reversed(PLAYER_KINDS)) == list(PLAYER_KINDS)
    assert sorted(Kind) == [SEAWEED, *PLAYER_KINDS]
    assert Kind.TUNA == "tuna"


# ----------------------------------------------------------------------------- F2


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_f2_setup(players):
    s = GAME.new_game(players, 11)
    assert s.round == 1 and s.bait is not None
    assert len(s.pile) == ROUNDS - 1 and len(s.unused) == 3
    assert Counter([s.bait, *s.pile, *s.unused]) == Counter(BAIT_DECK)
    assert all(h == dict(HAND) for h in s.hands)
    assert s.pending == [None] * players and s.scores == [0] * players
    assert all(not any(r.values()) for r in s.removed)
    assert current_player(s) == 0
    assert legal_actions(s) == list(PLAYER_KINDS)


def test_f2_the_seed_decides_the_bait_cards():
    a, b = GAME.new_game(3, 5), GAME.new_game(3, 5)
    assert a == b
    orders = {tuple([GAME.new_game(3, seed).bait, *GAME.new_game(3, seed).pile])
              for seed in range(20)}
    assert len(orders) > 1


@pytest.mark.parametrize("players", [0, 1, 6, True, "3"])
def test_f2_two_to_five_players(players):
    with pytest.raises(ValueError):
        GAME.new_game(players, 1)


def test_f2_no_options():
    assert GAME.new_game(2, 1, {}) == GAME.new_game(2, 1, None)
    with pytest.raises(ValueError, match="no options"):
        GAME.new_game(2, 1, {"double_target": True})


# ----------------------------------------------------------------------------- F3


def test_f3_each_eaten_only_by_the_next():
    assert [predator(k) for k in CHAIN] == [SHRIMP, MACKEREL, TUNA, SHARK, None]
    assert predator(FISHER) is None and predator(WARDEN) is None


def test_f3_shark_does_not_eat_mackerel():
    # bait Mackerel: the Mackerel spawns; no Tuna, so the Shark cannot eat it
    res = resolve(MACKEREL, [MACKEREL, SHARK])
    assert steps(res) == [("spawn", ((0, MACKEREL),), (), ()),
                          ("centre-scores", ((0, MACKEREL),), (0,), ()),
                          ("back", ((0, MACKEREL), (1, SHARK)), (), ())]
    assert res.removed == () and res.scorers == (0,)


def test_f3_no_link_skipped_tuna_on_a_shrimp_bait():
    # bait Shrimp: Tuna is not the Shrimp's predator; only the spawned Shrimp scores
    res = resolve(SHRIMP, [TUNA, SHRIMP, FISHER])
    assert [st.type for st in res.steps] == ["spawn", "fisher", "back"]
    assert res.removed == ((1, SHRIMP),) and res.scorers == (2,)
    assert res.returned == ((0, TUNA), (2, FISHER))


def test_f3_no_link_skipped_mackerel_then_shark():
    # Mackerel eats the Shrimp; Tuna is missing so the Shark stays out
    res = resolve(SHRIMP, [SHRIMP, MACKEREL, SHARK])
    assert [st.type for st in res.steps] == ["spawn", "eat", "centre-scores", "back"]
    assert res.removed == ((0, SHRIMP),) and res.scorers == (1,)
    assert res.returned == ((1, MACKEREL), (2, SHARK))


# ----------------------------------------------------------------------------- F4


def test_f4_seats_commit_in_order_and_the_last_commit_resolves():
    s = game_with_bait(3, SHRIMP)
    assert current_player(s) == 0
    s = GAME.apply(s, TUNA)
    assert current_player(s) == 1 and s.pending == [TUNA, None, None] and s.round == 1
    s = GAME.apply(s, SHARK)
    assert current_player(s) == 2 and s.round == 1
    s = GAME.apply(s, SHRIMP)
    assert s.round == 2 and s.pending == [None] * 3 and current_player(s) == 0
    assert s.history[0].plays == (TUNA, SHARK, SHRIMP)


def test_f4_a_committed_card_leaves_the_hand_until_the_reveal():
    s = GAME.apply(game_with_bait(2, SHRIMP), TUNA)
    assert s.hands[0][TUNA] == 0 and s.pending[0] == TUNA
    conserved(s)


def test_f4_nine_rounds_then_over():
    s = GAME.new_game(2, 3)
    for r in range(1, ROUNDS + 1):
        assert s.round == r and s.bait is not None
        s = play_round(s, [WARDEN, WARDEN])  # nothing moves: the cards come back
    assert s.bait is None and current_player(s) == TERMINAL and legal_actions(s) == []
    assert len(s.history) == ROUNDS and s.ply == 2 * ROUNDS
    assert [r.bait for r in s.history] == [GAME.new_game(2, 3).bait, *GAME.new_game(2, 3).pile]


def test_f4_a_seat_with_no_cards_is_skipped():
    s = game_with_bait(3, SHRIMP)
    s.removed[1] = dict(HAND)  # cannot happen in play (a Warden stays); the engine copes
    s.hands[1] = dict.fromkeys(PLAYER_KINDS, 0)
    s = GAME.apply(s, SHRIMP)
    assert current_player(s) == 2
    assert GAME.reveals(s, FISHER)  # seat 2 is the round's last
    s = GAME.apply(s, FISHER)
    res = s.history[0]
    assert res.plays == (SHRIMP, None, FISHER)
    assert res.removed == ((0, SHRIMP),) and res.scorers == (2,)
    assert s.scores == [0, 0, 1] and current_player(s) == 0
    conserved(s)


def test_f4_some_card_always_survives_a_round():
    # so hands never all run dry: arrest keeps the Wardens, a Fisher stays, the
    # scoring centre cards go back, and nothing moved sends every card back
    import itertools
    for bait in (SEAWEED, SHRIMP, MACKEREL):
        for plays in itertools.product([*PLAYER_KINDS, None], repeat=3):
            if any(plays):
                assert resolve(bait, plays).returned


# ----------------------------------------------------------------------------- F5.1


def test_f5_1_arrest_several_wardens_and_fishers():
    res = resolve(SHRIMP, [WARDEN, FISHER, WARDEN, FISHER, SHRIMP])
    assert res.arrest
    assert steps(res) == [
        ("arrest", ((1, FISHER), (3, FISHER)), (0, 2), ()),
        ("back", ((0, WARDEN), (2, WARDEN), (4, SHRIMP)), (), ()),
    ]
    assert res.removed == ((1, FISHER), (3, FISHER))
    assert res.scorers == (0, 2)
    assert res.points() == [1, 0, 1, 0, 0]


def test_f5_1_arrest_ends_the_round_before_spawning_and_predation():
    res = resolve(SHRIMP, [SHRIMP, MACKEREL, FISHER, WARDEN])
    assert [st.type for st in res.steps] == ["arrest", "back"]
    assert res.removed == ((2, FISHER),) and res.scorers == (3,)
    assert res.returned == ((0, SHRIMP), (1, MACKEREL), (3, WARDEN))


def test_f5_1_warden_without_fisher_does_nothing():
    res = resolve(SHRIMP, [WARDEN, SHRIMP])
    assert not res.arrest
    assert [st.type for st in res.steps] == ["spawn", "centre-scores", "back"]
    assert res.scorers == (1,) and res.returned == ((0, WARDEN), (1, SHRIMP))
    res = resolve(SEAWEED, [WARDEN, WARDEN])
    assert steps(res) == [("nothing", (), (), ()),
                          ("back", ((0, WARDEN), (1, WARDEN)), (), ())]
    assert res.scorers == ()


def test_f5_1_arrest_in_play_removes_the_fisher_for_good():
    s = play_round(game_with_bait(2, SHRIMP), [WARDEN, FISHER])
    assert s.scores == [1, 0]
    assert s.removed[1][FISHER] == 1 and s.hands[1][FISHER] == 0
    assert s.hands[0][WARDEN] == 1
    assert FISHER not in legal_actions(GAME.apply(s, SHRIMP))  # seat 1 has no Fisher left
    conserved(s)


# ----------------------------------------------------------------------------- F5.2


def test_f5_2_seaweed_never_spawns_and_the_shrimp_is_its_predator():
    res = resolve(SEAWEED, [SHRIMP, FISHER])
    assert steps(res) == [("eat", ((0, SHRIMP),), (), ()),
                          ("fisher", ((0, SHRIMP),), (1,), ()),
                          ("back", ((1, FISHER),), (), ())]
    assert res.removed == ((0, SHRIMP),) and res.scorers == (1,)


def test_f5_2_seaweed_shrimp_without_fisher_scores():
    res = resolve(SEAWEED, [SHRIMP, TUNA, SHRIMP])
    assert steps(res) == [("eat", ((0, SHRIMP), (2, SHRIMP)), (), ()),
                          ("centre-scores", ((0, SHRIMP), (2, SHRIMP)), (0, 2), ()),
                          ("back", ((0, SHRIMP), (1, TUNA), (2, SHRIMP)), (), ())]
    assert res.removed == ()


def test_f5_2_spawn_with_no_predator_and_no_fisher_the_spawners_score():
    res = resolve(SHRIMP, [SHRIMP, SHRIMP, TUNA])
    assert steps(res) == [("spawn", ((0, SHRIMP), (1, SHRIMP)), (), ()),
                          ("centre-scores", ((0, SHRIMP), (1, SHRIMP)), (0, 1), ()),
                          ("back", ((0, SHRIMP), (1, SHRIMP), (2, TUNA)), (), ())]
    assert res.scorers == (0, 1) and res.removed == ()


def test_f5_2_bait_mackerel_spawns_mackerel_only():
    res = resolve(MACKEREL, [MACKEREL, SHRIMP, FISHER])
    assert steps(res) == [("spawn", ((0, MACKEREL),), (), ()),
                          ("fisher", ((0, MACKEREL),), (2,), ()),
                          ("back", ((1, SHRIMP), (2, FISHER)), (), ())]


# ----------------------------------------------------------------------------- F5.3


def test_f5_3_spawn_predator_and_fisher():
    res = resolve(MACKEREL, [MACKEREL, TUNA, FISHER])
    assert steps(res) == [("spawn", ((0, MACKEREL),), (), ()),
                          ("eat", ((1, TUNA),), (), ((0, MACKEREL),)),
                          ("fisher", ((1, TUNA),), (2,), ()),
                          ("back", ((2, FISHER),), (), ())]
    assert res.removed == ((0, MACKEREL), (1, TUNA)) and res.scorers == (2,)


def test_f5_3_predator_without_spawn_eats_the_bait():
    res = resolve(SHRIMP, [MACKEREL, MACKEREL, WARDEN])
    assert steps(res) == [("eat", ((0, MACKEREL), (1, MACKEREL)), (), ()),
                          ("centre-scores", ((0, MACKEREL), (1, MACKEREL)), (0, 1), ()),
                          ("back", ((0, MACKEREL), (1, MACKEREL), (2, WARDEN)), (), ())]


def test_f5_3_whole_chain_on_mackerel_and_the_shark_is_never_eaten():
    res = resolve(MACKEREL, [MACKEREL, MACKEREL, TUNA, SHARK, SHRIMP])
    assert steps(res) == [
        ("spawn", ((0, MACKEREL), (1, MACKEREL)), (), ()),
        ("eat", ((2, TUNA),), (), ((0, MACKEREL), (1, MACKEREL))),
        ("eat", ((3, SHARK),), (), ((2, TUNA),)),
        ("centre-scores", ((3, SHARK),), (3,), ()),
        ("back", ((3, SHARK), (4, SHRIMP)), (), ()),
    ]
    assert res.removed == ((0, MACKEREL), (1, MACKEREL), (2, TUNA))
    assert res.scorers == (3,)


def test_f5_3_a_shark_only_leaves_the_game_by_a_fisher():
    res = resolve(SEAWEED, [SHRIMP, MACKEREL, TUNA, SHARK, FISHER])
    assert [st.type for st in res.steps] == ["eat", "eat", "eat", "eat", "fisher", "back"]
    assert res.removed == ((0, SHRIMP), (1, MACKEREL), (2, TUNA), (3, SHARK))
    assert res.scorers == (4,) and res.returned == ((4, FISHER),)


def test_f5_3_shark_alone_does_nothing():
    res = resolve(SHRIMP, [SHARK, TUNA])
    assert [st.type for st in res.steps] == ["nothing", "back"]
    assert res.scorers == () and res.removed == ()


# ----------------------------------------------------------------------------- F5.4


def test_f5_4_fisher_with_nothing_moved_goes_back_and_scores_nothing():
    res = resolve(SEAWEED, [FISHER, TUNA, MACKEREL])
    assert steps(res) == [("nothing", (), (), ()),
                          ("back", ((0, FISHER), (1, TUNA), (2, MACKEREL)), (), ())]
    assert res.scorers == () and res.removed == ()


def test_f5_4_several_fishers_all_score():
    res = resolve(SHRIMP, [FISHER, SHRIMP, FISHER])
    assert res.scorers == (0, 2) and res.removed == ((1, SHRIMP),)
    assert res.returned == ((0, FISHER), (2, FISHER))


def test_f5_4_nothing_played_at_all():
    res = resolve(SHRIMP, [None, None])
    assert steps(res) == [("nothing", (), (), ())]
    assert res.returned == () and res.scorers == ()


def test_f5_one_point_per_player_per_round_and_cards_partitioned():
    import itertools
    for bait in (SEAWEED, SHRIMP, MACKEREL):
        for plays in itertools.product(PLAYER_KINDS, repeat=3):
            res = resolve(bait, plays)
            assert len(set(res.scorers)) == len(res.scorers)
            assert sorted(res.removed + res.returned) == sorted(enumerate(plays))
            assert not set(res.removed) & set(res.returned)
            # Wardens are never removed; Fishers only by an arrest (F5 decision)
            assert all(k != WARDEN for _, k in res.removed)
            assert res.arrest or all(k != FISHER for _, k in res.removed)
            assert Resolution.from_dict(res.to_dict()) == res


def test_f5_spec_worked_example():
    # Bait Shrimp. A Shrimp, B Mackerel, C Tuna, D Fisher.
    res = resolve(SHRIMP, [SHRIMP, MACKEREL, TUNA, FISHER])
    assert not res.arrest
    assert steps(res) == [
        ("spawn", ((0, SHRIMP),), (), ()),                      # A's Shrimp spawns
        ("eat", ((1, MACKEREL),), (), ((0, SHRIMP),)),          # removed; B's Mackerel moves
        ("eat", ((2, TUNA),), (), ((1, MACKEREL),)),            # removed; C's Tuna moves
        ("fisher", ((2, TUNA),), (3,), ()),                     # no Shark; C's Tuna removed
        ("back", ((3, FISHER),), (), ()),                       # D's Fisher goes back
    ]
    assert res.removed == ((0, SHRIMP), (1, MACKEREL), (2, TUNA))
    assert res.scorers == (3,) and res.returned == ((3, FISHER),)
    # and in a game
    s = play_round(game_with_bait(4, SHRIMP), [SHRIMP, MACKEREL, TUNA, FISHER])
    assert s.scores == [0, 0, 0, 1]
    assert s.removed[0][SHRIMP] == 1 and s.removed[1][MACKEREL] == 1 and s.removed[2][TUNA] == 1
    assert s.hands[3][FISHER] == 1 and s.hands[0][SHRIMP] == 1
    conserved(s)


def test_f5_bad_inputs():
    with pytest.raises(ValueError):
        resolve(TUNA, [SHRIMP])
    with pytest.raises(ValueError):
        resolve(SHRIMP, [SEAWEED])


# ----------------------------------------------------------------------------- F6


def _over(scores: list[int]) -> State:
    s = GAME.new_game(len(scores), 1)
    s.bait = None
    s.scores = scores
    return s


def test_f6_most_points_wins():
    s = _over([3, 1, 2])
    out = outcome(s)
    assert out is not None and out.winners == (0,) and out.termination == "rounds"
    assert returns(s) == [1.0, 0.0, 0.0]


def test_f6_a_tie_is_a_shared_victory():
    s = _over([2, 4, 4, 1, 4])
    out = outcome(s)
    assert out is not None and out.winners == (1, 2, 4) and out.scores == (2, 4, 4, 1, 4)
    assert returns(s) == pytest.approx([0, 1 / 3, 1 / 3, 0, 1 / 3])
    assert returns(_over([0, 0])) == [0.5, 0.5]


def test_f6_no_outcome_while_playing_and_game_end_event():
    s = GAME.new_game(2, 9)
    assert outcome(s) is None and returns(s) == [0.0, 0.0]
    while s.bait is not None:
        s = play_round(s, [SHRIMP if s.hands[0][SHRIMP] else WARDEN, FISHER
                           if s.hands[1][FISHER] else WARDEN])
    out = outcome(s)
    assert out is not None
    assert s.log is not None and s.log[-1] == {"type": "game-end", "winners": list(out.winners),
                                               "scores": list(out.scores)}
