"""Where crews sit: one page per table shape, every crew count from 2 to ``table.max_crews``
(7), each table drawn to scale with every crew's seat and stretch of edge, and the stretches
written out in inches and centimetres for a tape.

The seats and stretches are the game's (:func:`~pnpkit.games.tabletop_fleets.rules.seat_layout`);
this module words and draws them. Square-cornered tables measure a stretch along its edge from
the neighbouring edge named (as ``pnpkit table-layout`` does); round tables by the angles the
angle template measures, anticlockwise from crew 1's seat, and the length along the edge.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnpkit.games.tabletop_fleets.diagram import (
    PAD,
    LayoutDiagram,
    Units,
    scale_bar,
    seat_words,
)
from pnpkit.games.tabletop_fleets.model import TableShape
from pnpkit.games.tabletop_fleets.rules import TableLayout
from pnpkit.layout.marks import calibration
from pnpkit.layout.paper import MARGIN, PAPERS, Paper
from pnpkit.model.ours import NOTE
from pnpkit.render import fonts
from pnpkit.units import CM, INCH

if TYPE_CHECKING:
    from pnpkit.layout.document import Document
else:
    Document = Any

FIRST_CREWS = 2
"""The fewest crews a seating page shows (one crew sits anywhere)."""
ROW = 8.0
"""Line height of a panel's stretch list, points."""
ROW_SIZE = 6.5
"""Type size of a panel's stretch list."""
INTRO_LINES = 4
"""Lines of words under a seating page's title."""
HEAD = 34.0 + 10 * INTRO_LINES
"""From the top of a seating page's printable area to its first panel: the title and words."""
BOTTOM = MARGIN + 64.0
"""Where a seating page's panels end: below them the scale bar and the calibration ruler."""
SCALE_STEP = 4
"""Seating pages draw at 1 : n, n a multiple of this (1 : 36, 1 : 48)."""


def both(points: float) -> str:
    """A length in inches and centimetres: ``16 in (41 cm)``."""
    return f"{round(points / INCH, 1):g} in ({round(points / CM):g} cm)"


def span_both(low: float, high: float) -> str:
    """A stretch along an edge, in inches and centimetres: ``0–16 in (0–41 cm)``."""
    return (
        f"{round(low / INCH, 1):g}–{round(high / INCH, 1):g} in "
        f"({round(low / CM):g}–{round(high / CM):g} cm)"
    )


def seat_rows(layout: TableLayout) -> list[str]:
    """One line per crew: where it lines up, measured for a tape in inches and centimetres."""
    return [f"{s.crew}: {seat_words(layout, s, span_both, both)}" for s in layout.stretches]


def table_heading(layout: TableLayout) -> str:
    """``square table, 48 in (122 cm) a side``; a rectangle's two sides; a round table's
    diameter."""
    width, depth = layout.sides
    if layout.shape is TableShape.ROUND:
        return f"round table, {both(width)} across"
    if layout.rectangular:
        return f"rectangular table, {both(width)} × {both(depth)}"
    return f"square table, {both(width)} a side"


def seating_scale(layouts: list[TableLayout], room: float, tall: float) -> int:
    """The smallest 1 : n (n a multiple of :data:`SCALE_STEP`) that fits every table into
    ``room`` points across and ``tall`` points up."""
    width = max(max(lay.sides[0] for lay in layouts) / room, 1.0)
    depth = max(lay.sides[1] for lay in layouts) / tall
    return SCALE_STEP * math.ceil(max(width, depth) / SCALE_STEP)


@dataclass(frozen=True, slots=True)
class SeatingMarks:
    """The marks a seating page prints: after the heading of a crew count whose seats are
    our choice (``seats``), after the word stretch (``stretch``), after the table's name
    (``table``: the rectangle's size is ours)."""

    seats: str = ""
    stretch: str = ""
    table: str = ""


