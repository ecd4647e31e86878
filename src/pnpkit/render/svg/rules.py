"""What a face's SVG must be before anything draws it, checked with no drawing library.

A face is laid out as SVG text (:mod:`pnpkit.render.faces.renderer`) in ``check`` and in ``build`` alike;
only the build turns it into a drawing (svglib, :mod:`pnpkit.render.svg.drawings`). So that a
face which passes ``check`` draws, :func:`svg_problems` holds the SVG to what the drawing step
needs, read with the standard library's XML parser:

- it is readable SVG, and its root is ``<svg>``;
- it has no ``<image>`` element (art goes through the ``image()`` helper, from ``assets/``);
- its ``width`` and ``height`` are the face's size, read the way svglib reads them (``pt``,
  ``in``, ``mm`` and ``cm`` as written; ``px`` and plain numbers are ¾ pt);
- every text is set in a built-in family (:data:`SVG_FAMILIES`: Source Sans Pro, Source Serif
  Pro, Fjalla One), in a weight its pip package has: its ``font-family`` (the first name of the
  list, on the element or one it sits in, as an attribute or in its ``style``) names the family,
  and its ``font-weight`` is one of :data:`WEIGHTS` the family has unless its ``font-style`` is
  italic (Fjalla One has neither). A font named anywhere else, a ``<style>`` sheet's included,
  must be a built-in family too;
- every character of every text has a glyph in the face it is set in (a character without one
  would print as an empty box); raw ``<text>`` is not fitted to anything, only the helpers fit;
- every text that prints is at least :data:`~pnpkit.verify.promises.MIN_TEXT_SIZE` as printed
  (:func:`printed_text`: its font-size times the transforms around it, as svglib draws it and
  the build's read-back measures it), an ``:icon:``'s text too, as drawn in its group
  (:data:`ICON_ATTRIBUTE`) at the size of the text around it;
- it fills and strokes with flat colours: no ``<linearGradient>``, ``<radialGradient>`` or
  ``<pattern>`` (svglib draws a gradient as solid black, in a PDF whose shading is missing, and a
  pattern as nothing);
- it uses no feature svglib leaves out or draws otherwise than a browser or Inkscape shows it
  (:mod:`pnpkit.render.svg.features`, which lists them and what is let be): no
  ``<foreignObject>``, flowed text, ``<textPath>``, mask, filter, marker, blending, CSS variable
  or transparency (which prints opaque in the PDF form a face or art is drawn in); a
  ``display: none``, ``transform`` and ``clip-path`` only where and as svglib reads them; no
  ``systemLanguage``. In a template each is reported at its line and column
  (:func:`located_svg_problems` gives the pattern that finds it).

Art (an SVG file of a game's ``assets/``, drawn by ``image()`` or as an ``:icon:``) is held to
the same by :func:`art_problems`, except its size: it is scaled to its box from its own size
(:func:`art_box`: a viewBox, or else a width and a height), which it must have. Its text is
held to the minimum size where ``image()`` places it (:func:`art_text_problems`), as fitted to
its box.

The drawing step checks the drawing again (its size and every string's font) and says the same
things, should this reading and svglib's ever differ.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pnpkit.load.characters import char_name
from pnpkit.render import fonts
from pnpkit.render.svg.features import (
    HIDDEN_UNLESS_USED,
    IDENTITY,
    Found,
    Linear,
    colour_problems,
    declaration_pattern,
    feature_problems,
    sheet_declarations,
    style,
    times,
    transform_matrix,
)
from pnpkit.verify.promises import MIN_TEXT_SIZE

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element

FAMILY = "Source Sans Pro"
"""The family text is set in unless a template names another (the one the helpers set)."""
SVG_FAMILIES = {"Source Sans Pro": "sans", "Source Serif Pro": "serif", "Fjalla One": "display"}
"""The built-in families (:data:`pnpkit.render.fonts.FAMILIES`) by the name an SVG gives them."""
WEIGHTS = {
    "normal": fonts.REGULAR,
    "400": fonts.REGULAR,
    "600": fonts.SEMIBOLD,
    "bold": fonts.BOLD,
    "700": fonts.BOLD,
}
"""The weights of the embedded faces, as an SVG may name them (regular is 400, bold 700)."""
_WEIGHT_NAMES = {
    "normal": "normal",
    "400": "normal",
    "600": "semibold",
    "bold": "bold",
    "700": "bold",
}
""":data:`WEIGHTS` as :data:`pnpkit.render.fonts.WEIGHTS` names them."""
ICON_ATTRIBUTE = "data-pnpkit-icon"
"""Marks the group an ``:icon:`` of a game's ``assets/icons/`` is drawn in on a face (its value
the icon's name), so what is said of the text in it names the icon."""
SMALL_TEXT = (
    f"text at least {MIN_TEXT_SIZE:g} pt as printed (its font-size times the scale it is drawn at)"
)
_SIZE_TOLERANCE = 0.005
"""What a text may fall short of the minimum by, as the build's read-back measures it
(:data:`pnpkit.verify.legibility.SIZE_TOLERANCE`)."""
SIZED = (
    'a viewBox="0 0 w h" on its <svg> (the drawing\'s own units), or a width and a height in pt, '
    "px, in, mm or cm"
)

