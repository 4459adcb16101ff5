"""The presenter's words (seasalt.ssp.present) and the translation function (seasalt.i18n):
card and event names, action labels, round and game results, table labels, setup labels;
a catalog installed at run time changes them; every string is extractable."""

from __future__ import annotations

import ast
import struct
from collections.abc import Iterator
from pathlib import Path

import pytest

from seasalt import i18n
from seasalt.ssp import present as P
from seasalt.ssp.actions import (
    DRAW,
    END,
    LAST_CHANCE,
    PASS,
    STOP,
    Action,
    angelfish,
    duo,
    keep,
    keep_event,
    pick,
    reef,
    swap,
    take,
    trio,
)
from seasalt.ssp.cards import ALL_CARDS as DECK
from seasalt.ssp.cards import CARDS, Colour, Event, Kind, parse_cards

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["Ann", "Bob", "Cy"]


def ids(*notations: str) -> list[int]:
    return parse_cards(notations, DECK)


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language(None)
    yield
    i18n.set_language(None)


# --------------------------------------------------------------------------- names


class TestNames:
    def test_english_words_are_the_engines(self) -> None:
        assert all(P.kind_name(k) == k.title for k in Kind)
        assert all(P.colour_name(c) == c.title for c in Colour)
        assert all(P.event_title(e) == e.title and P.event_text(e.slug) == e.text
                   for e in Event)
        assert all(P.card_name(c.id) == c.title for c in CARDS)

    def test_card_name_and_label(self) -> None:
        crab = ids("crab:dark-blue")[0]
        assert P.card_name(crab) == "Crab (dark blue)"
        assert P.card_label(crab) == "Crab, dark blue"
        assert P.card_hint(crab) == "Duo: search a discard pile"
        assert P.cards_text([]) == "none"
        assert P.cards_text(ids("shell:black", "boat:yellow")) == "Shell (black), Boat (yellow)"

    def test_catalogue(self) -> None:
        cat = P.card_catalogue()
        assert [c["id"] for c in cat] == list(range(len(CARDS)))
        star = cat[ids("starfish:yellow")[0]]
        assert star["title"] == "Starfish" and star["colour_name"] == "yellow"
        assert star["hint"] == "+2 in a trio" and star["kind"] == "starfish"
        assert star["category"] == "special" and star["label"] == "Starfish, yellow"

    def test_event_info(self) -> None:
        info = P.event_info("kraken")
        assert info == {"slug": "kraken", "title": "Kraken",
                        "text": "Each Octopus is worth 1 point.", "goes_to": "most",
                        "goes_to_text": "At round end: to the most points"}
        assert P.event_info(Event.SUNFISH)["goes_to"] == "fewest"

    def test_seat_names_and_you(self) -> None:
        assert P.seat_name(1, NAMES) == "Bob"
        assert P.seat_name(3, NAMES) == "Player 4"
        assert P.seat_name(0, ["", "Bob"]) == "Player 1"
        assert P.is_you(1, NAMES, 1) and not P.is_you(1, NAMES, 0)
        assert P.is_you(0, ["You", "Bob"], None)  # the only human's default name
        assert not P.is_you(-1, NAMES, None)

    @pytest.mark.parametrize("code", ["en", "fr", "nl", "tr"])
    def test_you_in_any_language_gets_the_second_person(self, code: str) -> None:
        """A game begun in one language and shown in another: its person's default name
        ("You", "Vous", "Jij", "Sen") is still spoken to, in every language: never
        "You receives the event Kraken"."""
        try:
            names_of_you = []
            for made_in in ("en", "fr", "nl", "tr"):
                i18n.set_language(made_in)
                names_of_you.append(P.default_name("human", 0, ["human", "easy"]))
            i18n.set_language(code)
            second = P.log_line({"type": "event-given", "seat": 0, "event": "kraken"},
                                ["x", "Bob"], 0)
            for name in [*names_of_you, "you", " YOU "]:
                line = P.log_line({"type": "event-given", "seat": 0, "event": "kraken"},
                                  [name, "Bob"], None)
                assert line == second, (code, name, line)
            third = P.log_line({"type": "event-given", "seat": 1, "event": "kraken"},
                               ["You", "Bob"], None)
            assert third.startswith("Bob"), third
        finally:
            i18n.set_language("en")

    def test_you_names_are_the_catalogs(self) -> None:
        from seasalt.ssp.present.words import YOU_NAMES

        found = set()
        for code in ("en", "fr", "nl", "tr"):
            i18n.set_language(code)
            found.add(i18n._("You").casefold())
        i18n.set_language("en")
        assert found == YOU_NAMES

    def test_lists(self) -> None:
        assert P.join_and(["A"]) == "A"
        assert P.join_and(["A", "B"]) == "A and B"
        assert P.join_and(["A", "B", "C"]) == "A, B and C"


