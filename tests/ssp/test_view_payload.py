"""The view as a seat's whole payload (issue 10): card points with the round's
events, the breakdown, the calls allowed, a forced turn, the groups in front, the
legal actions as records and the redacted log; and :func:`action_info`."""

from __future__ import annotations

import json
import random

import pytest

from seasalt.ssp.actions import ActionInfo, action_info, action_to_str, parse_action
from seasalt.ssp.cards import Event, front_groups
from seasalt.ssp.log import events_for
from seasalt.ssp.scoring import breakdown
from seasalt.ssp.state import Phase, apply_in_place, legal_actions, new_game, points_of
from seasalt.ssp.view import determinize, view
from tests.ssp.conftest import ids, make_state, play
from tests.ssp.test_extra_pepper import ep_state
from tests.ssp.test_extra_salt import es_ids, es_state

BOTH = {"extra_salt": True, "extra_pepper": True}
#: 2 sailors (5) + 2 shells (2) + a crab pair (1): 8 card points without events
HAND8 = ["sailor:pink", "sailor:orange", "shell:dark-blue", "shell:black", "crab:black",
         "crab:grey"]


def random_states(games: int, *, options: dict, log: bool = False, every: int = 1):
    """States along ``games`` random games (seeds 0..games-1, 2-4 players)."""
    for g in range(games):
        rng = random.Random(g)
        s = new_game(2 + g % 3, g, options, log=log)
        k = 0
        while s.phase != Phase.GAME_OVER:
            if k % every == 0:
                yield s
            s = s.copy()
            apply_in_place(s, rng.choice(legal_actions(s)))
            k += 1
        yield s


class TestPoints:
    def test_points_equal_the_engine_count_in_30_games_with_both_expansions(self):
        checked = 0
        for s in random_states(30, options=BOTH, every=3):
            for seat in range(s.n):
                v = view(s, seat)
                assert v.points == points_of(s, seat)
                assert v.breakdown is not None
                assert v.breakdown["card_points"] == v.points
                checked += 1
            assert view(s, None).points is None and view(s, None).breakdown is None
        assert checked > 1000

    def test_kraken_counts_an_octopus_as_1(self):
        s = ep_state(2, table=Event.KRAKEN, phase=Phase.PLAY,
                     hands=[["octopus:green"], ["octopus:purple", "octopus:yellow"]])
        assert view(s, 0).points == 1  # 0 without the event
        assert view(s, 1).points == 2  # 3 without it
        assert view(s, 0).breakdown == {"duos": 0, "mermaids": 0, "collectors": 1,
                                        "multipliers": 0, "card_points": 1,
                                        "colour_bonus": 1}

    def test_breakdown_keys_and_base_game(self):
        s = make_state(2, hands=[HAND8, []], phase=Phase.PLAY)
        b = view(s, 0).breakdown
        assert b == breakdown(s.hands[0], s.fronts[0]).to_dict()
        assert b["card_points"] == view(s, 0).points == 8
        assert view(s, 1).points == 0


class TestCalls:
    def test_calls_for_the_seat_in_its_play_step_only(self):
        s = make_state(2, hands=[HAND8, HAND8[:0]], phase=Phase.PLAY)
        assert view(s, 0).calls == ("stop", "last-chance")
        assert view(s, 1).calls == () and view(s, None).calls == ()
        s.phase = Phase.DRAW
        assert view(s, 0).calls == ()

    def test_no_calls_under_7_or_after_an_announcement(self):
        s = make_state(2, hands=[HAND8[:3], []], phase=Phase.PLAY)
        assert view(s, 0).calls == ()
        s = make_state(2, hands=[HAND8, []], phase=Phase.PLAY, call=2, caller=1,
                       revealed=[False, True])
        assert view(s, 0).calls == ()

    def test_diodon_last_chance_only_and_treasure_chest_10(self):
        s = ep_state(2, table=Event.DIODON_FISH, phase=Phase.PLAY, hands=[HAND8, []])
        assert view(s, 0).calls == ("last-chance",)
        s = ep_state(2, table=Event.TREASURE_CHEST, phase=Phase.PLAY, hands=[HAND8, []])
        assert view(s, 0).calls == ()

    def test_calls_match_the_legal_actions(self):
        for s in random_states(10, options=BOTH, every=2):
            if s.phase == Phase.GAME_OVER:
                continue
            v = view(s, s.current)
            codes = [a.code for a in v.legal]
            assert list(v.calls) == [c for c in codes if c in ("stop", "last-chance")]