def write_seating_page(
    doc: Document,
    layouts: list[TableLayout],
    paper: Paper,
    title: str,
    marks: SeatingMarks,
    units: Units,
) -> None:
    """One page: ``layouts`` (the same table for 2, 3 … crews) in panels two across, each
    drawn at one scale with its crews' stretches listed below it, and a promised scale bar in
    ``units``."""
    sheet = paper.portrait()
    doc.start_page(sheet)
    canvas = doc.canvas
    width = sheet.width - 2 * MARGIN
    panel_w = width / 2
    first = layouts[0]
    top = sheet.height - MARGIN
    canvas.setFillColorRGB(0, 0, 0)
    heading = f"{title} {table_heading(first)}{marks.table}"
    canvas.setFont(fonts.BOLD, fonts.fit_size(heading, fonts.BOLD, 14, width, 9.0))
    canvas.drawString(MARGIN, top - 14, heading)
    round_table = first.shape is TableShape.ROUND
    y = top - HEAD
    rows = math.ceil(len(layouts) / 2)
    panel_h = (y - BOTTOM) / rows
    rows_h = ROW * max(len(lay.stretches) for lay in layouts)
    # one scale on every paper, so the tables print the same size on Letter and A4: the
    # panels as the narrowest and the shortest page would hold them
    room = (min(p.width for p in PAPERS.values()) - 2 * MARGIN) / 2 - 2 * PAD - 16
    least = min(p.height for p in PAPERS.values()) - MARGIN - HEAD
    tall = (least - BOTTOM) / rows - 20 - rows_h - 2 * PAD
    scale = seating_scale(layouts, room, tall)
    intro = [
        f"Drawn at 1 : {scale}. Each crew sits at the middle of its own stretch{marks.stretch} "
        "of edge (its colour and number) and lines up touching it, facing in.",
        (
            "Crew 1 sits where they like: their seat is 0°"
            if round_table
            else "Crew 1 sits at the near-left corner, where edges A and D meet"
        )
        + "; the seats after it run anticlockwise, in turn order.",
        (
            "Angles count anticlockwise from crew 1's seat, read on the angle template (last "
            "page); lengths run along the table's edge."
            if round_table
            else "Edges: A near, B right, C far, D left. A stretch is measured along its edge "
            "from the neighbouring edge named."
        ),
        (
            "2 crews sit a quarter of the way round from each other (the source rules); "
            if round_table
            else "2 crews sit at diagonally opposite corners (the source rules); "
        )
        + f"3 to {layouts[-1].crews} crews{marks.seats} sit evenly spaced round the edge.",
    ]
    canvas.setFont(fonts.REGULAR, 8)
    for i, line in enumerate(intro):
        size = fonts.fit_size(line, fonts.REGULAR, 8, width, 6.0)
        canvas.setFont(fonts.REGULAR, size)
        canvas.drawString(MARGIN, top - 30 - 10 * i, line)
    for index, layout in enumerate(layouts):
        col, row = index % 2, index // 2
        px, py = MARGIN + col * panel_w, y - row * panel_h
        diagram = LayoutDiagram(layout, scale)
        heading = f"{layout.crews} crews{marks.seats if layout.crews > FIRST_CREWS else ''}"
        canvas.setFillColorRGB(0, 0, 0)
        canvas.setFont(fonts.BOLD, 9)
        canvas.drawString(px, py - 10, heading)
        form = doc.form(diagram)
        canvas.saveState()
        canvas.translate(px + (panel_w - diagram.width) / 2, py - 14 - diagram.height)
        canvas.doForm(form)
        canvas.restoreState()
        canvas.setFillColorRGB(0, 0, 0)
        ty = py - 14 - diagram.height - ROW
        for k, text in enumerate(seat_rows(layout)):
            size = fonts.fit_size(text, fonts.REGULAR, ROW_SIZE, panel_w - 8, 6.0)
            canvas.setFont(fonts.REGULAR, size)
            canvas.drawString(px + 4, ty - ROW * k, text)
    scale_bar(doc, MARGIN + 10, BOTTOM - 20, first.sides[1], scale, units)
    calibration(canvas, MARGIN, MARGIN, doc)
    if marks.seats or marks.stretch or marks.table:
        canvas.setFont(fonts.ITALIC, 7.5)
        canvas.drawRightString(sheet.width - MARGIN, MARGIN + 2, NOTE)
