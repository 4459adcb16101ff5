"""The Fruits de mer table: bait, seats as chips, your hand, the reveal, the scores.

Renders the payload of ``seasalt.fdm.present.page.payload`` (what ``Table.view``
returns for a Fruits de mer game); every word comes from it, no rule is known here.
`flow.show_next` calls `draw` in place of the Sea Salt & Paper table, and
`draw_game_over` for the game's end (the ``game-over`` phase: the result, the scores
after each round; its Rematch and New game buttons are the shell's); `events` passes
clicks (`on_click`) and keys (`on_key`) to this module first. There is no round-over
screen: each round's end shows on the table (the reveal, the scores).

The board (``#fdm-board``) is built once inside ``#playing .table-layout`` (the Sea
Salt & Paper board is hidden while ``#playing[data-game="fruits-de-mer"]``; `flow`
removes the attribute for that game) and its parts are updated in place, so the
keyboard focus stays on a hand card across redraws:

- the seats (``data-zone="opponents"``): one chip per seat, its colour, name, score,
  hand counts by kind and its status (chosen / choosing);
- the bait (``data-zone="piles"``): the bait card face up and the bait pile's count;
- the reveal of the last round (``fdm_motion``): each seat's played card, then the
  resolution's steps one after the other, said by a polite live region;
- the scores after each round (a table; a drawer on small screens);
- the prompt (``data-zone="prompt"``) and your hand (``data-zone="hand"``): big cards
  to select (tap, keys 1-6, arrows), then the play button with the payload's exact
  ``label`` plays the selected card (as do a second tap on it and Enter).

Hot seat: the hand-off dialog (`flow`) hides the table before each person's secret
choice; the selection is forgotten whenever the reader changes, and nothing of a
seat's pending choice is ever in another reader's payload.
"""

from __future__ import annotations

from typing import Any

from pyscript import document

from . import fdm_motion
from .dom import byid, el, found, render, set_phase, show
from .store import ui

GAME = "fruits-de-mer"
"""The game name in the payload (``v["game"]``)."""
SVG_NS = "http://www.w3.org/2000/svg"
KEYS_PICK = "123456"
"""Keys that pick the n-th card of the hand."""
ARROWS: dict[str, int] = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1}
NATIVE_ENTER = frozenset({"BUTTON", "A", "SUMMARY", "SELECT", "INPUT", "TEXTAREA"})
"""Elements on which Enter keeps its own meaning."""

# Card pictures, drawn for this page (48x48, stroked with the text colour).
ICONS: dict[str, str] = {
    "seaweed": "M16 44c-4-8 4-12 0-20s4-12 0-20M26 44c-3-7 5-11 1-18s4-11 1-18"
               "M35 44c-4-7 4-10 0-16s3-9 0-14",
    "shrimp": "M38 12c-10-4-24 0-26 12-1 8 5 14 13 14 6 0 9-4 8-8-1-3-4-4-6-3"
              "M38 12l6-4M38 12l5 2M16 18l-6 1M14 24l-6 2M15 30l-5 4M25 38l-3 6l6-2",
    "mackerel": "M4 24c8-10 24-11 32 0-8 11-24 10-32 0zM36 24l9-7v14zM12 20h16M11 24h20"
                "M12 28h16",
    "tuna": "M3 24c9-13 27-14 35 0-8 14-26 13-35 0zM38 24l8-10v20zM20 11l6 3M20 37l6-3"
            "M12 22a1 1 0 1 0 0.1 0",
    "shark": "M11 31c7-2 11-11 15-24 2 9 5 18 11 24zM4 33q5-4 10 0t10 0 10 0 10 0"
             "M4 40q5-4 10 0t10 0 10 0 10 0",
    "fisher": "M5 30h38l-6 9H11zM24 6v24M24 8l12 18H24M6 44q4-3 8 0t8 0 8 0 8 0 8 0",
    "warden": "M24 4l16 6v12c0 11-7 18-16 22C15 40 8 33 8 22V10zM17 24l5 5 9-10",
}


# --------------------------------------------------------------------------- state

class _Page:
    """What the board shows now: the payload, the reader and the selected kind."""

    v: dict[str, Any] | None = None
    table: object = None
    reader: object = ()
    selected: str | None = None
    built = False


