"""Cards and counters on sheets: fronts, backs by the duplex mode, cut lines, the ruler.

Imposition is worked out first, whole, as values (:mod:`pnpkit.layout.sheet`:
:func:`~pnpkit.layout.imposition.card_sheets_of` for cards, in the grid of
:func:`~pnpkit.layout.imposition.plan_cards`, the most cards that fit with the calibration
ruler; :func:`~pnpkit.layout.packing.counter_sheets_of` for counters); :func:`paint`, the one
painter, draws any of those sheets. :func:`impose_cards` prints cards and their backs as the
:class:`~pnpkit.layout.imposition.Imposition` asks:

- ``Duplex.LONG`` — each front page is followed by its back page: the back of the card in
  column ``c`` in column ``n − 1 − c`` (the page mirrored about its vertical centre line), moved
  by the back offset, clipped half a point inside the margin
  (:data:`~pnpkit.layout.paper.INK_INSET`). The PDF asks the print dialog for
  ``/Duplex /DuplexFlipLongEdge``.
- ``Duplex.FOLD`` — fronts left of a dashed fold line, backs mirrored right of it, on one
  page (``/Simplex``). A card too big to fold on the paper has its back printed as a card of its
  own, after its front, to glue back to back (the sheet label says so).
- ``Duplex.NONE`` — fronts only (``/Simplex``); a back that is the card's own design (not the
  deck's common back, not the front again) is printed as a card of its own after its front.

Cards turned a quarter turn on the sheet (:attr:`~pnpkit.layout.imposition.CardSheet.turned`,
where that takes fewer sheets) are drawn through a turned form
(:meth:`~pnpkit.layout.document.Document.turned_form`): fronts anticlockwise, backs clockwise,
so each back lands behind its front the right way round.

Backs carry their outer edges :data:`~pnpkit.layout.imposition.BACK_BLEED` into free paper, so
a drifting duplex printer or a crooked fold shows the back's colour, not white. Fronts get the
asked ``bleed``. Cut lines run along every trim edge, over the fronts.

:func:`impose_counters` packs counters (:mod:`pnpkit.layout.packing`) with their backs by the
same three modes. :func:`duplex_calibration` writes the two pages that tell the user which
back offset to enter.

Every placement is returned as a :class:`Placement` record; tests compare them with the PDF,
and every document promises what :mod:`pnpkit.verify` measures (card sizes from the cut lines,
backs behind fronts, the fold line, the duplex setting).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

# The faces these sheets place become drawings in the processes that draw the pages, which a
# build forks from the one that plans the sheets: ReportLab's graphics and the kept-drawings
# reader are loaded here, once, instead of in each of them (0.1 s a process).
import reportlab.graphics.renderPDF  # noqa: F401

import pnpkit.render.svg.drawings  # noqa: F401
from pnpkit.errors import UsageError
from pnpkit.layout.bleed import draw_bled
from pnpkit.layout.document import Document
from pnpkit.layout.geometry import Rect
from pnpkit.layout.imposition import (
    BACK_BLEED,
    LINE_WIDTH,
    Duplex,
    Imposition,
    Run,
    card_sheets_of,
    printable,
    shared_sheets_of,
)
from pnpkit.layout.marks import calibration, fold_line
from pnpkit.layout.offset import MAX_OFFSET_MM, NO_OFFSET, BackOffset
from pnpkit.layout.packing import Shape, counter_sheets_of
from pnpkit.layout.paper import Paper
from pnpkit.layout.plan import DocumentPlan, Placement, Printing
from pnpkit.layout.sheet import (
    LONG_EDGE,
    Back,
    Cuts,
    Faces,
    Fold,
    Furnish,
    Furniture,
    Line,
    Sheets,
)
from pnpkit.model.cards import Counter, CounterShape
from pnpkit.render import fonts
from pnpkit.render.drawable import Drawable
from pnpkit.render.faces.decks import laid_later
from pnpkit.render.textbox import fit_lines
from pnpkit.units import MM
from pnpkit.verify.promises import MirrorPromise

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas
else:
    Canvas = Any

COUNTER_GAP = 0.1 * 72
CARD_TRIM_COLOR = (0.0, 0.08, 0.0)
"""Dedicated colour of card cut lines; verify measures card sizes from them."""
CARD_FOLD_COLOR = (0.3, 0.3, 0.32)
"""Dedicated colour of the fold line of fold-over sheets; verify finds it by this."""
LABEL_SIZE = 7.0
LABEL_LEAST = 6.0


def as_imposition(value: Imposition | Paper) -> Imposition:
    """An :class:`Imposition` from itself or from a paper (duplex, no bleed, no offset)."""
    return value if isinstance(value, Imposition) else Imposition(value)


# --- the painter -----------------------------------------------------------------------------


def backs_of(faces: Sequence[tuple[Drawable, Drawable | None]]) -> list[Back]:
    """What each item has on its back: none, its own, or a shared one (the deck's common back,
    shared by cards with different fronts, or the front again)."""
    fronts: dict[int, set[int]] = {}
    for front, back in faces:
        if back is not None:
            fronts.setdefault(id(back), set()).add(id(front))
    common = {back for back, of in fronts.items() if len(of) > 1}
    return [
        Back.NONE
        if back is None
        else (Back.SHARED if back is front or id(back) in common else Back.OWN)
        for front, back in faces
    ]


def paint(
    doc: Document, sheets: Sheets, faces: Sequence[tuple[Drawable, Drawable | None]]
) -> list[Placement]:
    """Draw ``sheets`` (cards or counters, any duplex mode), each :class:`~pnpkit.layout.sheet.Place`
    showing the front or back of its item of ``faces``, and promise what each sheet promises.
    Returns every placement."""
    doc.set_duplex(sheets.duplex)
    placed: list[Placement] = []
    for sheet in sheets.sheets:
        first = doc.page + 1
        backs = 0
        for page in sheet.pages:
            doc.start_page(page.paper)
            for step in page.steps:
                if isinstance(step, Faces):
                    drawn = _faces(doc, step, faces)
                    placed += drawn
                    backs += len(drawn) if step.side == "back" else 0
                elif isinstance(step, Cuts):
                    _cut(doc.canvas, step.lines)
                elif isinstance(step, Furnish):
                    _furnish(doc, step.text, step.furniture)
                elif isinstance(step, Fold):
                    fold_line(doc.canvas, step.x, step.y0, step.x, step.y1, color=CARD_FOLD_COLOR)
                else:
                    doc.promise_lines(
                        what=step.what,
                        pitch=step.pitch,
                        color=CARD_TRIM_COLOR,
                        axis=step.axis,
                        bbox=step.bbox,
                    )
        mirror = sheet.mirror
        if mirror is not None:
            doc.promise_mirror(
                MirrorPromise(
                    what=mirror.what,
                    front_page=first,
                    back_page=doc.page,
                    axis=mirror.axis,
                    offset=mirror.offset,
                    backs=backs,
                    size=mirror.size,
                    fold_color=CARD_FOLD_COLOR if mirror.fold else None,
                )
            )
    return placed


def _faces(
    doc: Document, step: Faces, faces: Sequence[tuple[Drawable, Drawable | None]]
) -> list[Placement]:
    """The faces of ``step``, each drawn with its bleed, clipped if the step says so."""
    canvas = doc.canvas
    if step.clip is not None:
        canvas.saveState()
        _clip(canvas, step.clip)
    placed: list[Placement] = []
    for place in step.places:
        face = faces[place.item][1 if place.back else 0]
        if face is None:
            continue
        form = doc.form(face)
        if place.turns:
            form = doc.turned_form(form, face.width, face.height, place.turns)
        draw_bled(canvas, form, place.box, place.bleed)
        box = place.box
        placed.append(
            Placement(
                place.item,
                doc.page,
                step.side,
                box.x0,
                box.y0,
                box.width,
                box.height,
                place.column,
                place.row,
                form,
                place.turns,
            )
        )
    if step.clip is not None:
        canvas.restoreState()
    return placed


def _label(doc: Document, text: str, furniture: Furniture) -> None:
    """The sheet label in ``furniture``'s label box, shrunk to fit (never below 6 pt)."""
    box = furniture.label
    room = box.height if furniture.turned else box.width
    if room <= 0:
        return
    size = fonts.fit_size(text, fonts.SEMIBOLD, LABEL_SIZE, room, minimum=LABEL_LEAST)
    while fonts.text_width(text, fonts.SEMIBOLD, size) > room and len(text) > 1:
        text = text[
            : max(1, int(len(text) * room / fonts.text_width(text, fonts.SEMIBOLD, size)) - 2)
        ]
        text = text.rstrip() + "…"
    canvas = doc.canvas
    canvas.saveState()
    canvas.setFillColorRGB(0.2, 0.2, 0.2)
    canvas.setFont(fonts.SEMIBOLD, size)
    if furniture.turned:
        canvas.translate(box.x1 - 2.0, box.y0)
        canvas.rotate(90)
        canvas.drawString(0, 0, text)
    else:
        canvas.drawString(box.x0, box.y0 + 2.0, text)
    canvas.restoreState()


