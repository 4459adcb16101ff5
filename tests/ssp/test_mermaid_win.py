"""R10.1 and Decision 8: a card handed to a player outside their turn completes a
Mermaid win at once (Water Rodeo SWAP, both sides; the Swimmer + Shark thief).

The forced-turn case is ``test_extra_salt.py::test_decision_8_mermaid_win_on_a_forced_turn``;
the thief in the base game is ``test_round_end.py::test_r10_1_by_steal``.
"""

from __future__ import annotations

from seasalt.ssp.cards import Event
from seasalt.ssp.outcome import Termination
from seasalt.ssp.state import Call, Phase, legal_actions, returns
from seasalt.ssp.view import view
from tests.ssp.conftest import events, ids, play
from tests.ssp.test_extra_pepper import ep_state

E = Event
M = "mermaid:white"
SWIMMERS = ["swimmer:black", "swimmer:yellow"]


def swap_duo() -> str:
    a, b = sorted(ids(*SWIMMERS))
    return f"duo:{a}+{b}"


def mermaid(copy: int) -> int:
    return ids(*[M] * (copy + 1))[copy]


def assert_won(t, seat: int, scores) -> None:
    assert t.phase == Phase.GAME_OVER
    assert t.result.termination == Termination.FOUR_MERMAIDS
    assert t.result.winners == (seat,)
    assert t.result.scores == tuple(scores) == tuple(t.scores)
    assert legal_actions(t) == [] and returns(t)[seat] == 1.0
    assert [e["type"] for e in events(t)][-2:] == ["four-mermaids", "game-over"]
    assert events(t, "four-mermaids")[-1]["seat"] == seat
    assert view(t, seat).outcome == t.result


class TestSwapHandsTheTargetItsLastMermaid:
    def test_the_target_wins_at_once_outside_its_turn(self):
        # seat 0 holds the 4th Mermaid (first copy), seat 1 the other three
        s = ep_state(3, table=E.WATER_RODEO, phase=Phase.PLAY, scores=[5, 7, 9],
                     hands=[[M, *SWIMMERS], [M, M, M, "penguin:pink"], ["shell:grey"]],
                     piles=(["boat:black"], ["fish:green"]))
        t = play(s, f"{swap_duo()}:seat=1")
        assert t.phase == Phase.SWAP
        u = play(t, f"swap:{mermaid(0)}:{ids('penguin:pink')[0]}")
        assert_won(u, 1, [5, 7, 9])
        assert u.current == 0  # it happened in seat 0's turn; nothing more is played
        assert [e["type"] for e in events(u)][-3] == "swap"

    def test_the_swapper_wins_when_it_receives_its_last_mermaid(self):
        s = ep_state(2, table=E.WATER_RODEO, phase=Phase.PLAY,
                     hands=[[M, M, M, *SWIMMERS, "shell:grey"], [M, "penguin:pink"]],
                     piles=(["boat:black"], ["fish:green"]))
        t = play(s, f"{swap_duo()}:seat=1", f"swap:{ids('shell:grey')[0]}:{mermaid(3)}")
        assert_won(t, 0, [0, 0])

    def test_a_mermaid_for_a_mermaid_completes_nothing(self):
        s = ep_state(2, table=E.WATER_RODEO, phase=Phase.PLAY,
                     hands=[[M, M, *SWIMMERS], [M, M]],
                     piles=(["boat:black"], ["fish:green"]))
        t = play(s, f"{swap_duo()}:seat=1", f"swap:{mermaid(0)}:{mermaid(2)}")
        assert t.phase == Phase.PLAY and t.result is None

    def test_dance_of_the_mermaids_held_by_the_target_three_win(self):
        s = ep_state(2, table=E.WATER_RODEO, held=[[], [E.DANCE_OF_THE_MERMAIDS]],
                     phase=Phase.PLAY, hands=[[M, *SWIMMERS], [M, M, "penguin:pink"]],
                     piles=(["boat:black"], ["fish:green"]))
        t = play(s, f"{swap_duo()}:seat=1", f"swap:{mermaid(0)}:{ids('penguin:pink')[0]}")
        assert_won(t, 1, [0, 0])
        assert events(t, "four-mermaids")[-1] == {**events(t, "four-mermaids")[-1],
                                                  "mermaids": 3, "dance": True}

    def test_three_are_not_enough_for_a_target_without_the_dance(self):
        s = ep_state(2, table=E.WATER_RODEO, held=[[E.DANCE_OF_THE_MERMAIDS], []],
                     phase=Phase.PLAY, hands=[[M, *SWIMMERS], [M, M, "penguin:pink"]],
                     piles=(["boat:black"], ["fish:green"]))
        t = play(s, f"{swap_duo()}:seat=1", f"swap:{mermaid(0)}:{ids('penguin:pink')[0]}")
        assert t.phase == Phase.PLAY and t.result is None

    def test_in_a_final_turn_the_target_wins_and_the_round_is_not_scored(self):
        # seat 2 called LAST CHANCE; seat 0's final turn swaps with seat 1, whose
        # final turn has not come yet (not revealed: a valid target, R6.3)
        s = ep_state(3, table=E.WATER_RODEO, phase=Phase.PLAY, current=2,
                     hands=[[M, *SWIMMERS], [M, M, M, "penguin:pink"],
                            ["sailor:pink", "sailor:orange", "shell:dark-blue", "shell:black"]],
                     piles=(["boat:black"], ["fish:green"]), scores=[3, 4, 5])
        t = play(s, "last-chance", "take:1")
        assert t.call == Call.LAST_CHANCE and t.current == 0 and t.final_left == [1]
        t = play(t, f"{swap_duo()}:seat=1", f"swap:{mermaid(0)}:{ids('penguin:pink')[0]}")
        assert_won(t, 1, [3, 4, 5])
        assert t.last_round is None and not events(t, "round-end")


class TestStealHandsTheThiefItsLastMermaid:
    def test_dance_of_the_mermaids_held_by_the_thief(self):
        s = ep_state(2, table=E.KRAKEN, held=[[E.DANCE_OF_THE_MERMAIDS], []],
                     phase=Phase.PLAY, hands=[[M, M, "swimmer:black", "shark:green"], [M]])
        a, b = sorted(ids("swimmer:black", "shark:green"))
        t = play(s, f"duo:{a}+{b}:seat=1")
        assert_won(t, 0, [0, 0])

    def test_in_an_opponents_final_turn(self):
        # seat 1 called LAST CHANCE; in seat 2's final turn... the thief is the
        # seat to move: a steal hands its card to the mover, checked at once
        s = ep_state(3, table=E.KRAKEN, phase=Phase.PLAY, current=1,
                     hands=[[M], ["sailor:pink", "sailor:orange", "shell:dark-blue",
                                  "shell:black"], [M, M, M, "swimmer:black", "shark:green"]],
                     piles=(["boat:black"], ["fish:green"]))
        t = play(s, "last-chance")
        assert t.current == 2
        a, b = sorted(ids("swimmer:black", "shark:green"))
        t = play(t, "take:1", f"duo:{a}+{b}:seat=0")
        assert_won(t, 2, [0, 0, 0])
        assert t.final_left == [0]
