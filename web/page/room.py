"""Room for the saved games: the cap on their number, and a browser's storage that is full.

A new game makes room by dropping the oldest finished games beyond
``MAX_SAVED_GAMES`` (`make_room`); a save the browser refuses (the site's storage
full) drops the oldest finished games one at a time and tries again (`write`).
Unfinished games and unreadable saves are never dropped here, and every drop is said
(the notice these functions return names each game).
"""

from __future__ import annotations

from seasalt.web.messages import message
from seasalt.web.saves import MAX_SAVED_GAMES, SaveError, save_header
from seasalt.web.table import Table
from seasalt.web.words import resume_game, resume_summary

from .state import ui
from .store import GAME_PREFIX, delete_save, game_ids, raw_text, storage


def _drop_finished(keep: str, room: int) -> list[str]:
    """Drop the oldest finished games (never ``keep``) until ``room`` more entries fit
    under the cap, or one when ``room`` is 0 (the storage is full). Returns the titles
    of the games dropped."""
    finished = []
    for game_id in game_ids():
        if game_id == keep:
            continue
        try:
            header = save_header(raw_text(game_id) or "")
        except SaveError:
            continue  # unreadable: kept for the player to export or delete
        if header["over"]:
            finished.append((header["saved_at"], game_id))
    finished.sort()
    count = len(game_ids())
    excess = 1 if room == 0 else count + room - MAX_SAVED_GAMES
    dropped = []
    for _at, game_id in finished[:max(0, excess)]:
        dropped.append(describe(game_id))
        delete_save(game_id)
    return dropped


def describe(game_id: str) -> str:
    """A saved game in a few words, for a notice: ``Sea Salt & Paper: 2 players,
    finished: Ann 41, Bob 30``."""
    listed = next((s.table for s in ui.saves if s.id == game_id and s.table is not None), None)
    try:
        t = listed if listed is not None else Table.load(raw_text(game_id) or "")
    except SaveError:
        return game_id
    v = t.view(None)
    return f"{resume_game(v)}: {resume_summary(v, t.over)}"


def make_room(keep: str) -> str:
    """Before a new game is saved: drop the oldest finished games beyond the cap.
    Returns a notice naming them ('' if none was dropped)."""
    try:
        dropped = _drop_finished(keep, 1)
    except Exception:  # noqa: BLE001 - storage switched off: nothing to drop
        return ""
    return _room_notice(dropped, full=False)


def _room_notice(dropped: list[str], *, full: bool) -> str:
    key = "made-room-full" if full else "made-room"
    return " ".join(message(key, game=title, count=MAX_SAVED_GAMES)
                    for title in dropped)


def write(game_id: str, text: str) -> str:
    """Store a save; when the browser refuses it (its storage full), drop the oldest
    finished games one by one and try again. Returns a notice: '' when saved, else what
    was dropped and why it could not be saved."""
    dropped: list[str] = []
    while True:
        try:
            storage().setItem(GAME_PREFIX + game_id, text)
            return _room_notice(dropped, full=True)
        except Exception as exc:  # noqa: BLE001 - the quota, or storage switched off
            full = "quota" in str(getattr(exc, "name", "")).lower() or "quota" in str(
                exc).lower()
            freed = _drop_finished(game_id, 0) if full else []
            if not freed:
                reason = (message("storage-full") if full
                          else message("not-saved", error=exc))
                return " ".join(filter(None, [_room_notice(dropped, full=True), reason]))
            dropped += freed
