"""R4: a turn (draw, duos, ending the round) and its illegal actions."""

from __future__ import annotations

from seasalt.ssp.actions import ActionKind
from seasalt.ssp.state import Call, Phase, legal_actions
from tests.ssp.conftest import assert_illegal, cid, events, ids, legal, make_state, play

OCT3 = ["octopus:light-blue", "octopus:yellow", "octopus:green"]  # 6 card points


class TestR4TurnOrder:
    def test_r4_turns_go_clockwise(self):
        s = make_state(3, current=0, phase=Phase.PLAY, piles=(["shell:grey", "crab:black"], []))
        s = play(s, "end")
        assert (s.current, s.phase) == (1, Phase.DRAW)
        s = play(s, "take:1", "end")
        assert s.current == 2
        s = play(s, "take:1", "end")
        assert s.current == 0

    def test_r4_steps_in_order_draw_first(self):
        s = make_state(2, hands=[["boat:black", "boat:black"], []], piles=(["shell:grey"], []))
        assert legal(s) == ["draw", "take:1"]
        err = assert_illegal(s, "end", "R4.1")
        assert "seat 0" in str(err)
        assert_illegal(s, f"duo:{cid('boat:black')}+{cid('boat:black', 1)}", "R4.1")

    def test_r4_only_the_seat_to_move_has_actions(self):
        s = make_state(3, hands=[[], ["crab:black", "crab:green"], []], current=0,
                       phase=Phase.PLAY)
        assert legal(s) == ["end"]  # seat 1's crabs give seat 0 nothing


class TestR4_1DrawTwo:
    def scenario(self, piles=(["crab:black"], ["boat:black"])):
        return make_state(2, piles=piles, draw=["octopus:green", "shell:grey"])

    def test_r4_1_draw_two_then_keep_one_and_discard_the_other(self):
        s = play(self.scenario(), "draw")
        shell, octo = cid("shell:grey"), cid("octopus:green")
        assert s.phase == Phase.KEEP
        assert sorted(s.drawn) == sorted([shell, octo])
        assert len(s.draw) == 58 - 2 - 2  # minus the 2 discards and the 2 drawn
        assert legal(s) == sorted([f"keep:{shell}:1", f"keep:{shell}:2", f"keep:{octo}:1",
                                   f"keep:{octo}:2"], key=lambda t: tuple(
                                       int(x) for x in t.split(":")[1:]))
        t = play(s, f"keep:{shell}:2")
        assert t.hands[0] == [shell]
        assert t.piles[1][-1] == octo and t.piles[0] == [cid("crab:black")]
        assert t.cand[1][-1] == octo
        assert t.drawn == []
        assert t.phase == Phase.PLAY

    def test_r4_1_keep_a_card_not_drawn_is_illegal(self):
        s = play(self.scenario(), "draw")
        assert_illegal(s, f"keep:{cid('crab:black')}:1", "R4.1")
        assert_illegal(s, f"keep:{cid('shell:grey')}:3", "R4.1")
        assert_illegal(s, "take:1", "R4.1")
        assert_illegal(s, "end", "R4.1")

    def test_r4_1_exactly_one_empty_pile_must_take_the_other_card(self):
        for empty, full in ((1, 2), (2, 1)):
            piles = (([], ["boat:black"]) if empty == 1 else (["boat:black"], []))
            s = play(self.scenario(piles), "draw")
            assert {a.b for a in legal_actions(s)} == {empty}
            assert_illegal(s, f"keep:{cid('shell:grey')}:{full}", "R4.1")
            t = play(s, f"keep:{cid('shell:grey')}:{empty}")
            assert t.piles[empty - 1] == [cid("octopus:green")]

    def test_r4_1_decision_both_piles_empty_other_card_goes_on_pile_1(self):
        s = play(self.scenario(([], [])), "draw")
        assert {a.b for a in legal_actions(s)} == {1}
        assert_illegal(s, f"keep:{cid('shell:grey')}:2", "R4.1")
        t = play(s, f"keep:{cid('shell:grey')}:1")
        assert t.piles == [[cid("octopus:green")], []]

    def test_r4_1_decision_one_card_left_taken_without_discard(self):
        s = make_state(2, piles=(["crab:black"], ["boat:black"]), draw=["mermaid:white"],
                       leftover=None)
        assert legal(s) == ["draw", "take:1", "take:2"]
        t = play(s, "draw")
        assert t.hands[0] == [cid("mermaid:white")]
        assert t.draw == [] and t.drawn == []
        assert t.piles == s.piles
        assert t.phase == Phase.PLAY
        assert events(t)[-1]["type"] == "draw-last"
        assert events(t)[-1]["private"] == {"0": {"card": cid("mermaid:white")}}

    def test_r4_1_decision_empty_draw_pile_no_draw_two(self):
        s = make_state(2, piles=(["crab:black"], ["boat:black"]), draw=[], leftover=None)
        assert legal(s) == ["take:1", "take:2"]
        assert_illegal(s, "draw", "R4.1")


