"""The decision panel of a Sea Salt & Paper table, as plain data (no DOM, no rule).

For the seat a view belongs to, :func:`prompt` says what to do now and which controls
to show: its title, instructions, and the buttons and clickable cards of the
decision, each carrying the action ``code`` to send (taken from ``view.legal``,
never built or parsed here). For another seat's turn it says what is happening and
gives the last log lines. The page (``web/page/prompt.py``) and any other front end
render this data as they like; every sentence comes from here or from
:mod:`seasalt.ssp.present`, through :mod:`seasalt.i18n`.

:func:`hand_selection` and :func:`toggle` cover the hand: which of its cards can be
selected for a duo or trio (or, in a Water Rodeo SWAP, which of your cards to give),
and how a click changes the selection (in the keep step, the drawn card to keep:
:func:`~seasalt.ssp.present.piles.kept_card`).
:func:`~seasalt.ssp.present.piles.pile_actions` gives the code of each pile that is an
action now.

All functions take a view as :class:`~seasalt.ssp.view.View` or its ``to_dict()``
(the page's payload, which may carry extra keys), with the ``legal`` records of
:class:`~seasalt.ssp.actions.ActionInfo` (R4 turn steps; A.3-A.6 Extra Salt; B.3
Extra Pepper).

The shape of :func:`prompt`'s result::

    {"title": str, "busy": bool (another seat's bot is thinking), "parts": [part, ...]}

where each part is a dict with a ``type``:

- ``text``: ``{"text", "tone"}``; tone ``instruction``, ``note`` (a side remark),
  ``hint`` (a secondary instruction), ``warn``, ``looking`` (someone looks at cards).
- ``backs``: ``{"count"}``: that many face-down cards (what another seat looks at).
- ``buttons``: ``{"group", "buttons": [button]}``; group ``actions``, ``duo-options``
  or ``angelfish``.
- ``keep``: ``{"choices": [{"card", "buttons": [button], "state", "drops", "title",
  "label"}]}``: the two drawn cards (R4.1). A click on a card chooses it to keep (see
  :func:`toggle`; ``state`` ``selected``, the other ``dim``; ``title``: ``Keep Boat``;
  ``label``: its accessible name); the discard piles then take the other card (see
  :func:`pile_actions`). ``drops``: ``{"1": code, "2": code}``, the legal keep
  records that discard THIS card on that pile (a drag of the card onto the pile);
  ``refusals``: ``{"2": why}``, for each other pile, why THIS card cannot go there
  (:func:`keep_refusal`; said when it is dropped there), and ``"draw"``: why it
  cannot go back on the draw pile (:func:`draw_refusal`).
  ``buttons``: ``Keep Boat · discard Shoal of Fish on pile 1`` (only the kept card's
  once one is chosen).
- ``events``: ``{"choices": [{"event", "title", "text", "button"}]}``: held events.
- ``cards``: ``{"group", "cards": [{"card", "code" (None: not clickable), "title",
  "state" ("clickable", "dim" or "")}]}``; group ``pick`` or ``swap``.
- ``announce``: ``{"rows": [{"kind" (``stop`` or ``last-chance``), "button",
  "hint"}]}``: the announcements.
- ``recent``: ``{"lines": [str]}``: the last log lines.

A button is ``{"label", "code" or None, "action" or None (a page action such as
``clear-selection``), "style", "title", "key"}``; style ``primary``, ``plain``,
``small`` (a small primary one), ``quiet`` (small and quiet), ``end``, ``announce``,
``forced``. ``key`` is its keyboard shortcut (a single lowercase character, see
:mod:`seasalt.ssp.present.keys`) or ``None``. A card entry of a ``cards`` part also
has ``label``: its accessible name (``Crab, dark blue``) and ``key`` (a numbered
choice for a clickable card, else ``None``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from seasalt.core.table import HUMAN
from seasalt.i18n import _, ngettext
from seasalt.ssp.present.actions import (
    action_label,
    angelfish_label,
    announce_hint,
    announce_label,
    end_label,
    forced_draw_hint,
    forced_draw_label,
    keep_event_label,
    keep_label,
    pass_label,
    play_label,
)
from seasalt.ssp.present.cards import card_label, event_text, event_title
from seasalt.ssp.present.keys import action_key, choice_key, pile_key
from seasalt.ssp.present.log import log_lines
from seasalt.ssp.present.piles import (
    as_dict,
    draw_refusal,
    drawn_names,
    keep_records,
    keep_refusal,
    kept_card,
    pile_top,
)
from seasalt.ssp.present.table import ui_text
from seasalt.ssp.present.words import seat_name

Part = dict[str, Any]
#: How many log lines the panel shows while another seat plays.
RECENT_LINES = 3
#: Action kinds that play cards from the hand (R4.2, A.6).
PLAY_KINDS = ("duo", "trio")


def button(label: str, code: str | None = None, *, style: str = "plain", title: str = "",
           action: str | None = None, key: str | None = None) -> dict[str, Any]:
    """A button part (see the module docstring); ``key``: its keyboard shortcut."""
    return {"label": label, "code": code, "action": action, "style": style, "title": title,
            "key": key}


def record_key(record: Mapping[str, Any]) -> str | None:
    """The fixed key of a legal record's button: ``e`` end, ``s`` STOP, ``l`` LAST
    CHANCE, ``p`` pass, ``r`` Coral Reef; ``1`` / ``2`` for an Angelfish take (its pile);
    else ``None``."""
    if record["kind"] == "angelfish" and record.get("pile"):
        return pile_key(int(record["pile"]))
    return action_key(record["kind"])


def numbered(records: Sequence[Mapping[str, Any]]) -> list[str | None]:
    """Keys for a row of buttons: a record's fixed key (:func:`record_key`; only the
    first of several Coral Reef Shells gets ``r``), or the next number for the others
    (the options of a duo: ``1``, ``2``, …)."""
    keys: list[str | None] = []
    used: set[str] = set()
    n = 0
    for x in records:
        key = record_key(x)
        if key is None:
            key = choice_key(n)
            n += 1
        elif key in used:
            key = None
        if key is not None:
            used.add(key)
        keys.append(key)
    return keys


def card_entry(card: int, code: str | None, title: str, state: str,
               key: str | None = None) -> dict[str, Any]:
    """A card of a ``cards`` part: ``{"card", "code", "title", "state", "label", "key"}``."""
    return {"card": card, "code": code, "title": title, "state": state,
            "label": card_label(card), "key": key}


def text(words: str, tone: str = "instruction") -> Part:
    """A text part."""
    return {"type": "text", "text": words, "tone": tone}


def buttons(records: Sequence[Mapping[str, Any]], names: Sequence[str], *,
            group: str = "actions", style: str = "plain",
            label: Callable[[Any, Sequence[str]], str] = action_label) -> Part:
    """A row of buttons, one per legal record, labelled by the presenter (``label``:
    :func:`~seasalt.ssp.present.action_label`, or ``play_label`` for duos and trios,
    whose tooltip is then the ``action_label``)."""
    return {"type": "buttons", "group": group,
            "buttons": [button(label(x, names), x["code"], style=style, key=key,
                               title="" if label is action_label else action_label(x, names))
                        for x, key in zip(records, numbered(records), strict=True)]}


def clear_button() -> dict[str, Any]:
    """The page's own "Clear the selection" button."""
    return button(ui_text("clear-selection"), action="clear-selection", style="quiet",
                  key=action_key("clear-selection"))


