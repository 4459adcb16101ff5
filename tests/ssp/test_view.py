"""R5 hidden information: what each seat's view holds and never holds."""

from __future__ import annotations

import json
import random

import pytest

from seasalt.ssp.state import Phase, new_game
from seasalt.ssp.view import determinize, view
from tests.ssp.conftest import cid, ids, make_state, play, view_cards

SEVEN = ["octopus:light-blue", "octopus:yellow", "octopus:green", "crab:black", "crab:grey"]


def duo(*notations: str, arg: str = "") -> str:
    a, b = sorted(ids(*notations))
    return f"duo:{a}+{b}{arg}"


class TestR5Public:
    def test_r5_public_state_in_every_view(self):
        s = make_state(3, hands=[["shell:grey"], ["octopus:purple", "penguin:pink"], SEVEN],
                       fronts=[["fish:black", "fish:green"], [], ["boat:black", "boat:yellow"]],
                       piles=(["sailor:pink", "sailor:orange"], ["penguin:purple"]),
                       revealed=[False, False, True], scores=[3, 4, 5], extra_turn=True,
                       phase=Phase.PLAY)
        s.call, s.caller = 2, 2
        for seat in (0, 1, 2, None):
            v = view(s, seat)
            assert v.fronts == tuple(tuple(f) for f in s.fronts)
            assert v.known[2] == (() if seat == 2 else tuple(sorted(s.hands[2])))
            assert (v.piles[0].top, v.piles[0].size) == (cid("sailor:orange"), 2)
            assert v.piles[0].candidates == tuple(s.piles[0])
            assert (v.piles[1].top, v.piles[1].size) == (cid("penguin:purple"), 1)
            assert v.draw_size == len(s.draw)
            assert v.hand_sizes == (1, 2, 5)
            assert v.scores == (3, 4, 5)
            assert (v.call, v.caller) == ("last-chance", 2)
            assert v.extra_turn is True
            assert v.revealed == (False, False, True)

    def test_r5_draw_pile_order_and_seed_never_in_a_view(self):
        s = new_game(3, 987654321)
        for seat in (0, 1, 2, None):
            d = view(s, seat).to_dict()
            text = json.dumps(d)
            assert "seed" not in d and "rng" not in d and "draw" not in d
            assert str(s.rng) not in text and "987654321" not in text
            assert view_cards(d) == set(s.piles[0]) | set(s.piles[1])

    def test_r5_own_hand_only(self):
        s = make_state(2, hands=[["shell:grey", "mermaid:white"], ["octopus:green"]])
        assert view(s, 0).hand == tuple(sorted(s.hands[0]))
        assert view(s, 1).hand == (cid("octopus:green"),)
        assert view(s, None).hand == ()
        assert cid("octopus:green") not in view_cards(view(s, 0))
        assert not view_cards(view(s, 1)) & set(s.hands[0])
        assert not view_cards(view(s, None)) & (set(s.hands[0]) | set(s.hands[1]))

    def test_bad_seat_refused(self):
        s = new_game(2, 1)
        with pytest.raises(ValueError):
            view(s, 2)


class TestR5DrawTwo:
    def scenario(self):
        return make_state(3, draw=["octopus:green", "mermaid:white"],
                          piles=(["crab:black"], ["boat:black"]))

    def test_r5_drawn_cards_seen_by_the_drawer_only(self):
        t = play(self.scenario(), "draw")
        drawn = set(t.drawn)
        assert set(view(t, 0).drawn) == drawn
        for seat in (1, 2, None):
            v = view(t, seat)
            assert v.drawn == () and v.drawn_count == 2
            assert not view_cards(v) & drawn

    def test_r5_kept_card_of_a_draw_two_invisible_to_others(self):
        t = play(self.scenario(), "draw", f"keep:{cid('mermaid:white')}:2")
        kept, discarded = cid("mermaid:white"), cid("octopus:green")
        assert kept in view(t, 0).hand
        for seat in (1, 2, None):
            v = view(t, seat)
            assert kept not in view_cards(v)
            assert v.hand_sizes[0] == 1 and v.known[0] == ()
            # the discarded card is public
            assert v.piles[1].top == discarded

    def test_r5_last_card_of_the_draw_pile_is_private(self):
        s = make_state(2, draw=["mermaid:white"], leftover="pile1")
        t = play(s, "draw")
        assert cid("mermaid:white") not in view_cards(view(t, 1))
        assert cid("mermaid:white") not in view_cards(view(t, None))


