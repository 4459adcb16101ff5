"""The fixed words of the page's screens (``web/index.html``), by key.

``index.html`` keeps the English as the page's text before Python starts and marks
each element with ``data-text="key"`` (an attribute with ``data-text-aria-label``,
``data-text-title`` or ``data-text-placeholder``); at start-up the page replaces them
with :func:`page_texts`, so a language switch reaches the whole page. The loading
screen is shown before Python runs: its words (the keys starting with ``loading-``)
and the web manifest's (``manifest-``) are written into ``boot.js`` at build time, one
set per language (:func:`boot_texts`). :func:`languages` lists the languages a player
can choose, by their own names.
"""

from __future__ import annotations

from collections.abc import Callable

from seasalt.i18n import N_, _, ngettext, pgettext
from seasalt.ssp.cards import ALL_CARDS, BASE_DECK, EXTRA_SALT_TABLE, Event
from seasalt.ssp.present.cards import kind_name
from seasalt.ssp.present.setup import EXPANSION_NAMES
from seasalt.ssp.present.words import join_list

#: The languages a player can choose: (code, the language's own name, never translated),
#: English (the source) first.
LANGUAGES: tuple[tuple[str, str], ...] = (
    ("en", "English"), ("fr", "Français"), ("nl", "Nederlands"), ("tr", "Türkçe"))
#: Key prefixes of the words ``boot.js`` needs before Python runs (:func:`boot_texts`).
BOOT_PREFIXES = ("loading-", "manifest-", "update-")
#: Other words shown before Python runs: the skip link and the footer.
BOOT_KEYS = ("skip-to-table", "footer")

#: The page's fixed words by key (English source), in page order. The expansion
#: hints are built from the rules' card lists (:func:`page_text`).
PAGE_TEXTS: dict[str, str] = {
    # the new-game screen
    "new-game-title": N_("New game"),
    "saved-games": N_("Saved games"),
    "continue": N_("Continue"),
    "results": N_("Results"),  # a finished game's Continue: it opens the results
    "players": N_("Players"),
    "players-note": N_("(2 to 4, in seat order)"),
    "add-player": N_("+ Add a player"),
    "options": N_("Options"),
    "target": N_("Target"),
    "normal-target": "Normal",  # in context: page_text()
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
    "replay-file": N_("Replay a game…"),
    "replay-game": N_("Replay this game"),
    # the score calculator (seasalt.ssp.present.calc has its other words)
    "calc-open": N_("Score calculator"),
    "calc-open-hint": N_("Playing with real cards? Score your table here."),
    "calc-title": N_("Score calculator"),
    "calc-tabs": N_("Screens of the calculator"),
    "confirm-calc-new-title": N_("Start a new game in the calculator?"),
    "confirm-calc-new-text": N_("Every round and card entered will be cleared; the names "
                                "and options stay."),
    # the host of a table on several phones leaving it (seasalt.web.remote)
    "confirm-end-remote-title": N_("End the game for everyone?"),
    "confirm-end-remote-text": N_("Friends are playing at this table on their own phones. "
                                  "Their phones will say that the game has ended, and "
                                  "their seats are freed. Nothing is lost: the game stays "
                                  "in your saved games, and if you continue it, each "
                                  "friend joins again with a new link."),
    # the table
    "export": N_("Export game"),
    "new-game": N_("Start a new game"),
    "game-log": N_("Game log"),
    "game-log-short": N_("Log"),  # the toolbar's button on a phone
    "hot-seat": N_("Hot seat"),
    "handoff-hint": N_("Hand the device over. The next hand stays hidden until its "
                       "owner is ready."),
    # the end screens
    "game-over": N_("Game over"),
    "rematch": N_("Rematch"),
    # the error screen and the footer
    "error-title": N_("Something went wrong"),
    "error-hint": N_("The game stopped on an error. Reloading the page may help (saved "
                     "games are offered again)."),
    "link-failed": N_("The game the link asks for could not be started."),
    "start-without-link": N_("Start without the link"),
    "reload": N_("Reload the page"),
    "footer": N_("Runs offline in your browser: Python rules engine on Pyodide, through "
                 "PyScript."),
    # the table's menu, settings and dialogs (issue 11)
    "language": N_("Language"),
    "theme": N_("Theme"),
    "theme-auto": N_("Automatic"),
    "theme-light": N_("Light"),
    "theme-dark": N_("Dark"),
    "theme-contrast": N_("High contrast"),
    "menu": N_("Menu"),
    "help": N_("Help"),
    # a table on several phones (issue 42): the setup screen's way in, the host's cards
    "remote-join-open": N_("Join a friend's table"),
    "remote-open": N_("Phones"),
    "help-title": N_("How to play"),
    "close": N_("Close"),
    "card-info": N_("Card rule"),
    "colours-title": N_("Your colours"),
    # R6.4 (colour bonus) and R7.1 (Mermaid points) count hand and front; B.3.12: not
    # a face-down Coral Reef Shell
    "colours-note": N_("Your cards in hand and in front, by colour (Mermaids are white): "
                       "what Mermaids and the colour bonus count."),
    "shortcuts-title": N_("Keyboard shortcuts"),
    "confirm": N_("Confirm"),
    "cancel": N_("Cancel"),
    "confirm-discard-title": N_("Delete this saved game?"),
    "confirm-discard-text": N_("It cannot be brought back; export it first to keep a "
                               "copy."),
    "confirm-last-chance-title": N_("Bet LAST CHANCE?"),
    # R6.2: the bet
    "confirm-last-chance-text": N_("Each opponent plays one final turn. If you then have at "
                                   "least as many card points as each of them, you score "
                                   "your card points plus your colour bonus and they score "
                                   "only their colour bonus; otherwise you score only your "
                                   "colour bonus and they score their card points."),
    # issue 12: undo, the LAST CHANCE bet's confirmation, the hand's order
    "undo": N_("Undo"),
    "undo-short": "Undo",  # on a phone, one short word, in context: page_text()
    "undo-title": N_("Take back your last decision (U or Ctrl+Z); a draw, a look or a "
                     "steal cannot be taken back"),
    "dont-ask": N_("Don't ask again before a LAST CHANCE bet"),
    "ask-last-chance": N_("Confirmation before a LAST CHANCE bet"),
    # the coach (seasalt.ssp.present.coach has its other words)
    "coach": N_("Coach"),
    "coach-hint": N_("A Suggest button on your turn, and a review of your decisions "
                     "after each round (the Hard bot's search)"),
    "hand-order": N_("Hand order"),
    "order-kind": N_("By kind"),
    "order-colour": N_("By colour"),
    "skip-to-table": N_("Skip to the table"),
    "log-label": N_("Game log"),
    # the loading screen, shown before Python runs (boot.js)
    "loading-status": N_("Folding the paper boats…"),
    "loading-download": N_("Downloading the game engine…"),
    "loading-python": N_("Starting Python…"),
    "loading-unpack": N_("Unpacking the game…"),
    "loading-table": N_("Setting the table…"),
    "loading-label": N_("Loading the game engine"),
    "loading-hint": N_("The game runs entirely in your browser. The first visit downloads "
                       "its Python engine (about 5\u00a0MB) and keeps it: later visits "
                       "start faster, even offline."),
    "loading-noscript": N_("This game needs JavaScript and WebAssembly."),
    # a new version of the site, installed while the page runs (boot.js)
    "update-ready": N_("A new version is ready: reload when you like."),
    "update-reload": N_("Reload"),
    # the web manifest (an installed app's name)
    "manifest-name": N_("Sea Salt & Paper"),
    "manifest-short-name": N_("Sea Salt"),
    "manifest-description": N_("The card game Sea Salt & Paper against bots, in the "
                               "browser, offline."),
}


