"""The score calculator's table (``seasalt.calc``): what it lets a player
enter (the deck's counts across all players, R1 and A.1; cards in front, R4.2, A.2,
A.6, B.3.3), how its rounds score (R6.1, R6.2, R7.1 through the engine's round
scorer), the game's end (R10.1, R10.2) and its save."""

from __future__ import annotations

import json
from typing import Any

import pytest

from seasalt.calc import (
    FORMAT,
    MAX_NAME,
    CalcError,
    Calculator,
    check_group,
    copies,
)
from seasalt.ssp.cards import Colour, Event, Kind, parse_cards
from seasalt.ssp.scoring import breakdown, score_round_cards


def enter(calc: Calculator, player: int, *notations: str, zone: str = "hand") -> list[int]:
    """Enter cards by notation (``crab:dark-blue``) for ``player``."""
    out = []
    for n in notations:
        kind, colour = n.split(":")
        out.append(calc.add(player, zone, kind, colour))
    return out


def refused(reason: str, call: Any, *args: Any) -> CalcError:
    with pytest.raises(CalcError) as info:
        call(*args)
    assert info.value.reason == reason, (info.value.reason, str(info.value))
    return info.value


class TestDeckLimits:
    """R1, A.1: no more copies of a card than the deck holds, all players together."""

    def test_the_fifth_mermaid_is_refused(self) -> None:
        calc = Calculator(3, ["Ann", "Bob", "Cy"])
        enter(calc, 0, "mermaid:white", "mermaid:white")
        enter(calc, 1, "mermaid:white")
        enter(calc, 2, "mermaid:white")
        assert calc.left("mermaid", "white") == 0
        e = refused("deck-limit", calc.add, 2, "hand", "mermaid", "white")
        assert e.fields["count"] == 4
        assert e.fields["kind"] == Kind.MERMAID and e.fields["colour"] == Colour.WHITE
        assert e.fields["where"] == [(0, 2), (1, 1), (2, 1)]
        assert len(calc.seat(2).hand) == 1  # nothing was entered

    def test_the_second_captain_is_refused(self) -> None:
        calc = Calculator(2)
        enter(calc, 1, "captain:light-orange")
        e = refused("deck-limit", calc.add, 0, "hand", "captain", "light-orange")
        assert e.fields["count"] == 1 and e.fields["where"] == [(1, 1)]

    def test_a_colour_runs_out_by_itself(self) -> None:
        calc = Calculator(2)
        enter(calc, 0, "crab:dark-blue", "crab:dark-blue")
        assert calc.left("crab", "dark-blue") == 0 and calc.left("crab", "light-blue") == 2
        refused("deck-limit", calc.add, 1, "front", "crab", "dark-blue")
        enter(calc, 1, "crab:light-blue")

    def test_a_card_taken_back_is_free_again(self) -> None:
        calc = Calculator(2)
        (cid,) = enter(calc, 0, "lighthouse:purple")
        calc.remove(0, cid)
        enter(calc, 1, "lighthouse:purple")

    def test_unknown_cards(self) -> None:
        calc = Calculator(2)
        refused("unknown-card", calc.add, 0, "hand", "crab", "white")
        refused("unknown-card", calc.add, 0, "hand", "dragon", "white")
        refused("unknown-card", calc.add, 0, "hand", "crab", "teal")
        refused("no-player", calc.add, 2, "hand", "crab", "black")

    def test_extra_salt_cards_need_extra_salt(self) -> None:
        calc = Calculator(2)
        refused("extra-salt-off", calc.add, 0, "hand", "starfish", "yellow")
        assert calc.left("seahorse", "white") == 0
        calc.set_option("extra_salt", True)
        enter(calc, 0, "starfish:yellow")
        refused("salt-in-use", calc.set_option, "extra_salt", False)
        assert copies("jellyfish", "pink") and not copies("jellyfish", "pink", False)


