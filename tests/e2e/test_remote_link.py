"""Two devices joined over a WebRTC data channel, signalled through the codec
(:mod:`seasalt.web.remote.signal`) running in each page's Pyodide (issue 42's proof).

Chromium runs inside a network namespace of its own (``unshare -n`` as root, ``unshare
-rn`` else; skipped where neither works), so no packet can reach any other machine, nor
the machine's own addresses: the namespace has
its loopback and a pair of virtual interfaces joined to each other and to nothing else
(``10.9.0.2``, a default route through its twin). Chromium 156 gathers no candidate on
the loopback interface, ``--allow-loopback-in-peer-connection`` or not (it gathers none
at all without a default route), hence the pair. The pages here are served from
``dist/`` by request routing (the test's own 127.0.0.1 is out of the namespace's reach);
any other request is aborted and fails the test. The page's own tests
(``test_remote_page.py`` and those that use its ``Phone``) have the site served by a web
server inside the namespace instead (`launched_isolated`), at `SITE`.

The host page makes an offer, its Python packs it into a QR code's text; the guest
page's Python rebuilds the SDP from that text, answers, packs the answer; the host's
Python rebuilds it; the data channel opens. Then a guest's ``hello`` crosses the channel
to a :class:`~seasalt.web.remote.host.HostRoom` and its welcome and view come back, and
the round trip of a small message is measured (reported, never asserted).
"""

from __future__ import annotations

import contextlib
import json
import mimetypes
import os
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, Route

from seasalt.web.remote import host as remote_host
from seasalt.web.remote import signal as sig
from seasalt.web.remote.guest import GuestTable
from seasalt.web.settings import Settings
from seasalt.web.table import Table
from tools.census.browse import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parents[2]
#: The namespace's own interfaces: the loopback, and a pair joined only to each other.
NAMESPACE = ("ip link set lo up && ip link add v0 type veth peer name v1 && "
             "ip addr add 10.9.0.2/24 dev v0 && ip link set v0 up && ip link set v1 up && "
             "ip route add default via 10.9.0.1 dev v0")
ADDRESS = "10.9.0.2"
ORIGIN = "http://127.0.0.1:9"  # never dialled: every request is answered by routing
#: The site as the namespace's own web server serves it (`launched_isolated`).
SITE = "http://127.0.0.1:8000"
PINGS = 50

PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>remote</title></head>
<body><script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
const gather = (pc) => new Promise((done) => {
  if (pc.iceGatheringState === "complete") done();
  pc.addEventListener("icegatheringstatechange", () => {
    if (pc.iceGatheringState === "complete") done();
  });
});
window.inbox = [];
const listen = (dc) => { dc.onmessage = (e) => window.inbox.push(e.data); };
window.host = async () => {
  const pc = window.pc = new RTCPeerConnection();
  const dc = window.dc = pc.createDataChannel("table");
  window.opened = new Promise((done) => { dc.onopen = done; });
  listen(dc);
  await pc.setLocalDescription(await pc.createOffer());
  await gather(pc);
  return pc.localDescription.sdp;
};
window.guest = async (offer) => {
  const pc = window.pc = new RTCPeerConnection();
  window.opened = new Promise((done) => {
    pc.ondatachannel = (e) => {
      window.dc = e.channel;
      listen(e.channel);
      e.channel.onopen = done;
    };
  });
  await pc.setRemoteDescription({type: "offer", sdp: offer});
  await pc.setLocalDescription(await pc.createAnswer());
  await gather(pc);
  return pc.localDescription.sdp;
};
window.finish = async (answer) => {
  await window.pc.setRemoteDescription({type: "answer", sdp: answer});
};
window.echo = () => { window.dc.onmessage = (e) => window.dc.send(e.data); };
window.rtt = async (n) => {
  const times = [];
  for (let i = 1; i <= n; i++) {
    const t = performance.now();
    const back = new Promise((done) => { window.dc.onmessage = done; });
    window.dc.send(JSON.stringify({type: "ping", seq: i}));
    await back;
    times.push(performance.now() - t);
  }
  listen(window.dc);
  return times;
};
window.pair = async () => {
  const stats = await window.pc.getStats();
  let pair = null;
  stats.forEach((s) => {
    if (s.type === "transport") pair = stats.get(s.selectedCandidatePairId);
  });
  const end = (id) => {
    const c = stats.get(id);
    return `${c.address}:${c.port} ${c.candidateType} ${c.protocol}`;
  };
  return pair ? [end(pair.localCandidateId), end(pair.remoteCandidateId)] : [];
};
window.py = await loadPyodide({indexURL: new URL("./pyodide/", location.href).href});
document.body.dataset.ready = "yes";
</script></body></html>"""


def unshare() -> str:
    """The ``unshare`` command that gives a network namespace here: ``unshare -n`` as
    root, else ``unshare -rn`` (in a user namespace, where the system allows it).

    Raises:
        pytest.skip.Exception: neither works (the test is skipped, saying why).
    """
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        pytest.skip("unshare or ip is missing")
    errors = []
    for command in ("unshare -n", "unshare -rn"):
        probe = subprocess.run([*command.split(), "sh", "-c", NAMESPACE],
                               capture_output=True, text=True, check=False)
        if probe.returncode == 0:
            return command
        errors.append(probe.stderr.strip()[:200])
    pytest.skip(f"no network namespace here: {errors}")


@contextlib.contextmanager
def launched_isolated(playwright: Playwright, tmp_path_factory: pytest.TempPathFactory,
                      *args: str, serve: Path | None = None) -> Iterator[Browser]:
    """Chromium inside a network namespace of its own, with ``args`` besides the usual
    ones (skipped where no namespace can be made: `unshare`). With ``serve``, that
    folder is served at `SITE` by a web server inside the namespace, started before
    Chromium and stopped after it: the pages' files come from the browser's own cache
    when they can, as on a phone (request routing would switch that cache off)."""
    command = unshare()
    folder = tmp_path_factory.mktemp("netns")
    wrapper, pid = folder / "chromium-netns", folder / "server.pid"
    server = ""
    if serve is not None:
        port = SITE.rsplit(":", 1)[1]
        python = shlex.quote(sys.executable)
        server = (f"(cd {shlex.quote(str(serve))} && exec {python} -m http.server --bind "
                  f"127.0.0.1 {port} >/dev/null 2>&1) & echo $! > {pid} && "
                  f"for i in $(seq 100); do {python} -c \"import socket; "
                  f"socket.create_connection(('127.0.0.1', {port}))\" 2>/dev/null && break; "
                  f"sleep 0.05; done; ")
    wrapper.write_text(f"#!/bin/sh\nexec {command} sh -c '{NAMESPACE} && {server}"
                       f"exec {CHROMIUM} \"$@\"' chromium \"$@\"\n")
    wrapper.chmod(0o755)
    browser = playwright.chromium.launch(
        executable_path=str(wrapper),
        args=[*CHROMIUM_ARGS, "--disable-features=WebRtcHideLocalIpsWithMdns", *args])
    try:
        yield browser
    finally:
        browser.close()
        if pid.exists():
            with contextlib.suppress(ProcessLookupError, ValueError):
                os.kill(int(pid.read_text()), signal.SIGTERM)


@pytest.fixture(scope="module")
def isolated(playwright: Playwright, tmp_path_factory: pytest.TempPathFactory,
             dist_dir: Path) -> Iterator[Browser]:
    """Chromium inside a network namespace of its own, the site served in it at `SITE`."""
    with launched_isolated(playwright, tmp_path_factory, serve=dist_dir) as browser:
        yield browser


class Device:
    """One browser context (a phone) with the codec loaded in its Pyodide."""

    def __init__(self, browser: Browser, dist: Path, refused: list[str]) -> None:
        self.context: BrowserContext = browser.new_context()

        def answer(route: Route) -> None:
            url = route.request.url
            path = url[len(ORIGIN) + 1:].split("?")[0]
            if not url.startswith(ORIGIN + "/"):
                refused.append(url)
                route.abort()
            elif path == "remote.html":
                route.fulfill(body=PAGE, content_type="text/html")
            elif (dist / path).is_file() and ".." not in path:
                kind = mimetypes.guess_type(path)[0] or "application/octet-stream"
                if path.endswith(".mjs"):
                    kind = "text/javascript"
                route.fulfill(body=(dist / path).read_bytes(), content_type=kind)
            else:
                refused.append(url)
                route.abort()

        self.context.route("**/*", answer)
        self.page: Page = self.context.new_page()
        self.page.goto(f"{ORIGIN}/remote.html")
        self.page.wait_for_selector("body[data-ready=yes]", state="attached", timeout=60_000)
        codec = (ROOT / "seasalt" / "web" / "remote" / "signal.py").read_text()
        self.page.evaluate("(src) => { py.FS.writeFile('/home/pyodide/remote_signal.py', src);"
                           " py.runPython('import remote_signal'); }", codec)

    def python(self, expression: str, **values: Any) -> Any:
        """``expression`` evaluated by the page's Python, ``values`` bound as globals."""
        return self.page.evaluate(
            "([expr, values]) => { for (const [k, v] of Object.entries(values))"
            " py.globals.set(k, v); return py.runPython(expr); }", [expression, values])