def _furnish(doc: Document, text: str, furniture: Furniture) -> None:
    """The calibration ruler (if the furniture has one) and the label."""
    ruler = furniture.ruler
    if ruler is not None:
        calibration(doc.canvas, ruler.x0, ruler.y0, doc, turned=furniture.turned)
    _label(doc, text, furniture)


def _clip(canvas: Canvas, box: Rect) -> None:
    path = canvas.beginPath()
    path.rect(box.x0, box.y0, box.width, box.height)
    canvas.clipPath(path, stroke=0, fill=0)


def _cut(canvas: Canvas, lines: Sequence[Line]) -> None:
    canvas.saveState()
    canvas.setStrokeColorRGB(*CARD_TRIM_COLOR)
    canvas.setLineWidth(LINE_WIDTH)
    canvas.setLineCap(0)
    path = canvas.beginPath()
    for line in lines:
        path.moveTo(line.x0, line.y0)
        path.lineTo(line.x1, line.y1)
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()


# --- cards and counters ----------------------------------------------------------------------


def impose_cards(
    doc: Document,
    faces: Sequence[tuple[Drawable, Drawable | None]],
    imposition: Imposition | Paper,
    *,
    label: str,
    offset: BackOffset | None = None,
) -> list[Placement]:
    """Print ``(front, back)`` pairs of one card size as ``imposition`` asks (see the module;
    the sheets by :func:`~pnpkit.layout.imposition.card_sheets_of`). ``offset`` overrides the
    imposition's back offset. Returns every placement."""
    imposition = as_imposition(imposition)
    if offset is not None:
        imposition = replace(imposition, offset=offset)
    if not faces:
        return []
    width, height = faces[0][0].width, faces[0][0].height
    for front, back in faces:
        for face in (front, back):
            if face is not None and (
                abs(face.width - width) > 0.01 or abs(face.height - height) > 0.01
            ):
                raise UsageError("cards on one sheet must share one size")
    sheets = card_sheets_of(imposition, width, height, backs_of(faces), label)
    return paint(doc, sheets, faces)


