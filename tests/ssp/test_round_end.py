"""R6 ending a round, R8 empty draw pile, R9 next round, R10 end of the game."""

from __future__ import annotations

import pytest

from seasalt.ssp.cards import BASE_DECK
from seasalt.ssp.outcome import Termination
from seasalt.ssp.state import Call, Phase, legal_actions, returns
from tests.ssp.conftest import assert_illegal, cid, events, ids, legal, make_state, play

OCT3 = ["octopus:light-blue", "octopus:yellow", "octopus:green"]  # 6 card points
CAPTAIN11 = ["captain:light-orange", "sailor:pink", "sailor:orange"]  # 11 card points
SEVEN = [*OCT3, "crab:black", "crab:grey"]  # 7 card points
MERMAIDS3 = ["mermaid:white"] * 3


def duo(*notations: str, arg: str = "") -> str:
    a, b = sorted(ids(*notations))
    return f"duo:{a}+{b}{arg}"


def all_cards(s) -> list[int]:
    return sorted([*s.draw, *s.piles[0], *s.piles[1], *s.drawn,
                   *(c for h in s.hands for c in h), *(c for f in s.fronts for c in f)])


class TestR6_0Revealing:
    def test_r6_0_last_chance_caller_reveals_on_announcing(self):
        s = make_state(3, hands=[SEVEN, ["shell:grey"], ["shell:green"]], phase=Phase.PLAY,
                       piles=(["penguin:pink", "penguin:purple"], ["sailor:pink"]))
        t = play(s, "last-chance")
        assert t.revealed == [True, False, False]
        lc = events(t, "last-chance")[-1]
        assert lc["hand"] == sorted(s.hands[0])
        assert t.known[1][0] == t.known[2][0] == sorted(s.hands[0])

    def test_r6_0_opponent_reveals_when_final_turn_with_extra_turns_ends(self):
        s = make_state(3, hands=[SEVEN, ["boat:black", "boat:yellow"], ["shell:green"]],
                       phase=Phase.PLAY,
                       piles=(["penguin:pink", "penguin:purple"], ["sailor:pink"]))
        t = play(s, "last-chance", "take:1", duo("boat:black", "boat:yellow"))
        assert t.current == 1 and t.extra_turn and t.revealed == [True, False, False]
        t = play(t, "take:1")
        assert t.revealed == [True, False, False]
        t = play(t, "end")
        assert t.revealed == [True, True, False] and t.current == 2
        assert events(t, "reveal")[-1] == {**events(t, "reveal")[-1], "seat": 1,
                                          "hand": sorted(t.hands[1])}

    def test_r6_0_at_stop_everyone_reveals_at_once(self):
        # the game ends with this round, so the final state still shows the reveal
        s = make_state(3, hands=[SEVEN, ["shell:grey"], ["shell:green", "penguin:pink"]],
                       phase=Phase.PLAY, scores=[40, 0, 0])
        t = play(s, "stop")
        assert t.phase == Phase.GAME_OVER
        assert t.revealed == [True, True, True]
        assert [p["hand"] for p in t.last_round["players"]] == [sorted(h) for h in s.hands]

    def test_r6_0_revealed_pairs_still_score(self):
        s = make_state(2, hands=[SEVEN, []], phase=Phase.PLAY, draw=[], leftover=None)
        t = play(s, "last-chance", "end")
        assert t.last_round["players"][0]["duos"] == 1
        assert t.last_round["players"][0]["card_points"] == 7


class TestR6_1Stop:
    def test_r6_1_round_ends_at_once_card_points_no_bonus(self):
        s = make_state(3, hands=[SEVEN, CAPTAIN11, ["shell:grey", "shell:green"]],
                       phase=Phase.PLAY)
        t = play(s, "stop")
        assert t.round == 2
        lr = t.last_round
        assert lr["end"] == "stop" and lr["caller"] == 0 and lr["bet_won"] is None
        assert [p["round_score"] for p in lr["players"]] == [7, 11, 2]
        assert [p["colour_bonus"] for p in lr["players"]] == [1, 1, 1]  # reported, not scored
        assert t.scores == [7, 11, 2]
        assert not events(t, "final-turn")