class TestR4_1TakeDiscard:
    def test_r4_1_take_the_top_of_either_pile(self):
        s = make_state(2, piles=(["crab:black", "shell:grey"], ["boat:black"]))
        t = play(s, "take:1")
        assert t.hands[0] == [cid("shell:grey")]
        assert t.piles[0] == [cid("crab:black")]
        assert t.phase == Phase.PLAY
        u = play(s, "take:2")
        assert u.hands[0] == [cid("boat:black")] and u.piles[1] == []

    def test_r4_1_take_from_an_empty_pile_is_illegal(self):
        s = make_state(2, piles=(["crab:black"], []))
        assert legal(s) == ["draw", "take:1"]
        assert_illegal(s, "take:2", "R4.1")
        assert_illegal(s, "take:3", "R4.1")

    def test_r4_1_never_look_through_the_piles(self):
        # Only the top can be taken; nothing in a draw step names a card below it.
        s = make_state(2, piles=(["crab:black", "shell:grey"], ["boat:black"]))
        assert {a.kind for a in legal_actions(s)} == {ActionKind.DRAW, ActionKind.TAKE}
        assert_illegal(s, f"pick:{cid('crab:black')}", "R4.1")

    def test_r4_1_decision_nothing_to_draw_goes_to_step_2(self):
        # Only possible in a LAST CHANCE final turn: draw and both discards empty.
        s = make_state(2, hands=[["crab:black"], [*OCT3, "crab:dark-blue", "crab:dark-blue"]],
                       draw=[], leftover=None, current=1, phase=Phase.PLAY)
        t = play(s, "last-chance")
        assert (t.current, t.phase) == (0, Phase.PLAY)
        assert legal(t) == ["end"]
        assert events(t)[-1]["type"] == "draw-nothing"
        u = play(t, "end")
        assert u.last_round is not None and u.last_round["end"] == "last-chance"


