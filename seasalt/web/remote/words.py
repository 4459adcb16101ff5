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
  have been answered by another phone, which only the host's card can say).
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