class TestR6_2LastChance:
    def test_r6_2_final_turns_in_order_from_the_left_of_the_caller(self):
        s = make_state(4, hands=[[], [], SEVEN, []], current=2, phase=Phase.PLAY,
                       piles=(["shell:grey"], ["shell:green"]))
        t = play(s, "last-chance")
        order = []
        while t.round == 1:
            order.append(t.current)
            assert t.call == Call.LAST_CHANCE
            t = play(t, "draw")
            t = play(t, legal(t)[0])
            assert "stop" not in legal(t) and "last-chance" not in legal(t)
            t = play(t, "end")
        assert order == [3, 0, 1]
        assert t.last_round["end"] == "last-chance" and t.last_round["caller"] == 2

    def test_r6_2_final_turn_has_no_step_3_nobody_else_announces(self):
        s = make_state(2, hands=[SEVEN, CAPTAIN11], phase=Phase.PLAY,
                       piles=(["shell:grey"], ["shell:green"]))
        t = play(s, "last-chance", "take:1")
        assert t.current == 1 and legal(t) == ["end"]
        assert_illegal(t, "stop", "R4.3")
        assert_illegal(t, "last-chance", "R4.3")

    def test_r6_2_decision_boat_in_final_turn_gives_extra_turn(self):
        s = make_state(3, hands=[SEVEN, ["boat:black", "boat:yellow", "boat:dark-blue",
                                         "boat:light-blue"], []], phase=Phase.PLAY,
                       piles=(["penguin:pink", "penguin:purple", "shell:grey"],
                              ["sailor:pink"]))
        t = play(s, "last-chance", "take:1", duo("boat:black", "boat:yellow"))
        assert (t.current, t.phase, t.extra_turn) == (1, Phase.DRAW, True)
        assert t.final_left == [2]
        t = play(t, "take:1", duo("boat:dark-blue", "boat:light-blue"), "take:1")
        assert t.current == 1 and t.extra_turn and legal(t) == ["end"]
        t = play(t, "end")
        assert (t.current, t.extra_turn, t.final_left) == (2, False, [])

    def test_r6_2_bet_won_ties_favour_the_caller(self):
        s = make_state(2, hands=[SEVEN, ["shell:grey", "shell:green", "penguin:pink",
                                         "penguin:purple", "penguin:light-orange"]],
                       phase=Phase.PLAY, draw=[], leftover=None)
        t = play(s, "last-chance", "end")
        lr = t.last_round
        assert [p["card_points"] for p in lr["players"]] == [7, 7]
        assert lr["bet_won"] is True
        # caller: card points + colour bonus; opponent: colour bonus only
        assert [p["round_score"] for p in lr["players"]] == [7 + 1, 1]

    def test_r6_2_bet_lost(self):
        s = make_state(2, hands=[SEVEN, CAPTAIN11], phase=Phase.PLAY, draw=[],
                       leftover=None)
        t = play(s, "last-chance", "end")
        lr = t.last_round
        assert lr["bet_won"] is False
        # caller: colour bonus only; opponent: card points
        assert [p["round_score"] for p in lr["players"]] == [1, 11]
        assert t.scores == [1, 11]

    def test_r6_2_final_turn_improves_the_opponent(self):
        s = make_state(2, hands=[SEVEN, ["captain:light-orange", "sailor:pink"]],
                       phase=Phase.PLAY, piles=(["sailor:orange"], []), draw=[],
                       leftover=None)
        t = play(s, "last-chance", "take:1", "end")
        assert t.last_round["bet_won"] is False
        assert t.last_round["players"][1]["card_points"] == 11