def round_pieces(counters: Sequence[Counter]) -> list[bool]:
    """Whether each printed counter is round, in the order ``counter_faces`` prints them
    (``qty`` copies of each): round counters may nest on a sheet."""
    return [c.shape is CounterShape.ROUND for c in counters for _ in range(c.qty)]


def impose_counters(
    doc: Document,
    faces: Sequence[tuple[Drawable, Drawable]],
    imposition: Imposition | Paper,
    *,
    label: str,
    offset: BackOffset | None = None,
    round_pieces: Sequence[bool] = (),
    gap: float = COUNTER_GAP,
) -> list[Placement]:
    """Counters (square boxes; ``round_pieces[i]`` says counter ``i`` is round, which lets
    rows nest) packed on sheets, their backs as ``imposition`` asks
    (:func:`~pnpkit.layout.packing.counter_sheets_of`)."""
    imposition = as_imposition(imposition)
    if offset is not None:
        imposition = replace(imposition, offset=offset)
    if not faces:
        return []
    rounds = list(round_pieces) + [False] * (len(faces) - len(round_pieces))
    shapes: list[Shape] = ["round" if r else "square" for r in rounds]
    sizes = [front.width for front, _ in faces]
    sheets = counter_sheets_of(imposition, sizes, shapes, backs_of(faces), label, gap)
    return paint(doc, sheets, faces)


# --- the duplex calibration page -------------------------------------------------------------


def duplex_calibration(doc: Document, paper: Paper, offset: BackOffset = NO_OFFSET) -> None:
    """Two pages: print them double-sided (flip on the long edge), hold the sheet to the light,
    and read on the front's scales where the back's lines fall: that is how far the printer's
    back side must move. The front says, in words a player holding only the PDFs can act on,
    which way to move it in the printer's settings (and what to do without such a setting),
    and keeps the rebuild with ``--back-offset`` as one line for designers.

    The front carries an x scale and a y scale in mm; the back (moved by the current
    ``offset``) carries a target whose lines cross both scales at 0 when the printer is true.
    """
    sheet = paper.portrait()
    cx, cy = sheet.width / 2, sheet.height / 2 + 40
    canvas = doc.canvas
    doc.set_duplex(LONG_EDGE)
    doc.start_page(sheet)
    area = printable(sheet)
    band = Rect(area.x0, area.y0, area.x1, area.y0 + 21.0)
    _furnish(doc, "Duplex calibration: front", Furniture.band(band))
    reach = int(MAX_OFFSET_MM)
    _calibration_text(canvas, sheet, CALIBRATION_STEPS, sheet.height - 18.0 - 30, cy + 40)
    _calibration_text(canvas, sheet, CALIBRATION_ELSE, cy - 115, band.y1 + 10)
    canvas.saveState()
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setLineWidth(0.4)
    canvas.setFont(fonts.REGULAR, 7)
    for k in range(-reach, reach + 1):
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
    canvas.drawCentredString(cx, cy - 95, "X: move the back's printing right (mm)")
    canvas.drawString(cx + 60, cy + reach * MM + 8, "Y: move the back's printing up (mm)")
    canvas.restoreState()
    doc.start_page(sheet)
    _label(
        doc,
        "Duplex calibration: back",
        Furniture(None, Rect(area.x0, area.y0, area.x1, area.y0 + 9.0)),
    )
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


