"""A dealt table layout drawn to scale, and as text for the terminal.

:class:`LayoutDiagram` draws the table at ``1 : scale`` (the table, the clearance kept, each
island with its number and the two measurements that place it, every crew's stretch of edge
with its number). :func:`layout_text` lists the same measurements. Crews are told apart by
number as well as colour.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnpkit.games.tabletop_fleets.model import TableShape
from pnpkit.games.tabletop_fleets.rules import (
    Stretch,
    TableLayout,
    edge_pieces,
    perimeter_point,
    placings,
)
from pnpkit.render import fonts
from pnpkit.render.colour import hex_rgb as rgb
from pnpkit.units import CM, INCH

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from pnpkit.layout.document import Document
else:
    Canvas = Document = Any

SCALE_COLOR = (0.1, 0.0, 0.05)
"""Dedicated stroke colour of a layout's promised scale bar ticks."""
CREW_COLOURS = ("#1f4e79", "#b2182b", "#2e7d32", "#e08214", "#6a3d9a", "#00838f", "#5d4037")
SEA = "#dcebf5"
ISLAND = "#c9a66b"
PAD = 22.0
"""Room round the table for edge names and crew numbers (points)."""


@dataclass(frozen=True, slots=True)
class Units:
    """How measurements on the table are written: ``name`` and points per unit."""

    name: str
    points: float

    def number(self, points: float) -> str:
        """``points`` in these units: inches as the designer wrote them (``48``, ``4.5``),
        centimetres to 0.1 (``121.9``)."""
        value = points / self.points
        return f"{value:g}" if self.name == "in" else f"{round(value, 1):g}"

    def length(self, points: float) -> str:
        """``points`` as a length with its unit, to 0.1 (``12.3 in``, ``31.2 cm``)."""
        return f"{points / self.points:.1f} {self.name}"

    def span(self, low: float, high: float) -> str:
        """From ``low`` to ``high`` (points), to 0.1: ``0–16 in``, ``0–40.6 cm``."""
        return f"{round(low / self.points, 1):g}–{round(high / self.points, 1):g} {self.name}"

    @property
    def word(self) -> str:
        return "inches" if self.name == "in" else "centimetres"


INCHES = Units("in", INCH)
CENTIMETRES = Units("cm", CM)
MEASURES = {units.name: units for units in (INCHES, CENTIMETRES)}
"""Each of the units a kit may measure the table in
(:data:`pnpkit.layout.print_settings.UNITS`), by name."""


def inches(points: float) -> str:
    return INCHES.length(points)


def describe_placing(
    first: tuple[str, float], second: tuple[str, float], units: Units = INCHES
) -> str:
    if first[0] == "centre":
        return (
            f"{units.length(first[1])} from the centre, "
            f"{second[1]:.0f}° anticlockwise from crew 1's seat"
        )
    return (
        f"{units.length(first[1])} from edge {first[0]}, "
        f"{units.length(second[1])} from edge {second[0]}"
    )


def table_size(layout: TableLayout, units: Units = INCHES) -> str:
    """The table's size as printed: ``48 in``, or ``72 × 48 in`` for a rectangle."""
    u = units
    if layout.rectangular:
        width, depth = layout.sides
        return f"{u.number(width)} × {u.number(depth)} {u.name}"
    return f"{u.number(layout.size)} {u.name}"


def layout_text(layout: TableLayout, units: Units = INCHES) -> str:
    """The layout for the terminal: the rules kept and one line per island, in ``units``."""
    u = units
    lines = [
        f"{layout.table_words} table {table_size(layout, u)}, {layout.crews} crew"
        f"{'s' if layout.crews != 1 else ''}, seed {layout.seed}",
        f"islands {u.number(layout.island_diameter)} {u.name} across, at least "
        f"{u.number(layout.apart)} {u.name} apart and {u.number(layout.clearance)} {u.name} "
        "from every edge",
    ]
    if layout.shape is TableShape.SQUARE:
        lines.append("edges: A near, B right, C far, D left (measure to each island's centre)")
    else:
        lines.append("measure from the table's centre to each island's centre")
    for placing in placings(layout):
        lines.append(
            f"  island {placing.island}: {describe_placing(placing.first, placing.second, u)}"
        )
    for s in layout.stretches:
        lines.append(f"  crew {s.crew} lines up: {stretch_words(layout, s, u)}")
    return "\n".join(lines) + "\n"


def seat_angles(layout: TableLayout, stretch: Stretch) -> tuple[float, float, float]:
    """A round table's seat and the two ends of its stretch, in degrees anticlockwise from
    crew 1's seat (0–360), as the angle template measures them."""
    first = layout.stretches[0].seat

    def turned(angle: float) -> float:
        return round((angle - first) % 360.0, 6) % 360.0

    return turned(stretch.seat), turned(stretch.start), turned(stretch.end)


def degrees(angle: float) -> str:
    """An angle to the nearest whole degree, halves up (``22.5`` → ``23°``), 0–359."""
    return f"{math.floor(angle + 0.5) % 360}°"


