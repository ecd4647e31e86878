"""A small PDF content-stream interpreter: what a page strokes, fills and writes, where.

It tracks what physical checks need and nothing more: the current transformation matrix
(``q``/``Q``/``cm``, form XObjects' ``/Matrix``), the stroke and fill colours
(``RG``/``G``/``K``/``SC``/``SCN`` and ``rg``/``g``/``k``/``sc``/``scn``), the line width, a
rectangular approximation of the clipping path (``W``/``W*``), paths
(``m``/``l``/``c``/``v``/``y``/``re``/``h``) and text (``BT``…``ET`` with font widths and
ascent/descent from the font dictionaries, the text render mode ``Tr``). Everything comes out
in page (device) coordinates:

- :class:`Segment` — each straight piece of a stroked path, clipped to the clip rectangle
  (measurements use these: grid lines, ruler ticks, sheet outlines);
- :class:`Painted` — the clipped bounding box of every mark made (strokes widened by half the
  line width, fills, text, images, shadings): the margin check uses these;
- :class:`Placed` — every form XObject the page itself draws (not forms inside forms), with its
  bounding box on the page before clipping: where cards and counters were printed.
- :class:`TextRun` — every string shown that is not clipped away, with its effective size (the
  font size times the scale of the text matrix and the CTM, forms included) and, on demand, its
  words: the minimum text size check uses these;
- ``fills`` — every colour a path was filled with (the colour promises look for them).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from pypdf import PageObject, PdfReader

from pnpkit.verify.tokens import Numbered, numbered
from pnpkit.verify.unicode import CodeMap, font_cmap

Matrix = tuple[float, float, float, float, float, float]
Box = tuple[float, float, float, float]
RGB = tuple[float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_new: Any = tuple.__new__
"""``_new(Segment, (x0, y0, …))`` is ``Segment(x0, y0, …)`` without the named tuple's
``__new__`` in Python between: records made by the ten thousand are made this way."""
_EPS = 1e-6


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """``m`` then ``n`` (PDF order: a point p maps to p·m·n)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    )


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def _scale(m: Matrix) -> float:
    """The matrix's mean linear scale (for line widths)."""
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


# The records below are named tuples: a page makes tens of thousands of them, and a tuple is
# made three times faster than a frozen dataclass.


class Segment(NamedTuple):
    """A stroked straight piece, page coordinates, already clipped."""

    x0: float
    y0: float
    x1: float
    y1: float
    color: RGB | None
    width: float

    @property
    def vertical(self) -> bool:
        return abs(self.x1 - self.x0) < 0.01 and abs(self.y1 - self.y0) > 0.01

    @property
    def horizontal(self) -> bool:
        return abs(self.y1 - self.y0) < 0.01 and abs(self.x1 - self.x0) > 0.01


class Painted(NamedTuple):
    """The page-coordinate box of one mark; ``kind`` is stroke, fill, text, image or shading."""

    box: Box
    kind: str
    what: str = ""
    stroke: Stroke | None = None
    """A stroke's own measure (:data:`Stroke`), so that a form's stroke drawn through a
    matrix that stretches one way more than the other is widened and cut again as drawn (None
    for a mark of a page read from a form's drawing, which nothing places again)."""


Stroke = tuple[Box, float, Box | None]
"""A stroke as :class:`Painted` keeps it: the box of its path before it was widened and cut,
half its width as widened, and the clip it was cut to (None: none), in the space of its box."""


class Placed(NamedTuple):
    """A form XObject drawn by the page: its /BBox on the page, and whether it was drawn at its
    own size and the right way round (a translation only)."""

    box: Box
    unscaled: bool


class TextRun(NamedTuple):
    """One string shown (``Tj``, ``TJ``, ``'``, ``"``) that is not clipped away.

    ``size`` is the effective font size in points: the ``Tf`` size times the length the text
    space's vertical unit has on the page (the text matrix, the CTM and any form matrices), so a
    10 pt font drawn in a form scaled by 0.5 is 5 pt, whatever way it is turned.
    """

    box: Box
    size: float
    raw: bytes
    font: _Font
    up: tuple[float, float] = (0.0, 0.0)
    """The text space's vertical unit on the page times the font size: ``size`` is its length
    (kept so that a form stretched one way more than the other gives its words' height; (0, 0)
    for a word of a page read from a form's drawing, which nothing places again)."""

    @property
    def text(self) -> str:
        """The words shown, from the font's ToUnicode map ('?' for codes it does not map)."""
        return self.font.decode(self.raw)


@dataclass(slots=True)
class PageContent:
    """What one page draws, in page coordinates: stroked segments, painted marks, forms placed,
    text runs and the fill colours used, as :func:`read_page` reads them."""

    segments: list[Segment] = field(default_factory=list)
    painted: list[Painted] = field(default_factory=list)
    forms: list[Placed] = field(default_factory=list)
    texts: list[TextRun] = field(default_factory=list)
    fills: set[RGB] = field(default_factory=set)
    _colors: dict[RGB | None, list[Segment]] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    def by_color(self) -> dict[RGB | None, list[Segment]]:
        """The segments grouped by their exact colour, in drawing order within each group;
        grouped the first time it is asked (read the page fully first): a page has a few
        colours and many segments, and each measured promise looks for one colour."""
        if self._colors is None:
            groups: dict[RGB | None, list[Segment]] = {}
            for segment in self.segments:
                group = groups.get(segment.color)
                if group is None:
                    groups[segment.color] = [segment]
                else:
                    group.append(segment)
            self._colors = groups
        return self._colors


@dataclass(slots=True)
class _State:
    """The graphics state the interpreter tracks (``q`` saves a :meth:`copy`): the CTM, colours,
    line width, clip box and text parameters."""

    ctm: Matrix = IDENTITY
    stroke: RGB | None = (0.0, 0.0, 0.0)
    stroke_space: str = "/DeviceGray"
    fill: RGB | None = (0.0, 0.0, 0.0)
    text_mode: int = 0
    line_width: float = 1.0
    clip: Box | None = None
    font: Any = None
    font_size: float = 0.0
    char_space: float = 0.0
    word_space: float = 0.0
    h_scale: float = 1.0
    leading: float = 0.0
    rise: float = 0.0

    def copy(self) -> _State:
        return _State(
            self.ctm,
            self.stroke,
            self.stroke_space,
            self.fill,
            self.text_mode,
            self.line_width,
            self.clip,
            self.font,
            self.font_size,
            self.char_space,
            self.word_space,
            self.h_scale,
            self.leading,
            self.rise,
        )


