"""Draw a :class:`~pnpkit.layout.tiling.TiledLayout`: one page per sheet, then the assembly page.

Every sheet is the SAME drawing of the item — stored once as a form XObject
(:meth:`Document.form`) — translated to the sheet's origin and clipped to its shown area. There
is no second rendering path.

On each sheet: the item's region and glue strips (everything outside the region hatched), the
region's outline in :data:`REGION_COLOR` (trim lines: cut exactly there; on a celled item they
follow the cell edges), the strips' outer edges as dotted cut lines, alignment targets on the
seams, a label (title, "sheet n of N", "row r, column c", where each strip goes) and the
calibration ruler with the 100 % words. Promises recorded: the item's grid pitch (if it has one)
and the ruler on every sheet; the assembly (outlines add up to the item's size, less what the
seams' zigzags overlap) once.

The assembly page shows the item small with the seams, each sheet's number where it covers
nothing the item prints (:func:`thumbnail`), and the gluing steps.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from reportlab.pdfgen.canvas import FILL_EVEN_ODD

from pnpkit.layout import marks
from pnpkit.layout.document import Document
from pnpkit.layout.geometry import Rect
from pnpkit.layout.paper import MARGIN, Paper
from pnpkit.layout.plan import DocumentPlan, Printing
from pnpkit.layout.tiling import Sheet, TiledLayout
from pnpkit.render import fonts
from pnpkit.render.legible import at_scale
from pnpkit.units import INCH, MM

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas
else:
    Canvas = Any

RGB = tuple[float, float, float]

REGION_COLOR: RGB = (0.75, 0.0, 0.45)
"""Stroke colour of the lines outlining each sheet's region (verify measures them)."""
THUMB_GRID_COLOR: RGB = (0.85, 0.1, 0.5)
HATCH_COLOR: RGB = (0.55, 0.55, 0.55)

_LABEL_TITLE = 8.5
_LABEL_TEXT = 7.0


def write_tiled(layout: TiledLayout, doc: Document, *, assembly: bool = True) -> None:
    """Append the sheets (and, unless ``assembly`` is False, the assembly page) to ``doc``."""
    form = doc.form(layout.item)
    first_page = doc.page + 1
    for sheet in layout.sheets:
        doc.start_page(layout.paper)
        _draw_sheet(doc, layout, sheet, form)
    doc.promise_assembly(
        what=layout.title,
        width=layout.item.width,
        height=layout.item.height,
        color=REGION_COLOR,
        sheets=[(first_page + s.number - 1, s.row, s.column) for s in layout.sheets],
        overlaps=seam_overlaps(layout),
    )
    if assembly:
        draw_assembly_page(layout, doc, form)


def outline_box(sheet: Sheet) -> Rect:
    """The box round a sheet's outline (item coordinates)."""
    xs = [p[0] for p in sheet.outline]
    ys = [p[1] for p in sheet.outline]
    return Rect(min(xs), min(ys), max(xs), max(ys))


def seam_overlaps(layout: TiledLayout) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """How much wider each row's outlines are, together, than the item (and each column's taller):
    where seams zigzag along cell edges, neighbouring outlines overlap by the zigzag's depth."""
    boxes = {(s.row, s.column): outline_box(s) for s in layout.sheets}
    rows = tuple(
        sum(boxes[(r, c)].width for c in range(1, layout.columns + 1)) - layout.item.width
        for r in range(1, layout.rows + 1)
    )
    columns = tuple(
        sum(boxes[(r, c)].height for r in range(1, layout.rows + 1)) - layout.item.height
        for c in range(1, layout.columns + 1)
    )
    return rows, columns


def tiled_document(layout: TiledLayout, filename: str, *, subject: str = "") -> DocumentPlan:
    """The sheets and the assembly page as one document."""
    return DocumentPlan(
        filename, layout.title, subject, lambda doc: write_tiled(layout, doc), ASSEMBLE
    )


ASSEMBLE = Printing(
    then="Trim each sheet on its solid line and glue the sheets together as the assembly page "
    "(the last) shows."
)
"""How a tiled document prints: plain paper, single-sided, assembled."""