_UNITS = {
    "pt": 1.0,
    "px": 0.75,
    "": 0.75,
    "pc": 12.0,
    "in": 72.0,
    "mm": 72 / 25.4,
    "cm": 72 / 2.54,
}
"""Points per unit of an SVG length, as svglib converts them."""
_AMOUNT = r"\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*"
"""A number as an SVG length or font-size writes it, before its unit."""
_LENGTH = re.compile(_AMOUNT + r"([a-z]*)\s*")
_FONT_FAMILY = re.compile(r"font-family\s*:\s*([^;}]+)")
_TEXT = {"text", "tspan", "textPath"}
PAINT_SERVERS = ("linearGradient", "radialGradient", "pattern")
_PAINT_REF = re.compile(r"url\(\s*['\"]?#([^'\")\s]+)")
"""SVG elements svglib does not print as drawn (a gradient prints black, a pattern nothing)."""
FLAT = 'flat colours: fill="#rrggbb" and stroke="#rrggbb"'
GLYPHS = (
    "characters the embedded font draws in the face the text is set in: Latin letters "
    "and accents, digits, punctuation and common symbols"
)
MOST_NAMED = 3
XML_ENTITIES = (
    "XML knows only the entities &amp; &lt; &gt; &quot; &apos; and numbered ones (&#169;); "
    "write the character itself (©)"
)


class UnknownFont(Exception):
    """An SVG asks for a font that is not the embedded pip font."""


def face_of(weight: str) -> str:
    """The embedded face of an SVG ``font-weight`` (or ``italic``)."""
    if weight == "italic":
        return fonts.ITALIC
    try:
        return WEIGHTS[weight]
    except KeyError:
        raise UnknownFont(f"font-weight {weight!r} (allowed: {', '.join(WEIGHTS)})") from None


def family_face(family: str, weight: str = "normal", style: str = "normal") -> str:
    """The embedded face for an SVG ``font-family`` list (its first name counts, as svglib
    asks the font map for that first), ``font-weight`` and ``font-style`` (italic, whatever
    the weight)."""
    first = family.split(",")[0].strip().strip("'\"")
    named = _FAMILY_KEYS.get(first.replace(" ", "").lower())
    if named is None:
        raise UnknownFont(f"font-family {first!r} (allowed: {', '.join(SVG_FAMILIES)})")
    if named == "sans":  # the default family, as the helpers set it
        return fonts.ITALIC if style == "italic" else face_of(weight)
    book = fonts.BUILT_IN
    wanted = ("normal", True) if style == "italic" else (_WEIGHT_NAMES.get(weight, ""), False)
    try:
        return book.face(named, *wanted)
    except KeyError:
        said = "font-style italic" if style == "italic" else f"font-weight {weight!r}"
        allowed = (
            "font-weight normal or 400"
            if named == "display"
            else f"font-weight {', '.join(WEIGHTS)} or font-style italic"
        )
        raise UnknownFont(f"{said} in {first} (allowed: {allowed})") from None


_FAMILY_KEYS = {name.replace(" ", "").lower(): key for name, key in SVG_FAMILIES.items()}
SVG_FACES = frozenset(face for styles in fonts.BUILT_IN.table.values() for face in styles.values())
"""Every face a template's text may be drawn in."""