# --------------------------------------------------------------------------- the prompt


def distinct_names(names: Sequence[str]) -> list[str]:
    """Seat names that tell seats apart on buttons: a name that two seats share (two
    ``Easy bot``) gets its seat's number, ``Easy bot (seat 2)``; others stay."""
    return [_("{name} (seat {number})").format(name=n, number=i + 1)
            if list(names).count(n) > 1 else n for i, n in enumerate(names)]


def prompt(view: Any, names: Sequence[str], kinds: Sequence[str],
           selection: Sequence[int] = ()) -> dict[str, Any]:
    """The decision panel for ``view``'s seat (see the module docstring for the shape).

    Args:
        view: a ``View`` or its dict (``legal`` records, ``log`` events, ...).
        names: seat display names.
        kinds: seat kinds (``human`` or a bot level): a bot's turn shows it thinking.
        selection: hand cards the player has selected (for a duo, trio or swap).

    Returns:
        ``{"title", "busy", "parts"}``.
    """
    v = as_dict(view)
    legal = list(v["legal"])
    names = distinct_names(names)
    if not legal:
        return waiting(v, names, kinds)
    cur = int(v["current"])
    title = _("Your extra turn") if v["extra_turn"] else _("Your turn")
    if v["call"] == "last-chance" and v["caller"] != cur:
        title = _("Your final turn")
    out: dict[str, Any] = {"title": title, "busy": False, "parts": []}
    parts: list[Part] = out["parts"]
    phase = v["phase"]
    kinds_now = {x["kind"] for x in legal}
    if v["forced_turn"]:
        parts.append(text(forced_draw_hint()))
        parts.append({"type": "buttons", "group": "actions", "buttons": [
            button(forced_draw_label(), legal[0]["code"], style="forced",
                   key=action_key("forced-draw"))]})
    elif phase == "draw":
        parts.append(text(_("Draw two cards from the draw pile, or take the top card of a "
                            "discard pile: select a pile.")))
        others = [x for x in legal if x["kind"] not in ("draw", "take")]
        if others:
            parts.append(buttons(others, names))
    elif phase == "keep":
        parts.extend(keep_parts(v, legal, names, selection))
    elif phase in ("keep-event", "angelfish", "swap"):
        parts.extend(pepper_parts(v, legal, names, selection))
    elif kinds_now <= {"pick"}:
        parts.extend(pick_parts(v, legal, names))
    elif phase == "play":
        parts.extend(play_parts(v, legal, names, selection))
    else:
        parts.append(buttons(legal, names))
    return out


