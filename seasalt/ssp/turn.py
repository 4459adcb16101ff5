"""The turn flow: :func:`apply` (checked, copying) and :func:`apply_in_place`.

One handler per action kind: the draw step (R4.1: draw two and keep, take a
discard top, Extra Salt A.3's forced draw), the play step (R4.2 duos and their
effects, A.4 Lobster, A.6 trios, Crab picks), the end of a turn (R4.3 end, R6.1
STOP, R6.2 LAST CHANCE and its final turns, R8 via :mod:`~seasalt.ssp.round_end`).
Extra Pepper's changes come through :mod:`seasalt.ssp.pepper`'s named hooks;
every card that reaches a hand is followed by the R10.1 Mermaid check.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from seasalt.ssp import pepper
from seasalt.ssp.actions import Action, ActionKind
from seasalt.ssp.cards import duo_effect
from seasalt.ssp.gamestate import Call, Phase, State
from seasalt.ssp.knowledge import after_steal, publicize, remove_from_pile, reveal
from seasalt.ssp.legal import check_legal
from seasalt.ssp.log import log_event
from seasalt.ssp.round_end import check_mermaid_win, end_round_empty, keep_event, score_round
from seasalt.ssp.setup import start_turn

#: A.4: cards the Lobster shows.
LOBSTER_LOOK: int = 5


def apply(s: State, action: Action) -> State:
    """Apply a legal action and return the new state; ``s`` is left unchanged.

    Args:
        s: the state.
        action: one of ``legal_actions(s)``.

    Returns:
        A new :class:`State`.

    Raises:
        IllegalActionError: the game is over (``Reason.GAME_OVER``) or the
            action is not legal now (``Reason.NOT_AVAILABLE``; the message
            names the rule). ``s`` is unchanged either way.
    """
    check_legal(s, action)
    t = s.copy()
    apply_in_place(t, action)
    return t


def apply_in_place(s: State, action: Action) -> None:
    """Apply ``action`` to ``s`` itself, without checking that it is legal.

    For search code working on its own copies. Use :func:`apply` elsewhere.
    """
    s.ply += 1
    _HANDLERS[action.kind](s, s.current, action)


# --------------------------------------------------------------------------- draw step


def _draw(s: State, seat: int, action: Action) -> None:
    """R4.1(a), with the one-card Decision; A.3 on a forced turn."""
    if s.forced[seat]:
        _forced_draw(s, seat)
        return
    if len(s.draw) == 1:
        card = s.draw.pop()
        s.hands[seat].append(card)
        log_event(s, "draw-last", seat, {seat: {"card": card}})
        s.phase = Phase.PLAY
        check_mermaid_win(s, seat)
        return
    s.drawn = [s.draw.pop(), s.draw.pop()]
    log_event(s, "draw-two", seat, {seat: {"cards": s.drawn[:]}})
    s.phase = Phase.KEEP


def _forced_draw(s: State, seat: int) -> None:
    """A.3: a Jellyfish forced turn: the top card of the draw pile (if any), then the turn ends."""
    s.forced[seat] = False
    if s.draw:
        card = s.draw.pop()
        s.hands[seat].append(card)
        log_event(s, "forced-draw", seat, {seat: {"card": card}})
        check_mermaid_win(s, seat)
        if s.phase == Phase.GAME_OVER:
            return
    else:
        log_event(s, "forced-draw", seat, empty=True)
    _end_turn(s, seat)


def _take(s: State, seat: int, action: Action) -> None:
    """R4.1(b): the top card of a discard pile."""
    p = action.a
    card = s.piles[p - 1][-1]
    remove_from_pile(s, p, card, public=True, holder=seat)
    s.hands[seat].append(card)
    log_event(s, "take", seat, pile=p, card=card)
    s.phase = Phase.PLAY
    check_mermaid_win(s, seat)


def _keep(s: State, seat: int, action: Action) -> None:
    """R4.1(a): keep one drawn card, the other goes face up on a pile (B.3.11 after)."""
    card, p = action.a, action.b
    other = s.drawn[1] if s.drawn[0] == card else s.drawn[0]
    s.drawn = []
    s.hands[seat].append(card)
    s.piles[p - 1].append(other)
    s.cand[p - 1].append(other)
    log_event(s, "keep", seat, {seat: {"card": card}}, pile=p, discarded=other)
    s.phase = Phase.PLAY
    check_mermaid_win(s, seat)
    if s.phase == Phase.PLAY and pepper.after_keep(s, seat, other):
        check_mermaid_win(s, seat)


# --------------------------------------------------------------------------- play step


def _duo(s: State, seat: int, action: Action) -> None:
    """R4.2: place the duo in front and apply its effect at once (A.3, A.4 for
    Extra Salt's Jellyfish and Lobster duos; B.3.3 Water Rodeo's)."""
    a, b, arg = action.a, action.b, action.c
    hand = s.hands[seat]
    hand.remove(a)
    hand.remove(b)
    s.fronts[seat] += (a, b)
    publicize(s, a)
    publicize(s, b)
    effect = duo_effect(a, b)
    assert effect is not None
    _EFFECTS[effect](s, seat, a, b, arg, effect)


def _crab(s: State, seat: int, a: int, b: int, arg: int, effect: str) -> None:
    """R4.2 Crab: search pile ``arg`` (phase CRAB_PICK), or nothing to search."""
    if arg > 0:
        log_event(s, "duo", seat, cards=[a, b], effect=effect, pile=arg)
        s.crab_pile = arg
        s.phase = Phase.CRAB_PICK
        return
    log_event(s, "duo", seat, cards=[a, b], effect=effect, skipped=True)


def _boat(s: State, seat: int, a: int, b: int, arg: int, effect: str) -> None:
    """R4.2 Boat: an extra turn at once (skipped with nothing left to draw)."""
    if s.draw or s.piles[0] or s.piles[1]:
        log_event(s, "duo", seat, cards=[a, b], effect=effect)
        log_event(s, "extra-turn", seat)
        start_turn(s, seat, extra=True)
        return
    log_event(s, "duo", seat, cards=[a, b], effect=effect, skipped=True)


def _fish(s: State, seat: int, a: int, b: int, arg: int, effect: str) -> None:
    """R4.2 Fish: the top card of the draw pile (two with Sunfish, B.3.2)."""
    if not s.draw:
        log_event(s, "duo", seat, cards=[a, b], effect=effect, skipped=True)
        return
    if pepper.fish_draws(s, seat) == 2:
        got = [s.draw.pop() for _ in range(min(2, len(s.draw)))]
        s.hands[seat].extend(got)
        log_event(s, "duo", seat, {seat: {"got": got[:]}}, cards=[a, b], effect=effect,
                  count=len(got), sunfish=True)
    else:
        card = s.draw.pop()
        s.hands[seat].append(card)
        log_event(s, "duo", seat, {seat: {"card": card}}, cards=[a, b], effect=effect)
    check_mermaid_win(s, seat)


def _steal(s: State, seat: int, a: int, b: int, arg: int, effect: str) -> None:
    """R4.2 Swimmer + Shark: a random card of seat ``arg``'s hand (none: skipped)."""
    if arg < 0:
        log_event(s, "duo", seat, cards=[a, b], effect=effect, skipped=True)
        return
    victim = s.hands[arg]
    r = random.Random(s.rng)
    card = victim.pop(r.randrange(len(victim)))
    s.rng = r.getrandbits(64)
    s.hands[seat].append(card)
    after_steal(s, seat, arg, card)
    log_event(s, "duo", seat, {seat: {"card": card}, arg: {"card": card}},
              cards=[a, b], effect=effect, target=arg)
    check_mermaid_win(s, seat)  # R10.1: the thief received a card


