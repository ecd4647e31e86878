"""The pure engine: rules and geometry over :mod:`pnpkit.model`. Imports only the standard
library and the model — never YAML, templates, drawing or PDF libraries (a test proves it).

- :mod:`~pnpkit.engine.grid` — cells, neighbours, sailing distances, connected waters (bitsets)
- :mod:`~pnpkit.engine.storm` — rings, ``closes_after``, what each closing takes
- :mod:`~pnpkit.engine.symmetry` — the seat group, orbits
- :mod:`~pnpkit.engine.checks` — ``check_chart(chart) -> list[Violation]`` and ``CHECKS``
- :mod:`~pnpkit.engine.seats` — ``seating_reports(chart)``
- :mod:`~pnpkit.engine.deal` — ``deal_islands(chart, islands, rng)``
- :mod:`~pnpkit.engine.chartjson` — ``chart_to_json(chart)``
"""