class TestR4_2Duos:
    def test_r4_2_crab_search_a_pile_take_any_card_keep_order(self):
        s = make_state(2, hands=[["crab:dark-blue", "crab:yellow"], []], phase=Phase.PLAY,
                       piles=(["shell:grey", "octopus:green", "fish:black"], ["boat:black"]))
        a, b = cid("crab:dark-blue"), cid("crab:yellow")
        assert f"duo:{a}+{b}:pile=1" in legal(s) and f"duo:{a}+{b}:pile=2" in legal(s)
        t = play(s, f"duo:{a}+{b}:pile=1")
        assert t.phase == Phase.CRAB_PICK and t.crab_pile == 1
        assert t.fronts[0] == [a, b] and t.hands[0] == []
        assert legal(t) == [f"pick:{c}" for c in sorted(s.piles[0])]
        u = play(t, f"pick:{cid('octopus:green')}")
        assert u.hands[0] == [cid("octopus:green")]
        assert u.piles[0] == [cid("shell:grey"), cid("fish:black")]
        assert u.phase == Phase.PLAY and u.crab_pile == 0

    def test_r4_2_crab_pick_must_be_in_the_chosen_pile(self):
        s = make_state(2, hands=[["crab:dark-blue", "crab:yellow"], []], phase=Phase.PLAY,
                       piles=(["shell:grey"], ["boat:black"]))
        t = play(s, f"duo:{cid('crab:dark-blue')}+{cid('crab:yellow')}:pile=1")
        assert_illegal(t, f"pick:{cid('boat:black')}", "R4.2")
        assert_illegal(t, "end", "R4.2")

    def test_r4_2_crab_cannot_choose_an_empty_pile(self):
        s = make_state(2, hands=[["crab:dark-blue", "crab:yellow"], []], phase=Phase.PLAY,
                       piles=([], ["boat:black"]))
        a, b = cid("crab:dark-blue"), cid("crab:yellow")
        assert [t for t in legal(s) if t.startswith("duo")] == [f"duo:{a}+{b}:pile=2"]
        assert_illegal(s, f"duo:{a}+{b}:pile=1", "R4.2")
        assert_illegal(s, f"duo:{a}+{b}", "R4.2")

    def test_r4_2_boat_gives_an_extra_turn_without_step_3(self):
        s = make_state(2, hands=[["boat:black", "boat:yellow", *OCT3], []],
                       phase=Phase.PLAY, piles=(["shell:grey"], ["crab:black"]))
        a, b = cid("boat:black"), cid("boat:yellow")
        assert "stop" in legal(s)
        t = play(s, f"duo:{a}+{b}")
        assert t.current == 0 and t.phase == Phase.DRAW and t.extra_turn
        assert t.fronts[0] == [a, b]
        assert legal(t) == ["draw", "take:1", "take:2"]  # no stop, no end: step 1 again
        assert_illegal(t, "stop", "R4.1")
        assert_illegal(t, "end", "R4.1")
        u = play(t, "take:1")
        assert "stop" in legal(u)  # may announce at the end of the extra turn (R4.3)
        v = play(u, "end")
        assert v.current == 1 and not v.extra_turn

    def test_r4_2_decision_extra_turn_may_contain_a_boat(self):
        s = make_state(2, hands=[["boat:black", "boat:yellow", "boat:dark-blue",
                                  "boat:light-blue"], []], phase=Phase.PLAY,
                       piles=(["shell:grey"], ["crab:black"]))
        t = play(s, f"duo:{cid('boat:black')}+{cid('boat:yellow')}", "take:1",
                 f"duo:{cid('boat:dark-blue')}+{cid('boat:light-blue')}")
        assert t.current == 0 and t.phase == Phase.DRAW and t.extra_turn
        assert len(t.fronts[0]) == 4
        assert len(events(t, "extra-turn")) == 2

    def test_r4_2_boat_with_empty_draw_pile_extra_turn_draws_from_discards(self):
        s = make_state(2, hands=[["boat:black", "boat:yellow"], []], phase=Phase.PLAY,
                       piles=(["shell:grey"], []), draw=[], leftover=None)
        t = play(s, f"duo:{cid('boat:black')}+{cid('boat:yellow')}")
        assert t.phase == Phase.DRAW and t.extra_turn and t.current == 0
        assert legal(t) == ["take:1"]

    def test_r4_2_fish_takes_the_top_of_the_draw_pile(self):
        s = make_state(2, hands=[["fish:black", "fish:green"], []], phase=Phase.PLAY,
                       draw=["crab:black", "mermaid:white"])
        t = play(s, f"duo:{cid('fish:black')}+{cid('fish:green')}")
        assert t.hands[0] == [cid("mermaid:white")]
        assert t.draw == s.draw[:-1]
        assert t.phase == Phase.PLAY and t.current == 0
        duo = events(t, "duo")[-1]
        assert "card" not in duo and duo["private"] == {"0": {"card": cid("mermaid:white")}}

    def test_r4_2_swimmer_shark_steals_a_random_hand_card(self):
        s = make_state(3, hands=[["swimmer:black", "shark:green"], ["octopus:green"], []],
                       fronts=[[], [], ["crab:black", "crab:green"]], phase=Phase.PLAY)
        sw, sh = sorted([cid("swimmer:black"), cid("shark:green")])
        # seat 2 has cards in front only: never a target (cards in front can't be taken)
        assert [t for t in legal(s) if t.startswith("duo")] == [f"duo:{sw}+{sh}:seat=1"]
        assert_illegal(s, f"duo:{sw}+{sh}:seat=2", "R4.2")
        assert_illegal(s, f"duo:{sw}+{sh}:seat=0", "R4.2")
        assert_illegal(s, f"duo:{sw}+{sh}", "R4.2")
        t = play(s, f"duo:{sw}+{sh}:seat=1")
        assert t.hands == [[cid("octopus:green")], [], []]
        assert t.fronts[0] == [sw, sh] and t.fronts[2] == s.fronts[2]

    def test_r4_2_steal_is_random_and_seeded(self):
        stolen = set()
        for seed in range(30):
            s = make_state(2, hands=[["swimmer:black", "shark:green"],
                                     ["octopus:green", "shell:grey", "penguin:pink"]],
                           phase=Phase.PLAY, seed=seed)
            action = [t for t in legal(s) if t.startswith("duo")][0]
            t1, t2 = play(s, action), play(s, action)
            assert t1.hands == t2.hands  # same state, same draw of the generator
            stolen.add(t1.hands[0][0])
        assert stolen == set(ids("octopus:green", "shell:grey", "penguin:pink"))

    def test_r4_2_cards_reaching_the_hand_feed_further_duos(self):
        s = make_state(2, hands=[["fish:black", "fish:green", "crab:black"], []],
                       phase=Phase.PLAY, draw=["crab:green"],
                       piles=(["swimmer:black"], ["shark:green"]))
        crabs = sorted(ids("crab:black", "crab:green"))
        t = play(s, f"duo:{cid('fish:black')}+{cid('fish:green')}")
        assert f"duo:{crabs[0]}+{crabs[1]}:pile=1" in legal(t)
        u = play(t, f"duo:{crabs[0]}+{crabs[1]}:pile=2", f"pick:{cid('shark:green')}")
        assert len(u.fronts[0]) == 4 and u.hands[0] == [cid("shark:green")]

    def test_r4_2_stolen_card_feeds_further_duos(self):
        s = make_state(2, hands=[["swimmer:black", "shark:green", "boat:black"],
                                 ["boat:yellow"]], phase=Phase.PLAY,
                       piles=(["shell:grey"], []))
        sw, sh = sorted([cid("swimmer:black"), cid("shark:green")])
        t = play(s, f"duo:{sw}+{sh}:seat=1")
        boats = sorted(ids("boat:black", "boat:yellow"))
        assert f"duo:{boats[0]}+{boats[1]}" in legal(t)

    def test_r4_2_any_number_of_duos_in_any_order(self):
        s = make_state(2, hands=[["fish:black", "fish:green", "crab:black", "crab:green"],
                                 []], phase=Phase.PLAY, piles=(["shell:grey"], []))
        crabs = sorted(ids("crab:black", "crab:green"))
        fish = sorted(ids("fish:black", "fish:green"))
        t = play(s, f"duo:{crabs[0]}+{crabs[1]}:pile=1", f"pick:{cid('shell:grey')}",
                 f"duo:{fish[0]}+{fish[1]}")
        assert len(t.fronts[0]) == 4 and len(t.hands[0]) == 2

    def test_r4_2_invalid_pairs_are_illegal(self):
        hand = ["crab:black", "boat:black", "fish:black", "swimmer:black", "swimmer:yellow",
                "shark:green", "shark:purple", "mermaid:white", "mermaid:white",
                "shell:grey", "shell:green", "lighthouse:purple", "captain:light-orange"]
        s = make_state(2, hands=[hand, ["octopus:green"]], phase=Phase.PLAY)
        c = {t: cid(t) for t in set(hand)}
        m1, m2 = ids("mermaid:white", "mermaid:white")
        for a, b in [(c["crab:black"], c["boat:black"]), (c["fish:black"], c["boat:black"]),
                     (c["swimmer:black"], c["swimmer:yellow"]),
                     (c["shark:green"], c["shark:purple"]), (m1, m2),
                     (c["shell:grey"], c["shell:green"]),
                     (c["lighthouse:purple"], c["captain:light-orange"]),
                     (c["swimmer:black"], c["crab:black"])]:
            assert_illegal(s, f"duo:{a}+{b}", "R4.2")
            assert_illegal(s, f"duo:{a}+{b}:seat=1", "R4.2")
        duos = [t for t in legal(s) if t.startswith("duo")]
        assert len(duos) == 4  # 2 swimmers x 2 sharks, target seat 1

    def test_r4_2_duo_cards_must_be_in_hand(self):
        s = make_state(2, hands=[["crab:black"], ["crab:green"]], phase=Phase.PLAY,
                       piles=(["shell:grey"], []))
        a, b = sorted(ids("crab:black", "crab:green"))
        assert_illegal(s, f"duo:{a}+{b}:pile=1", "R4.2")
        assert_illegal(s, f"duo:{a}+{a}:pile=1", "R4.2")

    def test_r4_2_nobody_discards_from_hand(self):
        s = make_state(2, hands=[["mermaid:white", "shell:grey", "octopus:green",
                                  "lighthouse:purple"], []], phase=Phase.PLAY)
        assert legal(s) == ["end"]
        t = play(s, "end")
        assert sorted(t.hands[0]) == sorted(s.hands[0])


