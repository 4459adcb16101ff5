"""The page's replay payloads (seasalt.web.replay) and the words of marks
(seasalt.ssp.present.replay): each ply shows what the record gives, seat mode hides
the others' hands, all hands only once over, marks, clear refusals."""

from __future__ import annotations

import json

import pytest

from seasalt import i18n
from seasalt.core.errors import InvalidRecordError
from seasalt.core.record import GameRecord
from seasalt.ssp.game import GAME
from seasalt.ssp.present.replay import mark_words, record_problem
from seasalt.web.replay import ReplayTable, open_replay
from seasalt.web.settings import Settings
from seasalt.web.table import Table


def finished(seed: int = 7, seats=("human", "easy", "easy")) -> Table:
    """A game played to its end (the person always takes the first legal action)."""
    t = Table.new(Settings(seats=list(seats), seed=seed))
    while not t.over:
        if t.is_bot_turn():
            t.bot_step(1.0)
        else:
            t.submit(t.current, t.ply, t.view(t.current)["legal"][0]["code"])
    return t


@pytest.fixture(scope="module")
def table() -> Table:
    return finished()


def test_every_ply_shows_the_seats_view_of_the_record(table):
    r = ReplayTable.of_table(table)
    for ply in range(r.plies + 1):
        state = table.record.replay(upto=ply)
        for seat in range(3):
            v = r.payload(ply, f"seat:{seat}")
            view = GAME.view(state, seat)
            assert v["seat"] == seat and v["ply"] == ply
            assert list(v["hand"]) == list(view.hand)
            assert [list(k) for k in v["known"]] == [list(k) for k in view.known]
            assert list(v["scores"]) == list(view.scores)
            assert v["legal"] == [] and v["calls"] == []
            assert v["replay"]["ply"] == ply


def test_log_lines_and_the_current_move(table):
    r = ReplayTable.of_table(table)
    live = Table(GameRecord(table.record.game, table.record.seed, 3, table.names,
                                {}, []), table.kinds)
    for ply, code in enumerate(table.record.actions[:80]):
        v = r.payload(ply + 1, "seat:0")
        live.driver.play(GAME.parse_action(code))
        expected = live.view(0)["log_lines"]
        assert v["log_lines"] == expected
        before = r.payload(ply, "seat:0")["log_lines"]
        assert v["replay"]["current"] == len(before)
        if ply + 1 not in {p for _r, p in r.rounds}:  # else "Round N begins"
            assert v["replay"]["move"].startswith(table.names[r.replay.actor(ply)] + ": ")


def test_seat_mode_never_holds_another_hand(table):
    r = ReplayTable.of_table(table)
    for ply in range(0, r.plies + 1, 7):
        state = table.record.replay(upto=ply)
        for seat in range(3):
            text = json.dumps(r.payload(ply, f"seat:{seat}"))
            for other in range(3):
                hidden = set(GAME.view(state, other).hand) - set(
                    GAME.view(state, seat).known[other])
                if other != seat and hidden:
                    v = json.loads(text)
                    assert not hidden & set(v["known"][other])
                    assert not hidden & set(v["hand"])


def test_all_hands_once_over_only(table):
    r = ReplayTable.of_table(table)
    assert r.over and r.modes()[-1]["value"] == "all"
    v = r.payload(90, "all")
    state = table.record.replay(upto=90)
    assert v["replay"]["mode"] == "all"
    for s in (1, 2):
        assert v["known"][s] == list(GAME.view(state, s).hand)
    unfinished = GameRecord(table.record.game, table.record.seed, 3, table.names, {},
                            table.record.actions[:90])
    u = ReplayTable(unfinished, table.kinds)
    assert not u.over and all(m["value"] != "all" for m in u.modes())
    v = u.payload(90, "all")  # refused: shown as the default seat saw it
    assert v["replay"]["mode"] == "seat:0"
    assert [list(k) for k in v["known"]] == [list(k) for k in GAME.view(state, 0).known]


