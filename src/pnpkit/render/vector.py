"""A small display list: shapes and words in points, painted onto a ReportLab canvas or written as SVG.

Renderers compute their geometry once, as a list of :data:`Item`, in a box whose origin is the
top-left corner with y pointing down (the SVG convention). :func:`paint` draws the list onto a
canvas whose origin is the box's lower-left corner (the :class:`Drawable` convention), and
:func:`to_svg` writes the same list with svgwrite, so the PDF and the SVG never disagree.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from typing import Any, Literal

from pnpkit.render.colour import hex_rgb as rgb
from pnpkit.render.fonts import REGULAR, text_width

Point = tuple[float, float]
Anchor = Literal["start", "middle", "end"]
Weight = Literal["regular", "bold", "italic"]


class Plain:
    """What the display list's items and a laid-out face share: they cross between processes
    (a deck laid out by forked workers) pickled as their class and their fields' values, in
    the order the class declares them, which is a third of the time pickle's default way for a
    frozen dataclass with slots took (a thousand faces: 0.07 s to 0.03 s)."""

    __slots__ = ()

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return type(self), tuple(getattr(self, name) for name in _fields_of(type(self)))


def _fields_of(cls: type) -> tuple[str, ...]:
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = tuple(spec.name for spec in fields(cls))
    return found


_FIELDS: dict[type, tuple[str, ...]] = {}


@dataclass(frozen=True, slots=True)
class Shape(Plain):
    """A polyline or polygon. ``fill`` and ``stroke`` are ``#rrggbb`` or None."""

    points: tuple[Point, ...]
    closed: bool = True
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.5
    dash: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class Circle(Plain):
    """A circle of ``radius`` points about ``centre``. ``fill`` and ``stroke`` are ``#rrggbb``
    or None."""

    centre: Point
    radius: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.5


@dataclass(frozen=True, slots=True)
class Words(Plain):
    """One line of text; ``at`` is the anchor point on the baseline; ``angle`` turns it
    counter-clockwise (as the reader sees it) about that point, in degrees."""

    at: Point
    text: str
    size: float
    colour: str = "#000000"
    anchor: Anchor = "start"
    weight: Weight = "regular"
    angle: float = 0.0
    font: str = ""
    """A registered face (:mod:`pnpkit.render.fonts`) set in place of ``weight``'s."""


@dataclass(frozen=True, slots=True)
class Rect(Plain):
    """A rectangle whose top-left corner is ``at``, its corners rounded by ``radius``."""

    at: Point
    width: float
    height: float
    radius: float = 0.0
    fill: str | None = None
    stroke: str | None = None
    line: float = 0.5


@dataclass(frozen=True, slots=True)
class Ellipse(Plain):
    """The ellipse inscribed in the box whose top-left corner is ``at``."""

    at: Point
    width: float
    height: float
    fill: str | None = None
    stroke: str | None = None
    line: float = 0.5


@dataclass(frozen=True, slots=True)
class Picture(Plain):
    """An image file of a game's assets in the box whose top-left corner is ``at``: ``fit``
    whole inside it (proportions kept, centred), ``fill`` stretched to it, ``crop`` covering it
    (centred, what overflows cut). ``digest`` is the file's SHA-256."""

    path: str
    digest: str
    at: Point
    width: float
    height: float
    fit: Literal["fit", "fill", "crop"] = "fit"


@dataclass(frozen=True, slots=True)
class Group(Plain):
    """Items laid out in a frame ``inner`` (width, height; y down from its top-left), placed
    in the box whose top-left corner is ``at`` (``width`` × ``height``), turned ``turn``
    degrees (a quarter turn: the frame's sides swap) counter-clockwise about the box's centre,
    at ``opacity``."""

    items: tuple[Item, ...]
    at: Point
    width: float
    height: float
    turn: int = 0
    opacity: float = 1.0

    @property
    def inner(self) -> tuple[float, float]:
        if self.turn in (90, 270):
            return self.height, self.width
        return self.width, self.height


@dataclass(frozen=True, slots=True)
class Svg(Plain):
    """A piece of SVG geometry (the shared emblems and patterns of :mod:`pnpkit.render.emblems`)
    in a ``width`` × ``height`` box whose top-left corner is ``at``; ``markup`` uses the box's
    own coordinates (y down). ``angle`` turns it about the box's centre (0 or 180)."""

    at: Point
    width: float
    height: float
    markup: str
    angle: float = 0.0


Item = Shape | Circle | Words | Svg | Rect | Ellipse | Picture | Group


@dataclass(frozen=True, slots=True)
class FontNames:
    """The registered font names a canvas uses for each weight (the print helper registers them)."""

    regular: str
    bold: str
    italic: str

    def of(self, weight: Weight) -> str:
        return {"regular": self.regular, "bold": self.bold, "italic": self.italic}[weight]


