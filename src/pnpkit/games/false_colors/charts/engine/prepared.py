"""A chart's fixed layout, checked once and cached: the facts the island checks and the dealer
need, and the layout's own violations. Islands never enter the cache key, so every candidate
map the dealer tries reuses one :class:`Prepared`."""

from __future__ import annotations

from dataclasses import dataclass

from pnpkit.games.false_colors.charts.engine.catalogue import Violation
from pnpkit.games.false_colors.charts.engine.facts import ChartFacts, chart_facts
from pnpkit.games.false_colors.charts.engine.layout_checks import layout_violations
from pnpkit.games.false_colors.charts.model import Chart


@dataclass(frozen=True, eq=False)
class Prepared:
    """A chart's fixed layout, checked once: facts for the island checks and the layout's
    own violations."""

    facts: ChartFacts
    layout: tuple[Violation, ...]


_CACHE: dict[object, Prepared] = {}
_CACHE_LIMIT = 64


def layout_key(chart: Chart) -> object:
    """Everything of ``chart`` but its islands, name, title and seed: what its checks and deals
    depend on."""
    return (
        chart.shape,
        chart.width,
        chart.height,
        chart.radius,
        chart.cell_size,
        chart.seats,
        chart.harbors,
        chart.capital,
        chart.storm_rounds,
        chart.rounds,
        chart.symmetry,
        chart.screened,
    )


def prepare(chart: Chart) -> Prepared:
    """The checked fixed layout of ``chart`` (islands ignored), cached by layout."""
    key: object = layout_key(chart)
    try:
        hit = _CACHE.get(key)
    except TypeError:  # something unhashable where a cell should be
        hit, key = None, None
    if hit is not None:
        return hit
    facts = chart_facts(chart)
    prepared = Prepared(facts, tuple(layout_violations(chart, facts)))
    if key is not None:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        _CACHE[key] = prepared
    return prepared
