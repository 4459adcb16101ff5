"""The coach (seasalt.bots.coach): suggestions from a view only, reviews graded by lost
chance to win, the record's notes and the figures that count them.

Budgets are small here (a few hundred rollouts at most): the search is slow.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from seasalt.bots import coach as advice
from seasalt.bots.coach import Coach, Decision, grade, judge, pick_decisions, round_decisions
from seasalt.core.record import GameRecord
from seasalt.core.registry import load_heuristics
from seasalt.ssp.actions import parse_action
from seasalt.ssp.game import GAME
from seasalt.ssp.gamestate import State
from seasalt.ssp.present.actions import action_label
from seasalt.ssp.present.coach import (
    coach_counts,
    grade_tally,
    private_review,
    review_panel,
    review_tally,
    suggestion,
)
from seasalt.ssp.present.stats import game_summary
from seasalt.ssp.state import Phase
from seasalt.ssp.strategy import deals
from seasalt.ssp.view import View
from seasalt.web import coach as web_coach
from seasalt.web.settings import HUMAN, Settings
from seasalt.web.table import Table
from tests.ssp.conftest import make_state

A = parse_action


class ViewsOnly:
    """The game, but any search handed a full state instead of a view fails: both ways
    a search samples hidden cards (``Game.determinize`` and the heuristics' deal model,
    :func:`seasalt.ssp.strategy.deals.deal`) check what they are given."""

    def __init__(self, game: Any) -> None:
        self._game = game
        self.seen: list[Any] = []
        self._deal = deals.deal
        deals.deal = self._dealt  # put back by the autouse fixture below

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def _check(self, view: Any) -> None:
        if isinstance(view, State) or not isinstance(view, View):
            raise AssertionError(f"the coach was handed {type(view).__name__}, not a view")
        self.seen.append(view)

    def determinize(self, view: Any, rng: random.Random) -> Any:
        self._check(view)
        return self._game.determinize(view, rng)

    def _dealt(self, view: Any, rng: random.Random) -> Any:
        self._check(view)
        return self._deal(view, rng)


@pytest.fixture(autouse=True)
def _real_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever a test's ViewsOnly does to the deal model is undone after it."""
    monkeypatch.setattr(deals, "deal", deals.deal)


def two_deals() -> tuple[State, State]:
    """Two true states seat 0 cannot tell apart: the opponent's hand and the draw
    pile differ, everything seat 0 sees is the same."""
    mine = ["shell:dark-blue", "shell:yellow", "octopus:light-blue", "crab:yellow"]
    a = make_state(2, hands=[mine, ["fish:yellow", "boat:dark-blue", "mermaid:white"]],
                   piles=[["penguin:purple"], ["sailor:pink"]], seed=4)
    b = make_state(2, hands=[mine, ["swimmer:black", "shark:green", "crab:dark-blue"]],
                   piles=[["penguin:purple"], ["sailor:pink"]], seed=9)
    b.draw = list(reversed(b.draw))
    return a, b


def choices(th: advice.Thinking[Any]) -> list[tuple[str, float, int]]:
    return [(str(c.action), c.chance, c.rollouts) for c in th.choices()]


