"""A plain labelled grid of squares: the synthetic :class:`~pnpkit.render.drawable.Tileable` used by
the tiler's tests, the benchmark and calibration prints.

``drawn_pitch`` lets a test draw a grid whose real cell size differs from the promised ``pitch``
(verify must catch it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnpkit.render import fonts
from pnpkit.render.drawable import GRID_COLOR, GridPromise
from pnpkit.render.legible import WordsAtLeast
from pnpkit.units import INCH
from pnpkit.verify.promises import MIN_TEXT_SIZE

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas
else:
    Canvas = Any


@dataclass(frozen=True, slots=True)
class SampleGrid:
    """``columns`` × ``rows`` squares of ``pitch`` points, labelled A1, B1, … like a chart."""

    columns: int
    rows: int
    pitch: float = 1.25 * INCH
    title: str = "Sample grid"
    drawn_pitch: float | None = None

    @property
    def cell(self) -> float:
        return self.pitch if self.drawn_pitch is None else self.drawn_pitch

    @property
    def width(self) -> float:
        return self.columns * self.cell

    @property
    def height(self) -> float:
        return self.rows * self.cell

    @property
    def cuts_x(self) -> tuple[float, ...]:
        return tuple(i * self.cell for i in range(1, self.columns))

    @property
    def cuts_y(self) -> tuple[float, ...]:
        return tuple(i * self.cell for i in range(1, self.rows))

    @property
    def grid(self) -> GridPromise:
        return GridPromise(pitch=self.pitch, color=GRID_COLOR, axis="both")

    def at_scale(self, scale: float) -> WordsAtLeast:
        """The grid printed small: labels that would print under 6 pt left out."""
        return WordsAtLeast(self, scale)

    def draw(self, canvas: Canvas) -> None:
        fonts.register()
        cell = self.cell
        canvas.saveState()
        # Alternate light fills so cells are easy to tell apart.
        for row in range(self.rows):
            for col in range(self.columns):
                shade = 0.93 if (row + col) % 2 else 0.98
                canvas.setFillColorRGB(shade, shade, 1.0)
                canvas.rect(col * cell, row * cell, cell, cell, stroke=0, fill=1)
        canvas.setStrokeColorRGB(*GRID_COLOR)
        canvas.setLineWidth(0.75)
        path = canvas.beginPath()
        for i in range(self.columns + 1):
            path.moveTo(i * cell, 0)
            path.lineTo(i * cell, self.height)
        for j in range(self.rows + 1):
            path.moveTo(0, j * cell)
            path.lineTo(self.width, j * cell)
        canvas.drawPath(path, stroke=1, fill=0)
        canvas.setFillColorRGB(0.25, 0.3, 0.4)
        size = max(MIN_TEXT_SIZE, cell / 6)
        canvas.setFont(fonts.SEMIBOLD, size)
        for row in range(self.rows):
            for col in range(self.columns):
                label = f"{_column_name(col)}{self.rows - row}"
                canvas.drawCentredString((col + 0.5) * cell, (row + 0.5) * cell - size / 3, label)
        canvas.restoreState()


def _column_name(index: int) -> str:
    name = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        name = chr(ord("A") + rem) + name
    return name
