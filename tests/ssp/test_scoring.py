"""R7.1 card points (with the worked examples as written), R6.4 colour bonus, R7.2."""

from __future__ import annotations

import pytest

from seasalt.ssp.scoring import breakdown, card_points, colour_bonus
from seasalt.ssp.state import Phase
from tests.ssp.conftest import ids, make_state, play


class TestR7_1DuoPoints:
    def test_r7_1_one_point_per_duo_in_front(self):
        b = breakdown([], ids("crab:black", "crab:green", "swimmer:black", "shark:green"))
        assert b.duos == 2

    @pytest.mark.parametrize(("hand", "duos"), [
        (["crab:black", "crab:green", "crab:grey"], 1),
        (["crab:black", "crab:green", "crab:grey", "crab:yellow"], 2),
        (["boat:black", "boat:yellow"], 1),
        (["fish:black", "fish:green", "fish:yellow"], 1),
        (["swimmer:black", "shark:green", "shark:purple"], 1),
        (["swimmer:black", "swimmer:yellow", "shark:green", "shark:purple"], 2),
        (["swimmer:black", "crab:black"], 0),
        (["crab:black", "boat:black"], 0),
    ])
    def test_r7_1_pairs_in_hand(self, hand, duos):
        assert breakdown(ids(*hand)).duos == duos

    def test_r7_1_hand_pairs_count_hand_cards_only(self):
        # one crab in hand and a crab duo in front: the lone crab scores nothing
        hand = ids("crab:black")
        front = ids("crab:green", "crab:grey")
        assert breakdown(hand, front).duos == 1


class TestR7_1MermaidPoints:
    def test_r7_1_one_mermaid_largest_colour(self):
        assert breakdown(ids("mermaid:white", "crab:dark-blue", "boat:dark-blue",
                             "fish:black")).mermaids == 2

    def test_r7_1_two_mermaids_tied_colours_are_different_colours(self):
        # the rule's example: dark blue 3 and black 3 (white 2) score 3 + 3
        hand = ids("mermaid:white", "mermaid:white", "shell:dark-blue", "octopus:yellow",
                   "penguin:pink", "shell:black", "penguin:purple", "sailor:pink")
        front = ids("crab:dark-blue", "crab:dark-blue", "boat:black", "boat:black")
        b = breakdown(hand, front)
        assert b.mermaids == 6

    def test_r7_1_missing_values_count_zero(self):
        assert breakdown(ids("mermaid:white", "mermaid:white", "mermaid:white",
                             "crab:black")).mermaids == 3 + 1  # white 3, black 1, then 0

    def test_r7_1_mermaids_alone(self):
        assert breakdown(ids("mermaid:white")).mermaids == 1
        assert breakdown(ids("mermaid:white", "mermaid:white")).mermaids == 2

    def test_r7_1_mermaids_count_cards_in_front(self):
        b = breakdown(ids("mermaid:white"), ids("crab:black", "fish:black"))
        assert b.mermaids == 2


class TestR7_1Collectors:
    SHELLS = ["shell:dark-blue", "shell:light-blue", "shell:black", "shell:yellow",
              "shell:green", "shell:grey"]
    OCTOS = ["octopus:light-blue", "octopus:yellow", "octopus:green", "octopus:purple",
             "octopus:grey"]

    @pytest.mark.parametrize(("n", "points"), enumerate([0, 0, 2, 4, 6, 8, 10]))
    def test_r7_1_shells(self, n, points):
        assert breakdown(ids(*self.SHELLS[:n])).collectors == points

    @pytest.mark.parametrize(("n", "points"), enumerate([0, 0, 3, 6, 9, 12]))
    def test_r7_1_octopuses(self, n, points):
        assert breakdown(ids(*self.OCTOS[:n])).collectors == points

    @pytest.mark.parametrize(("n", "points"), enumerate([0, 1, 3, 5]))
    def test_r7_1_penguins(self, n, points):
        hand = ["penguin:purple", "penguin:light-orange", "penguin:pink"][:n]
        assert breakdown(ids(*hand)).collectors == points

    @pytest.mark.parametrize(("n", "points"), enumerate([0, 0, 5]))
    def test_r7_1_sailors(self, n, points):
        assert breakdown(ids(*["sailor:pink", "sailor:orange"][:n])).collectors == points