class _Font:
    """What the interpreter needs of a font: widths, ascent and descent, code width, the em size
    (Type 3 fonts scale glyphs by their own ``/FontMatrix``) and, lazily, the words."""

    __slots__ = (
        "_cmap",
        "ascent",
        "default",
        "descent",
        "em",
        "first",
        "per_mille",
        "source",
        "two_byte",
        "widths",
    )

    def __init__(
        self,
        first: int,
        widths: tuple[float, ...],
        default: float,
        ascent: float,
        descent: float,
        two_byte: bool,
        *,
        em: float = 1.0,
        source: Any = None,
    ) -> None:
        self.first = first
        self.widths = widths
        self.default = default
        self.ascent = ascent
        self.descent = descent
        self.two_byte = two_byte
        self.em = em
        """The glyph height of a 1-unit font size, in text space units (1 but for Type 3)."""
        self.source = source
        self._cmap: CodeMap | None = None
        count = len(widths)
        self.per_mille = tuple(
            (widths[code - first] if 0 <= code - first < count else default) / 1000.0
            for code in range(256)
        )
        """Each one-byte code's width, or the default, over 1000 (the first factor of its
        advance, as :meth:`_Interpreter._show` computes it)."""

    def codes(self, raw: bytes) -> list[int]:
        if self.two_byte:
            return [raw[i] << 8 | raw[i + 1] for i in range(0, len(raw) - 1, 2)]
        return list(raw)

    def decode(self, raw: bytes) -> str:
        if self._cmap is None:
            self._cmap = font_cmap(self.source)
        cmap = self._cmap
        if not cmap and not self.two_byte:
            return raw.decode("latin-1")
        codes = self.codes(raw)
        return "".join(map(cmap.get, codes, itertools.repeat("?", len(codes))))


_NO_FONT = _Font(0, (), 600.0, 800.0, -200.0, False)


def _font(obj: Any) -> _Font:
    font = obj.get_object() if obj is not None else None
    if font is None:
        return _NO_FONT
    subtype = font.get("/Subtype")
    two_byte = subtype == "/Type0"
    descriptor = None
    default = 600.0
    widths: tuple[float, ...] = ()
    first = 0
    if two_byte:
        kids = font.get("/DescendantFonts")
        kid = kids.get_object()[0].get_object() if kids is not None else None
        if kid is not None:
            descriptor = kid.get("/FontDescriptor")
            default = float(kid.get("/DW", 1000))
    else:
        descriptor = font.get("/FontDescriptor")
        first = int(font.get("/FirstChar", 0))
        raw = font.get("/Widths")
        if raw is not None:
            widths = tuple(float(w) for w in raw.get_object())
    ascent, descent = 800.0, -200.0
    if descriptor is not None:
        desc = descriptor.get_object()
        ascent = float(desc.get("/Ascent", ascent))
        descent = float(desc.get("/Descent", descent))
    em = 1.0
    if subtype == "/Type3":
        ascent, descent = 1000.0, -300.0
        matrix = font.get("/FontMatrix")
        try:
            # glyph space is 1000 units to the em when the matrix is the usual 0.001
            em = abs(float(matrix[3])) * 1000.0 if matrix is not None else 1.0
        except (TypeError, ValueError, IndexError):
            em = 1.0
    return _Font(first, widths, default, ascent, descent, two_byte, em=em, source=font)


class FormCache:
    """What one document's pages share, kept while they are read: the parsed operations of each
    form XObject (by object number), each font read once, and each form's drawing measured once
    in its own space (:class:`_FormDrawing`) for every inherited state it is drawn in. A chart
    drawn once as a form and placed on every sheet is therefore interpreted once, and each sheet
    takes only the marks its clip shows: reading a document costs time linear in its content.

    A form drawn through a matrix that does not keep boxes upright and alike both ways (a
    card's back mirrored and stretched over the bleed, see :mod:`pnpkit.layout.bleed`) cannot
    be measured in its own space and placed box by box; it is interpreted where it is drawn,
    and what that gave is kept (``placed``) by the whole state it was drawn in, position and
    clip included: the same back in the same slot of every sheet of a deck is interpreted once,
    and every later sheet takes the very same marks."""

    def __init__(self) -> None:
        self.operations: dict[tuple[int, int], list[Numbered]] = {}
        self.fonts: dict[tuple[int, int], _Font] = {}
        self.drawings: dict[tuple[int, int], dict[tuple[Any, ...], _FormDrawing]] = {}
        """By form, then by the state it inherits."""
        self.placed: dict[tuple[int, int], dict[tuple[Any, ...], PageContent]] = {}
        """By form, then by the whole state it was drawn in."""

    def release(self, forms: Iterable[tuple[int, int]]) -> None:
        """Forget what is kept of ``forms`` (object numbers): no page still to be read draws
        them (see :func:`forms_of_one_page`). A card's face is drawn on one page only; kept
        to the end, the faces of a deck of 2,000 cards held 90 MB."""
        for key in forms:
            self.operations.pop(key, None)
            self.drawings.pop(key, None)
            self.placed.pop(key, None)


def forms_of_one_page(pages: Sequence[PageObject]) -> dict[int, list[tuple[int, int]]]:
    """The forms (by object number) that only one page can draw, by that page's index: named
    in the resources of that page alone and in no form's resources. (A page or form draws only
    the XObjects its resources name, or its page's when a form has none of its own.) Once that
    page is read, nothing will draw them again, and :meth:`FormCache.release` forgets them."""
    pages_of: dict[tuple[int, int], set[int]] = {}
    nested: set[tuple[int, int]] = set()
    walked: set[tuple[int, int]] = set()

    def forms_named(resources: Any) -> list[tuple[tuple[int, int] | None, Any]]:
        resources = resources.get_object() if resources is not None else None
        xobjects = resources.get("/XObject") if resources is not None else None
        if xobjects is None:
            return []
        found = []
        for ref in xobjects.get_object().values():
            xobj = ref.get_object()
            if xobj.get("/Subtype") == "/Form":
                found.append((_ref(xobj), xobj))
        return found

    def walk(xobj: Any) -> None:
        for inner, inner_obj in forms_named(xobj.get("/Resources")):
            if inner is None:
                continue
            nested.add(inner)
            if inner not in walked:
                walked.add(inner)
                walk(inner_obj)

    for index, page in enumerate(pages):
        for key, xobj in forms_named(page.get("/Resources")):
            if key is None:
                continue
            pages_of.setdefault(key, set()).add(index)
            if key not in walked:
                walked.add(key)
                walk(xobj)
    once: dict[int, list[tuple[int, int]]] = {}
    for key, where in pages_of.items():
        if len(where) == 1 and key not in nested:
            once.setdefault(next(iter(where)), []).append(key)
    return once