def test_two_devices_join_through_the_codec_and_talk(
        isolated: Browser, dist_dir: Path, record_property: Any) -> None:
    refused: list[str] = []
    host, guest = Device(isolated, dist_dir, refused), Device(isolated, dist_dir, refused)

    offer = host.page.evaluate("host()")
    offer_code = host.python("remote_signal.encode_qr(sdp, answer=False)", sdp=offer)
    assert len(offer_code) < 150 and set(offer_code) <= set(sig.B36)
    rebuilt = guest.python("remote_signal.decode_qr(code, answer=False)", code=offer_code)
    answer = guest.page.evaluate("(offer) => guest(offer)", rebuilt)
    answer_code = guest.python("remote_signal.encode_qr(sdp, answer=True)", sdp=answer)
    assert len(answer_code) < 150 and set(answer_code) <= set(sig.B36)
    host.page.evaluate("(answer) => finish(answer)",
                       host.python("remote_signal.decode_qr(code, answer=True)",
                                   code=answer_code))
    for device in (host, guest):
        device.page.evaluate("window.opened")
    # the same codes in CPython: the page's Python and the package agree
    assert sig.encode_qr(offer, answer=False) == offer_code
    for sdp, is_answer in ((offer, False), (answer, True)):
        addresses = {c.address for c in sig.from_sdp(sdp, answer=is_answer).candidates}
        assert addresses == {ADDRESS}, addresses  # nothing of the machine's own
    pair = host.page.evaluate("pair()")  # the connection's two ends, in the namespace
    assert [end.split(":")[0] for end in pair] == [ADDRESS, ADDRESS], pair

    # a guest's hello crosses the channel to the host's room; its seat comes back
    table = Table.new(Settings(seats=["human", "human"], names=["", ""]), seed=4)
    room, phone = remote_host.HostRoom(table, [1]), GuestTable()
    guest.page.evaluate("(text) => window.dc.send(text)", phone.hello())
    host.page.wait_for_function("window.inbox.length === 1")
    hello = host.page.evaluate("window.inbox.shift()")
    for _, text in room.receive("guest", hello):
        host.page.evaluate("(text) => window.dc.send(text)", text)
    guest.page.wait_for_function("window.inbox.length >= 2")
    for text in guest.page.evaluate("window.inbox.splice(0)"):
        phone.receive(text)
    assert phone.seat == 1 and phone.ply == table.ply
    assert json.dumps(phone.payload()) == json.dumps(table.view(1))

    guest.page.evaluate("echo()")
    times = host.page.evaluate(f"rtt({PINGS})")
    assert len(times) == PINGS
    median = statistics.median(times)
    record_property("round_trip_ms_median", round(median, 2))
    print(f"data channel round trip over {PINGS} pings: median {median:.2f} ms, "
          f"most {max(times):.2f} ms; offer code {len(offer_code)} characters, "
          f"answer code {len(answer_code)}")
    assert refused == []
    for device in (host, guest):
        device.context.close()
