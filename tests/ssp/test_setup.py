"""R2 players and targets, R3 setup of a round, R11 variants."""

from __future__ import annotations

import pytest

from seasalt.ssp.cards import BASE_DECK
from seasalt.ssp.state import Call, Phase, legal_actions, new_game


class TestR2PlayersAndTargets:
    @pytest.mark.parametrize(("players", "target"), [(2, 40), (3, 35), (4, 30)])
    def test_r2_target_by_player_count(self, players, target):
        s = new_game(players, 1)
        assert s.n == players
        assert s.target == target
        assert s.scores == [0] * players

    @pytest.mark.parametrize("players", [0, 1, 5, 6, True, "2", 2.0])
    def test_r2_other_player_counts_refused(self, players):
        with pytest.raises(ValueError, match="R2"):
            new_game(players, 1)

    @pytest.mark.parametrize("seed", ["1", 1.5, None, True])
    def test_seed_must_be_an_int(self, seed):
        with pytest.raises(ValueError):
            new_game(2, seed)


class TestR3Setup:
    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_r3_two_discards_face_up_rest_in_draw_pile_no_hands(self, players):
        s = new_game(players, 7)
        assert len(s.draw) == 56
        assert [len(p) for p in s.piles] == [1, 1]
        assert s.hands == [[] for _ in range(players)]
        assert s.fronts == [[] for _ in range(players)]
        assert sorted(s.draw + s.piles[0] + s.piles[1]) == list(BASE_DECK)
        assert s.cand == s.piles
        assert s.round == 1
        assert s.phase == Phase.DRAW
        assert s.call == Call.NONE and s.caller == -1
        assert not any(s.revealed)

    def test_r3_discards_are_the_top_two_of_the_shuffled_deck(self):
        s = new_game(2, 3)
        assert s.log[0]["type"] == "round-start"
        assert s.log[0]["piles"] == [s.piles[0][-1], s.piles[1][-1]]

    def test_r3_same_seed_same_deal(self):
        a, b = new_game(3, 12345), new_game(3, 12345)
        assert a == b
        assert a.draw == b.draw and a.current == b.current

    def test_r3_shuffle_depends_on_seed(self):
        deals = {tuple(new_game(2, seed).draw) for seed in range(20)}
        assert len(deals) == 20

    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_r3_first_player_chosen_at_random_from_seed(self, players):
        firsts = {new_game(players, seed).current for seed in range(60)}
        assert firsts == set(range(players))
        for seed in range(10):
            s = new_game(players, seed)
            assert s.starter == s.current == new_game(players, seed).current

    def test_r3_first_player_starts_with_the_draw_step(self):
        s = new_game(2, 0)
        assert [str(a) for a in legal_actions(s)] == ["draw", "take:1", "take:2"]


class TestR11Variants:
    @pytest.mark.parametrize(("players", "target"), [(2, 80), (3, 70), (4, 60)])
    def test_r11_double_target(self, players, target):
        s = new_game(players, 1, {"double_target": True})
        assert s.target == target
        assert s.options == {"double_target": True, "extra_salt": False}

    def test_r11_variants_off_by_default(self):
        assert new_game(2, 1).options == {"double_target": False, "extra_salt": False}
        assert new_game(2, 1, {"double_target": False}).target == 40

    def test_r11_unknown_option_refused(self):
        # an unknown option is refused, not ignored (Extra Pepper is an option now)
        with pytest.raises(ValueError, match="extra_sugar"):
            new_game(2, 1, {"extra_sugar": True})
        assert new_game(2, 1, {"extra_pepper": True}).options["extra_pepper"] is True
