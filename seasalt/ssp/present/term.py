"""Sea Salt & Paper in the terminal: a seat's view, the choices, round results.

Holds no rule and writes no game word of its own: what is legal, the points and the
groups of cards in front come from the seat's :class:`~seasalt.ssp.view.View`
(``legal``, ``points``, ``breakdown``, ``groups``), every name and sentence from the
presenter (:mod:`seasalt.ssp.present`); only the layout's few words are here, through
:mod:`seasalt.i18n`. Everything returns strings; the ``play`` command
(:mod:`seasalt.cli.commands.play`) does the input and output through :data:`TERMINAL`
(the game's side of :class:`seasalt.cli.terminal.Terminal`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from seasalt.i18n import _, pgettext
from seasalt.ssp import present as P
from seasalt.ssp.actions import parse_action
from seasalt.ssp.view import View


def cards_text(cards: Sequence[int]) -> str:
    """``Crab (dark blue), Shell (black)``, or ``none``."""
    return P.cards_text(cards)


def groups_text(groups: Sequence[Sequence[int]]) -> str:
    """Cards in front as played (``View.groups``): ``Boat (black) + Boat (yellow);
    ...``, or ``none``."""
    return _separator().join(P.group_text(g) for g in groups) if groups else _("none")


def _separator() -> str:
    """``; `` between the items of a line (French puts a space before it)."""
    return pgettext("between items of a line", "; ")


def _groups(v: View, seat: int) -> Sequence[Sequence[int]]:
    return v.groups[seat] if v.groups else ()


def render_table(v: View, names: Sequence[str], kinds: Sequence[str] | None = None) -> str:
    """The table as ``v``'s seat sees it (R5), several lines.

    Args:
        v: a seat's (or a spectator's) view.
        names: display names, one per seat.
        kinds: seat kinds (``human`` or a bot level), for the seats' badges.

    Returns:
        Text without a trailing newline. The own seat's line ends with ``card
        points N``: ``v.points``, the engine's count with the round's events.
    """
    lines = ["=== " + " · ".join(P.header_bits(v, names)) + " ==="]
    turn = P.turn_text(v, names, v.seat)
    if turn:
        lines.append(turn)
    lines.append(_("Scores: {scores}").format(scores=P.join_list(
        [_("{name} {points}").format(name=P.seat_name(i, names), points=s)
         for i, s in enumerate(v.scores)])))
    piles = [_("{pile}: {top} ({count})").format(
        pile=P.pile_name(i), top=P.card_name(p.top), count=P.card_count(p.size))
        if p.top is not None else _("{pile}: {top}").format(pile=P.pile_name(i),
                                                            top=P.ui_text("empty"))
        for i, p in enumerate(v.piles, start=1)]
    lines.append(_("{pile}: {count}").format(pile=P.pile_name(0), count=P.card_count(v.draw_size))
                 + _separator() + _separator().join(piles))
    if v.table_event:
        info = P.event_info(v.table_event)
        lines.append(_("{label}: {event}. {rule}").format(
            label=P.ui_text("table-event"), event=info["title"], rule=info["text"]))
    for i in range(v.n_players):
        lines.extend(_seat_lines(v, i, names, kinds))
    if v.drawn:
        lines.append(_("You drew: {cards}").format(cards=cards_text(v.drawn)))
    if v.crab_cards:
        lines.append(_("Discard pile {pile} holds: {cards}").format(
            pile=v.crab_pile, cards=cards_text(v.crab_cards)))
    if v.looked:
        lines.append(_("The top of the draw pile (Lobster): {cards}").format(
            cards=cards_text(v.looked)))
    return "\n".join(lines)


def _seat_lines(v: View, i: int, names: Sequence[str],
                kinds: Sequence[str] | None) -> list[str]:
    who = P.seat_name(i, names)
    badges = [b["text"] for b in P.seat_badges(v, i, kinds) if b["kind"] not in ("turn",
                                                                                   "thinking")]
    tags = "".join(f" [{b}]" for b in badges)
    front = groups_text(_groups(v, i))
    if i == v.seat:
        lines = [_("{name}, your hand: {cards}").format(name=who, cards=cards_text(v.hand))
                 + tags]
        panel = P.points_panel(v.breakdown)
        parts = (" (" + ", ".join(p["text"] for p in panel["parts"]) + ")") if panel else ""
        lines.append("    " + _("in front: {groups}; card points {points}").format(
            groups=front, points=v.points) + parts)
        if v.reef is not None:
            lines.append("    " + _("{label}: {card}").format(
                label=P.ui_text("face-down"), card=P.card_name(v.reef)))
        return lines
    size = v.hand_sizes[i]
    if v.revealed[i]:
        hand = _("revealed hand: {cards}").format(cards=cards_text(v.known[i]))
    else:
        hand = P.hand_label(size)
        if v.known[i]:
            hand = _("{hand} (you know: {cards})").format(hand=hand,
                                                        cards=cards_text(v.known[i]))
    return [_("{name}: {hand}").format(name=who, hand=hand) + tags,
            "    " + _("in front: {groups}").format(groups=front)]


def render_choices(v: View, names: Sequence[str]) -> str:
    """The legal actions of ``v`` (``v.legal``) numbered from 1, one per line, in words
    and code; an announcement's meaning on the line below it."""
    lines = []
    forced = v.forced_turn
    pairs = {}
    if v.phase == "steal-pair" and v.swap_target is not None and v.groups:
        pairs = {g[0]: g for g in v.groups[v.swap_target]}
    for i, x in enumerate(v.legal, start=1):
        label = P.forced_draw_label() if forced else P.action_label(x, names)
        if x.kind == "pick" and x.cards and x.cards[0] in pairs:
            label = P.steal_pair_label(pairs[x.cards[0]], v.swap_target or 0, names)
        lines.append(f"  {i}. {label}  [{x.code}]")
        hint = P.forced_draw_hint() if forced else P.announce_hint(x)
        if hint:
            lines.append(f"       {hint}")
    return "\n".join(lines)


