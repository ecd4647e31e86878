"""Text with markup on a designer's cards: ``**bold**``, ``*italic*``, line breaks and
``:name:`` icons drawn inline at text size.

Icons are the built-in emblems (:data:`pnpkit.model.vocabulary.EMBLEMS`, drawn by
:func:`pnpkit.render.emblems.emblem_svg`) and the SVG files of a game's ``assets/icons/``
folder (``assets/icons/coin.svg`` is ``:coin:``). Text is measured run by run with the real
font and icons are one text size wide, so fitting accounts for both.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
import xml.etree.ElementTree as ElementTree
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from markupsafe import escape

from pnpkit.model.vocabulary import EMBLEMS
from pnpkit.render import fonts
from pnpkit.render.emblems import emblem_svg
from pnpkit.render.svg.rules import ICON_ATTRIBUTE, art_box

ICON_NAME = r"[a-z][a-z0-9_-]*"
"""The one rule of an icon's name, in text (``:gold-coin:``) and as an icon file's name
(``assets/icons/gold-coin.svg``)."""
ICON_RULE = "lower-case letters, digits, - and _, starting with a letter"
""":data:`ICON_NAME` in words, for messages."""
ICON = re.compile(rf":({ICON_NAME}):")
LOOKALIKE = re.compile(
    r"(?<![A-Za-z0-9]):([A-Za-z][A-Za-z0-9_-]*(?: [A-Za-z0-9_-]+){0,2}(?:\.svg)?):", re.IGNORECASE
)
"""Text written as an icon that is no icon name (``:Coin:``, ``:gold coin:``, ``:coin.svg:``):
refused, since it would print as written. Not after a letter or digit (``Ready:Set:Go``,
``Step 1:Draw:``), nor with a space after the first colon (``Note: Cost:``) or before the last,
nor of more than three words, so prose with colons is let be."""
_TOKEN = re.compile(rf"\*\*|\*|:{ICON_NAME}:|[^*:]+|:")
ICON_WIDTH = 1.15
"""An icon's advance, in text sizes."""
SVG_NS = "http://www.w3.org/2000/svg"


class MarkupProblem(Exception):
    """Text whose markup cannot be drawn (an unknown icon, an unclosed ``**``)."""


def icon_names(game_dir: Path | None) -> tuple[str, ...]:
    """Every icon a game's text may name: the built-in emblems and ``assets/icons/*.svg``."""
    return (*EMBLEMS, *sorted(game_icons(game_dir)))


def game_icons(game_dir: Path | None) -> dict[str, Path]:
    """The icons of a game's ``assets/icons/``: each SVG file whose name is an icon name
    (:func:`misnamed_icons` lists the others)."""
    return {name: path for name, path in _icon_files(game_dir) if _named_well(name, path)}


def misnamed_icons(game_dir: Path | None) -> list[tuple[Path, str]]:
    """Each file of ``assets/icons/`` that would be an icon but for its name (``Gold Coin.svg``,
    ``coin.SVG``), with the name it should have (``gold-coin.svg``): no text could name it."""
    return [
        (path, f"{as_icon_name(name)}.svg")
        for name, path in _icon_files(game_dir)
        if not _named_well(name, path)
    ]


def _icon_files(game_dir: Path | None) -> list[tuple[str, Path]]:
    """Each SVG file of ``assets/icons/`` (``.svg`` in any case) with its name before it."""
    folder = None if game_dir is None else game_dir / "assets" / "icons"
    if folder is None or not folder.is_dir():
        return []
    return [
        (path.name[: -len(".svg")], path)
        for path in sorted(folder.iterdir())
        if path.name.lower().endswith(".svg") and path.is_file()
    ]


def _named_well(name: str, path: Path) -> bool:
    return path.name.endswith(".svg") and re.fullmatch(ICON_NAME, name) is not None


def as_icon_name(written: str) -> str:
    """``written`` (``Gold Coin``, ``Münze``, ``coin.svg``) made an icon name: ``gold-coin``,
    ``munze``, ``coin``."""
    if written.lower().endswith(".svg"):
        written = written[: -len(".svg")]
    ascii_only = unicodedata.normalize("NFKD", written).encode("ascii", "ignore").decode()
    name = re.sub(r"[^a-z0-9_-]+", "-", ascii_only.lower()).strip("-_")
    return name if re.fullmatch(ICON_NAME, name) else f"icon-{name}".rstrip("-")


def _did_you_mean(written: str, icons: tuple[str, ...]) -> str:
    """``; did you mean :coin:?`` when an icon is close to ``written``, else nothing."""
    name = as_icon_name(written)
    alike = [c for c in (name, name.replace("-", "_"), name.replace("-", "")) if c in icons]
    close = alike or difflib.get_close_matches(name, icons, n=1)
    return f"; did you mean :{close[0]}:?" if close else ""


def plain(text: str) -> str:
    """``text`` with its markup taken out, as a name is shown where no markup is drawn (a
    Tabletop Simulator card's name): ``**Gold** :coin:`` is ``Gold coin``."""
    return re.sub(r"\*+", "", ICON.sub(lambda icon: icon.group(1), text))


