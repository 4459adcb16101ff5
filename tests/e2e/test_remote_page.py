"""One table, many phones, through the page itself (issue 42): a host and two friends'
devices, three browser contexts of one Chromium inside a network namespace of its own
(as in ``test_remote_link.py``), join by link codes and play a whole Sea Salt & Paper
game, each device in its own language (host English, friends French and Turkish), and
a whole Fruits de mer game (host Turkish, friends French and Dutch) where every device
picks as soon as the round opens, in any order.

The host's page is opened at ``?players=easy,friend,friend``: its join cards show a
link for each friend; a friend's page opens that link (``#join=CODE``), shows its
answer code, which the host pastes; the friends then play by clicks on their own
tables. Every text a friend's device receives over its data channel, and its DOM at
each of its decisions, is searched for the other seats' hidden cards (the host's game,
read from its save at the end, says which they were at each ply): none. A friend's
page reloaded mid-game rejoins its seat through a new link, with nothing lost. The
action round trip and the time from Join to seated are measured (reported, never
asserted)."""

from __future__ import annotations

import re
import statistics
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Request, expect

from seasalt.ssp.view import view as ssp_view
from seasalt.web.remote import messages as m
from seasalt.web.table import Table
from tests.e2e.test_faces import tip_words
from tests.e2e.test_remote_link import SITE, isolated  # noqa: F401 - the fixture
from tests.e2e.test_table import HumanPlayer
from tests.ssp.test_page_payload import log_cards
from tests.web.test_remote_room import hidden_cards

pytestmark = pytest.mark.e2e
SHOTS = Path("/work/notes/shots/remote-page")
GAME_TIMEOUT_S = 600.0
LINK = re.compile(r"#join=[A-Za-z0-9_-]{40,}$")
ANSWER = re.compile(r"#answer=[A-Za-z0-9_-]{40,}$")

#: Every text a data channel receives, kept for the test (``window.__received``).
CAPTURE = """
window.__received = [];
const seen = new WeakSet();
const keep = (channel) => {
  if (seen.has(channel)) return;
  seen.add(channel);
  channel.addEventListener("message", (e) => window.__received.push(String(e.data)));
};
window.__pcs = [];
const Original = RTCPeerConnection;
window.RTCPeerConnection = function (...args) {
  const pc = new Original(...args);
  window.__pcs.push(pc);
  return pc;
};
window.RTCPeerConnection.prototype = Original.prototype;
const create = RTCPeerConnection.prototype.createDataChannel;
RTCPeerConnection.prototype.createDataChannel = function (...args) {
  const channel = create.apply(this, args);
  keep(channel);
  return channel;
};
const listen = RTCPeerConnection.prototype.addEventListener;
RTCPeerConnection.prototype.addEventListener = function (kind, handler, ...rest) {
  if (kind === "datachannel") {
    listen.call(this, kind, (e) => keep(e.channel));
  }
  return listen.call(this, kind, handler, ...rest);
};
"""


