"""One face of a layout, filled with one card's values: :class:`LayoutPainter`.

Coordinates are the display list's (:mod:`pnpkit.render.vector`): points, y down from the face's
top-left corner. Each element is laid out in its box; a turned element is laid out in its box
with the sides swapped and turned as a group. Every problem is kept, each where the data wrote
what is wrong (the field's own place for a text that is only that field, else the element), so
one ``check`` names them all.
"""

from __future__ import annotations

import difflib
import functools
import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from pnpkit.errors import DataError, Location, Problem
from pnpkit.load import markup
from pnpkit.load.cards import contrast
from pnpkit.load.fields import in_unit
from pnpkit.model.face_layout import (
    PLACEHOLDER,
    ByValue,
    Condition,
    Element,
    IconElement,
    ImageElement,
    Layout,
    ShapeElement,
    Span,
    Style,
    TextElement,
)
from pnpkit.render import fonts
from pnpkit.render.emblems import emblem_svg
from pnpkit.render.face_layout.face import LayoutFace
from pnpkit.render.faces.markup_lines import ICON_WIDTH, atom_size, icon_group
from pnpkit.render.faces.renderer import FaceRenderer
from pnpkit.render.svg.rules import art_problems, icon_text_problems
from pnpkit.render.typeset import fill_lines, location_of, smallest_size, text_sizes
from pnpkit.render.vector import Ellipse, Group, Item, Picture, Rect, Shape, Svg, Words
from pnpkit.units import UNITS, to_mm

PAPER = "#ffffff"
"""What a face shows where nothing is drawn: the sheet."""
ICON_GAP = 0.15
"""The space between repeated icons, in icon heights."""

FaceOf = Callable[[str, str, bool], str]
_contrast = functools.lru_cache(maxsize=1024)(contrast)
"""WCAG contrast of two colours, asked for every text of every card."""


def said(value: object) -> str:
    """A field's value as a card prints it: a number in plain digits (``2`` for ``2.0``, never
    ``1e-07``), a list's items joined with commas, text as written."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        if value.is_integer():
            return str(int(value))
        return format(Decimal(repr(value)), "f")
    if isinstance(value, tuple | list):
        return ", ".join(said(item) for item in value)
    return "" if value is None else str(value)


@dataclass(frozen=True, slots=True)
class _Place:
    """Where a problem of an element is said: the element's own line, or the field's."""

    where: Location
    field: str


class LayoutPainter:
    """Lays out the faces of one game's layouts (one per kit, like a
    :class:`~pnpkit.render.faces.renderer.FaceRenderer`, whose pictures and icons it shares)."""

    def __init__(self, renderer: FaceRenderer, face_of: FaceOf | None = None) -> None:
        self.renderer = renderer
        self.book = fonts.font_book(renderer.game_dir)
        """The fonts a layout may name: the built-in families and the game's own."""
        self.face_of = face_of or self.book.face
        self._glyphs: dict[tuple[str, str], str | None] = {}
        self._icon_art: dict[str, list[tuple[str, str]]] = {}
        self._digests: dict[Path, str] = {}
        self._faces: dict[tuple[str, str, str, str], str] = {}
        self._widths: dict[tuple[str, str], float] = {}

    def atom_face(self, element: TextElement, weight: str, base: str) -> str:
        """The face of a piece of ``element``'s text whose markup weight is ``weight`` (bold,
        italic, or the text's own), ``base`` if its font has none (remembered: asked for every
        word of every card)."""
        key = (element.font, element.weight, element.style, weight)
        face = self._faces.get(key)
        if face is None:
            bold = weight == "bold"
            italic = (weight == "italic" or element.style == "italic") and not bold
            try:
                face = self.face_of(element.font, "bold" if bold else element.weight, italic)
            except KeyError:
                face = base
            self._faces[key] = face
        return face

    def unit_width(self, text: str, face: str) -> float:
        """The width of ``text`` in ``face`` at 1 pt (:func:`~pnpkit.render.fonts.text_width`
        is linear in the size), each word measured once a kit."""
        key = (text, face)
        wide = self._widths.get(key)
        if wide is None:
            wide = self._widths[key] = fonts.text_width(text, face, 1.0)
        return wide

    def digest(self, path: Path) -> str:
        """The SHA-256 of a game's icon file, read once."""
        if path not in self._digests:
            self._digests[path] = hashlib.sha256(path.read_bytes()).hexdigest()
        return self._digests[path]

    def face(
        self,
        layout: Layout,
        width: float,
        height: float,
        values: Mapping[str, object],
        *,
        name: str,
        source: str = "",
        field_sources: Mapping[str, str] | None = None,
        kind: str = "card",
    ) -> LayoutFace:
        """``layout`` filled with ``values`` on a ``width`` × ``height`` pt face; a DataError
        names every problem of the face, each at its place, naming the card ``name`` (the
        face is a ``kind``'s: a card's, a token's)."""
        job = _Job(self, width, height, values, name, source, field_sources or {}, kind)
        items = job.run(layout)
        if job.problems:
            raise DataError(job.problems)
        return LayoutFace(width, height, tuple(items), name, location_of(source), job.background)


