"""R5 bookkeeping: what each seat, and the table, knows about where cards are.

``State.known[o][h]`` holds the cards seat ``o`` knows are in seat ``h``'s hand
(row ``n``: public knowledge); ``State.cand`` the cards that may still be in each
discard pile; ``State.in_hands`` the cards publicly known to be in some hand, not
whose. The turn flow calls these functions whenever a card moves.

Rules: docs/rules.md R5 (hidden information), R6.0 (revealing); Extra Pepper B.3.3
(Water Rodeo SWAP look) and B.3.12 (Coral Reef face-down Shell).
"""

from __future__ import annotations

from seasalt.ssp.cards import KIND_OF, Kind
from seasalt.ssp.gamestate import State

_SHELL = Kind.SHELL


def publicize(s: State, card: int) -> None:
    """A card's place became public: it is no pile candidate nor anonymous."""
    for c in s.cand:
        if card in c:
            c.remove(card)
    if card in s.in_hands:
        s.in_hands.remove(card)
    for row in s.known:
        for k in row:
            if card in k:
                k.remove(card)


def remove_from_pile(s: State, p: int, card: int, *, public: bool, holder: int) -> None:
    """Take ``card`` out of pile ``p`` and update what the table knows (R5).

    ``public``: everyone saw which card left (a take, or a Crab pick of the
    top): it becomes known in ``holder``'s hand. Otherwise only the new top is
    seen. Candidates above the visible top are then known to be in some hand.
    """
    pile = s.piles[p - 1]
    pile.remove(card)
    cand = s.cand[p - 1]
    if public:
        cand.remove(card)
        for o in range(s.n + 1):
            if o != holder:
                s.known[o][holder].append(card)
    if pile:
        i = cand.index(pile[-1])
        gone, s.cand[p - 1] = cand[i + 1:], cand[:i + 1]
    else:
        gone, s.cand[p - 1] = cand, []
    s.in_hands.extend(gone)


def after_steal(s: State, thief: int, victim: int, card: int) -> None:
    """R5: the robbed player knows what was taken; others lose track of the victim's hand.

    The victim's publicly known cards become public "in some hand" cards; what a
    third seat knew privately (a card the victim once stole from it) is dropped
    rather than made public.
    """
    public = s.known[s.n][victim]
    for o in range(s.n + 1):
        if o == thief:
            k = s.known[o][victim]
            if card in k:
                k.remove(card)
        elif o == victim:
            s.known[o][thief].append(card)
        else:
            s.known[o][victim] = []
    s.in_hands = sorted(set(s.in_hands).union(public))


def after_swap(s: State, seat: int, tgt: int, mine: int, theirs: int) -> None:
    """R5 after a Water Rodeo SWAP: the looker knows the whole target hand; the
    target knows which card it lost; others lose track of both hands (their
    public cards become "in some hand")."""
    n = s.n
    public = set(s.known[n][seat]) | set(s.known[n][tgt])
    for o in range(n + 1):
        if o == seat:
            s.known[o][tgt] = sorted(s.hands[tgt])
        elif o == tgt:
            k = s.known[o][seat]
            if mine in k:
                k.remove(mine)
            k.append(theirs)
        else:
            s.known[o][seat] = []
            s.known[o][tgt] = []
    s.in_hands = sorted(set(s.in_hands).union(public))


def after_reef(s: State, seat: int, card: int) -> None:
    """R5 after a Coral Reef shell goes face down (B.3.12): who knew ``card`` was in
    the hand cannot tell which Shell went down, so the Shells they knew there are
    forgotten (publicly known ones become "in some hand or face down"). Pile
    candidates are left alone: an unseen pick stays unseen."""
    n = s.n
    for o in range(n + 1):
        if o == seat:
            continue
        k = s.known[o][seat]
        if card in k:
            shells = [c for c in k if KIND_OF[c] == _SHELL]
            s.known[o][seat] = [c for c in k if KIND_OF[c] != _SHELL]
            if o == n:
                s.in_hands = sorted(set(s.in_hands).union(shells))


def reveal(s: State, seat: int) -> None:
    """R6.0: lay the hand face up; its cards become public."""
    if s.revealed[seat]:
        return
    s.revealed[seat] = True
    for c in s.hands[seat]:
        publicize(s, c)
    for o in range(s.n + 1):
        if o != seat:
            s.known[o][seat] = sorted(s.hands[seat])
