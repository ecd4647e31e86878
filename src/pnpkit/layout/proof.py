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

The lines follow the face's :class:`Outline`, its shape as it is cut out:

- ``rect`` (cards, square tokens): the three lines are rectangles;
- ``round``: three circles, the trim the face's width across; the art is clipped to the bleed
  circle (what lies outside it is cut away and never printed);
- ``hex`` (flat-topped, as wide as the face across its corners, as tall across its flats):
  three hexes, the bleed and safe ones the bleed and the safe zone outside and inside every
  side; the art clipped to the bleed hex;
- ``tent``: the face is one panel of a tent, folded at its top edge: the trim and the bleed
  edge run down the sides and along the bottom only, the top edge is drawn as a fold line
  (dash-dot grey, in the legend), the art carried into the bleed on the three cut sides, and
  the safe zone a rectangle inside all four edges (words stay off the fold as off a cut);
- ``standee``: the face is the figure, its base tab (:attr:`Outline.base` deep, filled grey)
  below it: the trim and the bleed edge run round the figure and its base together, a fold
  line crosses between them, the art is carried into the bleed on the figure's other three
  sides, and the safe zone is a rectangle inside the figure.

:func:`proof_pages` lays out as many faces a page as fit at 100 %, each named under its box,
with the legend and the calibration ruler on every page; :func:`draw_proof_face` draws one face
on a page of its own size (the card plus its bleed), as the proof PNGs show it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from pnpkit.errors import BuildError
from pnpkit.layout.bleed import draw_bled
from pnpkit.layout.geometry import Rect, flat_hex
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
FOLD = ProofLine("fold", (0.35, 0.35, 0.35), 0.6, (5.0, 1.5, 1.0, 1.5))
LINES = (TRIM, BLEED, SAFE)
"""The proof's lines, in the legend's order (and :data:`FOLD` after them where a face
folds)."""
TAB_FILL = (0.9, 0.9, 0.9)
"""The grey of a standee's base tab (as its token sheet prints it)."""

Shape = Literal["rect", "round", "hex", "tent", "standee"]


@dataclass(frozen=True, slots=True)
class Circle:
    """A circle to stroke or clip by."""

    cx: float
    cy: float
    r: float


@dataclass(frozen=True, slots=True)
class Polyline:
    """Straight sides through ``points``, closed back to the first or not."""

    points: tuple[tuple[float, float], ...]
    closed: bool = True


Figure = Circle | Polyline | Rect
"""What a proof's line follows, or what the art is clipped to."""


@dataclass(frozen=True, slots=True)
class Outline:
    """How a face is cut out (see the module): its ``shape`` and, for a standee, the depth of
    the base tab below it (points)."""

    shape: Shape = "rect"
    base: float = 0.0

    def extent(self, width: float, height: float) -> tuple[float, float]:
        """The width and height a face of ``width`` × ``height`` takes with its base tab."""
        return width, height + (self.base if self.shape == "standee" else 0.0)

    def cut(self, trim: Rect, grow: float) -> Figure:
        """Where the face of ``trim`` is cut, moved ``grow`` outwards (the bleed edge; 0: the
        trim line itself); a tent's stops at its fold."""
        g = grow
        if self.shape == "round":
            return Circle((trim.x0 + trim.x1) / 2, (trim.y0 + trim.y1) / 2, trim.width / 2 + g)
        if self.shape == "hex":
            return _hex(trim, trim.height / 2 + g)
        if self.shape == "tent":
            return Polyline(
                (
                    (trim.x0 - g, trim.y1),
                    (trim.x0 - g, trim.y0 - g),
                    (trim.x1 + g, trim.y0 - g),
                    (trim.x1 + g, trim.y1),
                ),
                closed=False,
            )
        if self.shape == "standee":
            return Rect(trim.x0, trim.y0 - self.base, trim.x1, trim.y1).grown(g)
        return trim.grown(g)

    def safe(self, trim: Rect) -> Figure:
        """The safe zone: :data:`SAFE_ZONE` inside every cut and fold of the face."""
        if self.shape in ("round", "hex"):
            return self.cut(trim, -SAFE_ZONE)
        return trim.grown(-SAFE_ZONE)

    def fold(self, trim: Rect) -> Polyline | None:
        """The fold line across the face's edge that folds (a tent's top, a standee's foot)."""
        if self.shape == "tent":
            return Polyline(((trim.x0, trim.y1), (trim.x1, trim.y1)), closed=False)
        if self.shape == "standee":
            return Polyline(((trim.x0, trim.y0), (trim.x1, trim.y0)), closed=False)
        return None

    def bled(self, bleed: float) -> tuple[float, float, float, float]:
        """How far the art is carried past each side (left, bottom, right, top): not over a
        fold."""
        if self.shape == "tent":
            return (bleed, bleed, bleed, 0.0)
        if self.shape == "standee":
            return (bleed, 0.0, bleed, bleed)
        return (bleed, bleed, bleed, bleed)

    def clip(self, trim: Rect, bleed: float) -> Figure | None:
        """What the art is clipped to: the bleed edge of a round or hex face (what lies past
        it is cut away); None for the rest."""
        return self.cut(trim, bleed) if self.shape in ("round", "hex") else None


RECT = Outline()