class _Job:
    """One face being laid out: the card's values, the fills drawn so far (what a text is
    printed on) and every problem found."""

    def __init__(
        self,
        painter: LayoutPainter,
        width: float,
        height: float,
        values: Mapping[str, object],
        name: str,
        source: str,
        field_sources: Mapping[str, str],
        kind: str = "card",
    ) -> None:
        self.painter = painter
        self.kind = kind
        """What the face is of (``card``, ``token``), as messages say it."""
        self.width, self.height = width, height
        self.values = values
        self.name = name
        self.source = source
        self.field_sources = field_sources
        self.problems: list[Problem] = []
        self.fills: list[tuple[tuple[float, float, float, float], str]] = []
        self.origin = (0.0, 0.0)
        """Where the element being laid out puts its box's top-left corner."""
        self.background: str | None = None
        """The colour the layout's background gives this card (none: the paper)."""
        """Opaque boxes drawn so far, with their colour, bottom first."""

    # -- what is wrong ------------------------------------------------------------------------

    def trouble(self, place: _Place, message: str, allowed: str = "") -> None:
        self.problems.append(Problem(place.where, f"{self.name}: {place.field}", message, allowed))

    def field_known(self, field: str, place: _Place, key: str = "") -> bool:
        """Whether the card has ``field``; if not, the problem kept, said as the data wrote it:
        a ``{field}`` placeholder, or the field a ``key`` (``when``, ``by``) names."""
        if field in self.values:
            return True
        known = sorted(k for k in self.values if not k.startswith("_"))
        close = difflib.get_close_matches(field, known, n=1)
        if key:
            hint = f"; did you mean {close[0]!r}?" if close else ""
            said = _Place(place.where, f"{place.field}.{key}")
            self.trouble(said, f"names no field {field!r}{hint}", ", ".join(known))
            return False
        hint = f"; did you mean {{{close[0]}}}?" if close else ""
        self.trouble(place, f"names no field {{{field}}}{hint}", ", ".join(known))
        return False

    # -- values -------------------------------------------------------------------------------

    def filled(self, written: str, place: _Place) -> str | None:
        """``written`` with each ``{field}`` replaced by the card's value; None (the problem
        kept) when it names a field the card does not have."""
        missing = [f for f in PLACEHOLDER.findall(written) if not self.field_known(f, place)]
        if missing:
            return None
        return PLACEHOLDER.sub(lambda m: said(self.values[m.group(1)]), written)

    def colour(self, style: Style, place: _Place, what: str) -> str | bool | None:
        """The colour ``style`` gives this card: ``#rrggbb``, None for none, False (the
        problem kept) when it cannot be told."""
        if isinstance(style, ByValue):
            if not self.field_known(style.by, place, "by"):
                return False
            value = said(self.values[style.by])
            chosen = dict(style.cases).get(value, style.otherwise)
            return self.colour(chosen, place, what)
        if style == "none":
            return None
        if style.startswith("#"):
            return style
        found = self.filled(style, place)
        if found is None:
            return False
        value = found
        if len(value) == 7 and value.startswith("#"):
            return value.lower()
        if value in ("", "none"):
            return None
        self.trouble(place, f"{what} {style} is {value!r}, not a colour", "#rrggbb")
        return False

    def shown(self, element: Element, place: _Place) -> bool:
        """Whether every condition of ``element`` holds for this card."""
        when = element.box.when
        conditions: Sequence[Condition] = (
            () if when is None else (when,) if isinstance(when, Condition) else when
        )
        shown = True
        for index, condition in enumerate(conditions):
            keys = ("when",) if isinstance(when, Condition) else ("when", str(index))
            here = _Place(written_at(element, place, *keys), place.field)
            if not self.field_known(condition.field, here, "when"):
                return False
            shown = shown and condition.holds(self.values[condition.field])
        return shown

    # -- the face -----------------------------------------------------------------------------

    def run(self, layout: Layout) -> list[Item]:
        items: list[Item] = []
        self.background = None
        if layout.background is not None:
            place = _Place(location_of(layout.source or self.source), "background")
            found = self.colour(layout.background, place, "background")
            if isinstance(found, str):
                self.background = found
                items.append(Rect((0.0, 0.0), self.width, self.height, fill=found))
                self.fills.append(((0.0, 0.0, self.width, self.height), found))
        for element in layout.elements:
            items.extend(self.element(element))
        return items

    def element(self, element: Element) -> list[Item]:
        place = _Place(location_of(element.source or self.source), _kind(element))
        if not self.shown(element, place):
            return []
        box = element.box
        x, y = box.x.of(self.width), box.y.of(self.height)
        w, h = box.width.of(self.width), box.height.of(self.height)
        if not self.on_face(element, place):
            return []
        inner = (h, w) if box.rotate in (90, 270) else (w, h)
        grouped = box.rotate != 0 or box.opacity != 1
        # Items are laid out in the element's box, at its place on the face (or, in a group
        # that turns or fades them, at the group's origin).
        self.origin = (0.0, 0.0) if grouped else (x, y)
        if isinstance(element, TextElement):
            drawn = self.text(element, inner, place, (x, y, w, h))
        elif isinstance(element, ShapeElement):
            drawn = self.shape(element, inner, place)
            if drawn and box.opacity == 1 and element.shape in ("rect", "ellipse"):
                fill = self.colour(element.fill, place, "fill")
                if isinstance(fill, str):
                    self.fills.append(((x, y, x + w, y + h), fill))
        elif isinstance(element, ImageElement):
            drawn = self.image(element, inner, place)
        else:
            drawn = self.icons(element, inner, place)
        if not drawn:
            return []
        if not grouped:
            return drawn
        return [Group(tuple(drawn), (x, y), w, h, box.rotate, box.opacity)]

    def on_face(self, element: Element, place: _Place) -> bool:
        """Whether the element's box has a size and lies on the face; if not, the problem is
        said at the key that puts it off (``x`` or ``width``, ``y`` or ``height``), in the units
        the data writes them in."""
        box = element.box
        for key, span, whole in (
            ("width", box.width, self.width),
            ("height", box.height, self.height),
        ):
            if span.of(whole) <= 0:
                self.trouble(
                    _Place(written_at(element, place, key), f"{place.field}.{key}"),
                    f"{_said_span(span)} leaves the box no {key}",
                    f"a {key} above 0",
                )
                return False
        for start_key, size_key, start, size, whole, edge in (
            ("x", "width", box.x, box.width, self.width, "right"),
            ("y", "height", box.y, box.height, self.height, "bottom"),
        ):  # a box starts on the face (no length is negative): it may end past it
            end = start.of(whole) + size.of(whole)
            if end <= whole + 0.01:
                continue
            at_start = bool(start.written) or not size.written
            key = start_key if at_start else size_key
            face = f"the {self.kind}'s"
            said = (
                f"{_said_span(start)} + {size_key} {_said_span(size)}"
                if at_start
                else f"{_said_span(size)} from {start_key} {_said_span(start)}"
            )
            most = f"at most 100% of {face} {size_key} ({to_mm(whole):.1f} mm)"
            left = whole - size.of(whole)
            self.trouble(
                _Place(written_at(element, place, key), f"{place.field}.{key}"),
                f"{said} runs off {face} {edge} edge by "
                f"{_amount(end - whole, whole, (start, size))}",
                f"{size_key} {most}"
                if left < -0.01
                else f"{start_key} + {size_key} {most}: with this {size_key}, {start_key} at "
                f"most {_said_length(left, whole, start)}",
            )
            return False
        return True

    # -- shapes -------------------------------------------------------------------------------

    def shape(self, element: ShapeElement, inner: tuple[float, float], place: _Place) -> list[Item]:
        fill = self.colour(element.fill, place, "fill")
        stroke = self.colour(element.stroke, place, "stroke")
        if fill is False or stroke is False:
            return []
        fill_, stroke_ = _ink(fill), _ink(stroke)
        w, h = inner
        ox, oy = self.origin
        line = element.stroke_width
        if element.shape == "rect":
            return [Rect((ox, oy), w, h, element.radius, fill_, stroke_, line)]
        if element.shape == "ellipse":
            return [Ellipse((ox, oy), w, h, fill_, stroke_, line)]
        if element.shape == "hex":
            corners = (
                (0, h / 2),
                (w / 4, 0),
                (3 * w / 4, 0),
                (w, h / 2),
                (3 * w / 4, h),
                (w / 4, h),
            )
            placed = tuple((ox + cx, oy + cy) for cx, cy in corners)
            return [Shape(placed, True, fill_, stroke_, line)]
        points = tuple((ox + px.of(w), oy + py.of(h)) for px, py in element.points)
        least = 2 if element.shape == "line" else 3
        if len(points) < least:
            self.trouble(
                place,
                f"a {element.shape} has {len(points)} point{'s' if len(points) != 1 else ''}",
                f"points: at least {least} [x, y] pairs in its box",
            )
            return []
        closed = element.shape == "polygon"
        if not closed and stroke_ is None:
            self.trouble(place, "a line with no stroke draws nothing", 'stroke: "#rrggbb"')
            return []
        return [Shape(points, closed, fill_ if closed else None, stroke_, line)]

    # -- pictures and icons ---------------------------------------------------------------------

    def image(self, element: ImageElement, inner: tuple[float, float], place: _Place) -> list[Item]:
        name = self.filled(element.image, place)
        if name is None or not name:
            return []
        renderer = self.painter.renderer
        before = len(renderer.image_problems)
        w, h = inner
        found = renderer.find_image(name, place.field, w, h)
        for _field, message, allowed in renderer.image_problems[before:]:
            self.trouble(self._field_place(element.image, place), message, allowed)
        del renderer.image_problems[before:]
        if found is None:
            return []
        return [Picture(found[0], found[1], self.origin, w, h, element.fit)]  # type: ignore[arg-type]

    def icons(self, element: IconElement, inner: tuple[float, float], place: _Place) -> list[Item]:
        name = self.filled(element.icon, place)
        count_text = self.filled(element.repeat, place)
        ink = self.colour(element.colour, place, "colour")
        if name is None or count_text is None or ink is False or not name:
            return []
        try:
            count = int(float(count_text)) if count_text else 0
        except ValueError:
            self.trouble(
                place, f"repeat {element.repeat} is {count_text!r}, not a count", "0 to 20"
            )
            return []
        if not 0 <= count <= 20:
            self.trouble(place, f"repeat {element.repeat} is {count}", "0 to 20")
            return []
        if not self.icon_known(name, self._field_place(element.icon, place)):
            return []
        w, h = inner
        side = min(h, w / (count + ICON_GAP * (count - 1))) if count else h
        total = count * side + max(0, count - 1) * side * ICON_GAP
        left = {"left": 0.0, "right": w - total}.get(element.align, (w - total) / 2)
        top = (h - side) / 2
        colour = _ink(ink) or "#000000"
        ox, oy = self.origin
        paper = self.under((ox, oy, ox + w, oy + h))
        here = self._field_place(element.icon, place)
        return [
            self.icon(
                name, ox + left + i * side * (1 + ICON_GAP), oy + top, side, colour, paper, here
            )
            for i in range(count)
        ]

    def icon_known(self, name: str, place: _Place) -> bool:
        renderer = self.painter.renderer
        if name not in renderer.icon_names:
            message = markup.unknown_icon(name, renderer.icon_names, "icon")
            self.trouble(place, message, ", ".join(renderer.icon_names))
            return False
        path = renderer.game_icons.get(name)
        if path is not None:
            if name not in self.painter._icon_art:
                what = f"the icon :{name}: (assets/icons/{path.name})"
                self.painter._icon_art[name] = art_problems(path.read_bytes(), what)
            for message, allowed in self.painter._icon_art[name]:
                self.trouble(place, message, allowed)
                return False
        return True

    def icon(
        self, name: str, x: float, y: float, side: float, ink: str, paper: str, place: _Place,
        *, inline: bool = False,
    ) -> Svg:  # fmt: skip
        """The emblem or the game's icon ``name`` in the square (x, y, side); the text of a
        game's icon is held to 6 pt as printed at that size (the problem kept at ``place``)."""
        path = self.painter.renderer.game_icons.get(name)
        r = side / 2
        if path is None:
            return Svg((x, y), side, side, str(emblem_svg(name, r, r, r, ink, paper)))
        digest = self.painter.digest(path)
        for message, allowed in icon_text_problems(str(path), digest, name, side, inline=inline):
            self.trouble(place, message, allowed)
        return Svg((x, y), side, side, icon_group(path, 0.0, 0.0, side))

    def under(self, box: tuple[float, float, float, float]) -> str:
        """The colour a box is printed on: the last opaque rectangle drawn that holds it."""
        x0, y0, x1, y1 = box
        for (a, b, c, d), colour in reversed(self.fills):
            if a <= x0 + 0.01 and b <= y0 + 0.01 and c >= x1 - 0.01 and d >= y1 - 0.01:
                return colour
        return PAPER

    def _field_place(self, written: str, place: _Place) -> _Place:
        """A value that shows one field (``{art}``, ``Beats {beats}``) is wrong at that
        field's place (the card's, when the field's own is not known): the card's value is
        what is wrong."""
        fields = set(PLACEHOLDER.findall(written))
        if len(fields) == 1:
            field = fields.pop()
            where = self.field_sources.get(field) or self.source
            if where:
                return _Place(location_of(where), field)
        return place

    # -- text ---------------------------------------------------------------------------------

    def font_problem(self, element: TextElement, place: _Place) -> None:
        """The element's font is no family of the game, or has no face of its weight and style:
        said at its ``font`` key, with where a family's file goes."""
        book = self.painter.book
        font = element.font
        here = _Place(written_at(element, place, "font"), f"{place.field}.font")
        if font in book.families:
            style = " italic" if element.style == "italic" else ""
            said = f"{font!r} has no {element.weight}{style} face"
            self.trouble(here, said, f"{font}: {book.allowed(font)}")
            return
        hint = book.did_you_mean(font)
        self.trouble(
            here,
            f"{font!r} is no font of this game: there is no assets/fonts/{font}.ttf{hint}",
            f"{book.allowed()}, or a font of your own: its .ttf file in assets/fonts/, named "
            f"for it (assets/fonts/{font}.ttf)",
        )

    def text(
        self,
        element: TextElement,
        inner: tuple[float, float],
        place: _Place,
        box: tuple[float, float, float, float],
    ) -> list[Item]:
        written = (element.text,) if isinstance(element.text, str) else element.text
        texts = [self.filled(t, place) for t in written]
        if any(t is None for t in texts):
            return []
        ink = self.colour(element.colour, place, "colour")
        if ink is False:
            return []
        colour = _ink(ink) or "#000000"
        here = self._field_place(written[0], place) if len(written) == 1 else place
        try:
            base = self.painter.face_of(element.font, element.weight, element.style == "italic")
        except KeyError:
            self.font_problem(element, place)
            return []
        x, y, w, h = box
        paper = self.under((x, y, x + w, y + h))
        least = element.min_contrast
        if ink and _contrast(colour, paper) < least:
            self.trouble(
                place,
                f"text in {colour} on {paper} has contrast {contrast(colour, paper):.1f}: "
                "too faint to read",
                f"a colour with a contrast of at least {least:g} with {paper}",
            )
            return []
        setter = _Setter(self, element, base, here, paper)
        candidates = [t for t in texts if t is not None]
        if not any(c.strip() for c in candidates):
            return []
        for candidate in candidates[:-1]:  # the first alternative that fits, shrunk or not
            laid = setter.fit(candidate, inner)
            if laid is not None:
                return setter.draw(laid, inner, colour)
        laid = setter.fit(candidates[-1], inner)
        if laid is None:
            smallest = smallest_size(element.size, element.min_size)
            shown = candidates[-1].replace("\n", " ")
            shown = shown if len(shown) <= 40 else shown[:40] + "…"
            self.trouble(
                here,
                f"text does not fit: {shown!r} does not fit a {inner[0]:.0f} × {inner[1]:.0f} pt "
                f"box at {smallest:g} pt",
                "shorter text, a larger box, or a smaller min_size (6 pt at least)",
            )
            return []
        return setter.draw(laid, inner, colour)


