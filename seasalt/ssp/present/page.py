"""The fixed words of the page's screens (``web/index.html``), by key.

``index.html`` keeps the English as the page's text before Python starts and marks
each element with ``data-text="key"`` (an attribute with ``data-text-aria-label``,
``data-text-title`` or ``data-text-placeholder``); at start-up the page replaces them
with :func:`page_texts`, so a language switch reaches the whole page. The loading
screen (shown before Python runs) and the game's name stay as written.
"""

from __future__ import annotations

from seasalt.i18n import N_, _, ngettext
from seasalt.ssp.cards import ALL_CARDS, BASE_DECK, EXTRA_SALT_TABLE, Event
from seasalt.ssp.present.cards import kind_name
from seasalt.ssp.present.setup import EXPANSION_NAMES
from seasalt.ssp.present.words import join_list

#: The page's fixed words by key (English source), in page order. The expansion
#: hints are built from the rules' card lists (:func:`page_text`).
PAGE_TEXTS: dict[str, str] = {
    # the new-game screen
    "new-game-title": N_("New game"),
    "resume-title": N_("A game is waiting for you"),
    "continue": N_("Continue"),
    "discard": N_("Discard"),
    "players": N_("Players"),
    "players-note": N_("(2 to 4, in seat order)"),
    "add-player": N_("+ Add a player"),
    "options": N_("Options"),
    "target": N_("Target"),
    "normal-target": N_("Normal"),
    "double-target": N_("Double"),
    "bot-speed": N_("Bot speed"),
    "seed": N_("Seed"),
    "seed-placeholder": N_("random"),
    "seed-hint": N_("the same seed deals the same game"),
    "expansion": N_("Expansion"),
    "extra-salt": EXPANSION_NAMES["extra_salt"],
    "extra-salt-hint": "",  # built: extra_salt_hint()
    "extra-pepper": EXPANSION_NAMES["extra_pepper"],
    "extra-pepper-hint": "",  # built: extra_pepper_hint()
    "start": N_("Start the game"),
    "load-file": N_("Load a game file…"),
    # the table
    "bots": N_("Bots"),
    "export": N_("Export game"),
    "new-game": N_("New game"),
    "game-log": N_("Game log"),
    "hot-seat": N_("Hot seat"),
    "handoff-hint": N_("Hand the device over. The next hand stays hidden until its "
                       "owner is ready."),
    # the end screens
    "game-over": N_("Game over"),
    "rematch": N_("Rematch"),
    # the error screen and the footer
    "error-title": N_("Something went wrong"),
    "error-hint": N_("The game stopped on an error. Reloading the page may help (a saved "
                     "game is offered again)."),
    "footer": N_("Runs offline in your browser: Python rules engine on Pyodide, through "
                 "PyScript."),
}


def extra_salt_hint() -> str:
    """``8 more cards (66): Jellyfish, Lobster, Cast of Crabs, Starfish, Seahorse``
    (RULES-EXPANSIONS.md A.1)."""
    more = len(ALL_CARDS) - len(BASE_DECK)
    return ngettext("{count} more card ({total}): {kinds}",
                    "{count} more cards ({total}): {kinds}", more).format(
        count=more, total=len(ALL_CARDS),
        kinds=join_list([kind_name(kind) for kind, _colours in EXTRA_SALT_TABLE]))


def extra_pepper_hint() -> str:
    """``12 events: one on the table each round, handed out at round end to the most or
    fewest points`` (RULES-EXPANSIONS.md B)."""
    n = len(Event)
    return ngettext("{count} event: one on the table each round, handed out at round end "
                    "to the most or fewest points",
                    "{count} events: one on the table each round, handed out at round end "
                    "to the most or fewest points", n).format(count=n)


def page_text(key: str) -> str:
    """One of the page's fixed words (a key of :data:`PAGE_TEXTS`), translated.

    Raises:
        KeyError: an unknown key.
    """
    if key == "extra-salt-hint":
        return extra_salt_hint()
    if key == "extra-pepper-hint":
        return extra_pepper_hint()
    return _(PAGE_TEXTS[key])


def page_texts() -> dict[str, str]:
    """All of the page's fixed words, ``{key: text}``, in the language in use."""
    return {key: page_text(key) for key in PAGE_TEXTS}
