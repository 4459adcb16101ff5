"""Extra Pepper (docs/rules-expansions.md part B) as named hooks of the turn flow.

The base game's code asks these hooks at the points where an event may change
what happens, instead of testing event bits itself: which piles a Crab duo may
search (:func:`crab_piles`), the extra duos and play-step actions
(:func:`extra_duos`, :func:`play_actions`), the calls allowed (:func:`calls`),
how many cards a Fish duo draws (:func:`fish_draws`), what follows a keep or a
Crab pick (:func:`after_keep`, :func:`after_crab_pick`), the Angelfish at the end
of a turn (:func:`offer_angelfish`, :func:`take_angelfish`, :func:`resume_end`),
the Mermaids needed to win (:func:`mermaids_needed`) and the Water Rodeo and
Coral Reef choices. Each hook costs one test in a game without Extra Pepper
(``table_event < 0``). The end-of-round hand-out (B.4) is in
:mod:`seasalt.ssp.round_end`.

Hooks change the state and log what they did; they never call back into the
turn flow: the caller goes on (checks a Mermaid win, ends the turn, ...).
"""

from __future__ import annotations

from seasalt.ssp.actions import LAST_CHANCE, STOP, Action, ActionKind
from seasalt.ssp.cards import (
    CATEGORY_OF_KIND,
    COLOUR_OF,
    KIND_OF,
    Category,
    Event,
    Kind,
    front_groups,
)
from seasalt.ssp.gamestate import END_THRESHOLD, Phase, State, steal_targets
from seasalt.ssp.knowledge import after_reef, after_swap, remove_from_pile
from seasalt.ssp.log import log_event
from seasalt.ssp.scoring import card_points

#: Extra Pepper B.3.8 Treasure Chest: the threshold for a player with the effect.
TREASURE_THRESHOLD: int = 10

#: Event bits (``1 << Event``) of :func:`effects`.
_HERMIT = 1 << Event.HERMIT_CRAB
_SUNFISH = 1 << Event.SUNFISH
_MERMAID_DANCE = 1 << Event.DANCE_OF_THE_MERMAIDS
_TREASURE = 1 << Event.TREASURE_CHEST
_DIODON = 1 << Event.DIODON_FISH
_DOLPHINS = 1 << Event.DOLPHINS
_RODEO = 1 << Event.WATER_RODEO
_ANGELFISH = 1 << Event.ANGELFISH
_CORAL = 1 << Event.CORAL_REEF
_SHELL = Kind.SHELL
#: B.3.11: the kinds whose discard triggers Dolphins (collectors and the Seahorse).
_DOLPHIN_KIND: tuple[bool, ...] = tuple(
    CATEGORY_OF_KIND[k] == Category.COLLECTOR or k == Kind.SEAHORSE for k in Kind)
END_NAMES: dict[int, str] = {ActionKind.END: "end", ActionKind.STOP: "stop",
                             ActionKind.LAST_CHANCE: "last-chance"}

# --------------------------------------------------------------------------- who has what


def effects(s: State, seat: int) -> int:
    """The Extra Pepper events that apply to ``seat`` as a bit set (``1 << Event``):
    the table event and the seat's held events (B.1, B.3 "a player with the
    effect"); 0 without Extra Pepper."""
    t = s.table_event
    if t < 0:
        return 0
    m = 1 << t
    for e in s.held[seat]:
        m |= 1 << e
    return m


def has_effect(s: State, seat: int, event: Event) -> bool:
    """Whether ``event`` applies to ``seat`` (table event or held, B.1)."""
    return bool(effects(s, seat) & (1 << event))


def events_of(s: State, seat: int) -> list[int]:
    """The events that apply to ``seat`` (table event first), for scoring; ``[]``
    without Extra Pepper."""
    return [s.table_event, *s.held[seat]] if s.table_event >= 0 else []


# --------------------------------------------------------------------------- legal actions


def crab_piles(s: State, seat: int, piles: list[int]) -> list[int]:
    """B.3.1 Hermit Crab: with both piles searchable, one Crab action that takes
    from pile 1, then pile 2 (written ``pile=1``); otherwise ``piles`` unchanged."""
    if len(piles) == 2 and s.table_event >= 0 and effects(s, seat) & _HERMIT:
        return [1]
    return piles


def end_threshold(fx: int) -> int:
    """The card points needed to announce an end (R4.3: 7; B.3.8 Treasure Chest: 10).

    Args:
        fx: the Extra Pepper events that apply to the player, as a bit set
            (``1 << Event``, :func:`seasalt.ssp.scoring.event_mask`); 0: none.
    """
    return TREASURE_THRESHOLD if fx & _TREASURE else END_THRESHOLD


