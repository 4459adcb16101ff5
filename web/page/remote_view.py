"""The screens of a table played on several phones (issue 42), drawn into the
``#remote`` dialog: the host's join cards (`draw_host`), a friend's join screen
(`draw_guest`), and the line over the host's table saying whom the game waits for
(`draw_status`). Every word comes from ``seasalt.web.messages``; what the player does
is a ``data-action`` (``remote-...``) that the control layer (``remote``) reads.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Mapping, Sequence
from typing import Any

from pyscript import document

from seasalt.ssp.present.page import page_text
from seasalt.web.messages import message

from .dom import byid, el, found, render, show
from .state import ui


def _code_box(label: str, text: str, box_id: str) -> Any:
    """A read-only field holding ``text`` (a link to share) with its Copy button."""
    return el("div",
              el("label", label, **{"for": box_id}, class_="remote-label"),
              el("div",
                 el("input", id=box_id, class_="remote-code", readonly="", value=text,
                    spellcheck="false"),
                 el("button", message("remote-copy"), type="button", class_="btn small",
                    data_action="remote-copy", data_target=box_id),
                 class_="remote-row"),
              class_="remote-field")


def _paste_box(label: str, box_id: str, action: str, button: str, **attrs: str) -> Any:
    """A field to paste a code into, and the button that reads it."""
    return el("div",
              el("label", label, **{"for": box_id}, class_="remote-label"),
              el("div",
                 el("input", id=box_id, class_="remote-code", autocomplete="off",
                    spellcheck="false", inputmode="url"),
                 el("button", button, type="button", class_="btn primary small",
                    data_action=action, **attrs),
                 class_="remote-row"),
              class_="remote-field")


def _scan_box(number: str, scanning: bool) -> Any:
    """The "Scan the answer" button (or, while the camera is on, "Stop the camera") and
    the holder of the camera's picture, ``#remote-scan-N``: while scanning, the holder
    already on the page is kept (the redrawn card takes it as it is, video playing)."""
    holder = document.getElementById(f"remote-scan-{number}") if scanning else None
    if not found(holder):
        holder = el("div", id=f"remote-scan-{number}", class_="remote-camera")
    if scanning:
        control = el("button", message("remote-scan-stop"), type="button",
                     class_="btn small", data_action="remote-scan-stop", data_card=number)
    else:
        control = el("button", message("remote-scan"), type="button", class_="btn small",
                     data_action="remote-scan", data_card=number)
    wrapper = el("div", control, holder, class_="remote-scan")
    if scanning:  # the camera's room kept from the start: the card scrolls to it whole
        wrapper.setAttribute("data-scanning", "")
    return wrapper


def _head(title: str) -> Any:
    return el("div", el("h2", title, id="remote-title"),
              el("button", page_text("close"), type="button", class_="btn quiet small",
                 data_action="close-dialog"),
              class_="dialog-head")


def _free_box(number: str, name: str, asking: bool) -> Any:
    """"Free this seat", or (``asking``) its question with "Free the seat" and Cancel."""
    if not asking:
        return el("button", message("remote-free"), type="button", class_="btn small",
                  id=f"remote-free-open-{number}", data_action="remote-free",
                  data_card=number)
    return el("div",
              el("p", message("remote-free-ask", name=name), id=f"remote-free-q-{number}"),
              el("div",
                 el("button", message("remote-free-yes"), type="button",
                    class_="btn primary small", data_action="remote-free-yes",
                    data_card=number),
                 el("button", page_text("cancel"), type="button", class_="btn small",
                    id=f"remote-free-no-{number}", data_action="remote-free-no",
                    data_card=number),
                 class_="remote-row"),
              class_="remote-free-ask", role="group",
              aria_labelledby=f"remote-free-q-{number}")


def draw_host(cards: Sequence[Mapping[str, Any]]) -> None:
    """The host's join cards, one per friend's seat.

    Args:
        cards: ``{"number", "count", "state", "name", "link", "qr", "error",
            "scanning"}`` each: ``qr`` the link as its QR code's text (``link`` if
            absent); ``state``
            is ``making`` (the code is being made), ``waiting`` (the link shown, the
            answer awaited), ``connecting``, ``connected`` or ``away`` (the seat's phone
            gone: a new link shown); ``name`` the seat's name once known; ``error`` a
            sentence ('' none); ``scanning`` whether the camera reads the friend's
            answer now (the card's camera holder kept as it is, its QR code not drawn:
            the friend has scanned it already); ``notice`` a sentence that is not an
            error; ``seated`` whether the card shows a seat given to a phone (it then
            offers "Free this seat"; ``away`` rather than ``waiting``), ``asking``
            whether it asks to confirm freeing it now; ``seat_name`` the name of the seat
            its heading names ('' none: ``HostRoom.named``); ``link_state`` its link's
            (``page.link.Link.state``, '' none): "New link" is offered on a card whose
            link was used (``offers_new_link``). "Connecting…" never shows under an
            error.
    """
    from seasalt.web.remote.words import offers_new_link  # (the later archive's: here)

    body = [_head(message("remote-title")), el("p", message("remote-host-intro"))]
    for c in cards:
        n, state, seated = str(c["number"]), str(c["state"]), bool(c.get("seated"))
        if state in ("away", "waiting"):  # (a seat given to a phone, not connected: away,
            state = "away" if seated else "waiting"  # also after the host's page reloads)
        free = seated and state in ("connected", "away")
        parts: list[Any] = [el("h3", message("remote-friend-seat" if c.get("seat_name") else
                                             "remote-friend", name=c.get("seat_name", ""),
                                             number=n, count=c["count"]))]
        if c.get("notice"):
            parts.append(el("p", str(c["notice"]), class_="remote-ok", role="status"))
        if c.get("error"):
            parts.append(el("p", str(c["error"]), class_="remote-error", role="alert"))
        if state == "connected":
            parts.append(el("p", message("remote-connected", name=c["name"]),
                            class_="remote-ok"))
        elif state == "making":
            parts.append(el("p", message("remote-making")))
        else:
            if state == "away":
                parts.append(el("p", message("remote-away", name=c["name"]),
                                class_="remote-away"))
                if free:
                    parts.append(_free_box(n, str(c["name"]), bool(c.get("asking"))))
            if c["link"]:
                if not c.get("scanning"):  # (scanning: the camera in its place)
                    parts.append(el("div", class_="remote-qr", id=f"remote-qr-{n}",
                                    data_text=str(c.get("qr") or c["link"])))
                parts.append(_code_box(message("remote-link"), str(c["link"]),
                                       f"remote-link-{n}"))
                parts.append(_paste_box(message("remote-answer-field"), f"remote-answer-{n}",
                                        "remote-connect", message("remote-connect"),
                                        data_card=n))
                parts.append(_scan_box(n, bool(c.get("scanning"))))
            if state == "connecting" and not c.get("error"):
                parts.append(el("p", message("remote-connecting")))
            if offers_new_link(state, str(c.get("link_state", ""))):  # (page/host_renew)
                parts.append(el("div", el("button", message("remote-new-link"), type="button",
                                          class_="btn small", data_action="remote-renew",
                                          data_card=n), class_="remote-row"))
        if state == "connected" and free:
            parts.append(_free_box(n, str(c["name"]), bool(c.get("asking"))))
        body.append(el("section", *parts, class_="remote-card", data_card=n,
                       data_state=state))
    render("remote", *body)
    draw_codes()


def _name_box(name: str) -> Any:
    """The field of the friend's own name at the table (``#remote-name``), holding
    ``name``; at most 20 characters (``seasalt.web.remote.names.MAX_NAME``: the host
    checks it again)."""
    from seasalt.web.remote.names import MAX_NAME  # (the later archive's: here by now)

    return el("div",
              el("label", message("remote-name-field"), **{"for": "remote-name"},
                 class_="remote-label"),
              el("input", id="remote-name", class_="remote-code remote-name", value=name,
                 maxlength=str(MAX_NAME), autocomplete="nickname", spellcheck="false"),
              class_="remote-field")


def draw_guest(stage: str, *, answer: str = "", answer_qr: str = "", error: str = "",
               rejoin: bool = False, name: str = "", late: str = "") -> None:
    """A friend's join screen.

    Args:
        stage: ``paste`` (the host's code awaited), ``answer`` (this device's answer
            shown, the host awaited), ``lost`` (the connection is gone: paste a new
            code) or ``ended`` (the host ended the game: a way to this device's own
            new-game screen).
        answer: this device's answer code, as a link (stage ``answer``).
        answer_qr: the same code as its QR code's text, for the host's camera (``answer``
            if empty).
        error: a sentence ('' none).
        rejoin: this device keeps a seat (the screen says it gets it back).
        name: the friend's own name, in its field (stages ``paste``, ``lost``, ``answer``).
        late: a sentence that says the answer has not connected yet, and what to do, in
            place of "Waiting for the host to connect" ('' none; stage ``answer``).
    """
    body = [_head(message("remote-ended-title" if stage == "ended" else
                          "remote-join-open"))]
    if error:  # (first: a refused join is what this screen says now)
        body.append(el("p", error, class_="remote-error", role="alert"))
    if stage == "ended":
        body += [el("p", message("remote-ended"), class_="remote-ended"),
                 el("div", el("button", page_text("new-game"), type="button",
                              class_="btn primary", data_action="remote-leave"),
                    class_="dialog-actions")]
    elif stage == "answer":
        body += [el("p", message("remote-answer-intro")),
                 el("div", class_="remote-qr", id="remote-qr-answer",
                    data_text=answer_qr or answer),
                 _code_box(message("remote-answer-label"), answer, "remote-answer"),
                 _name_box(name),
                 el("p", late, class_="remote-wait remote-late", role="status") if late
                 else el("p", message("remote-guest-waiting"), class_="remote-wait")]
    else:
        intro = ("remote-lost" if stage == "lost" else
                 "remote-rejoin-intro" if rejoin else "remote-guest-intro")
        body += [el("p", message(intro)),
                 _name_box(name),
                 _paste_box(message("remote-offer-field"), "remote-offer", "remote-join",
                            message("remote-join"))]
    render("remote", *body)
    byid("remote").setAttribute("data-stage", stage)
    draw_codes()


def draw_codes() -> None:
    """Each link of the dialog also as a QR code (``qr_draw``): a phone's camera opens
    the host's link at once; the host's page reads a friend's answer (drawn in the
    background; on failure its sentence stands in the code's place, the link stays)."""
    for holder in byid("remote").querySelectorAll(".remote-qr[data-text]"):
        asyncio.ensure_future(_draw_code(holder, str(holder.getAttribute("data-text"))))


async def _draw_code(holder: Any, text: str) -> None:
    from . import qr_draw  # the later archive's, here once a table on phones is set up

    with contextlib.suppress(qr_draw.QrDrawError):  # said in the holder; the link stays
        await qr_draw.draw(holder, text)


def draw_status(text: str) -> None:
    """Whom the game waits for, after the table's own note (``ui.message``) in its line
    over the table; '' leaves that note alone."""
    if not text:
        return
    node = byid("table-message")
    render(node, " ".join(filter(None, [ui.message, text])))
    show(node, True)


def mark_sent(sent: bool) -> None:
    """The table says a decision was sent and the host's answer is awaited
    (``aria-busy`` on ``#playing``: its buttons dimmed after a moment, a second click
    ignored; the next view clears it)."""
    region = document.getElementById("playing")
    if found(region):
        region.setAttribute("aria-busy", "true" if sent else "false")
