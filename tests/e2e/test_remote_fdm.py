"""Fruits de mer on three devices through the page itself (issue 42): a host (Turkish,
1280x800) plays its own seat beside a bot, two friends' phones (French and Dutch,
390x844) join by link codes (``test_remote_page.join``), and the three play a whole
game by clicks. Every round, all three devices offer their hands as soon as the round
opens, before anyone has picked (F4: the picks are simultaneous), and they pick in a
different order each round; a friend takes its pick back once with Undo and picks
again. The bot, seated after a friend and the host, picks as soon as the round opens
too: every device shows it has picked before any person picks. The reveal shows on
every device. Every view a friend receives over its data
channel is its seat's engine view at that ply (the host's save, read at the end) but for
which seats have picked and its own pick; its page, before each reveal, holds none of
the words of another seat's pick."""

from __future__ import annotations

import random
import statistics
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from seasalt import i18n
from seasalt.fdm.view import view as fdm_view
from seasalt.web.remote import messages as m
from seasalt.web.table import Table
from tests.e2e.test_remote_link import isolated  # noqa: F401 - the fixture
from tests.e2e.test_remote_page import SHOTS, Phone, at_ply, join

pytestmark = pytest.mark.e2e
GAME_TIMEOUT_S = 600.0
WAIT_S = 60.0
#: Guests on seats 0 and 3, the host on seat 1, a bot on seat 2 (between the guests).
QUERY = "?game=fruits-de-mer&players=friend,you,easy,friend&seed=23&speed=instant"
#: The fields a seat's view has of the table's picks (the rest is the engine's view).
PICKS = ("chosen", "my_choice", "current", "legal")


def playable(page: Page) -> list[str]:
    return list(page.eval_on_selector_all(
        "#fdm-hand .fdm-card.playable", "els => els.map(e => e.dataset.fdmKind)"))


def rows(page: Page) -> int:
    return int(page.locator("#fdm-score-table tbody tr").count())


def wait(devices: list[Phone], check: Any, what: str) -> None:
    deadline = time.monotonic() + WAIT_S
    while not all(check(d) for d in devices):
        for d in devices:
            assert not d.errors, (what, d.errors)
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        devices[0].page.wait_for_timeout(20)


def pick(device: Phone, kind: str, rnd: int) -> None:
    """Tap the card of ``kind`` (selected, never played: a new decision starts with
    nothing selected), then the play button; wait until the hand is no longer
    offered (or, the last pick of round ``rnd``, the reveal came)."""
    card = device.page.locator(f'#fdm-hand [data-fdm-kind="{kind}"]')
    card.click()
    expect(card).to_have_attribute("aria-pressed", "true")  # a new decision: nothing
    device.page.click("#fdm-play")  # was selected before, the tap only selected it
    wait([device], lambda d: not playable(d.page) or rows(d.page) >= rnd
         or d.phase() == "game-over", "the pick taken")


def texts(v: dict[str, Any]) -> set[str]:
    """The sentences of a payload that may name a seat's pick."""
    out = {line["text"] for line in v["log_lines"]} | {v["prompt"]["text"]}
    if v.get("my_choice"):
        out.add(v["my_choice"]["text"])
    return out | {s["status_text"] for s in v["seats"]} | {s["aria"] for s in v["seats"]}


def private_words(final: Table, ply: int, seat: int, mine: str | None,
                  language: str) -> list[str]:
    """The sentences, in ``language``, that the other people's seats' payloads hold
    about their picks of this round (those of ``final``'s record, held or played as at
    ``ply``), and that neither ``seat``'s payload (its own pick ``mine``) nor a
    spectator's holds."""
    t = at_ply(final, ply)
    t.remote = frozenset({0, 3})
    rnd = t.round
    picks = {s: (final.driver.view(None).history[rnd - 1]["plays"][s]) for s in (0, 1, 3)}
    if mine is not None and t.choices and t.choices.legal(seat):
        t.submit(seat, ply, mine)
    for other in (0, 1, 3):
        if other != seat and t.choices and t.choices.legal(other) and picks[other]:
            t.submit(other, ply, picks[other])
    with i18n.temporary_language():
        i18n.set_language(language)
        theirs = texts(t.view(seat)) | texts(t.view(None))
        private = set()
        for other in (0, 1, 3):
            if other != seat:
                private |= texts(t.view(other)) - theirs
    return sorted(w for w in private if w)