# --------------------------------------------------------------------------- actions


class TestActionLabels:
    crab1, crab2 = ids("crab:dark-blue", "crab:light-blue")

    @pytest.mark.parametrize("action, text", [
        (DRAW, "Draw two cards from the draw pile"),
        (take(2), "Take the top card of discard pile 2"),
        (STOP, "Announce STOP"),
        (LAST_CHANCE, "Announce LAST CHANCE"),
        (END, "End the turn"),
        (PASS, "Pass"),
        (angelfish(1), "Angelfish: take the top card of discard pile 1"),
        (keep_event(Event.KRAKEN), "Keep the event Kraken (discard the other)"),
    ])
    def test_simple(self, action: Action, text: str) -> None:
        assert P.action_label(action) == text

    def test_with_cards(self) -> None:
        a, b = self.crab1, self.crab2
        assert P.action_label(keep(a, 2)) == (
            "Keep Crab (dark blue), discard the other on pile 2")
        assert P.action_label(pick(a)) == "Take Crab (dark blue)"
        assert P.action_label(duo(a, b, 1)) == (
            "Play Crab (dark blue) + Crab (light blue): search discard pile 1")
        assert P.action_label(duo(a, b)).endswith(": no discard pile to search")
        shell = ids("shell:green")[0]
        assert P.action_label(reef(shell)) == (
            "Place Shell (green) face down (Coral Reef: protected this round)")
        assert P.action_label(swap(a, shell)) == (
            "Give Crab (dark blue) and take Shell (green) (Water Rodeo)")
        star = ids("starfish:yellow")[0]
        assert P.action_label(trio(a, b, star)) == (
            "Play Crab (dark blue) + Crab (light blue) + Starfish (yellow) as a trio "
            "(no effect, +2)")

    @pytest.mark.parametrize("cards, arg, tail", [
        (("boat:dark-blue", "boat:black"), -1, ": extra turn"),
        (("fish:dark-blue", "fish:black"), -1, ": draw the top card"),
        (("swimmer:dark-blue", "shark:black"), 1, ": steal a card from Bob"),
        (("swimmer:dark-blue", "shark:black"), -1, ": nobody to steal from"),
        (("swimmer:dark-blue", "swimmer:black"), 2, ": look at Cy's hand and maybe swap a card"),
        (("swimmer:dark-blue", "swimmer:black"), -1, ": nobody to swap with"),
        (("shark:dark-blue", "shark:black"), 0, ": take a placed duo from Ann"),
        (("shark:dark-blue", "shark:black"), -1, ": no duo to take"),
        (("crab:black", "lobster:black"), -1,
         ": look at the top 5 cards of the draw pile and keep one"),
        (("swimmer:dark-blue", "jellyfish:pink"), -1,
         ": every opponent's next turn is a forced draw"),
    ])
    def test_duos(self, cards: tuple[str, str], arg: int, tail: str) -> None:
        a, b = ids(*cards)
        text = P.action_label(duo(a, b, arg), NAMES)
        assert text.startswith("Play ") and text.endswith(tail), text

    def test_any_form_of_an_action(self) -> None:
        from seasalt.ssp.actions import action_info

        a = duo(self.crab1, self.crab2, 2)
        want = P.action_label(a)
        assert P.action_label(str(a)) == want
        assert P.action_label({"code": str(a)}) == want
        assert P.action_label(action_info(a)) == want
        assert P.action_label(action_info(a).to_dict()) == want

    def test_hints(self) -> None:
        assert P.announce_hint(STOP).startswith("The round ends now")
        assert "colour bonus" in P.announce_hint("last-chance")
        assert P.announce_hint(END) == ""
        assert P.forced_draw_label() == "Forced draw"
        assert "Jellyfish" in P.forced_draw_hint()