class TestFairness:
    def test_same_view_other_deals_same_suggestion(self) -> None:
        a, b = two_deals()
        assert a.hands[1] != b.hands[1] and a.draw != b.draw
        va, vb = GAME.view(a, 0), GAME.view(b, 0)
        assert va == vb
        legal = GAME.legal_actions(a)
        assert legal == GAME.legal_actions(b)
        game = ViewsOnly(GAME)
        out = []
        for v in (va, vb):
            th = Coach(game, 11, suggest_iterations=90).suggest(v, legal, key=5)
            while not th.done:
                th.step(max_iterations=7)  # slicing changes nothing
            out.append((choices(th), str(th.best())))
        assert out[0] == out[1]
        assert len(out[0][0]) == 3 and all(0.0 <= c <= 1.0 for _a, c, _n in out[0][0])
        assert game.seen and all(isinstance(v, View) for v in game.seen)

    def test_a_state_handed_to_the_coach_fails(self) -> None:
        a, _b = two_deals()
        th = Coach(ViewsOnly(GAME), 1, suggest_iterations=30).suggest(
            a, GAME.legal_actions(a))  # type: ignore[arg-type]
        with pytest.raises(AssertionError, match="not a view"):
            th.step()

    def test_another_seed_or_key_may_differ_but_the_same_repeats(self) -> None:
        a, _b = two_deals()
        v, legal = GAME.view(a, 0), GAME.legal_actions(a)
        runs = []
        for _ in range(2):
            th = Coach(GAME, 3, suggest_iterations=60).suggest(v, legal, key=1)
            th.step()
            runs.append(choices(th))
        assert runs[0] == runs[1]

    def test_the_top_three_are_searched_to_the_end_and_descend(self) -> None:
        """A suggestion's search keeps its top three to the end (successive halving
        drops no more), so the three rows shown share their rollouts and their chances
        descend from the coach's own choice, at decisions of many choices."""
        from seasalt.ssp import state as st
        from seasalt.ssp.strategy.planner import plan

        checked = 0
        for g in range(6):
            rng = random.Random(g)
            s = st.new_game(2, g, None)
            while s.result is None and checked < 12:
                legal = st.legal_actions(s)
                v = GAME.view(s, s.current)
                if len(legal) >= 5:
                    th = Coach(GAME, g, suggest_iterations=120).suggest(v, legal, key=s.ply)
                    th.step()
                    rows = th.choices()
                    assert len(rows) == advice.TOP
                    assert rows[0].action == th.best()
                    assert len({r.rollouts for r in rows}) == 1, rows
                    assert [r.chance for r in rows] == sorted((r.chance for r in rows),
                                                              reverse=True)
                    checked += 1
                s = st.apply(s, plan(v, legal, rng))
        assert checked >= 8

    def test_the_table_hands_the_coach_the_persons_view(self) -> None:
        t = Table.new(Settings(seats=["you", "easy"], seed=3, speed="instant"))
        while not t.can_suggest():
            t.bot_step(None)
        game = ViewsOnly(GAME)
        t._coach_obj = Coach(game, t.record.seed, suggest_iterations=30)
        s = web_coach.suggest(t)
        s.step(None)
        assert game.seen and all(v.seat == t.current for v in game.seen)
        assert game.seen[0] == t.driver.view(t.current, log=False)


def blunder_spot() -> State:
    """Seat 0 may call with 7 card points (three Shells, two Octopuses); the opponent
    shows eight duos in front. 36 to 30 with a target of 40: STOP ends the game won,
    a LAST CHANCE bet is lost for sure (eight points in sight beat seven) and hands
    the lead to the opponent."""
    return make_state(
        2, hands=[["shell:dark-blue", "shell:yellow", "shell:black", "octopus:light-blue",
                   "octopus:yellow"], ["fish:yellow", "crab:yellow", "mermaid:white"]],
        fronts=[[], ["crab:dark-blue", "crab:light-blue", "boat:dark-blue", "boat:light-blue",
                     "fish:dark-blue", "fish:light-blue", "swimmer:black", "shark:black",
                     "crab:dark-blue", "crab:light-blue", "boat:black", "boat:black",
                     "swimmer:dark-blue", "shark:dark-blue", "fish:black", "fish:black"]],
        phase=Phase.PLAY, scores=[36, 30])