# sheets ---------------------------------------------------------------------------------------


def _draw_sheet(doc: Document, layout: TiledLayout, sheet: Sheet, form: str) -> None:
    c = doc.canvas
    shown = sheet.page_shown
    outline = [sheet.to_page(*p) for p in sheet.outline]
    # The item, translated and clipped: the only drawing of its content.
    c.saveState()
    _clip(c, shown)
    c.translate(*sheet.origin)
    c.doForm(form)
    c.restoreState()
    _hatch_outside(c, shown, outline)
    _strip_labels(c, layout, sheet, shown)
    # Alignment targets on the seams, clipped to what this sheet shows.
    c.saveState()
    _clip(c, shown)
    for x, y in layout.marks:
        px, py = sheet.to_page(x, y)
        if shown.grown(2 * marks.ALIGN_RADIUS).contains_point(px, py):
            marks.crosshair(c, px, py)
    c.restoreState()
    # Trim lines round the region, dotted cut lines on the strips' outer edges. Clipped to the
    # shown area: a line on the content's edge keeps its inner half and stays out of the margin
    # (its centre, which verify measures, is exactly on the edge).
    c.saveState()
    _clip(c, shown)
    _trim(c, outline)
    top = max(p[1] for p in outline)
    left = min(p[0] for p in outline)
    if sheet.right is not None:
        corner = max((p[0] for p in outline if abs(p[1] - top) < 1e-6), default=shown.x0)
        marks.cut_line(c, shown.x1, shown.y0, shown.x1, shown.y1)
        marks.cut_line(c, corner, shown.y1, shown.x1, shown.y1)
    if sheet.below is not None:
        corner = min((p[1] for p in outline if abs(p[0] - left) < 1e-6), default=shown.y1)
        marks.cut_line(c, shown.x0, shown.y0, shown.x1, shown.y0)
        marks.cut_line(c, shown.x0, shown.y0, shown.x0, corner)
    c.restoreState()
    item = layout.item
    if item.grid is not None:
        doc.promise_lines(
            what=f"{layout.title} grid pitch",
            pitch=item.grid.pitch,
            color=item.grid.color,
            axis=item.grid.axis,
            bbox=shown.as_tuple(),
        )
    _draw_band(doc, layout, sheet)


def _trim(c: Canvas, outline: list[tuple[float, float]]) -> None:
    """The sheet's outline as one closed line in the trim colour."""
    c.saveState()
    c.setStrokeColorRGB(*REGION_COLOR)
    c.setLineWidth(0.5)
    path = c.beginPath()
    path.moveTo(*outline[0])
    for point in outline[1:]:
        path.lineTo(*point)
    path.close()
    c.drawPath(path, stroke=1, fill=0)
    c.restoreState()


def _clip(c: Canvas, box: Rect) -> None:
    path = c.beginPath()
    path.rect(box.x0, box.y0, box.width, box.height)
    c.clipPath(path, stroke=0, fill=0)


def _hatch_outside(c: Canvas, shown: Rect, outline: list[tuple[float, float]]) -> None:
    """Hatch what the sheet shows outside its outline: the glue strips, and on a celled item the
    bits of the neighbours' cells beyond a zigzag cut."""
    c.saveState()
    _clip(c, shown)
    path = c.beginPath()
    path.rect(shown.x0 - 1, shown.y0 - 1, shown.width + 2, shown.height + 2)
    path.moveTo(*outline[0])
    for point in outline[1:]:
        path.lineTo(*point)
    path.close()
    c.clipPath(path, stroke=0, fill=0, fillMode=FILL_EVEN_ODD)
    c.setStrokeColorRGB(*HATCH_COLOR)
    c.setLineWidth(0.4)
    hatch = c.beginPath()
    step = 7.0
    span = shown.width + shown.height
    k = 0.0
    while k <= span:
        hatch.moveTo(shown.x0 + k, shown.y0)
        hatch.lineTo(shown.x0 + k - shown.height, shown.y1)
        k += step
    c.drawPath(hatch, stroke=1, fill=0)
    c.restoreState()


