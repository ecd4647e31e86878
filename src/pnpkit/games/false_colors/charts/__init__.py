"""False Colors' charts, in one home: the square, duel and hex charts a game is played on, read,
checked, dealt with random islands and drawn.

Layered inside itself, each layer importing only those below it (an import contract in
``pyproject.toml`` holds it):

- :mod:`.draw` (the chart as a display list, printed or SVG), :mod:`.text` (a chart for the
  terminal), :mod:`.chartjson` (``pnpkit map --format json``)
- :mod:`.load` (chart files and the game's chart rules from YAML, every value at file:line:col)
- :mod:`.engine` (pure: checks, seats, storm, symmetry, the dealer; no YAML, drawing or PDF
  library, a test proves it)
- :mod:`.model` (frozen values: :class:`~.model.Chart`, :class:`~.model.ChartRules`)

Cells themselves (:class:`~pnpkit.model.cells.Square`, :class:`~pnpkit.model.cells.Hex`) are
shared geometry at the floor, :mod:`pnpkit.model.cells`.
"""
