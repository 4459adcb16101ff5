"""Words the page asks of the game a payload names: the saved games' lines
(:func:`resume_summary`, :func:`resume_game`) and the help of either game
(:func:`help_content`). Every word of a table comes in its payload
(:meth:`seasalt.web.table.Table.view`); others straight from the game's presenter
(:mod:`seasalt.ssp.present`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from seasalt.ssp.present import resume_summary as present_resume_summary
from seasalt.ssp.present.help import help_content as ssp_help_content
from seasalt.web.settings import FDM, SSP, canonical_game, game_title


def resume_summary(v: Mapping[str, Any], over: bool) -> str:
    """The setup screen's line about a saved game, from its spectator view (a payload of
    :meth:`Table.view`, either game): ``2 players, Extra Salt, round 3: Ann 12, Bob 9``
    (``finished`` once over). :func:`resume_game` names the game."""
    if v.get("game") == FDM:
        scores = [int(s["score"]) for s in v["seats"]]
        return present_resume_summary(len(v["names"]), {}, v["round"], over,
                                      list(zip(v["names"], scores, strict=True)))
    return present_resume_summary(len(v["names"]), v["options"], v["round"], over,
                                  list(zip(v["names"], v["scores"], strict=True)))


def resume_game(v: Mapping[str, Any]) -> str:
    """The title of a saved game's game (a payload of :meth:`Table.view`), for the setup
    screen's "continue" offer: ``Fruits de mer``."""
    return game_title(str(v.get("game") or SSP))


def help_content(game: str | None = None) -> list[dict[str, Any]]:
    """The help's sections for ``game`` (default Sea Salt & Paper): that game's rules
    page, in the language in use (shape of :func:`seasalt.ssp.present.help.help_content`).
    """
    if game is not None and canonical_game(game) == FDM:
        from seasalt.fdm.present.help import help_content as fdm_help_content

        return list(fdm_help_content())
    return list(ssp_help_content())