def _lobster(s: State, seat: int, a: int, b: int, arg: int, effect: str) -> None:
    """A.4: look at up to 5 cards of the draw pile; keep one (a single one is kept)."""
    if not s.draw:
        log_event(s, "duo", seat, cards=[a, b], effect=effect, skipped=True)
        return
    k = min(LOBSTER_LOOK, len(s.draw))
    looked = [s.draw.pop() for _ in range(k)]
    log_event(s, "duo", seat, {seat: {"looked": looked[:]}}, cards=[a, b], effect=effect,
              count=k)
    if k == 1:
        s.hands[seat].append(looked[0])
        log_event(s, "lobster-pick", seat, {seat: {"card": looked[0]}})
        check_mermaid_win(s, seat)
        return
    s.looked = looked
    s.phase = Phase.LOBSTER_PICK


def _jellyfish(s: State, seat: int, a: int, b: int, arg: int, effect: str) -> None:
    """A.3: every opponent's next turn is forced; after LAST CHANCE only those still
    due a final turn (Decision 1: never the player; B.3.12: not a protected seat)."""
    due = s.final_left if s.call == Call.LAST_CHANCE else range(s.n)
    for o in due:
        if o != seat and s.reef[o] < 0:
            s.forced[o] = True
    log_event(s, "duo", seat, cards=[a, b], effect=effect)


