"""Game-agnostic parts: the game interface, errors, records and the registry.

Nothing in :mod:`seasalt.core` knows a rule of any particular game; bots, the
arena, the game record and the web bridge speak to games only through it.
"""
