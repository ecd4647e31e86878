"""Print-shop export: every card with a 0.125 in bleed, as PNG at 300 dpi and as a PDF; every
board as one PNG with the same bleed.

``output/<game>/print-shop/``:

- ``<deck>.pdf`` — ONE CARD PER PAGE, in deck order, each card's front page followed by its back
  page (the deck as a shop prints it, copies included; a single-sided token has no back page).
  Every page is the card plus its bleed (a poker card: 2.75 × 3.75 in); its TrimBox is the card
  (inset by the bleed) and its BleedBox the whole page. No crop marks, no ruler: the shop trims to the TrimBox. The margin
  check is off for these pages (``Document.set_margin(0)``) — the documented exception.
- ``<deck>/<NN>-<key>-front.png`` — each card design once, named as its proof is
  (:func:`~pnpkit.app.export_decks.picture_name`: ``NN`` its place among the deck's designs,
  copies counted once); ``<deck>/back.png`` for the back every design prints (a deck's common
  back, a token set's one back: written once), ``<NN>-<key>-back.png`` for a back of its own,
  none for a single-sided token: 300 dpi, bleed included, so a poker card is exactly
  825 × 1125 px.
- ``<deck>.csv`` — for the shop's order form, a row a picture: ``file``, ``card`` (the card's
  name; ``back`` for the shared back), ``copies`` to print, and on a front's row ``back``, the
  file of its back (``none`` for a single-sided token). When a design prints "†"
  (:data:`~pnpkit.model.ours.MARK`, a value the source rules do not give), the list says what
  it means: a fifth column, ``note``, holds :data:`~pnpkit.model.ours.NOTE` on the row of each
  picture that prints it (the PDF and the images are the cards alone, for the shop to print, so
  they cannot carry it). A deck with no mark keeps its four columns.

Each board (:attr:`pnpkit.games.game.Game.boards`) is ONE picture, not tiled:

- ``<board>.png`` — the whole board at its printed size plus the 0.125 in bleed on every side,
  at 300 dpi (a 12.5 × 10 in board is 3825 × 3075 px), with its resolution in the file;
- ``<board>.csv`` — its size: ``width_in``, ``height_in`` (the trim), ``bleed_in``, and the
  picture's ``width_px``, ``height_px`` and ``dpi``, for the shop's order form.

The bleed is the card's own edge carried outwards, drawn as every bled card is
(:mod:`pnpkit.layout.bleed`): the outermost half point of each side is mirrored and stretched over
the 0.125 in beyond it (the corners take the corner's colour), so a background that runs to the
trim runs on into the bleed without any change to the templates; a miscut shows the card's own
edge colour, never white, and no line of the design is repeated.
"""

from __future__ import annotations

import contextlib
import io
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from pnpkit.app.export_decks import SHARED_BACK, Design, RenderedDeck, carries_mark, designs
from pnpkit.app.raster import pixels, png_bytes, render_pages
from pnpkit.build.atomic import atomic_write
from pnpkit.errors import BuildError
from pnpkit.games.game import GameBoard
from pnpkit.layout.bleed import draw_bled as bled
from pnpkit.layout.document import Document
from pnpkit.layout.duplex import DEFAULT_BLEED
from pnpkit.layout.geometry import Rect
from pnpkit.layout.paper import Paper
from pnpkit.model.ours import NOTE
from pnpkit.render.drawable import Drawable
from pnpkit.render.faces.face import PrintedFace
from pnpkit.units import INCH
from pnpkit.verify.check import require_verified
from pnpkit.workers import fork_context, forked_pool

BLEED = DEFAULT_BLEED
"""The print shops' bleed: 1/8 in (:data:`pnpkit.layout.duplex.DEFAULT_BLEED`)."""
DPI = 300
FOLDER = "print-shop"


@dataclass(frozen=True, slots=True)
class Picture:
    """One face to export as an image: its file name (no folder), the card it is of (``back``
    for the shared back), the face and how many copies print."""

    name: str
    card: str
    face: PrintedFace
    copies: int


def bled_paper(face: Drawable, bleed: float = BLEED) -> Paper:
    return Paper("card with bleed", face.width + 2 * bleed, face.height + 2 * bleed)


def draw_bled(doc: Document, face: Drawable, bleed: float = BLEED) -> None:
    """A page of the card's (or board's) size plus ``bleed`` on every side: the face in the
    middle, its edges
    carried into the bleed (:func:`pnpkit.layout.bleed.draw_bled`); TrimBox the card, BleedBox
    the page."""
    paper = bled_paper(face, bleed)
    doc.allow_size(paper.width, paper.height)
    doc.start_page(paper)
    trim = Rect.of(bleed, bleed, face.width, face.height)
    bled(doc.canvas, doc.form(face), trim, (bleed, bleed, bleed, bleed))
    doc.canvas.setTrimBox([trim.x0, trim.y0, trim.x1, trim.y1])
    doc.canvas.setBleedBox([0, 0, paper.width, paper.height])


