"""Sea Salt & Paper's stronger heuristic policy: card memory, potential, denial, a real bet.

:func:`plan` decides from one seat's :class:`~seasalt.ssp.view.View` only, with no
search, in well under a millisecond on average:

* **Memory.** :func:`~seasalt.ssp.strategy.hidden.unseen_cards` lists the cards the
  seat has not seen: the deck less its hand, every card in front, every card known to
  be in a hand and every card that went onto a discard pile (R5). What is still to
  come is counted by kind from it.
* **Potential.** :func:`potential` values a set of cards as its card points (R7.1),
  plus what a duo pair's effect will bring once played (R4.2), plus a share of what
  its unfinished parts may become: each part's next step in points (a duo's point
  and effect, a set's next step, a multiplier's) times the chance that one of the
  unseen cards it needs comes, so a part whose cards are all seen promises nothing.
* **Denial.** The keep step (R4.1) weighs what the discarded card would add to the
  known cards of the next seat, who may take it, and covers a top that seat wants.
* **The bet.** With 7 card points or more (R4.3), STOP (R6.1), LAST CHANCE (R6.2)
  and going on are compared as chances to win the race to the target (R10.2), over
  :data:`SAMPLES` guesses of the opponents' hidden cards: each unknown card is the
  better of two unseen cards (a player keeps the better of a draw two), and a card
  that would pair one in that hand is passed over (a player plays its duos, R4.2).
  A turn adds card points as measured in greedy games (:data:`TURN_GAINS`), for an
  opponent's final turn after LAST CHANCE and for the turns of going on, where an
  opponent who reaches 7 is taken to STOP.
* **The final turn.** After another seat's LAST CHANCE (R6.2) only beating the
  caller's revealed card points counts (:func:`final_target`): the draw, the card
  kept and a Crab's pick go for the points that beat it.

Measured (``benchmarks/medium_strength.py``, figures in docs/bots.md): against the
Medium of main before issue 40 and against the greedy policy, heads-up and at 3 and 4
seats. Whatever it does not decide itself (duos, Extra Pepper choices, Lobster
picks and the like) goes to the greedy policy
(:func:`seasalt.ssp.strategy.greedy.choose`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from seasalt.ssp.actions import LAST_CHANCE, STOP, Action, ActionKind
from seasalt.ssp.cards import KIND_OF, Kind
from seasalt.ssp.scoring import card_points, colour_bonus
from seasalt.ssp.strategy import greedy
from seasalt.ssp.strategy.hidden import keep_better, kind_counts, unseen_cards
from seasalt.ssp.strategy.values import view_effects, win_chances
from seasalt.ssp.view import View

#: Guesses of the opponents' hidden cards for the end decision.
SAMPLES: int = 24
#: Weight of potential against card points when valuing cards. Against the Medium of
#: main before issue 40 (400 games, tuning seed 100, the steal at 1.05): 0.1 56.2 %,
#: 0.2 54.8 %, 0.3 53.5 %, 0.5 53.2 %, 1.0 41.8 %; the steal at 2.5: 0.1 68.2 %, 0.2
#: 66.5 %. The race to 7 card points comes first.
POTENTIAL_WEIGHT: float = 0.1
#: Cards a seat is taken to see still in a round, for :func:`potential`'s chances.
DRAWS: float = 4.0
#: What a Mermaid promises beyond its points now (the colours it will count).
MERMAID_PROMISE: float = 1.0
#: Weight of what a discarded or uncovered card is worth to the next seat.
DENIAL_WEIGHT: float = 0.5
#: What a duo pair in hand is worth beyond its point, since it will be played at once
#: (R4.2), by kind (Swimmer + Shark under Shark): a Boat's extra turn, a Crab's pick
#: from a discard pile, a Fish's card, a steal. Tuned against the greedy policy:
#: without them 74.9 %, with these 81.1 % of 1,600 games (half of them: 78.9 %, twice:
#: 80.9 %). A steal is worth twice as much as first thought: the card comes from a hand
#: its owner chose to keep and its owner loses it (a card they needed, often half a pair
#: or a set). Against the Medium of main before issue 40 (400 games, tuning seed 100):
#: Shark at 1.05 56.0 %, at 2.5 68.2 %; the searching bot keeps Swimmers and Sharks
#: over Shells and Octopuses in the same way.
DUO_EFFECTS: dict[int, float] = {Kind.BOAT: 1.8, Kind.CRAB: 1.2, Kind.FISH: 0.9,
                                 Kind.SHARK: 2.5}
#: Chance to win that going on must add over the better end before it is chosen
#: (the model of going on is rough; tuned against the greedy policy).
GO_MARGIN: float = 0.02
#: Card points a seat gains in one turn, by its card points at the turn's start
#: (0 to 6; 6 for more): (gain, chance) pairs measured over 400 greedy games.
TURN_GAINS: tuple[tuple[tuple[int, float], ...], ...] = (
    ((0, .53), (1, .35), (2, .06), (3, .06)),
    ((0, .43), (1, .30), (2, .17), (3, .09), (4, .01)),
    ((0, .27), (1, .36), (2, .23), (3, .11), (4, .03)),
    ((0, .33), (1, .32), (2, .19), (3, .12), (4, .04)),
    ((0, .27), (1, .34), (2, .24), (3, .11), (4, .04)),
    ((0, .27), (1, .36), (2, .22), (3, .12), (4, .03)),
    ((0, .30), (1, .30), (2, .23), (3, .12), (4, .05)),
)


def turn_gain(points: int, rng: random.Random) -> int:
    """A draw of the card points one turn adds to a seat with ``points`` card points
    (:data:`TURN_GAINS`)."""
    x = rng.random()
    for gain, chance in TURN_GAINS[min(max(points, 0), 6)]:
        x -= chance
        if x < 0:
            return gain
    return 0


def potential(hand: Sequence[int], front: Sequence[int], unseen_kinds: Sequence[int],
              n_unseen: int, fx: int = 0) -> float:
    """Card points (R7.1) plus what the unfinished parts are likely to become.

    Args:
        hand, front: the seat's cards (ids; front duos as pairs).
        unseen_kinds: unseen cards by kind (:func:`kind_counts` of
            :func:`unseen_cards`); n_unseen: their total.
        fx: the Extra Pepper events that apply (an event mask, B.3).

    Returns:
        ``card_points + POTENTIAL_WEIGHT * promise + effects`` (points). The promise
        is the points each unfinished part adds if its next card comes, times the
        chance that one of the unseen cards of that kind comes in :data:`DRAWS`
        cards: a lone Crab, Boat or Fish, or a Swimmer or Shark without its partner,
        its duo's point and effect (:data:`DUO_EFFECTS`); a Shell, Octopus or Penguin
        set its next step; a lone Sailor the other Sailor (with a Captain's 3 more);
        a multiplier what it would multiply; a Mermaid :data:`MERMAID_PROMISE`.
        ``effects`` is :data:`DUO_EFFECTS` for each duo pair in hand.
    """
    points = card_points(hand, front, fx)
    hk = kind_counts(hand)
    ak = kind_counts([*hand, *front])
    left = max(1, n_unseen)

    def chance(kind: int) -> float:
        u = unseen_kinds[kind]
        if not u:
            return 0.0
        return 1.0 - (1.0 - min(1.0, u / left)) ** DRAWS

    promise = 0.0
    for kind in (Kind.CRAB, Kind.BOAT, Kind.FISH):
        if hk[kind] & 1:
            promise += chance(kind) * (1.0 + DUO_EFFECTS[kind])
    if hk[Kind.SWIMMER] != hk[Kind.SHARK]:
        promise += (chance(Kind.SHARK if hk[Kind.SWIMMER] > hk[Kind.SHARK] else Kind.SWIMMER)
                    * (1.0 + DUO_EFFECTS[Kind.SHARK]))
    if ak[Kind.SHELL]:
        promise += 2.0 * chance(Kind.SHELL)
    if ak[Kind.OCTOPUS]:
        promise += 3.0 * chance(Kind.OCTOPUS)
    if 0 < ak[Kind.PENGUIN] < 3:
        promise += (2.0 + 2.0 * ak[Kind.PENGUIN_COLONY]) * chance(Kind.PENGUIN)
    if ak[Kind.SAILOR] == 1:
        promise += (5.0 + 3.0 * ak[Kind.CAPTAIN]) * chance(Kind.SAILOR)
    for mult, kind, worth in ((Kind.LIGHTHOUSE, Kind.BOAT, 1.0),
                              (Kind.SHOAL_OF_FISH, Kind.FISH, 1.0),
                              (Kind.PENGUIN_COLONY, Kind.PENGUIN, 2.0),
                              (Kind.CAPTAIN, Kind.SAILOR, 3.0)):
        if ak[mult] and (kind != Kind.SAILOR or ak[Kind.SAILOR] != 1):
            promise += worth * ak[mult] * chance(kind)
    promise += MERMAID_PROMISE * ak[Kind.MERMAID]
    effects = sum(worth * pairs for worth, pairs in (
        (DUO_EFFECTS[Kind.BOAT], hk[Kind.BOAT] // 2), (DUO_EFFECTS[Kind.CRAB], hk[Kind.CRAB] // 2),
        (DUO_EFFECTS[Kind.FISH], hk[Kind.FISH] // 2),
        (DUO_EFFECTS[Kind.SHARK], min(hk[Kind.SWIMMER], hk[Kind.SHARK]))))
    return points + POTENTIAL_WEIGHT * promise + effects


class _Reader:
    """What :func:`plan` works out once per decision from the view."""

    def __init__(self, view: View, rng: random.Random) -> None:
        seat = view.seat
        if seat is None:
            raise ValueError("plan needs a seated view")
        self.view = view
        self.seat = seat
        self.rng = rng
        self.hand = list(view.hand)
        self.front = list(view.fronts[seat])
        self.fx = view_effects(view)
        self.unseen = unseen_cards(view)
        self.unseen_kinds = kind_counts(self.unseen)
        self.next_seat = (seat + 1) % view.n_players
        self._base: float | None = None  # the worth of the seat's cards, once needed

    def worth(self, hand: Sequence[int], front: Sequence[int]) -> float:
        """:func:`potential` with this view's unseen cards and events."""
        return potential(hand, front, self.unseen_kinds, len(self.unseen), self.fx)

    def gain(self, card: int) -> float:
        """What ``card`` adds to this seat's cards (points and potential)."""
        if self._base is None:
            self._base = self.worth(self.hand, self.front)
        return self.worth([*self.hand, card], self.front) - self._base

    def gain_for(self, seat: int, card: int) -> float:
        """What ``card`` adds to the known cards of ``seat`` (R5: taken from a discard
        pile, in front), plus a little for a card worth keeping anywhere (denial)."""
        hand = list(self.view.known[seat])
        front = self.view.fronts[seat]
        return (card_points([*hand, card], front) - card_points(hand, front)
                + 0.3 * (KIND_OF[card] in (Kind.MERMAID, Kind.SAILOR, Kind.OCTOPUS, Kind.SHELL)))

    # -- opponents' hidden cards -------------------------------------------------------

    def sample(self) -> list[list[int]]:
        """One guess of every seat's hand (this seat's own for itself)."""
        view = self.view
        pool = self.unseen[:]
        self.rng.shuffle(pool)
        hands: list[list[int]] = []
        for s in range(view.n_players):
            if s == self.seat:
                hands.append(list(self.hand))
                continue
            hand = list(view.known[s])
            unknown = 0 if view.revealed[s] else max(0, view.hand_sizes[s] - len(hand))
            for _k in range(unknown):
                keep_better(hand, view.fronts[s], pool)
            hands.append(hand)
        return hands

    def end_values(self) -> dict[str, float]:
        """The chance to win the game after STOP, after LAST CHANCE and after going on
        (R6.1, R6.2, R10.2), averaged over :data:`SAMPLES` guesses.

        Going on: each opponent in turn adds a measured turn's gain and is taken to
        STOP once it has 7 card points; where none does, this seat adds a turn's gain
        and then takes the better of STOP and LAST CHANCE (chosen on the average, not
        per guess: it will not know the hidden hands then either)."""
        view = self.view
        me = self.seat
        n = view.n_players
        stop = last = ended_by_others = later_stop = later_last = 0.0
        for _ in range(SAMPLES):
            hands = self.sample()
            pts = [card_points(h, view.fronts[s], self.fx if s == me else 0)
                   for s, h in enumerate(hands)]
            stop += _win(view, [view.scores[s] + pts[s] for s in range(n)], me)
            last += self.last_chance(pts, hands)
            now = pts[:]
            for k in range(1, n):
                s = (me + k) % n
                now[s] += turn_gain(now[s], self.rng)
                if now[s] >= 7:
                    ended_by_others += _win(view, [view.scores[t] + now[t] for t in range(n)],
                                            s)
                    break
            else:
                now[me] += turn_gain(now[me], self.rng)
                later_stop += _win(view, [view.scores[t] + now[t] for t in range(n)], me)
                later_last += self.last_chance(now, hands)
        go = ended_by_others + max(later_stop, later_last)
        return {"stop": stop / SAMPLES, "last": last / SAMPLES, "go": go / SAMPLES}

    def last_chance(self, pts: list[int], hands: list[list[int]]) -> float:
        """The chance to win after LAST CHANCE with these card points: every opponent's
        final turn adds a measured gain, then the bet is settled (R6.2: ties favour the
        caller; the colour bonus of ``hands`` and the fronts, R6.4)."""
        view = self.view
        me = self.seat
        n = view.n_players
        after = [p if s == me or view.revealed[s] else p + turn_gain(p, self.rng)
                 for s, p in enumerate(pts)]
        bonus = [colour_bonus([*h, *view.fronts[s]]) for s, h in enumerate(hands)]
        if all(after[me] >= after[s] for s in range(n) if s != me):
            totals = [view.scores[s] + (after[me] + bonus[s] if s == me else bonus[s])
                      for s in range(n)]
        else:
            totals = [view.scores[s] + (bonus[s] if s == me else after[s]) for s in range(n)]
        return _win(view, totals, me)


def _win(view: View, totals: Sequence[int], ender: int) -> float:
    """The view's seat's chance to win from game ``totals`` after a round that seat
    ``ender`` ended: exact once somebody reaches the target (a tie goes to the ender,
    R10.2), else :func:`~seasalt.ssp.strategy.values.win_chances`."""
    me = view.seat
    assert me is not None
    best = max(totals)
    if best >= view.target:
        if totals[me] < best:
            return 0.0
        return 1.0 if ender == me or totals[ender] < best else 0.0
    return win_chances(totals, view.target)[me]


def plan(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    """The stronger heuristic choice among ``legal`` from ``view`` alone.

    Draw step (R4.1): take the discard top worth most if it is worth more than the
    better of two unseen cards, else draw two. Keep step: the card worth more to
    this seat less what the other is worth to the next seat; the other covers the
    top the next seat would want more. Crab pick (R4.2): the card worth most. Play
    step: duos as the greedy policy; then STOP, LAST CHANCE or ending the turn,
    whichever gives the best chance to win the game (R4.3, R6.1, R6.2, R10.2).

    Args:
        view: the acting seat's view; legal: its legal actions (sorted, non-empty);
        rng: random source (guesses of hidden cards; the same view and the same
            generator state give the same choice).

    Returns:
        One of ``legal``.

    Raises:
        ValueError: ``legal`` is empty, or the view has no seat.
    """
    if not legal:
        raise ValueError("no legal action to choose from")
    if len(legal) == 1:
        return legal[0]
    kind = legal[0].kind
    target = final_target(view)
    if target is not None and kind in (ActionKind.DRAW, ActionKind.TAKE, ActionKind.KEEP,
                                       ActionKind.PICK):
        return _final(_Reader(view, rng), legal, target)
    if view.phase == "draw" and kind in (ActionKind.DRAW, ActionKind.TAKE):
        return _draw(_Reader(view, rng), legal)
    if kind == ActionKind.KEEP:
        return _keep(_Reader(view, rng), legal)
    if kind == ActionKind.PICK:
        r = _Reader(view, rng)
        return max(legal, key=lambda a: (r.gain(a.a), -a.a))
    choice = greedy.choose(view, legal, rng)
    if choice.kind == ActionKind.DUO and KIND_OF[choice.a] == Kind.CRAB and choice.c > 0:
        return _crab_pile(_Reader(view, rng), legal, choice, target)
    if view.phase != "play" or choice.kind not in (ActionKind.STOP, ActionKind.END):
        return choice  # a duo first, or a decision left to the greedy policy
    if STOP not in legal and LAST_CHANCE not in legal:
        return choice
    values = _Reader(view, rng).end_values()
    options = [(values["go"] - GO_MARGIN, legal[-1])]
    if STOP in legal:
        options.append((values["stop"], STOP))
    if LAST_CHANCE in legal:
        options.append((values["last"], LAST_CHANCE))
    return max(options, key=lambda o: o[0])[1]


def final_target(view: View) -> int | None:
    """The card points to beat in this seat's final turn after another seat's LAST
    CHANCE (R6.2: the caller's, revealed, R6.0), else ``None``."""
    caller = view.caller
    if view.call != "last-chance" or caller is None or caller == view.seat:
        return None
    return card_points(view.known[caller], view.fronts[caller])


def _final(r: _Reader, legal: Sequence[Action], target: int) -> Action:
    """A final turn's card (R6.2): only beating ``target`` card points counts (the bet
    is then lost and this seat scores its card points), then more card points.

    Draw step: a discard top that beats the caller, else drawing two if one of two
    unseen cards may, else whatever adds most card points; keep and Crab pick: the
    card that beats the caller, else the one worth most points."""
    view = r.view
    front = r.front
    fx = r.fx

    def after(card: int) -> tuple[float, int]:
        pts = card_points([*r.hand, card], front, fx)
        return (1.0 if pts > target else 0.0, pts)

    def value(a: Action) -> tuple[float, float]:
        if a.kind == ActionKind.TAKE:
            return after(_top(view, a.a))
        if a.kind == ActionKind.DRAW:
            if not r.unseen:
                return (0.0, -1.0)
            outs = [after(c) for c in r.unseen]
            p = sum(o[0] for o in outs) / len(outs)
            pts = sorted((o[1] for o in outs), reverse=True)
            n = len(pts)
            best = (sum(g * 2 * (n - 1 - i) for i, g in enumerate(pts)) / (n * (n - 1))
                    if n >= 2 else float(pts[0]))
            return (1.0 - (1.0 - p) ** 2, best)
        return after(a.a)

    return max(legal, key=lambda a: (*value(a), -a.a, -a.b))


def _crab_pile(r: _Reader, legal: Sequence[Action], crabs: Action,
               target: int | None) -> Action:
    """The discard pile a Crab duo searches (R4.2): the one holding the card worth most
    to this seat among every card it remembers going onto it (``candidates``, R5), not
    only its top; in a final turn (``target`` not ``None``), card points only."""
    if target is None:
        def worth(c: int) -> float:
            return r.gain(c)
    else:
        base = card_points(r.hand, r.front, r.fx)

        def worth(c: int) -> float:
            return card_points([*r.hand, c], r.front, r.fx) - base
    piles = [a for a in legal if a.kind == ActionKind.DUO and (a.a, a.b) == (crabs.a, crabs.b)
             and a.c > 0]
    return max(piles, key=lambda a: (max((worth(c) for c in r.view.piles[a.c - 1].candidates
                                          if c not in (crabs.a, crabs.b)), default=-1.0),
                                     -a.c))


def _draw(r: _Reader, legal: Sequence[Action]) -> Action:
    """Take the discard top worth most if it beats a blind draw two (R4.1)."""
    view = r.view
    takes = [a for a in legal if a.kind == ActionKind.TAKE]
    if not takes:
        return legal[0]
    best = max(takes, key=lambda a: r.gain(_top(view, a.a)))
    if legal[0].kind != ActionKind.DRAW:
        return best
    gains = sorted((r.gain(c) for c in r.unseen), reverse=True)
    n = len(gains)
    # the better of two unseen cards, in expectation: card i is the better with
    # chance 2 (n - 1 - i) / (n (n - 1))
    blind = (sum(g * 2 * (n - 1 - i) for i, g in enumerate(gains)) / (n * (n - 1))
             if n >= 2 else 0.0)
    return best if r.gain(_top(view, best.a)) > blind else legal[0]


def _keep(r: _Reader, legal: Sequence[Action]) -> Action:
    """The card to keep and the pile for the other, with denial (R4.1)."""
    view = r.view
    nxt = r.next_seat

    def score(a: Action) -> float:
        other = next((c for c in view.drawn if c != a.a), -1)
        value = r.gain(a.a)
        if other >= 0:
            value -= DENIAL_WEIGHT * r.gain_for(nxt, other)
        pile = view.piles[a.b - 1] if a.b > 0 else None
        if pile is not None and pile.top is not None:
            # covering a top the next seat wants is worth something; one this seat
            # wants costs a little
            value += DENIAL_WEIGHT * 0.5 * r.gain_for(nxt, pile.top)
            value -= 0.3 * max(0.0, r.gain(pile.top))
        return value

    return max(legal, key=lambda a: (score(a), -a.a, -a.b))


def _top(view: View, pile: int) -> int:
    top = view.piles[pile - 1].top
    assert top is not None
    return top
