"""Fruits de mer: a short game of simultaneous choices for 2-5 players
(docs/fruits-de-mer.md F1-F6), beside Sea Salt & Paper on the same table.

Modules: :mod:`~seasalt.fdm.cards` (kinds, hands, bait deck, action codes),
:mod:`~seasalt.fdm.resolve` (a round's resolution, F5), :mod:`~seasalt.fdm.state`
(the state and the rules that move it), :mod:`~seasalt.fdm.view` (what a seat may
know) and :mod:`~seasalt.fdm.game` (``GAME``, the generic interface).
"""
