"""Strategy knowledge of Sea Salt & Paper for the generic bots (:mod:`seasalt.bots`).

Implements :class:`seasalt.core.heuristics.Heuristics` (the registry loads
:data:`HEURISTICS` from here, :mod:`seasalt.core.registry`):

* :meth:`SspHeuristics.choose`, the *greedy* policy, decides on a seat's
  :class:`~seasalt.ssp.view.View` only (:mod:`seasalt.ssp.strategy.greedy`), and
  :meth:`SspHeuristics.plan` is the stronger heuristic policy
  (:mod:`seasalt.ssp.strategy.planner`).
* :meth:`SspHeuristics.rollout_action` is the expert's default policy inside
  its search, on states the search sampled itself (``determinize``, or
  :meth:`SspHeuristics.deal`: :mod:`seasalt.ssp.strategy.deals`). It values
  cards with :func:`~seasalt.ssp.strategy.values.card_gains` (card points first,
  then a little of the promise of unfinished sets,
  :func:`~seasalt.ssp.strategy.values.hand_value`), plays duos and STOPs as
  soon as allowed. Whether STOP, LAST CHANCE or going on pays is for the
  search to weigh at the root, over sampled opponents' hands (R6.1, R6.2).
* :meth:`SspHeuristics.horizon` ends a rollout at the end of the round and
  :meth:`SspHeuristics.evaluate` turns game totals into win chances, the race to the
  target (:mod:`seasalt.ssp.strategy.race` heads-up,
  :mod:`seasalt.ssp.strategy.race_multi` at 3 and 4 seats).

Nothing here changes a state or decides what is legal: the engine does that.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from seasalt.i18n import N_
from seasalt.ssp.actions import DRAW, END, LAST_CHANCE, STOP, Action, ActionKind
from seasalt.ssp.cards import KIND_OF, Kind
from seasalt.ssp.gamestate import END_THRESHOLD, Call, steal_targets
from seasalt.ssp.legal import legal_actions
from seasalt.ssp.scoring import card_points
from seasalt.ssp.state import Phase, State
from seasalt.ssp.strategy import deals, greedy, planner
from seasalt.ssp.strategy.greedy import duo_rank
from seasalt.ssp.strategy.race import race_chance
from seasalt.ssp.strategy.race_multi import race_chances
from seasalt.ssp.strategy.values import card_gains, win_chances
from seasalt.ssp.view import View

# plain ints: indexing a list with an IntEnum member is about twice as slow
_CRAB, _BOAT, _FISH, _SWIMMER, _SHARK = (
    int(k) for k in (Kind.CRAB, Kind.BOAT, Kind.FISH, Kind.SWIMMER, Kind.SHARK))
_TAKE, _KEEP, _DUO, _PICK = ActionKind.TAKE, ActionKind.KEEP, ActionKind.DUO, ActionKind.PICK
_STOP, _LAST = ActionKind.STOP, ActionKind.LAST_CHANCE
#: The kinds whose duos the rollout policy plays (R4.2).
_ROLLOUT_DUO_KINDS = frozenset((_CRAB, _BOAT, _FISH, _SWIMMER, _SHARK))

#: In rollouts a discard top is taken instead of drawing two when its
#: :func:`card_gains` is at least this (points): in effect, when it adds card points.
TAKE_THRESHOLD: float = 0.9
#: Card points a hand of this many hidden cards holds on average (0 to 7 cards; more:
#: the last plus 1.1 a card), measured at draw steps of 60 heads-up games of the
#: planner: the rollouts' public guess of an opponent's hand for a LAST CHANCE bet.
HIDDEN_POINTS: tuple[float, ...] = (0.0, 0.3, 1.0, 2.0, 3.1, 4.2, 5.6, 6.3)
#: In rollouts LAST CHANCE is called instead of STOP when the caller's card points
#: lead every opponent's public guess (front duos plus :data:`HIDDEN_POINTS`) by at
#: least this (points); ``None``: never.
LAST_CHANCE_LEAD: float | None = 3.0
#: The same lead for the searching seat's opponents in the expert's rollouts
#: (:meth:`SspHeuristics.rollout_step`): players bet LAST CHANCE more boldly than the
#: searching seat's own rollouts should (the heuristic bot bets LAST CHANCE at 63 % of
#: its chances to end a round, STOP 18 %, going on 17 %, in 300 of its own games).
#: Against the heuristic bot, 200 heads-up games, seed 11, 600 rollouts: opponents at
#: 3 (as the searching seat) 68.5 %, at 2 75.5 %, at 1 70.0 %; but 400 games, seed
#: 2026: at 2 67.2 % against 70.5 % at 3. Over both, 70.0 % against 69.8 %: no
#: measurable gain either way; kept at 2, as players bet.
OPPONENT_LAST_CHANCE_LEAD: float = 2.0
#: Search budget factors by decision (:meth:`SspHeuristics.budget_weight`): a
#: decision to end the round (STOP / LAST CHANCE / go on), the keep after a draw two
#: or a Crab's pick, a draw step that may take a discard, anything else. With the
#: expert's default 600 rollouts: 600, 400, 300 and 200. Measured against the
#: heuristic bot (100 heads-up games each, ``benchmarks/bots.py``): these weights 66 %,
#: an even 350 rollouts a decision (the same time in all) 60 %. Four times the base for
#: a decision to end the round (about one decision in thirty) won 60.0 % of 300 games
#: at 200 rollouts against 57.7 % (seed 11), within the noise, and put the page's p95
#: decision time over 0.3 s (the page's cap grows with the weight): not kept.
BUDGET_WEIGHTS: dict[str, float] = {"end": 1.0, "keep": 2 / 3, "draw": 0.5, "other": 1 / 3}


def _hidden_points(cards: int) -> float:
    """:data:`HIDDEN_POINTS` of a hand of ``cards`` hidden cards."""
    last = len(HIDDEN_POINTS) - 1
    return HIDDEN_POINTS[cards] if cards <= last else HIDDEN_POINTS[last] + 1.1 * (cards - last)


def _rollout_call(s: State, seat: int, mine: int, lead: float | None) -> Action:
    """The rollouts' end of a round for ``seat``, able to call with ``mine`` card points
    (R4.3): LAST CHANCE (R6.2) when they lead every opponent's public guess (front duos
    plus :data:`HIDDEN_POINTS` of its hand) by ``lead`` (``None``: never), else STOP
    (R6.1). Only public facts of the sample count, never its hidden cards."""
    if lead is not None:
        guess = max(len(s.fronts[o]) // 2 + _hidden_points(len(s.hands[o]))
                    for o in range(s.n) if o != seat)
        if mine >= guess + lead:
            return LAST_CHANCE
    return STOP


class SspHeuristics:
    """Sea Salt & Paper's :class:`~seasalt.core.heuristics.Heuristics` (stateless).

    Attributes:
        level_descriptions: what players read about each bot level
            (:class:`~seasalt.core.heuristics.LevelTexts`; English, translated
            where shown).
    """

    level_descriptions: dict[str, str] = {  # noqa: RUF012 - read-only table
        "easy": N_("Plays for points but makes plenty of slips: a relaxed game."),
        "medium": N_("Remembers the cards it has seen, keeps from the next player what "
                     "they would want, and bets LAST CHANCE when its lead looks safe."),
        "hard": N_("Thinks ahead over the cards it cannot see and picks its moment to end "
                   "the round."),
    }

    # ------------------------------------------------------------------ greedy (views)

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random, *,
               noise: float = 0.0) -> Action:
        """The greedy policy (:func:`seasalt.ssp.strategy.greedy.choose`): one step,
        from the seat's view only."""
        return greedy.choose(view, legal, rng, noise=noise)

    def plan(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        """The stronger heuristic policy (:func:`seasalt.ssp.strategy.planner.plan`):
        card memory, potential, denial and a reasoned STOP / LAST CHANCE bet."""
        return planner.plan(view, legal, rng)

    # ------------------------------------------------------------------ search (states)

    def budget_weight(self, view: View, legal: Sequence[Action]) -> float:
        """How many times the base search budget a decision gets
        (:class:`~seasalt.core.heuristics.BudgetModel`, :data:`BUDGET_WEIGHTS`): the
        end of a round (R4.3, R6) settles most, then the card kept (R4.1) or picked
        by a Crab (R4.2), then taking a discard or drawing two."""
        kinds = {a.kind for a in legal}
        if _STOP in kinds or _LAST in kinds:
            return BUDGET_WEIGHTS["end"]
        if _KEEP in kinds or _PICK in kinds:
            return BUDGET_WEIGHTS["keep"]
        if _TAKE in kinds:
            return BUDGET_WEIGHTS["draw"]
        return BUDGET_WEIGHTS["other"]

    def deal(self, view: View, rng: random.Random) -> State:
        """A sampled state for the search, hidden hands guessed as players keep cards
        (:func:`seasalt.ssp.strategy.deals.deal`; a
        :class:`~seasalt.core.heuristics.DealModel`)."""
        return deals.deal(view, rng)

    def rollout_action(self, s: State, legal: Sequence[Action], rng: random.Random) -> Action:
        """The expert's rollout policy on a determinized state.

        Like :meth:`choose`, with :func:`card_gains` for cards (card points
        first, a little promise) and STOP as soon as allowed (R4.3, R6.1); it
        never calls LAST CHANCE. It looks only at what the acting seat could
        know (its hand, the discard tops, hand sizes), never at the other
        hands of the sample: a rollout policy that peeks at sampled hands made
        the search overrate going on. Tuned in matches against the greedy bot
        (200-rollout searches, 40 games each): this policy 95 % wins, the same
        with LAST CHANCE at a 2-point lead seen in the sample 90 %.

        Args:
            s: a state the search owns; legal: ``legal_actions(s)``; rng: random source.

        Returns:
            One of ``legal``.
        """
        if len(legal) == 1:
            return legal[0]
        seat = s.current
        hand, front = s.hands[seat], s.fronts[seat]
        phase = s.phase
        if phase == Phase.DRAW:
            return self._rollout_draw(s)
        if phase == Phase.KEEP:
            return self._rollout_keep(s, rng)
        if phase == Phase.CRAB_PICK:
            gains = card_gains(hand, front, [a.a for a in legal])
            return legal[gains.index(max(gains))]
        # play step
        nonempty = bool(s.piles[0] or s.piles[1])
        best_duo, best_rank = None, 9
        for a in legal:
            if a.kind == _DUO:
                r = duo_rank(a, len(s.draw), nonempty)
                if 0 <= r < best_rank:
                    best_duo, best_rank = a, r
        if best_duo is not None:
            if best_rank == 2:  # rob the fullest hand (public: hand sizes)
                robs = [a for a in legal if a.kind == _DUO and a.a == best_duo.a
                        and a.b == best_duo.b]
                return max(robs, key=lambda a: (len(s.hands[a.c]), -a.c))
            return best_duo
        if legal[-2].kind != _LAST:
            return legal[-1]
        return _rollout_call(s, seat, card_points(hand, front), LAST_CHANCE_LEAD)

    def rollout_step(self, s: State, rng: random.Random, searcher: int) -> Action:
        """The expert's rollout policy for the seat to move in ``s``, chosen without
        listing the legal actions (a :class:`~seasalt.core.heuristics.RolloutStep`).

        For ``searcher``, the same action as ``rollout_action(s, legal_actions(s),
        rng)``, drawing the same numbers from ``rng``; the other seats play the same
        policy but bet LAST CHANCE (R6.2) on a lead of
        :data:`OPPONENT_LAST_CHANCE_LEAD` instead of :data:`LAST_CHANCE_LEAD`, as
        players do. The base game's draw, keep and play steps are decided from the
        hand and the piles directly (the duos the rollout policy plays are the lowest
        of their kinds, R4.2; STOP and LAST CHANCE need 7 card points and no end
        announced, R4.3); with an Extra Pepper event on the table, a forced turn
        (Extra Salt A.3) or any other step, the legal actions are listed as usual.

        Args:
            s: a state the search owns, not over; rng: random source;
            searcher: the searching seat.

        Returns:
            A legal action of ``s``.
        """
        phase = s.phase
        seat = s.current
        if phase == Phase.DRAW and not s.forced[seat]:
            return self._rollout_draw(s)
        if phase == Phase.KEEP:
            return self._rollout_keep(s, rng)
        if phase == Phase.PLAY and s.table_event < 0:
            return self._rollout_play(s, LAST_CHANCE_LEAD if seat == searcher
                                      else OPPONENT_LAST_CHANCE_LEAD)
        return self.rollout_action(s, legal_actions(s), rng)

    def _rollout_draw(self, s: State) -> Action:
        """:meth:`rollout_step`'s draw step (R4.1): the discard top worth most if its
        :func:`card_gains` reaches :data:`TAKE_THRESHOLD` (any top when the draw pile
        is empty), else draw two."""
        tops = [p for p in (1, 2) if s.piles[p - 1]]
        if not tops:
            return DRAW
        seat = s.current
        gains = card_gains(s.hands[seat], s.fronts[seat], [s.piles[p - 1][-1] for p in tops])
        best, best_v = -1, TAKE_THRESHOLD if s.draw else -math.inf
        for p, v in zip(tops, gains, strict=True):
            if v >= best_v:
                best, best_v = p, v
        return DRAW if best < 0 else Action(_TAKE, best)

    def _rollout_keep(self, s: State, rng: random.Random) -> Action:
        """The rollouts' keep step (R4.1(a)): the drawn card with the larger
        :func:`card_gains`; the other onto the empty pile (pile 1 if both are), else
        onto either at random."""
        seat = s.current
        a0, a1 = s.drawn
        g0, g1 = card_gains(s.hands[seat], s.fronts[seat], s.drawn)
        card = a0 if g0 >= g1 else a1
        e1, e2 = not s.piles[0], not s.piles[1]
        if e1 or e2:
            return Action(_KEEP, card, 1 if e1 else 2)
        return rng.choice([Action(_KEEP, card, 1), Action(_KEEP, card, 2)])

    def _rollout_play(self, s: State, lead: float | None) -> Action:
        """:meth:`rollout_step`'s play step in the base game (no Extra Pepper event):
        the duo of the best effect (Fish, Crab, Swimmer + Shark robbing the fullest
        hand, Boat; R4.2), each of the lowest cards of its kinds, then the end of the
        turn or the call (R4.3, R6.1, R6.2; :func:`_rollout_call` with ``lead``)."""
        seat = s.current
        hand = s.hands[seat]
        low: dict[int, list[int]] = {}
        for c in hand:
            k = KIND_OF[c]
            if k in _ROLLOUT_DUO_KINDS:
                cards = low.get(k)
                if cards is None:
                    low[k] = [c]
                else:
                    cards.append(c)
        if low:
            draw_size = len(s.draw)
            fish = low.get(_FISH)
            if draw_size and fish and len(fish) >= 2:
                a, b = sorted(fish)[:2]
                return Action(_DUO, a, b, -1)
            crabs = low.get(_CRAB)
            if crabs and len(crabs) >= 2 and (s.piles[0] or s.piles[1]):
                a, b = sorted(crabs)[:2]
                return Action(_DUO, a, b, 1 if s.piles[0] else 2)
            swimmers, sharks = low.get(_SWIMMER), low.get(_SHARK)
            if swimmers and sharks:
                targets = steal_targets(s, seat)
                if targets:
                    sw, sh = min(swimmers), min(sharks)
                    a, b = (sw, sh) if sw < sh else (sh, sw)
                    target = max(targets, key=lambda o: (len(s.hands[o]), -o))
                    return Action(_DUO, a, b, target)
            boats = low.get(_BOAT)
            if boats and len(boats) >= 2 and (draw_size or s.piles[0] or s.piles[1]):
                a, b = sorted(boats)[:2]
                return Action(_DUO, a, b, -1)
        if s.call != Call.NONE:
            return END
        mine = card_points(hand, s.fronts[seat])
        if mine < END_THRESHOLD:
            return END
        return _rollout_call(s, seat, mine, lead)

    def horizon(self, s: State) -> int:
        """The round number (rollouts stop when a round ends), -1 once over."""
        return -1 if s.result is not None else s.round

    def evaluate(self, s: State) -> list[float]:
        """Each seat's chance to win the game from the totals, one per seat (R2,
        R10.2): heads-up, the race to the target
        (:func:`seasalt.ssp.strategy.race.race_chance`); at 3 and 4 seats, the race of
        :func:`seasalt.ssp.strategy.race_multi.race_chances`."""
        if s.n == 2:
            mine = race_chance(s.scores[0], s.scores[1], s.target)
            return [mine, 1.0 - mine]
        return race_chances(s.scores, s.target)

    def evaluate_softmax(self, s: State) -> list[float]:
        """The valuation before the race at 3 and 4 seats: heads-up as
        :meth:`evaluate`, else :func:`win_chances` (a softmax of the totals); the
        ``softmax`` of :attr:`value_models`, for comparison (``expert:value=softmax``)."""
        if s.n == 2:
            return self.evaluate(s)
        return win_chances(s.scores, s.target)

    @property
    def value_models(self) -> dict[str, Callable[[State], list[float]]]:
        """Other valuations than :meth:`evaluate`, by name
        (:class:`~seasalt.core.heuristics.ValueModels`): ``softmax``,
        :meth:`evaluate_softmax`."""
        return {"softmax": self.evaluate_softmax}


#: The instance :func:`seasalt.core.registry.load_heuristics` returns.
HEURISTICS: SspHeuristics = SspHeuristics()