# --------------------------------------------------------------------------- results


def _result(end: str, caller: int = 1, bet: bool | None = None, n: int = 2) -> dict:
    players = [{"duos": 1, "mermaids": 0, "collectors": 2, "multipliers": 0,
                "card_points": 3, "colour_bonus": 2, "round_score": 3 + i, "total": 10 + i,
                "hand": [0, 1] if i == 0 else None, "front": [20, 21]} for i in range(n)]
    return {"round": 2, "end": end, "caller": caller, "bet_won": bet, "players": players}


class TestResults:
    @pytest.mark.parametrize("end, bet, title, detail", [
        ("stop", None, "Bob called STOP",
         "Everyone scores their card points; nobody gets a colour bonus."),
        ("last-chance", True, "Bob called LAST CHANCE and won the bet",
         "Bob scores card points plus colour bonus; the others score only their colour "
         "bonus."),
        ("last-chance", False, "Bob called LAST CHANCE and lost the bet",
         "Bob scores only the colour bonus; the others score their card points."),
        ("empty-draw-pile", None, "The draw pile ran out", "Nobody scores this round."),
    ])
    def test_round(self, end: str, bet: bool | None, title: str, detail: str) -> None:
        r = P.round_result(_result(end, 1, bet), NAMES)
        assert (r["title"], r["detail"]) == (title, detail)
        assert r["kicker"] == "Round 2 is over"
        assert [c["key"] for c in r["columns"]] == [
            "duos", "mermaids", "collectors", "multipliers", "card_points", "colour_bonus",
            "round_score", "total"]
        assert [row["name"] for row in r["rows"]] == ["Ann", "Bob"]
        assert r["rows"][0]["cards"] == [0, 1, 20, 21] and r["rows"][1]["hand"] is None
        assert r["rows"][0]["groups"] == [[20, 21]]

    def test_one_wording_for_screen_log_and_terminal(self) -> None:
        res = _result("last-chance", 0, False)
        headline = P.round_headline(res, NAMES)
        assert P.round_result(res, NAMES)["summary"] == f"Round 2 ends: {headline}."
        assert P.round_log_line(res, NAMES) == f"Round 2 ends: {headline}. Scores: Ann 3, Bob 4."
        assert P.round_log_line(_result("empty-draw-pile")) == (
            "Round 2 ends: the draw pile ran out; nobody scores.")

    def test_round_speaks_to_you(self) -> None:
        res = _result("last-chance", 0, False)
        assert P.round_detail(res, ["You", "Bob"]).startswith("You score only")
        assert P.round_headline(res, NAMES, seat=0) == "You called LAST CHANCE and lost the bet"

    def test_badges(self) -> None:
        assert P.call_badge(_result("stop", 1), 1) == "STOP"
        assert P.call_badge(_result("stop", 1), 0) == ""
        assert P.call_badge(_result("last-chance", 0, True), 0) == "LAST CHANCE ✓ won"
        assert P.call_badge(_result("last-chance", 0, False), 0) == "LAST CHANCE ✗ lost"
        assert P.call_badge(_result("empty-draw-pile", -1), 0) == ""

    def test_game(self) -> None:
        g = P.game_result({"termination": "target", "winners": [0], "scores": [40, 3]},
                          NAMES[:2])
        assert (g["title"], g["detail"]) == (
            "Ann wins!", "Ann has the highest total once the target was reached.")
        assert [s["seat"] for s in g["standings"]] == [0, 1]
        assert g["standings"][0]["badge"] == "★ winner" and g["standings"][0]["winner"]
        assert g["standings"][1]["score_text"] == "3 pts"
        you = P.game_result({"termination": "target", "winners": [0], "scores": [40, 3]},
                            ["You", "Bob"])
        assert (you["title"], you["detail"]) == (
            "You win!", "You have the highest total once the target was reached.")
        tie = P.game_result({"termination": "target", "winners": [0, 2],
                             "scores": [40, 3, 40]}, NAMES)
        assert tie["title"] == "Ann and Cy share the victory!"
        assert [s["seat"] for s in tie["standings"]] == [0, 2, 1]
        four = P.game_result({"termination": "four-mermaids", "winners": [1],
                              "scores": [0, 0]}, NAMES)
        assert four["detail"] == "Bob holds all four Mermaids: an instant victory."
        dance = P.game_result({"termination": "four-mermaids", "winners": [1],
                               "scores": [0, 0]}, NAMES, 1,
                              [{"type": "four-mermaids", "seat": 1, "dance": True,
                                "mermaids": 3}])
        assert dance["detail"] == (
            "You hold 3 Mermaids (Dance of the Mermaids): an instant victory.")
        assert P.last_round_title(_result("stop", 1), NAMES) == "Last round (2): Bob called STOP"
        assert P.final_scores_text([40, 3], NAMES) == "Final scores: Ann 40, Bob 3"


