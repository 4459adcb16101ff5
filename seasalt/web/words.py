"""Words the page asks of the game a payload names: the saved games' lines
(:func:`resume_summary`, :func:`resume_game`) and the help of either game
(:func:`help_content`). Every word of a table comes in its payload
(:meth:`seasalt.web.table.Table.view`); others straight from the game's presenter
(:mod:`seasalt.ssp.present`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from seasalt.ssp.present.page import page_text
from seasalt.ssp.present.setup import seat_choices
from seasalt.web.games import PAGE_GAMES, SSP, page_game
from seasalt.web.messages import message
from seasalt.web.settings import game_title


def resume_summary(v: Mapping[str, Any], over: bool) -> str:
    """The setup screen's line about a saved game, from its spectator view (a payload of
    :meth:`Table.view`, either game): ``2 players, Extra Salt, round 3: Ann 12, Bob 9``
    (``finished`` once over). :func:`resume_game` names the game."""
    game = PAGE_GAMES.get(str(v.get("game")), PAGE_GAMES[SSP])  # a payload without: SSP's
    return game.summary(v, over)


def resume_game(v: Mapping[str, Any]) -> str:
    """The title of a saved game's game (a payload of :meth:`Table.view`), for the setup
    screen's "continue" offer: ``Fruits de mer``."""
    return game_title(str(v.get("game") or SSP))


def help_content(game: str | None = None) -> list[dict[str, Any]]:
    """The help's sections for ``game`` (default Sea Salt & Paper): that game's rules
    page, in the language in use (shape of :func:`seasalt.ssp.present.help.help_content`),
    with how to play on several phones (:func:`phones_section`) second, right after the
    game's aim, where a newcomer looks first.
    """
    sections = page_game(SSP if game is None else game).help()
    return [*sections[:PHONES_AT], phones_section(), *sections[PHONES_AT:]]


#: Where the help puts its section on several phones: after the game's first (its aim).
PHONES_AT = 1


def phones_words() -> dict[str, str]:
    """The words the phones section quotes, as the page shows them, in the language in
    use: the seat choice (``friend``), the new game's button (``start``), the toolbar's
    button that opens the join cards (``phones``), the setup's way in for a friend
    (``join``), the join card's buttons (``scan``, ``connect``, ``free``), the join
    screen's name field (``name``), the toolbar's new-game button (``new_game``), the
    question it then asks the host (``end``) and the toolbar's Undo as a phone shows it
    (``undo``)."""
    return {"friend": dict(seat_choices())["friend"], "start": page_text("start"),
            "phones": page_text("remote-open"), "join": page_text("remote-join-open"),
            "scan": message("remote-scan"), "connect": message("remote-connect"),
            "free": message("remote-free"), "name": message("remote-name-field"),
            "new_game": page_text("new-game"), "end": page_text("confirm-end-remote-title"),
            "undo": page_text("undo-short")}


def phones_section() -> dict[str, Any]:
    """The help's section on playing on several phones (issue 42): that no internet is
    needed and that the host's device holds the whole game, as a dealer does; the steps
    in order (a ``steps`` block: host, friend, host), each quoting the page's own words
    (:func:`phones_words`); a phone that has not opened the site before; a phone away;
    a seat the host frees for another phone; a friend's own name and the host ending
    the game for everyone; Fruits de mer's choices all at once."""
    words = phones_words()
    return {"id": "phones", "title": message("remote-help-title"),
            "blocks": [{"type": "p", "text": message("remote-help-1")},
                       {"type": "steps", "items": [message(f"remote-help-step-{i}", **words)
                                                   for i in (1, 2, 3)]},
                       {"type": "p", "text": message("remote-help-2")},
                       {"type": "p", "text": message("remote-help-3", **words)},
                       {"type": "p", "text": message("remote-help-free", **words)},
                       {"type": "p", "text": message("remote-help-leave", **words)},
                       {"type": "p", "text": message("remote-help-4", **words)}]}
