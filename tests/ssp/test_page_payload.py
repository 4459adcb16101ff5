"""Sea Salt & Paper's page payload (seasalt.ssp.present.page_payload): its keys, its
words in the language in use, the parts worded for the page's selection, a JSON round
trip, and no card of another seat's hidden hand or of the draw pile in any seat's
payload (docs/rules.md R5) over random games of every option mix."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from seasalt import i18n
from seasalt.ssp.legal import points_of
from seasalt.ssp.present import page_payload
from seasalt.ssp.present.table import UI_TEXTS
from seasalt.ssp.state import Phase, apply, legal_actions, new_game
from seasalt.ssp.view import View, view
from seasalt.web.games import SSP
from seasalt.web.settings import Settings
from seasalt.web.table import Table
from tests.ssp.conftest import view_cards

NAMES = ["Ann", "Bob", "Cy"]
KINDS = ["human", "hard", "easy"]
#: Every key the payload adds to the view's fields (the module docstring's).
ADDED = {"names", "kinds", "speed", "extra_salt", "extra_pepper", "deck_size", "event_info",
         "log_lines", "handout", "reader", "game", "texts", "header", "seats", "selection",
         "pile_actions", "hand_select", "prompt", "points_panel", "colour_panel", "undo",
         "last_chance", "moves", "touched", "motion_ms"}
OPTIONS = [{}, {"extra_salt": True}, {"extra_pepper": True},
           {"extra_salt": True, "extra_pepper": True, "double_target": True}]


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def table(seed: int = 5, **options: bool) -> Table:
    """A table of a person and two bots (no bot is run: tests submit for every seat)."""
    return Table.new(Settings(seats=["you", "hard", "easy"], names=NAMES, seed=seed,
                                      **options))


def to_draw(t: Table) -> int:
    """Play the first legal action of each seat until the person (seat 0) is to draw,
    with cards in hand and a discard pile to take from; returns 0."""
    while True:
        seat = t.current
        v = t.view(seat)
        if seat == 0 and v["phase"] == "draw" and v["hand"] and any(
                x["kind"] == "take" for x in v["legal"]):
            return seat
        t.submit(seat, t.ply, v["legal"][0]["code"])


class TestKeys:
    def test_every_key_of_a_seat_and_a_spectator(self) -> None:
        t = table()
        seat = to_draw(t)
        fields = set(View.__dataclass_fields__)
        for who in (seat, None):
            p = t.view(who)
            assert set(p) == fields | ADDED, who
            assert p["game"] == SSP
            assert len(p["seats"]) == len(p["pile_actions"]) + 0 == 3
            assert [s["name"] for s in p["seats"]] == NAMES
            assert set(p["texts"]) == set(UI_TEXTS)
            assert p["prompt"]["title"]

    def test_the_seat_to_move_gets_its_choices(self) -> None:
        t = table()
        seat = to_draw(t)
        p = t.view(seat)
        assert p["prompt"]["title"] == "Your turn"
        draw, one, two = p["pile_actions"]
        assert (draw["name"], draw["code"], draw["key"]) == ("Draw pile", "draw", "d")
        assert draw["count"] == f"{p['draw_size']} cards"
        assert {one["name"], two["name"]} == {"Discard 1", "Discard 2"}
        assert [c["card"] for c in p["hand_select"]["cards"]] == list(p["hand"]) != []
        assert p["points_panel"]["label"] == "Card points"
        assert p["undo"] is None  # nothing of this turn to take back yet
        other = t.view(None)
        assert other["points_panel"] is None and other["colour_panel"]["colours"] == []
        assert [c["code"] for c in other["pile_actions"]] == [None, None, None]

    def test_undo_is_offered_exactly_when_the_table_allows_it(self) -> None:
        t = table(3)
        rng = random.Random(3)
        seen = set()
        for _ in range(300):
            if t.over:
                break
            seat = t.current
            p = t.view(seat)
            offered = p["undo"] is not None
            assert offered == (seat == 0 and t.can_undo()), t.ply
            if offered:
                assert p["undo"]["key"] == "u"
                assert p["undo"]["title"].startswith("Take back: ")
            assert t.view(None)["undo"] is None  # a spectator takes nothing back
            seen.add(offered)
            t.submit(seat, t.ply, rng.choice(p["legal"])["code"])
        assert seen == {True, False}

    def test_badges_and_labels(self) -> None:
        t = table()
        seat = to_draw(t)
        p = t.view(seat)
        assert [b["kind"] for b in p["seats"][seat]["badges"]] == ["turn"]
        assert p["seats"][1]["kind_label"] == "Hard bot"
        assert p["seats"][1]["hand_label"].endswith((" card in hand", " cards in hand"))
        assert p["header"][:2] == ["Round 1", "target 35 points"]  # 3 players (R2)


class TestSelection:
    def test_the_keep_step_follows_the_drawn_card_chosen(self) -> None:
        t = table()
        seat = to_draw(t)
        t.submit(seat, t.ply, "draw")
        plain = t.view(seat)
        keep = plain["drawn"][0]
        chosen = t.view(seat, [keep])
        assert chosen["selection"] == [keep]
        assert [p["code"] for p in plain["pile_actions"][1:]] == [None, None]
        assert any(p["code"] and p["hint"].startswith("Discard ")
                   for p in chosen["pile_actions"][1:])
        choices = next(x for x in chosen["prompt"]["parts"] if x["type"] == "keep")["choices"]
        assert [c["description"].endswith(", selected") for c in choices] == [True, False]
        assert plain["prompt"] != chosen["prompt"]

    def test_hand_cards_say_their_state(self) -> None:
        for seed in range(40):  # a seat in its play step with a duo to play
            t = table(seed)
            for _ in range(200):
                seat = t.current
                v = t.view(seat)
                duo = next((x for x in v["legal"] if x["kind"] == "duo"), None)
                if duo is not None:
                    break
                t.submit(seat, t.ply, v["legal"][0]["code"])
            if duo is not None:
                break
        assert duo is not None
        first = duo["cards"][0]
        p = t.view(seat, [first])
        states = {c["card"]: c for c in p["hand_select"]["cards"]}
        assert states[first]["state"] == "selected" and states[first]["selected"]
        assert states[first]["description"].endswith(", selected")
        assert states[duo["cards"][1]]["state"] == "can-play"
        assert states[duo["cards"][1]]["description"].endswith(", playable")
        assert p["prompt"]["parts"][0]["text"] in ("Select a second card for the duo.",
                                                   "Select the two cards of a duo to go "
                                                   "with it.")


class TestWords:
    def test_french(self) -> None:
        i18n.set_language("fr")
        t = table()
        seat = to_draw(t)
        p = t.view(seat)
        assert p["texts"]["your-hand"] == "Votre main"
        assert p["pile_actions"][1]["name"] == "Défausse\u00a01"
        assert p["header"][0] == "Manche 1"
        assert p["seats"][1]["kind_label"] == "Bot difficile"
        i18n.set_language("en")
        assert t.view(seat)["texts"]["your-hand"] == "Your hand"

    def test_json_round_trip(self) -> None:
        t = table(7, extra_salt=True, extra_pepper=True)
        rng = random.Random(7)
        for _ in range(120):
            if t.over:
                break
            for who in (t.current, None):
                p = t.view(who)
                assert json.loads(json.dumps(p)) == json.loads(json.dumps(p, sort_keys=True))
                again = json.loads(json.dumps(p))
                assert again["prompt"] == p["prompt"] and again["seats"] == p["seats"]
            t.submit(t.current, t.ply, rng.choice(t.view(t.current)["legal"])["code"])


# --------------------------------------------------------------------------- hidden cards

#: Keys whose value is a card id, or a list of card ids, in the payload's added parts.
CARD_KEY = "card"
CARD_LISTS = {"cards", "playable", "partners", "selection", "front", "known"}


def payload_cards(x: Any, out: set[int]) -> set[int]:
    """Every card id the payload's added parts name (a card's id, a list of ids)."""
    if isinstance(x, dict):
        for k, y in x.items():
            if k == CARD_KEY and isinstance(y, int):
                out.add(y)
            elif k in CARD_LISTS and isinstance(y, list):
                out |= {c for c in y if isinstance(c, int)}
                payload_cards(y, out)
            else:
                payload_cards(y, out)
    elif isinstance(x, list):
        for y in x:
            payload_cards(y, out)
    return out


#: Keys of a redacted log event that hold card ids (a card, lists, the piles' tops, a
#: Lobster's cards).
LOG_CARD_KEYS = {"card", "cards", "discarded", "top", "hand", "piles", "looked"}


def ids_in(x: Any, out: set[int]) -> set[int]:
    """Every card id in a value (an id, or lists of them)."""
    if isinstance(x, int) and not isinstance(x, bool):
        out.add(x)
    elif isinstance(x, list | tuple):
        for y in x:
            ids_in(y, out)
    return out


def log_cards(events: Any) -> set[int]:
    """Every card id a seat's redacted log told it of (:data:`LOG_CARD_KEYS`)."""
    out: set[int] = set()
    for e in events:
        for k in LOG_CARD_KEYS & set(e):
            ids_in(e[k], out)
    return out


