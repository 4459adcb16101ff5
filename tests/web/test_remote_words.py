"""The words a table on several phones says (issue 42), as a new player read them, in
CPython and in every language: a freed seat's phone is told its seat was freed (not
given away); a sentence that names a button quotes that button's own words, from the
same key (the toolbar's "Phones", a join card's "Free this seat", the toolbar's Undo);
a join card's heading names its seat once that is known; the host's question before a
new game says what really happens (the seats freed, the game kept, continued with new
links), and continuing that game does so."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from seasalt import i18n
from seasalt.ssp.present.page import page_text
from seasalt.web.messages import message
from seasalt.web.remote.guest import GuestTable
from seasalt.web.remote.host import HostRoom, read_room, write_room
from seasalt.web.remote.words import guest_refusal
from seasalt.web.settings import Settings
from seasalt.web.table import Table
from tests.web.test_help_phones import QUOTES, phones
from tests.web.test_remote_room import Clock, Game, Store

LANGUAGES = ["en", "fr", "nl", "tr"]
#: The sentences that name a button, and the buttons they name.
QUOTING = {"remote-guest-intro": ["phones"], "remote-lost": ["phones"],
           "remote-full": ["free", "phones"], "remote-code-not-offer": ["phones"],
           "remote-away-status": ["phones"], "remote-help-4": ["undo"]}


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def buttons() -> dict[str, str]:
    """Each button's words as the page draws it, in the language in use."""
    return {"phones": page_text("remote-open"), "free": message("remote-free"),
            "undo": page_text("undo-short")}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_sentence_naming_a_button_quotes_its_own_words(language: str) -> None:
    i18n.set_language(language)
    opening, closing = QUOTES[language]
    words = buttons()
    for key, named in QUOTING.items():
        text = message(key, name="Bram")
        for button in named:
            assert f"{opening}{words[button]}{closing}" in text, (key, text)
        assert message("remote-title") not in text  # the dialog's title is no button
    assert "Telefoons van vrienden" not in message("remote-guest-intro")
    fdm = phones("fruits-de-mer")["blocks"][6]["text"]  # the help: Undo on a phone
    assert f"{opening}{words['undo']}{closing}" in fdm


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_freed_seats_phone_is_told_it_was_freed(language: str) -> None:
    i18n.set_language(language)
    text = message(guest_refusal("freed"))
    said = {"en": "The host freed this seat", "fr": "L'hôte a libéré cette place",
            "nl": "De gastheer heeft deze plaats vrijgemaakt",
            "tr": "Ev sahibi bu yeri boşalttı"}[language]
    assert text.startswith(said)
    assert not any(w in text for w in ("another phone", "autre téléphone",
                                       "andere telefoon", "başka bir telefon"))


@pytest.mark.parametrize("language", ["fr", "nl", "tr"])
def test_an_away_friend_is_not_said_to_have_left(language: str) -> None:
    i18n.set_language(language)
    for key in ("remote-away", "remote-away-status"):
        text = message(key, name="Bram")
        assert "Bram" in text
        assert not any(w in text for w in ("est parti", "is weg", "ayrıldı")), text
    said = {"fr": "hors ligne", "nl": "niet verbonden", "tr": "bağlı değil"}[language]
    assert said in message("remote-away-status", name="Bram")
    assert said in message("remote-help-3")  # the help names the table's word


def room(friends: list[int]) -> HostRoom:
    table = Table.new(Settings(seats=["human"] * 4, names=["", "", "", "Bram"]), seed=5)
    return HostRoom(table, friends, clock=Clock())


def test_a_join_card_names_its_seat_once_it_is_known() -> None:
    r = room([3])
    assert r.named(r.shown([None])) == [3]  # one friend: its card can give no other seat
    i18n.set_language("fr")
    assert message("remote-friend-seat", name="Joueur 2", number=1, count=1) == (
        "Joueur 2 \u2014 ami 1 sur 1")
    r = room([1, 3])
    assert r.named(r.shown([None, None])) == [None, None]  # either link: the first free
    r.receive("a", GuestTable().hello("Ann"))  # (a phone takes seat 1 by card 2)
    assert r.named(r.shown([None, 1])) == [3, 1]
    r.drop("a")  # away: its card still shows seat 1, the other card names seat 3
    assert r.named(r.shown([None, None])) == [1, 3]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_hosts_question_says_the_game_is_kept(language: str) -> None:
    i18n.set_language(language)
    text = page_text("confirm-end-remote-text")
    kept = {"en": "Nothing is lost", "fr": "Rien n'est perdu", "nl": "Er gaat niets verloren",
            "tr": "Hiçbir şey kaybolmaz"}[language]
    assert kept in text
    assert page_text("new-game") not in text


def test_a_game_ended_for_everyone_continues_with_new_links() -> None:
    """What the host's question says: after ``end``, the room saved beside the game is
    read again when the host continues it (its seats freed, nothing else lost); a phone
    that answers a new link takes a friend's seat and is sent that seat's hand."""
    g = Game("sea-salt-and-paper", 21)
    rng = random.Random(3)
    for _ in range(6):
        g.step(rng)
    store = Store()
    g.deliver(g.room.end())
    assert write_room(store, "g", g.room) is None
    continued = Table.load(g.table.save())
    r2 = read_room(store, "g", continued)
    assert r2 is not None and r2.joined() == [] and sorted(r2.remote) == [1, 2]
    assert continued.ply == g.table.ply
    friend = GuestTable()
    for peer_to, text in r2.receive("c", friend.hello()):
        assert peer_to == "c"
        friend.receive(text)
    assert friend.seat == 1 and r2.joined() == [1] and not friend.ended
    assert friend.seen is not None and friend.ply == continued.ply


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_calculators_help_quotes_its_undo_button(language: str) -> None:
    """Another button the help names: the score calculator's "Undo the last card"."""
    from seasalt.ssp.present.calc import calc_text
    from seasalt.ssp.present.help import calculator_section

    i18n.set_language(language)
    opening, closing = QUOTES[language]
    text = " ".join(" ".join(b.get("items") or [b.get("text", "")])
                    for b in calculator_section()["blocks"])
    assert f"{opening}{calc_text('undo')}{closing}" in text
