"""Which sentence says a refused join, on each device (issue 42): the message ids of
:mod:`seasalt.web.messages` for a refusal's reason code, never the code or its
technical detail (those stay in the host's log: ``HostRoom.log`` and the browser's
console).

- a friend's phone, refused by the host's room while joining (:func:`guest_refusal`:
  ``full``, ``freed``, ``protocol``...);
- the host's join card, when its room refused a phone that answered the card's link
  (:func:`host_refusal`);
- a code that does not read, on either device (:func:`code_refusal`: the host reads a
  friend's answer, a friend reads the host's link);
- a friend's phone whose answer has not connected (:func:`guest_waiting`: the link may
  have been answered by another phone, which only the host's card can say);
- the host's join card whose answer, applied, has not connected (:func:`host_waiting`:
  a fresh link then).
"""

from __future__ import annotations

#: A friend's phone: the sentence for a refusal while it joins (any other reason: the
#: host's device did not seat it, ask for a new link).
GUEST_REFUSALS = {"full": "remote-full", "freed": "remote-freed",
                  "protocol": "remote-old-version"}
#: The host's join card: the sentence for a phone its room refused (any other reason:
#: that phone was not seated, give it the new link).
HOST_REFUSALS = {"full": "remote-host-full", "protocol": "remote-old-version"}


def guest_refusal(reason: str) -> str:
    """The message id that tells a friend's phone why the host did not seat it.

    Args:
        reason: a reason code of :data:`seasalt.web.remote.messages.REASONS`.
    """
    return GUEST_REFUSALS.get(reason, "remote-join-refused")


def host_refusal(reason: str) -> str:
    """The message id that tells the host why a phone that answered a join card's link
    was not seated (``bad-token`` is not said: that phone then asks for a new seat).

    Args:
        reason: a reason code of :data:`seasalt.web.remote.messages.REASONS`.
    """
    return HOST_REFUSALS.get(reason, "remote-host-refused")


def code_refusal(reason: str, *, answer: bool) -> str:
    """The message id that says a pasted or scanned code was not taken, and what to do.

    Args:
        reason: a reason code of :data:`seasalt.web.remote.signal.REASONS`.
        answer: the host reading a friend's answer (``False``: a friend reading the
            host's link).
    """
    if reason == "version":
        return "remote-old-version"
    if reason == "answered":
        return "remote-code-answered"
    if reason == "stale":
        return "remote-code-stale"
    if reason == "kind":
        return "remote-code-is-offer" if answer else "remote-code-is-answer"
    return "remote-code-not-answer" if answer else "remote-code-not-offer"


#: How long a friend's phone shows its answer code before it says it is not connected
#: yet (seconds): a connection takes 0.2-2.6 s once the host has read the answer.
NOT_CONNECTED_AFTER = 45.0


def guest_waiting(shown_for: float, *, opened: bool, closed: bool = False) -> str | None:
    """The message id a friend's phone shows under its answer code while it is not
    connected: ``None`` while it may still be connecting, ``remote-not-connected``
    (what to do: a new link) once :data:`NOT_CONNECTED_AFTER` seconds have passed or its
    connection closed without ever opening (the host's page gone). It still connects if
    the host reads the answer later.

    Args:
        shown_for: seconds since the answer code was shown (the page's clock).
        opened: whether the connection to the host opened (then nothing to say).
        closed: whether that connection closed or failed before opening.
    """
    if opened:
        return None
    return "remote-not-connected" if closed or shown_for >= NOT_CONNECTED_AFTER else None


#: How long the host's join card waits for the channel once it applied a friend's
#: answer (seconds of the room's clock) before it gives up and offers a fresh link: a
#: connection takes 0.2-2.6 s on one Wi-Fi.
HOST_GIVES_UP_AFTER = 20.0


def host_waiting(applied_at: float, now: float, *, opened: bool) -> str | None:
    """The message id the host's join card shows once it has waited too long for the
    channel of an answer it applied: ``None`` while it may still connect (the card says
    "Connecting…"), ``remote-host-no-connection`` (what to check; the card then shows a
    fresh link) once :data:`HOST_GIVES_UP_AFTER` seconds have passed without it opening.

    Args:
        applied_at: when the answer was applied, on the room's clock
            (``HostRoom.clock``, seconds).
        now: the room's clock now.
        opened: whether the channel opened (then nothing to say).
    """
    if opened or now - applied_at < HOST_GIVES_UP_AFTER:
        return None
    return "remote-host-no-connection"


def offers_new_link(card_state: str, link_state: str) -> bool:
    """Whether the host's join card offers "New link" (so that the host is never stuck
    with a used link: no reload needed): no phone is seated through it now, and its
    link was used (an answer applied to it, or its connection closed).

    Args:
        card_state: the card's: ``making``, ``waiting``, ``connecting``, ``connected``
            or ``away``.
        link_state: its link's (``page.link.Link.state``: ``new``, ``offered``,
            ``answered``, ``open`` or ``closed``; '' no link).
    """
    if card_state in ("connected", "making") or not link_state:
        return False
    return card_state == "connecting" or link_state in ("answered", "closed")