def _strip_labels(c: Canvas, layout: TiledLayout, sheet: Sheet, shown: Rect) -> None:
    if sheet.right is not None:
        strip = Rect(shown.x1 - sheet.right_glue, shown.y0, shown.x1, shown.y1)
        _strip_words(c, f"glue strip: goes under sheet {sheet.right}", strip, vertical=True)
    if sheet.below is not None:
        x1 = shown.x1 - sheet.right_glue
        strip = Rect(shown.x0, shown.y0, x1, shown.y0 + layout.glue)
        _strip_words(c, f"glue strip: goes under sheet {sheet.below}", strip, vertical=False)


def _strip_words(c: Canvas, text: str, strip: Rect, *, vertical: bool) -> None:
    size = 6.5
    width = fonts.text_width(text, fonts.SEMIBOLD, size)
    length = strip.height if vertical else strip.width
    if width + 8 > length or min(strip.width, strip.height) < size + 4:
        return
    cx, cy = strip.centre
    c.saveState()
    c.translate(cx, cy)
    if vertical:
        c.rotate(90)
    c.setFillColorRGB(1, 1, 1)
    c.rect(-width / 2 - 2, -size / 2 - 1.5, width + 4, size + 3, stroke=0, fill=1)
    c.setFillColorRGB(0.2, 0.2, 0.2)
    c.setFont(fonts.SEMIBOLD, size)
    c.drawCentredString(0, -size / 2 + 1.2, text)
    c.restoreState()


def sheet_label(layout: TiledLayout, sheet: Sheet) -> tuple[str, str, str]:
    """The three label lines of a sheet: what it is, where its strips go, how to trim."""
    name = layout.title + (f" — {layout.subtitle}" if layout.subtitle else "")
    first = (
        f"{name}: sheet {sheet.number} of {layout.sheet_count} "
        f"(row {sheet.row}, column {sheet.column} of a {layout.columns} × {layout.rows} grid)"
    )
    parts = []
    if sheet.right is not None:
        parts.append(f"the right strip goes under sheet {sheet.right}")
    if sheet.below is not None:
        parts.append(f"the bottom strip goes under sheet {sheet.below}")
    if parts:
        second = "Glue: " + "; ".join(parts) + "."
    else:
        second = "No glue strip: this sheet lies on top of its neighbours' strips."
    cut = []
    if sheet.column > 1:
        cut.append("left")
    if sheet.row > 1:
        cut.append("top")
    along = " (it follows the cell edges)" if len(sheet.outline) > 4 else ""
    third = (
        f"Cut the {' and '.join(cut)} edge exactly on the solid line{along}; "
        if cut
        else "Cut on the solid line; "
    ) + "cut strips on the dotted line; match the round targets."
    return first, second, third


def _draw_band(doc: Document, layout: TiledLayout, sheet: Sheet) -> None:
    c = doc.canvas
    band = sheet.band
    ruler_w = marks.calibration_width()
    ruler_x = band.x1 - ruler_w
    marks.calibration(c, ruler_x, band.y0 + (band.height - marks.CALIBRATION_HEIGHT) / 2, doc)
    room = ruler_x - band.x0 - 10.0
    first, second, third = sheet_label(layout, sheet)
    _fit_line(c, first, fonts.SEMIBOLD, _LABEL_TITLE, band.x0, band.y1 - 8.0, room)
    _fit_line(c, second, fonts.REGULAR, _LABEL_TEXT, band.x0, band.y1 - 16.0, room)
    _fit_line(c, third, fonts.REGULAR, _LABEL_TEXT, band.x0, band.y1 - 23.2, room)


def _fit_line(
    c: Canvas, text: str, font: str, size: float, x: float, y: float, room: float
) -> None:
    fitted = fonts.fit_size(text, font, size, room)
    c.saveState()
    c.setFillColorRGB(0, 0, 0)
    line = c.beginText(x, y)
    line.setFont(font, fitted)
    width = fonts.text_width(text, font, fitted)
    if width > room:  # still too long at the smallest size: squeeze it sideways
        line.setHorizScale(100.0 * room / width)
    line.textOut(text)
    c.drawText(line)
    c.restoreState()


