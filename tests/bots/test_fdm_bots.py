"""Bots playing Fruits de mer: legal moves from views, determinism, the expert's
mixed choices, a rollout policy blind to the others' secret choices, the levels and
their words for each game, and the heuristics' table against the rules (F5)."""

from __future__ import annotations

import collections
import itertools
import random

import pytest

from seasalt.bots import (
    BOT_LEVELS,
    DEFAULT_MIX,
    ExpertBot,
    GreedyBot,
    HeuristicBot,
    RandomBot,
    bot_levels,
    make_bot,
)
from seasalt.cli.arena import play_game
from seasalt.core.heuristics import ChoiceModel, Heuristics, LevelTexts
from seasalt.core.interface import AnyGame
from seasalt.core.registry import load_game, load_heuristics
from seasalt.fdm import state as st
from seasalt.fdm.cards import BAIT_KINDS, PLAYER_KINDS, Kind
from seasalt.fdm.resolve import resolve
from seasalt.fdm.strategy.heuristics import HEURISTICS
from seasalt.fdm.strategy.values import (
    OUTCOMES,
    card_values,
    duel_equilibrium,
    model,
    public_hand,
    uniform,
    win_chances,
)
from seasalt.fdm.view import view

GAME = load_game("fruits-de-mer")
SSP = load_game("sea-salt-and-paper")
#: A small search budget keeps these tests fast; the behaviour is the same.
FAST_EXPERT = "expert:iterations=60"
SPECS = ["random", "greedy", "easy", "medium", "hard", FAST_EXPERT]


def play_random(players: int, seed: int, commits: int) -> st.State:
    """A game after ``commits`` random commits (still on, the mover with a choice)."""
    rng = random.Random(seed)
    s = st.new_game(players, seed, log=False)
    for _ in range(commits):
        st.apply_in_place(s, rng.choice(st.legal_actions(s)))
    assert s.bait is not None
    return s


def with_pending(s: st.State, seat: int, kind: Kind) -> st.State:
    """A copy of ``s`` where ``seat`` (who has chosen) chose ``kind`` instead: the
    same public facts, another secret."""
    t = s.copy(keep_log=False)
    old = t.pending[seat]
    assert old is not None
    t.hands[seat][old] += 1
    t.hands[seat][kind] -= 1
    t.pending[seat] = kind
    return t


class TestLegalMoves:
    @pytest.mark.parametrize("players", [2, 3, 5])
    def test_whole_games_only_legal_actions(self, players: int) -> None:
        # the arena is the referee: it raises on an illegal answer
        specs = (SPECS * 2)[:players]
        result = play_game(specs, seed=11, index=players, game_name="fruits-de-mer")
        assert sum(result.shares) == pytest.approx(1.0)
        assert result.rounds == 9

    @pytest.mark.parametrize("spec", SPECS)
    def test_every_answer_is_legal_and_comes_from_a_view(self, spec: str) -> None:
        for seed in range(4):
            s = st.new_game(2 + seed % 4, seed, log=False)
            rng = random.Random(seed)
            bot = make_bot(spec, GAME, seed)
            while s.bait is not None:
                legal = st.legal_actions(s)
                if len(legal) > 1:
                    a = bot.act(view(s, st.current_player(s)), legal)
                    assert a in legal
                st.apply_in_place(s, rng.choice(legal))

    @pytest.mark.parametrize("spec", SPECS)
    def test_empty_legal_list_is_refused(self, spec: str) -> None:
        s = play_random(3, 1, 4)
        with pytest.raises(ValueError):
            make_bot(spec, GAME, 1).act(view(s, st.current_player(s)), [])


