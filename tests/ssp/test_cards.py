"""R1: the 58 cards of the base game, their colours and their notation."""

from __future__ import annotations

from collections import Counter

import pytest

from seasalt.core.errors import InvalidCardError
from seasalt.ssp.cards import (
    BASE_DECK,
    CARDS,
    Category,
    Colour,
    Kind,
    card,
    parse_cards,
    parse_notation,
)

# R1's table, transcribed from docs/rules.md independently of cards.py.
R1_TABLE = {
    "crab": (Category.DUO, {"dark-blue": 2, "light-blue": 2, "yellow": 2, "black": 1,
                            "green": 1, "grey": 1}),
    "boat": (Category.DUO, {"dark-blue": 2, "light-blue": 2, "black": 2, "yellow": 2}),
    "fish": (Category.DUO, {"dark-blue": 2, "black": 2, "light-blue": 1, "yellow": 1,
                            "green": 1}),
    "swimmer": (Category.DUO, {"dark-blue": 1, "light-blue": 1, "black": 1, "yellow": 1,
                               "light-orange": 1}),
    "shark": (Category.DUO, {"dark-blue": 1, "light-blue": 1, "black": 1, "green": 1,
                             "purple": 1}),
    "mermaid": (Category.MERMAID, {"white": 4}),
    "shell": (Category.COLLECTOR, {"dark-blue": 1, "light-blue": 1, "black": 1, "yellow": 1,
                                   "green": 1, "grey": 1}),
    "octopus": (Category.COLLECTOR, {"light-blue": 1, "yellow": 1, "green": 1, "purple": 1,
                                     "grey": 1}),
    "penguin": (Category.COLLECTOR, {"purple": 1, "light-orange": 1, "pink": 1}),
    "sailor": (Category.COLLECTOR, {"pink": 1, "orange": 1}),
    "lighthouse": (Category.MULTIPLIER, {"purple": 1}),
    "shoal-of-fish": (Category.MULTIPLIER, {"grey": 1}),
    "penguin-colony": (Category.MULTIPLIER, {"green": 1}),
    "captain": (Category.MULTIPLIER, {"light-orange": 1}),
}
R1_COUNTS = {"crab": 9, "boat": 8, "fish": 7, "swimmer": 5, "shark": 5, "mermaid": 4,
             "shell": 6, "octopus": 5, "penguin": 3, "sailor": 2, "lighthouse": 1,
             "shoal-of-fish": 1, "penguin-colony": 1, "captain": 1}
R1_COLOUR_TOTALS = {"dark-blue": 9, "light-blue": 9, "black": 8, "yellow": 8, "green": 6,
                    "white": 4, "purple": 4, "grey": 4, "light-orange": 3, "pink": 2,
                    "orange": 1}


class TestR1Cards:
    def test_r1_58_cards_with_unique_ids(self):
        assert len(BASE_DECK) == 58 and len({CARDS[i] for i in BASE_DECK}) == 58
        assert sorted(BASE_DECK) == list(range(58))
        assert [c.id for c in CARDS] == list(range(len(CARDS)))
        assert list(BASE_DECK) == list(range(58))
        assert all(card(i) is CARDS[i] for i in range(58))

    def test_r1_eleven_colours(self):
        assert len(Colour) == 11
        assert {c.slug for c in Colour} == set(R1_COLOUR_TOTALS)

    def test_r1_count_per_type(self):
        counts = Counter(CARDS[i].kind.slug for i in BASE_DECK)
        assert counts == R1_COUNTS

    @pytest.mark.parametrize("kind", sorted(R1_TABLE))
    def test_r1_colours_and_category_per_type(self, kind):
        category, colours = R1_TABLE[kind]
        mine = [CARDS[i] for i in BASE_DECK if CARDS[i].kind.slug == kind]
        assert Counter(c.colour.slug for c in mine) == colours
        assert {c.category for c in mine} == {category}
        assert sum(colours.values()) == R1_COUNTS[kind]

    def test_r1_colour_totals(self):
        totals = Counter(CARDS[i].colour.slug for i in BASE_DECK)
        assert totals == R1_COLOUR_TOTALS
        assert sum(totals.values()) == 58
        assert totals["pink"] == 2  # source 001's "pink 3" is an error (R1)

    def test_r1_mermaids_are_white(self):
        assert {c.colour for c in CARDS if c.kind == Kind.MERMAID} == {Colour.WHITE}

    def test_r1_notation(self):
        assert CARDS[0].notation == "crab:dark-blue"
        assert str(card(parse_cards(["shoal-of-fish:grey"])[0])) == "shoal-of-fish:grey"
        assert {c.notation for c in CARDS} >= {"mermaid:white", "captain:light-orange",
                                               "penguin-colony:green"}
        for c in CARDS:
            assert c.notation == c.notation.lower()
            assert parse_notation(c.notation) == (c.kind, c.colour)

    def test_r1_notation_is_lenient_on_case_and_spaces(self):
        assert parse_notation(" Shoal of Fish:GREY ") == (Kind.SHOAL_OF_FISH, Colour.GREY)
        assert parse_notation("swimmer:light orange") == (Kind.SWIMMER, Colour.LIGHT_ORANGE)

    def test_r1_same_type_and_colour_are_distinct_cards(self):
        a, b = parse_cards(["crab:dark-blue", "crab:dark-blue"])
        assert a != b
        assert card(a).notation == card(b).notation
        assert len(set(parse_cards(["mermaid:white"] * 4))) == 4

    @pytest.mark.parametrize("text", ["crab", "crab:", "dragon:red", "crab:red",
                                      "crab:purple", "mermaid:dark-blue", ""])
    def test_r1_bad_notation_refused(self, text):
        with pytest.raises(InvalidCardError):
            parse_cards([text])

    def test_r1_more_copies_than_the_deck_refused(self):
        with pytest.raises(InvalidCardError, match="mermaid:white"):
            parse_cards(["mermaid:white"] * 5)
        with pytest.raises(InvalidCardError):
            parse_cards(["captain:light-orange"] * 2)

    def test_r1_unknown_id_refused(self):
        for bad in (-1, 66, 1000):
            with pytest.raises(InvalidCardError):
                card(bad)