class TestR7_1Multipliers:
    @pytest.mark.parametrize(("cards", "points"), [
        (["lighthouse:purple"], 0),
        (["shoal-of-fish:grey"], 0),
        (["penguin-colony:green"], 0),
        (["captain:light-orange"], 0),
        (["lighthouse:purple", "boat:black", "boat:yellow", "boat:dark-blue"], 3),
        (["shoal-of-fish:grey", "fish:black", "fish:green"], 2),
        (["penguin-colony:green", "penguin:pink", "penguin:purple"], 4),
        (["captain:light-orange", "sailor:pink"], 3),
        (["lighthouse:purple", "fish:black"], 0),
    ])
    def test_r7_1_multiplier_per_card_of_its_type(self, cards, points):
        assert breakdown(ids(*cards)).multipliers == points

    def test_r7_1_multiplier_is_not_a_card_of_the_type_it_multiplies(self):
        # Shoal of Fish is no Fish, Penguin Colony no Penguin: no pair, no collector point
        b = breakdown(ids("shoal-of-fish:grey", "fish:black"))
        assert (b.duos, b.multipliers) == (0, 1)
        b = breakdown(ids("penguin-colony:green"))
        assert (b.collectors, b.multipliers) == (0, 0)

    def test_r7_1_multipliers_count_cards_in_front(self):
        b = breakdown(ids("lighthouse:purple"), ids("boat:black", "boat:yellow"))
        assert b.multipliers == 2


class TestR7_1WorkedExamples:
    def test_r7_1_example_1_one_mermaid(self):
        # Mermaid x1, crab:dark-blue, boat:dark-blue, fish:black -> 2 (dark blue 2).
        hand = ids("mermaid:white", "crab:dark-blue", "boat:dark-blue", "fish:black")
        assert card_points(hand) == 2
        assert breakdown(hand).mermaids == 2

    def test_r7_1_example_2_hand_and_front(self):
        hand = ids("mermaid:white", "mermaid:white", "shell:dark-blue", "shell:black",
                   "crab:dark-blue", "crab:light-blue", "boat:dark-blue")
        front = ids("fish:black", "fish:dark-blue")
        b = breakdown(hand, front)
        assert b.mermaids == 4 + 2
        assert b.duos == 1 + 1
        assert b.collectors == 2
        assert b.card_points == 10
        assert b.colour_bonus == 4
        assert colour_bonus(hand + front) == 4

    def test_r7_1_example_3_lighthouse(self):
        # Lighthouse + a Boat duo in front + 1 boat in hand = 1 + 3 = 4.
        hand = ids("lighthouse:purple", "boat:black")
        front = ids("boat:dark-blue", "boat:yellow")
        assert card_points(hand, front) == 4
        assert breakdown(hand, front).multipliers == 3

    def test_r7_1_example_3_captain(self):
        # Captain + 2 sailors = 5 + 6 = 11.
        b = breakdown(ids("captain:light-orange", "sailor:pink", "sailor:orange"))
        assert (b.collectors, b.multipliers, b.card_points) == (5, 6, 11)

    def test_r7_1_example_4_last_chance_won_12_4_2(self):
        # caller 9 card points (bonus 3), A 9 (bonus 4), B 5 (bonus 2): won; 12 / 4 / 2.
        caller = ["octopus:light-blue", "octopus:yellow", "octopus:green",  # 6
                  "crab:dark-blue", "crab:dark-blue", "boat:dark-blue",  # 1 ; blue 3
                  "shell:black", "shell:grey"]  # 2  -> 9, bonus 3 (dark blue)
        a = ["fish:black", "fish:black", "swimmer:black", "shark:black",  # 2 duos; black 4
             "shell:dark-blue", "shell:light-blue",  # 2
             "penguin:pink", "penguin:light-orange", "penguin:purple"]  # 5 -> 9, bonus 4
        b = ["crab:yellow", "boat:yellow", "sailor:pink", "sailor:orange"]  # 5, bonus 2
        s = self._round(caller, a, b)
        players = s.last_round["players"]
        assert [p["card_points"] for p in players] == [9, 9, 5]
        assert [p["colour_bonus"] for p in players] == [3, 4, 2]
        assert s.last_round["bet_won"] is True
        assert [p["round_score"] for p in players] == [12, 4, 2]

    def test_r7_1_example_4_had_a_10_bet_lost_3_10_5(self):
        caller = ["octopus:light-blue", "octopus:yellow", "octopus:green",
                  "crab:dark-blue", "crab:dark-blue", "boat:dark-blue",
                  "shell:black", "shell:grey"]
        a = ["fish:black", "fish:black", "swimmer:black", "shark:black",
             "shell:dark-blue", "shell:light-blue", "penguin:pink", "penguin:light-orange",
             "penguin:purple", "boat:black", "boat:black"]  # one more pair: 10, bonus 6
        b = ["crab:yellow", "boat:yellow", "sailor:pink", "sailor:orange"]
        s = self._round(caller, a, b)
        players = s.last_round["players"]
        assert [p["card_points"] for p in players] == [9, 10, 5]
        assert s.last_round["bet_won"] is False
        assert [p["round_score"] for p in players] == [3, 10, 5]

    @staticmethod
    def _round(caller, a, b):
        """Seat 0 calls LAST CHANCE; A and B play an empty final turn (nothing to draw)."""
        s = make_state(3, hands=[caller, a, b], phase=Phase.PLAY, draw=[], leftover=None)
        return play(s, "last-chance", "end", "end")