def rect(x: float, y: float, w: float, h: float, **style: Any) -> Shape:
    return Shape(((x, y), (x + w, y), (x + w, y + h), (x, y + h)), **style)


def paint(canvas: Any, items: Iterable[Item], height: float, fonts: FontNames) -> None:
    """Draw ``items`` (y down from the top of a box ``height`` tall) onto a ReportLab canvas
    whose origin is the box's lower-left corner.

    Consecutive shapes of one style become one path, and the graphics state is set only when it
    changes, so a chart of a thousand cells stays a compact content stream.
    """
    pen = _Pen(canvas)
    canvas.saveState()
    batch: list[Shape] = []
    text: Any = None
    text_state = _TextState()
    for item in items:
        if isinstance(item, Shape):
            if text is not None:
                canvas.drawText(text)
                text = None
            if batch and _style_key(batch[0]) != _style_key(item):
                _paint_shapes(pen, batch, height)
                batch = []
            batch.append(item)
            continue
        if batch:
            _paint_shapes(pen, batch, height)
            batch = []
        if isinstance(item, Svg):
            if text is not None:
                canvas.drawText(text)
                text = None
            _paint_svg(canvas, item, height)
            pen.forget()
            continue
        if isinstance(item, Circle):
            if text is not None:
                canvas.drawText(text)
                text = None
            fill, stroke = pen.style(item.fill, item.stroke, item.width, ())
            canvas.circle(
                item.centre[0], height - item.centre[1], item.radius, stroke=stroke, fill=fill
            )
        elif isinstance(item, Rect | Ellipse | Picture | Group):
            if text is not None:
                canvas.drawText(text)
                text = None
            _paint_boxed(pen, item, height, fonts)
        elif item.angle:
            if text is not None:
                canvas.drawText(text)
                text = None
            _paint_words(pen, item, height, fonts)
        else:
            if text is None:
                text = canvas.beginText()
                text_state = _TextState()
            _add_words(text, text_state, pen, item, height, fonts)
    if batch:
        _paint_shapes(pen, batch, height)
    if text is not None:
        canvas.drawText(text)
    canvas.restoreState()


@dataclass(slots=True)
class _TextState:
    """The font and size an open text object is set to, so :func:`_add_words` sets them only when
    they change."""

    font: tuple[str, float] | None = None


def _paint_boxed(
    pen: _Pen, item: Rect | Ellipse | Picture | Group, height: float, fonts: FontNames
) -> None:
    """A rectangle, an ellipse, a picture or a group, in a box whose top-left corner is
    ``item.at`` (y down from the top of a box ``height`` tall)."""
    canvas = pen.canvas
    x, y = item.at[0], height - item.at[1] - item.height
    if isinstance(item, Rect):
        fill, stroke = pen.style(item.fill, item.stroke, item.line, ())
        if fill or stroke:
            if item.radius > 0:
                canvas.roundRect(
                    x, y, item.width, item.height, item.radius, stroke=stroke, fill=fill
                )
            else:
                canvas.rect(x, y, item.width, item.height, stroke=stroke, fill=fill)
    elif isinstance(item, Ellipse):
        fill, stroke = pen.style(item.fill, item.stroke, item.line, ())
        if fill or stroke:
            canvas.ellipse(x, y, x + item.width, y + item.height, stroke=stroke, fill=fill)
    elif isinstance(item, Picture):
        from pnpkit.render.faces.face import draw_picture  # images are drawn by the face module

        draw_picture(canvas, item.path, item.digest, x, y, item.width, item.height, item.fit)
        pen.forget()
    else:
        wide, high = item.inner
        canvas.saveState()
        canvas.translate(x + item.width / 2, y + item.height / 2)
        if item.turn:
            canvas.rotate(item.turn)
        canvas.translate(-wide / 2, -high / 2)
        if item.opacity < 1:
            canvas.setFillAlpha(item.opacity)
            canvas.setStrokeAlpha(item.opacity)
        pen.forget()
        paint(canvas, item.items, high, fonts)
        canvas.restoreState()
        pen.forget()


def _add_words(
    text: Any, state: _TextState, pen: _Pen, words: Words, height: float, fonts: FontNames
) -> None:
    """Add unturned words to an open text object (one BT … ET for a run of labels). The fill
    colour set inside the text object stays after it, so the pen records it."""
    font = words.font or fonts.of(words.weight)
    if state.font != (font, words.size):
        text.setFont(font, words.size)
        state.font = (font, words.size)
    if pen.fill != words.colour:
        text.setFillColorRGB(*rgb(words.colour))
        pen.fill = words.colour
    x, y = words.at[0], height - words.at[1]
    if words.anchor != "start":
        width = text_width(words.text, font, words.size)
        x -= width / 2 if words.anchor == "middle" else width
    text.setTextOrigin(x, y)
    text.textOut(words.text)