class TestPlayers:
    @pytest.mark.parametrize("n", [0, 1, 5, True])
    def test_two_to_four_players(self, n: Any) -> None:
        refused("players", Calculator, n)
        refused("players", Calculator(2).set_players, n)

    def test_names_are_trimmed_and_cut(self) -> None:
        calc = Calculator(2)
        calc.set_name(0, "  Ann  ")
        calc.set_name(1, "x" * 40)
        assert calc.names == ["Ann", "x" * MAX_NAME]

    def test_a_leaving_player_takes_their_cards(self) -> None:
        calc = Calculator(3)
        enter(calc, 2, "captain:light-orange")
        calc.set_caller(2)
        calc.set_players(2)
        assert calc.current.caller is None and calc.left("captain", "light-orange") == 1

    def test_players_and_options_are_fixed_once_a_round_is_scored(self) -> None:
        calc = Calculator(2)
        calc.set_end("stop")
        calc.set_caller(0)
        calc.score_round()
        refused("fixed", calc.set_players, 3)
        refused("fixed", calc.set_option, "double_target", True)
        calc.set_name(0, "Ann")  # names may change


class TestCardsInFront:
    """R4.2, A.2: only duos are played, two by two; A.6: a Starfish as a third card."""

    def test_a_card_never_played_is_refused(self) -> None:
        calc = Calculator(2)
        for n in ("mermaid:white", "shell:black", "lighthouse:purple"):
            kind, colour = n.split(":")
            refused("not-in-front", calc.add, 0, "front", kind, colour)

    def test_two_cards_that_make_no_duo(self) -> None:
        calc = Calculator(2)
        enter(calc, 0, "crab:black", zone="front")
        e = refused("no-duo", calc.add, 0, "front", "boat", "black")
        assert e.fields["kinds"] == (Kind.CRAB, Kind.BOAT)
        enter(calc, 0, "crab:grey", zone="front")
        enter(calc, 0, "swimmer:black", "shark:black", zone="front")
        assert calc.seat(0).front == [parse_cards(["crab:black", "crab:grey"]),
                                      parse_cards(["swimmer:black", "shark:black"])]

    def test_b3_3_water_rodeo_duos_need_extra_pepper(self) -> None:
        calc = Calculator(2)
        enter(calc, 0, "swimmer:black", zone="front")
        refused("rodeo", calc.add, 0, "front", "swimmer", "yellow")
        calc.clear_player(0)
        calc.set_option("extra_pepper", True)
        enter(calc, 0, "swimmer:black", "swimmer:yellow", zone="front")

    def test_a6_a_starfish_makes_a_trio(self) -> None:
        calc = Calculator(2, extra_salt=True)
        refused("starfish", calc.add, 0, "front", "starfish", "yellow")
        enter(calc, 0, "fish:black", zone="front")
        refused("starfish", calc.add, 0, "front", "starfish", "yellow")
        enter(calc, 0, "fish:yellow", "starfish:yellow", zone="front")
        refused("starfish", calc.add, 0, "front", "starfish", "dark-blue")
        assert calc.breakdowns()[0].duos == 3  # A.6: a trio is 1 + 2

    def test_an_open_duo_cannot_be_scored(self) -> None:
        calc = Calculator(2)
        enter(calc, 1, "boat:black", zone="front")
        calc.set_end("stop")
        calc.set_caller(0)
        assert calc.scores() is None
        e = refused("open-duo", calc.score_round)
        assert e.fields["player"] == 1

    def test_check_group(self) -> None:
        lobster, crab = parse_cards(["lobster:black", "crab:grey"], range(66))
        check_group([crab, lobster], rodeo=False)
        refused("open-duo", check_group, [crab], False)


