"""Words the page asks of the game a payload names: the saved games' lines
(:func:`resume_summary`, :func:`resume_game`) and the help of either game
(:func:`help_content`). Every word of a table comes in its payload
(:meth:`seasalt.web.table.Table.view`); others straight from the game's presenter
(:mod:`seasalt.ssp.present`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

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
    page, in the language in use (shape of :func:`seasalt.ssp.present.help.help_content`).
    Either game's help ends with how to play on several phones (:func:`phones_section`).
    """
    return [*page_game(SSP if game is None else game).help(), phones_section()]


def phones_section() -> dict[str, Any]:
    """The help's section on playing on several phones (issue 42): how a friend joins,
    and that the host's device holds the whole game, as a dealer does."""
    return {"id": "phones", "title": message("remote-help-title"),
            "blocks": [{"type": "p", "text": message(f"remote-help-{i}")} for i in (1, 2, 3, 4, 5)]}
