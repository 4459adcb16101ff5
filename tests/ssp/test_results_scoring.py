"""The round result's detail (docs/rules.md R6.1, R6.2, R6.4, R7.1, R10.2): the items the
round-over screen groups cards by, which parts count, and the tie-break used.

`itemise` must agree with `breakdown` (its items add up to each part) and place every
card of hand and front in exactly one item: checked on the round ends of random games
with and without the expansions.
"""

from __future__ import annotations

import random

import pytest

from seasalt.ssp.cards import Colour, Kind, parse_cards
from seasalt.ssp.round_end import score_round, tie_break
from seasalt.ssp.scoring import bonus_colours, breakdown, itemise
from seasalt.ssp.state import Call, Phase, apply_in_place, legal_actions, new_game
from tests.ssp.conftest import make_state

PARTS = ("duos", "mermaids", "collectors", "multipliers")


def check_items(hand: list[int], front: list[int], events: list[int] = ()) -> list[dict]:
    """Items agree with the breakdown and hold every card once."""
    items = itemise(hand, front, events)
    b = breakdown(hand, front, events).to_dict()
    for part in PARTS:
        assert sum(i["points"] for i in items if i["part"] == part) == b[part], (part, items)
    assert all(i["points"] == 0 for i in items if i["part"] == "none")
    cards = sorted(c for i in items for c in i["cards"])
    assert cards == sorted([*hand, *front])
    return items


def test_rules_example_r7_1_grouped() -> None:
    """R7.1's second worked example: each Mermaid names the colour it counted."""
    hand = parse_cards(["mermaid:white", "mermaid:white", "shell:dark-blue", "shell:black",
                        "crab:dark-blue", "crab:light-blue", "boat:dark-blue"])
    front = parse_cards(["fish:black", "fish:dark-blue"])
    items = check_items(hand, front)
    mermaids = [(i["colour"], i["count"], i["points"]) for i in items
                if i["part"] == "mermaids"]
    assert mermaids == [(Colour.DARK_BLUE, 4, 4), (Colour.BLACK, 2, 2)]
    duos = [(i["where"], len(i["cards"])) for i in items if i["part"] == "duos"]
    assert duos == [("front", 2), ("hand", 2)]
    assert [i["cards"] for i in items if i["part"] == "none"] == [parse_cards(
        ["boat:dark-blue"])]
    assert [(i["kind"], i["points"]) for i in items if i["part"] == "collectors"] == [
        (Kind.SHELL, 2)]


def test_multipliers_name_what_they_count() -> None:
    """R7.1: Lighthouse + a Boat duo in front + 1 boat in hand = 1 + 3."""
    hand = parse_cards(["lighthouse:purple", "boat:dark-blue"])
    front = parse_cards(["boat:black", "boat:black"])
    items = check_items(hand, front)
    assert [(i["kind"], i["count"], i["points"]) for i in items
            if i["part"] == "multipliers"] == [(Kind.BOAT, 3, 3)]


def test_captain_and_sailors() -> None:
    """R7.1: Captain + 2 sailors = 5 + 6."""
    items = check_items(parse_cards(["captain:light-orange", "sailor:pink", "sailor:orange"]), [])
    assert {i["part"]: i["points"] for i in items} == {"collectors": 5, "multipliers": 6}


def test_bonus_colours_are_the_most_held() -> None:
    """R6.4: the colour bonus comes from the most held colours (ties all named)."""
    cards = parse_cards(["crab:dark-blue", "boat:dark-blue", "fish:black", "shark:black"])
    assert bonus_colours(cards) == [Colour.DARK_BLUE, Colour.BLACK]
    assert bonus_colours([]) == []


@pytest.mark.parametrize("options", [{}, {"extra_salt": True},
                                     {"extra_salt": True, "extra_pepper": True}])
