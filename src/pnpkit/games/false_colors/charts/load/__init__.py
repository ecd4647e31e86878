"""Charts from YAML: :mod:`.chart` reads a chart file and the game's rules for its charts,
:mod:`.regions` the cells a chart names (labels, rectangles, ``around``)."""