# --------------------------------------------------------------------------- table, setup


class TestTableWords:
    def test_counts(self) -> None:
        assert P.card_count(1) == "1 card" and P.card_count(0) == "0 cards"
        assert P.hand_label(5) == "5 cards in hand"
        assert P.hand_label(5, 2) == "5 cards in hand (2 known)"
        assert P.hand_label(1, 1) == "1 card in hand"
        assert P.hand_label(5, 1) == "5 cards in hand (1 known)"

    @pytest.mark.parametrize(("code", "one", "three"), [
        ("fr", "(1 connue)", "(3 connues)"), ("nl", "(1 bekend)", "(3 bekend)"),
        ("tr", "(1 tanesi biliniyor)", "(3 tanesi biliniyor)")])
    def test_known_cards_are_counted_in_the_languages_plural(self, code: str, one: str,
                                                             three: str) -> None:
        try:
            i18n.set_language(code)
            assert P.hand_label(5, 1).endswith(one) and P.hand_label(5, 3).endswith(three)
        finally:
            i18n.set_language("en")

    def test_piles(self) -> None:
        octo = ids("octopus:green")[0]
        assert P.pile_name(0) == "Draw pile" and P.pile_name(2) == "Discard 2"
        assert P.pile_description(1, octo, 3) == "Discard pile 1: Octopus, green; 3 cards"
        assert P.pile_description(2, None, 0) == "Discard pile 2: empty"
        assert P.pile_description(0, None, 40) == "Draw pile: 40 cards"

    def test_points_panel(self) -> None:
        assert P.points_panel(None) is None
        p = P.points_panel({"duos": 2, "mermaids": 0, "collectors": 3, "multipliers": 0,
                            "card_points": 5, "colour_bonus": 4})
        assert p is not None and p["label"] == "Card points" and p["total"] == 5
        assert [x["text"] for x in p["parts"]] == [
            "duos 2", "mermaids 0", "collectors 3", "multipliers 0", "colour bonus 4"]

    def test_ui_text(self) -> None:
        assert P.ui_text("your-hand") == "Your hand"
        with pytest.raises(KeyError):
            P.ui_text("nope")


