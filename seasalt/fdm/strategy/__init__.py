"""Fruits de mer's strategy for the bots: what they evaluate, never what is legal.

- ``values``: what the cards are worth (F5's outcomes by the kinds the others play,
  card values, the model of the others, the heads-up equilibrium, win chances);
- ``heuristics``: :data:`~seasalt.fdm.strategy.heuristics.HEURISTICS`, what the
  generic bots (:mod:`seasalt.bots`) ask, found by :mod:`seasalt.core.registry`.
"""