class TestR5TakeDiscard:
    def test_r5_taken_discard_known_to_all(self):
        s = make_state(3, piles=(["crab:black", "shell:grey"], ["boat:black"]))
        t = play(s, "take:1")
        for seat in (1, 2, None):
            v = view(t, seat)
            assert v.known[0] == (cid("shell:grey"),)
            assert v.piles[0].top == cid("crab:black") and v.piles[0].size == 1
        assert view(t, 0).hand == (cid("shell:grey"),)

    def test_r5_taken_card_stays_known_after_more_private_cards(self):
        s = make_state(2, piles=(["crab:black", "shell:grey"], ["boat:black"]),
                       draw=["penguin:pink", "penguin:purple"])
        t = play(s, "take:1", "end", "take:2", "end", "draw",
                 f"keep:{cid('penguin:purple')}:2")
        v = view(t, 1)
        assert v.known[0] == (cid("shell:grey"),)
        assert cid("penguin:purple") not in view_cards(v)


class TestR5Duos:
    def test_r5_fish_card_seen_by_its_owner_only(self):
        s = make_state(3, hands=[["fish:black", "fish:green"], [], []], phase=Phase.PLAY,
                       draw=["mermaid:white"])
        t = play(s, duo("fish:black", "fish:green"))
        assert cid("mermaid:white") in view(t, 0).hand
        for seat in (1, 2, None):
            assert cid("mermaid:white") not in view_cards(view(t, seat))
            assert view(t, seat).fronts[0] == tuple(sorted(ids("fish:black", "fish:green")))

    def test_r5_crab_pick_below_the_top_not_public(self):
        s = make_state(3, hands=[["crab:yellow", "crab:green"], [], []], phase=Phase.PLAY,
                       piles=(["mermaid:white", "shell:grey", "octopus:green"],
                              ["boat:black"]))
        t = play(s, duo("crab:yellow", "crab:green", arg=":pile=1"))
        assert view(t, 0).crab_cards == tuple(s.piles[0])
        for seat in (1, 2, None):
            assert view(t, seat).crab_cards == () and view(t, seat).crab_pile == 1
        u = play(t, f"pick:{cid('mermaid:white')}")
        assert view(u, 0).hand == (cid("mermaid:white"),)
        for seat in (1, 2, None):
            v = view(u, seat)
            assert v.known[0] == ()
            assert v.piles[0].top == cid("octopus:green") and v.piles[0].size == 2
            # the picked card is still a public candidate: nobody knows it left
            assert v.piles[0].candidates == tuple(s.piles[0])
            assert v.in_hands == ()
        pick = u.log[-1]
        assert pick["type"] == "crab-pick" and "card" not in pick
        assert pick["private"] == {"0": {"card": cid("mermaid:white")}}

    def test_r5_crab_pick_of_the_top_is_seen(self):
        s = make_state(3, hands=[["crab:yellow", "crab:green"], [], []], phase=Phase.PLAY,
                       piles=(["mermaid:white", "shell:grey"], ["boat:black"]))
        u = play(s, duo("crab:yellow", "crab:green", arg=":pile=1"),
                 f"pick:{cid('shell:grey')}")
        for seat in (1, 2):
            v = view(u, seat)
            assert v.piles[0].top == cid("mermaid:white")
            assert cid("shell:grey") in v.known[0]

    def test_r5_stolen_card_known_to_thief_and_victim_only(self):
        s = make_state(3, hands=[["swimmer:black", "shark:green"], ["mermaid:white"], []],
                       phase=Phase.PLAY)
        t = play(s, duo("swimmer:black", "shark:green", arg=":seat=1"))
        m = cid("mermaid:white")
        assert m in view(t, 0).hand
        assert view(t, 1).known[0] == (m,)
        for seat in (2, None):
            assert m not in view_cards(view(t, seat))
        steal = [e for e in t.log if e["type"] == "duo"][-1]
        assert "card" not in steal and steal["target"] == 1
        assert steal["private"] == {"0": {"card": m}, "1": {"card": m}}

    def test_r5_stolen_card_stays_private_when_the_thief_is_robbed(self):
        # Seat 1 robs seat 0 of a card only they two know; then seat 2 robs seat 1 of
        # another card: seat 2 (and a spectator) must still know nothing of the first.
        y, z = cid("mermaid:white"), cid("penguin:pink")
        for seed in range(12):
            s = make_state(3, hands=[[y], ["swimmer:black", "shark:green", "penguin:pink"],
                                     ["swimmer:yellow", "shark:purple"]],
                           current=1, phase=Phase.PLAY, seed=seed,
                           piles=(["shell:grey", "shell:green"], []))
            t = play(s, duo("swimmer:black", "shark:green", arg=":seat=0"), "end",
                     "take:1", duo("swimmer:yellow", "shark:purple", arg=":seat=1"))
            if z not in t.hands[2]:
                continue
            assert y in t.hands[1]
            for seat in (2, None):
                assert y not in view_cards(view(t, seat)), f"seed {seed}, seat {seat}"
            return
        pytest.fail("no seed made seat 2 steal the penguin")

    def test_r5_public_card_of_a_robbed_hand_is_no_longer_placed(self):
        # X was taken from a discard (public) by seat 1; seat 2 robs seat 1 at random.
        # Seat 0 knows X is in some hand, not whose.
        x = cid("shell:grey")
        s = make_state(3, hands=[[], ["penguin:pink"], ["swimmer:black", "shark:green"]],
                       current=1, piles=([x], ["crab:black"]))
        t = play(s, "take:1", "end", "take:2",
                 duo("swimmer:black", "shark:green", arg=":seat=1"))
        for seat in (0, None):
            v = view(t, seat)
            assert x not in v.known[1] and x not in v.known[2]
            assert x in v.in_hands
        thief = view(t, 2)
        assert (x in thief.hand) != (x in thief.known[1])

    def test_r5_spectator_sees_no_private_steal_in_two_player_game(self):
        s = make_state(2, hands=[["swimmer:black", "shark:green"], ["mermaid:white"]],
                       phase=Phase.PLAY)
        t = play(s, duo("swimmer:black", "shark:green", arg=":seat=1"))
        assert view(t, 1).known[0] == (cid("mermaid:white"),)
        assert cid("mermaid:white") not in view_cards(view(t, None))


class TestR5Determinize:
    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_determinize_is_consistent_with_the_view(self, players):
        rng = random.Random(5)
        s = new_game(players, 11)
        from seasalt.ssp.state import apply_in_place, legal_actions
        for _ in range(120):
            if s.result is not None:
                break
            apply_in_place(s, rng.choice(legal_actions(s)))
            for seat in range(players):
                v = view(s, seat)
                d = determinize(v, rng)
                assert view(d, seat) == v
                assert sorted([*d.draw, *d.piles[0], *d.piles[1], *d.drawn,
                               *(c for h in d.hands for c in h),
                               *(c for f in d.fronts for c in f)]) == list(range(58))

    def test_determinize_refuses_a_spectator(self):
        with pytest.raises(ValueError):
            determinize(view(new_game(2, 1), None), random.Random(1))