class TestSetupWords:
    def test_names(self) -> None:
        assert P.default_name("human", 0, ["human", "hard"]) == "You"
        assert P.default_name("human", 1, ["human", "human"]) == "Player 2"
        assert P.default_name("easy", 1, ["human", "easy"]) == "Easy bot"
        kinds = ["easy", "human", "easy", "hard"]  # two bots of one level are numbered
        assert [P.default_name(k, i, kinds) for i, k in enumerate(kinds)] == [
            "Easy bot 1", "You", "Easy bot 2", "Hard bot"]
        assert P.kind_label("human") == "Human" and P.kind_label("hard") == "Hard bot"
        assert P.bot_name("expert:iterations=5") == "Expert bot"
        assert P.bot_name("wizard") == "Wizard bot"

    def test_menus(self) -> None:
        assert P.seat_choices()[0] == ("you", "You")
        assert [v for v, _ in P.seat_choices()] == ["you", "human", "easy", "medium", "hard",
                                                    "friend"]
        assert P.speed_label("normal", 800) == "Normal (0.8 s a move)"
        assert P.speed_label("instant", 0) == "Instant" and P.speed_name("fast") == "Fast"
        try:
            for code in ("fr", "nl", "tr"):
                i18n.set_language(code)
                assert "0,15 s" in P.speed_label("normal", 150), code
        finally:
            i18n.set_language("en")
        assert P.target_text(False) == "40 / 35 / 30 points"
        assert P.target_text(True) == "80 / 70 / 60 points"
        assert P.expansion_name("extra_pepper") == "Extra Pepper"
        assert P.player_label(0) == "Player 1"


# --------------------------------------------------------------------------- i18n


def write_mo(path: Path, messages: dict[str, str | list[str]], plural: str) -> None:
    """A minimal GNU .mo file (what msgfmt writes) for ``messages``."""
    entries: dict[bytes, bytes] = {
        b"": (f"Content-Type: text/plain; charset=UTF-8\nPlural-Forms: {plural}\n").encode()}
    for key, value in messages.items():
        if isinstance(value, list):
            singular, plural_form = key.split("\x00")
            entries[f"{singular}\x00{plural_form}".encode()] = "\x00".join(value).encode()
        else:
            entries[key.encode()] = value.encode()
    keys = sorted(entries)
    offsets, ids_, strs = [], b"", b""
    for k in keys:
        offsets.append((len(ids_), len(k), len(strs), len(entries[k])))
        ids_ += k + b"\x00"
        strs += entries[k] + b"\x00"
    start = 7 * 4 + 16 * len(keys)
    table = b"".join(struct.pack("<ii", length, start + o) for o, length, _, _ in offsets)
    table += b"".join(struct.pack("<ii", length, start + len(ids_) + o)
                      for _, _, o, length in offsets)
    header = struct.pack("<Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4,
                         7 * 4 + 8 * len(keys), 0, 0)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(header + table + ids_ + strs)


class TestTranslation:
    def test_english_by_default(self) -> None:
        assert i18n.language() == "en"
        assert i18n._("Crab") == "Crab"
        assert i18n.ngettext("{count} card", "{count} cards", 2) == "{count} cards"
        assert i18n.set_language("fr", "/nonexistent") == "en"
        assert i18n.set_language("en-GB") == "en"

    def test_a_catalog_changes_the_presenters_words(self, tmp_path: Path) -> None:
        write_mo(tmp_path / "fr" / "LC_MESSAGES" / "seasalt.mo", {
            "Crab": "Crabe", "dark blue": "bleu foncé", "{kind} ({colour})": "{kind} ({colour})",
            "Take {card}": "Prendre {card}",
            "{count} card\x00{count} cards": ["{count} carte", "{count} cartes"],
        }, "nplurals=2; plural=(n > 1);")
        assert i18n.set_language("fr-FR", tmp_path) == "fr_FR"
        assert i18n.language() == "fr_FR"
        crab = ids("crab:dark-blue")[0]
        assert P.card_name(crab) == "Crabe (bleu foncé)"
        assert P.action_label(pick(crab)) == "Prendre Crabe (bleu foncé)"
        assert P.card_count(0) == "0 carte" and P.card_count(2) == "2 cartes"
        assert P.kind_name(Kind.BOAT) == "Boat"  # missing entries stay English
        i18n.set_language("en")
        assert P.card_name(crab) == "Crab (dark blue)"

    def test_a_catalog_changes_the_pages_fixed_words(self, tmp_path: Path) -> None:
        english = P.page_texts()
        assert english["rematch"] == "Rematch" and english["game-log"] == "Game log"
        assert english["extra-salt-hint"] == ("8 more cards (66): Jellyfish, Lobster, "
                                              "Cast of Crabs, Starfish, Seahorse")
        assert english["extra-pepper-hint"].startswith("12 events: one on the table")
        mo = tmp_path / "x.mo"
        write_mo(mo, {"Rematch": "Revanche", "Extra Salt": "Extra Sel", "Lobster": "Homard",
                      "{count} more card ({total}): {kinds}\x00"
                      "{count} more cards ({total}): {kinds}":
                          ["{count} carte de plus ({total}) : {kinds}",
                           "{count} cartes de plus ({total}) : {kinds}"]},
                 "nplurals=2; plural=(n > 1);")
        with mo.open("rb") as f:
            i18n.use_catalog(f, "fr")
        french = P.page_texts()
        assert french.keys() == english.keys()
        assert french["rematch"] == P.page_text("rematch") == "Revanche"
        assert french["extra-salt"] == "Extra Sel"
        assert french["extra-salt-hint"].startswith("8 cartes de plus (66) : Jellyfish, Homard")
        assert french["game-log"] == "Game log"  # missing entries stay English
        with pytest.raises(KeyError):
            P.page_text("no-such-key")

    def test_use_catalog_from_bytes(self, tmp_path: Path) -> None:
        mo = tmp_path / "x.mo"
        write_mo(mo, {"Pass": "Passer"}, "nplurals=2; plural=(n > 1);")
        with mo.open("rb") as f:
            i18n.use_catalog(f, "fr")
        assert P.action_label(PASS) == "Passer" and i18n.language() == "fr"


