"""Bots: the registry and levels, legal moves, determinism, fairness (R5), the
incremental search API, and the Sea Salt & Paper heuristics they use."""

from __future__ import annotations

import random

import pytest

from seasalt.bots import (
    BOT_LEVELS,
    BOT_NAMES,
    DEFAULT_ITERATIONS,
    Bot,
    ExpertBot,
    GreedyBot,
    HeuristicBot,
    RandomBot,
    make_bot,
    parse_spec,
)
from seasalt.cli.arena import play_game
from seasalt.core.heuristics import Heuristics
from seasalt.core.registry import load_game, load_heuristics
from seasalt.ssp import state as st
from seasalt.ssp.actions import STOP, ActionKind
from seasalt.ssp.scoring import card_points
from seasalt.ssp.strategy.heuristics import HEURISTICS
from seasalt.ssp.strategy.values import card_gains, hand_value, win_chances
from seasalt.ssp.view import View, determinize, view

GAME = load_game("sea-salt-and-paper")
#: A small search budget keeps these tests fast; the behaviour is the same.
FAST_EXPERT = "expert:iterations=8"
FAST_ISMCTS = "ismcts:iterations=8"
SPECS = ["random", "greedy", "easy", "heuristic", FAST_EXPERT, "hard:iterations=8", FAST_ISMCTS]


def midgame(seed: int, plies: int, players: int = 2) -> st.State:
    """A state after ``plies`` random actions (the game still on, a choice to make)."""
    rng = random.Random(seed)
    s = st.new_game(players, seed)
    for _ in range(plies):
        st.apply_in_place(s, rng.choice(st.legal_actions(s)))
    while len(st.legal_actions(s)) < 2:
        st.apply_in_place(s, st.legal_actions(s)[0])
    assert s.result is None
    return s


class TestRegistry:
    def test_every_name_builds_a_bot(self) -> None:
        for name in BOT_NAMES:
            bot = make_bot(name, GAME, 1)
            assert isinstance(bot, Bot)

    def test_levels_for_players(self) -> None:
        assert [lv.key for lv in BOT_LEVELS] == ["easy", "medium", "hard"]
        assert [lv.title for lv in BOT_LEVELS] == ["Easy", "Medium", "Hard"]
        for lv in BOT_LEVELS:
            assert lv.description and "\n" not in lv.description
            parse_spec(lv.spec)
        assert isinstance(make_bot("easy", GAME, 1), GreedyBot)
        assert make_bot("easy", GAME, 1).noise > 0  # type: ignore[attr-defined]
        assert isinstance(make_bot("medium", GAME, 1), HeuristicBot)
        assert isinstance(make_bot("hard", GAME, 1), ExpertBot)

    def test_settings_are_typed(self) -> None:
        assert parse_spec("expert:time=0.05,iterations=300") == (
            "expert", {"time": 0.05, "iterations": 300})
        assert parse_spec("hard:iterations=5") == (
            "expert", {"anchor": 0.02, "iterations": 5})
        assert parse_spec("hard:anchor=0") == ("expert", {"anchor": 0.0})
        assert parse_spec("easy:noise=0.5") == ("greedy", {"noise": 0.5})
        assert parse_spec("expert:anchor=0.02,sure=1") == (
            "expert", {"anchor": 0.02, "sure": 1.0})
        anchored = make_bot("expert:anchor=0.03,sure=1.5", GAME, 1)
        assert (anchored.anchor, anchored.sure) == (0.03, 1.5)  # type: ignore[attr-defined]
        bot = make_bot("expert:iterations=300,time=0.05", GAME, 1)
        assert isinstance(bot, ExpertBot)
        assert (bot.iterations, bot.time) == (300, 0.05)

    def test_default_budget_is_iterations(self) -> None:
        bot = make_bot("expert", GAME, 1)
        assert isinstance(bot, ExpertBot)
        assert (bot.iterations, bot.time) == (DEFAULT_ITERATIONS, None)
        timed = make_bot("expert:time=0.1", GAME, 1)
        assert (timed.iterations, timed.time) == (None, 0.1)  # type: ignore[attr-defined]

    @pytest.mark.parametrize(("spec", "words"), [
        ("wizard", "unknown bot 'wizard'"),
        ("expert:depth=3", "unknown setting 'depth'"),
        ("random:noise=0.1", "unknown setting 'noise'"),
        ("expert:iterations=many", "bad value 'many'"),
        ("expert:iterations", "needs a value"),
        ("expert:iterations=0", "at least 1"),
        ("expert:time=-1", "positive"),
        ("greedy:noise=2", "between 0 and 1"),
        ("ismcts:iterations=0", "at least 1"),
        ("ismcts:c=-1", "0 or more"),
        ("expert:anchor=-0.1", "anchor must be 0 or more"),
        ("expert:sure=-1", "sure must be 0 or more"),
        ("ismcts:mix=0.3", "unknown setting 'mix'"),
    ])
    def test_bad_specs_raise_value_error(self, spec: str, words: str) -> None:
        with pytest.raises(ValueError, match=words):
            make_bot(spec, GAME, 1)

    def test_heuristics_are_found_by_game_name(self) -> None:
        assert load_heuristics("ssp") is HEURISTICS
        assert isinstance(HEURISTICS, Heuristics)