# assembly page --------------------------------------------------------------------------------


STEPS_SHARE = 0.3
"""The most of the assembly page's height the gluing steps take; a sheet grid whose steps one by
one would take more gets them a row at a time (a chart of 60 cells a side has about 90 sheets)."""
_STEP_LINE = 11.5


def assembly_steps(layout: TiledLayout, room: float | None = None) -> list[str]:
    """The gluing order, one numbered instruction per line: a step per seam, or, when those
    lines would not fit in ``room`` points of height, a step per row of sheets, or else two
    steps for the whole grid."""
    steps = _seam_steps(layout)
    if room is not None and (len(steps) + 1) * _STEP_LINE > room:
        steps = _row_steps(layout)
    if room is not None and (len(steps) + 1) * _STEP_LINE > room:
        steps = _grid_steps(layout)
    if not steps:
        steps.append("Nothing to glue: the whole item is on one sheet.")
    w, h = layout.item.width, layout.item.height
    steps.append(
        f"Assembled, it measures {w / INCH:.2f} × {h / INCH:.2f} in "
        f"({w / MM:.1f} × {h / MM:.1f} mm); check it with a ruler."
    )
    return [f"{i}. {text}" for i, text in enumerate(steps, start=1)]


def _seam_steps(layout: TiledLayout) -> list[str]:
    steps: list[str] = []
    for r in range(1, layout.rows + 1):
        for c in range(2, layout.columns + 1):
            left = layout.sheet(r, c - 1).number
            here = layout.sheet(r, c).number
            steps.append(
                f"Glue sheet {here} onto the right strip of sheet {left} (row {r}); "
                "line up the targets."
            )
    for r in range(2, layout.rows + 1):
        above = [str(layout.sheet(r - 1, c).number) for c in range(1, layout.columns + 1)]
        this = [str(layout.sheet(r, c).number) for c in range(1, layout.columns + 1)]
        steps.append(
            f"Glue row {r} (sheet{'s' if len(this) > 1 else ''} {', '.join(this)}) onto the "
            f"bottom strip of row {r - 1} (sheet{'s' if len(above) > 1 else ''} "
            f"{', '.join(above)})."
        )
    return steps


def _row_steps(layout: TiledLayout) -> list[str]:
    steps: list[str] = []
    if layout.columns > 1:
        for r in range(1, layout.rows + 1):
            first = layout.sheet(r, 1).number
            last = layout.sheet(r, layout.columns).number
            steps.append(
                f"Row {r}: glue sheets {first} to {last} in order, each onto the right strip "
                "of the sheet before it; line up the targets."
            )
    if layout.rows > 1:
        steps.append(
            f"Glue each row onto the bottom strip of the row above it, row 2 onto row 1 "
            f"through row {layout.rows} onto row {layout.rows - 1}; line up the targets."
        )
    return steps


def _grid_steps(layout: TiledLayout) -> list[str]:
    return [
        f"Glue the sheets of each row in order, each onto the right strip of the sheet before it "
        f"(row r holds sheets {layout.columns}·(r − 1) + 1 to {layout.columns}·r).",
        "Glue each row onto the bottom strip of the row above it, top to bottom; line up the "
        "targets.",
    ]


def _assembly_paper(layout: TiledLayout) -> Paper:
    item = layout.item
    portrait = layout.paper.portrait()
    return portrait.landscape() if item.width > item.height else portrait


