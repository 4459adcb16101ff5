"""The page's score calculator bridge (``seasalt.web.calc``): its figures are the
command line's (``seasalt score``) for the same cards, its payloads and codes, its
save (docs/rules.md R6, R7.1, R10; issue 16)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from seasalt import i18n
from seasalt.calc import Calculator
from seasalt.ssp.cards import CARDS
from seasalt.ssp.scoring import score_round_cards
from seasalt.web.calc import CalcSession, calc_query, query_calc
from tests.calc_tables import Table, cli_figures, random_table

#: How many random tables are scored both ways (every player of each).
TABLES = 300


def enter(table: Table) -> CalcSession:
    """A session with ``table`` entered through the codes the page sends."""
    s = CalcSession()
    for code, value in ((f"players:{table.players}", ""),
                        ("option:extra_salt", "on" if table.extra_salt else "off"),
                        ("option:extra_pepper", "on" if table.extra_pepper else "off"),
                        ("event", table.event or "")):
        assert s.submit(code, value)["ok"], code
    for p, held in enumerate(table.held):
        if held:
            assert s.submit(f"held:{p}", held)["ok"]
    for p, taps in enumerate(table.entries):
        for zone, kind, colour in taps:
            answer = s.submit(f"add:{p}:{zone}:{kind}:{colour}")
            assert answer["ok"], (answer, zone, kind, colour)
    return s


def page_figures(block: dict[str, Any]) -> dict[str, Any]:
    """A player's figures as the page shows them (its block)."""
    parts = {p["part"]: p["points"] for p in block["parts"]}
    return {"card_points": block["card_points"]["points"],
            "colour_bonus": block["bonus"]["points"] if block["bonus"] else 0,
            "breakdown": {k: parts.get(k, 0) for k in ("duos", "mermaids", "collectors",
                                                        "multipliers")}}


def notations(taps: list[tuple[str, str, str]], zone: str) -> list[str]:
    return [f"{kind}:{colour}" for z, kind, colour in taps if z == zone]


def test_the_figures_are_the_command_lines_on_random_tables() -> None:
    rng = random.Random(16)
    checked = 0
    for _ in range(TABLES):
        table = random_table(rng)
        s = enter(table)
        for p in range(table.players):
            shown = page_figures(s.payload(f"seat:{p}")["seat"]["block"])
            taps = table.entries[p]
            expected = cli_figures(notations(taps, "hand"), notations(taps, "front"),
                                   table.events(p))
            assert shown == expected, (table, p)
            checked += 1
    assert checked > 2 * TABLES


def test_the_round_scores_are_the_engines() -> None:
    rng = random.Random(61)
    for _ in range(60):
        table = random_table(rng)
        s = enter(table)
        caller = rng.randrange(table.players)
        end = rng.choice(["stop", "last-chance"])
        assert s.submit(f"end:{end}")["ok"] and s.submit("caller", str(caller))["ok"]
        seats = s.calc.current.seats
        expected = score_round_cards([x.hand for x in seats], [x.front_ids() for x in seats],
                                     end, caller, [s.calc.events(p)
                                                   for p in range(table.players)])
        rows = s.payload("scores")["scores"]["rows"]
        if s.calc.mermaid_winner() is None:
            assert [r["round_score"] for r in rows] == list(expected.round_scores)


class TestCodes:
    def test_every_code_of_a_payload_is_understood(self) -> None:
        s = enter(random_table(random.Random(3)))
        for screen in ("table", "seat:0", "seat:1", "scores"):
            text = json.dumps(s.payload(screen))
            codes = {c for c in _codes(s.payload(screen))}
            assert codes, screen
            for code in codes:
                answer = CalcSession(Calculator.loads(s.save())).submit(code, "")
                assert "not a score table" not in answer["message"], (code, answer)
            assert text  # JSON-ready

    def test_an_unknown_code_is_refused_in_words(self) -> None:
        s = CalcSession()
        for code in ("teleport", "add:0", "add:x:hand:crab:black", "remove:0:zz"):
            answer = s.submit(code)
            assert not answer["ok"] and answer["message"]

    def test_a_refusal_says_why(self) -> None:
        s = CalcSession()
        s.submit("add:0:hand:captain:light-orange")
        answer = s.submit("add:1:hand:captain:light-orange")
        assert answer == {"ok": False, "message": "No Captain (light orange) left: the deck "
                          "holds 1, already entered (Player 1)."}
        answer = s.submit("add:1:front:shell:black")
        assert answer["message"].startswith("Shell: this card is never")

    def test_what_was_done_is_said(self) -> None:
        s = CalcSession()
        assert s.submit("name:0", "Ann")["ok"]
        assert s.submit("add:0:front:crab:black")["message"] == (
            "Ann: Crab (black) added in front.")
        assert s.submit("undo:0")["message"] == "Ann: Crab (black) taken back."

    def test_screens(self) -> None:
        s = CalcSession()
        assert s.screen_of("seat:1") == "seat:1"
        assert s.screen_of("seat:2") == "table" and s.screen_of("nowhere") == "table"
        tabs = s.payload("table")["tabs"]
        assert [t["screen"] for t in tabs] == ["table", "seat:0", "seat:1", "scores"]

    def test_unnamed_seats_tabs_are_short_and_distinct(self) -> None:
        """A phone's tab cut ``Player 1`` and ``Player 2`` to the same ``Play…``: an
        unnamed seat's tab is ``P1``, its whole name in the title; a name given is the
        tab."""
        s = CalcSession(Calculator(3, ["", "Bob", ""]))
        seats = [t for t in s.payload("table")["tabs"] if t["screen"].startswith("seat:")]
        assert [t["label"] for t in seats] == ["P1", "Bob", "P3"]
        assert [t["title"] for t in seats] == ["Player 1", "Bob", "Player 3"]

    def test_the_link(self) -> None:
        assert query_calc("?calc") and query_calc("?lang=fr&calc=1")
        assert not query_calc("?players=you,easy") and not query_calc("")
        assert calc_query("", True) == "?calc" and calc_query("?lang=fr", True) == (
            "?lang=fr&calc")
        assert calc_query("?lang=fr&calc", False) == "?lang=fr"
        assert calc_query("?calc=1", False) == "" and calc_query("?calc", True) == "?calc"


