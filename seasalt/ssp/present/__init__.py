"""Sea Salt & Paper's presenter: every text a player reads, as plain data.

The page (``web/``, ``seasalt.web``) and the terminal
(``seasalt.cli.terminal``, ``seasalt play``) render what these functions return and write
no sentence of their own. Every string goes through :mod:`seasalt.i18n` (English
source), so a language switch changes them all. Nothing here decides a rule.

Modules and their public functions (all re-exported here):

- :mod:`~seasalt.ssp.present.words`: :func:`seat_name`, :func:`is_you`,
  :func:`join_and`, :func:`join_list`.
- :mod:`~seasalt.ssp.present.cards`: :func:`kind_name`, :func:`colour_name`,
  :func:`card_name` (``Crab (dark blue)``), :func:`card_label` (``Crab, dark
  blue``), :func:`card_aria` (with its state), :func:`card_hint`, :func:`kind_rule`,
  :func:`card_rule`, :func:`collector_points`, :func:`cards_text`, :func:`group_text`,
  :func:`card_catalogue`, :func:`event_title`, :func:`event_text`,
  :func:`event_goes_to`, :func:`event_info`, :func:`effect_name`.
- :mod:`~seasalt.ssp.present.actions`: :func:`action_label` (an ``Action``,
  ``ActionInfo``, its dict or a code; :func:`as_action` reads any of them), :func:`announce_hint`,
  :func:`forced_draw_label`, :func:`forced_draw_hint`, :func:`steal_pair_label`.
- :mod:`~seasalt.ssp.present.log`: :func:`log_line`, :func:`log_lines`,
  :func:`handout_lines`, :data:`HANDOUT_EVENTS`.
- :mod:`~seasalt.ssp.present.results`: :func:`round_result`,
  :func:`round_headline`, :func:`round_detail`, :func:`round_log_line`,
  :func:`call_badge`, :func:`last_round_title`, :func:`game_result`,
  :func:`score_columns`, :func:`points_text`, :func:`final_scores_text`.
- :mod:`~seasalt.ssp.present.table`: :func:`header_bits`, :func:`turn_text`,
  :func:`seat_badges`, :func:`hand_label`, :func:`card_count`, :func:`pile_name`,
  :func:`pile_description`, :func:`points_panel`, :func:`colour_counts`,
  :func:`colour_panel`, :func:`call_name`, :func:`ui_text`, :func:`table_text` (all
  of a view's table words in one dict).
- :mod:`~seasalt.ssp.present.setup`: :func:`seat_choices`, :func:`bot_name`,
  :func:`kind_label`, :func:`default_name` (:func:`seat_names`,
  :func:`typed_names`), :func:`speed_label`, :func:`speed_name`, :func:`target_text`,
  :func:`expansion_name`, :func:`player_label`, :func:`resume_summary`, :func:`handoff_texts`.
- :mod:`~seasalt.ssp.present.page`: :func:`page_text`, :func:`page_texts` (the fixed
  words of ``web/index.html``, by the keys of its ``data-text`` attributes),
  :func:`boot_texts` (the loading screen's and the manifest's, for ``boot.js``),
  :func:`languages` (the languages by their own names).
- :mod:`~seasalt.ssp.present.keys`: the keyboard shortcuts of the controls and
  :func:`shortcuts` (their list for the help).
- :mod:`~seasalt.ssp.present.help`: :func:`help_content` (the help screen: the rules
  of the base game and both expansions, the card list, the shortcuts).
- :mod:`~seasalt.ssp.present.page_payload` (not re-exported: it words the decision
  panel of :mod:`seasalt.ssp.prompt`, which reads this package): ``payload``, everything
  the page draws of a seat's table in one JSON-ready dict.

Not re-exported, each the words of one screen or panel: :mod:`~seasalt.ssp.present.prompt`
(the decision panel of a turn as plain data, which the page renders),
:mod:`~seasalt.ssp.present.calc` (the score calculator's),
:mod:`~seasalt.ssp.present.coach`, :mod:`~seasalt.ssp.present.replay`,
:mod:`~seasalt.ssp.present.motion`, :mod:`~seasalt.ssp.present.stats`,
:mod:`~seasalt.ssp.present.controls`, :mod:`~seasalt.ssp.present.term`.

"You": a sentence about the reader's own seat (the ``seat`` argument), or about
a seat named ``You`` (the default name of a table's only human), speaks to the
reader ("You win!", "Round 1 begins; you start.").
"""

from seasalt.ssp.present.actions import (
    action_label,
    announce_hint,
    as_action,
    forced_draw_hint,
    forced_draw_label,
    steal_pair_label,
)
from seasalt.ssp.present.cards import (
    card_aria,
    card_catalogue,
    card_hint,
    card_label,
    card_name,
    card_rule,
    cards_text,
    collector_points,
    colour_name,
    effect_name,
    event_goes_to,
    event_info,
    event_text,
    event_title,
    group_text,
    kind_name,
    kind_rule,
)
from seasalt.ssp.present.help import help_content
from seasalt.ssp.present.keys import shortcuts
from seasalt.ssp.present.log import HANDOUT_EVENTS, handout_lines, log_line, log_lines
from seasalt.ssp.present.page import boot_texts, languages, page_text, page_texts
from seasalt.ssp.present.results import (
    call_badge,
    final_scores_text,
    game_result,
    last_round_title,
    points_text,
    round_detail,
    round_headline,
    round_log_line,
    round_result,
    score_columns,
)
from seasalt.ssp.present.setup import (
    bot_name,
    default_name,
    expansion_name,
    handoff_texts,
    kind_label,
    player_label,
    resume_summary,
    seat_choices,
    seat_names,
    speed_label,
    speed_name,
    target_text,
    typed_names,
)
from seasalt.ssp.present.table import (
    call_name,
    card_count,
    colour_counts,
    colour_panel,
    hand_label,
    header_bits,
    pile_description,
    pile_name,
    points_panel,
    seat_badges,
    table_text,
    turn_text,
    ui_text,
)
from seasalt.ssp.present.words import is_you, join_and, join_list, seat_name

__all__ = [
    "HANDOUT_EVENTS", "action_label", "announce_hint", "as_action", "boot_texts", "bot_name",
    "call_badge", "call_name", "card_aria", "card_catalogue", "card_count", "card_hint",
    "card_label", "card_name", "card_rule", "cards_text", "collector_points", "colour_counts",
    "colour_name", "colour_panel", "default_name", "effect_name", "event_goes_to", "event_info",
    "event_text", "event_title", "expansion_name", "final_scores_text", "forced_draw_hint",
    "forced_draw_label", "game_result", "group_text", "hand_label", "handoff_texts",
    "handout_lines", "header_bits", "help_content", "is_you", "join_and", "join_list",
    "kind_label", "kind_name", "kind_rule", "languages", "last_round_title", "log_line",
    "log_lines", "page_text", "page_texts", "pile_description", "pile_name", "player_label",
    "points_panel", "points_text", "resume_summary", "round_detail", "round_headline",
    "round_log_line", "round_result", "score_columns", "seat_badges", "seat_choices",
    "seat_name", "seat_names", "shortcuts", "speed_label", "speed_name", "steal_pair_label",
    "table_text", "target_text", "turn_text", "typed_names", "ui_text",
]
