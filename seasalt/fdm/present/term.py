"""Fruits de mer in the terminal (``seasalt play --game fruits-de-mer``): the screens of
:class:`seasalt.cli.terminal.Terminal`, drawn from the page's own words
(:func:`~seasalt.fdm.present.page.payload`), so the terminal and the page say the same.

Choices are secret (F4): :attr:`FruitsDeMerTerminal.hidden_choices` makes the loop hand
the keyboard over between people; every screen is one seat's view, and the log lines
never name a card another seat chose before the reveal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from seasalt.fdm.cards import PLAYER_KINDS, ROUNDS, parse_action
from seasalt.fdm.present.log import event_lines
from seasalt.fdm.present.page import payload
from seasalt.fdm.present.results import final_scores_text
from seasalt.fdm.present.words import join_list, kind_name, seat_name
from seasalt.i18n import _


class FruitsDeMerTerminal:
    """Fruits de mer's screens for ``seasalt play`` (:class:`seasalt.cli.terminal.Terminal`)."""

    #: Secret simultaneous choices: the next person must not see the last one's.
    hidden_choices = True

    def intro(self, table: Any, seed: int, names: Sequence[str]) -> str:
        """``Fruits de mer, seed 7: You, Hard bot, Greedy bot. 9 rounds.``"""
        return _("Fruits de mer, seed {seed}: {names}. {rounds} rounds.").format(
            seed=seed, names=", ".join(names), rounds=ROUNDS)

    def event_lines(self, events: Sequence[Mapping[str, Any]], names: Sequence[str],
                    viewer: int | None) -> list[str]:
        """Each event in words; a reveal's steps indented under its plays."""
        out: list[str] = []
        for e in events:
            lines = event_lines(e, names, viewer)
            if e.get("type") == "reveal":
                out += [lines[0], *("    " + line for line in lines[1:])]
            elif e.get("type") == "round-start":
                out += ["", *lines]
            else:
                out += lines
        return out

    def screen(self, v: Any, names: Sequence[str], kinds: Sequence[str]) -> str:
        """The table as ``v``'s seat sees it: the round and bait, scores, every seat's
        cards (counts by kind: all public), who has chosen."""
        p = payload(v, list(names), list(kinds), "")
        bait = p["bait"]
        head = p["prompt"]["title"]
        if bait is not None:
            head += " · " + bait["left_text"]
        lines = ["=== " + head + " ==="]
        lines.append(_("Scores: {scores}").format(scores=join_list(
            [_("{name} {points}").format(name=s["name"], points=s["score"])
             for s in p["seats"]])))
        for s in p["seats"]:
            who = _("{name} ({colour})").format(name=s["name"], colour=s["colour_name"])
            if s["is_viewer"]:
                text = _("{name}, your hand: {cards}").format(name=who, cards=s["hand_text"])
            else:
                text = _("{name}: {cards}").format(name=who, cards=s["hand_text"])
            tags = [t for t in (s["status_text"], s["removed_text"]) if t]
            lines.append(text + "".join(f" [{t}]" for t in tags))
        if p["my_choice"]:
            lines.append(p["my_choice"]["text"])
        return "\n".join(lines)

    def ask(self, v: Any, seat: int, names: Sequence[str]) -> str:
        """``Ann, choose a card in secret: the others ...``."""
        return _("{name}, choose a card in secret: the others cannot see it until "
                 "everybody has chosen.").format(name=seat_name(seat, names))

    def choices(self, v: Any, names: Sequence[str]) -> str:
        """The cards the seat may play, numbered from 1, with their codes and rules."""
        p = payload(v, list(names), [], "")
        lines = []
        number = 0
        for card in p["hand"]:
            if not card["legal"]:
                continue
            number += 1
            count = f" (×{card['count']})" if card["count"] > 1 else ""
            lines.append(f"  {number}. {card['label']}  [{card['code']}]{count}")
            lines.append(f"       {card['rule']}")
        return "\n".join(lines)

    def codes(self, v: Any) -> list[str]:
        """The legal cards' codes, in hand order (as :meth:`choices` numbers them)."""
        return [str(c) for c in v.legal]

    def parse(self, text: str) -> str:
        """A card's code from its code or its name in the language in use, in any case
        (``Tuna``, ``tuna``).

        Raises:
            ValueError: ``text`` names no player card.
        """
        typed = text.strip().casefold()
        for kind in PLAYER_KINDS:
            if typed == kind_name(kind).casefold():
                return kind.value
        return parse_action(typed).value

    def refusal(self, text: str, v: Any) -> str:
        """``You have no Fisher left: ...`` for a card not in hand, else how to answer."""
        typed = text.strip()
        try:
            code = self.parse(typed)
        except ValueError:
            code = None
        if code is not None and code not in self.codes(v):
            return _("You have no {card} in your hand: choose one of the cards "
                     "listed.").format(card=kind_name(code))
        return _("{text!r} is not one of the choices: type a number from 1 to {count} or "
                 "a card's code shown in brackets.").format(text=typed,
                                                            count=len(self.codes(v)))

    def final(self, outcome: Any, names: Sequence[str]) -> str:
        """``Final scores: You 4, Hard bot 3.``"""
        return final_scores_text(outcome.scores, names) + "."


#: The game's terminal screens, found by :func:`seasalt.cli.terminal.terminal_for`.
TERMINAL = FruitsDeMerTerminal()