def svg_problems(
    text: str, width: float, height: float, template: str = ""
) -> list[tuple[str, str]]:
    """What keeps the SVG document ``text`` from drawing as a ``width`` × ``height`` pt face:
    ``(message, allowed)`` pairs, none when it draws. ``template`` names the face's template
    in what is said of its text."""
    return [
        (message, allowed)
        for message, allowed, _ in located_svg_problems(text, width, height, template)
    ]


def located_svg_problems(text: str, width: float, height: float, template: str = "") -> list[Found]:
    """:func:`svg_problems` as ``(message, allowed, pattern)``: ``pattern`` (a regular
    expression, or ``''``) finds in the template's source what a feature problem is about
    (:mod:`pnpkit.render.svg.features`), so it can be reported at its line."""
    root = _svg_root(text, "the template")
    if isinstance(root, list):
        return [(message, allowed, "") for message, allowed in root]
    problems: list[tuple[str, str]] = []
    if any(_local(node.tag) == "image" for node in root.iter()):
        problems.append(
            (
                "the template has an <image> element, which is not drawn",
                "image(name, x, y, w, h) for art from the game's assets/ folder",
            )
        )
    problems.extend(_paint_problems(root, "the template"))
    drawn = tuple(_length(root.get(side)) for side in ("width", "height"))
    if None in drawn:
        problems.append(
            (
                "the template's <svg> gives no width and height in pt, in, mm or cm",
                'width="{{ fmt(w) }}pt" height="{{ fmt(h) }}pt" '
                'viewBox="0 0 {{ fmt(w) }} {{ fmt(h) }}", as the built-in templates do',
            )
        )
    elif abs(drawn[0] - width) > 0.01 or abs(drawn[1] - height) > 0.01:  # type: ignore[operator]
        problems.append(
            (
                f"the template draws {drawn[0]:.2f} × {drawn[1]:.2f} pt, "
                f"the face is {width:.2f} × {height:.2f} pt",
                "the face's size: w × h",
            )
        )
    named = f"the template {template}" if template else "the template"
    problems.extend(dict.fromkeys(_font_problems(root, named)))
    located = [(message, allowed, "") for message, allowed in problems]
    if None not in drawn and _view_box(root.get("viewBox")) is None and not _in_px(root):
        located.append(_no_view_box(width, height))
    box = art_box(root)
    small = [] if box is None else [_small_on_face(t, named) for t in _too_small(root, box.scale)]
    features = _unique(feature_problems(root, "the template"))
    return (
        located + _unique(colour_problems(root, "the template")) + features + _unique(iter(small))
    )


def _in_px(root: Element) -> bool:
    """Whether the width and height of ``root`` are in px or plain numbers: the units its
    drawing is in when it has no viewBox."""
    units = (_LENGTH.fullmatch(root.get(side) or "") for side in ("width", "height"))
    return all(unit is not None and unit.group(2) in ("", "px") for unit in units)


def _no_view_box(width: float, height: float) -> Found:
    """What is said of a face's ``<svg>`` sized in pt (or in, mm, cm) with no viewBox: its
    drawing is in px, ¾ pt, as in every SVG reader, so a face laid out with ``w`` and ``h``
    would fill ¾ of the card."""
    return (
        "the template's <svg> has a width and a height but no viewBox, so what it draws is "
        "in px (¾ pt, as in every SVG reader): laid out with w and h, it fills 75 % of the card",
        'a viewBox="0 0 {{ fmt(w) }} {{ fmt(h) }}" on the <svg>, beside its width and height, '
        f"as the built-in templates do (on a {width:g} × {height:g} pt card, "
        f'viewBox="0 0 {width:g} {height:g}")',
        r"<svg\b",
    )