page = _Page()


def is_fdm(v: dict[str, Any]) -> bool:
    """Whether payload ``v`` is a Fruits de mer one."""
    return v.get("game") == GAME


def leave() -> None:
    """Show the Sea Salt & Paper board again (another game is drawn)."""
    byid("playing").removeAttribute("data-game")


def _texts(v: dict[str, Any]) -> dict[str, str]:
    texts = v.get("texts") or {}
    return {str(k): str(t) for k, t in texts.items()}


def _word(v: dict[str, Any], key: str) -> str:
    return _texts(v).get(key, "")


# --------------------------------------------------------------------------- drawing bits

def _sprite() -> None:
    """Add the card pictures (``#fdm-icon-KIND``) to the document, once."""
    if found(byid("fdm-sprite")):
        return
    svg = document.createElementNS(SVG_NS, "svg")
    svg.setAttribute("id", "fdm-sprite")
    svg.setAttribute("class", "sprite")
    svg.setAttribute("aria-hidden", "true")
    svg.setAttribute("focusable", "false")
    for kind, path in ICONS.items():
        symbol = document.createElementNS(SVG_NS, "symbol")
        symbol.setAttribute("id", f"fdm-icon-{kind}")
        symbol.setAttribute("viewBox", "0 0 48 48")
        for name, value in (("fill", "none"), ("stroke", "currentColor"),
                            ("stroke-width", "2.6"), ("stroke-linecap", "round"),
                            ("stroke-linejoin", "round")):
            symbol.setAttribute(name, value)
        node = document.createElementNS(SVG_NS, "path")
        node.setAttribute("d", path)
        symbol.append(node)
        svg.append(symbol)
    document.body.append(svg)


def icon(kind: str, cls: str = "fdm-icon") -> Any:
    """A decorative picture of card kind ``kind``."""
    svg = document.createElementNS(SVG_NS, "svg")
    svg.setAttribute("class", cls)
    svg.setAttribute("viewBox", "0 0 48 48")
    svg.setAttribute("aria-hidden", "true")
    use = document.createElementNS(SVG_NS, "use")
    use.setAttribute("href", f"#fdm-icon-{kind}")
    svg.append(use)
    return svg


def small_card(kind: str, name: str, cls: str = "", **attrs: str) -> Any:
    """A small face-up card (bait, a played card): picture and name, an image to
    assistive technology named by its name."""
    return el("div", icon(kind), el("span", name, class_="fdm-card-name", aria_hidden="true"),
              class_=f"fdm-mini k-{kind}" + (f" {cls}" if cls else ""), role="img",
              aria_label=name, data_kind=kind, **attrs)


def card_back(cls: str = "") -> Any:
    """A face-down card (decorative: a count says how many)."""
    return el("div", class_="fdm-mini fdm-back" + (f" {cls}" if cls else ""),
              aria_hidden="true")


# --------------------------------------------------------------------------- the board

def _board() -> Any:
    """The board, built on first use inside ``#playing .table-layout``."""
    root = byid("fdm-board")
    if found(root):
        return root
    _sprite()
    root = el(
        "div",
        el("section", el("h3", id="fdm-seats-title", class_="vh"),
           el("div", id="fdm-seats", class_="fdm-seats", data_zone="opponents", role="list",
              aria_labelledby="fdm-seats-title"),
           class_="fdm-seats-box", aria_labelledby="fdm-seats-title"),
        el("div",
           el("section", id="fdm-bait", class_="fdm-bait", data_zone="piles"),
           el("section", el("h3", id="fdm-reveal-title", class_="fdm-h"),
              el("div", id="fdm-reveal-body", class_="fdm-reveal-body"),
              id="fdm-reveal", class_="fdm-reveal", aria_labelledby="fdm-reveal-title",
              tabindex="0"),
           el("button", type="button", id="fdm-scores-toggle",
              class_="btn quiet small fdm-scores-toggle", popovertarget="fdm-scores"),
           el("section", el("h3", id="fdm-scores-title", class_="fdm-h"),
              el("div", id="fdm-scores-body", class_="fdm-scores-body", tabindex="0"),
              id="fdm-scores", class_="fdm-scores", popover="auto",
              aria_labelledby="fdm-scores-title"),
           class_="fdm-middle"),
        el("section",
           el("div", el("h3", id="fdm-prompt-title", class_="fdm-prompt-title", tabindex="-1"),
              el("p", id="fdm-prompt-text", class_="fdm-prompt-text"),
              el("p", id="fdm-rule", class_="fdm-rule-line", aria_hidden="true"),
              id="fdm-prompt", class_="fdm-prompt", data_zone="prompt"),
           el("div", el("div", id="fdm-hand", class_="fdm-hand", role="group"),
              el("button", type="button", id="fdm-play", class_="btn primary fdm-play"),
              id="fdm-me", class_="fdm-me", data_zone="hand"),
           class_="fdm-bottom", aria_labelledby="fdm-prompt-title"),
        id="fdm-board", class_="fdm-board")
    document.querySelector("#playing .table-layout").prepend(root)
    return root


