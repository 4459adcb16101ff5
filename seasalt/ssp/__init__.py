"""Sea Salt & Paper: the rules of the base game (docs/rules.md R1-R11).

Nothing here does I/O. The public names are re-exported from :mod:`seasalt`.
"""
