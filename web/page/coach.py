"""The coach in the page (off by default; the menu's switch, `prefs.coach_on`).

On a person's turn a Suggest button sits at the end of the prompt (``#coach``): the coach
(the Hard bot's search on that person's view, ``web_coach.suggest``) thinks in slices
of `SLICE_SECONDS` with a yield between them, as the bots do, then shows the Hard
bot's choice and the three best moves with their chance to win. While a round's end
(or the game's) is on screen, it reviews that round's decisions of each person
(``web_coach.review``) in the background and lists what it marks (``#round-coach``,
``#game-coach``); the marks go into the game's record, so the save keeps them. With
several people at one device (hot seat), the round-over screen, which they share, only
counts each person's marks; each person's own review shows on their screen, behind
their hand-off, on their turns of the next round (a mark's moves may name cards only
that person saw). Once the game is over every card is public: the game-over screen
lists every mark.
Every word comes from the presenter (``coach_texts``, the payloads' texts).
"""

from __future__ import annotations

import asyncio
import traceback
from typing import Any

from pyscript import document, window

from seasalt.ssp.present.coach import coach_texts
from seasalt.web import coach as web_coach
from seasalt.web.games import SSP

from . import prefs
from .dom import byid, el, fail, found, render, show
from .ends import game_figures
from .state import ui
from .tabs import persist

SLICE_SECONDS = 0.03
"""How long the coach may think in one browser task."""
YIELD_SECONDS = 0.004
"""Pause between two slices (a real timer, as `bots.YIELD_SECONDS`)."""
NARROW = "(max-width: 599.98px)"
"""A phone's width (controls.css): a person's own review starts closed there, its
summary line saying what it holds, so that the hand stays in sight."""

_now: dict[str, Any] = {"suggest": None, "shown": False, "token": None,
                        "review": None, "review_ply": -1, "review_round": -1,
                        "review_token": None}
"""The suggestion in progress or shown (``suggest``: ``web_coach.Suggestion``; ``shown``: it
is done and on screen), and the round's review (``review``: ``web_coach.RoundReview``, done,
for ``review_ply``, begun in round ``review_round``). Words are asked for at each
drawing: a language switch words them anew."""


def _table() -> Any:
    t = ui.table
    return t if t is not None and t.game == SSP else None


def draw(v: dict[str, Any]) -> None:
    """The coach's corner under the prompt for the view ``v`` on screen: hidden unless
    the coach is on and the viewer is the person to move with a choice; else the
    Suggest button, the thinking state or the suggestion of this decision."""
    node = byid("coach")
    if not found(node):  # the prompt was drawn anew: the corner goes at its end
        box = byid("prompt")
        if not found(box):
            return
        node = el("div", id="coach", class_="coach")
        box.append(node)
    t = _table()
    seat = v.get("seat")
    past = _past_review(t, seat)
    if (t is None or not prefs.coach_on() or seat is None or not v.get("legal")
            or ui.handoff is not None or t.current != seat or not t.can_suggest()):
        render(node, past)
        node.setAttribute("data-state", "review" if past is not None else "")
        show(node, past is not None)
        return
    words = coach_texts()
    s = _now["suggest"]
    mine = s is not None and s.seat == seat and s.ply == v["ply"]
    if mine and _now["shown"]:
        render(node, past, *suggestion_nodes(s.words()))
    elif mine:
        render(node, past, el("button", words["suggest"], type="button",
                              class_="btn quiet small coach-suggest", disabled="",
                              aria_busy="true", data_action="coach-suggest"),
               el("span", words["thinking"], class_="coach-busy muted", role="status"))
    else:
        render(node, past, el("button", words["suggest"], type="button",
                              class_="btn quiet small coach-suggest",
                              title=words["suggest-title"], data_action="coach-suggest"))
    node.setAttribute("data-state", "shown" if mine and _now["shown"]
                      else "thinking" if mine else "ready")
    show(node, True)


_past: dict[int, tuple[Any, Any]] = {}
"""Hot seat: each person's own review on their screen, by seat: (what it shows, its
``<details>``), kept so that a redraw leaves it open or closed as the person left it."""


def _past_review(t: Any, seat: int | None) -> Any:
    """Hot seat, the coach on: the review of the round before, for ``seat``'s own
    screen (its hand shown, no hand-off) on its turns of the next round, as a
    ``<details>`` open on the first turn (closed on a phone: `NARROW`), closed once
    another person's turn comes; None elsewhere. The shared round-over screen
    only counts each person's marks: a move and its better one may name cards that
    only the person who played saw."""
    r = _now["review"]
    if (t is None or seat is None or not prefs.coach_on() or ui.handoff is not None
            or len(t.humans()) < 2 or seat not in t.humans() or t.over):
        return None
    if r is None or r.next_round != t.round:
        if _now["review_token"] is not None and _now["review_ply"] <= t.ply and (
                _now["review_round"] == t.round):
            return el("p", coach_texts()["reviewing"], class_="coach-busy muted coach-past",
                      role="status")
        return None
    words = r.words(seat)
    key = (r.ply, words["summary"], tuple(i["text"] for i in words["items"]))
    for other, (_key, node) in _past.items():
        if other != seat:
            node.removeAttribute("open")  # their turn is over: closed for next time
    kept = _past.get(seat)
    if kept is not None and kept[0] == key:
        return kept[1]
    items = review_nodes(words)[1:]  # the summary line stands for the title
    node = el("details", el("summary", words["summary"], class_="coach-summary"), *items,
              class_="coach-past", data_seat=str(seat))
    if not window.matchMedia(NARROW).matches:  # a phone keeps its hand in sight: closed
        node.setAttribute("open", "")
    _past[seat] = (key, node)
    return node