class TestUndoAndClear:
    def test_undo_takes_back_the_last_card_still_there(self) -> None:
        calc = Calculator(2)
        a, b, c = enter(calc, 0, "shell:black", "shell:grey", "octopus:grey")
        calc.remove(0, c)
        assert calc.undo(0) == b and calc.seat(0).hand == [a]
        assert calc.undo(0) == a and calc.undo(0) is None
        assert not calc.can_undo(0)

    def test_undo_in_front_opens_the_duo_again(self) -> None:
        calc = Calculator(2)
        first, second = enter(calc, 0, "fish:black", "fish:green", zone="front")
        assert calc.undo(0) == second and calc.seat(0).front == [[first]]
        assert calc.seat(0).open_duo()

    def test_removing_a_card_in_front_removes_its_duo(self) -> None:
        calc = Calculator(2)
        duo = enter(calc, 0, "crab:black", "crab:grey", zone="front")
        other = enter(calc, 0, "boat:black", "boat:yellow", zone="front")
        assert sorted(calc.remove(0, duo[1])) == sorted(duo)
        assert calc.seat(0).front == [other]

    def test_clear_the_round_keeps_held_events(self) -> None:
        calc = Calculator(2, extra_pepper=True)
        enter(calc, 0, "crab:black")
        calc.set_held(0, "kraken")
        calc.set_event("tornado")
        calc.clear_round()
        assert calc.current.used() == set() and calc.current.event is None
        assert calc.seat(0).held == Event.KRAKEN


def worked_example_2() -> Calculator:
    """R7.1's second example: Mermaids 4 + 2, duos 1 + 1, Shells 2: 10, bonus 4."""
    calc = Calculator(2)
    enter(calc, 0, "mermaid:white", "mermaid:white", "shell:dark-blue", "shell:black",
          "crab:dark-blue", "crab:light-blue", "boat:dark-blue")
    enter(calc, 0, "fish:black", "fish:dark-blue", zone="front")
    return calc


class TestR7_1WorkedExamples:
    def test_example_1(self) -> None:
        calc = Calculator(2)
        enter(calc, 0, "mermaid:white", "crab:dark-blue", "boat:dark-blue", "fish:black")
        assert calc.breakdowns()[0].card_points == 2

    def test_example_2(self) -> None:
        b = worked_example_2().breakdowns()[0]
        assert (b.mermaids, b.duos, b.collectors) == (6, 2, 2)
        assert (b.card_points, b.colour_bonus) == (10, 4)

    def test_example_3(self) -> None:
        calc = Calculator(2)
        enter(calc, 0, "lighthouse:purple", "boat:yellow")
        enter(calc, 0, "boat:black", "boat:black", zone="front")
        enter(calc, 1, "captain:light-orange", "sailor:pink", "sailor:orange")
        assert [b.card_points for b in calc.breakdowns()] == [4, 11]

    def test_the_calculator_scores_as_the_engine(self) -> None:
        calc = worked_example_2()
        enter(calc, 1, "octopus:yellow", "octopus:green")
        calc.set_end("last-chance")
        calc.set_caller(1)
        seats = calc.current.seats
        expected = score_round_cards([s.hand for s in seats], [s.front_ids() for s in seats],
                                     "last-chance", 1)
        assert calc.scores() == expected
        assert breakdown(seats[0].hand, seats[0].front_ids()) == calc.breakdowns()[0]


def last_chance(calc: Calculator, caller: int) -> dict[str, Any]:
    calc.set_end("last-chance")
    calc.set_caller(caller)
    result = calc.score_round()
    assert result is not None
    return result


class TestR6_2Bets:
    def test_won_lost_and_a_tie(self) -> None:
        calc = Calculator(2, ["Ann", "Bob"])
        enter(calc, 0, "octopus:yellow", "octopus:green", "octopus:grey")  # 6, bonus 1
        enter(calc, 1, "shell:black", "shell:grey")  # 2
        won = last_chance(calc, 0)
        assert won["bet_won"] is True
        assert [p["round_score"] for p in won["players"]] == [7, 1]
        enter(calc, 0, "crab:black")  # 0, bonus 1
        enter(calc, 1, "penguin:pink")  # 1, bonus 1
        lost = last_chance(calc, 0)
        assert lost["bet_won"] is False
        assert [p["round_score"] for p in lost["players"]] == [1, 1]
        enter(calc, 0, "penguin:pink")
        enter(calc, 1, "penguin:purple")
        tie = last_chance(calc, 1)
        assert tie["bet_won"] is True  # ties to the caller
        assert [p["round_score"] for p in tie["players"]] == [1, 2]
        assert calc.totals() == [9, 4]
        assert [p["total"] for p in tie["players"]] == [9, 4]

    def test_the_end_and_caller_must_be_said(self) -> None:
        calc = Calculator(2)
        refused("no-end", calc.score_round)
        calc.set_end("stop")
        refused("no-end", calc.score_round)
        refused("no-end", calc.set_end, "empty-draw-pile")
        refused("no-player", calc.set_caller, 3)

    def test_r4_3_the_callers_threshold(self) -> None:
        calc = Calculator(2, extra_pepper=True)
        enter(calc, 0, "octopus:yellow", "octopus:green", "octopus:grey")  # 6
        assert calc.may_call(0) == () and calc.call_threshold(0) == 7
        enter(calc, 0, "crab:black", "crab:grey")  # 7
        assert calc.may_call(0) == ("stop", "last-chance")
        calc.set_event("treasure-chest")
        assert calc.may_call(0) == () and calc.call_threshold(0) == 10