def waiting(v: Mapping[str, Any], names: Sequence[str], kinds: Sequence[str]) -> dict[str, Any]:
    """Another seat's turn (or no decision for this view): what is going on."""
    cur = int(v["current"])
    who = seat_name(cur, names) if cur >= 0 else ""
    bot = cur >= 0 and kinds[cur] != HUMAN
    title = (_("{name} is playing") if bot else _("{name}'s turn")).format(name=who)
    parts: list[Part] = []
    if v["drawn_count"]:
        parts.append({"type": "backs", "count": 2})
        parts.append(text(_("{name} looks at two cards and keeps one.").format(name=who),
                          "note"))
    elif v["crab_pile"]:
        parts.append(text(_("{name} searches discard pile {pile}.").format(
            name=who, pile=v["crab_pile"]), "note"))
    elif v["looked_count"]:
        n = int(v["looked_count"])
        parts.append({"type": "backs", "count": n})
        parts.append(text(ngettext(
            "{name} is looking at {count} card from the draw pile (Lobster) and keeps one.",
            "{name} is looking at {count} cards from the draw pile (Lobster) and keeps one.",
            n).format(name=who, count=n), "looking"))
    elif cur >= 0 and v["forced"][cur] and v["phase"] == "draw":
        parts.append(text(_("{name} plays a forced turn (Jellyfish): one card from the draw "
                            "pile.").format(name=who), "note"))
    events = list(v.get("log") or ())[-RECENT_LINES:]
    if events:
        parts.append({"type": "recent",
                      "lines": log_lines(events, names, v.get("seat"))})
    return {"title": title, "busy": bot, "parts": parts}


