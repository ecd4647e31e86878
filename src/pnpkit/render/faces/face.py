"""A laid-out face (:class:`SvgFace`): its SVG, written and held to
:mod:`pnpkit.render.svg.rules` with no drawing library loaded, and the images drawn over it
(:class:`PlacedImage`). It becomes a ReportLab drawing only when it is drawn
(:meth:`SvgFace.draw`, in the process that draws its page), by svglib, whose font map knows only
the built-in families from their pip packages: nothing falls back to Helvetica or to a system
font.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from pnpkit.errors import DataError, Location, Problem
from pnpkit.render import fonts
from pnpkit.render.raster_art import printable
from pnpkit.render.svg.rules import SVG_FACES, UnknownFont, svg_words

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing
    from reportlab.pdfgen.canvas import Canvas
else:
    Canvas = Any

NOWHERE = Location("<data>")
"""Where a face made by code, not from data, reports its problems."""


@dataclass(frozen=True, slots=True)
class PlacedImage:
    """An image file drawn in a box of a face (PDF coordinates, y up), keeping its proportions
    and centred in the box. ``digest`` is the file's SHA-256, for rebuilds."""

    path: str
    x: float
    y: float
    width: float
    height: float
    digest: str

    def draw(self, canvas: Canvas) -> None:
        draw_picture(canvas, self.path, self.digest, self.x, self.y, self.width, self.height)


def draw_picture(
    canvas: Canvas,
    path: str,
    digest: str,
    x: float,
    y: float,
    width: float,
    height: float,
    fit: str = "fit",
) -> None:
    """The image file ``path`` (SHA-256 ``digest``) in the box (x, y, width, height; PDF
    coordinates, y up): ``fit`` whole inside it with its proportions, centred; ``fill``
    stretched to the box; ``crop`` covering the box, centred, what overflows cut."""
    fonts.register()
    if path.lower().endswith(".svg"):
        drawing = _asset_drawing(path, digest)
        if drawing is None or drawing.width <= 0 or drawing.height <= 0:
            return
        form = asset_form(canvas, drawing, digest)
        _place(canvas, drawing.width, drawing.height, x, y, width, height, fit)
        canvas.doForm(form)
        canvas.restoreState()
        return
    # ReportLab names an image by its file name (or, converted, by its pixels): a document
    # embeds it once, however many faces draw it.
    image = printable(path, digest)
    if fit == "fit":
        canvas.drawImage(
            image, x, y, width, height, mask="auto", preserveAspectRatio=True, anchor="c"
        )
        return
    if fit == "fill":
        canvas.drawImage(image, x, y, width, height, mask="auto")
        return
    from reportlab.lib.utils import ImageReader

    reader = image if isinstance(image, ImageReader) else ImageReader(image)
    wide, high = reader.getSize()
    _place(canvas, wide, high, x, y, width, height, fit)
    canvas.drawImage(image, 0, 0, wide, high, mask="auto")
    canvas.restoreState()


def _place(
    canvas: Canvas, wide: float, high: float, x: float, y: float, w: float, h: float, fit: str
) -> None:
    """Save the state and set the canvas so that a ``wide`` × ``high`` picture drawn at the
    origin lands in the box as ``fit`` says (a crop clipped to the box); the caller restores."""
    canvas.saveState()
    if fit == "crop":
        clip = canvas.beginPath()
        clip.rect(x, y, w, h)
        canvas.clipPath(clip, stroke=0, fill=0)
    if fit == "fill":
        sx, sy = w / wide, h / high
    else:
        pick = max if fit == "crop" else min
        sx = sy = pick(w / wide, h / high)
    canvas.translate(x + (w - wide * sx) / 2, y + (h - high * sy) / 2)
    canvas.scale(sx, sy)


ASSET_FORM = "pnpkitAsset-"
"""How the form XObject of an SVG asset is named: this prefix and the file's digest."""


def asset_form(canvas: Canvas, drawing: Drawing, digest: str) -> str:
    """The name of the form XObject holding the SVG asset ``drawing`` (whose file's SHA-256 is
    ``digest``) in ``canvas``'s document, drawn there the first time only: every face that
    shows the image places the same form, as a PNG or JPEG is one image XObject.
    The form's box is the drawing's (nothing outside it shows)."""
    from reportlab.graphics import renderPDF

    name = ASSET_FORM + digest[:32]
    if not canvas.hasForm(name):
        canvas.beginForm(name, 0, 0, drawing.width, drawing.height)
        renderPDF.draw(drawing, canvas, 0, 0)
        canvas.endForm()
    return name