class TestExtraPepper:
    def test_b1_the_table_event_applies_to_all_a_held_one_to_its_holder(self) -> None:
        calc = Calculator(2, extra_pepper=True)
        enter(calc, 0, "octopus:yellow", "octopus:green")
        enter(calc, 1, "octopus:grey", "octopus:purple")
        assert [b.collectors for b in calc.breakdowns()] == [3, 3]
        calc.set_held(1, "kraken")
        assert [b.collectors for b in calc.breakdowns()] == [3, 2]
        calc.set_event("dance-of-the-shells")
        assert calc.events(1) == [Event.DANCE_OF_THE_SHELLS, Event.KRAKEN]

    def test_each_event_exists_once(self) -> None:
        calc = Calculator(3, extra_pepper=True)
        calc.set_held(0, "kraken")
        refused("event-taken", calc.set_event, "kraken")
        refused("event-taken", calc.set_held, 1, "kraken")
        calc.set_held(0, "tornado")  # its own again is no clash
        calc.set_event("kraken")
        refused("unknown-event", calc.set_event, "sea-serpent")

    def test_events_need_extra_pepper(self) -> None:
        calc = Calculator(2)
        refused("extra-pepper-off", calc.set_event, "tornado")
        calc.set_option("extra_pepper", True)
        calc.set_event("tornado")
        calc.set_option("extra_pepper", False)
        assert calc.current.event is None

    def test_held_events_stay_for_the_next_round(self) -> None:
        calc = Calculator(2, extra_pepper=True)
        calc.set_held(1, "coral-reef")
        calc.set_event("tornado")
        calc.set_end("stop")
        calc.set_caller(0)
        calc.score_round()
        assert calc.seat(1).held == Event.CORAL_REEF and calc.current.event is None