class TestLegalMoves:
    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_whole_games_only_legal_actions(self, players: int) -> None:
        # the arena is the referee: it raises on an illegal answer
        specs = (SPECS * 2)[:players]
        result = play_game(specs, seed=11, index=players)
        assert sum(result.shares) == pytest.approx(1.0)

    @pytest.mark.parametrize("spec", SPECS)
    def test_every_phase(self, spec: str) -> None:
        seen = set()
        for seed in range(6):
            s = st.new_game(3, seed)
            rng = random.Random(seed)
            bot = make_bot(spec, GAME, seed)
            for _ in range(120):
                if s.result is not None:
                    break
                legal = st.legal_actions(s)
                if len(legal) > 1:
                    a = bot.act(view(s, s.current), legal)
                    assert a in legal
                    seen.add(s.phase)
                st.apply_in_place(s, rng.choice(legal))
        assert {st.Phase.DRAW, st.Phase.KEEP, st.Phase.PLAY} <= seen

    @pytest.mark.parametrize("spec", SPECS)
    def test_empty_legal_list_is_refused(self, spec: str) -> None:
        s = midgame(1, 10)
        with pytest.raises(ValueError):
            make_bot(spec, GAME, 1).act(view(s, s.current), [])


class TestDeterminism:
    @pytest.mark.parametrize("spec", SPECS)
    def test_same_seed_same_choices(self, spec: str) -> None:
        for plies in (3, 17, 40):
            s = midgame(plies, plies)
            v, legal = view(s, s.current), st.legal_actions(s)
            a = [make_bot(spec, GAME, 5).act(v, legal) for _ in range(2)]
            assert a[0] == a[1]

    def test_same_seed_same_game(self) -> None:
        specs = ["greedy", FAST_EXPERT]
        r1 = play_game(specs, seed=3, index=0)
        r2 = play_game(specs, seed=3, index=0)
        assert (r1.shares, r1.scores, r1.rounds) == (r2.shares, r2.scores, r2.rounds)
        assert [len(t) for t in r1.times] == [len(t) for t in r2.times]


class TestFairness:
    """R5: a bot's choice depends only on its seat's view, never on hidden cards."""

    @pytest.mark.parametrize("spec", SPECS)
    @pytest.mark.parametrize("plies", [5, 24, 45])
    def test_same_view_different_hidden_deals_same_choice(self, spec: str, plies: int) -> None:
        true = midgame(100 + plies, plies, players=3)
        seat = true.current
        v = view(true, seat)
        # two other worlds this seat cannot tell apart from the true one
        worlds = [true, determinize(v, random.Random(1)), determinize(v, random.Random(2))]
        hidden = {tuple(tuple(sorted(h)) for i, h in enumerate(w.hands) if i != seat)
                  + (tuple(w.draw),) for w in worlds}
        assert len(hidden) == 3, "the hidden deals must differ"
        choices = set()
        for w in worlds:
            assert view(w, seat) == v
            bot = make_bot(spec, GAME, 42)
            choices.add(bot.act(view(w, seat), st.legal_actions(w)))
        assert len(choices) == 1

    def test_bots_receive_a_view_with_no_hidden_fields(self) -> None:
        s = midgame(7, 30, players=4)
        v = view(s, s.current)
        assert isinstance(v, View)
        fields = set(View.__dataclass_fields__)
        assert not fields & {"draw", "hands", "rng", "seed", "cand"}
        for spec in SPECS:
            assert make_bot(spec, GAME, 1).act(v, st.legal_actions(s)) in st.legal_actions(s)