def bleed_document(title: str, subject: str) -> tuple[io.BytesIO, Document]:
    """A PDF in memory whose pages print to their edges (the margin check off)."""
    buffer = io.BytesIO()
    doc = Document(buffer, title=title, subject=subject)
    doc.set_margin(0)  # a bleed file prints to its edges on purpose
    return buffer, doc


def pictures(chosen: list[Design]) -> list[Picture]:
    """Each distinct face of the designs once, in deck order: each front and each back of its
    own, then the shared back (:data:`~pnpkit.app.export_decks.SHARED_BACK`), if any design
    prints it; a single-sided design has no back."""
    out: list[Picture] = []
    shared: list[Design] = []
    for design in chosen:
        card = design.printed.card.name
        out.append(Picture(design.picture("front"), card, design.printed.front, design.copies))
        if design.back == "own":
            name = design.picture("back")
            out.append(Picture(name, f"{card} (back)", design.printed.back, design.copies))
        elif design.back == "shared":
            shared.append(design)
    if shared:
        face = shared[0].printed.back
        out.append(Picture(SHARED_BACK, "back", face, sum(d.copies for d in shared)))
    return out


def export_printshop(
    deck: RenderedDeck, folder: Path, *, subject: str = "", jobs: int = 1
) -> list[Path]:
    """Write ``<deck>.pdf``, ``<deck>.csv`` and ``<deck>/*.png`` into ``folder`` (a staging
    folder: :mod:`pnpkit.app.export`); returns them. The pictures are drawn a few at a time,
    each written and let go before the next (in ``jobs`` processes at once)."""
    key = deck.deck.key
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    chosen = designs(deck)
    shown = pictures(chosen)
    images = folder / key
    images.mkdir(exist_ok=True)
    targets = [images / picture.name for picture in shown]
    pdf = folder / f"{key}.pdf"
    with pictures_written([picture.face for picture in shown], targets, jobs):
        buffer, doc = bleed_document(f"{deck.deck.title}: print-shop file", subject)
        for printed in deck.cards:
            draw_bled(doc, printed.front)
            if not printed.single_sided:
                draw_bled(doc, printed.back)
        doc.save()
        with atomic_write(pdf) as out:
            out.write(buffer.getvalue())
        del buffer, doc
        require_verified(pdf)
    written += [pdf, *targets]

    sheet = folder / f"{key}.csv"
    with atomic_write(sheet) as out:
        out.write(listing(key, chosen, shown).encode("utf-8"))
    written.append(sheet)
    return written


BATCH = 8
"""Pictures drawn from one PDF at a time: few enough that only they are held, enough that the
PDF's fonts and forms are made once for several."""


DrawPage = Callable[[Document, PrintedFace], None]
"""Draws one face on a page of its own (its size plus the bleed): :func:`draw_bled`, or the
proof's (:mod:`pnpkit.app.proof`)."""


@contextlib.contextmanager
def pictures_written(
    faces: list[PrintedFace], targets: list[Path], jobs: int = 1, draw: DrawPage = draw_bled
) -> Iterator[None]:
    """Each face, with its bleed, drawn on a page by ``draw`` and written as a PNG at
    :data:`DPI` dpi at its target by the end of the block; drawn :data:`BATCH` at a time,
    before the block, or, with ``jobs`` above 1 where the system can fork, in that many
    processes while the block runs."""
    batches = [(start, min(start + BATCH, len(faces))) for start in range(0, len(faces), BATCH)]
    fork = fork_context() if jobs > 1 and len(batches) > 1 else None
    if fork is None:
        for start, stop in batches:
            _draw_batch(faces[start:stop], targets[start:stop], draw)
        yield
        return
    _SHARED[:] = [(faces, targets, draw)]
    try:
        with forked_pool(min(jobs, len(batches)), fork) as pool:
            done = [pool.submit(_draw_shared, batch) for batch in batches]
            try:
                yield
                for future in done:
                    future.result()
            except BaseException:
                pool.shutdown(cancel_futures=True)
                raise
    finally:
        _SHARED.clear()


_SHARED: list[tuple[list[PrintedFace], list[Path], DrawPage]] = []
"""The faces, targets and page drawer a forked worker draws from (set in the parent just before
it forks)."""


def _draw_shared(span: tuple[int, int]) -> None:
    faces, targets, draw = _SHARED[0]
    _draw_batch(faces[span[0] : span[1]], targets[span[0] : span[1]], draw)