class Phone:
    """One browser context: a device with its own storage, language and screen, on the
    site the namespace's server serves (`SITE`; ``dist`` is that site's folder); any
    request elsewhere is put in ``refused``."""

    def __init__(self, browser: Browser, dist: Path, locale: str, refused: list[str],
                 *, phone: bool = False) -> None:
        size = {"viewport": {"width": 390, "height": 844}, "has_touch": True,
                "is_mobile": True} if phone else {"viewport": {"width": 1280, "height": 800}}
        self.context: BrowserContext = browser.new_context(  # no card flights to wait for
            locale=locale, service_workers="block", reduced_motion="reduce", **size)  # type: ignore[arg-type]
        self.errors: list[str] = []

        def watch(request: Request) -> None:  # the site's own files only
            if not request.url.startswith((SITE + "/", "data:", "blob:")):
                refused.append(request.url)

        self.context.on("request", watch)
        self.context.add_init_script(CAPTURE)
        self.page: Page = self.context.new_page()
        self.page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        self.page.on("console", lambda msg: self.errors.append(f"console: {msg.text}")
                     if msg.type == "error" else None)

    def open(self, suffix: str) -> None:
        self.page.goto(f"{SITE}/index.html{suffix}")

    def phase(self) -> str:
        return str(self.page.evaluate("document.body.dataset.phase"))

    def received(self) -> list[str]:
        return list(self.page.evaluate("window.__received"))

    def received_count(self) -> int:
        """How many texts the device received (without copying them out of the page)."""
        return int(self.page.evaluate("window.__received.length"))

    def last_of(self, kind: str) -> str | None:
        """The last text received of message type ``kind`` (``None`` before one)."""
        found = self.page.evaluate(
            """(kind) => { const r = window.__received;
                 for (let i = r.length - 1; i >= 0; i--) {
                   try { if (JSON.parse(r[i]).type === kind) return r[i]; } catch (e) {}
                 }
                 return null; }""", kind)
        return None if found is None else str(found)

    def state(self) -> tuple[str, bool]:
        """The page's phase and whether its table offers a decision not sent yet
        (`READY`), in one call."""
        phase, ready = self.page.evaluate(
            "(s) => [document.body.dataset.phase, !!document.querySelector(s)]", READY)
        return str(phase), bool(ready)

    def measures(self, name: str) -> list[float]:
        return list(self.page.evaluate(
            f"performance.getEntriesByName('{name}').map(e => e.duration)"))


@pytest.fixture
def table_of_three(isolated: Browser, dist_dir: Path  # noqa: F811 - the fixture
                   ) -> Iterator[tuple[Phone, Phone, Phone, list[str]]]:
    refused: list[str] = []
    host = Phone(isolated, dist_dir, "en-GB", refused)
    a = Phone(isolated, dist_dir, "fr-FR", refused, phone=True)
    b = Phone(isolated, dist_dir, "tr-TR", refused, phone=True)
    yield host, a, b, refused
    for device in (host, a, b):
        device.context.close()


def join(host: Phone, guest: Phone, card: int, *, reload: bool = False) -> float:
    """``guest`` opens card ``card``'s link (reloaded first: the host's card then offers
    a new link), and the host pastes its answer code. Returns the seconds from the
    guest's reload (or its link opened) to its seat on the table."""
    began = time.monotonic()
    if reload:
        guest.page.reload()  # the join screen opens again by itself, saying the seat is kept
        expect(guest.page.locator("#remote")).to_be_visible(timeout=60_000)
        expect(guest.page.locator("#remote")).to_contain_text(REJOIN)
    link = host.page.locator(f"#remote-link-{card}")
    expect(link).to_have_value(LINK, timeout=30_000)
    guest.page.goto(link.input_value())  # the link a friend opens (or scans)
    answer = guest.page.locator("#remote-answer")
    expect(answer).to_have_value(ANSWER, timeout=60_000)
    host.page.fill(f"#remote-answer-{card}", answer.input_value())
    host.page.click(f'[data-action="remote-connect"][data-card="{card}"]')
    expect(host.page.locator(f'.remote-card[data-card="{card}"]')).to_have_attribute(
        "data-state", "connected", timeout=30_000)
    expect(guest.page.locator("body")).to_have_attribute("data-remote", "guest",
                                                         timeout=30_000)
    expect(guest.page.locator("body")).to_have_attribute("data-phase", "playing",
                                                         timeout=30_000)
    return time.monotonic() - began


#: The join screen's words on a phone that keeps a seat, in any of its languages.
REJOIN = re.compile(r"retrouvez votre place|plaats terug|geri al|get your seat back")


#: A friend's table offering a decision not yet sent (``aria-busy`` while the host's
#: answer is awaited).
READY = '#playing:not([aria-busy="true"]) [data-code]'


def ready(guest: Phone) -> bool:
    """Whether the friend's table offers a decision that it has not sent yet."""
    return guest.page.locator(READY).count() > 0