def draw_assembly_page(layout: TiledLayout, doc: Document, form: str | None = None) -> None:
    """The whole item small, with the sheet grid, sheet numbers and the gluing order."""
    paper = _assembly_paper(layout)
    doc.start_page(paper)
    c = doc.canvas
    form = form or doc.form(layout.item)
    left, right = MARGIN, paper.width - MARGIN
    top = paper.height - MARGIN
    c.setFillColorRGB(0, 0, 0)
    heading = f"{layout.title}: assembly"
    _fit_line(c, heading, fonts.BOLD, 16, left, top - 14, right - left)
    sub = (
        f"{layout.sheet_count} sheet{'s' if layout.sheet_count > 1 else ''} in {layout.rows} "
        f"row{'s' if layout.rows > 1 else ''} of "
        f"{layout.columns}, {layout.paper.name} {layout.paper.orientation}"
        + (f" — {layout.subtitle}" if layout.subtitle else "")
    )
    _fit_line(c, sub, fonts.REGULAR, 9.5, left, top - 28, right - left)
    steps = assembly_steps(layout, STEPS_SHARE * paper.height)
    line = _STEP_LINE
    bottom_block = marks.CALIBRATION_HEIGHT + 8 + line * len(steps)
    # Thumbnail box between the heading and the steps.
    box = Rect(left + 2, MARGIN + bottom_block + 6, right - 2, top - 38)
    shown = thumbnail(layout, box)
    scale = shown.scale
    if scale < 1.0:  # words that would print under 6 pt stay on the sheets
        form = doc.form(at_scale(layout.item, scale))
    c.saveState()
    c.translate(shown.x, shown.y)
    c.scale(scale, scale)
    c.doForm(form)
    c.restoreState()
    _thumbnail_grid(c, layout, shown)
    y = MARGIN + marks.CALIBRATION_HEIGHT + 8 + line * (len(steps) - 1) + 2
    for text in steps:
        _fit_line(c, text, fonts.REGULAR, 9.0, left, y, right - left)
        y -= line
    marks.calibration(c, left, MARGIN, doc)
    scale_note = f"Shown at {scale * 100:.0f} % of printed size."
    c.setFont(fonts.ITALIC, 7.5)
    c.drawRightString(right, MARGIN + 3, scale_note)


MARKER_RADIUS = 11.0
"""The circle round a sheet's number on the assembly page."""
MARKER_WORDS = 6.5
"""The size of the words under it (``row 1, col 2``)."""
_MARKER_GAP = 3.0
"""Between a marker set outside the thumbnail and the thumbnail."""


@dataclass(frozen=True, slots=True)
class Marker:
    """A sheet's number on the assembly page: the circle's centre (page points) and the words
    under it."""

    number: int
    words: str
    x: float
    y: float

    @property
    def box(self) -> Rect:
        """All it covers: the circle and the words' white tag under it."""
        return marker_box(self.x, self.y, self.words)


def marker_box(x: float, y: float, words: str) -> Rect:
    """What a marker whose circle is centred on (``x``, ``y``) covers, ``words`` under it."""
    half = max(MARKER_RADIUS, _tag(words) / 2)
    return Rect(x - half, y - MARKER_RADIUS - 10, x + half, y + MARKER_RADIUS)


def _tag(words: str) -> float:
    return fonts.text_width(words, fonts.REGULAR, MARKER_WORDS) + 4


@dataclass(frozen=True, slots=True)
class Thumbnail:
    """The item drawn small on the assembly page: its lower-left corner (``x``, ``y``) and
    ``scale``, and each sheet's marker."""

    x: float
    y: float
    scale: float
    markers: tuple[Marker, ...]

    def at(self, x: float, y: float) -> tuple[float, float]:
        """Where the item's point (``x``, ``y``) is on the page."""
        return (self.x + x * self.scale, self.y + y * self.scale)


Side = Literal["top", "bottom", "left", "right"]


def thumbnail(layout: TiledLayout, box: Rect) -> Thumbnail:
    """The item as large as fits in ``box``, centred, and where each sheet's number goes so
    that it covers nothing the item prints: on the thumbnail, in its sheet's part, clear of
    every box the item says it prints something in (:class:`~pnpkit.render.drawable.Labelled`:
    a chart's words, a board's cells that print words or icons, its tracks); else, and for an
    item that does not say, outside the thumbnail beside its sheet's part: above the top row of
    sheets and below the bottom one, or left of the first column and right of the last,
    whichever leaves the thumbnail larger (it is made smaller by the room they take). A sheet
    with sheets on every side and no clear spot in its part (an item that says nothing of what
    it prints, or prints everywhere, tiled 3 × 3 or more) takes the spot in its part that
    covers the least."""
    rows = _placed(layout, box, across=False)
    if not rows[1]:
        return rows[0]
    columns = _placed(layout, box, across=True)
    return columns[0] if columns[0].scale > rows[0].scale else rows[0]