class TestR6_3Protection:
    def test_r6_3_future_caller_is_an_ordinary_target_before_the_call(self):
        s = make_state(2, hands=[["swimmer:black", "shark:green"], SEVEN], phase=Phase.PLAY)
        assert duo("swimmer:black", "shark:green", arg=":seat=1") in legal(s)

    def test_r6_3_caller_protected_from_the_call_on(self):
        s = make_state(3, hands=[["swimmer:black", "shark:green", "shell:grey"], SEVEN,
                                 ["swimmer:yellow", "shark:purple"]], current=1,
                       phase=Phase.PLAY, piles=(["penguin:pink", "penguin:purple"], []))
        t = play(s, "last-chance", "take:1")
        assert t.current == 2
        # seat 1 (caller) is protected; seat 0 has not played its final turn yet
        sy = duo("swimmer:yellow", "shark:purple")
        assert [a for a in legal(t) if a.startswith("duo")] == [f"{sy}:seat=0"]
        assert_illegal(t, f"{sy}:seat=1", "R4.2")
        t = play(t, "end")
        assert t.current == 0 and t.revealed == [False, True, True]
        t = play(t, "take:1")
        # everyone else has revealed: no target; the duo may still be played (R4.2)
        sb = duo("swimmer:black", "shark:green")
        assert [a for a in legal(t) if a.startswith("duo")] == [sb]
        assert_illegal(t, f"{sb}:seat=1", "R4.2")
        assert_illegal(t, f"{sb}:seat=2", "R4.2")

    def test_r6_3_revealed_hand_cannot_be_taken(self):
        s = make_state(3, hands=[["swimmer:black", "shark:green"], ["shell:grey"],
                                 ["shell:green"]], revealed=[False, True, False],
                       phase=Phase.PLAY)
        sb = duo("swimmer:black", "shark:green")
        assert [a for a in legal(s) if a.startswith("duo")] == [f"{sb}:seat=2"]


class TestR8EmptyDrawPile:
    def test_r8_empty_draw_pile_at_turn_end_nobody_reveals_nobody_scores(self):
        s = make_state(3, hands=[SEVEN, CAPTAIN11, []], current=1,
                       draw=["shell:grey"], leftover="pile1", piles=([], ["shell:green"]),
                       scores=[3, 4, 5])
        t = play(s, "draw")
        assert t.draw == [] and t.round == 1
        t = play(t, "end")
        assert t.round == 2
        assert t.scores == [3, 4, 5]
        lr = t.last_round
        assert lr["end"] == "empty-draw-pile" and lr["caller"] == 1
        assert all(p["hand"] is None and p["round_score"] == 0 for p in lr["players"])
        assert not events(t, "reveal")
        assert t.current == 2 and t.starter == 2  # R9 Decision
        assert all_cards(t) == list(BASE_DECK)

    def test_r8_draw_pile_emptied_by_a_fish_duo(self):
        s = make_state(2, hands=[["fish:black", "fish:green"], []],
                       draw=["shell:grey"], leftover="pile1", phase=Phase.PLAY)
        t = play(s, duo("fish:black", "fish:green"), "end")
        assert t.round == 2 and t.last_round["end"] == "empty-draw-pile"

    def test_r8_boat_ended_turn_does_not_count(self):
        s = make_state(2, hands=[["boat:black", "boat:yellow"], []],
                       draw=["shell:grey"], leftover="pile1")
        t = play(s, "draw", duo("boat:black", "boat:yellow"))
        assert t.round == 1 and t.phase == Phase.DRAW and t.extra_turn
        t = play(t, "take:1", "end")
        assert t.round == 2 and t.last_round["end"] == "empty-draw-pile"
        assert t.current == 1

    def test_r8_decision_stop_in_that_turn_has_priority(self):
        s = make_state(2, hands=[SEVEN, CAPTAIN11], draw=["shell:grey"], leftover="pile1")
        t = play(s, "draw")
        assert t.draw == [] and "stop" in legal(t)
        t = play(t, "stop")
        assert t.last_round["end"] == "stop" and t.scores == [7, 11]

    def test_r8_decision_last_chance_in_that_turn_has_priority(self):
        s = make_state(3, hands=[SEVEN, CAPTAIN11, []], draw=["shell:grey"],
                       leftover="pile1")
        t = play(s, "draw", "last-chance")
        assert t.current == 1 and t.draw == []
        # final turns go on without a draw pile: only the discards can be taken
        assert legal(t) == ["take:1"]
        t = play(t, "take:1", "end")
        assert t.round == 1 and t.current == 2
        t = play(t, "take:1", "end")
        assert t.last_round["end"] == "last-chance" and t.round == 2
        assert t.last_round["bet_won"] is False

    def test_r8_does_not_apply_with_cards_left(self):
        s = make_state(2, draw=["shell:grey", "shell:green", "shell:black"],
                       leftover="pile1")
        t = play(s, "draw", legal(play(s, "draw"))[0], "end")
        assert t.round == 1 and t.current == 1 and len(t.draw) == 1