def test_rounds_and_positions(table):
    r = ReplayTable.of_table(table)
    v = r.payload(0, "seat:0")
    rounds = v["replay"]["rounds"]
    assert rounds[0] == {"round": 1, "ply": 0, "label": "Round 1"}
    assert [x["round"] for x in rounds] == list(range(1, len(rounds) + 1))
    for x in rounds[1:]:
        assert r.payload(x["ply"], "seat:0")["round"] == x["round"]
        assert r.payload(x["ply"] - 1, "seat:0")["round"] == x["round"] - 1
    assert v["replay"]["position"] == f"Move 0 of {r.plies} · round 1"
    for x in rounds[1:]:  # a fresh deal is captioned as such
        assert r.payload(x["ply"], "seat:0")["replay"]["move"] == f"Round {x['round']} begins"
        assert r.payload(x["ply"] + 1, "seat:0")["replay"]["move"].startswith(
            table.names[r.replay.actor(x["ply"])] + ": ")
    assert r.payload(10**6, "seat:0")["replay"]["ply"] == r.plies


def noted(table: Table) -> GameRecord:
    rec = table.record
    acts = rec.actions
    seat_of = ReplayTable.of_table(table).replay.actor
    notes = [{"ply": 3, "seat": seat_of(3), "kind": "review", "grade": "mistake",
              "chosen": acts[3], "best": "draw", "loss": 0.123},
             {"ply": 5, "seat": seat_of(5), "kind": "suggest"},
             {"ply": 8, "seat": seat_of(8), "kind": "review", "grade": "blunder",
              "chosen": acts[8], "best": "stop", "loss": 0.4},
             {"ply": 9, "seat": seat_of(9), "kind": "other"}]
    return GameRecord(rec.game, rec.seed, 3, table.names, {}, list(acts), notes)


def test_marks_beside_their_moves(table):
    rec = noted(table)
    r = ReplayTable(rec, table.kinds)
    every = r.marks(None)
    assert [m["step"] for m in every] == [4, 6, 9]
    assert every[0]["symbol"] == "?" and every[0]["better"] == (
        "better: Draw two cards from the draw pile")
    assert every[0]["loss"] == "−12% chance to win"
    assert every[2]["symbol"] == "??" and every[2]["better"] == "better: Announce STOP"
    assert r.payload(4, "all")["replay"]["mark"]["grade"] == "mistake"
    assert r.payload(5, "all")["replay"]["mark"] is None
    for seat in range(3):  # a seat sees the marks of its own moves only
        own = r.marks(seat)
        assert [m["step"] for m in own] == [m["step"] for m in every if m["seat"] == seat]


@pytest.mark.parametrize(("note", "symbol"), [
    ({"ply": 0, "grade": "inaccuracy", "best": "draw"}, "?!"),
    ({"ply": 0, "kind": "review", "grade": "mistake"}, "?"),
    ({"ply": 0, "kind": "review", "grade": "blunder", "best": "fly:9"}, "??"),
])
def test_mark_words(note, symbol):
    w = mark_words(note, ["Ann", "Bob"])
    assert w is not None and w["symbol"] == symbol and w["text"].startswith(symbol)
    assert mark_words({"ply": 0, "kind": "review", "grade": "great"}, []) is None


def test_mark_words_translated():
    note = {"ply": 0, "kind": "review", "grade": "mistake", "best": "stop", "loss": 0.2}
    try:
        for code, word in (("fr", "Erreur"), ("nl", "Fout"), ("tr", "Hata")):
            i18n.set_language(code)
            w = mark_words(note, ["Ann"])
            assert w is not None and w["title"] == word, w
            assert "better" not in w["better"]
    finally:
        i18n.set_language("en")