def _codes(node: Any) -> list[str]:
    if isinstance(node, dict):
        found = [v for k, v in node.items() if k == "code" and isinstance(v, str)]
        if "codes" in node:
            found += list(node["codes"].values())
        return found + [c for v in node.values() for c in _codes(v)]
    if isinstance(node, list):
        return [c for v in node for c in _codes(v)]
    return []


class TestSave:
    def test_a_reload_keeps_the_table(self) -> None:
        s = enter(random_table(random.Random(8)))
        again, notice = CalcSession.load(s.save())
        assert notice == "" and again.payload("scores") == s.payload("scores")

    @pytest.mark.parametrize("text", ["{not json", "[]", json.dumps({"format": "x"}),
                                      json.dumps({"format": "seasalt-calculator",
                                                  "version": 1, "names": ["a"]})])
    def test_a_corrupt_save_gives_a_new_table_and_says_so(self, text: str) -> None:
        s, notice = CalcSession.load(text)
        assert s.calc.to_dict() == Calculator().to_dict()
        assert notice.startswith("The saved score table could not be read")

    @pytest.mark.parametrize("text", ["[" * 20_000 + "]" * 20_000, "[" * 20_000, "9" * 5_000,
                                      '{"format":"seasalt-calculator","version":' + "9" * 5_000
                                      + "}", "[1,2,3]", "null", "{}", "NaN"])
    def test_a_hostile_save_gives_a_new_table_and_says_so(self, text: str) -> None:
        """Issue 41, item 3: a 20 KB bracket nest, a 5,000-digit number, wrong shapes."""
        s, notice = CalcSession.load(text)
        assert s.calc.to_dict() == Calculator().to_dict()
        assert notice == ("The saved score table could not be read (This is not a score "
                          "table the calculator can read.), so a new one was started.")

    def test_nothing_saved(self) -> None:
        s, notice = CalcSession.load(None)
        assert notice == "" and s.calc.players == 2


class TestGameEnd:
    def test_three_rounds_to_the_target_with_last_chance_won_and_lost(self) -> None:
        s = CalcSession()
        for code, value in (("name:0", "Ann"), ("name:1", "Bob")):
            s.submit(code, value)
        rounds = [  # (Ann's cards, Bob's cards, end, caller)
            (["captain:light-orange", "sailor:pink", "sailor:orange", "octopus:grey"],
             ["shell:black", "shell:grey"], "last-chance", "0"),  # won: 11 + 1; Bob 1
            (["crab:black", "crab:grey"], ["octopus:yellow", "octopus:green",
                                           "octopus:grey", "octopus:purple"],
             "last-chance", "0"),  # lost: Ann her bonus 1, Bob 9
            (["captain:light-orange", "sailor:pink", "sailor:orange", "penguin:pink",
              "penguin:purple", "penguin:light-orange", "penguin-colony:green",
              "octopus:yellow", "octopus:green", "octopus:grey", "octopus:purple"],
             ["shell:black"], "stop", "0"),  # 11 + 5 + 6 + 9 = 31: 44, the target is 40
        ]
        assert s.payload("table")["totals_line"] == ""  # no round scored yet
        lines = []
        for ann, bob, end, caller in rounds:
            for p, cards in ((0, ann), (1, bob)):
                for n in cards:
                    kind, colour = n.split(":")
                    assert s.submit(f"add:{p}:hand:{kind}:{colour}")["ok"]
            s.submit(f"end:{end}")
            s.submit("caller", caller)
            assert s.submit("score")["ok"]
            lines.append(s.payload("seat:0")["totals_line"])
        # the running totals above the tabs; the game's end shows its standings instead
        assert lines == ["Totals: Ann 12 · Bob 1", "Totals: Ann 13 · Bob 10", ""]
        p = s.payload("scores")
        cells = [[c["text"] for c in r["cells"]] for r in p["scores"]["rounds"]["rows"]]
        assert cells == [["+12 → 12", "+1 → 1"], ["+1 → 13", "+9 → 10"],
                         ["+31 → 44", "+0 → 10"]]
        assert p["over"] and p["outcome"]["title"] == "Ann wins!"
        assert [x["score"] for x in p["outcome"]["standings"]] == [44, 10]
        assert [r["end"] for r in p["scores"]["rounds"]["rows"]] == [
            "LAST CHANCE won: Ann", "LAST CHANCE lost: Ann", "STOP: Ann"]
        assert not s.submit("add:0:hand:crab:black")["ok"]


@pytest.fixture(autouse=True)
def english() -> Any:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_cards_of_the_table_are_real_cards() -> None:
    table = random_table(random.Random(1))
    for taps in table.entries:
        for _zone, kind, colour in taps:
            assert any(c.kind.slug == kind and c.colour.slug == colour for c in CARDS)