def reset() -> None:
    """A game starts: forget the selection and the reader (the reveal forgets its
    rounds by itself)."""
    page.v = None
    page.reader = ()
    page.selected = None


def draw(v: dict[str, Any], focus: int | None) -> None:
    """Draw the table for payload ``v`` (``focus``: the seat whose eyes it shows, as
    `flow` gives it; the payload's ``seat`` is the reader)."""
    from .table import draw_log

    byid("playing").setAttribute("data-game", GAME)
    root = _board()
    reader = (v.get("seat"), ui.handoff)
    if ui.table is not page.table:  # a new game (a rematch keeps the same reader)
        reset()
        page.table = ui.table
    if reader != page.reader:
        page.reader = reader
        page.selected = None  # a new reader never sees another's selection
    page.v = v
    root.setAttribute("data-players", str(len(v["names"])))
    render("round-info", v.get("title") or "")
    msg = byid("table-message")
    render(msg, ui.message)
    msg.hidden = not ui.message
    undo = byid("undo")
    if found(undo):
        undo.hidden = True
    render("fdm-seats-title", _word(v, "aria_seats"))
    _draw_seats(v)
    _draw_bait(v)
    _draw_scores(v)
    _draw_prompt(v)
    _draw_hand(v)
    fdm_motion.reveal(v, hidden=ui.handoff is not None)
    draw_log(v)
    fit_later()


FIT_SELECTOR = "#fdm-hand .fdm-card-name"
"""Card names that must stay inside their card (small cards grow to their name)."""
_FIT: list[Any] = []


def fit_names() -> None:
    """Narrow each hand card's name that is wider than its room (a long single word:
    "Köpekbalığı", "Garde-pêche") by exactly the ratio of room to width (``--fit``,
    the stylesheet's ``scaleX``); all widths are read before any is written."""
    nodes = list(document.querySelectorAll(FIT_SELECTOR))
    for node in nodes:
        node.classList.remove("fit")
        node.style.removeProperty("--fit")
    sizes = [(node, node.scrollWidth, node.clientWidth) for node in nodes]
    for node, wide, room in sizes:
        if room > 0 and wide > room + 1:
            node.style.setProperty("--fit", f"{room / wide:.3f}")
            node.classList.add("fit")


def fit_later() -> None:
    """`fit_names` at the next frame (the table laid out), and whenever the window
    changes size."""
    from pyodide.ffi import create_proxy
    from pyscript import window

    if not _FIT:
        _FIT.append(create_proxy(lambda *_args: fit_names()))
        window.addEventListener("resize", _FIT[0])
    window.requestAnimationFrame(_FIT[0])