def ends_allowed(points: int, fx: int = 0) -> tuple[str, ...]:
    """The ends a player with ``points`` card points may announce (R4.3; B.3.8
    Treasure Chest: 10 points; B.3.9 Diodon Fish: LAST CHANCE only): ``("stop",
    "last-chance")``, ``("last-chance",)`` or ``()``.

    Args:
        points: the player's card points (R7.1, no colour bonus).
        fx: the Extra Pepper events that apply to the player, as a bit set; 0: none.
    """
    if points < end_threshold(fx):
        return ()
    return ("last-chance",) if fx & _DIODON else ("stop", "last-chance")


def calls(s: State, seat: int) -> tuple[Action, ...]:
    """The ends ``seat`` may announce with the round's events (:func:`ends_allowed`).
    The caller has checked that no end is announced yet."""
    fx = effects(s, seat)
    allowed = ends_allowed(card_points(s.hands[seat], s.fronts[seat], fx), fx)
    if not allowed:
        return ()
    return (LAST_CHANCE,) if len(allowed) == 1 else (STOP, LAST_CHANCE)


def stealable_pairs(front: list[int]) -> list[int]:
    """B.3.3 STEAL_PAIR: the first card of each placed duo that may be taken
    (pairs in the order placed; a duo of a Starfish trio may not)."""
    return [g[0] for g in front_groups(front) if len(g) == 2]


def swap_targets(s: State, seat: int) -> list[int]:
    """B.3.3 SWAP: opponents with a card in hand, unrevealed, not protected (as a
    Swimmer + Shark steal's)."""
    return steal_targets(s, seat)


def steal_pair_targets(s: State, seat: int) -> list[int]:
    """B.3.3: opponents with a stealable duo, no revealed hand, not protected."""
    return [o for o in range(s.n) if o != seat and not s.revealed[o] and s.reef[o] < 0
            and stealable_pairs(s.fronts[o])]


def extra_duos(s: State, seat: int, swimmers: list[int] | None,
               sharks: list[int] | None) -> list[Action]:
    """B.3.3 Water Rodeo: Swimmer + Swimmer (SWAP) and Shark + Shark (STEAL_PAIR)
    duos, one per pair and target (-1: no target, the effect is skipped)."""
    if s.table_event < 0 or not effects(s, seat) & _RODEO:
        return []
    acts: list[Action] = []
    for cs, targets in ((swimmers, swap_targets), (sharks, steal_pair_targets)):
        if cs and len(cs) >= 2:
            ts = targets(s, seat) or [-1]
            for i, a in enumerate(cs):
                for b in cs[i + 1:]:
                    for t in ts:
                        acts.append(Action(ActionKind.DUO, a, b, t))
    return acts


def play_actions(s: State, seat: int) -> list[Action]:
    """B.3.12 Coral Reef: one REEF action per Shell in hand, while not protected."""
    if s.reef[seat] < 0 and effects(s, seat) & _CORAL:
        return [Action(ActionKind.REEF, c) for c in sorted(s.hands[seat])
                if KIND_OF[c] == _SHELL]
    return []


ILLEGAL_NOTE: str = ("; Extra Pepper: 10 card points with Treasure Chest (B.3.8), no STOP "
                     "with Diodon Fish (B.3.9), one Crab action with Hermit Crab (B.3.1), "
                     "Water Rodeo duos (B.3.3), one Shell face down with Coral Reef (B.3.12)")
"""What :func:`seasalt.ssp.legal.check_legal` adds to a play step's rule text."""


# --------------------------------------------------------------------------- turn flow


def mermaids_to_win(fx: int = 0) -> int:
    """R10.1: the Mermaids that win at once: 4; 3 with Dance of the Mermaids (B.3.7,
    Decision 4).

    Args:
        fx: the Extra Pepper events that apply to the player, as a bit set; 0: none.
    """
    return 3 if fx & _MERMAID_DANCE else 4


def mermaids_needed(s: State, seat: int) -> int:
    """R10.1: 4 Mermaids win; 3 with Dance of the Mermaids (:func:`mermaids_to_win`)."""
    if s.table_event >= 0:
        return mermaids_to_win(effects(s, seat))
    return 4


def fish_draws(s: State, seat: int) -> int:
    """Cards a Fish duo draws: 1; 2 with Sunfish (B.3.2)."""
    if s.table_event >= 0 and effects(s, seat) & _SUNFISH:
        return 2
    return 1


def after_keep(s: State, seat: int, other: int) -> bool:
    """B.3.11 Dolphins: after a draw two's other card went on a pile, a collector
    or the Seahorse gives the top card of the draw pile. Returns whether a card
    reached the hand (the caller checks a Mermaid win)."""
    if (s.table_event >= 0 and _DOLPHIN_KIND[KIND_OF[other]] and s.draw
            and effects(s, seat) & _DOLPHINS):
        extra = s.draw.pop()
        s.hands[seat].append(extra)
        log_event(s, "dolphins", seat, {seat: {"card": extra}})
        return True
    return False


