"""SVG features that svglib leaves out, or draws otherwise than a browser or Inkscape shows them.

A face's template and a game's SVG art are drawn by svglib into a PDF form. What svglib does not
draw as drawn would print differently from what the designer saw, with no word said; so
:func:`feature_problems` finds each such feature in the parsed SVG (standard library XML, and
for a ``<style>`` sheet the CSS reader svglib itself matches with), and
:mod:`pnpkit.render.svg.rules` refuses it in ``check`` and ``build`` alike. Each was tried by
drawing a small SVG with svglib and comparing the PDF with Chromium's picture of it:

- left out: ``<foreignObject>``, Inkscape's flowed text (``<flowRoot>``), ``mask``, ``filter``
  (a ``<filter>`` or a CSS filter function), markers (``marker-start``, ``-mid``, ``-end``),
  ``mix-blend-mode`` and ``opacity``; a CSS variable (``var(--c)``) paints nothing;
- printed opaque: ``fill-opacity``, ``stroke-opacity`` and a colour with alpha (``rgba()``,
  ``#rrggbbaa``, ``transparent``): svglib reads them, but each face and each piece of art is a
  PDF form, and ReportLab keeps no transparency in a form (its graphics state is not among the
  form's resources), so they print opaque and ``transparent`` prints black;
- drawn otherwise: ``<textPath>`` (its text on a straight line at the top), a ``<symbol>``'s
  ``viewBox`` (not scaled to the ``<use>``), ``display: none`` on anything but a shape or a
  ``<g>`` (a ``<use>``, ``<a>``, ``<switch>``, ``<tspan>``; on a ``<g>`` only as an attribute or
  in its ``style``, not from a sheet), ``visibility: hidden`` on a ``<tspan>``, a ``transform``
  svglib cannot read (numbers not apart, as minifiers write them: the whole transform is
  dropped) or a CSS ``transform`` in a style, and ``systemLanguage`` (chosen by the locale of
  the computer that builds, so the print would depend on it);
- referred to outside the file: an ``href`` (``xlink:href``) other than ``#id`` (a ``<use>``
  of another file's shape) or a ``url(…)`` other than ``url(#id)``: svglib draws nothing there
  (and fails on an address's colon in a ``style``), where a browser fetches the file from
  wherever the SVG is opened;
- clipping, which svglib does: only from the ``clip-path`` attribute written ``url(#id)``, to a
  ``<clipPath>`` in ``<defs>`` or before what it clips, in user units, not itself transformed,
  holding paths, rects, circles, ellipses, polygons and ``<use>`` (text, lines and polylines
  are left out of the clip).

Drawn as a browser draws them, so let be: ``<use>`` (of a shape, a ``<g>`` or a ``<symbol>``
without a viewBox), ``<a>`` (whatever it links to), a ``fill-opacity`` or ``stroke-opacity``
where no fill or stroke is drawn (``stroke="none"`` on it and on all it holds), ``<switch>`` without ``systemLanguage``, ``<style>`` sheets (class,
id, element, descendant, child, sibling and attribute selectors, ``:first-child``,
``:nth-child``, ``:not``), every ``transform`` form written with numbers apart,
``display: none`` and ``visibility: hidden`` on shapes and groups, and what Inkscape keeps for
itself (``<title>``, ``<desc>``, ``<metadata>``, ``sodipodi:namedview``, ``inkscape:*``). A
mask, filter, marker or symbol only defined, as drawing programs leave them, prints nothing
and is let be.

Not refused, as no simple reading tells: ``!important`` in a sheet (svglib lets the element's
own ``style`` win over it), and a ``<g>`` inside a ``<clipPath>`` (svglib and Inkscape clip with
the shapes in it; a browser leaves it out).
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"

Found = tuple[str, str, str]
"""``(message, allowed, pattern)``: ``pattern`` finds the feature in a template's source."""