class TestFiles:
    def test_page_save_and_plain_record_open(self, table):
        for text in (table.save(), table.record.dumps()):
            r = open_replay(text)
            assert r.plies == table.ply and r.over
        assert open_replay(table.save()).kinds == table.kinds

    def test_other_version(self, table):
        d = table.record.to_dict() | {"version": 7}
        with pytest.raises(InvalidRecordError, match="version 7"):
            open_replay(json.dumps(d))
        save = json.loads(table.save())
        save["record"]["version"] = 2
        with pytest.raises(InvalidRecordError) as e:
            open_replay(json.dumps(save))
        assert str(e.value) == record_problem("version", version=2)

    def test_refused_move_is_named(self, table):
        d = table.record.to_dict()
        d["actions"] = [*d["actions"][:1], "end", *d["actions"][1:]]  # a draw pending
        with pytest.raises(InvalidRecordError) as e:
            open_replay(json.dumps(d))
        assert e.value.index == 1
        assert str(e.value) == ("This game record cannot be replayed: move 2 is not "
                                "possible at that point.")

    def test_bad_move_code_is_not_shown(self, table):
        d = table.record.to_dict()
        d["actions"] = [*d["actions"][:5], "keep:99:7"]
        with pytest.raises(InvalidRecordError) as e:
            open_replay(json.dumps(d))
        assert "keep" not in str(e.value) and "move 6 is not possible" in str(e.value)

    @pytest.mark.parametrize("text", ["", "{", "[]", "null", '{"format": "seasalt-record"}'])
    def test_file_problems_hold_no_parser_words(self, text):
        with pytest.raises(InvalidRecordError) as e:
            open_replay(text)
        assert str(e.value) == "That file is not a game record this page can replay."

    def test_cut_down_record_opens_without_its_stray_notes(self, table):
        rec = noted(table)
        d = rec.to_dict() | {"actions": rec.actions[:6]}
        r = open_replay(json.dumps(d))
        assert r.plies == 6 and [n["ply"] for n in r.replay.record.notes] == [3, 5]
        bad = rec.to_dict() | {"notes": [{"ply": "3"}]}
        with pytest.raises(InvalidRecordError, match="not a game record"):
            open_replay(json.dumps(bad))

    def test_save_of_another_version_is_refused(self, table):
        save = json.loads(table.save()) | {"version": 99}
        with pytest.raises(InvalidRecordError) as e:
            open_replay(json.dumps(save))
        assert str(e.value) == ("This saved game is of version 99; this page reads "
                                "saves of versions 1 to 2.")

    @pytest.mark.parametrize("text", ["{", "[]", '{"format": "seasalt-record"}', "null"])
    def test_not_a_record(self, text):
        with pytest.raises(InvalidRecordError, match="not a game record"):
            open_replay(text)

    def test_other_game(self):
        rec = GameRecord("fruits-de-mer", 1, 2)
        with pytest.raises(InvalidRecordError, match="cannot replay: fruits-de-mer"):
            open_replay(rec.dumps())


def cards_hidden_from_people(state, kinds) -> set[str]:
    """Cards in a bot's hand that no person at the table (nor a spectator) can see."""
    people = [s for s, k in enumerate(kinds) if k == "human"]
    out: set[str] = set()
    for bot in (s for s, k in enumerate(kinds) if k != "human"):
        hidden = set(GAME.view(state, bot).hand) - set(GAME.view(state, None).known[bot])
        for p in people:
            hidden -= set(GAME.view(state, p).known[bot])
        out |= hidden
    return out


@pytest.mark.parametrize(("kinds", "offered"), [
    (["human", "easy", "easy"], ["seat:0"]),
    (["easy", "human", "easy"], ["seat:1"]),
    (["human", "human", "easy"], ["table"]),
    (["easy", "easy", "easy"], ["table"]),
])
def test_unfinished_game_never_shows_a_bots_hand(table, kinds, offered):
    rec = table.record
    for cut in (1, 2, 40, 91):
        part = GameRecord(rec.game, rec.seed, 3, table.names, {}, rec.actions[:cut])
        r = ReplayTable(part, kinds)
        assert not r.over and [m["value"] for m in r.modes()] == offered
        assert r.default_mode() == offered[0]
        for ply in range(r.plies + 1):
            hidden = cards_hidden_from_people(rec.replay(upto=ply), kinds)
            for mode in ("seat:0", "seat:1", "seat:2", "all", "table", "bad"):
                v = r.payload(ply, mode)
                assert v["replay"]["mode"] == offered[0]
                shown = set(v["hand"]) | {c for k in v["known"] for c in k}
                assert not hidden & shown, (cut, ply, mode, hidden & shown)


def test_unfinished_plain_record_is_seat_zeros(table):
    d = table.record.to_dict() | {"actions": table.record.actions[:30], "seats": []}
    r = open_replay(json.dumps(d))
    assert r.kinds[0] == "human" and all(k != "human" for k in r.kinds[1:])
    assert [m["value"] for m in r.modes()] == ["seat:0"]


