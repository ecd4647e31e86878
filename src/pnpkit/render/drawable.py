"""What layout needs from a component: a box of known size that draws itself.

A renderer draws ONE component into a box; layout (``pnpkit.layout``) places boxes on pages.

Coordinates are ReportLab's: points, origin at the box's lower-left corner, y up. ``draw`` must
stay inside ``0 <= x <= width``, ``0 <= y <= height``; layout translates the canvas and, when it
tiles, clips it, so ``draw`` never needs to know which page or sheet it is on.

Example (a 2 in square)::

    @dataclass(frozen=True)
    class Box:
        width: float = 144.0
        height: float = 144.0

        def draw(self, canvas: Canvas) -> None:
            canvas.rect(0, 0, self.width, self.height)

A chart that is bigger than a sheet is a :class:`Tileable`: it also says where sheets may be cut
(``cuts_x``/``cuts_y``, e.g. the cell boundaries so every sheet shows whole cells), its
``title`` and, when it promises a cell size, a :class:`GridPromise` (``grid``) naming the pitch
and the dedicated stroke colour its grid lines are drawn in, so ``pnpkit.verify`` can measure
the printed pitch from the PDF's content stream.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol, runtime_checkable

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas
else:  # reportlab is untyped; keep the alias importable without it at runtime
    Canvas = Any

RGB = tuple[float, float, float]
Point = tuple[float, float]

# A dedicated stroke colour for grid lines that carry a promised pitch: a dark slate blue that
# reads as an ordinary grid line. Use it ONLY for the lines whose spacing is promised.
GRID_COLOR: RGB = (0.2, 0.3, 0.4)


@dataclass(frozen=True, slots=True)
class GridPromise:
    """The grid a component promises to print at exact size.

    ``pitch``: the distance in points between neighbouring parallel grid lines (a square cell's
    side; for a hex grid, the spacing of the vertical hex edges you draw in ``color``).
    ``axis``: which lines carry the pitch: ``"x"`` vertical lines (spaced along x), ``"y"``
    horizontal lines, ``"both"``. Every line stroked in ``color`` counts, so draw nothing else
    in that colour. ``color`` is an RGB triple of 0…1 floats, set with ``canvas.setStrokeColorRGB``.
    """

    pitch: float
    color: RGB = GRID_COLOR
    axis: Literal["x", "y", "both"] = "both"


@runtime_checkable
class Drawable(Protocol):
    """A component drawn into a ``width`` × ``height`` box (points), origin lower-left, y up."""

    @property
    def width(self) -> float: ...

    @property
    def height(self) -> float: ...

    def draw(self, canvas: Canvas) -> None:
        """Draw the component on ``canvas`` with the box's lower-left corner at (0, 0)."""
        ...


@runtime_checkable
class Tileable(Drawable, Protocol):
    """A :class:`Drawable` that may be split over several sheets and glued back together.

    - ``title``: the component's name, printed on every sheet (e.g. "Square chart").
    - ``cuts_x``: sorted x positions (points, from the left edge) where a vertical cut may fall,
      e.g. every cell boundary. Empty means "cut anywhere".
    - ``cuts_y``: sorted y positions (points, from the BOTTOM edge, ReportLab style) where a
      horizontal cut may fall. Empty means "cut anywhere".
    - ``grid``: the promised grid, or None when nothing on it has a promised size.

    Plain frozen dataclasses with these fields satisfy the protocol.
    """

    @property
    def title(self) -> str: ...

    @property
    def cuts_x(self) -> tuple[float, ...]: ...

    @property
    def cuts_y(self) -> tuple[float, ...]: ...

    @property
    def grid(self) -> GridPromise | None: ...


@runtime_checkable
class Celled(Protocol):
    """A :class:`Tileable` made of cells that must print whole (a hex chart's hexes).

    ``cell_outlines`` lists each cell's corners in order round the cell, in item coordinates
    (points, origin lower-left, y up). Neighbouring cells share corners exactly (to 0.01 pt).
    The tiler gives every cell to exactly one sheet, by where its centre falls, and runs the seams
    along cell edges, so no cell is cut; straight seams only cross empty parts of the item.
    """

    @property
    def cell_outlines(self) -> tuple[tuple[Point, ...], ...]: ...


@runtime_checkable
class Labelled(Protocol):
    """A component that says where its words are, so marks laid over it (an assembly page's
    sheet numbers) can keep clear of them: boxes ``(x0, y0, x1, y1)`` in item coordinates,
    y up."""

    @property
    def text_boxes(self) -> tuple[tuple[float, float, float, float], ...]: ...