class TestIncrementalSearch:
    def _search(self, iterations: int = 30, seed: int = 9):
        s = midgame(21, 21)
        bot = ExpertBot(GAME, HEURISTICS, seed, iterations=iterations)
        return bot, view(s, s.current), st.legal_actions(s)

    def test_steps_run_slices_until_the_budget(self) -> None:
        bot, v, legal = self._search(30)
        k = len(legal)  # a sample rolls out every root action once
        search = bot.start(v, legal)
        assert search.iterations == 0 and not search.done
        assert search.best() in legal  # legal at any time, even before any step
        assert search.step(max_iterations=7) == 7
        assert search.iterations == 7 and search.samples == 7 // k
        assert search.best() in legal  # mid-sample too
        while not search.done:
            assert 0 < search.step(max_iterations=7) <= 7
        # the budget is met and the last sample finished (successive halving may have
        # dropped actions on the way: never below two, and every rollout counted); the
        # budget is 30 times the decision's weight (BudgetModel)
        budget = search.max_iterations
        assert budget == round(30 * HEURISTICS.budget_weight(v, legal))
        assert budget <= search.iterations < budget + k
        assert search.step(max_iterations=7) == 0
        assert search.best() in legal
        counts = [n for _, n, _ in search.stats()]
        assert sum(counts) == search.iterations and max(counts) == search.samples

    def test_slicing_does_not_change_the_choice(self) -> None:
        choices = set()
        for size in (1, 4, 30):
            bot, v, legal = self._search(30, seed=4)
            search = bot.start(v, legal)
            while not search.done:
                search.step(max_iterations=size)
            choices.add(search.best())
        bot, v, legal = self._search(30, seed=4)
        choices.add(bot.act(v, legal))
        assert len(choices) == 1

    def test_a_single_legal_action_needs_no_search(self) -> None:
        bot, v, legal = self._search()
        search = bot.start(v, legal[:1])
        assert search.done and search.step() == 0 and search.best() == legal[0]

    def test_time_budget(self) -> None:
        bot, v, legal = self._search()
        timed = ExpertBot(GAME, HEURISTICS, 1, time=0.01)
        search = timed.start(v, legal)
        search.step()
        # the time is 0.01 s weighed by the decision (BudgetModel), and it is spent
        assert search.time_limit == pytest.approx(0.01 * HEURISTICS.budget_weight(v, legal))
        assert search.done and search.elapsed >= search.time_limit and search.best() in legal
        assert bot.act(v, legal) in legal

    def test_max_seconds_bounds_a_slice(self) -> None:
        bot, v, legal = self._search(10_000)
        search = bot.start(v, legal)
        ran = search.step(max_seconds=0.0)
        assert ran == 0 and not search.done