def test_review_and_flag_on_one_move_and_next_mark(table):
    rec = noted(table)
    seat = ReplayTable(rec, table.kinds).replay.actor(8)
    rec.notes.insert(2, {"ply": 8, "seat": seat, "kind": "suggest"})  # asked, then reviewed
    r = ReplayTable(rec, table.kinds)
    here = r.payload(9, "all")["replay"]
    assert here["mark"]["grade"] == "blunder" and here["mark"]["better"]
    assert here["asked"]["kind"] == "suggest"
    only_flag = r.payload(6, "all")["replay"]
    assert only_flag["mark"]["kind"] == "suggest" and only_flag["asked"] is None
    # "Next mark" goes to reviews only: 4, then 9 (the ⚑ at 6 is passed over)
    assert r.payload(0, "all")["replay"]["next_mark"] == 4
    assert r.next_mark(4, "all") == 9 and r.next_mark(9, "all") is None
    start = r.rounds[1][1]  # a mark on a round's last move: the move is named too
    rec.notes.append({"ply": start - 1, "seat": r.replay.actor(start - 1), "kind": "review",
                      "grade": "mistake", "chosen": rec.actions[start - 1], "best": "draw",
                      "loss": 0.2})
    marked = ReplayTable(rec, table.kinds).payload(start, "all")["replay"]
    assert marked["mark"]["grade"] == "mistake"
    assert marked["move"].startswith(table.names[r.replay.actor(start - 1)] + ": ")
    assert marked["begins"] == "Round 2 begins"
    unmarked = ReplayTable(noted(table), table.kinds).payload(start, "all")["replay"]
    assert unmarked["move"] == "Round 2 begins" and unmarked["begins"] == ""


def test_a_bots_view_speaks_of_the_bot_by_name(table):
    r = ReplayTable.of_table(table)
    assert table.kinds[1] != "human" and table.names[0] == "You"
    bot = table.names[1]
    v = r.payload(r.plies, "seat:1")
    lines = [x["text"] for x in v["log_lines"]]
    mine = [t for t in lines if t.startswith(bot)]
    assert mine and not any(t.startswith("You ") for t in [
        x for x, e in zip(lines, v["log"], strict=True) if e.get("seat") == 1])
    assert v["reader"] is None
    from seasalt.ssp.present.table import colour_panel
    mid = r.payload(r.rounds[-1][1] + 3, "seat:1")
    assert colour_panel(mid)["title"] == f"Colours of {bot}"
    own = r.payload(r.plies, "seat:0")
    assert own["reader"] == 0 and colour_panel(own)["title"] == "Your colours"
    assert any(x["text"].startswith("You ") for x in own["log_lines"])


def test_an_unfinished_hot_seat_replay_shows_no_ones_marks(table):
    """Several people, the game not over: the replay shows the spectator's table, and no
    mark, whose moves (a kept card, the better card) may name what one person alone
    saw; each seat's own marks come back once the game is over."""
    rec = table.record
    seat_of = ReplayTable.of_table(table).replay.actor
    keeps = [p for p, a in enumerate(rec.actions[:80]) if a.startswith("keep:")]
    mine = {seat_of(p): p for p in keeps}
    assert {0, 1} <= set(mine), mine  # a keep of each person
    notes = [{"ply": p, "seat": s, "kind": "review", "grade": "blunder",
              "chosen": rec.actions[p], "best": rec.actions[p], "loss": 0.3}
             for s, p in sorted(mine.items()) if s in (0, 1)]
    words = [mark_words(n, table.names)["better"] for n in notes]
    kinds = ["human", "human", "easy"]
    part = GameRecord(rec.game, rec.seed, 3, table.names, {}, rec.actions[:90], notes)
    r = ReplayTable(part, kinds)
    for ply in (0, 40, 90):
        for mode in ("seat:0", "seat:1", "all", "table"):
            v = r.payload(ply, mode)
            assert v["replay"]["marks"] == [] and v["replay"]["mark"] is None
            text = json.dumps(v, ensure_ascii=False)
            assert not [w for w in words if w in text], (ply, mode)
    over = ReplayTable(GameRecord(rec.game, rec.seed, 3, table.names, {}, list(rec.actions),
                                  notes), kinds)
    for seat in (0, 1):
        assert [m["seat"] for m in over.mode_marks(f"seat:{seat}")] == [seat]