class TestR9NextRound:
    @pytest.mark.parametrize("caller", [0, 1, 2])
    def test_r9_left_of_the_stop_caller_starts(self, caller):
        hands = [[], [], []]
        hands[caller] = SEVEN
        s = make_state(3, hands=hands, current=caller, phase=Phase.PLAY, starter=0)
        t = play(s, "stop")
        assert t.round == 2 and t.current == t.starter == (caller + 1) % 3
        assert t.phase == Phase.DRAW

    def test_r9_left_of_the_last_chance_caller_starts(self):
        s = make_state(2, hands=[[], SEVEN], current=1, phase=Phase.PLAY, draw=[],
                       leftover=None)
        t = play(s, "last-chance", "end")
        assert t.round == 2 and t.current == 0

    def test_r9_decision_after_r8_left_of_the_player_whose_turn_ended(self):
        s = make_state(4, current=3, draw=["shell:grey"], leftover="pile1")
        t = play(s, "draw", "end")
        assert t.round == 2 and t.current == t.starter == 0
        assert t.ender == 3

    def test_r9_all_58_cards_shuffled_again(self):
        s = make_state(2, hands=[SEVEN, ["shell:grey"]], fronts=[["fish:black",
                                                                  "fish:green"], []],
                       phase=Phase.PLAY)
        t = play(s, "stop")
        assert len(t.draw) == 56 and all_cards(t) == list(BASE_DECK)
        assert t.cand == t.piles
        assert events(t)[-1]["type"] == "round-start"


