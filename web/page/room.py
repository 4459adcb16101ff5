"""Room for the saved games: a save the browser's storage refuses changes nothing.

A game is saved with its summary (`save_game`, through ``seasalt.web.bank.write``).
When the browser refuses it (the site's storage full, or storage switched off),
nothing stored changes: no game is removed to make room, the game goes on in memory,
and `refused` words the sentence that stays over the page until dismissed (drawn by
``saves.draw_alert``, with the game's export). Only the player deletes a saved game.
"""

from __future__ import annotations

from typing import Any

from seasalt.web import bank
from seasalt.web.bank import StorageRefused, Summary
from seasalt.web.messages import message

from .store import KV


def save_game(game_id: str, table: Any, text: str) -> StorageRefused | None:
    """Store ``text``, the save of ``table`` (a ``Table``), and its summary.

    Returns:
        None when saved; else the refusal (nothing stored was changed).
    """
    try:
        summary: Summary | None = Summary.of(table, len(text))
    except Exception:  # noqa: BLE001 - built again when the game is next read
        summary = None
    try:
        return bank.write(KV, game_id, text, summary)
    except Exception as exc:  # noqa: BLE001 - storage switched off mid-way
        return StorageRefused(str(exc), full=False)


def refused(refusal: StorageRefused) -> str:
    """The sentence that says a game could not be kept, and why."""
    if refusal.full:
        return message("storage-full")
    return message("not-saved", error=str(refusal) or "localStorage")