class TestForcedTurn:
    def test_forced_turn_only_for_the_forced_seat_to_move(self):
        s = es_state(3, hands=[[], [], []], phase=Phase.DRAW, current=1)
        s.forced = [False, True, True]
        assert view(s, 1).forced_turn is True
        assert view(s, 2).forced_turn is False  # forced later, not to move now
        assert view(s, 0).forced_turn is False and view(s, None).forced_turn is False
        assert [a.code for a in view(s, 1).legal] == ["draw"]
        t = play(s, "draw")
        assert view(t, 2).forced_turn is True and view(t, 1).forced_turn is False


class TestGroups:
    def test_groups_duos_and_trios(self):
        front = es_ids("crab:black", "crab:grey", "starfish:yellow", "boat:black",
                       "boat:yellow")
        s = es_state(2, fronts=[front, []], hands=[[], []])
        assert view(s, 1).groups == ((tuple(front[:3]), tuple(front[3:])), ())
        assert view(s, None).groups == tuple(front_groups(f) for f in s.fronts)

    def test_front_groups(self):
        assert front_groups([]) == ()
        a = ids("fish:black", "fish:green", "boat:black", "boat:yellow")
        assert front_groups(a) == ((a[0], a[1]), (a[2], a[3]))


class TestLegal:
    def test_legal_records_in_the_engine_order_for_the_seat_to_move(self):
        for s in random_states(10, options=BOTH, every=2):
            if s.phase == Phase.GAME_OVER:
                assert all(view(s, o).legal == () for o in range(s.n))
                continue
            acts = legal_actions(s)
            v = view(s, s.current)
            assert v.legal == tuple(action_info(a) for a in acts)
            assert [a.code for a in v.legal] == [action_to_str(a) for a in acts]
            for o in [*range(s.n), None]:
                if o != s.current:
                    assert view(s, o).legal == ()


class TestLog:
    def test_log_is_the_seats_redacted_log(self):
        s = play(new_game(3, 7), "draw")
        drawn = s.drawn
        v0 = view(s, s.current, log=True)
        v1 = view(s, (s.current + 1) % 3, log=True)
        assert list(v0.log) == events_for(s.log, s.current)
        assert all("private" not in e for e in [*v0.log, *v1.log])
        assert len(v0.log) == len(s.log)
        assert v0.log[-1]["cards"] == drawn and "cards" not in v1.log[-1]
        assert view(s, None, log=True).log == tuple(events_for(s.log, None))

    def test_log_only_when_asked(self):
        # bots and search get views without the log; a screen asks for it
        s = play(new_game(3, 7), "draw")
        assert view(s, s.current).log == ()
        assert view(s, s.current, log=True).log

    def test_log_holds_no_other_seats_private_fields(self):
        s = play(new_game(3, 7), "draw")
        other = (s.current + 1) % 3
        text = repr(view(s, other, log=True))
        assert "private" not in text
        for card in s.drawn:
            assert f"'cards': [{s.drawn[0]}, {s.drawn[1]}]" not in text
            assert card not in view(s, other, log=True).log[-1].get("cards", [])

    def test_log_empty_without_a_log_and_not_compared(self):
        s = new_game(2, 3, log=False)
        assert view(s, 0, log=True).log == ()
        t = new_game(2, 3)
        assert view(t, 0, log=True).log and view(t, 0, log=True) == view(s, 0)

    def test_view_of_a_determinized_view_is_equal(self):
        rng = random.Random(5)
        for s in random_states(6, options=BOTH, log=True, every=7):
            for seat in range(s.n):
                v = view(s, seat)
                assert view(determinize(v, rng), seat) == v

    def test_to_dict_is_json_ready(self):
        s = ep_state(2, table=Event.KRAKEN, phase=Phase.PLAY, hands=[HAND8, []],
                     piles=(["fish:black"], ["boat:black"]))
        s = play(s, "end")
        s = play(s, "take:1")
        v = view(s, 1, log=True)
        d = json.loads(json.dumps(v.to_dict()))
        assert d["points"] == points_of(s, 1)
        assert d["legal"] == [a.to_dict() for a in v.legal] and d["legal"]
        assert [e["type"] for e in d["log"]] == ["end-turn", "take"]
        assert d["groups"] == [[], []] and d["calls"] == [] and d["forced_turn"] is False