class TestDeterminism:
    @pytest.mark.parametrize("spec", SPECS)
    def test_same_seed_same_choices(self, spec: str) -> None:
        for commits in (0, 7, 19):
            s = play_random(3, commits, commits)
            v, legal = view(s, st.current_player(s)), st.legal_actions(s)
            assert len({make_bot(spec, GAME, 5).act(v, legal) for _ in range(3)}) == 1

    def test_same_seed_same_game(self) -> None:
        specs = ["greedy", FAST_EXPERT, "easy"]
        r1 = play_game(specs, seed=3, index=1, game_name="fruits-de-mer")
        r2 = play_game(specs, seed=3, index=1, game_name="fruits-de-mer")
        assert (r1.shares, r1.scores) == (r2.shares, r2.scores)


class TestFairness:
    """No bot reads another seat's secret choice of the round: its view cannot."""

    @pytest.mark.parametrize("spec", SPECS)
    def test_same_view_whatever_the_others_chose(self, spec: str) -> None:
        s = play_random(3, 8, 11)  # round 4, seats 0 and 1 have chosen
        seat = st.current_player(s)
        assert seat == 2 and s.pending[0] is not None
        worlds = [with_pending(s, 0, k) for k in PLAYER_KINDS if public_hand(s.removed[0])
                  [PLAYER_KINDS.index(k)] > 0]
        assert len(worlds) > 1
        choices = set()
        for w in worlds:
            v = view(w, seat)
            assert v == view(s, seat)
            choices.add(make_bot(spec, GAME, 42).act(v, st.legal_actions(w)))
        assert len(choices) == 1


class TestRolloutPolicy:
    def test_rollout_choice_ignores_the_others_pending_cards(self) -> None:
        for seed in range(6):
            s = play_random(4, seed, 4 * (seed % 3) + 2)  # seats 0 and 1 have chosen
            seat = st.current_player(s)
            assert seat == 2
            legal = st.legal_actions(s)
            picks = set()
            for k0, k1 in itertools.product(PLAYER_KINDS, repeat=2):
                if public_hand(s.removed[0])[PLAYER_KINDS.index(k0)] <= 0 or \
                        public_hand(s.removed[1])[PLAYER_KINDS.index(k1)] <= 0:
                    continue
                w = with_pending(with_pending(s, 0, k0), 1, k1)
                picks.add(HEURISTICS.rollout_action(w, legal, random.Random(seed)))
            assert len(picks) == 1

    def test_resampled_choices_ignore_the_sampled_ones(self) -> None:
        s = play_random(3, 2, 2)  # seats 0 and 1 have chosen
        results = set()
        for k in PLAYER_KINDS:
            if public_hand(s.removed[0])[PLAYER_KINDS.index(k)] <= 0:
                continue
            w = with_pending(s, 0, k)
            HEURISTICS.resample_choices(w, 2, random.Random(9))
            assert st.to_dict(w)["hands"] == st.to_dict(st.from_dict(st.to_dict(w)))["hands"]
            results.add((tuple(w.pending), tuple(tuple(h.values()) for h in w.hands)))
        assert len(results) == 1

    def test_rollout_policy_is_legal_and_games_end(self) -> None:
        rng = random.Random(0)
        for seed in range(6):
            s = st.new_game(2 + seed % 4, seed, log=False)
            while s.bait is not None:
                legal = st.legal_actions(s)
                a = HEURISTICS.rollout_action(s, legal, rng)
                assert a in legal
                st.apply_in_place(s, a)
            assert len(s.history) == 9


