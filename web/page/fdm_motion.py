"""The reveal of a Fruits de mer round, step by step, with short animations.

`reveal` draws the payload's ``last`` round in ``#fdm-reveal``: each seat's played
card face up (public once the round is resolved), the centre with the round's bait,
then the resolution's steps one after the other (``last["steps"]``, each with its
sentence): the cards of a ``spawn`` or an ``eat`` step move to the centre, the cards a
step takes out of the game (its ``removed``; the bait card itself when an ``eat`` step
removes nothing) fade out, the cards of a ``back`` step go back to their owners'
places, and the chips of the seats a step names (``seats``: who scores) pulse. Each
sentence is added to a polite live region (``#fdm-steps``) as it appears.

The reveal is never cut: it is as tall as its steps and summary, and where that is
more than the board's room the board scrolls as a whole (fdm.css: your hand stays in
view). `fdm_follow.follow` brings each new sentence into view above your hand without
pushing the cards played out of the board's top, and stops for the round once the
player scrolls; nothing scrolls back by itself.

A round is animated once, for the first reader who sees it (not behind the hot-seat
hand-off); afterwards, and at ``instant`` speed or under
``prefers-reduced-motion: reduce``, its final state is drawn at once. Moves last at
most `MOVE_MS` (300 ms at normal speed). Visual only: no rule, no word here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from . import fdm_follow
from .dom import byid, el, found, render
from .fdm_cards import play_slot, reveal_title, small_card
from .motion import reduced_motion
from .state import ui

MOVE_MS: dict[str, int] = {"slow": 300, "normal": 260, "fast": 160, "instant": 0}
"""How long a card's move (or fade) lasts, per bot speed."""
STEP_MS: dict[str, int] = {"slow": 1500, "normal": 800, "fast": 400, "instant": 0}
"""Time between two steps of the reveal, per bot speed (the moves take part of it)."""
PULSE_MS = 600
"""How long a scoring chip pulses (two beats of 280 ms, fdm.css)."""


class _Shown:
    """The reveal on screen: its key, the rounds animated already, the running timers'
    generation (a newer reveal stops an older one)."""

    key: object = None
    table: object = None
    played: set[int] = set()
    gen = 0


shown = _Shown()


def _texts(v: dict[str, Any]) -> dict[str, Any]:
    return dict(v.get("texts") or {})


def reveal(v: dict[str, Any], *, hidden: bool = False) -> None:
    """Draw (and, the first time, animate) the last resolved round of payload ``v``.

    Args:
        v: the payload.
        hidden: the table is behind the hot-seat hand-off: draw, do not animate yet.
    """
    if shown.table is not ui.table:  # a new game: its rounds are new
        shown.table, shown.played, shown.key = ui.table, set(), None
    last = v.get("last")
    texts = _texts(v)
    render("fdm-reveal-title", reveal_title(v))
    steps_box = _steps_box()
    steps_box.setAttribute("aria-label", str(texts.get("aria_steps") or texts.get("steps", "")))
    if last is None:
        shown.gen += 1
        shown.key = None
        render("fdm-reveal-body")
        render(steps_box)
        byid("fdm-reveal").classList.add("empty")
        return
    byid("fdm-reveal").classList.remove("empty")
    speed = str(v.get("speed", "normal"))
    ms = MOVE_MS.get(speed, MOVE_MS["normal"])
    animate = (not hidden and ms > 0 and not reduced_motion()
               and int(last["round"]) not in shown.played)
    key = (int(last["round"]), last.get("summary"), tuple(v["names"]))
    if key == shown.key and not animate:
        return
    shown.key = key
    shown.gen += 1
    scene = Scene(v, last, ms if animate else 0)
    if not animate:
        fresh = not hidden and int(last["round"]) not in shown.played
        scene.finish()
        if fresh:  # a round just revealed, all at once: its end in view, no motion
            shown.played.add(int(last["round"]))
            fdm_follow.release()
            scene.follow_last()
        return
    shown.played.add(int(last["round"]))
    fdm_follow.release()
    fdm_follow.watch_board()
    gap = STEP_MS.get(speed, STEP_MS["normal"])
    gen = shown.gen

    def tick(i: int) -> None:
        if gen != shown.gen or not scene.connected():
            return
        if i >= len(scene.steps):
            scene.summary()
            return
        scene.step(i)
        later(gap, lambda: tick(i + 1))

    later(max(ms, 120), lambda: tick(0))


def later(ms: int, fn: Callable[[], None]) -> None:
    """Run ``fn`` after ``ms`` milliseconds."""
    window.setTimeout(create_once_callable(fn), ms)


def _steps_box() -> Any:
    """The live region of the steps' sentences (built once: a region announces what is
    added to it, not what it is born with)."""
    box = byid("fdm-steps")
    if not found(box):
        box = el("ol", id="fdm-steps", class_="fdm-steps", aria_live="polite",
                 aria_relevant="additions text", tabindex="0")
        byid("fdm-reveal").append(box)
    return box