def arc_length(layout: TableLayout, stretch: Stretch) -> float:
    """A round table's stretch measured along its edge, points."""
    return math.radians(stretch.end - stretch.start) * layout.size / 2


def seat_words(
    layout: TableLayout,
    stretch: Stretch,
    span: Callable[[float, float], str],
    length: Callable[[float], str],
) -> str:
    """Where a crew lines up, short, its lengths written by ``span`` (from, to) and ``length``:
    a round table's seat and stretch by the angles the template measures and the stretch's
    length along the edge (``seat 90° · edge 68° to 113° · 18.8 in along the edge``); a
    square-cornered table's edge by edge, from the neighbouring edge named (``edge D 0–16 in
    from A; edge A 0–16 in from D``)."""
    if layout.shape is TableShape.ROUND:
        seat, start, end = seat_angles(layout, stretch)
        return (
            f"seat {degrees(seat)} · edge {degrees(start)} to {degrees(end)} · "
            f"{length(arc_length(layout, stretch))} along the edge"
        )
    return "; ".join(
        f"edge {p.edge} {span(p.low, p.high)} from {p.measured_from}"
        for p in edge_pieces(*layout.sides, stretch.start, stretch.end)
    )


def stretch_words(layout: TableLayout, stretch: Stretch, units: Units = INCHES) -> str:
    """Where a crew lines up, in words: a round table's seat and stretch by the angles the
    template measures and its length along the edge; a square-cornered table's edge by edge,
    measured from the neighbouring edge named."""
    u = units
    if layout.shape is TableShape.ROUND:
        seat, start, end = seat_angles(layout, stretch)
        return (
            f"{u.length(arc_length(layout, stretch))} of edge from {degrees(start)} to "
            f"{degrees(end)}, seat at {degrees(seat)} from crew 1's seat"
        )
    pieces = "; ".join(
        f"edge {p.edge}, {p.low / u.points:.1f} to {u.length(p.high)} from edge {p.measured_from}"
        for p in edge_pieces(*layout.sides, stretch.start, stretch.end)
    )
    return f"{u.length(stretch.end - stretch.start)} of edge: {pieces}"