CalibrationText = tuple[tuple[str, str], ...]
"""Paragraphs of the calibration page: ``(style, text)``, the style ``title``, ``head`` or
``body``."""

CALIBRATION_STEPS: CalibrationText = (
    ("title", "Duplex calibration: line up the card backs with their fronts"),
    ("head", "Find how far your printer moves the back side"),
    (
        "body",
        "1. Print this page and the next on one sheet, double-sided, flipping on the long "
        "edge, at 100 % (actual size, not fit to page).",
    ),
    (
        "body",
        "2. Hold the sheet against a light, this side towards you: the back's lines show through.",
    ),
    (
        "body",
        "3. Where the back's vertical line crosses the x scale below, read X; where its "
        "horizontal line crosses the y scale, read Y. Each tick is 1 mm (0.04 in). Both 0: your "
        "printer is true, print the kit as it is.",
    ),
    ("head", "Move the back side in your printer's settings"),
    (
        "body",
        "4. When you print, open the printer's Properties (or Preferences) and find where it "
        "sets the back side's position: it may be called image shift, back side offset, print "
        "position adjustment or duplex alignment.",
    ),
    (
        "body",
        "5. Move the back side's printing X mm to the right and Y mm up, as you look at the "
        "back of the sheet; a negative X moves it left, a negative Y down. A setting in inches: "
        "divide by 25.4 (1 mm = 0.04 in).",
    ),
    (
        "body",
        "6. Print this sheet again: both lines now cross their scales at 0. A line that moved "
        "further away means your printer counts that way round: change the number's sign.",
    ),
    ("body", "7. Print the card and token sheets double-sided with the same settings."),
)
"""What the front says above its scales: how to read them and act on them in the printer."""

CALIBRATION_ELSE: CalibrationText = (
    ("head", "No such setting?"),
    (
        "body",
        f"Within {BACK_BLEED / MM:.0f} mm you may print as it is: the backs print "
        f"{BACK_BLEED / MM:.0f} mm past their outer cut lines, so no white edge shows, only the "
        "back's frame a little off centre. Otherwise print the odd pages (fronts) and the even "
        "pages (backs) on separate sheets, hold each front and its back together against a "
        "light until they line up, and glue them back to back before you cut.",
    ),
    (
        "body",
        f"A line off its scale (more than {MAX_OFFSET_MM:g} mm): check that both pages printed "
        "at 100 % on one sheet, flipped on the long edge.",
    ),
    ("head", "For designers with pnpkit"),
    (
        "body",
        "Rebuild the kit with the backs moved instead: pnpkit build GAME --back-offset X,Y "
        "(for example --back-offset 1.5,-0.5), or once for every build: back_offset = [1.5, "
        "-0.5] in pnpkit.toml in the data folder. Then print without a printer offset.",
    ),
)
"""What the front says below its scales: without a printer setting, and for designers."""

_CALIBRATION_TYPE = {"title": (fonts.BOLD, 14.0, 20.0), "head": (fonts.BOLD, 10.0, 14.0)}
"""Font, size and line step of each style but ``body`` (regular 9 pt, 11.5 pt apart)."""


def _calibration_text(
    canvas: Canvas, sheet: Paper, text: CalibrationText, top: float, bottom: float
) -> None:
    """``text`` set from ``top`` down across the page's text width, broken into lines; it must
    end above ``bottom`` (a ValueError otherwise: the page's words are ours, fixed)."""
    x = 18.0 + 30
    width = sheet.width - 2 * x
    canvas.saveState()
    canvas.setFillColorRGB(0, 0, 0)
    y = top
    for style, words in text:
        font, size, step = _CALIBRATION_TYPE.get(style, (fonts.REGULAR, 9.0, 11.5))
        if style == "head" and y != top:
            y -= 4
        lines = fit_lines(
            words, width, 1000, size, font, what="calibration", where="", min_size=size
        ).lines
        canvas.setFont(font, size)
        for line in lines:
            canvas.drawString(x, y, line)
            y -= step
        y -= 2.5 if style == "body" else 0
    if y < bottom:
        raise ValueError(f"the calibration page's text runs to {y:.0f} pt, below {bottom:.0f}")
    canvas.restoreState()