def art_problems(text: str | bytes, what: str) -> list[tuple[str, str]]:
    """What keeps the SVG art ``what`` (a file of a game's ``assets/``: ``the art ship.svg``),
    whose text is ``text``, from printing as drawn: ``(message, allowed)`` pairs, none when it
    prints. An ``<image>`` in art is refused: pnpkit draws raster art from its own PNG or JPEG
    file."""
    root = _svg_root(text, what)
    if isinstance(root, list):
        return root
    problems: list[tuple[str, str]] = []
    for node in root.iter():
        if _local(node.tag) == "image":
            href = _href(node)
            shown = f"{href[:40]!r}{'…' if len(href) > 40 else ''}" if href else "with no href"
            problems.append(
                (
                    f"{what} has an <image> element ({shown}), which pnpkit does not draw",
                    "shapes and text in the SVG; a photo or other raster art as its own PNG or "
                    "JPEG file of assets/, named in the field instead",
                )
            )
            break
    if art_box(root) is None:
        given = " ".join(
            f'{name}="{root.get(name)}"'
            for name in ("width", "height", "viewBox")
            if root.get(name)
        )
        problems.append(
            (
                f"{what} has no size: its <svg> has "
                + (
                    f"{given}, not a size pnpkit can scale"
                    if given
                    else "no viewBox, width or height"
                ),
                SIZED,
            )
        )
    problems.extend(_paint_problems(root, what))
    problems.extend(dict.fromkeys(_font_problems(root, what, art=True)))
    source = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
    problems.extend(
        (message, allowed)
        for message, allowed, _ in [
            *_unique(colour_problems(root, what, source)),
            *_unique(feature_problems(root, what)),
        ]
    )
    return problems


def art_text_problems(
    path: str, digest: str, what: str, width: float, height: float
) -> list[tuple[str, str]]:
    """The text of the SVG art ``what`` (the file ``path``, whose content's SHA-256 is
    ``digest``) that prints under the minimum size when the art is fitted into a ``width`` ×
    ``height`` pt box, as ``image()`` draws it: its smallest text, or nothing."""
    found = _smallest_art_text(path, digest)
    if found is None:
        return []
    box, text = found
    fit = min(width / box.width, height / box.height)
    size = text.size * fit
    if size >= MIN_TEXT_SIZE - _SIZE_TOLERANCE:
        return []
    return [
        (
            f"{what} sets the text {text.words[:40]!r} at {size:.2f} pt as printed, under the "
            f"{MIN_TEXT_SIZE:g} pt minimum: font-size {text.font_size} in the art, which is "
            f"scaled to fit its {width:.0f} × {height:.0f} pt box",
            f"{SMALL_TEXT}: a larger font-size in the art, or the art drawn in a larger box",
        )
    ]


def icon_text_problems(
    path: str, digest: str, name: str, side: float, *, inline: bool
) -> list[tuple[str, str]]:
    """The text of the game's icon ``name`` (the SVG file ``path``, SHA-256 ``digest``) that
    prints under the minimum when the icon is drawn ``side`` points square: in a text
    (``inline``, the size of the text around it) or as a layout's icon. Said in the words a
    template's face uses for the same icon (:func:`_small_on_face`)."""
    found = _smallest_art_text(path, digest)
    if found is None:
        return []
    box, text = found
    size = text.size * side / max(box.width, box.height)
    if size >= MIN_TEXT_SIZE - _SIZE_TOLERANCE:
        return []
    drawn = "the size of the text around it" if inline else f"{side:.1f} pt tall"
    bigger = "larger text around it" if inline else "a taller box"
    return [
        (
            f"the icon :{name}: (assets/icons/{Path(path).name}) sets the text "
            f"{text.words[:40]!r} at {size:.2f} pt as printed, under the {MIN_TEXT_SIZE:g} pt "
            f"minimum: font-size {text.font_size} in the icon, which is drawn {drawn}",
            f"{SMALL_TEXT}: a larger font-size in the icon, or {bigger}",
        )
    ]


@functools.lru_cache(maxsize=256)
def _smallest_art_text(path: str, digest: str) -> tuple[ArtBox, Printed] | None:
    """The box of the SVG art ``path`` and its smallest text at the art's own size (``digest``
    keys the file's content)."""
    import xml.etree.ElementTree as ET  # only where faces are laid out

    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError):
        return None  # said by art_problems
    box = art_box(root)
    if box is None:
        return None
    texts = list(printed_text(root, box.scale))
    return (box, min(texts, key=lambda t: t.size)) if texts else None


@dataclass(frozen=True, slots=True)
class ArtBox:
    """The size of an SVG drawing as svglib reads it: ``width`` × ``height`` pt, its own units
    (``view``: the viewBox's x, y, width and height) and the map from them to points."""

    width: float
    height: float
    view: tuple[float, float, float, float]
    scale: Linear