def keep_parts(v: Mapping[str, Any], legal: Sequence[Mapping[str, Any]],
               names: Sequence[str], selection: Sequence[int] = ()) -> list[Part]:
    """Step 1 after drawing two cards: keep one, the other goes on a pile (R4.1).

    The ``keep`` part's choices are the drawn cards; a click on one selects it to keep
    (then each discard pile the legal records allow takes the other card, see
    :func:`pile_actions`), and dragging one onto a pile discards it there (``drops``:
    ``{pile: code}`` from the legal records). Each choice's ``buttons`` say all of it:
    ``Keep Boat · discard Shoal of Fish on pile 1``.
    """
    drawn = list(v["drawn"])
    label = drawn_names(v)
    keep = kept_card(v, selection)
    other_of = {c: next((o for o in drawn if o != c), None) for c in drawn}
    if keep is None:
        parts = [text(_("Keep one of the two cards: select it, then select the discard pile "
                        "for the other one (or drag the other one onto a pile)."))]
    else:
        other = other_of[keep]
        piles = [int(x["pile"]) for x in keep_records(legal, keep)]
        other_name = label[other] if other is not None else _("the other")
        if len(piles) == 1:
            words = _("You keep {card}. {other} can only go on discard pile {pile}: select "
                      "it.").format(card=label[keep], other=other_name, pile=piles[0])
        else:
            words = _("You keep {card}. Select the discard pile for {other}.").format(
                card=label[keep], other=other_name)
        parts = [text(words)]
    choices = []
    n = 0
    for cid in drawn:
        other = other_of[cid]
        other_name = label[other] if other is not None else _("the other")
        row = []
        if keep is None or keep == cid:
            for x in keep_records(legal, cid):
                key = None
                if keep is None:  # with a card kept, the piles carry 1 and 2
                    key = choice_key(n)
                    n += 1
                row.append(button(keep_label(label[cid], other_name, int(x["pile"])),
                                  x["code"], style="small", title=action_label(x, names),
                                  key=key))
        drops = ({str(x["pile"]): x["code"] for x in keep_records(legal, other)}
                 if other is not None else {})
        refusals = ({str(p): keep_refusal(v, label[cid], p, [int(d) for d in drops])
                     for p in (1, 2) if str(p) not in drops}
                    if other is not None and drops else {})
        if drops:  # the draw pile never takes it back (R4.1a)
            refusals["draw"] = draw_refusal(label[cid])
        state = "selected" if keep == cid else "dim" if keep is not None else ""
        choices.append({"card": cid, "buttons": row, "state": state, "drops": drops,
                        "refusals": refusals,
                        "title": _("Keep {card}").format(card=label[cid]),
                        "label": card_label(cid)})
    parts.append({"type": "keep", "choices": choices})
    if keep is not None:
        parts.append({"type": "buttons", "group": "selection", "buttons": [clear_button()]})
    extra = [x for x in legal if x["kind"] != "keep"]  # any other choice stays a button
    if extra:
        parts.append(buttons(extra, names))
    return parts


def pick_parts(v: Mapping[str, Any], legal: Sequence[Mapping[str, Any]],
               names: Sequence[str]) -> list[Part]:
    """Take one card: Crab search (R4.2), Lobster look (A.5), Water Rodeo steal (B.3.3)."""
    pile = v["crab_pile"]
    if pile:
        words = _("Take one card from discard pile {pile}:").format(pile=pile)
    elif v["looked"]:
        n = len(v["looked"])
        words = ngettext(
            "Lobster: keep one of the top {count} card of the draw pile; the others go back "
            "and the draw pile is shuffled.",
            "Lobster: keep one of the top {count} cards of the draw pile; the others go back "
            "and the draw pile is shuffled.", n).format(count=n)
    elif v["phase"] == "steal-pair" and v["swap_target"] is not None:
        words = _("Water Rodeo: take one of {name}'s cards:").format(
            name=seat_name(int(v["swap_target"]), names))
    else:
        words = _("Take one of these cards:")
    order = list(v["crab_cards"]) or list(v.get("looked") or [])
    picks = {x["cards"][0]: x for x in legal}
    ordered = [c for c in order if c in picks] + [c for c in picks if c not in order]
    return [text(words), {"type": "cards", "group": "pick", "cards": [
        card_entry(c, picks[c]["code"], action_label(picks[c], names), "clickable",
                   choice_key(i)) for i, c in enumerate(ordered)]}]


