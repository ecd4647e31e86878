"""Proof sheets: card faces at 100 % with the lines a print shop cuts and checks by.

Every face is drawn at its trim size with its bleed around it (its own edges carried outwards,
:mod:`pnpkit.layout.bleed`), and three lines over it, one meaning each, told apart by their
pattern as much as by their colour (a proof printed in gray reads the same):

- trim — solid black: where the card is cut;
- bleed edge — dashed red: how far the art runs past the trim (the bleed, 1/8 in = 3 mm unless
  the print settings ask for another);
- safe zone — dotted blue: :data:`SAFE_ZONE` inside the trim; words and anything that must not
  be cut stay inside it.

Each line is drawn over a thin white halo, so it shows on dark art as on light.
:func:`proof_pages` lays out as many faces a page as fit at 100 %, each named under its box,
with the legend and the calibration ruler on every page; :func:`draw_proof_face` draws one face
on a page of its own size (the card plus its bleed), as the proof PNGs show it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnpkit.errors import BuildError
from pnpkit.layout.bleed import draw_bled
from pnpkit.layout.geometry import Rect
from pnpkit.layout.marks import CALIBRATION_HEIGHT, calibration
from pnpkit.layout.paper import INK_INSET, MARGIN, Paper
from pnpkit.render import fonts
from pnpkit.render.drawable import Drawable
from pnpkit.units import INCH, MM

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from pnpkit.layout.document import Document
else:
    Canvas = Any
    Document = Any

RGB = tuple[float, float, float]

SAFE_ZONE = 0.125 * INCH
"""How far inside the trim the safe zone starts: 1/8 in (3.175 mm). The value print-on-demand
card printers ask for (MakePlayingCards, The Game Crafter and DriveThruCards all publish a
1/8 in / 3 mm safe area inside the cut line): a cut may wander that far, so nothing that must
be read or kept whole sits closer to the edge."""


@dataclass(frozen=True, slots=True)
class ProofLine:
    """One of the proof's lines: what it means, its colour, width and dash pattern."""

    label: str
    color: RGB
    width: float
    dash: tuple[float, ...]
    """On and off lengths in points (empty: solid)."""
    cap: int = 0
    """ReportLab's line cap: 0 butt, 1 round (a dotted line is round dots)."""


TRIM = ProofLine("trim (cut here)", (0.0, 0.0, 0.0), 0.6, ())
BLEED = ProofLine("bleed edge (art runs to here)", (0.85, 0.1, 0.1), 0.6, (4.0, 2.5))
SAFE = ProofLine("safe zone (keep words inside)", (0.0, 0.35, 0.8), 0.8, (0.1, 2.2), cap=1)
LINES = (TRIM, BLEED, SAFE)
"""The proof's lines, in the legend's order."""
HALO = 1.2
"""How much wider than its line the white halo under it is (points)."""

CAPTION_SIZE = 7.0
"""The size of the name under each face and of the legend (verify: at least 6 pt)."""
TITLE_SIZE = 9.0
CAPTION_HEIGHT = 11.0
"""The band under each face that holds its caption."""
GAP = 9.0
"""Between two faces' bleed edges, across and down."""
PAD = 2.0
"""Kept clear round each face's bleed, so its lines' halos stay off the safe margin."""
_LEGEND_SAMPLE = 22.0
_LEGEND_GAP = 12.0
_LEGEND_RISE = 6.0
"""The legend's baseline above the calibration ruler."""
HEADER = TITLE_SIZE + 6.0
"""The band at the top of a page that holds its title."""
FOOTER = CALIBRATION_HEIGHT + _LEGEND_RISE + CAPTION_SIZE + 2.0
"""The band at the bottom that holds the legend over the calibration ruler."""


@dataclass(frozen=True, slots=True)
class ProofFace:
    """A face to prove and the words under it (its card's name and key, which side)."""

    face: Drawable
    caption: str


@dataclass(frozen=True, slots=True)
class ProofGrid:
    """Where a proof page puts its faces: the paper (turned or not) and the trim box of each
    slot, top left first, across then down, clear of the title and the footer."""

    paper: Paper
    slots: tuple[Rect, ...]


