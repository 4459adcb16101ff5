"""Hostile messages sent through the browser (issue 42): a friend's phone, once seated,
sends raw texts over its real data channel (the page's own ``Link``, as
``page.remote_guest`` sends), and the host's page refuses each with its reason, counts
it, keeps its saved game and room byte for byte, and plays on.

Two devices in Chromium's own network namespace (``test_remote_link.isolated``): the
host (English) seats itself and one friend (French), seed 0 (the friend plays first).
On the friend's turn: a stale ply, two illegal actions, garbage (not JSON, too deep,
binary, an extra field, an unknown type), a huge payload, a replayed sequence number, a
second hello, an undo with nothing to undo, then a flood of pings. On the host's turn:
an action from the friend (the wrong seat). The CPython tests of ``HostRoom`` check
each refusal one by one; this one checks that they reach it through a real page and
change nothing there.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e import pagepy
from tests.e2e.test_remote_link import isolated  # noqa: F401 - the fixture
from tests.e2e.test_remote_page import Phone, join
from tests.e2e.test_table import HumanPlayer

pytestmark = pytest.mark.e2e
FLOOD = 120
"""Pings sent at once (the room lets a burst of 20 through, then 10 a second: some are
refused unless the host took 10 s to read them, even on a loaded machine)."""

#: The friend's page: the raw texts sent through its own channel.
SEND = """
import json

from pyodide.ffi import to_js
from pyscript import window
from page import remote_guest
from seasalt.web.remote import messages as m


async def main():
    page_guest = remote_guest._state["guest"]
    link, g = page_guest.link, page_guest.table.guest
    ply, codes = g.ply, g.codes()
    sent = []

    def send(text):
        assert link.send(text)
        sent.append(text[:40])

    def act(code, at=ply):
        return m.encode(m.Act(g._next(), at, code))

{body}
    return {{"ply": ply, "sent": len(sent)}}
"""
#: The friend's page, once the flood is over (the room's rate refilled): one more ping,
#: answered once the host has read every text before it (a channel keeps their order).
#: Returns the pings answered in all.
MARK = """
import asyncio

from page import remote_guest
from seasalt.web.remote import messages as m


async def main():
    await asyncio.sleep(2.5)
    page_guest = remote_guest._state["guest"]
    g = page_guest.table.guest
    seq = g._next()
    assert page_guest.link.send(m.encode(m.Ping(seq)))
    for _ in range(300):
        if seq in g.pongs:
            return len(g.pongs)
        await asyncio.sleep(0.05)
    raise TimeoutError("no pong")
"""
ON_ITS_TURN = """
    send(act(codes[0], ply + 1))                                   # stale
    send(act("tuna"))                                              # illegal
    send(act("take:9"))                                            # illegal
    send("{not json")                                              # garbage
    send("[" * 500 + "]" * 500)                                    # too deep
    link.channel.send(to_js(b"\\x00\\x01\\xff").buffer)              # binary
    send(json.dumps({"type": "act", "seq": g._next(), "ply": ply, "code": codes[0],
                     "seat": 0}))                                  # an extra field
    send(json.dumps({"type": "shout", "seq": g._next()}))          # unknown type
    send(act("x" * 100_000))                                       # huge
    send(m.encode(m.Act(1, ply, codes[0])))                        # replayed
    send(m.encode(m.Hello(g._next(), "stolen-token-xyz")))          # seated already
    send(m.encode(m.Undo(g._next(), ply)))                         # nothing to undo
    for _ in range({flood}):                                       # a flood
        send(m.encode(m.Ping(g._next())))
""".replace("{flood}", str(FLOOD))
ON_THE_HOSTS_TURN = """
    send(act("draw"))                                              # the wrong seat
"""
REFUSED_ON_ITS_TURN = Counter({"stale": 1, "illegal": 2, "malformed": 4, "unknown-type": 1,
                               "too-big": 1, "replayed": 1, "seated": 1, "no-undo": 1})

HOST_STATE = """
from pyscript import window
from page import remote_host


async def main():
    room = remote_host._state["host"].room
    keys = [window.localStorage.key(i) for i in range(window.localStorage.length)]
    kept = {k: window.localStorage.getItem(k) for k in keys
            if k.startswith(("seasalt.game.", "seasalt.room."))}
    return {"refusals": dict(room.refusals), "ply": room.table.ply,
            "current": room.table.current, "kept": kept}
"""


def host_state(page: Page) -> dict[str, Any]:
    return dict(pagepy.run(page, HOST_STATE))


def test_hostile_messages_through_the_page_change_nothing(
        isolated: Browser, dist_dir: Path) -> None:  # noqa: F811 - the fixture
    refused: list[str] = []
    host = Phone(isolated, dist_dir, "en-GB", refused)
    guest = Phone(isolated, dist_dir, "fr-FR", refused, phone=True)
    try:
        guest.open("")  # the site open already: the link changes its fragment only
        expect(guest.page.locator("body")).to_have_attribute("data-phase", "setup",
                                                             timeout=60_000)
        host.open("?players=you,friend&seed=0&speed=fast")
        join(host, guest, 1)
        host.page.click('#remote [data-action="close-dialog"]')
        expect(guest.page.locator("#playing [data-code]").first).to_be_visible()
        before = host_state(host.page)
        assert before["current"] == 1 and before["refusals"] == {}

        pongs = pagepy.run(guest.page, "from page import remote_guest\n"
                           "async def main():\n"
                           "    return len(remote_guest._state['guest'].table.guest.pongs)")
        pagepy.run(guest.page, SEND.format(body=ON_ITS_TURN))
        answered = pagepy.run(guest.page, MARK) - pongs - 1  # the pings let through
        after = host_state(host.page)
        floods = FLOOD - answered  # each ping is answered, or refused as a flood
        assert after["kept"] == before["kept"]  # the saved game and room, byte for byte
        assert after["ply"] == before["ply"]
        assert Counter(after["refusals"]) == REFUSED_ON_ITS_TURN + Counter({"flood": floods})
        assert floods >= 1  # (how many: as fast as the host reads them)

        # the friend plays on (the flood is over: the rate refilled), then the host
        friend, me = HumanPlayer(guest.page), HumanPlayer(host.page)
        deadline = time.monotonic() + 60
        while host_state(host.page)["current"] != 0:
            assert time.monotonic() < deadline, "the friend's turn did not end"
            if not friend.play_turn_step():
                guest.page.wait_for_timeout(50)
        expect(host.page.locator("#playing [data-code]").first).to_be_visible()
        before = host_state(host.page)
        assert before["ply"] > after["ply"]
        pagepy.run(guest.page, SEND.format(body=ON_THE_HOSTS_TURN))
        pagepy.run(guest.page, MARK.replace("asyncio.sleep(2.5)", "asyncio.sleep(0)"))
        after = host_state(host.page)
        assert Counter(after["refusals"]) - Counter(before["refusals"]) == Counter(
            {"not-your-turn": 1})
        assert after["kept"] == before["kept"]
        assert me.play_turn_step()  # the host plays on
        deadline = time.monotonic() + 30
        while host_state(host.page)["ply"] == after["ply"]:
            assert time.monotonic() < deadline, "the host's move was not played"
            host.page.wait_for_timeout(50)
        assert refused == [] and host.errors == [] and guest.errors == [], (
            host.errors, guest.errors)
        print("refusals through the page:", json.dumps(after["refusals"], sort_keys=True))
    finally:
        host.context.close()
        guest.context.close()
