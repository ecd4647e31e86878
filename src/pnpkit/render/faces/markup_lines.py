"""Text with markup (:mod:`pnpkit.load.markup`: ``**bold**``, ``*italic*``, line breaks,
``:name:`` icons and ``<span colour=… size=…>`` spans) laid out in lines by the one line breaker
(:func:`~pnpkit.render.typeset.fill_lines`) and drawn as SVG, the icons inline at text size.

Text is measured run by run with the real font, each at its span's size (:func:`atom_size`:
never under the 6 pt every PDF is held to), and an icon is :data:`ICON_WIDTH` of its size wide,
so fitting accounts for all; a space between words is as wide as the larger of the two sizes
either side of it makes it. A span's colour fills its text and icons. Spans change no line's
height: the baseline is the text's. A built-in emblem is drawn by
:func:`~pnpkit.render.emblems.emblem_svg`, a game's icon file by :func:`icon_group`.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections.abc import Mapping
from itertools import pairwise
from pathlib import Path

from markupsafe import escape

from pnpkit.load.markup import Atom, Word, words
from pnpkit.render import fonts
from pnpkit.render.emblems import emblem_svg
from pnpkit.render.svg.rules import ICON_ATTRIBUTE, art_box, face_of
from pnpkit.render.templates.helpers import fmt
from pnpkit.render.typeset import fill_lines
from pnpkit.verify.promises import MIN_TEXT_SIZE

ICON_WIDTH = 1.15
"""An icon's advance, in text sizes."""
SVG_NS = "http://www.w3.org/2000/svg"


def text_element(
    text: str, x: float, y: float, size: float, weight: str, anchor: str, fill: str
) -> str:
    """The SVG ``<text>`` of ``text`` in Source Sans Pro of ``weight`` (``normal``, ``600``,
    ``bold`` or ``italic``), ``x`` read as ``anchor`` says (start, middle, end)."""
    style_attr = ' font-style="italic"' if weight == "italic" else ""
    weight_attr = "normal" if weight == "italic" else weight
    return (
        f'<text x="{fmt(x)}" y="{fmt(y)}" font-family="Source Sans Pro" font-size="{fmt(size)}" '
        f'font-weight="{weight_attr}"{style_attr} text-anchor="{anchor}" fill="{escape(fill)}">'
        f"{escape(text)}</text>"
    )


def atom_size(atom: Atom, size: float) -> float:
    """The size a piece of a word is set at in text of ``size``: its span's share of it, but
    never under :data:`~pnpkit.verify.promises.MIN_TEXT_SIZE` (nor under ``size``, were that
    smaller)."""
    if atom.scale == 1.0:
        return size
    return max(size * atom.scale, min(size, MIN_TEXT_SIZE))


def atom_width(atom: Atom, size: float) -> float:
    """The advance of a piece of a word in text of ``size``: its text's, or an icon's."""
    if atom.icon:
        return atom_size(atom, size) * ICON_WIDTH
    return fonts.text_width(atom.text, face_of(atom.weight), atom_size(atom, size))


def _word_width(word: Word, size: float) -> float:
    return sum(atom_width(atom, size) for atom in word)


def _space(weight: str, size: float, before: Word, after: Word) -> float:
    """The space between the words ``before`` and ``after``, at the larger size of the atoms
    either side of it."""
    scaled = max(atom_size(before[-1], size), atom_size(after[0], size))
    return fonts.text_width(" ", face_of(weight), scaled)


def lay_out(
    text: str, weight: str, size: float, width: float, icons: tuple[str, ...]
) -> list[list[Word]] | None:
    """Lines of words no wider than ``width``; None when a single word is too wide."""
    lines: list[list[Word]] = []
    for paragraph in text.split("\n"):
        filled = fill_lines(
            words(paragraph, weight, icons),
            lambda line: line_width(line, weight, size) <= width + 1e-9,
        )
        if filled is None:
            return None
        lines += filled
    return lines


def line_width(line: list[Word], weight: str, size: float) -> float:
    """The width of a laid-out line: its words and the spaces between them."""
    words = sum(_word_width(w, size) for w in line)
    if all(atom.scale == 1.0 for word in line for atom in (word[0], word[-1])):
        return words + fonts.text_width(" ", face_of(weight), size) * max(0, len(line) - 1)
    return words + sum(_space(weight, size, before, after) for before, after in pairwise(line))


def draw_line(
    line: list[Word],
    x: float,
    baseline: float,
    size: float,
    weight: str,
    anchor: str,
    fill: str,
    game_icons: Mapping[str, Path],
) -> str:
    """SVG of one laid-out line; ``x`` is read as ``anchor`` says (start, middle, end). Each
    piece is drawn at its span's size (:func:`atom_size`) and in its colour, else in ``fill``."""
    total = line_width(line, weight, size)
    left = x - total / 2 if anchor == "middle" else (x - total if anchor == "end" else x)
    parts: list[str] = []
    for i, word in enumerate(line):
        if i:
            left += _space(weight, size, line[i - 1], word)
        for atom in word:
            scaled, ink = atom_size(atom, size), atom.colour or fill
            if atom.icon:
                parts.append(_icon(atom.icon, left, baseline, scaled, ink, game_icons))
            else:
                parts.append(
                    text_element(atom.text, left, baseline, scaled, atom.weight, "start", ink)
                )
            left += atom_width(atom, size)
    return "".join(parts)


def _icon(
    name: str, x: float, baseline: float, size: float, fill: str, game_icons: Mapping[str, Path]
) -> str:
    cx, cy, r = x + size * ICON_WIDTH / 2, baseline - size * 0.34, size * 0.48
    path = game_icons.get(name)
    if path is None:
        return str(emblem_svg(name, cx, cy, r, fill, "#fbf7ee"))
    return icon_group(path, cx - r, cy - r, 2 * r)


def icon_group(path: Path, x: float, y: float, side: float) -> str:
    """The drawing of an SVG icon file fitted into the square (x, y, side), its own units (its
    viewBox, or its width and height, as :func:`~pnpkit.render.svg.rules.art_box` reads
    them) centred in it; the group is marked with the icon's name
    (:data:`~pnpkit.render.svg.rules.ICON_ATTRIBUTE`), for what is said of its text."""
    root = ElementTree.parse(path).getroot()
    box = art_box(root)
    vx, vy, vw, vh = (0.0, 0.0, 24.0, 24.0) if box is None else box.view  # refused by check
    scale = side / max(vw, vh, 1e-6)
    ox = x + (side - vw * scale) / 2 - vx * scale
    oy = y + (side - vh * scale) / 2 - vy * scale
    ElementTree.register_namespace("", SVG_NS)
    inner = "".join(ElementTree.tostring(child, encoding="unicode") for child in root)
    kept = "".join(
        f' {name}="{escape(value)}"'
        for name, value in root.attrib.items()
        if "}" not in name and name not in _VIEWPORT
    )  # what the icon's <svg> sets for what it holds: a fill, a font
    return (
        f'<g {ICON_ATTRIBUTE}="{escape(path.stem)}" '
        f'transform="translate({fmt(ox)} {fmt(oy)}) scale({scale:.4f})"{kept}>{inner}</g>'
    )


_VIEWPORT = frozenset(
    {"width", "height", "viewBox", "preserveAspectRatio", "x", "y", "transform", "version"}
)
"""What an icon's ``<svg>`` says of its own box, which :func:`icon_group` reads itself."""