class TestR10_1FourMermaids:
    def assert_won(self, t, seat, scores):
        assert t.phase == Phase.GAME_OVER
        assert t.result.termination == Termination.FOUR_MERMAIDS
        assert t.result.winners == (seat,)
        assert t.result.scores == tuple(scores) == tuple(t.scores)
        assert legal_actions(t) == []
        assert returns(t)[seat] == 1.0
        assert events(t)[-1]["type"] == "game-over"
        assert_illegal(t, "end", "R10")

    def test_r10_1_by_keep(self):
        s = make_state(2, hands=[MERMAIDS3, []], draw=["shell:grey", "mermaid:white"],
                       piles=(["crab:black"], []), scores=[0, 39])
        t = play(s, "draw")
        assert t.phase == Phase.KEEP  # a card of a draw two counts only once kept
        t = play(t, f"keep:{cid('mermaid:white', 3)}:2")
        self.assert_won(t, 0, [0, 39])

    def test_r10_1_draw_two_card_not_kept_does_not_count(self):
        s = make_state(2, hands=[MERMAIDS3, []], draw=["shell:grey", "mermaid:white"],
                       piles=(["crab:black"], []))
        t = play(s, "draw", f"keep:{cid('shell:grey')}:2")
        assert t.phase == Phase.PLAY and t.result is None
        assert t.piles[1] == [cid("mermaid:white", 3)]

    def test_r10_1_by_take(self):
        s = make_state(2, hands=[[], MERMAIDS3], current=1,
                       piles=(["crab:black"], ["mermaid:white"]))
        self.assert_won(play(s, "take:2"), 1, [0, 0])

    def test_r10_1_by_last_card_of_the_draw_pile(self):
        s = make_state(2, hands=[MERMAIDS3, []], draw=["mermaid:white"], leftover="pile1")
        self.assert_won(play(s, "draw"), 0, [0, 0])

    def test_r10_1_by_crab_pick(self):
        s = make_state(2, hands=[[*MERMAIDS3, "crab:black", "crab:green"], []],
                       phase=Phase.PLAY, piles=(["mermaid:white", "shell:grey"], []))
        t = play(s, duo("crab:black", "crab:green", arg=":pile=1"),
                 f"pick:{cid('mermaid:white', 3)}")
        self.assert_won(t, 0, [0, 0])

    def test_r10_1_by_fish(self):
        s = make_state(2, hands=[[*MERMAIDS3, "fish:black", "fish:green"], []],
                       phase=Phase.PLAY, draw=["mermaid:white"], leftover="pile1")
        self.assert_won(play(s, duo("fish:black", "fish:green")), 0, [0, 0])

    def test_r10_1_by_steal(self):
        s = make_state(2, hands=[[*MERMAIDS3, "swimmer:black", "shark:green"],
                                 ["mermaid:white"]], phase=Phase.PLAY)
        t = play(s, duo("swimmer:black", "shark:green", arg=":seat=1"))
        self.assert_won(t, 0, [0, 0])

    def test_r10_1_in_an_extra_turn(self):
        s = make_state(2, hands=[[*MERMAIDS3, "boat:black", "boat:yellow"], []],
                       phase=Phase.PLAY, piles=(["mermaid:white"], []))
        t = play(s, duo("boat:black", "boat:yellow"))
        assert t.extra_turn
        self.assert_won(play(t, "take:1"), 0, [0, 0])

    def test_r10_1_in_a_final_turn_cancels_the_round(self):
        s = make_state(3, hands=[SEVEN, MERMAIDS3, CAPTAIN11], phase=Phase.PLAY,
                       piles=(["mermaid:white"], []), scores=[30, 2, 34])
        t = play(s, "last-chance", "take:1")
        self.assert_won(t, 1, [30, 2, 34])
        assert t.final_left == [2]  # seat 2's final turn never comes
        assert t.last_round is None and not events(t, "round-end")

    def test_r10_1_by_crab_pick_in_a_final_turn(self):
        s = make_state(2, hands=[SEVEN, [*MERMAIDS3, "crab:yellow", "crab:green"]],
                       phase=Phase.PLAY, piles=(["mermaid:white", "shell:grey"], []),
                       draw=["penguin:pink", "penguin:purple"])
        t = play(s, "last-chance", "draw", f"keep:{cid('penguin:pink')}:2",
                 duo("crab:yellow", "crab:green", arg=":pile=1"),
                 f"pick:{cid('mermaid:white', 3)}")
        self.assert_won(t, 1, [0, 0])

    def test_r10_1_by_steal_in_a_final_turn(self):
        s = make_state(3, hands=[["mermaid:white"], SEVEN,
                                 [*MERMAIDS3, "swimmer:black", "shark:green"]],
                       current=1, phase=Phase.PLAY, piles=(["shell:grey"], []))
        t = play(s, "last-chance", "take:1",
                 duo("swimmer:black", "shark:green", arg=":seat=0"))
        self.assert_won(t, 2, [0, 0, 0])

    @pytest.mark.parametrize("way", ["keep", "take", "fish", "last-card"])
    def test_r10_1_other_ways_in_a_final_turn(self, way):
        hand = [*MERMAIDS3, "fish:black", "fish:green"]
        s = make_state(3, hands=[SEVEN, hand, CAPTAIN11], phase=Phase.PLAY,
                       piles=(["shell:grey"], ["mermaid:white"] if way == "take" else []),
                       draw=(["mermaid:white"] if way in ("fish", "last-card")
                             else ["shell:green", "mermaid:white"] if way == "keep" else []),
                       leftover="pile1" if way != "take" else "draw", scores=[1, 2, 3])
        t = play(s, "last-chance")
        steps = {"keep": ["draw", f"keep:{cid('mermaid:white', 3)}:2"],
                 "take": ["take:2"],
                 "fish": ["take:1", duo("fish:black", "fish:green")],
                 "last-card": ["draw"]}[way]
        t = play(t, *steps)
        self.assert_won(t, 1, [1, 2, 3])
        assert t.final_left == [2] and not events(t, "round-end")

    def test_r10_1_decision_detected_automatically_without_an_action(self):
        s = make_state(2, hands=[MERMAIDS3, []], piles=(["mermaid:white"], []))
        t = play(s, "take:1")  # no "claim" action: the take itself ends the game
        assert t.ply == s.ply + 1 and t.phase == Phase.GAME_OVER
        assert [e["type"] for e in events(t)][-3:] == ["take", "four-mermaids", "game-over"]

    def test_r10_1_three_mermaids_do_not_end_the_game(self):
        s = make_state(2, hands=[["mermaid:white"] * 2, []], piles=(["mermaid:white"], []))
        t = play(s, "take:1")
        assert t.result is None and t.phase == Phase.PLAY


