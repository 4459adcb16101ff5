"""The expert's search: successive halving over the root actions, and sampling
hidden cards with the game's deal model (Sea Salt & Paper: as players keep cards)."""

from __future__ import annotations

import random

import pytest

from seasalt.bots import ExpertBot
from seasalt.bots import expert as expert_mod
from seasalt.core.registry import load_game
from seasalt.ssp import state as st
from seasalt.ssp.scoring import card_points
from seasalt.ssp.strategy import deals
from seasalt.ssp.strategy.heuristics import HEURISTICS
from seasalt.ssp.strategy.planner import plan
from seasalt.ssp.view import determinize, view

GAME = load_game("sea-salt-and-paper")


def planner_states(games: int, players: int = 2, **options: bool):
    """(state, seat to move) at every decision of planner games, seeds 0.."""
    for g in range(games):
        rng = random.Random(g)
        s = st.new_game(players, g, options or None)
        while s.result is None:
            seat = s.current
            legal = st.legal_actions(s)
            yield s, seat
            s = st.apply(s, plan(view(s, seat), legal, rng))


def many_actions():
    """A view with at least five legal actions (duo choices)."""
    for s, seat in planner_states(40):
        legal = st.legal_actions(s)
        if len(legal) >= 5:
            return view(s, seat), legal
    raise AssertionError("no decision with five actions in 40 games")


class TestSuccessiveHalving:
    def test_the_budget_goes_to_the_better_actions(self) -> None:
        v, legal = many_actions()
        search = ExpertBot(GAME, HEURISTICS, 3, iterations=300).start(v, legal)
        search.step()
        stats = search.stats()
        counts = [n for _, n, _ in stats]
        assert sum(counts) == search.iterations
        # some actions were dropped early, and the chosen one was searched most
        assert min(counts) < max(counts)
        chosen = next(n for a, n, _ in stats if a == search.best())
        assert chosen == max(counts)
        # the dropped ones had lower means than every action searched to the end
        finalists = [m for _, n, m in stats if n == max(counts)]
        assert len(finalists) >= 2

    def test_a_protected_action_is_searched_to_the_end(self) -> None:
        v, legal = many_actions()
        dropped = dropped_action(v, legal)
        kept = ExpertBot(GAME, HEURISTICS, 3, iterations=300).start(v, legal, protect=dropped)
        kept.step()
        after = {a: n for a, n, _ in kept.stats()}
        assert after[dropped] == max(after.values()) == kept.samples

    def test_two_actions_share_the_budget_evenly(self) -> None:
        for s, seat in planner_states(10):
            legal = st.legal_actions(s)
            if len(legal) == 2:
                v = view(s, seat)
                break
        search = ExpertBot(GAME, HEURISTICS, 3, iterations=40).start(v, legal)
        search.step()
        assert [n for _, n, _ in search.stats()] == [search.samples] * 2

    def test_one_round_searches_every_action_alike(self, monkeypatch) -> None:
        monkeypatch.setattr(expert_mod, "HALVING_ROUNDS", 1)
        v, legal = many_actions()
        search = ExpertBot(GAME, HEURISTICS, 3, iterations=100).start(v, legal)
        search.step()
        assert len({n for _, n, _ in search.stats()}) == 1