def _draw_seats(v: dict[str, Any]) -> None:
    """One chip per seat, updated in place (a pulse on a chip survives a redraw)."""
    box = byid("fdm-seats")
    seats = v["seats"]
    chips = list(box.children)
    while len(chips) > len(seats):
        chips.pop().remove()
    while len(chips) < len(seats):
        chip = el("div", role="listitem", class_="fdm-chip", data_seat=str(len(chips)))
        box.append(chip)
        chips.append(chip)
    for s, (seat, chip) in enumerate(zip(seats, chips, strict=True)):
        counts = [el("li", icon(h["kind"], "fdm-icon tiny"),
                     el("b", str(h["count"])),
                     class_="k-" + h["kind"] + ("" if h["count"] else " none"),
                     title=h["name"])
                  for h in seat["hand"]]
        status = seat["status"]
        keep_pulse = chip.classList.contains("pulse")
        chip.className = (f"fdm-chip colour-{seat['colour']} status-{status}"
                          + (" viewer" if seat.get("is_viewer") else "")
                          + (" current" if v.get("current") == s else "")
                          + (" pulse" if keep_pulse else ""))
        said = " ".join(t for t in (seat.get("aria") or seat["name"], seat.get("hand_text"),
                                    seat.get("removed_text")) if t)
        render(chip,
               el("span", said, class_="vh"),
               el("span", class_="fdm-swatch", aria_hidden="true"),
               el("span", seat["name"], class_="fdm-chip-name", aria_hidden="true"),
               el("span", el("span", class_="fdm-mark"),
                  el("span", seat["status_text"], class_="fdm-status-words"),
                  class_="fdm-chip-status", aria_hidden="true"),
               el("span", el("b", str(seat["score"])), class_="fdm-chip-score",
                  aria_hidden="true"),
               el("ul", *counts, class_="fdm-counts", aria_hidden="true"))
        chip.setAttribute("title", f"{seat.get('who') or seat['name']} · {seat['colour_name']}")


def _draw_bait(v: dict[str, Any]) -> None:
    """The bait card face up, the bait pile (backs and its count), the unseen ones."""
    bait = v.get("bait")
    if bait is None:
        render("fdm-bait")
        show("fdm-bait", False)
        return
    show("fdm-bait", True)
    backs = el("div", *(card_back() for _ in range(min(3, int(bait["left"])))),
               class_="fdm-stack") if bait["left"] else None
    aside = v.get("aside_text") or ""
    render("fdm-bait",
           el("div", el("h3", _word(v, "bait"), class_="fdm-h"),
              small_card(bait["kind"], bait["name"], "fdm-bait-card", id="fdm-bait-card"),
              class_="fdm-bait-now"),
           el("div", el("h3", _word(v, "bait_pile"), class_="fdm-h"), backs,
              el("span", bait["left_text"], class_="fdm-left"),
              class_="fdm-pile"),
           el("p", aside, class_="fdm-aside") if aside else None)


def _draw_scores(v: dict[str, Any]) -> None:
    """The scores after each round: one row per round, one column per seat."""
    render("fdm-scores-title", _word(v, "scores"))
    render("fdm-scores-toggle", _word(v, "scores"))
    render("fdm-scores-body", score_table(v))


def score_table(v: dict[str, Any]) -> Any:
    """The payload's ``table`` as a compact HTML table: a row per round (its number
    and bait), each cell a seat's total after it, with ``+1`` when it scored then."""
    t = v["table"]
    heads = t.get("headers") or {}
    head = el("thead", el("tr", el("th", heads.get("round", ""), scope="col"),
                          *(el("th", name, scope="col", class_="num") for name in t["columns"])))
    rows = []
    for row in t["rows"]:
        cells = [el("td", el("span", f"+{pts}", class_="fdm-plus") if pts else None,
                    str(total), class_="num" + (" scored" if pts else ""))
                 for pts, total in zip(row["points"], row["totals"], strict=True)]
        rows.append(el("tr", el("th", el("span", str(row["round"]), class_="fdm-round-no"),
                                " ", el("span", row["bait"], class_="fdm-round-bait"),
                                scope="row"),
                       *cells, data_round=str(row["round"])))
    return el("table", el("caption", t["caption"]), head, el("tbody", *rows),
              class_="fdm-score-table", id="fdm-score-table")


def _draw_prompt(v: dict[str, Any]) -> None:
    p = v["prompt"]
    render("fdm-prompt-title", p["title"])
    mine = v.get("my_choice")
    render("fdm-prompt-text", mine["text"] if mine and not v.get("over") else p["text"])


def _can_choose(v: dict[str, Any]) -> bool:
    return (bool(v.get("legal")) and v.get("seat") is not None and ui.handoff is None
            and not v.get("over"))


