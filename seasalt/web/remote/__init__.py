"""One table, many phones (issue 42): the host's device runs the game, each friend's
device plays one seat, with no server.

- :mod:`~seasalt.web.remote.messages`: the wire format (JSON texts), read within limits;
- :mod:`~seasalt.web.remote.host`: :class:`~seasalt.web.remote.host.HostRoom`, the host's
  side: seats, tokens, every message checked, each guest sent its own seat's view only;
- :mod:`~seasalt.web.remote.guest`: :class:`~seasalt.web.remote.guest.GuestTable`, a
  friend's device: its seat, token and last view;
- :mod:`~seasalt.web.remote.signal`: the WebRTC offer and answer reduced to a short code
  for a QR code or a link, and rebuilt into SDP.

Pure Python, no DOM and no network here: the page moves the texts over its data
channels. Tested in CPython (``tests/web/remote/``).
"""