def parse_choice(text: str, v: View, parse: Any = None) -> str | None:
    """The code of the action a player typed: its number in ``v.legal`` or its code.

    Args:
        text: what was typed (``3`` or ``take:1``).
        v: the view the choices were shown from.
        parse: optional ``code -> action`` (the game's ``parse_action``) so a code
            typed in another spelling (``duo:4+3``) is recognised.

    Returns:
        The chosen legal action's code, or ``None`` if ``text`` names none of them.
    """
    t = text.strip()
    codes = [x.code for x in v.legal]
    if t.isdigit():
        i = int(t)
        return codes[i - 1] if 1 <= i <= len(codes) else None
    if t in codes:
        return t
    if parse is not None and t:
        try:
            code = str(parse(t))
        except ValueError:
            return None
        return code if code in codes else None
    return None


def render_round_result(result: Mapping[str, Any], names: Sequence[str],
                        seat: int | None = None) -> str:
    """A round's result (``View.last_round`` / a ``round-end`` event's ``result``) with
    the breakdown per player (R7.1 parts, R6.4 colour bonus, round score, total)."""
    r = P.round_result(result, names, seat)
    lines = [r["summary"] + " " + r["detail"]]
    width = max(len(row["name"]) for row in r["rows"])
    cols = r["columns"]
    widths = [max(len(c["label"]), 3) for c in cols]
    lines.append("  " + " " * width + "  " + " ".join(
        c["label"].rjust(w) for c, w in zip(cols, widths, strict=True)))
    for row in r["rows"]:
        badge = f" [{row['badge']}]" if row["badge"] else ""
        lines.append("  " + row["name"].ljust(width) + "  " + " ".join(
            str(row["values"][c["key"]]).rjust(w) for c, w in zip(cols, widths, strict=True))
            + badge)
    for row in r["rows"]:
        if row["hand"] is not None:
            lines.append("  " + _("{name}: hand {hand}; in front {front}").format(
                name=row["name"], hand=cards_text(row["hand"]),
                front=groups_text(row["groups"])))
    return "\n".join(lines)


class SeaSaltTerminal:
    """Sea Salt & Paper's screens for ``seasalt play`` (:class:`seasalt.cli.terminal.Terminal`)."""

    #: A person's decisions are seen by whoever sits at the keyboard next: Sea Salt &
    #: Paper's hands stay on the screen between turns, as they always have.
    hidden_choices = False

    def intro(self, table: Any, seed: int, names: Sequence[str]) -> str:
        """``Sea Salt & Paper, seed 7: You, Greedy bot. Target 35 points.`` (and the
        expansions in play)."""
        options = table.record.options or {}
        return _("Sea Salt & Paper, seed {seed}: {names}. Target {points} points.").format(
            seed=seed, names=", ".join(names), points=table.view(None).target) + "".join(
            f" {P.expansion_name(k)}." for k in ("extra_salt", "extra_pepper")
            if options.get(k))

    def event_lines(self, events: Sequence[Mapping[str, Any]], names: Sequence[str],
                    viewer: int | None) -> list[str]:
        """Each event in words; a round's end with every player's breakdown."""
        return [render_round_result(e["result"], names, viewer) if e["type"] == "round-end"
                else P.log_line(e, names, viewer) for e in events]

    def screen(self, v: View, names: Sequence[str], kinds: Sequence[str]) -> str:
        """The table from the seat to decide (:func:`render_table`)."""
        return render_table(v, names, kinds)

    def ask(self, v: View, seat: int, names: Sequence[str]) -> str:
        """``Ann, choose:``."""
        return _("{name}, choose:").format(name=P.seat_name(seat, names))

    def choices(self, v: View, names: Sequence[str]) -> str:
        """The numbered legal actions (:func:`render_choices`)."""
        return render_choices(v, names)

    def codes(self, v: View) -> list[str]:
        """The legal actions' codes, in the menu's order."""
        return [x.code for x in v.legal]

    def parse(self, text: str) -> str:
        """An action code in any spelling the engine reads (``duo:4+3``)."""
        return str(parse_action(text))

    def refusal(self, text: str, v: View) -> str:
        """What an answer that names no choice gets."""
        return _("{text!r} is not one of the choices: type a number from 1 to {count} or "
                 "an action code shown in brackets.").format(text=text, count=len(v.legal))

    def final(self, outcome: Any, names: Sequence[str]) -> str:
        """``Final scores: You 40, Greedy bot 31.``"""
        return P.final_scores_text(outcome.scores, names) + "."


#: The game's terminal screens, found by :func:`seasalt.cli.terminal.terminal_for`.
TERMINAL = SeaSaltTerminal()
