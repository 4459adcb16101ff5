"""The page's score calculator: JSON-ready payloads and the codes its controls send.

A :class:`CalcSession` holds the table (:class:`seasalt.calc.Calculator`),
kept by the page in localStorage (:meth:`CalcSession.save`, :meth:`CalcSession.load`:
a corrupt save gives a new table and a sentence saying so). The page draws
:meth:`CalcSession.payload` for one screen (``table``: players and options;
``seat:N``: one player's cards and the card picker; ``scores``: how the round ended,
every player's scoring, the totals and the winner) and sends back the ``code`` of the
control tapped (every code is in the payload; a text field or a menu sends its value
with it) to :meth:`CalcSession.submit`, which answers in words. The page holds no rule
and no sentence: the round is scored by the engine (the calculator asks
:func:`~seasalt.ssp.scoring.score_round_cards`), every word is the presenter's
(:mod:`seasalt.ssp.present.calc`, :mod:`seasalt.ssp.present.results`).

Codes: ``add:P:ZONE:KIND:COLOUR`` (a card for player P, ``hand`` or ``front``),
``remove:P:CARD``, ``undo:P``, ``clear:P``, ``clear-round``, ``new-game``,
``players:N``, ``name:P`` (value: the name), ``target:normal|double``,
``option:extra_salt|extra_pepper`` (value ``on`` or ``off``), ``event`` and
``held:P`` (value: an event's slug or ''), ``end:stop|last-chance``, ``caller``
(value: a seat or ''), ``score``, ``reopen``.

Nothing here touches the DOM, so it is tested in plain CPython.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from seasalt.calc import FRONT, HAND, CalcError, Calculator, Round
from seasalt.i18n import _
from seasalt.ssp.cards import KIND_OF, Event, Kind
from seasalt.ssp.pepper import mermaids_to_win
from seasalt.ssp.present.calc import (
    calc_error,
    calc_text,
    calc_texts,
    ends,
    event_choices,
    open_duo_note,
    option_choices,
    picker,
    reopen_button,
    round_line,
    score_button,
    seat_summary,
    tab_name,
    tab_points,
    take_back_text,
    totals_line,
    warnings,
)
from seasalt.ssp.present.cards import cards_text, event_title
from seasalt.ssp.present.page import page_text
from seasalt.ssp.present.results import (
    call_badge,
    game_result,
    player_block,
    points_text,
    round_result,
)
from seasalt.ssp.present.setup import target_text
from seasalt.ssp.present.stats import rounds_table
from seasalt.ssp.present.words import seat_name
from seasalt.ssp.scoring import Breakdown, event_mask
from seasalt.ssp.setup import MAX_PLAYERS, MIN_PLAYERS, target_for
from seasalt.web.settings import calc_query, query_calc

__all__ = ["CalcSession", "CalcError", "query_calc", "calc_query", "calc_text", "SCREENS"]

#: The screens besides one per player (``seat:N``).
SCREENS: tuple[str, ...] = ("table", "scores")


class CalcSession:
    """The calculator on the page.

    Args:
        calc: the table (default: a new one, 2 players).

    Attributes:
        calc: the :class:`~seasalt.calc.Calculator`.
    """

    def __init__(self, calc: Calculator | None = None) -> None:
        self.calc = calc or Calculator()

    @classmethod
    def load(cls, text: str | None) -> tuple[CalcSession, str]:
        """The table saved in ``text`` (``None``: nothing saved: a new table).

        Returns:
            The session and a notice: '' when it was read, else the sentence saying
            the saved table could not be read and a new one was started.
        """
        if text is None:
            return cls(), ""
        try:
            return cls(Calculator.loads(text)), ""
        except CalcError as e:
            return cls(), calc_text("saved-lost", error=calc_error(e))

    def save(self) -> str:
        """The table as JSON text (what the page keeps)."""
        return self.calc.dumps()

    def names(self) -> list[str]:
        """Each player's display name (a name not given: ``Player 2``)."""
        return [seat_name(p, self.calc.names) for p in range(self.calc.players)]

    def screen_of(self, screen: str) -> str:
        """``screen`` if it is one (``table``, ``scores``, ``seat:N`` of a player), else
        ``table``."""
        if screen in SCREENS:
            return screen
        if screen.startswith("seat:") and screen[5:].isdigit() and (
                int(screen[5:]) < self.calc.players):
            return screen
        return "table"

    # ------------------------------------------------------------------ changes

    def submit(self, code: str, value: str = "") -> dict[str, Any]:
        """Apply a control's code (see the module docstring).

        Args:
            code: the code of the control (from a payload).
            value: a field's or a menu's value, for the codes that take one.

        Returns:
            ``{"ok": bool, "message": str}``: what happened, in words (a card added or
            taken back, a round scored: for a screen reader's announcement), or why
            nothing happened (the calculator's refusal, :func:`calc_error`).
        """
        try:
            said = self._apply(code.split(":"), value)
        except CalcError as e:
            return {"ok": False, "message": calc_error(e, self.calc.names)}
        except (ValueError, IndexError):
            return {"ok": False, "message": calc_error(CalcError("corrupt", code))}
        return {"ok": True, "message": said}

    def _apply(self, parts: list[str], value: str) -> str:
        c = self.calc
        head = parts[0]
        names = self.names()
        if head == "add":
            p, zone = int(parts[1]), parts[2]
            cid = c.add(p, zone, parts[3], parts[4])
            where = _("in hand") if zone == HAND else _("in front")
            return _("{name}: {card} added {where}.").format(
                name=names[p], card=cards_text([cid]), where=where)
        if head == "remove":
            p = int(parts[1])
            gone = c.remove(p, int(parts[2]))
            return _("{name}: {cards} taken back.").format(name=names[p],
                                                           cards=cards_text(gone))
        if head == "undo":
            p = int(parts[1])
            back = c.undo(p)
            if back is None:
                return ""
            return _("{name}: {cards} taken back.").format(name=names[p],
                                                           cards=cards_text([back]))
        simple = {"clear": lambda: c.clear_player(int(parts[1])),
                  "clear-round": c.clear_round, "new-game": c.new_game,
                  "reopen": c.reopen,
                  "players": lambda: c.set_players(int(parts[1])),
                  "name": lambda: c.set_name(int(parts[1]), value),
                  "target": lambda: c.set_option("double_target", parts[1] == "double"),
                  "option": lambda: c.set_option(parts[1], value == "on"),
                  "event": lambda: c.set_event(value or None),
                  "held": lambda: c.set_held(int(parts[1]), value or None),
                  "end": lambda: c.set_end(parts[1]),
                  "caller": lambda: c.set_caller(int(value) if value != "" else None)}
        if head == "score":
            result = c.score_round()
            _results, outcome = c.history()
            if outcome is not None:
                return str(self._outcome(outcome)["title"])
            assert result is not None
            return round_result(result, names)["summary"]
        if head not in simple:
            raise CalcError("corrupt", f"unknown code {head!r}")
        simple[head]()
        return ""

    # ------------------------------------------------------------------ payloads

    def _round_result(self, rnd: Round, number: int,
                      before: Sequence[int]) -> dict[str, Any]:
        """``rnd`` as the engine reports a round (``before``: the totals before it):
        scored once its end is said, else (or when its Mermaids end the game) each
        player's figures with nothing counted yet (``end`` None)."""
        c = self.calc
        hands = [s.hand for s in rnd.seats]
        fronts = [s.front_ids() for s in rnd.seats]
        events = [c.events(p, rnd) for p in range(c.players)]
        scored = c.scores(rnd) if c.mermaid_winner(rnd) is None else None
        if scored is not None:
            return scored.result(number, hands, fronts,
                                 [t + x for t, x in zip(before, scored.round_scores,
                                                        strict=True)], events)
        parts = c.breakdowns(rnd)
        return {"round": number, "end": None, "caller": rnd.caller, "bet_won": None,
                "players": [{**parts[p].to_dict(), "hand": sorted(hands[p]),
                             "front": list(fronts[p]), "round_score": 0,
                             "total": int(before[p]), "scores_cards": True,
                             "scores_bonus": True, "applied_events": events[p]}
                            for p in range(c.players)]}

    def _outcome(self, outcome: dict[str, Any]) -> dict[str, Any]:
        log: list[dict[str, Any]] = [{"type": "game-over", "tie_break": outcome["tie_break"]}]
        if outcome["termination"] == "four-mermaids":
            r = self.calc.rounds[outcome["round"] - 1]
            w = outcome["winners"][0]
            count = sum(1 for cid in r.seats[w].cards() if KIND_OF[cid] == Kind.MERMAID)
            dance = mermaids_to_win(event_mask(self.calc.events(w, r))) < 4  # B.3.7
            log.insert(0, {"type": "four-mermaids", "seat": w, "mermaids": count,
                           "dance": dance})
        return game_result(outcome, self.names(), log=log)

    def _blocks(self, result: dict[str, Any], rnd: Round) -> list[dict[str, Any]]:
        """Each player's block, as the round-over screen's (:func:`player_block`): the
        cards grouped by what they score; before the end is said, the figures only."""
        names = self.names()
        rows = []
        for p, seat in enumerate(rnd.seats):
            block = player_block(result, p)
            if result["end"] is None:  # nothing counted yet: the figures only
                block["sum"] = seat_summary(_breakdown(result["players"][p]))
            if seat.open_duo():
                for part in block["parts"]:
                    for item in part["items"]:
                        if part["part"] == "duos" and len(item["cards"]) == 1:
                            item["note"] = open_duo_note()
            badge = call_badge(result, p) if result["end"] is not None else ""
            rows.append({"seat": p, "name": names[p], "badge": badge,
                         "round_score": int(result["players"][p]["round_score"]),
                         "total": int(result["players"][p]["total"]), **block})
        return rows

    def payload(self, screen: str) -> dict[str, Any]:
        """What the page draws for ``screen`` (:meth:`screen_of`).

        Returns:
            ``{"screen", "texts" (the fixed words), "round_line" (``Round 2 · target 40
            points``), "totals_line" (``Totals: Ann 12 · Bob 8``; '' before the first
            round is scored and once the game is over), "tabs": [{"screen",
            "label" (an unnamed seat's short: ``P2``), "sub", "title" (a seat's
            whole name)}], "over", "outcome" (the
            winner in words, as the game-over screen's: ``title``, ``detail``,
            ``tie_break``, ``standings``; or None)}`` and, for the screen shown,
            ``table`` (players, names, target, options), ``seat`` (a player's cards,
            block, held event and the picker) or ``scores`` (the round's end and event,
            every player's block, warnings, the round and game tables).
        """
        c = self.calc
        screen = self.screen_of(screen)
        names = self.names()
        texts = calc_texts()
        results, outcome = c.history()
        totals = c.totals()
        parts = c.breakdowns()
        out: dict[str, Any] = {
            "screen": screen, "texts": texts, "round_line": round_line(c),
            "totals_line": (totals_line(names, totals)
                            if c.rounds and outcome is None else ""),
            "tabs": ([{"screen": "table", "label": texts["players"], "sub": ""}]
                     + [{"screen": f"seat:{p}", "label": tab_name(p, c.names),
                         "title": names[p],
                         "sub": points_text(totals[p]) if outcome else tab_points(parts[p])}
                        for p in range(c.players)]
                     + [{"screen": "scores", "label": texts["scores-tab"], "sub": ""}]),
            "over": outcome is not None,
            "outcome": self._outcome(outcome) if outcome is not None else None,
            "reopen": ({"code": "reopen", "label": reopen_button(c)}
                       if c.rounds and (c.current.empty() or outcome is not None) else None),
        }
        if screen == "table":
            out["table"] = self._table_screen()
        elif screen == "scores":
            out["scores"] = self._scores_screen(results, outcome, totals)
        else:
            out["seat"] = self._seat_screen(int(screen[5:]), totals)
        return out

    def _table_screen(self) -> dict[str, Any]:
        c = self.calc
        fixed = bool(c.rounds)
        return {
            "fixed": fixed,
            "counts": [{"value": n, "code": f"players:{n}", "on": n == c.players}
                       for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)],
            "names": [{"player": p, "value": c.names[p], "code": f"name:{p}",
                       "placeholder": seat_name(p, ()),
                       "label": _("Player {number}: name").format(number=p + 1)}
                      for p in range(c.players)],
            "targets": [{"value": v, "code": f"target:{v}",
                         "label": page_text(f"{v}-target"),
                         "points": _("{points} points").format(
                             points=target_for(c.players, v == "double")),
                         "on": c.options["double_target"] == (v == "double")}
                        for v in ("normal", "double")],
            "target_hint": target_text(c.options["double_target"]),
            "options": [{**o, "code": f"option:{o['name']}"} for o in option_choices(c)],
        }

    def _seat_screen(self, p: int, totals: Sequence[int]) -> dict[str, Any]:
        c = self.calc
        seat = c.seat(p)
        names = self.names()
        result = self._round_result(c.current, c.round_number, totals)
        block = self._blocks(result, c.current)[p]
        return {
            "player": p, "name": names[p],
            "summary": seat_summary(c.breakdowns()[p]),
            "hand": list(seat.hand), "front": [list(g) for g in seat.front],
            "open": seat.open_duo(),
            "remove": {str(cid): f"remove:{p}:{cid}" for cid in seat.cards()},
            "remove_text": take_back_text(),
            "undo": {"code": f"undo:{p}", "enabled": c.can_undo(p) and not c.over},
            "clear": {"code": f"clear:{p}", "enabled": bool(seat.cards()) and not c.over},
            "zones": [{"value": z, "label": calc_text(z)} for z in (HAND, FRONT)],
            "held": ({"code": f"held:{p}", "value": _slug(seat.held),
                      "choices": event_choices()} if c.options["extra_pepper"] else None),
            "block": block,
            "picker": [{**g, "kinds": [{**k, "colours": [
                {**e, "codes": {z: f"add:{p}:{z}:{k['kind']}:{e['colour']}"
                                for z in (HAND, FRONT)}}
                for e in k["colours"]]} for k in g["kinds"]]} for g in picker(c)],
        }

    def _scores_screen(self, results: list[dict[str, Any]], outcome: dict[str, Any] | None,
                       totals: Sequence[int]) -> dict[str, Any]:
        c = self.calc
        names = self.names()
        r = c.current
        if outcome is None:  # the round being entered
            rnd, result = r, self._round_result(r, c.round_number, totals)
        elif outcome["termination"] == "four-mermaids":  # the round its Mermaids ended
            rnd = c.rounds[outcome["round"] - 1]
            result = self._round_result(rnd, outcome["round"], totals)
        else:  # the round that reached the target
            rnd, result = c.rounds[-1], results[-1]
        words = round_result(result, names) if result["end"] is not None else None
        log = [{"type": "round-end", "result": x} for x in results]
        return {
            "current": outcome is None,
            "title": (calc_text("round-entered") if outcome is None
                      else _("Round {round}").format(round=result["round"])),
            "event": ({"code": "event", "value": _slug(r.event), "choices": event_choices(),
                       "title": event_title(r.event) if r.event is not None else ""}
                      if c.options["extra_pepper"] and outcome is None else None),
            "ends": [{**e, "code": f"end:{e['value']}", "on": r.end == e["value"]}
                     for e in ends()],
            "caller": {"code": "caller", "value": "" if r.caller is None else str(r.caller),
                       "choices": [{"value": "", "label": calc_text("nobody")}]
                       + [{"value": str(p), "label": names[p]} for p in range(c.players)]},
            "headline": words["title"] if words else "",
            "detail": words["detail"] if words else "",
            "bet": words["bet"] if words else "",
            "rows": self._blocks(result, rnd),
            "warnings": warnings(c, c.names) if outcome is None else [],
            "score": {"code": "score", "label": score_button(c),
                      "enabled": outcome is None and (c.mermaid_winner() is not None
                                                      or c.scores() is not None)},
            "new_game": {"code": "new-game"},
            "clear_round": {"code": "clear-round",
                            "enabled": outcome is None and not r.empty()},
            "rounds": rounds_table(log, names) if results else None,
        }


def _slug(event: int | None) -> str:
    return Event(event).slug if event is not None else ""


def _breakdown(p: dict[str, Any]) -> Breakdown:
    return Breakdown(int(p["duos"]), int(p["mermaids"]), int(p["collectors"]),
                     int(p["multipliers"]), int(p["colour_bonus"]))
