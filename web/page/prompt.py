"""The centre panel of the table: what to do now, with the controls of the decision."""

from __future__ import annotations

from typing import Any

from seasalt import web_api as api

from .cards import card, card_back, card_info
from .dom import button, el
from .store import ui


def prompt_parts(v: dict[str, Any]) -> list[Any]:
    """The centre panel: what to do now (your turn) or what is happening (others)."""
    legal = v["legal"]
    names = v["names"]
    cur = v["current"]
    if not legal:
        who = names[cur] if cur >= 0 else ""
        parts: list[Any] = []
        if cur >= 0 and v["kinds"][cur] != api.HUMAN:
            parts.append(el("h3", f"{who} is playing", el("span", class_="dots"),
                            class_="prompt-title"))
        else:
            parts.append(el("h3", f"{who}'s turn", class_="prompt-title"))
        if v["drawn_count"]:
            parts.append(el("div", card_back(), card_back(), class_="cards mini"))
            parts.append(el("p", f"{who} looks at two cards and keeps one.", class_="muted"))
        elif v["crab_pile"]:
            parts.append(el("p", f"{who} searches discard pile {v['crab_pile']}.",
                            class_="muted"))
        elif v["looked_count"]:
            n = v["looked_count"]
            parts.append(el("div", *(card_back() for _ in range(n)), class_="cards mini"))
            parts.append(el("p", f"{who} is looking at {n} card{'s' if n != 1 else ''} "
                            "from the draw pile (Lobster) and keeps one.",
                            class_="muted looking"))
        elif cur >= 0 and v["forced"][cur] and v["phase"] == "draw":
            parts.append(el("p", f"{who} plays a forced turn (Jellyfish): one card from "
                            "the draw pile.", class_="muted"))
        recent = v["log"][-3:]
        if recent:
            parts.append(el("ul", *(el("li", line) for line in recent), class_="recent"))
        return parts
    kinds = {x["kind"] for x in legal}
    phase = v["phase"]
    title = "Your extra turn" if v["extra_turn"] else "Your turn"
    if v["call"] == "last-chance" and v["caller"] != cur:
        title = "Your final turn"
    parts = [el("h3", title, class_="prompt-title")]
    if v["forced_turn"]:
        parts.append(el("p", legal[0]["hint"], class_="instruction"))
        parts.append(el("div", button(legal[0]["text"], code=legal[0]["code"],
                                      cls="btn primary big forced-draw"), class_="actions"))
        return parts
    if phase == "draw":
        parts.append(el("p", "Draw two cards from the draw pile, or take the top card of a "
                        "discard pile: click a pile.", class_="instruction"))
        others = [x for x in legal if x["kind"] not in ("draw", "take")]
        if others:
            parts.append(el("div", *(button(x["text"], code=x["code"]) for x in others),
                            class_="actions"))
        return parts
    if phase == "keep":
        parts.append(el("p", "Keep one card; the other goes face up on a discard pile.",
                        class_="instruction"))
        choices = []
        for cid in v["drawn"]:
            options = [x for x in legal if x["kind"] == "keep" and x["cards"] == [cid]]
            other = [c for c in v["drawn"] if c != cid]
            other_name = card_info(other[0])["title"] if other else "the other"
            btns = [button(f"Keep · {other_name} to pile {x['pile']}", code=x["code"],
                           cls="btn primary small", title=x["text"]) for x in options]
            choices.append(el("div", card(cid, "big"), el("div", *btns, class_="keep-buttons"),
                              class_="keep-choice"))
        parts.append(el("div", *choices, class_="keep-choices"))
        extra = [x for x in legal if x["kind"] != "keep"]  # any other choice stays a button
        if extra:
            parts.append(el("div", *(button(x["text"], code=x["code"]) for x in extra),
                            class_="actions"))
        return parts
    if phase in ("keep-event", "angelfish", "swap"):
        parts.extend(pepper_controls(v))
        return parts
    if kinds <= {"pick"}:
        pile = v["crab_pile"]
        if pile:
            text = f"Take one card from discard pile {pile}:"
        elif v["looked"]:
            n = len(v["looked"])
            text = (f"Lobster: keep one of the top {n} card{'s' if n != 1 else ''} of the "
                    "draw pile; the others go back and the draw pile is shuffled.")
        elif phase == "steal-pair" and v["swap_target"] is not None:
            text = f"Water Rodeo: take one of {names[v['swap_target']]}'s cards:"
        else:
            text = "Take one of these cards:"
        parts.append(el("p", text, class_="instruction"))
        order = list(v["crab_cards"]) or list(v.get("looked") or [])
        picks = {x["cards"][0]: x for x in legal}
        ordered = [c for c in order if c in picks] + [c for c in picks if c not in order]
        parts.append(el("div", *(card(c, "clickable", data_code=picks[c]["code"],
                                      role="button", tabindex="0", title=picks[c]["text"])
                                 for c in ordered), class_="cards pick-cards"))
        return parts
    if phase == "play":
        parts.extend(play_controls(v))
        return parts
    parts.append(el("div", *(button(x["text"], code=x["code"]) for x in legal),
                    class_="actions"))
    return parts


