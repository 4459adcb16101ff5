"""Extra Salt (docs/rules-expansions.md part A), its part D cases and Decisions 1, 2 and 8.

One test class per rule of part A (A.1 cards ... A.8 in-hand matching), then the
part D cases, the Decisions and illegal actions. Scenarios start from a real
``new_game`` state with ``{"extra_salt": True}`` whose fields are set by hand
(:func:`es_state`, a 66-card version of ``conftest.make_state``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest

from seasalt.ssp.actions import ActionKind, trio
from seasalt.ssp.cards import (
    ALL_CARDS,
    BASE_DECK,
    CARDS,
    EXTRA_SALT_CARDS,
    Category,
    Kind,
    deck_for,
    parse_cards,
)
from seasalt.ssp.log import events_for
from seasalt.ssp.outcome import Termination
from seasalt.ssp.scoring import breakdown, card_points
from seasalt.ssp.state import DUO_EFFECTS, Call, Phase, legal_actions, new_game
from seasalt.ssp.view import determinize, view
from tests.ssp.conftest import assert_illegal, events, legal, make_state, play, view_cards

ES = {"extra_salt": True}
OCT3 = ["octopus:light-blue", "octopus:yellow", "octopus:green"]  # 6 card points
SEVEN = [*OCT3, "crab:black", "crab:grey"]  # 7 card points

CardSpec = int | str


# --------------------------------------------------------------------------- helpers


def es_ids(*notations: str) -> list[int]:
    """Distinct ids in the 66-card deck (a repeated notation gives the next copy)."""
    return parse_cards(notations, ALL_CARDS)


def es_cid(notation: str, copy: int = 0) -> int:
    return parse_cards([notation] * (copy + 1), ALL_CARDS)[copy]


def duo(*notations: str, arg: str = "") -> str:
    a, b = sorted(es_ids(*notations))
    return f"duo:{a}+{b}{arg}"


def trio_of(a: str, b: str, star: str) -> str:
    x, y = sorted(es_ids(a, b))
    return f"trio:{x}+{y}+{es_cid(star)}"


def es_state(players: int = 2, *, hands: Sequence[Sequence[CardSpec]] | None = None,
             fronts: Sequence[Sequence[CardSpec]] | None = None,
             piles: Sequence[Sequence[CardSpec]] = ((), ()),
             draw: Sequence[CardSpec] | None = None, leftover: str | None = "draw",
             looked: Sequence[CardSpec] = (), forced: Sequence[bool] | None = None,
             **kw):
    """``make_state`` for the 66-card deck: cards named from ``ALL_CARDS``;
    ``looked`` (a pending Lobster look) and ``forced`` (Jellyfish) set too."""
    hands = [list(h) for h in (hands or [[] for _ in range(players)])]
    fronts = [list(f) for f in (fronts or [[] for _ in range(players)])]
    groups = [*hands, *fronts, list(piles[0]), list(piles[1]), list(draw or []), list(looked)]
    explicit = {c for g in groups for c in g if isinstance(c, int)}
    texts = [c for g in groups for c in g if isinstance(c, str)]
    parsed = iter(parse_cards(texts, [c for c in ALL_CARDS if c not in explicit]))
    res = [[c if isinstance(c, int) else next(parsed) for c in g] for g in groups]
    hs, fs = res[:players], res[players:2 * players]
    p1, p2, dr, lk = res[2 * players:]
    s = make_state(players, hands=hs, fronts=fs, piles=(p1, p2), draw=dr, leftover=None,
                   options=ES, **kw)
    used = {c for g in res for c in g}
    rest = [c for c in ALL_CARDS if c not in used]
    if leftover == "draw":
        s.draw = rest + s.draw
    elif leftover in ("pile1", "pile2"):
        i = 0 if leftover == "pile1" else 1
        s.piles[i] = rest + s.piles[i]
        s.cand[i] = s.piles[i][:]
    else:
        assert leftover is None, leftover
    s.looked = lk
    s.forced = list(forced) if forced is not None else [False] * players
    return s


def every_card(s) -> list[int]:
    return sorted([*s.draw, *s.piles[0], *s.piles[1], *s.drawn, *s.looked,
                   *(c for h in s.hands for c in h), *(c for f in s.fronts for c in f)])


def pts(*hand: str, front: Sequence[str] = ()):
    """The breakdown of a hand (and cards in front) named in notation."""
    ids = es_ids(*hand, *front)
    return breakdown(ids[:len(hand)], ids[len(hand):])


# --------------------------------------------------------------------------- A.1


A1_TABLE = {  # A.1, transcribed from the rules independently of cards.py
    "jellyfish": (Category.DUO, {"purple": 1, "pink": 1}),
    "lobster": (Category.DUO, {"black": 1}),
    "cast-of-crabs": (Category.MULTIPLIER, {"green": 1}),
    "starfish": (Category.SPECIAL, {"dark-blue": 1, "light-blue": 1, "yellow": 1}),
    "seahorse": (Category.SPECIAL, {"white": 1}),
}
A1_COLOUR_TOTALS = {"dark-blue": 10, "light-blue": 10, "black": 9, "yellow": 9, "green": 7,
                    "white": 5, "purple": 5, "grey": 4, "light-orange": 3, "pink": 3,
                    "orange": 1}


class TestA1CardList:
    def test_a1_66_cards_extra_ids_58_to_65(self):
        assert tuple(range(58, 66)) == EXTRA_SALT_CARDS
        assert deck_for(ES) == ALL_CARDS == tuple(range(66))
        assert deck_for(None) == deck_for({}) == deck_for({"extra_salt": False}) == BASE_DECK
        assert len({CARDS[i] for i in ALL_CARDS}) == 66

    def test_a1_extra_cards_types_colours_categories(self):
        got: dict[str, tuple[Category, Counter]] = {}
        for i in EXTRA_SALT_CARDS:
            c = CARDS[i]
            cat, cnt = got.setdefault(c.kind.slug, (c.category, Counter()))
            assert cat == c.category
            cnt[c.colour.slug] += 1
        assert {k: (cat, dict(cnt)) for k, (cat, cnt) in got.items()} == A1_TABLE
        assert sum(sum(cols.values()) for _, cols in A1_TABLE.values()) == 8

    def test_a1_colour_totals_with_extra_salt(self):
        totals = Counter(CARDS[i].colour.slug for i in ALL_CARDS)
        assert dict(totals) == A1_COLOUR_TOTALS
        assert sum(totals.values()) == 66

    def test_a1_notation_of_the_new_cards(self):
        assert [CARDS[i].notation for i in es_ids("jellyfish:pink", "cast-of-crabs:green",
                                                   "starfish:light-blue", "seahorse:white",
                                                   "lobster:black")] == [
            "jellyfish:pink", "cast-of-crabs:green", "starfish:light-blue", "seahorse:white",
            "lobster:black"]
        assert es_ids("Cast of Crabs:green") == es_ids("cast-of-crabs:green")

    def test_a1_option_shuffles_66_cards_into_the_game(self):
        s = new_game(3, 7, ES)
        assert s.options["extra_salt"] is True
        assert every_card(s) == list(range(66))
        assert len(s.draw) == 64 and len(s.piles[0]) == len(s.piles[1]) == 1

    def test_a1_off_by_default_58_cards(self):
        s = new_game(3, 7)
        assert s.options["extra_salt"] is False
        assert every_card(s) == list(range(58))


# --------------------------------------------------------------------------- A.2


class TestA2Duos:
    def test_a2_complete_list_of_duos_without_water_rodeo(self):
        names = {frozenset(Kind(k).slug for k in pair): e for pair, e in DUO_EFFECTS.items()}
        assert names == {
            frozenset({"crab"}): "crab", frozenset({"boat"}): "boat",
            frozenset({"fish"}): "fish", frozenset({"swimmer", "shark"}): "steal",
            frozenset({"crab", "lobster"}): "lobster",
            frozenset({"swimmer", "jellyfish"}): "jellyfish",
        }

    def test_a2_lobster_and_jellyfish_duos_are_legal_without_parameter(self):
        s = es_state(2, hands=[["crab:black", "lobster:black", "swimmer:black",
                                "jellyfish:purple"], ["shell:grey"]],
                     piles=(["boat:black"], ["fish:green"]), phase=Phase.PLAY)
        duos = [t for t in legal(s) if t.startswith("duo")]
        assert set(duos) == {duo("crab:black", "lobster:black"),
                             duo("swimmer:black", "jellyfish:purple")}
        assert len(duos) == 2

    @pytest.mark.parametrize("pair", [
        ("jellyfish:purple", "jellyfish:pink"),
        ("jellyfish:purple", "shark:green"),
        ("jellyfish:purple", "crab:black"),
        ("lobster:black", "boat:black"),
        ("lobster:black", "fish:black"),
        ("lobster:black", "swimmer:black"),
        ("lobster:black", "shark:green"),
        ("lobster:black", "jellyfish:pink"),
        ("cast-of-crabs:green", "crab:black"),
        ("starfish:yellow", "crab:black"),
        ("starfish:yellow", "starfish:dark-blue"),
        ("seahorse:white", "shell:grey"),
    ])
    def test_a2_not_valid_duos(self, pair):
        s = es_state(2, hands=[list(pair), ["shell:green"]], phase=Phase.PLAY,
                     piles=(["boat:yellow"], ["fish:green"]))
        assert legal(s) == ["end"]
        for arg in ("", ":pile=1", ":seat=1"):
            assert_illegal(s, duo(*pair, arg=arg), "R4.2")

    def test_a2_lobster_alone_is_no_duo(self):
        s = es_state(2, hands=[["lobster:black", *OCT3], []], phase=Phase.PLAY)
        assert legal(s) == ["end"]
        lob = es_cid("lobster:black")
        assert_illegal(s, f"duo:{lob}+{lob}", "R4.2")

    def test_a2_crab_lobster_is_not_a_crab_duo(self):
        s = es_state(2, hands=[["crab:black", "crab:green", "lobster:black"], []],
                     piles=(["shell:grey", "boat:black"], ["fish:green"]), phase=Phase.PLAY)
        acts = legal(s)
        # the crab pair searches a pile; crab + lobster never takes a pile parameter
        assert duo("crab:black", "crab:green", arg=":pile=1") in acts
        assert duo("crab:black", "lobster:black") in acts
        assert duo("crab:green", "lobster:black") in acts
        for pile in (1, 2):
            assert_illegal(s, duo("crab:black", "lobster:black", arg=f":pile={pile}"), "R4.2")
        t = play(s, duo("crab:black", "lobster:black"))
        assert t.phase == Phase.LOBSTER_PICK and t.crab_pile == 0
        assert t.piles == s.piles  # no discard-pile search
        assert events(t, "duo")[-1]["effect"] == "lobster"

    def test_a2_duos_only_in_the_play_step(self):
        s = es_state(2, hands=[["crab:black", "lobster:black", "swimmer:black",
                                "jellyfish:purple", "starfish:yellow"], []],
                     piles=(["boat:black"], []))
        assert legal(s) == ["draw", "take:1"]
        assert_illegal(s, duo("crab:black", "lobster:black"), "R4.1")
        assert_illegal(s, duo("swimmer:black", "jellyfish:purple"), "R4.1")
        assert_illegal(s, trio_of("crab:black", "lobster:black", "starfish:yellow"), "R4.1")


# --------------------------------------------------------------------------- A.3


JELLY = ["swimmer:black", "jellyfish:purple"]
PLAY_JELLY = duo(*JELLY)


class TestA3Jellyfish:
    def scenario(self, players=3, **kw):
        hands = [[*JELLY, "boat:black", "boat:yellow"],
                 ["crab:dark-blue", "crab:light-blue", *OCT3]]  # seat 1: 7 points
        hands += [["shell:grey"], ["shell:green"]][:players - 2]
        return es_state(players, hands=hands, phase=Phase.PLAY,
                        piles=(["penguin:pink", "sailor:pink"], ["fish:green"]),
                        draw=["mermaid:white", "octopus:purple", "shell:black"], **kw)

    def test_a3_every_opponent_gets_exactly_one_forced_turn(self):
        s = self.scenario(4)
        t = play(s, PLAY_JELLY)
        assert t.forced == [False, True, True, True]
        assert (t.current, t.phase) == (0, Phase.PLAY)
        t = play(t, "end")
        for seat in (1, 2, 3):
            assert (t.current, t.phase) == (seat, Phase.DRAW)
            assert legal(t) == ["draw"]
            top = t.draw[-1]
            u = play(t, "draw")
            # the top card of the draw pile, nothing discarded, and the turn is over
            assert u.hands[seat] == [*t.hands[seat], top]
            assert u.draw == t.draw[:-1] and u.piles == t.piles
            assert u.forced[seat] is False
            new = events(u)[len(events(t)):]
            assert (new[0]["type"], new[0]["seat"]) == ("forced-draw", seat)
            t = u
        # back round to the Jellyfish player: nobody is forced any more
        assert t.current == 0 and t.forced == [False] * 4
        assert "take:1" in legal(t)
        t = play(t, "take:1", "end")
        assert t.current == 1 and "take:1" in legal(t)  # seat 1's next turn is normal

    def test_a3_forced_draw_is_private_to_the_drawer(self):
        t = play(self.scenario(3), PLAY_JELLY, "end")
        top = t.draw[-1]
        u = play(t, "draw")
        e = events(u, "forced-draw")[-1]
        assert "card" not in e and e["private"] == {"1": {"card": top}}
        for seat in (0, 2, None):
            assert top not in view_cards(view(u, seat))

    def test_a3_forced_player_may_not_take_draw_two_play_or_call(self):
        t = play(self.scenario(3), PLAY_JELLY, "end")
        assert t.current == 1 and legal(t) == ["draw"]
        crab = duo("crab:dark-blue", "crab:light-blue", arg=":pile=1")
        for action in ("take:1", "take:2", crab, "stop", "last-chance", "end"):
            assert_illegal(t, action, "A.3")
        u = play(t, "draw")
        # the single card ends the turn: seat 1 never reaches the play step
        assert u.current == 2 and u.phase == Phase.DRAW
        assert len(u.drawn) == 0 and u.fronts[1] == [] and u.call == Call.NONE
        assert u.piles == t.piles
        assert not [e for e in events(u)[len(events(t)):]
                    if e["seat"] == 1 and e["type"] in ("duo", "trio", "stop", "keep",
                                                         "draw-two", "end-turn")]

    def test_a3_forced_turn_with_empty_draw_pile_takes_nothing_then_r8(self):
        s = es_state(2, hands=[["shell:grey"], ["crab:black"]], draw=[], leftover="pile1",
                     piles=((), ["fish:green"]), current=1, forced=[False, True])
        assert legal(s) == ["draw"]
        assert_illegal(s, "take:1", "A.3")
        t = play(s, "draw")
        fd = events(t, "forced-draw")[-1]
        assert fd["seat"] == 1 and fd["empty"] is True and "private" not in fd
        # the end-of-turn empty-draw-pile check (R8) ends the round, unscored
        assert t.round == 2 and t.last_round["end"] == "empty-draw-pile"
        assert t.last_round["caller"] == 1 and t.scores == [0, 0]
        assert t.forced == [False, False] and t.current == 0

    def test_a3_forced_draw_of_the_last_card_ends_the_round_r8(self):
        s = es_state(3, hands=[JELLY, [], []], draw=["mermaid:white"], leftover="pile1",
                     phase=Phase.PLAY)
        t = play(s, PLAY_JELLY, "end")  # one card left: the round goes on
        assert t.current == 1 and t.round == 1
        u = play(t, "draw")
        assert u.round == 2 and u.last_round["end"] == "empty-draw-pile"
        assert u.last_round["caller"] == 1
        assert u.forced == [False, False, False]  # seat 2's forced turn lapsed
        assert u.current == 2 and "take:1" in legal(u)

    def test_a3_stop_lapses_the_effect(self):
        s = es_state(3, hands=[[*JELLY, *SEVEN], ["shell:grey"], ["shell:green"]],
                     phase=Phase.PLAY, piles=(["penguin:pink"], ["sailor:pink"]))
        t = play(s, PLAY_JELLY)
        assert t.forced == [False, True, True]
        u = play(t, "stop")
        assert u.last_round["end"] == "stop" and u.round == 2
        assert u.current == 1 and u.forced == [False, False, False]
        assert "take:1" in legal(u)  # the next round's first turn is a normal one

    def test_a3_stop_that_ends_the_game_lapses_the_effect(self):
        s = es_state(3, hands=[[*JELLY, *SEVEN], ["shell:grey"], ["shell:green"]],
                     phase=Phase.PLAY, scores=[30, 0, 0])
        t = play(s, PLAY_JELLY, "stop")
        assert t.phase == Phase.GAME_OVER and t.result.termination == Termination.TARGET
        assert t.forced == [False, False, False]
        assert view(t, 1).forced == (False, False, False)

    def test_a3_four_mermaid_win_cancels_pending_forced_turns(self):
        s = es_state(3, hands=[[*JELLY, "fish:black", "fish:green", *["mermaid:white"] * 3],
                               [], []], phase=Phase.PLAY, draw=["mermaid:white"])
        t = play(s, PLAY_JELLY, duo("fish:black", "fish:green"))
        assert t.phase == Phase.GAME_OVER and t.result.winners == (0,)
        assert t.forced == [False, False, False]

    def test_a3_last_chance_in_the_same_turn_forces_every_final_turn(self):
        s = es_state(3, hands=[[*JELLY, *SEVEN], ["shell:grey"], ["shell:green"]],
                     phase=Phase.PLAY, piles=(["penguin:pink"], ["sailor:pink"]),
                     draw=["octopus:purple", "mermaid:white"])
        t = play(s, PLAY_JELLY, "last-chance")
        assert t.call == Call.LAST_CHANCE and t.forced == [False, True, True]
        assert (t.current, t.final_left) == (1, [2]) and legal(t) == ["draw"]
        assert_illegal(t, "take:1", "A.3")
        u = play(t, "draw")
        assert u.hands[1] == [es_cid("shell:grey"), es_cid("mermaid:white")]
        assert u.revealed == [True, True, False]  # revealed as usual after the final turn
        assert (u.current, u.final_left) == (2, []) and legal(u) == ["draw"]
        assert_illegal(u, "take:2", "A.3")
        w = play(u, "draw")
        assert w.last_round["end"] == "last-chance" and w.last_round["caller"] == 0
        assert [p["hand"] for p in w.last_round["players"][1:]] == [
            sorted(es_ids("shell:grey", "mermaid:white")),
            sorted(es_ids("shell:green", "octopus:purple"))]
        kinds = [e["type"] for e in events(w) if e["seat"] in (1, 2) and e["round"] == 1]
        assert kinds == ["final-turn", "forced-turn", "forced-draw", "reveal",
                         "final-turn", "forced-turn", "forced-draw", "reveal"]

    def test_a3_last_chance_forced_final_turn_with_empty_draw_pile(self):
        # after LAST CHANCE, R8 is off: the forced turn takes nothing and reveals
        s = es_state(2, hands=[[*JELLY, *SEVEN], ["shell:grey"]], phase=Phase.PLAY,
                     piles=(["penguin:pink"], []), draw=[], leftover="pile2")
        t = play(s, PLAY_JELLY, "last-chance")
        assert t.current == 1 and legal(t) == ["draw"]
        u = play(t, "draw")
        assert u.last_round["end"] == "last-chance"
        assert u.last_round["players"][1]["hand"] == [es_cid("shell:grey")]

    def test_a3_jellyfish_in_a_final_turn_forces_the_remaining_opponents(self):
        s = es_state(4, hands=[SEVEN, JELLY, ["shell:grey"], ["shell:green"]],
                     phase=Phase.PLAY, piles=(["penguin:pink", "sailor:pink"], ["fish:green"]))
        t = play(s, "last-chance", "take:1", PLAY_JELLY)
        assert t.current == 1 and t.final_left == [2, 3]
        # seats 2 and 3 are still due a final turn; the caller has none left
        assert t.forced == [False, False, True, True]
        t = play(t, "end")
        assert t.current == 2 and legal(t) == ["draw"]
        t = play(t, "draw")
        assert t.current == 3 and legal(t) == ["draw"]
        t = play(t, "draw")
        assert t.last_round["end"] == "last-chance" and t.round == 2
        assert t.forced == [False] * 4

    def test_a3_decision_1_own_boat_extra_turn_is_not_forced(self):
        s = self.scenario(3)
        t = play(s, PLAY_JELLY, duo("boat:black", "boat:yellow"))
        assert (t.current, t.phase, t.extra_turn) == (0, Phase.DRAW, True)
        assert t.forced == [False, True, True]
        assert legal(t) == ["draw", "take:1", "take:2"]
        t = play(t, "take:1")
        assert t.phase == Phase.PLAY and t.hands[0] == [es_cid("sailor:pink")]
        t = play(t, "end")
        assert t.current == 1 and legal(t) == ["draw"]

    def test_a3_forced_is_public(self):
        t = play(self.scenario(3), PLAY_JELLY)
        for seat in (0, 1, 2, None):
            assert view(t, seat).forced == (False, True, True)
        u = play(t, "end")
        v = view(u, 1)
        d = determinize(v, random.Random(3))
        assert d.forced == [False, True, True] and view(d, 1) == v


# --------------------------------------------------------------------------- A.4


LOBSTER = ["crab:black", "lobster:black"]
PLAY_LOBSTER = duo(*LOBSTER)
TOP5 = ["shell:grey", "octopus:purple", "penguin:pink", "sailor:orange", "mermaid:white"]


class TestA4Lobster:
    def scenario(self, draw=TOP5, leftover="draw", players=3, **kw):
        hands = [[*LOBSTER, "fish:black", "fish:green", *OCT3], ["shell:green"], ["boat:black"]]
        return es_state(players, hands=hands[:players], phase=Phase.PLAY, draw=draw,
                        leftover=leftover, piles=(["penguin:purple"], ["sailor:pink"]), **kw)

    def test_a4_top_five_shown_to_the_player_only(self):
        s = self.scenario()
        t = play(s, PLAY_LOBSTER)
        top5 = set(es_ids(*TOP5))
        assert t.phase == Phase.LOBSTER_PICK and t.current == 0
        assert set(t.looked) == top5 and len(t.draw) == len(s.draw) - 5
        assert t.fronts[0] == sorted(es_ids(*LOBSTER))
        assert legal(t) == [f"pick:{c}" for c in sorted(top5)]
        assert view(t, 0).looked == tuple(sorted(top5)) and view(t, 0).looked_count == 5
        for seat in (1, 2, None):
            v = view(t, seat)
            assert v.looked == () and v.looked_count == 5
            assert not view_cards(v) & top5
        # the log: the cards are a private field of the Lobster's player
        e = events(t, "duo")[-1]
        assert e["effect"] == "lobster" and e["count"] == 5 and "looked" not in e
        assert set(e["private"]["0"]["looked"]) == top5 and set(e["private"]) == {"0"}
        assert set(events_for(t.log, 0)[-1]["looked"]) == top5
        for seat in (1, 2, None):
            assert "looked" not in events_for(t.log, seat)[-1]

    def test_a4_keep_one_the_rest_back_and_the_whole_pile_shuffled(self):
        s = self.scenario()
        t = play(s, PLAY_LOBSTER)
        kept = es_cid("mermaid:white")
        back = set(es_ids(*TOP5)) - {kept}
        u = play(t, f"pick:{kept}")
        assert u.hands[0] == [*t.hands[0], kept] and u.looked == []
        assert u.phase == Phase.PLAY and u.current == 0
        # deck size: 5 shown, 1 kept, 4 back
        assert len(u.draw) == len(s.draw) - 1
        assert back <= set(u.draw) and set(u.draw) == set(t.draw) | back
        assert u.piles == s.piles  # nothing goes on a discard pile
        # the whole pile is shuffled: not put back on top, and the rest moved too
        assert set(u.draw[-4:]) != back
        old = [c for c in u.draw if c not in back]
        assert old != t.draw and sorted(old) == sorted(t.draw)
        e = events(u, "lobster-pick")[-1]
        assert "card" not in e and e["private"] == {"0": {"card": kept}}
        for seat in (1, 2, None):
            v = view(u, seat)
            assert v.looked_count == 0 and kept not in view_cards(v)
            assert v.hand_sizes[0] == len(u.hands[0])
        assert every_card(u) == list(range(66))

    def test_a4_fewer_than_five_cards_shows_what_is_there(self):
        for n in (2, 3, 4):
            s = self.scenario(draw=TOP5[:n], leftover="pile1")
            t = play(s, PLAY_LOBSTER)
            assert len(t.looked) == n and t.draw == [] and view(t, 1).looked_count == n
            u = play(t, f"pick:{t.looked[0]}")
            assert len(u.draw) == n - 1
            assert every_card(u) == list(range(66))

    def test_a4_exactly_one_card_is_kept_without_a_decision(self):
        s = self.scenario(draw=["mermaid:white"], leftover="pile1")
        t = play(s, PLAY_LOBSTER)
        assert t.phase == Phase.PLAY and t.looked == [] and t.draw == []
        assert t.hands[0][-1] == es_cid("mermaid:white")
        assert events(t, "lobster-pick")[-1]["private"] == {"0": {"card": es_cid(
            "mermaid:white")}}
        # the draw pile is now empty: the end of the turn ends the round (R8)
        u = play(t, "end")
        assert u.round == 2 and u.last_round["end"] == "empty-draw-pile"

    def test_a4_empty_draw_pile_skips_the_effect_the_duo_still_scores(self):
        s = self.scenario(draw=[], leftover="pile1")
        t = play(s, PLAY_LOBSTER)
        assert t.phase == Phase.PLAY and t.looked == [] and t.draw == []
        assert t.fronts[0] == sorted(es_ids(*LOBSTER))
        e = events(t, "duo")[-1]
        assert e["effect"] == "lobster" and e["skipped"] is True
        # duo in front 1 + fish pair in hand 1 + 3 octopuses 6
        assert breakdown(t.hands[0], t.fronts[0]).duos == 2
        u = play(t, "stop")
        assert u.last_round["players"][0]["duos"] == 2
        assert u.last_round["players"][0]["card_points"] == 8

    def test_a4_play_continues_in_the_play_step(self):
        t = play(self.scenario(), PLAY_LOBSTER)
        for action in ("end", "stop", duo("fish:black", "fish:green"),
                       f"pick:{es_cid('boat:black')}", f"pick:{t.draw[-1]}"):
            assert_illegal(t, action, "A.4")
        u = play(t, f"pick:{es_cid('shell:grey')}")
        acts = legal(u)
        assert duo("fish:black", "fish:green") in acts and "stop" in acts and acts[-1] == "end"
        w = play(u, duo("fish:black", "fish:green"))  # a later duo keeps its effect
        assert len(w.hands[0]) == len(u.hands[0]) - 1 and w.phase == Phase.PLAY

    def test_a4_determinize_during_the_pick(self):
        t = play(self.scenario(), PLAY_LOBSTER)
        for seat in (0, 1, 2):
            v = view(t, seat)
            d = determinize(v, random.Random(seat))
            assert view(d, seat) == v
            assert every_card(d) == list(range(66))
            assert len(d.looked) == 5
        assert determinize(view(t, 0), random.Random(1)).looked == sorted(t.looked)


# --------------------------------------------------------------------------- A.5


class TestA5CastOfCrabs:
    @pytest.mark.parametrize(("hand", "front", "mult"), [
        (["cast-of-crabs:green"], [], 0),
        (["cast-of-crabs:green", "crab:black"], [], 1),
        (["cast-of-crabs:green", "crab:black", "crab:green", "crab:grey"], [], 3),
        # crabs played as duos count too
        (["cast-of-crabs:green", "crab:black"], ["crab:green", "crab:grey"], 3),
        (["cast-of-crabs:green"], ["crab:green", "lobster:black"], 1),
        # the lobster is not a crab, nor is the Cast itself
        (["cast-of-crabs:green", "lobster:black"], [], 0),
        (["cast-of-crabs:green", "crab:black", "crab:green", "lobster:black"], [], 2),
    ])
    def test_a5_one_point_per_crab_in_hand_and_in_front(self, hand, front, mult):
        assert pts(*hand, front=front).multipliers == mult

    def test_a5_no_crab_points_without_the_cast(self):
        assert pts("crab:black", "crab:green", "crab:grey").multipliers == 0

    def test_a5_cast_is_a_multiplier_not_a_duo_card(self):
        b = pts("cast-of-crabs:green", "crab:black")
        assert (b.duos, b.multipliers, b.card_points) == (0, 1, 1)


# --------------------------------------------------------------------------- A.6


STAR = "starfish:yellow"


class TestA6Starfish:
    def test_a6_a_trio_for_every_currently_legal_duo(self):
        hand = ["crab:black", "crab:green", "boat:black", "boat:yellow", "fish:black",
                "fish:green", "swimmer:black", "shark:green", "jellyfish:purple",
                "lobster:black", STAR, "starfish:dark-blue"]
        s = es_state(2, hands=[hand, ["shell:grey"]], phase=Phase.PLAY,
                     piles=(["penguin:pink"], ["sailor:pink"]))
        acts = legal_actions(s)
        pairs = {(a.a, a.b) for a in acts if a.kind == ActionKind.DUO}
        assert len(pairs) == 7  # crab, boat, fish, steal, 2x crab+lobster, jellyfish
        stars = es_ids(STAR, "starfish:dark-blue")
        trios = {a for a in acts if a.kind == ActionKind.TRIO}
        assert trios == {trio(a, b, st) for a, b in pairs for st in stars}

    def test_a6_trio_when_the_duo_effect_cannot_happen(self):
        # Crab with both piles empty, Swimmer + Shark with nobody to rob
        s = es_state(2, hands=[["crab:black", "crab:green", "swimmer:black", "shark:green",
                                STAR], []], phase=Phase.PLAY, draw=[], leftover=None)
        ts = [t for t in legal(s) if t.startswith("trio")]
        assert set(ts) == {trio_of("crab:black", "crab:green", STAR),
                           trio_of("swimmer:black", "shark:green", STAR)}
        assert len(ts) == 2

    @pytest.mark.parametrize("pair", [
        ("crab:black", "crab:green"), ("boat:black", "boat:yellow"),
        ("fish:black", "fish:green"), ("swimmer:black", "shark:green"),
        ("swimmer:black", "jellyfish:purple"), ("crab:black", "lobster:black"),
    ])
    def test_a6_trio_places_three_cards_with_no_effect(self, pair):
        s = es_state(3, hands=[[*pair, STAR, "shell:grey"], ["octopus:green"], ["shell:green"]],
                     phase=Phase.PLAY, piles=(["penguin:pink"], ["sailor:pink"]))
        t = play(s, trio_of(*pair, STAR))
        a, b = sorted(es_ids(*pair))
        assert t.fronts[0] == [a, b, es_cid(STAR)]
        assert t.hands[0] == [es_cid("shell:grey")]
        # no pick, no extra turn, no steal, no draw, no Lobster look, no forced turn
        assert (t.current, t.phase, t.extra_turn) == (0, Phase.PLAY, False)
        assert t.crab_pile == 0 and t.looked == [] and t.forced == [False] * 3
        assert t.draw == s.draw and t.piles == s.piles and t.hands[1:] == s.hands[1:]
        assert [e["type"] for e in events(t)[len(events(s)):]] == ["trio"]
        u = play(t, "end")
        assert u.current == 1 and "take:1" in legal(u)

    def test_a6_no_starfish_alone_nor_two_in_a_trio(self):
        s = es_state(2, hands=[[STAR, "starfish:dark-blue", "starfish:light-blue",
                                "crab:black"], []], phase=Phase.PLAY)
        assert legal(s) == ["end"]
        s2 = es_state(2, hands=[["crab:black", "crab:green", STAR, "starfish:dark-blue"], []],
                      phase=Phase.PLAY, piles=(["shell:grey"], []))
        ts = [t for t in legal(s2) if t.startswith("trio")]
        assert set(ts) == {trio_of("crab:black", "crab:green", STAR),
                           trio_of("crab:black", "crab:green", "starfish:dark-blue")}
        crab, sa, sb = es_cid("crab:black"), es_cid(STAR), es_cid("starfish:dark-blue")
        assert_illegal(s2, f"trio:{crab}+{sa}+{sb}", "R4.2")
        assert_illegal(s2, f"duo:{sa}+{sb}", "R4.2")

    def test_a6_not_added_to_a_duo_already_in_front(self):
        s = es_state(2, hands=[[STAR, "shell:grey"], []], phase=Phase.PLAY,
                     fronts=[["crab:black", "crab:green"], []])
        assert legal(s) == ["end"]
        assert_illegal(s, trio_of("crab:black", "crab:green", STAR), "R4.2")

    @pytest.mark.parametrize(("hand", "front", "duos"), [
        ([], ["crab:black", "crab:green", STAR], 3),  # a placed trio: 1 + 2
        ([], ["crab:black", "crab:green", STAR, "boat:black", "boat:yellow",
              "starfish:dark-blue"], 6),
        ([STAR], [], 0),
        ([STAR], ["crab:black", "crab:green"], 1),  # front duos do not qualify
        ([STAR, "crab:black", "crab:green"], [], 3),
        ([STAR, "starfish:dark-blue", "crab:black", "crab:green"], [], 3),
        ([STAR, "starfish:dark-blue", "crab:black", "crab:green", "boat:black",
          "boat:yellow"], [], 6),
        ([STAR, "crab:black", "lobster:black"], [], 3),
        ([STAR, "swimmer:black", "jellyfish:purple"], [], 3),
        ([STAR, "jellyfish:purple", "jellyfish:pink"], [], 0),
        ([STAR, "crab:black", "crab:green"], ["fish:black", "fish:green", "starfish:dark-blue"],
         6),
    ])
    def test_a6_scoring_in_front_and_in_hand(self, hand, front, duos):
        b = pts(*hand, front=front)
        assert b.duos == duos  # reported inside the duos part
        assert (b.mermaids, b.collectors, b.multipliers) == (0, 0, 0)

    def test_a6_starfish_is_a_coloured_card(self):
        b = pts("mermaid:white", "starfish:dark-blue", "crab:dark-blue")
        assert b.mermaids == 2 and b.colour_bonus == 2
        b = pts("starfish:yellow", front=["boat:yellow", "boat:yellow", "starfish:dark-blue"])
        assert b.colour_bonus == 3

    def test_a6_starfish_counts_for_calling(self):
        # 2 octopuses 3 + 2 shells 2 + a crab pair 1 = 6: not enough; a starfish adds 2
        base = [*OCT3[:2], "shell:grey", "shell:green", "crab:black", "crab:green"]
        s = es_state(2, hands=[base, []], phase=Phase.PLAY, piles=(["penguin:pink"], []))
        assert "stop" not in legal(s)
        s = es_state(2, hands=[[*base, STAR], []], phase=Phase.PLAY,
                     piles=(["penguin:pink"], []))
        assert card_points(s.hands[0]) == 8 and "stop" in legal(s)
        t = play(s, trio_of("crab:black", "crab:green", STAR))
        assert card_points(t.hands[0], t.fronts[0]) == 8 and "stop" in legal(t)


# --------------------------------------------------------------------------- A.7


SH = "seahorse:white"


class TestA7Seahorse:
    @pytest.mark.parametrize(("hand", "collectors"), [
        ([SH], 0),
        ([SH, "mermaid:white"], 0),
        ([SH, "sailor:pink"], 5),
        ([SH, "penguin:pink", "penguin:purple"], 5),
        ([SH, "penguin:pink", "penguin:purple", "penguin:light-orange"], 5),  # full
        ([SH, "shell:grey"], 2),
        ([SH, "shell:grey", "shell:green", "shell:black", "shell:yellow", "shell:dark-blue",
          "shell:light-blue"], 10),  # full
        ([SH, "octopus:green", "octopus:grey", "octopus:purple", "octopus:yellow"], 12),
        ([SH, "octopus:green", "octopus:grey", "octopus:purple", "octopus:yellow",
          "octopus:light-blue"], 12),  # full
        ([SH, "sailor:pink", "sailor:orange"], 5),  # full
    ])
    def test_a7_one_extra_card_of_a_family_below_its_maximum(self, hand, collectors):
        assert pts(*hand).collectors == collectors

    @pytest.mark.parametrize(("hand", "collectors"), [
        ([SH, "shell:grey", "sailor:pink"], 5),  # the sailor gains 5, the shell 2
        ([SH, "shell:grey", "octopus:green", "octopus:grey"], 6),  # octopus 3 -> 6
        ([SH, "penguin:pink", "penguin:purple", "penguin:light-orange", "sailor:pink"], 10),
        ([SH, "shell:grey", "shell:green", "penguin:pink"], 5),  # a tie: either way 5
    ])
    def test_a7_the_family_that_gains_most(self, hand, collectors):
        assert pts(*hand).collectors == collectors

    def test_a7_not_for_multipliers(self):
        b = pts(SH, "penguin-colony:green", "penguin:pink", "penguin:purple")
        assert (b.collectors, b.multipliers) == (5, 4)
        b = pts(SH, "captain:light-orange", "sailor:pink")
        assert (b.collectors, b.multipliers) == (5, 3)

    def test_a7_white_for_colour_bonus_and_mermaids(self):
        b = pts(SH, "mermaid:white", "crab:black")
        assert b.mermaids == 2 and b.colour_bonus == 2
        b = pts(SH, "mermaid:white", "mermaid:white", "shell:grey")
        assert b.mermaids == 3 + 1 and b.colour_bonus == 3

    def test_a7_never_played(self):
        s = es_state(2, hands=[[SH, "shell:grey", "mermaid:white", STAR, "crab:black"], []],
                     phase=Phase.PLAY)
        assert legal(s) == ["end"]

    def test_a7_works_from_a_revealed_hand(self):
        s = es_state(2, hands=[SEVEN, [SH, "sailor:pink"]], phase=Phase.PLAY,
                     piles=(["shell:grey"], ["shell:green"]))
        t = play(s, "last-chance", "take:1", "end")
        p1 = t.last_round["players"][1]
        assert p1["collectors"] == 5
        assert p1["hand"] == sorted(es_ids(SH, "sailor:pink", "shell:grey"))

    def test_a7_not_a_mermaid_for_the_four_mermaid_win(self):
        s = es_state(2, hands=[["mermaid:white"] * 3 + ["fish:black", "fish:green"], []],
                     piles=([SH], ["shell:grey"]), draw=["mermaid:white"])
        t = play(s, "take:1")
        assert t.phase == Phase.PLAY and t.result is None
        u = play(t, duo("fish:black", "fish:green"))  # the fourth real Mermaid
        assert u.phase == Phase.GAME_OVER
        assert u.result.termination == Termination.FOUR_MERMAIDS and u.result.winners == (0,)


# --------------------------------------------------------------------------- A.8


class TestA8InHandMatching:
    @pytest.mark.parametrize(("hand", "duos"), [
        (["lobster:black", "crab:black", "crab:green", "crab:grey"], 2),
        (["lobster:black", "crab:black", "crab:green"], 1),
        (["lobster:black", "crab:black"], 1),
        (["lobster:black"], 0),
        (["lobster:black", "boat:black", "shark:green"], 0),
        (["jellyfish:purple", "swimmer:black"], 1),
        (["jellyfish:purple", "swimmer:black", "shark:green"], 1),  # the Jellyfish takes it
        (["jellyfish:purple", "swimmer:black", "swimmer:yellow", "shark:green"], 2),
        (["jellyfish:purple", "jellyfish:pink", "swimmer:black"], 1),
        (["jellyfish:purple", "jellyfish:pink", "swimmer:black", "swimmer:yellow",
          "shark:green"], 2),
        (["jellyfish:purple", "jellyfish:pink"], 0),
        (["jellyfish:purple", "shark:green"], 0),
        (["lobster:black", "crab:black", "crab:green", "crab:grey", "jellyfish:purple",
          "swimmer:black", "fish:black", "fish:green", "boat:black", "boat:yellow"], 5),
    ])
    def test_a8_greedy_matching_examples(self, hand, duos):
        assert pts(*hand).duos == duos

    def test_a8_hand_pairs_use_hand_cards_only(self):
        assert pts("lobster:black", front=["crab:black", "crab:green"]).duos == 1
        assert pts("crab:grey", front=["crab:black", "lobster:black"]).duos == 1

    def test_a8_front_counts_duo_cards_by_two(self):
        assert pts(front=["crab:black", "lobster:black", "swimmer:black",
                          "jellyfish:purple"]).duos == 2

    def test_a8_in_hand_pairs_count_for_calling(self):
        s = es_state(2, hands=[[*OCT3, "lobster:black", "crab:black"], []], phase=Phase.PLAY)
        assert "stop" in legal(s) and "last-chance" in legal(s)
        s = es_state(2, hands=[[*OCT3, "lobster:black", "boat:black"], []], phase=Phase.PLAY)
        assert "stop" not in legal(s)


# --------------------------------------------------------------------------- part D


class TestPartD:
    def test_d_lobster_with_three_cards_in_the_deck(self):
        s = es_state(2, hands=[LOBSTER, []], phase=Phase.PLAY, leftover="pile1",
                     draw=["shell:grey", "octopus:green", "penguin:pink"])
        t = play(s, PLAY_LOBSTER)
        assert sorted(t.looked) == sorted(es_ids("shell:grey", "octopus:green",
                                                 "penguin:pink"))
        u = play(t, f"pick:{es_cid('octopus:green')}")
        assert u.hands[0] == [es_cid("octopus:green")]
        assert sorted(u.draw) == sorted(es_ids("shell:grey", "penguin:pink"))

    def test_d_lobster_with_an_empty_deck_no_effect_duo_on_the_table(self):
        s = es_state(2, hands=[LOBSTER, []], phase=Phase.PLAY, draw=[], leftover="pile1")
        t = play(s, PLAY_LOBSTER)
        assert t.fronts[0] == sorted(es_ids(*LOBSTER)) and t.hands[0] == []
        assert t.phase == Phase.PLAY and breakdown(t.hands[0], t.fronts[0]).duos == 1

    def test_d_trio_crab_crab_starfish_no_pick_worth_3(self):
        s = es_state(2, hands=[["crab:black", "crab:green", STAR], []], phase=Phase.PLAY,
                     piles=(["shell:grey"], ["mermaid:white"]))
        t = play(s, trio_of("crab:black", "crab:green", STAR))
        assert t.phase == Phase.PLAY and t.crab_pile == 0 and t.piles == s.piles
        assert breakdown(t.hands[0], t.fronts[0]).duos == 3

    def test_d_starfish_in_hand(self):
        assert pts(STAR, "starfish:dark-blue", "crab:black", "crab:green").duos == 1 + 2
        assert pts(STAR, "starfish:dark-blue", "crab:black", "crab:green",
                   front=["boat:black", "boat:yellow"]).duos == 1 + 2 + 1

    def test_d_seahorse(self):
        assert pts(SH, "sailor:pink").collectors == 5
        assert pts(SH, "penguin:pink", "penguin:purple", "penguin:light-orange").collectors == 5
        b = pts(SH, "penguin-colony:green", "penguin:pink", "penguin:purple")
        assert (b.collectors, b.multipliers) == (5, 4)

    def test_d_cast_of_crabs_two_crabs_and_lobster(self):
        assert pts("cast-of-crabs:green", "crab:black", "crab:green",
                   "lobster:black").multipliers == 2

    def test_d_jellyfish_and_last_chance(self):
        s = es_state(3, hands=[[*JELLY, *SEVEN], ["shell:grey"], ["shell:green"]],
                     phase=Phase.PLAY, piles=(["penguin:pink"], ["sailor:pink"]))
        t = play(s, PLAY_JELLY, "last-chance")
        sizes = [len(h) for h in t.hands]
        for seat in (1, 2):
            assert t.current == seat and legal(t) == ["draw"]
            t = play(t, "draw")
        assert t.last_round["end"] == "last-chance" and t.last_round["bet_won"] is True
        assert [len(p["hand"]) for p in t.last_round["players"]] == [
            sizes[0], sizes[1] + 1, sizes[2] + 1]

    def test_d_four_mermaid_win_needs_mermaids_not_the_seahorse(self):
        s = es_state(2, hands=[["mermaid:white"] * 3, []], piles=([SH], ["shell:grey"]),
                     draw=["mermaid:white"])
        t = play(s, "take:1")
        assert t.result is None and t.phase == Phase.PLAY
        u = play(s, "draw", f"keep:{es_cid('mermaid:white', 3)}:1")
        assert u.result is not None and u.result.winners == (0,)


# --------------------------------------------------------------------------- Decisions


class TestDecisions:
    def test_decision_1_jellyfish_player_is_never_forced(self):
        s = es_state(2, hands=[[*JELLY, "boat:black", "boat:yellow", "boat:dark-blue",
                                "boat:light-blue"], []], phase=Phase.PLAY,
                     piles=(["shell:grey", "shell:green"], ["fish:green"]))
        t = play(s, PLAY_JELLY, duo("boat:black", "boat:yellow"))
        assert t.forced == [False, True] and legal(t) == ["draw", "take:1", "take:2"]
        t = play(t, "take:1", duo("boat:dark-blue", "boat:light-blue"))
        assert t.extra_turn and t.current == 0 and "take:1" in legal(t)

    @pytest.mark.parametrize("n", [0, 1, 2, 4])
    def test_decision_2_lobster_takes_what_is_there(self, n):
        s = es_state(2, hands=[LOBSTER, []], phase=Phase.PLAY, draw=TOP5[:n],
                     leftover="pile1")
        t = play(s, PLAY_LOBSTER)  # never an error
        assert len(t.looked) == (n if n >= 2 else 0)
        assert len(t.hands[0]) == (1 if n == 1 else 0)
        if n >= 2:
            t = play(t, legal(t)[0])
        assert len(t.draw) == max(n - 1, 0) and every_card(t) == list(range(66))

    def test_decision_2_draw_with_one_card_left_takes_it(self):
        s = es_state(2, draw=["starfish:dark-blue"], leftover="pile1")
        t = play(s, "draw")
        assert t.hands[0] == [es_cid("starfish:dark-blue")] and t.drawn == []

    def test_decision_8_mermaid_win_on_a_forced_turn(self):
        s = es_state(2, hands=[[], ["mermaid:white"] * 3], draw=["mermaid:white"],
                     current=1, forced=[False, True], scores=[12, 3])
        t = play(s, "draw")
        assert t.phase == Phase.GAME_OVER
        assert t.result.termination == Termination.FOUR_MERMAIDS
        assert t.result.winners == (1,)
        assert t.result.scores == (12, 3) == tuple(t.scores)  # no score set to 100
        assert legal_actions(t) == []

    def test_decision_8_mermaid_win_from_a_lobster_pick(self):
        s = es_state(2, hands=[[*LOBSTER, *["mermaid:white"] * 3], []], phase=Phase.PLAY,
                     draw=["mermaid:white", "shell:grey"], scores=[5, 20])
        t = play(s, PLAY_LOBSTER)
        assert t.result is None
        u = play(t, f"pick:{es_cid('mermaid:white', 3)}")
        assert u.phase == Phase.GAME_OVER and u.result.winners == (0,)
        assert u.result.scores == (5, 20)

    def test_decision_8_mermaid_win_from_a_single_card_lobster(self):
        s = es_state(2, hands=[[*LOBSTER, *["mermaid:white"] * 3], []], phase=Phase.PLAY,
                     draw=["mermaid:white"], leftover="pile1")
        t = play(s, PLAY_LOBSTER)
        assert t.phase == Phase.GAME_OVER and t.result.winners == (0,)

    def test_decision_8_mermaid_win_in_a_forced_final_turn(self):
        s = es_state(3, hands=[[*JELLY, *SEVEN], ["mermaid:white"] * 3, []], phase=Phase.PLAY,
                     draw=["shell:grey", "mermaid:white"])
        t = play(s, PLAY_JELLY, "last-chance", "draw")
        assert t.phase == Phase.GAME_OVER and t.result.winners == (1,)
        assert t.last_round is None


# --------------------------------------------------------------------------- illegal actions


class TestIllegalActions:
    def play_state(self):
        return es_state(2, hands=[["crab:black", "crab:green", "swimmer:black",
                                   "jellyfish:purple", STAR, "starfish:dark-blue",
                                   "lobster:black"], ["shell:grey"]],
                        fronts=[["boat:black", "boat:yellow"], []], phase=Phase.PLAY,
                        piles=(["penguin:pink"], ["sailor:pink"]))

    def test_illegal_trios_leave_the_state_unchanged(self):
        s = self.play_state()
        crab, green = es_cid("crab:black"), es_cid("crab:green")
        sa, sb = es_cid(STAR), es_cid("starfish:dark-blue")
        boats = es_ids("boat:black", "boat:yellow")
        for text in (f"trio:{crab}+{sa}+{sb}",  # two starfish
                     f"trio:{sa}+{sb}+{crab}",
                     f"trio:{crab}+{green}+{es_cid('lobster:black')}",  # no starfish
                     f"trio:{crab}+{green}+{crab}",
                     f"trio:{boats[0]}+{boats[1]}+{sa}",  # a duo already in front
                     f"trio:{crab}+{es_cid('swimmer:black')}+{sa}",  # not a duo
                     f"trio:{crab}+{green}+{es_cid('starfish:light-blue')}"):  # not in hand
            assert_illegal(s, text, "R4.2")

    def test_illegal_duo_parameters_for_lobster_and_jellyfish(self):
        s = self.play_state()
        assert_illegal(s, duo(*LOBSTER, arg=":pile=1"), "R4.2")
        assert_illegal(s, duo(*JELLY, arg=":seat=1"), "R4.2")
        assert_illegal(s, duo("lobster:black", "jellyfish:purple"), "R4.2")

    def test_illegal_on_a_forced_turn(self):
        s = es_state(2, hands=[[], ["crab:black", "crab:green", *OCT3]], current=1,
                     forced=[False, True], piles=(["shell:grey"], ["penguin:pink"]))
        for text in ("take:1", "take:2", "end", "stop", "last-chance",
                     duo("crab:black", "crab:green", arg=":pile=1"),
                     f"keep:{s.draw[-1]}:1", f"pick:{s.draw[-1]}"):
            assert_illegal(s, text, "A.3")

    def test_illegal_during_a_lobster_pick(self):
        s = es_state(2, hands=[[*LOBSTER, STAR, "crab:green"], []], phase=Phase.PLAY,
                     piles=(["shell:green"], []), draw=TOP5)
        t = play(s, PLAY_LOBSTER)
        for text in ("end", "draw", "take:1", f"pick:{es_cid('shell:green')}",
                     f"pick:{es_cid('crab:green')}", f"keep:{t.looked[0]}:1", "stop"):
            assert_illegal(t, text, "A.4")

    def test_illegal_after_the_game(self):
        s = es_state(2, hands=[[], ["mermaid:white"] * 3], draw=["mermaid:white"],
                     current=1, forced=[False, True])
        t = play(s, "draw")
        assert_illegal(t, "draw", "R10")
