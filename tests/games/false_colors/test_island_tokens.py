"""Island and water tokens for the Random islands variant: as many as the hardest dealt map
needs, each lying inside one chart cell, in rows that fit the page."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from pnpkit.games.false_colors.charts.model import Shape
from pnpkit.games.false_colors.data import load_kit
from pnpkit.games.false_colors.island_tokens import FIT, TokenRows, TokensNeeded, tokens_needed
from pnpkit.games.false_colors.random_islands import die_maps
from pnpkit.render.vector import Shape as Path_
from pnpkit.render.vector import Words

DATA = Path(__file__).resolve().parents[3] / "data" / "false-colors"


def test_the_shipped_maps_need_these_tokens() -> None:
    kit = load_kit(DATA)
    pairs = [
        (chart, dealt) for chart in kit.charts.values() for dealt in die_maps(kit.game, chart).maps
    ]
    needed = {need.shape: need for need in tokens_needed(pairs)}
    for shape in (Shape.SQUARE, Shape.HEX):
        charts = [chart for chart, _ in pairs if chart.shape is shape]
        islands = max(len(d.islands - c.islands) for c, d in pairs if c.shape is shape)
        waters = max(len(c.islands - d.islands) for c, d in pairs if c.shape is shape)
        assert needed[shape] == TokensNeeded(shape, charts[0].cell_size, islands, waters)
    assert (needed[Shape.SQUARE].islands, needed[Shape.SQUARE].waters) == (12, 4)
    assert (needed[Shape.HEX].islands, needed[Shape.HEX].waters) == (12, 12)


def _outlines(rows: TokenRows) -> list[Path_]:
    return [item for item in rows.items() if isinstance(item, Path_) and item.stroke == "#1f2a36"]


def test_each_token_lies_inside_one_cell_and_the_rows_fit_the_room() -> None:
    cell, room = 90.0, 560.0
    for shape in (Shape.SQUARE, Shape.HEX):
        for island in (True, False):
            rows = TokenRows(shape, cell, 14, island, room)
            outlines = _outlines(rows)
            assert len(outlines) == 14
            assert rows.width <= room
            for outline in outlines:
                xs = [x for x, _ in outline.points]
                ys = [y for _, y in outline.points]
                assert max(xs) - min(xs) == pytest.approx(cell * FIT)  # across
                assert max(xs) <= rows.width + 1e-6 and max(ys) <= rows.height + 1e-6
                if shape is Shape.HEX:  # pointy-top, like the chart's hexes
                    assert max(ys) - min(ys) == pytest.approx(cell * FIT * 2 / math.sqrt(3))
            words = {w.text for w in rows.items() if isinstance(w, Words)}
            assert words == ({"island"} if island else {"open water"})