def art_box(root: Element) -> ArtBox | None:
    """The size of the SVG whose ``<svg>`` is ``root``, None when it has none: a viewBox of
    four numbers, or else a width and a height in absolute units (without a viewBox, svglib
    reads a width in % as a plain number)."""
    view = _view_box(root.get("viewBox"))
    if view is None:
        width, height = (_user_length(root.get(side), None) for side in ("width", "height"))
        if width is None or height is None:
            return None
        view = (0.0, 0.0, width, height)
    else:
        width = _user_length(root.get("width"), view[2])
        height = _user_length(root.get("height"), view[3])
    if width is None or height is None or min(width, height, view[2], view[3]) <= 0:
        return None
    points = _UNITS["px"]
    xs, ys = width * points / view[2], height * points / view[3]
    align, *how = (root.get("preserveAspectRatio") or "xMidYMid meet").split() or ["xMidYMid"]
    if align != "none":
        xs = ys = max(xs, ys) if how[:1] == ["slice"] else min(xs, ys)
    return ArtBox(width * points, height * points, view, (xs, 0.0, 0.0, ys))


def _view_box(value: str | None) -> tuple[float, float, float, float] | None:
    try:
        x, y, w, h = (float(part) for part in (value or "").replace(",", " ").split())
    except ValueError:
        return None  # not four numbers: svglib leaves it out
    return x, y, w, h


def _user_length(value: str | None, whole: float | None) -> float | None:
    """An SVG length in the drawing's units (px), as svglib reads a root's width or height:
    ``whole`` when it is not given, and a percentage of it."""
    value = (value or "").strip()
    if not value:
        return whole
    if value.endswith("%"):
        try:
            return None if whole is None else float(value[:-1]) / 100 * whole
        except ValueError:
            return None
    points = _length(value)
    return None if points is None else points / _UNITS["px"]


@dataclass(frozen=True, slots=True)
class Printed:
    """A text of an SVG as printed: its ``size`` in points, its words, its ``font_size`` as
    written (or svglib's default) and where that is written (``source``: ``attribute``,
    ``style``, ``sheet``, or ``''`` for the default), and the ``:icon:`` it is drawn in
    (``''``: none)."""

    size: float
    words: str
    font_size: str
    source: str
    icon: str

    @property
    def pattern(self) -> str:
        """What finds its font-size in a template's source (``''``: not written)."""
        if not self.source:
            return ""
        return declaration_pattern("font-size", self.font_size, self.source)


_DEFAULT_FONT_SIZE = "12pt"
"""svglib's font-size for text that sets none."""
_FONT_UNITS = {unit: points / _UNITS["px"] for unit, points in _UNITS.items()} | {
    "q": _UNITS["mm"] / 4 / _UNITS["px"],
    "em": 16.0,
    "rem": 16.0,
    "ex": 8.0,
    "ch": 8.0,
    "%": 1.0,
}
"""A font-size in the drawing's units (px), as svglib reads it: the lengths of
:data:`_UNITS`, a quarter millimetre, an em always 16 units (not the parent's size), and a
percentage read as a plain number."""
_FONT_SIZE = re.compile(_AMOUNT + r"([a-z]*|%)\s*")
_MOST_USES = 8
"""How deep ``<use>`` is followed into what it draws (a loop prints nothing in svglib)."""


def printed_text(root: Element, scale: Linear = IDENTITY) -> Iterator[Printed]:
    """Every text of the SVG ``root`` that prints (not in a definition unless a ``<use>`` draws
    it, not hidden by ``display: none``), at its size when a unit of the drawing is ``scale``
    pt: its font-size times the length its transforms make of a unit upright, as the build's
    read-back measures it."""
    sheet = sheet_declarations(root)
    ids: dict[str, Element] = {}

    def value(node: Element, name: str) -> tuple[str, str]:
        """``name`` as ``node`` declares it (a ``style`` over a sheet over an attribute)."""
        if "style" in node.attrib:
            declared = style(node)
            if name in declared:
                return declared[name], "style"
        if sheet and name in sheet.get(node, {}):
            return sheet[node][name], "sheet"
        return node.get(name, "").strip(), "attribute"

    def walk(
        node: Element, matrix: Linear, font: tuple[str, str], icon: str, depth: int, used: bool
    ) -> Iterator[Printed]:
        if not isinstance(node.tag, str):
            return  # a comment
        tag = _local(node.tag)
        if (tag in HIDDEN_UNLESS_USED and not used) or value(node, "display")[0] == "none":
            return
        if "transform" in node.attrib:
            matrix = times(matrix, transform_matrix(node.get("transform", "")))
        if tag == "svg" and node is not root:
            inner = art_box(node)
            matrix = matrix if inner is None else times(matrix, inner.scale)
        size, source = value(node, "font-size")
        if size and size != "inherit":
            font = (size, source)
        icon = node.get(ICON_ATTRIBUTE, icon)
        if tag in _TEXT:
            words, units = _own_words(node), _font_units(font[0])
            if words and units is not None:
                printed = units * math.hypot(matrix[2], matrix[3])
                yield Printed(printed, words, font[0], font[1], icon)
        elif tag == "use" and depth < _MOST_USES:
            if not ids:
                ids.update((n.get("id", ""), n) for n in root.iter() if n.get("id"))
            target = ids.get(_href(node)[1:]) if _href(node).startswith("#") else None
            if target is not None:
                yield from walk(target, matrix, font, icon, depth + 1, True)
        for child in node:
            yield from walk(child, matrix, font, icon, depth, False)

    yield from walk(root, scale, (_DEFAULT_FONT_SIZE, ""), "", 0, True)