class TestR10_2Target:
    def test_r10_2_game_ends_when_a_total_reaches_the_target(self):
        s = make_state(2, hands=[SEVEN, ["shell:grey"]], phase=Phase.PLAY, scores=[33, 20])
        t = play(s, "stop")
        assert t.phase == Phase.GAME_OVER and t.scores == [40, 20]
        assert t.result.termination == Termination.TARGET
        assert t.result.winners == (0,) and returns(t) == [1.0, 0.0]

    def test_r10_2_highest_total_wins_even_if_not_the_one_reaching_it(self):
        s = make_state(2, hands=[SEVEN, ["shell:grey"]], phase=Phase.PLAY, scores=[33, 45])
        t = play(s, "stop")
        assert t.result.winners == (1,)

    def test_r10_2_below_target_next_round(self):
        s = make_state(2, hands=[SEVEN, ["shell:grey"]], phase=Phase.PLAY, scores=[32, 20])
        t = play(s, "stop")
        assert t.phase == Phase.DRAW and t.round == 2 and t.result is None

    def test_r10_2_double_target(self):
        s = make_state(2, hands=[SEVEN, []], phase=Phase.PLAY, scores=[33, 0],
                       options={"double_target": True})
        t = play(s, "stop")
        assert t.result is None and t.target == 80

    def test_r10_2_tie_break_ender_among_the_tied_wins(self):
        s = make_state(2, hands=[[*OCT3, "shell:dark-blue", "shell:light-blue",
                                  "shell:black"], ["sailor:pink", "sailor:orange"]],
                       phase=Phase.PLAY, scores=[30, 35])
        t = play(s, "stop")
        assert t.scores == [40, 40]
        assert t.result.winners == (0,)

    def test_r10_2_tie_break_ender_wins_even_with_fewer_round_points(self):
        s = make_state(2, hands=[CAPTAIN11, SEVEN], current=1, phase=Phase.PLAY,
                       scores=[29, 33])
        t = play(s, "stop")
        assert t.scores == [40, 40]
        assert t.result.winners == (1,)  # the ender (7 this round) beats seat 0 (11)

    def test_r10_2_tie_break_most_points_in_the_last_round(self):
        s = make_state(3, hands=[CAPTAIN11,
                                 ["shell:dark-blue", "shell:light-blue", "shell:black",
                                  "shell:yellow", "shell:green", "penguin:pink"], SEVEN],
                       current=2, phase=Phase.PLAY, scores=[25, 27, 0])
        t = play(s, "stop")
        assert t.scores == [36, 36, 7]
        assert t.result.winners == (0,)  # ender 2 is not tied; 11 beats 9

    def test_r10_2_tie_break_shared_victory(self):
        s = make_state(3, hands=[CAPTAIN11,
                                 ["shell:dark-blue", "shell:light-blue", "shell:black",
                                  "shell:yellow", "shell:green", "shell:grey",
                                  "penguin:pink"], SEVEN],
                       current=2, phase=Phase.PLAY, scores=[25, 25, 0])
        t = play(s, "stop")
        assert t.scores == [36, 36, 7]
        assert t.result.winners == (0, 1)
        assert returns(t) == [0.5, 0.5, 0.0]

    def test_r10_2_tie_break_uses_round_scores_of_last_chance(self):
        # bet lost: caller 2 scores its bonus only; 0 and 1 tie on totals; 0 scored more
        s = make_state(3, hands=[CAPTAIN11,
                                 ["shell:dark-blue", "shell:light-blue", "shell:black",
                                  "shell:yellow", "shell:green", "penguin:pink"], SEVEN],
                       current=2, phase=Phase.PLAY, scores=[25, 27, 0], draw=[],
                       leftover=None)
        t = play(s, "last-chance", "end", "end")
        assert t.last_round["bet_won"] is False
        assert t.scores == [36, 36, 1]
        assert t.result.winners == (0,)
