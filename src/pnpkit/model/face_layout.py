"""A card's (or a token's) face laid out in data: the layout language, declared once.

A designer writes named layouts in ``game.yaml`` (``layouts:``) and a deck names one for its
fronts or backs; :mod:`pnpkit.render.face_layout` lays a layout out for each card and draws it
straight onto the PDF page. Each element is a mapping whose first key says what it draws::

    layouts:
      crew:
        extends: frame                      # every element of the layout `frame` first
        elements:
          - shape: rect                     # rect, ellipse, line, polygon or hex
            x: 4mm
            y: 4mm
            width: 92%                      # of the card's width (x, width) or height (y, height)
            height: 12mm
            radius: 2mm
            fill: "{colour}"                # a field's value, or #rrggbb
          - text: "{name}"                  # literal text with {field} placeholders
            y: 5mm
            height: 10mm
            size: 14pt                      # shrunk to fit, never under min_size (6 pt at least)
            weight: bold
            align: center
            colour: {by: kind, cases: {Crew: "#ffffff"}, else: "#fbf7ee"}
          - icon: anchor                    # an emblem, an icon of assets/icons, or "{field}"
            repeat: "{cost}"                # side by side, as pips
            when: cost                      # drawn only when the card gives a cost

The annotations below are the schema (:mod:`pnpkit.model.schema`): the loader reads every key
from them, so a key is declared here and nowhere else. Lengths are read as :class:`Span`
(points, plus a share of the card), once, by the loader.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Annotated

from pnpkit.errors import Location
from pnpkit.model.schema import (
    LATER,
    NOWHERE,
    Items,
    Key,
    Length,
    OneOf,
    Parse,
    Source,
    Text,
    Where,
    written_keys,
)
from pnpkit.units import UnitError, to_points

LAYOUT_NAME = r"[a-z][a-z0-9_-]{0,39}"
"""The rule of a layout's name (``crew``, ``crew-back``)."""
FAMILIES = ("sans", "serif", "display")
"""The built-in font families (:mod:`pnpkit.render.fonts`); a game's own fonts in
``assets/fonts/`` add theirs."""
PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]*)\}")
"""``{name}`` in a text, an image, an icon, a colour or a count: the card's field ``name``."""

SPAN_ALLOWED = "a length with its unit (3mm, 0.25in, 12pt) or a share of the card (50%)"


@dataclass(frozen=True, slots=True)
class Span:
    """A position or a size on the face: ``points`` plus ``share`` of the card's width (for x
    and width) or height (for y and height). ``12mm`` is (34.02, 0); ``50%`` is (0, 0.5)."""

    points: float = 0.0
    share: float = 0.0
    written: str = field(default="", compare=False)
    """As the data writes it (``12mm``, ``50%``), for messages; empty for a span made in code."""

    def of(self, whole: float) -> float:
        """The span in points on a face ``whole`` points wide (or tall)."""
        return self.points + self.share * whole


def read_span(value: object) -> Span:
    """``12mm``, ``0.5in``, ``9pt``, ``40%`` or ``0`` as a :class:`Span`; ValueError with the
    message to show."""
    if value == 0 and not isinstance(value, bool):
        return Span()
    if isinstance(value, str) and value.strip().endswith("%"):
        number = value.strip()[:-1].strip()
        try:
            share = float(number)
        except ValueError:
            raise ValueError(f"{value!r} is not a share of the card") from None
        if not 0 <= share <= 100:
            raise ValueError(f"{value} is not between 0% and 100%")
        return Span(0.0, share / 100, value.strip())
    try:
        return Span(to_points(value if isinstance(value, str) else repr(value)), 0.0, str(value))
    except UnitError:
        shown = repr(value) if isinstance(value, str) else str(value)
        raise ValueError(
            f"{shown} has no unit" if not isinstance(value, str) else f"{shown} is not a length"
        ) from None


Measure = Annotated[Span, Parse(read_span, "a length", SPAN_ALLOWED)]
"""A position or size written with its unit or as a share of the card."""

COLOUR_ALLOWED = '#rrggbb, none, or "{field}" (a colour field or the accent)'


def read_paint(value: object) -> str:
    """A colour as a layout writes it: ``#rrggbb`` (kept lower-case), ``none``, or a field's
    value ``{accent}``."""
    if isinstance(value, str):
        if re.fullmatch(r"#[0-9a-fA-F]{6}", value):
            return value.lower()
        if value == "none" or PLACEHOLDER.fullmatch(value):
            return value
    raise ValueError(f"{value!r} is not a colour")


Paint = Annotated[str, Parse(read_paint, "a colour", COLOUR_ALLOWED, starts_with_hash=True)]


@dataclass(frozen=True, slots=True)
class ByValue:
    """A colour chosen by a field's value: ``{by: kind, cases: {Crew: "#aa3333"}, else:
    "#555555"}``."""

    by: Annotated[str, Text(max_len=30, pattern=r"[a-z][a-z0-9_]*")]
    cases: dict[str, Paint]
    otherwise: Annotated[Paint, Key.of("else")] = "none"
    source: Source = ""