#: Files whose player-facing strings must be extractable.
SOURCES = sorted([*(ROOT / "seasalt" / "ssp" / "present").glob("*.py"),
                  *(ROOT / "seasalt" / "fdm" / "present").glob("*.py")]) + [
    ROOT / "seasalt" / "cli" / "terminal.py", ROOT / "seasalt" / "cli" / "commands" / "play.py"]
GETTEXT_CALLS = {"_": 1, "N_": 1, "ngettext": 2, "pgettext": 2}


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_strings_are_extractable(path: Path) -> None:
    """Every _()/N_()/ngettext()/pgettext() call has literal strings (no f-string, no
    variable), and placeholders are named (``{name}``, never ``{}`` or ``%s``)."""
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in GETTEXT_CALLS):
            continue
        name = node.func.id
        literal_args = node.args[:GETTEXT_CALLS[name]]
        for arg in literal_args:
            where = f"{path.name}:{node.lineno}"
            if not isinstance(arg, ast.Constant):
                # _(TABLE[key]), _(text), _(level.description): a value from a table
                # of N_() literals
                assert name == "_" and isinstance(
                    arg, ast.Subscript | ast.Name | ast.Attribute), where
                continue
            assert isinstance(arg.value, str), where
            assert "{}" not in arg.value and "%s" not in arg.value, where


def _view_dict(**changes: object) -> dict:
    from seasalt.ssp.game import GAME

    d = GAME.view(GAME.new_game(3, 1, {"extra_salt": True, "extra_pepper": True}), 0).to_dict()
    d.update(changes)
    return d