class TestGameEnd:
    def play(self, calc: Calculator, caller: int, hands: list[list[str]],
             end: str = "stop") -> dict[str, Any] | None:
        for p, h in enumerate(hands):
            enter(calc, p, *h)
        calc.set_end(end)
        calc.set_caller(caller)
        return calc.score_round()

    def test_r10_2_the_ender_breaks_a_tie(self) -> None:
        calc = Calculator(2)
        captain = ["captain:light-orange", "sailor:pink", "sailor:orange"]  # 11
        for _ in range(3):
            self.play(calc, 0, [captain, ["octopus:yellow", "octopus:green", "octopus:grey",
                                          "octopus:purple", "crab:black", "crab:grey"]])
        assert calc.totals() == [33, 30] and not calc.over
        self.play(calc, 1, [captain, ["octopus:yellow", "octopus:green", "octopus:grey",
                                      "octopus:purple", "shell:black", "shell:grey",
                                      "shell:green", "crab:black", "crab:grey"]])  # 11, 14
        _results, outcome = calc.history()
        assert outcome is not None
        assert outcome["scores"] == [44, 44] and outcome["winners"] == [1]
        assert outcome["tie_break"] == "ender" and outcome["termination"] == "target"
        refused("game-over", calc.add, 0, "hand", "crab", "black")
        refused("game-over", calc.score_round)

    CAPTAIN = ["captain:light-orange", "sailor:pink", "sailor:orange"]  # 11
    NINE = ["octopus:yellow", "octopus:green", "octopus:grey", "shell:black", "shell:grey",
            "crab:black", "crab:grey"]
    COLONY = ["penguin-colony:green", "penguin:purple", "penguin:pink",
              "penguin:light-orange"]  # 11

    def test_r10_2_then_the_best_last_round(self) -> None:
        calc = Calculator(3)  # target 35; Cy ends every round with nothing
        for _ in range(3):
            self.play(calc, 2, [self.CAPTAIN, self.NINE, []])
        assert calc.totals() == [33, 27, 0] and not calc.over
        self.play(calc, 2, [["shell:black", "shell:grey"],  # 2
                            ["octopus:yellow", "octopus:green", "octopus:grey",
                             "shell:dark-blue", "shell:light-blue"], []])  # 8
        _results, outcome = calc.history()
        assert outcome is not None and outcome["scores"] == [35, 35, 0]
        assert outcome["winners"] == [1] and outcome["tie_break"] == "last-round"

    def test_r10_2_else_the_victory_is_shared(self) -> None:
        calc = Calculator(3)
        for _ in range(3):
            self.play(calc, 2, [self.CAPTAIN, self.COLONY, []])
        self.play(calc, 2, [["shell:black", "shell:grey"],
                            ["shell:dark-blue", "shell:light-blue"], []])
        _results, outcome = calc.history()
        assert outcome is not None and outcome["scores"] == [35, 35, 0]
        assert outcome["winners"] == [0, 1] and outcome["tie_break"] == "shared"

    def test_r10_1_four_mermaids_end_the_game_at_once(self) -> None:
        calc = Calculator(2)
        result = self.play(calc, 0, [["mermaid:white"] * 4, ["captain:light-orange"]])
        assert result is None
        _results, outcome = calc.history()
        assert outcome == {"termination": "four-mermaids", "winners": [0], "scores": [0, 0],
                           "tie_break": None, "round": 1}

    def test_reopen_takes_the_last_round_back(self) -> None:
        calc = Calculator(2)
        self.play(calc, 0, [["mermaid:white"] * 4, []])
        assert calc.over
        calc.reopen()
        assert not calc.over and calc.current.end == "stop"
        calc.remove(0, calc.seat(0).hand[0])
        calc.score_round()
        enter(calc, 0, "crab:black")
        refused("round-started", calc.reopen)
        calc.clear_round()
        calc.reopen()
        assert calc.rounds == [] and calc.current.end == "stop"
        refused("no-round", calc.reopen)


class TestSave:
    def sample(self) -> Calculator:
        calc = Calculator(3, ["Ann", "Bob", ""], extra_salt=True, extra_pepper=True)
        enter(calc, 0, "starfish:yellow", "crab:black", "crab:grey")
        enter(calc, 1, "fish:black", "fish:yellow", "starfish:dark-blue", zone="front")
        calc.set_held(2, "kraken")
        calc.set_event("water-rodeo")
        enter(calc, 2, "swimmer:black", "swimmer:yellow", zone="front")
        calc.set_end("last-chance")
        calc.set_caller(0)
        calc.score_round()
        enter(calc, 1, "boat:black", zone="front")  # an open duo in the round entered
        return calc

    def test_round_trip(self) -> None:
        calc = self.sample()
        again = Calculator.loads(calc.dumps())
        assert again.to_dict() == calc.to_dict()
        assert again.history() == calc.history()
        assert again.undo(1) == calc.undo(1)
        json.dumps(calc.to_dict())  # JSON-ready

    @pytest.mark.parametrize("spoil", [
        lambda d: "not json {",
        lambda d: json.dumps({**d, "format": "seasalt-save"}),
        lambda d: json.dumps({**d, "version": 2}),
        lambda d: json.dumps({**d, "names": ["solo"]}),
        lambda d: json.dumps({**d, "names": ["a", "b", "c", "d", "e"]}),
        lambda d: json.dumps({**d, "names": [1, 2, 3]}),
        lambda d: json.dumps({**d, "options": {"extra_salt": "yes"}}),
        lambda d: json.dumps({**d, "rounds": "none"}),
        lambda d: json.dumps({**d, "options": {**d["options"], "extra_salt": False}}),
        lambda d: json.dumps({**d, "options": {**d["options"], "extra_pepper": False}}),
    ])
    def test_a_corrupt_save_is_refused_clearly(self, spoil: Any) -> None:
        text = spoil(self.sample().to_dict())
        e = refused("corrupt", Calculator.loads, text)
        assert str(e)

    def spoiled(self, change: Any) -> str:
        d = self.sample().to_dict()
        change(d)
        return json.dumps(d)

    def test_a_card_twice_or_out_of_range(self) -> None:
        def twice(d: dict[str, Any]) -> None:
            d["current"]["seats"][0]["hand"] = d["current"]["seats"][1]["front"][0][:]

        refused("corrupt", Calculator.loads, self.spoiled(twice))

        def far(d: dict[str, Any]) -> None:
            d["current"]["seats"][0]["hand"] = [999]

        refused("corrupt", Calculator.loads, self.spoiled(far))

    def test_a_bad_duo_or_a_scored_round_without_end(self) -> None:
        def bad_duo(d: dict[str, Any]) -> None:
            d["rounds"][0]["seats"][1]["front"] = [parse_cards(["fish:black", "boat:black"])]

        refused("corrupt", Calculator.loads, self.spoiled(bad_duo))

        def no_end(d: dict[str, Any]) -> None:
            d["rounds"][0]["end"] = None

        refused("corrupt", Calculator.loads, self.spoiled(no_end))

        def open_in_scored(d: dict[str, Any]) -> None:
            d["rounds"][0]["seats"][0]["front"] = [parse_cards(["boat:yellow"])]

        refused("corrupt", Calculator.loads, self.spoiled(open_in_scored))

    def test_the_format_is_named(self) -> None:
        assert self.sample().to_dict()["format"] == FORMAT