Line = list[markup.Word]


@dataclass(frozen=True, slots=True)
class _Laid:
    """A text laid out in its box: its lines of words, and the size that fits."""

    lines: tuple[Line, ...]
    size: float


class _Setter:
    """A text element's words, set in its font with the card text's markup."""

    def __init__(
        self, job: _Job, element: TextElement, base: str, place: _Place, paper: str
    ) -> None:
        self.job = job
        self.element = element
        self.base = base
        self.place = place
        self.paper = paper
        self.spans = False
        """Whether the text being set has a span (its sizes are then not all the text's)."""
        self.weight = {"semibold": "600"}.get(element.weight, element.weight)
        if element.style == "italic":
            self.weight = "italic"
        self._faces: dict[str, str] = {}
        self._units: dict[int, tuple[markup.Atom, float]] = {}

    def face(self, atom: markup.Atom) -> str:
        """The face an atom of this text is set in (its markup's weight in the text's font)."""
        face = self._faces.get(atom.weight)
        if face is None:
            face = self._faces[atom.weight] = self.job.painter.atom_face(
                self.element, atom.weight, self.base
            )
        return face

    def unit(self, atom: markup.Atom) -> float:
        """The width of a text atom at 1 pt in its face, once an atom (asked for each size
        tried and each line drawn); the atom is kept with it, so its identity stays its own."""
        kept = self._units.get(id(atom))
        if kept is None:
            kept = self._units[id(atom)] = (
                atom,
                self.job.painter.unit_width(atom.text, self.face(atom)),
            )
        return kept[1]

    def width(self, atom: markup.Atom, size: float) -> float:
        set_at = size if atom.scale == 1.0 else atom_size(atom, size)
        if atom.icon:
            return set_at * ICON_WIDTH
        return self.unit(atom) * set_at

    def plain(self, line: Line) -> bool:
        """Whether every word of ``line`` is one atom of text in the text's own face, size and
        colour: drawn as one run, as the loop of :meth:`draw` would draw it."""
        for word in line:
            if len(word) != 1:
                return False
            atom = word[0]
            if atom.icon or atom.scale != 1.0 or atom.colour or self.face(atom) != self.base:
                return False
        return True

    def line_width(self, line: Sequence[markup.Word], size: float) -> float:
        words = sum(self.width(a, size) for word in line for a in word)
        return words + fonts.text_width(" ", self.base, size) * max(0, len(line) - 1)

    def glyphs(self, paragraphs: list[list[markup.Word]]) -> bool:
        """Whether every character of the text has a glyph in the face it is set in (a
        designer's font may lack some); else the problem is kept, once a text and face."""
        by_face: dict[str, list[str]] = {}
        for paragraph in paragraphs:
            for word in paragraph:
                for atom in word:
                    if not atom.icon:
                        by_face.setdefault(self.face(atom), []).append(atom.text)
        fine = True
        for face, parts in by_face.items():
            text = " ".join(parts)
            key = (text, face)
            known = self.job.painter._glyphs
            if key not in known:
                known[key] = fonts.glyph_problem(text, (face,), self.element.font)
            if known[key] is not None:
                self.job.trouble(self.place, str(known[key]), "characters the font draws")
                fine = False
        return fine

    def words(self, text: str) -> list[list[markup.Word]] | None:
        icons = self.job.painter.renderer.icon_names
        try:
            return [markup.words(p, self.weight, icons) for p in text.split("\n")]
        except markup.MarkupProblem as exc:
            self.job.trouble(self.place, str(exc), exc.allowed)
            return None

    def fit(self, text: str, inner: tuple[float, float]) -> _Laid | None:
        paragraphs = self.words(text)
        if paragraphs is None:
            return _Laid((), 0.0)  # reported; nothing drawn
        if not self.glyphs(paragraphs):
            return _Laid((), 0.0)
        for name in dict.fromkeys(markup.ICON.findall(text)):
            if not self.job.icon_known(name, self.place):
                return _Laid((), 0.0)
        w, h = inner
        element = self.element
        # A word's width is its width at 1 pt times the size (text_width is linear in it):
        # each word is measured once, not once for every size and line tried.
        words = [word for paragraph in paragraphs for word in paragraph]
        spans = self.spans = any(atom.scale != 1.0 for word in words for atom in word)
        unit = [sum(self.width(atom, 1.0) for atom in word) for word in words]
        space = fonts.text_width(" ", self.base, 1.0)
        numbered: list[list[int]] = []
        for paragraph in paragraphs:
            start = sum(len(p) for p in numbered)
            numbered.append(list(range(start, start + len(paragraph))))
        for size in text_sizes(element.size, element.min_size):

            def fits(line: list[int], size: float = size) -> bool:
                if spans:  # a span is never set under 6 pt: not linear in the size
                    return self.line_width([words[i] for i in line], size) <= w + 1e-9
                wide = sum(unit[i] for i in line) + space * (len(line) - 1)
                return wide * size <= w + 1e-9

            lines: list[Line] = []
            for paragraph_words in numbered:
                filled = fill_lines(paragraph_words, fits)
                if filled is None:
                    break
                lines += [[words[i] for i in line] for line in filled]
            else:
                if self.height(lines, size) <= h + 1e-6:
                    return _Laid(tuple(lines), size)
        return None

    def baselines(self, lines: Sequence[Line], size: float, top: float) -> list[float]:
        """Each line's baseline below ``top``: ``line_spacing`` sizes apart, a line of larger
        type (a span) that much further from the one before."""
        step = size * self.element.line_spacing
        if not self.spans or all(self.tallest(line, size) <= size for line in lines):
            return [top + size * 0.8 + i * step for i in range(len(lines))]
        out: list[float] = []
        for i, line in enumerate(lines):
            tall = max(size, self.tallest(line, size))
            out.append(top + tall * 0.8 if i == 0 else out[-1] + tall * self.element.line_spacing)
        return out

    def tallest(self, line: Line, size: float) -> float:
        """The size of a line's largest type (a span may set it larger than the text)."""
        return max((atom_size(atom, size) for word in line for atom in word), default=size)

    def height(self, lines: Sequence[Line], size: float) -> float:
        """From the top of the first line to the foot of the last, each line as tall as its
        largest type."""
        if not lines:
            return 0.0
        if not self.spans:
            return size + size * self.element.line_spacing * (len(lines) - 1)
        sizes = [max(size, self.tallest(line, size)) for line in lines]
        return sizes[0] + sum(s * self.element.line_spacing for s in sizes[1:])

    def draw(self, laid: _Laid, inner: tuple[float, float], colour: str) -> list[Item]:
        if not laid.lines:
            return []
        w, h = inner
        size = laid.size
        needed = self.height(laid.lines, size)
        ox, oy = self.job.origin
        top = oy + {"middle": (h - needed) / 2, "bottom": h - needed}.get(self.element.valign, 0.0)
        items: list[Item] = []
        space = fonts.text_width(" ", self.base, size)
        baselines = self.baselines(laid.lines, size, top)
        for line, baseline in zip(laid.lines, baselines, strict=True):
            wide = self.line_width(line, size)
            left = ox + {"center": (w - wide) / 2, "right": w - wide}.get(self.element.align, 0.0)
            if self.plain(line):  # one word a plain atom in the text's face: one run, at once
                text = " ".join(word[0].text for word in line)
                items.append(Words((left, baseline), text, size, colour, font=self.base))
                continue
            # the line's words in one style as one string, which sets its glyphs where the
            # words would be when a space between them is the base face's at the line's size
            run: list[str] = []
            run_at = (left, baseline)
            run_style: tuple[str, float, str] = ("", 0.0, "")
            for n, word in enumerate(line):
                gap = ""
                if n:
                    left += space
                    gap = " "
                for atom in word:
                    set_at = size if atom.scale == 1.0 else atom_size(atom, size)
                    ink = atom.colour or colour
                    if atom.icon:  # as the card text's icons are drawn (markup_lines)
                        _flush(items, run, run_at, run_style)
                        run = []
                        r = set_at * 0.48
                        cx, cy = left + set_at * ICON_WIDTH / 2, baseline - set_at * 0.34
                        items.append(
                            self.job.icon(
                                atom.icon, cx - r, cy - r, 2 * r, ink, self.paper, self.place,
                                inline=True,
                            )
                        )  # fmt: skip
                        left += set_at * ICON_WIDTH
                    else:
                        face = self.face(atom)
                        style = (face, set_at, ink)
                        spaced = face == self.base and set_at == size
                        if run and style == run_style and (spaced or not gap):
                            run.append(gap + atom.text)
                        else:
                            _flush(items, run, run_at, run_style)
                            run, run_at, run_style = [atom.text], (left, baseline), style
                        left += self.unit(atom) * set_at
                    gap = ""
            _flush(items, run, run_at, run_style)
        return items