def _hex(trim: Rect, half: float) -> Polyline:
    """The flat-topped hex centred in ``trim`` whose flats are ``half`` from its centre."""
    return Polyline(tuple(flat_hex((trim.x0 + trim.x1) / 2, (trim.y0 + trim.y1) / 2, half)))


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
    """The slots for faces of ``width`` × ``height`` (trim, points; a standee's with its base)
    with ``bleed`` on ``paper``: as many as fit at 100 % inside the safe margin, the grid
    centred across."""
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


def _trace(canvas: Canvas, figure: Figure) -> Any:
    """A path along ``figure``."""
    path = canvas.beginPath()
    if isinstance(figure, Rect):
        path.rect(figure.x0, figure.y0, figure.width, figure.height)
        return path
    if isinstance(figure, Circle):
        path.circle(figure.cx, figure.cy, figure.r)
        return path
    path.moveTo(*figure.points[0])
    for point in figure.points[1:]:
        path.lineTo(*point)
    if figure.closed:
        path.close()
    return path


def stroke(canvas: Canvas, figure: Figure, line: ProofLine) -> None:
    """``line`` along ``figure``, over its white halo."""
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
        canvas.drawPath(_trace(canvas, figure), stroke=1, fill=0)
    canvas.restoreState()


def proof_lines(canvas: Canvas, trim: Rect, bleed: float, outline: Outline = RECT) -> None:
    """The bleed edge ``bleed`` outside the cut of the face at ``trim``, the safe zone
    :data:`SAFE_ZONE` inside it, the fold where the face folds, and the trim line itself,
    drawn last so it is never hidden; each following ``outline``."""
    if bleed > 0:
        stroke(canvas, outline.cut(trim, bleed), BLEED)
    stroke(canvas, outline.safe(trim), SAFE)
    fold = outline.fold(trim)
    if fold is not None:
        stroke(canvas, fold, FOLD)
    stroke(canvas, outline.cut(trim, 0.0), TRIM)


def draw_proof_face(
    canvas: Canvas, form: str, trim: Rect, bleed: float, outline: Outline = RECT
) -> None:
    """The face stored as the form ``form`` at ``trim``, its edges carried ``bleed`` outwards
    (not over a fold; a round or hex face clipped to its bleed edge), a standee's base tab
    under it, with the proof's lines over it."""
    if outline.shape == "standee":
        canvas.saveState()
        canvas.setFillColorRGB(*TAB_FILL)
        canvas.rect(trim.x0, trim.y0 - outline.base, trim.width, outline.base, stroke=0, fill=1)
        canvas.restoreState()
    clip = outline.clip(trim, bleed)
    if clip is not None:
        canvas.saveState()
        canvas.clipPath(_trace(canvas, clip), stroke=0, fill=0)
    draw_bled(canvas, form, trim, outline.bled(bleed))
    if clip is not None:
        canvas.restoreState()
    proof_lines(canvas, trim, bleed, outline)


def legend(canvas: Canvas, x: float, y: float, lines: Sequence[ProofLine] = LINES) -> float:
    """The ``lines``, each with its meaning, in a row from (x, y) (its baseline); returns
    the row's width."""
    canvas.saveState()
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setFont(fonts.REGULAR, CAPTION_SIZE)
    at = x
    for line in lines:
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
    doc: Document,
    title: str,
    faces: Sequence[ProofFace],
    paper: Paper,
    bleed: float,
    outline: Outline = RECT,
) -> list[Rect]:
    """Draw ``faces`` (all of one size, cut out as ``outline`` says) on as few pages of
    ``paper`` as hold them at 100 %, each with ``bleed`` and the proof's lines, its caption
    under it; every page carries ``title``, the legend and the calibration ruler. Returns each
    face's trim box, in order."""
    if not faces:
        return []
    width, height = faces[0].face.width, faces[0].face.height
    chosen = best_grid(paper, *outline.extent(width, height), bleed)
    below = outline.extent(width, height)[1] - height  # a standee's base, under its face
    per_page = len(chosen.slots)
    placed: list[Rect] = []
    pages = (len(faces) + per_page - 1) // per_page
    for start in range(0, len(faces), per_page):
        doc.start_page(chosen.paper)
        folds = outline.fold(Rect.of(0, 0, width, height)) is not None
        _page_furniture(doc, title, start // per_page + 1, pages, folds=folds)
        for item, slot in zip(faces[start : start + per_page], chosen.slots, strict=False):
            if (item.face.width, item.face.height) != (width, height):
                raise BuildError(f"{title}: {item.caption} is not the size of the deck's cards")
            trim = Rect(slot.x0, slot.y0 + below, slot.x1, slot.y1)
            draw_proof_face(doc.canvas, doc.form(item.face), trim, bleed, outline)
            _caption(doc.canvas, item.caption, slot, bleed)
            placed.append(trim)
    return placed


def _caption(canvas: Canvas, text: str, trim: Rect, bleed: float) -> None:
    canvas.saveState()
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setFont(fonts.REGULAR, CAPTION_SIZE)
    words = fitted(text, trim.width + 2 * bleed)
    canvas.drawString(trim.x0 - bleed, trim.y0 - bleed - CAPTION_SIZE - 2.5, words)
    canvas.restoreState()


def _page_furniture(
    doc: Document, title: str, page: int, pages: int, *, folds: bool = False
) -> None:
    """The title at the top; the legend (with the fold line when the faces fold) and the
    calibration ruler at the bottom."""
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
    legend(
        canvas, edge, edge + CALIBRATION_HEIGHT + _LEGEND_RISE, (*LINES, FOLD) if folds else LINES
    )
    calibration(canvas, edge, edge, doc)