def _too_small(root: Element, scale: Linear) -> Iterator[Printed]:
    for text in printed_text(root, scale):
        if text.size < MIN_TEXT_SIZE - _SIZE_TOLERANCE:
            yield text


def _small_on_face(text: Printed, template: str) -> Found:
    """What is said of ``text``, printed under the minimum on a face drawn by ``template``."""
    found = (
        f"{text.words[:40]!r} at {text.size:.2f} pt as printed, under the {MIN_TEXT_SIZE:g} pt "
        f"minimum"
    )
    if text.icon:
        return (
            f"the icon :{text.icon}: (assets/icons/{text.icon}.svg) sets the text {found}: "
            f"font-size {text.font_size} in the icon, which is drawn the size of the text "
            "around it",
            f"{SMALL_TEXT}: a larger font-size in the icon, or larger text around it",
            "",
        )
    return (
        f"{template} sets the text {found} (font-size {text.font_size})",
        f"{SMALL_TEXT}: a larger font-size (line(), wrap() and flow() set text at "
        f"{MIN_TEXT_SIZE:g} pt or more)",
        text.pattern,
    )


def _font_units(value: str) -> float | None:
    """A font-size in the drawing's units; None for one svglib does not read as a length
    (``small``, ``2vw``): not judged here."""
    match = _FONT_SIZE.fullmatch(value)
    if match is None or match.group(2) not in _FONT_UNITS:
        return None
    return float(match.group(1)) * _FONT_UNITS[match.group(2)]


def _own_words(node: Element) -> str:
    """The words an element sets itself: before its first child and after each (a
    ``<tspan>``'s tail is its parent's)."""
    return " ".join(
        part.strip()
        for part in (node.text, *(child.tail for child in node))
        if part and part.strip()
    )


def _href(node: Element) -> str:
    return next((v for k, v in node.attrib.items() if _local(k) == "href"), "").strip()


@functools.lru_cache(maxsize=4096)
def svg_words(text: str) -> str:
    """Every word the SVG document ``text`` sets as text (each ``<text>`` element's words, its
    ``<tspan>``s' included, one element a line), for what must answer for the words a face
    prints (the exports' footnote); ``""`` for an SVG that is not readable, which no face is
    (:func:`svg_problems` reads it the same way). A face's words are read once a process."""
    import xml.etree.ElementTree as ET  # only where faces are laid out

    try:
        root = ET.fromstring(text)
    except ET.ParseError:
        return ""
    return "\n".join("".join(node.itertext()) for node in root.iter() if _local(node.tag) == "text")


def _unique(found: Iterator[Found]) -> list[Found]:
    """``found`` with each message once (the same feature on many elements is said once)."""
    unique: dict[str, Found] = {}
    for problem in found:
        unique.setdefault(problem[0], problem)
    return list(unique.values())


def _svg_root(text: str | bytes, what: str) -> Element | list[tuple[str, str]]:
    """The ``<svg>`` element of ``text``, or the one problem that keeps it from being one."""
    import xml.etree.ElementTree as ET  # only where faces are laid out

    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        allowed = "an SVG document"
        if str(exc).startswith("undefined entity"):
            allowed += f": {XML_ENTITIES}"
        return [(f"{what} is not readable SVG ({exc})", allowed)]
    if _local(root.tag) != "svg":
        return [(f"{what}'s root element is <{_local(root.tag)}>", "<svg>")]
    return root