class TestR6_4ColourBonus:
    def test_r6_4_most_common_colour_hand_plus_front(self):
        hand = ids("crab:black", "shell:black", "octopus:yellow")
        front = ids("fish:black", "fish:yellow")
        assert breakdown(hand, front).colour_bonus == 3
        assert colour_bonus([*hand, *front]) == 3

    def test_r6_4_no_cards_no_bonus(self):
        assert colour_bonus([]) == 0
        assert breakdown([], []).colour_bonus == 0

    def test_r6_4_decision_mermaids_are_white_for_the_bonus(self):
        hand = ids("mermaid:white", "mermaid:white", "mermaid:white", "crab:black",
                   "crab:green")
        assert breakdown(hand).colour_bonus == 3

    def test_r6_4_decision_white_counts_for_mermaid_points(self):
        # 2 Mermaids, black 1: white (2) is the largest colour, then black: 2 + 1
        assert breakdown(ids("mermaid:white", "mermaid:white", "crab:black")).mermaids == 3

    def test_r6_4_bonus_is_not_card_points(self):
        b = breakdown(ids("crab:black", "shell:black"))
        assert b.card_points == 0 and b.colour_bonus == 2


class TestR7_1ScoreCalculator:
    def test_pairs_in_hand_count_as_duos(self):
        cards = ids("mermaid:white", "mermaid:white", "shell:dark-blue", "shell:black",
                    "crab:dark-blue", "crab:light-blue", "boat:dark-blue", "fish:black",
                    "fish:dark-blue")
        assert breakdown(cards, ()).card_points == 10
        assert breakdown(cards, ()).to_dict()["card_points"] == 10


class TestR7_2RoundScores:
    def test_r7_2_round_scores_added_to_totals(self):
        s = make_state(2, hands=[["captain:light-orange", "sailor:pink", "sailor:orange"],
                                 ["shell:grey", "shell:green"]], phase=Phase.PLAY,
                       scores=[10, 20])
        t = play(s, "stop")
        assert t.scores == [10 + 11, 20 + 2]
        assert [p["total"] for p in t.last_round["players"]] == t.scores

    def test_r7_2_nothing_else_carries_over(self):
        s = make_state(2, hands=[["captain:light-orange", "sailor:pink", "sailor:orange"],
                                 ["shell:grey", "shell:green"]],
                       fronts=[["crab:black", "crab:green"], []], phase=Phase.PLAY)
        t = play(s, "stop")
        assert t.round == 2
        assert t.hands == [[], []] and t.fronts == [[], []]
        assert t.revealed == [False, False] and t.caller == -1 and t.final_left == []
        assert len(t.draw) == 56 and [len(p) for p in t.piles] == [1, 1]
        assert all(k == [] for row in t.known for k in row) and t.in_hands == []