def grid(paper: Paper, width: float, height: float, bleed: float) -> ProofGrid:
    """The slots for faces of ``width`` × ``height`` (trim, points) with ``bleed`` on
    ``paper``: as many as fit at 100 % inside the safe margin, the grid centred across."""
    edge = MARGIN + INK_INSET + PAD
    cell_w = width + 2 * bleed
    cell_h = height + 2 * bleed + CAPTION_HEIGHT
    across = paper.width - 2 * edge
    down = paper.height - 2 * edge - HEADER - FOOTER
    columns = int((across + GAP) // (cell_w + GAP + 2 * PAD))
    rows = int((down + GAP) // (cell_h + GAP + 2 * PAD))
    if columns < 1 or rows < 1:
        return ProofGrid(paper, ())
    pitch_x, pitch_y = cell_w + GAP + 2 * PAD, cell_h + GAP + 2 * PAD
    used = columns * pitch_x - GAP - 2 * PAD
    left = (paper.width - used) / 2 + bleed
    top = paper.height - edge - HEADER - bleed
    slots = tuple(
        Rect.of(left + column * pitch_x, top - row * pitch_y - height, width, height)
        for row in range(rows)
        for column in range(columns)
    )
    return ProofGrid(paper, slots)


def best_grid(paper: Paper, width: float, height: float, bleed: float) -> ProofGrid:
    """The orientation of ``paper`` that holds the most faces (portrait when equal); a
    :class:`~pnpkit.errors.BuildError` when a face with its bleed fits neither."""
    portrait = grid(paper.portrait(), width, height, bleed)
    landscape = grid(paper.landscape(), width, height, bleed)
    chosen = landscape if len(landscape.slots) > len(portrait.slots) else portrait
    if not chosen.slots:
        raise BuildError(
            f"a card of {width / INCH:g} × {height / INCH:g} in with a {bleed / MM:.1f} mm "
            f"bleed does not fit on {paper.name} paper at 100 % with its caption"
        )
    return chosen


def stroke(canvas: Canvas, box: Rect, line: ProofLine) -> None:
    """``line`` round ``box``, over its white halo."""
    canvas.saveState()
    canvas.setLineJoin(0)
    for color, width, dash in (
        ((1.0, 1.0, 1.0), line.width + HALO, ()),
        (line.color, line.width, line.dash),
    ):
        canvas.setStrokeColorRGB(*color)
        canvas.setLineWidth(width)
        canvas.setLineCap(line.cap if dash else 0)
        canvas.setDash(list(dash) if dash else [], 0)
        canvas.rect(box.x0, box.y0, box.width, box.height, stroke=1, fill=0)
    canvas.restoreState()


def proof_lines(canvas: Canvas, trim: Rect, bleed: float) -> None:
    """The bleed edge ``bleed`` outside ``trim``, the safe zone :data:`SAFE_ZONE` inside it,
    and the trim line itself, drawn last so it is never hidden."""
    if bleed > 0:
        stroke(canvas, trim.grown(bleed), BLEED)
    stroke(canvas, trim.grown(-SAFE_ZONE), SAFE)
    stroke(canvas, trim, TRIM)


def draw_proof_face(canvas: Canvas, form: str, trim: Rect, bleed: float) -> None:
    """The face stored as the form ``form`` at ``trim``, its edges carried ``bleed`` outwards,
    with the proof's lines over it."""
    draw_bled(canvas, form, trim, (bleed, bleed, bleed, bleed))
    proof_lines(canvas, trim, bleed)


def legend(canvas: Canvas, x: float, y: float) -> float:
    """The three lines, each with its meaning, in a row from (x, y) (its baseline); returns
    the row's width."""
    canvas.saveState()
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setFont(fonts.REGULAR, CAPTION_SIZE)
    at = x
    for line in LINES:
        stroke_y = y + CAPTION_SIZE * 0.35
        _sample(canvas, at, stroke_y, line)
        at += _LEGEND_SAMPLE + 4.0
        canvas.drawString(at, y, line.label)
        at += fonts.text_width(line.label, fonts.REGULAR, CAPTION_SIZE) + _LEGEND_GAP
    canvas.restoreState()
    return at - _LEGEND_GAP - x


def _sample(canvas: Canvas, x: float, y: float, line: ProofLine) -> None:
    canvas.saveState()
    canvas.setStrokeColorRGB(*line.color)
    canvas.setLineWidth(line.width)
    canvas.setLineCap(line.cap if line.dash else 0)
    canvas.setDash(list(line.dash) if line.dash else [], 0)
    canvas.line(x, y, x + _LEGEND_SAMPLE, y)
    canvas.restoreState()


def fitted(text: str, width: float, font: str = fonts.REGULAR, size: float = CAPTION_SIZE) -> str:
    """``text`` cut short with an ellipsis to fit ``width`` in ``font`` at ``size``."""
    if fonts.text_width(text, font, size) <= width:
        return text
    while text and fonts.text_width(text + "…", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def proof_pages(
    doc: Document, title: str, faces: Sequence[ProofFace], paper: Paper, bleed: float
) -> list[Rect]:
    """Draw ``faces`` (all of one size) on as few pages of ``paper`` as hold them at 100 %,
    each with ``bleed`` and the proof's lines, its caption under it; every page carries
    ``title``, the legend and the calibration ruler. Returns each face's trim box, in order."""
    if not faces:
        return []
    width, height = faces[0].face.width, faces[0].face.height
    chosen = best_grid(paper, width, height, bleed)
    per_page = len(chosen.slots)
    placed: list[Rect] = []
    pages = (len(faces) + per_page - 1) // per_page
    for start in range(0, len(faces), per_page):
        doc.start_page(chosen.paper)
        _page_furniture(doc, title, start // per_page + 1, pages)
        for item, trim in zip(faces[start : start + per_page], chosen.slots, strict=False):
            if (item.face.width, item.face.height) != (width, height):
                raise BuildError(f"{title}: {item.caption} is not the size of the deck's cards")
            draw_proof_face(doc.canvas, doc.form(item.face), trim, bleed)
            _caption(doc.canvas, item.caption, trim, bleed)
            placed.append(trim)
    return placed


def _caption(canvas: Canvas, text: str, trim: Rect, bleed: float) -> None:
    canvas.saveState()
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setFont(fonts.REGULAR, CAPTION_SIZE)
    words = fitted(text, trim.width + 2 * bleed)
    canvas.drawString(trim.x0 - bleed, trim.y0 - bleed - CAPTION_SIZE - 2.5, words)
    canvas.restoreState()


def _page_furniture(doc: Document, title: str, page: int, pages: int) -> None:
    """The title at the top; the legend and the calibration ruler at the bottom."""
    canvas = doc.canvas
    paper = doc.paper
    edge = MARGIN + INK_INSET + PAD
    heading = f"{title} · every face at 100 % · page {page} of {pages}"
    canvas.saveState()
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setFont(fonts.SEMIBOLD, TITLE_SIZE)
    canvas.drawString(
        edge,
        paper.height - edge - TITLE_SIZE,
        fitted(heading, paper.width - 2 * edge, fonts.SEMIBOLD, TITLE_SIZE),
    )
    canvas.restoreState()
    legend(canvas, edge, edge + CALIBRATION_HEIGHT + _LEGEND_RISE)
    calibration(canvas, edge, edge, doc)