def pepper_controls(v: dict[str, Any]) -> list[Any]:
    """Extra Pepper choices: keep one held event, Angelfish, Water Rodeo SWAP."""
    legal = v["legal"]
    phase = v["phase"]
    parts: list[Any] = []
    rest = [x for x in legal if x["kind"] == "pass"]
    if phase == "keep-event":
        parts.append(el("p", "You hold two events: keep one, the other is discarded.",
                        class_="instruction"))
        choices = []
        for x in legal:
            slug = x["code"].partition(":")[2]
            info = v["event_info"].get(slug) or {"title": slug, "text": ""}
            choices.append(el("div", el("div", el("span", info["title"], class_="event-title"),
                                        el("span", info["text"], class_="event-text"),
                                        class_="event-card"),
                              button(f"Keep {info['title']}", code=x["code"],
                                     cls="btn primary small", title=x["text"]),
                              class_="event-choice"))
        parts.append(el("div", *choices, class_="event-choices"))
        return parts
    if phase == "angelfish":
        parts.append(el("p", "Angelfish: the two discard tops have the same colour. Take one "
                        "of them (click a button), or pass.", class_="instruction"))
        parts.append(el("div", *(button(x["text"], code=x["code"],
                                        cls="btn" if x["kind"] == "pass" else "btn primary")
                                 for x in legal), class_="actions angelfish"))
        return parts
    # Water Rodeo SWAP: one of your cards for one of the looked-at hand
    target = v["swap_target"]
    swaps = [x for x in legal if x["kind"] == "swap"]
    who = v["names"][target] if target is not None else "the opponent"
    sel = ui.selection[-1:] if ui.selection else []
    parts.append(el("p", f"Water Rodeo: you see {who}'s hand. Select one of your cards, then "
                    f"click the card of {who} to take for it; or pass.", class_="instruction"))
    theirs = list(v["known"][target]) if target is not None else []
    offered = {x["cards"][1]: x for x in swaps if sel and x["cards"][0] == sel[0]}
    nodes = []
    for c in theirs:
        x = offered.get(c)
        if x is not None:
            nodes.append(card(c, "clickable", data_code=x["code"], role="button",
                              tabindex="0", title=x["text"]))
        else:
            nodes.append(card(c, "dim" if sel else ""))
    parts.append(el("div", *nodes, class_="cards swap-their-hand"))
    if sel:
        parts.append(button("Clear the selection", action="clear-selection",
                            cls="btn quiet small"))
    parts.append(el("div", *(button(x["text"], code=x["code"]) for x in rest),
                    class_="actions"))
    return parts


def play_controls(v: dict[str, Any]) -> list[Any]:
    """Step 2/3 of your turn: the selected duo's options, announcements, end of turn."""
    legal = v["legal"]
    plays = [x for x in legal if x["kind"] in ("duo", "trio")]
    sel = sorted(ui.selection)
    trios = [x for x in plays if x["kind"] == "trio"]
    parts: list[Any] = []
    if sel:
        options = [x for x in plays if sorted(x["cards"]) == sel]
        larger = [x for x in trios if len(sel) < 3 and set(sel) <= set(x["cards"])]
        if options:
            parts.append(el("p", "Play the selected cards:", class_="instruction"))
            parts.append(el("div", *(button(x["text"], code=x["code"], cls="btn primary")
                                     for x in options), class_="actions duo-options"))
            if larger:
                parts.append(el("p", "Or add a Starfish to make a trio (no effect, +2).",
                                class_="instruction muted"))
        elif larger and len(sel) == 2:
            parts.append(el("p", "Select a third card for the trio.", class_="instruction"))
        elif len(sel) == 1 and not any(x["kind"] == "duo" and sel[0] in x["cards"]
                                       for x in plays):
            parts.append(el("p", "Select the two cards of a duo to go with it.",
                            class_="instruction"))
        elif len(sel) == 1:
            parts.append(el("p", "Select a second card for the duo.", class_="instruction"))
        else:
            parts.append(el("p", "These cards do not make a duo or trio you can play.",
                            class_="instruction warn"))
        parts.append(button("Clear the selection", action="clear-selection",
                            cls="btn quiet small"))
    elif trios:
        parts.append(el("p", "You can play a duo (select its two cards in your hand) or a "
                        "trio (a duo and a Starfish: select all three).", class_="instruction"))
    elif plays:
        parts.append(el("p", "You can play a duo: select its two cards in your hand.",
                        class_="instruction"))
    else:
        parts.append(el("p", "No duo to play. End your turn" + (
            ", or announce the end of the round." if v["can_announce"] else "."),
            class_="instruction"))
    rest = [x for x in legal if x["kind"] not in ("duo", "trio")]
    announce = [x for x in rest if x["hint"]]
    if announce:
        pts = v["points"]["card_points"] if v["points"] else 0
        parts.append(el("p", f"You have {pts} card points: you may end the round.",
                        class_="instruction"))
        parts.append(el("div", *(el("div", button(x["text"], code=x["code"],
                                                  cls=f"btn announce {x['code']}"),
                                     el("span", x["hint"], class_="hint-text"),
                                     class_="announce-row") for x in announce),
                        class_="announcements"))
    others = [x for x in rest if not x["hint"]]
    if others:
        parts.append(el("div", *(button(x["text"], code=x["code"],
                                        cls="btn end" if x["kind"] == "end" else "btn")
                                 for x in others), class_="actions"))
    return parts