class _Pen:
    """The canvas's current colours, line width and dash, so each is set only when it changes."""

    def __init__(self, canvas: Any) -> None:
        self.canvas = canvas
        self.fill: str | None = None
        self.stroke: str | None = None
        self.width: float | None = None
        self.dash: tuple[float, ...] | None = None
        self.join: int | None = None

    def style(
        self, fill: str | None, stroke: str | None, width: float, dash: tuple[float, ...]
    ) -> tuple[int, int]:
        c = self.canvas
        if fill is not None and fill != self.fill:
            c.setFillColorRGB(*rgb(fill))
            self.fill = fill
        if stroke is not None:
            if stroke != self.stroke:
                c.setStrokeColorRGB(*rgb(stroke))
                self.stroke = stroke
            if width != self.width:
                c.setLineWidth(width)
                self.width = width
            if dash != self.dash:
                c.setDash(list(dash), 0) if dash else c.setDash()
                self.dash = dash
        return int(fill is not None), int(stroke is not None)

    def forget(self) -> None:
        """Set every colour and width again before the next use (after foreign drawing)."""
        self.fill = self.stroke = None
        self.width = None
        self.dash = None
        self.join = None

    def line_join(self, join: int) -> None:
        if join != self.join:
            self.canvas.setLineJoin(join)
            self.join = join


def _style_key(shape: Shape) -> tuple[object, ...]:
    return (shape.closed, shape.fill, shape.stroke, shape.width, shape.dash)


def _paint_shapes(pen: _Pen, shapes: list[Shape], height: float) -> None:
    from reportlab.pdfgen.canvas import FILL_NON_ZERO  # a drawing library: loaded to draw

    first = shapes[0]
    fill, stroke = pen.style(
        first.fill if first.closed else None, first.stroke, first.width, first.dash
    )
    if not fill and not stroke:
        return
    pen.line_join(1 if first.closed else 0)
    path = pen.canvas.beginPath()
    for shape in shapes:
        (x0, y0), *rest = shape.points
        path.moveTo(x0, height - y0)
        for x, y in rest:
            path.lineTo(x, height - y)
        if shape.closed:
            path.close()
    pen.canvas.drawPath(path, stroke=stroke, fill=fill, fillMode=FILL_NON_ZERO)


def _paint_words(pen: _Pen, words: Words, height: float, fonts: FontNames) -> None:
    pen.style(words.colour, None, 0.0, ())
    c = pen.canvas
    font = words.font or fonts.of(words.weight)
    c.setFont(font, words.size)
    x, y = words.at[0], height - words.at[1]
    if words.angle:
        c.saveState()
        c.translate(x, y)
        c.rotate(words.angle)
        x = y = 0.0
    if words.anchor != "start":
        width = text_width(words.text, font, words.size)
        x -= width / 2 if words.anchor == "middle" else width
    c.drawString(x, y, words.text)
    if words.angle:
        c.restoreState()


def _paint_svg(canvas: Any, item: Svg, height: float) -> None:
    """An :class:`Svg` item in its box (turned about the centre if asked): a form XObject of
    the document, converted by svglib and drawn the first time only, then placed wherever the
    same fragment at the same size shows again (a fleet's emblem on each of its tokens), so it
    is written and read back once."""
    name = _svg_form(canvas, item)
    canvas.saveState()
    x, y = item.at[0], height - item.at[1] - item.height
    if item.angle:
        canvas.translate(x + item.width / 2, y + item.height / 2)
        canvas.rotate(item.angle)
        canvas.translate(-item.width / 2, -item.height / 2)
    else:
        canvas.translate(x, y)
    canvas.doForm(name)
    canvas.restoreState()


SVG_FORM = "pnpkitSvg"
"""How the form XObject of an SVG fragment is named: this prefix and a digest of the fragment."""
SVG_BLEED = 0.5
"""How far (a fraction of its larger side) a fragment's form reaches beyond its box on each side:
an emblem's strokes may cross the box's edge, and a form shows nothing outside its own box."""


def _svg_form(canvas: Any, item: Svg) -> str:
    """The name of the form holding ``item``'s fragment at its size, defined on first use."""
    from reportlab.graphics import renderPDF

    key = f"{_n(item.width)}x{_n(item.height)}:{item.markup}".encode()
    name = SVG_FORM + hashlib.sha256(key).hexdigest()[:32]
    if not canvas.hasForm(name):
        drawing = _svg_drawing(item.markup, item.width, item.height)
        reach = SVG_BLEED * max(item.width, item.height)
        canvas.beginForm(name, -reach, -reach, item.width + reach, item.height + reach)
        renderPDF.draw(drawing, canvas, 0, 0)
        canvas.endForm()
    return name


