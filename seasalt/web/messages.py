"""The page's own messages: what the page says that is neither a rule nor a game's word
(setup, saves, storage, links, loading), by key, translated by :func:`message`.

Every word about a game itself comes from that game's presenter
(:mod:`seasalt.ssp.present`, :mod:`seasalt.fdm.present`).
"""

from __future__ import annotations

from collections.abc import Callable
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
    "help-contents": N_("Contents"),
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
    # One table, many phones (issue 42): the host's join cards, a guest's join screen
    "remote-title": N_("Friends' phones"),
    "remote-open": N_("Phones"),
    "remote-host-intro": N_("Each friend opens the link below on their own phone, on the "
                            "same Wi-Fi or your phone's hotspot (or pastes its code under "
                            "\u201cJoin a friend's table\u201d). Their phone then shows an "
                            "answer code: scan it with \u201cScan the answer\u201d, or paste it "
                            "here. Nothing goes through the internet."),
    "remote-friend": N_("Friend {number} of {count}"),
    # a join card whose seat is known: that seat's name (a friend's own, once chosen)
    "remote-friend-seat": N_("{name} \u2014 friend {number} of {count}"),
    "remote-link": N_("Link for your friend"),
    "remote-copy": N_("Copy"),
    "remote-answer-field": N_("Your friend's answer code"),
    "remote-connect": N_("Connect"),
    "remote-scan": N_("Scan the answer"),
    "remote-scan-stop": N_("Stop the camera"),
    "remote-connecting": N_("Connecting\u2026"),
    "remote-connected": N_("{name} is connected."),
    "remote-away": N_("{name} is away: the game waits for them. Give them the new link "
                      "below; their phone gets its seat back."),
    "remote-away-status": N_("{name} is away: give them a new link from "
                             "\u201c{phones}\u201d."),
    "remote-waits-for": N_("Waiting for {name}, who plays on their own phone."),
    "remote-making": N_("Making the code\u2026"),
    "remote-no-network": N_("This device found no network to offer: join the same Wi-Fi "
                            "or a phone's hotspot, then try again."),
    "remote-join-open": N_("Join a friend's table"),
    "remote-guest-intro": N_("Paste the link or the code your friend's device shows "
                             "(under \u201c{phones}\u201d, once their game has started)."),
    "remote-rejoin-intro": N_("You have a seat at a friend's table on this device: paste "
                              "the new link or code the host's device shows, and you get "
                              "your seat back."),
    "remote-offer-field": N_("The host's link or code"),
    "remote-join": N_("Join"),
    "remote-answer-intro": N_("Now show the host this answer code: they scan it with "
                              "their device, or you send it to them and they paste it."),
    "remote-answer-label": N_("Your answer code"),
    "remote-guest-waiting": N_("Waiting for the host to connect\u2026"),
    "remote-not-connected": N_("Not connected yet. If the host's device says another "
                               "phone has answered this link already, ask the host for "
                               "a new link."),
    "remote-lost": N_("The connection to the host's device was lost. Ask the host for the "
                      "new link (under \u201c{phones}\u201d) and paste it here: you get "
                      "your seat back."),
    "remote-refused": N_("The host's device did not take that move (the table had moved "
                         "on): choose again."),
    "remote-name-field": N_("Your name at the table"),
    "remote-ended-title": N_("The game has ended"),
    "remote-ended": N_("The host ended the game for everyone. Thank you for playing!"),
    # a refused join, said on each device (seasalt.web.remote.words), and a freed seat
    "remote-full": N_("Every friend's seat at this table is taken. If you are to play an "
                      "away friend's seat, ask the host to free it (\u201c{free}\u201d "
                      "under \u201c{phones}\u201d), then open the new link."),
    "remote-freed": N_("The host freed this seat: this phone no longer plays it. To play "
                       "again, ask the host for a new link."),
    "remote-join-refused": N_("The host's device did not seat this phone. Ask the host "
                              "for a new link and open it here."),
    "remote-old-version": N_("The two devices run different versions of this site: "
                             "reload the page on both, then join again."),
    "remote-code-not-offer": N_("That is not the host's link: copy it again, whole, from "
                                "the screen the host opens with \u201c{phones}\u201d."),
    "remote-code-is-answer": N_("That is a friend's answer code, not the host's link: "
                                "open the link the host's device shows."),
    "remote-host-full": N_("A phone answered this link, but every friend's seat is "
                           "taken, so it was not seated. To give it an away friend's "
                           "seat, free that seat, then give it the new link."),
    "remote-host-refused": N_("That phone was not seated. Give it the new link below."),
    "remote-code-not-answer": N_("That is not a friend's answer code: copy it again, "
                                 "whole, from the friend's phone."),
    "remote-code-is-offer": N_("That is this device's own link, not the friend's answer: "
                               "paste the answer code the friend's phone shows."),
    "remote-code-answered": N_("Another phone has answered this link already, so this "
                               "answer cannot connect. If that phone does not connect, "
                               "press \u201c{new_link}\u201d and give this friend the new "
                               "link."),
    "remote-code-stale": N_("This answer is for an older link. On the friend's phone, open "
                            "the link shown here now."),
    "remote-host-no-connection": N_("No connection with this phone. Check both are on "
                                    "the same Wi-Fi, then try again with the new link "
                                    "below."),
    "remote-new-link": N_("New link"),
    "remote-free": N_("Free this seat"),
    "remote-free-ask": N_("Give {name}'s seat to another phone? The phone that plays it "
                          "now can no longer play it; the seat keeps its cards and its "
                          "score."),
    "remote-free-yes": N_("Free the seat"),
    "remote-freed-host": N_("{name}'s seat is free: give the link below to the phone "
                            "that is to play it."),
    "remote-help-title": N_("Playing on several phones"),
    # the help's section on several phones: {friend}, {start}, {join}, {scan}, {connect}
    # and {phones} are the very words of the seat choice and the buttons they name
    "remote-help-1": N_("Each friend may play on their own phone, with no internet: the "
                        "phones only need the same Wi-Fi or a phone's hotspot. One device "
                        "hosts the table and holds the whole game, as a dealer does: it "
                        "deals, keeps the draw pile and sends each phone only what its "
                        "player may see."),
    "remote-help-step-1": N_("Host: in the new game's form, choose \u201c{friend}\u201d for "
                             "each friend's seat (bots and people at the host's device may "
                             "play too), then press \u201c{start}\u201d. Your device shows a "
                             "QR code for each friend (\u201c{phones}\u201d shows them "
                             "again)."),
    "remote-help-step-2": N_("Friend: scan that QR code with your phone's own camera app (it "
                             "is a link to this site), or open the link the host sends you, "
                             "or paste it under \u201c{join}\u201d. Your phone then shows an "
                             "answer code."),
    "remote-help-step-3": N_("Host: press \u201c{scan}\u201d and point the camera at the "
                             "answer code on your friend's phone, or paste that code and "
                             "press \u201c{connect}\u201d. Your friend's phone then shows "
                             "their seat at the table."),
    "remote-help-2": N_("Without internet, a phone opens the link only if it has opened this "
                        "site once before. Each phone keeps its own language and look."),
    "remote-help-3": N_("A phone that is locked, reloaded or out of reach is shown away and "
                        "the game waits for it: the host gives it a new link from "
                        "\u201c{phones}\u201d and it gets its seat back."),
    "remote-help-free": N_("If a friend's phone is lost, or another phone is to play that "
                           "seat, the host frees it with \u201c{free}\u201d under "
                           "\u201c{phones}\u201d. The seat keeps its cards; the next phone "
                           "that opens that seat's new link plays it, and the old phone no "
                           "longer can."),
    "remote-help-leave": N_("A friend may type their own name in \u201c{name}\u201d on the "
                            "\u201c{join}\u201d screen: every device shows it, unless the host "
                            "has named that seat already. If the host presses "
                            "\u201c{new_game}\u201d while friends are playing, the page asks "
                            "\u201c{end}\u201d: each friend's phone then says that the game "
                            "has ended."),
    "remote-help-4": N_("In Fruits de mer everyone chooses at once, each on their own phone, "
                        "as soon as the round begins; the cards are revealed together once "
                        "everybody has chosen. \u201c{undo}\u201d takes your card back as long as "
                        "a player seated before you is still choosing."),
}

def _button_words() -> dict[str, Callable[[], str]]:
    from seasalt.ssp.present.page import page_text

    return {"phones": lambda: page_text("remote-open"),
            "free": lambda: _(MESSAGES["remote-free"]),
            "new_link": lambda: _(MESSAGES["remote-new-link"]),
            "undo": lambda: page_text("undo-short")}


def message(key: str, **fields: Any) -> str:
    """One of the page's :data:`MESSAGES`, translated, with ``fields`` filled in. A
    sentence that quotes a button (``{phones}``: the toolbar's "Phones"; ``{free}``: a
    join card's "Free this seat"; ``{new_link}``: its "New link"; ``{undo}``: the
    toolbar's Undo as a phone shows it) gets that button's own words, from the same
    key, unless ``fields`` gives them.

    Raises:
        KeyError: an unknown key or a missing field.
    """
    text = _(MESSAGES[key])
    for name, word in _button_words().items():
        if name not in fields and "{" + name + "}" in text:
            fields[name] = word()
    return text.format(**fields)


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


