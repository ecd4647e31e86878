"""What a face's SVG must be before anything draws it, checked with no drawing library.

A face is laid out as SVG text (:mod:`pnpkit.render.cards`) in ``check`` and in ``build`` alike;
only the build turns it into a drawing (svglib, :mod:`pnpkit.render.svg_drawings`). So that a
face which passes ``check`` draws, :func:`svg_problems` holds the SVG to what the drawing step
needs, read with the standard library's XML parser:

- it is readable SVG, and its root is ``<svg>``;
- it has no ``<image>`` element (art goes through the ``image()`` helper, from ``assets/``);
- its ``width`` and ``height`` are the face's size, read the way svglib reads them (``pt``,
  ``in``, ``mm`` and ``cm`` as written; ``px`` and plain numbers are ¾ pt);
- every text is set in Source Sans Pro, in a weight the pip package has: its ``font-family``
  (the first name of the list, on the element or one it sits in, as an attribute or in its
  ``style``) names the embedded family, and its ``font-weight`` is one of :data:`WEIGHTS` unless
  its ``font-style`` is italic. A font named anywhere else, a ``<style>`` sheet's included, must
  be the embedded family too;
- every character of every text has a glyph in the face it is set in (a character without one
  would print as an empty box); raw ``<text>`` is not fitted to anything, only the helpers fit;
- it fills and strokes with flat colours: no ``<linearGradient>``, ``<radialGradient>`` or
  ``<pattern>`` (svglib draws a gradient as solid black, in a PDF whose shading is missing, and a
  pattern as nothing);
- it uses no feature svglib leaves out or draws otherwise than a browser or Inkscape shows it
  (:mod:`pnpkit.render.svg_features`, which lists them and what is let be): no
  ``<foreignObject>``, flowed text, ``<textPath>``, mask, filter, marker, blending, CSS variable
  or transparency (which prints opaque in the PDF form a face or art is drawn in); a
  ``display: none``, ``transform`` and ``clip-path`` only where and as svglib reads them; no
  ``systemLanguage``. In a template each is reported at its line and column
  (:func:`located_svg_problems` gives the pattern that finds it).

Art (an SVG file of a game's ``assets/``, drawn by ``image()`` or as an ``:icon:``) is held to
the same by :func:`art_problems`, except its size: it is scaled to its box.

The drawing step checks the drawing again (its size and every string's font) and says the same
things, should this reading and svglib's ever differ.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from pnpkit.load.characters import char_name
from pnpkit.render import fonts
from pnpkit.render.svg_features import Found, feature_problems

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element

FAMILY = "Source Sans Pro"
WEIGHTS = {"normal": fonts.REGULAR, "600": fonts.SEMIBOLD, "bold": fonts.BOLD}

_UNITS = {"pt": 1.0, "px": 0.75, "": 0.75, "in": 72.0, "mm": 72 / 25.4, "cm": 72 / 2.54}
"""Points per unit of an SVG length, as svglib converts them."""
_LENGTH = re.compile(r"\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*([a-z]*)\s*")
_FONT_FAMILY = re.compile(r"font-family\s*:\s*([^;}]+)")
_TEXT = {"text", "tspan", "textPath"}
PAINT_SERVERS = ("linearGradient", "radialGradient", "pattern")
_PAINT_REF = re.compile(r"url\(\s*['\"]?#([^'\")\s]+)")
"""SVG elements svglib does not print as drawn (a gradient prints black, a pattern nothing)."""
FLAT = 'flat colours: fill="#rrggbb" and stroke="#rrggbb"'
GLYPHS = (
    f"characters the embedded font {FAMILY} draws in the face the text is set in: Latin letters "
    "and accents, digits, punctuation and common symbols"
)
MOST_NAMED = 3


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
    asks the font map for that first), ``font-weight`` and ``font-style``."""
    first = family.split(",")[0].strip().strip("'\"")
    if first.replace(" ", "").lower() != FAMILY.replace(" ", "").lower():
        raise UnknownFont(f"font-family {first!r} (allowed: {FAMILY})")
    return fonts.ITALIC if style == "italic" else face_of(weight)


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
    (:mod:`pnpkit.render.svg_features`), so it can be reported at its line."""
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
                'width="{{ fmt(w) }}pt" height="{{ fmt(h) }}pt", as the built-in templates do',
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
    return located + _unique(feature_problems(root, "the template"))


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
            href = next((v for k, v in node.attrib.items() if _local(k) == "href"), "")
            shown = f"{href[:40]!r}{'…' if len(href) > 40 else ''}" if href else "with no href"
            problems.append(
                (
                    f"{what} has an <image> element ({shown}), which pnpkit does not draw",
                    "shapes and text in the SVG; a photo or other raster art as its own PNG or "
                    "JPEG file of assets/, named in the field instead",
                )
            )
            break
    problems.extend(_paint_problems(root, what))
    problems.extend(dict.fromkeys(_font_problems(root, what, art=True)))
    problems.extend(
        (message, allowed) for message, allowed, _ in _unique(feature_problems(root, what))
    )
    return problems


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
        return [(f"{what} is not readable SVG ({exc})", "an SVG document")]
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
    allowed = f"font-family {FAMILY!r}, font-weight {', '.join(WEIGHTS)} or font-style italic"
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
    words = " ".join(
        part.strip()
        for part in (node.text, *(child.tail for child in node))
        if part and part.strip()
    )  # its own words: before its first child and after each (a <tspan>'s tail is its parent's)
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