def convert_ahead(items: Iterable[Item]) -> None:
    """Convert each SVG fragment ``items`` draw (in their groups too) as :func:`_svg_form` will,
    once a process, so that it is kept (:func:`pnpkit.render.svg.drawings.converted`): a
    process laying faces out while another draws them spares that one svglib."""
    for item in items:
        if isinstance(item, Svg):
            key = (item.markup, item.width, item.height)
            if key not in _AHEAD:
                _AHEAD.add(key)
                _svg_drawing(*key)
        elif isinstance(item, Group):
            convert_ahead(item.items)


_AHEAD: set[tuple[str, float, float]] = set()
"""The fragments :func:`convert_ahead` converted in this process."""


def _svg_drawing(markup: str, width: float, height: float) -> Any:
    """The ReportLab drawing of an SVG fragment (converted once, and kept between runs), one
    point a user unit: sized in pt, since svglib reads a size with no unit as px (¾ pt), which
    drew every fragment at ¾ of its box, in its lower-left corner."""
    from pnpkit.render.svg.drawings import converted

    document = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width)}pt" height="{_n(height)}pt" '
        f'viewBox="0 0 {_n(width)} {_n(height)}">{markup}</svg>'
    )
    drawing = converted(document)
    if drawing is None:
        raise ValueError(f"not readable SVG: {markup[:60]!r}")
    # ReportLab's renderer starts every drawing in Helvetica (never embedded): start in ours.
    drawing.initialFontName = REGULAR
    return drawing


class _RawSvg:
    """An SVG fragment placed into an svgwrite drawing as it is."""

    def __init__(self, item: Svg) -> None:
        self.item = item

    def get_xml(self) -> Any:
        from xml.etree import ElementTree

        x, y = self.item.at
        transform = f"translate({_n(x)} {_n(y)})"
        if self.item.angle:
            cx, cy = self.item.width / 2, self.item.height / 2
            transform += f" rotate({_n(self.item.angle)} {_n(cx)} {_n(cy)})"
        return ElementTree.fromstring(f'<g transform="{transform}">{self.item.markup}</g>')


SVG_FONT_FAMILY = "Source Sans Pro, sans-serif"


def to_svg(items: Sequence[Item], width: float, height: float, title: str = "") -> str:
    """The same items as an SVG document, one user unit per point."""
    import svgwrite  # only the SVG path needs it

    drawing = svgwrite.Drawing(
        size=(f"{width / 72:.4f}in", f"{height / 72:.4f}in"),
        viewBox=f"0 0 {_n(width)} {_n(height)}",
        profile="full",
        debug=False,
    )
    if title:
        drawing.set_desc(title=title)
    for item in items:
        if isinstance(item, Shape):
            points = [(_n(x), _n(y)) for x, y in item.points]
            style: dict[str, Any] = {
                "fill": item.fill if (item.fill and item.closed) else "none",
                "stroke": item.stroke or "none",
            }
            if item.stroke:
                style["stroke_width"] = _n(item.width)
            if item.dash:
                style["stroke_dasharray"] = " ".join(_n(d) for d in item.dash)
            element = (
                drawing.polygon(points, **style)
                if item.closed
                else drawing.polyline(points, **style)
            )
            drawing.add(element)
        elif isinstance(item, Svg):
            drawing.elements.append(_RawSvg(item))
        elif isinstance(item, Circle):
            drawing.add(
                drawing.circle(
                    center=(_n(item.centre[0]), _n(item.centre[1])),
                    r=_n(item.radius),
                    fill=item.fill or "none",
                    stroke=item.stroke or "none",
                    stroke_width=_n(item.width),
                )
            )
        elif not isinstance(item, Words):
            raise TypeError(f"{type(item).__name__} is drawn onto a page only, not as SVG")
        else:
            attrs: dict[str, Any] = {
                "insert": (_n(item.at[0]), _n(item.at[1])),
                "font_size": _n(item.size),
                "font_family": SVG_FONT_FAMILY,
                "fill": item.colour,
                "text_anchor": item.anchor,
            }
            if item.weight == "bold":
                attrs["font_weight"] = "bold"
            elif item.weight == "italic":
                attrs["font_style"] = "italic"
            if item.angle:
                attrs["transform"] = f"rotate({_n(-item.angle)} {_n(item.at[0])} {_n(item.at[1])})"
            drawing.add(drawing.text(item.text, **attrs))
    return str(drawing.tostring()) + "\n"


def _n(value: float) -> str:
    """A number written the same way every time (no ``-0``, at most 3 decimals)."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
