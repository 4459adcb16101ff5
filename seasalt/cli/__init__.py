"""The ``seasalt`` command line: ``main`` (the parser and the subcommands' shared
rules), ``commands`` (one module per subcommand: ``score``, ``arena``, ``play``),
``terminal`` (presenter data drawn as text), ``arena`` (bots against bots) and
``ladder`` (ratings from a round robin).
"""
