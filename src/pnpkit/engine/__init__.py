"""The pure engine: rules and geometry over :mod:`pnpkit.model`. Imports only the standard
library and the model — never YAML, templates, drawing or PDF libraries (a test proves it).

- :mod:`~pnpkit.engine.grid` — cells, neighbours, sailing distances, connected waters (bitsets)
- :mod:`~pnpkit.engine.storm` — rings, ``closes_after``, what each closing takes
- :mod:`~pnpkit.engine.symmetry` — the seat group, orbits
- :mod:`~pnpkit.engine.checks` — ``check_chart(chart, rules) -> list[Violation]`` and ``CHECKS``
  (``rules``: :class:`pnpkit.model.chart.ChartRules`, what the game's rules ask of the chart)
- :mod:`~pnpkit.engine.prepared` — a chart's fixed layout, checked once and cached
- :mod:`~pnpkit.engine.seats` — ``seating_reports(chart, rules)``
- :mod:`~pnpkit.engine.mapsearch` — the candidate island maps, an exact test, an exhaustive search
- :mod:`~pnpkit.engine.deal` — ``deal_islands(chart, islands, rng)``, ``count_maps(chart)``
- :mod:`~pnpkit.engine.chartjson` — ``chart_to_json(chart)``
"""
