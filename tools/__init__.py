"""The project's own tools: ``tools.build`` builds the web site (``build.py`` runs it)."""
