"""What the seat to move may do: :func:`legal_actions`, :func:`check_legal`.

Rules: R4.1 (draw options, where the other card may go), R4.2 (duos and their
parameters: Crab pile, Swimmer + Shark target; duos whose effect cannot happen),
R4.3 / R6 (STOP and LAST CHANCE only when allowed); Extra Salt: A.2 duos, A.3 a
forced turn's single draw, A.4 the Lobster's pick, A.6 trios; Extra Pepper
through :mod:`seasalt.ssp.pepper`'s hooks: B.3.1 Hermit Crab's picks, B.3.3 Water
Rodeo duos, B.3.8/B.3.9 calls, B.3.10 Angelfish, B.3.12 Coral Reef, B.4 step 5.
"""

from __future__ import annotations

from seasalt.core.errors import IllegalActionError, Reason
from seasalt.ssp import pepper
from seasalt.ssp.actions import (
    DRAW,
    END,
    LAST_CHANCE,
    PASS,
    STOP,
    Action,
    ActionKind,
    action_to_str,
)
from seasalt.ssp.cards import KIND_OF, Kind
from seasalt.ssp.gamestate import END_THRESHOLD, Call, Phase, State, steal_targets
from seasalt.ssp.scoring import card_points

# plain ints: indexing a list with an IntEnum member is about twice as slow
_CRAB, _BOAT, _FISH, _SWIMMER, _SHARK = (
    int(k) for k in (Kind.CRAB, Kind.BOAT, Kind.FISH, Kind.SWIMMER, Kind.SHARK))
_JELLYFISH, _LOBSTER, _STARFISH = (int(k) for k in (Kind.JELLYFISH, Kind.LOBSTER, Kind.STARFISH))
_DUO_KINDS = frozenset((_CRAB, _BOAT, _FISH, _SWIMMER, _SHARK, _JELLYFISH, _LOBSTER))


def points_of(s: State, seat: int) -> int:
    """Card points of ``seat`` now (R7.1: hand and front, colour bonus excluded;
    with the Extra Pepper events that apply to it)."""
    return card_points(s.hands[seat], s.fronts[seat], pepper.effects(s, seat))


def calls(s: State, seat: int) -> tuple[Action, ...]:
    """The ends ``seat`` may announce in its play step (R4.3; B.3.8, B.3.9)."""
    if s.call != Call.NONE:
        return ()
    if s.table_event < 0:
        return (STOP, LAST_CHANCE) if points_of(s, seat) >= END_THRESHOLD else ()
    return pepper.calls(s, seat)


def can_announce(s: State) -> bool:
    """R4.3: may the seat to move announce STOP or LAST CHANCE now?

    Only in step 2/3 of a normal or extra turn (not a final turn), when no end
    has been announced this round, with card points of at least 7 (10 with
    Extra Pepper's Treasure Chest, B.3.8; LAST CHANCE only with Diodon Fish, B.3.9).
    """
    return s.phase == Phase.PLAY and bool(calls(s, s.current))


def legal_actions(s: State) -> list[Action]:
    """Every legal action of the seat to move, sorted; ``[]`` when the game is over.

    Rules: see the module docstring.
    """
    phase = s.phase
    if phase == Phase.DRAW:
        if s.forced[s.current]:
            return [DRAW]
        acts = [DRAW] if s.draw else []
        if s.piles[0]:
            acts.append(Action(ActionKind.TAKE, 1))
        if s.piles[1]:
            acts.append(Action(ActionKind.TAKE, 2))
        return acts
    if phase == Phase.KEEP:
        e1, e2 = not s.piles[0], not s.piles[1]
        if e1 == e2:
            dest = (1,) if e1 else (1, 2)
        else:
            dest = (1,) if e1 else (2,)
        return sorted(Action(ActionKind.KEEP, c, p) for c in s.drawn for p in dest)
    if phase == Phase.PLAY:
        acts = _duo_actions(s)
        seat = s.current
        if s.table_event < 0:  # the base game's fast path
            if s.call == Call.NONE and card_points(s.hands[seat], s.fronts[seat]) >= END_THRESHOLD:
                acts.append(STOP)
                acts.append(LAST_CHANCE)
            acts.append(END)
            return acts
        acts.extend(calls(s, seat))
        acts.append(END)
        acts.extend(pepper.play_actions(s, seat))
        return acts
    if phase == Phase.CRAB_PICK:
        return [Action(ActionKind.PICK, c) for c in sorted(s.piles[s.crab_pile - 1])]
    if phase == Phase.LOBSTER_PICK:
        return [Action(ActionKind.PICK, c) for c in sorted(s.looked)]
    if phase == Phase.KEEP_EVENT:
        return [Action(ActionKind.KEEP_EVENT, e) for e in sorted(s.held[s.current])]
    if phase == Phase.ANGELFISH:
        return [PASS, Action(ActionKind.ANGELFISH, 1), Action(ActionKind.ANGELFISH, 2)]
    if phase == Phase.SWAP:
        mine, theirs = sorted(s.hands[s.current]), sorted(s.hands[s.swap_target])
        return [PASS, *(Action(ActionKind.SWAP, m, x) for m in mine for x in theirs)]
    if phase == Phase.STEAL_PAIR:
        return [Action(ActionKind.PICK, c)
                for c in sorted(pepper.stealable_pairs(s.fronts[s.swap_target]))]
    return []


