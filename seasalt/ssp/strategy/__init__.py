"""Sea Salt & Paper's strategy for the bots: what they evaluate, never what is legal.

From the bottom up (each module imports only those above it):

- ``values``: what cards and totals are worth (card points and promise, the Extra
  Pepper events that apply, win chances from the totals);
- ``race``: the race to the target heads-up, the search's value of a round's end;
- ``hidden``: the cards a seat has not seen and guesses of hidden hands as players
  keep cards;
- ``greedy``: the greedy policy, one step from a seat's view;
- ``planner``: the stronger heuristic policy (Medium);
- ``deals``: the expert's sampled states, hidden hands guessed as players keep cards;
- ``heuristics``: :data:`~seasalt.ssp.strategy.heuristics.HEURISTICS`, what the
  generic bots (:mod:`seasalt.bots`) ask, found by :mod:`seasalt.core.registry`.
"""