def _draw_hand(v: dict[str, Any]) -> None:
    """Your hand as big cards, updated in place (the focus stays on its card), and
    the play button."""
    hand = [c for c in v.get("hand") or [] if c["count"] > 0]
    if v.get("over"):
        hand = []
    box = byid("fdm-hand")
    box.setAttribute("aria-label", _word(v, "aria_hand") or _word(v, "your_hand"))
    show("fdm-me", bool(hand))
    choose = _can_choose(v)
    legal = {c["kind"] for c in hand if c["legal"]} if choose else set()
    if page.selected not in legal:
        page.selected = None
    mine = v.get("my_choice")
    chosen = mine["kind"] if mine else None
    have = {n.getAttribute("data-fdm-kind"): n for n in box.children}
    nodes = []
    for i, c in enumerate(hand):
        node = have.pop(c["kind"], None)
        if node is None:
            node = el("div", role="button", data_fdm_kind=c["kind"])
        node.className = f"fdm-card k-{c['kind']}" + (" chosen" if c["kind"] == chosen else "")
        node.setAttribute("tabindex", "0")
        node.setAttribute("data-fdm-code", c["code"])
        node.setAttribute("data-fdm-label", c["label"])
        if i < len(KEYS_PICK):
            node.setAttribute("aria-keyshortcuts", KEYS_PICK[i])
        render(node, el("span", c["name"], class_="fdm-card-name"),
               icon(c["kind"], "fdm-icon big"),
               el("span", f"×{c['count']}", class_="fdm-count") if c["count"] > 1 else None,
               el("span", c["rule"], class_="fdm-rule"))
        nodes.append(node)
    for node in have.values():  # cards no longer held
        node.remove()
    if list(box.children) != nodes:  # new cards (a new game): in hand order
        box.replaceChildren(*nodes)
    _mark_hand(legal)
    _draw_play(v)


def _mark_hand(legal: set[str]) -> None:
    """Each hand card's state: playable or not, selected or not; the one the focus
    should go to after a redraw (``data-sensible``: the selected card, else every
    playable one)."""
    for node in _hand_nodes():
        kind = node.getAttribute("data-fdm-kind")
        playable = kind in legal
        selected = kind == page.selected
        node.classList.toggle("playable", playable)
        node.classList.toggle("idle", not playable)
        node.classList.toggle("selected", selected)
        node.setAttribute("aria-pressed", "true" if selected else "false")
        node.setAttribute("aria-disabled", "false" if playable else "true")
        if playable and (selected or page.selected is None):
            node.setAttribute("data-sensible", "")
        else:
            node.removeAttribute("data-sensible")


def _draw_play(v: dict[str, Any]) -> None:
    """The play button: the selected card's ``label`` and code; disabled without one."""
    play = byid("fdm-play")
    node = _hand_node(page.selected) if page.selected else None
    play.hidden = not _can_choose(v)
    # the selected card's rule under the prompt (small screens hide it on the cards)
    rule = node.querySelector(".fdm-rule") if node is not None else None
    render("fdm-rule", rule.textContent if rule is not None and found(rule) else "")
    if node is not None:
        play.textContent = node.getAttribute("data-fdm-label")
        play.setAttribute("data-code", node.getAttribute("data-fdm-code"))
        play.disabled = False
    else:
        play.textContent = _word(v, "play")
        play.removeAttribute("data-code")
        play.disabled = True


def _hand_node(kind: str | None) -> Any:
    if kind is None:
        return None
    node = document.querySelector(f'#fdm-hand [data-fdm-kind="{kind}"]')
    return node if found(node) else None


def _hand_nodes() -> list[Any]:
    return list(document.querySelectorAll("#fdm-hand .fdm-card"))


# --------------------------------------------------------------------------- input

def active() -> bool:
    """Whether the Fruits de mer table is on screen."""
    return (document.body.getAttribute("data-phase") == "playing"
            and byid("playing").getAttribute("data-game") == GAME and page.v is not None)