@dataclass(frozen=True, slots=True)
class LayoutDiagram:
    """The table at ``1 : scale``; the box includes :data:`PAD` on every side."""

    layout: TableLayout
    scale: float

    @property
    def table(self) -> float:
        """The table's width on paper (a round table's diameter)."""
        return self.layout.size / self.scale

    @property
    def deep(self) -> float:
        """The table's depth on paper."""
        return self.layout.sides[1] / self.scale

    @property
    def width(self) -> float:
        return self.table + 2 * PAD

    @property
    def height(self) -> float:
        return self.deep + 2 * PAD

    def _xy(self, x: float, y: float) -> tuple[float, float]:
        """Table coordinates (points on the table) → drawing coordinates."""
        if self.layout.shape is TableShape.ROUND:
            return (PAD + self.table / 2 + x / self.scale, PAD + self.table / 2 + y / self.scale)
        return (PAD + x / self.scale, PAD + y / self.scale)

    def draw(self, canvas: Canvas) -> None:
        lay, t, d = self.layout, self.table, self.deep
        canvas.saveState()
        canvas.setLineWidth(1.0)
        canvas.setStrokeColorRGB(0, 0, 0)
        canvas.setFillColorRGB(*rgb(SEA))
        inset = lay.clearance / self.scale
        if lay.shape is TableShape.SQUARE:
            canvas.rect(PAD, PAD, t, d, stroke=1, fill=1)
        else:
            canvas.circle(PAD + t / 2, PAD + t / 2, t / 2, stroke=1, fill=1)
        if lay.islands:  # the clearance the islands keep (seats alone have none)
            canvas.setDash([3, 2], 0)
            canvas.setLineWidth(0.5)
            canvas.setStrokeColorRGB(0.3, 0.45, 0.6)
            if lay.shape is TableShape.SQUARE:
                canvas.rect(
                    PAD + inset, PAD + inset, t - 2 * inset, d - 2 * inset, stroke=1, fill=0
                )
            else:
                canvas.circle(PAD + t / 2, PAD + t / 2, t / 2 - inset, stroke=1, fill=0)
            canvas.setDash([], 0)
        self._stretches(canvas)
        self._islands(canvas)
        if lay.shape is TableShape.SQUARE:
            canvas.setFont(fonts.BOLD, 9)
            canvas.setFillColorRGB(0, 0, 0)
            # beside the edges; a table of seats alone, where the crews' numbers sit beside
            # the edges, names them inside, at each edge's middle
            places = (
                (
                    (PAD + t * 0.75, PAD - 12),
                    (PAD + t + 6, PAD + d * 0.75),
                    (PAD + t * 0.25, PAD + d + 5),
                    (PAD - 14, PAD + d * 0.25),
                )
                if lay.islands
                else (
                    (PAD + t / 2 - 3, PAD + 9),
                    (PAD + t - 16, PAD + d / 2 - 3),
                    (PAD + t / 2 - 3, PAD + d - 17),
                    (PAD + 10, PAD + d / 2 - 3),
                )
            )
            for name, (x, y) in zip("ABCD", places, strict=True):
                canvas.drawString(x, y, f"{name}")
        canvas.restoreState()

    def _stretches(self, canvas: Canvas) -> None:
        lay, t, d = self.layout, self.table, self.deep
        for s in lay.stretches:
            colour = rgb(CREW_COLOURS[(s.crew - 1) % len(CREW_COLOURS)])
            canvas.setStrokeColorRGB(*colour)
            canvas.setFillColorRGB(*colour)
            canvas.setLineWidth(5)
            canvas.setLineCap(0)
            path = canvas.beginPath()
            if lay.shape is TableShape.SQUARE:
                steps = 48
                for i in range(steps + 1):
                    p = perimeter_point(*lay.sides, s.start + (s.end - s.start) * i / steps)
                    x, y = self._xy(*p)
                    if i == 0:
                        path.moveTo(x, y)
                    else:
                        path.lineTo(x, y)
                mx, my = self._xy(*perimeter_point(*lay.sides, s.seat))
            else:
                r = lay.size / 2
                for i in range(49):
                    a = math.radians(s.start + (s.end - s.start) * i / 48)
                    x, y = self._xy(r * math.cos(a), r * math.sin(a))
                    if i == 0:
                        path.moveTo(x, y)
                    else:
                        path.lineTo(x, y)
                a = math.radians(s.seat)
                mx, my = self._xy(r * math.cos(a), r * math.sin(a))
            canvas.drawPath(path, stroke=1, fill=0)
            cx, cy = PAD + t / 2, PAD + d / 2
            far = math.hypot(mx - cx, my - cy) or 1.0
            lx, ly = mx + (mx - cx) / far * 13, my + (my - cy) / far * 13
            canvas.circle(lx, ly, 7, stroke=0, fill=1)
            canvas.setFillColorRGB(1, 1, 1)
            canvas.setFont(fonts.BOLD, 8)
            canvas.drawCentredString(lx, ly - 2.8, str(s.crew))

    def _islands(self, canvas: Canvas) -> None:
        lay = self.layout
        r = lay.radius / self.scale
        for island, placing in zip(lay.islands, placings(lay), strict=True):
            x, y = self._xy(island.x, island.y)
            canvas.setStrokeColorRGB(0.35, 0.35, 0.35)
            canvas.setLineWidth(0.4)
            canvas.setDash([1, 1.5], 0)
            if lay.shape is TableShape.SQUARE:
                width, depth = lay.sides
                ex = self._xy(0.0 if placing.first[0] == "D" else width, island.y)[0]
                ey = self._xy(island.x, 0.0 if placing.second[0] == "A" else depth)[1]
                canvas.line(x, y, ex, y)
                canvas.line(x, y, x, ey)
            else:
                canvas.line(x, y, *self._xy(0.0, 0.0))
            canvas.setDash([], 0)
            canvas.setFillColorRGB(*rgb(ISLAND))
            canvas.setStrokeColorRGB(0.3, 0.2, 0.1)
            canvas.setLineWidth(0.8)
            canvas.circle(x, y, r, stroke=1, fill=1)
            canvas.setFillColorRGB(0, 0, 0)
            canvas.setFont(fonts.BOLD, 11)
            canvas.drawCentredString(x, y - 4, str(island.number))


def scale_bar(
    doc: Document, x: float, y: float, length: float, scale: float, units: Units = INCHES
) -> None:
    """A scale bar at (x, y) for a table drawn at ``1 : scale``: ``length`` of table (points)
    in four parts, numbered in ``units``; its ticks are promised (``pnpkit verify`` measures
    them)."""
    canvas = doc.canvas
    bar = length / scale
    divisions = 4
    canvas.saveState()
    canvas.setStrokeColorRGB(*SCALE_COLOR)
    canvas.setLineWidth(0.5)
    path = canvas.beginPath()
    path.moveTo(x, y)
    path.lineTo(x + bar, y)
    for k in range(divisions + 1):
        path.moveTo(x + bar * k / divisions, y)
        path.lineTo(x + bar * k / divisions, y + 6)
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setFont(fonts.REGULAR, 7)
    for k in range(divisions + 1):
        canvas.drawCentredString(
            x + bar * k / divisions, y - 9, units.number(length * k / divisions)
        )
    canvas.drawString(x + bar + 8, y - 2, f"{units.word} on the table (scale 1 : {scale:g})")
    canvas.restoreState()
    doc.promise_ruler(
        what=f"layout scale bar 1 : {scale:g}",
        length=bar,
        divisions=divisions,
        color=SCALE_COLOR,
        bbox=(x - 1, y - 1, x + bar + 1, y + 7),
    )
