"""A False Colors chart as drawn in this kit: each seat's anchorage tinted with its fleet's colour
(seat 1 sails fleet 1, and so on), so the chart, the tokens and the aids agree."""

from __future__ import annotations

from typing import Any

from pnpkit.games.false_colors.charts.draw import ChartDrawing
from pnpkit.games.false_colors.charts.model import Chart
from pnpkit.games.false_colors.model import FleetGame
from pnpkit.render.colour import mix

TINT = 0.72
"""How far a fleet's colour is lightened towards white to tint its seat's anchorage."""


def seat_tints(game: FleetGame) -> tuple[str, ...]:
    """One light tint per seat, from the fleet of the same number."""
    return tuple(mix(fleet.colour, "#ffffff", TINT) for fleet in game.fleets)


def chart_drawing(chart: Chart, game: FleetGame | None, **options: Any) -> ChartDrawing:
    """``chart`` drawn with its seats tinted like ``game``'s fleets (the renderer's own tints
    when no game is given)."""
    if game is not None and game.fleets:
        options.setdefault("seat_tints", seat_tints(game))
    return ChartDrawing(chart, **options)
