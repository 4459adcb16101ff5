"""Exploit policies for Fruits de mer (benchmarks only, not the package's bots), the
levels' mixed strategies as the exploiters model them, and a table of games.

Each policy is a bot (``act(view, legal)``) that reads only its seat's view:

* ``always-warden``: the Warden, every round (it is never removed);
* ``spawn-or-eat``: the card of the bait's kind if it holds one (it spawns), else
  the bait's predator (it eats the bait), else the Warden: the rule a person used
  to beat the bots (issue 40);
* ``fisher-hunter``: the Warden while most other seats still hold their Fisher,
  then spawn-or-eat;
* ``best-response``: the best answer to the level's own mixed strategies, which it
  computes from the level's code (:mod:`seasalt.fdm.strategy.policies`) for every
  other seat: the card with the best expected point less the worth of a lost card,
  less the others' mean of the same (heads-up the exact best response is
  :func:`fdm_exploit.best_response`);
* ``best-response-win``: the card with the best expected chance to win after the
  round (:func:`seasalt.fdm.strategy.values.win_chances` on every combination of
  the others' cards, weighted by the level's mixed strategies);
* ``best-response-race``: the same with that chance as Hard's payoff measures it
  (:class:`seasalt.fdm.strategy.win_round.RoundPayoffs`, the race from the totals):
  against Hard, the best answer within Hard's own model of the round.

``hard-first-order`` is Hard's former policy at 3-5 seats (the race to first
order, :func:`first_order_policy`), played by :class:`PolicyBot`, for before/after
tables.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from seasalt.bots import make_bot
from seasalt.bots.registry import parse_spec
from seasalt.core.interface import TERMINAL, Outcome
from seasalt.core.registry import load_game
from seasalt.fdm import state as st
from seasalt.fdm.cards import BAIT_KINDS, PLAYER_KINDS, ROUNDS, Kind, predator
from seasalt.fdm.strategy import duel, policies, win_round
from seasalt.fdm.strategy.values import OUTCOMES, public_hand, win_chances
from seasalt.fdm.view import View, view

GAME = load_game("fruits-de-mer")
_INDEX = {k: i for i, k in enumerate(PLAYER_KINDS)}
Hands = Sequence[tuple[int, ...]]


@dataclass(frozen=True)
class LevelPolicy:
    """A level's mixed strategy: ``table(bait, hands, seat, round, scores)`` and
    heads-up ``duel(round, unseen, bait index, own, other, d)``, chances over
    ``PLAYER_KINDS``."""

    table: Callable[[Kind, Hands, int, int, Sequence[int]], list[float]]
    duel: Callable[[int, tuple[int, ...], int, tuple[int, ...], tuple[int, ...], int],
                   list[float]]


_EASY_NOISE = float(parse_spec("easy")[1].get("noise", 0.0))


def first_order_policy(bait: Kind, hands: Hands, seat: int, round_no: int,
                       scores: Sequence[int]) -> list[float]:
    """Hard's former policy at 3-5 seats (before the payoff on the chance to win,
    :mod:`seasalt.fdm.strategy.win_round`), for comparison: its share of the round's
    equilibrium by regret matching+ (:func:`policies.round_equilibrium`), each seat's
    gain less the others' weighed by their chance to win from the scores
    (:func:`win_chances`, to 4 decimals): the chance to win to first order."""
    seats = sum(1 for h in hands if any(h))
    steps = policies.HARD_ITERATIONS if seats <= 4 else policies.HARD_ITERATIONS_FIVE
    chances = win_chances(scores, hands, ROUNDS - round_no + 1)
    standing = [round(w, 4) for w in chances]
    return list(policies.round_equilibrium(bait, hands, round_no, steps, standing)[seat])


def _hard_table(bait: Kind, hands: Hands, seat: int, round_no: int,
                scores: Sequence[int]) -> list[float]:
    if len(hands) == 2:
        me, other = seat, 1 - seat
        raise ValueError(f"heads-up Hard is the solved game ({me}, {other})")
    return policies.hard_policy(bait, hands, seat, round_no, scores)


LEVEL_POLICIES: dict[str, LevelPolicy] = {
    "easy": LevelPolicy(
        table=lambda b, h, s, r, sc: policies.easy_policy(b, h, s, r, _EASY_NOISE),
        duel=lambda r, u, k, a, b, d: policies.easy_policy(BAIT_KINDS[k], [a, b], 0, r,
                                                           _EASY_NOISE)),
    "medium": LevelPolicy(
        table=lambda b, h, s, r, sc: policies.medium_policy(b, h, s, r),
        duel=lambda r, u, k, a, b, d: policies.medium_policy(BAIT_KINDS[k], [a, b], 0, r)),
    "hard": LevelPolicy(
        table=_hard_table,
        duel=lambda r, u, k, a, b, d: duel.equilibrium(r, u, k, a, b, d)[1]),
    "hard-first-order": LevelPolicy(
        table=first_order_policy,
        duel=lambda r, u, k, a, b, d: duel.equilibrium(r, u, k, a, b, d)[1]),
}


class PolicyBot:
    """A bot drawing its card from a :data:`LEVEL_POLICIES` table at 3-5 seats (for
    the benchmark-only levels such as ``hard-first-order``).

    Args:
        level: a key of :data:`LEVEL_POLICIES`; seed: its random source's seed.
    """

    def __init__(self, level: str, seed: int) -> None:
        self.policy = LEVEL_POLICIES[level]
        self.rng = random.Random(seed)

    def act(self, v: View, legal: Sequence[Kind]) -> Kind:
        """A draw from the level's mixed strategy for the seat of ``v``."""
        assert v.bait is not None and v.seat is not None
        dist = self.policy.table(Kind(v.bait), _hands(v), v.seat, v.round, v.scores)
        weights = [dist[_INDEX[k]] + 1e-12 for k in legal]
        return self.rng.choices(list(legal), weights)[0]


