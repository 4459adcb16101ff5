"""The seasalt page's Python (PyScript glue): DOM code only, no game rules.

Everything about the game comes from ``seasalt.web`` (the game's ``table.Table``,
``settings``, ``saves``, ``messages``, ``words``) and the game's presenter: the page
renders a seat's payload (``Table.view``: its game's presenter payload,
``seasalt.ssp.present.page_payload`` or ``seasalt.fdm.present.page``: the view's facts
with its ``legal`` action records, the decision panel and every word of the table), and
sends back the code of the action clicked, with the ply it was offered at. The page
holds no rule and no sentence, and builds or parses no action code: only codes listed
in ``view["legal"]`` are ever sent; an element with ``data-code`` is one of them.
A Hard bot's search runs in a web worker (`thinker`); other bots, and Hard until the
worker is ready, think in short slices between browser tasks (`bots.bot_loop`), so the
page stays responsive. Every game is saved in localStorage after every action, one
entry per game, listed on the setup screen; one tab plays a game at a time. Words come
in the language in use (``seasalt.i18n``); a switch redraws everything in place.

The modules stand in four layers (`LAYERS`), and a module imports only from its own
layer or one below it, at its top or inside a function (``tests/web/test_page_layers.py``).
Where a lower layer must set off something above it (a card dropped on a pile sends its
action, the later archive came and the table is drawn again, a bot's move is shown),
it is handed a callback, never imports upwards.

State (no layer below):

- `state`: the page state (`state.PageState`, the one ``ui``) and `state.Saved`;
  no browser import.
- `dom`: phases, element building and lookups, listeners, the error screen.
- `fit`: words and score tables fitted to their box (names narrowed, short column
  headings with a key, stacked figures) on a small screen.
- `focus`: where the keyboard focus goes after a redraw (never the body).
- `more`: the later archive (Fruits de mer's table, the calculator, the replay, the
  coach: ``LATER`` in ``tools/build/layout.py``), fetched when first needed.

Storage and services (the browser's storage, the later archive, the bots' worker):

- `store`: the saved games in localStorage (one entry per game; unreadable ones kept
  aside).
- `room`: a save the storage refuses changes nothing stored (no game removed), said.
- `tabs`: one tab plays a game (Web Locks and the owner entry; taking a game over);
  `tabs.persist` saves the game on the table.
- `hand`: the hand in the chosen order, and the cards new in it since the last decision.
- `prefs`: the language (its catalog fetched and installed, the switch), the theme and
  the other choices remembered.
- `thinker`: the bots' web worker (``bots-worker.js``), started lazily; stale answers
  dropped.
- `qr_libs`: the vendored QR code libraries (``dist/qr/``), loaded when first needed.
- `qr_scan`: reading a QR code with the camera (the table across devices).
- `link`: the data channel to another device (``RTCPeerConnection``; offer and answer
  through ``seasalt.web.remote.signal``), for a table played on several phones.
- `guest_wait`: a friend's answer code not connected after a while, said (the link
  may have been answered by another phone).
- `later`: the ways into the later archive's features (each awaits ``more.need``
  first) and what every click, key and drawing asks of them without importing them.

Render (the state and a payload to the DOM; actions only as ``data-code``):

- `cards`: face-up cards, backs, rows of cards, duos and trios in front.
- `help`: the help dialog's content (``seasalt.web.words.help_content``).
- `dialogs`: the hot-seat hand-off, confirmations, help and card-rule dialogs.
- `keys`: keyboard shortcuts (``data-key``: a key clicks the control drawn with it) and
  the long press for a card's rule.
- `prompt`: the centre panel: renders the payload's ``prompt``
  (``seasalt.ssp.present.prompt``'s decision panel, worded for the page's selection).
- `motion`: cards that move from where they were to where they are drawn.
- `seats`: a seat on the table (badges, total, another's hand as known, an opponent's
  panel).
- `table`: Sea Salt & Paper's table in play (header, seats, piles, your area, log).
- `ends`: the round-over and game-over screens; `chart`: the game-over chart of the
  totals by round.
- `fdm_table`, `fdm_hand`, `fdm_scores`, `fdm_motion`, `fdm_follow`, `fdm_cards`:
  Fruits de mer's table (the board), your hand and its input, the scores and the game's
  end, the reveal step by step, keeping its newest step in view, and what they share
  (`flow` draws it instead of `table` when the payload's ``game`` is
  ``fruits-de-mer``).
- `saves`: the saved games' list (Continue, Export, Delete; an unreadable one's
  reason) and the files it exports.
- `setup`: the new-game screen (the game chooser: Sea Salt & Paper or Fruits de mer)
  and the masthead's title.
- `calc_view`: the score calculator's screens.
- `qr_draw`: a text drawn as a QR code (the table across devices).
- `remote_view`: the screens of a table on several phones: the host's join cards, a
  friend's join screen, whom the game waits for.

Control (read events, call the bridge, change the state, ask render to draw):

- `flow`: putting a game in play and `flow.update`: the screen
  ``seasalt.web.screens.next_screen`` chooses, drawn.
- `games`: starting a game from the form, Continue, importing a game file, deleting a
  save; what other tabs change.
- `bots`: bot pacing in slices, warming up, watching bots.
- `actions`: the page's own buttons (``data-action``: setup, saves, dialogs, undo,
  the menu, the coach, the replay, the help, the calculator).
- `events`: the page's listeners.
- `coach`: the coach's corner and reviews (``seasalt.web.coach``).
- `calc`: the score calculator (``seasalt.web.calc``), its state and taps.
- `replay`: stepping through a finished game (``seasalt.web.replay``).
- `remote`, `remote_host`, `remote_guest`: one table, many phones: the host's room
  and join cards, a friend's seat drawn from the host's views (``seasalt.web.remote``);
  `host_scan`: a friend's answer on the host's join card, pasted or read by its camera;
  `host_seats`: the host frees a friend's seat for another phone; `host_renew`: a card
  that gives up an answer not connected, and "New link"; `guest_keep`: what a
  friend's device keeps (its seat, its name).
- `early`: the setup form filled in before Python ran (``setup-early.js``), taken over.
- `boot`: start-up.
"""

LAYERS: dict[str, tuple[str, ...]] = {
    "state": ("state", "dom", "fit", "focus", "more"),
    "storage": ("store", "room", "tabs", "prefs", "hand", "thinker", "later", "qr_libs",
                "qr_scan", "link", "guest_keep", "guest_wait"),
    "render": ("cards", "help", "dialogs", "keys", "prompt", "motion", "seats", "table",
               "ends", "chart", "fdm_cards", "fdm_hand", "fdm_follow", "fdm_motion", "fdm_scores",
               "fdm_table", "saves", "setup", "calc_view", "qr_draw", "remote_view"),
    "control": ("flow", "games", "bots", "actions", "events", "coach", "calc", "replay",
                "early", "remote_host", "host_scan", "host_seats", "host_renew", "remote_guest",
                "remote", "boot"),
}
"""The page's modules by layer, lowest first: a module imports only from its own layer
or a lower one."""
