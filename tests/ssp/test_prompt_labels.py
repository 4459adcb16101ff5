"""The prompt's button words say what happens (issue 12): duos and trios by name and
effect, the keep step's buttons, the Extra Pepper choices' passes.

:func:`seasalt.ssp.present.actions.play_label` words the button that plays the selected
cards; :func:`~seasalt.ssp.present.actions.action_label` stays the longer description
(the button's tooltip, the terminal's menus).
"""

from __future__ import annotations

import io
import random
from collections.abc import Iterator

import pytest

from seasalt import i18n
from seasalt.ssp.actions import STOP, duo, keep, trio
from seasalt.ssp.cards import ALL_CARDS as DECK
from seasalt.ssp.cards import parse_cards
from seasalt.ssp.game import GAME
from seasalt.ssp.present.actions import (
    action_label,
    announce_label,
    discard_here,
    duo_name,
    end_label,
    keep_event_label,
    keep_label,
    pass_label,
    play_label,
)
from seasalt.ssp.present.prompt import prompt

NAMES = ["Ann", "Bob", "Cy"]


def ids(*notations: str) -> list[int]:
    return parse_cards(notations, DECK)


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("cards, arg, label", [
    (("crab:dark-blue", "crab:black"), 1, "Play Crab duo: pick a card from discard pile 1"),
    (("crab:dark-blue", "crab:black"), 2, "Play Crab duo: pick a card from discard pile 2"),
    (("crab:dark-blue", "crab:black"), -1, "Play Crab duo: no discard pile to search, "
                                           "no effect"),
    (("boat:dark-blue", "boat:black"), -1, "Play Boat duo: take another turn"),
    (("fish:dark-blue", "fish:black"), -1, "Play Fish duo: draw one card from the draw pile"),
    (("swimmer:dark-blue", "shark:black"), 1,
     "Play Swimmer + Shark: steal a random card from Bob"),
    (("shark:black", "swimmer:dark-blue"), 2,
     "Play Swimmer + Shark: steal a random card from Cy"),
    (("swimmer:dark-blue", "shark:black"), -1,
     "Play Swimmer + Shark: nobody to steal from, no effect"),
    (("swimmer:dark-blue", "swimmer:black"), 2,
     "Play Swimmer duo: see Cy's hand, maybe swap a card"),
    (("swimmer:dark-blue", "swimmer:black"), -1,
     "Play Swimmer duo: nobody to swap with, no effect"),
    (("shark:dark-blue", "shark:black"), 0, "Play Shark duo: take a placed duo from Ann"),
    (("shark:dark-blue", "shark:black"), -1, "Play Shark duo: no duo to take, no effect"),
    (("lobster:black", "crab:black"), -1,
     "Play Crab + Lobster: look at the top 5 cards of the draw pile, keep one"),
    (("jellyfish:pink", "swimmer:dark-blue"), -1,
     "Play Swimmer + Jellyfish: every opponent's next turn is a forced draw"),
])
def test_a_duo_button_names_the_duo_and_its_effect(cards: tuple[str, str], arg: int,
                                                   label: str) -> None:
    a, b = ids(*cards)
    assert play_label(duo(a, b, arg), NAMES) == label
    assert play_label(str(duo(a, b, arg)), NAMES) == label  # a code works too


def test_a_trio_button_says_it_has_no_effect() -> None:
    a, b, star = ids("swimmer:dark-blue", "shark:black", "starfish:yellow")
    assert play_label(trio(a, b, star)) == (
        "Play Swimmer + Shark + Starfish as a trio: no effect, 2 more points")
    c, d = ids("crab:dark-blue", "crab:black")
    assert duo_name(c, d) == "Crab duo"
    assert play_label(STOP) == action_label(STOP) == "Announce STOP"


def test_keep_words() -> None:
    (boat,) = ids("boat:dark-blue")
    assert keep_label("Boat", "Shoal of Fish", 1) == "Keep Boat · discard Shoal of Fish on pile 1"
    assert discard_here("Boat") == "Discard Boat here"
    assert keep_event_label("Kraken", "Sunfish") == "Keep Kraken · discard Sunfish"
    assert keep_event_label("Kraken", None) == "Keep Kraken"
    assert action_label(keep(boat, 2)).startswith("Keep Boat (dark blue), discard the other")


def test_pass_words_say_what_passing_means() -> None:
    assert pass_label("angelfish") == "Pass: take neither card"
    assert pass_label("swap") == "Pass: swap no card"
    assert pass_label("play") == "Pass"


