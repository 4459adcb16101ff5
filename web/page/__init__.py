"""The seasalt page's Python (PyScript glue): DOM code only, no game rules.

Everything about the game comes from ``seasalt.web`` (the game's ``table.Table``,
``settings``, ``saves``, ``messages``, ``words``) and the game's presenter: the page
renders a seat's view (its ``legal`` action records), the decision panel and the words
the presenter gives (``words.prompt``, ``seasalt.ssp.present.header_bits``, ...), and
sends back the code of the
action clicked, with the ply it was offered at. The page holds no rule and no
sentence, and builds or parses no action code: only codes listed in
``view["legal"]`` are ever sent; an element with ``data-code`` is one of them.
A Hard bot's search runs in a web worker (`thinker`); other bots, and Hard until the
worker is ready, think in short slices between browser tasks (`bots.bot_loop`), so the
page stays responsive. Every game is saved in localStorage after every action, one
entry per game, listed on the setup screen; one tab plays a game at a time. Words come
in the language in use (``seasalt.i18n``); a switch redraws everything in place.

Modules (``web/pyscript.toml`` ships each one; ``build.py`` preloads them):

- `dom`: phases, element building and lookups, listeners, the error screen.
- `cards`: face-up cards, backs, rows of cards, duos and trios in front.
- `store`: the page state (`store.ui`) and the saved games in localStorage (one entry
  per game; unreadable ones kept aside).
- `room`: room for saves (the cap, a full storage: the oldest finished games go).
- `tabs`: one tab plays a game (Web Locks and the owner entry; taking a game over).
- `setup`: the new-game screen (the game chooser: Sea Salt & Paper or Fruits de mer).
- `saves`: the saved games' list (Continue, Export, Delete; an unreadable one's reason),
  importing a game file.
- `table`: Sea Salt & Paper's table in play (header, seats, piles, your area, log).
- `fdm_table`, `fdm_hand`, `fdm_scores`, `fdm_motion`, `fdm_cards`: Fruits de mer's
  table (the board), your hand and its input, the scores and the game's end, the reveal
  step by step, and what they share (`flow` draws it instead of `table` when the
  payload's ``game`` is ``fruits-de-mer``).
- `prompt`: the centre panel: renders ``seasalt.ssp.present.prompt``'s decision panel.
- `ends`: the round-over and game-over screens.
- `calc`, `calc_view`: the score calculator (``seasalt.web.calc``), its state and taps,
  its screens.
- `bots`: bot pacing in slices, warming up.
- `thinker`: the bots' web worker (``bots-worker.js``), started lazily; stale answers
  dropped.
- `flow`: putting a game in play and `update` (what to show next).
- `prefs`: the language (its catalog fetched and installed, the switch) and the theme.
- `focus`: where the keyboard focus goes after a redraw (never the body).
- `help`: the help dialog's content (``seasalt.web.words.help_content``).
- `dialogs`: the hot-seat hand-off, confirmations, help and card-rule dialogs.
- `keys`: keyboard shortcuts (``data-key``) and the long press for a card's rule.
- `events`: the page's listeners.
- `early`: the setup form filled in before Python ran (``setup-early.js``), taken over.
- `more`: the later archive (Fruits de mer's table, the calculator, the replay, the
  coach: ``LATER`` in ``tools/build/layout.py``), fetched when first needed.
- `later`: the ways into those features (each awaits ``more.need`` first) and what
  every click, key and drawing asks of them without importing them.
- `boot`: start-up.
"""