@functools.lru_cache(maxsize=256)
def _asset_drawing(path: str, digest: str) -> Drawing | None:
    """An SVG image of a game's assets as a drawing (``digest`` keys the file's content)."""
    from pnpkit.render.svg.drawings import converted_file

    drawing = converted_file(path)
    if drawing is not None:
        drawing.initialFontName = fonts.REGULAR
    return drawing


@dataclass(frozen=True, slots=True)
class SvgFace:
    """A laid-out face: a Drawable of ``width`` × ``height`` points, its SVG source (whose
    relative references start at the folder ``root``), the images drawn over it, and the name
    and place its problems are reported at. It is made into a drawing when drawn."""

    width: float
    height: float
    svg: str
    root: str = ""
    images: tuple[PlacedImage, ...] = ()
    name: str = ""
    where: Location = NOWHERE

    def draw(self, canvas: Canvas) -> None:
        from reportlab.graphics import renderPDF

        fonts.register()
        renderPDF.draw(self.drawing(), canvas, 0, 0)
        for image in self.images:
            image.draw(canvas)

    def words(self) -> str:
        """Every word the face's SVG sets as text (:func:`~pnpkit.render.svg.rules.svg_words`;
        art drawn over it, :attr:`images`, is not read)."""
        return svg_words(self.svg)

    def drawing(self) -> Drawing:
        """The face as a ReportLab drawing (made once a process, and kept between runs)."""
        return _face_drawing(self.svg, self.root, self.width, self.height, self.name, self.where)

    def __fingerprint__(self) -> str:
        """What the face is drawn from (its SVG carries every field), for rebuilds."""
        art = "".join(
            f"|{i.digest}@{i.x:.2f},{i.y:.2f},{i.width:.2f},{i.height:.2f}" for i in self.images
        )
        return f"{self.width:.4f}x{self.height:.4f}:{self.svg}{art}"


class PrintedFace(Protocol):
    """A face as the sheets print it, however it was laid out (an :class:`SvgFace` from a
    template, a :class:`~pnpkit.render.face_layout.face.LayoutFace` from a layout): a
    Drawable with the words it sets, the name and place its problems are said at, and what
    it is drawn from (for rebuilds)."""

    @property
    def width(self) -> float: ...

    @property
    def height(self) -> float: ...

    @property
    def name(self) -> str: ...

    @property
    def where(self) -> Location: ...

    def draw(self, canvas: Canvas) -> None: ...

    def words(self) -> str: ...

    def __fingerprint__(self) -> str: ...


FacePairs = list[tuple[PrintedFace, PrintedFace]]
"""Faces as the sheets print them: ``(front, back)`` for every printed card or counter."""


@functools.lru_cache(maxsize=4096)
def _face_drawing(
    svg: str, root: str, width: float, height: float, name: str, where: Location
) -> Drawing:
    """The drawing of a face's SVG (kept between runs by
    :func:`~pnpkit.render.svg.drawings.converted`), checked once more as drawn: readable, every
    string in an embedded face, the face's size. :func:`~pnpkit.render.svg.rules.svg_problems`
    has already held the SVG to the same when it was laid out, so these are a guard against
    svglib reading it otherwise, said in the same words."""
    from reportlab.graphics.shapes import Drawing, Group, String

    from pnpkit.render.svg.drawings import converted

    def refuse(message: str) -> DataError:
        return DataError([Problem(where, name, message)])

    try:
        drawing = converted(svg, root)
    except UnknownFont as exc:
        raise refuse(f"the template uses {exc}") from None
    if drawing is None:
        raise refuse("the template is not readable SVG")
    # ReportLab's renderer starts every drawing in Helvetica (never embedded); start ours
    # in the embedded face so no page names a base-14 font.
    drawing.initialFontName = fonts.REGULAR

    def strings(node: object) -> Iterator[String]:
        if isinstance(node, String):
            yield node
        elif isinstance(node, Group | Drawing):
            for child in node.contents:
                yield from strings(child)

    used: set[str] = set()
    for string in strings(drawing):
        if string.fontName not in SVG_FACES:
            raise refuse(f"text {string.text!r} has no font of a built-in family")
        used.add(string.fontName)
    for face in sorted(used):
        fonts.register_face(face)  # a drawing kept between runs met no font map
    if abs(drawing.width - width) > 0.01 or abs(drawing.height - height) > 0.01:
        raise refuse(
            f"the template draws {drawing.width:.2f} × {drawing.height:.2f} pt, "
            f"the face is {width:.2f} × {height:.2f} pt"
        )
    return drawing