class TestTableOfAView:
    def test_header_and_turn(self) -> None:
        v = _view_dict(call="last-chance", caller=2, current=1, event_deck_size=1)
        assert P.header_bits(v, NAMES) == [
            "Round 1", "target 35 points", "Extra Salt: 66 cards",
            "Extra Pepper: 1 event in the deck", "LAST CHANCE called by Cy"]
        assert P.turn_text(v, NAMES, 0) == "Bob to play (final turn)"
        assert P.turn_text(v, NAMES, 1) == "Your final turn"
        assert P.turn_text({**v, "call": None, "extra_turn": True}, NAMES, 1) == (
            "Your extra turn")
        assert P.turn_text({**v, "current": -2}, NAMES, 1) == ""

    def test_badges(self) -> None:
        v = _view_dict(call="last-chance", caller=2, current=1, extra_turn=True,
                       revealed=[False, True, True], forced=[True, False, False],
                       held_events=[["kraken"], [], []], protected=[False, True, False])
        kinds = ["human", "hard", "easy"]
        assert [(b["kind"], b["text"]) for b in P.seat_badges(v, 1, kinds)] == [
            ("thinking", "thinking"), ("extra", "extra turn"), ("final", "final turn"),
            ("revealed", "revealed"), ("reef", "Coral Reef")]
        assert [(b["kind"], b["text"]) for b in P.seat_badges(v, 2, kinds)] == [
            ("call", "LAST CHANCE")]
        mine = P.seat_badges(v, 0, kinds)
        assert [(b["kind"], b["text"]) for b in mine] == [
            ("forced", "Jellyfish: forced draw"), ("event", "Event: Kraken")]
        assert mine[1]["event"] == "kraken"
        assert mine[1]["title"] == "Kraken: Each Octopus is worth 1 point."
        assert P.seat_badges({**v, "current": 0}, 0, kinds)[0]["text"] == "to play"

    def test_table_text(self) -> None:
        from seasalt.ssp.game import GAME

        s = GAME.new_game(3, 1, {"extra_salt": True, "extra_pepper": True})
        t = P.table_text(GAME.view(s, 0, log=True), NAMES, ["human", "easy", "hard"])
        assert t["turn"] == "Your turn" and t["header"][0] == "Round 1"
        assert [x["name"] for x in t["seats"]] == NAMES
        assert t["seats"][1]["kind"] == "Easy bot" and t["seats"][0]["score_text"] == "0 pts"
        assert [p["name"] for p in t["piles"]] == ["Draw pile", "Discard 1", "Discard 2"]
        assert t["piles"][1]["description"].startswith("Discard pile 1: ")
        assert t["table_event"]["title"] == P.event_title(t["table_event"]["slug"])
        assert t["points"]["total"] == 0
        assert t["log"] == ["Round 1 begins; you start. Event: Angelfish."]
        spectator = P.table_text(GAME.view(s, None, log=True).to_dict())
        assert spectator["points"] is None and spectator["turn"] == "Player 1 to play"


class TestMoreSetupWords:
    def test_resume_and_handoff(self) -> None:
        assert P.resume_summary(3, {"extra_salt": True, "extra_pepper": True}, 4, False,
                                [("Ann", 12), ("Bob", 9)]) == (
            "3 players, Extra Salt, Extra Pepper, round 4: Ann (12), Bob (9)")
        assert P.resume_summary(2, {}, 4, True, [("Ann", 40), ("Bob", 9)]) == (
            "2 players, finished: Ann (40), Bob (9)")
        assert P.handoff_texts("Ann") == {"title": "Pass the device to Ann",
                                          "ready": "I am Ann: show my hand"}


def test_steal_pair_label() -> None:
    a, b = ids("crab:black", "crab:green")
    assert P.steal_pair_label((a, b), 1, NAMES) == "Take Crab (black) + Crab (green) from Bob"


class TestRulesAndColours:
    """Issue 11: each card type's whole rule, the colour panel, card names with a state."""

    def test_every_kind_has_a_rule_longer_than_its_hint(self) -> None:
        for k in Kind:
            rule = P.kind_rule(k)
            assert rule.endswith(".") and "{" not in rule, k
            hint = P.card_hint(next(c.id for c in CARDS if c.kind == k))
            assert len(rule) > len(hint)
        assert P.kind_rule(Kind.SHELL) == (
            "Collector, never played. Points for 1 to 6 Shells: 0, 2, 4, 6, 8, 10.")
        assert P.kind_rule(Kind.SAILOR).endswith("Points for 1 to 2 Sailors: 0, 5.")
        assert P.collector_points(Kind.PENGUIN) == "1, 3, 5"
        assert P.collector_points(Kind.CRAB) == ""
        assert P.card_rule(ids("boat:black")[0]) == P.kind_rule(Kind.BOAT)

    def test_card_aria(self) -> None:
        crab = ids("crab:dark-blue")[0]
        assert P.card_aria(crab) == "Crab, dark blue"
        assert P.card_aria(crab, selected=True) == "Crab, dark blue, selected"

    def test_colour_panel_counts_hand_and_front_not_the_reef(self) -> None:
        hand = ids("mermaid:white", "crab:dark-blue", "boat:dark-blue", "seahorse:white")
        front = ids("fish:black", "fish:dark-blue")
        reef = ids("shell:green")[0]
        v = _view_dict(seat=0, hand=hand, fronts=[front, [], []], reef=reef)
        panel = P.colour_panel(v)
        assert [(c["colour"], c["count"]) for c in panel["colours"]] == [
            ("dark-blue", 3), ("white", 2), ("black", 1)]
        assert panel["colours"][0]["label"] == "dark blue: 3 cards"
        assert panel["colours"][2]["label"] == "black: 1 card"
        assert P.colour_counts(v) == {Colour.DARK_BLUE: 3, Colour.WHITE: 2, Colour.BLACK: 1}
        assert P.colour_panel(_view_dict(seat=None))["colours"] == []

    def test_a_catalog_translates_the_rules(self, tmp_path: Path) -> None:
        mo = tmp_path / "x.mo"
        write_mo(mo, {"Boat": "Bateau", "{card}, selected": "{card}, sélectionnée",
                      "dark blue": "bleu foncé", "{kind}, {colour}": "{kind}, {colour}"},
                 "nplurals=2; plural=(n > 1);")
        with mo.open("rb") as f:
            i18n.use_catalog(f, "fr")
        boat = ids("boat:dark-blue")[0]
        assert P.card_aria(boat, selected=True) == "Bateau, bleu foncé, sélectionnée"