def test_the_words_go_through_the_catalog() -> None:
    """The new words go through gettext: a catalog's duo name and card type name show."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    catalog = Catalog(locale="fr")
    for msgid, text in (("Crab", "Crabe"), ("{kind} duo", "duo de {kind}"),
                        ("Play {duo}: take another turn", "Jouer {duo} : rejouer")):
        catalog.add(msgid, text)
    data = io.BytesIO()
    write_mo(data, catalog)
    data.seek(0)
    i18n.use_catalog(data, "fr")
    a, b = ids("crab:dark-blue", "crab:black")
    assert duo_name(a, b) == "duo de Crabe"
    c, d = ids("boat:dark-blue", "boat:black")
    assert play_label(duo(c, d, -1)) == "Jouer duo de Boat : rejouer"


def test_duo_options_in_random_games_use_the_play_words() -> None:
    """In random games with both expansions, once a duo's or trio's cards are selected,
    each option button is its play_label, with the action_label as its tooltip."""
    seen = set()
    for seed in range(40):
        rng = random.Random(seed)
        s = GAME.new_game(3, seed, {"extra_salt": True, "extra_pepper": True})
        while GAME.outcome(s) is None:
            v = GAME.view(s, GAME.current_player(s)).to_dict()
            for x in v["legal"]:
                if x["kind"] in ("duo", "trio"):
                    p = prompt(v, NAMES, ["human"] * 3, list(x["cards"]))
                    (row,) = [part for part in p["parts"] if part["type"] == "buttons"
                              and part["group"] == "duo-options"]
                    (b,) = [b for b in row["buttons"] if b["code"] == x["code"]]
                    assert b["label"] == play_label(x, NAMES)
                    assert b["title"] == action_label(x, NAMES)
                    seen.add(x["effect"])
            s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
        if len(seen) >= 6:
            break
    assert {"crab", "boat", "fish", "steal", "trio"} <= seen, seen


def test_turn_buttons_say_what_happens() -> None:
    """STOP and LAST CHANCE say what they do (their hints say more); the end of a final
    turn after LAST CHANCE says the hand is revealed (R6.0, R6.2)."""
    from seasalt.ssp.actions import END, LAST_CHANCE

    assert announce_label(STOP) == "STOP: end the round now"
    assert announce_label(LAST_CHANCE) == "LAST CHANCE: bet that nobody beats your points"
    assert announce_label(END) == "End the turn"
    assert end_label(False) == "End the turn"
    assert end_label(True) == "End your final turn and reveal your hand"
    finals = plain = 0
    for seed in range(60):
        rng = random.Random(seed)
        s = GAME.new_game(2, seed, {})
        while GAME.outcome(s) is None:
            v = GAME.view(s, GAME.current_player(s)).to_dict()
            kinds = {x["kind"]: x["code"] for x in v["legal"]}
            if "end" in kinds:
                p = prompt(v, NAMES[:2], ["human"] * 2)
                words = {b["code"]: b["label"] for part in p["parts"]
                         if part["type"] == "buttons" for b in part["buttons"]}
                final = v["call"] == "last-chance"  # the caller has no turn after it
                assert words[kinds["end"]] == end_label(final)
                finals += final
                plain += not final
                rows = [r for part in p["parts"] if part["type"] == "announce"
                        for r in part["rows"]]
                for r in rows:
                    assert r["button"]["label"] in (announce_label(STOP),
                                                    announce_label(LAST_CHANCE))
            legal = GAME.legal_actions(s)
            calls = [a for a in legal if str(a) == "last-chance"]
            s = GAME.apply(s, calls[0] if calls and rng.random() < 0.5 else rng.choice(legal))
        if finals and plain:
            break
    assert finals and plain


def test_seats_with_the_same_name_are_told_apart() -> None:
    """Two bots of one level share a default name: the prompt's buttons (a steal's
    target) add the seat's number, so two options never read the same."""
    from seasalt.ssp.present.prompt import distinct_names

    assert distinct_names(["You", "Easy bot", "Easy bot"]) == [
        "You", "Easy bot (seat 2)", "Easy bot (seat 3)"]
    assert distinct_names(["Ann", "Bob"]) == ["Ann", "Bob"]
    names = ["You", "Easy bot", "Easy bot"]
    checked = 0
    for seed in range(80):
        rng = random.Random(seed)
        s = GAME.new_game(3, seed, {})
        while GAME.outcome(s) is None and checked < 5:
            v = GAME.view(s, GAME.current_player(s)).to_dict()
            steals = [x for x in v["legal"] if x.get("effect") == "steal" and x["seat"] is not None]
            for x in steals:
                p = prompt(v, names, ["human", "easy", "easy"], list(x["cards"]))
                labels = [b["label"] for part in p["parts"] if part["type"] == "buttons"
                          and part["group"] == "duo-options" for b in part["buttons"]]
                assert len(labels) == len(set(labels)), labels
                checked += 1
            s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
        if checked >= 5:
            break
    assert checked