def decide(guest: Phone, player: HumanPlayer) -> None:
    """The friend makes one decision by clicks, then waits for the host's answer (its
    next view or a refusal): a table drawn before that answer is not clicked again."""
    before = guest.received_count()
    assert player.play_turn_step()
    guest.page.wait_for_function("(n) => window.__received.length > n", arg=before,
                                 timeout=30_000)  # else: the host did not answer


def dom_cards(page: Page) -> list[int]:
    """Every card id the table on the page names (``data-card``), and any open dialog:
    what the player can see now (a round's end screen left hidden behind the table
    shows the hands of a round gone, whose cards are dealt anew)."""
    return [int(x) for x in page.eval_on_selector_all(
        "#playing [data-card], dialog[open] [data-card]",
        "els => els.map(e => e.dataset.card)") if str(x).isdigit()]


def last_view(guest: Phone) -> tuple[int, int]:
    """The (seat, ply) of the last view the guest received (the one its DOM draws)."""
    text = guest.last_of("view")
    assert text is not None, "no view received"
    message = m.read_host(text)
    assert isinstance(message, m.View)
    return message.seat, message.ply


def hidden_in_dom(table: Table, seat: int, cards: list[int]) -> set[int]:
    """The cards of ``cards`` hidden from ``seat`` (another's unknown hand card, or the
    draw pile's) that its log did not tell it of."""
    s = table.state
    v = ssp_view(s, seat, log=True)
    hidden = set(s.draw) | {c for o in range(len(s.hands)) if o != seat
                            for c in s.hands[o] if c not in v.known[o]}
    return (set(cards) & hidden) - log_cards(v.log)


def at_ply(final: Table, ply: int) -> Table:
    """The host's game as it stood at ``ply`` (its record cut there, replayed)."""
    record = replace(final.record, actions=list(final.record.actions[:ply]))
    return Table(record, final.kinds, final.speed)


def test_a_host_and_two_phones_play_a_whole_game(
        table_of_three: tuple[Phone, Phone, Phone, list[str]], record_property: Any) -> None:
    host, a, b, refused = table_of_three
    host.open("?players=easy,friend,friend&seed=12&speed=fast")
    expect(host.page.locator("#remote")).to_be_visible(timeout=90_000)
    expect(host.page.locator(".remote-card")).to_have_count(2)
    join(host, a, 1)
    SHOTS.mkdir(parents=True, exist_ok=True)
    join(host, b, 2)
    host.page.click('#remote [data-action="close-dialog"]')
    for guest, lang in ((a, "fr"), (b, "tr")):
        expect(guest.page.locator("html")).to_have_attribute("lang", lang)
    expect(host.page.locator("html")).to_have_attribute("lang", "en")

    players = {id(a): HumanPlayer(a.page), id(b): HumanPlayer(b.page)}
    seen: list[tuple[int, int, list[int]]] = []  # (seat, ply, the DOM's cards)
    reloaded = False
    shot = False
    deadline = time.monotonic() + GAME_TIMEOUT_S
    over = 0  # devices at the game's end, as last seen
    while over < 3:
        assert time.monotonic() < deadline, "the game took too long"
        acted = False
        over = 0
        for guest in (a, b):
            assert not guest.errors, guest.errors
            phase, offered = guest.state()
            over += phase == "game-over"
            if phase == "round-over":
                guest.page.click("#continue")
                acted = True
            elif phase == "playing" and offered:
                seen.append((*last_view(guest), dom_cards(guest.page)))
                if not shot and guest is a:
                    guest.page.screenshot(path=str(SHOTS / "guest-table-fr-390.png"))
                    shot = True
                decide(guest, players[id(guest)])
                acted = True
        if over == 2:
            over += host.phase() == "game-over"
        if not reloaded and a.received_count() > 40 and ready(b):  # reloaded on its turn
            # (the game waits on it: nothing moves meanwhile)
            reloaded = True
            before = b.page.eval_on_selector_all(".my-hand [data-card]",
                                                 "els => els.map(e => e.dataset.card)")
            host.page.click('[data-action="remote-open"]')
            seconds = join(host, b, 2, reload=True)
            host.page.click('#remote [data-action="close-dialog"]')
            after = b.page.eval_on_selector_all(".my-hand [data-card]",
                                                "els => els.map(e => e.dataset.card)")
            assert sorted(after) == sorted(before)  # its seat and hand, nothing lost
            record_property("reload_rejoin_s", round(seconds, 2))
            print(f"reload to seated again: {seconds:.2f} s")
        if not acted:
            host.page.wait_for_timeout(20)
    assert reloaded
    assert not host.errors and not a.errors and not b.errors, (host.errors, a.errors, b.errors)
    assert refused == []

    # the host's game, from its save: which cards were hidden from whom at each ply
    save = host.page.evaluate("""() => Object.keys(localStorage)
        .filter(k => k.startsWith('seasalt.game.')).map(k => localStorage.getItem(k))""")
    final = Table.load(save[0])
    assert final.over
    checked = 0
    for guest in (a, b):
        for text in guest.received():
            message = m.read_host(text)
            if isinstance(message, m.View):
                hidden_cards(at_ply(final, message.ply), message.seat, message.view,
                             engine=True)
                checked += 1
    assert checked > 40
    for seat, ply, cards in seen:  # each friend's DOM at each of its decisions
        assert hidden_in_dom(at_ply(final, ply), seat, cards) == set(), (seat, ply)
    rtt = a.measures("seasalt-remote-act") + b.measures("seasalt-remote-act")
    joins = a.measures("seasalt-remote-join") + b.measures("seasalt-remote-join")
    record_property("round_trip_ms_median", round(statistics.median(rtt), 1))
    record_property("join_to_seated_ms", [round(x) for x in joins])
    print(f"action round trip: median {statistics.median(rtt):.1f} ms over {len(rtt)}; "
          f"Join to seated: {[round(x) for x in joins]} ms; views checked {checked}; "
          f"DOM checkpoints {len(seen)}")


