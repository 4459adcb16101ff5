"""Everything the page draws of a game of Sea Salt & Paper, as one JSON-ready dict.

:func:`payload` turns a seat's :class:`~seasalt.ssp.view.View` into the page's data:
the engine's facts (every field of the view, as ``View.to_dict()`` gives it) and every
word the table screen shows, in the language in use, as Fruits de mer's
(:func:`seasalt.fdm.present.page.payload`) does. The page adds no word of its own and
asks the presenter nothing while it draws. Nothing here decides a rule, and a seat's
payload holds nothing its view does not (it is built from the view alone: another
seat's hidden card is never named, R5).

It is built in two steps, so that a replay may change the facts before they are worded
(:mod:`seasalt.web.replay` clears ``legal`` and shows every hand): :func:`facts` (the
view and the words of its log), then :func:`add_words` (the table's words from those
facts). :func:`payload` does both.

Keys of :func:`facts`:

- every :class:`~seasalt.ssp.view.View` field (``legal``: the
  :class:`~seasalt.ssp.actions.ActionInfo` records of the seat's legal actions when it
  is to move; ``points`` and ``breakdown``: its card points with the round's events;
  ``calls``, ``forced_turn``, ``groups``; ``log``: its redacted events);
- ``names``, ``kinds`` (``human`` or a bot level), ``speed`` (the bots' speed key);
  ``extra_salt``, ``extra_pepper`` (the expansions are on); ``deck_size`` (58 or 66);
- ``event_info``: slug -> :func:`~seasalt.ssp.present.cards.event_info` for the table
  event and every held one;
- ``log_lines``: ``[{"text", "round"}]``, the log as sentences (``round``: the line
  starts or ends a round);
- ``handout``: the last round-end's Extra Pepper hand-out as sentences (empty without);
- ``reader``: the seat the words speak to as "you" (None: nobody); ``game``:
  ``sea-salt-and-paper``.

Keys :func:`add_words` adds (the table screen, ``web/page/table.py`` and
``web/page/prompt.py``):

- ``texts``: the table's fixed words by key (:data:`~seasalt.ssp.present.table.UI_TEXTS`:
  ``your-hand``, ``pts``, ``empty``, ``no-duo``, ``table-event``, ...);
- ``header``: the header's bits (:func:`~seasalt.ssp.present.table.header_bits`);
- ``seats``: per seat ``{"seat", "name", "kind_label" (its level's name, ``Hard
  bot``; a person's ``You``), "badges" (:func:`~seasalt.ssp.present.table.seat_badges`,
  without ``thinking`` when not ``live``), "hand_label" (``5 cards in hand (2
  known)``: what this view knows of that hand), "points" (a revealed hand's card
  points, :func:`revealed_points`; None while the hand is hidden)}``;
- ``selection``: the hand cards selected on the page that these words are for (the
  page's own state, passed in); the keys below marked *selection* depend on it;
- ``pile_actions`` (*selection*): the draw pile then the discard piles, each
  :func:`~seasalt.ssp.present.piles.pile_actions`' entry (``pile``, ``code``, ``title``,
  ``hint``, ``label``, ``key``) with ``name`` (``Discard 1``) and ``count`` (``3
  cards``; None for an empty discard pile);
- ``hand_select`` (*selection*): :func:`~seasalt.ssp.present.prompt.hand_selection`
  (``selectable``, ``playable``, ``partners``, ``limit``) with ``cards``: per card of
  ``hand`` (its order), ``{"card", "state" ("selected", "dim", "can-play" or ''),
  "selected", "playable", "description" (its accessible state, ``Crab, dark blue,
  playable``; '' when none)}``;
- ``prompt`` (*selection*): the decision panel, :func:`~seasalt.ssp.present.prompt.prompt`
  (each ``keep`` choice also has ``description``: ``Boat, black, selected`` when it
  is chosen, else '');
- ``points_panel``: :func:`~seasalt.ssp.present.table.points_panel` of ``breakdown``
  (None for a spectator); ``colour_panel``:
  :func:`~seasalt.ssp.present.table.colour_panel` (empty ``colours`` for a spectator);
- ``undo``: :func:`~seasalt.ssp.present.controls.undo_button` for the decision the
  seat to move may take back (``undo`` given, the seat to move and with legal
  actions), else None;
- ``last_chance``: :func:`~seasalt.ssp.present.controls.last_chance_brief` while the
  seat may call LAST CHANCE (R6.2), else None;
- ``moves``: :func:`~seasalt.ssp.present.motion.round_moves` (each move with its
  ``ply``: the page animates those after the ply it drew last); ``touched``:
  :func:`~seasalt.ssp.present.motion.touched`; ``motion_ms``: a card's flight in
  milliseconds (:func:`~seasalt.ssp.present.motion.motion_ms`, 0: none).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from seasalt.i18n import translated
from seasalt.ssp.cards import deck_for, parse_event
from seasalt.ssp.present import piles
from seasalt.ssp.present import prompt as decisions
from seasalt.ssp.present.cards import card_aria, event_info
from seasalt.ssp.present.controls import last_chance_brief, undo_button
from seasalt.ssp.present.log import handout_lines, log_lines
from seasalt.ssp.present.motion import motion_ms, round_moves, touched
from seasalt.ssp.present.setup import kind_label
from seasalt.ssp.present.table import (
    UI_TEXTS,
    card_count,
    colour_panel,
    hand_label,
    header_bits,
    pile_name,
    points_panel,
    seat_badges,
)
from seasalt.ssp.present.words import isolated
from seasalt.ssp.scoring import card_points, event_mask
from seasalt.ssp.view import View

GAME = "sea-salt-and-paper"
#: Log events that start or end a round: their lines stand out in the page's log.
ROUND_EVENTS = frozenset({"round-start", "round-end"})


def facts(view: View, names: Sequence[str], kinds: Sequence[str], speed: str,
          lines: list[dict[str, Any]] | None = None, reader: int | None | str = "seat"
          ) -> dict[str, Any]:
    """The view's facts and its log's words (the keys of :func:`facts` in the module
    docstring), before :func:`add_words`.

    Args:
        view: a seat's (or a spectator's) view, with its log (``log=True``).
        names: display names, one per seat.
        kinds: seat kinds (``human`` or a bot level), one per seat.
        speed: the bots' speed key (passed through).
        lines: the log already worded (``[{"text", "round"}]``; a table keeps them
            from one draw to the next), or None to word it here.
        reader: the seat the words speak to as "you" (default ``"seat"``: the view's
            seat; None: nobody, e.g. a replay as a bot saw it).
    """
    you: int | None = view.seat if isinstance(reader, str) else reader
    events = view.log
    v = replace(view, log=()).to_dict()  # the log as it is: no deep copy of each event
    v["log"] = list(events)
    v["names"] = [isolated(n) for n in names]
    v["kinds"] = list(kinds)
    v["speed"] = speed
    v["extra_salt"] = bool(v["options"].get("extra_salt"))
    v["extra_pepper"] = bool(v["options"].get("extra_pepper"))
    v["deck_size"] = len(deck_for(v["options"]))
    slugs = {e for h in v["held_events"] for e in h}
    if v["table_event"]:
        slugs.add(v["table_event"])
    v["event_info"] = {e: event_info(e) for e in sorted(slugs)}
    if lines is None:
        lines = [{"text": line, "round": e["type"] in ROUND_EVENTS}
                 for e, line in zip(events, log_lines(events, names, you), strict=True)]
    v["log_lines"] = lines
    done = v["last_round"]["round"] if v["last_round"] else None
    v["handout"] = handout_lines(events, done, names, you)
    v["reader"] = you
    v["game"] = GAME
    return v


def revealed_points(v: Mapping[str, Any], s: int) -> int | None:
    """Seat ``s``'s card points (R7.1: its revealed hand and its cards in front, with
    the Extra Pepper events that apply to it, B.3.4-B.3.6) once its hand is revealed
    (R6.0: what a LAST CHANCE's final turns try to beat, R6.2); None while any of its
    hand is hidden from this view (nothing is guessed).

    Args:
        v: the facts of :func:`facts` (``revealed``, ``known``, ``hand_sizes``,
            ``fronts``, ``table_event``, ``held_events``).
        s: the seat.
    """
    known = v["known"][s]
    if not v["revealed"][s] or len(known) != int(v["hand_sizes"][s]):
        return None
    events = []
    if v["table_event"]:  # as the engine scores it: the table event, then the held ones
        events = [parse_event(e) for e in (v["table_event"], *v["held_events"][s])]
    return card_points(known, v["fronts"][s], event_mask(events) if events else 0)


def seat_entries(v: Mapping[str, Any], live: bool = True) -> list[dict[str, Any]]:
    """Each seat's words on the table (``seats`` in the module docstring); ``live``:
    a bot to move shows ``thinking`` (not in a replay)."""
    names, kinds = v["names"], v["kinds"]
    out = []
    for s in range(int(v["n_players"])):
        known = len(v["known"][s])
        out.append({"seat": s, "name": names[s], "kind_label": kind_label(kinds[s]),
                    "badges": seat_badges(v, s, kinds if live else None),
                    "hand_label": hand_label(int(v["hand_sizes"][s]), known),
                    "points": revealed_points(v, s)})
    return out


def pile_entries(v: Mapping[str, Any], selection: Sequence[int]) -> list[dict[str, Any]]:
    """The piles as the table shows them (``pile_actions`` in the module docstring):
    in the keep step the last selected drawn card is kept, the piles take the other
    (R4.1)."""
    keep = selection[-1] if selection else None
    out = []
    for p in piles.pile_actions(v, keep=keep):
        i = int(p["pile"])
        if i == 0:
            count: str | None = card_count(int(v["draw_size"]))
        else:
            pile = v["piles"][i - 1]
            count = card_count(int(pile["size"])) if pile["top"] is not None else None
        out.append({**p, "name": pile_name(i), "count": count})
    return out


def hand_entries(v: Mapping[str, Any], selection: Sequence[int]) -> dict[str, Any]:
    """What the hand offers for ``selection`` (``hand_select`` in the module
    docstring)."""
    info = decisions.hand_selection(v, selection)
    playable = set(info["playable"])
    partners = set(info["partners"]) if info["partners"] is not None else None
    cards = []
    for c in v["hand"]:
        selected = info["selectable"] and c in selection
        can = info["selectable"] and c in playable and not selected
        state = ""
        if info["selectable"]:
            if selected:
                state = "selected"
            elif partners is not None and c not in partners:
                state = "dim"
            elif c in playable:
                state = "can-play"
        cards.append({"card": c, "state": state, "selected": selected, "playable": can,
                      "description": card_aria(c, selected=selected, playable=can)
                      if selected or can else ""})
    return {**info, "cards": cards}


def decision_panel(v: Mapping[str, Any], selection: Sequence[int]) -> dict[str, Any]:
    """The decision panel (``prompt`` in the module docstring)."""
    p = decisions.prompt(v, v["names"], v["kinds"], selection)
    for part in p["parts"]:
        if part["type"] == "keep":
            for c in part["choices"]:
                c["description"] = (card_aria(c["card"], selected=True)
                                    if c["state"] == "selected" else "")
    return p


def add_words(v: dict[str, Any], selection: Sequence[int] = (), *, undo: str | None = None,
              pause_ms: int | None = None, live: bool = True) -> dict[str, Any]:
    """Add the table's words to the facts ``v`` (:func:`facts`, maybe changed since) in
    place, and return it (the keys of :func:`add_words` in the module docstring).

    Args:
        v: the facts of :func:`facts`.
        selection: the hand cards (or, in the keep step, the drawn card) selected on
            the page, oldest first.
        undo: the code of the decision the seat to move may take back, if any.
        pause_ms: the bots' pause between two moves at ``v["speed"]`` (a card's flight
            is shorter), when known.
        live: a game in play (a bot to move shows ``thinking``); False in a replay.
    """
    sel = [int(c) for c in selection]
    seat = v["seat"]
    v["texts"] = translated(UI_TEXTS)
    v["header"] = header_bits(v, v["names"])
    v["seats"] = seat_entries(v, live)
    v["selection"] = sel
    v["pile_actions"] = pile_entries(v, sel)
    v["hand_select"] = hand_entries(v, sel)
    v["prompt"] = decision_panel(v, sel)
    v["points_panel"] = points_panel(v["breakdown"])
    v["colour_panel"] = colour_panel(v)
    v["undo"] = (undo_button(undo, v["names"]) if undo and seat is not None and v["legal"]
                 else None)
    v["last_chance"] = (last_chance_brief(v) if seat is not None and any(
        x["kind"] == "last-chance" for x in v["legal"]) else None)
    v["moves"] = round_moves(v["log"], seat)
    v["touched"] = touched(v["log"], seat)
    v["motion_ms"] = motion_ms(v["speed"], pause_ms)
    return v


def payload(view: View, names: Sequence[str], kinds: Sequence[str], speed: str, *,
            lines: list[dict[str, Any]] | None = None, reader: int | None | str = "seat",
            selection: Sequence[int] = (), undo: str | None = None,
            pause_ms: int | None = None) -> dict[str, Any]:
    """Everything the page shows for ``view``'s seat, JSON-ready (keys: the module
    docstring): :func:`facts` then :func:`add_words`.

    Args:
        view: a seat's (or a spectator's) :class:`~seasalt.ssp.view.View`, with its log.
        names: display names, one per seat.
        kinds: seat kinds (``human`` or a bot level), one per seat.
        speed: the bots' speed key (passed through).
        lines, reader: as for :func:`facts`.
        selection, undo, pause_ms: as for :func:`add_words`.
    """
    return add_words(facts(view, names, kinds, speed, lines, reader), selection,
                     undo=undo, pause_ms=pause_ms)