def suggestion_nodes(words: dict[str, Any]) -> list[Any]:
    """A suggestion: the Hard bot's choice, then the three best moves with their
    chance to win (the best marked), and what the percentages mean; when they are all
    the same (``flat``), the moves alone and a sentence that says so."""
    rows = [el("li", el("span", c["label"], class_="coach-move", title=c["label"]),
               el("span", c["percent"], class_="coach-chance") if c["percent"] else None,
               class_="coach-choice" + (" best" if c["best"] else ""),
               data_move=c["code"])  # words only (no data-code): a tap plays nothing
            for c in words["choices"]]
    # the same percentage on every row says nothing: a sentence says so instead (shown
    # on a phone too, where the note on what the percentages are is left out)
    note = (el("p", words["note"], class_="coach-flat") if words.get("flat")
            else el("p", words["note"], class_="coach-note muted"))
    return [el("p", words["title"], class_="coach-title", role="status",
               title=words["title"]),
            el("ol", *rows, class_="coach-choices"), note]


def ask() -> None:
    """The Suggest button: the coach starts thinking about the decision on screen."""
    t = _table()
    if t is None or not t.can_suggest() or t.viewer() != t.current:
        return
    s = _now["suggest"]
    if s is not None and s.ply == t.ply and s.seat == t.current:
        return  # already thinking (or shown)
    _now["suggest"] = web_coach.suggest(t)
    _now["shown"] = False
    _now["token"] = token = object()
    _redraw_corner()
    asyncio.ensure_future(think(token))


def _redraw_corner() -> None:
    t = _table()
    if t is not None and t.viewer() is not None:
        draw(t.view(t.viewer()))


async def think(token: object) -> None:
    """Let the coach think in slices; show its suggestion once done (unless the
    table moved on or another suggestion was asked meanwhile)."""
    try:
        s = _now["suggest"]
        while not s.step(SLICE_SECONDS):
            await asyncio.sleep(YIELD_SECONDS)
            if _now["token"] is not token:
                return
        if _now["token"] is not token or not s.current:
            return
        _now["shown"] = True
        _redraw_corner()
    except Exception:
        fail(traceback.format_exc())
        raise


def review(node_id: str) -> None:
    """On a round's (or the game's) end: the coach's review of the round just played
    in ``#node_id``, started in the background when not done yet for this ply."""
    node = byid(node_id)
    t = _table()
    if not found(node):
        return
    if t is None or not prefs.coach_on() or not t.humans():
        render(node)
        show(node, False)
        return
    words = coach_texts()
    if _now["review_ply"] == t.ply and _now["review"] is not None:
        render(node, *review_nodes(_now["review"].words()))
        node.setAttribute("data-state", "done")
    else:
        render(node, el("h3", words["review-title"]),
               el("p", words["reviewing"], class_="muted coach-busy", role="status"))
        node.setAttribute("data-state", "reviewing")
        if _now["review_token"] is None or _now["review_ply"] != t.ply:
            _now["review_ply"] = t.ply
            _now["review_round"] = t.round
            _now["review"] = None
            _now["review_token"] = token = object()
            _past.clear()
            asyncio.ensure_future(reviewing(token, node_id))
    show(node, True)


def review_nodes(words: dict[str, Any]) -> list[Any]:
    """A review: its title, then each marked decision (grade and mark, what was played,
    the better move, what it cost), or "No mistakes found"."""
    items = [el("li", el("span", f"{i['name']} {i['mark']}", class_="coach-grade"), " ",
                el("span", i["detail"], class_="coach-line"),
                class_=f"coach-mark {i['grade']}", data_grade=i["grade"],
                data_ply=str(i["ply"]))
             for i in words["items"]]
    if words.get("tally"):  # a screen several people share: counts only
        return [el("h3", words["title"]),
                el("ul", *(el("li", x["text"], class_="coach-count", data_seat=str(x["seat"]))
                           for x in words["tally"]), class_="coach-tally"),
                el("p", words["note"], class_="coach-note muted")]
    body = (el("ul", *items, class_="coach-marks") if items
            else el("p", words["empty"], class_="coach-clean"))
    return [el("h3", words["title"]), body]


async def reviewing(token: object, node_id: str) -> None:
    """Run the review in slices; write its marks in the record (saved), show them, and
    on the game-over screen redraw its figures (which count them)."""
    try:
        t = _table()
        r = web_coach.review(t) if t is not None else None
        if r is None:
            return
        ply = t.ply
        # the review goes on once the next round is played (its plies stand): a hot
        # seat shows each person theirs on their next turn
        while not r.step(SLICE_SECONDS):
            await asyncio.sleep(YIELD_SECONDS)
            if _now["review_token"] is not token or ui.table is not t or t.ply < ply:
                return
        if _now["review_token"] is not token or ui.table is not t or t.ply < ply:
            return
        r.finish()  # the marks go into the record
        _now["review"] = r
        _now["review_token"] = None
        persist()
        if node_id == "game-coach":
            game_figures(t)
        review(node_id)
        if document.body.getAttribute("data-phase") == "playing":
            _redraw_corner()  # a person's own review, on their screen
    except Exception:
        fail(traceback.format_exc())
        raise
