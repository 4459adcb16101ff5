"""The round-over blocks, the bet sentence, the tie-break words and the game's figures
(docs/rules.md R6.1, R6.2, R6.4, R7.1, R10.2; presenter: results.py, stats.py)."""

from __future__ import annotations

import pytest

from seasalt.ssp.present.results import bet_sentence, game_result, player_block, round_result
from seasalt.ssp.present.stats import game_summary, player_stats, watch_texts
from seasalt.ssp.round_end import score_round
from seasalt.ssp.state import Call
from seasalt.web.settings import Settings
from seasalt.web.table import Table
from tests.ssp.conftest import make_state

NAMES = ["Ann", "Bob"]


def scored(call: Call, hands: list[list[str]]) -> dict:
    s = make_state(len(hands), hands=hands, call=call, current=0)
    s.caller = 0
    score_round(s)
    return s.last_round


def test_after_stop_no_colour_bonus_is_shown() -> None:
    """R6.1: after STOP nobody scores the colour bonus: no block shows it."""
    r = scored(Call.STOP, [["crab:dark-blue", "crab:light-blue", "mermaid:white"],
                           ["shell:black", "shell:yellow"]])
    words = round_result(r, NAMES)
    for row in words["rows"]:
        assert row["bonus"] is None
        assert row["card_points"]["counts"] and row["card_points"]["note"] == ""
    assert words["bet"] == ""


def test_blocks_group_cards_by_part_with_mermaid_colours() -> None:
    """R7.1: duos, Mermaids (each with its colour), collectors; points add up."""
    r = scored(Call.STOP, [["crab:dark-blue", "crab:light-blue", "mermaid:white",
                            "boat:dark-blue"], ["shell:black", "shell:yellow"]])
    b = player_block(r, 0)
    parts = {p["part"]: p for p in b["parts"]}
    assert list(parts) == ["duos", "mermaids", "none"]
    assert parts["duos"]["items"][0]["note"] == "pair in hand"
    assert parts["mermaids"]["items"][0]["note"] == "counts dark blue (2)"
    assert sum(p["points"] for p in b["parts"]) == r["players"][0]["card_points"]
    score, total = r["players"][0]["round_score"], r["players"][0]["total"]
    assert b["sum"] == (f"{score} point{'' if score == 1 else 's'} this round · total {total}")
    shells = player_block(r, 1)["parts"][0]
    assert shells["label"] == "Collectors" and shells["items"][0]["note"] == "Shell ×2"


@pytest.mark.parametrize("won", [True, False])
def test_last_chance_bet_in_one_sentence(won: bool) -> None:
    """R6.2: the sentence gives both card points and the outcome; the colour bonus shows
    only for those who score it."""
    mine = ["shell:black", "shell:yellow", "shell:green"] if won else ["crab:dark-blue"]
    r = scored(Call.LAST_CHANCE, [mine, ["fish:black", "fish:yellow", "crab:yellow"]])
    mine_pts, theirs = (r["players"][i]["card_points"] for i in (0, 1))
    text = bet_sentence(r, NAMES)
    assert text == (f"Ann bet with {mine_pts} card points; the best opponent had {theirs} "
                    f"(Bob): the bet is {'won' if won else 'lost'}.")
    assert bet_sentence(r, NAMES, seat=0).startswith("You bet with")
    caller, other = player_block(r, 0), player_block(r, 1)
    assert caller["bonus"] is not None and caller["bonus"]["note"]
    assert (other["bonus"] is not None) is won
    assert (caller["card_points"]["note"] == "not scored") is (not won)
    assert (other["card_points"]["note"] == "not scored") is won


@pytest.mark.parametrize(("how", "winners", "expected"), [
    ("ender", [1], "Tied on 40 points: Bob ended the last round, which breaks the tie."),
    ("last-round", [0], "Tied on 40 points: Ann scored most in the last round, which "
                        "breaks the tie."),
    ("shared", [0, 1], "Tied on 40 points, and on the last round's score too: the victory "
                       "is shared."),
    (None, [0], ""),
])
def test_tie_break_used_is_said(how, winners, expected) -> None:
    """R10.2: the game-over screen names the tie-break step the engine used."""
    outcome = {"termination": "target", "scores": [40, 40], "winners": winners}
    log = [{"type": "game-over", "seat": 1, "tie_break": how, **outcome}]
    assert game_result(outcome, NAMES, log=log)["tie_break"] == expected


def finished_game(seed: int) -> Table:
    t = Table.new(Settings(seats=["easy", "easy"], names=NAMES, seed=seed, speed="instant"))
    while not t.over:
        while not t.bot_step(1.0):
            pass
    return t