def _sample_dict() -> dict[str, Any]:
    return TestSave().sample().to_dict()


#: Hostile saved tables (issue 41, item 3): each is refused as ``corrupt``, never
#: with Python's own errors (``RecursionError``, ``ValueError`` of int's digit limit).
HOSTILE_TABLES: list[Any] = [
    "[" * 20_000 + "]" * 20_000,
    "[" * 20_000,
    '{"a":' * 5_000 + "1" + "}" * 5_000,
    "9" * 5_000,
    json.dumps({**_sample_dict(), "names": ["a", "b"]})[:-1] + ',"x":' + "9" * 5_000 + "}",
    lambda d: json.dumps({**d, "current": {**d["current"], "caller": 10**4000}}),
    lambda d: json.dumps({**d, "current": {**d["current"], "caller": 1e308}}),
    lambda d: json.dumps({**d, "rounds": [[1, 2, 3]]}),
    lambda d: json.dumps({**d, "rounds": [None]}),
    lambda d: json.dumps({**d, "current": {"seats": "x"}}),
    lambda d: json.dumps({**d, "current": {**d["current"], "seats": [[], []]}}),
    lambda d: json.dumps({**d, "current": {**d["current"], "seats": [
        {"hand": [], "front": [], "added": [[1, 2, 3]]}] * 2}}),
    lambda d: json.dumps({**d, "current": {**d["current"], "seats": [
        {"hand": [], "front": [[]]}] * 2}}),
    lambda d: json.dumps({**d, "options": [1, 2, 3]}),
    lambda d: json.dumps({**d, "names": None}),
    lambda d: json.dumps({**d, "names": [{"a": 1}, [2]]}),
    '{"format": "seasalt-calculator", "version": NaN}',
    '{"format": "seasalt-calculator", "version": Infinity}',
    "[1,2,3]", "null", "{}", "", "1e999999", '"' + "x" * 2_000_000 + '"', None, 5, b"{}",
]


@pytest.mark.parametrize("spoil", HOSTILE_TABLES,
                         ids=[f"hostile-{i}" for i in range(len(HOSTILE_TABLES))])
def test_a_hostile_saved_table_raises_only_calc_error(spoil: Any) -> None:
    """Issue 41, item 3: depth, size, digits and shapes are refused as ``corrupt``."""
    text = spoil(_sample_dict()) if callable(spoil) else spoil
    e = refused("corrupt", Calculator.loads, text)
    assert len(str(e)) < 300