class Scene:
    """One round's reveal on screen: the seats' places, their cards, the centre."""

    def __init__(self, v: dict[str, Any], last: dict[str, Any], ms: int):
        self.ms = ms
        self.steps: list[dict[str, Any]] = list(last.get("steps") or [])
        self.summary_text = str(last.get("summary") or "")
        self.cards: dict[int, Any] = {}
        self.spots: dict[int, Any] = {}
        colours = [s["colour"] for s in v["seats"]]
        names = v["names"]
        slots = []
        for play in last["plays"]:
            if play is None:
                continue
            s = int(play["seat"])
            slot, self.spots[s], self.cards[s] = play_slot(play, names[s], colours[s])
            slots.append(slot)
        bait = last["bait"]
        self.bait = small_card(bait["kind"], bait["name"], "fdm-last-bait")
        tag = str(_texts(v).get("bait", ""))
        if tag:  # which card of the centre is the bait
            self.bait.append(el("span", tag, class_="fdm-tag", aria_hidden="true"))
        self.centre = el("div", self.bait, class_="fdm-centre-cards")
        render("fdm-reveal-body",
               el("div", *slots, class_="fdm-plays"),
               el("div", el("span", str(_texts(v).get("centre", "")), class_="fdm-centre-name"),
                  self.centre, class_="fdm-centre"))
        board = byid("fdm-board")
        board.style.setProperty("--fdm-ms", f"{ms}ms")
        self.box = _steps_box()
        render(self.box)

    def connected(self) -> bool:
        """Whether this scene is still the one on screen."""
        return bool(self.centre.isConnected)

    def finish(self) -> None:
        """Every step at once (no animation): the round's final state."""
        for i in range(len(self.steps)):
            self.step(i, quiet=True)
        self.summary()

    def summary(self) -> None:
        """The round's summary after its steps (when it says more than the last step)."""
        last = self.steps[-1]["text"] if self.steps else ""
        if self.summary_text and self.summary_text != last:
            self.say(self.summary_text, "summary")

    def follow_last(self) -> None:
        """Bring the reveal's last sentence into view at once (`follow`)."""
        lines = self.box.querySelectorAll("li")
        if lines.length:
            fdm_follow.follow(lines.item(lines.length - 1), smooth=False)

    def say(self, text: str, cls: str = "") -> None:
        """Add a sentence to the live region (brought into view by `follow` when the
        reveal is animated)."""
        line = el("li", text, class_=cls) if cls else el("li", text)
        self.box.append(line)
        if self.ms:
            fdm_follow.follow(line)

    def step(self, i: int, quiet: bool = False) -> None:
        """Show step ``i``: its sentence, its cards' moves, its scorers' chips."""
        st = self.steps[i]
        kind = st["type"]
        cards = [int(c[0]) for c in st.get("cards") or []]
        self.say(st.get("text", ""), f"step-{kind}")
        removed = st.get("removed")
        if removed is None:  # an older payload: the cards a step takes out, by its type
            if kind == "eat":
                removed = st.get("eaten") or []
            else:
                removed = (st.get("cards") or []) if kind in ("arrest", "fisher") else []
        if kind == "eat" and not removed:  # nothing was in the centre: the bait is eaten
            self.fade(self.bait)
        for c in removed:
            self.fade(self.cards.get(int(c[0])))
        if kind in ("spawn", "eat"):
            for s in cards:
                self.move(self.cards.get(s), self.centre)
        elif kind == "back":
            for s in cards:
                node = self.cards.get(s)
                if node is not None and node.parentElement is not self.spots[s]:
                    self.move(node, self.spots[s])
                if node is not None:
                    node.classList.add("home")
        elif kind == "centre-scores":
            for s in cards:
                node = self.cards.get(s)
                if node is not None:
                    node.classList.add("scoring")
        for s in st.get("seats") or []:
            self.score(int(s), quiet)

    def move(self, node: Any, dest: Any) -> None:
        """Move a card into ``dest`` (sliding from where it was, when animated)."""
        if node is None:
            return
        before = node.getBoundingClientRect()
        dest.append(node)
        if not self.ms:
            return
        after = node.getBoundingClientRect()
        dx, dy = before.left - after.left, before.top - after.top
        if abs(dx) < 1 and abs(dy) < 1:
            return
        frames = [{"transform": f"translate({dx}px, {dy}px)"},
                  {"transform": "translate(0px, 0px)"}]
        node.animate(to_js(frames, dict_converter=window.Object.fromEntries),
                     to_js({"duration": self.ms, "easing": "ease-out"},
                           dict_converter=window.Object.fromEntries))

    def fade(self, node: Any) -> None:
        """A card taken out of the game: it fades (CSS, `--fdm-ms`) and stays dimmed."""
        if node is not None:
            node.classList.add("gone")

    def score(self, seat: int, quiet: bool) -> None:
        """Seat ``seat`` scores: its place is marked and, when animated, its chip pulses."""
        spot = self.spots.get(seat)
        if spot is not None:
            spot.parentElement.classList.add("scored")
        if quiet:
            return
        chip = document.querySelector(f'#fdm-seats [data-seat="{seat}"]')
        if not found(chip):
            return
        chip.classList.remove("pulse")
        _ = chip.offsetWidth  # restart the animation
        chip.classList.add("pulse")

        def stop() -> None:
            chip.classList.remove("pulse")

        later(PULSE_MS, stop)
