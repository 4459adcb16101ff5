"""Game-agnostic parts: the game interface, errors, records, the registry and
the table driver.

Nothing in :mod:`seasalt.core` knows a rule, an end reason or the name of any
particular game, and nothing here imports a layer above it (the bots, a game, the
page's bridge, the command line): bots, the arena, the game record, the table driver
(:mod:`seasalt.core.table`, which the page, ``seasalt play`` and the arena all
use, handing it their bots) speak to games only through
:class:`seasalt.core.interface.Game`, and games join through
:mod:`seasalt.core.registry` (discovered packages).

Modules: ``interface`` (GameInfo, Dynamics, Outcome, the Game and Bot protocols),
``errors``, ``record`` (GameRecord), ``registry`` (load_game, load_heuristics,
register_game, discover), ``heuristics`` (the Heuristics protocol for bots),
``table`` (Table, the one driver) with ``seats`` (seat kinds, the bots a table is
handed), ``thinking`` (a bot's decision in slices), ``saves`` (a table's save form)
and ``undo`` (what undo keeps, its policy), ``fields`` (typed reading of plain data,
for ``Game.view_from_dict``), ``replay``, ``safejson``, ``sealed``.
"""