def _draw_batch(faces: list[PrintedFace], targets: list[Path], draw: DrawPage) -> None:
    buffer, doc = bleed_document("designs", "")
    for face in faces:
        draw(doc, face)
    doc.save()
    for target, picture in zip(targets, render_pages(buffer.getvalue(), DPI), strict=True):
        with atomic_write(target) as out:
            out.write(png_bytes(picture, DPI))
        picture.close()


def export_board(board: GameBoard, folder: Path, *, subject: str = "") -> list[Path]:
    """Write ``<board>.png`` (the board whole, with the bleed, at :data:`DPI` dpi) and
    ``<board>.csv`` (its size in inches and pixels) into ``folder``; returns them."""
    folder.mkdir(parents=True, exist_ok=True)
    drawing = board.drawing
    buffer, doc = bleed_document(f"{board.title}: print-shop file", subject)
    paper = bled_paper(drawing)
    doc.allow_size(paper.width, paper.height)
    doc.start_page(paper)
    trim = Rect.of(BLEED, BLEED, drawing.width, drawing.height)
    bled(doc.canvas, doc.form(drawing), trim)  # the bleed is carried in pixels, below
    doc.save()
    (image,) = render_pages(buffer.getvalue(), DPI)
    del buffer, doc
    size = image.size
    expected = (pixels(paper.width, DPI), pixels(paper.height, DPI))
    if size != expected:  # the shop prints it by its pixels: never a size but the promised one
        raise BuildError(
            f"{board.key}: {size[0]} × {size[1]} px, not {expected[0]} × {expected[1]}"
        )
    carry_edges(image, trim.x0, trim.x1, paper.height - trim.y1, paper.height - trim.y0)
    picture = folder / f"{board.key}.png"
    with atomic_write(picture) as out:
        out.write(png_bytes(image, DPI))
    image.close()
    sheet = folder / f"{board.key}.csv"
    row = [
        picture.name,
        _csv(board.title),
        *(f"{length / INCH:.3f}" for length in (drawing.width, drawing.height, BLEED)),
        str(size[0]),
        str(size[1]),
        str(DPI),
    ]
    header = ["file", "board", "width_in", "height_in", "bleed_in", "width_px", "height_px", "dpi"]
    with atomic_write(sheet) as out:
        out.write("".join(",".join(line) + "\n" for line in [header, row]).encode("utf-8"))
    return [picture, sheet]


def carry_edges(picture: Image.Image, left: float, right: float, top: float, bottom: float) -> None:
    """Carry the edges of the box ``left``…``right``, ``top``…``bottom`` (points from the
    picture's top left, at :data:`DPI`) out to the picture's edges, in place: the outermost
    whole row or column of pixels inside the box repeated over the bleed beyond it (the
    corners take the corner's colour). A board's bleed, drawn as a card's is (its edge carried
    outwards), in pixels: a board's edge stretched in the PDF, as a card's is, is a path so
    long that PDFium drops part of it."""
    width, height = picture.size
    x0, y0 = math.ceil(left * DPI / 72), math.ceil(top * DPI / 72)
    x1, y1 = math.floor(right * DPI / 72) - 1, math.floor(bottom * DPI / 72) - 1
    for source, start, stop in ((x0, 0, x0), (x1, x1 + 1, width)):
        if stop > start:
            band = picture.crop((source, y0, source + 1, y1 + 1)).resize(
                (stop - start, y1 - y0 + 1)
            )
            picture.paste(band, (start, y0))
    for source, start, stop in ((y0, 0, y0), (y1, y1 + 1, height)):
        if stop > start:
            band = picture.crop((0, source, width, source + 1)).resize((width, stop - start))
            picture.paste(band, (0, start))


def listing(key: str, chosen: list[Design], shown: list[Picture]) -> str:
    """The deck's list of pictures (``<deck>.csv``): the file, the card and the copies of each,
    and for a front its back's file (:data:`NO_BACK` for a single-sided one); when any picture
    prints the mark, a ``note`` column with :data:`NOTE` on the rows of those that do."""
    backs = {
        d.picture("front"): f"{key}/{d.picture('back')}" if d.back != "none" else NO_BACK
        for d in chosen
    }
    rows = [[f"{key}/{p.name}", _csv(p.card), str(p.copies), backs.get(p.name, "")] for p in shown]
    header = ["file", "card", "copies", "back"]
    marked = [carries_mark(p.face) for p in shown]
    if any(marked):
        header.append("note")
        for row, mark in zip(rows, marked, strict=True):
            row.append(_csv(NOTE) if mark else "")
    return "".join(",".join(row) + "\n" for row in [header, *rows])


NO_BACK = "none"
"""A single-sided front's ``back`` in the list: it has none."""


def _csv(text: str) -> str:
    return '"' + text.replace('"', '""') + '"' if any(c in text for c in ',"\n') else text
