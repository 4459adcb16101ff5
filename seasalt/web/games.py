"""What the page needs of each game it plays, in one place: a :class:`PageGame` per game
(:data:`PAGE_GAMES`), found by :func:`page_game`.

The bridge (:mod:`seasalt.web.table`, :mod:`~seasalt.web.settings`,
:mod:`~seasalt.web.coach`, :mod:`~seasalt.web.saves`, :mod:`~seasalt.web.words`) asks a
game's description what it needs (its game object, whether it has Sea Salt & Paper's
options, its payload, ...) rather than comparing the game's name, so a third game is one
more :class:`PageGame`.

Fruits de mer's presenter (``seasalt.fdm.present``) ships in the page's later archive
(``tools/build/layout.py``): its description imports it inside the builders that need
it, only when a Fruits de mer payload or help is asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from seasalt.core import safejson
from seasalt.core.errors import SeasaltError
from seasalt.core.interface import Game, GameInfo
from seasalt.core.registry import load_game
from seasalt.i18n import _
from seasalt.ssp.game import GAME
from seasalt.ssp.present import page_payload as ssp_page
from seasalt.ssp.present import resume_summary as present_resume_summary
from seasalt.ssp.present.help import help_content as ssp_help_content
from seasalt.ssp.present.page import page_text

#: The games' canonical names (``seasalt.core.registry``; aliases ``ssp``, ``fdm``).
SSP = "sea-salt-and-paper"
FDM = "fruits-de-mer"
#: The games the page can set up and draw, in the setup screen's order.
GAMES: tuple[str, ...] = (SSP, FDM)


class SettingsError(SeasaltError, ValueError):
    """New-game settings (form or URL query) that cannot be used; the message says why."""


class PayloadBuilder(Protocol):
    """How a game's page payload is built from the engine's view of a seat: ``view``,
    the seats' ``names`` and ``kinds``, the bots' ``speed``; the table's other facts
    come as keywords, the costly ones as callables asked only by a game that uses
    them: ``selection`` (the cards selected on the page), ``lines()`` (the seat's log
    in words), ``undo()`` (the code Undo would take back), ``pause_ms`` (the bots'
    pace), ``shared`` (whether several people share the device: a hot seat; not on a
    table of phones)."""

    def __call__(self, view: Any, names: list[str], kinds: list[str], speed: str, *,
                 selection: Sequence[int], lines: Callable[[], list[dict[str, Any]]],
                 undo: Callable[[], str | None], pause_ms: int | None,
                 shared: bool = True) -> dict[str, Any]:
        """The payload (a JSON-ready dict carrying ``game``)."""
        ...


@dataclass(frozen=True)
class PageGame:
    """What the page needs of one game.

    Attributes:
        name: the game's canonical name (:data:`SSP`, :data:`FDM`).
        load: the game object (``seasalt.core.interface.Game``), loaded when asked.
        options: whether the game has Sea Salt & Paper's options (target, Extra Salt,
            Extra Pepper); a game without them refuses them.
        round_screen: whether the page stops between rounds on a round-over screen.
        coach: whether the coach suggests and reviews this game's decisions.
        players_note: the setup form's note on the number of players, from the game's
            :class:`~seasalt.core.interface.GameInfo`.
        payload: the page payload of a seat (:class:`PayloadBuilder`).
        facts: what the saves' list words a saved game from (the spectator's
            ``view``, ``names``, ``kinds``, ``speed``): at least ``game``, ``names``
            and ``round``.
        summary: the saves' list line from those facts, and whether the game is over.
        help: the help's sections, in the language in use.
        export_prefix: an exported game's file name begins with it.
    """

    name: str
    load: Callable[[], Game[Any, Any, Any]]
    options: bool
    round_screen: bool
    coach: bool
    players_note: Callable[[GameInfo], str]
    payload: PayloadBuilder
    facts: Callable[[Any, list[str], list[str], str], dict[str, Any]]
    summary: Callable[[Mapping[str, Any], bool], str]
    help: Callable[[], list[dict[str, Any]]]
    export_prefix: str


def canonical_game(name: str) -> str:
    """The canonical name of a game the page plays (a name or an alias: ``fdm``).

    Raises:
        SettingsError: not a game of :data:`GAMES`; the message lists them.
    """
    key = str(name).strip().lower()
    if key in (GAME.info.name, *GAME.info.aliases):  # no discovery needed
        return SSP
    try:
        found = load_game(key).info.name
    except ValueError:
        found = None
    if found not in GAMES:
        raise SettingsError(_("unknown game {value}: use {games}").format(
            value=safejson.shown(name), games=", ".join(GAMES)))
    return str(found)


# ----------------------------------------------------------------- Sea Salt & Paper

def _ssp_payload(view: Any, names: list[str], kinds: list[str], speed: str, *,
                 selection: Sequence[int], lines: Callable[[], list[dict[str, Any]]],
                 undo: Callable[[], str | None], pause_ms: int | None,
                 shared: bool = True) -> dict[str, Any]:
    """Sea Salt & Paper's payload: :func:`seasalt.ssp.present.page_payload.payload`
    (``shared`` is not used: its hand-off is the page's)."""
    return ssp_page.payload(view, names, kinds, speed, lines=lines(), selection=selection,
                            undo=undo(), pause_ms=pause_ms)


def _ssp_facts(view: Any, names: list[str], kinds: list[str], speed: str) -> dict[str, Any]:
    """Sea Salt & Paper's spectator facts, its log not worded (the saves' list shows
    none of the table)."""
    return ssp_page.facts(view, names, kinds, speed, lines=[])


def _ssp_summary(v: Mapping[str, Any], over: bool) -> str:
    """A saved Sea Salt & Paper game's line, with its options."""
    return present_resume_summary(len(v["names"]), v["options"], v["round"], over,
                                  list(zip(v["names"], v["scores"], strict=True)))


# ----------------------------------------------------------------- Fruits de mer

def _fdm_players_note(info: GameInfo) -> str:
    """Fruits de mer's players note: ``(2 to 5, in seat order)``."""
    return _("({low} to {high}, in seat order)").format(low=info.min_players,
                                                         high=info.max_players)


def _fdm_payload(view: Any, names: list[str], kinds: list[str], speed: str, *,
                 selection: Sequence[int], lines: Callable[[], list[dict[str, Any]]],
                 undo: Callable[[], str | None], pause_ms: int | None,
                 shared: bool = True) -> dict[str, Any]:
    """Fruits de mer's payload: :func:`seasalt.fdm.present.page.payload`, the choice
    worded for a person at a device of their own unless ``shared``, with Undo for a
    pick held before its turn (``undo()``; ``selection``, ``lines`` and ``pause_ms``
    are not used)."""
    from seasalt.fdm.present.page import payload  # the later archive's

    out = dict(payload(view, list(names), list(kinds), speed, hot_seat=shared,
                       undo=undo()))
    out["game"] = FDM
    return out


def _fdm_facts(view: Any, names: list[str], kinds: list[str], speed: str) -> dict[str, Any]:
    """Fruits de mer's facts from the engine's view, without its presenter (which comes
    with its table, fetched later): ``game``, ``names``, ``round``, ``seats``' ``score``."""
    return {"game": FDM, "names": list(names), "round": int(view.round),
            "seats": [{"score": int(s)} for s in view.scores]}


def _fdm_summary(v: Mapping[str, Any], over: bool) -> str:
    """A saved Fruits de mer game's line (no options)."""
    scores = [int(s["score"]) for s in v["seats"]]
    return present_resume_summary(len(v["names"]), {}, v["round"], over,
                                  list(zip(v["names"], scores, strict=True)))


def _fdm_help() -> list[dict[str, Any]]:
    """Fruits de mer's help (:func:`seasalt.fdm.present.help.help_content`)."""
    from seasalt.fdm.present.help import help_content  # the later archive's

    return list(help_content())


#: The page's games by canonical name, in :data:`GAMES` order.
PAGE_GAMES: dict[str, PageGame] = {
    SSP: PageGame(name=SSP, load=lambda: GAME, options=True, round_screen=True, coach=True,
                  players_note=lambda info: page_text("players-note"),
                  payload=_ssp_payload, facts=_ssp_facts, summary=_ssp_summary,
                  help=lambda: list(ssp_help_content()), export_prefix="seasalt-game"),
    FDM: PageGame(name=FDM, load=lambda: load_game(FDM), options=False, round_screen=False,
                  coach=False, players_note=_fdm_players_note, payload=_fdm_payload,
                  facts=_fdm_facts, summary=_fdm_summary, help=_fdm_help,
                  export_prefix=f"seasalt-{FDM}"),
}


def page_game(name: str) -> PageGame:
    """The description of a game the page plays, by its name or an alias (``fdm``).

    Raises:
        SettingsError: not a game of :data:`GAMES`; the message lists them.
    """
    found = PAGE_GAMES.get(name)
    return found if found is not None else PAGE_GAMES[canonical_game(name)]
