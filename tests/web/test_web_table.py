"""The page's game (seasalt.web.table): views, submissions, payload words, saves."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from seasalt.core.errors import IllegalActionError, InvalidRecordError, Reason
from seasalt.core.record import GameRecord
from seasalt.ssp.cards import BASE_DECK, CARDS, KIND_OF, Kind
from seasalt.ssp.game import GAME
from seasalt.ssp.present import (
    card_aria,
    card_catalogue,
    colour_panel,
    game_result,
    languages,
    round_result,
    target_text,
)
from seasalt.ssp.present.piles import pile_actions
from seasalt.web.games import SettingsError
from seasalt.web.messages import MESSAGES, message
from seasalt.web.settings import Settings, parse_query, speed_choices
from seasalt.web.table import Table
from seasalt.web.words import resume_summary


def new_table(seats: list[str], seed: int = 7) -> Table:
    return Table.new(Settings(seats=seats, seed=seed, speed="instant"))


def play(t: Table, actions: int) -> None:
    """Play ``actions`` actions: bots think, people take their first legal action."""
    for _ in range(actions):
        if t.is_bot_turn():
            while not t.bot_step():
                pass
        else:
            seat = t.current
            t.submit(seat, t.ply, t.view(seat)["legal"][0]["code"])



class TestTable:
    def test_default_names(self) -> None:
        t = new_table(["you", "hard"])
        assert t.names == ["You", "Hard bot"]
        t = new_table(["human", "human", "easy"])
        assert t.names == ["Player 1", "Player 2", "Easy bot"]

    def test_view_of_the_seat_to_move_lists_its_actions(self) -> None:
        t = new_table(["human", "human"])
        seat = t.current
        v = t.view(seat)
        assert [(x["code"], x["kind"], x["pile"]) for x in v["legal"]] == [
            ("draw", "draw", None), ("take:1", "take", 1), ("take:2", "take", 2)]
        assert [p["code"] for p in pile_actions(v)] == ["draw", "take:1", "take:2"]
        assert pile_actions(v)[0]["title"] == "Draw two cards"
        assert v["prompt"]["title"] == "Your turn"
        other = t.view(1 - seat)
        assert other["legal"] == [] and other["prompt"]["title"].endswith("'s turn")
        json.dumps(v)

    def test_submit_applies_and_records(self) -> None:
        t = new_table(["human", "human"])
        seat, ply = t.current, t.state.ply
        t.submit(seat, ply, "draw")
        assert t.record.actions == ["draw"]
        assert t.view(seat)["phase"] == "keep"
        assert len(t.view(seat)["drawn"]) == 2
        assert not t.view(1 - seat)["drawn"]

    def test_stale_and_wrong_seat_submissions_change_nothing(self) -> None:
        t = new_table(["human", "human"])
        seat = t.current
        before = t.save()
        with pytest.raises(IllegalActionError) as e:
            t.submit(seat, t.state.ply + 1, "draw")
        assert e.value.reason == Reason.STALE
        with pytest.raises(IllegalActionError) as e:
            t.submit(1 - seat, t.state.ply, "draw")
        assert e.value.reason == Reason.NOT_YOUR_TURN
        with pytest.raises(IllegalActionError):
            t.submit(seat, t.state.ply, "stop")
        assert t.save() == before

    def test_save_and_load_give_the_same_game(self) -> None:
        t = new_table(["human", "human"])
        for _ in range(6):
            seat = t.current
            t.submit(seat, t.state.ply, t.view(seat)["legal"][0]["code"])
        u = Table.load(t.save())
        assert u.state == t.state and u.kinds == t.kinds and u.names == t.names

    @pytest.mark.parametrize("text", [
        "", "{", "[]", '{"format": "other"}', "null",
        '{"format": "seasalt-save", "version": 1, "kinds": ["human"], "record": {}}',
    ])
    def test_corrupt_saves_raise_a_clear_error(self, text: str) -> None:
        with pytest.raises(InvalidRecordError):
            Table.load(text)

    def test_a_save_with_an_illegal_action_names_its_index(self) -> None:
        t = new_table(["human", "hard"])
        data = json.loads(t.save())
        data["record"]["actions"] = ["draw", "stop"]
        with pytest.raises(InvalidRecordError, match="move 2 of its game") as e:
            Table.load(json.dumps(data))
        assert e.value.index == 1

    def test_viewer_is_the_human_to_move_or_the_only_human(self) -> None:
        t = new_table(["human", "hard"])
        assert t.viewer() == 0
        t = new_table(["easy", "hard"])
        assert t.viewer() is None


class TestActionRecords:
    def test_legal_entries_carry_their_parts(self) -> None:
        t = new_table(["human", "human"])
        seat = t.current
        t.submit(seat, t.ply, "draw")
        keeps = t.view(seat)["legal"]
        assert {x["kind"] for x in keeps} == {"keep"}
        for x in keeps:
            assert x["cards"][0] in t.view(seat)["drawn"] and x["pile"] in (1, 2)
            assert len(x["cards"]) == 1 and x["seat"] is None


class TestTableExtras:
    def test_rematch_keeps_seats_and_options_with_a_new_seed(self) -> None:
        t = Table.new(Settings(seats=["you", "easy", "hard"], names=["Ann", "", ""], seed=5,
                               double_target=True, speed="fast"))
        play(t, 4)  # a game in progress; the rematch starts afresh
        u = t.rematch(seed=6)
        assert u.kinds == t.kinds and u.names == t.names and u.speed == "fast"
        assert u.record.options == {"double_target": True, "extra_salt": False}
        assert u.record.seed == 6 and u.record.actions == [] and u.ply == 0

    def test_set_speed(self) -> None:
        t = new_table(["human", "easy"])
        t.set_speed("slow")
        assert Table.load(t.save()).speed == "slow"
        assert t.view(None)["speed"] == "slow"
        with pytest.raises(SettingsError):
            t.set_speed("warp")

    def test_round_and_ply_follow_the_game(self) -> None:
        t = new_table(["easy", "medium"])
        assert (t.round, t.ply) == (1, 0)
        while t.round == 1:
            while not t.bot_step():
                pass
        assert t.round == 2 and t.view(None)["last_round"]["round"] == 1

    def test_announcements_carry_a_hint(self) -> None:
        t = new_table(["easy", "medium"])
        while True:
            seat = t.current
            codes = {x["code"]: x for x in t.view(seat)["legal"]}
            if "stop" in codes:
                break
            while not t.bot_step():
                pass
        v = t.view(seat)
        (rows,) = [p["rows"] for p in v["prompt"]["parts"] if p["type"] == "announce"]
        hints = {r["button"]["code"]: r["hint"] for r in rows}
        assert "round ends" in hints["stop"]
        assert "colour bonus" in hints["last-chance"]
        assert set(hints) == set(v["calls"])

    def test_target_text(self) -> None:
        assert target_text(False) == "40 / 35 / 30 points"
        assert target_text(True) == "80 / 70 / 60 points"

    def test_speed_choices(self) -> None:
        assert speed_choices()[1] == ("normal", "Normal (0.15 s a move)", "Normal")
        assert speed_choices()[-1] == ("instant", "Instant", "Instant")

    def test_a_saved_game_is_summed_up(self) -> None:
        t = Table.new(Settings(seats=["you", "easy"], names=["Ann", ""], seed=3,
                               extra_salt=True))
        assert resume_summary(t.view(None), t.over) == (
            "2 players, Extra Salt, round 1: Ann (0), Easy bot (0)")

    def test_every_message_fills_in(self) -> None:
        fields = {"version": "1", "number": 2, "error": "x", "name": "Ann", "card": "Crab",
                  "game": "Sea Salt & Paper", "count": 20, "when": "today", "reason": "x",
                  "size": "12", "moves": "3 moves", "seconds": "0.1", "done": "1",
                  "friend": "A friend's phone", "start": "Start", "phones": "Phones",
                  "join": "Join", "scan": "Scan", "connect": "Connect", "free": "Free this seat",
                  "new_game": "Start a new game", "end": "End the game for everyone?"}
        for key in MESSAGES:
            assert message(key, **fields)
        assert message("not-possible", error="x") == "That move is not possible now: x."


def test_card_catalogue_covers_the_deck() -> None:
    cat = card_catalogue()
    assert [c["id"] for c in cat] == list(range(len(CARDS)))
    assert cat[0]["notation"] == "crab:dark-blue"
    for c in cat:
        assert c["hint"], c


def test_extra_salt_cards_have_their_hints() -> None:
    hints = {c["kind"]: c["hint"] for c in card_catalogue() if c["id"] not in BASE_DECK}
    assert set(hints) == {"jellyfish", "lobster", "cast-of-crabs", "starfish", "seahorse"}
    assert hints["starfish"] == "+2 in a trio"
    assert hints["seahorse"] == "+1 collector"
    assert "Crab" in hints["cast-of-crabs"] and "Swimmer" in hints["jellyfish"]


def salt_game(seed: int, until: Any) -> Table:
    """A 2-player Extra Salt game played by a script (no bots) until ``until(state)``."""
    state = GAME.new_game(2, seed, {"double_target": False, "extra_salt": True})
    actions: list[str] = []
    for _ in range(400):
        if until(state):
            break
        legal = [str(a) for a in GAME.legal_actions(state)]
        salt = [c for c in legal if c.startswith("duo:") and any(
            KIND_OF[int(x)] in (Kind.LOBSTER, Kind.JELLYFISH)
            for x in c.split(":")[1].split("+"))]
        simple = [c for c in legal if c.startswith(("draw", "pick", "keep", "end"))]
        code = (salt or simple or legal)[0]
        state = GAME.apply(state, GAME.parse_action(code))
        actions.append(code)
    else:
        pytest.fail(f"seed {seed} never got there")
    record = GameRecord(GAME.info.name, seed, 2, ["Ann", "Bob"],
                        {"double_target": False, "extra_salt": True}, actions)
    return Table(record, ["human", "human"], "instant")


class TestExtraSalt:
    def test_a_new_extra_salt_table(self) -> None:
        t = Table.new(Settings(seats=["you", "easy"], seed=3, extra_salt=True))
        assert t.record.options == {"double_target": False, "extra_salt": True}
        v = t.view(0)
        assert v["extra_salt"] and v["deck_size"] == 66 and v["draw_size"] == 64
        assert Table.load(t.save()).view(0)["deck_size"] == 66
        assert t.rematch().record.options["extra_salt"]
        base = new_table(["you", "easy"]).view(0)
        assert not base["extra_salt"] and base["deck_size"] == 58

    def test_trios_are_offered_with_their_three_cards(self) -> None:
        def trio_ready(s: Any) -> bool:
            return any(a.kind.name == "TRIO" for a in GAME.legal_actions(s))

        t = salt_game(20, trio_ready)
        v = t.view(t.current)
        trios = [x for x in v["legal"] if x["kind"] == "trio"]
        assert trios
        for x in trios:
            assert x["code"] == "trio:" + "+".join(map(str, x["cards"]))
            assert len(x["cards"]) == 3 and KIND_OF[x["cards"][2]] == Kind.STARFISH
            assert x["effect"] == "trio"
        t.submit(t.current, t.ply, trios[0]["code"])
        groups = [list(g) for g in t.view(None)["groups"][t.current]]
        assert list(trios[0]["cards"]) in groups

    def test_the_lobster_shows_its_cards_to_its_player_only(self) -> None:
        t = salt_game(20, lambda s: GAME.view(s, None).phase == "lobster-pick")
        seat = t.current
        mine, other = t.view(seat), t.view(1 - seat)
        assert 1 <= len(mine["looked"]) <= 5 and mine["looked_count"] == len(mine["looked"])
        assert other["looked"] == [] or other["looked"] == ()
        assert other["looked_count"] == len(mine["looked"])
        assert sorted(x["cards"][0] for x in mine["legal"]) == sorted(mine["looked"])
        assert {x["kind"] for x in mine["legal"]} == {"pick"}

    def test_a_forced_turn_offers_one_forced_draw(self) -> None:
        def forced_to_draw(s: Any) -> bool:
            v = GAME.view(s, None)
            return v.phase == "draw" and v.current >= 0 and v.forced[v.current]

        t = salt_game(20, forced_to_draw)
        seat = t.current
        v = t.view(seat)
        assert v["forced_turn"] and v["forced"][seat]
        assert [x["code"] for x in v["legal"]] == ["draw"]
        p = v["prompt"]
        assert [b["label"] for part in p["parts"] if part["type"] == "buttons"
                for b in part["buttons"]] == ["Forced draw"]
        assert "Jellyfish" in p["parts"][0]["text"]
        assert not t.view(1 - seat)["forced_turn"]
        size = len(t.view(seat)["hand"])
        t.submit(seat, t.ply, "draw")
        assert len(t.view(seat)["hand"]) == size + 1 and t.current != seat
        assert not t.view(seat)["forced"][seat]
        assert "You play a forced turn (Jellyfish)." in [
            x["text"] for x in t.view(seat)["log_lines"]]


class TestEndTexts:
    def test_log_lines_speak_to_you_and_mark_rounds(self) -> None:
        t = new_table(["human", "easy"])
        first = t.view(0)["log_lines"][0]
        assert first["round"] and first["text"].startswith("Round 1 begins")
        assert first["text"] == "Round 1 begins; you start." or "you" not in first["text"]

    def test_a_real_round_end(self) -> None:
        t = new_table(["easy", "medium"])
        while t.round == 1:
            play(t, 1)
        v = t.view(None)
        words = round_result(v["last_round"], t.names)
        assert words["title"] and words["kicker"] == "Round 1 is over"
        assert any(x["round"] and x["text"].startswith("Round 1 ends")
                   for x in v["log_lines"])

    def test_a_finished_game(self) -> None:
        t = new_table(["easy", "easy"], seed=2)
        while not t.over:
            while not t.bot_step(1.0):
                pass
        words = game_result(t.view(None)["outcome"], t.names)
        assert words["title"].endswith(("wins!", "victory!"))


class TestExtraPepper:
    @pytest.mark.parametrize("value, on", [
        ("1", True), ("true", True), ("TRUE", True), ("0", False), ("false", False)])
    def test_the_switch_in_a_link(self, value: str, on: bool) -> None:
        s = parse_query(f"players=you,easy&extra-salt=1&extra-pepper={value}")
        assert s is not None and s.extra_pepper is on and s.extra_salt
        assert bool(s.options.get("extra_pepper")) is on

    @pytest.mark.parametrize("value", ["yes", "", "2"])
    def test_bad_values_are_explained(self, value: str) -> None:
        with pytest.raises(SettingsError, match="extra-pepper must be 1 or 0"):
            parse_query(f"players=you,easy&extra-pepper={value}")

    def test_off_unless_asked_and_options_unchanged(self) -> None:
        s = parse_query("players=you,easy")
        assert s is not None and not s.extra_pepper
        assert s.options == {"double_target": False, "extra_salt": False}

    def test_the_form_checkbox_and_type_check(self) -> None:
        s = Settings.from_form(["you", "easy"], [], "", "normal", "normal", False, True)
        assert s.extra_pepper and s.options["extra_pepper"]
        with pytest.raises(SettingsError, match="extra_pepper must be true or false"):
            Settings(seats=["you", "easy"], extra_pepper="yes")  # type: ignore[arg-type]

    def test_a_table_shows_its_events_and_keeps_the_option(self) -> None:
        t = Table.new(Settings(seats=["you", "easy"], seed=3, extra_pepper=True))
        v = t.view(0)
        assert v["extra_pepper"] and v["table_event"] in v["event_info"]
        info = v["event_info"][v["table_event"]]
        assert info["title"] and info["text"] and info["goes_to"] in ("most", "fewest")
        assert v["handout"] == []
        assert t.rematch().record.options["extra_pepper"]
        assert Table.load(t.save()).view(0)["extra_pepper"]
        assert not new_table(["you", "easy"]).view(0)["extra_pepper"]

    def test_bots_play_to_the_end_and_the_hand_out_is_told(self) -> None:
        t = Table.new(Settings(seats=["easy", "medium"], seed=3, speed="instant",
                               extra_pepper=True))
        handouts = []
        while not t.over:
            while not t.bot_step(1.0):
                pass
            v = t.view(None)
            if v["handout"]:
                handouts.append(v["handout"])
            for slugs in v["held_events"]:
                assert all(e in v["event_info"] for e in slugs)
        assert handouts and any("receives" in line or "event" in line.lower()
                                for line in handouts[0])


# ----------------------------------------------------------------------- issue 11 additions


class TestAccessibleWords:
    """Languages, card names for screen readers, pile labels and shortcut keys, the
    colour panel, the card rules (issue 11)."""

    def test_languages_by_their_own_names(self) -> None:
        assert languages() == [("en", "English"), ("fr", "Français"),
                                   ("nl", "Nederlands"), ("tr", "Türkçe")]

    def test_card_aria_names_the_card_and_its_state(self) -> None:
        crab = next(c.id for c in CARDS if c.notation == "crab:dark-blue")
        assert card_aria(crab) == "Crab, dark blue"
        assert card_aria(crab, selected=True) == "Crab, dark blue, selected"
        assert card_aria(crab, playable=True) == "Crab, dark blue, playable"
        assert card_aria(crab, selected=True, playable=True) == (
            "Crab, dark blue, selected, playable")

    def test_the_catalogue_gives_each_card_its_whole_rule(self) -> None:
        for c in card_catalogue():
            assert c["rule"] and len(c["rule"]) > len(c["hint"]), c
        by = {c["notation"]: c for c in card_catalogue()}
        assert "0, 2, 4, 6, 8, 10" in by["shell:black"]["rule"]
        assert "look through it" in by["crab:dark-blue"]["rule"]
        assert by["crab:dark-blue"]["rule"] == by["crab:green"]["rule"]

    def test_piles_say_what_they_hold_and_carry_their_keys(self) -> None:
        t = new_table(["human", "human"])
        seat = t.current
        v = t.view(seat)
        piles = pile_actions(v)
        assert piles[0]["label"] == f"Draw pile: {v['draw_size']} cards"
        assert [p["key"] for p in piles] == ["d", "1", "2"]
        for i in (1, 2):
            top = v["piles"][i - 1]["top"]
            name = card_aria(top)
            assert piles[i]["label"] == f"Discard pile {i}: {name}; 1 card"
        other = pile_actions(t.view(1 - seat))
        assert [p["key"] for p in other] == [None, None, None]  # not an action there
        assert all(p["label"] for p in other)

    def test_prompt_buttons_carry_keys(self) -> None:
        t = new_table(["human", "human"])
        seat = t.current
        t.submit(seat, t.ply, "draw")
        v = t.view(seat)
        p = v["prompt"]
        keep = next(x for x in p["parts"] if x["type"] == "keep")
        keys = [b["key"] for c in keep["choices"] for b in c["buttons"]]
        assert keys == [str(i + 1) for i in range(len(keys))]
        assert [x["key"] for x in pile_actions(v)] == [None, None, None]

    def test_the_colour_panel_counts_hand_and_front(self) -> None:
        t = new_table(["human", "human"])
        play(t, 12)
        seat = t.current
        v = t.view(seat)
        panel = colour_panel(v)
        assert panel["title"] == "Your colours" and "colour bonus" in panel["note"]
        cards = list(v["hand"]) + list(v["fronts"][seat])
        want = Counter(CARDS[c].colour.slug for c in cards)
        assert {c["colour"]: c["count"] for c in panel["colours"]} == dict(want)
        counts = [c["count"] for c in panel["colours"]]
        assert counts == sorted(counts, reverse=True)
        for c in panel["colours"]:
            assert c["name"] and c["label"].startswith(c["name"] + ": ")
        # the most common colour's count is the engine's colour bonus (R6.4)
        assert max(counts, default=0) == v["breakdown"]["colour_bonus"]
        assert colour_panel(t.view(None))["colours"] == []

    def test_links_may_carry_a_language_and_a_theme(self) -> None:
        s = parse_query("?players=you,easy&lang=fr&theme=dark")
        assert s is not None and s.seats == ["human", "easy"]
        assert parse_query("?lang=nl") is None

    def test_show_rule_message(self) -> None:
        assert message("show-rule", card="Crab") == "Rule of Crab"
