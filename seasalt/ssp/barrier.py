"""The undo barrier: which actions of Sea Salt & Paper bring new information to light.

:func:`reveals` answers :meth:`seasalt.core.interface.Game.reveals` for this game. A
person may take back a decision only while it brought nothing to light that they
could not see when they made it (issue 12); the table driver
(:meth:`seasalt.core.table.Table.undo_target`) asks this function.

An action **reveals** when applying it shows the acting seat (or anyone) a card that
the acting seat could not see before choosing it, or draws on chance:

- a card of the draw pile (hidden order, R5): a draw two or the last card (R4.1a), a
  Jellyfish forced draw (A.3), a Fish duo's draw (R4.2; two with Sunfish, B.3.2), a
  Lobster look (A.4), a Dolphins draw after a keep (B.3.11);
- a discard pile's card below its top (R4.1: only the tops are seen): a take (the next
  top shows, R4.1b), an Angelfish take (B.3.10), a Crab duo's look through a pile
  (R4.2) and Hermit Crab's second look (B.3.1);
- another seat's hidden hand: a Swimmer + Shark steal (at random, R4.2), a Water Rodeo
  SWAP look (B.3.3), a hand revealed (R6.0);
- chance: a shuffle (the Lobster's, A.4; the event deck's, B.1), a random steal;
- the end of a round (the hands laid open, R6.1; the scores; a new deal, R9; the next
  Extra Pepper event, B.4) or of the game (R10).

What the actor already knew does not count, though others see it for the first
time: placing a duo or trio from its hand (R4.2, A.6), the card it did not keep put
on a pile (R4.1a), a Crab pick from the pile it looked through, its own hand laid
open at LAST CHANCE (R6.2), a Shell face down (B.3.12), a SWAP or STEAL_PAIR choice
after the look (B.3.3), an event kept (B.4), the turn passing to the next seat. Going
back over such an action tells the actor nothing its choice did not already hold.
"""

from __future__ import annotations

from seasalt.ssp.actions import Action
from seasalt.ssp.gamestate import Phase, State
from seasalt.ssp.legal import check_legal
from seasalt.ssp.turn import apply_in_place


def reveals(s: State, action: Action) -> bool:
    """Whether applying ``action`` to ``s`` brings hidden information to light or draws
    on chance (see the module docstring for the list, by rule).

    Args:
        s: the state (not changed).
        action: one of ``legal_actions(s)``.

    Returns:
        True for a draw, a look, a steal, a shuffle, a card below a discard top
        shown, a hand revealed, a round's or the game's end; False otherwise.

    Raises:
        IllegalActionError: ``action`` is not legal in ``s`` (or the game is over).
    """
    check_legal(s, action)
    seat = s.current
    t = s.copy(keep_log=False)
    apply_in_place(t, action)
    if t.rng != s.rng:  # chance: a shuffle, a random steal, a new deal
        return True
    if len(t.draw) != len(s.draw) or len(t.events) != len(s.events):
        return True  # the draw pile's or the event deck's hidden order
    if (t.round != s.round or t.last_round is not s.last_round
            or t.phase == Phase.GAME_OVER or t.phase == Phase.KEEP_EVENT):
        return True  # a round's end (R6, R8, B.4) or the game's (R10)
    if any(t.revealed[h] and not s.revealed[h] for h in range(s.n) if h != seat):
        return True  # another seat's hand laid open (R6.0)
    if t.phase == Phase.SWAP and s.phase != Phase.SWAP:
        return True  # B.3.3: a look at an opponent's hand
    if t.phase == Phase.CRAB_PICK and (s.phase != Phase.CRAB_PICK
                                       or t.crab_pile != s.crab_pile):
        return True  # R4.2, B.3.1: a look through a discard pile
    for i in range(2):
        seen = s.phase == Phase.CRAB_PICK and s.crab_pile == i + 1
        if 0 < len(t.piles[i]) < len(s.piles[i]) and not seen:
            return True  # R4.1(b), B.3.10: the card under the top shows
    return False
