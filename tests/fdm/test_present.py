"""Fruits de mer's presenter: the page payload's keys and words, one sentence per
resolution step (the spec's worked example included), log lines that never name a
hidden card, the shared victory, the rules page and the bot levels' sentences."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from seasalt import i18n
from seasalt.fdm.cards import PLAYER_KINDS, Kind
from seasalt.fdm.game import GAME
from seasalt.fdm.present import (
    game_result,
    help_content,
    level_descriptions,
    log_lines,
    payload,
    steps_texts,
    victory_sentence,
)
from seasalt.fdm.present.help import SECTION_IDS
from seasalt.fdm.present.page import TEXT_KEYS
from seasalt.fdm.resolve import resolve
from seasalt.fdm.state import State, current_player
from seasalt.fdm.view import view
from tests.fdm.helpers import game_with_bait, play_round

NAMES = ["Ann", "Bob", "Carl", "Dan", "Eve"]
KINDS = ["human", "hard", "greedy", "easy", "human"]
TOP_KEYS = {"game", "title", "ply", "seat", "current", "players", "names", "kinds", "speed",
            "round", "rounds", "over", "legal", "options", "bait", "aside_text", "seats",
            "hand", "prompt", "my_choice", "last", "table", "log_lines", "texts", "undo"}
SEAT_KEYS = {"seat", "name", "who", "colour", "colour_name", "score", "score_text", "hand",
             "hand_size", "hand_text", "removed", "removed_text", "status", "status_text",
             "played", "played_name", "is_viewer", "aria"}
HAND_KEYS = {"kind", "name", "count", "rule", "code", "legal", "label"}


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def pay(s: State, seat: int | None, n: int | None = None) -> dict[str, Any]:
    n = n or s.players
    return payload(view(s, seat, log=True), NAMES[:n], KINDS[:n], "normal")


def texts(bait: Kind, plays: Sequence[Kind | None], viewer: int | None = None,
          names: Sequence[str] = NAMES) -> list[str]:
    return steps_texts(resolve(bait, plays).to_dict(), list(names), viewer)


def random_game(players: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    s = GAME.new_game(players, seed)
    states = [s]
    while GAME.outcome(s) is None:
        s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
        states.append(s)
    return states


class TestPayload:
    def test_keys_and_words_at_the_start(self) -> None:
        s = game_with_bait(3, Kind.SHRIMP)
        p = pay(s, 0)
        assert set(p) == TOP_KEYS
        json.dumps(p)
        assert p["game"] == "fruits-de-mer" and p["title"] == "Fruits de mer"
        assert (p["round"], p["rounds"], p["over"], p["options"]) == (1, 9, False, {})
        assert p["legal"] == [k.value for k in PLAYER_KINDS]
        assert p["bait"] == {"kind": "shrimp", "name": "Shrimp", "left": 8,
                             "left_text": "8 bait cards left in the bait pile"}
        assert p["aside_text"] == "3 bait cards set aside, unseen"
        assert p["prompt"] == {
            "title": "Round 1 of 9 · Bait: Shrimp",
            "text": "Choose a card in secret: the others cannot see it until everybody has "
                    "chosen."}
        assert p["my_choice"] is None and p["last"] is None
        assert set(p["texts"]) == set(TEXT_KEYS)
        assert p["texts"]["hidden_card"] == "a hidden card"
        assert p["texts"]["bait_pile"] == "Bait pile" and p["texts"]["centre"] == "Centre"

    def test_seats_and_hand(self) -> None:
        p = pay(game_with_bait(3, Kind.SHRIMP), 0)
        seats = p["seats"]
        assert all(set(x) == SEAT_KEYS for x in seats)
        assert [x["colour"] for x in seats] == ["red", "yellow", "cyan"]
        assert [x["who"] for x in seats] == ["Human", "Hard bot", "Greedy bot"]
        assert [x["status"] for x in seats] == ["choosing", "waiting", "waiting"]
        assert seats[0]["is_viewer"] and not seats[1]["is_viewer"]
        assert [h["kind"] for h in seats[1]["hand"]] == [k.value for k in PLAYER_KINDS]
        assert seats[1]["hand_text"] == "Shrimp ×2, Mackerel, Tuna, Shark, Fisher, Warden"
        assert seats[0]["hand_size"] == 7 and seats[0]["score_text"] == "0 points"
        hand = p["hand"]
        assert all(set(h) == HAND_KEYS for h in hand)
        tuna = next(h for h in hand if h["kind"] == "tuna")
        assert tuna == {"kind": "tuna", "name": "Tuna", "count": 1, "code": "tuna",
                        "legal": True, "label": "Play Tuna in secret",
                        "rule": "Eats Mackerel. Eaten by a Shark."}
        assert hand[0]["count"] == 2

    def test_waiting_and_my_choice(self) -> None:
        s = GAME.apply(game_with_bait(3, Kind.SHRIMP), Kind.TUNA)
        mine = pay(s, 0)
        assert mine["my_choice"] == {"kind": "tuna", "name": "Tuna",
                                     "text": "You chose Tuna. Waiting for the others."}
        assert mine["prompt"]["text"] == "Waiting for Bob and Carl."
        assert mine["legal"] == [] and all(not h["legal"] for h in mine["hand"])
        assert [x["status_text"] for x in mine["seats"]] == ["Chosen", "Choosing…",
                                                              "Still to choose"]
        later = pay(s, 2)
        assert later["prompt"]["text"] == "Waiting for Bob."
        # a seat still to choose waits for the seat choosing now, not for itself
        assert pay(game_with_bait(3, Kind.SHRIMP), 2)["prompt"]["text"] == "Waiting for Ann."
        assert later["my_choice"] is None
        spectator = pay(s, None)
        assert spectator["hand"] == [] and spectator["seat"] is None
        assert spectator["prompt"]["text"] == "Waiting for Bob and Carl."

    def test_hot_seat_names_the_person_choosing(self) -> None:
        """Several people at one device: the choice names who holds it; one person
        and bots: the plain sentence."""
        s = GAME.apply(game_with_bait(3, Kind.SHRIMP), Kind.TUNA)
        both = payload(view(s, 1, log=True), NAMES[:3], ["human", "human", "easy"], "normal")
        assert both["prompt"]["text"] == (
            "Bob, choose a card in secret: the others cannot see it until everybody has "
            "chosen.")
        alone = payload(view(s, 1, log=True), NAMES[:3], ["easy", "human", "easy"], "normal")
        assert alone["prompt"]["text"].startswith("Choose a card in secret")

    def test_last_round_and_table(self) -> None:
        s = play_round(game_with_bait(4, Kind.SHRIMP),
                       [Kind.SHRIMP, Kind.MACKEREL, Kind.TUNA, Kind.FISHER])
        p = pay(s, 1)
        last = p["last"]
        assert last["round"] == 1 and last["bait"] == {"kind": "shrimp", "name": "Shrimp"}
        assert last["plays"][2] == {"seat": 2, "kind": "tuna", "name": "Tuna",
                                    "text": "Carl: Tuna"}
        assert [st["type"] for st in last["steps"]] == ["spawn", "eat", "eat", "fisher",
                                                        "back"]
        assert last["steps"][1]["text"] == "Your Mackerel eats Ann's Shrimp and goes to the centre."
        assert last["steps"][1]["cards"] == [[1, "mackerel"]]
        assert last["steps"][1]["eaten"] == [[0, "shrimp"]]
        assert [st["centre"] for st in last["steps"]] == [
            [[0, "shrimp"]], [[1, "mackerel"]], [[2, "tuna"]], [], []]
        assert [st["removed"] for st in last["steps"]] == [
            [], [[0, "shrimp"]], [[1, "mackerel"]], [[2, "tuna"]], []]
        assert last["summary"] == "Round 1: Dan scores 1."
        assert last["removed_text"] == ("Removed from the game: Ann's Shrimp, your Mackerel, "
                                        "Carl's Tuna.")
        assert [x["played"] for x in p["seats"]] == ["shrimp", "mackerel", "tuna", "fisher"]
        table = p["table"]
        assert table["columns"] == NAMES[:4]
        assert table["rows"] == [{"round": 1, "bait": "Shrimp", "bait_kind": "shrimp",
                                  "points": [0, 0, 0, 1], "totals": [0, 0, 0, 1]}]
        assert table["caption"] == "Scores after each round"
        assert p["seats"][0]["removed_text"] == "Removed from the game: Shrimp"
        lines = [x["text"] for x in p["log_lines"]]
        assert lines[0] == "Round 1 of 9 begins. Bait: Shrimp."
        assert p["log_lines"][0]["round"] and not p["log_lines"][1]["round"]
        assert "Revealed: Ann: Shrimp; You: Mackerel; Carl: Tuna; Dan: Fisher." in lines
        assert "Dan's Fisher catches Carl's Tuna, removed from the game. Dan scores 1." in lines
        assert "Scores after round 1: Ann 0, Bob 0, Carl 0, Dan 1." in lines

    def test_game_over(self) -> None:
        s = random_game(5, 3)[-1]
        p = pay(s, 4)
        assert set(p) == TOP_KEYS | {"result"}
        assert p["over"] and p["bait"] is None and p["legal"] == [] and p["my_choice"] is None
        assert not any(h["legal"] for h in p["hand"])
        assert len(p["table"]["rows"]) == 9
        assert p["prompt"]["title"] == "Game over"
        assert p["prompt"]["text"] == p["result"]["title"]
        assert all(x["status"] == "done" and x["status_text"] == "" for x in p["seats"])
        scores = list(s.scores)
        assert p["result"]["winners"] == [i for i, v in enumerate(scores) if v == max(scores)]
        assert len(p["result"]["lines"]) == 5
        assert p["log_lines"][-1]["text"] == p["result"]["title"]


class TestSteps:
    def test_the_worked_example(self) -> None:
        assert texts(Kind.SHRIMP, [Kind.SHRIMP, Kind.MACKEREL, Kind.TUNA, Kind.FISHER]) == [
            "Spawning: Ann's Shrimp goes to the centre.",
            "Bob's Mackerel eats Ann's Shrimp and goes to the centre.",
            "Carl's Tuna eats Bob's Mackerel and goes to the centre.",
            "Dan's Fisher catches Carl's Tuna, removed from the game. Dan scores 1.",
            "Back in hand: Dan's Fisher.",
        ]

    def test_arrest(self) -> None:
        assert texts(Kind.SHRIMP, [Kind.WARDEN, Kind.FISHER, Kind.SHRIMP]) == [
            "Arrest: Ann's Warden catches Bob's Fisher, removed from the game. Ann scores 1.",
            "Back in hand: Ann's Warden, Carl's Shrimp.",
        ]
        assert texts(Kind.SEAWEED, [Kind.WARDEN, Kind.FISHER, Kind.WARDEN, Kind.FISHER])[0] == (
            "Arrest: Ann's Warden and Carl's Warden catch Bob's Fisher and Dan's Fisher, "
            "removed from the game. Ann and Carl score 1 each.")

    def test_spawning_and_the_centre_scores(self) -> None:
        assert texts(Kind.MACKEREL, [Kind.MACKEREL, Kind.MACKEREL, Kind.WARDEN]) == [
            "Spawning: Ann's Mackerel and Bob's Mackerel go to the centre.",
            "No Fisher: Ann's Mackerel and Bob's Mackerel stay in the centre. Ann and Bob "
            "score 1 each.",
            "Back in hand: Ann's Mackerel, Bob's Mackerel, Carl's Warden.",
        ]

    def test_a_predator_of_the_bait_eats_the_bait(self) -> None:
        assert texts(Kind.SEAWEED, [Kind.SHRIMP, Kind.SHRIMP])[0] == (
            "Ann's Shrimp and Bob's Shrimp eat the Seaweed bait and go to the centre.")
        assert texts(Kind.SHRIMP, [Kind.FISHER, Kind.MACKEREL])[:2] == [
            "Bob's Mackerel eats the Shrimp bait and goes to the centre.",
            "Ann's Fisher catches Bob's Mackerel, removed from the game. Ann scores 1."]

    def test_nothing_moved(self) -> None:
        assert texts(Kind.SEAWEED, [Kind.TUNA, Kind.SHARK, None]) == [
            "Nothing moved: every card goes back and nobody scores.",
            "Back in hand: Ann's Tuna, Bob's Shark.",
        ]

    def test_the_reader_is_you(self) -> None:
        assert texts(Kind.SHRIMP, [Kind.SHRIMP, Kind.FISHER], viewer=0) == [
            "Spawning: your Shrimp goes to the centre.",
            "Bob's Fisher catches your Shrimp, removed from the game. Bob scores 1.",
            "Back in hand: Bob's Fisher."]
        assert texts(Kind.SHRIMP, [Kind.SHRIMP, Kind.FISHER], viewer=1)[1] == (
            "Your Fisher catches Ann's Shrimp, removed from the game. You score 1.")
        # the only person's default name speaks to the reader on a public screen too
        assert texts(Kind.MACKEREL, [Kind.MACKEREL, Kind.MACKEREL], None,
                     ["You", "Bob"])[1] == ("No Fisher: your Mackerel and Bob's Mackerel stay "
                                            "in the centre. You and Bob score 1 each.")


class TestHiddenCards:
    def test_another_seats_choice_never_changes_a_payload(self) -> None:
        """For a seat that has not seen the reveal, a payload is the same whatever card
        an earlier seat committed: no word, count or code of it leaks (the log too)."""
        checked = 0
        for seed in range(12):
            n = 2 + seed % 4
            rng = random.Random(seed)
            s = GAME.new_game(n, seed)
            while GAME.outcome(s) is None:
                seat = current_player(s)
                legal = GAME.legal_actions(s)
                choice = rng.choice(legal)
                if seat < n - 1 and len(legal) > 1:
                    other = rng.choice([k for k in legal if k != choice])
                    a, b = GAME.apply(s, choice), GAME.apply(s, other)
                    for viewer in [None, *[i for i in range(n) if i != seat]]:
                        pa, pb = pay(a, viewer), pay(b, viewer)
                        assert pa == pb, (seed, s.ply, viewer)
                        checked += 1
                    mine = json.dumps(pay(a, seat))
                    assert f"You chose {choice.value.capitalize()}." in mine
                s = GAME.apply(s, choice)
        assert checked > 300

    def test_log_lines_name_only_ones_own_choice(self) -> None:
        events = [{"type": "choose", "seat": 0, "round": 1, "kind": "tuna"},
                  {"type": "choose", "seat": 1, "round": 1}]
        assert [x["text"] for x in log_lines(events, NAMES, 0)] == [
            "You choose Tuna in secret.", "Bob chooses a card in secret."]
        # an event that still carries a kind names it to its own seat only
        assert [x["text"] for x in log_lines(events[:1], NAMES, 1)] == [
            "Ann chooses a card in secret."]
        assert [x["text"] for x in log_lines(events[:1], NAMES, None)] == [
            "Ann chooses a card in secret."]


class TestResults:
    def test_shared_victory(self) -> None:
        outcome = {"winners": [0, 2], "scores": [3, 1, 3]}
        assert game_result(outcome, NAMES)["title"] == (
            "Ann and Carl share the victory with 3 points each!")
        assert game_result(outcome, NAMES, 2)["title"] == (
            "Ann and you share the victory with 3 points each!")
        assert game_result(outcome, NAMES, 0)["title"] == (
            "You and Carl share the victory with 3 points each!")
        r = game_result(outcome, NAMES)
        assert r["lines"] == ["Ann: 3 points", "Carl: 3 points", "Bob: 1 point"]
        assert [x["winner"] for x in r["standings"]] == [True, True, False]
        assert [x["rank"] for x in r["standings"]] == [1, 1, 3]

    def test_equal_points_share_a_place(self) -> None:
        r = game_result({"winners": [1], "scores": [2, 3, 2, 0, 2]})
        assert [(x["seat"], x["rank"]) for x in r["standings"]] == [
            (1, 1), (0, 2), (2, 2), (4, 2), (3, 5)]

    def test_one_winner(self) -> None:
        assert victory_sentence([1], [0, 1], NAMES) == "Bob wins with 1 point!"
        assert victory_sentence([1], [0, 4], NAMES, 1) == "You win with 4 points!"
        assert victory_sentence([0], [2, 1], ["You", "Bob"]) == "You win with 2 points!"


class TestHelp:
    def test_sections_and_the_example(self) -> None:
        sections = help_content()
        assert [s["id"] for s in sections] == list(SECTION_IDS)
        kinds = {"p", "list", "cards", "shortcuts"}
        assert all(b["type"] in kinds for s in sections for b in s["blocks"])
        cards = [b for s in sections for b in s["blocks"] if b["type"] == "cards"]
        assert [(r["name"], r["count"]) for r in cards[0]["rows"]] == [
            ("Seaweed", "4"), ("Shrimp", "4"), ("Mackerel", "4")]
        assert [(r["name"], r["count"]) for r in cards[1]["rows"]] == [
            ("Shrimp", "10"), ("Mackerel", "5"), ("Tuna", "5"), ("Shark", "5"),
            ("Fisher", "5"), ("Warden", "5")]
        assert [c["name"] for c in cards[1]["rows"][0]["colours"]] == [
            "red", "yellow", "cyan", "green", "magenta"]
        example = next(s for s in sections if s["id"] == "example")
        steps = next(b for b in example["blocks"] if b["type"] == "list")["items"]
        assert steps == texts(Kind.SHRIMP, [Kind.SHRIMP, Kind.MACKEREL, Kind.TUNA,
                                            Kind.FISHER], names=["Ann", "Bob", "Carl", "Dan"])
        words = json.dumps(sections)
        for word in ("Arrest", "Spawning", "removed from the game", "shared victory"):
            assert word in words

    def test_level_descriptions(self) -> None:
        levels = level_descriptions()
        assert set(levels) == {"easy", "medium", "hard"}
        for text in levels.values():
            assert text.endswith(".")
            assert "duo" not in text.lower() and "STOP" not in text


def test_payload_speaks_the_installed_language(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.ssp.test_present import write_mo

    write_mo(tmp_path / "fr" / "LC_MESSAGES" / "seasalt.mo", {
        "Tuna": "Thon", "Play {card} in secret": "Jouer {card} en secret",
        "{count} bait card left in the bait pile\x00{count} bait cards left in the bait pile":
            ["{count} carte appât dans la pioche", "{count} cartes appât dans la pioche"],
    }, "nplurals=2; plural=(n > 1);")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    assert i18n.set_language("fr") == "fr"
    p = pay(game_with_bait(2, Kind.SHRIMP), 0)
    tuna = next(h for h in p["hand"] if h["kind"] == "tuna")
    assert (tuna["name"], tuna["label"]) == ("Thon", "Jouer Thon en secret")
    assert p["bait"]["left_text"] == "8 cartes appât dans la pioche"