def _flush(
    items: list[Item], run: list[str], at: tuple[float, float], style: tuple[str, float, str]
) -> None:
    """The words of ``run`` (one style: face, size, colour) as one string at ``at``."""
    if run:
        face, size, colour = style
        items.append(Words(at, "".join(run), size, colour, font=face))


def _kind(element: Element) -> str:
    if isinstance(element, TextElement):
        return "text"
    if isinstance(element, ImageElement):
        return "image"
    if isinstance(element, IconElement):
        return "icon"
    return f"shape {element.shape}"


def _ink(colour: str | bool | None) -> str | None:
    return colour if isinstance(colour, str) else None


def written_at(element: Element, place: _Place, *keys: str) -> Location:
    """Where the element writes ``keys`` (``when``, ``font``, ``x``): the key's own line, else
    the element's (an element made in code, or a key left to its default)."""
    where = element.box.where.of(*keys)
    return where if where.file else place.where


def _unit(span: Span) -> str:
    """The unit ``span`` is written in: ``%``, ``in``, ``mm``, ``cm``, ``pt``; "" for 0."""
    if span.written:
        return "%" if span.written.endswith("%") else span.written[-2:]
    return "%" if span.share else "pt" if span.points else ""


def _said_span(span: Span) -> str:
    """``span`` as the data writes it (``90%``, ``3mm``)."""
    if span.written:
        return span.written
    unit = _unit(span)
    if unit == "%":
        return f"{_figure(span.share * 100)}%"
    return f"{_figure(span.points)}pt" if unit else "0"


def _said_length(points: float, whole: float, like: Span) -> str:
    """``points`` on a face ``whole`` points wide (or tall) in the unit ``like`` is written in:
    a share of the face, or a length."""
    unit = _unit(like)
    if unit == "%":
        return f"{_figure(points / whole * 100)}%"
    return in_unit(points, unit) if unit in UNITS else f"{_figure(to_mm(points))}mm"


def _amount(points: float, whole: float, spans: tuple[Span, ...]) -> str:
    """How far a box runs off, in the unit its ``spans`` share (a share of the face also in
    mm), else in mm."""
    units = {_unit(span) for span in spans} - {""}
    if len(units) == 1:
        said = _said_length(points, whole, next(s for s in spans if _unit(s)))
        return said if units == {"mm"} else f"{said} ({_figure(to_mm(points))} mm)"
    return f"{_figure(to_mm(points))} mm"


def _figure(number: float) -> str:
    """A measure to one decimal, with no trailing zero: ``10``, ``6.4``."""
    return f"{number:.1f}".rstrip("0").rstrip(".")