class TestReview:
    def review(self, chosen: str, iterations: int = 150) -> advice.Review[Any]:
        s = blunder_spot()
        legal = tuple(GAME.legal_actions(s))
        assert {str(a) for a in legal} == {"stop", "last-chance", "end"}
        d = Decision(7, 0, GAME.view(s, 0), legal, A(chosen))
        r = Coach(GAME, 5, review_iterations=iterations).review([d])
        while not r.done:
            r.step(max_seconds=0.01)
        return r

    def test_last_chance_behind_is_a_blunder(self) -> None:
        r = self.review("last-chance")
        assert r.judged == 1
        [m] = r.marks
        assert (m.grade, str(m.chosen), str(m.best), m.ply, m.seat) == (
            "blunder", "last-chance", "stop", 7, 0)
        assert m.loss >= advice.BLUNDER
        note = m.note(GAME.action_to_str)
        assert note == {"ply": 7, "seat": 0, "kind": "review", "grade": "blunder",
                        "chosen": "last-chance", "best": "stop", "loss": round(m.loss, 4)}

    def test_the_clearly_best_move_is_not_flagged(self) -> None:
        r = self.review("stop")
        assert r.judged == 1 and r.marks == []

    def test_too_few_rollouts_on_the_chosen_action_is_not_judged(self) -> None:
        d = Decision(0, 0, None, (A("stop"), A("end")), A("end"))
        assert judge(d, [(A("stop"), 40, 0.9), (A("end"), 3, 0.1)]) == (False, None)
        assert judge(d, [(A("stop"), 40, 0.9)]) == (False, None)  # merged away
        judged, mark = judge(d, [(A("stop"), 0, 0.99), (A("end"), 40, 0.5),
                                 (A("last-chance"), 40, 0.62)])
        assert judged and mark is not None  # ranked among those with rollouts
        assert (mark.grade, str(mark.best)) == ("mistake", "last-chance")
        assert mark.loss == pytest.approx(0.12)


