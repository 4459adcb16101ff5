"""Default seat names follow the page's language (issue 41, item 4 follow-up): a name
the player did not type is kept empty in the record and drawn in the language of the
day; earlier saves' English defaults are recognised as defaults; typed names stay as
typed."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from seasalt import i18n
from seasalt.ssp.present import seat_names, typed_names
from seasalt.web.bank import Summary
from seasalt.web.replay import open_replay
from seasalt.web.settings import Settings
from seasalt.web.table import Table


@pytest.fixture()
def language() -> Iterator[None]:
    with i18n.temporary_language():
        i18n.set_language("en")
        yield


def new_game(names: list[str] | None = None) -> Table:
    return Table.new(Settings(seats=["human", "easy", "easy"], names=names or [],
                              seed=4, speed="instant"))


def test_a_game_begun_in_english_is_named_in_turkish_when_continued(language) -> None:
    t = new_game()
    assert t.record.seats == ["", "", ""]  # nothing typed: nothing stored
    assert t.names == ["You", "Easy bot 1", "Easy bot 2"]
    text = t.save()
    i18n.set_language("tr")
    again = Table.load(text)
    assert again.names == ["Sen", "Kolay bot 1", "Kolay bot 2"]
    assert "Sen" in json.dumps(again.view(0)["names"])


def test_earlier_saves_english_defaults_are_defaults(language) -> None:
    t = new_game()
    data = json.loads(t.save())
    data["record"]["seats"] = ["You", "Easy bot 1", "Bob"]  # as earlier versions kept them
    i18n.set_language("fr")
    old = Table.load(json.dumps(data))
    assert old.names == ["Vous", "Bot facile 1", "Bob"]
    assert old.typed_names() == ["", "", "Bob"]


def test_typed_names_stay_as_typed_in_every_language(language) -> None:
    t = new_game(["Ann", "", "Zeynep"])
    assert t.record.seats == ["Ann", "", "Zeynep"]
    i18n.set_language("nl")
    assert t.names[0] == "Ann" and t.names[2] == "Zeynep" and t.names[1] != "Easy bot 1"


def test_a_rematch_keeps_defaults_as_defaults(language) -> None:
    t = new_game(["Ann"])
    i18n.set_language("tr")
    r = t.rematch()
    assert r.record.seats == ["Ann", "", ""]
    assert r.names == ["Ann", "Kolay bot 1", "Kolay bot 2"]


def test_the_saves_list_names_defaults_in_the_language_of_the_day(language) -> None:
    t = new_game()
    summary = Summary.of(t, 100)
    assert summary.names == ("", "", "")
    assert "You (0)" in summary.line()
    i18n.set_language("fr")
    assert "Vous (0)" in summary.line() and "You" not in summary.line()


def test_an_earlier_summary_with_english_names_is_drawn_anew(language) -> None:
    summary = Summary("sea-salt-and-paper", ("You", "Easy bot"), ("human", "easy"), {}, 1,
                      (3, 4), False, 0.0, 10)
    i18n.set_language("tr")
    assert "Sen (3)" in summary.line() and "Kolay bot (4)" in summary.line()


def test_the_replay_names_defaults_in_the_language_of_the_day(language) -> None:
    t = new_game()
    while not t.over:
        t.bot_step(60.0) if t.is_bot_turn() else t.submit(
            t.current, t.ply, t.view(t.current)["legal"][0]["code"])
    i18n.set_language("fr")
    assert open_replay(t.save()).names[:2] == ["Vous", "Bot facile 1"]


def test_the_helpers_agree() -> None:
    kinds = ["human", "human", "hard"]
    with i18n.temporary_language():
        i18n.set_language("en")
        assert seat_names(["", "Player 2", "Kim"], kinds) == ["Player 1", "Player 2", "Kim"]
        assert typed_names(["Player 1", "Bo", "Hard bot"], kinds) == ["", "Bo", ""]
        assert seat_names([], kinds) == ["Player 1", "Player 2", "Hard bot"]