def pepper_parts(v: Mapping[str, Any], legal: Sequence[Mapping[str, Any]],
                 names: Sequence[str], selection: Sequence[int]) -> list[Part]:
    """Extra Pepper choices: keep one of two events (B.4), Angelfish (B.3.11), Water
    Rodeo SWAP (B.3.3)."""
    phase = v["phase"]
    if phase == "keep-event":
        titles = [event_title(x["event"]) for x in legal]
        choices = [{"event": x["event"], "title": titles[i],
                    "text": event_text(x["event"]),
                    "button": button(keep_event_label(titles[i], next(
                        (t for j, t in enumerate(titles) if j != i), None)),
                                     x["code"], style="small", title=action_label(x, names),
                                     key=choice_key(i))}
                   for i, x in enumerate(legal)]
        return [text(_("You hold two events: keep one, the other is discarded.")),
                {"type": "events", "choices": choices}]
    if phase == "angelfish":
        return [text(_("Angelfish: the two discard tops have the same colour. Take one of "
                       "them, or pass.")),
                {"type": "buttons", "group": "angelfish", "buttons": [
                    button(pass_label(phase) if x["kind"] == "pass" else
                           _angelfish_button(v, int(x["pile"])), x["code"],
                           style="plain" if x["kind"] == "pass" else "primary",
                           key=key)
                    for x, key in zip(legal, numbered(legal), strict=True)]}]
    target = v["swap_target"]
    who = seat_name(int(target), names) if target is not None else _("the opponent")
    sel = list(selection)[-1:]
    parts = [text(_("Water Rodeo: you see {name}'s hand. Select one of your cards, then "
                    "select the card of {name} to take for it; or pass.").format(name=who))]
    theirs = list(v["known"][target]) if target is not None else []
    offered = {x["cards"][1]: x for x in legal
               if x["kind"] == "swap" and sel and x["cards"][0] == sel[0]}
    cards = []
    n = 0
    for c in theirs:
        x = offered.get(c)
        if x is not None:
            cards.append(card_entry(c, x["code"], action_label(x, names), "clickable",
                                    choice_key(n)))
            n += 1
        else:
            cards.append(card_entry(c, None, "", "dim" if sel else ""))
    parts.append({"type": "cards", "group": "swap", "cards": cards})
    if sel:
        parts.append({"type": "buttons", "group": "selection", "buttons": [clear_button()]})
    parts.append(buttons([x for x in legal if x["kind"] == "pass"], names,
                         label=lambda x, _names: pass_label(phase)))
    return parts


def _angelfish_button(v: Mapping[str, Any], pile: int) -> str:
    """An Angelfish button names the card it takes (B.3.11)."""
    top = pile_top(v, pile)
    return angelfish_label(top, pile) if top is not None else action_label(
        f"angelfish:{pile}")