class TestDealModel:
    @pytest.mark.parametrize(("players", "options"), [
        (2, {}), (3, {}), (4, {"extra_salt": True}), (3, {"extra_pepper": True})])
    def test_deals_agree_with_the_view(self, players: int, options: dict) -> None:
        rng = random.Random(5)
        checked = 0
        for s, seat in planner_states(3, players, **options):
            v = view(s, seat)
            d = deals.deal(v, rng)
            assert view(d, seat) == v
            assert sorted(c for h in d.hands for c in h) + sorted(d.draw) != []
            cards = [c for h in d.hands for c in h] + d.draw + d.drawn + d.looked + [
                c for p in d.piles for c in p] + [c for f in d.fronts for c in f]
            assert len(cards) == len(set(cards))  # no card twice
            checked += 1
        assert checked > 50

    def test_guesses_are_closer_to_the_truth_than_uniform_deals(self) -> None:
        """At play steps of planner games, the deal model's guess of the opponent's card
        points errs less on average than a uniform determinization (which
        underestimates: players keep the better card and play their pairs)."""
        rng = random.Random(1)
        err_model = err_uniform = 0.0
        n = 0
        for s, seat in planner_states(12):
            if s.phase != st.Phase.PLAY or not s.hands[1 - seat]:
                continue
            v = view(s, seat)
            o = 1 - seat
            truth = card_points(s.hands[o], s.fronts[o])
            for _ in range(3):
                m, u = deals.deal(v, rng), determinize(v, rng)
                err_model += card_points(m.hands[o], m.fronts[o]) - truth
                err_uniform += card_points(u.hands[o], u.fronts[o]) - truth
                n += 1
        assert n > 200
        assert err_uniform / n < 0 and abs(err_model / n) < abs(err_uniform / n) / 1.5

    def test_the_search_uses_the_deal_model_unless_told_not_to(self, monkeypatch) -> None:
        calls = []
        real = deals.deal

        def spy(v, rng):
            calls.append(1)
            return real(v, rng)

        monkeypatch.setattr(deals, "deal", spy)
        v, legal = many_actions()
        ExpertBot(GAME, HEURISTICS, 3, iterations=20).act(v, legal)
        assert calls
        calls.clear()
        ExpertBot(GAME, HEURISTICS, 3, iterations=20, deal=False).act(v, legal)
        assert not calls


class TestRolloutCalls:
    def test_rollouts_call_last_chance_only_with_a_clear_lead(self) -> None:
        """In rollouts a seat able to end the round (R4.3) with no duo to play bets LAST
        CHANCE (R6.2) when its card points lead every opponent's public guess (front
        duos and the average worth of its hidden cards) by ``LAST_CHANCE_LEAD``, else
        says STOP (R6.1); it looks at no hidden card of the sample."""
        from seasalt.ssp.actions import LAST_CHANCE, STOP, ActionKind
        from seasalt.ssp.strategy import heuristics as h

        rng = random.Random(0)
        seen = {STOP: 0, LAST_CHANCE: 0}
        for s, seat in planner_states(30):
            legal = st.legal_actions(s)
            if LAST_CHANCE not in legal or any(a.kind == ActionKind.DUO for a in legal):
                continue
            mine = card_points(s.hands[seat], s.fronts[seat])
            o = 1 - seat
            guess = len(s.fronts[o]) // 2 + h._hidden_points(len(s.hands[o]))
            choice = HEURISTICS.rollout_action(s, legal, rng)
            assert choice == (LAST_CHANCE if mine >= guess + h.LAST_CHANCE_LEAD else STOP)
            # the opponent's hidden cards do not matter: another deal, the same call
            other = determinize(view(s, seat), rng)
            assert HEURISTICS.rollout_action(other, legal, rng) == choice
            seen[choice] += 1
        assert seen[STOP] and seen[LAST_CHANCE]