def test_no_hidden_card_reaches_a_seats_payload() -> None:
    """Over random games (2-4 players, every option mix), at a third of the plies, each seat's
    payload names only cards its view shows or its log told it of; and never a card
    in another seat's hand it does not know, or in the draw pile, that it was not told
    of."""
    checked = 0
    for g in range(6):
        rng = random.Random(g)
        n = 2 + g % 3
        s = new_game(n, g, OPTIONS[g % 4], log=True)
        names, kinds = NAMES[:n] + ["Di"][: n - 3], (KINDS + ["medium"])[:n]
        while s.phase != Phase.GAME_OVER:
            for seat in range(n) if s.ply % 3 == g % 3 else ():  # a third of the plies
                v = view(s, seat, log=True)
                selection = list(v.hand[:2]) if v.legal else []
                p = page_payload.payload(v, names, kinds, "normal", selection=selection,
                                         undo="end")
                added = {k: p[k] for k in ADDED}
                named = payload_cards(json.loads(json.dumps(added)), set())
                told = log_cards(v.log)
                allowed = view_cards(v) | told
                assert named <= allowed, (g, s.ply, seat, named - allowed)
                hidden = set(s.draw) | {c for o in range(n) if o != seat for c in s.hands[o]
                                        if c not in v.known[o]}
                assert not (named & hidden) - told, (g, s.ply, seat)
                checked += 1
            s = apply(s, rng.choice(legal_actions(s)))
    assert checked > 300


def test_a_revealed_hand_shows_its_card_points() -> None:
    """Once a seat's hand is revealed (R6.0), every other seat's payload gives its card
    points as the engine counts them (R7.1 with its events, R6.2's comparison); while
    it is hidden, none (over random games of every option mix)."""
    shown = hidden = 0
    for g in range(12):
        rng = random.Random(g)
        n = 2 + g % 3
        s = new_game(n, g, OPTIONS[g % 4], log=True)
        names, kinds = NAMES[:n] + ["Di"][: n - 3], (KINDS + ["medium"])[:n]
        while s.phase != Phase.GAME_OVER:
            seat = s.ply % n
            v = view(s, seat, log=False)
            p = page_payload.payload(v, names, kinds, "normal")
            for o in range(n):
                if o == seat:
                    continue
                if s.revealed[o]:
                    assert p["seats"][o]["points"] == points_of(s, o), (g, s.ply, o)
                    shown += 1
                else:
                    assert p["seats"][o]["points"] is None
                    hidden += 1
            s = apply(s, rng.choice(legal_actions(s)))
    assert shown > 20 and hidden > 100
