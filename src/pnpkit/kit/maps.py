"""Dealt charts on demand (``pnpkit map``): a PDF tiled like the kit's charts, or an SVG.

Both carry the seed: the PDF on every sheet's label (and in every cell), the SVG in its
description and every cell.
"""

from __future__ import annotations

from pathlib import Path

from pnpkit.kit.false_colors import write_chart_pdf
from pnpkit.layout.atomic import atomic_write
from pnpkit.layout.paper import LETTER, Paper
from pnpkit.model import Chart
from pnpkit.render.chart import ChartDrawing
from pnpkit.verify.check import require_verified


def write_map_pdf(chart: Chart, path: Path | str, paper: Paper = LETTER) -> Path:
    """Tile ``chart`` at 1:1 on ``paper`` with an assembly page; verified."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    write_chart_pdf(chart, target, paper)
    require_verified(target)
    return target


def write_map_svg(chart: Chart, path: Path | str) -> Path:
    """The whole chart at 1:1 as one SVG (points as user units, inches as the page size)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    with atomic_write(target) as out:
        out.write(ChartDrawing(chart).svg().encode("utf-8"))
    return target