def _rodeo(s: State, seat: int, a: int, b: int, arg: int, effect: str) -> None:
    """B.3.3 Water Rodeo SWAP / STEAL_PAIR duos."""
    pepper.rodeo_duo(s, seat, a, b, effect, arg)


#: The duo effects (:func:`seasalt.ssp.cards.duo_effect`'s names).
_EFFECTS: dict[str, Callable[[State, int, int, int, int, str], None]] = {
    "crab": _crab, "boat": _boat, "fish": _fish, "steal": _steal, "lobster": _lobster,
    "jellyfish": _jellyfish, "swap": _rodeo, "steal-pair": _rodeo,
}


def _trio(s: State, seat: int, action: Action) -> None:
    """A.6: a duo and a Starfish placed together; the duo's effect does not happen."""
    hand = s.hands[seat]
    cards = (action.a, action.b, action.c)
    for c in cards:
        hand.remove(c)
        publicize(s, c)
    s.fronts[seat] += cards
    log_event(s, "trio", seat, cards=list(cards))


def _pick(s: State, seat: int, action: Action) -> None:
    """A pick: the Lobster's (A.4), Water Rodeo's STEAL_PAIR duo (B.3.3) or the Crab's."""
    phase = s.phase
    if phase == Phase.LOBSTER_PICK:
        _lobster_pick(s, seat, action.a)
    elif phase == Phase.STEAL_PAIR:
        pepper.steal_pair(s, seat, action.a)
    else:
        _crab_pick(s, seat, action.a)


def _crab_pick(s: State, seat: int, card: int) -> None:
    """R4.2 Crab: take ``card`` from the searched pile (then Hermit Crab's second, B.3.1)."""
    p = s.crab_pile
    top = s.piles[p - 1][-1] == card
    remove_from_pile(s, p, card, public=top, holder=seat)
    s.hands[seat].append(card)
    s.crab_pile = 0
    s.phase = Phase.PLAY
    pub: dict[str, int | None] = {"pile": p,
                                  "top": s.piles[p - 1][-1] if s.piles[p - 1] else None}
    if top:
        pub["card"] = card
    log_event(s, "crab-pick", seat, {seat: {"card": card}}, **pub)
    check_mermaid_win(s, seat)
    if s.phase == Phase.PLAY:
        pepper.after_crab_pick(s, seat, p)


def _lobster_pick(s: State, seat: int, card: int) -> None:
    """A.4: keep one card seen; the others go back and the whole draw pile is shuffled."""
    s.looked.remove(card)
    s.hands[seat].append(card)
    s.draw.extend(s.looked)
    s.looked = []
    r = random.Random(s.rng)
    r.shuffle(s.draw)
    s.rng = r.getrandbits(64)
    s.phase = Phase.PLAY
    log_event(s, "lobster-pick", seat, {seat: {"card": card}})
    check_mermaid_win(s, seat)


def _reef(s: State, seat: int, action: Action) -> None:
    """B.3.12 Coral Reef."""
    pepper.place_reef(s, seat, action.a)