class TestRolloutStep:
    def test_searches_are_the_same_without_it(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """With opponents betting as the searching seat does, the expert's rollouts
        through ``rollout_step`` play exactly as through ``rollout_action`` on listed
        legal actions: the same statistics per root action, so the same choices."""
        from seasalt.ssp.strategy import heuristics as h

        monkeypatch.setattr(h, "OPPONENT_LAST_CHANCE_LEAD", h.LAST_CHANCE_LEAD)

        class Listed:
            """The game's heuristics without ``rollout_step``."""

            def __getattr__(self, name: str) -> object:
                if name == "rollout_step":
                    raise AttributeError(name)
                return getattr(HEURISTICS, name)

        compared = 0
        for s, seat in planner_states(2, 3):
            legal = st.legal_actions(s)
            if len(legal) < 2 or s.ply % 4:
                continue
            v = view(s, seat)
            fast = ExpertBot(GAME, HEURISTICS, 9, iterations=40).start(v, legal)
            slow = ExpertBot(GAME, Listed(), 9, iterations=40).start(v, legal)  # type: ignore[arg-type]
            assert fast._step is not None and slow._step is None
            fast.step()
            slow.step()
            assert fast.stats() == slow.stats()
            compared += 1
        assert compared >= 10


def dropped_action(v, legal):
    """An action that successive halving drops in a plain search of 300 rollouts."""
    plain = ExpertBot(GAME, HEURISTICS, 3, iterations=300).start(v, legal)
    plain.step()
    counts = {a: n for a, n, _ in plain.stats()}
    dropped = min(counts, key=counts.__getitem__)
    assert counts[dropped] < max(counts.values())
    return dropped


class Planned:
    """The game's heuristics with a planner that picks ``choice`` and counts its calls."""

    def __init__(self, choice: object) -> None:
        self.choice = choice
        self.calls = 0

    def plan(self, v: object, legal: object, rng: random.Random) -> object:
        self.calls += 1
        return self.choice

    def __getattr__(self, name: str) -> object:
        return getattr(HEURISTICS, name)


class TestAnchor:
    """``anchor``: the planner's choice is played unless the search finds a move better
    by more than the margin (utilities 0 to 1)."""

    def test_the_planners_choice_is_searched_to_the_end(self) -> None:
        v, legal = many_actions()
        dropped = dropped_action(v, legal)
        planned = Planned(dropped)
        anchored = ExpertBot(GAME, planned, 3, iterations=300,  # type: ignore[arg-type]
                             anchor=0.02).start(v, legal)
        anchored.step()
        after = {a: n for a, n, _ in anchored.stats()}
        assert planned.calls == 1
        assert after[dropped] == max(after.values()) == anchored.samples

    def test_it_is_played_within_the_margin_and_not_beyond(self) -> None:
        v, legal = many_actions()
        search = ExpertBot(GAME, HEURISTICS, 3, iterations=300).start(v, legal)
        search.step()
        means = {a: m for a, n, m in search.stats() if n == search.samples}
        worst = min(means, key=means.__getitem__)  # a finalist, below the best
        assert means[worst] < max(means.values())
        # utilities are 0 to 1: within a margin of 1 the planner's choice is always played
        bot = ExpertBot(GAME, Planned(worst), 3, iterations=300,  # type: ignore[arg-type]
                        anchor=1.0)
        assert bot.act(v, legal) == worst
        # within a tiny margin, only if the search finds nothing better
        tiny = ExpertBot(GAME, Planned(worst), 3, iterations=300,  # type: ignore[arg-type]
                         anchor=1e-9).start(v, legal)
        tiny.step()
        anchored = {a: m for a, n, m in tiny.stats() if n == tiny.samples}
        top = max(anchored, key=anchored.__getitem__)
        assert anchored[top] > anchored[worst] + 1e-9
        assert tiny.best() == top != worst

    def test_sure_asks_for_a_gap_beyond_the_noise(self) -> None:
        v, legal = many_actions()
        search = ExpertBot(GAME, HEURISTICS, 3, iterations=300).start(v, legal)
        search.step()
        means = {a: m for a, n, m in search.stats() if n == search.samples}
        worst = min(means, key=means.__getitem__)
        # the gap is real but no gap is a million standard errors: the anchor stays
        doubting = ExpertBot(GAME, Planned(worst), 3, iterations=300,  # type: ignore[arg-type]
                             anchor=1e-9, sure=1e6)
        assert doubting.act(v, legal) == worst
        # a millionth of a standard error is crossed as soon as the mean is ahead
        trusting = ExpertBot(GAME, Planned(worst), 3, iterations=300,  # type: ignore[arg-type]
                             anchor=1e-9, sure=1e-6).start(v, legal)
        trusting.step()
        anchored = {a: m for a, n, m in trusting.stats() if n == trusting.samples}
        top = max(anchored, key=anchored.__getitem__)
        assert trusting.best() == top != worst

    def test_off_by_default_and_for_a_single_action(self) -> None:
        v, legal = many_actions()
        planned = Planned(legal[0])
        ExpertBot(GAME, planned, 3, iterations=20).act(v, legal)  # type: ignore[arg-type]
        assert planned.calls == 0
        ExpertBot(GAME, planned, 3, iterations=20,  # type: ignore[arg-type]
                  anchor=0.5).act(v, legal[:1])
        assert planned.calls == 0

    def test_a_negative_margin_is_refused(self) -> None:
        with pytest.raises(ValueError, match="anchor must be 0 or more"):
            ExpertBot(GAME, HEURISTICS, 3, anchor=-0.1)
        with pytest.raises(ValueError, match="sure must be 0 or more"):
            ExpertBot(GAME, HEURISTICS, 3, anchor=0.1, sure=-1)