def select(kind: str | None, focus_it: bool = False) -> None:
    """Select the hand card of ``kind`` (None: none) and update the play button."""
    v = page.v
    if v is None:
        return
    page.selected = kind
    legal = {n.getAttribute("data-fdm-kind") for n in _hand_nodes()
             if n.classList.contains("playable")}
    _mark_hand(legal)
    _draw_play(v)
    node = _hand_node(kind)
    if focus_it and node is not None:
        node.focus()


def play_selected() -> bool:
    """Play the selected card (its code). Returns whether one was sent."""
    node = _hand_node(page.selected)
    if node is None or not node.classList.contains("playable"):
        return False
    from .events import submit  # events imports this module

    code = node.getAttribute("data-fdm-code")
    page.selected = None
    submit(code)
    return True


def on_click(target: Any) -> bool:
    """A click on the page: a hand card selects it, or plays it when it is selected
    already. Returns whether the click was this module's."""
    if not found(target) or not active():
        return False
    node = target.closest("#fdm-hand .fdm-card")
    if not found(node):
        return False
    if not node.classList.contains("playable"):
        return True
    kind = node.getAttribute("data-fdm-kind")
    if kind == page.selected:
        play_selected()
    else:
        select(kind)
    return True


def on_key(event: Any) -> bool:
    """Keys on the table: 1-6 pick a card, arrows move the selection, Enter plays it.
    Returns whether the key was this module's (then its default is prevented)."""
    if not active() or event.ctrlKey or event.altKey or event.metaKey:
        return False
    if found(document.querySelector("dialog[open]")):
        return False
    target = event.target
    tag = str(target.tagName) if found(target) else ""
    if tag in ("INPUT", "SELECT", "TEXTAREA") or (found(target) and target.isContentEditable):
        return False
    nodes = [n for n in _hand_nodes() if n.classList.contains("playable")]
    if not nodes:
        return False
    kinds = [n.getAttribute("data-fdm-kind") for n in nodes]
    key = str(event.key)
    handled = False
    if len(key) == 1 and key in KEYS_PICK and not event.repeat:
        every = _hand_nodes()
        i = KEYS_PICK.index(key)
        if i < len(every) and every[i].classList.contains("playable"):
            select(every[i].getAttribute("data-fdm-kind"), focus_it=True)
            handled = True
    elif key in ARROWS:
        inside = tag in ("BODY", "MAIN") or (found(target) and found(
            target.closest("#fdm-board")) and not found(target.closest("#fdm-scores, .fdm-steps")))
        if inside:
            i = kinds.index(page.selected) if page.selected in kinds else (
                -1 if ARROWS[key] > 0 else 0)
            select(kinds[(i + ARROWS[key]) % len(kinds)], focus_it=True)
            handled = True
    elif key == "Enter" and not event.repeat:
        card: Any = target.closest("#fdm-hand .fdm-card") if found(target) else None
        if card is not None and found(card):
            kind = card.getAttribute("data-fdm-kind")
            if kind in kinds:
                page.selected = kind
                handled = play_selected()
        elif tag not in NATIVE_ENTER and page.selected in kinds:
            handled = play_selected()
    if handled:
        event.preventDefault()
    return handled


# --------------------------------------------------------------------------- game over

def draw_game_over(v: dict[str, Any]) -> None:
    """The game's end in ``#game-over``: the result (shared victories in the payload's
    words), the standings (every winner marked), the scores after each round
    (``#rounds-table``)."""
    result = v.get("result") or {}
    render("winner-title", result.get("title", ""))
    render("winner-sub")
    render("winner-tie")
    show("winner-tie", False)
    colours = [s["colour"] for s in v["seats"]]
    render("standings", *(
        el("li", el("span", r["name"], class_="seat-name"),
           el("span", r["score_text"], class_="seat-score"),
           class_=f"standing fdm-standing colour-{colours[int(r['seat'])]}"
           + (" winner" if r["winner"] else ""), data_seat=str(r["seat"]),
           data_score=str(r["score"]))
        for r in result.get("standings") or []))
    table = score_table(v)
    table.id = "rounds-table"
    table.classList.add("score-table", "rounds-table")
    render("game-figures", el("section", table, class_="rounds fdm-rounds"))
    render("final-round")
    set_phase("game-over")