class TestHeuristics:
    def test_hand_value_is_card_points_plus_promise(self) -> None:
        rng = random.Random(3)
        deck = list(range(58))
        for _ in range(300):
            rng.shuffle(deck)
            hand = deck[:rng.randrange(0, 12)]
            front = deck[30:30 + 2 * rng.randrange(0, 4)]
            base = hand_value(hand, front)
            assert base >= card_points(hand, front)
            cards = deck[50:53]
            gains = card_gains(hand, front, cards, promise_weight=1.0)
            for c, g in zip(cards, gains, strict=True):
                assert g == pytest.approx(hand_value([*hand, c], front) - base)

    def test_win_chances(self) -> None:
        p = win_chances([30, 20], 40)
        assert sum(p) == pytest.approx(1.0) and p[0] > p[1]
        # the same lead is worth more near the target
        assert win_chances([38, 28], 40)[0] > p[0]
        assert win_chances([5, 5, 5], 35) == pytest.approx([1 / 3] * 3)

    def test_greedy_stops_as_soon_as_it_can(self) -> None:
        rng = random.Random(0)
        checked = 0
        for seed in range(4):
            s = st.new_game(2, seed, log=False)
            while s.result is None:
                legal = st.legal_actions(s)
                a = HEURISTICS.choose(view(s, s.current), legal, rng)
                if STOP in legal and not any(b.kind == ActionKind.DUO for b in legal):
                    assert a == STOP
                    checked += 1
                st.apply_in_place(s, a)
        assert checked >= 5

    @pytest.mark.parametrize("options", [{}, {"extra_salt": True}, {"extra_pepper": True},
                                         {"extra_salt": True, "extra_pepper": True}])
    def test_rollout_step_is_the_rollout_policy(self, options: dict[str, bool]) -> None:
        """``rollout_step`` (no legal list) returns what ``rollout_action`` returns on
        the listed legal actions and draws the same numbers, at every step of games
        played half by the rollout policy, half at random (so that duos of every kind,
        calls, empty piles and the last cards of the draw pile all come up)."""
        picker = random.Random(5)
        seen: dict[str, int] = {}
        for seed in range(12):
            s = st.new_game(2 + seed % 3, seed, options, log=False)
            while s.result is None:
                legal = st.legal_actions(s)
                state = random.Random(seed * 1000 + s.ply).getstate()
                rng_a, rng_b = random.Random(), random.Random()
                rng_a.setstate(state)
                rng_b.setstate(state)
                expected = HEURISTICS.rollout_action(s, legal, rng_a)
                assert HEURISTICS.rollout_step(s, rng_b, s.current) == expected, (
                    seed, s.ply, legal)
                assert rng_a.getstate() == rng_b.getstate()
                key = f"{s.phase.name}:{expected.kind.name}"
                seen[key] = seen.get(key, 0) + 1
                st.apply_in_place(s, expected if picker.random() < 0.5
                                  else picker.choice(legal))
        for key in ("DRAW:DRAW", "DRAW:TAKE", "KEEP:KEEP", "PLAY:DUO", "PLAY:END",
                    "CRAB_PICK:PICK"):
            assert seen.get(key, 0) >= 5, (key, seen)
        if not options:
            assert seen.get("PLAY:STOP", 0) + seen.get("PLAY:LAST_CHANCE", 0) >= 5, seen

    def test_rollout_step_plays_opponents_bolder(self) -> None:
        """For a seat other than the searching one, ``rollout_step`` bets LAST CHANCE on
        a lead over the public guess of ``OPPONENT_LAST_CHANCE_LEAD`` (R6.2), else says
        STOP (R6.1); everything else as for the searching seat."""
        from seasalt.ssp.actions import LAST_CHANCE
        from seasalt.ssp.strategy import heuristics as h

        assert h.OPPONENT_LAST_CHANCE_LEAD < h.LAST_CHANCE_LEAD  # type: ignore[operator]
        picker = random.Random(3)
        bolder = same = 0
        for seed in range(30):
            s = st.new_game(2, seed, log=False)
            while s.result is None:
                legal = st.legal_actions(s)
                seat, other = s.current, 1 - s.current
                own = HEURISTICS.rollout_step(s, random.Random(seed), seat)
                theirs = HEURISTICS.rollout_step(s, random.Random(seed), other)
                if LAST_CHANCE in legal and not any(a.kind == ActionKind.DUO for a in legal):
                    mine = card_points(s.hands[seat], s.fronts[seat])
                    guess = len(s.fronts[other]) // 2 + h._hidden_points(len(s.hands[other]))
                    assert theirs == (LAST_CHANCE if mine >= guess + h.OPPONENT_LAST_CHANCE_LEAD
                                      else STOP)
                    bolder += own != theirs
                else:
                    assert theirs == own
                    same += 1
                st.apply_in_place(s, own if picker.random() < 0.5 else picker.choice(legal))
        assert bolder >= 3 and same >= 100

    def test_rollout_policy_is_legal(self) -> None:
        rng = random.Random(0)
        for seed in range(5):
            s = st.new_game(2 + seed % 3, seed, log=False)
            while s.result is None:
                legal = st.legal_actions(s)
                a = HEURISTICS.rollout_action(s, legal, rng)
                assert a in legal
                st.apply_in_place(s, a)


def test_random_bot_is_uniform_enough() -> None:
    s = midgame(2, 2)
    legal = st.legal_actions(s)
    bot = RandomBot(1)
    picks = {bot.act(view(s, s.current), legal) for _ in range(200)}
    assert picks == set(legal)


def test_greedy_values_cards_with_the_events_that_apply() -> None:
    """Issue 7: greedy's card values follow the Extra Pepper events of its seat (B.3.5 Kraken)."""
    from seasalt.ssp.cards import Event, parse_cards
    from seasalt.ssp.scoring import event_mask
    from seasalt.ssp.state import new_game
    from seasalt.ssp.strategy.greedy import _gain
    from seasalt.ssp.strategy.values import view_effects
    from seasalt.ssp.view import view

    hand = parse_cards(["octopus:grey", "octopus:yellow"])
    octopus = parse_cards(["octopus:green"])[0]
    assert _gain(hand, [], octopus)[0] == 3
    assert _gain(hand, [], octopus, event_mask([Event.KRAKEN]))[0] == 1
    s = new_game(2, 1, {"extra_pepper": True})
    s.table_event = int(Event.KRAKEN)
    assert view_effects(view(s, 0)) == event_mask([Event.KRAKEN])
    assert view_effects(view(new_game(2, 1), 0)) == 0
