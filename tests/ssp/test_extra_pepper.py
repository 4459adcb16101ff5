"""Extra Pepper (docs/rules-expansions.md part B), its part D cases and Decisions 3-6.

One test class per rule of part B (B.1 setup and flow, B.2 directions, B.3.x
effects, B.4 hand-out), then the part D cases, the Decisions and illegal
actions. Scenarios start from a real ``new_game`` state with
``{"extra_pepper": True}`` whose fields are set by hand (:func:`ep_state`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from seasalt.core.errors import InvalidActionError
from seasalt.ssp.actions import ActionKind, keep_event, parse_action
from seasalt.ssp.cards import (
    ALL_CARDS,
    BASE_DECK,
    EVENT_INFO,
    IMPLEMENTED_EVENTS,
    KIND_OF,
    Event,
    Kind,
    events_for,
    parse_event,
)
from seasalt.ssp.log import events_for as log_for
from seasalt.ssp.outcome import Termination
from seasalt.ssp.present import action_label as describe_action
from seasalt.ssp.present import log_line as describe_event
from seasalt.ssp.scoring import breakdown, card_points, event_mask
from seasalt.ssp.snapshot import from_dict, to_dict
from seasalt.ssp.state import Phase, effects, has_effect, legal_actions, new_game
from seasalt.ssp.view import determinize, view
from tests.ssp.conftest import (
    assert_illegal,
    events,
    ids,
    legal,
    make_state,
    play,
    view_cards,
)
from tests.ssp.test_extra_salt import es_ids, es_state

EP = {"extra_pepper": True}
BOTH = {"extra_salt": True, "extra_pepper": True}
E = Event
#: 2 sailors (5) + 2 shells (2) + a crab pair (1): 8 card points without events
HAND8 = ["sailor:pink", "sailor:orange", "shell:dark-blue", "shell:black", "crab:black",
         "crab:grey"]

CardSpec = int | str


# --------------------------------------------------------------------------- helpers


def ep_state(players: int = 2, *, table: Event = E.KRAKEN,
             held: Sequence[Sequence[Event]] | None = None, salt: bool = False,
             event_deck: Sequence[Event] | None = None, **kw):
    """A round-1 state with Extra Pepper on: ``table`` is the table event, ``held``
    the events per seat, ``event_deck`` the event deck (top last; default: the
    other implemented events). ``salt``: the 66-card deck (cards named from it)."""
    if salt:
        if "drawn" in kw:
            kw["drawn"] = [es_ids(c)[0] if isinstance(c, str) else c for c in kw["drawn"]]
        s = es_state(players, **kw)
        s.options["extra_pepper"] = True
    else:
        s = make_state(players, options=EP, **kw)
    s.table_event = int(table)
    s.held = [[int(e) for e in h] for h in (held or [[] for _ in range(players)])]
    placed = {s.table_event, *(e for h in s.held for e in h)}
    if event_deck is None:
        s.events = [int(e) for e in IMPLEMENTED_EVENTS if int(e) not in placed]
    else:
        s.events = [int(e) for e in event_deck]
    s.event_discard = [int(e) for e in IMPLEMENTED_EVENTS
                       if int(e) not in placed and int(e) not in s.events]
    return s


def every_event(s) -> list[int]:
    return sorted([*s.events, *s.event_discard, *(e for h in s.held for e in h),
                   *([s.table_event] if s.table_event >= 0 else [])])


def pts(*hand: str, events: Sequence[Event] = (), front: Sequence[str] = ()):
    c = es_ids(*hand, *front)
    return breakdown(c[:len(hand)], c[len(hand):], events)


def duo(*notations: str, arg: str = "") -> str:
    a, b = sorted(ids(*notations))
    return f"duo:{a}+{b}{arg}"


def stop_round(s):
    """Seat 0 (in its play step) announces STOP."""
    return play(s, "stop")


# --------------------------------------------------------------------------- B.1


class TestB1SetupAndFlow:
    def test_b1_off_by_default(self):
        s = new_game(3, 5)
        assert "extra_pepper" not in s.options
        assert s.table_event == -1 and s.events == [] and s.event_discard == []
        assert s.held == [[], [], []] and effects(s, 0) == 0
        v = view(s, 0)
        assert v.table_event is None and v.event_deck_size == 0 and v.event_discard == ()
        assert "extra_pepper" not in to_dict(s) and "events" not in to_dict(s)
        assert "event" not in events(s, "round-start")[0]

    def test_b1_one_table_event_revealed_at_setup(self):
        s = new_game(3, 5, EP)
        assert s.options["extra_pepper"] is True
        assert s.table_event >= 0 and len(s.events) == len(IMPLEMENTED_EVENTS) - 1
        assert every_event(s) == sorted(int(e) for e in IMPLEMENTED_EVENTS)
        assert s.held == [[], [], []]
        assert events(s, "round-start")[0]["event"] == Event(s.table_event).slug
        # the same seed gives the same event deck; the deck is shuffled
        assert new_game(3, 5, EP).events == s.events
        orders = {tuple(new_game(3, k, EP).events) for k in range(10)}
        assert len(orders) > 5

    def test_b1_combinable_with_extra_salt(self):
        s = new_game(2, 9, BOTH)
        assert s.options == {"double_target": False, "extra_salt": True, "extra_pepper": True}
        cards = sorted([*s.draw, *s.piles[0], *s.piles[1]])
        assert cards == list(ALL_CARDS) and s.table_event >= 0
        assert events_for(BOTH) == IMPLEMENTED_EVENTS and events_for({}) == ()

    def test_b1_table_event_applies_to_all_held_only_to_holder_and_stack(self):
        s = ep_state(3, table=E.KRAKEN, held=[[E.TORNADO], [], []])
        assert has_effect(s, 0, E.KRAKEN) and has_effect(s, 1, E.KRAKEN)
        assert has_effect(s, 0, E.TORNADO) and not has_effect(s, 1, E.TORNADO)
        assert effects(s, 0) == event_mask([E.KRAKEN, E.TORNADO])
        assert effects(s, 2) == event_mask([E.KRAKEN])

    def test_b1_empty_event_deck_reshuffles_the_discard(self):
        s = ep_state(2, hands=[HAND8, []], phase=Phase.PLAY, table=E.SUNFISH,
                     event_deck=[], scores=[0, 0])
        assert s.events == [] and len(s.event_discard) == len(IMPLEMENTED_EVENTS) - 1
        t = stop_round(s)
        # Sunfish goes to the fewest (seat 1), then a new deck from the discard
        assert t.held == [[], [E.SUNFISH]]
        assert t.table_event >= 0 and t.table_event != E.SUNFISH
        assert len(t.events) == len(IMPLEMENTED_EVENTS) - 2 and t.event_discard == []
        assert events(t, "event-deck-shuffled")
        assert every_event(t) == sorted(int(e) for e in IMPLEMENTED_EVENTS)

    def test_b1_events_give_no_points(self):
        s = ep_state(2, hands=[HAND8, []], phase=Phase.PLAY, table=E.KRAKEN,
                     held=[[E.DIODON_FISH], [E.SUNFISH]], piles=(["boat:black"], ()))
        t = play(s, "last-chance", "take:1", "end")
        assert t.scores == [8 + 2, 0 + 1]  # card points + colour bonus; events add nothing


# --------------------------------------------------------------------------- B.2


class TestB2Directions:
    def test_b2_the_twelve_events_and_their_directions(self):
        table = {  # B.2, transcribed from the rules
            "hermit-crab": False, "sunfish": False, "water-rodeo": False,
            "dance-of-the-shells": False, "kraken": True, "tornado": True,
            "dance-of-the-mermaids": False, "treasure-chest": True, "diodon-fish": True,
            "angelfish": False, "dolphins": False, "coral-reef": False,
        }
        assert {e.slug: e.most for e in Event} == table
        assert [e.slug for e in Event] == list(table)
        assert set(EVENT_INFO) == set(Event)
        assert all(e.title and e.text for e in Event)
        assert E.DANCE_OF_THE_SHELLS.title == "Dance of the Shells"
        assert parse_event("Dance of the Mermaids") == E.DANCE_OF_THE_MERMAIDS

    def test_b2_all_twelve_events_are_in_the_deck(self):
        assert tuple(Event) == IMPLEMENTED_EVENTS
        for seed in range(20):
            s = new_game(2, seed, EP)
            assert set(every_event(s)) == {int(e) for e in IMPLEMENTED_EVENTS}


# --------------------------------------------------------------------------- B.3.1


class TestB31HermitCrab:
    def scenario(self, piles, table=E.HERMIT_CRAB, **kw):
        return ep_state(2, table=table, phase=Phase.PLAY, piles=piles,
                        hands=[["crab:black", "crab:grey", "shell:grey"], ["shell:green"]], **kw)

    def test_b3_1_one_card_from_each_pile_pile_1_first(self):
        s = self.scenario((["boat:black", "fish:green"], ["penguin:pink", "sailor:pink"]))
        crab = duo("crab:black", "crab:grey", arg=":pile=1")
        assert [a for a in legal(s) if a.startswith("duo")] == [crab]
        assert_illegal(s, duo("crab:black", "crab:grey", arg=":pile=2"), "B.3.1")
        t = play(s, crab)
        assert (t.phase, t.crab_pile) == (Phase.CRAB_PICK, 1)
        boat = ids("boat:black")[0]
        t = play(t, f"pick:{boat}")
        assert (t.phase, t.crab_pile) == (Phase.CRAB_PICK, 2)
        assert events(t, "hermit-crab")[-1]["pile"] == 2
        sailor = ids("sailor:pink")[0]
        assert legal(t) == sorted(f"pick:{c}" for c in ids("penguin:pink", "sailor:pink"))
        t = play(t, f"pick:{sailor}")
        assert t.phase == Phase.PLAY and t.crab_pile == 0
        assert boat in t.hands[0] and sailor in t.hands[0]
        assert [len(p) for p in t.piles] == [1, 1]
        # a hidden pick: the second pick is private too
        pick = events(t, "crab-pick")
        assert pick[0]["private"] == {"0": {"card": boat}} and "card" not in pick[0]

    def test_b3_1_one_pile_empty_only_the_other(self):
        for piles, pile in ((((), ["fish:green"]), 2), ((["fish:green"], ()), 1)):
            s = self.scenario(piles)
            crab = duo("crab:black", "crab:grey", arg=f":pile={pile}")
            assert [a for a in legal(s) if a.startswith("duo")] == [crab]
            fish = ids("fish:green")[0]
            t = play(s, crab, f"pick:{fish}")
            assert t.phase == Phase.PLAY and fish in t.hands[0]

    def test_b3_1_both_piles_empty_effect_skipped(self):
        s = self.scenario(((), ()))
        t = play(s, duo("crab:black", "crab:grey"))
        assert t.phase == Phase.PLAY and events(t, "duo")[-1]["skipped"] is True

    def test_b3_1_crab_lobster_and_trios_do_not_trigger(self):
        s = ep_state(2, table=E.HERMIT_CRAB, phase=Phase.PLAY, salt=True,
                     piles=(["boat:black"], ["fish:green"]),
                     hands=[["crab:black", "crab:grey", "lobster:black", "starfish:yellow"],
                            ["shell:green"]])
        a, b = sorted(es_ids("crab:black", "crab:grey"))
        t = play(s, f"trio:{a}+{b}+{es_ids('starfish:yellow')[0]}")
        assert t.phase == Phase.PLAY and t.piles == s.piles
        lob = sorted(es_ids("crab:black", "lobster:black"))
        t = play(s, f"duo:{lob[0]}+{lob[1]}")
        assert t.phase == Phase.LOBSTER_PICK and t.piles == s.piles

    def test_b3_1_held_by_another_seat_one_pile_only(self):
        s = self.scenario((["boat:black"], ["fish:green"]), table=E.KRAKEN,
                          held=[[], [E.HERMIT_CRAB]])
        assert {a for a in legal(s) if a.startswith("duo")} == {
            duo("crab:black", "crab:grey", arg=":pile=1"),
            duo("crab:black", "crab:grey", arg=":pile=2")}
        t = play(s, duo("crab:black", "crab:grey", arg=":pile=1"), f"pick:{ids('boat:black')[0]}")
        assert t.phase == Phase.PLAY


# --------------------------------------------------------------------------- B.3.2


class TestB32Sunfish:
    def scenario(self, draw, table=E.SUNFISH, **kw):
        return ep_state(2, table=table, phase=Phase.PLAY, draw=draw, leftover=None,
                        hands=[["fish:black", "fish:green"], ["shell:green"]], **kw)

    def test_b3_2_two_cards_instead_of_one(self):
        s = self.scenario(["shell:grey", "octopus:purple", "penguin:pink"])
        t = play(s, duo("fish:black", "fish:green"))
        got = ids("penguin:pink", "octopus:purple")
        assert sorted(t.hands[0]) == sorted(got) and t.draw == ids("shell:grey")
        e = events(t, "duo")[-1]
        assert e["count"] == 2 and e["sunfish"] is True and "got" not in e
        assert sorted(e["private"]["0"]["got"]) == sorted(got)
        assert not set(got) & set(view(t, 1).known[0])

    def test_b3_2_one_card_left(self):
        t = play(self.scenario(["penguin:pink"]), duo("fish:black", "fish:green"))
        assert t.hands[0] == ids("penguin:pink") and t.draw == []
        assert events(t, "duo")[-1]["count"] == 1

    def test_b3_2_empty_deck_skipped(self):
        t = play(self.scenario([]), duo("fish:black", "fish:green"))
        assert t.hands[0] == [] and events(t, "duo")[-1]["skipped"] is True

    def test_b3_2_without_the_effect_one_card(self):
        s = self.scenario(["shell:grey", "octopus:purple", "penguin:pink"], table=E.KRAKEN)
        t = play(s, duo("fish:black", "fish:green"))
        assert t.hands[0] == ids("penguin:pink")


# --------------------------------------------------------------------------- B.3.3 scoring


class TestB33WaterRodeoScoring:
    def test_decision_3_water_rodeo_pairs_in_hand_score(self):
        assert pts("swimmer:black", "swimmer:yellow").duos == 0
        assert pts("swimmer:black", "swimmer:yellow", events=[E.WATER_RODEO]).duos == 1
        assert pts("shark:green", "shark:purple", events=[E.WATER_RODEO]).duos == 1
        # two swimmers + one shark: one pair either way; 3 swimmers + 3 sharks: 3
        assert pts("swimmer:black", "swimmer:yellow", "shark:green",
                   events=[E.WATER_RODEO]).duos == 1
        assert pts("swimmer:black", "swimmer:yellow", "swimmer:dark-blue", "shark:green",
                   "shark:purple", "shark:black", events=[E.WATER_RODEO]).duos == 3

    def test_decision_3_water_rodeo_pairs_qualify_in_hand_starfish(self):
        hand = ("shark:green", "shark:purple", "starfish:yellow")
        assert pts(*hand).duos == 0
        assert pts(*hand, events=[E.WATER_RODEO]).duos == 1 + 2

    def test_decision_3_jellyfish_matched_before_the_rodeo_pairs(self):
        hand = ("jellyfish:pink", "swimmer:black", "swimmer:yellow", "shark:green")
        assert pts(*hand).duos == 2
        assert pts(*hand, events=[E.WATER_RODEO]).duos == 2


class TestB33WaterRodeoDuos:
    def scenario(self, me, other, *, fronts=None, table=E.WATER_RODEO, **kw):
        return ep_state(3, table=table, phase=Phase.PLAY, hands=[me, other, []],
                        fronts=fronts, piles=(["boat:black"], ["fish:green"]), **kw)

    def test_b3_3_no_new_duos_without_the_effect(self):
        for pair in (["swimmer:black", "swimmer:yellow"], ["shark:green", "shark:purple"]):
            s = self.scenario(pair, ["shell:grey"], table=E.KRAKEN)
            assert [a for a in legal(s) if a.startswith("duo")] == []
            assert_illegal(s, duo(*pair, arg=":seat=1"), "R4.2")

    def test_b3_3_swap_look_then_swap_one_card(self):
        s = self.scenario(["swimmer:black", "swimmer:yellow", "shell:grey"],
                          ["mermaid:white", "penguin:pink"])
        swap_duo = duo("swimmer:black", "swimmer:yellow", arg=":seat=1")
        # seat 2 has no card in hand: not a target
        assert [a for a in legal(s) if a.startswith("duo")] == [swap_duo]
        t = play(s, swap_duo)
        assert t.phase == Phase.SWAP and t.swap_target == 1
        theirs = ids("mermaid:white", "penguin:pink")
        shell = ids("shell:grey")[0]
        assert legal(t) == ["pass"] + [f"swap:{shell}:{c}" for c in sorted(theirs)]
        # the look is private to the looker
        e = events(t, "duo")[-1]
        assert e["private"] == {"0": {"hand": sorted(theirs)}} and "hand" not in e
        assert set(view(t, 0).known[1]) == set(theirs)
        assert view(t, 2).known[1] == () and view(t, None).known[1] == ()
        assert view(t, 1).swap_target == 1 and view(t, 2).swap_target == 1
        mermaid = ids("mermaid:white")[0]
        u = play(t, f"swap:{shell}:{mermaid}")
        assert sorted(u.hands[0]) == [mermaid] and sorted(u.hands[1]) == sorted(
            [shell, ids("penguin:pink")[0]])
        assert u.phase == Phase.PLAY and u.swap_target == -1
        sw = events(u, "swap")[-1]
        assert sw["private"] == {"0": {"gave": shell, "got": mermaid},
                                 "1": {"gave": mermaid, "got": shell}}
        assert "gave" not in sw
        assert mermaid in view(u, 1).known[0] and not view(u, 2).known[0]

    def test_b3_3_swap_may_pass_even_with_an_empty_hand(self):
        s = self.scenario(["swimmer:black", "swimmer:yellow"], ["penguin:pink"])
        t = play(s, duo("swimmer:black", "swimmer:yellow", arg=":seat=1"))
        assert legal(t) == ["pass"]
        u = play(t, "pass")
        assert u.hands[0] == [] and u.phase == Phase.PLAY and events(u, "swap-pass")

    def test_b3_3_swap_no_eligible_opponent_skipped(self):
        s = self.scenario(["swimmer:black", "swimmer:yellow"], [])
        t = play(s, duo("swimmer:black", "swimmer:yellow"))
        assert t.phase == Phase.PLAY and events(t, "duo")[-1]["skipped"] is True

    def test_b3_3_steal_pair_takes_a_placed_duo_not_a_trio(self):
        s = ep_state(2, table=E.WATER_RODEO, phase=Phase.PLAY, salt=True,
                     hands=[["shark:green", "shark:purple"], ["shell:grey"]],
                     fronts=[[], ["crab:black", "crab:grey", "starfish:yellow",
                                  "boat:black", "boat:yellow"]])
        a, b = sorted(es_ids("shark:green", "shark:purple"))
        t = play(s, f"duo:{a}+{b}:seat=1")
        assert t.phase == Phase.STEAL_PAIR
        boat = es_ids("boat:black")[0]
        assert legal(t) == [f"pick:{boat}"]  # the crab pair is a trio: protected
        assert_illegal(t, f"pick:{es_ids('crab:black')[0]}", "B.3.3")
        u = play(t, f"pick:{boat}")
        assert u.fronts[0] == [a, b, *es_ids("boat:black", "boat:yellow")]
        assert u.fronts[1] == es_ids("crab:black", "crab:grey", "starfish:yellow")
        assert u.phase == Phase.PLAY  # no Boat extra turn: the effect is not triggered
        assert events(u, "steal-pair")[-1]["cards"] == es_ids("boat:black", "boat:yellow")
        assert not events(u, "extra-turn")

    def test_b3_3_steal_pair_not_from_a_revealed_hand_or_no_duo(self):
        s = self.scenario(["shark:green", "shark:purple"], ["shell:grey"],
                          fronts=[[], ["fish:black", "fish:dark-blue"], []],
                          revealed=[False, True, False])
        t = play(s, duo("shark:green", "shark:purple"))
        assert events(t, "duo")[-1]["skipped"] is True and t.phase == Phase.PLAY

    def test_b3_3_a_stolen_duo_can_be_stolen_again(self):
        s = self.scenario(["shark:green", "shark:purple"], ["shark:black", "shark:dark-blue"],
                          fronts=[[], ["fish:black", "fish:dark-blue"], []])
        t = play(s, duo("shark:green", "shark:purple", arg=":seat=1"),
                 f"pick:{ids('fish:black')[0]}", "end")
        assert t.current == 1
        t = play(t, "take:1", duo("shark:black", "shark:dark-blue", arg=":seat=0"))
        picks = legal(t)
        assert f"pick:{ids('fish:black')[0]}" in picks
        assert f"pick:{min(ids('shark:green', 'shark:purple'))}" in picks

    def test_b3_3_rodeo_trio_no_effect(self):
        s = ep_state(2, table=E.WATER_RODEO, phase=Phase.PLAY, salt=True,
                     hands=[["swimmer:black", "swimmer:yellow", "starfish:yellow"],
                            ["shell:grey"]])
        a, b = sorted(es_ids("swimmer:black", "swimmer:yellow"))
        st = es_ids("starfish:yellow")[0]
        assert f"trio:{a}+{b}+{st}" in legal(s)
        t = play(s, f"trio:{a}+{b}+{st}")
        assert t.phase == Phase.PLAY and t.hands[1] == s.hands[1]
        assert breakdown([], t.fronts[0]).duos == 3

    def test_b3_3_placed_rodeo_duo_scores_1(self):
        assert breakdown([], ids("swimmer:black", "swimmer:yellow")).duos == 1


# --------------------------------------------------------------------------- B.3.4-B.3.6


class TestB34DanceOfTheShells:
    @pytest.mark.parametrize("n", range(1, 7))
    def test_b3_4_each_shell_worth_2(self, n):
        shells = ("shell:dark-blue", "shell:light-blue", "shell:black", "shell:yellow",
                  "shell:green", "shell:grey")[:n]
        assert pts(*shells, events=[E.DANCE_OF_THE_SHELLS]).collectors == 2 * n
        assert pts(*shells).collectors == (0, 0, 2, 4, 6, 8, 10)[n]

    def test_b3_4_seahorse_extra_shell_worth_2(self):
        assert pts("shell:grey", "seahorse:white",
                   events=[E.DANCE_OF_THE_SHELLS]).collectors == 4


class TestB35Kraken:
    @pytest.mark.parametrize("n", range(1, 6))
    def test_b3_5_each_octopus_worth_1(self, n):
        octo = ("octopus:light-blue", "octopus:yellow", "octopus:green", "octopus:purple",
                "octopus:grey")[:n]
        assert pts(*octo, events=[E.KRAKEN]).collectors == n

    def test_b3_5_seahorse_extra_octopus_worth_1_max_unchanged(self):
        assert pts("octopus:grey", "seahorse:white", events=[E.KRAKEN]).collectors == 2
        five = ("octopus:light-blue", "octopus:yellow", "octopus:green", "octopus:purple",
                "octopus:grey", "seahorse:white")
        assert pts(*five, events=[E.KRAKEN]).collectors == 5

    def test_b3_5_with_dance_of_the_shells_both_tables(self):
        b = pts("octopus:grey", "octopus:green", "shell:grey",
                events=[E.KRAKEN, E.DANCE_OF_THE_SHELLS])
        assert b.collectors == 2 + 2


class TestB36Tornado:
    def test_b3_6_mermaids_score_0_colours_untouched(self):
        hand = ("mermaid:white", "mermaid:white", "crab:black", "fish:black")
        base, torn = pts(*hand), pts(*hand, events=[E.TORNADO])
        assert base.mermaids == 2 + 2 and torn.mermaids == 0
        assert torn.colour_bonus == base.colour_bonus == 2
        assert torn.duos == base.duos

    def test_b3_6_four_mermaids_still_win(self):
        s = ep_state(2, table=E.TORNADO, piles=(["mermaid:white"], ()),
                     hands=[["mermaid:white"] * 3, []])
        t = play(s, "take:1")
        assert t.phase == Phase.GAME_OVER
        assert t.result.termination == Termination.FOUR_MERMAIDS and t.result.winners == (0,)


# --------------------------------------------------------------------------- B.3.7


class TestB37DanceOfTheMermaids:
    def test_b3_7_three_mermaids_win_at_once(self):
        s = ep_state(2, table=E.DANCE_OF_THE_MERMAIDS, piles=(["mermaid:white"], ()),
                     hands=[["mermaid:white"] * 2, []])
        t = play(s, "take:1")
        assert t.phase == Phase.GAME_OVER and t.result.winners == (0,)
        assert t.result.termination == Termination.FOUR_MERMAIDS

    def test_b3_7_held_by_another_seat_three_is_not_enough(self):
        s = ep_state(2, table=E.KRAKEN, held=[[], [E.DANCE_OF_THE_MERMAIDS]],
                     piles=(["mermaid:white"], ()), hands=[["mermaid:white"] * 2, []])
        t = play(s, "take:1")
        assert t.phase == Phase.PLAY

    def test_decision_4_at_least_three_a_jump_from_2_to_4_wins(self):
        # Sunfish (held) draws two Mermaids at once: 2 -> 4 mermaids, still a win
        s = ep_state(2, table=E.DANCE_OF_THE_MERMAIDS, held=[[E.SUNFISH], []],
                     phase=Phase.PLAY, hands=[["mermaid:white"] * 2 + ["fish:black",
                                                                       "fish:green"], []],
                     draw=["shell:grey", "mermaid:white", "mermaid:white"])
        t = play(s, duo("fish:black", "fish:green"))
        assert t.phase == Phase.GAME_OVER and t.result.winners == (0,)


# --------------------------------------------------------------------------- B.3.8, B.3.9


class TestB38TreasureChest:
    def test_b3_8_needs_10_card_points(self):
        s = ep_state(2, table=E.TREASURE_CHEST, phase=Phase.PLAY, hands=[HAND8, []])
        assert "stop" not in legal(s) and "last-chance" not in legal(s)
        assert_illegal(s, "stop", "B.3.8")
        assert_illegal(s, "last-chance", "B.3.8")
        s = ep_state(2, table=E.TREASURE_CHEST, phase=Phase.PLAY,
                     hands=[[*HAND8, "shell:grey", "shell:green"], []])  # 12 points
        assert {"stop", "last-chance"} <= set(legal(s))

    def test_b3_8_events_change_the_points_compared(self):
        # 8 base points; Dance of the Shells makes the 2 shells worth 4: 10
        s = ep_state(2, table=E.DANCE_OF_THE_SHELLS, held=[[E.TREASURE_CHEST], []],
                     phase=Phase.PLAY, hands=[HAND8, []])
        assert "stop" in legal(s)
        s = ep_state(2, table=E.TREASURE_CHEST, held=[[], []], phase=Phase.PLAY,
                     hands=[HAND8, []])
        assert "stop" not in legal(s)

    def test_b3_8_held_by_another_seat_seven_is_enough(self):
        s = ep_state(2, table=E.KRAKEN, held=[[], [E.TREASURE_CHEST]], phase=Phase.PLAY,
                     hands=[HAND8, []])
        assert {"stop", "last-chance"} <= set(legal(s))


class TestB39DiodonFish:
    def test_b3_9_no_stop_last_chance_allowed(self):
        s = ep_state(2, table=E.DIODON_FISH, phase=Phase.PLAY, hands=[HAND8, []])
        assert "stop" not in legal(s) and "last-chance" in legal(s)
        assert_illegal(s, "stop", "B.3.9")
        t = play(s, "last-chance")
        assert t.call.name == "LAST_CHANCE"


# --------------------------------------------------------------------------- B.3.10


class TestB310Angelfish:
    def scenario(self, piles=(["shell:grey", "boat:black"], ["fish:black"]), **kw):
        kw.setdefault("hands", [["octopus:grey"], ["shell:green"]])
        return ep_state(2, table=E.ANGELFISH, phase=Phase.PLAY, piles=piles, **kw)

    def test_decision_5_at_the_end_of_the_turn_optional_take(self):
        s = self.scenario()
        t = play(s, "end")
        assert t.phase == Phase.ANGELFISH and t.current == 0 and t.pending_end == ActionKind.END
        assert legal(t) == ["pass", "angelfish:1", "angelfish:2"]
        assert view(t, 1).pending_end == "end"
        boat = ids("boat:black")[0]
        u = play(t, "angelfish:1")
        assert boat in u.hands[0] and u.piles[0] == ids("shell:grey")
        assert u.current == 1 and u.phase == Phase.DRAW  # then the turn ends
        assert events(u, "angelfish")[-1]["card"] == boat
        assert boat in view(u, 1).known[0]  # a discard top: public
        u = play(t, "pass")
        assert u.hands[0] == s.hands[0] and u.current == 1 and events(u, "angelfish-pass")

    def test_decision_5_before_the_call_is_resolved(self):
        s = self.scenario(hands=[HAND8, ["shell:green"]])
        t = play(s, "stop")
        assert t.phase == Phase.ANGELFISH and t.call.name == "NONE"
        u = play(t, "angelfish:2")
        fish = ids("fish:black")[0]
        assert u.last_round["end"] == "stop" and fish in u.last_round["players"][0]["hand"]

    def test_decision_5_before_the_empty_deck_check(self):
        s = self.scenario(draw=[], leftover="pile1",
                          piles=(["boat:black"], ["fish:black"]))
        t = play(s, "end", "angelfish:2")
        assert t.last_round["end"] == "empty-draw-pile"
        assert t.round == 2

    def test_b3_10_no_offer_when_colours_differ_or_a_pile_is_empty(self):
        for piles in ((["boat:yellow"], ["fish:black"]), (["boat:black"], ())):
            t = play(self.scenario(piles=piles), "end")
            assert t.current == 1 and not events(t, "angelfish-offer")

    def test_d_angelfish_white_mermaid_and_white_seahorse(self):
        s = ep_state(2, table=E.ANGELFISH, phase=Phase.PLAY, salt=True,
                     piles=(["mermaid:white"], ["seahorse:white"]),
                     hands=[["octopus:grey"], ["shell:green"]])
        t = play(s, "end")
        assert t.phase == Phase.ANGELFISH
        u = play(t, "angelfish:2")
        assert es_ids("seahorse:white")[0] in u.hands[0]

    def test_b3_10_not_on_a_forced_turn(self):
        s = ep_state(2, table=E.ANGELFISH, salt=True, current=1, forced=[False, True],
                     piles=(["boat:black"], ["fish:black"]), hands=[["shell:green"], []])
        t = play(s, "draw")
        assert t.current == 0 and not events(t, "angelfish-offer")

    def test_b3_10_boat_extra_turn_checked_once_at_its_end(self):
        s = self.scenario(hands=[["boat:yellow", "boat:dark-blue"], []])
        t = play(s, duo("boat:yellow", "boat:dark-blue"))
        assert t.phase == Phase.DRAW and t.extra_turn and not events(t, "angelfish-offer")

    def test_b3_10_illegal_in_the_choice(self):
        t = play(self.scenario(), "end")
        assert_illegal(t, "draw", "B.3.10")
        assert_illegal(t, "end", "B.3.10")


# --------------------------------------------------------------------------- B.3.11


class TestB311Dolphins:
    def scenario(self, drawn, piles=((), ()), draw=("octopus:grey",), **kw):
        return ep_state(2, table=E.DOLPHINS, phase=Phase.KEEP, drawn=drawn, piles=piles,
                        draw=list(draw), leftover=None, salt=True,
                        hands=[[], ["shell:green"]], **kw)

    @pytest.mark.parametrize("card", ["shell:grey", "octopus:purple", "penguin:pink",
                                      "sailor:orange", "seahorse:white"])
    def test_b3_11_collectors_and_seahorse_trigger(self, card):
        s = self.scenario([card, "boat:black"], piles=(["fish:green"], ["crab:black"]))
        keep_boat = es_ids("boat:black")[0]
        t = play(s, f"keep:{keep_boat}:2")
        octo = es_ids("octopus:grey")[0]
        assert sorted(t.hands[0]) == sorted([keep_boat, octo]) and t.draw == []
        e = events(t, "dolphins")[-1]
        assert e["private"] == {"0": {"card": octo}} and "card" not in e
        assert t.phase == Phase.PLAY

    @pytest.mark.parametrize("card", ["mermaid:white", "crab:grey", "lighthouse:purple",
                                      "starfish:yellow", "jellyfish:pink"])
    def test_b3_11_other_cards_do_not(self, card):
        s = self.scenario([card, "boat:black"])
        t = play(s, f"keep:{es_ids('boat:black')[0]}:1")
        assert not events(t, "dolphins") and len(t.draw) == 1

    def test_b3_11_forced_pile_and_empty_deck(self):
        s = self.scenario(["shell:grey", "boat:black"], piles=(["fish:green"], ()), draw=())
        assert legal(s) == sorted(f"keep:{c}:2" for c in es_ids("shell:grey", "boat:black"))
        t = play(s, f"keep:{es_ids('boat:black')[0]}:2")
        assert not events(t, "dolphins") and t.hands[0] == es_ids("boat:black")
        s = self.scenario(["shell:grey", "boat:black"], piles=(["fish:green"], ()))
        t = play(s, f"keep:{es_ids('boat:black')[0]}:2")
        assert events(t, "dolphins")

    def test_decision_6_dolphins_collector_not_duo_card(self):
        # source text 001 says "duo card": the published card (collectors) wins
        s = self.scenario(["crab:grey", "shell:grey"])
        t = play(s, f"keep:{es_ids('shell:grey')[0]}:1")
        assert not events(t, "dolphins")


# --------------------------------------------------------------------------- B.3.12


class TestB312CoralReef:
    def scenario(self, players=3, **kw):
        kw.setdefault("hands", [["shell:grey", "shell:green", "octopus:grey"],
                                ["swimmer:black", "shark:green", "swimmer:yellow",
                                 "swimmer:dark-blue"], ["shell:black"]])
        kw.setdefault("table", E.CORAL_REEF)
        return ep_state(players, phase=Phase.PLAY, piles=(["boat:black"], ["fish:black"]),
                        **kw)

    def test_b3_12_place_one_shell_face_down(self):
        s = self.scenario()
        g, gr = ids("shell:grey", "shell:green")
        assert [a for a in legal(s) if a.startswith("reef")] == sorted(
            [f"reef:{g}", f"reef:{gr}"])
        t = play(s, f"reef:{g}")
        assert t.reef == [g, -1, -1] and g not in t.hands[0] and g not in t.fronts[0]
        assert t.phase == Phase.PLAY
        # at most one per round
        assert not [a for a in legal(t) if a.startswith("reef")]
        assert_illegal(t, f"reef:{gr}", "B.3.12")
        # hidden: only the owner sees which Shell
        e = events(t, "reef")[-1]
        assert e["private"] == {"0": {"card": g}} and "card" not in e
        assert view(t, 0).reef == g and view(t, 1).reef is None
        assert view(t, 1).protected == (True, False, False)
        assert g not in view_cards(view(t, 1)) and g not in view_cards(view(t, None))

    def test_b3_12_face_down_shell_ignored_for_scoring(self):
        s = self.scenario()
        assert s.hands[0] and breakdown(s.hands[0]).collectors == 2
        t = play(s, f"reef:{ids('shell:grey')[0]}")
        b = breakdown(t.hands[0], t.fronts[0])
        assert b.collectors == 0 and b.colour_bonus == 1

    def test_b3_12_protected_from_steal_swap_and_jellyfish(self):
        s = self.scenario(held=[[], [E.WATER_RODEO], []])
        t = play(s, f"reef:{ids('shell:grey')[0]}", "end")
        t = play(t, "take:1")
        duos = [a for a in legal(t) if a.startswith("duo")]
        assert duos and all(not a.endswith("seat=0") for a in duos)
        assert duo("swimmer:black", "shark:green", arg=":seat=2") in duos
        s = ep_state(3, table=E.CORAL_REEF, phase=Phase.PLAY, salt=True,
                     hands=[["shell:grey"], ["swimmer:black", "jellyfish:pink"], []],
                     piles=(["boat:black"], ["fish:black"]))
        t = play(s, f"reef:{es_ids('shell:grey')[0]}", "end")
        a, b = sorted(es_ids("swimmer:black", "jellyfish:pink"))
        t = play(t, "take:1", f"duo:{a}+{b}")
        assert t.forced == [False, False, True]

    def test_b3_12_protection_ends_with_the_round(self):
        s = self.scenario(hands=[["shell:grey", *HAND8], [], []])
        t = play(s, f"reef:{ids('shell:grey')[0]}", "stop")
        assert t.round == 2 and t.reef == [-1, -1, -1]
        assert t.last_round["players"][0]["collectors"] == 2 + 5
        assert sorted([*t.draw, *t.piles[0], *t.piles[1]]) == list(BASE_DECK)

    def test_b3_12_only_with_the_effect(self):
        s = self.scenario(table=E.KRAKEN, held=[[], [], [E.CORAL_REEF]])
        assert not [a for a in legal(s) if a.startswith("reef")]
        assert_illegal(s, f"reef:{ids('shell:grey')[0]}", "B.3.12")

    def test_b3_12_determinize_places_an_unseen_shell(self):
        s = self.scenario()
        t = play(s, f"reef:{ids('shell:grey')[0]}")
        v = view(t, 1)
        for k in range(10):
            d = determinize(v, random.Random(k))
            assert view(d, 1) == v and d.reef[0] >= 0
            assert KIND_OF[d.reef[0]] == Kind.SHELL
            assert d.reef[0] not in view_cards(v)


# --------------------------------------------------------------------------- B.4


class TestB4HandOut:
    def test_b4_most_event_to_unique_highest_fewest_to_unique_lowest(self):
        s = ep_state(3, table=E.KRAKEN, phase=Phase.PLAY, hands=[HAND8, [], []],
                     scores=[5, 3, 0], event_deck=[E.SUNFISH, E.TORNADO])
        t = stop_round(s)
        assert t.scores == [13, 3, 0] and t.held == [[E.KRAKEN], [], []]
        assert t.table_event == E.TORNADO and t.events == [E.SUNFISH]
        assert t.round == 2 and t.phase == Phase.DRAW and t.current == 1
        s = ep_state(3, table=E.SUNFISH, phase=Phase.PLAY, hands=[HAND8, [], []],
                     scores=[5, 3, 0], event_deck=[E.TORNADO])
        t = stop_round(s)
        assert t.held == [[], [], [E.SUNFISH]] and t.table_event == E.TORNADO
        kinds = [e["type"] for e in events(t)]
        assert kinds.index("round-end") < kinds.index("event-given") < kinds.index(
            "event-reveal") < kinds.index("round-start", kinds.index("round-end"))
        assert events(t, "round-start")[-1]["event"] == "tornado"

    def test_b4_holders_lose_cards_to_the_discard(self):
        # seat 1 held a "most" card but is not the highest any more; seat 2 keeps
        # its "fewest" card (still the lowest)
        s = ep_state(3, table=E.HERMIT_CRAB, phase=Phase.PLAY, hands=[HAND8, [], []],
                     held=[[], [E.TREASURE_CHEST], [E.SUNFISH]], scores=[5, 6, 0],
                     event_deck=[E.TORNADO])
        t = stop_round(s)
        # Hermit Crab (fewest) goes to seat 2, who now holds two: keep one
        assert t.held == [[], [], [E.SUNFISH, E.HERMIT_CRAB]]
        assert E.TREASURE_CHEST in t.event_discard
        assert events(t, "event-lost")[-1] == {**events(t, "event-lost")[-1], "seat": 1,
                                              "event": "treasure-chest"}
        assert t.phase == Phase.KEEP_EVENT and t.current == 2
        assert t.table_event == E.TORNADO  # revealed before the choice

    def test_b4_keep_only_one_is_a_legal_action_of_the_receiver(self):
        s = ep_state(3, table=E.HERMIT_CRAB, phase=Phase.PLAY, hands=[HAND8, [], []],
                     held=[[], [], [E.SUNFISH]], scores=[5, 6, 0], event_deck=[E.TORNADO])
        t = stop_round(s)
        assert legal(t) == ["keep-event:hermit-crab", "keep-event:sunfish"]
        assert_illegal(t, "keep-event:kraken", "B.4")
        assert_illegal(t, "draw", "B.4")
        assert view(t, 1).phase == "keep-event" and view(t, 1).current == 2
        u = play(t, "keep-event:hermit-crab")
        assert u.held == [[], [], [E.HERMIT_CRAB]] and E.SUNFISH in u.event_discard
        assert u.round == 2 and u.phase == Phase.DRAW and u.current == 1
        assert events(u, "event-kept")[-1]["discarded"] == ["sunfish"]
        assert every_event(u) == sorted(int(e) for e in IMPLEMENTED_EVENTS)

    def test_b4_empty_deck_round_still_hands_out(self):
        s = ep_state(2, table=E.KRAKEN, phase=Phase.PLAY, hands=[["shell:grey"], []],
                     draw=[], leftover="pile1", scores=[4, 2], event_deck=[E.TORNADO])
        t = play(s, "end")
        assert t.last_round["end"] == "empty-draw-pile" and t.scores == [4, 2]
        assert t.held == [[E.KRAKEN], []] and t.table_event == E.TORNADO
        assert t.round == 2 and t.current == 1

    def test_b4_two_players_tied_card_discarded_and_held_cards_too(self):
        s = ep_state(2, table=E.KRAKEN, phase=Phase.PLAY, hands=[["shell:grey"], []],
                     held=[[E.TORNADO], [E.SUNFISH]], draw=[], leftover="pile1",
                     scores=[3, 3], event_deck=[E.HERMIT_CRAB])
        t = play(s, "end")
        assert t.held == [[], []]
        assert {E.KRAKEN, E.TORNADO, E.SUNFISH} <= set(t.event_discard)
        assert events(t, "event-discarded")[-1]["event"] == "kraken"
        assert t.table_event == E.HERMIT_CRAB

    def test_b4_nothing_handed_out_at_game_end(self):
        s = ep_state(2, table=E.KRAKEN, phase=Phase.PLAY, hands=[HAND8, []], scores=[38, 0])
        t = stop_round(s)
        assert t.phase == Phase.GAME_OVER and t.held == [[], []]
        assert t.table_event == E.KRAKEN
        assert not events(t, "event-given") and not events(t, "event-reveal")

    def test_b4_at_most_one_held_at_round_start(self):
        for seed in range(6):
            rng = random.Random(seed)
            s = new_game(2 + seed % 3, seed, EP)
            while s.result is None:
                if s.phase == Phase.DRAW and events(s)[-1]["type"] == "round-start":
                    assert all(len(h) <= 1 for h in s.held)
                s = play(s, rng.choice(legal(s)))


# --------------------------------------------------------------------------- part D


class TestPartD:
    def test_d_hand_out_with_tied_leaders(self):
        """Tied leaders: a "most" table event is discarded, and the current holder
        of a "most" card loses it."""
        s = ep_state(3, table=E.TORNADO, phase=Phase.PLAY, hands=[HAND8, [], []],
                     held=[[], [], [E.KRAKEN]], scores=[5, 13, 20], event_deck=[E.SUNFISH])
        t = stop_round(s)
        assert t.scores == [13, 13, 20]  # seat 2 is still highest here: keeps Kraken
        assert t.held == [[], [], [E.KRAKEN, E.TORNADO]]
        s = ep_state(3, table=E.TORNADO, phase=Phase.PLAY, hands=[HAND8, [], []],
                     held=[[], [E.KRAKEN], []], scores=[12, 20, 0], event_deck=[E.SUNFISH])
        t = stop_round(s)
        assert t.scores == [20, 20, 0]
        assert t.held == [[], [], []] and {E.TORNADO, E.KRAKEN} <= set(t.event_discard)
        assert t.phase == Phase.DRAW and t.table_event == E.SUNFISH

    def test_d_dolphins_seahorse_draws_lighthouse_does_not(self):
        s = ep_state(2, table=E.DOLPHINS, phase=Phase.KEEP, salt=True,
                     drawn=["seahorse:white", "boat:black"], draw=["shell:grey"],
                     leftover=None, hands=[[], []])
        t = play(s, f"keep:{es_ids('boat:black')[0]}:1")
        assert es_ids("shell:grey")[0] in t.hands[0] and len(t.hands[0]) == 2
        s = ep_state(2, table=E.DOLPHINS, phase=Phase.KEEP, salt=True,
                     drawn=["lighthouse:purple", "boat:black"], draw=["shell:grey"],
                     leftover=None, hands=[[], []])
        t = play(s, f"keep:{es_ids('boat:black')[0]}:1")
        assert t.hands[0] == es_ids("boat:black") and t.draw == es_ids("shell:grey")

    def test_d_empty_deck_round_events_handed_out_on_cumulative_scores(self):
        s = ep_state(3, table=E.SUNFISH, phase=Phase.PLAY, hands=[["shell:grey"], [], []],
                     draw=[], leftover="pile1", scores=[9, 1, 4], event_deck=[E.KRAKEN])
        t = play(s, "end")
        assert t.last_round["end"] == "empty-draw-pile"
        assert t.held == [[], [E.SUNFISH], []]


# --------------------------------------------------------------------------- views, snapshots


class TestViewsAndRecords:
    def test_events_are_public_in_every_view(self):
        s = ep_state(3, table=E.KRAKEN, held=[[E.TORNADO], [], [E.SUNFISH]],
                     event_deck=[E.HERMIT_CRAB, E.DOLPHINS])
        for seat in (0, 1, 2, None):
            v = view(s, seat)
            assert v.table_event == "kraken" and v.event_deck_size == 2
            assert v.held_events == (("tornado",), (), ("sunfish",))
            assert set(v.event_discard) == {e.slug for e in IMPLEMENTED_EVENTS} - {
                "kraken", "tornado", "sunfish", "hermit-crab", "dolphins"}
            assert "hermit-crab" not in str(v.to_dict()).replace("held", "")

    def test_determinize_keeps_events_and_hides_the_deck_order(self):
        s = ep_state(3, table=E.KRAKEN, held=[[E.TORNADO], [], []],
                     event_deck=[E.HERMIT_CRAB, E.DOLPHINS, E.SUNFISH, E.DIODON_FISH])
        v = view(s, 1)
        orders = set()
        for k in range(20):
            d = determinize(v, random.Random(k))
            assert view(d, 1) == v
            assert sorted(d.events) == sorted(s.events)
            orders.add(tuple(d.events))
        assert len(orders) > 3

    def test_determinize_in_the_keep_event_phase(self):
        s = ep_state(3, table=E.HERMIT_CRAB, phase=Phase.PLAY, hands=[HAND8, ["boat:black"], []],
                     held=[[], [], [E.SUNFISH]], scores=[5, 6, 0], event_deck=[E.TORNADO])
        t = stop_round(s)
        for seat in range(3):
            v = view(t, seat)
            assert view(determinize(v, random.Random(seat)), seat) == v

    def test_snapshot_round_trip(self):
        s = ep_state(3, table=E.KRAKEN, held=[[E.TORNADO], [], []])
        assert from_dict(to_dict(s)) == s
        assert to_dict(s)["table_event"] == E.KRAKEN

    def test_base_snapshot_without_event_keys_still_loads(self):
        s = new_game(2, 3)
        d = to_dict(s)
        assert "events" not in d and from_dict(d) == s


# --------------------------------------------------------------------------- actions, text


class TestActionsAndText:
    def test_keep_event_string_round_trip(self):
        for e in Event:
            a = keep_event(e)
            assert a.kind == ActionKind.KEEP_EVENT and str(a) == f"keep-event:{e.slug}"
            assert parse_action(str(a)) == a
        assert parse_action("KEEP-EVENT:Dance_of_the_Shells") == keep_event(
            E.DANCE_OF_THE_SHELLS)

    @pytest.mark.parametrize("text", ["keep-event:", "keep-event:octopus", "keep-event:3",
                                      "keep-event:kraken:1"])
    def test_keep_event_bad_strings(self, text):
        with pytest.raises(InvalidActionError):
            parse_action(text)

    def test_descriptions(self):
        assert describe_action(keep_event(E.KRAKEN)) == (
            "Keep the event Kraken (discard the other)")
        s = ep_state(3, table=E.HERMIT_CRAB, phase=Phase.PLAY, hands=[HAND8, [], []],
                     held=[[], [], [E.SUNFISH]], scores=[5, 6, 0], event_deck=[E.TORNADO])
        t = play(stop_round(s), "keep-event:sunfish")
        lines = [describe_event(e, None, 2) for e in log_for(t.log, 2)]
        assert "You receive the event Hermit Crab." in lines
        assert "Next round's event: Tornado." in lines
        assert "You hold Hermit Crab and Sunfish and must keep one." in lines
        assert "You kept the event Sunfish and discarded Hermit Crab." in lines
        assert any(x.endswith("Event: Tornado.") for x in lines)

    def test_sunfish_and_dolphins_lines_private(self):
        s = ep_state(2, table=E.SUNFISH, phase=Phase.PLAY, draw=["shell:grey", "penguin:pink"],
                     leftover=None, hands=[["fish:black", "fish:green"], []])
        t = play(s, duo("fish:black", "fish:green"))
        mine = describe_event(log_for(t.log, 0)[-1], None, 0)
        theirs = describe_event(log_for(t.log, 1)[-1], None, 1)
        assert "Penguin (pink)" in mine and "Sunfish" in mine
        assert "Penguin" not in theirs and "2 cards" in theirs


# --------------------------------------------------------------------------- base unchanged


class TestBaseUnchanged:
    def test_scoring_default_events_unchanged(self):
        hand = ids("mermaid:white", "shell:grey", "octopus:grey", "octopus:green")
        assert breakdown(hand) == breakdown(hand, (), ())
        assert card_points(hand) == card_points(hand, (), 0)

    def test_same_seed_same_base_game(self):
        a, b = new_game(3, 11), new_game(3, 11, {"extra_pepper": False})
        assert a == b
        assert sorted(a.draw + a.piles[0] + a.piles[1]) == list(BASE_DECK)

    def test_legal_actions_have_no_event_actions_without_pepper(self):
        s = new_game(2, 4)
        rng = random.Random(0)
        while s.result is None:
            acts = legal_actions(s)
            assert all(a.kind != ActionKind.KEEP_EVENT for a in acts)
            s = play(s, str(rng.choice(acts)))


class TestMoreCases:
    def test_d_jellyfish_last_chance_protected_opponent_plays_normally(self):
        s = ep_state(3, table=E.CORAL_REEF, salt=True, phase=Phase.PLAY, current=2,
                     hands=[["swimmer:black", "jellyfish:pink", *HAND8], [], ["shell:grey"]],
                     piles=(["boat:black"], ["fish:black"]))
        t = play(s, f"reef:{es_ids('shell:grey')[0]}", "end")
        a, b = sorted(es_ids("swimmer:black", "jellyfish:pink"))
        t = play(t, "take:1", f"duo:{a}+{b}", "last-chance")
        assert t.forced == [False, True, False]
        assert t.current == 1 and legal(t) == ["draw"]
        t = play(t, "draw")
        assert t.current == 2 and "take:2" in legal(t)  # protected: a normal final turn

    def test_every_new_action_and_event_has_words(self):
        from seasalt.ssp.actions import PASS, angelfish, reef, swap

        for a in (PASS, angelfish(1), reef(ids("shell:grey")[0]),
                  swap(*ids("shell:grey", "crab:black"))):
            assert describe_action(a) and parse_action(str(a)) == a
        kinds = set()
        for seed in range(40):
            rng = random.Random(seed)
            s = new_game(2 + seed % 3, 500 + seed, BOTH)
            while s.result is None:
                acts = legal_actions(s)
                for a in acts:
                    assert describe_action(a)
                s = play(s, str(rng.choice(acts)))
            for seat in (0, 1, None):
                for e in log_for(s.log, seat):
                    line = describe_event(e, None, seat)
                    assert line and not line.endswith(f": {e['type']}."), e
                    kinds.add(e["type"])
        assert {"reef", "swap", "steal-pair", "angelfish", "event-kept", "dolphins"} <= kinds

    def test_illegal_pepper_actions_outside_their_phase(self):
        s = ep_state(2, table=E.KRAKEN, phase=Phase.PLAY, hands=[["shell:grey"], []])
        for text in ("pass", "angelfish:1", f"reef:{ids('shell:grey')[0]}",
                     "keep-event:kraken", f"swap:{ids('shell:grey')[0]}:0"):
            assert_illegal(s, text, "R4")

    def test_b3_7_log_names_the_dance(self):
        s = ep_state(2, table=E.DANCE_OF_THE_MERMAIDS, piles=(["mermaid:white"], ()),
                     hands=[["mermaid:white"] * 2, []])
        t = play(s, "take:1")
        e = events(t, "four-mermaids")[-1]
        assert e["mermaids"] == 3 and e["dance"] is True
        assert describe_event(e, None, 0) == (
            "You hold 3 Mermaids (Dance of the Mermaids) and win at once!")


class TestCoralReefKnowledge:
    """B.3.12 with R5: which Shell went face down stays hidden."""

    def test_b3_12_a_known_shell_face_down_is_not_told_apart(self):
        s = ep_state(2, table=E.CORAL_REEF, piles=(["shell:grey"], ["fish:black"]),
                     hands=[["shell:green"], ["boat:black"]])
        t = play(s, "take:1")
        grey, green = ids("shell:grey", "shell:green")
        assert view(t, 1).known[0] == (grey,)
        u = play(t, f"reef:{grey}")
        for seat in (1, None):
            v = view(u, seat)
            assert v.known[0] == () and grey in v.in_hands and v.protected[0]
            assert green not in view_cards(v)
        assert grey not in view(u, 0).in_hands and view(u, 0).reef == grey
        for k in range(10):
            d = determinize(view(u, 1), random.Random(k))
            assert view(d, 1) == view(u, 1) and KIND_OF[d.reef[0]] == Kind.SHELL

    def test_b3_12_an_unseen_pick_face_down_keeps_the_pile_candidates(self):
        others = ["shell:dark-blue", "shell:light-blue", "shell:black", "shell:yellow",
                  "shell:green"]
        s = ep_state(2, table=E.CORAL_REEF, phase=Phase.PLAY,
                     piles=(["shell:grey", "penguin:pink", "boat:black"], ["fish:black"]),
                     hands=[["crab:black", "crab:grey"], others])
        grey = ids("shell:grey")[0]
        t = play(s, duo("crab:black", "crab:grey", arg=":pile=1"), f"pick:{grey}")
        before = view(t, 1).piles
        u = play(t, f"reef:{grey}")
        assert view(u, 1).piles == before and grey in before[0].candidates
        assert grey not in view(u, 0).piles[0].candidates
        for k in range(20):
            d = determinize(view(u, 1), random.Random(k))
            # the only Shell seat 1 cannot place is the one that left pile 1
            assert d.reef[0] == grey and view(d, 1) == view(u, 1)
            assert grey not in d.piles[0]