class TestMixedExpert:
    def test_simultaneous_games_mix_by_default_sequential_do_not(self) -> None:
        assert make_bot("expert", GAME, 1).mix == DEFAULT_MIX > 0  # type: ignore[attr-defined]
        assert make_bot("expert", SSP, 1).mix == 0  # type: ignore[attr-defined]
        assert make_bot("expert:mix=0", GAME, 1).mix == 0  # type: ignore[attr-defined]
        with pytest.raises(ValueError, match="mix"):
            make_bot("expert:mix=-1", GAME, 1)

    def test_close_actions_are_drawn_from_the_seed(self) -> None:
        # where the search finds actions close in value, other seeds play other cards
        close = 0
        for seed in range(12):
            s = play_random(2, seed, 2 * (seed % 5))
            v, legal = view(s, st.current_player(s)), st.legal_actions(s)
            bot = make_bot("expert:iterations=120,policy=0", GAME, 1)
            assert isinstance(bot, ExpertBot)
            search = bot.start(v, legal)
            search.step()
            weights = search.weights()
            assert sum(weights) == pytest.approx(1.0)
            if max(weights) > 0.75:
                continue
            close += 1
            picks = {make_bot("expert:iterations=120,policy=0", GAME, seed).act(v, legal)
                     for seed in range(16)}
            assert len(picks) >= 2
        assert close >= 3

    def test_without_mix_the_best_mean_is_played(self) -> None:
        s = st.new_game(2, 4, log=False)
        v, legal = view(s, 0), st.legal_actions(s)
        bot = make_bot("expert:iterations=120,mix=0,policy=0", GAME, 1)
        assert isinstance(bot, ExpertBot)
        search = bot.start(v, legal)
        search.step()
        best = max(search.stats(), key=lambda x: x[2])[0]
        assert search.best() == best
        assert search.weights() == [1.0 if a == best else 0.0 for a in legal]

    def test_slicing_does_not_change_the_mixed_choice(self) -> None:
        s = play_random(3, 5, 3)
        v, legal = view(s, st.current_player(s)), st.legal_actions(s)
        choices = set()
        for size in (1, 7, 1000):
            bot = make_bot("expert:iterations=60,policy=0", GAME, 3)
            assert isinstance(bot, ExpertBot)
            search = bot.start(v, legal)
            while not search.done:
                search.step(max_iterations=size)
            choices.add(search.best())
        choices.add(make_bot("expert:iterations=60,policy=0", GAME, 3).act(v, legal))
        assert len(choices) == 1


class TestLevels:
    @pytest.mark.parametrize("game", [GAME, SSP])
    def test_levels_resolve_for_both_games(self, game: AnyGame) -> None:
        easy, medium, hard = (make_bot(lv.key, game, 1) for lv in BOT_LEVELS)
        assert isinstance(easy, GreedyBot) and easy.noise > 0
        assert isinstance(medium, HeuristicBot)  # each game's planner
        assert isinstance(hard, ExpertBot)
        assert isinstance(make_bot("random", game, 1), RandomBot)

    def test_descriptions_per_game(self) -> None:
        ssp, fdm = bot_levels("sea-salt-and-paper"), bot_levels("fdm")
        assert [lv.key for lv in fdm] == [lv.key for lv in ssp] == ["easy", "medium", "hard"]
        assert [lv.spec for lv in fdm] == [lv.spec for lv in BOT_LEVELS]
        # Sea Salt & Paper keeps its words (their translations exist)
        assert [lv.description for lv in ssp] == [lv.description for lv in BOT_LEVELS]
        assert bot_levels() == BOT_LEVELS
        for a, b in zip(ssp, fdm, strict=True):
            assert a.description != b.description
            assert b.description and "\n" not in b.description
            for word in ("duo", "STOP", "stop", "round."):
                assert word not in b.description

    def test_heuristics_offer_the_extras(self) -> None:
        assert load_heuristics("fdm") is HEURISTICS
        assert isinstance(HEURISTICS, Heuristics)
        assert isinstance(HEURISTICS, ChoiceModel)
        assert isinstance(HEURISTICS, LevelTexts)
        assert isinstance(load_heuristics("ssp"), LevelTexts)
        assert not isinstance(load_heuristics("ssp"), ChoiceModel)