Style = Paint | ByValue
"""A colour, or a colour by a field's value."""


@dataclass(frozen=True, slots=True)
class Condition:
    """``cost`` (the card gives a cost: not empty), ``not cost``, ``kind = Crew, Officer`` (one
    of these values), ``kind != Crew``."""

    field: str
    values: tuple[str, ...] = ()
    negated: bool = False

    def holds(self, value: object) -> bool:
        found = _said(value) in self.values if self.values else value not in ("", None, (), [])
        return found != self.negated


def _said(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


CONDITION_ALLOWED = "FIELD, not FIELD, FIELD = VALUE[, VALUE…] or FIELD != VALUE[, VALUE…]"


def read_condition(value: object) -> Condition:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{value!r} is not a condition")
    written = value.strip()
    match = re.fullmatch(r"(not\s+)?([a-z][a-z0-9_]*)", written)
    if match:
        return Condition(match.group(2), (), bool(match.group(1)))
    match = re.fullmatch(r"([a-z][a-z0-9_]*)\s*(!=|=)\s*(.+)", written)
    if match:
        values = tuple(part.strip() for part in match.group(3).split(","))
        # an operator written twice or wrongly (kind == Crew, kind =! Crew, kind => 2) would
        # compare with "= Crew": never true, the element silently gone from every card
        if all(values) and not any("=" in v or v[0] in "!<>" for v in values):
            return Condition(match.group(1), values, match.group(2) == "!=")
    raise ValueError(f"{value!r} is not a condition")


When = Annotated[Condition, Parse(read_condition, "a condition", CONDITION_ALLOWED)]

TURNS = (0, 90, 180, 270)
"""Rotation by quarter turns, counter-clockwise as the reader sees it."""


@dataclass(frozen=True, slots=True)
class Box:
    """Where any element sits, and when it is drawn (shared by every element)."""

    x: Measure = Span()
    y: Measure = Span()
    """From the face's top edge down."""
    width: Measure = Span(0.0, 1.0)
    height: Measure = Span(0.0, 1.0)
    rotate: Annotated[int, Parse(_turn, "a quarter turn", "0, 90, 180 or 270")] = 0
    """Quarter turns, counter-clockwise as the reader sees it, about the box's centre."""
    opacity: Annotated[float, Parse(_fraction, "a number", "0 to 1")] = 1.0
    when: When | tuple[When, ...] | None = None
    """Every condition must hold (one condition, or a list of them)."""
    name: Annotated[str, Text(max_len=40, pattern=LAYOUT_NAME)] = ""
    """An element a layout that extends this one replaces by giving one of the same name."""
    where: Where = field(default=NOWHERE, compare=False)
    """Where the element's keys are written (its box shares the element's mapping): a problem
    of one key (``when``, ``font``, ``x``) is said at its line."""


def _fraction(value: object) -> float:
    if isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 1:
        return float(value)
    raise ValueError(f"{value!r} is not between 0 and 1")


def _turn(value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and value in TURNS:
        return value
    raise ValueError(f"{value!r} is not a quarter turn")


TextValue = Annotated[str, Text(min_len=0, max_len=2000)]


@dataclass(frozen=True, slots=True)
class TextElement:
    """Text in its box: a field, or literal text with ``{field}`` placeholders, with the card
    text's markup (``**bold**``, ``*italic*``, ``:icon:``, spans). A list gives alternatives:
    the first that fits at its size is printed (a long footer, then a shorter one)."""

    text: TextValue | tuple[TextValue, ...]
    box: Annotated[Box, Key.of()] = Box()
    font: Annotated[str, Text(max_len=40, pattern=r"[a-z][a-z0-9-]*")] = "sans"
    size: Annotated[float, Length(6.0, 144.0)] = 10.0
    min_size: Annotated[float, Length(6.0, 144.0)] = 6.0
    """The text shrinks to fit its box in 0.25 pt steps down to this (never under 6 pt)."""
    weight: Annotated[str, OneOf(("normal", "semibold", "bold"))] = "normal"
    style: Annotated[str, OneOf(("normal", "italic"))] = "normal"
    colour: Style = "#000000"
    align: Annotated[str, OneOf(("left", "center", "right"))] = "left"
    valign: Annotated[str, OneOf(("top", "middle", "bottom"))] = "top"
    line_spacing: Annotated[
        float, Parse(_spacing, "a number", "a multiple of the size, 0.8 to 3")
    ] = 1.18
    min_contrast: Annotated[float, Parse(_ratio, "a contrast", "1 to 21")] = 4.5
    """The least contrast (WCAG's ratio) the text's colour must have with what it is printed
    on: 4.5 (:data:`pnpkit.load.cards.MIN_CONTRAST`) unless a look that means fainter text
    says so here."""
    source: Source = ""


def _ratio(value: object) -> float:
    if isinstance(value, int | float) and not isinstance(value, bool) and 1 <= value <= 21:
        return float(value)
    raise ValueError(f"{value!r} is not between 1 and 21")


def _spacing(value: object) -> float:
    if isinstance(value, int | float) and not isinstance(value, bool) and 0.8 <= value <= 3:
        return float(value)
    raise ValueError(f"{value!r} is not between 0.8 and 3")


@dataclass(frozen=True, slots=True)
class ImageElement:
    """A picture of the game's ``assets/``: a file name, or a field naming one (``{art}``).
    ``fit`` keeps it whole inside the box, ``fill`` stretches it to the box, ``crop`` covers
    the box and cuts what overflows."""

    image: Annotated[str, Text(max_len=200)]
    box: Annotated[Box, Key.of()] = Box()
    fit: Annotated[str, OneOf(("fit", "fill", "crop"))] = "fit"
    source: Source = ""


@dataclass(frozen=True, slots=True)
class IconElement:
    """An emblem or an icon of ``assets/icons/`` (a name, or ``{field}``), as tall as its box,
    ``repeat`` times side by side (a count or ``{field}``: pips), centred unless aligned."""

    icon: Annotated[str, Text(max_len=60)]
    box: Annotated[Box, Key.of()] = Box()
    repeat: Annotated[str, Parse(_count, "a count", '0 to 20, or "{field}"')] = "1"
    colour: Style = "#000000"
    align: Annotated[str, OneOf(("left", "center", "right"))] = "center"
    source: Source = ""


def _count(value: object) -> str:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 20:
        return str(value)
    if isinstance(value, str) and PLACEHOLDER.fullmatch(value):
        return value
    raise ValueError(f"{value!r} is not a count")


SHAPES = ("rect", "ellipse", "line", "polygon", "hex")


@dataclass(frozen=True, slots=True)
class ShapeElement:
    """A shape in its box: a rectangle (rounded by ``radius``), an ellipse (a circle in a
    square box), a hexagon (flat top; turn it 90 for a pointed top), or a line or polygon
    through ``points`` (each ``[x, y]`` in the box, lengths or shares of the box)."""

    shape: Annotated[str, OneOf(SHAPES)]
    box: Annotated[Box, Key.of()] = Box()
    fill: Style = "none"
    stroke: Style = "none"
    stroke_width: Annotated[float, Length(0.1, 72.0)] = 1.0
    radius: Annotated[float, Length(0.0, 360.0)] = 0.0
    points: Annotated[tuple[tuple[Measure, Measure], ...], Items(max_len=64)] = ()
    source: Source = ""


BOX_KEYS = written_keys(Box)
"""The keys every element may write (its box's: ``x``, ``when``, …)."""

Element = TextElement | ImageElement | IconElement | ShapeElement
"""What a layout draws, told apart by its first key (``text``, ``image``, ``icon``,
``shape``)."""
ELEMENT_KINDS = ("text", "image", "icon", "shape")


@dataclass(frozen=True, slots=True)
class Layout:
    """A named layout: its elements, drawn in order (the first at the bottom), after the
    elements of the layout it ``extends`` (one of the same ``name`` replaced in place)."""

    elements: Annotated[tuple[Element, ...], Items(max_len=200)] = ()
    extends: Annotated[str, Text(max_len=40, pattern=LAYOUT_NAME)] = ""
    background: Style | None = None
    """A colour over the whole face (and its bleed) under every element: ``#rrggbb``, a
    field's (``"{accent}"``) or one by a field's value."""
    source: Source = ""
    name: Annotated[str, LATER] = field(default="", compare=False)
    """Filled by the loader with its key in ``layouts:``."""


def fields_named(layout: Layout) -> set[str]:
    """Every field ``layout`` names: in placeholders, conditions and colours by value (its
    background's too)."""
    names: set[str] = set()
    values: list[object] = [layout.background]
    for element in layout.elements:
        values.extend(vars_of(element))
    for value in values:
        if isinstance(value, str):
            names.update(PLACEHOLDER.findall(value))
        elif isinstance(value, ByValue):
            names.add(value.by)
            names.update(PLACEHOLDER.findall(" ".join([*value.cases.values(), value.otherwise])))
        elif isinstance(value, Condition):
            names.add(value.field)
    return names


def key_places(element: Element) -> frozenset[Location]:
    """Where ``element`` writes each of its keys (each condition of a list of them too), the
    places a problem of one key is said at (:func:`pnpkit.render.faces.decks.element_places`);
    none for an element made in code."""
    where = element.box.where
    when = element.box.when
    keys: list[tuple[str, ...]] = [(key,) for key in (*written_keys(type(element)), *BOX_KEYS)]
    if isinstance(when, tuple):
        keys += [("when", str(index)) for index in range(len(when))]
    return frozenset(place for place in (where.of(*k) for k in keys) if place.file)


def vars_of(element: Element) -> list[object]:
    """The values an element is written with, its box's conditions and its alternatives too."""
    box = element.box
    when = box.when
    conditions = [] if when is None else [when] if isinstance(when, Condition) else list(when)
    values: list[object] = [getattr(element, f) for f in element.__dataclass_fields__]
    texts = [v for v in values if isinstance(v, tuple) and all(isinstance(t, str) for t in v)]
    return [*values, *conditions, *(t for group in texts for t in group)]