def test_the_join_card_and_a_phones_table_at_phone_size(
        isolated: Browser, dist_dir: Path) -> None:  # noqa: F811 - the fixture
    """The host's join card (French) and a friend's answer screen and table (Dutch), on
    390x844 touch screens, each link also drawn as a QR code, photographed for a look;
    the friend's phone is told to hold a finger on a card (a touch screen), and the
    host's toolbar with its Phones button keeps one row."""
    refused: list[str] = []
    host = Phone(isolated, dist_dir, "fr-FR", refused, phone=True)
    guest = Phone(isolated, dist_dir, "nl-NL", refused, phone=True)
    try:
        host.open("?players=you,friend&seed=4&speed=normal")
        expect(host.page.locator("#remote-link-1")).to_have_value(LINK, timeout=90_000)
        expect(host.page.locator("#remote-qr-1 svg.qr-code")).to_be_visible(  # the link
            timeout=30_000)  # (the QR library comes with the later archive)
        SHOTS.mkdir(parents=True, exist_ok=True)
        host.page.screenshot(path=str(SHOTS / "host-join-card-fr-390.png"))
        assert host.page.locator("#remote h3").inner_text() == "Joueur 2 \u2014 ami 1 sur 1"
        guest.page.goto(host.page.locator("#remote-link-1").input_value())
        expect(guest.page.locator("#remote-answer")).to_have_value(ANSWER, timeout=60_000)
        expect(guest.page.locator("#remote-qr-answer svg.qr-code")).to_be_visible(
            timeout=30_000)
        guest.page.screenshot(path=str(SHOTS / "guest-answer-nl-390.png"))
        host.page.fill("#remote-answer-1", guest.page.locator("#remote-answer").input_value())
        host.page.click('[data-action="remote-connect"][data-card="1"]')
        expect(guest.page.locator("body")).to_have_attribute("data-phase", "playing",
                                                             timeout=30_000)
        expect(guest.page.locator("html")).to_have_attribute("lang", "nl", timeout=30_000)
        guest.page.screenshot(path=str(SHOTS / "guest-table-nl-390.png"))
        # a friend's phone is a touch screen: a finger on a card, never a right-click
        expect(guest.page.locator("#card-tip > span")).to_have_text(
            tip_words("nl", "card-tip-touch"))
        guest.page.locator("#table-menu > summary").click()  # the host's game: no export,
        menu = guest.page.locator("#table-menu")  # no bots' pace to set from a friend's phone
        expect(menu.locator('[data-action="new-game"]')).to_be_visible()
        expect(menu.locator('[data-action="export"]')).to_be_hidden()
        expect(menu.locator(".speed-switch")).to_be_hidden()
        guest.page.locator("#table-menu > summary").click()
        host.page.click('#remote [data-action="close-dialog"]')
        host.page.screenshot(path=str(SHOTS / "host-table-fr-390.png"))
        tops = host.page.eval_on_selector_all(  # Annuler Journal Téléphones Aide Menu
            "#playing .toolbar-buttons > :is(button, details):not([hidden])",
            "els => els.map(e => Math.round(e.getBoundingClientRect().top))")
        assert len(tops) == 4 and len(set(tops)) == 1, tops  # one row (Undo kept hidden)
        assert refused == [] and host.errors == [] and guest.errors == []
    finally:
        host.context.close()
        guest.context.close()


