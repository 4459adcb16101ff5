"""Fruits de mer's presenter: every text a player reads, as plain data.

The page (``seasalt.web.table`` through :func:`~seasalt.fdm.present.page.payload`) and
the terminal (:mod:`seasalt.fdm.present.term`, ``seasalt play --game fruits-de-mer``)
render what these functions return and write no sentence of their own. Every string
goes through :mod:`seasalt.i18n` (English source). Nothing here decides a rule.

Modules:

- :mod:`~seasalt.fdm.present.words`: card names, colours, the cards' rule lines,
  "Ann's Shrimp", who scores, :func:`level_descriptions` (the bot levels for
  players of this game).
- :mod:`~seasalt.fdm.present.reveal`: a round's reveal and each resolution step's
  sentence (F5).
- :mod:`~seasalt.fdm.present.log`: log lines from the redacted events.
- :mod:`~seasalt.fdm.present.results`: the victory sentence (F6), final scores.
- :mod:`~seasalt.fdm.present.page`: :func:`payload`, everything the page shows.
- :mod:`~seasalt.fdm.present.help`: :func:`help_content`, the rules page.
- :mod:`~seasalt.fdm.present.term`: the terminal's screens (``TERMINAL``).
"""

from seasalt.fdm.present.help import help_content
from seasalt.fdm.present.log import log_line, log_lines
from seasalt.fdm.present.page import payload, texts
from seasalt.fdm.present.results import final_scores_text, game_result, victory_sentence
from seasalt.fdm.present.reveal import step_text, steps_texts
from seasalt.fdm.present.words import (
    colour_name,
    kind_name,
    kind_rule,
    level_descriptions,
    seat_colour,
)

__all__ = [
    "colour_name", "final_scores_text", "game_result", "help_content", "kind_name",
    "kind_rule", "level_descriptions", "log_line", "log_lines", "payload", "seat_colour",
    "step_text", "steps_texts", "texts", "victory_sentence",
]