def play_parts(v: Mapping[str, Any], legal: Sequence[Mapping[str, Any]],
               names: Sequence[str], selection: Sequence[int]) -> list[Part]:
    """Steps 2 and 3 of a turn: the selected duo's or trio's options (R4.2, A.6), the
    announcements (R6.1, R6.2) and the end of the turn."""
    plays = [x for x in legal if x["kind"] in PLAY_KINDS]
    sel = sorted(selection)
    trios = [x for x in plays if x["kind"] == "trio"]
    parts: list[Part] = []
    if sel:
        options = [x for x in plays if sorted(x["cards"]) == sel]
        larger = [x for x in trios if len(sel) < 3 and set(sel) <= set(x["cards"])]
        if options:
            parts.append(text(_("Play the selected cards:")))
            parts.append(buttons(options, names, group="duo-options", style="primary",
                                 label=play_label))
            if larger:
                parts.append(text(_("Or add a Starfish to make a trio (no effect, +2)."),
                                  "hint"))
        elif larger and len(sel) == 2:
            parts.append(text(_("Select a third card for the trio.")))
        elif len(sel) == 1 and not any(x["kind"] == "duo" and sel[0] in x["cards"]
                                       for x in plays):
            parts.append(text(_("Select the two cards of a duo to go with it.")))
        elif len(sel) == 1:
            parts.append(text(_("Select a second card for the duo.")))
        else:
            parts.append(text(_("These cards do not make a duo or trio you can play."),
                              "warn"))
        parts.append({"type": "buttons", "group": "selection", "buttons": [clear_button()]})
    elif trios:
        parts.append(text(_("You can play a duo (select its two cards in your hand) or a "
                            "trio (a duo and a Starfish: select all three).")))
    elif plays:
        parts.append(text(_("You can play a duo: select its two cards in your hand.")))
    elif v["calls"]:
        parts.append(text(_("No duo to play. End your turn, or announce the end of the "
                            "round.")))
    else:
        parts.append(text(_("No duo to play. End your turn.")))
    rest = [x for x in legal if x["kind"] not in PLAY_KINDS]
    announce = [x for x in rest if x["kind"] in ("stop", "last-chance")]
    if announce:
        points = int(v["points"] or 0)
        parts.append(text(ngettext("You have {points} card point: you may end the round.",
                                   "You have {points} card points: you may end the round.",
                                   points).format(points=points)))
        parts.append({"type": "announce", "rows": [
            {"kind": x["kind"], "hint": announce_hint(x),
             "button": button(announce_label(x), x["code"], style="announce",
                              title=action_label(x, names), key=record_key(x))}
            for x in announce]})
    others = [x for x in rest if x["kind"] not in ("stop", "last-chance")]
    final = v["call"] == "last-chance" and v["caller"] != v["current"]
    if others:
        parts.append({"type": "buttons", "group": "actions", "buttons": [
            button(end_label(final) if x["kind"] == "end" else action_label(x, names), x["code"],
                   style="end" if x["kind"] == "end" else "plain", key=key)
            for x, key in zip(others, numbered(others), strict=True)]})
    return parts


# --------------------------------------------------------------------------- hand, piles


def _hand_plays(v: Mapping[str, Any]) -> tuple[list[list[int]], bool]:
    """The card groups the hand can select from, and whether it is a swap (one card)."""
    legal = v["legal"]
    if v["phase"] == "swap":
        return [list(x["cards"][:1]) for x in legal if x["kind"] == "swap"], True
    return [list(x["cards"]) for x in legal if x["kind"] in PLAY_KINDS], False


def hand_selection(view: Any, selection: Sequence[int] = ()) -> dict[str, Any]:
    """What the hand offers now for selection.

    Args:
        view: a ``View`` or its dict.
        selection: the cards selected so far.

    Returns:
        ``{"selectable": bool, "playable": [card ids in some play], "partners":
        [card ids that can join the selection] or None (nothing selected, or a swap),
        "limit": the most cards a selection may hold (0 when nothing is selectable)}``.
    """
    v = as_dict(view)
    plays, swapping = _hand_plays(v)
    playable = sorted({c for cards in plays for c in cards})
    partners: list[int] | None = None
    sel = list(selection)
    if sel and not swapping:
        partners = sorted({c for cards in plays if set(sel) <= set(cards) for c in cards})
    return {"selectable": bool(plays), "playable": playable, "partners": partners,
            "limit": max((len(cards) for cards in plays), default=0)}


def toggle(view: Any, selection: Sequence[int], card: int) -> list[int]:
    """The selection after a click on hand card ``card`` (unchanged when the hand
    offers nothing or ``card`` is not in it); the oldest cards drop out past the limit.

    In the keep step (R4.1) the clicked card is one of the two drawn cards: it becomes
    the card to keep (``[card]``), or nothing when it was already (``[]``)."""
    v = as_dict(view)
    if v["phase"] == "keep" and v["legal"]:  # R4.1: the card to keep, or none
        if card not in (v.get("drawn") or ()):
            return list(selection)
        return [] if kept_card(v, selection) == card else [card]
    info = hand_selection(v, selection)
    sel = list(selection)
    if not info["selectable"] or card not in v["hand"]:
        return sel
    if card in sel:
        sel.remove(card)
    else:
        sel.append(card)
        del sel[:-info["limit"]]
    return sel