class TestActionInfo:
    @pytest.mark.parametrize(("code", "expected"), [
        ("draw", ActionInfo("draw", "draw")),
        ("take:2", ActionInfo("take:2", "take", pile=2)),
        ("keep:12:1", ActionInfo("keep:12:1", "keep", (12,), pile=1)),
        ("pick:7", ActionInfo("pick:7", "pick", (7,))),
        ("trio:0+1+60", ActionInfo("trio:0+1+60", "trio", (0, 1, 60), effect="trio")),
        ("stop", ActionInfo("stop", "stop")),
        ("last-chance", ActionInfo("last-chance", "last-chance")),
        ("end", ActionInfo("end", "end")),
        ("keep-event:kraken", ActionInfo("keep-event:kraken", "keep-event", event="kraken")),
        ("pass", ActionInfo("pass", "pass")),
        ("angelfish:1", ActionInfo("angelfish:1", "angelfish", pile=1)),
        ("reef:40", ActionInfo("reef:40", "reef", (40,))),
        ("swap:3:44", ActionInfo("swap:3:44", "swap", (3, 44))),
    ])
    def test_simple_kinds(self, code, expected):
        info = action_info(parse_action(code))
        assert info == expected
        assert info.to_dict() == {"code": code, "kind": expected.kind,
                                  "cards": list(expected.cards), "pile": expected.pile,
                                  "seat": expected.seat, "event": expected.event,
                                  "effect": expected.effect}

    @pytest.mark.parametrize(("cards", "arg", "effect", "pile", "seat"), [
        (("crab:black", "crab:grey"), ":pile=2", "crab", 2, None),
        (("crab:black", "crab:grey"), "", "crab", None, None),
        (("boat:black", "boat:yellow"), "", "boat", None, None),
        (("fish:black", "fish:green"), "", "fish", None, None),
        (("swimmer:black", "shark:green"), ":seat=1", "steal", None, 1),
        (("swimmer:black", "swimmer:yellow"), ":seat=2", "swap", None, 2),
        (("shark:green", "shark:purple"), ":seat=0", "steal-pair", None, 0),
    ])
    def test_duos(self, cards, arg, effect, pile, seat):
        a, b = sorted(ids(*cards))
        info = action_info(parse_action(f"duo:{a}+{b}{arg}"))
        assert info == ActionInfo(f"duo:{a}+{b}{arg}", "duo", (a, b), pile=pile, seat=seat,
                                  effect=effect)

    def test_extra_salt_duos(self):
        for cards, effect in ((("crab:black", "lobster:black"), "lobster"),
                              (("swimmer:black", "jellyfish:purple"), "jellyfish")):
            a, b = sorted(es_ids(*cards))
            assert action_info(parse_action(f"duo:{a}+{b}")).effect == effect


class TestLegalRecordsOfExtraPepperChoices:
    def test_swap_choice_records_name_both_cards(self):
        s = ep_state(3, table=Event.WATER_RODEO, phase=Phase.PLAY,
                     hands=[["swimmer:black", "swimmer:yellow", "shell:grey"],
                            ["penguin:pink"], []], piles=(["boat:black"], ["fish:green"]))
        a, b = sorted(ids("swimmer:black", "swimmer:yellow"))
        duo = view(s, 0).legal
        assert [(i.kind, i.effect, i.seat) for i in duo if i.kind == "duo"] == [
            ("duo", "swap", 1)]
        t = play(s, f"duo:{a}+{b}:seat=1")
        shell, penguin = ids("shell:grey")[0], ids("penguin:pink")[0]
        assert view(t, 0).legal == (ActionInfo("pass", "pass"),
                                    ActionInfo(f"swap:{shell}:{penguin}", "swap",
                                               (shell, penguin)))
        assert view(t, 1).legal == ()

    def test_keep_event_records_name_the_event(self):
        s = ep_state(2, table=Event.KRAKEN, held=[[Event.SUNFISH, Event.TORNADO], []])
        s.phase, s.current = Phase.KEEP_EVENT, 0
        assert [(i.code, i.kind, i.event) for i in view(s, 0).legal] == [
            ("keep-event:sunfish", "keep-event", "sunfish"),
            ("keep-event:tornado", "keep-event", "tornado")]