def _placed(layout: TiledLayout, box: Rect, *, across: bool) -> tuple[Thumbnail, set[int]]:
    """The thumbnail in ``box`` with every marker placed (see :func:`thumbnail`), those of
    outer sheets with no clear spot on it set beyond the thumbnail's top and bottom edges
    first (``across``: its left and right edges first); and which were set outside."""
    outside: set[int] = set()
    while True:
        sides = {_side(layout, s, across) for s in layout.sheets if s.number in outside}
        room = _marker_room(sides - {None}, layout)
        inner = Rect(
            box.x0 + room["left"],
            box.y0 + room["bottom"],
            box.x1 - room["right"],
            box.y1 - room["top"],
        )
        item = layout.item
        scale = min(inner.width / item.width, inner.height / item.height, 1.0)
        x = inner.x0 + (inner.width - item.width * scale) / 2
        y = inner.y0 + (inner.height - item.height * scale) / 2
        shown = Thumbnail(x, y, scale, ())
        avoid = _printed_boxes(layout, shown)
        markers: list[Marker] = []
        more: set[int] = set()
        for sheet in layout.sheets:
            words = f"row {sheet.row}, col {sheet.column}"
            side = _side(layout, sheet, across)
            spot = None
            if sheet.number in outside and side is not None:
                spot = _outside_spot(layout, sheet, shown, side, words)
            elif avoid is not None:
                spot = _clear_spot(sheet, shown, words, avoid)
            if spot is None:
                if side is not None and sheet.number not in outside:
                    more.add(sheet.number)
                spot = _least_covering_spot(sheet, shown, words, avoid or [])
            markers.append(Marker(sheet.number, words, *spot))
        if not more:
            return Thumbnail(x, y, scale, tuple(markers)), outside
        outside |= more


def _side(layout: TiledLayout, sheet: Sheet, across: bool) -> Side | None:
    """Which edge of the thumbnail a sheet's marker may stand beyond, if its row or column is
    an outer one: its row's (top, bottom) before its column's (left, right), or, ``across``,
    its column's first."""
    by_row: Side | None = (
        "top" if sheet.row == 1 else "bottom" if sheet.row == layout.rows else None
    )
    by_column: Side | None = (
        "left" if sheet.column == 1 else "right" if sheet.column == layout.columns else None
    )
    return (by_column or by_row) if across else (by_row or by_column)


def _marker_room(sides: set[Side | None], layout: TiledLayout) -> dict[Side, float]:
    """The room markers set outside the thumbnail take on each side."""
    tall = 2 * MARKER_RADIUS + 10 + _MARKER_GAP
    wide = (
        max(
            (marker_box(0, 0, f"row {s.row}, col {s.column}").width for s in layout.sheets),
            default=0.0,
        )
        + _MARKER_GAP
    )
    sizes: dict[Side, float] = {"top": tall, "bottom": tall, "left": wide, "right": wide}
    return {side: sizes[side] if side in sides else 0.0 for side in sizes}


def _region(sheet: Sheet, shown: Thumbnail) -> Rect:
    r = sheet.region
    return Rect(*shown.at(r.x0, r.y0), *shown.at(r.x1, r.y1))


def _outside_spot(
    layout: TiledLayout, sheet: Sheet, shown: Thumbnail, side: Side, words: str
) -> tuple[float, float]:
    """The marker's centre beyond ``side`` of the thumbnail, beside the sheet's part."""
    region = _region(sheet, shown)
    w, h = layout.item.width * shown.scale, layout.item.height * shown.scale
    probe = marker_box(0, 0, words)
    if side in ("top", "bottom"):
        cx = min(max(region.centre[0], shown.x - probe.x0), shown.x + w - probe.x1)
        if side == "top":
            return cx, shown.y + h + _MARKER_GAP - probe.y0
        return cx, shown.y - _MARKER_GAP - probe.y1
    cy = min(max(region.centre[1], shown.y - probe.y0), shown.y + h - probe.y1)
    if side == "left":
        return shown.x - _MARKER_GAP - probe.x1, cy
    return shown.x + w + _MARKER_GAP - probe.x0, cy