class TestR4_2DecisionEffectCannotHappen:
    def test_r4_2_decision_crab_with_both_piles_empty(self):
        s = make_state(2, hands=[["crab:black", "crab:green", *OCT3], []], phase=Phase.PLAY)
        a, b = sorted(ids("crab:black", "crab:green"))
        assert f"duo:{a}+{b}" in legal(s)
        t = play(s, f"duo:{a}+{b}")
        assert t.phase == Phase.PLAY and t.fronts[0] == [a, b]
        assert events(t, "duo")[-1]["skipped"] is True
        assert t.log is not None

    def test_r4_2_decision_fish_with_empty_draw_pile(self):
        s = make_state(2, hands=[["fish:black", "fish:green"], []], phase=Phase.PLAY,
                       draw=[], leftover="pile1")
        a, b = sorted(ids("fish:black", "fish:green"))
        t = play(s, f"duo:{a}+{b}")
        assert t.hands[0] == [] and t.fronts[0] == [a, b]
        assert events(t, "duo")[-1]["skipped"] is True

    def test_r4_2_decision_swimmer_shark_without_target(self):
        s = make_state(3, hands=[["swimmer:black", "shark:green"], [], ["crab:black"]],
                       revealed=[False, False, True], phase=Phase.PLAY)
        a, b = sorted(ids("swimmer:black", "shark:green"))
        assert [t for t in legal(s) if t.startswith("duo")] == [f"duo:{a}+{b}"]
        t = play(s, f"duo:{a}+{b}")
        assert t.fronts[0] == [a, b] and t.hands[2] == [cid("crab:black")]
        assert events(t, "duo")[-1]["skipped"] is True

    def test_r4_2_decision_boat_with_nothing_to_draw_continues_step_2(self):
        s = make_state(2, hands=[["boat:black", "boat:yellow", *OCT3, "crab:black"], []],
                       phase=Phase.PLAY, draw=[], leftover=None)
        a, b = sorted(ids("boat:black", "boat:yellow"))
        t = play(s, f"duo:{a}+{b}")
        assert t.phase == Phase.PLAY and t.current == 0 and not t.extra_turn
        assert events(t, "duo")[-1]["skipped"] is True
        assert {"stop", "last-chance", "end"} <= set(legal(t))

    def test_r4_2_decision_skipped_duo_still_scores(self):
        s = make_state(2, hands=[["fish:black", "fish:green", *OCT3], []], phase=Phase.PLAY,
                       draw=[], leftover="pile1")
        t = play(s, f"duo:{min(ids('fish:black', 'fish:green'))}+"
                    f"{max(ids('fish:black', 'fish:green'))}", "stop")
        assert t.last_round["players"][0]["duos"] == 1
        assert t.last_round["players"][0]["card_points"] == 7