def level_bot(level: str, seed: int) -> Any:
    """A bot of ``level``: the project's own (``make_bot``) or, for the levels only
    the benchmarks know (``hard-first-order``), a :class:`PolicyBot`."""
    if level in ("hard-first-order",):
        return PolicyBot(level, seed)
    return make_bot(level, GAME, seed)


def _hands(v: View) -> list[tuple[int, ...]]:
    return [public_hand(r) for r in v.removed]


class Fixed:
    """A rule-based exploit policy (see the module docstring)."""

    def __init__(self, rule: str) -> None:
        self.rule = rule

    def act(self, v: View, legal: Sequence[Kind]) -> Kind:
        """The rule's card."""
        assert v.bait is not None and v.seat is not None
        bait = Kind(v.bait)
        if self.rule == "always-warden":
            return Kind.WARDEN
        if self.rule == "fisher-hunter":
            hands = _hands(v)
            others = [h for j, h in enumerate(hands) if j != v.seat]
            if 2 * sum(h[_INDEX[Kind.FISHER]] for h in others) > len(others):
                return Kind.WARDEN
        spawn = bait if bait in (Kind.SHRIMP, Kind.MACKEREL) else None
        eat = predator(bait)
        for k in (spawn, eat):
            if k is not None and k in legal:
                return k
        return Kind.WARDEN


