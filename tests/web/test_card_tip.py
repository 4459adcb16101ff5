"""The table's one-time tip on reading a card's rule, in CPython: two wordings, one for
a mouse (a right-click, a click) and one for a touch screen (a long press, a tap), each
translated; the page picks by the device's pointer (``web/page/table.py``'s
``card_tip``; ``tests/e2e/test_faces.py`` and ``test_remote_page.py`` check what a phone
and a computer show). A friend's phone gets both in its own seat's payload, as the
host's device does."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from seasalt import i18n
from seasalt.ssp.present.table import ui_text
from seasalt.web.remote.guest import GuestTable
from seasalt.web.remote.host import HostRoom
from seasalt.web.remote.seat import RemoteSeat
from seasalt.web.settings import Settings
from seasalt.web.table import Table

#: A mouse's words for its right button, which a touch screen has not.
RIGHT_CLICK = {"en": "right-click", "fr": "clic droit", "nl": "rechts", "tr": "sağ tık"}


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "fr", "nl", "tr"])
def test_a_touch_screen_is_not_told_to_right_click(language: str) -> None:
    i18n.set_language(language)
    mouse, touch = ui_text("card-tip"), ui_text("card-tip-touch")
    assert RIGHT_CLICK[language] in mouse.lower()
    assert RIGHT_CLICK[language] not in touch.lower()
    if language != "en":  # translated
        i18n.set_language("en")
        assert (ui_text("card-tip"), ui_text("card-tip-touch")) != (mouse, touch)
        assert ui_text("card-tip") != mouse and ui_text("card-tip-touch") != touch


def test_a_friends_phone_gets_both_wordings_in_its_language() -> None:
    table = Table.new(Settings(seats=["you", "friend"]), seed=4)
    room = HostRoom(table, table.remote)
    phone = RemoteSeat(GuestTable())
    for _peer, text in room.receive("a", phone.guest.hello()):
        phone.guest.receive(text)
    assert phone.ready and phone.seat == 1
    i18n.set_language("nl")  # the friend's phone speaks Dutch, whatever the host speaks
    texts = phone.view(None)["texts"]
    assert texts["card-tip-touch"] == ui_text("card-tip-touch")
    assert texts["card-tip"] == ui_text("card-tip")
    assert "rechts" not in texts["card-tip-touch"]
