"""The page's own messages: what the page says that is neither a rule nor a game's word
(setup, saves, storage, links, loading), by key, translated by :func:`message`.

Every word about a game itself comes from that game's presenter
(:mod:`seasalt.ssp.present`, :mod:`seasalt.fdm.present`).
"""

from __future__ import annotations

from typing import Any

from seasalt.i18n import N_, _, ngettext, pgettext
from seasalt.ssp.present.setup import decimal_text

#: The page's own messages, by key (English source; ``{fields}`` filled by :func:`message`).
MESSAGES: dict[str, str] = {
    "engine": N_("engine {version}"),
    "who-plays": N_("Player {number}: who plays"),
    "name-field": N_("Player {number}: name"),
    "remove": N_("Remove"),
    "remove-seat": N_("Remove player {number}"),
    "cannot-start": N_("Cannot start: {error}."),
    "bad-link": N_("The link asks for a game this page cannot set up: {error}."),
    "no-storage": N_("This browser does not let the page save games ({error})."),
    "not-saved": N_("The game could not be saved in this browser ({error})."),
    "storage-full": N_("This game could not be saved: the browser's storage for this site "
                       "is full. Export it to keep it, or delete saved games you no longer "
                       "need."),
    "last-played": N_("last played {when}"),
    "saved-game": N_("Saved game"),
    "not-read-yet": N_("Not read yet: its players and scores show once it is read."),
    "reading-interrupted": N_("Reading this game was interrupted last time (the page was "
                              "closed or stopped). Its save is kept: try again."),
    "try-again": N_("Try again"),
    "export-unkept": N_("Export this game"),
    "export-save": N_("Export"),
    "delete-save": N_("Delete"),
    "unreadable": N_("This saved game cannot be opened: {reason}."),
    "unreadable-size": N_("{size} characters, kept as it is"),
    "export-raw": N_("Export as is"),
    "in-other-tab": N_("This game is open in another tab."),
    "take-over": N_("Play it here"),
    "taken-over": N_("This game is now played in another tab; it was saved up to its "
                     "last move."),
    "loaded": N_("Game loaded: {moves} replayed in {seconds} s."),
    "reading": N_("Reading the game: {done} of {moves} replayed…"),
    "worker-restarted": N_("The bots' helper stopped answering and was restarted; "
                           "meanwhile the bots think on this page."),
    "worker-stopped": N_("The bots' helper stopped answering again: the bots think on "
                         "this page from now on."),

    "not-possible": N_("That move is not possible now: {error}."),
    "bad-file": N_("That file is not a game this page can load ({error})."),
    "player-column": N_("Player"),
    "cards-column": N_("Cards"),
    "show-rule": N_("Rule of {card}"),
    "game-legend": N_("Game"),
    "help-games": N_("Rules of each game"),
    "levels-title": N_("About the bots"),
    "title-sea-salt-and-paper": N_("Sea Salt & Paper"),
    # Fruits de mer's title, as its presenter words it (seasalt.fdm.present.page.title):
    # the French name, kept in every language unless a translation says otherwise
    "title-fruits-de-mer": N_("Fruits de mer"),
    "more-missing": N_("This part of the page could not be downloaded: connect to the "
                       "internet once, then try again."),
    "qr-code": N_("A QR code to scan with the other device's camera."),
    "qr-too-long": N_("This code is too long for a QR code: use the link or the text instead."),
    "qr-unavailable": N_("The page could not load its QR code tools: connect to the internet "
                         "once, then try again, or use the link or the text instead."),
    "camera-view": N_("Camera view: hold the other device's QR code in the frame."),
    "camera-insecure": N_("This browser lets a page use the camera only over a secure connection "
                          "(https): use the link or the text instead."),
    "camera-missing": N_("No camera was found on this device: use the link or the text instead."),
    "camera-refused": N_("The page may not use the camera: allow it in the browser's settings "
                         "for this site and try again, or use the link or the text instead."),
    "camera-busy": N_("The camera could not start (another app may be using it): close that "
                      "app and try again, or use the link or the text instead."),
    "camera-failed": N_("The camera could not be used: try again, or use the link or the text "
                        "instead."),
    "about-sea-salt-and-paper": N_("Collect duos, Mermaids and colours, then call STOP or "
                                   "LAST CHANCE. 2 to 4 players."),
    "about-fruits-de-mer": N_("Nine quick rounds of secret choices along the food chain: "
                              "who eats, who is caught? 2 to 5 players."),
}

def message(key: str, **fields: Any) -> str:
    """One of the page's :data:`MESSAGES`, translated, with ``fields`` filled in.

    Raises:
        KeyError: an unknown key or a missing field.
    """
    return _(MESSAGES[key]).format(**fields)


def grouped(number: int) -> str:
    """``60,000``: a whole number with its digits grouped as the language in use does."""
    # TRANSLATORS: the separator between groups of three digits in 60,000 (French and
    # Dutch: a thin space or a dot)
    return f"{number:,}".replace(",", pgettext("digit grouping", ","))


def moves_text(actions: int) -> str:
    """``60,000 moves``, in the language in use."""
    return ngettext("{count} move", "{count} moves", actions).format(count=grouped(actions))


def loaded_text(actions: int, seconds: float) -> str:
    """``Game loaded: 60,000 moves replayed in 0.42 s.``: what loading a game took, in
    the language in use (its digit grouping and decimal separator)."""
    return message("loaded", moves=moves_text(actions),
                   seconds=decimal_text(round(seconds, 2)))


def reading_text(done: int, total: int) -> str:
    """``Reading the game: 12,000 of 60,000 moves replayed…``: a long game's reading
    under way (its slices, ``seasalt.web.table.Table.loading``)."""
    return message("reading", done=grouped(done), moves=moves_text(total))