def test_the_hosts_page_reloaded_lets_its_friend_rejoin(
        isolated: Browser, dist_dir: Path) -> None:  # noqa: F811 - the fixture
    """The host's page reloads mid-game: its friend's phone says the connection was lost;
    the host continues the saved game, whose room came back with it (the friend away, its
    seat marked so on the host's table until it is back); the friend pastes the new link
    and gets its own seat and hand back."""
    refused: list[str] = []
    host = Phone(isolated, dist_dir, "en-GB", refused)
    guest = Phone(isolated, dist_dir, "tr-TR", refused, phone=True)
    try:
        host.open("?players=easy,friend&seed=8&speed=fast")
        join(host, guest, 1)
        host.page.click('#remote [data-action="close-dialog"]')
        player = HumanPlayer(guest.page)
        for _ in range(3):  # a few of the friend's decisions
            expect(guest.page.locator(READY).first).to_be_visible(timeout=30_000)
            decide(guest, player)
        expect(guest.page.locator(READY).first).to_be_visible(
            timeout=30_000)  # its turn: the game waits on it
        hand = sorted(guest.page.eval_on_selector_all(
            ".my-hand [data-card]", "els => els.map(e => e.dataset.card)"))
        seat = last_view(guest)
        host.page.reload()
        expect(guest.page.locator('#remote[data-stage="lost"]')).to_be_visible(
            timeout=30_000)
        host.page.locator('[data-action="resume"]').first.click()
        link = host.page.locator("#remote-link-1")
        expect(link).to_have_value(LINK, timeout=60_000)
        away = host.page.locator('#playing .seat[data-seat="1"] .badge.away')
        expect(away).to_have_text("away")  # the friend's seat marked on the host's table
        expect(host.page.locator("#playing .badge.away")).to_have_count(1)  # not the bot's
        guest.page.fill("#remote-offer", link.input_value())
        guest.page.click('[data-action="remote-join"]')
        answer = guest.page.locator("#remote-answer")
        expect(answer).to_have_value(ANSWER, timeout=60_000)
        host.page.fill("#remote-answer-1", answer.input_value())
        host.page.click('[data-action="remote-connect"][data-card="1"]')
        expect(host.page.locator('.remote-card[data-card="1"]')).to_have_attribute(
            "data-state", "connected", timeout=30_000)
        expect(guest.page.locator("#remote")).to_be_hidden()
        expect(guest.page.locator("#playing [data-code]").first).to_be_visible()
        expect(away).to_have_count(0)  # back: no longer marked
        assert last_view(guest) == seat  # the same seat, at the same ply
        assert sorted(guest.page.eval_on_selector_all(
            ".my-hand [data-card]", "els => els.map(e => e.dataset.card)")) == hand
        assert refused == [] and host.errors == [] and guest.errors == []
    finally:
        host.context.close()
        guest.context.close()