def _swap(s: State, seat: int, action: Action) -> None:
    """B.3.3 SWAP; R10.1 / Decision 8: both sides received a card, and the
    target's win counts at once, outside its turn (one swap cannot complete both:
    a side only gains a Mermaid when the other loses one)."""
    tgt = pepper.swap(s, seat, action.a, action.b)
    check_mermaid_win(s, seat)
    if s.phase != Phase.GAME_OVER:
        check_mermaid_win(s, tgt)


# --------------------------------------------------------------------------- end of a turn


def _end_choice(s: State, seat: int, action: Action) -> None:
    """END, STOP or LAST CHANCE: the Angelfish comes first (B.3.10), then the end."""
    if not pepper.offer_angelfish(s, seat, action.kind):
        _finish(s, seat, action.kind)


def _angelfish(s: State, seat: int, action: Action) -> None:
    """B.3.10: take a discard top, then the end that was waiting."""
    pepper.take_angelfish(s, seat, action.a)
    check_mermaid_win(s, seat)
    if s.phase != Phase.GAME_OVER:
        _finish(s, seat, pepper.resume_end(s, seat, passed=False))


def _pass(s: State, seat: int, action: Action) -> None:
    """Decline the Angelfish (then the end that was waiting) or a SWAP (B.3.10, B.3.3)."""
    if s.phase == Phase.ANGELFISH:
        _finish(s, seat, pepper.resume_end(s, seat, passed=True))
    else:
        pepper.swap_pass(s, seat)


def _finish(s: State, seat: int, end: ActionKind) -> None:
    """The end the seat chose: R6.1 STOP, R6.2 LAST CHANCE, or end the turn."""
    if end == ActionKind.STOP:
        _announce_stop(s, seat)
    elif end == ActionKind.LAST_CHANCE:
        _announce_last_chance(s, seat)
    else:
        log_event(s, "end-turn", seat)
        _end_turn(s, seat)


def _announce_stop(s: State, seat: int) -> None:
    """R6.1: the round ends at once; everyone reveals; card points only."""
    s.call, s.caller = Call.STOP, seat
    log_event(s, "stop", seat)
    for o in range(s.n):
        reveal(s, o)
    score_round(s)


def _announce_last_chance(s: State, seat: int) -> None:
    """R6.2: the caller reveals; each other player has one final turn."""
    s.call, s.caller = Call.LAST_CHANCE, seat
    reveal(s, seat)
    log_event(s, "last-chance", seat, hand=sorted(s.hands[seat]))
    s.final_left = [(seat + i) % s.n for i in range(1, s.n)]
    _next_final_turn(s)


def _next_final_turn(s: State) -> None:
    """R6.2: the next final turn, or score the round after the last one."""
    if not s.final_left:
        score_round(s)
        return
    seat = s.final_left.pop(0)
    log_event(s, "final-turn", seat)
    start_turn(s, seat, extra=False)


def _end_turn(s: State, seat: int) -> None:
    """End a turn (not a Boat-ended one): next player, R8, or the next final turn."""
    if s.call == Call.LAST_CHANCE:
        reveal(s, seat)
        log_event(s, "reveal", seat, hand=sorted(s.hands[seat]))
        _next_final_turn(s)
        return
    if not s.draw:
        end_round_empty(s, seat)
        return
    start_turn(s, (seat + 1) % s.n, extra=False)


def _keep_event(s: State, seat: int, action: Action) -> None:
    """Extra Pepper B.4 step 5."""
    keep_event(s, seat, action.a)


#: One handler per action kind.
_HANDLERS: dict[ActionKind, Callable[[State, int, Action], None]] = {
    ActionKind.DRAW: _draw,
    ActionKind.TAKE: _take,
    ActionKind.KEEP: _keep,
    ActionKind.DUO: _duo,
    ActionKind.TRIO: _trio,
    ActionKind.PICK: _pick,
    ActionKind.STOP: _end_choice,
    ActionKind.LAST_CHANCE: _end_choice,
    ActionKind.END: _end_choice,
    ActionKind.KEEP_EVENT: _keep_event,
    ActionKind.PASS: _pass,
    ActionKind.ANGELFISH: _angelfish,
    ActionKind.REEF: _reef,
    ActionKind.SWAP: _swap,
}
