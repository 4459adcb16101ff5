"""Which sentence says a refused join, on each device (issue 42): the message ids of
:mod:`seasalt.web.messages` for a refusal's reason code, never the code or its
technical detail (those stay in the host's log: ``HostRoom.log`` and the browser's
console).

- a friend's phone, refused by the host's room while joining (:func:`guest_refusal`:
  ``full``, ``freed``, ``protocol``...);
- the host's join card, when its room refused a phone that answered the card's link
  (:func:`host_refusal`);
- a code that does not read, on either device (:func:`code_refusal`: the host reads a
  friend's answer, a friend reads the host's link).
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