def problems_in(text: str, icons: tuple[str, ...]) -> list[str]:
    """What is wrong with the markup of ``text`` (empty when it can be drawn)."""
    found = [
        f"unknown icon :{name}:{_did_you_mean(name, icons)}"
        for name in ICON.findall(text)
        if name not in icons
    ]
    found += [
        f"{match.group()} is not an icon name, so it would print as written (icon names are "
        f"{ICON_RULE}){_did_you_mean(match.group(1), icons)}"
        for match in LOOKALIKE.finditer(text)
        if not re.fullmatch(ICON_NAME, match.group(1))
    ]
    if "\t" in text:
        found.append(
            "a tab would print as one space, as would a run of them (printed text has no tab "
            "stops): write spaces, or a line break"
        )
    for paragraph in text.split("\n"):
        bare = ICON.sub("", paragraph)
        if bare.count("**") % 2:
            found.append("a ** (bold) is not closed on its line")
        elif bare.replace("**", "").count("*") % 2:
            found.append("a * (italic) is not closed on its line")
    return found


@dataclass(frozen=True, slots=True)
class Atom:
    """A piece of a word: text in one style, or an icon."""

    text: str
    weight: str
    icon: str = ""

    def width(self, size: float) -> float:
        if self.icon:
            return size * ICON_WIDTH
        return fonts.text_width(self.text, _face(self.weight), size)


Word = tuple[Atom, ...]


def _face(weight: str) -> str:
    return {"italic": fonts.ITALIC, "bold": fonts.BOLD, "600": fonts.SEMIBOLD}.get(
        weight, fonts.REGULAR
    )


def words(paragraph: str, weight: str, icons: tuple[str, ...]) -> list[Word]:
    """The words of one paragraph, each a run of styled atoms."""
    bold = italic = False
    out: list[Word] = []
    current: list[Atom] = []

    def style() -> str:
        if italic:
            return "italic"
        return "bold" if bold else weight

    for token in _TOKEN.findall(paragraph):
        if token == "**":
            bold = not bold
        elif token == "*":
            italic = not italic
        elif ICON.fullmatch(token) and token[1:-1] in icons:
            current.append(Atom("", weight, token[1:-1]))
        elif ICON.fullmatch(token):
            raise MarkupProblem(f"unknown icon {token}{_did_you_mean(token[1:-1], icons)}")
        else:
            parts = re.split(r"(\s+)", token)
            for part in parts:
                if not part:
                    continue
                if part.isspace():
                    if current:
                        out.append(tuple(current))
                        current = []
                    continue
                current.append(Atom(part, style()))
    if current:
        out.append(tuple(current))
    return out


def _word_width(word: Word, size: float) -> float:
    return sum(atom.width(size) for atom in word)


def lay_out(
    text: str, weight: str, size: float, width: float, icons: tuple[str, ...]
) -> list[list[Word]] | None:
    """Lines of words no wider than ``width``; None when a single word is too wide."""
    space = fonts.text_width(" ", _face(weight), size)
    lines: list[list[Word]] = []
    for paragraph in text.split("\n"):
        line: list[Word] = []
        used = 0.0
        for word in words(paragraph, weight, icons):
            w = _word_width(word, size)
            if w > width + 1e-9:
                return None
            extra = w + (space if line else 0.0)
            if line and used + extra > width + 1e-9:
                lines.append(line)
                line, used = [word], w
                continue
            line.append(word)
            used += extra
        lines.append(line)
    return lines


def line_width(line: list[Word], weight: str, size: float) -> float:
    space = fonts.text_width(" ", _face(weight), size)
    return sum(_word_width(w, size) for w in line) + space * max(0, len(line) - 1)


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
    """SVG of one laid-out line; ``x`` is read as ``anchor`` says (start, middle, end)."""
    total = line_width(line, weight, size)
    left = x - total / 2 if anchor == "middle" else (x - total if anchor == "end" else x)
    space = fonts.text_width(" ", _face(weight), size)
    parts: list[str] = []
    for i, word in enumerate(line):
        if i:
            left += space
        for atom in word:
            if atom.icon:
                parts.append(_icon(atom.icon, left, baseline, size, fill, game_icons))
            else:
                parts.append(_text(atom.text, left, baseline, size, atom.weight, fill))
            left += atom.width(size)
    return "".join(parts)


def _f(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _text(text: str, x: float, y: float, size: float, weight: str, fill: str) -> str:
    style_attr = ' font-style="italic"' if weight == "italic" else ""
    weight_attr = "normal" if weight == "italic" else weight
    return (
        f'<text x="{_f(x)}" y="{_f(y)}" font-family="Source Sans Pro" font-size="{_f(size)}" '
        f'font-weight="{weight_attr}"{style_attr} text-anchor="start" fill="{escape(fill)}">'
        f"{escape(text)}</text>"
    )


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
        f'transform="translate({_f(ox)} {_f(oy)}) scale({scale:.4f})"{kept}>{inner}</g>'
    )


_VIEWPORT = frozenset(
    {"width", "height", "viewBox", "preserveAspectRatio", "x", "y", "transform", "version"}
)
"""What an icon's ``<svg>`` says of its own box, which :func:`icon_group` reads itself."""
