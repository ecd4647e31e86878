"""The charts' pure engine: rules and geometry over the chart model (:mod:`..model`) and the
cells (:mod:`pnpkit.model.cells`). Imports only the standard library and those, never YAML,
templates, drawing or PDF libraries (a test proves it).

- :mod:`.grid` — cells, neighbours, sailing distances, connected waters (bitsets)
- :mod:`.storm` — rings, ``closes_after``, what each closing takes
- :mod:`.symmetry` — the seat group, orbits
- :mod:`.checks` — ``check_chart(chart, rules) -> list[Violation]`` and ``CHECKS`` (``rules``:
  :class:`~pnpkit.games.false_colors.charts.model.ChartRules`, what the game's rules ask of the
  chart), over :mod:`.catalogue`, :mod:`.layout_checks`, :mod:`.sea_checks` and :mod:`.facts`
- :mod:`.prepared` — a chart's fixed layout, checked once and cached
- :mod:`.seats` — ``seating_reports(chart, rules)``
- :mod:`.mapsearch` — the candidate island maps, an exact test, a bounded exhaustive search
- :mod:`.deal` — ``deal_islands(chart, islands, rng)``, ``count_maps(chart)``
"""
