"""Imposition of cards and counters on sheets, with duplex backs for long-edge flipping.

Cards sit in a grid, as many as fit inside the 0.25 in margin with ``gutter`` between them and
crop marks outside the grid that extend every trim line. Each front page is followed by its back
page: the back of the card in column ``c`` sits in column ``n − 1 − c`` (the mirror image about
the page's vertical centre line), moved by the user's back offset, so that after a long-edge
flip every back lands behind its front. Counters are packed in rows the same way, each back at
the mirror of its front.

:func:`duplex_calibration` writes the two pages that tell the user which back offset to enter.

Every placement is returned as a :class:`Placement` record; tests compare them with the PDF.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnpkit.errors import UsageError
from pnpkit.layout.document import Document
from pnpkit.layout.geometry import Rect
from pnpkit.layout.marks import CALIBRATION_HEIGHT, calibration
from pnpkit.layout.offset import NO_OFFSET, BackOffset
from pnpkit.layout.paper import MARGIN, Paper
from pnpkit.layout.plan import DocumentPlan
from pnpkit.render import fonts
from pnpkit.render.base import Drawable
from pnpkit.units import MM

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas
else:
    Canvas = Any

CROP_OFFSET = 2.0
"""Card crop marks start this far outside the grid…"""
CROP_REACH = 8.0
"""…and end this far out: short enough for three poker cards across A4 inside the margin."""
GUTTER = 3.6
"""Default space between cards (0.05 in): enough to cut between, small enough for 8 poker
cards on a Letter page."""
COUNTER_GAP = 0.1 * 72
BAND = CALIBRATION_HEIGHT + 4.0
"""Height kept below the grid for the calibration ruler and the sheet label."""
CARD_TRIM_COLOR = (0.0, 0.08, 0.0)
"""Dedicated colour of card crop marks; verify measures card sizes from them."""
LABEL_SIZE = 7.0


@dataclass(frozen=True, slots=True)
class Placement:
    """Where one face was printed: page (1-based), side, the box in page points, grid cell."""

    item: int
    """Index of the item in the list given to the imposer."""
    page: int
    side: str
    """``"front"`` or ``"back"``."""
    x: float
    y: float
    width: float
    height: float
    column: int
    row: int
    form: str
    """The PDF form XObject drawn there."""


@dataclass(frozen=True, slots=True)
class Grid:
    paper: Paper
    columns: int
    rows: int
    width: float
    height: float
    gutter: float

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def span(self) -> tuple[float, float]:
        return (
            self.columns * self.width + (self.columns - 1) * self.gutter,
            self.rows * self.height + (self.rows - 1) * self.gutter,
        )

    @property
    def origin(self) -> tuple[float, float]:
        """Lower-left of the grid: centred across, centred in the room above the band."""
        span_w, span_h = self.span
        x = (self.paper.width - span_w) / 2
        bottom = MARGIN + BAND
        y = bottom + (self.paper.height - MARGIN - bottom - span_h) / 2
        return (x, y)

    def cell(self, column: int, row: int) -> Rect:
        """The trim box of the card in ``column`` (0 left) and ``row`` (0 top)."""
        x0, y0 = self.origin
        x = x0 + column * (self.width + self.gutter)
        y = y0 + (self.rows - 1 - row) * (self.height + self.gutter)
        return Rect.of(x, y, self.width, self.height)


def _count(room: float, size: float, gutter: float) -> int:
    return max(0, int((room + gutter + 1e-6) // (size + gutter)))


def fit_grid(
    paper: Paper,
    width: float,
    height: float,
    gutter: float = GUTTER,
    count: int | None = None,
    *,
    duplex: bool = False,
) -> Grid:
    """The grid with the most cards on ``paper`` (portrait or landscape; ties portrait),
    no larger than ``count`` cards need.

    Duplex sheets are always portrait: only there does a flip on the paper's long edge
    mirror the page left to right (column ``c`` ↔ ``n − 1 − c``). A landscape page flipped on
    the paper's long edge would mirror top to bottom instead.
    """
    best: Grid | None = None
    sheets = (paper.portrait(),) if duplex else (paper.portrait(), paper.landscape())
    # With ``gutter`` between cards, or abutting (one shared cut) when that fits more.
    for space in dict.fromkeys((gutter, 0.0)):
        for sheet in sheets:
            room_w = sheet.width - 2 * (MARGIN + CROP_REACH)
            room_h = sheet.height - 2 * MARGIN - BAND - 2 * CROP_REACH
            columns, rows = _count(room_w, width, space), _count(room_h, height, space)
            if count is not None and columns and rows:
                columns = min(columns, count)
                rows = min(rows, -(-count // columns))
            grid = Grid(sheet, columns, rows, width, height, space)
            if best is None or grid.per_page > best.per_page:
                best = grid
    assert best is not None
    if best.per_page == 0:
        raise UsageError(
            f"a {width / 72:.2f} × {height / 72:.2f} in card does not fit {paper.name} paper "
            "inside the margin"
        )
    return best


def _crop_marks(canvas: Canvas, grid: Grid, used: int) -> None:
    """Marks outside the used cells in line with every trim edge (none inside the gutters)."""
    columns = min(grid.columns, used)
    rows = -(-used // grid.columns)
    first = grid.cell(0, 0)
    last = grid.cell(columns - 1, rows - 1)
    top, bottom, left, right = first.y1, last.y0, first.x0, last.x1
    canvas.saveState()
    canvas.setStrokeColorRGB(*CARD_TRIM_COLOR)
    canvas.setLineWidth(0.3)
    path = canvas.beginPath()
    for c in range(columns):
        box = grid.cell(c, 0)
        for x in (box.x0, box.x1):
            path.moveTo(x, top + CROP_OFFSET)
            path.lineTo(x, top + CROP_REACH)
            path.moveTo(x, bottom - CROP_OFFSET)
            path.lineTo(x, bottom - CROP_REACH)
    for r in range(rows):
        box = grid.cell(0, r)
        for y in (box.y0, box.y1):
            path.moveTo(left - CROP_OFFSET, y)
            path.lineTo(left - CROP_REACH, y)
            path.moveTo(right + CROP_OFFSET, y)
            path.lineTo(right + CROP_REACH, y)
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()


def _label(doc: Document, text: str, paper: Paper, ruler: bool) -> None:
    """The sheet label in the band (and the calibration ruler on front pages)."""
    canvas = doc.canvas
    x = MARGIN
    if ruler:
        box = calibration(canvas, MARGIN, MARGIN, doc)
        x = box.x1 + 12.0
    room = paper.width - MARGIN - x
    size = fonts.fit_size(text, fonts.SEMIBOLD, LABEL_SIZE, room, minimum=4.0)
    canvas.saveState()
    canvas.setFillColorRGB(0.2, 0.2, 0.2)
    canvas.setFont(fonts.SEMIBOLD, size)
    canvas.drawString(x, MARGIN + 2.0, text)
    canvas.restoreState()


def _place(doc: Document, drawable: Drawable, x: float, y: float) -> str:
    name = doc.form(drawable)
    canvas = doc.canvas
    canvas.saveState()
    canvas.translate(x, y)
    canvas.doForm(name)
    canvas.restoreState()
    return name


def impose_cards(
    doc: Document,
    faces: Sequence[tuple[Drawable, Drawable | None]],
    paper: Paper,
    *,
    label: str,
    offset: BackOffset = NO_OFFSET,
    gutter: float = GUTTER,
) -> list[Placement]:
    """Print ``(front, back)`` pairs of one card size; a back page follows each front page
    when any card has a back. Returns every placement, fronts and backs."""
    if not faces:
        return []
    width, height = faces[0][0].width, faces[0][0].height
    for front, back in faces:
        for face in (front, back):
            if face is not None and (
                abs(face.width - width) > 0.01 or abs(face.height - height) > 0.01
            ):
                raise UsageError("cards on one sheet must share one size")
    duplex = any(back is not None for _, back in faces)
    grid = fit_grid(paper, width, height, gutter, len(faces), duplex=duplex)
    pages = (len(faces) + grid.per_page - 1) // grid.per_page
    placed: list[Placement] = []
    for sheet in range(pages):
        batch = list(enumerate(faces))[sheet * grid.per_page : (sheet + 1) * grid.per_page]
        doc.start_page(grid.paper)
        side = " (front)" if duplex else ""
        _label(doc, f"{label}: sheet {sheet + 1} of {pages}{side}", grid.paper, ruler=True)
        _crop_marks(doc.canvas, grid, len(batch))
        first = grid.cell(0, 0)
        doc.promise_lines(
            what=f"{label}: card width",
            pitch=width,
            color=CARD_TRIM_COLOR,
            axis="x",
            bbox=(first.x0 - 1, first.y1, first.x1 + 1, first.y1 + CROP_REACH + 1),
        )
        doc.promise_lines(
            what=f"{label}: card height",
            pitch=height,
            color=CARD_TRIM_COLOR,
            axis="y",
            bbox=(first.x0 - CROP_REACH - 1, first.y0 - 1, first.x0, first.y1 + 1),
        )
        for slot, (index, (front, _)) in enumerate(batch):
            column, row = slot % grid.columns, slot // grid.columns
            box = grid.cell(column, row)
            form = _place(doc, front, box.x0, box.y0)
            placed.append(
                Placement(
                    index, doc.page, "front", box.x0, box.y0, width, height, column, row, form
                )
            )
        if not duplex:
            continue
        doc.start_page(grid.paper)
        _label(
            doc,
            f"{label}: sheet {sheet + 1} of {pages} (back; flip on the long edge)",
            grid.paper,
            ruler=False,
        )
        for slot, (index, (_, back)) in enumerate(batch):
            if back is None:
                continue
            column, row = grid.columns - 1 - slot % grid.columns, slot // grid.columns
            box = grid.cell(column, row).moved(offset.x, offset.y)
            form = _place(doc, back, box.x0, box.y0)
            placed.append(
                Placement(index, doc.page, "back", box.x0, box.y0, width, height, column, row, form)
            )
    return placed


@dataclass(frozen=True, slots=True)
class _Shelf:
    paper: Paper
    gap: float

    @property
    def left(self) -> float:
        return MARGIN + CROP_REACH

    @property
    def right(self) -> float:
        return self.paper.width - MARGIN - CROP_REACH

    @property
    def top(self) -> float:
        return self.paper.height - MARGIN - CROP_REACH

    @property
    def bottom(self) -> float:
        return MARGIN + BAND + CROP_REACH


def _pack(sizes: Sequence[float], shelf: _Shelf) -> list[tuple[int, float, float]]:
    """Rows of square boxes, left to right, top to bottom: ``(page index, x, y)`` each."""
    out: list[tuple[int, float, float]] = []
    page, x, row_top, row_height = 0, shelf.left, shelf.top, 0.0
    for size in sizes:
        if size > shelf.right - shelf.left or size > shelf.top - shelf.bottom:
            raise UsageError(f"a {size / 72:.2f} in counter does not fit the paper")
        if x + size > shelf.right + 1e-6 or (row_height and size != row_height):
            x, row_top = shelf.left, row_top - row_height - shelf.gap
            row_height = 0.0
        if row_top - size < shelf.bottom - 1e-6:
            page, x, row_top = page + 1, shelf.left, shelf.top
        out.append((page, x, row_top - size))
        row_height = max(row_height, size)
        x += size + shelf.gap
    return out


def impose_counters(
    doc: Document,
    faces: Sequence[tuple[Drawable, Drawable]],
    paper: Paper,
    *,
    label: str,
    offset: BackOffset = NO_OFFSET,
    gap: float = COUNTER_GAP,
) -> list[Placement]:
    """Counters (square boxes) packed in rows; each front page is followed by its back page
    with every back at the mirror image of its front."""
    shelf = _Shelf(paper.portrait(), gap)
    spots = _pack([front.width for front, _ in faces], shelf)
    pages = (spots[-1][0] + 1) if spots else 0
    placed: list[Placement] = []
    for sheet in range(pages):
        mine = [(i, spot) for i, spot in enumerate(spots) if spot[0] == sheet]
        for side in ("front", "back"):
            doc.start_page(shelf.paper)
            text = f"{label}: sheet {sheet + 1} of {pages} ({side}"
            text += "; flip on the long edge)" if side == "back" else ")"
            _label(doc, text, shelf.paper, ruler=side == "front")
            for index, (_, x, y) in mine:
                front, back = faces[index]
                size = front.width
                if side == "front":
                    px, py, face = x, y, front
                else:
                    px, py, face = shelf.paper.width - x - size + offset.x, y + offset.y, back
                form = _place(doc, face, px, py)
                placed.append(Placement(index, doc.page, side, px, py, size, size, -1, -1, form))
    return placed


def duplex_calibration(doc: Document, paper: Paper, offset: BackOffset = NO_OFFSET) -> None:
    """Two pages: print them double-sided (flip on the long edge), hold the sheet to the light,
    and read on the front's scales where the back's lines fall: that is the offset to enter.

    The front carries an x scale and a y scale in mm; the back (moved by the current
    ``offset``) carries a target whose lines cross both scales at 0 when the printer is true.
    """
    sheet = paper.portrait()
    cx, cy = sheet.width / 2, sheet.height / 2 + 40
    canvas = doc.canvas
    doc.start_page(sheet)
    _label(doc, "Duplex calibration: front", sheet, ruler=True)
    _calibration_text(canvas, sheet)
    canvas.saveState()
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setLineWidth(0.4)
    canvas.setFont(fonts.REGULAR, 7)
    for k in range(-5, 6):
        # x scale: a back printed d mm right of true shows through d mm LEFT of the front
        # target; the offset to enter is −d, so the number at front position +k reads +k.
        length = 12 if k % 5 == 0 else (8 if k % 2 == 0 else 5)
        x = cx + k * MM
        canvas.line(x, cy - 60, x, cy - 60 - length)
        if k % 5 == 0:
            canvas.drawCentredString(x, cy - 60 - length - 8, f"{k:+d}" if k else "0")
        # y scale: a back printed d mm high shows through d mm high; enter −d.
        y = cy + k * MM
        canvas.line(cx + 60, y, cx + 60 + length, y)
        if k % 5 == 0:
            canvas.drawString(cx + 60 + length + 3, y - 2.5, f"{-k:+d}" if k else "0")
    canvas.setLineWidth(0.3)
    canvas.circle(cx, cy, 20, stroke=1, fill=0)
    canvas.setFont(fonts.SEMIBOLD, 7)
    canvas.drawCentredString(cx, cy - 95, "x offset (mm)")
    canvas.drawString(cx + 60, cy + 5 * MM + 8, "y offset (mm)")
    canvas.restoreState()
    doc.start_page(sheet)
    _label(doc, "Duplex calibration: back", sheet, ruler=False)
    bx = sheet.width - cx + offset.x
    by = cy + offset.y
    canvas.saveState()
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(0.5)
    canvas.line(bx, by - 40, bx, by - 85)
    canvas.line(bx - 40, by, bx - 85, by)
    canvas.circle(bx, by, 20, stroke=1, fill=0)
    canvas.line(bx - 25, by, bx + 25, by)
    canvas.line(bx, by - 25, bx, by + 25)
    canvas.setFont(fonts.SEMIBOLD, 8)
    canvas.drawCentredString(bx, by + 30, "back: these lines show through to the front")
    canvas.restoreState()


def _calibration_text(canvas: Canvas, sheet: Paper) -> None:
    lines = [
        "Duplex calibration",
        "1. Print this page and the next double-sided, flipping on the long edge, at 100 %.",
        "2. Hold the sheet against a light, front side towards you.",
        "3. Where the back's vertical line crosses the x scale, read the x offset;",
        "   where its horizontal line crosses the y scale, read the y offset.",
        "4. Build the kit again with those two numbers as its back offset in mm:",
        "   pnpkit build GAME --back-offset X,Y   (for example --back-offset 1.5,-0.5)",
        "5. Print the card and token sheets double-sided the same way.",
    ]
    canvas.saveState()
    canvas.setFillColorRGB(0, 0, 0)
    y = sheet.height - MARGIN - 30
    for i, text in enumerate(lines):
        canvas.setFont(fonts.BOLD if i == 0 else fonts.REGULAR, 14 if i == 0 else 9)
        canvas.drawString(MARGIN + 30, y, text)
        y -= 20 if i == 0 else 13
    canvas.restoreState()


def calibration_sheet(paper: Paper, offset: BackOffset, *, subject: str) -> DocumentPlan:
    """The duplex calibration page that every card kit ships, as ``duplex-calibration.pdf``."""
    return DocumentPlan(
        "duplex-calibration.pdf",
        "Duplex calibration",
        subject,
        lambda doc: duplex_calibration(doc, paper, offset),
    )


def card_sheets(
    filename: str,
    faces: Sequence[tuple[Drawable, Drawable | None]],
    paper: Paper,
    offset: BackOffset,
    *,
    title: str,
    subject: str,
    label: str | None = None,
) -> DocumentPlan:
    """A card-sheet document: ``faces`` imposed with their duplex backs (:func:`impose_cards`)."""
    return DocumentPlan(
        filename,
        title,
        subject,
        lambda doc: impose_cards(doc, faces, paper, label=label or title, offset=offset),
    )


def counter_sheets(
    filename: str,
    faces: Sequence[tuple[Drawable, Drawable]],
    paper: Paper,
    offset: BackOffset,
    *,
    title: str,
    subject: str,
    label: str | None = None,
) -> DocumentPlan:
    """A counter-sheet document: fronts and backs (:func:`impose_counters`)."""
    return DocumentPlan(
        filename,
        title,
        subject,
        lambda doc: impose_counters(doc, faces, paper, label=label or title, offset=offset),
    )