def _duo_actions(s: State) -> list[Action]:
    """R4.2 / A.2 / A.6 duos and trios of the seat to move, sorted."""
    seat = s.current
    by_kind: dict[int, list[int]] = {}
    for c in s.hands[seat]:
        k = KIND_OF[c]
        if k in _DUO_KINDS:
            by_kind.setdefault(k, []).append(c)
    for kind_cards in by_kind.values():
        kind_cards.sort()
    acts: list[Action] = []
    duo_kind = ActionKind.DUO
    crabs = by_kind.get(_CRAB)
    if crabs and len(crabs) >= 2:
        piles = pepper.crab_piles(s, seat, [p for p in (1, 2) if s.piles[p - 1]] or [-1])
        for i, a in enumerate(crabs):
            for b in crabs[i + 1:]:
                for p in piles:
                    acts.append(Action(duo_kind, a, b, p))
    for k in (_BOAT, _FISH):
        cs = by_kind.get(k)
        if cs and len(cs) >= 2:
            for i, a in enumerate(cs):
                for b in cs[i + 1:]:
                    acts.append(Action(duo_kind, a, b, -1))
    swimmers, sharks = by_kind.get(_SWIMMER), by_kind.get(_SHARK)
    if swimmers and sharks:
        targets = steal_targets(s, seat) or [-1]
        for a in swimmers:
            for b in sharks:
                lo, hi = (a, b) if a < b else (b, a)
                for t in targets:
                    acts.append(Action(duo_kind, lo, hi, t))
    if s.table_event >= 0:
        acts.extend(pepper.extra_duos(s, seat, swimmers, sharks))
    for k1, k2 in ((_CRAB, _LOBSTER), (_SWIMMER, _JELLYFISH)):
        c1, c2 = by_kind.get(k1), by_kind.get(k2)
        if c1 and c2:
            for a in c1:
                for b in c2:
                    acts.append(Action(duo_kind, min(a, b), max(a, b), -1))
    starfish = [c for c in s.hands[seat] if KIND_OF[c] == _STARFISH]
    if starfish:
        pairs = sorted({(a.a, a.b) for a in acts})
        acts.extend(Action(ActionKind.TRIO, a, b, st) for a, b in pairs for st in starfish)
    acts.sort()
    return acts


def is_legal(s: State, action: object) -> bool:
    """Whether ``action`` is one of :func:`legal_actions` of ``s``, decided without
    listing them all where the rules make it plain: ending the turn is always possible
    in the play step (R4.3), and a duo or a trio is legal exactly when it is among the
    seat's duos (:func:`_duo_actions`: announcements, the only other play-step actions
    with Coral Reef's, need the card points). A replay checks every action of a record
    this way."""
    if not isinstance(action, Action):
        return False
    if s.phase == Phase.PLAY:
        if action == END:
            return True
        if action.kind == ActionKind.DUO or action.kind == ActionKind.TRIO:
            return action in _duo_actions(s)
    return action in legal_actions(s)


def check_legal(s: State, action: Action) -> None:
    """Raise :class:`IllegalActionError` unless ``action`` is legal in ``s``.

    Raises:
        IllegalActionError: ``Reason.GAME_OVER`` once the game is over, else
            ``Reason.NOT_AVAILABLE`` with a message naming the rule.
    """
    if s.phase == Phase.GAME_OVER:
        raise IllegalActionError("the game is over (R10)", reason=Reason.GAME_OVER,
                                 action=action)
    if not isinstance(action, Action) or action not in legal_actions(s):
        raise IllegalActionError(why_illegal(s, action), action=action)


#: The rule each phase follows, for :func:`why_illegal`.
_PHASE_RULES: dict[Phase, str] = {
    Phase.DRAW: "R4.1: first draw two from the draw pile or take a discard top",
    Phase.KEEP: "R4.1(a): keep one of the two drawn cards and put the other on a "
                "discard pile (the empty one if exactly one is empty)",
    Phase.PLAY: "R4.2/R4.3: play a valid duo from your hand, announce STOP or LAST "
                "CHANCE (only with at least 7 card points, no end announced yet, not "
                "in a final turn) or end the turn",
    Phase.CRAB_PICK: "R4.2 Crab duo: pick one card of the chosen discard pile",
    Phase.LOBSTER_PICK: "Extra Salt A.4 Lobster duo: keep one of the cards seen",
    Phase.KEEP_EVENT: "Extra Pepper B.4: keep one of the events you hold",
    Phase.ANGELFISH: "Extra Pepper B.3.10 Angelfish (Decision 5): take one of the two "
                     "discard tops or pass",
    Phase.SWAP: "Extra Pepper B.3.3 Water Rodeo SWAP: swap one of your cards for one "
                "of the opponent's, or pass",
    Phase.STEAL_PAIR: "Extra Pepper B.3.3 Water Rodeo STEAL_PAIR: take one of the "
                      "opponent's placed duos (not a trio's)",
}


def why_illegal(s: State, action: object) -> str:
    """The message of an illegal ``action`` in ``s``: the action, the seat, the rule."""
    text = action_to_str(action) if isinstance(action, Action) else repr(action)
    phase = s.phase
    rule = _PHASE_RULES[phase]
    if phase == Phase.PLAY and s.table_event >= 0:
        rule += pepper.ILLEGAL_NOTE
    if phase == Phase.DRAW and s.forced[s.current]:
        rule = "Extra Salt A.3: a Jellyfish forced turn only draws the top card of the draw pile"
    return f"illegal action {text!r} for seat {s.current}: {rule}"