def _ref(obj: Any) -> tuple[int, int] | None:
    ref = getattr(obj, "indirect_reference", None)
    return (ref.idnum, ref.generation) if ref is not None else None


class _Interpreter:
    def __init__(self, reader: PdfReader, out: PageContent, cache: FormCache) -> None:
        self.reader = reader
        self.out = out
        self.depth = 0
        self.cache = cache

    def operations(self, content: Any) -> list[Numbered]:
        key = _ref(content)
        if key is not None and key in self.cache.operations:
            return self.cache.operations[key]
        ops = numbered(content.get_data())
        if key is not None:
            self.cache.operations[key] = ops
        return ops

    def font(self, fonts: Any, name: str) -> _Font:
        """The font ``name`` of ``fonts``, read once per document when it is an object of its
        own (a form drawn in the same state then finds the same font)."""
        raw = fonts.get(name) if fonts is not None else None
        key = _ref(raw)
        if key is None:
            return _font(raw)
        if key not in self.cache.fonts:
            self.cache.fonts[key] = _font(raw)
        return self.cache.fonts[key]

    def run(self, content: Any, resources: Any, state: _State) -> None:
        # One if-chain on the operator's bytes, the most frequent first (lines, moves and
        # curves are most of a chart); ``nums`` are the operands already read as floats.
        stack: list[_State] = []
        gs = state
        path: list[list[tuple[float, float]]] = []  # subpaths of device points
        curved: list[tuple[float, float]] = []  # curve control points (bbox only)
        closed: list[bool] = []
        pending_clip = False
        text_m: Matrix = IDENTITY
        line_m: Matrix = IDENTITY
        fonts = resources.get("/Font") if resources is not None else None
        fonts = fonts.get_object() if fonts is not None else None
        font_cache: dict[str, _Font] = {}
        a, b, c, d, e, f = gs.ctm  # kept in step with gs.ctm (set by cm, restored by Q)
        for operands, op, nums in self.operations(content):
            if op == b"l":
                if len(nums) == 2:
                    x, y = nums
                    point = (a * x + c * y + e, b * x + d * y + f)
                    if path:
                        path[-1].append(point)
                    else:
                        path.append([point])
                        closed.append(False)
            elif op == b"m":
                if len(nums) == 2:
                    x, y = nums
                    path.append([(a * x + c * y + e, b * x + d * y + f)])
                    closed.append(False)
            elif op in _PAINTS:
                stroke, fill, closes = _PAINTS[op]
                if closes and closed:
                    closed[-1] = True
                if stroke or fill or pending_clip:
                    box = _path_box(path, curved)
                    if box is not None:
                        if stroke or fill:
                            self._paint(gs, path, closed, box, stroke=stroke, fill=fill)
                        if pending_clip:
                            clip = box if gs.clip is None else _intersect(gs.clip, box)
                            gs.clip = (0.0, 0.0, 0.0, 0.0) if clip is None else clip
                pending_clip = False
                path, curved, closed = [], [], []
            elif op == b"c" and len(nums) == 6:  # apply() written out, as for m and l
                x, y = nums[0], nums[1]
                curved.append((a * x + c * y + e, b * x + d * y + f))
                x, y = nums[2], nums[3]
                curved.append((a * x + c * y + e, b * x + d * y + f))
                x, y = nums[4], nums[5]
                point = (a * x + c * y + e, b * x + d * y + f)
                if not path:
                    path.append([])
                    closed.append(False)
                # a curve breaks straightness: start a new piece at its end point
                path.append([point])
                closed.append(False)
                curved.append(point)
            elif op == b"c" or op == b"v" or op == b"y":
                if len(nums) >= 4:
                    ctm = gs.ctm
                    pts = [apply(ctm, nums[i], nums[i + 1]) for i in range(0, len(nums) - 1, 2)]
                    curved.extend(pts[:-1])
                    if not path:
                        path.append([])
                        closed.append(False)
                    # a curve breaks straightness: start a new piece at its end point
                    path.append([pts[-1]])
                    closed.append(False)
                    curved.append(pts[-1])
            elif op == b"q":
                stack.append(gs.copy())
            elif op == b"Q":
                if stack:
                    gs = stack.pop()
                    a, b, c, d, e, f = gs.ctm
            elif op == b"Tj":
                text_m = self._show(gs, text_m, operands[-1:])
            elif op == b"Tm":
                if len(nums) == 6:
                    text_m = line_m = (nums[0], nums[1], nums[2], nums[3], nums[4], nums[5])
            elif op == b"h":
                if closed:
                    closed[-1] = True
            elif op == b"rg":
                if len(nums) == 3:
                    gs.fill = (nums[0], nums[1], nums[2])
            elif op == b"w":
                if nums:
                    gs.line_width = nums[0]
            elif op == b"RG":
                if len(nums) == 3:
                    gs.stroke = (nums[0], nums[1], nums[2])
            elif op == b"cm":
                if len(nums) == 6:
                    gs.ctm = multiply(
                        (nums[0], nums[1], nums[2], nums[3], nums[4], nums[5]), gs.ctm
                    )
                    a, b, c, d, e, f = gs.ctm
            elif op in _IGNORED:
                pass
            elif op == b"TL":
                if nums:
                    gs.leading = nums[0]
            elif op == b"Tf":
                if len(operands) == 2:
                    name = str(operands[0])
                    if name not in font_cache:
                        font_cache[name] = self.font(fonts, name)
                    gs.font = font_cache[name]
                    gs.font_size = float(operands[1])
            elif op == b"BT":
                text_m = line_m = IDENTITY
            elif op == b"T*":
                line_m = multiply((1, 0, 0, 1, 0, -gs.leading), line_m)
                text_m = line_m
            elif op == b"re":
                if len(nums) == 4:
                    x, y, w, h = nums
                    ctm = gs.ctm
                    corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
                    path.append([apply(ctm, px, py) for px, py in corners])
                    closed.append(True)
            elif op == b"Do":
                if operands:
                    self._do(gs, resources, str(operands[0]))
            elif op == b"W" or op == b"W*":
                pending_clip = True
            elif op == b"G":
                if nums:
                    gs.stroke = (nums[0], nums[0], nums[0])
            elif op == b"g":
                if nums:
                    gs.fill = (nums[0], nums[0], nums[0])
            elif op == b"K":
                if len(nums) == 4:
                    gs.stroke = _color(nums)
            elif op == b"k":
                if len(nums) == 4:
                    gs.fill = _color(nums)
            elif op == b"CS":
                if operands:
                    gs.stroke_space = str(operands[0])
                    gs.stroke = (0.0, 0.0, 0.0)
            elif op == b"cs":
                if operands:
                    gs.fill = (0.0, 0.0, 0.0)
            elif op == b"SC" or op == b"SCN":
                gs.stroke = _color(nums)
            elif op == b"sc" or op == b"scn":
                gs.fill = _color(nums)
            elif op == b"Tr":
                if nums:
                    gs.text_mode = int(nums[0])
            elif op == b"Tc":
                if nums:
                    gs.char_space = nums[0]
            elif op == b"Tw":
                if nums:
                    gs.word_space = nums[0]
            elif op == b"Tz":
                if nums:
                    gs.h_scale = nums[0] / 100.0
            elif op == b"Ts":
                if nums:
                    gs.rise = nums[0]
            elif op == b"Td" or op == b"TD":
                if len(nums) == 2:
                    if op == b"TD":
                        gs.leading = -nums[1]
                    line_m = multiply((1, 0, 0, 1, nums[0], nums[1]), line_m)
                    text_m = line_m
            elif op == b"TJ":
                text_m = self._show(gs, text_m, operands[-1])
            elif op == b"'" or op == b'"':
                if op == b'"' and len(nums) >= 2:
                    gs.word_space, gs.char_space = nums[0], nums[1]
                line_m = multiply((1, 0, 0, 1, 0, -gs.leading), line_m)
                text_m = self._show(gs, line_m, operands[-1:])
            elif op == b"INLINE IMAGE":
                self._mark(gs, _unit_square(gs.ctm), "image", "inline image")
            elif op == b"sh":
                box = gs.clip if gs.clip is not None else None
                if box is not None:
                    self.out.painted.append(Painted(box, "shading"))

    def _paint(
        self,
        gs: _State,
        path: list[list[tuple[float, float]]],
        closed: list[bool],
        box: Box,
        *,
        stroke: bool,
        fill: bool,
    ) -> None:
        if stroke:
            width = gs.line_width * _scale(gs.ctm)
            half = width / 2
            widened = (box[0] - half, box[1] - half, box[2] + half, box[3] + half)
            self._mark(gs, widened, "stroke", stroke=(box, half, gs.clip))
            add = self.out.segments.append
            color = gs.stroke
            clip = gs.clip
            left, bottom, right, top = (0.0, 0.0, -1.0, -1.0) if clip is None else clip
            for sub, is_closed in zip(path, closed, strict=False):
                if len(sub) < 2:
                    continue
                x0, y0 = sub[0]
                for x1, y1 in itertools.chain(sub[1:], sub[:1]) if is_closed else sub[1:]:
                    if clip is None:
                        add(_new(Segment, (x0, y0, x1, y1, color, width)))
                    elif (
                        left <= x0 <= right
                        and left <= x1 <= right
                        and bottom <= y0 <= top
                        and bottom <= y1 <= top
                    ):  # _clip_segment's short way, written out
                        dx, dy = x1 - x0, y1 - y0
                        add(
                            _new(
                                Segment,
                                (x0 + 0.0 * dx, y0 + 0.0 * dy, x0 + dx, y0 + dy, color, width),
                            )
                        )
                    else:
                        seg = _clip_segment(x0, y0, x1, y1, clip)
                        if seg is not None:
                            add(_new(Segment, (*seg, color, width)))
                    x0, y0 = x1, y1
        elif fill:
            self._mark(gs, box, "fill")
        if fill and gs.fill is not None:
            self.out.fills.add(gs.fill)

    def _mark(
        self, gs: _State, box: Box, kind: str, what: str = "", stroke: Stroke | None = None
    ) -> Box | None:
        """Record the mark, clipped; return its box, or None when the clip hides it."""
        if gs.clip is not None:
            clipped = _intersect(box, gs.clip)
            if clipped is None:
                return None
            box = clipped
        self.out.painted.append(Painted(box, kind, what, stroke))
        return box

    def _show(self, gs: _State, text_m: Matrix, items: Any) -> Matrix:
        font: _Font = gs.font or _NO_FONT
        size = gs.font_size
        char_space, word_space, h_scale = gs.char_space, gs.word_space, gs.h_scale
        widths, first, default, two_byte = font.widths, font.first, font.default, font.two_byte
        per_mille = font.per_mille
        count = len(widths)
        advance = 0.0
        shown = bytearray()
        for item in items:
            if type(item) is bytes:  # a string, as the tokenizer gives it
                raw = item
            elif isinstance(item, (int, float)) or hasattr(item, "as_numeric"):
                advance -= float(item) / 1000.0 * size * h_scale
                continue
            else:
                raw = _raw_bytes(item)
            shown += raw
            if two_byte:
                for code in font.codes(raw):
                    i = code - first  # the code's width: its own, or the font's default
                    w = (widths[i] if 0 <= i < count else default) / 1000.0 * size + char_space
                    advance += w * h_scale
            else:
                for code in raw:
                    w = per_mille[code] * size + char_space  # the same product, looked up
                    if code == 32:
                        w += word_space
                    advance += w * h_scale
        if advance and gs.text_mode != 3:  # mode 3 neither fills nor strokes: invisible text
            trm = multiply(text_m, gs.ctm)
            low = font.descent / 1000.0 * size + gs.rise
            high = font.ascent / 1000.0 * size + gs.rise
            # the corners (0 or advance, low or high) through trm, as apply() computes them
            a, b, c, d, e, f = trm
            x0, x1, y0, y1 = a * 0.0, a * advance, b * 0.0, b * advance
            xs = (x0 + c * low + e, x0 + c * high + e, x1 + c * low + e, x1 + c * high + e)
            ys = (y0 + d * low + f, y0 + d * high + f, y1 + d * low + f, y1 + d * high + f)
            box = (min(xs), min(ys), max(xs), max(ys))
            shown_box = self._mark(gs, box, "text")
            if shown_box is not None:
                # the glyphs' height on the page: the text space's vertical unit as drawn
                effective = abs(size) * font.em * math.hypot(trm[2], trm[3])
                tall = abs(size) * font.em
                up = (tall * trm[2], tall * trm[3])
                self.out.texts.append(TextRun(shown_box, effective, bytes(shown), font, up))
        return multiply((1, 0, 0, 1, advance, 0), text_m)

    def _do(self, gs: _State, resources: Any, name: str) -> None:
        xobjects = resources.get("/XObject") if resources is not None else None
        xobjects = xobjects.get_object() if xobjects is not None else None
        if xobjects is None or name not in xobjects:
            return
        xobj = xobjects[name].get_object()
        subtype = xobj.get("/Subtype")
        if subtype == "/Image":
            self._mark(gs, _unit_square(gs.ctm), "image", name)
            return
        if subtype != "/Form" or self.depth > 20:
            return
        matrix = xobj.get("/Matrix")
        m: Matrix = (
            tuple(float(v) for v in matrix) if matrix is not None else IDENTITY  # type: ignore[assignment]
        )
        placement = multiply(m, gs.ctm)
        form_resources = xobj.get("/Resources")
        form_resources = form_resources.get_object() if form_resources is not None else resources
        bbox = xobj.get("/BBox")
        form_box = None
        if bbox is not None:
            x0, y0, x1, y1 = (float(v) for v in bbox)
            form_box = _bbox([apply(placement, x, y) for x in (x0, x1) for y in (y0, y1)])
            if form_box is not None and self.depth == 0:
                a, b, c, d = placement[:4]
                plain = abs(a - 1) < _EPS and abs(d - 1) < _EPS and abs(b) < _EPS and abs(c) < _EPS
                self.out.forms.append(Placed(form_box, plain))
        key = _ref(xobj)
        if key is not None and (_keeps_boxes(placement) or _stretches(placement)):
            drawing = self._drawing(key, xobj, form_resources, gs)
            drawing.place(placement, gs.clip, self.out, keep=self.depth > 0)
            return
        inner = gs.copy()
        inner.ctm = placement
        if form_box is not None:
            inner.clip = form_box if inner.clip is None else _intersect(inner.clip, form_box)
            if inner.clip is None:
                return
        if key is not None and "/Resources" in xobj:
            self._placed(key, xobj, form_resources, inner)
            return
        self.depth += 1
        try:
            self.run(xobj, form_resources, inner)
        finally:
            self.depth -= 1

    def _placed(self, key: tuple[int, int], xobj: Any, resources: Any, inner: _State) -> None:
        """Add the form's marks as interpreted in the state ``inner`` (its placement and clip
        included): interpreted the first time the form is drawn in that state only, then the
        same marks again. Each kind of mark keeps its own list, so adding each list's marks
        after the page's is exactly what interpreting the form here appends."""
        full = (self.depth, *(getattr(inner, name) for name in _State.__slots__))
        placed = self.cache.placed.setdefault(key, {})
        content = placed.get(full)
        if content is None:
            content = PageContent()
            interpreter = _Interpreter(self.reader, content, self.cache)
            interpreter.depth = self.depth + 1
            interpreter.run(xobj, resources, inner)
            placed[full] = content
        out = self.out
        out.segments += content.segments
        out.painted += content.painted
        out.texts += content.texts
        out.fills |= content.fills

    def _drawing(self, key: tuple[int, int], xobj: Any, resources: Any, gs: _State) -> _FormDrawing:
        """The form's marks in its own space (before its ``/Matrix``), clipped to its
        ``/BBox``, for the state it inherits: interpreted the first time only."""
        inherited = gs.copy()
        inherited.ctm = IDENTITY
        inherited.clip = None
        full = (self.depth, *_inherited(inherited))
        drawings = self.cache.drawings.setdefault(key, {})
        drawing = drawings.get(full)
        if drawing is not None:
            return drawing
        bbox = xobj.get("/BBox")
        if bbox is not None:
            x0, y0, x1, y1 = (float(v) for v in bbox)
            inherited.clip = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
        content = PageContent()
        inner = _Interpreter(self.reader, content, self.cache)
        inner.depth = self.depth + 1
        inner.run(xobj, resources, inherited)
        drawing = _FormDrawing(content)
        drawings[full] = drawing
        return drawing


