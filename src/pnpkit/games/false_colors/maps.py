"""Dealt charts on demand (``pnpkit map``): a PDF tiled like the kit's charts, or an SVG.

Both carry the seed: the PDF on every sheet's label (and in every cell), the SVG in its
description and every cell.
"""

from __future__ import annotations

from pathlib import Path

from pnpkit.build.atomic import atomic_write
from pnpkit.build.write import write_document
from pnpkit.games.false_colors.charts.model import Chart
from pnpkit.games.false_colors.kit import chart_document
from pnpkit.games.false_colors.model import FleetGame
from pnpkit.games.false_colors.tinted import chart_drawing
from pnpkit.layout.paper import Paper
from pnpkit.layout.print_settings import DEFAULTS


def write_map_pdf(
    chart: Chart, path: Path | str, paper: Paper = DEFAULTS.paper, game: FleetGame | None = None
) -> Path:
    """Tile ``chart`` at 1:1 on ``paper`` with an assembly page; verified before it is written
    (a map that fails verification leaves no file). Seats are tinted like ``game``'s fleets."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    write_document(target, chart_document(chart, paper, target.name, game=game))
    return target


def write_map_svg(chart: Chart, path: Path | str, game: FleetGame | None = None) -> Path:
    """The whole chart at 1:1 as one SVG (points as user units, inches as the page size)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    with atomic_write(target) as out:
        out.write(chart_drawing(chart, game).svg().encode("utf-8"))
    return target