def extra_salt_hint() -> str:
    """``8 more cards (66): Jellyfish, Lobster, Cast of Crabs, Starfish, Seahorse``
    (docs/rules-expansions.md A.1)."""
    more = len(ALL_CARDS) - len(BASE_DECK)
    return ngettext("{count} more card ({total}): {kinds}",
                    "{count} more cards ({total}): {kinds}", more).format(
        count=more, total=len(ALL_CARDS),
        kinds=join_list([kind_name(kind) for kind, _colours in EXTRA_SALT_TABLE]))


def extra_pepper_hint() -> str:
    """``12 events: one on the table each round, handed out at round end to the most or
    fewest points`` (docs/rules-expansions.md B)."""
    n = len(Event)
    return ngettext("{count} event: one on the table each round, handed out at round end "
                    "to the most or fewest points",
                    "{count} events: one on the table each round, handed out at round end "
                    "to the most or fewest points", n).format(count=n)


#: Words of :data:`PAGE_TEXTS` that one English word shares with another meaning,
#: translated in a context (``pgettext``): the target's "Normal" is not the bots' speed;
#: a phone's short "Undo" is one word where the language's usual one is longer.
CONTEXT_TEXTS: dict[str, Callable[[], str]] = {
    "normal-target": lambda: pgettext("target", "Normal"),
    "undo-short": lambda: pgettext("a phone's toolbar: one short word", "Undo"),
}


def page_text(key: str) -> str:
    """One of the page's fixed words (a key of :data:`PAGE_TEXTS`), translated.

    Raises:
        KeyError: an unknown key.
    """
    if key in CONTEXT_TEXTS:
        return CONTEXT_TEXTS[key]()
    if key == "extra-salt-hint":
        return extra_salt_hint()
    if key == "extra-pepper-hint":
        return extra_pepper_hint()
    return _(PAGE_TEXTS[key])


def page_texts() -> dict[str, str]:
    """All of the page's fixed words, ``{key: text}``, in the language in use."""
    return {key: page_text(key) for key in PAGE_TEXTS}


def boot_texts() -> dict[str, str]:
    """The words ``boot.js`` needs before Python runs (keys starting with
    :data:`BOOT_PREFIXES`: the loading screen and the web manifest; and
    :data:`BOOT_KEYS`, the words around it), in the language in use."""
    return {key: page_text(key) for key in PAGE_TEXTS
            if key.startswith(BOOT_PREFIXES) or key in BOOT_KEYS}


def languages() -> list[tuple[str, str]]:
    """The languages a player can choose: ``[(code, own name)]``, ``("en", "English")``
    first, then ``fr`` Français, ``nl`` Nederlands, ``tr`` Türkçe (names never
    translated)."""
    return list(LANGUAGES)