def _inherited(gs: _State) -> tuple[Any, ...]:
    """The graphics state a form inherits, as a key (a font is one object per font of the
    document, see :meth:`_Interpreter.font`, so pages that set the same font share a key)."""
    return tuple(getattr(gs, name) for name in _State.__slots__ if name not in ("ctm", "clip"))


def _stretches(m: Matrix) -> bool:
    """Whether ``m`` keeps boxes upright but scales one way more than the other, mirrors
    included (no turn): a card's edge stretched over its bleed (:mod:`pnpkit.layout.bleed`)."""
    a, b, c, d = m[0], m[1], m[2], m[3]
    tol = 1e-9 * max(abs(a), abs(b), abs(c), abs(d), 1e-300)
    return abs(b) <= tol and abs(c) <= tol and abs(a) > tol and abs(d) > tol


def _keeps_boxes(m: Matrix) -> bool:
    """Whether ``m`` maps upright boxes to upright boxes, scaling both ways alike (a move, a
    uniform scale, quarter turns and mirrors): the marks of a form measured in its own space
    can then be placed exactly, box by box."""
    a, b, c, d = m[0], m[1], m[2], m[3]
    tol = 1e-9 * max(abs(a), abs(b), abs(c), abs(d), 1e-300)
    if abs(b) <= tol and abs(c) <= tol:
        return abs(abs(a) - abs(d)) <= tol and abs(a) > tol
    if abs(a) <= tol and abs(d) <= tol:
        return abs(abs(b) - abs(c)) <= tol and abs(b) > tol
    return False