@pytest.mark.parametrize("seed", range(6))
def test_items_of_random_round_ends_add_up(options: dict, seed: int) -> None:
    """Every scored round's items add up to the engine's parts, card for card."""
    seen = 0
    for players in (2, 4):
        s = new_game(players, seed, options)
        rng = random.Random(seed * 7 + players)
        while s.phase != Phase.GAME_OVER and s.round < 6:
            apply_in_place(s, rng.choice(legal_actions(s)))
        for e in s.log:
            if e["type"] != "round-end" or e["result"]["end"] == "empty-draw-pile":
                continue
            seen += 1
            for p in e["result"]["players"]:
                items = itemise(p["hand"], p["front"], p["applied_events"])
                for part in PARTS:
                    assert sum(i["points"] for i in items if i["part"] == part) == p[part]
                cards = sorted(c for i in items for c in i["cards"])
                assert cards == sorted([*p["hand"], *p["front"]])
    assert seen > 0


def test_every_expansion_card_kind_is_itemised() -> None:
    """A.5-A.8: Starfish with a pair in hand (+2), a Seahorse joining a family,
    Lobster + Crab and Jellyfish + Swimmer pairs in hand, Cast of Crabs."""
    from seasalt.ssp.cards import ALL_CARDS, KIND_OF

    def one(kind: Kind, skip: int = 0) -> int:
        return [c for c in ALL_CARDS if KIND_OF[c] == kind][skip]

    hand = [one(Kind.STARFISH), one(Kind.LOBSTER), one(Kind.CRAB), one(Kind.CRAB, 1),
            one(Kind.JELLYFISH), one(Kind.SWIMMER), one(Kind.SEAHORSE), one(Kind.SHELL),
            one(Kind.SHELL, 1), one(Kind.CAST_OF_CRABS)]
    items = check_items(hand, [])
    starred = [i for i in items if i["part"] == "duos" and len(i["cards"]) == 3]
    assert len(starred) == 1 and starred[0]["points"] == 3
    shells = [i for i in items if i["part"] == "collectors"]
    assert shells[0]["points"] == 4 and one(Kind.SEAHORSE) in shells[0]["cards"]


def test_stop_counts_card_points_only() -> None:
    """R6.1: after STOP each seat's card points count, no colour bonus."""
    s = make_state(2, hands=[["crab:dark-blue", "crab:light-blue", "mermaid:white"],
                             ["shell:black", "shell:yellow"]], call=Call.STOP, current=0)
    s.caller = 0
    score_round(s)
    players = s.last_round["players"]
    assert [(p["scores_cards"], p["scores_bonus"]) for p in players] == [(True, False)] * 2
    assert [p["round_score"] for p in players] == [p["card_points"] for p in players]


@pytest.mark.parametrize(("won", "expected"), [
    (True, [(True, True), (False, True)]), (False, [(False, True), (True, False)])])
def test_last_chance_counts_by_the_bet(won: bool, expected: list) -> None:
    """R6.2: a won bet: the caller scores both, the others their bonus; lost: the caller
    only the bonus, the others their card points."""
    mine = ["shell:black", "shell:yellow", "shell:green"] if won else ["crab:dark-blue"]
    s = make_state(2, hands=[mine, ["fish:black", "fish:yellow", "crab:yellow"]],
                   call=Call.LAST_CHANCE, current=0)
    s.caller = 0
    score_round(s)
    lr = s.last_round
    assert lr["bet_won"] is won
    assert [(p["scores_cards"], p["scores_bonus"]) for p in lr["players"]] == expected
    for p in lr["players"]:
        assert p["round_score"] == (p["card_points"] * p["scores_cards"]
                                    + p["colour_bonus"] * p["scores_bonus"])


@pytest.mark.parametrize(("scores", "ender", "winners", "how"), [
    ([40, 30], 1, (0,), None),
    ([40, 40], 1, (1,), "ender"),
    ([40, 40, 10], 2, (1,), "last-round"),
    ([40, 40, 10], 2, (0, 1), "shared"),
])
def test_tie_break_names_the_step_of_r10_2(scores, ender, winners, how) -> None:
    """R10.2: the game-over event says which tie-break step decided."""
    s = make_state(len(scores))
    s.scores = scores
    s.ender = ender
    assert tie_break(s, winners) == how