# --- plans -----------------------------------------------------------------------------------


def calibration_sheet(imposition: Imposition | Paper, *, subject: str) -> list[DocumentPlan]:
    """The duplex calibration page every card kit ships as ``duplex-calibration.pdf`` when it
    prints duplex (none for single-sided and fold-over builds)."""
    imposition = as_imposition(imposition)
    if imposition.duplex is not Duplex.LONG:
        return []
    return [
        DocumentPlan(
            CALIBRATION_FILE,
            "Duplex calibration",
            subject,
            lambda doc: duplex_calibration(doc, imposition.paper, imposition.offset),
            CALIBRATION_PRINTING,
        )
    ]


CALIBRATION_FILE = "duplex-calibration.pdf"
CALIBRATION_PRINTING = Printing(
    Duplex.LONG,
    then="Print it first, on one sheet: it shows how to set your printer so the backs of the "
    "double-sided files land behind their fronts.",
)


def sheet_printing(
    imposition: Imposition, faces: Sequence[tuple[Drawable, Drawable | None]], what: str
) -> Printing:
    """How a sheet of ``what`` (cards, pieces) prints as ``imposition`` asks, on card stock: the
    duplex mode its sheets take (:func:`~pnpkit.layout.imposition.card_sheets_of` and
    :func:`~pnpkit.layout.packing.counter_sheets_of` print single-sided what has no back) and
    what to do with them."""
    backs = backs_of(faces)
    mode = imposition.duplex if any(b is not Back.NONE for b in backs) else Duplex.NONE
    if mode is Duplex.FOLD:
        then = f"Fold each sheet on its dashed line, glue, then cut out the {what}."
    elif mode is Duplex.NONE and Back.OWN in backs:
        then = f"Cut out the {what}; glue each back printed after its front behind it."
    else:
        then = f"Cut out the {what} on the cut lines."
    return Printing(mode, card=True, then=then)


def card_sheets(
    filename: str,
    faces: Sequence[tuple[Drawable, Drawable | None]],
    imposition: Imposition | Paper,
    *,
    title: str,
    subject: str,
    label: str | None = None,
    printing: Printing | None = None,
) -> DocumentPlan:
    """A card-sheet document: ``faces`` imposed with their backs (:func:`impose_cards`), printed
    as :func:`sheet_printing` says unless ``printing`` says otherwise."""
    imposition = as_imposition(imposition)
    return DocumentPlan(
        filename,
        title,
        subject,
        lambda doc: impose_cards(doc, faces, imposition, label=label or title),
        printing or sheet_printing(imposition, faces, "cards"),
        draw_here=laid_later(faces),
    )


def shared_card_sheets(
    filename: str,
    decks: Sequence[tuple[str, Sequence[tuple[Drawable, Drawable | None]]]],
    imposition: Imposition | Paper,
    *,
    title: str,
    subject: str,
    label: str,
) -> DocumentPlan:
    """One card-sheet document for ``decks`` (``(label, faces)``, each deck of one size, the
    sizes any mix) printed on shared sheets
    (:func:`~pnpkit.layout.imposition.shared_sheets_of`)."""
    imposition = as_imposition(imposition)
    faces = [pair for _, pairs in decks for pair in pairs]
    runs: list[Run] = []
    for name, pairs in decks:
        if pairs:
            front = pairs[0][0]
            backs = tuple(backs_of(pairs))
            runs.append(
                Run(front.width, front.height, backs, name, sum(len(r.backs) for r in runs))
            )

    def draw(doc: Document) -> list[Placement]:
        return paint(doc, shared_sheets_of(imposition, runs, label), faces)

    return DocumentPlan(filename, title, subject, draw, draw_here=laid_later(faces))


def counter_sheets(
    filename: str,
    faces: Sequence[tuple[Drawable, Drawable]],
    imposition: Imposition | Paper,
    *,
    title: str,
    subject: str,
    label: str | None = None,
    round_pieces: Sequence[bool] = (),
) -> DocumentPlan:
    """A counter-sheet document: fronts and backs (:func:`impose_counters`)."""
    imposition = as_imposition(imposition)
    return DocumentPlan(
        filename,
        title,
        subject,
        lambda doc: impose_counters(
            doc, faces, imposition, label=label or title, round_pieces=round_pieces
        ),
        sheet_printing(imposition, faces, "pieces"),
    )