def _candidates(sheet: Sheet, shown: Thumbnail, words: str) -> list[tuple[float, float]]:
    """Spots in the sheet's part of the thumbnail where the whole marker fits, nearest its
    middle first."""
    region = _region(sheet, shown)
    cx, cy = region.centre
    step = MARKER_RADIUS
    found = []
    for dx, dy in sorted(
        itertools.product(range(-12, 13), range(-12, 13)), key=lambda d: (d[0] ** 2 + d[1] ** 2, d)
    ):
        x, y = cx + dx * step, cy + dy * step
        if region.contains(marker_box(x, y, words)):
            found.append((x, y))
    return found or [(cx, cy)]


def _clear_spot(
    sheet: Sheet, shown: Thumbnail, words: str, avoid: list[Rect]
) -> tuple[float, float] | None:
    """The spot nearest the middle of the sheet's part where the marker covers none of
    ``avoid``, or None."""
    for x, y in _candidates(sheet, shown, words):
        box = marker_box(x, y, words)
        if not any(box.intersect(printed) for printed in avoid):
            return x, y
    return None


def _least_covering_spot(
    sheet: Sheet, shown: Thumbnail, words: str, avoid: list[Rect]
) -> tuple[float, float]:
    """The spot in the sheet's part where the marker covers the least of ``avoid``."""

    def covered(spot: tuple[float, float]) -> float:
        box = marker_box(*spot, words)
        return sum(
            part.width * part.height
            for part in (box.intersect(printed) for printed in avoid)
            if part is not None
        )

    return min(_candidates(sheet, shown, words), key=covered)


def _printed_boxes(layout: TiledLayout, shown: Thumbnail) -> list[Rect] | None:
    """The boxes the item says it prints something in, as the thumbnail draws them (small
    words left out), or None if it does not say (it is not
    :class:`~pnpkit.render.drawable.Labelled`)."""
    item = at_scale(layout.item, shown.scale)
    # read once: ``isinstance(item, Labelled)`` would compute the property to see it is there
    boxes: tuple[tuple[float, float, float, float], ...] | None = getattr(item, "text_boxes", None)
    if boxes is None:
        return None
    return [Rect(*shown.at(x0, y0), *shown.at(x1, y1)) for x0, y0, x1, y1 in boxes]


def _thumbnail_grid(c: Canvas, layout: TiledLayout, shown: Thumbnail) -> None:
    """The item's outline and the seams over the thumbnail, and each sheet's marker."""
    w, h = layout.item.width, layout.item.height
    scale = shown.scale
    c.saveState()
    c.setStrokeColorRGB(*THUMB_GRID_COLOR)
    c.setLineWidth(1.2)
    c.setDash([5, 3], 0)
    c.rect(*shown.at(0, 0), w * scale, h * scale, stroke=1, fill=0)
    for line in layout.seams:
        path = c.beginPath()
        path.moveTo(*shown.at(*line[0]))
        for point in line[1:]:
            path.lineTo(*shown.at(*point))
        c.drawPath(path, stroke=1, fill=0)
    c.setDash([], 0)
    for marker in shown.markers:
        cx, cy = marker.x, marker.y
        tag = _tag(marker.words)
        c.setFillColorRGB(1, 1, 1)
        c.setStrokeColorRGB(*THUMB_GRID_COLOR)
        c.circle(cx, cy, MARKER_RADIUS, stroke=1, fill=1)
        c.setFillColorRGB(0, 0, 0)
        c.setFont(fonts.BOLD, 12)
        c.drawCentredString(cx, cy - 4.2, str(marker.number))
        c.setFillColorRGB(1, 1, 1)
        c.roundRect(
            cx - tag / 2, cy - MARKER_RADIUS - 10, tag, MARKER_WORDS + 3.5, 2, stroke=0, fill=1
        )
        c.setFillColorRGB(0, 0, 0)
        c.setFont(fonts.REGULAR, MARKER_WORDS)
        c.drawCentredString(cx, cy - MARKER_RADIUS - 8, marker.words)
    c.restoreState()
