"""The seasalt page's Python (PyScript glue): DOM code only, no game rules.

Everything about the game comes from ``seasalt.web_api``: the page renders a seat's
view (its ``legal`` action records), the decision panel and the words the presenter
gives (``api.prompt``, ``api.header_bits``, ...), and sends back the code of the
action clicked, with the ply it was offered at. The page holds no rule and no
sentence, and builds or parses no action code: only codes listed in
``view["legal"]`` are ever sent; an element with ``data-code`` is one of them.
Bots think in short slices between browser tasks (`bots.bot_loop`), so the page
stays responsive. The game is saved in localStorage after every action.

Modules (``web/pyscript.toml`` ships each one; ``build.py`` preloads them):

- `dom`: phases, element building and lookups, listeners, the error screen.
- `cards`: face-up cards, backs, rows of cards, duos and trios in front.
- `store`: the page state (`store.ui`) and the saves in localStorage.
- `setup`: the new-game screen.
- `table`: the table in play (header, seats, piles, your area, log).
- `prompt`: the centre panel: renders ``seasalt.ssp.prompt``'s decision panel.
- `ends`: the round-over and game-over screens.
- `bots`: bot pacing in slices, warming up.
- `flow`: putting a game in play and `update` (what to show next).
- `events`: the page's listeners.
- `boot`: start-up.
"""
