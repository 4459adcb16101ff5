"""The page's replay of a Fruits de mer game: one step per round, JSON-ready payloads.

A Fruits de mer round is a secret choice by every seat, then a reveal; its record
holds one action per choice. The replay steps from reveal to reveal: step 0 is the
game's start, step ``k`` the table just after round ``k`` was resolved, drawn by the
page as the game drew it then (the spectator's payload of
:func:`seasalt.fdm.present.page.payload`, whose ``last`` is round ``k``'s reveal:
every seat's card face up, the resolution's steps, the round's summary). Nothing is
shown that the table did not show everyone at that moment: the spectator's view holds
no hand. Only a finished game is replayed (the saved list and the game's end offer it;
a game file of an unfinished one is refused by :func:`seasalt.web.replay.open_replay`).

:class:`FdmReplayTable` answers the page's replay (``web/page/replay.py``) as
:class:`seasalt.web.replay.ReplayTable` does (``plies``: here the last step,
``payload``, ``default_mode``, ``mode_of``, ``next_mark``): the bar, its slider and its
rounds' menu work unchanged. Fruits de mer has no coach, so no mark. Nothing here
touches the DOM, so it is tested in plain CPython.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from seasalt.core.errors import InvalidRecordError
from seasalt.core.record import GameRecord
from seasalt.core.replay import Replay
from seasalt.fdm.game import GAME
from seasalt.fdm.present import page as fdm_page
from seasalt.fdm.present.log import log_lines
from seasalt.i18n import _, ngettext
from seasalt.ssp.present.replay import (
    record_problem,
    replay_texts,
    round_label,
    round_start_text,
    step_buttons,
)
from seasalt.web.games import FDM

__all__ = ["FdmReplayTable", "SPECTATOR"]

#: The one view offered: the table as everyone saw it (no hand).
SPECTATOR = "table"


class FdmReplayTable:
    """A finished Fruits de mer game to step through, a round at a time.

    Args:
        record: the game's record (``game`` ``fruits-de-mer`` or an alias).
        names: the seats' display names, one per seat.
        kinds: the seats' kinds (``human`` or a bot level), one per seat.

    Attributes:
        replay: the engine's :class:`~seasalt.core.replay.Replay`.
        steps: the plies shown, in order: 0, then the ply that resolved each round.

    Raises:
        InvalidRecordError: (translated) a record of another game, or a move that is not
            possible.
    """

    def __init__(self, record: GameRecord, names: Sequence[str], kinds: Sequence[str]):
        if record.game not in (FDM, *GAME.info.aliases):
            raise InvalidRecordError(record_problem("game", game=record.game))
        try:
            self.replay = Replay(record, GAME)
        except InvalidRecordError:
            raise InvalidRecordError(record_problem("file")) from None
        self.names = list(names)
        self.kinds = list(kinds)
        self.steps: list[int] = [0]
        seen = None
        for ply in range(1, self.replay.plies + 1):
            last = self.replay.view(ply, None, log=False).last
            done = int(last["round"]) if last else None
            if done is not None and done != seen:
                self.steps.append(ply)
                seen = done

    @classmethod
    def of_table(cls, table: Any) -> FdmReplayTable:
        """The replay of a :class:`seasalt.web.table.Table` (its record as it stands)."""
        r = table.record
        return cls(GameRecord(r.game, r.seed, r.players, list(table.names), dict(r.options),
                              list(r.actions), []), table.names, table.kinds)

    @property
    def plies(self) -> int:
        """The last step (the number of rounds resolved): the slider's end."""
        return len(self.steps) - 1

    @property
    def over(self) -> bool:
        """Whether the record's game is over."""
        return self.replay.over

    def default_mode(self) -> str:
        """The one view: :data:`SPECTATOR`."""
        return SPECTATOR

    def mode_of(self, mode: str) -> str:
        """:data:`SPECTATOR`, whatever is asked (there is no other view)."""
        return SPECTATOR

    def next_mark(self, ply: int, mode: str) -> int | None:
        """None: Fruits de mer has no coach, so no mark."""
        return None

    def payload(self, step: int, mode: str = SPECTATOR) -> dict[str, Any]:
        """What the page draws for ``step`` (clamped to ``0..plies``).

        Returns:
            The spectator's Fruits de mer payload at that step's ply, read only
            (``legal`` empty), its ``prompt`` saying where the replay stands
            (``Round 3``, then the round's summary), plus ``"replay"`` in the shape of
            :meth:`seasalt.web.replay.ReplayTable.payload` (``ply``: the step,
            ``plies``: the last step, ``rounds``: one entry per step (the start:
            ``Round 1 begins``), no mark, one mode; ``by_round``: true, the bar shows
            no mark button and no view menu). The seats' chips say no state (nobody is choosing).
        """
        step = max(0, min(self.plies, int(step)))
        ply = self.steps[step]
        view = self.replay.view(ply, None)
        v = fdm_page.payload(view, self.names, self.kinds, "normal")
        v["legal"] = []
        v["hand"] = []
        for seat in v["seats"]:  # nobody is choosing in a replay: no seat's state
            seat.update(status="done", status_text="")
            seat["aria"] = _("{name} ({colour}): {points}; {cards}").format(
                name=seat["name"], colour=seat["colour_name"], points=seat["score_text"],
                cards=ngettext("{count} card", "{count} cards",
                               seat["hand_size"]).format(count=seat["hand_size"]))
        texts = replay_texts()
        last = v.get("last") or {}
        position = round_label(step) if step else texts["deal"]
        v["prompt"] = {"title": position, "text": str(last.get("summary") or "")}
        # the log's first line of this step (an event may take several lines)
        before = len(log_lines(self.replay.view(self.steps[step - 1], None).log,
                               self.names, None)) if step else 0
        v["replay"] = {
            "ply": step, "plies": self.plies, "over": self.over, "mode": SPECTATOR,
            "seat": None, "round": step, "position": position, "move": "", "begins": "",
            "current": before,
            "rounds": [{"round": 1, "ply": 0, "label": round_start_text(1)}]
            + [{"round": s, "ply": s, "label": round_label(s)} for s in range(1, self.plies + 1)],
            "marks": [], "mark": None, "asked": None, "next_mark": None,
            "modes": [{"value": SPECTATOR, "label": texts["spectator-short"],
                       "title": texts["spectator"]}],
            "texts": texts, "buttons": step_buttons(), "by_round": True}
        return v