def after_crab_pick(s: State, seat: int, pile: int) -> None:
    """B.3.1 Hermit Crab: after the pick from pile 1, one from pile 2 (if not empty)."""
    if (pile == 1 and s.piles[1] and s.table_event >= 0
            and effects(s, seat) & _HERMIT):
        s.crab_pile = 2
        s.phase = Phase.CRAB_PICK
        log_event(s, "hermit-crab", seat, pile=2)


def offer_angelfish(s: State, seat: int, end: ActionKind) -> bool:
    """B.3.10 (Decision 5): when ``seat`` ends its turn (END, STOP or LAST CHANCE),
    with the effect and both discard tops of one colour, the end waits for the
    Angelfish choice (phase ANGELFISH). Returns whether it does."""
    if s.table_event < 0:
        return False
    p1, p2 = s.piles
    if not (p1 and p2 and COLOUR_OF[p1[-1]] == COLOUR_OF[p2[-1]]
            and effects(s, seat) & _ANGELFISH):
        return False
    s.pending_end = int(end)
    s.phase = Phase.ANGELFISH
    log_event(s, "angelfish-offer", seat, then=END_NAMES[end], tops=[p1[-1], p2[-1]])
    return True


def take_angelfish(s: State, seat: int, pile: int) -> None:
    """B.3.10: take the top of ``pile`` (the caller checks a Mermaid win)."""
    card = s.piles[pile - 1][-1]
    remove_from_pile(s, pile, card, public=True, holder=seat)
    s.hands[seat].append(card)
    log_event(s, "angelfish", seat, pile=pile, card=card)


def resume_end(s: State, seat: int, *, passed: bool) -> ActionKind:
    """B.3.10: the Angelfish choice is made (``passed``: declined); back to the
    play step. Returns the end that was waiting, for the caller to resolve."""
    if passed:
        log_event(s, "angelfish-pass", seat)
    end = ActionKind(s.pending_end)
    s.pending_end = -1
    s.phase = Phase.PLAY
    return end


def place_reef(s: State, seat: int, card: int) -> None:
    """B.3.12 Coral Reef: Shell ``card`` goes face down (identity private); the
    seat is protected for the rest of the round."""
    s.hands[seat].remove(card)
    s.reef[seat] = card
    after_reef(s, seat, card)
    log_event(s, "reef", seat, {seat: {"card": card}})


def rodeo_duo(s: State, seat: int, a: int, b: int, effect: str, target: int) -> None:
    """B.3.3: the effect of a placed Swimmer + Swimmer (``swap``) or Shark + Shark
    (``steal-pair``) duo: look at the target's hand, or choose its duo to take.
    ``target`` -1: nobody to target, the effect is skipped."""
    if target < 0:
        log_event(s, "duo", seat, cards=[a, b], effect=effect, skipped=True)
        return
    s.swap_target = target
    if effect == "swap":
        # B.3.3 SWAP: look at the opponent's hand (private to the looker)
        s.known[seat][target] = sorted(s.hands[target])
        log_event(s, "duo", seat, {seat: {"hand": sorted(s.hands[target])}}, cards=[a, b],
                  effect=effect, target=target)
        s.phase = Phase.SWAP
    else:
        log_event(s, "duo", seat, cards=[a, b], effect=effect, target=target)
        s.phase = Phase.STEAL_PAIR


def swap(s: State, seat: int, mine: int, theirs: int) -> int:
    """B.3.3 SWAP: give ``mine``, take ``theirs``. Returns the target, who received
    a card (the caller checks a Mermaid win for both sides, R10.1)."""
    tgt = s.swap_target
    s.swap_target = -1
    s.phase = Phase.PLAY
    s.hands[seat].remove(mine)
    s.hands[tgt].remove(theirs)
    s.hands[seat].append(theirs)
    s.hands[tgt].append(mine)
    after_swap(s, seat, tgt, mine, theirs)
    log_event(s, "swap", seat, {seat: {"gave": mine, "got": theirs},
                                tgt: {"gave": theirs, "got": mine}}, target=tgt)
    return tgt


def swap_pass(s: State, seat: int) -> None:
    """B.3.3 SWAP: the looker swaps nothing."""
    tgt = s.swap_target
    s.swap_target = -1
    s.phase = Phase.PLAY
    log_event(s, "swap-pass", seat, target=tgt)


def steal_pair(s: State, seat: int, first: int) -> None:
    """B.3.3 STEAL_PAIR: move the target's placed duo starting with ``first`` to the
    seat's front, without its effect."""
    tgt = s.swap_target
    front = s.fronts[tgt]
    i = front.index(first)
    pair = front[i:i + 2]
    del front[i:i + 2]
    s.fronts[seat] += pair
    s.swap_target = -1
    s.phase = Phase.PLAY
    log_event(s, "steal-pair", seat, target=tgt, cards=pair)