class TestGrades:
    @pytest.mark.parametrize(("loss", "expected"), [
        (0.0, None), (0.0499, None), (0.05, "inaccuracy"), (0.0999, "inaccuracy"),
        (0.10, "mistake"), (0.1999, "mistake"), (0.20, "blunder"), (0.9, "blunder")])
    def test_thresholds(self, loss: float, expected: str | None) -> None:
        assert grade(loss) == expected

    def test_constants(self) -> None:
        assert (advice.INACCURACY, advice.MISTAKE, advice.BLUNDER) == (0.05, 0.10, 0.20)
        assert advice.MARKS == {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


class TestRoundDecisions:
    def played_round(self, seed: int = 3) -> Table:
        t = Table.new(Settings(seats=["you", "easy"], seed=seed, speed="instant"))
        rng = random.Random(seed)
        while t.round == 1:
            if t.current == 0:
                t.submit(0, t.ply, rng.choice([a["code"] for a in t.view(0)["legal"]]))
            else:
                t.bot_step(None)
        return t

    def test_the_persons_choices_of_the_round_just_ended(self) -> None:
        t = self.played_round()
        h = load_heuristics(GAME.info.name)
        found = round_decisions(GAME, h, t.record, [0])
        assert found and all(d.seat == 0 and len(d.legal) > 1 for d in found)
        for d in found:
            before = GameRecord.from_dict(t.record.to_dict()).replay(d.ply)
            assert before.round == 1 and GAME.current_player(before) == 0
            assert d.view == GAME.view(before, 0)
            assert d.chosen == GAME.parse_action(t.record.actions[d.ply])
        mid = round_decisions(GAME, h, t.record, [0], end=found[2].ply)
        assert [d.ply for d in mid] == [d.ply for d in found[:2]]

    def test_pick_spreads_and_keeps_the_last(self) -> None:
        ds = [Decision(i, 0, None, (), None) for i in range(30)]
        picked = pick_decisions(ds, 12)
        assert len(picked) == 12 and picked[0].ply == 0 and picked[-1].ply == 29
        assert pick_decisions(ds[:5], 12) == ds[:5]
        assert pick_decisions(ds, 1) == [ds[-1]]


class TestNotesAndFigures:
    def test_notes_in_the_records_shape_and_counted(self, monkeypatch: pytest.MonkeyPatch
                                                     ) -> None:
        monkeypatch.setattr(advice, "REVIEW_ITERATIONS", 24)
        monkeypatch.setattr(advice, "SUGGEST_ITERATIONS", 24)
        monkeypatch.setattr(advice, "REVIEW_CAP", 4)
        t = Table.new(Settings(seats=["you", "easy"], seed=8, speed="instant"))
        rng = random.Random(8)
        asked = []
        while t.round == 1:
            if t.current != 0:
                t.bot_step(None)
                continue
            if t.can_suggest() and len(asked) < 2:
                s = web_coach.suggest(t)
                s.step(None)
                words = s.words()
                assert len(words["choices"]) <= 3 and words["title"]
                asked.append(t.ply)
            t.submit(0, t.ply, rng.choice([a["code"] for a in t.view(0)["legal"]]))
        assert t.notes() == [{"ply": p, "seat": 0, "kind": "suggest"} for p in asked]
        review = web_coach.review(t)
        assert review is not None
        review.step(None)
        out = review.finish()
        assert out["judged"] >= 1
        assert out["title"] == "The coach's review of round 1"
        when = review.when()  # the seat's own turn in the round and its card points then
        decisions = {d.ply: d for d in review._review.decisions}
        assert sorted(when) == sorted(decisions) and when
        turns = [when[p][0] for p in sorted(when)]
        assert turns == sorted(turns) and turns[0] >= 1 and turns[-1] > 1
        # each of a seat's turns begins with its draw or take (R4): its own count
        begun = [p for p, code in enumerate(t.record.actions)
                 if code.split(":")[0] in ("draw", "take")
                 and GAME.current_player(t.record.replay(p)) == 0]
        for p, (turn, _points) in when.items():
            assert turn == sum(1 for b in begun if b <= p), (p, turn, begun)
        for p, (_turn, points) in when.items():
            assert points == decisions[p].view.breakdown["card_points"]
        # a mark of each grade, as a review of this round would write them
        marks = [{"ply": p, "seat": 0, "kind": "review", "grade": g, "chosen": "end",
                  "best": "stop", "loss": loss}
                 for p, g, loss in ((asked[0] + 1, "blunder", 0.31),
                                    (asked[1] + 1, "inaccuracy", 0.06))]
        t.add_notes(marks)
        for n in t.notes():
            assert isinstance(n["ply"], int) and n["seat"] == 0
            if n["kind"] == "suggest":
                assert set(n) == {"ply", "seat", "kind"}
            else:
                assert set(n) == {"ply", "seat", "kind", "grade", "chosen", "best", "loss"}
                assert n["grade"] in ("inaccuracy", "mistake", "blunder")
                assert isinstance(n["loss"], float)
                GAME.parse_action(n["chosen"]), GAME.parse_action(n["best"])
        again = Table.load(t.save())
        assert again.notes() == t.notes()
        counts = coach_counts(t.notes(), 2)
        assert counts[0]["suggest"] == 2 and counts[0]["blunder"] == 1
        assert counts[0]["inaccuracy"] == 1 + sum(
            1 for n in out["items"] if n["grade"] == "inaccuracy")
        rows = {r["key"]: r["cells"] for r in game_summary(
            t.view(None)["log"], t.names, 40, t.notes(), t.humans())["stats"]["rows"]}
        assert rows["coach-suggest"] == ["2", "–"]
        assert rows["coach-blunder"][0] == str(counts[0]["blunder"])
        assert rows["coach-inaccuracy"][0] == str(counts[0]["inaccuracy"])
        plain = game_summary(t.view(None)["log"], t.names, 40)["stats"]["rows"]
        assert not any(r["key"].startswith("coach-") for r in plain)
        on = {r["key"]: r["cells"] for r in game_summary(
            t.view(None)["log"], t.names, 40, (), [0], coach=True)["stats"]["rows"]}
        assert on["coach-suggest"] == on["coach-blunder"] == ["0", "–"]  # on, unused

    def test_a_suggestion_not_played_leaves_no_note_and_undo_drops_notes(self) -> None:
        t = Table.new(Settings(seats=["you", "easy"], seed=2, speed="instant"))
        while not t.can_suggest():
            t.bot_step(None)
        ply = t.ply
        s = web_coach.suggest(t)
        s.step(None)
        s.words()
        assert t.notes() == []  # not played yet: nothing on a ply to come
        t.submit(0, ply, t.view(0)["legal"][0]["code"])
        assert t.notes() == [{"ply": ply, "seat": 0, "kind": "suggest"}]
        if t.can_undo():
            t.undo()
            assert t.notes() == []
        GameRecord.loads(json_record(t))  # the record still reads back

    def test_review_words(self) -> None:
        notes = [{"ply": 3, "seat": 0, "kind": "review", "grade": "mistake",
                  "chosen": "last-chance", "best": "stop", "loss": 0.134}]
        p = review_panel(notes, ["You", "Bob"], 1)
        [item] = p["items"]
        assert item["mark"] == "?" and item["name"] == "Mistake"
        assert "Announce LAST CHANCE" in item["text"] and "Announce STOP" in item["text"]
        assert "13%" in item["cost"] and p["empty"] == ""
        assert review_panel([], ["You", "Bob"])["empty"] == "No mistakes found."
        assert p["title"] == "The coach's review"
        assert review_panel(notes, ["You", "Bob"], 1, None, 3)["title"] == (
            "The coach's review of round 3")
        with i18n_language("tr"):
            assert review_panel([], ["Sen", "Bob"], 1, None, 3)["title"] == (
                "Koçun 3. tur değerlendirmesi")
        timed = review_panel(notes, ["You", "Bob"], 1, {3: (5, 7)})["items"][0]
        assert timed["when"] == "Turn 5 (7 card points)"
        assert timed["detail"].startswith("Turn 5 (7 card points): played “")
        assert review_panel(notes, ["You", "Bob"], 1, {3: (1, 1)})["items"][0][
            "when"] == "Turn 1 (1 card point)"


class TestHotSeatReview:
    """Several people at one device: the round-over screen they share counts each
    person's marks and never words a move (a kept card, the better card, the card
    points then: what only that person saw); each person's own review is for their
    screen alone."""

    def reviewed(self, monkeypatch: pytest.MonkeyPatch, seats: list[str]
                 ) -> tuple[Table, Any]:
        monkeypatch.setattr(advice, "REVIEW_ITERATIONS", 8)
        monkeypatch.setattr(advice, "REVIEW_CAP", 40)
        t = Table.new(Settings(seats=seats, names=["Ann", "Bob", ""][:len(seats)],
                                       seed=4, speed="instant"))
        rng = random.Random(4)
        while t.round == 1:
            if t.kinds[t.current] == HUMAN:
                codes = [a["code"] for a in t.view(t.current)["legal"]]
                keeps = [c for c in codes if c.startswith("keep:")]
                t.submit(t.current, t.ply, rng.choice(keeps or codes))
            else:
                t.bot_step(None)
        review = web_coach.review(t)
        assert review is not None
        review.step(None)
        # a mark on every decision that kept a card (the better move: another keep),
        # so that each person's marks name cards only that person drew
        review._review.marks[:] = [
            advice.Mark(d.ply, d.seat, "mistake", d.chosen,
                        next(a for a in d.legal if a != d.chosen), 0.12)
            for d in review._review.decisions if str(d.chosen).startswith("keep:")]
        return t, review

    @staticmethod
    def labels(t: Table, notes: list[dict[str, Any]], seat: int) -> set[str]:
        return {action_label(n[k], t.names) for n in notes if n["seat"] == seat
                for k in ("chosen", "best")}

    def test_the_shared_screen_counts_and_each_person_reads_their_own(
            self, monkeypatch: pytest.MonkeyPatch) -> None:
        t, review = self.reviewed(monkeypatch, ["human", "human", "easy"])
        notes = review.notes()
        assert {n["seat"] for n in notes} == {0, 1}, notes  # both people kept cards
        assert review.shared
        shared = review.finish()  # the round-over screen's words
        text = repr(shared)
        for seat in (0, 1):
            for label in self.labels(t, notes, seat):
                assert label not in text, label
        assert "card point" not in text and shared["items"] == []
        mine = [sum(1 for n in notes if n["seat"] == s) for s in (0, 1)]
        assert [x["text"] for x in shared["tally"]] == [
            f"{name}: {k} mistake" + ("s" if k > 1 else "")
            for name, k in zip(("Ann", "Bob"), mine, strict=True)]
        assert shared["note"] and t.notes() == notes  # the marks are in the record
        for seat, other in ((0, 1), (1, 0)):
            own = review.words(seat)
            assert {i["ply"] for i in own["items"]} == {
                n["ply"] for n in notes if n["seat"] == seat}
            assert all(i["who"] == "" for i in own["items"])  # spoken to that person
            words = repr(own)
            assert any(label in words for label in self.labels(t, notes, seat))
            for label in self.labels(t, notes, other) - self.labels(t, notes, seat):
                assert label not in words, label
            assert own["summary"] == (f"The coach on your round 1: {mine[seat]} mistake"
                                      + ("s" if mine[seat] > 1 else ""))

    def test_one_person_or_the_game_over_shows_the_marks_in_full(
            self, monkeypatch: pytest.MonkeyPatch) -> None:
        t, review = self.reviewed(monkeypatch, ["you", "easy"])
        assert not review.shared
        words = review.finish()
        assert "tally" not in words and len(words["items"]) == len(review.notes())
        t, review = self.reviewed(monkeypatch, ["human", "human"])
        monkeypatch.setattr(Table, "over", property(lambda self: True))
        assert not review.shared  # every hand is public once the game is over
        words = review.words()
        assert len(words["items"]) == len(review.notes()) and "tally" not in words
        assert {i["who"] for i in words["items"]} <= {"Ann", "Bob"}

    def test_tally_words(self) -> None:
        notes = [{"ply": p, "seat": s, "kind": "review", "grade": g, "chosen": "draw",
                  "best": "take:1", "loss": 0.3}
                 for p, s, g in ((1, 0, "blunder"), (3, 0, "inaccuracy"),
                                 (5, 0, "inaccuracy"), (7, 2, "mistake"))]
        notes.append({"ply": 9, "seat": 1, "kind": "suggest"})
        assert grade_tally(notes[:3]) == "1 blunder and 2 inaccuracies"
        assert grade_tally([]) == grade_tally(notes[4:]) == "no mistakes found"
        tally = review_tally(notes, ["Ann", "Bob", "Cy"], [0, 1, 2], 2)
        assert tally["title"] == "The coach's review of round 2"
        assert [x["text"] for x in tally["tally"]] == [
            "Ann: 1 blunder and 2 inaccuracies", "Bob: no mistakes found", "Cy: 1 mistake"]
        assert "Draw" not in repr(tally) and tally["items"] == []
        own = private_review(notes, 2, 4, ["Ann", "Bob", "Cy"], {7: (3, 5)})
        assert own["summary"] == "The coach on your round 4: 1 mistake"
        [item] = own["items"]
        assert item["ply"] == 7 and item["when"] == "Turn 3 (5 card points)"
        assert private_review(notes, 1, 4, ["Ann", "Bob", "Cy"])["empty"] == (
            "No mistakes found.")
        with i18n_language("nl"):
            assert grade_tally(notes[:3]) == "1 blunder en 2 onnauwkeurigheden"


def i18n_language(code: str) -> Any:
    """A context in which the presenter speaks ``code``."""
    from contextlib import contextmanager

    from seasalt import i18n

    @contextmanager
    def ctx() -> Any:
        with i18n.temporary_language():
            i18n.set_language(code)
            yield

    return ctx()


def json_record(t: Table) -> str:
    return t.record.dumps()


class FakeSearch:
    done = True

    def __init__(self, stats: list[tuple[Any, int, float]], best: Any) -> None:
        self._stats, self._best = stats, best

    def stats(self) -> list[tuple[Any, int, float]]:
        return self._stats

    def best(self) -> Any:
        return self._best


def test_choices_rank_the_searchs_choice_first_then_by_rollouts_then_chance() -> None:
    # successive halving: take:1 was dropped early on a lucky mean, take:3 later
    stats = [(A("take:1"), 8, 0.9), (A("take:2"), 0, 0.95), (A("draw"), 64, 0.5),
             (A("end"), 64, 0.45), (A("take:3"), 16, 0.6), (A("stop"), 64, 0.47)]
    th = advice.Thinking(FakeSearch(stats, A("draw")), [a for a, _n, _m in stats])
    assert [str(c.action) for c in th.choices()] == ["draw", "stop", "end"]
    assert [str(c.action) for c in th.choices(None)] == [
        "draw", "stop", "end", "take:3", "take:1"]  # none without rollouts
    equal = [(A("take:1"), 20, 0.34), (A("draw"), 20, 0.34), (A("end"), 20, 0.5)]
    th = advice.Thinking(FakeSearch(equal, A("draw")), [a for a, _n, _m in equal])
    assert [str(c.action) for c in th.choices()] == ["draw", "end", "take:1"]


def test_suggestion_words_merge_identical_moves_and_name_the_first_row() -> None:
    t = Table.new(Settings(seats=["human", "easy"], seed=3))
    t.submit(0, t.ply, "draw")
    keeps = [x["code"] for x in t.view(0)["legal"]]
    labels = [action_label(c, t.names) for c in keeps]
    rows = [{"code": c, "chance": 0.5 - i / 10} for i, c in enumerate(keeps)]
    twin = {"code": keeps[0], "chance": 0.3}  # the same words as the first row
    words = suggestion([rows[0], twin, *rows[1:]], keeps[0], t.names)
    got = [r["label"] for r in words["choices"]]
    assert got[0] == labels[0] and len(got) == len(set(got)) <= 3
    assert words["choices"][0]["best"] and labels[0] in words["title"]


@pytest.mark.parametrize(("chances", "start"), [
    ((0.004, 0.0, 0.001), "No move gives you a real chance to win from here (under 1%"),
    ((0.996, 1.0, 0.998), "Every move keeps your win all but certain (over 99%"),
    ((0.31, 0.312, 0.308), "Every move here gives about the same chance to win (31%)"),
])
def test_a_suggestion_whose_chances_all_read_alike_says_so_instead(
        chances: tuple[float, ...], start: str) -> None:
    codes = ["draw", "take:1", "take:2"]
    words = suggestion([{"code": c, "chance": p} for c, p in zip(codes, chances, strict=True)],
                       "draw", ["You", "Bob"])
    assert words["flat"] and words["note"].startswith(start)
    assert [r["percent"] for r in words["choices"]] == ["", "", ""]  # no column of 0%
    assert [r["code"] for r in words["choices"]] == codes  # the Hard bot's order kept
    apart = suggestion([{"code": c, "chance": p}
                        for c, p in zip(codes, (0.01, 0.0, 0.0), strict=True)], "draw")
    assert not apart["flat"] and [r["percent"] for r in apart["choices"]] == [
        "1%", "0%", "0%"]
    assert apart["note"].startswith("Chance to win after each move")
    one = suggestion([{"code": "draw", "chance": 0.0}], "draw")
    assert not one["flat"] and one["choices"][0]["percent"] == "0%"