def test_one_english_word_two_translations_in_context(tmp_path: Path) -> None:
    """The target's "Normal" and the bots' speed "Normal" are two messages (pgettext)."""
    mo = tmp_path / "x.mo"
    write_mo(mo, {"target\x04Normal": "Normal", "bot speed\x04Normal": "Normale"},
             "nplurals=2; plural=(n > 1);")
    with mo.open("rb") as f:
        i18n.use_catalog(f, "fr")
    assert P.page_text("normal-target") == "Normal"
    assert P.speed_name("normal") == "Normale"
    assert P.speed_label("normal", 800) == "Normale (0.8 s a move)"
    i18n.set_language(None)
    assert P.page_text("normal-target") == P.speed_name("normal") == "Normal"


@pytest.mark.parametrize("code", ["en", "fr", "nl", "tr"])
def test_a_duo_has_one_name_on_buttons_in_the_log_and_figures(code: str) -> None:
    """Buttons (and the coach, which uses their words) say ``duo_name``; the log and
    the figures say ``effect_name``: the same words for a duo of one type."""
    from seasalt.ssp.cards import CARDS
    from seasalt.ssp.present.actions import duo_name
    from seasalt.ssp.present.cards import effect_name

    try:
        i18n.set_language(code)
        for kind in ("crab", "boat", "fish"):
            a, b = [c for c, card in enumerate(CARDS) if card.kind.slug == kind][:2]
            assert duo_name(a, b) == effect_name(kind), (code, kind)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "fr", "nl", "tr"])
def test_a_colour_on_a_card_may_break_only_where_its_catalog_says(lang: str) -> None:
    """A card prints its colour with a soft hyphen where a long word may break on a
    small card ("donker-" / "blauw", not one squeezed word); the letters are the
    colour's name's."""
    from seasalt.ssp.present.cards import SOFT_HYPHEN, colour_name, colour_on_card

    with i18n.temporary_language():
        i18n.set_language(lang)
        for colour in Colour:
            printed = colour_on_card(colour)
            assert printed.replace(SOFT_HYPHEN, "") == colour_name(colour)
            assert "|" not in printed
            # no word of more than 8 letters without a place to break
            assert all(len(part) <= 8 for word in printed.split()
                       for part in word.split(SOFT_HYPHEN)), printed
        if lang == "nl":
            assert colour_on_card(Colour.DARK_BLUE) == f"donker{SOFT_HYPHEN}blauw"
            assert colour_on_card(Colour.LIGHT_ORANGE) == f"licht{SOFT_HYPHEN}oranje"
        catalogue = {c["colour"]: c["colour_card"] for c in P.card_catalogue()}
        assert catalogue["dark-blue"] == colour_on_card(Colour.DARK_BLUE)