def _box_through(m: Matrix, box: Box) -> Box:
    a, b, c, d, e, f = m
    bx0, by0, bx1, by1 = box
    x0, y0 = a * bx0 + c * by0 + e, b * bx0 + d * by0 + f
    x1, y1 = a * bx1 + c * by1 + e, b * bx1 + d * by1 + f
    # min and max written out (the same values, -0.0 included)
    return (
        x1 if x1 < x0 else x0,
        y1 if y1 < y0 else y0,
        x1 if x1 > x0 else x0,
        y1 if y1 > y0 else y0,
    )


def _inverse(m: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    det = a * d - b * c
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return (ia, ib, ic, id_, -(e * ia + f * ic), -(e * ib + f * id_))


_PAINTS: dict[bytes, tuple[bool, bool, bool]] = {
    b"n": (False, False, False),
    b"S": (True, False, False),
    b"f": (False, True, False),
    b"f*": (False, True, False),
    b"F": (False, True, False),
    b"B": (True, True, False),
    b"B*": (True, True, False),
    b"s": (True, False, True),
    b"b": (True, True, True),
    b"b*": (True, True, True),
}
"""The path-painting operators: whether each strokes, fills, and closes the last subpath."""
_IGNORED = frozenset(
    (b"J", b"j", b"d", b"M", b"i", b"ri", b"gs", b"ET", b"BDC", b"BMC", b"EMC", b"MP", b"DP")
)
"""Operators that change nothing the checks measure (caps, joins, dashes, marked content)."""

_GRID = 32
"""Buckets per side of a form drawing's index."""
_WIDE = 8
"""A mark over more buckets than this is looked at by every window (see ``_FormDrawing``)."""
_REACH = 0.05
"""How far beyond a clip (device points) the index still looks: more than every clipping
tolerance, so the marks a clip keeps are always among those looked at."""


class _FormDrawing:
    """A form's marks in its own space, indexed by where they lie (a grid of buckets), so that
    a placement clipped to a small window (a chart's sheet) looks at the marks in that window
    only. Segments, painted boxes and texts are indexed apart: each list keeps its own order.

    The index is built the first time a window shows part of a large drawing: most forms (a
    card, a token's face) are drawn whole, or are small, and every mark is looked at anyway."""

    def __init__(self, content: PageContent) -> None:
        self.content = content
        self.size = len(content.segments) + len(content.painted) + len(content.texts)
        self.indexed = self.size > 4 * _GRID
        self.bounds: Box | None = None
        self.buckets: tuple[dict[int, list[int]], ...] = ({}, {}, {})
        self.wide: tuple[list[int], ...] = ([], [], [])
        """Marks over more than :data:`_WIDE` buckets (a grid line across the chart, a
        background): looked at by every window rather than filed in every bucket."""
        self._built = False
        self._kind_boxes: tuple[list[Box], list[Box], list[Box]] | None = None

    def _bounds(self) -> Box | None:
        """The box around every mark (built with the index, or alone when a window is asked
        about first)."""
        if self.bounds is None:
            boxes = self._boxes()
            every = [*boxes[0], *boxes[1], *boxes[2]]
            self.bounds = _bbox([(b[0], b[1]) for b in every] + [(b[2], b[3]) for b in every])
        return self.bounds

    def _boxes(self) -> tuple[list[Box], list[Box], list[Box]]:
        """The segments', painted marks' and texts' boxes (made once)."""
        if self._kind_boxes is not None:
            return self._kind_boxes
        content = self.content
        segments: list[Box] = [
            (  # min and max written out (the same values, -0.0 included)
                s.x1 if s.x1 < s.x0 else s.x0,
                s.y1 if s.y1 < s.y0 else s.y0,
                s.x1 if s.x1 > s.x0 else s.x0,
                s.y1 if s.y1 > s.y0 else s.y0,
            )
            for s in content.segments
        ]
        painted = [p.box for p in content.painted]
        texts = [t.box for t in content.texts]
        self._kind_boxes = (segments, painted, texts)
        return self._kind_boxes

    def _build(self) -> None:
        """File every mark in the buckets it lies in."""
        self._built = True
        segments, painted, texts = self._boxes()
        bounds = self._bounds()
        self._kind_boxes = None  # filed: no longer needed
        if bounds is not None:
            x0, y0, x1, y1 = bounds
            w = max(x1 - x0, 1e-9) / _GRID
            h = max(y1 - y0, 1e-9) / _GRID
            last = _GRID - 1
            for kind, kind_boxes in enumerate((segments, painted, texts)):
                buckets, wide = self.buckets[kind], self.wide[kind]
                for index, (bx0, by0, bx1, by1) in enumerate(kind_boxes):
                    # self._span(box), written out
                    i0, i1 = int((bx0 - x0) / w), int((bx1 - x0) / w)
                    j0, j1 = int((by0 - y0) / h), int((by1 - y0) / h)
                    i0 = 0 if i0 < 0 else last if i0 > last else i0
                    i1 = 0 if i1 < 0 else last if i1 > last else i1
                    j0 = 0 if j0 < 0 else last if j0 > last else j0
                    j1 = 0 if j1 < 0 else last if j1 > last else j1
                    if i0 == i1 and j0 == j1:  # most marks lie in one bucket
                        bucket = buckets.get(i0 * _GRID + j0)
                        if bucket is None:
                            buckets[i0 * _GRID + j0] = [index]
                        else:
                            bucket.append(index)
                    elif (i1 - i0 + 1) * (j1 - j0 + 1) > _WIDE:
                        wide.append(index)
                    else:
                        for i in range(i0, i1 + 1):
                            for j in range(j0, j1 + 1):
                                buckets.setdefault(i * _GRID + j, []).append(index)

    def _span(self, box: Box) -> tuple[int, int, int, int]:
        """The first and last bucket column and row ``box`` lies in."""
        assert self.bounds is not None
        x0, y0, x1, y1 = self.bounds
        w = max(x1 - x0, 1e-9) / _GRID
        h = max(y1 - y0, 1e-9) / _GRID
        last = _GRID - 1
        i0 = int((box[0] - x0) / w)
        i1 = int((box[2] - x0) / w)
        j0 = int((box[1] - y0) / h)
        j1 = int((box[3] - y0) / h)
        return (
            0 if i0 < 0 else last if i0 > last else i0,
            0 if i1 < 0 else last if i1 > last else i1,
            0 if j0 < 0 else last if j0 > last else j0,
            0 if j1 < 0 else last if j1 > last else j1,
        )

    def _chosen(self, window: Box | None, kind: int, count: int) -> list[int] | range:
        """The marks of ``kind`` (by index) that may show in ``window`` (form space), in
        drawing order."""
        if window is None or not self.indexed:
            return range(count)
        bounds = self._bounds()
        if bounds is None or _intersect(window, bounds) is None:
            return []
        x0, y0, x1, y1 = bounds
        if window[0] <= x0 and window[1] <= y0 and window[2] >= x1 and window[3] >= y1:
            return range(count)  # the window shows the whole drawing
        if not self._built:
            self._build()
        buckets = self.buckets[kind]
        i0, i1, j0, j1 = self._span(window)
        found: set[int] = set(self.wide[kind])
        for i in range(i0, i1 + 1):
            for j in range(j0, j1 + 1):
                found.update(buckets.get(i * _GRID + j, ()))
        return sorted(found)

    def place(self, m: Matrix, clip: Box | None, out: PageContent, keep: bool = False) -> None:
        """Add the marks to ``out`` as drawn through ``m`` and clipped to ``clip``, exactly as
        interpreting the form there would. ``m`` keeps boxes upright; when it stretches one way
        more than the other (:func:`_stretches`), each stroke is widened and cut again on the
        page as the interpreter widens it (by half its width times the matrix's mean scale,
        both ways), and each text's height is its vertical unit drawn through ``m``. ``keep``:
        ``out`` is a form's drawing, which may be placed again (its strokes' and words' own
        measures are kept, drawn through ``m``)."""
        if not _keeps_boxes(m):
            self._place_stretched(m, clip, out, keep)
            return
        window = None
        if clip is not None:
            reach = _REACH / _scale(m)
            window = _box_through(_inverse(m), clip)
            window = (window[0] - reach, window[1] - reach, window[2] + reach, window[3] + reach)
        scale = _scale(m)
        content = self.content
        a, b, c, d, e, f = m
        segments = content.segments
        add = out.segments.append
        chosen = self._chosen(window, 0, len(segments))
        if clip is None:
            for index in chosen:
                x0, y0, x1, y1, color, width = segments[index]
                add(
                    _new(
                        Segment,
                        (
                            a * x0 + c * y0 + e,
                            b * x0 + d * y0 + f,
                            a * x1 + c * y1 + e,
                            b * x1 + d * y1 + f,
                            color,
                            width * scale,
                        ),
                    )
                )
        else:
            left, bottom, right, top = clip
            for index in chosen:
                x0, y0, x1, y1, color, width = segments[index]
                px0, py0 = a * x0 + c * y0 + e, b * x0 + d * y0 + f
                px1, py1 = a * x1 + c * y1 + e, b * x1 + d * y1 + f
                if (
                    left <= px0 <= right
                    and left <= px1 <= right
                    and bottom <= py0 <= top
                    and bottom <= py1 <= top
                ):  # _clip_segment's short way, written out
                    dx, dy = px1 - px0, py1 - py0
                    piece = (px0 + 0.0 * dx, py0 + 0.0 * dy, px0 + dx, py0 + dy)
                else:
                    clipped = _clip_segment(px0, py0, px1, py1, clip)
                    if clipped is None:
                        continue
                    piece = clipped
                add(_new(Segment, (*piece, color, width * scale)))
        painted = content.painted
        add_painted = out.painted.append
        for index in self._chosen(window, 1, len(painted)):
            (bx0, by0, bx1, by1), kind, what, stroke = painted[index]
            # _placed_box written out: the corners through m, then the clip
            x0, y0 = a * bx0 + c * by0 + e, b * bx0 + d * by0 + f
            x1, y1 = a * bx1 + c * by1 + e, b * bx1 + d * by1 + f
            through = (
                x1 if x1 < x0 else x0,
                y1 if y1 < y0 else y0,
                x1 if x1 > x0 else x0,
                y1 if y1 > y0 else y0,
            )
            box = through if clip is None else _intersect(through, clip)
            if box is not None:
                if stroke is not None:
                    stroke = _stroke_through(m, stroke, scale, clip) if keep else None
                add_painted(_new(Painted, (box, kind, what, stroke)))
        texts = content.texts
        add_text = out.texts.append
        for index in self._chosen(window, 2, len(texts)):
            run_box, size, raw, font, (ux, uy) = texts[index]
            box = _placed_box(m, run_box, clip)
            if box is not None:
                up = (a * ux + c * uy, b * ux + d * uy) if keep else _NOT_KEPT
                add_text(_new(TextRun, (box, size * scale, raw, font, up)))
        out.fills |= content.fills  # a fill counts wherever it lands, as on a page

    def _place_stretched(self, m: Matrix, clip: Box | None, out: PageContent, keep: bool) -> None:
        """:meth:`place` through ``m`` that stretches one way more than the other: a stroke is
        widened on the page by half its width times the mean scale, so the window the clip
        shows in the form's space is widened by what that adds to the widest stroke."""
        scale = _scale(m)
        content = self.content
        a, b, c, d, e, f = m
        window = None
        if clip is not None:
            widest = max((p.stroke[1] for p in content.painted if p.stroke), default=0.0)
            reach = _REACH / min(abs(a), abs(d)) + widest * scale / min(abs(a), abs(d))
            window = _box_through(_inverse(m), clip)
            window = (window[0] - reach, window[1] - reach, window[2] + reach, window[3] + reach)
        segments = content.segments
        add = out.segments.append
        for index in self._chosen(window, 0, len(segments)):
            x0, y0, x1, y1, color, width = segments[index]
            px0, py0 = a * x0 + c * y0 + e, b * x0 + d * y0 + f
            px1, py1 = a * x1 + c * y1 + e, b * x1 + d * y1 + f
            if clip is None:
                add(_new(Segment, (px0, py0, px1, py1, color, width * scale)))
                continue
            piece = _clip_segment(px0, py0, px1, py1, clip)
            if piece is not None:
                add(_new(Segment, (*piece, color, width * scale)))
        painted = content.painted
        add_painted = out.painted.append
        for index in self._chosen(window, 1, len(painted)):
            mark_box, kind, what, stroke = painted[index]
            if stroke is None:
                box = _placed_box(m, mark_box, clip)
            else:
                stroke = _stroke_through(m, stroke, scale, clip)
                bare, half, cut = stroke
                box = (bare[0] - half, bare[1] - half, bare[2] + half, bare[3] + half)
                box = box if cut is None else _intersect(box, cut)
            if box is not None:
                add_painted(_new(Painted, (box, kind, what, stroke if keep else None)))
        texts = content.texts
        add_text = out.texts.append
        for index in self._chosen(window, 2, len(texts)):
            run_box, _, raw, font, (ux, uy) = texts[index]
            box = _placed_box(m, run_box, clip)
            if box is not None:
                up = (a * ux + c * uy, b * ux + d * uy)
                size = math.hypot(*up)
                add_text(_new(TextRun, (box, size, raw, font, up if keep else _NOT_KEPT)))
        out.fills |= content.fills


def _stroke_through(m: Matrix, stroke: Stroke, scale: float, clip: Box | None) -> Stroke:
    """A stroke's own measure drawn through ``m`` (which keeps boxes upright; ``scale``: its
    mean scale) and then cut to ``clip``."""
    bare, half, cut = stroke
    placed_cut = _box_through(m, cut) if cut is not None else None
    if clip is not None:
        placed_cut = clip if placed_cut is None else (_intersect(placed_cut, clip) or _EMPTY)
    return (_box_through(m, bare), half * scale, placed_cut)


_EMPTY: Box = (0.0, 0.0, 0.0, 0.0)
"""A clip that shows nothing (two clips that do not meet)."""
_NOT_KEPT = (0.0, 0.0)
"""A page's word's vertical unit, not kept (see :attr:`TextRun.up`)."""


def _placed_box(m: Matrix, box: Box, clip: Box | None) -> Box | None:
    """``box`` drawn through ``m``, clipped to ``clip`` (None when the clip hides it)."""
    placed = _box_through(m, box)
    return placed if clip is None else _intersect(placed, clip)


def _color(nums: tuple[float, ...]) -> RGB | None:
    """A colour from 1 (gray), 3 (RGB) or 4 (CMYK) components; None for anything else
    (a pattern, a separation): such a colour is never one a check looks for."""
    if len(nums) == 1:
        return (nums[0], nums[0], nums[0])
    if len(nums) == 3:
        return (nums[0], nums[1], nums[2])
    if len(nums) == 4:
        c, m, y, k = nums
        return ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))
    return None


