"""The score calculator: a score table for Sea Salt & Paper played with real cards.

People who play with real cards enter each player's cards round by round; the
calculator checks what a real table allows and scores with the engine's own
scorers. By job:

- ``cards``: the cards entered (types, colours, events read from slugs, the deck's
  copies, a duo or trio in front checked), a player's cards in a round (``Seat``), a
  round (``Round``), and why an entry is refused (``CalcError``);
- ``scoring``: a round and the game scored from the cards, by the engine;
- ``saves``: the table as JSON-ready data, and back, checked;
- ``table``: :class:`Calculator`, the table itself: players, options, rounds, every
  change checked;
- ``hand``: one player's cards scored from their names (``score``, the public
  ``seasalt.score``), without a table.

Its words are Sea Salt & Paper's presenter's (:mod:`seasalt.ssp.present.calc`); the
page reaches it through its calculator bridge (``CalcSession``).
"""

from seasalt.calc.cards import (
    FRONT,
    HAND,
    OPTIONS,
    REASONS,
    ZONES,
    CalcError,
    Round,
    Seat,
    check_group,
    copies,
)
from seasalt.calc.saves import FORMAT, VERSION
from seasalt.calc.table import MAX_NAME, Calculator

__all__ = ["FORMAT", "FRONT", "HAND", "MAX_NAME", "OPTIONS", "REASONS", "VERSION", "ZONES",
           "CalcError", "Calculator", "Round", "Seat", "check_group", "copies"]