class TestHeuristics:
    def test_outcome_table_is_f5(self) -> None:
        rng = random.Random(1)
        for _ in range(400):
            bait = rng.choice(BAIT_KINDS)
            plays = [rng.choice(PLAYER_KINDS) for _ in range(rng.randrange(2, 6))]
            res = resolve(bait, plays)
            mask = 0
            for k in plays[1:]:
                mask |= 1 << PLAYER_KINDS.index(k)
            point, gone = OUTCOMES[bait][PLAYER_KINDS.index(plays[0])][mask]
            assert point == (0 in res.scorers)
            assert gone == any(seat == 0 for seat, _ in res.removed)

    def test_greedy_arrests_a_lone_fisher(self) -> None:
        # the other seat holds only its Fisher: a Warden arrests it and risks nothing
        fisher_only = (0, 0, 0, 0, 1, 0)
        values = card_values(Kind.SHRIMP, (2, 1, 1, 1, 1, 1), [uniform(fisher_only)], 5)
        assert max(range(6), key=values.__getitem__) == PLAYER_KINDS.index(Kind.WARDEN)

    def test_greedy_choice_from_a_view(self) -> None:
        s = st.new_game(2, 0, log=False)
        # seat 1 has lost everything but its Fisher and Warden
        s.removed[1] = {k: (n if k not in (Kind.FISHER, Kind.WARDEN) else 0)
                        for k, n in zip(PLAYER_KINDS, (2, 1, 1, 1, 1, 1), strict=True)}
        s.hands[1] = {k: (1 if k in (Kind.FISHER, Kind.WARDEN) else 0) for k in PLAYER_KINDS}
        s.bait = Kind.SHRIMP
        # against Fisher or Warden, alike: a Warden scores half the time and risks
        # nothing; a Shrimp scores half the time but is caught the other half
        # (greedy draws its card: the Warden is its likeliest one, not its only one)
        picks = collections.Counter(HEURISTICS.choose(view(s, 0), st.legal_actions(s),
                                                      random.Random(seed))
                                    for seed in range(60))
        assert picks.most_common(1)[0][0] == Kind.WARDEN and len(picks) > 1

    def test_model_is_a_distribution_over_the_hand(self) -> None:
        hands = [(2, 1, 1, 1, 1, 1), (1, 0, 1, 1, 0, 1), (0, 0, 0, 0, 0, 0)]
        dist = model(Kind.MACKEREL, hands, 1, 3)
        assert sum(dist) == pytest.approx(1)
        assert all(p == 0 for p, c in zip(dist, hands[1], strict=True) if c == 0)

    def test_duel_equilibrium_and_mixed_prior(self) -> None:
        full = (2, 1, 1, 1, 1, 1)
        mine, theirs = duel_equilibrium(Kind.SHRIMP, full, full, 1)
        assert sum(mine) == pytest.approx(1) and sum(theirs) == pytest.approx(1)
        assert sum(p > 0.05 for p in mine) >= 3  # a mixed strategy, not one card
        # on a Seaweed bait a Mackerel never loses: it is the safe answer
        assert duel_equilibrium(Kind.SEAWEED, full, full, 1)[0][1] > 0.9
        s = st.new_game(2, 4, log=False)
        prior = HEURISTICS.mixed_prior(s, st.legal_actions(s))
        assert sum(prior) == pytest.approx(1) and len(prior) == 6
        s5 = st.new_game(5, 4, log=False)
        assert sum(HEURISTICS.mixed_prior(s5, st.legal_actions(s5))) == pytest.approx(1)

    def test_win_chances(self) -> None:
        assert win_chances([3, 1], [(1,) * 6] * 2, 0) == [1.0, 0.0]
        assert win_chances([2, 2], [(1,) * 6] * 2, 0) == [0.5, 0.5]
        p = win_chances([3, 1], [(1,) * 6] * 2, 4)
        assert sum(p) == pytest.approx(1) and p[0] > p[1]
        # more cards left, better chances
        q = win_chances([2, 2], [(2, 1, 1, 1, 1, 1), (0, 0, 0, 0, 0, 1)], 5)
        assert q[0] > q[1]
        # a lead counts more near the end
        assert win_chances([3, 1], [(1,) * 6] * 2, 1)[0] > p[0]
