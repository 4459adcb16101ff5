"""Game-agnostic parts: the game interface, errors, records, the registry and
the table driver.

Nothing in :mod:`seasalt.core` knows a rule, an end reason or the name of any
particular game; bots, the arena, the game record, the table driver
(:mod:`seasalt.core.table`, which the page, ``seasalt play`` and the arena all
use) speak to games only through :class:`seasalt.core.interface.Game`, and
games join through :mod:`seasalt.core.registry` (discovered packages).

Modules: ``interface`` (GameInfo, Dynamics, Outcome, the Game protocol),
``errors``, ``record`` (GameRecord), ``registry`` (load_game, load_heuristics,
register_game, discover), ``heuristics`` (the Heuristics protocol for bots),
``table`` (Table, the one driver), ``fields`` (typed reading of plain data, for
``Game.view_from_dict``).
"""