def _raw_bytes(item: Any) -> bytes:
    if isinstance(item, bytes):
        return item
    raw = getattr(item, "original_bytes", None)
    if isinstance(raw, bytes):
        return raw
    return str(item).encode("latin-1", "replace")


def _unit_square(ctm: Matrix) -> Box:
    box = _bbox([apply(ctm, x, y) for x in (0.0, 1.0) for y in (0.0, 1.0)])
    assert box is not None
    return box


def _path_box(
    path: list[list[tuple[float, float]]], curved: list[tuple[float, float]]
) -> Box | None:
    """The box of a path's points and its curves' control points."""
    if len(path) == 1 and not curved:
        points = path[0]  # one straight subpath: most paths
    else:
        points = list(itertools.chain.from_iterable(path))
        points += curved
    if not points:
        return None
    xs, ys = zip(*points, strict=True)
    return (min(xs), min(ys), max(xs), max(ys))


def _bbox(points: list[tuple[float, float]]) -> Box | None:
    if not points:
        return None
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _intersect(a: Box, b: Box) -> Box | None:
    ax0, ay0, ax1, ay1 = a
    bx0, by0, bx1, by1 = b
    # max and min written out (the same values, -0.0 included)
    x0 = bx0 if bx0 > ax0 else ax0
    y0 = by0 if by0 > ay0 else ay0
    x1 = bx1 if bx1 < ax1 else ax1
    y1 = by1 if by1 < ay1 else ay1
    if x0 > x1 + _EPS or y0 > y1 + _EPS:
        return None
    return (x0, y0, x1 if x1 > x0 else x0, y1 if y1 > y0 else y0)