def test_game_summary_from_a_whole_bot_game() -> None:
    """The rounds table, the chart's totals and the figures read from the game's log."""
    t = finished_game(5)
    v = t.view(None)
    g = game_summary(v["log"], v["names"], v["target"])
    ends = [e for e in v["log"] if e["type"] == "round-end"]
    assert len(g["rounds"]["rows"]) == len(ends) > 0
    assert g["rounds"]["columns"][2:] == NAMES
    last = g["rounds"]["rows"][-1]["cells"]
    assert [c["total"] for c in last] == [p["total"] for p in ends[-1]["result"]["players"]]
    series = g["chart"]["series"]
    assert [s["totals"][0] for s in series] == [0, 0]
    if v["outcome"]["termination"] == "target":
        assert [s["totals"][-1] for s in series] == list(v["outcome"]["scores"])
    assert g["chart"]["max"] >= max(v["outcome"]["scores"])
    rows = {r["key"]: r["cells"] for r in g["stats"]["rows"]}
    turns = [e for e in v["log"] if e["type"] in ("draw-two", "draw-last", "take")]
    assert sum(int(x) for x in rows["deck"] + rows["discard"]) >= len(turns)
    duos = [e for e in v["log"] if e["type"] == "duo"]
    assert sum(int(x) for k, cells in rows.items() if k.startswith("duo-")
               for x in cells) == len(duos)


def test_player_stats_count_each_event_kind() -> None:
    """Draws, takes, duos by kind, calls and bets, from log events."""
    log = [{"type": "draw-two", "seat": 0}, {"type": "take", "seat": 1, "pile": 1},
           {"type": "take", "seat": 1, "pile": 2}, {"type": "forced-draw", "seat": 0},
           {"type": "forced-draw", "seat": 1, "empty": True},
           {"type": "duo", "seat": 0, "effect": "crab"}, {"type": "trio", "seat": 0},
           {"type": "last-chance", "seat": 1}, {"type": "stop", "seat": 0},
           {"type": "round-end", "seat": 1, "result": {
               "end": "last-chance", "caller": 1, "bet_won": False,
               "players": [{"round_score": 9}, {"round_score": 2}]}}]
    a, b = player_stats(log, 2)
    assert (a["deck"], a["discard"], b["deck"], b["discard"]) == (2, 0, 0, 2)
    assert a["duos"] == {"crab": 1, "trio": 1}
    assert (a["stop"], b["last_chance"], b["bets_lost"], b["bets_won"]) == (1, 1, 1, 0)
    assert (a["best_round"], b["best_round"]) == (9, 2)


def test_watch_texts_name_every_control() -> None:
    """The watch bar's words come from the presenter."""
    w = watch_texts()
    assert {"pause", "resume", "step", "label"} <= set(w) and all(w.values())


def test_search_states_give_the_same_result() -> None:
    """A state without a log (bots' search) scores the round to the same result."""
    hands = [["crab:dark-blue", "crab:light-blue"], ["shell:black"]]
    results = []
    for log in (True, False):
        s = make_state(2, hands=hands, call=Call.STOP, current=0)
        s.caller = 0
        if not log:
            s.log = None
        score_round(s)
        results.append(s.last_round)
    assert results[0] == results[1]
    assert player_block(results[1], 0)["parts"][0]["points"] == 1


@pytest.mark.parametrize(("lang", "one", "four"), [
    ("en", "1 point this round · total 9", "4 points this round · total 4"),
    ("fr", "1 point cette manche · total 9", "4 points cette manche · total 4"),
    ("nl", "1 punt deze ronde · totaal 9", "4 punten deze ronde · totaal 4"),
    ("tr", "Bu tur 1 puan · toplam 9", "Bu tur 4 puan · toplam 4"),
])
def test_a_blocks_sum_says_the_rounds_points_then_the_total(lang, one, four) -> None:
    """Not "Round 4 · total 4": the round's number is not what the line gives."""
    from seasalt import i18n
    from seasalt.ssp.present.results import round_sum

    with i18n.temporary_language():
        i18n.set_language(lang)
        assert round_sum(1, 9) == one
        assert round_sum(4, 4) == four


@pytest.mark.parametrize(("lang", "shorts"), [("en", ["P1", "P2"]), ("fr", ["J1", "J2"]),
                                              ("nl", ["S1", "S2"]), ("tr", ["O1", "O2"])])
def test_the_figures_give_short_names_for_narrow_columns(lang, shorts) -> None:
    """Issue 41: each seat's short name for the figures' column headings (the page
    shows them, with a key, where the names do not fit), and each round's end worded
    with them (``STOP: P2``) beside those headings."""
    from seasalt import i18n

    t = finished_game(5)
    v = t.view(None)
    with i18n.temporary_language():
        i18n.set_language(lang)
        g = game_summary(v["log"], v["names"], v["target"])
    assert g["rounds"]["shorts"] == g["stats"]["shorts"] == shorts
    for row in g["rounds"]["rows"]:
        assert not any(name in row["end_short"] for name in NAMES), row
        callers = [i for i, name in enumerate(NAMES) if name in row["end"]]
        assert row["end_short"] == (row["end"].replace(NAMES[callers[0]], shorts[callers[0]])
                                    if callers else row["end"])  # the draw pile empty