SHAPES = frozenset(
    {"rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "text", "image"}
)
"""Elements svglib hides for ``display: none`` wherever it is set."""
HIDDEN_UNLESS_USED = frozenset(
    {
        "defs",
        "symbol",
        "clipPath",
        "mask",
        "marker",
        "pattern",
        "filter",
        "linearGradient",
        "radialGradient",
        "title",
        "desc",
        "metadata",
        "style",
        "script",
    }
)
"""Elements whose content prints only through a reference (or never)."""
CLIP_SHAPES = frozenset({"path", "rect", "circle", "ellipse", "polygon", "use"})
"""What svglib clips with (it looks inside any other element for these)."""
_CLIP_SKIPPED = frozenset({"text", "line", "polyline", "image", "tspan", "textPath"})
MARKERS = ("marker", "marker-start", "marker-mid", "marker-end")
OPACITIES = ("opacity", "fill-opacity", "stroke-opacity")
_CHANNEL_OPACITIES = ("fill-opacity", "stroke-opacity")
_PAINTED = frozenset({*SHAPES, "tspan", "textPath", "use"}) - {"image"}
"""What draws a fill or a stroke (a ``<use>``: what it shows may)."""
_EXTERNAL_URL = re.compile(r"url\(\s*['\"]?\s*([^#'\"\s)][^'\")]*)")
"""A ``url(…)`` naming anything but ``#id`` of the same document."""
_WATCHED = frozenset(
    {
        "style",
        "mask",
        "filter",
        *MARKERS,
        *OPACITIES,
        "mix-blend-mode",
        "display",
        "visibility",
        "transform",
        "clip-path",
        "systemLanguage",
    }
)
"""Attributes that ask :func:`feature_problems` to look at an element closer."""
_TAGS_LOOKED_AT = frozenset({"foreignObject", "flowRoot", "textPath", "use"})
_CLIP_URL = re.compile(r"url\(#([^)]*)\)")
"""How svglib reads ``clip-path`` (from the start of the value)."""
_TRANSFORM_OPS = {
    "translate": (1, 2),
    "scale": (1, 2),
    "rotate": (1, 3),
    "skewX": (1,),
    "skewY": (1,),
    "matrix": (6,),
}
_HEX_ALPHA = re.compile(r"#(?:[0-9a-fA-F]{4}|[0-9a-fA-F]{8})")
_FUNCTION_COLOUR = re.compile(r"(rgba?|hsla?)\((.*)\)", re.IGNORECASE)

OPAQUE = (
    "opaque colours: a see-through colour mixed by hand with what shows through it "
    '(#ff0000 at 50 % on white is #ff8080); fill="none" for no fill'
)
CLIP_ALLOWED = (
    'the clip-path attribute, clip-path="url(#id)", naming a <clipPath> inside <defs> of paths, '
    "rects, circles, ellipses or polygons (text or a line made a path: in Inkscape, "
    "Path ▸ Object to Path or Stroke to Path)"
)
EXTERNAL_ALLOWED = (
    'references within the file: href="#id" and url(#id), naming an element of the same SVG '
    "(what another file holds copied into this one)"
)
TRANSFORMS = (
    "translate(x y), scale(x y), rotate(a cx cy), skewX(a), skewY(a) or "
    "matrix(a b c d e f), each number apart from the next by a space or a comma"
)


def feature_problems(root: Element, what: str) -> Iterator[Found]:
    """Every feature of the SVG ``root`` that would not print as drawn, said of ``what`` (``the
    template``, ``the art flag.svg``): one ``(message, allowed, pattern)`` per feature and
    element kind."""
    sheet = sheet_declarations(root)
    tree = _Tree(root)
    used = {
        href[1:]
        for node in root.iter()
        if _svg_local(node) == "use"
        for href in (_href(node),)
        if href.startswith("#")
    }
    for node, tag in _drawn(root, used):
        if tag not in _TAGS_LOOKED_AT and node not in sheet and _plain(node):
            continue  # most of a face: nothing here to look at closer
        declared = declarations(node, sheet.get(node, {}))
        yield from _element(node, tag, what)
        yield from _references(node, tag, declared, what)
        yield from _effects(tag, declared, what, functools.partial(_paints, node, sheet, tree))
        yield from _hiding(node, tag, declared, what)
        yield from _transform(tag, declared, what)
        yield from _clip(node, tag, declared, what, tree)
        yield from _variables(tag, declared, what)
        if tag == "use":
            target = tree.ids.get(_href(node)[1:])
            if target is not None and _svg_local(target) == "symbol" and target.get("viewBox"):
                yield (
                    f"{what} draws a <symbol> that has a viewBox through a <use>, which svglib "
                    "does not scale to the <use>'s box",
                    "a <symbol> without a viewBox (or a <g> in <defs>), sized by a transform "
                    'on the <use>: transform="scale(2)"',
                    r"<symbol\b[^>]*\bviewBox",
                )


class _Tree:
    """Lookups over an SVG document, each made when first asked for (most faces need none)."""

    def __init__(self, root: Element) -> None:
        self.root = root

    @functools.cached_property
    def ids(self) -> dict[str, Element]:
        return {node.get("id", ""): node for node in self.root.iter() if node.get("id")}

    @functools.cached_property
    def parents(self) -> dict[Element, Element]:
        return {child: parent for parent in self.root.iter() for child in parent}

    @functools.cached_property
    def order(self) -> dict[Element, int]:
        return {node: index for index, node in enumerate(self.root.iter())}


def _plain(node: Element) -> bool:
    """Whether ``node`` sets none of the properties looked at (its fill and stroke no more
    than an opaque colour or a reference), as nearly every element of a face."""
    if not _WATCHED.isdisjoint(node.attrib):
        return False
    for value in node.attrib.values():
        if "var(" in value or "transparent" in value or "url(" in value:
            return False
    if (node.get("href") or node.get(XLINK_HREF) or "#")[0] != "#":
        return False
    for name in ("fill", "stroke"):
        value = node.get(name, "")
        if "(" in value or (value.startswith("#") and len(value.strip()) in (5, 9)):
            return False
    return True


def _drawn(root: Element, used: set[str]) -> Iterator[tuple[Element, str]]:
    """The SVG elements of ``root`` that print, each with its tag: none of another namespace (Inkscape's own,
    metadata), nothing inside a definition or a sheet unless a ``<use>`` draws it, nothing
    inside an element that prints as nothing (reported itself)."""

    def walk(node: Element, drawn: bool) -> Iterator[tuple[Element, str]]:
        tag = _svg_local(node)
        if tag is None:
            return
        drawn = (drawn and tag not in HIDDEN_UNLESS_USED) or node.get("id") in used
        if drawn:
            yield node, tag
            if tag in ("foreignObject", "flowRoot"):
                return
        for child in node:
            yield from walk(child, drawn)

    yield from walk(root, True)


def _element(node: Element, tag: str, what: str) -> Iterator[Found]:
    if tag == "foreignObject":
        yield (
            f"{what} has a <foreignObject> (HTML inside the SVG), which svglib does not draw",
            "shapes and <text> drawn in the SVG itself",
            r"<foreignObject\b",
        )
    elif tag == "flowRoot":
        yield (
            f"{what} has Inkscape flowed text (<flowRoot>), which prints as nothing",
            "<text> (in Inkscape: Text ▸ Convert to Text)",
            r"<flowRoot\b",
        )
    elif tag == "textPath":
        yield (
            f"{what} sets text along a path (<textPath>), which prints on a straight line",
            "text on a straight baseline, or the text made paths (in Inkscape: Path ▸ Object "
            "to Path)",
            r"<textPath\b",
        )
    if node.get("systemLanguage") is not None:
        value = node.get("systemLanguage", "")
        yield (
            f'{what} has systemLanguage="{value}" on {_a(tag)}: svglib prints it or not by the '
            "language of the computer that builds the kit",
            "the version to print alone, with no systemLanguage",
            _attribute_pattern("systemLanguage", value),
        )


def _references(
    node: Element, tag: str, declared: dict[str, tuple[str, str]], what: str
) -> Iterator[Found]:
    """A reference to anything but an element of the same document: an ``href`` (a ``<use>``
    of another file, a gradient's) or a ``url(…)`` of a file or a web address. svglib draws
    nothing there (or not as drawn), and a browser fetches it from wherever the SVG is opened.
    A link (``<a href>``) prints its content whatever it points to, and an ``<image>`` is
    refused in its own words."""
    if tag not in ("a", "image"):
        for name in ("href", XLINK_HREF):
            value = node.get(name, "").strip()
            if value and not value.startswith("#"):
                attribute = "href" if name == "href" else "xlink:href"
                yield (
                    f'{what} refers to "{_shown(value)}" outside the file ({attribute} on '
                    f"{_a(tag)}), which pnpkit does not follow: it prints nothing there",
                    EXTERNAL_ALLOWED,
                    _attribute_pattern(attribute, value),
                )
    for name, (value, source) in declared.items():
        for target in _EXTERNAL_URL.findall(value):
            yield (
                f'{what} refers to "{_shown(target)}" outside the file ({name}: {value}), which '
                "pnpkit does not follow: it prints nothing there",
                EXTERNAL_ALLOWED,
                declaration_pattern(name, value, source),
            )


def _shown(value: str) -> str:
    return f"{value[:40]}…" if len(value) > 40 else value


def _paints(node: Element, sheet: dict[Element, dict[str, str]], tree: _Tree, channel: str) -> bool:
    """Whether ``node`` or anything in it draws a ``channel`` (``fill`` or ``stroke``): a
    shape, text or ``<use>`` whose own or inherited ``channel`` is not ``none`` (a fill is
    black unless said otherwise, a stroke none)."""
    inherited = "black" if channel == "fill" else "none"
    for up in reversed(list(_ancestors(node, tree.parents))):
        inherited = _paint(up, channel, sheet, inherited)

    def draws(element: Element, inherited: str) -> bool:
        tag = _svg_local(element)
        if tag is None:
            return False
        own = _paint(element, channel, sheet, inherited)
        if own != "none" and tag in _PAINTED:
            return True
        return any(draws(child, own) for child in element)

    return draws(node, inherited)


def _paint(
    node: Element, channel: str, sheet: dict[Element, dict[str, str]], inherited: str
) -> str:
    value, _ = declarations(node, sheet.get(node, {})).get(channel, ("", ""))
    return inherited if value in ("", "inherit") else value


def _effects(
    tag: str,
    declared: dict[str, tuple[str, str]],
    what: str,
    paints: Callable[[str], bool],
) -> Iterator[Found]:
    """Masks, filters, markers, transparency and blending: each prints as if it were not
    there (transparency as opaque). A ``fill-opacity`` or ``stroke-opacity`` where no fill or
    stroke is drawn (``stroke="none"``) changes nothing, and is let be (``paints`` tells)."""
    value, source = declared.get("mask", ("none", ""))
    if value != "none":
        yield (
            f"{what} masks {_a(tag)} (mask: {value}), which prints unmasked",
            "a clip-path (a <clipPath> of paths, rects, circles, ellipses or polygons), or the "
            "shape cut to what shows",
            declaration_pattern("mask", value, source),
        )
    value, source = declared.get("filter", ("none", ""))
    if value != "none":
        yield (
            f"{what} puts a filter (blur, shadow or other effect) on {_a(tag)} (filter: "
            f"{value}), which prints as if it had none",
            "the effect drawn with plain shapes, or the art as a PNG file of assets/",
            declaration_pattern("filter", value, source),
        )
    for name in MARKERS:
        value, source = declared.get(name, ("none", ""))
        if value != "none":
            yield (
                f"{what} puts markers (arrowheads, dots) on {_a(tag)} ({name}: {value}), which "
                "print as nothing",
                "the markers drawn as shapes of their own (in Inkscape: Path ▸ Object to Path)",
                declaration_pattern(name, value, source),
            )
            break
    for name in (*OPACITIES, "fill", "stroke"):
        value, source = declared.get(name, ("", ""))
        alpha = _opacity(value) if name in OPACITIES else _colour_alpha(value)
        if alpha is None or alpha >= 1:
            continue
        if name not in _CHANNEL_OPACITIES or paints(name.removesuffix("-opacity")):
            yield (
                f"{what} makes {_a(tag)} see-through ({name}: {value}), which prints opaque",
                OPAQUE,
                declaration_pattern(name, value, source),
            )
    value, source = declared.get("mix-blend-mode", ("normal", ""))
    if value != "normal" and source != "attribute":  # a browser ignores the attribute too
        yield (
            f"{what} blends {_a(tag)} with what is under it (mix-blend-mode: {value}), which "
            "prints unblended",
            "normal blending: the blended colour worked out by hand",
            declaration_pattern("mix-blend-mode", value, source),
        )


def _hiding(
    node: Element, tag: str, declared: dict[str, tuple[str, str]], what: str
) -> Iterator[Found]:
    """``display: none`` where svglib does not read it (it reads it on shapes, and on a
    ``<g>`` from its attribute or ``style``); ``visibility: hidden`` on a ``<tspan>``."""
    value, source = declared.get("display", ("", ""))
    hides = tag in SHAPES or (tag == "g" and source != "sheet")
    if value == "none" and not hides:
        where = " in a <style> sheet" if source == "sheet" else ""
        yield (
            f"{what} hides {_a(tag)} with display: none{where}, which prints anyway",
            'display="none" on a <g> around it (as its attribute, not from a sheet), or what '
            "should not print removed",
            declaration_pattern("display", value, source),
        )
    value, source = declared.get("visibility", ("", ""))
    if tag == "tspan" and value in ("hidden", "collapse"):
        yield (
            f"{what} hides a <tspan> with visibility: {value}, which prints anyway",
            "the words that should not print removed",
            declaration_pattern("visibility", value, source),
        )


def _transform(tag: str, declared: dict[str, tuple[str, str]], what: str) -> Iterator[Found]:
    value, source = declared.get("transform", ("", ""))
    if not value or value == "none":
        return
    if source != "attribute":
        yield (
            f"{what} sets a CSS transform on {_a(tag)} (transform: {value} in a style), which "
            "svglib does not read as a browser does",
            f'the transform attribute: transform="…" with {TRANSFORMS}',
            declaration_pattern("transform", value, source),
        )
    elif not _readable_transform(value):
        yield (
            f'{what} has transform="{value}" on {_a(tag)}, which svglib cannot read: it prints '
            "untransformed",
            TRANSFORMS,
            _attribute_pattern("transform", value),
        )


def _clip(
    node: Element, tag: str, declared: dict[str, tuple[str, str]], what: str, tree: _Tree
) -> Iterator[Found]:
    """A clip svglib leaves out or draws otherwise (see the module's docstring)."""
    value, source = declared.get("clip-path", ("none", ""))
    if value == "none":
        return
    pattern = declaration_pattern("clip-path", value, source)
    if source != "attribute" or _CLIP_URL.match(node.get("clip-path", "")) is None:
        shown = (
            f"clip-path: {value} in a style" if source != "attribute" else f'clip-path="{value}"'
        )
        yield (
            f"{what} clips {_a(tag)} with {shown}, which prints unclipped",
            CLIP_ALLOWED,
            pattern,
        )
        return
    match = _CLIP_URL.match(value)
    target = tree.ids.get(match.group(1) if match else "")
    if target is None or _svg_local(target) != "clipPath":
        return  # a clip that names nothing clips nothing, in a browser too
    in_defs = any(_svg_local(up) == "defs" for up in _ancestors(target, tree.parents))
    if not in_defs and tree.order[target] > tree.order[node]:
        yield (
            f"{what} clips {_a(tag)} with a <clipPath> written after it, outside <defs>, which "
            "prints unclipped",
            CLIP_ALLOWED,
            pattern,
        )
    if target.get("clipPathUnits", "userSpaceOnUse").strip() == "objectBoundingBox":
        yield (
            f'{what} clips with a <clipPath clipPathUnits="objectBoundingBox">, which svglib '
            "reads in the drawing's own units",
            'clipPathUnits="userSpaceOnUse" (the default), the clip in the drawing\'s units',
            r"clipPathUnits\s*=\s*[\"']objectBoundingBox",
        )
    if target.get("transform") or "transform" in style(target):
        yield (
            f"{what} clips with a <clipPath> that has a transform, which svglib leaves out",
            "the transform on the shapes inside the <clipPath>",
            r"<clipPath\b[^>]*\btransform",
        )
    for inner in target.iter():
        kind = _svg_local(inner)
        if kind in _CLIP_SKIPPED:
            yield (
                f"{what} clips with a <{kind}> in its <clipPath>, which svglib leaves out of the "
                "clip",
                CLIP_ALLOWED,
                rf"<{kind}\b",
            )


def _variables(tag: str, declared: dict[str, tuple[str, str]], what: str) -> Iterator[Found]:
    for name, (value, source) in declared.items():
        if "var(" in value:
            yield (
                f"{what} paints {_a(tag)} with a CSS variable ({name}: {value}), which svglib "
                "does not read",
                "the value itself, written where the variable is used",
                declaration_pattern(name, value, source),
            )
            return


def declarations(node: Element, sheet: dict[str, str]) -> dict[str, tuple[str, str]]:
    """The properties ``node`` sets itself, each with where it is set (``attribute``,
    ``sheet`` or ``style``), in svglib's order: a sheet over an attribute, ``style`` over
    both."""
    found = {
        name: (value.strip(), "attribute")
        for name, value in node.attrib.items()
        if "}" not in name and name != "style"
    }
    found.update((name, (value, "sheet")) for name, value in sheet.items())
    found.update((name, (value, "style")) for name, value in style(node).items())
    return found


def style(node: Element) -> dict[str, str]:
    found = {}
    for declaration in node.get("style", "").split(";"):
        name, colon, value = declaration.partition(":")
        if colon:
            found[name.strip()] = value.replace("!important", "").strip()
    return found


def sheet_declarations(root: Element) -> dict[Element, dict[str, str]]:
    """What the ``<style>`` sheets of ``root`` declare for each element they match, read and
    matched as svglib does (tinycss2 and cssselect2; at-rules such as ``@media`` are left out,
    by svglib too)."""
    text = "\n".join(node.text or "" for node in root.iter() if _svg_local(node) == "style")
    if not text.strip():
        return {}
    import cssselect2  # only for a face or art with a style sheet
    import tinycss2

    elements = list(cssselect2.ElementWrapper.from_xml_root(root).iter_subtree())
    found: dict[Element, dict[str, str]] = {}
    for rule in tinycss2.parse_stylesheet(text, skip_comments=True, skip_whitespace=True):
        if rule.type != "qualified-rule":
            continue
        try:
            selectors = cssselect2.compile_selector_list(rule.prelude)
        except cssselect2.SelectorError:
            continue
        declarations = {
            item.lower_name: tinycss2.serialize(item.value).strip()
            for item in tinycss2.parse_blocks_contents(
                rule.content, skip_comments=True, skip_whitespace=True
            )
            if item.type == "declaration"
        }
        for element in elements:
            if any(selector.test(element) for selector in selectors):
                found.setdefault(element.etree_element, {}).update(declarations)
    return found


def _readable_transform(value: str) -> bool:
    """Whether svglib reads the whole ``transform`` (it drops one it cannot read)."""
    parts = re.findall(r"\s*,?\s*([A-Za-z]+)\s*\(([^()]*)\)", value)
    if re.sub(r"[A-Za-z]+\s*\([^()]*\)|[\s,]", "", value):
        return False
    for name, arguments in parts:
        numbers = arguments.replace(",", " ").split()
        if name not in _TRANSFORM_OPS or len(numbers) not in _TRANSFORM_OPS[name]:
            return False
        try:
            [float(number) for number in numbers]
        except ValueError:
            return False
    return bool(parts)


Linear = tuple[float, float, float, float]
"""The linear part ``(a, b, c, d)`` of an SVG matrix (``x' = a x + c y``, ``y' = b x + d y``)."""
IDENTITY: Linear = (1.0, 0.0, 0.0, 1.0)


def times(first: Linear, then: Linear) -> Linear:
    """``first`` applied after ``then``: the matrix of an element (``then``) in its parent's
    (``first``)."""
    a, b, c, d = first
    e, f, g, h = then
    return (a * e + c * f, b * e + d * f, a * g + c * h, b * g + d * h)


def transform_matrix(value: str) -> Linear:
    """The linear part of a ``transform`` attribute as svglib reads it (one it cannot read is
    dropped whole: the identity)."""
    if not _readable_transform(value):
        return IDENTITY
    matrix = IDENTITY
    for name, arguments in re.findall(r"([A-Za-z]+)\s*\(([^()]*)\)", value):
        numbers = [float(n) for n in arguments.replace(",", " ").split()]
        matrix = times(matrix, _operation(name, numbers))
    return matrix


def _operation(name: str, numbers: list[float]) -> Linear:
    if name == "scale":
        return (numbers[0], 0.0, 0.0, numbers[-1])
    if name == "rotate":
        turn = math.radians(numbers[0])
        return (math.cos(turn), math.sin(turn), -math.sin(turn), math.cos(turn))
    if name == "skewX":
        return (1.0, 0.0, math.tan(math.radians(numbers[0])), 1.0)
    if name == "skewY":
        return (1.0, math.tan(math.radians(numbers[0])), 0.0, 1.0)
    if name == "matrix":
        return (numbers[0], numbers[1], numbers[2], numbers[3])
    return IDENTITY  # translate


def _opacity(value: str) -> float | None:
    try:
        return float(value[:-1]) / 100 if value.endswith("%") else float(value)
    except ValueError:
        return None


def _colour_alpha(value: str) -> float | None:
    """The alpha of an SVG colour (None: opaque, or no colour)."""
    if value == "transparent":
        return 0.0
    if _HEX_ALPHA.fullmatch(value):
        digits = value[1:]
        last = digits[-1] * 2 if len(digits) == 4 else digits[-2:]
        return int(last, 16) / 255
    match = _FUNCTION_COLOUR.fullmatch(value)
    if match is None:
        return None
    parts = [p for p in re.split(r"[\s,/]+", match.group(2).strip()) if p]
    return _opacity(parts[3]) if len(parts) == 4 else None


def declaration_pattern(name: str, value: str, source: str) -> str:
    """A regular expression that finds where ``name: value`` is declared (``source``:
    ``attribute``, ``style`` or ``sheet``) in a template's source."""
    if source == "attribute":
        return _attribute_pattern(name, value)
    return rf"(?<![\w-]){re.escape(name)}\s*:\s*{re.escape(value)}"


def _attribute_pattern(name: str, value: str) -> str:
    return rf"(?<![\w:-]){re.escape(name)}\s*=\s*[\"']\s*{re.escape(value)}"


def _a(tag: str) -> str:
    """``<tag>`` with its article: ``a <rect>``, ``an <ellipse>``."""
    return f"{'an' if tag[0] in 'aeio' else 'a'} <{tag}>"


def _ancestors(node: Element, parents: dict[Element, Element]) -> Iterator[Element]:
    while node in parents:
        node = parents[node]
        yield node


def _href(node: Element) -> str:
    return node.get(XLINK_HREF) or node.get("href") or ""


def _svg_local(node: Element) -> str | None:
    """The tag of an SVG element (in the SVG namespace, or none), None for any other."""
    tag = node.tag
    if not isinstance(tag, str):
        return None  # a comment or processing instruction
    if tag.startswith("{"):
        namespace, _, local = tag[1:].partition("}")
        return local if namespace == SVG_NS else None
    return tag


NAMED_COLOURS = frozenset(
    [
        "aliceblue",
        "antiquewhite",
        "aqua",
        "aquamarine",
        "azure",
        "beige",
        "bisque",
        "black",
        "blanchedalmond",
        "blue",
        "blueviolet",
        "brown",
        "burlywood",
        "cadetblue",
        "chartreuse",
        "chocolate",
        "coral",
        "cornflowerblue",
        "cornsilk",
        "crimson",
        "cyan",
        "darkblue",
        "darkcyan",
        "darkgoldenrod",
        "darkgray",
        "darkgreen",
        "darkgrey",
        "darkkhaki",
        "darkmagenta",
        "darkolivegreen",
        "darkorange",
        "darkorchid",
        "darkred",
        "darksalmon",
        "darkseagreen",
        "darkslateblue",
        "darkslategray",
        "darkslategrey",
        "darkturquoise",
        "darkviolet",
        "deeppink",
        "deepskyblue",
        "dimgray",
        "dimgrey",
        "dodgerblue",
        "firebrick",
        "floralwhite",
        "forestgreen",
        "fuchsia",
        "gainsboro",
        "ghostwhite",
        "gold",
        "goldenrod",
        "gray",
        "green",
        "greenyellow",
        "grey",
        "honeydew",
        "hotpink",
        "indianred",
        "indigo",
        "ivory",
        "khaki",
        "lavender",
        "lavenderblush",
        "lawngreen",
        "lemonchiffon",
        "lightblue",
        "lightcoral",
        "lightcyan",
        "lightgoldenrodyellow",
        "lightgreen",
        "lightgrey",
        "lightpink",
        "lightsalmon",
        "lightseagreen",
        "lightskyblue",
        "lightslategray",
        "lightslategrey",
        "lightsteelblue",
        "lightyellow",
        "lime",
        "limegreen",
        "linen",
        "magenta",
        "maroon",
        "mediumaquamarine",
        "mediumblue",
        "mediumorchid",
        "mediumpurple",
        "mediumseagreen",
        "mediumslateblue",
        "mediumspringgreen",
        "mediumturquoise",
        "mediumvioletred",
        "midnightblue",
        "mintcream",
        "mistyrose",
        "moccasin",
        "navajowhite",
        "navy",
        "oldlace",
        "olive",
        "olivedrab",
        "orange",
        "orangered",
        "orchid",
        "palegoldenrod",
        "palegreen",
        "paleturquoise",
        "palevioletred",
        "papayawhip",
        "peachpuff",
        "peru",
        "pink",
        "plum",
        "powderblue",
        "purple",
        "red",
        "rosybrown",
        "royalblue",
        "saddlebrown",
        "salmon",
        "sandybrown",
        "seagreen",
        "seashell",
        "sienna",
        "silver",
        "skyblue",
        "slateblue",
        "slategray",
        "slategrey",
        "snow",
        "springgreen",
        "steelblue",
        "tan",
        "teal",
        "thistle",
        "tomato",
        "turquoise",
        "violet",
        "wheat",
        "white",
        "whitesmoke",
        "yellow",
        "yellowgreen",
    ]
)
"""The SVG colour names svglib prints (ReportLab's colours of the same name), written in lower
case as svglib reads them: every SVG 1.1 name but ``lightgray`` (ReportLab has ``lightgrey``
only) and CSS's later ``rebeccapurple``, which print as nothing."""
COLOUR_PROPERTIES = ("fill", "stroke", "stop-color", "color")
"""The properties svglib reads a colour from (``color`` for ``currentColor``)."""
COLOURS = (
    "#rgb or #rrggbb, rgb(r, g, b) of whole numbers 0–255 or of percentages, hsl(h, s%, l%), "
    "a lower-case SVG colour name (red, navy, …), or none"
)
"""The colours a face or art may paint with, as said when one cannot be printed."""
CURRENT_COLOUR = (
    'the colour itself (fill="#rrggbb"), or currentColor inside an element that sets it: '
    '<g color="#rrggbb">'
)
_HEX_COLOUR = re.compile(r"#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})")
_COLOUR_FUNCTION = re.compile(r"(rgb|hsl)(a?)\(([^()]*)\)")
_WHOLE = re.compile(r"\d{1,3}")
_NUMBER = re.compile(r"\d+(?:\.\d+)?|\.\d+")
_PERCENT = re.compile(rf"({_NUMBER.pattern})%")


@functools.lru_cache(maxsize=1024)
def is_colour(value: str) -> bool:
    """Whether svglib prints ``value`` (stripped) as the colour a browser shows: ``none``, a hex
    colour, an ``rgb()``, ``rgba()``, ``hsl()`` or ``hsla()`` of valid numbers, a name of
    :data:`NAMED_COLOURS` (or ``transparent``, whose alpha :func:`feature_problems` judges).
    ``currentColor``, ``inherit`` and ``url(…)`` depend on where they are: not here."""
    value = value.strip()
    if value in NAMED_COLOURS or value in ("none", "transparent"):
        return True
    if _HEX_COLOUR.fullmatch(value):
        return True
    match = _COLOUR_FUNCTION.fullmatch(value)
    return match is not None and _colour_arguments(match.group(1), match.group(2), match.group(3))


def _colour_arguments(kind: str, alpha: str, inner: str) -> bool:
    """Whether svglib reads ``kind(inner)`` (``rgb`` or ``hsl``, ``alpha`` ``a`` for the
    four-argument form) as a browser does (ReportLab's ``cssParse``: an ``rgb()`` with a decimal
    point is read as fractions 0–1, and a missing ``%`` as a percentage)."""
    main, slash, after = inner.partition("/")
    if slash and (alpha or "," in main):
        return False
    parts = [part.strip() for part in (main.split(",") if "," in main else main.split())]
    if alpha:
        if len(parts) != 4:
            return False
        after = parts.pop()
    if len(parts) != 3 or ((alpha or slash) and not _alpha(after.strip())):
        return False
    if kind == "hsl":
        return _NUMBER.fullmatch(parts[0]) is not None and all(_percent(p) for p in parts[1:])
    whole = all(_WHOLE.fullmatch(part) and int(part) <= 255 for part in parts)
    return whole or all(_percent(part) for part in parts)


def _percent(part: str) -> bool:
    match = _PERCENT.fullmatch(part)
    return match is not None and float(match.group(1)) <= 100


def _alpha(part: str) -> bool:
    if _percent(part):
        return True
    return _NUMBER.fullmatch(part) is not None and float(part) <= 1


def colour_problems(root: Element, what: str, source: str = "") -> Iterator[Found]:
    """Every colour of the SVG ``root`` that svglib cannot print (it logs ``Can't handle
    color`` and prints nothing there, or prints black): in a ``fill``, ``stroke``,
    ``stop-color`` or ``color``, as an attribute, in a ``style`` or from a sheet. A
    ``currentColor`` is svglib's only where an element around it sets ``color`` (svglib reads
    the parent's, not the element's own). With the art's ``source`` text, each message says
    the line and column of the art the colour is on."""
    sheet = sheet_declarations(root)

    def walk(node: Element, above: str | None) -> Iterator[Found]:
        tag = _svg_local(node)
        if tag is None:
            return
        declared = declarations(node, sheet.get(node, {}))
        own = declared.get("color", ("", ""))[0] or None
        for name in COLOUR_PROPERTIES:
            value, where = declared.get(name, ("", ""))
            if value in ("", "inherit") or value.startswith("url(") or "var(" in value:
                continue
            pattern = declaration_pattern(name, value, where)
            if value == "currentColor":
                if above is None or own not in (None, above, "currentColor", "inherit"):
                    said = "no color on an element around it" if above is None else "its own color"
                    yield (
                        f'{what}{_line_of(source, pattern)} sets {name} "currentColor" on '
                        f"{_a(tag)} with {said}: svglib prints it as nothing or as black",
                        CURRENT_COLOUR,
                        pattern,
                    )
            elif not is_colour(value):
                yield (
                    f'{what}{_line_of(source, pattern)} sets {name} "{_shown(value)}" on '
                    f"{_a(tag)}, which is not a colour: it prints as nothing or as black"
                    f"{_colour_meant(value)}",
                    COLOURS,
                    pattern,
                )
        if own is not None and own not in ("inherit", "currentColor"):
            above = own
        for child in node:
            yield from walk(child, above)

    yield from walk(root, None)


def _line_of(source: str, pattern: str) -> str:
    """`` (line 3, column 7)``: where ``pattern`` is first found in ``source``, or nothing."""
    found = re.search(pattern, source) if source else None
    if found is None:
        return ""
    at = found.start()
    row = source.count("\n", 0, at) + 1
    return f" (line {row}, column {at - (source.rfind(chr(10), 0, at) + 1) + 1})"


def _colour_meant(value: str) -> str:
    """``; did you mean blue?`` for a colour name close to one svglib prints."""
    import difflib

    lower = value.lower()
    close = difflib.get_close_matches(lower, sorted(NAMED_COLOURS), n=1)
    if lower in NAMED_COLOURS or lower == "lightgray":
        close = ["lightgrey" if lower == "lightgray" else lower]
    return f"; did you mean {close[0]}?" if close else ""