class TestR4_3EndTheRound:
    def test_r4_3_announce_with_at_least_7_card_points(self):
        s = make_state(2, hands=[[*OCT3, "crab:black", "crab:green"], []], phase=Phase.PLAY)
        assert {"stop", "last-chance", "end"} <= set(legal(s))

    def test_r4_3_not_below_7(self):
        # 6 card points; with the colour bonus it would be 7, but the bonus is excluded.
        s = make_state(2, hands=[["shell:dark-blue", "shell:light-blue", "shell:black",
                                  "shell:yellow"], []], phase=Phase.PLAY)
        assert legal(s) == ["end"]
        assert_illegal(s, "stop", "R4.3")
        assert_illegal(s, "last-chance", "R4.3")

    def test_r4_3_pairs_in_hand_and_cards_in_front_count(self):
        s = make_state(2, hands=[["octopus:green", "octopus:yellow", "crab:black",
                                  "crab:green"], []],
                       fronts=[["fish:black", "fish:green", "boat:black", "boat:yellow"], []],
                       phase=Phase.PLAY)
        # 2 duos in front + 1 crab pair in hand + 3 for two octopuses = 6: not yet
        assert "stop" not in legal(s)
        s.hands[0].append(cid("octopus:light-blue"))  # 3 octopuses: 6 + 3 = 9
        assert "stop" in legal(s)

    def test_r4_3_not_during_draw_or_crab_pick(self):
        s = make_state(2, hands=[[*OCT3, "crab:black", "crab:green"], []],
                       piles=(["shell:grey", "shell:green"], []))
        assert_illegal(s, "stop", "R4.1")
        t = play(s, "take:1")
        assert "stop" in legal(t)
        u = play(t, f"duo:{min(ids('crab:black', 'crab:green'))}+"
                    f"{max(ids('crab:black', 'crab:green'))}:pile=1")
        assert u.phase == Phase.CRAB_PICK
        assert_illegal(u, "stop", "R4.2")

    def test_r4_3_not_once_an_end_was_announced(self):
        s = make_state(2, hands=[[*OCT3, "crab:black", "crab:green"],
                                 ["octopus:purple", "octopus:grey", "shell:grey",
                                  "shell:green", "shell:black", "penguin:pink"]],
                       phase=Phase.PLAY, current=1)
        t = play(s, "last-chance", "take:1" if s.piles[0] else "draw")
        if t.phase == Phase.KEEP:
            t = play(t, legal(t)[0])
        assert t.call == Call.LAST_CHANCE and t.current == 0
        assert "stop" not in legal(t) and "last-chance" not in legal(t)
        assert_illegal(t, "stop", "R4.3")

    def test_r4_3_otherwise_play_passes_to_the_left(self):
        s = make_state(4, current=3, phase=Phase.PLAY)
        t = play(s, "end")
        assert (t.current, t.phase, t.call) == (0, Phase.DRAW, Call.NONE)
