"""The screen census (issue 39): every screen of the page, in every language, at every
size, photographed and measured for layout defects.

``python -m tools.census`` builds (or reuses) ``dist/``, serves it on 127.0.0.1, blocks
every other request, drives each screen (:mod:`tools.census.screens`) on one browser
page per size and language (:mod:`tools.census.browse`), measures it
(``measure.js``, :mod:`tools.census.measure`) and writes the screenshots with an HTML
contact sheet (:mod:`tools.census.sheet`). ``tests/e2e/test_census.py`` runs the same
screens and measure at 390×844 and 1280×800 and asserts zero findings.
"""