def test_three_devices_pick_at_once_through_a_whole_game(
        isolated: Browser, dist_dir: Path, record_property: Any) -> None:  # noqa: F811
    refused: list[str] = []
    host = Phone(isolated, dist_dir, "tr-TR", refused)
    a = Phone(isolated, dist_dir, "fr-FR", refused, phone=True)
    b = Phone(isolated, dist_dir, "nl-NL", refused, phone=True)
    guests = {0: (a, "fr"), 3: (b, "nl")}
    try:
        host.open(QUERY)
        expect(host.page.locator("#remote")).to_be_visible(timeout=90_000)
        join(host, a, 1)
        join(host, b, 2)
        host.page.click('#remote [data-action="close-dialog"]')
        for device, lang in ((host, "tr"), (a, "fr"), (b, "nl")):
            expect(device.page.locator("html")).to_have_attribute("lang", lang)
        devices = {0: a, 1: host, 3: b}
        SHOTS.mkdir(parents=True, exist_ok=True)
        rng = random.Random(23)
        seen: list[tuple[int, int, str | None, str]] = []  # seat, ply, its pick, the DOM
        withdrawn: dict[tuple[int, int], str] = {}  # (seat, round) -> a pick taken back
        rnd, undone, shot = 0, False, False
        deadline = time.monotonic() + GAME_TIMEOUT_S
        while host.phase() != "game-over":
            assert time.monotonic() < deadline, "the game took too long"
            rnd += 1
            # the round opens: every device offers its hand at once, nobody has picked
            wait(list(devices.values()), lambda d: bool(playable(d.page))
                 or d.phase() == "game-over", f"round {rnd} open on every device")
            if host.phase() == "game-over":
                break
            # the bot picks at once (seated after two people): "chosen" everywhere
            wait(list(devices.values()), lambda d: d.page.locator(
                '#fdm-seats .fdm-chip[data-seat="2"]:is(.status-chosen, .status-done)'
            ).count() == 1, f"round {rnd}: the bot's pick made at once")
            if rnd == 1:  # a friend's phone as the round opens, the bot's pick made
                a.page.screenshot(path=str(SHOTS / "fdm-guest-round-start-fr-390.png"))
            order = [s for s in devices if playable(devices[s].page)]
            rng.shuffle(order)
            mine: dict[int, str | None] = dict.fromkeys(devices)
            for seat in order:
                device = devices[seat]
                kinds = playable(device.page)
                kind = rng.choice(kinds)
                if seat == 3 and not undone and len(kinds) > 1:  # a pick taken back
                    pick(device, kind, rnd)
                    expect(device.page.locator("#undo")).to_be_visible(timeout=30_000)
                    device.page.screenshot(path=str(SHOTS / "fdm-guest-held-nl-390.png"))
                    device.page.click("#undo")
                    wait([device], lambda d: bool(playable(d.page)), "the pick taken back")
                    withdrawn[(seat, rnd)] = kind
                    kind = next(k for k in kinds if k != kind)
                    undone = True
                pick(device, kind, rnd)
                mine[seat] = kind
                for other, (guest, _lang) in guests.items():  # what each friend sees now
                    if rows(guest.page) == rnd - 1 and guest.phase() == "playing":
                        ply = last_ply(guest)
                        seen.append((other, ply, mine[other], guest.page.evaluate(
                            "document.documentElement.outerHTML")))
                if not shot and seat == 1 and order.index(1) == 0:  # the host's, held
                    host.page.screenshot(path=str(SHOTS / "fdm-host-held-tr-1280.png"))
                    a.page.screenshot(path=str(SHOTS / "fdm-guest-choosing-fr-390.png"))
                    shot = True
            # the reveal on every device
            wait(list(devices.values()), lambda d, n=rnd: rows(d.page) >= n
                 or d.phase() == "game-over", f"round {rnd}'s reveal everywhere")
        wait(list(devices.values()), lambda d: d.phase() == "game-over", "the end everywhere")
        assert rnd >= 9 and undone
        b.page.screenshot(path=str(SHOTS / "fdm-guest-game-over-nl-390.png"))
        assert not host.errors and not a.errors and not b.errors
        assert refused == []

        save = host.page.evaluate("""() => Object.keys(localStorage)
            .filter(k => k.startsWith('seasalt.game.')).map(k => localStorage.getItem(k))""")
        final = Table.load(save[0])
        assert final.over and final.round == 9
        checked = 0
        for seat, (guest, _lang) in guests.items():
            for text in guest.received():
                message = m.read_host(text)
                if not isinstance(message, m.View):
                    continue
                engine = fdm_view(at_ply(final, message.ply).state, seat, log=True).to_dict()
                got = dict(message.view)
                assert {k: v for k, v in got.items() if k not in PICKS} == {
                    k: v for k, v in engine.items() if k not in PICKS}, (seat, message.ply)
                if got["my_choice"] is not None and got["outcome"] is None:
                    played = final.driver.view(None).history[got["round"] - 1]["plays"][seat]
                    assert got["my_choice"] in (played, withdrawn.get((seat, got["round"])))
                checked += 1
        leaks = 0
        for seat, ply, own, html in seen:
            words = private_words(final, ply, seat, own, guests[seat][1])
            leaks += sum(w in html for w in words)
        assert leaks == 0
        assert checked > 60 and len(seen) > 30
        rtt = a.measures("seasalt-remote-act") + b.measures("seasalt-remote-act")
        record_property("fdm_round_trip_ms_median", round(statistics.median(rtt), 1))
        print(f"Fruits de mer on three devices: {rnd} rounds; views checked {checked}; "
              f"DOM checkpoints {len(seen)}; leaks {leaks}; action round trip median "
              f"{statistics.median(rtt):.1f} ms over {len(rtt)}")
    finally:
        for device in (host, a, b):
            device.context.close()


def last_ply(guest: Phone) -> int:
    """The ply of the last view the guest received (the one its page draws)."""
    text = guest.last_of("view")
    assert text is not None, "no view received"
    message = m.read_host(text)
    assert isinstance(message, m.View)
    return message.ply