def _clip_segment(
    x0: float, y0: float, x1: float, y1: float, clip: Box | None
) -> tuple[float, float, float, float] | None:
    """Liang–Barsky clipping of a segment to the clip rectangle (its left, right, bottom and
    top edges in turn)."""
    if clip is None:
        return (x0, y0, x1, y1)
    left, bottom, right, top = clip
    dx, dy = x1 - x0, y1 - y0
    if left <= x0 <= right and left <= x1 <= right and bottom <= y0 <= top and bottom <= y1 <= top:
        # Wholly inside (most segments): no edge moves t0 off 0 or t1 off 1 (rounding is
        # monotonic, so right - x0 >= x1 - x0 and the ratio is at least 1), and the end
        # points come out as the loop below computes them, bit for bit.
        return (x0 + 0.0 * dx, y0 + 0.0 * dy, x0 + dx, y0 + dy)
    tol = 0.01  # a line lying on the clip edge (within rounding) is kept, never lengthened
    t0, t1 = 0.0, 1.0
    # each edge: p (the direction across it) and q (the start's distance inside it)
    for p, q in ((-dx, x0 - left), (dx, right - x0), (-dy, y0 - bottom), (dy, top - y0)):
        if abs(p) < 1e-9:
            if q < -tol:
                return None
            continue
        t = q / p
        if p < 0:
            t0 = t if t > t0 else t0
        else:
            t1 = t if t < t1 else t1
        if t0 > t1 + 1e-12:
            return None
    return (x0 + t0 * dx, y0 + t0 * dy, x0 + t1 * dx, y0 + t1 * dy)


def read_page(reader: PdfReader, page: PageObject, cache: FormCache | None = None) -> PageContent:
    """Interpret ``page``'s content stream (and the forms it draws) into page coordinates.

    Pass the same ``cache`` for every page of one reader to parse shared forms once.
    """
    out = PageContent()
    contents = page.get_contents()
    if contents is None:
        return out
    resources = page.get("/Resources")
    resources = resources.get_object() if resources is not None else None
    _Interpreter(reader, out, FormCache() if cache is None else cache).run(
        contents, resources, _State()
    )
    return out