def _paint_problems(root: Element, what: str) -> Iterator[tuple[str, str]]:
    """A gradient or pattern something paints with (``fill="url(#g)"``, in an attribute, a
    ``style`` or a style sheet); one only defined, as drawing programs leave them, prints
    nothing and is let be."""
    servers = {
        node.get("id", ""): _local(node.tag)
        for node in root.iter()
        if _local(node.tag) in PAINT_SERVERS
    }
    if not servers:
        return
    painted = {
        ref
        for node in root.iter()
        if _local(node.tag) not in PAINT_SERVERS
        for value in (*node.attrib.values(), node.text or "")
        for ref in _PAINT_REF.findall(value)
    }
    found = dict.fromkeys(kind for ident, kind in servers.items() if ident in painted)
    for kind in found:
        does = "nothing" if kind == "pattern" else "solid black"
        yield (f"{what} fills with a <{kind}>, which prints as {does}", FLAT)


def _font_problems(root: Element, what: str, art: bool = False) -> Iterator[tuple[str, str]]:
    allowed = (
        f"font-family {' or '.join(map(repr, SVG_FAMILIES))}, font-weight "
        f"{', '.join(WEIGHTS)} or font-style italic (Fjalla One: normal only)"
    )
    sheets = " ".join(n.text or "" for n in root.iter() if _local(n.tag) == "style")
    uses = f"{what} uses" if art else "the template uses"
    for family in _FONT_FAMILY.findall(sheets):
        try:
            family_face(family)
        except UnknownFont as exc:
            yield f"{uses} {exc}", allowed
    sheet_family = bool(_FONT_FAMILY.search(sheets))
    yield from _walk(root, {}, sheet_family, allowed, what, uses)


def _glyph_problem(words: str, face: str, what: str) -> tuple[str, str] | None:
    missing = fonts.missing_glyphs(words, (face,))
    if not missing:
        return None
    named = [char_name(char) for char in missing[:MOST_NAMED]]
    if len(missing) > MOST_NAMED:
        named.append(f"and {len(missing) - MOST_NAMED} more")
    return (
        f"{what} sets the text {words[:40]!r} with no glyph in {face} for {', '.join(named)} "
        "(it would print as empty boxes)",
        GLYPHS,
    )


def _walk(
    node: Element,
    inherited: dict[str, str],
    sheet_family: bool,
    allowed: str,
    what: str,
    uses: str,
) -> Iterator[tuple[str, str]]:
    props = _font_properties(node)
    own = {**inherited, **props}
    words = _own_words(node)
    if _local(node.tag) in _TEXT and words:
        family = own.get("font-family")
        if family is None and not sheet_family:
            named = "" if what.startswith("the template") else f"{what}: "
            yield f"{named}text {words[:40]!r} names no font", allowed
        else:
            try:
                face = family_face(
                    family or FAMILY, own.get("font-weight", "normal"), own.get("font-style", "")
                )
            except UnknownFont as exc:
                yield f"{uses} {exc}", allowed
            else:
                glyphs = _glyph_problem(words, face, what)
                if glyphs is not None:
                    yield glyphs
    elif "font-family" in props:
        try:
            family_face(props["font-family"])
        except UnknownFont as exc:
            yield f"{uses} {exc}", allowed
    for child in node:
        yield from _walk(child, own, sheet_family, allowed, what, uses)


def _font_properties(node: Element) -> dict[str, str]:
    """The font properties ``node`` sets: attributes, then its ``style`` (which wins)."""
    found: dict[str, str] = {
        name: node.attrib[name].strip()
        for name in ("font-family", "font-weight", "font-style")
        if name in node.attrib
    }
    for declaration in node.get("style", "").split(";"):
        name, _, value = declaration.partition(":")
        if name.strip() in ("font-family", "font-weight", "font-style"):
            found[name.strip()] = value.strip()
    return found


def _length(value: str | None) -> float | None:
    if value is None:
        return None
    match = _LENGTH.fullmatch(value)
    if match is None or match.group(2) not in _UNITS:
        return None
    return float(match.group(1)) * _UNITS[match.group(2)]


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]
