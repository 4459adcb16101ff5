"""The score calculator's words in every language (``seasalt.ssp.present.calc``): each
language's game words (DERNIÈRE CHANCE, LAATSTE KANS, SON ŞANS; the card names of the
catalogs), refusals that name the card, the picker's labels."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from seasalt import i18n
from seasalt.calc import CalcError, Calculator
from seasalt.ssp.cards import KIND_OF, Kind
from seasalt.ssp.present.calc import (
    CALC_TEXTS,
    calc_error,
    calc_texts,
    ends,
    picker,
    seat_summary,
    totals_line,
    warnings,
)
from seasalt.ssp.scoring import Breakdown
from seasalt.web.calc import CalcSession

#: Per language: the running totals' line.
TOTALS = {"en": "Totals: Ann 12 · Bob 8", "fr": "Totaux\u00a0: Ann 12 · Bob 8",
          "nl": "Totalen: Ann 12 · Bob 8", "tr": "Toplamlar: Ann 12 · Bob 8"}
#: Per language: STOP, LAST CHANCE, Mermaid, Captain, the calculator's title.
WORDS = {
    "en": ("STOP", "LAST CHANCE", "Mermaid", "Captain", "Score calculator"),
    "fr": ("STOP", "DERNIÈRE CHANCE", "Sirène", "Capitaine", "Calculette de score"),
    "nl": ("STOP", "LAATSTE KANS", "Zeemeermin", "Kapitein", "Scorecalculator"),
    "tr": ("DUR", "SON ŞANS", "Deniz Kızı", "Kaptan", "Puan hesaplayıcı"),
}


@pytest.fixture(params=sorted(WORDS))
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def refusal(calc: Calculator, *args: str | int) -> CalcError:
    with pytest.raises(CalcError) as info:
        calc.add(*args)  # type: ignore[arg-type]
    return info.value


def test_the_ends_are_the_games_words(lang: str) -> None:
    stop, last_chance = WORDS[lang][:2]
    assert [e["label"] for e in ends()] == [stop, last_chance]
    assert [e["value"] for e in ends()] == ["stop", "last-chance"]


def test_deck_limits_name_the_card_and_who_has_it(lang: str) -> None:
    calc = Calculator(2, ["Ann", "Bob"])
    for p in (0, 0, 1, 1):
        calc.add(p, "hand", "mermaid", "white")
    words = calc_error(refusal(calc, 1, "hand", "mermaid", "white"), calc.names)
    assert WORDS[lang][2] in words and "4" in words and "Ann ×2" in words
    calc.add(0, "hand", "captain", "light-orange")
    words = calc_error(refusal(calc, 1, "hand", "captain", "light-orange"), calc.names)
    assert WORDS[lang][3] in words and "1" in words and "Ann" in words


def test_every_refusal_has_its_own_sentence(lang: str) -> None:
    calc = Calculator(2)
    english = set()
    for reason in ("players", "fixed", "game-over", "no-end", "starfish", "round-started"):
        words = calc_error(CalcError(reason, "x"))
        assert words and words != calc_error(CalcError("unheard-of", "x"))
        english.add(words)
    assert len(english) == 6
    with pytest.raises(CalcError) as info:
        calc.add(0, "front", "shell", "black")
    assert WORDS[lang][2] not in calc_error(info.value)  # a Shell, not a Mermaid


def test_the_fixed_words_are_translated(lang: str) -> None:
    texts = calc_texts()
    assert set(texts) == set(CALC_TEXTS) and all(texts.values())
    assert texts["title"] == WORDS[lang][4]
    if lang != "en":
        same = [k for k in CALC_TEXTS if texts[k] == CALC_TEXTS[k]]
        assert len(same) <= 2, same  # a word or two may read the same (Scores, Options)


def test_the_picker_and_the_summary(lang: str) -> None:
    calc = Calculator(2)
    groups = picker(calc)
    assert len(groups) == 4  # duo cards, Mermaids, collectors, multipliers
    mermaid = groups[1]["kinds"][0]["colours"][0]
    assert mermaid["left"] == 4 and "4" in mermaid["left_text"]
    assert KIND_OF[mermaid["card"]] == Kind.MERMAID and mermaid["name"]
    calc.set_option("extra_salt", True)
    assert len(picker(calc)) == 5
    summary = seat_summary(Breakdown(duos=2, mermaids=6, collectors=4, multipliers=0,
                                     colour_bonus=3))
    assert "12" in summary and "3" in summary
    calc.add(0, "hand", "octopus", "yellow")
    calc.set_end("stop")
    calc.set_caller(0)
    (warning,) = warnings(calc, ["Ann", "Bob"])
    assert "Ann" in warning and "7" in warning


def test_the_running_totals(lang: str) -> None:
    assert totals_line(["Ann", "Bob"], [12, 8]) == TOTALS[lang]


def test_a_scored_round_reads_as_the_round_over_screen(lang: str) -> None:
    s = CalcSession()
    for card in ("octopus:yellow", "octopus:green", "octopus:grey", "shell:black",
                 "shell:grey", "crab:black", "crab:grey"):
        kind, colour = card.split(":")
        s.submit(f"add:0:hand:{kind}:{colour}")
    s.submit("end:last-chance")
    s.submit("caller", "0")
    scores = s.payload("scores")["scores"]
    assert WORDS[lang][1] in scores["headline"]
    assert WORDS[lang][1] in scores["rows"][0]["badge"]
