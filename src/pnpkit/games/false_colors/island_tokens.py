"""Island and water tokens, to play the Random islands variant from print: one chart cell
across (a little less, so a token lies inside its cell), square or hex like the chart's cells.
An island token goes on a cell the dealt map makes an island where the chart prints open water;
a water token covers a printed island the map leaves out. ``random-islands.pdf`` prints as many
of each as its hardest map needs (:func:`tokens_needed`)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pnpkit.games.false_colors.charts.draw import (
    DEFAULT_FONTS,
    HARBOR_INK,
    INK,
    ISLAND,
    WATER,
    WHITE,
    island_blob,
)
from pnpkit.games.false_colors.charts.model import Chart, Shape
from pnpkit.render.colour import mix
from pnpkit.render.vector import Item, Point, Words, paint
from pnpkit.render.vector import Shape as Path

SQRT3 = math.sqrt(3.0)
FIT = 0.94
"""A token's size across, as a share of the chart's cell: it lies inside the cell's lines."""
GAP = 6.0
"""Points between tokens (cut between them)."""
WORD_SIZE = 7.0


@dataclass(frozen=True, slots=True)
class TokensNeeded:
    """How many island and water tokens of one cell shape and size the dealt maps need."""

    shape: Shape
    cell: float
    islands: int
    waters: int


def tokens_needed(maps: Iterable[tuple[Chart, Chart]]) -> list[TokensNeeded]:
    """For ``(chart, dealt)`` pairs: per cell shape and size, the most island tokens one map
    needs (its islands the chart does not print) and the most water tokens (the chart's printed
    islands it leaves out)."""
    most: dict[tuple[Shape, float], tuple[int, int]] = {}
    for chart, dealt in maps:
        key = (chart.shape, chart.cell_size)
        islands, waters = most.get(key, (0, 0))
        most[key] = (
            max(islands, len(dealt.islands - chart.islands)),
            max(waters, len(chart.islands - dealt.islands)),
        )
    return [
        TokensNeeded(shape, cell, islands, waters)
        for (shape, cell), (islands, waters) in sorted(most.items())
        if islands or waters
    ]


@dataclass(frozen=True, slots=True)
class TokenRows:
    """``count`` tokens of one kind (``island`` or water) in rows at most ``room`` points wide,
    each ``cell`` × :data:`FIT` across, square or hex: a drawing printed at 1:1."""

    shape: Shape
    cell: float
    count: int
    island: bool
    room: float

    @property
    def across(self) -> float:
        return self.cell * FIT

    @property
    def tall(self) -> float:
        """A token's height: a pointy-top hex is taller than it is wide."""
        return self.across * 2 / SQRT3 if self.shape is Shape.HEX else self.across

    @property
    def per_row(self) -> int:
        return max(1, int((self.room + GAP) // (self.across + GAP)))

    @property
    def rows(self) -> int:
        return math.ceil(self.count / self.per_row)

    @property
    def width(self) -> float:
        n = min(self.count, self.per_row)
        return n * self.across + (n - 1) * GAP

    @property
    def height(self) -> float:
        return self.rows * self.tall + (self.rows - 1) * GAP

    def items(self) -> list[Item]:
        items: list[Item] = []
        for k in range(self.count):
            row, column = divmod(k, self.per_row)
            cx = column * (self.across + GAP) + self.across / 2
            cy = row * (self.tall + GAP) + self.tall / 2
            items += self._token((cx, cy))
        return items

    def _token(self, centre: Point) -> list[Item]:
        cx, cy = centre
        if self.shape is Shape.HEX:
            r = self.tall / 2
            outline = tuple(
                (
                    cx + r * math.cos(math.radians(60 * i - 30)),
                    cy + r * math.sin(math.radians(60 * i - 30)),
                )
                for i in range(6)
            )
        else:
            h = self.across / 2
            outline = ((cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h))
        if self.island:
            return [
                Path(outline, fill=mix(ISLAND, WHITE, 0.45), stroke=INK, width=0.8),
                island_blob(cx, cy - self.across * 0.04, self.across),
                Words((cx, cy + self.across * 0.4), "island", WORD_SIZE, INK, "middle", "bold"),
            ]
        waves = [
            Path(
                tuple(
                    (
                        cx + self.across * (0.6 * t / 8 - 0.3),
                        cy + dy + 2.0 * math.sin(t * math.pi / 2),
                    )
                    for t in range(9)
                ),
                closed=False,
                stroke=mix(HARBOR_INK, WHITE, 0.45),
                width=0.8,
            )
            for dy in (-self.across * 0.12, self.across * 0.06)
        ]
        return [
            Path(outline, fill=WATER, stroke=INK, width=0.8),
            *waves,
            Words((cx, cy + self.across * 0.32), "open water", WORD_SIZE, INK, "middle", "bold"),
        ]

    def draw(self, canvas: Any) -> None:
        paint(canvas, self.items(), self.height, DEFAULT_FONTS)
