"""The Fruits de mer table: bait, seats as chips, your hand, the reveal, the scores.

Renders the payload of ``seasalt.fdm.present.page.payload`` (what ``Table.view``
returns for a Fruits de mer game); every word comes from it, no rule is known here.
`flow.show_next` calls `draw` in place of the Sea Salt & Paper table, and
`draw_game_over` (`fdm_scores`) for the game's end (the ``game-over`` phase: the result, the scores
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
choice; the selection is forgotten whenever the decision changes (`fdm_cards.decision`:
another reader or round, a pick held or taken back), and nothing of a
seat's pending choice is ever in another reader's payload.
"""

from __future__ import annotations

from typing import Any

from pyscript import document

from . import fdm_motion
from .dom import byid, el, found, render, show
from .fdm_cards import GAME, card_back, decision, icon, is_fdm, page, small_card, sprite, word
from .fdm_hand import active, draw_hand, on_click, on_key
from .fdm_scores import draw_game_over, draw_scores
from .state import ui
from .table import draw_log

__all__ = ["GAME", "active", "draw", "draw_game_over", "fit_names", "is_fdm", "leave",
           "on_click", "on_key", "reset"]


def leave() -> None:
    """Show the Sea Salt & Paper board again (another game is drawn)."""
    byid("playing").removeAttribute("data-game")


# --------------------------------------------------------------------------- the board

def _board() -> Any:
    """The board, built on first use inside ``#playing .table-layout``."""
    root = byid("fdm-board")
    if found(root):
        return root
    sprite()
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
    byid("playing").setAttribute("data-game", GAME)
    root = _board()
    reader = decision(v, ui.handoff)
    if ui.table is not page.table:  # a new game (a rematch keeps the same reader)
        reset()
        page.table = ui.table
    if reader != page.reader:  # another reader, round, or a pick held or taken back
        page.reader = reader
        page.selected = None  # a new decision starts with nothing selected
    page.v = v
    root.setAttribute("data-players", str(len(v["names"])))
    render("round-info", v.get("title") or "")
    msg = byid("table-message")
    render(msg, ui.message)
    msg.hidden = not ui.message
    undo, held = byid("undo"), v.get("undo")  # a choice held before its turn (phones)
    if found(undo):
        undo.hidden = held is None
        if held is not None:
            undo.title = held["title"]
    render("fdm-seats-title", word(v, "aria_seats"))
    _draw_seats(v)
    _draw_bait(v)
    draw_scores(v)
    _draw_prompt(v)
    draw_hand(v)
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
        away = seat.get("away")  # a friend's phone not connected now: a tag, no wider
        tag = el("span", away, class_="badge away", title=seat["away_title"],
                 aria_hidden="true") if away else None
        keep_pulse = chip.classList.contains("pulse")
        chip.className = (f"fdm-chip colour-{seat['colour']} status-{status}"
                          + (" viewer" if seat.get("is_viewer") else "")
                          + (" current" if v.get("current") == s else "")
                          + (" away" if away else "")
                          + (" pulse" if keep_pulse else ""))
        said = " ".join(t for t in (seat.get("aria") or seat["name"], seat.get("away_title"),
                                    seat.get("hand_text"), seat.get("removed_text")) if t)
        render(chip,
               el("span", said, class_="vh"),
               el("span", class_="fdm-swatch", aria_hidden="true"),
               el("span", seat["name"], class_="fdm-chip-name", aria_hidden="true"), tag,
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
           el("div", el("h3", word(v, "bait"), class_="fdm-h"),
              small_card(bait["kind"], bait["name"], "fdm-bait-card", id="fdm-bait-card"),
              class_="fdm-bait-now"),
           el("div", el("h3", word(v, "bait_pile"), class_="fdm-h"), backs,
              el("span", bait["left_text"], class_="fdm-left"),
              class_="fdm-pile"),
           el("p", aside, class_="fdm-aside") if aside else None)


def _draw_prompt(v: dict[str, Any]) -> None:
    p = v["prompt"]
    render("fdm-prompt-title", p["title"])
    mine = v.get("my_choice")
    render("fdm-prompt-text", mine["text"] if mine and not v.get("over") else p["text"])
