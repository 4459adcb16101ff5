"""The help's section on playing on several phones (issue 42), in CPython: second in
either game's help, right after the aim; its steps in order (host, friend, host), each
quoting the very words of the seat choice and the buttons it names, in every language;
that a phone's camera app can scan the host's code and that the host's device holds the
whole game. The page draws its contents and the numbered steps
(``tests/e2e/test_help_contents.py``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from seasalt import i18n
from seasalt.ssp.present.help import SECTION_IDS
from seasalt.ssp.present.page import page_text
from seasalt.ssp.present.setup import seat_choices
from seasalt.web.messages import message
from seasalt.web.words import help_content, phones_words

ROOT = Path(__file__).resolve().parents[2]
#: Each language's quotation marks around a quoted word (French: no-break spaces inside).
QUOTES = {"en": ("\u201c", "\u201d"), "nl": ("\u201c", "\u201d"), "tr": ("\u201c", "\u201d"),
          "fr": ("\u00ab\u00a0", "\u00a0\u00bb")}
#: The words each step quotes, in order.
STEP_WORDS = (("friend", "start", "phones"), ("join",), ("scan", "connect"))


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def phones(game: str = "sea-salt-and-paper") -> dict:
    return next(s for s in help_content(game) if s["id"] == "phones")


def test_second_in_either_game_right_after_the_aim() -> None:
    assert [s["id"] for s in help_content()] == ["aim", "phones", *SECTION_IDS[1:]]
    fdm = [s["id"] for s in help_content("fruits-de-mer")]
    assert fdm[:2] == ["aim", "phones"] and fdm.count("phones") == 1


@pytest.mark.parametrize("language", ["en", "fr", "nl", "tr"])
def test_the_steps_quote_the_pages_own_words(language: str) -> None:
    i18n.set_language(language)
    words = phones_words()
    assert words == {"friend": dict(seat_choices())["friend"], "start": page_text("start"),
                     "phones": page_text("remote-open"),
                     "join": page_text("remote-join-open"),
                     "scan": message("remote-scan"), "connect": message("remote-connect"),
                     "free": message("remote-free"), "name": message("remote-name-field"),
                     "new_game": page_text("new-game"),
                     "end": page_text("confirm-end-remote-title"),
                     "undo": page_text("undo-short")}
    opening, closing = QUOTES[language]
    for game in ("sea-salt-and-paper", "fruits-de-mer"):
        steps = [b for b in phones(game)["blocks"] if b["type"] == "steps"]
        assert len(steps) == 1 and len(steps[0]["items"]) == 3
        for step, names in zip(steps[0]["items"], STEP_WORDS, strict=True):
            quoted = re.findall(re.escape(opening) + "(.+?)" + re.escape(closing), step)
            assert quoted == [words[n] for n in names], (step, quoted)
        away = phones(game)["blocks"][3]["text"]
        assert f"{opening}{words['phones']}{closing}" in away
        freed = phones(game)["blocks"][4]["text"]  # a seat the host frees: its button's words
        assert f"{opening}{words['free']}{closing}" in freed
        assert f"{opening}{words['phones']}{closing}" in freed
        leave = phones(game)["blocks"][5]["text"]  # a friend's name; the host ends the game
        for name in ("name", "join", "new_game", "end"):
            assert f"{opening}{words[name]}{closing}" in leave, (name, leave)
        at_once = phones(game)["blocks"][6]["text"]  # Undo, as the toolbar on a phone
        assert f"{opening}{words['undo']}{closing}" in at_once


def test_it_says_what_a_newcomer_asked() -> None:
    text = " ".join(b.get("text") or " ".join(b["items"]) for b in phones()["blocks"])
    assert "camera app (it is a link" in text  # a phone's own camera app scans the host's
    assert "holds the whole game, as a dealer does" in text
    assert "their own name" in text and "each friend's phone then says" in text
    assert "Without internet, a phone opens the link only if it has opened this site" in text
    host, friend, answer = phones()["blocks"][1]["items"]
    assert host.startswith("Host:") and friend.startswith("Friend:")
    assert answer.startswith("Host:")


def test_the_quoted_words_are_the_buttons_words() -> None:
    """The buttons the steps name take their words from the same keys: the toolbar's and
    the setup's from the page's texts (``data-text``), the join card's from its
    messages."""
    html = (ROOT / "web" / "index.html").read_text("utf-8")
    assert 'id="remote-open" data-action="remote-open"' in html
    assert re.search(r'data-action="remote-open"[^>]*data-text="remote-open"', html)
    assert re.search(r'data-action="remote-join-open" data-text="remote-join-open"', html)
    view = (ROOT / "web" / "page" / "remote_view.py").read_text("utf-8")
    assert 'message("remote-scan"), type="button"' in view
    assert '"remote-connect", message("remote-connect")' in view
    assert 'el("label", message("remote-name-field")' in view  # the join screen's name
    assert 'data-action="new-game" data-text="new-game"' in html  # the toolbar's
    assert 'id="confirm-end-remote-title" data-text="confirm-end-remote-title"' in html
