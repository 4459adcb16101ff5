"""The information-set tree search (SO-ISMCTS): its tree's statistics, slicing, a
single legal action, the right move of a toy game, the view keys of its nodes."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

import pytest

from seasalt.bots import make_bot, parse_spec
from seasalt.bots.ismcts import IsmctsBot, IsmctsSearch, Node, freeze
from seasalt.core.registry import load_game
from seasalt.ssp import state as st
from seasalt.ssp.strategy.heuristics import HEURISTICS
from seasalt.ssp.view import view
from tests.bots.test_bots import midgame
from tests.core.toy import GAME as NIM
from tests.core.toy import NimState

GAME = load_game("sea-salt-and-paper")


class NimHeuristics:
    """Random rollouts to the end of the game (the horizon never changes)."""

    def choose(self, view: NimState, legal: Sequence[int], rng: random.Random, *,
               noise: float = 0.0) -> int:
        return rng.choice(legal)

    def rollout_action(self, state: NimState, legal: Sequence[int], rng: random.Random) -> int:
        return rng.choice(legal)

    def horizon(self, state: NimState) -> int:
        return 0

    def evaluate(self, state: NimState) -> list[float]:
        raise AssertionError("Nim is always played to its end")


def ssp_decision(seed: int = 21, plies: int = 21, players: int = 2):
    """A Sea Salt & Paper view with at least two legal actions, and those actions."""
    s = midgame(seed, plies, players)
    return view(s, s.current), st.legal_actions(s)


def walk(node: Node):
    """Every node under ``node``, itself first."""
    yield node
    for child in node.children.values():
        yield from walk(child)


def run(search: IsmctsSearch, size: int | None = None) -> IsmctsSearch:
    while not search.done:
        search.step(max_iterations=size)
    return search


class TestTree:
    @pytest.mark.parametrize(("seed", "plies", "players"), [(21, 21, 2), (5, 9, 3), (9, 40, 2)])
    def test_statistics_add_up(self, seed: int, plies: int, players: int) -> None:
        v, legal = ssp_decision(seed, plies, players)
        search = run(IsmctsBot(GAME, HEURISTICS, 3, iterations=150).start(v, legal))
        assert search.iterations == search.max_iterations
        stats = search.stats()
        assert [a for a, _, _ in stats] == legal
        assert sum(n for _, n, _ in stats) == search.iterations
        assert all(0.0 <= m <= 1.0 for _, _, m in stats)
        # the bot's own actions are legal in every sample: available every time
        assert all(e.available == search.iterations for e in search.root.edges.values())
        nodes = list(walk(search.root))
        assert len(nodes) == search.nodes > 1
        # one node per iteration at most (an iteration may end at the horizon first)
        assert search.nodes <= search.iterations + 1
        for node in nodes:
            taken = sum(e.visits for e in node.edges.values())
            # a node is entered once when it is made, then once per edge taken there
            entered = sum(1 + sum(e.visits for e in c.edges.values())
                          for c in node.children.values())
            assert entered <= taken
            for e in node.edges.values():
                assert 0 <= e.visits <= e.available
                assert 0.0 <= e.total <= e.visits
        # opponents' moves exist in some samples only (their hidden cards differ)
        assert any(len({e.available for e in n.edges.values()}) > 1 for n in nodes)

    def test_most_visited_root_action_is_played(self) -> None:
        v, legal = ssp_decision()
        search = run(IsmctsBot(GAME, HEURISTICS, 4, iterations=120).start(v, legal))
        top = max(n for _, n, _ in search.stats())
        assert dict((a, n) for a, n, _ in search.stats())[search.best()] == top

    def test_slicing_does_not_change_the_search(self) -> None:
        v, legal = ssp_decision()
        results = set()
        for size in (1, 7, None):
            search = run(IsmctsBot(GAME, HEURISTICS, 4, iterations=60).start(v, legal), size)
            results.add((search.best(), tuple(search.stats()), search.nodes))
        assert len(results) == 1
        (choice, _, _), = results
        assert IsmctsBot(GAME, HEURISTICS, 4, iterations=60).act(v, legal) == choice

    def test_a_single_legal_action_needs_no_search(self) -> None:
        v, legal = ssp_decision()
        search = IsmctsBot(GAME, HEURISTICS, 1, iterations=50).start(v, legal[:1])
        assert search.done and search.step() == 0 and search.iterations == 0
        assert search.best() == legal[0]

    def test_best_is_legal_before_any_iteration_and_mid_search(self) -> None:
        v, legal = ssp_decision()
        search = IsmctsBot(GAME, HEURISTICS, 1, iterations=50).start(v, legal)
        assert not search.done and search.best() == legal[0]
        assert search.step(max_iterations=5) == 5 and search.best() in legal
        assert search.step(max_seconds=0.0) == 0 and not search.done

    def test_budget_is_weighted_as_the_experts(self) -> None:
        v, legal = ssp_decision()
        search = IsmctsBot(GAME, HEURISTICS, 1, iterations=40).start(v, legal)
        expert = make_bot("expert:iterations=40", GAME, 1).start(v, legal)  # type: ignore[attr-defined]
        assert search.max_iterations == expert.max_iterations == round(
            40 * HEURISTICS.budget_weight(v, legal))

    def test_time_budget(self) -> None:
        v, legal = ssp_decision()
        search = IsmctsBot(GAME, HEURISTICS, 1, time=0.01).start(v, legal)
        search.step()
        # 0.01 s weighed by the decision (the game's BudgetModel), and spent
        assert search.time_limit == pytest.approx(0.01 * HEURISTICS.budget_weight(v, legal))
        assert search.done and search.elapsed >= search.time_limit and search.iterations > 0


class TestToyGame:
    """Nim (take 1 to 3, the last counter wins): leave a multiple of four."""

    @pytest.mark.parametrize(("counters", "right"), [(5, 1), (6, 2), (7, 3), (9, 1)])
    @pytest.mark.parametrize("seed", [1, 2])
    def test_the_winning_move_is_found(self, counters: int, right: int, seed: int) -> None:
        s = NimState(counters, 0, 2)
        bot = IsmctsBot(NIM, NimHeuristics(), seed, iterations=400)
        search = run(bot.start(NIM.view(s, 0), NIM.legal_actions(s)))
        assert search.best() == right
        means = {a: m for a, _, m in search.stats()}
        assert means[right] == max(means.values())

    def test_guide_tries_the_rollout_policys_move_first(self) -> None:
        class Greedy(NimHeuristics):
            def rollout_action(self, state: NimState, legal: Sequence[int],
                               rng: random.Random) -> int:
                return max(legal)

        s = NimState(9, 0, 2)
        firsts: dict[bool, set[int]] = {True: set(), False: set()}
        for seed in range(6):
            for guide in (True, False):
                search = IsmctsBot(NIM, Greedy(), seed, iterations=1, guide=guide).start(
                    NIM.view(s, 0), NIM.legal_actions(s))
                search.step()
                firsts[guide].add(next(a for a, n, _ in search.stats() if n))
        assert firsts[True] == {3}
        assert len(firsts[False]) > 1  # without the guide: 1, 2 or 3 at random

    def test_a_tiny_budget_is_not_enough(self) -> None:
        # the test above can fail: with one try per move the answer is the first
        # untried one drawn, often wrong
        picks = set()
        for seed in range(12):
            s = NimState(7, 0, 2)
            picks.add(IsmctsBot(NIM, NimHeuristics(), seed, iterations=3).act(
                NIM.view(s, 0), NIM.legal_actions(s)))
        assert len(picks) > 1


@dataclasses.dataclass(frozen=True)
class Sample:
    name: str
    table: dict[str, list[int]]
    note: list[str] = dataclasses.field(compare=False, default_factory=list)


class TestFreeze:
    def test_equal_values_equal_keys(self) -> None:
        a = Sample("x", {"a": [1, 2], "b": []}, note=["seen"])
        b = Sample("x", {"b": [], "a": [1, 2]})
        assert a == b and freeze(a) == freeze(b) and hash(freeze(a)) == hash(freeze(b))
        assert freeze(Sample("x", {"a": [2, 1]})) != freeze(a)
        assert freeze(Sample("y", {"a": [1, 2], "b": []})) != freeze(a)

    def test_ssp_views(self) -> None:
        v, _ = ssp_decision()
        assert hash(freeze(v)) == hash(freeze(dataclasses.replace(v)))
        other, _ = ssp_decision(22)
        assert freeze(other) != freeze(v)

    def test_an_unhashable_leaf_is_refused(self) -> None:
        class Opaque:
            __hash__ = None  # type: ignore[assignment]

        with pytest.raises(TypeError, match="Opaque"):
            freeze({"a": Opaque()})


class TestSettings:
    def test_spec(self) -> None:
        assert parse_spec("ismcts:c=0.5,iterations=300,guide=1") == (
            "ismcts", {"c": 0.5, "iterations": 300, "guide": True})
        bot = make_bot("ismcts:c=0.5,time=0.1", GAME, 1)
        assert isinstance(bot, IsmctsBot)
        assert (bot.c, bot.iterations, bot.time) == (0.5, None, 0.1)

    @pytest.mark.parametrize("kwargs", [{"iterations": 0}, {"time": 0.0},
                                        {"c": -0.1}, {"c": float("nan")}])
    def test_bad_settings(self, kwargs: dict) -> None:
        with pytest.raises(ValueError):
            IsmctsBot(GAME, HEURISTICS, 1, **kwargs)

    def test_empty_legal_list(self) -> None:
        v, _ = ssp_decision()
        with pytest.raises(ValueError, match="no legal action"):
            IsmctsBot(GAME, HEURISTICS, 1).start(v, [])