class BestResponse:
    """Answers the level's mixed strategies, modelled from its code (module docstring).

    Args:
        level: the level the other seats play; win: maximize the chance to win
            after the round instead of the race value of the round; race: with
            ``win``, that chance as Hard's payoff measures it
            (:class:`win_round.RoundPayoffs`, the exact race from the totals)
            instead of :func:`win_chances`.
    """

    def __init__(self, level: str, win: bool, race: bool = False) -> None:
        self.level = LEVEL_POLICIES[level]
        self.name = level
        self.win = win
        self.race = race

    def act(self, v: View, legal: Sequence[Kind]) -> Kind:
        """The best answer."""
        assert v.bait is not None and v.seat is not None
        bait = Kind(v.bait)
        hands = _hands(v)
        me = v.seat
        n = v.players
        if n == 2 and self.name == "hard":
            shown = [Kind(h["bait"]) for h in v.history] + [bait]
            u = duel.unseen_after(shown)
            d = v.scores[1 - me] - v.scores[me]
            sigma = duel.equilibrium(v.round, u, BAIT_KINDS.index(bait), hands[1 - me],
                                     hands[me], d)[1]
            dists = [sigma, sigma]
        else:
            dists = [self.level.table(bait, hands, j, v.round, v.scores) if j != me
                     else [0.0] * 6 for j in range(n)]
        if not self.win:
            values = policies.relative_values(bait, hands, me, dists, v.round)
            return max(legal, key=lambda k: values[_INDEX[k]])
        return max(legal, key=lambda k: self._win(bait, hands, me, dists, v, k))

    def _win(self, bait: Kind, hands: Hands, me: int, dists: Sequence[Sequence[float]],
             v: View, mine: Kind) -> float:
        others = [j for j in range(v.players) if j != me]
        choices = [[(c, q) for c, q in enumerate(dists[j]) if q > 0] for j in others]
        left = ROUNDS - v.round
        payoffs = win_round.RoundPayoffs(hands, v.scores, v.round) if self.race else None
        total = 0.0
        for combo in itertools.product(*choices):
            p = 1.0
            plays = [0] * v.players
            plays[me] = _INDEX[mine]
            for j, (c, q) in zip(others, combo, strict=True):
                plays[j] = c
                p *= q
            scores = list(v.scores)
            new_hands = [list(h) for h in hands]
            points, lost = [0] * v.players, [-1] * v.players
            for j in range(v.players):
                mask = 0
                for k in range(v.players):
                    if k != j:
                        mask |= 1 << plays[k]
                point, gone = OUTCOMES[bait][plays[j]][mask]
                scores[j] += point
                points[j] = point
                if gone:
                    new_hands[j][plays[j]] -= 1
                    lost[j] = plays[j]
            if payoffs is not None:
                total += p * payoffs.values(points, lost)[me]
            else:
                total += p * win_chances(scores, new_hands, left)[me]
        return total


#: The exploit set: name -> maker(level) of the exploiting bot.
EXPLOITS: dict[str, Callable[[str], object]] = {
    "always-warden": lambda level: Fixed("always-warden"),
    "spawn-or-eat": lambda level: Fixed("spawn-or-eat"),
    "fisher-hunter": lambda level: Fixed("fisher-hunter"),
    "best-response": lambda level: BestResponse(level, win=False),
    "best-response-win": lambda level: BestResponse(level, win=True),
    "best-response-race": lambda level: BestResponse(level, win=True, race=True),
}


def play_out(s: st.State, bots: dict[int, Any]) -> Outcome:
    """Play game ``s`` to its end in place, each seat's decision by ``bots[seat]`` (a
    forced one without asking), and return its outcome (F6)."""
    while st.current_player(s) != TERMINAL:
        seat = st.current_player(s)
        legal = st.legal_actions(s)
        action = legal[0] if len(legal) == 1 else bots[seat].act(view(s, seat), legal)
        st.apply_in_place(s, action)
    out = st.outcome(s)
    assert out is not None
    return out


def play_table(maker: Callable[[str], object], level: str, games: int, seed: int,
               players: int) -> float:
    """The exploiter's wins (ties split) in ``games`` games against ``players - 1``
    bots of ``level``, its seat rotated (game ``i``: seat ``i % players``)."""
    wins = 0.0
    rng = random.Random(seed)
    for index in range(games):
        s = st.new_game(players, seed * 1000 + index, log=False)
        me = index % players
        bots = {j: level_bot(level, rng.getrandbits(32)) for j in range(players)
                if j != me}
        bots[me] = maker(level)  # type: ignore[assignment]
        out = play_out(s, bots)
        if me in out.winners:
            wins += 1 / len(out.winners)
    return wins
